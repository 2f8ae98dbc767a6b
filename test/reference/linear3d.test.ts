import { describe, expect, it } from "vitest";
import { rat, toDouble } from "./bigrational.ts";
import {
  refAabb,
  refBox,
  refCapsule,
  refLine,
  refPlane,
  refPointInBox,
  refPointInCapsule,
  refPointInSphere,
  refPointInTriangle,
  refPointOnLinear,
  refPointOnPlane,
  refRay,
  refSegment,
  refSphere,
  specBoxAxes,
} from "./linear3d.ts";

/* The 3D linear reference on hand-derived cases; each expected value is derived in its comment. */

const V = (x: number, y: number, z: number) => ({ x, y, z });
const lo = V(-1, -1, -1);
const hi = V(1, 1, 1);
const origin = V(0, 0, 0);
/** 1 + 2^-52, the double after 1. */
const ONE_UP = 1.0000000000000002;

describe("the 3D linear reference: aabbs", () => {
  it("a ray along +x from (-5, 0, 0) enters the cube [-1, 1]^3 at t = 4", () => {
    // -5 + t = -1.
    expect(refAabb(refRay(V(-5, 0, 0), V(1, 0, 0)), lo, hi)).toEqual({
      hit: true,
      inside: false,
      t: rat(4n),
    });
  });

  it("closed: along the edge y = z = 1 is a hit, 1 ulp above it a miss", () => {
    expect(refAabb(refRay(V(-5, 1, 1), V(1, 0, 0)), lo, hi).t).toEqual(rat(4n));
    expect(refAabb(refRay(V(-5, 1, ONE_UP), V(1, 0, 0)), lo, hi).hit).toBe(false);
  });

  it("a start inside: inside, t = 0; a line is never inside and enters first (t = -6)", () => {
    expect(refAabb(refRay(V(0.5, 0, 0), V(1, 0, 0)), lo, hi)).toEqual({
      hit: true,
      inside: true,
      t: rat(0n),
    });
    // 5 + s in [-1, 1] for s in [-6, -4].
    expect(refAabb(refLine(V(5, 0, 0), V(1, 0, 0)), lo, hi)).toEqual({
      hit: true,
      inside: false,
      t: rat(-6n),
    });
    // The ray from there points away.
    expect(refAabb(refRay(V(5, 0, 0), V(1, 0, 0)), lo, hi).hit).toBe(false);
  });

  it("segments: t in units of b - a (4/5 from (-5,0,0) to the origin); short of the box misses", () => {
    // -5 + 5 t = -1 at t = 4/5.
    expect(refAabb(refSegment(V(-5, 0, 0), origin), lo, hi).t).toEqual(rat(4n, 5n));
    expect(refAabb(refSegment(V(-5, 0, 0), V(-3, 0, 0)), lo, hi).hit).toBe(false);
    // Ending exactly on the face x = -1: t = 1.
    expect(refAabb(refSegment(V(-5, 0, 0), V(-1, 0, 0)), lo, hi).t).toEqual(rat(1n));
  });

  it("a flat aabb (z from 0 to 0) is crossed where the segment meets its plane", () => {
    // (0.5, 0.5, 1 - 2t) reaches z = 0 at t = 1/2.
    const hit = refAabb(refSegment(V(0.5, 0.5, 1), V(0.5, 0.5, -1)), V(0, 0, 0), V(1, 1, 0));
    expect(hit).toEqual({ hit: true, inside: false, t: rat(1n, 2n) });
  });
});

describe("the 3D linear reference: boxes (parallelepipeds)", () => {
  it("specBoxAxes of the identity rotation are the half extents along x, y, z", () => {
    expect(specBoxAxes(V(1, 2, 3), { x: 0, y: 0, z: 0, w: 1 })).toEqual([
      V(1, 0, 0),
      V(0, 2, 0),
      V(0, 0, 3),
    ]);
  });

  it("an unrotated box is its aabb: entry t = 4 on the face x = -1", () => {
    const axes = specBoxAxes(V(1, 1, 1), { x: 0, y: 0, z: 0, w: 1 });
    expect(refBox(refRay(V(-5, 0.5, 0.5), V(1, 0, 0)), origin, axes).t).toEqual(rat(4n));
  });

  it("turned 45 degrees about z: the corner is at x = sqrt 2, so x = 1.4 hits and 1.42 misses", () => {
    // Axes (c, s, 0), (-s, c, 0), (0, 0, 1) with c = s ~ sqrt(1/2); the corner A0 - A1 sits at
    // x ~ 1.41421. At x = 1.4 the face -x s + y c = -1 is crossed at y = 1.4 - sqrt 2, so the
    // ray from y = -5 enters at t = 6.4 - sqrt 2.
    const q = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) };
    const axes = specBoxAxes(V(1, 1, 1), q);
    const h = refBox(refRay(V(1.4, -5, 0), V(0, 1, 0)), origin, axes);
    expect(h.hit).toBe(true);
    expect(toDouble(h.t)).toBeCloseTo(6.4 - Math.SQRT2, 13);
    expect(refBox(refRay(V(1.42, -5, 0), V(0, 1, 0)), origin, axes).hit).toBe(false);
  });

  it("a sheared box: the point (1.9, 0.9, 0) is inside, as the doubles' exact difference is below 1", () => {
    // Axes (1, 0, 0), (1, 1, 0), (0, 0, 1): p = u0 A0 + u1 A1 gives u1 = y, u0 = x - y. The
    // doubles 1.9 and 0.9 differ by exactly 0.99999999999999988898 < 1; (2, 1, 0) is the corner
    // u = (1, 1, 0); one ulp beyond it in x is outside.
    const axes = [V(1, 0, 0), V(1, 1, 0), V(0, 0, 1)];
    expect(refPointInBox(V(1.9, 0.9, 0), origin, axes)).toBe(true);
    expect(refPointInBox(V(2, 1, 0), origin, axes)).toBe(true);
    expect(refPointInBox(V(2.0000000000000004, 1, 0), origin, axes)).toBe(false);
    // A ray along -x at y = 1 enters at the corner edge x = 2: from x = 5 that is t = 3.
    expect(refBox(refRay(V(5, 1, 0), V(-1, 0, 0)), origin, axes).t).toEqual(rat(3n));
  });
});

describe("the 3D linear reference: spheres and capsules", () => {
  const ball = V(0, 0, 0);

  it("a ray along +x from (-5, 0, 0) enters the unit ball at t = 4 (within the 2^-150 bracket)", () => {
    const h = refSphere(refRay(V(-5, 0, 0), V(1, 0, 0)), ball, 1);
    expect(h.hit).toBe(true);
    expect(h.inside).toBe(false);
    expect(Math.abs(toDouble(h.t) - 4)).toBeLessThanOrEqual(2 ** -140);
  });

  it("tangent at y = 1 is a hit at t = 5; 1 ulp further out misses", () => {
    const h = refSphere(refRay(V(-5, 1, 0), V(1, 0, 0)), ball, 1);
    expect(h.hit).toBe(true);
    expect(Math.abs(toDouble(h.t) - 5)).toBeLessThanOrEqual(2 ** -140);
    expect(refSphere(refRay(V(-5, ONE_UP, 0), V(1, 0, 0)), ball, 1).hit).toBe(false);
  });

  it("a start inside gives inside, t = 0; a zero radius is its center point", () => {
    expect(refSphere(refRay(V(0.5, 0, 0), V(1, 0, 0)), ball, 1)).toEqual({
      hit: true,
      inside: true,
      t: rat(0n),
    });
    expect(refSphere(refRay(V(-5, 0, 0), V(1, 0, 0)), ball, 0).hit).toBe(true);
    expect(refSphere(refRay(V(-5, 2 ** -1000, 0), V(1, 0, 0)), ball, 0).hit).toBe(false);
  });

  it("capsule with core (0,0,0)-(0,0,2), r = 1: the side at t = 4, the top cap at t = 5 - sqrt(3/4)", () => {
    const a = V(0, 0, 0);
    const b = V(0, 0, 2);
    // At z = 1 the side x = -1 is reached at t = 4.
    const side = refCapsule(refRay(V(-5, 0, 1), V(1, 0, 0)), a, b, 1);
    expect(Math.abs(toDouble(side.t) - 4)).toBeLessThanOrEqual(2 ** -140);
    // At z = 2.5 the cap |(x, 0, 0.5)| = 1 is met at x = -sqrt(3/4).
    const cap = refCapsule(refRay(V(-5, 0, 2.5), V(1, 0, 0)), a, b, 1);
    expect(toDouble(cap.t)).toBeCloseTo(5 - Math.sqrt(0.75), 14);
    // z = 3 touches the cap's top; the next double above misses.
    expect(refCapsule(refRay(V(-5, 0, 3), V(1, 0, 0)), a, b, 1).hit).toBe(true);
    expect(refCapsule(refRay(V(-5, 0, 3.0000000000000004), V(1, 0, 0)), a, b, 1).hit).toBe(false);
  });
});

describe("the 3D linear reference: planes and points", () => {
  const n = V(0, 0, 1);

  it("a ray down from z = 5 with d = (0, 0, -2) crosses z = 1 at t = 2", () => {
    // 5 - 2t = 1.
    expect(refPlane(refRay(V(0, 0, 5), V(0, 0, -2)), n, 1)).toEqual({
      hit: true,
      inside: false,
      t: rat(2n),
    });
  });

  it("parallel misses, a start on the plane is t = 0, a short segment misses", () => {
    expect(refPlane(refRay(V(0, 0, 5), V(1, 0, 0)), n, 1).hit).toBe(false);
    expect(refPlane(refRay(V(3, 0, 1), V(1, 0, 0)), n, 1).t).toEqual(rat(0n));
    expect(refPlane(refSegment(V(0, 0, 5), V(0, 0, 2)), n, 1).hit).toBe(false);
    // The line through it crosses behind the start: t = -2 for d = (0, 0, 2).
    expect(refPlane(refLine(V(0, 0, 5), V(0, 0, 2)), n, 1).t).toEqual(rat(-2n));
  });

  it("decimals that only look exact: (0.2, 1.8, 0) is not on x + y = 2, nor (0.2, 0.8, 0) in the unit triangle", () => {
    // The doubles 0.2 and 1.8 sum exactly to 2 + 5.55e-17 (0.2000...0111 + 1.8000...0444),
    // though the float sum rounds to 2.
    expect(refPointOnPlane(V(0.2, 1.8, 0), V(1, 1, 0), 2)).toBe(false);
    expect(refPointOnPlane(V(0.5, 1.5, 0), V(1, 1, 0), 2)).toBe(true);
    // double(0.2) + double(0.8) = 1 + 5.55e-17 > 1: outside the hypotenuse.
    const a = V(0, 0, 0);
    const b = V(1, 0, 0);
    const c = V(0, 1, 0);
    expect(refPointInTriangle(V(0.2, 0.8, 0), a, b, c)).toBe(false);
    expect(refPointInTriangle(V(0.5, 0.5, 0), a, b, c)).toBe(true);
    expect(refPointInTriangle(V(0.25, 0.25, 2 ** -1074), a, b, c)).toBe(false);
    // A collinear triangle is the segment it covers.
    expect(refPointInTriangle(V(1.5, 0, 0), a, V(2, 0, 0), b)).toBe(true);
    expect(refPointInTriangle(V(2.5, 0, 0), a, V(2, 0, 0), b)).toBe(false);
  });

  it("points on linear shapes, in balls and in capsules (closed)", () => {
    expect(refPointOnLinear(V(3, 3, 3), refRay(V(1, 1, 1), V(1, 1, 1)))).toBe(true);
    expect(refPointOnLinear(V(0, 0, 0), refRay(V(1, 1, 1), V(1, 1, 1)))).toBe(false);
    expect(refPointOnLinear(V(0, 0, 0), refLine(V(1, 1, 1), V(1, 1, 1)))).toBe(true);
    expect(refPointOnLinear(V(2, 2, 2), refSegment(V(0, 0, 0), V(1, 1, 1)))).toBe(false);
    // On the unit sphere is in; 1 ulp beyond it is out.
    expect(refPointInSphere(V(1, 0, 0), V(0, 0, 0), 1)).toBe(true);
    expect(refPointInSphere(V(ONE_UP, 0, 0), V(0, 0, 0), 1)).toBe(false);
    // Distance 1 from the core (0,0,0)-(0,0,2) at (1, 0, 1); beyond the end (0, 0, 3) touches.
    expect(refPointInCapsule(V(1, 0, 1), V(0, 0, 0), V(0, 0, 2), 1)).toBe(true);
    expect(refPointInCapsule(V(0, 0, 3), V(0, 0, 0), V(0, 0, 2), 1)).toBe(true);
    expect(refPointInCapsule(V(0, 0, 3.0000000000000004), V(0, 0, 0), V(0, 0, 2), 1)).toBe(false);
  });
});
