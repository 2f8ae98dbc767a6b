/**
 * The 55 named 2D sweeps (mover circle, capsule, aabb, box, polygon x every static kind) against
 * the exact reference test/reference/sweep2d.ts:
 * - null exactly when the reference says the shapes never touch for t in [0, 1];
 * - initiallyOverlapping exactly when they touch at t = 0 (and then t = 0);
 * - otherwise lo - tol <= t <= hi, with lo < t* <= hi the reference's bracket (width <= 2^-72)
 *   and tol = 1e-9 * scale / |motion| (the t that moves the mover by 1e-9 of the scene's scale)
 *   plus 64 ulps of the scale over the closing speed |normal . motion| (the condition number
 *   of a grazing approach): never after the exact first contact, never much before it unless
 *   the shapes are already within 1e-12 of the scale of touching at t (a path sliding along a
 *   surface a hair away, or a tangent graze);
 * - every field finite, t in [0, 1], the normal of unit length within 1e-9.
 * Cases: the second shape of shapes2d-gen.ts (lattice data, Pythagorean tangents, ulp nudges,
 * scales 1e-100 to 1e100, degenerate shapes) as the target; the mover either anywhere, or put
 * touching the target at an anchor (a corner, an edge point, a tangent point of a circle) and
 * then moved back by t0 * motion, so the contact is at about t0 (lattice t0 give exact contacts
 * at 0, 1/4, 1/2, 1; ulp-nudged anchors give near misses); motions along the boundary's tangent
 * there (grazing), zero, lattice, any, and 1e4 times the scene (thin segments, zero-width aabbs
 * and 1e-9-thin boxes crossed at high speed).
 *
 * Count per pair: COLLIDE_SWEEP_RUNS, else 400 (the 55 pairs take about 10 s), 5000 with
 * COLLIDE_DEEP=1. The seed is printed; COLLIDE_SEED=<seed> replays; COLLIDE_SURVEY=1 lists every
 * kind of disagreement (exact-setup.ts). Failure messages give the scene's scale, the closest
 * approach when the reference says "never", and the exact distance at the library's t.
 * The reference itself is checked first against overlap2d.ts on lattice scenes sampled at
 * dyadic times (where the moved shapes are exact doubles).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { convexHull } from "../../src/2d/convex/hull.ts";
import * as sweeps from "../../src/2d/query/sweep.ts";
import type { SweepHit } from "../../src/2d/results.ts";
import { aabb, box, capsule, circle, polygon, segment, type Vec } from "../../src/2d/shapes.ts";
import {
  bitLength,
  cmp,
  fromDouble,
  type Rational,
  sub,
  toDouble,
} from "../reference/bigrational.ts";
import { show } from "../reference/float-bits.ts";
import { overlapExact } from "../reference/overlap2d.ts";
import { boxCornersRef, distanceAt, type SweepRef, sweepExact } from "../reference/sweep2d.ts";
import { assertProperty } from "./exact-setup.ts";
import {
  type Anchor,
  anchorArb,
  coordArb,
  type Frame,
  frameArb,
  KINDS,
  type Kind,
  shapeAt,
  shapeIn,
} from "./shapes2d-gen.ts";

const RUNS = process.env.COLLIDE_SWEEP_RUNS
  ? Number(process.env.COLLIDE_SWEEP_RUNS)
  : process.env.COLLIDE_DEEP === "1"
    ? 5000
    : 400;

const MOVERS = ["circle", "capsule", "aabb", "box", "polygon"] as const;
type Mover = (typeof MOVERS)[number];

type SweepFn = (a: Shape, motion: Vec, b: Shape, out?: SweepHit) => SweepHit | null;

const cap = (k: string): string => k[0]!.toUpperCase() + k.slice(1);

function sweepFn(ka: Mover, kb: Kind): SweepFn {
  const fn = (sweeps as unknown as Record<string, SweepFn | undefined>)[
    `sweep${cap(ka)}${cap(kb)}`
  ];
  if (!fn) throw new Error(`no sweep${cap(ka)}${cap(kb)}`);
  return fn;
}

// ---------------------------------------------------------------------------------------------
// Cases

interface Case {
  how: string;
  mover: Shape;
  motion: Vec;
  target: Shape;
}

const finite = (...v: number[]): boolean => v.every(Number.isFinite);

/** The shape moved by (dx, dy) in floats (rebuilt, so it is still valid), or null. */
function translate(s: Shape, dx: number, dy: number): Shape | null {
  const p = (v: Vec): Vec => ({ x: v.x + dx, y: v.y + dy });
  try {
    switch (s.kind) {
      case "circle": {
        const c = p(s.center);
        return circle(c.x, c.y, s.radius);
      }
      case "capsule": {
        const a = p(s.a);
        const b = p(s.b);
        return capsule(a.x, a.y, b.x, b.y, s.radius);
      }
      case "aabb": {
        const lo = p(s.min);
        const hi = p(s.max);
        return aabb(lo.x, lo.y, hi.x, hi.y);
      }
      case "box": {
        const c = p(s.center);
        return box(c.x, c.y, s.halfExtents.x, s.halfExtents.y, s.angle);
      }
      case "polygon": {
        const pts = s.points.map(p);
        if (!pts.every((q) => finite(q.x, q.y))) return null;
        try {
          return polygon(pts);
        } catch {
          // Rounding made the moved corners non-convex: their hull is a valid mover too.
          return convexHull(pts);
        }
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** Motions: zero, lattice, any, 1e4 times the scene; in the frame's scale. */
function motionArb(f: Frame): fc.Arbitrary<Vec> {
  const s = f.scale;
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ x: 0, y: 0 }) },
    {
      weight: 3,
      arbitrary: fc
        .record({ x: fc.integer({ min: -8, max: 8 }), y: fc.integer({ min: -8, max: 8 }) })
        .map((v) => ({ x: v.x * s, y: v.y * s })),
    },
    { weight: 3, arbitrary: fc.record({ x: coordArb, y: coordArb }).map((v) => scaled(v, s)) },
    {
      weight: 2,
      arbitrary: fc.record({ x: coordArb, y: coordArb }).map((v) => scaled(v, 1e4 * s)),
    },
  );
}

const scaled = (v: Vec, k: number): Vec => ({ x: v.x * k, y: v.y * k });

/** Where the contact is aimed: exact lattice times, any time, just past the end. */
const t0Arb: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(0, 0.5, 1, 0.25, 0.75) },
  { weight: 3, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(1 + 2 ** -40, 1.5, -0.25, 1 / 3) },
);

/**
 * A motion along the boundary's tangent at the anchor (grazing), the same with a small part
 * across it (sliding onto or off a surface at a shallow angle), or any of motionArb.
 */
function aimedMotion(anchor: Anchor, f: Frame): fc.Arbitrary<Vec> {
  const tangent = anchor.tangent;
  if (tangent === null) return motionArb(f);
  const len = Math.hypot(tangent.x, tangent.y);
  return fc.oneof(
    motionArb(f),
    fc
      .tuple(
        fc.constantFrom(1, -1, 2, -0.5),
        fc.constantFrom(1, 1e4),
        fc.constantFrom(0, 0, 1e-4, -1e-6, 1e-8, -1e-10),
      )
      .map(([k, big, across]) => {
        const u = big === 1 || !(len > 0) ? k : (k * big * f.scale) / len;
        return {
          x: tangent.x * u - tangent.y * u * across,
          y: tangent.y * u + tangent.x * u * across,
        };
      }),
  );
}

/** The mover touching the target at an anchor at time t0 (moved back by t0 * motion). */
function aimedCase(ka: Mover, kb: Kind, f: Frame): fc.Arbitrary<Case> {
  return shapeIn(kb, f).chain((target) =>
    anchorArb(target).chain((anchor) =>
      fc
        .tuple(shapeAt(ka, anchor, f), aimedMotion(anchor, f), t0Arb)
        .map(([placed, motion, t0]): Case => {
          const moved = translate(placed, -t0 * motion.x, -t0 * motion.y);
          return moved
            ? { how: `aimed t0=${t0}`, mover: moved, motion, target }
            : { how: "aimed t0=0", mover: placed, motion, target };
        }),
    ),
  );
}

/** Any mover, any target, any motion. */
function anyCase(ka: Mover, kb: Kind, f: Frame): fc.Arbitrary<Case> {
  return fc
    .tuple(shapeIn(ka, f), shapeIn(kb, f), motionArb(f))
    .map(([mover, target, motion]) => ({ how: "any", mover, target, motion }));
}

/**
 * A thin wall (for those kinds: a segment, a zero-width aabb, or a box 1e-9 thick at any angle;
 * else a random target of the kind) crossed at 37 to 1e4 times the scene's scale per sweep, the
 * mover's reference point aimed at the wall's middle (y = 0), its end (y = 1) or 2^-30 either
 * side of the end.
 */
function wallCase(ka: Mover, kb: Kind, f: Frame): fc.Arbitrary<Case> {
  return fc
    .record({
      mover: shapeIn(ka, f),
      target: shapeIn(kb, f),
      wall: fc.nat(3),
      angle: fc.double({ min: -4, max: 4, noNaN: true }),
      speed: fc.constantFrom(1e4, 1e3, 37),
      t0: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
      lift: fc.constantFrom(0, 0, 1, 1 + 2 ** -30, 1 - 2 ** -30),
    })
    .map((m): Case => {
      const s = f.scale;
      const o = f.offset;
      let target = m.target;
      if (kb === "segment") target = segment(o, o - s, o, o + s);
      else if (kb === "aabb") target = aabb(o, o - s, o, o + s);
      else if (kb === "box") target = box(o, o, 1e-9 * s, s, m.wall === 0 ? 0 : m.angle);
      // Aim the mover's first corner (or center) at the wall's middle, or its end (lift 1).
      const ref = referencePoint(m.mover);
      const aim = { x: o, y: o + m.lift * s };
      const dir = { x: Math.cos(m.angle), y: Math.sin(m.angle) };
      const motion = scaled(dir, m.speed * s);
      const start = { x: aim.x - m.t0 * motion.x, y: aim.y - m.t0 * motion.y };
      const mover = translate(m.mover, start.x - ref.x, start.y - ref.y) ?? m.mover;
      return { how: `wall lift=${m.lift}`, mover, motion, target };
    });
}

function referencePoint(s: Shape): Vec {
  switch (s.kind) {
    case "circle":
    case "box":
      return s.center;
    case "capsule":
      return s.a;
    case "aabb":
      return s.min;
    case "polygon":
      return s.points[0]!;
    default:
      return { x: 0, y: 0 };
  }
}

/** Every number in the case is finite (a motion or a moved shape can overflow at 1e100). */
const allFinite = (v: unknown): boolean =>
  typeof v === "number"
    ? Number.isFinite(v)
    : typeof v !== "object" || v === null || Object.values(v).every(allFinite);

function caseArb(ka: Mover, kb: Kind): fc.Arbitrary<Case> {
  return frameArb
    .chain((f) =>
      fc.oneof(
        { weight: 2, arbitrary: anyCase(ka, kb, f) },
        { weight: 5, arbitrary: aimedCase(ka, kb, f) },
        { weight: 2, arbitrary: wallCase(ka, kb, f) },
      ),
    )
    .filter(allFinite);
}

// ---------------------------------------------------------------------------------------------
// The check

/** The largest |coordinate|, radius or motion component: the scene's scale. */
function scaleOf(c: Case): number {
  let s = Math.max(Math.abs(c.motion.x), Math.abs(c.motion.y));
  const v = (p: Vec): void => {
    s = Math.max(s, Math.abs(p.x), Math.abs(p.y));
  };
  for (const sh of [c.mover, c.target]) {
    switch (sh.kind) {
      case "point":
        v(sh);
        break;
      case "line":
        v(sh.point);
        break;
      case "ray":
        v(sh.origin);
        break;
      case "segment":
      case "triangle":
        v(sh.a);
        v(sh.b);
        if (sh.kind === "triangle") v(sh.c);
        break;
      case "circle":
        v(sh.center);
        s = Math.max(s, sh.radius);
        break;
      case "capsule":
        v(sh.a);
        v(sh.b);
        s = Math.max(s, sh.radius);
        break;
      case "aabb":
        v(sh.min);
        v(sh.max);
        break;
      case "box":
        for (const [x, y] of boxCornersRef(sh)) v({ x, y });
        break;
      case "polygon":
      case "polyline":
        for (const p of sh.points) v(p);
        break;
    }
  }
  return s;
}

const TOL = 1e-9;

/** A rational for a message: its double, or its power of two when that underflows. */
const fmt = (r: Rational): string =>
  toDouble(r) !== 0 || r.num === 0n
    ? String(toDouble(r))
    : `~2^${bitLength(r.num) - bitLength(r.den)}`;

function describeRef(r: SweepRef): string {
  if (!r.hit) return `never (gap ${r.gap})`;
  if (r.initially) return "initially overlapping";
  return cmp(r.lo, r.hi) === 0 ? `t* = ${fmt(r.hi)}` : `t* in (${fmt(r.lo)}, ${fmt(r.hi)}]`;
}

function checkCase(ka: Mover, kb: Kind, c: Case): void {
  const fn = sweepFn(ka, kb);
  const ref = sweepExact(c.mover, c.motion, c.target);
  const got = fn(c.mover, c.motion, c.target);
  const fail = (why: string): never => {
    const s = scaleOf(c);
    const at =
      got && Number.isFinite(got.t) && got.t >= 0 && got.t <= 1
        ? `, distance at the library's t ${distanceAt(c.mover, c.motion, c.target, got.t) / s} x scale`
        : "";
    const gap = ref.hit ? "" : `, closest approach ${ref.gap / s} x scale`;
    throw new Error(
      `sweep${cap(ka)}${cap(kb)}: ${why} (${c.how})\n  library ${got ? show(got) : "null"}\n  exact ${describeRef(ref)}; scale ${s}${gap}${at}\n  input ${show([c.mover, c.motion, c.target])}`,
    );
  };
  if (got === null) {
    if (ref.hit) fail(ref.initially ? "null but touching at t = 0" : "null but they touch");
    return;
  }
  if (!ref.hit) fail("a hit but they never touch");
  const fields = [
    got.t,
    got.position.x,
    got.position.y,
    got.point.x,
    got.point.y,
    got.normal.x,
    got.normal.y,
  ];
  if (!finite(...fields)) fail("a field is not finite");
  if (!(got.t >= 0 && got.t <= 1)) fail("t outside [0, 1]");
  const nl = Math.hypot(got.normal.x, got.normal.y);
  if (!(Math.abs(nl - 1) <= 1e-9)) fail(`normal length ${nl}`);
  if (got.initiallyOverlapping !== ref.initially) {
    fail(ref.initially ? "touching at t = 0 not reported" : "initiallyOverlapping but apart at 0");
  }
  if (ref.initially) {
    if (got.t !== 0) fail("initially overlapping with t != 0");
    return;
  }
  const t: Rational = fromDouble(got.t);
  if (cmp(t, ref.hi) > 0) fail("t after the exact first contact");
  const speed = Math.hypot(c.motion.x, c.motion.y);
  // The promise is a few ulps times the condition number: a contact approached at a grazing
  // angle (closing speed |n . motion| far below |motion|) magnifies the coordinates' rounding.
  const closing = Math.abs(got.normal.x * c.motion.x + got.normal.y * c.motion.y);
  const tolT = (TOL * scaleOf(c)) / speed + (64 * 2 ** -52 * scaleOf(c)) / closing;
  // Earlier than that only to a time when the shapes are already within 1e-12 of the scene's
  // scale of touching: a path sliding along a surface a hair away, or a tangent graze, where the
  // time of a touch moves by the square root of the coordinates' rounding.
  const near = () => distanceAt(c.mover, c.motion, c.target, got.t) <= 1e-12 * scaleOf(c);
  if (toDouble(sub(ref.lo, t)) > tolT && !near()) {
    fail(`t before the exact first contact by ${toDouble(sub(ref.lo, t))} > ${tolT}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The reference checked against overlap2d.ts at dyadic times on lattice scenes

const small = fc.integer({ min: -6, max: 6 });
const latticeVec = fc.record({ x: small, y: small });

const latticeMover: fc.Arbitrary<Shape> = fc.oneof(
  fc.tuple(latticeVec, fc.integer({ min: 0, max: 3 })).map(([c, r]) => circle(c.x, c.y, r)),
  fc
    .tuple(latticeVec, latticeVec, fc.integer({ min: 0, max: 2 }))
    .map(([a, b, r]) => capsule(a.x, a.y, b.x, b.y, r)),
  fc
    .tuple(latticeVec, latticeVec)
    .map(([a, b]) =>
      aabb(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)),
    ),
  fc.array(latticeVec, { minLength: 1, maxLength: 6 }).map((p) => convexHull(p)),
);

/** The shape moved by an exactly representable (dx, dy), as plain data. */
function shifted(s: Shape, dx: number, dy: number): Shape {
  const p = (v: Vec): Vec => ({ x: v.x + dx, y: v.y + dy });
  switch (s.kind) {
    case "circle":
      return { kind: "circle", center: p(s.center), radius: s.radius };
    case "capsule":
      return { kind: "capsule", a: p(s.a), b: p(s.b), radius: s.radius };
    case "aabb":
      return { kind: "aabb", min: p(s.min), max: p(s.max) };
    case "polygon":
      return { kind: "polygon", points: s.points.map(p) };
    default:
      throw new Error(`not a lattice mover: ${s.kind}`);
  }
}

function checkReference([mover, motion, target]: [Shape, Vec, Shape]): void {
  const ref = sweepExact(mover, motion, target);
  const where = `${describeRef(ref)}: ${show([mover, motion, target])}`;
  if (ref.initially !== overlapExact(mover, target)) throw new Error(`t = 0 disagrees: ${where}`);
  if (ref.hit && !ref.initially && cmp(ref.lo, ref.hi) === 0) {
    // A rational t*: the shapes touch there (checked when t* * motion is exact, 1/64 steps).
    const t = toDouble(ref.lo);
    if (cmp(fromDouble(t), ref.lo) === 0 && Number.isInteger(t * 64)) {
      if (!overlapExact(shifted(mover, t * motion.x, t * motion.y), target)) {
        throw new Error(`no contact at the exact t*: ${where}`);
      }
    }
  }
  for (let k = 0; k <= 64; k++) {
    const t = k / 64;
    if (!overlapExact(shifted(mover, t * motion.x, t * motion.y), target)) continue;
    // Touching at t: t >= t*.
    if (!ref.hit) throw new Error(`touch at t = ${t} but never: ${where}`);
    if (
      cmp(fromDouble(t), ref.lo) < 0 ||
      (cmp(fromDouble(t), ref.lo) === 0 && cmp(ref.lo, ref.hi) < 0)
    ) {
      throw new Error(`touch at t = ${t} before t*: ${where}`);
    }
  }
}

const latticeTargets: fc.Arbitrary<Shape> = fc
  .constantFrom(...KINDS)
  .chain((k) => shapeIn(k, { name: "plain", scale: 1, offset: 0 }));

describe("the exact sweep reference", () => {
  it("agrees with the exact overlap at t = 0 and at dyadic times (lattice scenes)", async () => {
    await assertProperty(
      "sweep2d reference",
      fc.tuple(
        latticeMover,
        fc.record({ x: fc.integer({ min: -12, max: 12 }), y: fc.integer({ min: -12, max: 12 }) }),
        latticeTargets,
      ),
      checkReference,
      Math.max(100, Math.min(RUNS, 1000)),
    );
  });
});

describe("sweep<Mover><B> against the exact sweep reference", () => {
  for (const ka of MOVERS) {
    for (const kb of KINDS) {
      it(`${ka} vs ${kb}`, async () => {
        await assertProperty(
          `sweep ${ka} ${kb}`,
          caseArb(ka, kb),
          (c) => checkCase(ka, kb, c),
          RUNS,
        );
      });
    }
  }
});
