/**
 * Solids against a triangle mesh, walking its BVH (src/3d/mesh.ts). A mesh is its triangles'
 * surface, not a solid: a shape wholly inside a closed mesh does not touch it. `test<X>Mesh` is
 * exact: a node is skipped only when the shape's padded bounds are certainly apart from the node's
 * exact bounds, and each remaining triangle is decided by the exact `test<X>Triangle`.
 * `distance<X>Mesh` is 0 exactly when that test is true; otherwise it is the least GJK distance
 * over the triangles, found depth-first, nearer child first, skipping a node whose box is farther
 * than the best distance so far (a branch and bound; the box distance is a lower bound).
 * @see Ericson, Real-Time Collision Detection, §6.6 (BVH traversal, nearest-first descent);
 * Gilbert, Johnson, Keerthi 1988 (the per-triangle distance).
 */
import { type GjkResult, gjkDistance, makeGjkResult } from "../convex/gjk.ts";
import { type ConvexKind, makeProxy, proxyOfKind } from "../convex/proxy.ts";
import type { Mesh } from "../mesh.ts";
import { coreBounds } from "../overlap/bounds.ts";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_HULL,
  CORE_POINT,
  CORE_SEGMENT,
  CORE_TRIANGLE,
} from "../overlap/exact.ts";
import { testSegmentTriangle } from "../pairs/linear-triangle.ts";
import { testPointTriangle } from "../pairs/point-shapes.ts";
import { type ClosestPoints, makeClosestPoints } from "../results.ts";
import type { Aabb, Box, Capsule, Hull, Segment, Sphere, Triangle, Vec } from "../shapes.ts";
import {
  closestPointsAabbTriangle,
  closestPointsBoxTriangle,
  closestPointsCapsuleTriangle,
  closestPointsPointTriangle,
  closestPointsSegmentTriangle,
  closestPointsSphereTriangle,
  closestPointsTriangleHull,
  closestPointsTriangleTriangle,
} from "./closest.ts";
import {
  testAabbTriangle,
  testBoxTriangle,
  testCapsuleTriangle,
  testSphereTriangle,
  testTriangleTriangle,
} from "./test.ts";
import { testTriangleHull } from "./test-hull.ts";

const POINT = 0;
const SEGMENT = 1;
const SPHERE = 2;
const CAPSULE = 3;
const AABB = 4;
const BOX = 5;
const TRIANGLE = 6;
const HULL = 7;

const PROXY_KIND: readonly ConvexKind[] = [
  "point",
  "segment",
  "sphere",
  "capsule",
  "aabb",
  "box",
  "triangle",
  "hull",
];

/** The scratch triangle each leaf slot is read into (the mesh stores corners in a Float64Array). */
const TRI: Triangle = { a: { x: 0, y: 0, z: 0 }, b: { x: 0, y: 0, z: 0 }, c: { x: 0, y: 0, z: 0 } };
const SB = new Float64Array(6);
const P = makeProxy(8);
const Q = makeProxy(8);
const G: GjkResult = makeGjkResult();
const D: ClosestPoints = makeClosestPoints();
/** Smallest positive distance reported when apart (as closest.ts). */
const TINY = Number.MIN_VALUE;

function loadTriangle(tris: Float64Array, j: number): void {
  const a = TRI.a;
  const b = TRI.b;
  const c = TRI.c;
  a.x = tris[j]!;
  a.y = tris[j + 1]!;
  a.z = tris[j + 2]!;
  b.x = tris[j + 3]!;
  b.y = tris[j + 4]!;
  b.z = tris[j + 5]!;
  c.x = tris[j + 6]!;
  c.y = tris[j + 7]!;
  c.z = tris[j + 8]!;
}

/** Padded bounds certainly holding the shape, into SB. */
function shapeBounds(kind: number, s: unknown): void {
  switch (kind) {
    case POINT:
      coreBounds(CORE_POINT, s as Vec, 0, SB);
      return;
    case SEGMENT:
      coreBounds(CORE_SEGMENT, s as Segment, 0, SB);
      return;
    case SPHERE:
      coreBounds(CORE_POINT, (s as Sphere).center, (s as Sphere).radius, SB);
      return;
    case CAPSULE:
      coreBounds(CORE_SEGMENT, s as Capsule, (s as Capsule).radius, SB);
      return;
    case AABB:
      coreBounds(CORE_AABB, s as Aabb, 0, SB);
      return;
    case BOX:
      coreBounds(CORE_BOX, s as Box, 0, SB);
      return;
    case TRIANGLE:
      coreBounds(CORE_TRIANGLE, s as Triangle, 0, SB);
      return;
    default:
      coreBounds(CORE_HULL, s as Hull, 0, SB);
      return;
  }
}

/** Exact: does the shape meet TRI? */
function meetsTriangle(kind: number, s: unknown): boolean {
  switch (kind) {
    case POINT:
      return testPointTriangle(s as Vec, TRI);
    case SEGMENT:
      return testSegmentTriangle(s as Segment, TRI);
    case SPHERE:
      return testSphereTriangle(s as Sphere, TRI);
    case CAPSULE:
      return testCapsuleTriangle(s as Capsule, TRI);
    case AABB:
      return testAabbTriangle(s as Aabb, TRI);
    case BOX:
      return testBoxTriangle(s as Box, TRI);
    case TRIANGLE:
      return testTriangleTriangle(s as Triangle, TRI);
    default:
      return testTriangleHull(TRI, s as Hull);
  }
}

/** closestPoints of the shape (pointA) and TRI (pointB) into `out`. */
function closestToTriangle(kind: number, s: unknown, out: ClosestPoints): void {
  switch (kind) {
    case POINT:
      closestPointsPointTriangle(s as Vec, TRI, out);
      return;
    case SEGMENT:
      closestPointsSegmentTriangle(s as Segment, TRI, out);
      return;
    case SPHERE:
      closestPointsSphereTriangle(s as Sphere, TRI, out);
      return;
    case CAPSULE:
      closestPointsCapsuleTriangle(s as Capsule, TRI, out);
      return;
    case AABB:
      closestPointsAabbTriangle(s as Aabb, TRI, out);
      return;
    case BOX:
      closestPointsBoxTriangle(s as Box, TRI, out);
      return;
    case TRIANGLE:
      closestPointsTriangleTriangle(s as Triangle, TRI, out);
      return;
    default: {
      // closest.ts orders triangle before hull: swap the points back.
      closestPointsTriangleHull(TRI, s as Hull, out);
      const a = out.pointA;
      const b = out.pointB;
      const x = a.x;
      const y = a.y;
      const z = a.z;
      a.x = b.x;
      a.y = b.y;
      a.z = b.z;
      b.x = x;
      b.y = y;
      b.z = z;
    }
  }
}

/**
 * The slot of the first triangle (in traversal order) that the shape meets, or -1; exact. A node
 * is skipped only when SB and its box are apart on some axis (both bounds hold their sets).
 */
function touchingSlot(kind: number, s: unknown, m: Mesh): number {
  shapeBounds(kind, s);
  const { boxes, nodes, triangles, stack } = m.bvh;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const node = stack[--sp]!;
    const b = 6 * node;
    if (
      boxes[b]! > SB[3]! ||
      SB[0]! > boxes[b + 3]! ||
      boxes[b + 1]! > SB[4]! ||
      SB[1]! > boxes[b + 4]! ||
      boxes[b + 2]! > SB[5]! ||
      SB[2]! > boxes[b + 5]!
    ) {
      continue;
    }
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count > 0) {
      for (let slot = first; slot < first + count; slot++) {
        loadTriangle(triangles, 9 * slot);
        if (meetsTriangle(kind, s)) return slot;
      }
    } else {
      stack[sp++] = first;
      stack[sp++] = first + 1;
    }
  }
  return -1;
}

/**
 * A lower bound on the distance from SB's box to node's box: the gap per axis, its length shrunk
 * by more than the rounding of GJK's distances at that magnitude, so no nearer triangle is skipped.
 */
function boxGap(boxes: Float64Array, node: number): number {
  const b = 6 * node;
  const gx = Math.max(0, boxes[b]! - SB[3]!, SB[0]! - boxes[b + 3]!);
  const gy = Math.max(0, boxes[b + 1]! - SB[4]!, SB[1]! - boxes[b + 4]!);
  const gz = Math.max(0, boxes[b + 2]! - SB[5]!, SB[2]! - boxes[b + 5]!);
  const m = Math.max(
    Math.abs(SB[0]!),
    Math.abs(SB[3]!),
    Math.abs(boxes[b]!),
    Math.abs(boxes[b + 3]!),
    Math.abs(SB[1]!),
    Math.abs(SB[4]!),
    Math.abs(boxes[b + 1]!),
    Math.abs(boxes[b + 4]!),
    Math.abs(SB[2]!),
    Math.abs(SB[5]!),
    Math.abs(boxes[b + 2]!),
    Math.abs(boxes[b + 5]!),
  );
  // Scaled by the largest gap first, so the squares neither overflow nor underflow.
  const g = Math.max(gx, gy, gz);
  if (g === 0) return 0;
  const x = gx / g;
  const y = gy / g;
  const z = gz / g;
  return g * Math.sqrt(x * x + y * y + z * z) * (1 - 2 ** -20) - 2 ** -30 * m;
}

/**
 * The closest points of the shape (pointA) and the mesh (pointB): a shared point and 0 when the
 * exact test finds a touching triangle, else the best GJK pair over the triangles.
 */
function meshClosest(kind: number, s: unknown, m: Mesh, out: ClosestPoints): ClosestPoints {
  const slot = touchingSlot(kind, s, m);
  const { boxes, nodes, triangles, stack } = m.bvh;
  if (slot >= 0) {
    loadTriangle(triangles, 9 * slot);
    closestToTriangle(kind, s, out);
    return out;
  }
  // No triangle touches: every distance is GJK's, with the pair ordered as closest.ts does.
  const triFirst = kind === HULL;
  const shape = triFirst ? Q : P;
  const tri = triFirst ? P : Q;
  proxyOfKind(PROXY_KIND[kind]!, s, shape);
  let best = Number.POSITIVE_INFINITY;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const node = stack[--sp]!;
    if (boxGap(boxes, node) > best) continue;
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count > 0) {
      for (let slot = first; slot < first + count; slot++) {
        loadTriangle(triangles, 9 * slot);
        proxyOfKind("triangle", TRI, tri);
        gjkDistance(P, Q, G);
        const d = G.distance;
        if (d < best) {
          best = d;
          const pa = triFirst ? G.pointB : G.pointA;
          const pb = triFirst ? G.pointA : G.pointB;
          out.pointA.x = pa.x;
          out.pointA.y = pa.y;
          out.pointA.z = pa.z;
          out.pointB.x = pb.x;
          out.pointB.y = pb.y;
          out.pointB.z = pb.z;
        }
      }
    } else if (boxGap(boxes, first) <= boxGap(boxes, first + 1)) {
      stack[sp++] = first + 1;
      stack[sp++] = first;
    } else {
      stack[sp++] = first;
      stack[sp++] = first + 1;
    }
  }
  out.distance = Math.max(best, TINY);
  return out;
}

/** Exact: is the point on the mesh's surface (on some closed triangle)? */
export function testPointMesh(p: Vec, m: Mesh): boolean {
  return touchingSlot(POINT, p, m) >= 0;
}

/**
 * Exact: does the closed ball meet the mesh's surface (some triangle)? A ball wholly inside a
 * closed mesh does not touch it.
 */
export function testSphereMesh(s: Sphere, m: Mesh): boolean {
  return touchingSlot(SPHERE, s, m) >= 0;
}

/** Exact: does the capsule meet the mesh's surface (a capsule wholly inside a closed mesh does not)? */
export function testCapsuleMesh(c: Capsule, m: Mesh): boolean {
  return touchingSlot(CAPSULE, c, m) >= 0;
}

/** Exact: does the closed axis-aligned box meet the mesh's surface (some triangle)? */
export function testAabbMesh(b: Aabb, m: Mesh): boolean {
  return touchingSlot(AABB, b, m) >= 0;
}

/** Exact: does the box meet the mesh's surface (some triangle)? */
export function testBoxMesh(b: Box, m: Mesh): boolean {
  return touchingSlot(BOX, b, m) >= 0;
}

/** Exact: does the closed triangle meet the mesh's surface (some triangle)? */
export function testTriangleMesh(t: Triangle, m: Mesh): boolean {
  return touchingSlot(TRIANGLE, t, m) >= 0;
}

/** Exact: does the hull meet the mesh's surface (a hull wholly inside a closed mesh does not)? */
export function testHullMesh(h: Hull, m: Mesh): boolean {
  return touchingSlot(HULL, h, m) >= 0;
}

/** The closest points of a point (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsPointMesh(p: Vec, m: Mesh, out?: ClosestPoints): ClosestPoints {
  return meshClosest(POINT, p, m, out ?? makeClosestPoints());
}

/** The distance between a point and the mesh's surface; 0 exactly when the point is on it (exact). */
export function distancePointMesh(p: Vec, m: Mesh): number {
  return meshClosest(POINT, p, m, D).distance;
}

/** The closest points of a segment (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsSegmentMesh(s: Segment, m: Mesh, out?: ClosestPoints): ClosestPoints {
  return meshClosest(SEGMENT, s, m, out ?? makeClosestPoints());
}

/** The distance between a segment and the mesh's surface; 0 exactly when they share a point (exact). */
export function distanceSegmentMesh(s: Segment, m: Mesh): number {
  return meshClosest(SEGMENT, s, m, D).distance;
}

/** The closest points of a sphere (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsSphereMesh(s: Sphere, m: Mesh, out?: ClosestPoints): ClosestPoints {
  return meshClosest(SPHERE, s, m, out ?? makeClosestPoints());
}

/** The distance between a ball and the mesh's surface; 0 exactly when they share a point (exact). */
export function distanceSphereMesh(s: Sphere, m: Mesh): number {
  return meshClosest(SPHERE, s, m, D).distance;
}

/** The closest points of a capsule (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsCapsuleMesh(c: Capsule, m: Mesh, out?: ClosestPoints): ClosestPoints {
  return meshClosest(CAPSULE, c, m, out ?? makeClosestPoints());
}

/** The distance between a capsule and the mesh's surface; 0 exactly when they share a point (exact). */
export function distanceCapsuleMesh(c: Capsule, m: Mesh): number {
  return meshClosest(CAPSULE, c, m, D).distance;
}

/** The closest points of an aabb (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsAabbMesh(b: Aabb, m: Mesh, out?: ClosestPoints): ClosestPoints {
  return meshClosest(AABB, b, m, out ?? makeClosestPoints());
}

/** The distance between an aabb and the mesh's surface; 0 exactly when they share a point (exact). */
export function distanceAabbMesh(b: Aabb, m: Mesh): number {
  return meshClosest(AABB, b, m, D).distance;
}

/** The closest points of a box (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsBoxMesh(b: Box, m: Mesh, out?: ClosestPoints): ClosestPoints {
  return meshClosest(BOX, b, m, out ?? makeClosestPoints());
}

/** The distance between a box and the mesh's surface; 0 exactly when they share a point (exact). */
export function distanceBoxMesh(b: Box, m: Mesh): number {
  return meshClosest(BOX, b, m, D).distance;
}

/** The closest points of a triangle (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsTriangleMesh(
  t: Triangle,
  m: Mesh,
  out?: ClosestPoints,
): ClosestPoints {
  return meshClosest(TRIANGLE, t, m, out ?? makeClosestPoints());
}

/** The distance between a triangle and the mesh's surface; 0 exactly when they share a point (exact). */
export function distanceTriangleMesh(t: Triangle, m: Mesh): number {
  return meshClosest(TRIANGLE, t, m, D).distance;
}

/** The closest points of a hull (pointA) and the mesh's surface (pointB), and their distance. */
export function closestPointsHullMesh(h: Hull, m: Mesh, out?: ClosestPoints): ClosestPoints {
  return meshClosest(HULL, h, m, out ?? makeClosestPoints());
}

/** The distance between a hull and the mesh's surface; 0 exactly when they share a point (exact). */
export function distanceHullMesh(h: Hull, m: Mesh): number {
  return meshClosest(HULL, h, m, D).distance;
}
