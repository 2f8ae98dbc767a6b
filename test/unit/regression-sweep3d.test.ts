/**
 * Regressions of the 3D convex sweeps (convex/cast.ts under query/sweep-engine.ts).
 */
import { describe, expect, it } from "vitest";
import {
  hull,
  plane,
  sphere,
  sweepHullTriangle,
  sweepSpherePlane,
  sweepSphereTriangle,
  triangle,
} from "../../src/3d/index.ts";
import {
  add,
  cmp,
  div,
  fromDouble,
  mul,
  neg,
  pow2,
  sub,
  toDouble,
} from "../reference/bigrational.ts";
import { contactAt } from "../reference/sweep3d.ts";

/**
 * The 3D form of the 2D cast miss of seed 181624178 (gjk-epa.test.ts): a mover crossing a
 * triangle at 1e100 at a shallow angle. GJK's normal (its nearest point, a weighted sum that
 * cancels from 1e100 down to the distance 2.7e91) was off by 4e-8 against a true tilt of 2e-9,
 * so the cast saw the mover moving away and gave up; the wider second cast then stopped at a
 * distance of 2e91 and the sweep reported t = 0.13 for a contact at t = 0.5.
 *
 * Derivation. The triangle L = (-1.65e100, -h, -1e100), R = (2.35e100, h, -1e100),
 * C = (3.5e99, 0, 1e100), h = 4.000000000000001e91, lies in the plane y = 2e-9 (x - 3.5e99):
 * L and R are on it (their y are opposite, about their mean x 3.5e99, slope 2h / 4e100 = 2e-9)
 * and so is C. The mover's center starts at (1.7e100, y0, 0), y0 = 6.048170134933807e-13, where
 * the plane is at y = 2e-9 * 1.35e100 = 2.7e91 above it, and moves by (-2.7e100, -y0, 0). Its
 * x reaches 3.5e99 at t = 1.35e100 / 2.7e100 = 0.5, on the plane to within y0 / 2e-9 = 3e-4 in
 * x (1e-104 in t), and there (z = 0) inside the triangle: the segment L R is at z = -1e100 and
 * C at z = 1e100, and at x = 3.5e99 the triangle spans z from -1e100 to 1e100. With radius r
 * the first touch is earlier by r / (|m| sin a), sin a = 2e-9 / sqrt(1 + 4e-18): by
 * 1e78 / 5.4e91 = 1.85e-14 for r = 1e78. The sweep stops before the touch, within 2^-40 of the
 * scale (2.7e100) of it, 2.5e88, closing at 2.7e100 * 2e-9 = 5.4e91 per unit t: t in
 * [t* - 4.6e-4, t*].
 */
describe("3D sweeps: a shallow crossing of a triangle at 1e100", () => {
  const h = 4.000000000000001e91;
  const y0 = 6.048170134933807e-13;
  const tri = triangle(
    { x: -1.65e100, y: -h, z: -1e100 },
    { x: 2.35e100, y: h, z: -1e100 },
    { x: 3.5e99, y: 0, z: 1e100 },
  );
  const motion = { x: -1e100 - 1.7e100, y: 0 - y0, z: 0 };

  it("a point-sized sphere: t in [0.5 - 4.6e-4, 0.5], normal (2e-9, -1, 0)", () => {
    const hit = sweepSphereTriangle(sphere(1.7e100, y0, 0, 0), motion, tri);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(false);
    expect(hit!.t).toBeGreaterThanOrEqual(0.5 - 4.6e-4);
    expect(hit!.t).toBeLessThanOrEqual(0.5);
    // The plane's normal (2e-9, -1, 0) / |.|, facing the mover below it.
    expect(hit!.normal.x).toBeCloseTo(2e-9, 20);
    expect(hit!.normal.y).toBeCloseTo(-1, 12);
    expect(hit!.normal.z).toBeCloseTo(0, 12);
  });

  it("a sphere of radius 1e78: the same time, earlier by 1.85e-14", () => {
    const hit = sweepSphereTriangle(sphere(1.7e100, y0, 0, 1e78), motion, tri);
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeGreaterThanOrEqual(0.5 - 4.6e-4);
    expect(hit!.t).toBeLessThanOrEqual(0.5 - 1.8e-14);
  });

  it("a small tetrahedron hull (corner leading): t in [0.5 - 4.6e-4, 0.5]", () => {
    // The mover approaches the plane from below, so its leading corner is the highest along
    // (-2e-9, 1, 0): that is (1.7e100, y0, 0) itself, since the others are 1e90 below it in y
    // and the one 1e90 further in x gains only 2e-9 * 1e90 = 2e81. It touches at t = 0.5 as the
    // point does.
    const mover = hull([
      { x: 1.7e100, y: y0, z: 0 },
      { x: 1.7e100 + 1e90, y: -1e90, z: 0 },
      { x: 1.7e100, y: -1e90, z: 1e90 },
      { x: 1.7e100, y: -1e90, z: -1e90 },
    ]);
    const hit = sweepHullTriangle(mover, motion, tri);
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeGreaterThanOrEqual(0.5 - 4.6e-4);
    expect(hit!.t).toBeLessThanOrEqual(0.5);
  });
});

/**
 * Found with the shallow-crossing property (a tetrahedron mover, not kept there: other cases of
 * it still fail, see the session report). At 1e-100 a tetrahedron of 2^-20 of the scale starts
 * 7e-117 (below one ulp of its coordinates) from a triangle tilted by 1e-6; GJK stopped on a
 * sliver face simplex with a distance of 1.8e-107, and the cast stepped by it to
 * t = 1.7e-7, past the exact first contact (the reference brackets it in (6.7e-17, 6.8e-17]).
 * Expected from the exact reference (test/reference/sweep3d.ts): not touching at the reported t,
 * so t is before the first contact.
 */
describe("3D sweeps: a tetrahedron a sub-ulp distance from a tilted triangle at 1e-100", () => {
  it("t is never after the exact first contact", () => {
    const s = 1e-100;
    const r = 2 ** -20 * s;
    const p = { x: -7.500002036743165e-101, y: 0, z: -0.5 * s };
    const pts = [p, { ...p, x: p.x + r }, { ...p, y: p.y + r }, { ...p, z: p.z + r }];
    const a = { x: -1e-100, y: 1e-106, z: -s };
    const b = { x: 1e-100, y: -1e-106, z: -s };
    const apex = { x: 0, y: 0, z: s };
    const motion = { x: 2.9999999999999997e-101 - p.x, y: 0, z: 0 };
    const hit = sweepHullTriangle(hull(pts), motion, triangle(a, b, apex));
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(false);
    const mover = { kind: "hull" as const, points: pts };
    const target = { kind: "triangle" as const, a, b, c: apex };
    expect(contactAt(mover, motion, target, fromDouble(hit!.t))).toBe(false);
  });
});

/**
 * Issue 4: a tetrahedron crossing a triangle tilted by 1e-3 at 1e-100 (found by the hull variant
 * of the shallow-cast property). GJK stopped on a sliver face simplex with a distance of 6e-110
 * for a true 1.4e-115, and the cast stepped by that distance (only an upper bound) to
 * t = 0.49999841151253205, after the first contact. The cast now steps only by support gaps
 * (lower bounds), so t stays before it.
 *
 * Derivation. X = 1e-100, a = 1.0000000000000001e-103, e = 2^-20 X (exact), the corner
 * p = (px, 0, -X/2) with px = -2.9999999999999997e-101, the mover {p, p + e x, p + e y, p + e z}
 * (each sum rounded once: its x is x0 = fl(px + e)), the motion (mx, 0, 0), mx =
 * 5.9999999999999994e-101. The triangle L = (-X, -a, -X), R = (X, a, -X), C = (0, 0, X): L and R
 * are opposite about (0, 0, -X), so the plane holds the z axis and (X, a, 0): f(v) = a x - X y = 0.
 * At t = 0 every vertex has y >= 0 > x, so f < 0, and the motion raises f by a mx t. The largest f
 * is at (x0, 0, -X/2) (largest x at y = 0; p + e y has f lower by X e - a (x0 - px) > 0). It
 * reaches the plane at t* = -x0 / mx, at (0, 0, -X/2), inside the triangle (which spans x in
 * [-3X/4, 3X/4] at z = -X/2), and nothing touches the plane before: t* is the first contact,
 * 0.49999841054280597 to double precision. The property's tolerance (1e-9 of the scale over
 * |m| plus 64 ulps of the scale over the closing speed a mx / |(a, X)|) is under 2e-9.
 */
describe("issue 4: sweepHullTriangle never reports t after the first contact", () => {
  const X = 1e-100;
  const e = 2 ** -20 * X;
  const p = { x: -2.9999999999999997e-101, y: 0, z: -5e-101 };
  const pts = [p, { ...p, x: p.x + e }, { ...p, y: e }, { ...p, z: p.z + e }];
  const mx = 5.9999999999999994e-101;

  it("the tilted triangle below the mover: t in [t* - 2e-9, t*), t* = -fl(px + e) / mx", () => {
    const a = 1.0000000000000001e-103;
    const tri = triangle({ x: -X, y: -a, z: -X }, { x: X, y: a, z: -X }, { x: 0, y: 0, z: X });
    const hit = sweepHullTriangle(hull(pts), { x: mx, y: 0, z: 0 }, tri);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(false);
    const tStar = div(neg(fromDouble(p.x + e)), fromDouble(mx));
    expect(toDouble(tStar)).toBe(0.49999841054280597);
    expect(cmp(fromDouble(hit!.t), tStar)).toBe(-1);
    expect(hit!.t).toBeGreaterThanOrEqual(toDouble(tStar) - 2e-9);
    // The normal: the triangle's, facing the mover (where f < 0): (-a, X, 0) / |.|, which is
    // (-1e-3, 1, 0) / sqrt(1 + 1e-6) to 16 digits.
    const len = Math.sqrt(1 + 1e-6);
    expect(hit!.normal.x).toBeCloseTo(-1e-3 / len, 9);
    expect(hit!.normal.y).toBeCloseTo(1 / len, 9);
    expect(hit!.normal.z).toBeCloseTo(0, 9);
  });

  it("the mirror (the brief's signs, mover below the plane): t in [t* - 2e-9, t*)", () => {
    // Now L = (-X, a, -X), R = (X, -a, -X) with a = 1e-103 and px = -3e-101, mx = 6e-101: the
    // plane is g(v) = a x + X y = 0 and g < 0 at t = 0; the largest g is at p + e y (g = X e +
    // a px, above p + e x's a x0 by about X e), which reaches the plane when a (px + t mx) =
    // -X e: t* = (-X e / a - px) / mx = 0.49841054280598956, again inside the triangle.
    const a = 1e-103;
    const q = { x: -3e-101, y: 0, z: -5e-101 };
    const qs = [q, { ...q, x: q.x + e }, { ...q, y: e }, { ...q, z: q.z + e }];
    const m = 6e-101;
    const tri = triangle({ x: -X, y: a, z: -X }, { x: X, y: -a, z: -X }, { x: 0, y: 0, z: X });
    const hit = sweepHullTriangle(hull(qs), { x: m, y: 0, z: 0 }, tri);
    expect(hit).not.toBeNull();
    const R = fromDouble;
    const tStar = div(sub(neg(div(mul(R(X), R(e)), R(a))), R(q.x)), R(m));
    expect(toDouble(tStar)).toBeCloseTo(0.49841054280598956, 15);
    expect(cmp(fromDouble(hit!.t), tStar)).toBe(-1);
    expect(hit!.t).toBeGreaterThanOrEqual(toDouble(tStar) - 2e-9);
    // Cross-check with the exact reference: not touching at t.
    const mover = { kind: "hull" as const, points: qs };
    const target = { kind: "triangle" as const, a: tri.a, b: tri.b, c: tri.c };
    expect(contactAt(mover, { x: m, y: 0, z: 0 }, target, fromDouble(hit!.t))).toBe(false);
  });
});

/**
 * A clock seed of sweep3d.test.ts (666919122): a point (a sphere of radius 0) at x = -x0,
 * x0 = 1.9762625833649862e-219, moving by (1e104, 0, 0) against the plane 2x + z = 0. It
 * reaches the plane when x = 0, at t* = x0 / 1e104, about 4 units of 2^-1074. The closed form's
 * bounds make its quotient never exceed t* by more than 8 eps of itself, but a quotient this
 * small is rounded to a multiple of 2^-1074, and it came out at 4 units, after t*.
 */
describe("3D sweeps: a sphere reaching a plane at a subnormal time", () => {
  it("t is at most the exact first contact, and within 2^-1072 of it", () => {
    const scale = 1e104;
    for (const x0 of [1.9762625833649862e-219, 3.3e-219, 7.77e-220, 2.5e-300]) {
      const hit = sweepSpherePlane(
        sphere(-x0, 0, 0, 0),
        { x: scale, y: 0, z: 0 },
        plane({ x: 2, y: 0, z: 1 }, 0),
      );
      expect(hit).not.toBeNull();
      const tStar = div(fromDouble(x0), fromDouble(scale));
      expect(cmp(fromDouble(hit!.t), tStar)).toBeLessThanOrEqual(0);
      expect(cmp(add(fromDouble(hit!.t), pow2(-1072)), tStar)).toBeGreaterThanOrEqual(0);
      expect(hit!.initiallyOverlapping).toBe(false);
    }
  });
});
