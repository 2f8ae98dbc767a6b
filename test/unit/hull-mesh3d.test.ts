/**
 * Hand-derived cases for the exact hull tests (test<X>Hull), the exact zero of hull distances, and
 * the solid-vs-mesh queries. Each expected value has its derivation beside it; nextDown / nextUp
 * are the neighbouring doubles, so those pairs are apart by less than an ulp.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  closestPointsAabbMesh,
  closestPointsPointMesh,
  closestPointsSphereHull,
  closestPointsSphereMesh,
  distanceAabbHull,
  distanceBoxMesh,
  distanceCapsuleMesh,
  distanceHullHull,
  distanceHullMesh,
  distancePointHull,
  distancePointMesh,
  distanceSegmentMesh,
  distanceSphereHull,
  distanceSphereMesh,
  distanceTriangleMesh,
  frustum,
  type Hull,
  hull,
  intersectLineHull,
  intersectRayHull,
  intersectSegmentHull,
  line,
  mesh,
  plane,
  ray,
  segment,
  sphere,
  testAabbHull,
  testAabbMesh,
  testBoxHull,
  testBoxMesh,
  testCapsuleHull,
  testCapsuleMesh,
  testHullFrustum,
  testHullHull,
  testHullMesh,
  testLineHull,
  testPlaneHull,
  testPointHull,
  testPointMesh,
  testRayHull,
  testSegmentHull,
  testSphereHull,
  testSphereMesh,
  testTriangleHull,
  testTriangleMesh,
  triangle,
  type Vec,
} from "../../src/3d/index.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });
/** 180 degrees about z: the rotation matrix is diag(-1, -1, 1) exactly in doubles. */
const HALF_TURN_Z = { x: 0, y: 0, z: 1, w: 0 };

/** The hull of [0, 1]^3's corners (plus an interior point, which changes nothing). */
const CUBE = hull([
  V(0, 0, 0),
  V(1, 0, 0),
  V(0, 1, 0),
  V(1, 1, 0),
  V(0, 0, 1),
  V(1, 0, 1),
  V(0, 1, 1),
  V(1, 1, 1),
  V(0.5, 0.5, 0.5),
]);
const moved = (h: Hull, d: Vec): Hull =>
  hull(h.points.map((p) => V(p.x + d.x, p.y + d.y, p.z + d.z)));

describe("test<X>Hull on the unit cube's hull", () => {
  it("sphere: face (2 above z = 1), edge (|(3, 4)| = 5), vertex (|(2, 3, 6)| = 7)", () => {
    expect(testSphereHull(sphere(0.5, 0.5, 3, 2), CUBE)).toBe(true);
    expect(testSphereHull(sphere(0.5, 0.5, 3, nextDown(2)), CUBE)).toBe(false);
    // Nearest cube point to (4, 5, 0.5) is (1, 1, 0.5): difference (3, 4, 0).
    expect(testSphereHull(sphere(4, 5, 0.5, 5), CUBE)).toBe(true);
    expect(testSphereHull(sphere(4, 5, 0.5, nextDown(5)), CUBE)).toBe(false);
    // Nearest to (3, 4, 7) is the corner (1, 1, 1): difference (2, 3, 6).
    expect(testSphereHull(sphere(3, 4, 7, 7), CUBE)).toBe(true);
    expect(testSphereHull(sphere(3, 4, 7, nextDown(7)), CUBE)).toBe(false);
    // A small ball deep inside touches (the hull is a solid).
    expect(testSphereHull(sphere(0.5, 0.5, 0.5, 0.01), CUBE)).toBe(true);
  });
  it("capsule along x at y = 3 is 2 from the face y = 1: radius 2 touches", () => {
    expect(testCapsuleHull(capsule(V(-5, 3, 0.5), V(5, 3, 0.5), 2), CUBE)).toBe(true);
    expect(testCapsuleHull(capsule(V(-5, 3, 0.5), V(5, 3, 0.5), nextDown(2)), CUBE)).toBe(false);
  });
  it("aabb [1, 2]^3 shares the corner (1, 1, 1); starting one ulp above 1 it misses", () => {
    expect(testAabbHull(aabb(V(1, 1, 1), V(2, 2, 2)), CUBE)).toBe(true);
    expect(testAabbHull(aabb(V(1, 1, nextUp(1)), V(2, 2, 2)), CUBE)).toBe(false);
  });
  it("box turned half about z spans x in [1, 5]: touches the face x = 1", () => {
    // Center 3, half extent 2 along the (negated) x axis: x from 1 to 5, exactly.
    expect(testBoxHull(box(V(3, 0.5, 0.5), V(2, 0.5, 0.5), HALF_TURN_Z), CUBE)).toBe(true);
    // nextUp(3) - 2 = 1 + 2^-51 > 1 (exact): apart.
    expect(testBoxHull(box(V(nextUp(3), 0.5, 0.5), V(2, 0.5, 0.5), HALF_TURN_Z), CUBE)).toBe(false);
  });
  it("triangle lying on the face z = 1 touches; lifted one ulp it misses", () => {
    expect(testTriangleHull(triangle(V(-1, -1, 1), V(3, 0, 1), V(0, 3, 1)), CUBE)).toBe(true);
    const up = nextUp(1);
    expect(testTriangleHull(triangle(V(-1, -1, up), V(3, 0, up), V(0, 3, up)), CUBE)).toBe(false);
  });
  it("hull vs hull: a tetrahedron whose edge lies on the cube's edge x = y = 1", () => {
    // Tetrahedron (1, 1, 0.2) (1, 1, 0.8) (2, 1, 0.5) (1, 2, 0.5): x, y >= 1 with x = y = 1 only
    // on its edge; the cube has x, y <= 1, so they share that edge.
    const tet = hull([V(1, 1, 0.25), V(1, 1, 0.75), V(2, 1, 0.5), V(1, 2, 0.5)]);
    expect(testHullHull(tet, CUBE)).toBe(true);
    expect(testHullHull(CUBE, tet)).toBe(true);
    expect(testHullHull(moved(tet, V(2 ** -40, 0, 0)), CUBE)).toBe(false);
    // Overlapping copies, and apart copies.
    expect(testHullHull(moved(CUBE, V(0.5, 0.5, 0.5)), CUBE)).toBe(true);
    expect(testHullHull(moved(CUBE, V(0, 0, nextUp(1))), CUBE)).toBe(false);
  });
  it("point: inside, on a face, one ulp outside", () => {
    expect(testPointHull(V(0.25, 0.5, 0.75), CUBE)).toBe(true);
    expect(testPointHull(V(0.25, 0.5, 1), CUBE)).toBe(true);
    expect(testPointHull(V(0.25, 0.5, nextUp(1)), CUBE)).toBe(false);
    expect(testPointHull(V(-(2 ** -1074), 0.5, 0.5), CUBE)).toBe(false);
  });
  it("segment through the cube with both ends outside; one grazing an edge; one ulp past it", () => {
    expect(testSegmentHull(segment(V(-1, 0.5, 0.5), V(2, 0.5, 0.5)), CUBE)).toBe(true);
    // (2, 0, 0.5) to (0, 2, 0.5) passes through (1, 1, 0.5), on the edge x = y = 1.
    expect(testSegmentHull(segment(V(2, 0, 0.5), V(0, 2, 0.5)), CUBE)).toBe(true);
    // x + y = 2 + 2^-51 > 2 everywhere on it, and x + y <= 2 on the cube.
    expect(testSegmentHull(segment(V(nextUp(2), 0, 0.5), V(0, nextUp(2), 0.5)), CUBE)).toBe(false);
  });
  it("ray: towards, away (the line still hits), along an edge, one ulp beside it", () => {
    expect(testRayHull(ray(5, 0.5, 0.5, -1, 0, 0), CUBE)).toBe(true);
    expect(testRayHull(ray(5, 0.5, 0.5, 1, 0, 0), CUBE)).toBe(false);
    expect(testLineHull(line(5, 0.5, 0.5, 1, 0, 0), CUBE)).toBe(true);
    // Along the edge y = z = 1 (from x = 5 backwards).
    expect(testRayHull(ray(5, 1, 1, -1, 0, 0), CUBE)).toBe(true);
    expect(testRayHull(ray(5, nextUp(1), 1, -1, 0, 0), CUBE)).toBe(false);
    // Starting inside, any direction.
    expect(testRayHull(ray(0.5, 0.5, 0.5, 0, 0, 1), CUBE)).toBe(true);
    // A ray whose origin is past the cube along a tiny direction: t would have to be negative.
    expect(testRayHull(ray(2, 0.5, 0.5, 2 ** -1000, 0, 0), CUBE)).toBe(false);
    expect(testRayHull(ray(2, 0.5, 0.5, -(2 ** -1000), 0, 0), CUBE)).toBe(true);
    // A line through (3, 2, 0.5) along (1, 1, 0) (y = x - 1) meets the cube's edge at (1, 0, 0.5);
    // y = x - 1 - 2^-51 has y < 0 wherever x <= 1.
    expect(testLineHull(line(3, 2, 0.5, 1, 1, 0), CUBE)).toBe(true);
    expect(testLineHull(line(3, nextDown(2), 0.5, 1, 1, 0), CUBE)).toBe(false);
  });
  it("plane: the face z = 1, one ulp above it, and the corner plane x + y + z = 3", () => {
    expect(testPlaneHull(plane(V(0, 0, 1), 1), CUBE)).toBe(true);
    expect(testPlaneHull(plane(V(0, 0, 1), nextUp(1)), CUBE)).toBe(false);
    expect(testPlaneHull(plane(V(1, 1, 1), 3), CUBE)).toBe(true);
    expect(testPlaneHull(plane(V(1, 1, 1), nextUp(3)), CUBE)).toBe(false);
    expect(testPlaneHull(plane(V(1, 1, 1), 1.5), CUBE)).toBe(true);
  });
});

/**
 * The frustum z in [-3, -1], |x| <= -z, |y| <= -z (a 90-degree perspective, near 1, far 3;
 * column-major); its corners are (±1, ±1, -1) and (±3, ±3, -3).
 */
const F = frustum([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -2, -1, 0, 0, -3, 0]);
/** The hull of the 8 corners of the box [lo, hi]. */
const hullOf = (lo: Vec, hi: Vec): Hull =>
  hull(
    [0, 1, 2, 3, 4, 5, 6, 7].map((c) =>
      V(c & 1 ? hi.x : lo.x, c & 2 ? hi.y : lo.y, c & 4 ? hi.z : lo.z),
    ),
  );
const cubeAt = (lo: Vec, s: number): Hull => hullOf(lo, V(lo.x + s, lo.y + s, lo.z + s));

describe("testHullFrustum", () => {
  it("the cube [3, 4] x [3, 4] x [-4, -3] touches the corner (3, 3, -3); one ulp off misses", () => {
    expect(testHullFrustum(cubeAt(V(3, 3, -4), 1), F)).toBe(true);
    expect(testHullFrustum(cubeAt(V(nextUp(3), 3, -4), 1), F)).toBe(false);
  });
  it("three.js #27756: a cube beyond the corner passes every plane test yet misses", () => {
    // x >= 3.0625 > 3 >= -z on the frustum; each plane alone has part of the cube inside.
    expect(testHullFrustum(hullOf(V(3.0625, 3.0625, -3.625), V(3.625, 3.625, -2.9375)), F)).toBe(
      false,
    );
  });
  it("inside, around, beyond the near plane", () => {
    expect(testHullFrustum(cubeAt(V(-0.5, -0.5, -2.5), 1), F)).toBe(true);
    expect(testHullFrustum(cubeAt(V(-9, -9, -9), 18), F)).toBe(true);
    expect(testHullFrustum(cubeAt(V(-0.5, -0.5, -0.5), 0.25), F)).toBe(false);
  });
});

describe("hull distances are exactly 0 when the exact test says they touch", () => {
  it("a ball touching the face z = 1 from (0.5, 0.5, 3) with radius 2: 0 and a shared point", () => {
    const s = sphere(0.5, 0.5, 3, 2);
    expect(distanceSphereHull(s, CUBE)).toBe(0);
    const c = closestPointsSphereHull(s, CUBE);
    expect(c.distance).toBe(0);
    expect(c.pointA).toEqual(c.pointB);
    // nextDown(2): apart by 2 - nextDown(2) = 2^-52 (GJK's value, positive).
    const d = distanceSphereHull(sphere(0.5, 0.5, 3, nextDown(2)), CUBE);
    expect(d).toBeGreaterThan(0);
    expect(d).toBeLessThan(1e-12);
  });
  it("point on a face, aabb at a corner, hulls sharing an edge: 0; apart: the gap", () => {
    expect(distancePointHull(V(0.25, 0.5, 1), CUBE)).toBe(0);
    expect(distancePointHull(V(0.25, 0.5, 3), CUBE)).toBeCloseTo(2, 14);
    expect(distanceAabbHull(aabb(V(1, 1, 1), V(2, 2, 2)), CUBE)).toBe(0);
    const tet = hull([V(1, 1, 0.25), V(1, 1, 0.75), V(2, 1, 0.5), V(1, 2, 0.5)]);
    expect(distanceHullHull(tet, CUBE)).toBe(0);
    // Moved by (3, 4, 0) from the edge: the gap is |(3, 4)| = 5.
    expect(distanceHullHull(moved(tet, V(3, 4, 0)), CUBE)).toBeCloseTo(5, 13);
  });
});

/** The closed surface of [0, 1]^3: 8 corners, 12 triangles (two per face). */
const BOX_MESH = mesh(
  [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1],
  [
    0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4,
    7, 0, 7, 3,
  ],
);

/** A 16 x 16 grid of unit squares in the plane z = 0 (512 triangles), x, y in [0, 16]. */
function grid(n: number): ReturnType<typeof mesh> {
  const pos: number[] = [];
  const idx: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) pos.push(i, j, 0);
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      const a = j * (n + 1) + i;
      idx.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
    }
  return mesh(pos, idx);
}
const GRID = grid(16);

describe("solids vs a mesh (its surface)", () => {
  it("a ball wholly inside the closed cube mesh does not touch it; touching the faces does", () => {
    expect(testSphereMesh(sphere(0.5, 0.5, 0.5, 0.25), BOX_MESH)).toBe(false);
    // Radius 0.5 from the center reaches every face.
    expect(testSphereMesh(sphere(0.5, 0.5, 0.5, 0.5), BOX_MESH)).toBe(true);
    expect(testSphereMesh(sphere(0.5, 0.5, 0.5, nextDown(0.5)), BOX_MESH)).toBe(false);
    // From outside: 2 above the top face.
    expect(testSphereMesh(sphere(0.5, 0.5, 3, 2), BOX_MESH)).toBe(true);
    expect(testSphereMesh(sphere(0.5, 0.5, 3, nextDown(2)), BOX_MESH)).toBe(false);
  });
  it("point on a face or on a diagonal edge is on the surface; the center is not", () => {
    expect(testPointMesh(V(0.25, 0.75, 1), BOX_MESH)).toBe(true);
    // The bottom face's diagonal from (0, 0, 0) to (1, 1, 0).
    expect(testPointMesh(V(0.375, 0.375, 0), BOX_MESH)).toBe(true);
    expect(testPointMesh(V(0.5, 0.5, 0.5), BOX_MESH)).toBe(false);
    expect(testPointMesh(V(0.375, 0.375, -(2 ** -1074)), BOX_MESH)).toBe(false);
  });
  it("capsule, aabb, box, triangle, hull inside the cube mesh miss; crossing a face they touch", () => {
    expect(testCapsuleMesh(capsule(V(0.25, 0.5, 0.5), V(0.75, 0.5, 0.5), 0.125), BOX_MESH)).toBe(
      false,
    );
    // Reaches x = 0.75 + 0.25 = 1 (and 0.25 - 0.25 = 0), the faces; a hair less misses.
    expect(testCapsuleMesh(capsule(V(0.25, 0.5, 0.5), V(0.75, 0.5, 0.5), 0.25), BOX_MESH)).toBe(
      true,
    );
    expect(
      testCapsuleMesh(capsule(V(0.25, 0.5, 0.5), V(0.75, 0.5, 0.5), nextDown(0.25)), BOX_MESH),
    ).toBe(false);
    expect(testAabbMesh(aabb(V(0.25, 0.25, 0.25), V(0.75, 0.75, 0.75)), BOX_MESH)).toBe(false);
    expect(testAabbMesh(aabb(V(0.25, 0.25, 0.25), V(0.75, 0.75, 1)), BOX_MESH)).toBe(true);
    // An aabb holding the whole mesh touches it (the triangles are inside it).
    expect(testAabbMesh(aabb(V(-1, -1, -1), V(2, 2, 2)), BOX_MESH)).toBe(true);
    expect(testBoxMesh(box(V(0.5, 0.5, 0.5), V(0.25, 0.25, 0.25), HALF_TURN_Z), BOX_MESH)).toBe(
      false,
    );
    expect(testBoxMesh(box(V(0.5, 0.5, 0.75), V(0.25, 0.25, 0.25), HALF_TURN_Z), BOX_MESH)).toBe(
      true,
    );
    expect(
      testTriangleMesh(
        triangle(V(0.25, 0.25, 0.5), V(0.75, 0.25, 0.5), V(0.5, 0.75, 0.5)),
        BOX_MESH,
      ),
    ).toBe(false);
    expect(
      testTriangleMesh(triangle(V(0.25, 0.25, 0.5), V(0.75, 0.25, 0.5), V(0.5, 0.75, 1)), BOX_MESH),
    ).toBe(true);
    const inner = cubeAt(V(0.25, 0.25, 0.25), 0.5);
    expect(testHullMesh(inner, BOX_MESH)).toBe(false);
    expect(testHullMesh(cubeAt(V(0.5, 0.25, 0.25), 0.5), BOX_MESH)).toBe(true);
    expect(testHullMesh(cubeAt(V(nextUp(1), 0.25, 0.25), 0.5), BOX_MESH)).toBe(false);
  });
  it("distance to the surface from inside and outside; exactly 0 when touching", () => {
    // From the center the nearest face is 0.5 away; minus the radius 0.25.
    expect(distanceSphereMesh(sphere(0.5, 0.5, 0.5, 0.25), BOX_MESH)).toBeCloseTo(0.25, 14);
    expect(distanceSphereMesh(sphere(0.5, 0.5, 3, 2), BOX_MESH)).toBe(0);
    const c = closestPointsSphereMesh(sphere(0.5, 0.5, 3, 2), BOX_MESH);
    expect(c.distance).toBe(0);
    expect(c.pointA).toEqual(c.pointB);
    expect(distancePointMesh(V(0.5, 0.5, 0.5), BOX_MESH)).toBeCloseTo(0.5, 14);
    expect(distancePointMesh(V(0.375, 0.375, 0), BOX_MESH)).toBe(0);
    // (4, 5, 0.5) to the edge x = y = 1: |(3, 4)| = 5.
    expect(distanceCapsuleMesh(capsule(V(4, 5, 0.25), V(4, 5, 0.75), 1), BOX_MESH)).toBeCloseTo(
      4,
      13,
    );
    expect(
      distanceTriangleMesh(triangle(V(3, 4, 7), V(3, 5, 7), V(4, 4, 7)), BOX_MESH),
    ).toBeCloseTo(7, 13);
    expect(distanceBoxMesh(box(V(5, 0.5, 0.5), V(1, 1, 1)), BOX_MESH)).toBeCloseTo(3, 13);
    expect(distanceHullMesh(cubeAt(V(0.25, 0.25, 0.25), 0.5), BOX_MESH)).toBeCloseTo(0.25, 14);
    expect(distanceSegmentMesh(segment(V(-3, 0.5, 0.5), V(-1, 0.5, 0.5)), BOX_MESH)).toBeCloseTo(
      1,
      14,
    );
  });
  it("on a 512-triangle grid the BVH finds the nearest square and the touching one", () => {
    // (3.3, 4.7, 2) is 2 above the plane z = 0, over the square [3, 4] x [4, 5].
    const c = closestPointsPointMesh(V(3.3, 4.7, 2), GRID);
    expect(c.distance).toBeCloseTo(2, 14);
    expect(c.pointB.x).toBeCloseTo(3.3, 14);
    expect(c.pointB.y).toBeCloseTo(4.7, 14);
    expect(c.pointB.z).toBeCloseTo(0, 14);
    // Beyond the corner (16, 16, 0): (3, 4, 12) away, 13.
    expect(distancePointMesh(V(19, 20, 12), GRID)).toBeCloseTo(13, 13);
    expect(testSphereMesh(sphere(19, 20, 12, 13), GRID)).toBe(true);
    expect(testSphereMesh(sphere(19, 20, 12, nextDown(13)), GRID)).toBe(false);
    const box0 = aabb(V(7.5, 7.5, 0), V(8.5, 8.5, 1));
    const cp = closestPointsAabbMesh(box0, GRID);
    expect(cp.distance).toBe(0);
    expect(cp.pointA).toEqual(cp.pointB);
    expect(testAabbMesh(aabb(V(7.5, 7.5, nextUp(0)), V(8.5, 8.5, 1)), GRID)).toBe(false);
  });
});

describe("intersect{Line,Ray,Segment}Hull: the entry point of the unit cube's hull", () => {
  it("a ray along -x from (5, 0.5, 0.5) enters the face x = 1 at t = 4, normal (1, 0, 0)", () => {
    const h = intersectRayHull(ray(5, 0.5, 0.5, -1, 0, 0), CUBE);
    expect(h).not.toBeNull();
    expect(h!.t).toBeCloseTo(4, 12);
    expect(h!.point.x).toBeCloseTo(1, 12);
    expect(h!.normal.x).toBeCloseTo(1, 12);
    expect(h!.inside).toBe(false);
    // t is in units of dir: twice as long a direction halves it.
    expect(intersectRayHull(ray(5, 0.5, 0.5, -2, 0, 0), CUBE)!.t).toBeCloseTo(2, 12);
    expect(intersectRayHull(ray(5, 0.5, 0.5, 1, 0, 0), CUBE)).toBeNull();
  });
  it("a segment from z = 3 to z = -1 enters the top face at t = 0.5; a line from below at t = 5", () => {
    const s = intersectSegmentHull(segment(V(0.5, 0.5, 3), V(0.5, 0.5, -1)), CUBE)!;
    expect(s.t).toBeCloseTo(0.5, 12);
    expect(s.normal.z).toBeCloseTo(1, 12);
    // The line through (0.5, 0.5, -5) along +z enters z = 0 at t = 5, normal (0, 0, -1).
    const l = intersectLineHull(line(0.5, 0.5, -5, 0, 0, 1), CUBE)!;
    expect(l.t).toBeCloseTo(5, 12);
    expect(l.normal.z).toBeCloseTo(-1, 12);
    // Through (0.5, 0.5, 5) along +z: z = 5 + t enters the cube at z = 0, t = -5 (the smallest t).
    expect(intersectLineHull(line(0.5, 0.5, 5, 0, 0, 1), CUBE)!.t).toBeCloseTo(-5, 12);
  });
  it("a start inside gives t = 0 and inside; a corner hit lands on the corner", () => {
    const r = intersectRayHull(ray(0.5, 0.5, 0.5, 0, 1, 0), CUBE)!;
    expect(r.t).toBe(0);
    expect(r.inside).toBe(true);
    // From (2, 2, 2) along (-1, -1, -1): the corner (1, 1, 1) at t = 1.
    const c = intersectRayHull(ray(2, 2, 2, -1, -1, -1), CUBE)!;
    expect(c.t).toBeCloseTo(1, 12);
    expect(c.point.x).toBeCloseTo(1, 12);
    // Grazing along the edge y = z = 1 from x = 5: enters at (1, 1, 1), t = 4.
    expect(intersectRayHull(ray(5, 1, 1, -1, 0, 0), CUBE)!.t).toBeCloseTo(4, 12);
    expect(intersectRayHull(ray(5, nextUp(1), 1, -1, 0, 0), CUBE)).toBeNull();
  });
  it("at an offset of 1e9 and a scale of 1e-100 the entry keeps its relative accuracy", () => {
    const o = 1e9;
    const far = moved(CUBE, V(o, o, o));
    expect(intersectRayHull(ray(o + 5, o + 0.5, o + 0.5, -1, 0, 0), far)!.t).toBeCloseTo(4, 6);
    const tiny = hull(CUBE.points.map((p) => V(p.x * 1e-100, p.y * 1e-100, p.z * 1e-100)));
    const t = intersectRayHull(ray(5e-100, 0.5e-100, 0.5e-100, -1e-100, 0, 0), tiny)!.t;
    expect(t).toBeCloseTo(4, 12);
  });
});
