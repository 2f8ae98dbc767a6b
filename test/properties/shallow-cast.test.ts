/**
 * Shallow crossings: a point moving nearly parallel to an edge (tilt 1e-1 to 1e-15) and
 * crossing it, at scales 2^-330 to 2^330 and 1e-100, 1, 1e100, with an offset of 1e9 times the
 * scale; the case that GJK's cancelled normal broke (seed 181624178, regression-cast2d.test.ts).
 * - 2D `castProxies`, a point against the edge (a segment) and against a triangle on the far
 *   side of it, checked with the exact segment crossing of test/reference/exact2d.ts: a proper
 *   crossing (both path ends clear of the edge's line by 1e-9 of the scale, on opposite sides,
 *   at an edge parameter in [1e-6, 1 - 1e-6]) is found, never after the exact time t* and at
 *   most 2 T / v before it (T = 1e-12 of the scale, the cast's stopping distance; v the exact
 *   closing speed along the edge's normal); a path with both ends clear on the near side is null.
 * - 2D `sweepCircleSegment` and `sweepCirclePolygon` (radius 0 or 2^-20 of the scale) against
 *   test/reference/sweep2d.ts: null and initiallyOverlapping exact, and lo - tol <= t <= hi for
 *   the exact bracket lo < t* <= hi, tol = 1e-9 * scale / |m| + 64 ulps of the scale over the
 *   closing speed v (as in sweep2d.test.ts).
 * - 3D `sweepSphereTriangle` (radius 0 or 2^-20 of the scale) and `sweepSphereHull` (the
 *   triangle closed into a tetrahedron), the same crossing with the edge swept into a triangle along z, checked with test/reference/sweep3d.ts: null exactly when
 *   the exact sweep misses, and a hit's t is before the exact touch (not touching at t) and
 *   t + 2^-38 * scale / v (or 1) is not (touching there, or past the reference's contact time).
 * Runs: 1000 per property (9 properties), COLLIDE_RUNS overrides.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { type CastResult, castProxies } from "../../src/2d/convex/cast.ts";
import { makeProxy, pointProxy, segmentProxy, triangleProxy } from "../../src/2d/convex/proxy.ts";
import { sweepCirclePolygon, sweepCircleSegment } from "../../src/2d/query/sweep.ts";
import { circle, polygon, segment, triangle as triangle2 } from "../../src/2d/shapes.ts";
import {
  hull as hull3,
  type SweepHit,
  sphere,
  sweepSphereHull,
  sweepSphereTriangle,
  triangle as triangle3,
} from "../../src/3d/index.ts";
import { cmp, fromDouble, mul, sub, toDouble } from "../reference/bigrational.ts";
import { segmentSegment, type V2 } from "../reference/exact2d.ts";
import { type SweepShape, sweepExact } from "../reference/sweep2d.ts";
import { contactAt, type Mover3, sweptExact, type Target3 } from "../reference/sweep3d.ts";
import { assertProperty, Tally } from "./exact-setup.ts";

const RUNS = process.env.COLLIDE_RUNS ? Number(process.env.COLLIDE_RUNS) : 1000;

interface Case {
  /** Path ends and edge ends, scaled and offset. */
  p0: V2;
  p1: V2;
  q0: V2;
  q1: V2;
  /** The triangle's third corner (2D), on the far side of the edge from p0's unscaled side. */
  c: V2;
  /** The scale and the 3D sweep's z of the path (a fraction of the scale). */
  scale: number;
  z: number;
}

const scaleArb = fc.oneof(
  fc.constantFrom(1e-100, 1, 1e100),
  fc.integer({ min: -330, max: 330 }).map((k) => 2 ** k),
);
const unit = (lo: number, hi: number): fc.Arbitrary<number> =>
  fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
/** A path end's height, in units of the tilt: anywhere near the edge, or on its line. */
const heightArb = fc.oneof(unit(-3, 3), fc.constantFrom(0, 1e-20, -1e-20, 6.048170134933807e-13));

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    scale: scaleArb,
    offset: fc.constantFrom(0, 1e9),
    tilt: fc.integer({ min: 1, max: 15 }).map((e) => 10 ** -e),
    a: unit(0, 0.5),
    b: unit(0, 0.5),
    x0: unit(0.3, 1),
    x1: unit(-1, -0.3),
    y0: heightArb,
    y1: heightArb,
    swapPath: fc.boolean(),
    swapEdge: fc.boolean(),
    transpose: fc.boolean(),
    flip: fc.boolean(),
    z: unit(-0.9, -0.5),
  })
  .map((r) => {
    const s = r.scale;
    const o = r.offset * s;
    const sy = r.flip ? -1 : 1;
    // Unscaled: the edge from (-1 - a, -h) to (1 + b, h); the path from (x0, h y0) to (x1, h y1).
    const put = (x: number, y: number): V2 =>
      r.transpose ? { x: sy * y * s + o, y: x * s + o } : { x: x * s + o, y: sy * y * s + o };
    const h = r.tilt;
    let p0 = put(r.x0, h * r.y0);
    let p1 = put(r.x1, h * r.y1);
    let q0 = put(-1 - r.a, -h);
    let q1 = put(1 + r.b, h);
    // Far side of the edge's line from where the path starts (unscaled: the line is y = h x,
    // about, and p0 is below it when y0 < x0).
    const c = put(0, r.y0 < r.x0 ? 1 : -1);
    if (r.swapPath) [p0, p1] = [p1, p0];
    if (r.swapEdge) [q0, q1] = [q1, q0];
    return { p0, p1, q0, q1, c, scale: s, z: r.z };
  });

const R = (x: number) => fromDouble(x);
/** cross(q1 - q0, p - q0), exactly. */
function side(q0: V2, q1: V2, p: V2) {
  return sub(
    mul(sub(R(q1.x), R(q0.x)), sub(R(p.y), R(q0.y))),
    mul(sub(R(q1.y), R(q0.y)), sub(R(p.x), R(q0.x))),
  );
}
const signOf = (r: { num: bigint }): number => (r.num > 0n ? 1 : r.num < 0n ? -1 : 0);

/** The largest coordinate or motion component, as the cast measures its scale. */
function scaleOfCase(c: Case, third: boolean): number {
  const mx = c.p1.x - c.p0.x;
  const my = c.p1.y - c.p0.y;
  let s = Math.abs(mx) + Math.abs(my);
  for (const p of third ? [c.p0, c.q0, c.q1, c.c] : [c.p0, c.q0, c.q1]) {
    s = Math.max(s, Math.abs(p.x), Math.abs(p.y));
  }
  return s;
}

const OUT: CastResult = {
  t: 0,
  point: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  initiallyOverlapping: false,
};
const PA = makeProxy(2);
const PB = makeProxy(3);

function check2d(c: Case, third: boolean, tally: Tally): void {
  const mx = c.p1.x - c.p0.x;
  const my = c.p1.y - c.p0.y;
  if (!Number.isFinite(mx) || !Number.isFinite(my)) return;
  const b = third
    ? triangleProxy(triangle2(c.q0.x, c.q0.y, c.q1.x, c.q1.y, c.c.x, c.c.y), PB)
    : segmentProxy(c.q0, c.q1, 0, PB);
  const got = castProxies(pointProxy(c.p0.x, c.p0.y, 0, PA), mx, my, b, OUT);
  const scale = scaleOfCase(c, third);
  const ex = c.q1.x - c.q0.x;
  const ey = c.q1.y - c.q0.y;
  const len = Math.hypot(ex, ey);
  const clear = 1e-9 * scale * len;
  const s0 = side(c.q0, c.q1, c.p0);
  const s1 = side(c.q0, c.q1, c.p1);
  const d0 = toDouble(s0);
  const d1 = toDouble(s1);
  const clear0 = Math.abs(d0) > clear;
  const clear1 = Math.abs(d1) > clear;
  // The triangle's corner side, for "the near side" (away from the triangle).
  const sc = signOf(side(c.q0, c.q1, c.c));
  if (clear0 && clear1 && signOf(s0) === signOf(s1) && (!third || signOf(s0) === -sc)) {
    tally.add("clear miss");
    if (got !== null) throw new Error(`a path clear of the edge's line: cast hit at t ${got.t}`);
    return;
  }
  if (!(clear0 && clear1 && signOf(s0) !== signOf(s1))) return;
  if (third && signOf(s0) === sc) return;
  const ref = segmentSegment(c.p0, c.p1, c.q0, c.q1);
  if (ref === null || ref.collinear) return;
  const u = toDouble(ref.t2);
  if (!(u >= 1e-6 && u <= 1 - 1e-6)) return;
  tally.add("proper crossing");
  if (got === null) throw new Error("a proper crossing: cast null");
  if (cmp(R(got.t), ref.t1) > 0) throw new Error(`t ${got.t} after t* ${toDouble(ref.t1)}`);
  // Closing speed along the edge's unit normal: |cross(e, m)| / |e|, exactly then rounded.
  const cr = sub(mul(sub(R(c.q1.x), R(c.q0.x)), R(my)), mul(sub(R(c.q1.y), R(c.q0.y)), R(mx)));
  const v = Math.abs(toDouble(cr)) / len;
  const early = toDouble(ref.t1) - got.t;
  const tol = (2 * 1e-12 * scale) / v + 1e-15;
  if (!(early <= tol)) throw new Error(`t ${got.t} is ${early} before t*, over ${tol}`);
}

function check2dSweep(c: Case, third: boolean, radius: number, tally: Tally): void {
  const m = { x: c.p1.x - c.p0.x, y: c.p1.y - c.p0.y };
  if (!Number.isFinite(m.x) || !Number.isFinite(m.y)) return;
  const r = radius * c.scale;
  const mover: SweepShape = { kind: "circle", center: c.p0, radius: r };
  const a = circle(c.p0.x, c.p0.y, r);
  let got: ReturnType<typeof sweepCircleSegment>;
  let target: SweepShape;
  if (third) {
    // The polygon constructor orders the corners; the reference takes them as a triangle.
    target = { kind: "triangle", a: c.q0, b: c.q1, c: c.c };
    const side = (c.q1.x - c.q0.x) * (c.c.y - c.q0.y) - (c.q1.y - c.q0.y) * (c.c.x - c.q0.x);
    const pts = side > 0 ? [c.q0, c.q1, c.c] : [c.q1, c.q0, c.c];
    let shape: ReturnType<typeof polygon>;
    try {
      shape = polygon(pts);
    } catch {
      return; // Corners collinear in floats: no polygon to sweep against.
    }
    got = sweepCirclePolygon(a, m, shape);
  } else {
    target = { kind: "segment", a: c.q0, b: c.q1 };
    got = sweepCircleSegment(a, m, segment(c.q0.x, c.q0.y, c.q1.x, c.q1.y));
  }
  const ref = sweepExact(mover, m, target);
  if ((got !== null) !== ref.hit) throw new Error(`sweep ${got !== null}, exact ${ref.hit}`);
  if (got === null) {
    tally.add("miss");
    return;
  }
  if (got.initiallyOverlapping !== ref.initially) {
    throw new Error(`initiallyOverlapping ${got.initiallyOverlapping}, exact ${ref.initially}`);
  }
  if (ref.initially) {
    tally.add("initially");
    return;
  }
  tally.add("hit");
  if (cmp(R(got.t), ref.hi) > 0) throw new Error(`t ${got.t} after t* <= ${toDouble(ref.hi)}`);
  const ex = c.q1.x - c.q0.x;
  const ey = c.q1.y - c.q0.y;
  const v = Math.abs(ex * m.y - ey * m.x) / Math.hypot(ex, ey);
  // The scene's scale as the sweep grows its targets by 64 ulps of it: the mover's reach along
  // each axis, the target's corners and the radius.
  let scale = Math.max(Math.abs(c.p0.x) + Math.abs(m.x), Math.abs(c.p0.y) + Math.abs(m.y), r);
  for (const p of third ? [c.q0, c.q1, c.c] : [c.q0, c.q1]) {
    scale = Math.max(scale, Math.abs(p.x), Math.abs(p.y));
  }
  // Plus a few ulps of t itself (t <= 1), which the reported time is rounded to.
  const tol = (1e-9 * scale) / Math.hypot(m.x, m.y) + (64 * 2 ** -52 * scale) / v + 1e-15;
  const early = toDouble(ref.lo) - got.t;
  if (!(early <= tol)) throw new Error(`t ${got.t} is ${early} before t*, over ${tol}`);
}

type Variant3 = "sphere" | "hull target";

function check3d(c: Case, tally: Tally, variant: Variant3, radius: number): void {
  const m = { x: c.p1.x - c.p0.x, y: c.p1.y - c.p0.y, z: 0 };
  if (!Number.isFinite(m.x) || !Number.isFinite(m.y)) return;
  const s = c.scale;
  const zc = c.z * s;
  const r = radius * s;
  const mx2 = c.q0.x / 2 + c.q1.x / 2;
  const my2 = c.q0.y / 2 + c.q1.y / 2;
  const a = { x: c.q0.x, y: c.q0.y, z: -s };
  const b = { x: c.q1.x, y: c.q1.y, z: -s };
  const apex = { x: mx2, y: my2, z: s };
  const p = { x: c.p0.x, y: c.p0.y, z: zc };
  let mover: Mover3;
  let target: Target3;
  let got: SweepHit | null;
  if (variant === "hull target") {
    // The triangle closed into a tetrahedron by a corner on the far side of its plane.
    const pts = [a, b, apex, { x: c.c.x, y: c.c.y, z: 0 }];
    mover = { kind: "sphere", center: p, radius: r };
    target = { kind: "hull", points: pts };
    let h: ReturnType<typeof hull3>;
    try {
      h = hull3(pts);
    } catch {
      return; // Flat in floats: no hull.
    }
    got = sweepSphereHull(sphere(p.x, p.y, p.z, r), m, h);
  } else {
    mover = { kind: "sphere", center: p, radius: r };
    target = { kind: "triangle", a, b, c: apex };
    got = sweepSphereTriangle(sphere(p.x, p.y, p.z, r), m, triangle3(a, b, apex));
  }
  const ref = sweptExact(mover, m, target);
  if ((got !== null) !== ref.hit) throw new Error(`sweep ${got !== null}, exact ${ref.hit}`);
  if (got === null) {
    tally.add("3d miss");
    return;
  }
  if (ref.initially) {
    tally.add("3d initially");
    if (!got.initiallyOverlapping || got.t !== 0) throw new Error("touching at 0 not reported");
    return;
  }
  tally.add("3d hit");
  if (contactAt(mover, m, target, R(got.t))) throw new Error(`touching at the reported ${got.t}`);
  // The speed along the triangle's normal: the plane holds the edge direction e and the apex
  // direction, so the normal is about (-ey, ex, 0) / |e| tilted by at most the apex's offset.
  const ex = c.q1.x - c.q0.x;
  const ey = c.q1.y - c.q0.y;
  const v = Math.abs(ex * m.y - ey * m.x) / Math.hypot(ex, ey);
  const scale = Math.max(
    Math.abs(m.x),
    Math.abs(m.y),
    ...[c.p0, c.q0, c.q1].flatMap((p) => [Math.abs(p.x), Math.abs(p.y)]),
    s,
  );
  const later = Math.min(1, got.t + (2 ** -38 * scale) / v + 1e-15);
  // The contact times form an interval holding tIn (a single time for a point through a flat
  // triangle): later >= t* when it reaches tIn or touches.
  if (cmp(R(later), ref.tIn) < 0 && !contactAt(mover, m, target, R(later))) {
    throw new Error(`not touching at ${later}: t ${got.t} too early`);
  }
}

describe("shallow crossings at every scale", () => {
  for (const third of [false, true]) {
    const name = `shallow cast 2D point vs ${third ? "triangle" : "segment"}`;
    it(name, async () => {
      const tally = new Tally(name);
      await assertProperty(name, caseArb, (c) => check2d(c, third, tally), RUNS);
      tally.print();
    });
  }
  for (const third of [false, true]) {
    for (const radius of [0, 2 ** -20]) {
      const name = `shallow sweep 2D circle (radius ${radius} of the scale) vs ${third ? "triangle" : "segment"}`;
      it(name, async () => {
        const tally = new Tally(name);
        await assertProperty(name, caseArb, (c) => check2dSweep(c, third, radius, tally), RUNS);
        tally.print();
      });
    }
  }
  for (const [variant, radius] of [
    ["sphere", 0],
    ["sphere", 2 ** -20],
    ["hull target", 0],
  ] as const) {
    const name = `shallow sweep 3D ${variant} (size ${radius} of the scale) vs triangle`;
    it(name, async () => {
      const tally = new Tally(name);
      await assertProperty(name, caseArb, (c) => check3d(c, tally, variant, radius), RUNS);
      tally.print();
    });
  }
});
