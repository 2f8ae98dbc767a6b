/**
 * Hand-derived cases for the exact 3D overlap tests of solids. Each expected value has its
 * derivation in a comment; "nextDown(r)" is the double just below r, so the pair is apart by
 * less than an ulp of the radius.
 */
import { Box3, Matrix4, Frustum as ThreeFrustum, Vector3 } from "three";
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  frustum,
  plane,
  sphere,
  testAabbAabb,
  testAabbBox,
  testAabbFrustum,
  testAabbTriangle,
  testBoxBox,
  testBoxFrustum,
  testBoxTriangle,
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsuleTriangle,
  testPlaneAabb,
  testPlaneBox,
  testPlaneCapsule,
  testPlanePlane,
  testPlaneSphere,
  testPlaneTriangle,
  testSphereAabb,
  testSphereBox,
  testSphereCapsule,
  testSphereFrustum,
  testSphereSphere,
  testSphereTriangle,
  testTriangleTriangle,
  triangle,
  type Vec,
} from "../../src/3d/index.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });
const box3 = (min: Vec, max: Vec) => aabb(min, max);
/** 180 degrees about z: the rotation matrix is diag(-1, -1, 1) exactly in doubles. */
const HALF_TURN_Z = { x: 0, y: 0, z: 1, w: 0 };

describe("sphere vs sphere", () => {
  it("(2, 3, 6) is 7 from the origin: radii 3 + 4 touch, 3 + nextDown(4) miss", () => {
    expect(testSphereSphere(sphere(0, 0, 0, 3), sphere(2, 3, 6, 4))).toBe(true);
    expect(testSphereSphere(sphere(0, 0, 0, 3), sphere(2, 3, 6, nextDown(4)))).toBe(false);
  });
  it("(1, 4, 8) is 9 from the origin: radii 4.5 + 4.5 touch, 4.5 + nextDown(4.5) miss", () => {
    expect(testSphereSphere(sphere(0, 0, 0, 4.5), sphere(1, 4, 8, 4.5))).toBe(true);
    expect(testSphereSphere(sphere(0, 0, 0, 4.5), sphere(1, 4, 8, nextDown(4.5)))).toBe(false);
  });
  it("at an offset of 1e9 the same tangency holds (integers are exact there)", () => {
    const o = 1e9;
    expect(testSphereSphere(sphere(o, o, o, 3), sphere(o + 2, o + 3, o + 6, 4))).toBe(true);
    expect(testSphereSphere(sphere(o, o, o, 3), sphere(o + 2, o + 3, o + 6, nextDown(4)))).toBe(
      false,
    );
  });
  it("at scale 2^-24 (exact) the tangency holds", () => {
    const s = 2 ** -24;
    expect(testSphereSphere(sphere(0, 0, 0, 3 * s), sphere(2 * s, 3 * s, 6 * s, 4 * s))).toBe(true);
    expect(
      testSphereSphere(sphere(0, 0, 0, 3 * s), sphere(2 * s, 3 * s, 6 * s, nextDown(4 * s))),
    ).toBe(false);
  });
  it("decimal trap: the double 0.1 + 0.2 rounds up past the exact sum of the radii", () => {
    // Exact 0.1 + 0.2 = 0.30000000000000001665; the double 0.30000000000000004 is 0.3000...0444.
    expect(testSphereSphere(sphere(0, 0, 0, 0.1), sphere(0.1 + 0.2, 0, 0, 0.2))).toBe(false);
    // The double 0.3 = 0.29999999999999998890 is below the exact sum.
    expect(testSphereSphere(sphere(0, 0, 0, 0.1), sphere(0.3, 0, 0, 0.2))).toBe(true);
  });
  it("containment and zero radii: a point sphere on the other's surface counts", () => {
    expect(testSphereSphere(sphere(0, 0, 0, 10), sphere(1, 1, 1, 1))).toBe(true);
    expect(testSphereSphere(sphere(0, 0, 0, 7), sphere(2, 3, 6, 0))).toBe(true);
    expect(testSphereSphere(sphere(0, 0, 0, 0), sphere(0, 0, 0, 0))).toBe(true);
    expect(testSphereSphere(sphere(0, 0, 0, 0), sphere(5e-324, 0, 0, 0))).toBe(false);
  });
});

describe("sphere vs capsule", () => {
  it("a capsule along z through (3, 4) is 5 from the z axis: radii 2 + 3 touch", () => {
    const c = capsule(V(3, 4, -10), V(3, 4, 10), 3);
    expect(testSphereCapsule(sphere(0, 0, 0, 2), c)).toBe(true);
    expect(testSphereCapsule(sphere(0, 0, 0, nextDown(2)), c)).toBe(false);
  });
  it("beyond an end the nearest point is the end: (2, 3, 6) is 7 away", () => {
    const c = capsule(V(2, 3, 6), V(4, 6, 12), 4);
    expect(testSphereCapsule(sphere(0, 0, 0, 3), c)).toBe(true);
    expect(testSphereCapsule(sphere(0, 0, 0, nextDown(3)), c)).toBe(false);
  });
  it("a zero-length capsule is a sphere", () => {
    expect(testSphereCapsule(sphere(0, 0, 0, 3), capsule(V(2, 3, 6), V(2, 3, 6), 4))).toBe(true);
    expect(
      testSphereCapsule(sphere(0, 0, 0, 3), capsule(V(2, 3, 6), V(2, 3, 6), nextDown(4))),
    ).toBe(false);
  });
});

describe("sphere vs aabb and box", () => {
  const b = box3(V(2, 3, 6), V(5, 5, 9));
  it("the nearest corner (2, 3, 6) is 7 from the origin", () => {
    expect(testSphereAabb(sphere(0, 0, 0, 7), b)).toBe(true);
    expect(testSphereAabb(sphere(0, 0, 0, nextDown(7)), b)).toBe(false);
  });
  it("touching a face, and a sphere inside the box", () => {
    expect(testSphereAabb(sphere(0, 0, 0, 1), box3(V(1, -1, -1), V(2, 1, 1)))).toBe(true);
    expect(testSphereAabb(sphere(0, 0, 0, 1), box3(V(nextUp(1), -1, -1), V(2, 1, 1)))).toBe(false);
    expect(testSphereAabb(sphere(3, 4, 7, 0.1), b)).toBe(true);
  });
  it("a box without rotation is the same aabb: center (3.5, 4, 7.5), halves (1.5, 1, 1.5)", () => {
    const o = box(V(3.5, 4, 7.5), V(1.5, 1, 1.5));
    expect(testSphereBox(sphere(0, 0, 0, 7), o)).toBe(true);
    expect(testSphereBox(sphere(0, 0, 0, nextDown(7)), o)).toBe(false);
  });
  it("a half turn about z keeps the box (axes -x, -y, z are exact)", () => {
    const o = box(V(3.5, 4, 7.5), V(1.5, 1, 1.5), HALF_TURN_Z);
    expect(testSphereBox(sphere(0, 0, 0, 7), o)).toBe(true);
    expect(testSphereBox(sphere(0, 0, 0, nextDown(7)), o)).toBe(false);
  });
  it("a flat box (one half extent 0) is a rectangle", () => {
    const o = box(V(0, 0, 7), V(1, 1, 0));
    expect(testSphereBox(sphere(0, 0, 0, 7), o)).toBe(true);
    expect(testSphereBox(sphere(0, 0, 0, nextDown(7)), o)).toBe(false);
  });
});

describe("sphere vs triangle", () => {
  const t = triangle(V(-1, -1, 7), V(1, -1, 7), V(0, 1, 7));
  it("the foot (0, 0, 7) is inside the triangle: distance 7", () => {
    expect(testSphereTriangle(sphere(0, 0, 0, 7), t)).toBe(true);
    expect(testSphereTriangle(sphere(0, 0, 0, nextDown(7)), t)).toBe(false);
  });
  it("a collinear triangle is its segment through (0, 0, 7)", () => {
    const d = triangle(V(-1, 0, 7), V(0, 0, 7), V(1, 0, 7));
    expect(testSphereTriangle(sphere(0, 0, 0, 7), d)).toBe(true);
    expect(testSphereTriangle(sphere(0, 0, 0, nextDown(7)), d)).toBe(false);
  });
  it("nearest at a corner: (2, 3, 6) with the triangle pointing away", () => {
    const c = triangle(V(2, 3, 6), V(4, 3, 6), V(2, 5, 6));
    expect(testSphereTriangle(sphere(0, 0, 0, 7), c)).toBe(true);
    expect(testSphereTriangle(sphere(0, 0, 0, nextDown(7)), c)).toBe(false);
  });
});

describe("capsule vs capsule", () => {
  it("skew segments 3 apart (x axis and the y direction at z = 3): radii 1 + 2 touch", () => {
    const a = capsule(V(-1, 0, 0), V(1, 0, 0), 1);
    expect(testCapsuleCapsule(a, capsule(V(0, -1, 3), V(0, 1, 3), 2))).toBe(true);
    expect(testCapsuleCapsule(a, capsule(V(0, -1, 3), V(0, 1, 3), nextDown(2)))).toBe(false);
  });
  it("parallel segments 5 apart with overlapping spans; collinear ones 3 apart end to end", () => {
    const a = capsule(V(0, 0, 0), V(10, 0, 0), 2);
    expect(testCapsuleCapsule(a, capsule(V(3, 3, 4), V(20, 3, 4), 3))).toBe(true);
    expect(testCapsuleCapsule(a, capsule(V(3, 3, 4), V(20, 3, 4), nextDown(3)))).toBe(false);
    expect(testCapsuleCapsule(a, capsule(V(13, 0, 0), V(20, 0, 0), 1))).toBe(true);
    expect(testCapsuleCapsule(a, capsule(V(13, 0, 0), V(20, 0, 0), nextDown(1)))).toBe(false);
  });
  it("crossing segments with zero radii meet", () => {
    const a = capsule(V(-1, 0, 0), V(1, 0, 0), 0);
    expect(testCapsuleCapsule(a, capsule(V(0, -1, 0), V(0, 1, 0), 0))).toBe(true);
    expect(testCapsuleCapsule(a, capsule(V(0, -1, 5e-324), V(0, 1, 5e-324), 0))).toBe(false);
  });
});

describe("capsule vs aabb, box, triangle", () => {
  const unit = box3(V(-1, -1, -1), V(1, 1, 1));
  it("a capsule along x above the face y = 1 by its radius", () => {
    expect(testCapsuleAabb(capsule(V(-5, 2, 0), V(5, 2, 0), 1), unit)).toBe(true);
    expect(testCapsuleAabb(capsule(V(-5, 2, 0), V(5, 2, 0), nextDown(1)), unit)).toBe(false);
  });
  it("a capsule parallel to the edge x = y = 1: (4, 5) is 5 from (1, 1)", () => {
    expect(testCapsuleAabb(capsule(V(4, 5, -9), V(4, 5, 9), 5), unit)).toBe(true);
    expect(testCapsuleAabb(capsule(V(4, 5, -9), V(4, 5, 9), nextDown(5)), unit)).toBe(false);
  });
  it("a capsule 3 above the top face z = 1 of a half-turned box [-1, 1]^3", () => {
    // The segment at z = 4 passes over the face (its part with x <= 1, |y| <= 1).
    const o = box(V(0, 0, 0), V(1, 1, 1), HALF_TURN_Z);
    expect(testCapsuleBox(capsule(V(0, -1, 4), V(2, 1, 4), 3), o)).toBe(true);
    expect(testCapsuleBox(capsule(V(0, -1, 4), V(2, 1, 4), nextDown(3)), o)).toBe(false);
  });
  it("a vertical capsule above a triangle by its radius; a piercing one with radius 0", () => {
    const t = triangle(V(0, 0, 0), V(4, 0, 0), V(0, 4, 0));
    expect(testCapsuleTriangle(capsule(V(1, 1, 2), V(1, 1, 5), 2), t)).toBe(true);
    expect(testCapsuleTriangle(capsule(V(1, 1, 2), V(1, 1, 5), nextDown(2)), t)).toBe(false);
    expect(testCapsuleTriangle(capsule(V(1, 1, -2), V(1, 1, 5), 0), t)).toBe(true);
    // Through the hypotenuse's point (2, 2, 0) exactly; a hair outside misses.
    expect(testCapsuleTriangle(capsule(V(2, 2, -2), V(2, 2, 5), 0), t)).toBe(true);
    expect(testCapsuleTriangle(capsule(V(2, nextUp(2), -2), V(2, nextUp(2), 5), 0), t)).toBe(false);
  });
});

describe("flat pairs", () => {
  const unit = box3(V(0, 0, 0), V(1, 1, 1));
  it("aabbs touching at a face, an edge and a corner; one ulp apart misses", () => {
    expect(testAabbAabb(unit, box3(V(1, 0, 0), V(2, 1, 1)))).toBe(true);
    expect(testAabbAabb(unit, box3(V(1, 1, 0), V(2, 2, 1)))).toBe(true);
    expect(testAabbAabb(unit, box3(V(1, 1, 1), V(2, 2, 2)))).toBe(true);
    expect(testAabbAabb(unit, box3(V(nextUp(1), 1, 1), V(2, 2, 2)))).toBe(false);
  });
  it("aabb vs box and box vs box at a shared corner (1, 1, 1)", () => {
    const o = box(V(1.5, 1.5, 1.5), V(0.5, 0.5, 0.5), HALF_TURN_Z);
    expect(testAabbBox(unit, o)).toBe(true);
    expect(testBoxBox(box(V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5)), o)).toBe(true);
    const p = box(V(nextUp(1.5), 1.5, 1.5), V(0.5, 0.5, 0.5), HALF_TURN_Z);
    // nextUp(1.5) - 0.5 > 1: the box starts beyond x = 1.
    expect(testAabbBox(unit, p)).toBe(false);
    expect(testBoxBox(box(V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5)), p)).toBe(false);
  });
  it("a box turned 45 degrees about z reaches sqrt(2) ~ 1.414 along x", () => {
    const q = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) };
    const o = box(V(0, 0, 0), V(1, 1, 1), q);
    expect(testAabbBox(box3(V(1.4, -0.1, -0.1), V(3, 0.1, 0.1)), o)).toBe(true);
    expect(testAabbBox(box3(V(1.42, -0.1, -0.1), V(3, 0.1, 0.1)), o)).toBe(false);
    // Edge against edge: an axis-aligned box beside the turned box's corner, diagonally.
    expect(testBoxBox(o, box(V(1.42 + 1, 0, 0), V(1, 1, 1)))).toBe(false);
    expect(testBoxBox(o, box(V(1.4 + 1, 0, 0), V(1, 1, 1)))).toBe(true);
  });
  it("the plane x + y + z = 3 touches the unit cube only at the corner (1, 1, 1)", () => {
    const t = triangle(V(3, 0, 0), V(0, 3, 0), V(0, 0, 3));
    expect(testAabbTriangle(unit, t)).toBe(true);
    const u = nextUp(3);
    const far = triangle(V(u, 0, 0), V(0, u, 0), V(0, 0, u));
    expect(testAabbTriangle(unit, far)).toBe(false);
    const cube = box(V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5));
    expect(testBoxTriangle(cube, t)).toBe(true);
    expect(testBoxTriangle(cube, far)).toBe(false);
  });
  it("a degenerate (collinear) triangle along the cube's edge, and a point triangle", () => {
    expect(testAabbTriangle(unit, triangle(V(-1, 0, 1), V(0.5, 0, 1), V(2, 0, 1)))).toBe(true);
    expect(
      testAabbTriangle(
        unit,
        triangle(V(-1, 0, nextUp(1)), V(0.5, 0, nextUp(1)), V(2, 0, nextUp(1))),
      ),
    ).toBe(false);
    expect(testAabbTriangle(unit, triangle(V(1, 1, 1), V(1, 1, 1), V(1, 1, 1)))).toBe(true);
  });
  it("triangles: crossing, touching at a vertex (coplanar), edge on edge, parallel planes", () => {
    const t = triangle(V(0, 0, 0), V(4, 0, 0), V(0, 4, 0));
    // Piercing: a vertical triangle through the inside.
    expect(testTriangleTriangle(t, triangle(V(1, 1, -1), V(1, 1, 1), V(2, 1, 1)))).toBe(true);
    // Coplanar, vertex (2, 2, 0) on the hypotenuse x + y = 4.
    expect(testTriangleTriangle(t, triangle(V(2, 2, 0), V(5, 2, 0), V(2, 5, 0)))).toBe(true);
    const n = nextUp(2);
    expect(testTriangleTriangle(t, triangle(V(n, 2, 0), V(5, 2, 0), V(n, 5, 0)))).toBe(false);
    // Parallel planes z = 0 and z = 5e-324.
    expect(
      testTriangleTriangle(t, triangle(V(0, 0, 5e-324), V(4, 0, 5e-324), V(0, 4, 5e-324))),
    ).toBe(false);
    // A vertical triangle whose edge touches the hypotenuse at (2, 2, 0).
    expect(testTriangleTriangle(t, triangle(V(2, 2, 0), V(3, 3, 0), V(3, 3, 1)))).toBe(true);
    // Decimal trap: 0.2 + 1.8 === 2 in doubles, but exactly 0.2000000000000000111 +
    // 1.8000000000000000444 > 2: the vertex (0.2, 1.8) is beyond the hypotenuse x + y = 2.
    const h = triangle(V(0, 0, 0), V(2, 0, 0), V(0, 2, 0));
    expect(testTriangleTriangle(h, triangle(V(0.2, 1.8, 0), V(3, 3, 0), V(3, 3, 1)))).toBe(false);
    expect(testTriangleTriangle(h, triangle(V(0.25, 1.75, 0), V(3, 3, 0), V(3, 3, 1)))).toBe(true);
  });
});

describe("planes", () => {
  it("the plane (2, 3, 6) . p = 49 is 7 from the origin", () => {
    const p = plane(V(2, 3, 6), 49);
    expect(testPlaneSphere(p, sphere(0, 0, 0, 7))).toBe(true);
    expect(testPlaneSphere(p, sphere(0, 0, 0, nextDown(7)))).toBe(false);
    // A sphere on the far side, 7 beyond: center 2 * (2, 3, 6).
    expect(testPlaneSphere(p, sphere(4, 6, 12, 7))).toBe(true);
    expect(testPlaneSphere(p, sphere(4, 6, 12, nextDown(7)))).toBe(false);
  });
  it("capsules: crossing, and parallel at the radius", () => {
    const p = plane(V(0, 0, 1), 5);
    expect(testPlaneCapsule(p, capsule(V(0, 0, 0), V(0, 0, 9), 0))).toBe(true);
    expect(testPlaneCapsule(p, capsule(V(-3, 0, 2), V(3, 0, 2), 3))).toBe(true);
    expect(testPlaneCapsule(p, capsule(V(-3, 0, 2), V(3, 0, 2), nextDown(3)))).toBe(false);
  });
  it("x + y + z = 3 touches the unit cube at its corner; nextUp(3) misses", () => {
    const unit = box3(V(0, 0, 0), V(1, 1, 1));
    expect(testPlaneAabb(plane(V(1, 1, 1), 3), unit)).toBe(true);
    expect(testPlaneAabb(plane(V(1, 1, 1), nextUp(3)), unit)).toBe(false);
    expect(testPlaneAabb(plane(V(-1, -1, -1), -3), unit)).toBe(true);
    const cube = box(V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5), HALF_TURN_Z);
    expect(testPlaneBox(plane(V(1, 1, 1), 3), cube)).toBe(true);
    expect(testPlaneBox(plane(V(1, 1, 1), nextUp(3)), cube)).toBe(false);
  });
  it("triangles: a vertex on the plane counts; all on one side misses", () => {
    const p = plane(V(0, 0, 1), 0);
    expect(testPlaneTriangle(p, triangle(V(0, 0, 0), V(1, 0, 1), V(0, 1, 1)))).toBe(true);
    expect(testPlaneTriangle(p, triangle(V(0, 0, 5e-324), V(1, 0, 1), V(0, 1, 1)))).toBe(false);
    expect(testPlaneTriangle(p, triangle(V(0, 0, -1), V(1, 0, 1), V(0, 1, 1)))).toBe(true);
  });
  it("plane vs plane: parallel apart, the same plane scaled, not parallel", () => {
    expect(testPlanePlane(plane(V(1, 2, 3), 4), plane(V(2, 4, 6), 8))).toBe(true);
    expect(testPlanePlane(plane(V(1, 2, 3), 4), plane(V(2, 4, 6), nextUp(8)))).toBe(false);
    expect(testPlanePlane(plane(V(1, 2, 3), 4), plane(V(1, 2, 3.0000000000000004), 0))).toBe(true);
    // 3 * 0.1 = 0.30000000000000004 != 0.3: the normals (0.1, 0.2, 0.3) and (0.3, 0.6, 0.9) are
    // not exactly parallel (0.6 = 2 * 0.3 exactly, and 0.3 / 0.1 != 0.6 / 0.2 in exact terms).
    expect(testPlanePlane(plane(V(0.1, 0.2, 0.3), 1), plane(V(0.3, 0.6, 0.9), 5))).toBe(true);
  });
});

/**
 * The frustum z in [-3, -1], |x| <= -z, |y| <= -z: the column-major matrix with rows (1,0,0,0),
 * (0,1,0,0), (0,0,-2,-3), (0,0,-1,0) (a 90-degree perspective, near 1, far 3). Its corners are
 * (±1, ±1, -1) and (±3, ±3, -3), all exact.
 */
const M = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -2, -1, 0, 0, -3, 0];
const F = frustum(M);

describe("frustum", () => {
  it("its planes are the hand-derived ones", () => {
    // + 0 turns the -0 of a negated zero into 0.
    expect(
      F.planes.map((p) => [p.normal.x + 0, p.normal.y + 0, p.normal.z + 0, p.offset + 0]),
    ).toEqual([
      [-1, 0, 1, 0],
      [1, 0, 1, 0],
      [0, -1, 1, 0],
      [0, 1, 1, 0],
      [0, 0, 3, -3],
      [0, 0, -1, 3],
    ]);
  });
  it("three.js #27756: a box beyond the corner (3, 3, -3) passes every plane yet misses", () => {
    // x >= 3.0625 > 3 >= -z on the frustum: apart. Each plane alone has part of the box inside.
    const b = box3(V(3.0625, 3.0625, -3.625), V(3.625, 3.625, -2.9375));
    const f3 = new ThreeFrustum().setFromProjectionMatrix(new Matrix4().fromArray(M));
    expect(
      f3.intersectsBox(
        new Box3(new Vector3(3.0625, 3.0625, -3.625), new Vector3(3.625, 3.625, -2.9375)),
      ),
    ).toBe(true);
    expect(testAabbFrustum(b, F)).toBe(false);
    expect(
      testBoxFrustum(box(V(3.34375, 3.34375, -3.28125), V(0.28125, 0.28125, 0.34375)), F),
    ).toBe(false);
  });
  it("a box at the corner (3, 3, -3) touches; one ulp off misses", () => {
    expect(testAabbFrustum(box3(V(3, 3, -4), V(4, 4, -3)), F)).toBe(true);
    expect(testAabbFrustum(box3(V(nextUp(3), 3, -4), V(4, 4, -3)), F)).toBe(false);
    expect(testBoxFrustum(box(V(3.5, 3.5, -3.5), V(0.5, 0.5, 0.5)), F)).toBe(true);
    expect(testBoxFrustum(box(V(nextUp(3.5), 3.5, -3.5), V(0.5, 0.5, 0.5)), F)).toBe(false);
  });
  it("boxes inside, around, and beyond one plane", () => {
    expect(testAabbFrustum(box3(V(-0.5, -0.5, -2.5), V(0.5, 0.5, -1.5)), F)).toBe(true);
    expect(testAabbFrustum(box3(V(-9, -9, -9), V(9, 9, 9)), F)).toBe(true);
    expect(testAabbFrustum(box3(V(-1, -1, -0.5), V(1, 1, 0)), F)).toBe(false);
    expect(testAabbFrustum(box3(V(2, -0.5, -2.5), V(3, 0.5, -1.5)), F)).toBe(true);
  });
  it("a sphere whose nearest frustum point is the corner (3, 3, -3): (2, 3, -6) away, 7", () => {
    // (2, 3, -6) = 2 (1,0,1) + 3 (0,1,1) + 11 (0,0,-1): inside the corner's normal cone.
    expect(testSphereFrustum(sphere(5, 6, -9, 7), F)).toBe(true);
    expect(testSphereFrustum(sphere(5, 6, -9, nextDown(7)), F)).toBe(false);
    expect(testSphereFrustum(sphere(0, 0, -2, 0), F)).toBe(true);
    expect(testSphereFrustum(sphere(0, 0, 0, 0.5), F)).toBe(false);
  });
});

describe("near contact: the float passes decide clear cases, the exact path the touching ones", () => {
  const V3 = (x: number, y: number, z: number): Vec => ({ x, y, z });
  const flat = triangle(V3(0, 0, 0), V3(4, 0, 0), V3(0, 4, 0));
  // The double after 0.5 (ulp(0.5) = 2^-53).
  const up = 0.5 + 2 ** -53;
  it("a ball over the triangle's inside touches at height r exactly, misses one ulp higher", () => {
    // Foot (1, 1, 0) is inside; distance = height.
    expect(testSphereTriangle(sphere(1, 1, 0.5, 0.5), flat)).toBe(true);
    expect(testSphereTriangle(sphere(1, 1, up, 0.5), flat)).toBe(false);
    // Clear cases: 0.4 deep, 0.1 apart.
    expect(testSphereTriangle(sphere(1, 1, 0.1, 0.5), flat)).toBe(true);
    expect(testSphereTriangle(sphere(1, 1, 0.6, 0.5), flat)).toBe(false);
  });
  it("a capsule standing on the triangle, and one beside its hypotenuse", () => {
    expect(testCapsuleTriangle(capsule(V3(1, 1, 0.5), V3(1, 1, 3), 0.5), flat)).toBe(true);
    expect(testCapsuleTriangle(capsule(V3(1, 1, up), V3(1, 1, 3), 0.5), flat)).toBe(false);
    // Vertical capsule at (3, 3): the hypotenuse x + y = 4 is |3 + 3 - 4| / sqrt 2 = sqrt 2 away.
    expect(testCapsuleTriangle(capsule(V3(3, 3, -1), V3(3, 3, 1), 1.5), flat)).toBe(true);
    expect(testCapsuleTriangle(capsule(V3(3, 3, -1), V3(3, 3, 1), 1.4), flat)).toBe(false);
  });
  it("a capsule on an aabb's top face and against a box's side", () => {
    const b = aabb(V3(0, 0, -1), V3(2, 2, 0));
    expect(testCapsuleAabb(capsule(V3(1, 1, 0.5), V3(1, 2, 3), 0.5), b)).toBe(true);
    expect(testCapsuleAabb(capsule(V3(1, 1, up), V3(1, 2, 3), 0.5), b)).toBe(false);
    // Box [-1, 1]^3: a segment along z at x = 1.5 is 0.5 from the face x = 1.
    const o = box(V3(0, 0, 0), V3(1, 1, 1), { x: 0, y: 0, z: 0, w: 1 });
    expect(testCapsuleBox(capsule(V3(1.5, 0, -3), V3(1.5, 0, 3), 0.5), o)).toBe(true);
    expect(testCapsuleBox(capsule(V3(1.5, 0, -3), V3(1.5, 0, 3), 0.25), o)).toBe(false);
  });
  it("triangles crossing, stacked apart, and touching at a vertex", () => {
    // The second stands across the first's inside: its edge from (1, 1, -1) to (1, 1, 1) pierces.
    expect(testTriangleTriangle(flat, triangle(V3(1, 1, -1), V3(1, 1, 1), V3(5, 5, 1)))).toBe(true);
    expect(testTriangleTriangle(flat, triangle(V3(0, 0, 1), V3(4, 0, 1), V3(0, 4, 2)))).toBe(false);
    // Vertex (1, 1, 0) rests on the inside; lifting it by 2^-60 separates them.
    expect(testTriangleTriangle(flat, triangle(V3(1, 1, 0), V3(1, 2, 1), V3(2, 1, 1)))).toBe(true);
    expect(testTriangleTriangle(flat, triangle(V3(1, 1, 2 ** -60), V3(1, 2, 1), V3(2, 1, 1)))).toBe(
      false,
    );
  });
});
