import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import * as S from "../../src/2d/query/sweep.ts";
import { makeSweepHit, type SweepHit } from "../../src/2d/results.ts";
import { capsule, circle, polyline, segment, type Vec, vec } from "../../src/2d/shapes.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

/*
 * The promise of `out`: a 2D sweep given `out` makes no garbage once warm. The closed-form circle
 * sweeps (point, segment, circle, capsule, polyline) allocate under 1 byte per call on hitting,
 * missing and initially overlapping inputs at game scales, all run in one process (so the
 * functions see every target kind, as in a game). Before the closed form, sweepCirclePolyline
 * made 155 bytes per call in the peer bench (doubles boxed on their way into the generic cast).
 */

const rnd = prng(20261125);
const dir = (): [number, number] => {
  const a = rnd() * 6.28;
  return [Math.cos(a), Math.sin(a)];
};
type Target = unknown;
const TARGETS: Record<string, (x: number, y: number) => Target> = {
  Point: (x, y) => vec(x, y),
  Segment: (x, y) => {
    const [c, s] = dir();
    return segment(x - 0.5 * c, y - 0.5 * s, x + 0.5 * c, y + 0.5 * s);
  },
  Circle: (x, y) => circle(x, y, 0.3 + rnd() * 0.4),
  Capsule: (x, y) => {
    const [c, s] = dir();
    return capsule(x - 0.4 * c, y - 0.4 * s, x + 0.4 * c, y + 0.4 * s, 0.2 + rnd() * 0.2);
  },
  Polyline: (x, y) =>
    polyline([
      vec(x - 1.5, y),
      vec(x - 0.5, y + 0.4),
      vec(x + 0.5, y - 0.1),
      vec(x + 1.5, y + 0.3),
    ]),
};

type Sweep = (a: unknown, m: Vec, b: unknown, out?: SweepHit) => SweepHit | null;
type Case = [ReturnType<typeof circle>, Vec, Target];

/** 256 cases of each outcome: a hit after t = 0, a miss, and a start in contact. */
function cases(f: Sweep, make: (x: number, y: number) => Target): Record<string, Case[]> {
  const sets: Record<string, Case[]> = { hit: [], miss: [], start: [] };
  while (sets.hit!.length < 256 || sets.miss!.length < 256 || sets.start!.length < 256) {
    const x = rnd() * 10;
    const y = rnd() * 10;
    const a = circle(x, y, 0.2 + rnd() * 0.4);
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
  const rows = Object.keys(TARGETS).map((k) => [`sweepCircle${k}`, k] as const);
  it.each(rows)(
    "%s: under 1 byte per call, hitting, missing and starting in contact",
    (name, k) => {
      const f = (S as unknown as Record<string, Sweep>)[name]!;
      const sets = cases(f, TARGETS[k]!);
      const bytes: Record<string, number> = {};
      for (const [outcome, set] of Object.entries(sets)) {
        bytes[outcome] = warmGarbagePerCall((i) => {
          const c = set[i & 255]!;
          return f(c[0], c[1], c[2], out);
        });
      }
      expect(
        { hit: bytes.hit! < 1, miss: bytes.miss! < 1, start: bytes.start! < 1 },
        JSON.stringify(bytes),
      ).toEqual({ hit: true, miss: true, start: true });
    },
  );
});
