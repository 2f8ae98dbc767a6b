/**
 * Hand-derived cases at the edges of the 3D overlap tests' cheap first passes (bounding-box
 * rejects, the plane reject for balls and capsules on triangles, the shared triple products of
 * box vs box): the exact answer flips between touching and one ulp apart, so a reject whose
 * error bound were too small would answer the apart case wrongly, or the touching one.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  sphere,
  testAabbTriangle,
  testBoxBox,
  testCapsuleAabb,
  testCapsuleTriangle,
  testSphereTriangle,
  testTriangleTriangle,
  triangle,
  type Vec,
} from "../../src/3d/index.ts";
import { nextUp } from "../reference/float-bits.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });
const unit = aabb(V(0, 0, 0), V(1, 1, 1));
/** The triangle (0,0,0), (4,0,0), (0,4,0) in the plane z = 0; (1, 1) is inside it. */
const floor = triangle(V(0, 0, 0), V(4, 0, 0), V(0, 4, 0));

describe("capsule standing on an aabb's top face", () => {
  it("foot at z = 1.25 with r = 0.25 touches; at nextUp(1.25) it is apart", () => {
    // The segment's lowest point is (0.5, 0.5, foot) above the face z = 1 of [0,1]^3: the distance
    // is foot - 1, which is 0.25 = r exactly, then 0.25 + 2^-52 > r (the subtraction is exact).
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, 1.25), V(0.5, 0.5, 5), 0.25), unit)).toBe(true);
    const up = nextUp(1.25);
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, up), V(0.5, 0.5, 5), 0.25), unit)).toBe(false);
  });
  it("beside the box on -x: a gap of r touches, a gap of r + 2^-52 misses", () => {
    // x from -0.25 to -3: both ends beyond the face x = 0, the nearer by exactly 0.25 = r; then by
    // nextUp(0.25) - 0 = 0.25 + 2^-54 > r.
    expect(testCapsuleAabb(capsule(V(-0.25, 0.5, 0.5), V(-3, 0.5, 0.5), 0.25), unit)).toBe(true);
    const x = -nextUp(0.25);
    expect(testCapsuleAabb(capsule(V(x, 0.5, 0.5), V(-3, 0.5, 0.5), 0.25), unit)).toBe(false);
  });
});

describe("ball and capsule resting on a triangle's plane", () => {
  it("a ball of radius 0.5 at height 0.5 over (1, 1) touches; at nextUp(0.5) it is apart", () => {
    // The nearest triangle point is (1, 1, 0) (inside the triangle): the distance is the height.
    expect(testSphereTriangle(sphere(1, 1, 0.5, 0.5), floor)).toBe(true);
    expect(testSphereTriangle(sphere(1, 1, nextUp(0.5), 0.5), floor)).toBe(false);
    // Below the plane the same, mirrored.
    expect(testSphereTriangle(sphere(1, 1, -0.5, 0.5), floor)).toBe(true);
    expect(testSphereTriangle(sphere(1, 1, -nextUp(0.5), 0.5), floor)).toBe(false);
  });
  it("a standing capsule with its foot at r touches; at nextUp(r) it is apart", () => {
    // Both ends above the plane; the foot (1, 1, h) is nearest, at distance h.
    expect(testCapsuleTriangle(capsule(V(1, 1, 0.5), V(1, 1, 3), 0.5), floor)).toBe(true);
    expect(testCapsuleTriangle(capsule(V(1, 1, nextUp(0.5)), V(1, 1, 3), 0.5), floor)).toBe(false);
  });
  it("a capsule with one end on each side of the plane, far from r, still meets", () => {
    // The segment crosses z = 0 at (1, 1, 0), inside the triangle: distance 0.
    expect(testCapsuleTriangle(capsule(V(1, 1, -3), V(1, 1, 3), 0.1), floor)).toBe(true);
  });
  it("a ball over the plane but beside the triangle is decided by the edge, not the plane", () => {
    // Center (-0.5, 1, 0): in the plane, 0.5 from the edge x = 0 (nearest point (0, 1, 0)).
    expect(testSphereTriangle(sphere(-0.5, 1, 0, 0.5), floor)).toBe(true);
    expect(testSphereTriangle(sphere(-nextUp(0.5), 1, 0, 0.5), floor)).toBe(false);
  });
});

describe("bounding-box rejects of box vs box and aabb vs triangle", () => {
  it("unrotated unit boxes with centers 2 apart touch; nextUp(2) apart do not", () => {
    // Half extents 1 each: the faces x = 1 and x = d - 1 meet when d = 2, and d - 1 > 1 beyond.
    const o = box(V(0, 0, 0), V(1, 1, 1));
    expect(testBoxBox(o, box(V(2, 0, 0), V(1, 1, 1)))).toBe(true);
    expect(testBoxBox(o, box(V(nextUp(2), 0, 0), V(1, 1, 1)))).toBe(false);
    expect(testBoxBox(o, box(V(0, 0, -2), V(1, 1, 1)))).toBe(true);
    expect(testBoxBox(o, box(V(0, 0, -nextUp(2)), V(1, 1, 1)))).toBe(false);
  });
  it("a box turned a quarter about z overlaps or misses by a margin of 0.1 and 0.5", () => {
    // With q = (0, 0, s, s), s = sqrt(1/2) rounded, the half axes are within 2^-50 of (0, 2, 0),
    // (-1, 0, 0) and (0, 0, 1): the box's x reach is 1 within 2^-49. Centered at x = 1.9 it
    // reaches below x = 0.9 + 2^-49 < 1 (the unit box's face; y and z overlap): they meet. At
    // x = 2.5 it starts above 1.5 - 2^-49 > 1: apart.
    const o = box(V(0, 0, 0), V(1, 1, 1));
    const q = { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 };
    expect(testBoxBox(o, box(V(1.9, 0, 0), V(2, 1, 1), q))).toBe(true);
    expect(testBoxBox(o, box(V(2.5, 0, 0), V(2, 1, 1), q))).toBe(false);
  });
  it("a triangle with one corner on the aabb's face x = 1 touches; at nextUp(1) it misses", () => {
    // The other corners have x = 3: the triangle meets x <= 1 only at its first corner.
    const t = (x: number) => triangle(V(x, 0.5, 0.5), V(3, 0.5, 0.5), V(3, 0.7, 0.6));
    expect(testAabbTriangle(unit, t(1))).toBe(true);
    expect(testAabbTriangle(unit, t(nextUp(1)))).toBe(false);
  });
});

describe("triangle vs triangle plane signs near underflow", () => {
  it("a corner on the other's plane touches; lifted by the least subnormal, all are apart", () => {
    // t2's corners at z = 0 (one, at (1, 1), inside floor) and z = 2: they touch at (1, 1, 0).
    // Lifted to z = 2^-1074, every corner of t2 is strictly above floor's plane: apart. The float
    // sign there is below the bound, so the exact orientation decides.
    const tiny = 2 ** -1074;
    expect(testTriangleTriangle(floor, triangle(V(1, 1, 0), V(1, 1, 2), V(2, 1, 2)))).toBe(true);
    expect(testTriangleTriangle(floor, triangle(V(1, 1, tiny), V(1, 1, 2), V(2, 1, 2)))).toBe(
      false,
    );
  });
});
