/**
 * Hand-derived cases for the remaining exact 3D tests (src/3d/query/test-more.ts) and
 * contactPlaneTriangle. Each expected value has its derivation in a comment; "one ulp" moves
 * use nextUp / nextDown of a coordinate so the pair is apart or touching by the least amount.
 */
import { describe, expect, it } from "vitest";
import {
  contactPlaneTriangle,
  type Frustum,
  line,
  mesh,
  plane,
  ray,
  segment,
  testCapsuleFrustum,
  testFrustumFrustum,
  testLineFrustum,
  testLineLine,
  testLineRay,
  testLineSegment,
  testMeshFrustum,
  testMeshMesh,
  testPlaneFrustum,
  testPlaneMesh,
  testPointFrustum,
  testRayFrustum,
  testRayRay,
  testRaySegment,
  testSegmentFrustum,
  testSegmentSegment,
  testTriangleFrustum,
  triangle,
  vec,
} from "../../src/3d/index.ts";
import { capsule } from "../../src/3d/shapes.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";

/** The unit cube [0, 1]^3 as six planes n . p <= offset (normals out): its corners are the 8 cube corners. */
function cubeFrustum(s = 1, o = 0): Frustum {
  return {
    planes: [
      { normal: vec(-1, 0, 0), offset: -o },
      { normal: vec(1, 0, 0), offset: o + s },
      { normal: vec(0, -1, 0), offset: -o },
      { normal: vec(0, 1, 0), offset: o + s },
      { normal: vec(0, 0, -1), offset: -o },
      { normal: vec(0, 0, 1), offset: o + s },
    ],
  };
}

/** The truncated pyramid |x| <= z, |y| <= z, 1 <= z <= 2 (left, right, bottom, top, near, far). */
const PYR: Frustum = {
  planes: [
    { normal: vec(-1, 0, -1), offset: 0 },
    { normal: vec(1, 0, -1), offset: 0 },
    { normal: vec(0, -1, -1), offset: 0 },
    { normal: vec(0, 1, -1), offset: 0 },
    { normal: vec(0, 0, -1), offset: -1 },
    { normal: vec(0, 0, 1), offset: 2 },
  ],
};

describe("linear x linear", () => {
  it("crossing lines meet; skew lines one ulp out of plane do not", () => {
    // x-axis and the line x = 1, z = 0 along y: cross at (1, 0, 0).
    expect(testLineLine(line(0, 0, 0, 1, 0, 0), line(1, 5, 0, 0, 1, 0))).toBe(true);
    // Lifted to z = 2^-1074 (the least positive double): parallel planes, skew.
    expect(testLineLine(line(0, 0, 0, 1, 0, 0), line(1, 5, Number.MIN_VALUE, 0, 1, 0))).toBe(false);
    // Parallel distinct lines (y = 0 and y = 1e-300) never meet; the same line (other point, scaled dir) does.
    expect(testLineLine(line(0, 0, 0, 1, 0, 0), line(0, 1e-300, 0, 3, 0, 0))).toBe(false);
    expect(testLineLine(line(0, 0, 0, 1, 1, 1), line(5, 5, 5, -2, -2, -2))).toBe(true);
  });
  it("ray parameter signs: the crossing at t = 0 touches, one ulp behind misses", () => {
    // Ray from (1, 0, 0) along +x and the line x = 1 along y: they meet at the ray's origin (t = 0).
    expect(testLineRay(line(1, 3, 0, 0, 1, 0), ray(1, 0, 0, 1, 0, 0))).toBe(true);
    // Line x = nextDown(1): the crossing is at t = nextDown(1) - 1 < 0.
    expect(testLineRay(line(nextDown(1), 3, 0, 0, 1, 0), ray(1, 0, 0, 1, 0, 0))).toBe(false);
    // Collinear line and ray always meet.
    expect(testLineRay(line(-7, 0, 0, 1, 0, 0), ray(100, 0, 0, -1, 0, 0))).toBe(true);
  });
  it("line against segment: endpoint touching and one ulp short", () => {
    // Segment (0,-1,0)-(0,1,0) and the line y = 1 along x: touches the end b at (0, 1, 0).
    const s = segment(vec(0, -1, 0), vec(0, 1, 0));
    expect(testLineSegment(line(5, 1, 0, 1, 0, 0), s)).toBe(true);
    expect(testLineSegment(line(5, nextUp(1), 0, 1, 0, 0), s)).toBe(false);
    // A zero-length segment is a point: on the line or not.
    expect(testLineSegment(line(0, 0, 0, 1, 2, 3), segment(vec(2, 4, 6), vec(2, 4, 6)))).toBe(true);
    expect(
      testLineSegment(line(0, 0, 0, 1, 2, 3), segment(vec(2, 4, nextUp(6)), vec(2, 4, nextUp(6)))),
    ).toBe(false);
  });
  it("rays: crossing, opposite collinear overlapping and apart", () => {
    // Rays from (0,0,0) along +x and from (1,-1,0) along +y cross at (1, 0, 0): t = 1, s = 1.
    expect(testRayRay(ray(0, 0, 0, 1, 0, 0), ray(1, -1, 0, 0, 1, 0))).toBe(true);
    // Second ray reversed (along -y): the crossing is at s = -1, behind it.
    expect(testRayRay(ray(0, 0, 0, 1, 0, 0), ray(1, -1, 0, 0, -1, 0))).toBe(false);
    // Collinear, facing each other from 0 and 5: overlap [0, 5].
    expect(testRayRay(ray(0, 0, 0, 1, 0, 0), ray(5, 0, 0, -1, 0, 0))).toBe(true);
    // Collinear, facing away from 0 and 5 (one along -x from 0, one along +x from 5): apart.
    expect(testRayRay(ray(0, 0, 0, -1, 0, 0), ray(5, 0, 0, 1, 0, 0))).toBe(false);
    // Facing away from the same point: they share it.
    expect(testRayRay(ray(0, 0, 0, -1, 0, 0), ray(0, 0, 0, 1, 0, 0))).toBe(true);
    // Same direction: always overlap far out.
    expect(testRayRay(ray(9, 0, 0, 2, 0, 0), ray(-3, 0, 0, 1, 0, 0))).toBe(true);
  });
  it("ray against segment: collinear touching end and one ulp beyond", () => {
    // Ray from 1 along +x, segment [-1, 1] on the x-axis: they share x = 1.
    expect(testRaySegment(ray(1, 0, 0, 1, 0, 0), segment(vec(-1, 0, 0), vec(1, 0, 0)))).toBe(true);
    expect(
      testRaySegment(ray(nextUp(1), 0, 0, 1, 0, 0), segment(vec(-1, 0, 0), vec(1, 0, 0))),
    ).toBe(false);
    // Segment reversed (b before a): same answer.
    expect(testRaySegment(ray(1, 0, 0, 1, 0, 0), segment(vec(1, 0, 0), vec(-1, 0, 0)))).toBe(true);
    // Crossing: ray (0,0,0)+t(1,1,0) meets segment x+y = 2 in the z = 0 plane at (1, 1, 0).
    expect(testRaySegment(ray(0, 0, 0, 1, 1, 0), segment(vec(2, 0, 0), vec(0, 2, 0)))).toBe(true);
  });
  it("segments: T-touch, one ulp gap, collinear overlap", () => {
    // (0,0,0)-(2,0,0) and (1,0,0)-(1,1,0): b's end touches a's interior.
    expect(
      testSegmentSegment(segment(vec(0, 0, 0), vec(2, 0, 0)), segment(vec(1, 0, 0), vec(1, 1, 0))),
    ).toBe(true);
    expect(
      testSegmentSegment(
        segment(vec(0, 0, 0), vec(2, 0, 0)),
        segment(vec(1, Number.MIN_VALUE, 0), vec(1, 1, 0)),
      ),
    ).toBe(false);
    // Collinear overlapping [0, 2] and [2, 3] share x = 2.
    expect(
      testSegmentSegment(segment(vec(0, 0, 0), vec(2, 0, 0)), segment(vec(3, 0, 0), vec(2, 0, 0))),
    ).toBe(true);
  });
});

describe("frustum pairs", () => {
  const cube = cubeFrustum();
  it("point: on a face, a corner, one ulp outside", () => {
    expect(testPointFrustum(vec(0.5, 0.5, 1), cube)).toBe(true);
    expect(testPointFrustum(vec(1, 1, 1), cube)).toBe(true);
    expect(testPointFrustum(vec(1, 1, nextUp(1)), cube)).toBe(false);
    // Pyramid: (1, 1, 1) is its near corner (|x| = |y| = z = 1); x one ulp above 1 is outside |x| <= z.
    expect(testPointFrustum(vec(1, 1, 1), PYR)).toBe(true);
    expect(testPointFrustum(vec(nextUp(1), 1, 1), PYR)).toBe(false);
  });
  it("lines and rays graze an edge or miss by one ulp", () => {
    // The line y = 1, z = 1 along x lies on the cube's top-far edge.
    expect(testLineFrustum(line(-5, 1, 1, 1, 0, 0), cube)).toBe(true);
    expect(testLineFrustum(line(-5, 1, nextUp(1), 1, 0, 0), cube)).toBe(false);
    // Pyramid: the line x = y = z passes through the corners (1,1,1) and (2,2,2): on an edge.
    expect(testLineFrustum(line(0, 0, 0, 1, 1, 1), PYR)).toBe(true);
    // The ray from (3, 0.5, 0.5) along +x points away from the cube; along -x it enters at x = 1.
    expect(testRayFrustum(ray(3, 0.5, 0.5, 1, 0, 0), cube)).toBe(false);
    expect(testRayFrustum(ray(3, 0.5, 0.5, -1, 0, 0), cube)).toBe(true);
    // A ray starting on the face x = 1 pointing out still touches at t = 0.
    expect(testRayFrustum(ray(1, 0.5, 0.5, 1, 0, 0), cube)).toBe(true);
    expect(testRayFrustum(ray(nextUp(1), 0.5, 0.5, 1, 0, 0), cube)).toBe(false);
  });
  it("segments end on a face or one ulp short", () => {
    expect(testSegmentFrustum(segment(vec(2, 0.5, 0.5), vec(1, 0.5, 0.5)), cube)).toBe(true);
    expect(testSegmentFrustum(segment(vec(2, 0.5, 0.5), vec(nextUp(1), 0.5, 0.5)), cube)).toBe(
      false,
    );
    // A segment crossing the whole cube with both ends outside.
    expect(testSegmentFrustum(segment(vec(-1, 0.5, 0.5), vec(2, 0.5, 0.5)), cube)).toBe(true);
  });
  it("plane, capsule, triangle", () => {
    // Plane x + y + z = 3 touches the cube only at (1, 1, 1); offset nextUp(3) misses.
    expect(testPlaneFrustum(plane(vec(1, 1, 1), 3), cube)).toBe(true);
    expect(testPlaneFrustum(plane(vec(1, 1, 1), nextUp(3)), cube)).toBe(false);
    // Capsule axis on x = 2 (y, z in [0, 1]), radius 1: touches the face x = 1; radius nextDown(1) misses.
    expect(testCapsuleFrustum(capsule(vec(2, 0, 0.5), vec(2, 1, 0.5), 1), cube)).toBe(true);
    expect(testCapsuleFrustum(capsule(vec(2, 0, 0.5), vec(2, 1, 0.5), nextDown(1)), cube)).toBe(
      false,
    );
    // Triangle in the plane z = 1 + 2^-52 (nextUp(1)) above the cube: apart; at z = 1 it lies on the top face.
    expect(testTriangleFrustum(triangle(vec(0, 0, 1), vec(1, 0, 1), vec(0, 1, 1)), cube)).toBe(
      true,
    );
    const z = nextUp(1);
    expect(testTriangleFrustum(triangle(vec(0, 0, z), vec(1, 0, z), vec(0, 1, z)), cube)).toBe(
      false,
    );
  });
  it("frustum against frustum: sharing a face, one ulp apart", () => {
    // Cube [1, 2]^3 shares the corner (1, 1, 1) with the unit cube.
    expect(testFrustumFrustum(cube, cubeFrustum(1, 1))).toBe(true);
    // Cube [o, o + 1]^3 with o = nextUp(1): apart by one ulp on every axis.
    expect(testFrustumFrustum(cube, cubeFrustum(1, nextUp(1)))).toBe(false);
    // The pyramid's near face z = 1 spans |x|, |y| <= 1: it meets the unit cube's top face.
    expect(testFrustumFrustum(cube, PYR)).toBe(true);
  });
});

describe("meshes", () => {
  // A 2 x 2 grid of squares in z = 0, x, y in [0, 2], two triangles each (8 triangles).
  const pos: number[] = [];
  for (let j = 0; j <= 2; j++) for (let i = 0; i <= 2; i++) pos.push(i, j, 0);
  const idx: number[] = [];
  for (let j = 0; j < 2; j++) {
    for (let i = 0; i < 2; i++) {
      const v = 3 * j + i;
      idx.push(v, v + 1, v + 4, v, v + 4, v + 3);
    }
  }
  const floor = mesh(pos, idx);
  it("plane against mesh: touching the corner vertex, one ulp off", () => {
    // x + y = 4 touches only the corner (2, 2, 0); offset nextUp(4) misses.
    expect(testPlaneMesh(plane(vec(1, 1, 0), 4), floor)).toBe(true);
    expect(testPlaneMesh(plane(vec(1, 1, 0), nextUp(4)), floor)).toBe(false);
    // The floor's own plane z = 0 contains it.
    expect(testPlaneMesh(plane(vec(0, 0, 1), 0), floor)).toBe(true);
  });
  it("mesh against frustum: the cube resting on the floor, lifted one ulp", () => {
    expect(testMeshFrustum(floor, cubeFrustum())).toBe(true);
    expect(testMeshFrustum(floor, cubeFrustum(1, Number.MIN_VALUE))).toBe(false);
    // The cube [3, 4]^3 translated: x >= 3 is beyond the floor's x <= 2.
    expect(testMeshFrustum(floor, cubeFrustum(1, 3))).toBe(false);
  });
  it("mesh against mesh: a copy lifted by 0 and by the least double", () => {
    const lifted = (dz: number) =>
      mesh(
        pos.map((v, i) => (i % 3 === 2 ? v + dz : v)),
        idx,
      );
    expect(testMeshMesh(floor, lifted(0))).toBe(true);
    expect(testMeshMesh(floor, lifted(Number.MIN_VALUE))).toBe(false);
    // A vertical triangle standing on the floor's corner (2, 2, 0).
    const wall = mesh([2, 2, 0, 3, 3, 1, 2, 3, 1], [0, 1, 2]);
    expect(testMeshMesh(floor, wall)).toBe(true);
    const wallUp = mesh([2, 2, nextUp(0), 3, 3, 1, 2, 3, 1], [0, 1, 2]);
    expect(testMeshMesh(wallUp, floor)).toBe(false);
  });
});

describe("contactPlaneTriangle", () => {
  it("null one ulp off; a triangle lying across the plane has a contact", () => {
    const t = triangle(vec(0, 0, 0), vec(1, 0, 0), vec(0, 1, 0));
    // The plane z = -2^-1074 is below the triangle (all corners at z = 0).
    expect(contactPlaneTriangle(plane(vec(0, 0, 1), -Number.MIN_VALUE), t)).toBeNull();
    // The plane x = 0.5 cuts it: corner (1, 0, 0) is 0.5 beyond, the other two 0.5 behind.
    const c = contactPlaneTriangle(plane(vec(1, 0, 0), 0.5), t);
    expect(c).not.toBeNull();
    // B leaves the plane the shorter way: 0.5 either side, so the depth is 0.5.
    expect(c!.depth).toBeCloseTo(0.5, 12);
    expect(Math.abs(c!.normal.x)).toBeCloseTo(1, 12);
  });
  it("touching at one corner: depth 0, the corner is the contact point", () => {
    // Plane z = 0 and the triangle (0,0,0), (1,0,1), (0,1,1): only corner a lies on it; B (the
    // triangle) is above, so it leaves along +z with depth 0.
    const t = triangle(vec(0, 0, 0), vec(1, 0, 1), vec(0, 1, 1));
    const c = contactPlaneTriangle(plane(vec(0, 0, 1), 0), t);
    expect(c).not.toBeNull();
    expect(c!.depth).toBe(0);
    expect(c!.normal).toEqual({ x: 0, y: 0, z: 1 });
    expect(c!.count).toBe(1);
    expect(c!.points[0].point).toEqual({ x: 0, y: 0, z: 0 });
    // Plane z = -2^-1074: below the corner, no contact.
    expect(contactPlaneTriangle(plane(vec(0, 0, 1), -Number.MIN_VALUE), t)).toBeNull();
  });
});
