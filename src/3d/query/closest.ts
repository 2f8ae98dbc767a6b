import { type GjkResult, gjkDistance, makeGjkResult } from "../convex/gjk.ts";
import { type ConvexKind, makeProxy, proxyOfKind } from "../convex/proxy.ts";
import { segmentsWithin } from "../overlap/rounded.ts";
import { testSegmentAabb } from "../pairs/linear-aabb.ts";
import { testSegmentBox } from "../pairs/linear-box.ts";
import { testSegmentCapsule } from "../pairs/linear-capsule.ts";
import { testSegmentSphere } from "../pairs/linear-sphere.ts";
import { testSegmentTriangle } from "../pairs/linear-triangle.ts";
import {
  testPointAabb,
  testPointBox,
  testPointCapsule,
  testPointPoint,
  testPointSegment,
  testPointSphere,
  testPointTriangle,
} from "../pairs/point-shapes.ts";
import type { ClosestPoints } from "../results.ts";
import { makeClosestPoints } from "../results.ts";
import type { Aabb, Box, Capsule, Hull, Segment, Sphere, Triangle, Vec } from "../shapes.ts";
import {
  testAabbAabb,
  testAabbBox,
  testAabbTriangle,
  testBoxBox,
  testBoxTriangle,
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsuleTriangle,
  testSphereAabb,
  testSphereBox,
  testSphereCapsule,
  testSphereSphere,
  testSphereTriangle,
  testTriangleTriangle,
} from "./test.ts";
import {
  testAabbHull,
  testBoxHull,
  testCapsuleHull,
  testHullHull,
  testPointHull,
  testSegmentHull,
  testSphereHull,
  testTriangleHull,
} from "./test-hull.ts";

/*
 * closestPoints<A><B> and distance<A><B> for every pair of bounded convex 3D shapes, in the
 * canonical order point, segment, sphere, capsule, aabb, box, triangle, hull. The numbers come
 * from GJK on the shapes' proxies; whether the distance is 0 is decided by the pair's exact test,
 * so distance == 0 exactly when that test is true, and otherwise it is at least the smallest
 * positive double.
 */

const TINY = Number.MIN_VALUE;
const G: GjkResult = makeGjkResult();
const P = makeProxy(8);
const Q = makeProxy(8);
const D: ClosestPoints = makeClosestPoints();

/** GJK's closest points of the two shapes, with the distance's zero decided by `touching` (exact). */
function closest(
  kindA: ConvexKind,
  a: unknown,
  kindB: ConvexKind,
  b: unknown,
  touching: boolean,
  out: ClosestPoints,
): ClosestPoints {
  gjkDistance(proxyOfKind(kindA, a, P), proxyOfKind(kindB, b, Q), G);
  const pa = G.pointA;
  const pb = G.pointB;
  if (touching) {
    // A shared point: GJK's own when it found one, else halfway across a rounding-sized gap.
    const mx = pa.x / 2 + pb.x / 2;
    const my = pa.y / 2 + pb.y / 2;
    const mz = pa.z / 2 + pb.z / 2;
    out.pointA.x = out.pointB.x = mx;
    out.pointA.y = out.pointB.y = my;
    out.pointA.z = out.pointB.z = mz;
    out.distance = 0;
  } else {
    out.pointA.x = pa.x;
    out.pointA.y = pa.y;
    out.pointA.z = pa.z;
    out.pointB.x = pb.x;
    out.pointB.y = pb.y;
    out.pointB.z = pb.z;
    out.distance = Math.max(G.distance, TINY);
  }
  return out;
}

/** The closest points of a point (pointA) and a point (pointB), and their distance. */
export function closestPointsPointPoint(a: Vec, b: Vec, out?: ClosestPoints): ClosestPoints {
  return closest("point", a, "point", b, testPointPoint(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and a point; 0 exactly when they share a point (exact). */
export function distancePointPoint(a: Vec, b: Vec): number {
  return closest("point", a, "point", b, testPointPoint(a, b), D).distance;
}

/** The closest points of a point (pointA) and a segment (pointB), and their distance. */
export function closestPointsPointSegment(a: Vec, b: Segment, out?: ClosestPoints): ClosestPoints {
  return closest("point", a, "segment", b, testPointSegment(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and a segment; 0 exactly when they share a point (exact). */
export function distancePointSegment(a: Vec, b: Segment): number {
  return closest("point", a, "segment", b, testPointSegment(a, b), D).distance;
}

/** The closest points of a point (pointA) and a sphere (pointB), and their distance. */
export function closestPointsPointSphere(a: Vec, b: Sphere, out?: ClosestPoints): ClosestPoints {
  return closest("point", a, "sphere", b, testPointSphere(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and a sphere; 0 exactly when they share a point (exact). */
export function distancePointSphere(a: Vec, b: Sphere): number {
  return closest("point", a, "sphere", b, testPointSphere(a, b), D).distance;
}

/** The closest points of a point (pointA) and a capsule (pointB), and their distance. */
export function closestPointsPointCapsule(a: Vec, b: Capsule, out?: ClosestPoints): ClosestPoints {
  return closest("point", a, "capsule", b, testPointCapsule(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and a capsule; 0 exactly when they share a point (exact). */
export function distancePointCapsule(a: Vec, b: Capsule): number {
  return closest("point", a, "capsule", b, testPointCapsule(a, b), D).distance;
}

/** The closest points of a point (pointA) and an aabb (pointB), and their distance. */
export function closestPointsPointAabb(a: Vec, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closest("point", a, "aabb", b, testPointAabb(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and an aabb; 0 exactly when they share a point (exact). */
export function distancePointAabb(a: Vec, b: Aabb): number {
  return closest("point", a, "aabb", b, testPointAabb(a, b), D).distance;
}

/** The closest points of a point (pointA) and a box (pointB), and their distance. */
export function closestPointsPointBox(a: Vec, b: Box, out?: ClosestPoints): ClosestPoints {
  return closest("point", a, "box", b, testPointBox(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and a box; 0 exactly when they share a point (exact). */
export function distancePointBox(a: Vec, b: Box): number {
  return closest("point", a, "box", b, testPointBox(a, b), D).distance;
}

/** The closest points of a point (pointA) and a triangle (pointB), and their distance. */
export function closestPointsPointTriangle(
  a: Vec,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("point", a, "triangle", b, testPointTriangle(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and a triangle; 0 exactly when they share a point (exact). */
export function distancePointTriangle(a: Vec, b: Triangle): number {
  return closest("point", a, "triangle", b, testPointTriangle(a, b), D).distance;
}

/** The closest points of a point (pointA) and a hull (pointB), and their distance. */
export function closestPointsPointHull(a: Vec, b: Hull, out?: ClosestPoints): ClosestPoints {
  return closest("point", a, "hull", b, testPointHull(a, b), out ?? makeClosestPoints());
}

/** The distance between a point and a hull; 0 exactly when they share a point (exact). */
export function distancePointHull(a: Vec, b: Hull): number {
  return closest("point", a, "hull", b, testPointHull(a, b), D).distance;
}

/** The closest points of a segment (pointA) and a segment (pointB), and their distance. */
export function closestPointsSegmentSegment(
  a: Segment,
  b: Segment,
  out?: ClosestPoints,
): ClosestPoints {
  return closest(
    "segment",
    a,
    "segment",
    b,
    segmentsWithin(a, 0, b, 0),
    out ?? makeClosestPoints(),
  );
}

/** The distance between a segment and a segment; 0 exactly when they share a point (exact). */
export function distanceSegmentSegment(a: Segment, b: Segment): number {
  return closest("segment", a, "segment", b, segmentsWithin(a, 0, b, 0), D).distance;
}

/** The closest points of a segment (pointA) and a sphere (pointB), and their distance. */
export function closestPointsSegmentSphere(
  a: Segment,
  b: Sphere,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("segment", a, "sphere", b, testSegmentSphere(a, b), out ?? makeClosestPoints());
}

/** The distance between a segment and a sphere; 0 exactly when they share a point (exact). */
export function distanceSegmentSphere(a: Segment, b: Sphere): number {
  return closest("segment", a, "sphere", b, testSegmentSphere(a, b), D).distance;
}

/** The closest points of a segment (pointA) and a capsule (pointB), and their distance. */
export function closestPointsSegmentCapsule(
  a: Segment,
  b: Capsule,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("segment", a, "capsule", b, testSegmentCapsule(a, b), out ?? makeClosestPoints());
}

/** The distance between a segment and a capsule; 0 exactly when they share a point (exact). */
export function distanceSegmentCapsule(a: Segment, b: Capsule): number {
  return closest("segment", a, "capsule", b, testSegmentCapsule(a, b), D).distance;
}

/** The closest points of a segment (pointA) and an aabb (pointB), and their distance. */
export function closestPointsSegmentAabb(a: Segment, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closest("segment", a, "aabb", b, testSegmentAabb(a, b), out ?? makeClosestPoints());
}

/** The distance between a segment and an aabb; 0 exactly when they share a point (exact). */
export function distanceSegmentAabb(a: Segment, b: Aabb): number {
  return closest("segment", a, "aabb", b, testSegmentAabb(a, b), D).distance;
}

/** The closest points of a segment (pointA) and a box (pointB), and their distance. */
export function closestPointsSegmentBox(a: Segment, b: Box, out?: ClosestPoints): ClosestPoints {
  return closest("segment", a, "box", b, testSegmentBox(a, b), out ?? makeClosestPoints());
}

/** The distance between a segment and a box; 0 exactly when they share a point (exact). */
export function distanceSegmentBox(a: Segment, b: Box): number {
  return closest("segment", a, "box", b, testSegmentBox(a, b), D).distance;
}

/** The closest points of a segment (pointA) and a triangle (pointB), and their distance. */
export function closestPointsSegmentTriangle(
  a: Segment,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closest(
    "segment",
    a,
    "triangle",
    b,
    testSegmentTriangle(a, b),
    out ?? makeClosestPoints(),
  );
}

/** The distance between a segment and a triangle; 0 exactly when they share a point (exact). */
export function distanceSegmentTriangle(a: Segment, b: Triangle): number {
  return closest("segment", a, "triangle", b, testSegmentTriangle(a, b), D).distance;
}

/** The closest points of a segment (pointA) and a hull (pointB), and their distance. */
export function closestPointsSegmentHull(a: Segment, b: Hull, out?: ClosestPoints): ClosestPoints {
  return closest("segment", a, "hull", b, testSegmentHull(a, b), out ?? makeClosestPoints());
}

/** The distance between a segment and a hull; 0 exactly when they share a point (exact). */
export function distanceSegmentHull(a: Segment, b: Hull): number {
  return closest("segment", a, "hull", b, testSegmentHull(a, b), D).distance;
}

/** The closest points of a sphere (pointA) and a sphere (pointB), and their distance. */
export function closestPointsSphereSphere(
  a: Sphere,
  b: Sphere,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("sphere", a, "sphere", b, testSphereSphere(a, b), out ?? makeClosestPoints());
}

/** The distance between a sphere and a sphere; 0 exactly when they share a point (exact). */
export function distanceSphereSphere(a: Sphere, b: Sphere): number {
  return closest("sphere", a, "sphere", b, testSphereSphere(a, b), D).distance;
}

/** The closest points of a sphere (pointA) and a capsule (pointB), and their distance. */
export function closestPointsSphereCapsule(
  a: Sphere,
  b: Capsule,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("sphere", a, "capsule", b, testSphereCapsule(a, b), out ?? makeClosestPoints());
}

/** The distance between a sphere and a capsule; 0 exactly when they share a point (exact). */
export function distanceSphereCapsule(a: Sphere, b: Capsule): number {
  return closest("sphere", a, "capsule", b, testSphereCapsule(a, b), D).distance;
}

/** The closest points of a sphere (pointA) and an aabb (pointB), and their distance. */
export function closestPointsSphereAabb(a: Sphere, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closest("sphere", a, "aabb", b, testSphereAabb(a, b), out ?? makeClosestPoints());
}

/** The distance between a sphere and an aabb; 0 exactly when they share a point (exact). */
export function distanceSphereAabb(a: Sphere, b: Aabb): number {
  return closest("sphere", a, "aabb", b, testSphereAabb(a, b), D).distance;
}

/** The closest points of a sphere (pointA) and a box (pointB), and their distance. */
export function closestPointsSphereBox(a: Sphere, b: Box, out?: ClosestPoints): ClosestPoints {
  return closest("sphere", a, "box", b, testSphereBox(a, b), out ?? makeClosestPoints());
}

/** The distance between a sphere and a box; 0 exactly when they share a point (exact). */
export function distanceSphereBox(a: Sphere, b: Box): number {
  return closest("sphere", a, "box", b, testSphereBox(a, b), D).distance;
}

/** The closest points of a sphere (pointA) and a triangle (pointB), and their distance. */
export function closestPointsSphereTriangle(
  a: Sphere,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("sphere", a, "triangle", b, testSphereTriangle(a, b), out ?? makeClosestPoints());
}

/** The distance between a sphere and a triangle; 0 exactly when they share a point (exact). */
export function distanceSphereTriangle(a: Sphere, b: Triangle): number {
  return closest("sphere", a, "triangle", b, testSphereTriangle(a, b), D).distance;
}

/** The closest points of a sphere (pointA) and a hull (pointB), and their distance. */
export function closestPointsSphereHull(a: Sphere, b: Hull, out?: ClosestPoints): ClosestPoints {
  return closest("sphere", a, "hull", b, testSphereHull(a, b), out ?? makeClosestPoints());
}

/** The distance between a sphere and a hull; 0 exactly when they share a point (exact). */
export function distanceSphereHull(a: Sphere, b: Hull): number {
  return closest("sphere", a, "hull", b, testSphereHull(a, b), D).distance;
}

/** The closest points of a capsule (pointA) and a capsule (pointB), and their distance. */
export function closestPointsCapsuleCapsule(
  a: Capsule,
  b: Capsule,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("capsule", a, "capsule", b, testCapsuleCapsule(a, b), out ?? makeClosestPoints());
}

/** The distance between a capsule and a capsule; 0 exactly when they share a point (exact). */
export function distanceCapsuleCapsule(a: Capsule, b: Capsule): number {
  return closest("capsule", a, "capsule", b, testCapsuleCapsule(a, b), D).distance;
}

/** The closest points of a capsule (pointA) and an aabb (pointB), and their distance. */
export function closestPointsCapsuleAabb(a: Capsule, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closest("capsule", a, "aabb", b, testCapsuleAabb(a, b), out ?? makeClosestPoints());
}

/** The distance between a capsule and an aabb; 0 exactly when they share a point (exact). */
export function distanceCapsuleAabb(a: Capsule, b: Aabb): number {
  return closest("capsule", a, "aabb", b, testCapsuleAabb(a, b), D).distance;
}

/** The closest points of a capsule (pointA) and a box (pointB), and their distance. */
export function closestPointsCapsuleBox(a: Capsule, b: Box, out?: ClosestPoints): ClosestPoints {
  return closest("capsule", a, "box", b, testCapsuleBox(a, b), out ?? makeClosestPoints());
}

/** The distance between a capsule and a box; 0 exactly when they share a point (exact). */
export function distanceCapsuleBox(a: Capsule, b: Box): number {
  return closest("capsule", a, "box", b, testCapsuleBox(a, b), D).distance;
}

/** The closest points of a capsule (pointA) and a triangle (pointB), and their distance. */
export function closestPointsCapsuleTriangle(
  a: Capsule,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closest(
    "capsule",
    a,
    "triangle",
    b,
    testCapsuleTriangle(a, b),
    out ?? makeClosestPoints(),
  );
}

/** The distance between a capsule and a triangle; 0 exactly when they share a point (exact). */
export function distanceCapsuleTriangle(a: Capsule, b: Triangle): number {
  return closest("capsule", a, "triangle", b, testCapsuleTriangle(a, b), D).distance;
}

/** The closest points of a capsule (pointA) and a hull (pointB), and their distance. */
export function closestPointsCapsuleHull(a: Capsule, b: Hull, out?: ClosestPoints): ClosestPoints {
  return closest("capsule", a, "hull", b, testCapsuleHull(a, b), out ?? makeClosestPoints());
}

/** The distance between a capsule and a hull; 0 exactly when they share a point (exact). */
export function distanceCapsuleHull(a: Capsule, b: Hull): number {
  return closest("capsule", a, "hull", b, testCapsuleHull(a, b), D).distance;
}

/** The closest points of an aabb (pointA) and an aabb (pointB), and their distance. */
export function closestPointsAabbAabb(a: Aabb, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closest("aabb", a, "aabb", b, testAabbAabb(a, b), out ?? makeClosestPoints());
}

/** The distance between an aabb and an aabb; 0 exactly when they share a point (exact). */
export function distanceAabbAabb(a: Aabb, b: Aabb): number {
  return closest("aabb", a, "aabb", b, testAabbAabb(a, b), D).distance;
}

/** The closest points of an aabb (pointA) and a box (pointB), and their distance. */
export function closestPointsAabbBox(a: Aabb, b: Box, out?: ClosestPoints): ClosestPoints {
  return closest("aabb", a, "box", b, testAabbBox(a, b), out ?? makeClosestPoints());
}

/** The distance between an aabb and a box; 0 exactly when they share a point (exact). */
export function distanceAabbBox(a: Aabb, b: Box): number {
  return closest("aabb", a, "box", b, testAabbBox(a, b), D).distance;
}

/** The closest points of an aabb (pointA) and a triangle (pointB), and their distance. */
export function closestPointsAabbTriangle(
  a: Aabb,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("aabb", a, "triangle", b, testAabbTriangle(a, b), out ?? makeClosestPoints());
}

/** The distance between an aabb and a triangle; 0 exactly when they share a point (exact). */
export function distanceAabbTriangle(a: Aabb, b: Triangle): number {
  return closest("aabb", a, "triangle", b, testAabbTriangle(a, b), D).distance;
}

/** The closest points of an aabb (pointA) and a hull (pointB), and their distance. */
export function closestPointsAabbHull(a: Aabb, b: Hull, out?: ClosestPoints): ClosestPoints {
  return closest("aabb", a, "hull", b, testAabbHull(a, b), out ?? makeClosestPoints());
}

/** The distance between an aabb and a hull; 0 exactly when they share a point (exact). */
export function distanceAabbHull(a: Aabb, b: Hull): number {
  return closest("aabb", a, "hull", b, testAabbHull(a, b), D).distance;
}

/** The closest points of a box (pointA) and a box (pointB), and their distance. */
export function closestPointsBoxBox(a: Box, b: Box, out?: ClosestPoints): ClosestPoints {
  return closest("box", a, "box", b, testBoxBox(a, b), out ?? makeClosestPoints());
}

/** The distance between a box and a box; 0 exactly when they share a point (exact). */
export function distanceBoxBox(a: Box, b: Box): number {
  return closest("box", a, "box", b, testBoxBox(a, b), D).distance;
}

/** The closest points of a box (pointA) and a triangle (pointB), and their distance. */
export function closestPointsBoxTriangle(a: Box, b: Triangle, out?: ClosestPoints): ClosestPoints {
  return closest("box", a, "triangle", b, testBoxTriangle(a, b), out ?? makeClosestPoints());
}

/** The distance between a box and a triangle; 0 exactly when they share a point (exact). */
export function distanceBoxTriangle(a: Box, b: Triangle): number {
  return closest("box", a, "triangle", b, testBoxTriangle(a, b), D).distance;
}

/** The closest points of a box (pointA) and a hull (pointB), and their distance. */
export function closestPointsBoxHull(a: Box, b: Hull, out?: ClosestPoints): ClosestPoints {
  return closest("box", a, "hull", b, testBoxHull(a, b), out ?? makeClosestPoints());
}

/** The distance between a box and a hull; 0 exactly when they share a point (exact). */
export function distanceBoxHull(a: Box, b: Hull): number {
  return closest("box", a, "hull", b, testBoxHull(a, b), D).distance;
}

/** The closest points of a triangle (pointA) and a triangle (pointB), and their distance. */
export function closestPointsTriangleTriangle(
  a: Triangle,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closest(
    "triangle",
    a,
    "triangle",
    b,
    testTriangleTriangle(a, b),
    out ?? makeClosestPoints(),
  );
}

/** The distance between a triangle and a triangle; 0 exactly when they share a point (exact). */
export function distanceTriangleTriangle(a: Triangle, b: Triangle): number {
  return closest("triangle", a, "triangle", b, testTriangleTriangle(a, b), D).distance;
}

/** The closest points of a triangle (pointA) and a hull (pointB), and their distance. */
export function closestPointsTriangleHull(
  a: Triangle,
  b: Hull,
  out?: ClosestPoints,
): ClosestPoints {
  return closest("triangle", a, "hull", b, testTriangleHull(a, b), out ?? makeClosestPoints());
}

/** The distance between a triangle and a hull; 0 exactly when they share a point (exact). */
export function distanceTriangleHull(a: Triangle, b: Hull): number {
  return closest("triangle", a, "hull", b, testTriangleHull(a, b), D).distance;
}

/** The closest points of a hull (pointA) and a hull (pointB), and their distance. */
export function closestPointsHullHull(a: Hull, b: Hull, out?: ClosestPoints): ClosestPoints {
  return closest("hull", a, "hull", b, testHullHull(a, b), out ?? makeClosestPoints());
}

/** The distance between a hull and a hull; 0 exactly when they share a point (exact). */
export function distanceHullHull(a: Hull, b: Hull): number {
  return closest("hull", a, "hull", b, testHullHull(a, b), D).distance;
}
