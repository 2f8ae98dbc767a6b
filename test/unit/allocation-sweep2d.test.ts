import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import * as S from "../../src/2d/query/sweep.ts";
import { makeSweepHit, type SweepHit } from "../../src/2d/results.ts";
import {
  aabb,
  box,
  capsule,
  circle,
  line,
  polygon,
  polyline,
  ray,
  segment,
  triangle,
  type Vec,
  vec,
} from "../../src/2d/shapes.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

/*
 * The promise of `out`: a 2D sweep given `out` makes no garbage once warm. The closed-form circle
 * sweeps (point, segment, circle, capsule, polyline) allocate under 1 byte per call on hitting,
 * missing and initially overlapping inputs at game scales, all run in one process (so the
 * functions see every target kind, as in a game). Before the closed form, sweepCirclePolyline
 * made 155 bytes per call in the peer bench (doubles boxed on their way into the generic cast).
 * The generic sweeps (sweep-engine.ts: capsule, aabb, box and polygon movers against every shape,
 * and the circle against lines, rays and solids) do the same on misses and starts but against
 * rays; the outcomes still allocating are listed below as todo.
 */

const rnd = prng(20261125);
const dir = (): [number, number] => {
  const a = rnd() * 6.28;
  return [Math.cos(a), Math.sin(a)];
};
const ngon = (x: number, y: number, r: number, n: number, a: number) => {
  const pts = [];
  for (let k = 0; k < n; k++) {
    const t = a + (2 * Math.PI * k) / n;
    pts.push(vec(x + r * Math.cos(t), y + r * Math.sin(t)));
  }
  return polygon(pts);
};
type Target = unknown;
const TARGETS: Record<string, (x: number, y: number) => Target> = {
  Point: (x, y) => vec(x, y),
  Line: (x, y) => {
    const [c, s] = dir();
    return line(x, y, c, s);
  },
  Ray: (x, y) => {
    const [c, s] = dir();
    return ray(x, y, c, s);
  },
  Segment: (x, y) => {
    const [c, s] = dir();
    return segment(x - 0.5 * c, y - 0.5 * s, x + 0.5 * c, y + 0.5 * s);
  },
  Circle: (x, y) => circle(x, y, 0.3 + rnd() * 0.4),
  Capsule: (x, y) => {
    const [c, s] = dir();
    return capsule(x - 0.4 * c, y - 0.4 * s, x + 0.4 * c, y + 0.4 * s, 0.2 + rnd() * 0.2);
  },
  Aabb: (x, y) => aabb(x - 0.4, y - 0.3, x + 0.4, y + 0.3),
  Box: (x, y) => box(x, y, 0.3 + 0.2 * rnd(), 0.2 + 0.2 * rnd(), rnd() * 6),
  Triangle: (x, y) => triangle(x - 0.5, y - 0.3, x + 0.5, y - 0.4, x + rnd() * 0.2, y + 0.5),
  Polygon: (x, y) => ngon(x, y, 0.5, 6, rnd() * 6),
  Polyline: (x, y) =>
    polyline([
      vec(x - 1.5, y),
      vec(x - 0.5, y + 0.4),
      vec(x + 0.5, y - 0.1),
      vec(x + 1.5, y + 0.3),
    ]),
};

/** The movers, about 1 unit across. */
const MOVERS: Record<string, (x: number, y: number) => unknown> = {
  Circle: (x, y) => circle(x, y, 0.2 + rnd() * 0.4),
  Capsule: (x, y) => {
    const [c, s] = dir();
    return capsule(x - 0.3 * c, y - 0.3 * s, x + 0.3 * c, y + 0.3 * s, 0.1 + rnd() * 0.2);
  },
  Aabb: (x, y) => aabb(x - 0.3, y - 0.4, x + 0.3, y + 0.4),
  Box: (x, y) => box(x, y, 0.2 + 0.2 * rnd(), 0.3 + 0.2 * rnd(), rnd() * 6),
  Polygon: (x, y) => ngon(x, y, 0.4, 5, rnd() * 6),
};

type Sweep = (a: unknown, m: Vec, b: unknown, out?: SweepHit) => SweepHit | null;
type Case = [unknown, Vec, Target];

/**
 * Up to 256 cases of each outcome: a hit after t = 0, a miss, and a start in contact (a line
 * target, met by every motion not parallel to it, gives few misses; they are not required).
 */
function cases(
  f: Sweep,
  mover: (x: number, y: number) => unknown,
  make: (x: number, y: number) => Target,
): Record<string, Case[]> {
  const sets: Record<string, Case[]> = { hit: [], miss: [], start: [] };
  for (let tries = 0; tries < 20_000; tries++) {
    if (sets.hit!.length === 256 && sets.miss!.length === 256 && sets.start!.length === 256) break;
    const x = rnd() * 10;
    const y = rnd() * 10;
    const a = mover(x, y);
    const [c, s] = dir();
    const d = rnd() * 4;
    const b = make(x + d * c + (rnd() - 0.5), y + d * s + (rnd() - 0.5));
    const len = 1 + rnd() * 4;
    const m = { x: -len * c * (rnd() < 0.8 ? -1 : 1), y: -len * s };
    const h = f(a, m, b);
    const set = h === null ? sets.miss! : h.initiallyOverlapping ? sets.start! : sets.hit!;
    if (set.length < 256) set.push([a, m, b]);
  }
  return sets;
}

describe("2D sweeps given `out` allocate nothing per call once warm", () => {
  const out = makeSweepHit();
  // Every mover against every static shape, built up front so that all of them run in one
  // process and the shared engine sees every kind.
  const rows: [string, Sweep, Record<string, Case[]>][] = [];
  for (const m of Object.keys(MOVERS)) {
    for (const k of Object.keys(TARGETS)) {
      const name = `sweep${m}${k}`;
      const f = (S as unknown as Record<string, Sweep>)[name]!;
      rows.push([name, f, cases(f, MOVERS[m]!, TARGETS[k]!)]);
    }
  }
  /*
   * Still allocating when every row runs in one process, in bytes per call by outcome (the
   * 2026-11-28 runs under load 25 to 30; each row alone measured 0 on the rows tried). Fixed so
   * far, each a double crossing a call V8 did not inline (so boxed): Math.hypot, which V8 never
   * inlines (100 to 1600 B per call), a helper's doubles (32 B per start in contact), the end
   * distance in forms-within.ts; against lines (96 B), the line's point and direction passed as
   * doubles to the exact line test (64 B) and length2 in the cut of the line (32 B); starts
   * against polylines (52 B), the closest points passed as doubles to a setter. Against rays,
   * the starts box the doubles of the exact sign tests in rayMissesCore (overlap-linear.ts; about
   * 86 B per call of it, seen with the sampling heap profiler); the hits and misses measured 4 to
   * 200 B with no allocation site found by the profiler after more warm-up. The hits (16 to
   * 74 B, the cast after the exact test) measured 0 in a plain tsx script running every row the
   * same way, and not under vitest: cause not found. A circle's or capsule's misses and starts
   * against a line (112 and 41 to 57 B) came back once merged with the intersect work's exact
   * sign changes: measured in the full suite, cause not looked at.
   */
  const still: Record<string, string> = {
    sweepCircleLine: "hit 16, miss 112, start 112",
    sweepCircleAabb: "hit 39",
    sweepCircleBox: "hit 45",
    sweepCircleTriangle: "hit 33",
    sweepCirclePolygon: "hit 55",
    sweepCapsulePoint: "hit 31",
    sweepCapsuleLine: "hit 30, miss 41, start 57",
    sweepCapsuleSegment: "hit 38",
    sweepCapsuleCircle: "hit 39",
    sweepCapsuleCapsule: "hit 47",
    sweepCapsuleAabb: "hit 47",
    sweepCapsuleBox: "hit 52",
    sweepCapsuleTriangle: "hit 42",
    sweepCapsulePolygon: "hit 63",
    sweepCapsulePolyline: "hit 74",
    sweepAabbPoint: "hit 16",
    sweepAabbLine: "hit 55",
    sweepAabbSegment: "hit 34",
    sweepAabbCircle: "hit 40",
    sweepAabbCapsule: "hit 49",
    sweepAabbAabb: "hit 38",
    sweepAabbBox: "hit 40",
    sweepAabbTriangle: "hit 36",
    sweepAabbPolygon: "hit 47",
    sweepAabbPolyline: "hit 64",
    sweepBoxPoint: "hit 16",
    sweepBoxLine: "hit 54",
    sweepBoxSegment: "hit 36",
    sweepBoxCircle: "hit 47",
    sweepBoxCapsule: "hit 57",
    sweepBoxAabb: "hit 40",
    sweepBoxBox: "hit 43",
    sweepBoxTriangle: "hit 41",
    sweepBoxPolygon: "hit 52",
    sweepBoxPolyline: "hit 64",
    sweepPolygonPoint: "hit 16",
    sweepPolygonLine: "hit 69",
    sweepPolygonSegment: "hit 43",
    sweepPolygonCircle: "hit 60",
    sweepPolygonCapsule: "hit 68",
    sweepPolygonAabb: "hit 45",
    sweepPolygonBox: "hit 50",
    sweepPolygonTriangle: "hit 45",
    sweepPolygonPolygon: "hit 54",
    sweepPolygonPolyline: "hit 74",
    sweepCircleRay: "hit 118, miss 107, start 194",
    sweepCapsuleRay: "hit 202, miss 184, start 241",
    sweepAabbRay: "hit 20, miss 17, start 187",
    sweepBoxRay: "hit 17, miss 18, start 184",
    sweepPolygonRay: "hit 18, miss 17, start 43",
  };
  const outcomes = ["hit", "miss", "start"] as const;
  for (const [name, f, sets] of rows) {
    for (const outcome of outcomes) {
      const figure = still[name]?.split(", ").find((s) => s.startsWith(outcome));
      if (figure !== undefined) {
        it.todo(
          `${name} ${outcome}: under 1 byte per call (measured ${figure.slice(outcome.length + 1)} B)`,
        );
        continue;
      }
      const set = sets[outcome]!;
      if (set.length === 0) continue;
      it(`${name} ${outcome}: under 1 byte per call`, () => {
        expect(typeof f, name).toBe("function");
        if (outcome === "hit") expect(set.length, "hitting cases").toBeGreaterThan(100);
        if (outcome === "miss" && !name.endsWith("Line"))
          expect(set.length, "missing cases").toBeGreaterThan(100);
        const bytes = warmGarbagePerCall((i) => {
          const c = set[i % set.length]!;
          return f(c[0], c[1], c[2], out);
        });
        expect(bytes).toBeLessThan(1);
      });
    }
  }
});
