/**
 * The closed-form 3D sweeps (query/sweep-ball.ts, query/sweep-capsule.ts): a sphere against a
 * point, sphere, segment or capsule, and a capsule against a point or sphere. Hand cases with
 * derived values, then a property against the generic exact cast (`sweepConvex`): hit or miss and
 * initiallyOverlapping agree exactly, and t agrees within the two casts' rounding.
 * Times are never after the exact touch, so each is checked in [want - tol, want].
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  capsule,
  makeSweepHit,
  plane,
  type SweepHit,
  segment,
  sphere,
  sweepCapsulePoint,
  sweepCapsuleSphere,
  sweepSphereCapsule,
  sweepSpherePlane,
  sweepSpherePoint,
  sweepSphereSegment,
  sweepSphereSphere,
  type Vec,
  vec,
} from "../../src/3d/index.ts";
import { sweepConvex, sweepPlane } from "../../src/3d/query/sweep-engine.ts";
import { settings } from "../properties/config.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";

function expectTime(t: number, want: number, tol = 1e-12): void {
  expect(t).toBeLessThanOrEqual(want);
  expect(t).toBeGreaterThanOrEqual(want - tol);
}

function expectVec(v: Vec, x: number, y: number, z: number, digits = 9): void {
  expect(v.x).toBeCloseTo(x, digits);
  expect(v.y).toBeCloseTo(y, digits);
  expect(v.z).toBeCloseTo(z, digits);
}

describe("sphere vs sphere and point", () => {
  it("head-on: centers 5 apart, radii 1 + 1, motion 10: t = 0.3", () => {
    // |5 - 10 t| = 2 at t = 0.3: center (3, 0, 0), normal -x, contact (4, 0, 0).
    const out = makeSweepHit();
    const hit = sweepSphereSphere(sphere(0, 0, 0, 1), vec(10, 0, 0), sphere(5, 0, 0, 1), out);
    expect(hit).toBe(out);
    expectTime(hit!.t, 0.3);
    expectVec(hit!.position, 3, 0, 0);
    expectVec(hit!.normal, -1, 0, 0);
    expectVec(hit!.point, 4, 0, 0);
    expect(hit!.initiallyOverlapping).toBe(false);
  });

  it("touching at t = 1 is a hit; the target one ulp farther is null", () => {
    // 5 - 3 t = 2 at t = 1.
    const hit = sweepSphereSphere(sphere(0, 0, 0, 1), vec(3, 0, 0), sphere(5, 0, 0, 1));
    expect(hit).not.toBeNull();
    expectTime(hit!.t, 1);
    expect(
      sweepSphereSphere(sphere(0, 0, 0, 1), vec(3, 0, 0), sphere(nextUp(5), 0, 0, 1)),
    ).toBeNull();
  });

  it("touching at t = 0: t = 0, initiallyOverlapping, normal against the motion", () => {
    const hit = sweepSphereSphere(sphere(0, 0, 0, 1), vec(0, 3, 4), sphere(2, 0, 0, 1));
    expect(hit!.initiallyOverlapping).toBe(true);
    expect(hit!.t).toBe(0);
    expectVec(hit!.normal, 0, -0.6, -0.8);
    expectVec(hit!.point, 1, 0, 0);
    expectVec(hit!.position, 0, 0, 0);
  });

  it("an oblique hit: offset 3 across, radii sum 5, so the centers meet at x = -4 (t = 0.3)", () => {
    // Path (-10 + 20 t, 3, 0) against the origin, R = 2 + 3: x = -4 at t = 0.3; normal (-4, 3)/5.
    const hit = sweepSphereSphere(sphere(-10, 3, 0, 2), vec(20, 0, 0), sphere(0, 0, 0, 3));
    expectTime(hit!.t, 0.3);
    expectVec(hit!.normal, -0.8, 0.6, 0);
    expectVec(hit!.point, -2.4, 1.8, 0);
    expectVec(hit!.position, -4, 3, 0);
  });

  it("moving away, or along a line that misses, is null; zero motion apart is null", () => {
    expect(sweepSphereSphere(sphere(0, 0, 0, 1), vec(-10, 0, 0), sphere(5, 0, 0, 1))).toBeNull();
    expect(sweepSphereSphere(sphere(0, 3, 0, 1), vec(10, 0, 0), sphere(5, 0, 0, 1))).toBeNull();
    const out = makeSweepHit();
    out.t = 0.25;
    expect(sweepSphereSphere(sphere(0, 0, 0, 1), vec(0, 0, 0), sphere(5, 0, 0, 1), out)).toBeNull();
    expect(out.t).toBe(0.25);
  });

  it("zero radii: a point through a point hits exactly when it passes through it", () => {
    const hit = sweepSpherePoint(sphere(0, 0, 0, 0), vec(4, 0, 0), vec(1, 0, 0));
    expect(hit).not.toBeNull();
    expectTime(hit!.t, 0.25);
    expect(sweepSpherePoint(sphere(0, 0, 0, 0), vec(4, 0, 0), vec(1, 2 ** -1000, 0))).toBeNull();
  });

  it("far from the origin (offset 1e6): the same time within the inputs' rounding", () => {
    const o = 1e6;
    const hit = sweepSphereSphere(sphere(o, o, o, 1), vec(10, 0, 0), sphere(o + 5, o, o, 1));
    expectTime(hit!.t, 0.3, 1e-9);
    expectVec(hit!.normal, -1, 0, 0, 6);
  });

  it("a point reached only by a sphere of radius 0.5 moving 1e4 times farther", () => {
    // Center from -5000 by 1e4 to the point 0: 5000 - 1e4 t = 0.5 at t = 0.49995.
    const hit = sweepSpherePoint(sphere(-5000, 0, 0, 0.5), vec(1e4, 0, 0), vec(0, 0, 0));
    expectTime(hit!.t, 0.49995, 1e-12);
    expectVec(hit!.point, 0, 0, 0);
  });
});

describe("sphere vs segment and capsule", () => {
  const cap = capsule(vec(0, 0, -2), vec(0, 0, 2), 1);

  it("into the side: t = 0.4, normal -x, contact on the capsule's surface", () => {
    // Sphere radius 1 at x = -10 moving by 20: x = -2 at t = 0.4; contact (-1, 0, 0.5).
    const hit = sweepSphereCapsule(sphere(-10, 0, 0.5, 1), vec(20, 0, 0), cap);
    expectTime(hit!.t, 0.4);
    expectVec(hit!.position, -2, 0, 0.5);
    expectVec(hit!.normal, -1, 0, 0);
    expectVec(hit!.point, -1, 0, 0.5);
  });

  it("parallel to the axis into the end cap: t = (8 - sqrt(1.25)) / 20", () => {
    // Center (1, 0, -10 + 20 t), R = 1.5 around the end (0, 0, -2): (z + 2)^2 = 1.25.
    const hit = sweepSphereCapsule(sphere(1, 0, -10, 0.5), vec(0, 0, 20), cap);
    const z = -2 - Math.sqrt(1.25);
    expectTime(hit!.t, (8 - Math.sqrt(1.25)) / 20);
    expectVec(hit!.normal, 1 / 1.5, 0, (z + 2) / 1.5);
    expectVec(hit!.point, 1 - 0.5 / 1.5, 0, z - (0.5 * (z + 2)) / 1.5);
  });

  it("a tangent graze of the side is a hit; one ulp farther is null", () => {
    // Path y = 2 against the axis x = y = 0, R = 2: touches at t = 0.5 only.
    const hit = sweepSphereCapsule(sphere(-5, 2, 0, 1), vec(10, 0, 0), cap);
    expect(hit).not.toBeNull();
    expectTime(hit!.t, 0.5, 1e-5);
    expect(sweepSphereCapsule(sphere(-5, nextUp(2), 0, 1), vec(10, 0, 0), cap)).toBeNull();
  });

  it("touching at t = 0 and at t = 1", () => {
    const at0 = sweepSphereCapsule(sphere(-2, 0, 1, 1), vec(-5, 0, 0), cap);
    expect(at0!.initiallyOverlapping).toBe(true);
    expect(at0!.t).toBe(0);
    expectVec(at0!.normal, 1, 0, 0);
    expectVec(at0!.point, -1, 0, 1);
    const at1 = sweepSphereCapsule(sphere(-7, 0, 1, 1), vec(5, 0, 0), cap);
    expect(at1!.initiallyOverlapping).toBe(false);
    expectTime(at1!.t, 1);
    expect(sweepSphereCapsule(sphere(nextDown(-7), 0, 1, 1), vec(5, 0, 0), cap)).toBeNull();
  });

  it("along the axis onto the cap's tip, where a ball around the capsule is tight: t = 1 hits, one ulp short is null", () => {
    // The ball around the capsule (center 0, radius 3) touches it only at the tips z = +-3: a
    // quick miss of that ball must not reject this. Center z = 10 - 6 t reaches 2 + 1 + 1 at t = 1.
    const hit = sweepSphereCapsule(sphere(0, 0, 10, 1), vec(0, 0, -6), cap);
    expect(hit).not.toBeNull();
    expectTime(hit!.t, 1);
    expectVec(hit!.point, 0, 0, 3);
    expect(sweepSphereCapsule(sphere(0, 0, nextUp(10), 1), vec(0, 0, -6), cap)).toBeNull();
    // The same from the other end, moving the capsule onto a point (the sweep reversed).
    const moved = sweepCapsulePoint(cap, vec(0, 0, 6), vec(0, 0, 9));
    expect(moved).not.toBeNull();
    expectTime(moved!.t, 1);
    expect(sweepCapsulePoint(cap, vec(0, 0, 6), vec(0, 0, nextUp(9)))).toBeNull();
  });

  it("a capsule whose ends sum past the largest double: (a + b) / 2 overflows, still a hit, by t = 0.3", () => {
    // The axis y = z = 0 from x = 1e308 to 1.5e308, radius 1; a sphere of radius 1 at y = 5 over
    // it falls by 10: 5 - 10 t = 2 at t = 0.3.
    const big = capsule(vec(1e308, 0, 0), vec(1.5e308, 0, 0), 1);
    const hit = sweepSphereCapsule(sphere(1.2e308, 5, 0, 1), vec(0, -10, 0), big);
    // (The exact engine's time leads by 64 ulps of the scale over the speed: here all of it.)
    expect(hit?.initiallyOverlapping).toBe(false);
    expect(hit!.t).toBeLessThanOrEqual(0.3);
    expect(sweepSphereCapsule(sphere(1.2e308, 5, 0, 1), vec(0, 10, 0), big)).toBeNull();
  });

  it("a zero-radius sphere onto a segment crosses it at t = 0.5", () => {
    const s = segment(vec(-1, 0, 0), vec(1, 0, 0));
    const hit = sweepSphereSegment(sphere(0.25, 1, 0, 0), vec(0, -2, 0), s);
    expectTime(hit!.t, 0.5);
    expectVec(hit!.point, 0.25, 0, 0);
    const miss = sweepSphereSegment(sphere(1.25, 1, 0, 0.2), vec(0, -2, 0), s);
    expect(miss).toBeNull();
  });

  it("a sphere onto a segment's end: sqrt((x - 1)^2 + y^2) = r", () => {
    // Center (1.6, 1 - 2 t, 0), r = 1: 0.36 + y^2 = 1 at y = 0.8, t = 0.1.
    const s = segment(vec(-1, 0, 0), vec(1, 0, 0));
    const hit = sweepSphereSegment(sphere(1.6, 1, 0, 1), vec(0, -2, 0), s);
    expectTime(hit!.t, 0.1);
    expectVec(hit!.normal, 0.6, 0.8, 0);
    expectVec(hit!.point, 1, 0, 0);
  });
});

describe("sphere vs plane", () => {
  it("a normal of length 2 and a slanted motion: t = 0.25", () => {
    // Plane 2 z = 4 (z = 2); center z = 6, r = 1, motion (3, 0, -12): 6 - 12 t = 3 at t = 0.25.
    const out = makeSweepHit();
    const hit = sweepSpherePlane(sphere(1, 2, 6, 1), vec(3, 0, -12), plane(vec(0, 0, 2), 4), out);
    expect(hit).toBe(out);
    expectTime(hit!.t, 0.25);
    expectVec(hit!.position, 1.75, 2, 3);
    expectVec(hit!.normal, 0, 0, 1);
    expectVec(hit!.point, 1.75, 2, 2);
    expect(hit!.initiallyOverlapping).toBe(false);
  });

  it("a tilted plane from below: the normal faces the mover", () => {
    // Plane x + y = 0 (normal (1, 1, 0)); center (-3, -3, 0) is 3 sqrt 2 below, r = sqrt 2:
    // moving by (4, 4, 0) closes 4 sqrt 2 per unit t, so the gap 2 sqrt 2 closes at t = 0.5,
    // center (-1, -1, 0), touching the plane at its projection, the origin.
    const hit = sweepSpherePlane(
      sphere(-3, -3, 0, Math.SQRT2),
      vec(4, 4, 0),
      plane(vec(1, 1, 0), 0),
    );
    expectTime(hit!.t, 0.5);
    expectVec(hit!.normal, -Math.SQRT1_2, -Math.SQRT1_2, 0);
    expectVec(hit!.position, -1, -1, 0);
    expectVec(hit!.point, 0, 0, 0);
  });

  it("touching at t = 1 is a hit; the plane one ulp farther is null", () => {
    // Center z = 5, r = 1, plane z = 0: 5 - 4 t = 1 at t = 1.
    const hit = sweepSpherePlane(sphere(0, 0, 5, 1), vec(0, 0, -4), plane(vec(0, 0, 1), 0));
    expectTime(hit!.t, 1);
    expect(
      sweepSpherePlane(sphere(0, 0, 5, 1), vec(0, 0, -4), plane(vec(0, 0, 1), nextDown(0))),
    ).toBeNull();
  });

  it("touching at t = 0 (the sphere straddles the plane): t = 0, the normal against the motion", () => {
    const hit = sweepSpherePlane(sphere(0, 0, 0.5, 1), vec(0, 3, 4), plane(vec(0, 0, 1), 0));
    expect(hit!.initiallyOverlapping).toBe(true);
    expect(hit!.t).toBe(0);
    expectVec(hit!.normal, 0, -0.6, -0.8);
    expectVec(hit!.point, 0, 0, 0);
  });

  it("decimal inputs: the doubles 0.5 - 2 (0.1) and 0.3 are equal, so it touches at t = 1 exactly", () => {
    // 0.1 = 3602879701896397 / 2^55 and 0.3 = 5404319552844595 / 2^54 as doubles, and
    // 2^53 / 2^54 - 3602879701896397 / 2^54 = 5404319552844595 / 2^54: the lowest point
    // 0.5 - 0.1 - 0.1 t reaches the plane z = 0.3 exactly at t = 1. One ulp lower is null.
    const a = sphere(0, 0, 0.5, 0.1);
    const m = vec(0, 0, -0.1);
    const hit = sweepSpherePlane(a, m, plane(vec(0, 0, 1), 0.3));
    expect(hit).not.toBeNull();
    expectTime(hit!.t, 1);
    expect(sweepSpherePlane(a, m, plane(vec(0, 0, 1), nextDown(0.3)))).toBeNull();
  });
});

describe("capsule vs sphere and point (the sphere's sweep reversed)", () => {
  it("a capsule moving onto a sphere: t = 0.4, the sphere's normal faces the capsule", () => {
    // Core x = -10 + 20 t, z in [-1, 1], R = 2: x = -2 at t = 0.4.
    const hit = sweepCapsuleSphere(
      capsule(vec(-10, 0, -1), vec(-10, 0, 1), 1),
      vec(20, 0, 0),
      sphere(0, 0, 0, 1),
    );
    expectTime(hit!.t, 0.4);
    expectVec(hit!.position, -2, 0, -1);
    expectVec(hit!.normal, -1, 0, 0);
    expectVec(hit!.point, -1, 0, 0);
  });

  it("a capsule falling on a point lands at t = 0.4", () => {
    const hit = sweepCapsulePoint(
      capsule(vec(0, 5, -1), vec(0, 5, 1), 1),
      vec(0, -10, 0),
      vec(0, 0, 0.5),
    );
    expectTime(hit!.t, 0.4);
    expectVec(hit!.position, 0, 1, -1);
    expectVec(hit!.normal, 0, 1, 0);
    expectVec(hit!.point, 0, 0, 0.5);
  });

  it("initially overlapping: t = 0, the normal against the motion; a miss is null", () => {
    const c = capsule(vec(0, 0, -1), vec(0, 0, 1), 1);
    const hit = sweepCapsuleSphere(c, vec(3, 4, 0), sphere(1.5, 0, 0, 1));
    expect(hit!.initiallyOverlapping).toBe(true);
    expectVec(hit!.normal, -0.6, -0.8, 0);
    expectVec(hit!.point, 0.5, 0, 0);
    expect(sweepCapsuleSphere(c, vec(-3, 0, 0), sphere(3.5, 0, 0, 1))).toBeNull();
    expect(sweepCapsulePoint(c, vec(0, 0, 5), vec(2, 0, 0))).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Against the generic exact cast

type Pair =
  | "spherePoint"
  | "sphereSphere"
  | "sphereSegment"
  | "sphereCapsule"
  | "capsulePoint"
  | "capsuleSphere"
  | "spherePlane";

interface Case {
  pair: Pair;
  a: Vec;
  b: Vec;
  ra: number;
  c: Vec;
  d: Vec;
  rb: number;
  m: Vec;
}

function run(k: Case, generic: boolean): SweepHit | null {
  const s = { center: k.a, radius: k.ra };
  const cap = { a: k.a, b: k.b, radius: k.ra };
  const target = { center: k.c, radius: k.rb };
  const tcap = { a: k.c, b: k.d, radius: k.rb };
  const seg = { a: k.c, b: k.d };
  switch (k.pair) {
    case "spherePoint":
      return generic ? sweepConvex("sphere", s, k.m, "point", k.c) : sweepSpherePoint(s, k.m, k.c);
    case "sphereSphere":
      return generic
        ? sweepConvex("sphere", s, k.m, "sphere", target)
        : sweepSphereSphere(s, k.m, target);
    case "sphereSegment":
      return generic
        ? sweepConvex("sphere", s, k.m, "segment", seg)
        : sweepSphereSegment(s, k.m, seg);
    case "sphereCapsule":
      return generic
        ? sweepConvex("sphere", s, k.m, "capsule", tcap)
        : sweepSphereCapsule(s, k.m, tcap);
    case "spherePlane": {
      // The plane through c with normal d - c (not unit).
      const nx = k.d.x - k.c.x;
      const ny = k.d.y - k.c.y;
      const nz = k.d.z - k.c.z;
      const p = { normal: { x: nx, y: ny, z: nz }, offset: nx * k.c.x + ny * k.c.y + nz * k.c.z };
      return generic ? sweepPlane("sphere", s, k.m, p) : sweepSpherePlane(s, k.m, p);
    }
    case "capsulePoint":
      return generic
        ? sweepConvex("capsule", cap, k.m, "point", k.c)
        : sweepCapsulePoint(cap, k.m, k.c);
    default:
      return generic
        ? sweepConvex("capsule", cap, k.m, "sphere", target)
        : sweepCapsuleSphere(cap, k.m, target);
  }
}

const PAIRS: Pair[] = [
  "spherePoint",
  "sphereSphere",
  "sphereSegment",
  "sphereCapsule",
  "capsulePoint",
  "capsuleSphere",
  "spherePlane",
];

/** The pairs whose target has the radius rb (a ball or a capsule). */
const WITH_RB: Pair[] = ["sphereSphere", "sphereCapsule", "capsuleSphere"];

/** Points near a center at a scale, radii, and a motion aimed near the target (about half hit). */
function caseArb(pair: Pair): fc.Arbitrary<Case> {
  const unit = fc.double({ min: -1, max: 1, noNaN: true });
  const v = fc.record({ x: unit, y: unit, z: unit });
  return fc
    .record({
      scale: fc.constantFrom(1e-3, 1, 10, 1e4),
      offset: fc.constantFrom(0, 1, 1e6),
      a: v,
      b: v,
      c: v,
      d: v,
      aim: v,
      ra: fc.double({ min: 0, max: 0.5, noNaN: true }),
      rb: fc.double({ min: 0, max: 0.5, noNaN: true }),
      reach: fc.double({ min: 0.5, max: 4, noNaN: true }),
      zero: fc.integer({ min: 0, max: 19 }),
    })
    .map((r) => {
      const s = r.scale;
      const o = r.offset * s;
      const p = (u: Vec, k = 1): Vec => ({
        x: o + u.x * s * k,
        y: o + u.y * s * k,
        z: o + u.z * s * k,
      });
      const a = p(r.a, 3);
      const c = p(r.c, 0.5);
      // Aim from a toward c, missed by up to `aim`, reaching `reach` times as far.
      const m =
        r.zero === 0
          ? { x: 0, y: 0, z: 0 }
          : {
              x: (c.x - a.x + r.aim.x * s) * r.reach,
              y: (c.y - a.y + r.aim.y * s) * r.reach,
              z: (c.z - a.z + r.aim.z * s) * r.reach,
            };
      return {
        pair,
        a,
        b: { x: a.x + r.b.x * s, y: a.y + r.b.y * s, z: a.z + r.b.z * s },
        ra: r.ra * s,
        c,
        d: { x: c.x + r.d.x * s, y: c.y + r.d.y * s, z: c.z + r.d.z * s },
        rb: r.rb * s,
        m,
      };
    });
}

describe("closed forms against the generic exact cast (sweepConvex)", () => {
  for (const pair of PAIRS) {
    it(`${pair}: hit, miss and initiallyOverlapping agree; t agrees within the casts' rounding`, () => {
      const { seed } = settings(`sweep3d closed ${pair}`);
      fc.assert(
        fc.property(caseArb(pair), (k) => {
          const fast = run(k, false);
          const slow = run(k, true);
          expect(fast === null, "hit or miss").toBe(slow === null);
          if (fast === null || slow === null) return;
          expect(fast.initiallyOverlapping).toBe(slow.initiallyOverlapping);
          for (const f of [fast.t, fast.position.x, fast.point.y, fast.normal.z]) {
            expect(Number.isFinite(f)).toBe(true);
          }
          expect(fast.t).toBeGreaterThanOrEqual(0);
          expect(fast.t).toBeLessThanOrEqual(1);
          // Both are never after the touch t*, so |fast - slow| is at most the larger of their
          // leads, bounded here by their sum:
          // - the generic cast pads the radii by 64 ulps of the scale (sweep-engine.ts), a lead of
          //   that over the closing speed along the normal; 1e-12 sc / closing covers it 70 times
          //   over, with 1e-12 absolute for its steps' own rounding;
          // - the sphere/point closed form (sweep-ball.ts) reports t0 - 1.5 err with t0 within
          //   err of t* and err < 2^-36 t0 + 2^-60, a lead of at most 2.5 (2^-36 t + 2^-60); the
          //   capsule one moves its float entry earlier by 128 ulps of the scale over the closing
          //   speed (sweep-capsule.ts), inside the first term.
          // A graze of a curved surface moves t by the root of that, so it is compared within 1e-5.
          const sc = Math.max(
            ...[k.a, k.b, k.c, k.d, k.m].flatMap((q) => [
              Math.abs(q.x),
              Math.abs(q.y),
              Math.abs(q.z),
            ]),
            k.ra + k.rb,
          );
          const n = slow.normal;
          const closing = Math.abs(n.x * k.m.x + n.y * k.m.y + n.z * k.m.z);
          const speed = Math.hypot(k.m.x, k.m.y, k.m.z);
          const graze = closing < 1e-3 * speed;
          const ball = k.pair === "spherePoint" || k.pair === "sphereSphere";
          const lead = ball ? 2.5 * (2 ** -36 * slow.t + 2 ** -60) : 0;
          const linear = 1e-12 + (1e-12 * sc) / closing + lead;
          // A plane's t is linear in the gap even when grazing (no root).
          const tol = graze && k.pair !== "spherePlane" ? 1e-5 : linear;
          expect(Math.abs(fast.t - slow.t), `t ${fast.t} vs ${slow.t}`).toBeLessThanOrEqual(tol);
          // The radii the pair's shapes have: rb only where the target is a ball or capsule.
          const radii = k.ra + (WITH_RB.includes(k.pair) ? k.rb : 0);
          if (!graze && !fast.initiallyOverlapping && radii > 1e-6 * sc) {
            const dn = Math.hypot(fast.normal.x - n.x, fast.normal.y - n.y, fast.normal.z - n.z);
            // Rounding of coordinates of size sc moves a normal by about their ulp over the
            // radii; the two casts' times differ by their pads, which moves it along the
            // motion.
            expect(dn, "normal").toBeLessThan(1e-6 + (1e-10 * sc * speed) / (closing * radii));
          }
        }),
        { seed, numRuns: 400 },
      );
    });
  }
});
