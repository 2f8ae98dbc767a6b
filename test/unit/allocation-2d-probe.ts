/**
 * Garbage per call of the 2D intersect and sweep queries given `out`, measured in a plain Node
 * process: `node --import tsx test/unit/allocation-2d-probe.ts intersect|sweep` prints one JSON
 * array of { name, outcome, cases, bytes }.
 *
 * Why a child process: vitest runs modules through vite-node's transform, which turns every
 * cross-module call into a property read on a module object. V8 then often leaves the callee
 * out of line, and a double passed to a call that is not inlined is boxed (16 B). Native ES
 * modules, which Node, browsers and bundled builds give a game, bind imports directly. Under
 * vitest the same rows measured 16 to 360 B per call; here they measure what a game gets.
 *
 * Every row is built up front and all run in one process, so the shared cast and sweep engine
 * see every kind, as in a game.
 */
import { prng } from "../../bench/prng.ts";
import { intersectLineRay } from "../../src/2d/pairs/line-ray.ts";
import { intersectSegmentCircle } from "../../src/2d/pairs/segment-circle.ts";
import { intersectSegmentSegment } from "../../src/2d/pairs/segment-segment.ts";
import * as X from "../../src/2d/query/intersect.ts";
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

/** One measured outcome of one query. */
export interface ProbeRow {
  name: string;
  outcome: string;
  /** How many distinct inputs of this outcome the calls cycle through. */
  cases: number;
  /** Young-generation bytes per warm call. */
  bytes: number;
}

type Maker = (x: number, y: number) => unknown;

/** Every 2D shape about 1 unit across near (x, y), drawing from `rnd`. */
function shapeMakers(rnd: () => number): Record<string, Maker> {
  const dir = (): [number, number] => {
    const a = rnd() * 6.28;
    return [Math.cos(a), Math.sin(a)];
  };
  return {
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
}

function ngon(x: number, y: number, r: number, n: number, a: number): unknown {
  const pts = [];
  for (let k = 0; k < n; k++) {
    const t = a + (2 * Math.PI * k) / n;
    pts.push(vec(x + r * Math.cos(t), y + r * Math.sin(t)));
  }
  return polygon(pts);
}

type Intersect = (a: unknown, b: unknown, out?: object) => object | null;

/** The intersect queries: a line, ray or segment against every shape, and the seed pairs. */
export function intersectNames(): string[] {
  const names: string[] = [];
  for (const a of ["Line", "Ray", "Segment"]) {
    for (const b of Object.keys(shapeMakers(Math.random))) {
      const name = a === "Segment" && b === "Point" ? "intersectPointSegment" : `intersect${a}${b}`;
      if (name in X) names.push(name);
    }
  }
  names.push("intersectPointLine", "intersectPointRay");
  names.push("intersectSegmentSegment", "intersectSegmentCircle", "intersectLineRay");
  return names;
}

function intersectFunction(name: string): Intersect {
  const seeds: Record<string, unknown> = {
    intersectSegmentSegment,
    intersectSegmentCircle,
    intersectLineRay,
  };
  return (seeds[name] ?? (X as unknown as Record<string, unknown>)[name]) as Intersect;
}

/** Up to 256 hitting and 256 missing pairs per intersect query, then their garbage per call. */
function probeIntersect(): ProbeRow[] {
  const rnd = prng(20261126);
  const shapes = shapeMakers(rnd);
  const dir = (): [number, number] => {
    const a = rnd() * 6.28;
    return [Math.cos(a), Math.sin(a)];
  };
  /** A linear shape near (x, y) heading roughly toward (tx, ty); a segment is 2.5 long. */
  const linears: Record<string, (x: number, y: number, tx: number, ty: number) => unknown> = {
    Line: (x, y, tx, ty) => line(x, y, tx - x, ty - y),
    Ray: (x, y, tx, ty) => ray(x, y, tx - x, ty - y),
    Segment: (x, y, tx, ty) => {
      const l = Math.hypot(tx - x, ty - y) || 1;
      return segment(x, y, x + (2.5 * (tx - x)) / l, y + (2.5 * (ty - y)) / l);
    },
  };
  const built = intersectNames().map((name) => {
    const f = intersectFunction(name);
    const m = name.match(/^intersect([A-Z][a-z]+)([A-Z][a-z]+)$/)!;
    // intersectPoint<Linear> takes the point first.
    const pointFirst = m[1] === "Point";
    const lin = pointFirst ? m[2]! : m[1]!;
    const other = pointFirst ? "Point" : m[2]!;
    const hit: [unknown, unknown][] = [];
    const miss: [unknown, unknown][] = [];
    for (let tries = 0; tries < 40_000 && (hit.length < 256 || miss.length < 256); tries++) {
      const x = rnd() * 10;
      const y = rnd() * 10;
      let b = shapes[other]!(x, y);
      const [c, s] = dir();
      const d = 1 + rnd() * 2;
      // Points are hit only on the line: put the point on it half the time. A segment's own
      // points are rarely doubles, so there the point is the exact midpoint of a segment whose
      // coordinates are multiples of 2^-10.
      const onIt = pointFirst && rnd() < 0.5;
      let a: unknown;
      if (onIt && lin === "Segment") {
        const qx = Math.round(x * 1024) / 1024;
        const qy = Math.round(y * 1024) / 1024;
        const i = (1 + Math.floor(rnd() * 8)) / 16;
        const j = (Math.floor(rnd() * 17) - 8) / 16;
        b = vec(qx, qy);
        a = segment(qx - i, qy - j, qx + i, qy + j);
      } else if (onIt) a = linears[lin]!(x - d * c, y - d * s, x, y);
      else a = linears[lin]!(x - d * c, y - d * s, x + (rnd() - 0.5) * 3, y + (rnd() - 0.5) * 3);
      const pair: [unknown, unknown] = pointFirst ? [b, a] : [a, b];
      const list = f(pair[0], pair[1]) === null ? miss : hit;
      if (list.length < 256) list.push(pair);
    }
    return { name, f, sets: { hit, miss } };
  });
  const rows: ProbeRow[] = [];
  for (const { name, f, sets } of built) {
    // A result the query made itself, so `out` has exactly its result's fields.
    const first = sets.hit[0];
    const out = first ? f(first[0], first[1])! : undefined;
    for (const [outcome, set] of Object.entries(sets)) {
      const bytes =
        set.length === 0
          ? 0
          : warmGarbagePerCall((i) => {
              const p = set[i % set.length]!;
              return f(p[0], p[1], out);
            });
      rows.push({ name, outcome, cases: set.length, bytes });
    }
  }
  return rows;
}

type Sweep = (a: unknown, m: Vec, b: unknown, out?: SweepHit) => SweepHit | null;

const MOVER_KINDS = ["Circle", "Capsule", "Aabb", "Box", "Polygon"];

/** The sweeps: every mover against every static shape. */
export function sweepNames(): string[] {
  const names: string[] = [];
  for (const m of MOVER_KINDS) {
    for (const k of Object.keys(shapeMakers(Math.random))) names.push(`sweep${m}${k}`);
  }
  return names;
}

/**
 * Up to 256 cases of each outcome per sweep (a hit after t = 0, a miss, a start in contact), then
 * their garbage per call.
 */
function probeSweep(): ProbeRow[] {
  const rnd = prng(20261125);
  const targets = shapeMakers(rnd);
  const dir = (): [number, number] => {
    const a = rnd() * 6.28;
    return [Math.cos(a), Math.sin(a)];
  };
  /** The movers, about 1 unit across. */
  const movers: Record<string, Maker> = {
    Circle: (x, y) => circle(x, y, 0.2 + rnd() * 0.4),
    Capsule: (x, y) => {
      const [c, s] = dir();
      return capsule(x - 0.3 * c, y - 0.3 * s, x + 0.3 * c, y + 0.3 * s, 0.1 + rnd() * 0.2);
    },
    Aabb: (x, y) => aabb(x - 0.3, y - 0.4, x + 0.3, y + 0.4),
    Box: (x, y) => box(x, y, 0.2 + 0.2 * rnd(), 0.3 + 0.2 * rnd(), rnd() * 6),
    Polygon: (x, y) => ngon(x, y, 0.4, 5, rnd() * 6),
  };
  type Case = [unknown, Vec, unknown];
  const built = sweepNames().map((name) => {
    const [, m, k] = name.match(/^sweep([A-Z][a-z]+)([A-Z][a-z]+)$/)!;
    const f = (S as unknown as Record<string, Sweep>)[name]!;
    const sets: Record<string, Case[]> = { hit: [], miss: [], start: [] };
    for (let tries = 0; tries < 20_000; tries++) {
      if (sets.hit!.length === 256 && sets.miss!.length === 256 && sets.start!.length === 256)
        break;
      const x = rnd() * 10;
      const y = rnd() * 10;
      const a = movers[m!]!(x, y);
      const [c, s] = dir();
      const d = rnd() * 4;
      const b = targets[k!]!(x + d * c + (rnd() - 0.5), y + d * s + (rnd() - 0.5));
      const len = 1 + rnd() * 4;
      const motion = { x: -len * c * (rnd() < 0.8 ? -1 : 1), y: -len * s };
      const h = f(a, motion, b);
      const set = h === null ? sets.miss! : h.initiallyOverlapping ? sets.start! : sets.hit!;
      if (set.length < 256) set.push([a, motion, b]);
    }
    return { name, f, sets };
  });
  const out = makeSweepHit();
  const rows: ProbeRow[] = [];
  for (const { name, f, sets } of built) {
    for (const [outcome, set] of Object.entries(sets)) {
      const bytes =
        set.length === 0
          ? 0
          : warmGarbagePerCall((i) => {
              const c = set[i % set.length]!;
              return f(c[0], c[1], c[2], out);
            });
      rows.push({ name, outcome, cases: set.length, bytes });
    }
  }
  return rows;
}

/** The probes by the name the command line gives. */
export const PROBES: Record<string, () => ProbeRow[]> = {
  intersect: probeIntersect,
  sweep: probeSweep,
};

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ""))) {
  const probe = PROBES[process.argv[2] ?? ""];
  if (!probe) throw new Error(`usage: allocation-2d-probe.ts ${Object.keys(PROBES).join("|")}`);
  console.log(JSON.stringify(probe()));
}
