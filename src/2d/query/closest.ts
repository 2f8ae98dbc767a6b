import type { ClosestPoints } from "../results.ts";
import { makeClosestPoints } from "../results.ts";
import type {
  Aabb,
  Box,
  Capsule,
  Circle,
  Line,
  Polygon,
  Polyline,
  Ray,
  Segment,
  Triangle,
  Vec,
} from "../shapes.ts";
import { closestShapes } from "./closest-engine.ts";

/*
 * closestPoints<A><B> and distance<A><B> for every pair of 2D shapes (see closest-engine.ts).
 * The distance is 0 exactly when the exact test<A><B> is true.
 */

const D: ClosestPoints = makeClosestPoints();

/** The closest points of a point (pointA) and a point (pointB), and their distance. */
export function closestPointsPointPoint(a: Vec, b: Vec, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "point", b, out ?? makeClosestPoints());
}

/** The distance between a point and a point; 0 exactly when they share a point. */
export function distancePointPoint(a: Vec, b: Vec): number {
  return closestShapes("point", a, "point", b, D).distance;
}

/** The closest points of a point (pointA) and a line (pointB), and their distance. */
export function closestPointsPointLine(a: Vec, b: Line, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "line", b, out ?? makeClosestPoints());
}

/** The distance between a point and a line; 0 exactly when they share a point. */
export function distancePointLine(a: Vec, b: Line): number {
  return closestShapes("point", a, "line", b, D).distance;
}

/** The closest points of a point (pointA) and a ray (pointB), and their distance. */
export function closestPointsPointRay(a: Vec, b: Ray, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "ray", b, out ?? makeClosestPoints());
}

/** The distance between a point and a ray; 0 exactly when they share a point. */
export function distancePointRay(a: Vec, b: Ray): number {
  return closestShapes("point", a, "ray", b, D).distance;
}

/** The closest points of a point (pointA) and a segment (pointB), and their distance. */
export function closestPointsPointSegment(a: Vec, b: Segment, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "segment", b, out ?? makeClosestPoints());
}

/** The distance between a point and a segment; 0 exactly when they share a point. */
export function distancePointSegment(a: Vec, b: Segment): number {
  return closestShapes("point", a, "segment", b, D).distance;
}

/** The closest points of a point (pointA) and a circle (pointB), and their distance. */
export function closestPointsPointCircle(a: Vec, b: Circle, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "circle", b, out ?? makeClosestPoints());
}

/** The distance between a point and a circle; 0 exactly when they share a point. */
export function distancePointCircle(a: Vec, b: Circle): number {
  return closestShapes("point", a, "circle", b, D).distance;
}

/** The closest points of a point (pointA) and a capsule (pointB), and their distance. */
export function closestPointsPointCapsule(a: Vec, b: Capsule, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "capsule", b, out ?? makeClosestPoints());
}

/** The distance between a point and a capsule; 0 exactly when they share a point. */
export function distancePointCapsule(a: Vec, b: Capsule): number {
  return closestShapes("point", a, "capsule", b, D).distance;
}

/** The closest points of a point (pointA) and a aabb (pointB), and their distance. */
export function closestPointsPointAabb(a: Vec, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "aabb", b, out ?? makeClosestPoints());
}

/** The distance between a point and a aabb; 0 exactly when they share a point. */
export function distancePointAabb(a: Vec, b: Aabb): number {
  return closestShapes("point", a, "aabb", b, D).distance;
}

/** The closest points of a point (pointA) and a box (pointB), and their distance. */
export function closestPointsPointBox(a: Vec, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between a point and a box; 0 exactly when they share a point. */
export function distancePointBox(a: Vec, b: Box): number {
  return closestShapes("point", a, "box", b, D).distance;
}

/** The closest points of a point (pointA) and a triangle (pointB), and their distance. */
export function closestPointsPointTriangle(
  a: Vec,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("point", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a point and a triangle; 0 exactly when they share a point. */
export function distancePointTriangle(a: Vec, b: Triangle): number {
  return closestShapes("point", a, "triangle", b, D).distance;
}

/** The closest points of a point (pointA) and a polygon (pointB), and their distance. */
export function closestPointsPointPolygon(a: Vec, b: Polygon, out?: ClosestPoints): ClosestPoints {
  return closestShapes("point", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a point and a polygon; 0 exactly when they share a point. */
export function distancePointPolygon(a: Vec, b: Polygon): number {
  return closestShapes("point", a, "polygon", b, D).distance;
}

/** The closest points of a point (pointA) and a polyline (pointB), and their distance. */
export function closestPointsPointPolyline(
  a: Vec,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("point", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a point and a polyline; 0 exactly when they share a point. */
export function distancePointPolyline(a: Vec, b: Polyline): number {
  return closestShapes("point", a, "polyline", b, D).distance;
}

/** The closest points of a line (pointA) and a line (pointB), and their distance. */
export function closestPointsLineLine(a: Line, b: Line, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "line", b, out ?? makeClosestPoints());
}

/** The distance between a line and a line; 0 exactly when they share a point. */
export function distanceLineLine(a: Line, b: Line): number {
  return closestShapes("line", a, "line", b, D).distance;
}

/** The closest points of a line (pointA) and a ray (pointB), and their distance. */
export function closestPointsLineRay(a: Line, b: Ray, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "ray", b, out ?? makeClosestPoints());
}

/** The distance between a line and a ray; 0 exactly when they share a point. */
export function distanceLineRay(a: Line, b: Ray): number {
  return closestShapes("line", a, "ray", b, D).distance;
}

/** The closest points of a line (pointA) and a segment (pointB), and their distance. */
export function closestPointsLineSegment(a: Line, b: Segment, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "segment", b, out ?? makeClosestPoints());
}

/** The distance between a line and a segment; 0 exactly when they share a point. */
export function distanceLineSegment(a: Line, b: Segment): number {
  return closestShapes("line", a, "segment", b, D).distance;
}

/** The closest points of a line (pointA) and a circle (pointB), and their distance. */
export function closestPointsLineCircle(a: Line, b: Circle, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "circle", b, out ?? makeClosestPoints());
}

/** The distance between a line and a circle; 0 exactly when they share a point. */
export function distanceLineCircle(a: Line, b: Circle): number {
  return closestShapes("line", a, "circle", b, D).distance;
}

/** The closest points of a line (pointA) and a capsule (pointB), and their distance. */
export function closestPointsLineCapsule(a: Line, b: Capsule, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "capsule", b, out ?? makeClosestPoints());
}

/** The distance between a line and a capsule; 0 exactly when they share a point. */
export function distanceLineCapsule(a: Line, b: Capsule): number {
  return closestShapes("line", a, "capsule", b, D).distance;
}

/** The closest points of a line (pointA) and a aabb (pointB), and their distance. */
export function closestPointsLineAabb(a: Line, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "aabb", b, out ?? makeClosestPoints());
}

/** The distance between a line and a aabb; 0 exactly when they share a point. */
export function distanceLineAabb(a: Line, b: Aabb): number {
  return closestShapes("line", a, "aabb", b, D).distance;
}

/** The closest points of a line (pointA) and a box (pointB), and their distance. */
export function closestPointsLineBox(a: Line, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between a line and a box; 0 exactly when they share a point. */
export function distanceLineBox(a: Line, b: Box): number {
  return closestShapes("line", a, "box", b, D).distance;
}

/** The closest points of a line (pointA) and a triangle (pointB), and their distance. */
export function closestPointsLineTriangle(
  a: Line,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("line", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a line and a triangle; 0 exactly when they share a point. */
export function distanceLineTriangle(a: Line, b: Triangle): number {
  return closestShapes("line", a, "triangle", b, D).distance;
}

/** The closest points of a line (pointA) and a polygon (pointB), and their distance. */
export function closestPointsLinePolygon(a: Line, b: Polygon, out?: ClosestPoints): ClosestPoints {
  return closestShapes("line", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a line and a polygon; 0 exactly when they share a point. */
export function distanceLinePolygon(a: Line, b: Polygon): number {
  return closestShapes("line", a, "polygon", b, D).distance;
}

/** The closest points of a line (pointA) and a polyline (pointB), and their distance. */
export function closestPointsLinePolyline(
  a: Line,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("line", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a line and a polyline; 0 exactly when they share a point. */
export function distanceLinePolyline(a: Line, b: Polyline): number {
  return closestShapes("line", a, "polyline", b, D).distance;
}

/** The closest points of a ray (pointA) and a ray (pointB), and their distance. */
export function closestPointsRayRay(a: Ray, b: Ray, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "ray", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a ray; 0 exactly when they share a point. */
export function distanceRayRay(a: Ray, b: Ray): number {
  return closestShapes("ray", a, "ray", b, D).distance;
}

/** The closest points of a ray (pointA) and a segment (pointB), and their distance. */
export function closestPointsRaySegment(a: Ray, b: Segment, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "segment", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a segment; 0 exactly when they share a point. */
export function distanceRaySegment(a: Ray, b: Segment): number {
  return closestShapes("ray", a, "segment", b, D).distance;
}

/** The closest points of a ray (pointA) and a circle (pointB), and their distance. */
export function closestPointsRayCircle(a: Ray, b: Circle, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "circle", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a circle; 0 exactly when they share a point. */
export function distanceRayCircle(a: Ray, b: Circle): number {
  return closestShapes("ray", a, "circle", b, D).distance;
}

/** The closest points of a ray (pointA) and a capsule (pointB), and their distance. */
export function closestPointsRayCapsule(a: Ray, b: Capsule, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "capsule", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a capsule; 0 exactly when they share a point. */
export function distanceRayCapsule(a: Ray, b: Capsule): number {
  return closestShapes("ray", a, "capsule", b, D).distance;
}

/** The closest points of a ray (pointA) and a aabb (pointB), and their distance. */
export function closestPointsRayAabb(a: Ray, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "aabb", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a aabb; 0 exactly when they share a point. */
export function distanceRayAabb(a: Ray, b: Aabb): number {
  return closestShapes("ray", a, "aabb", b, D).distance;
}

/** The closest points of a ray (pointA) and a box (pointB), and their distance. */
export function closestPointsRayBox(a: Ray, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a box; 0 exactly when they share a point. */
export function distanceRayBox(a: Ray, b: Box): number {
  return closestShapes("ray", a, "box", b, D).distance;
}

/** The closest points of a ray (pointA) and a triangle (pointB), and their distance. */
export function closestPointsRayTriangle(a: Ray, b: Triangle, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a triangle; 0 exactly when they share a point. */
export function distanceRayTriangle(a: Ray, b: Triangle): number {
  return closestShapes("ray", a, "triangle", b, D).distance;
}

/** The closest points of a ray (pointA) and a polygon (pointB), and their distance. */
export function closestPointsRayPolygon(a: Ray, b: Polygon, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a polygon; 0 exactly when they share a point. */
export function distanceRayPolygon(a: Ray, b: Polygon): number {
  return closestShapes("ray", a, "polygon", b, D).distance;
}

/** The closest points of a ray (pointA) and a polyline (pointB), and their distance. */
export function closestPointsRayPolyline(a: Ray, b: Polyline, out?: ClosestPoints): ClosestPoints {
  return closestShapes("ray", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a ray and a polyline; 0 exactly when they share a point. */
export function distanceRayPolyline(a: Ray, b: Polyline): number {
  return closestShapes("ray", a, "polyline", b, D).distance;
}

/** The closest points of a segment (pointA) and a segment (pointB), and their distance. */
export function closestPointsSegmentSegment(
  a: Segment,
  b: Segment,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("segment", a, "segment", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a segment; 0 exactly when they share a point. */
export function distanceSegmentSegment(a: Segment, b: Segment): number {
  return closestShapes("segment", a, "segment", b, D).distance;
}

/** The closest points of a segment (pointA) and a circle (pointB), and their distance. */
export function closestPointsSegmentCircle(
  a: Segment,
  b: Circle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("segment", a, "circle", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a circle; 0 exactly when they share a point. */
export function distanceSegmentCircle(a: Segment, b: Circle): number {
  return closestShapes("segment", a, "circle", b, D).distance;
}

/** The closest points of a segment (pointA) and a capsule (pointB), and their distance. */
export function closestPointsSegmentCapsule(
  a: Segment,
  b: Capsule,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("segment", a, "capsule", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a capsule; 0 exactly when they share a point. */
export function distanceSegmentCapsule(a: Segment, b: Capsule): number {
  return closestShapes("segment", a, "capsule", b, D).distance;
}

/** The closest points of a segment (pointA) and a aabb (pointB), and their distance. */
export function closestPointsSegmentAabb(a: Segment, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closestShapes("segment", a, "aabb", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a aabb; 0 exactly when they share a point. */
export function distanceSegmentAabb(a: Segment, b: Aabb): number {
  return closestShapes("segment", a, "aabb", b, D).distance;
}

/** The closest points of a segment (pointA) and a box (pointB), and their distance. */
export function closestPointsSegmentBox(a: Segment, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("segment", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a box; 0 exactly when they share a point. */
export function distanceSegmentBox(a: Segment, b: Box): number {
  return closestShapes("segment", a, "box", b, D).distance;
}

/** The closest points of a segment (pointA) and a triangle (pointB), and their distance. */
export function closestPointsSegmentTriangle(
  a: Segment,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("segment", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a triangle; 0 exactly when they share a point. */
export function distanceSegmentTriangle(a: Segment, b: Triangle): number {
  return closestShapes("segment", a, "triangle", b, D).distance;
}

/** The closest points of a segment (pointA) and a polygon (pointB), and their distance. */
export function closestPointsSegmentPolygon(
  a: Segment,
  b: Polygon,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("segment", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a polygon; 0 exactly when they share a point. */
export function distanceSegmentPolygon(a: Segment, b: Polygon): number {
  return closestShapes("segment", a, "polygon", b, D).distance;
}

/** The closest points of a segment (pointA) and a polyline (pointB), and their distance. */
export function closestPointsSegmentPolyline(
  a: Segment,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("segment", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a segment and a polyline; 0 exactly when they share a point. */
export function distanceSegmentPolyline(a: Segment, b: Polyline): number {
  return closestShapes("segment", a, "polyline", b, D).distance;
}

/** The closest points of a circle (pointA) and a circle (pointB), and their distance. */
export function closestPointsCircleCircle(
  a: Circle,
  b: Circle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("circle", a, "circle", b, out ?? makeClosestPoints());
}

/** The distance between a circle and a circle; 0 exactly when they share a point. */
export function distanceCircleCircle(a: Circle, b: Circle): number {
  return closestShapes("circle", a, "circle", b, D).distance;
}

/** The closest points of a circle (pointA) and a capsule (pointB), and their distance. */
export function closestPointsCircleCapsule(
  a: Circle,
  b: Capsule,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("circle", a, "capsule", b, out ?? makeClosestPoints());
}

/** The distance between a circle and a capsule; 0 exactly when they share a point. */
export function distanceCircleCapsule(a: Circle, b: Capsule): number {
  return closestShapes("circle", a, "capsule", b, D).distance;
}

/** The closest points of a circle (pointA) and a aabb (pointB), and their distance. */
export function closestPointsCircleAabb(a: Circle, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closestShapes("circle", a, "aabb", b, out ?? makeClosestPoints());
}

/** The distance between a circle and a aabb; 0 exactly when they share a point. */
export function distanceCircleAabb(a: Circle, b: Aabb): number {
  return closestShapes("circle", a, "aabb", b, D).distance;
}

/** The closest points of a circle (pointA) and a box (pointB), and their distance. */
export function closestPointsCircleBox(a: Circle, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("circle", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between a circle and a box; 0 exactly when they share a point. */
export function distanceCircleBox(a: Circle, b: Box): number {
  return closestShapes("circle", a, "box", b, D).distance;
}

/** The closest points of a circle (pointA) and a triangle (pointB), and their distance. */
export function closestPointsCircleTriangle(
  a: Circle,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("circle", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a circle and a triangle; 0 exactly when they share a point. */
export function distanceCircleTriangle(a: Circle, b: Triangle): number {
  return closestShapes("circle", a, "triangle", b, D).distance;
}

/** The closest points of a circle (pointA) and a polygon (pointB), and their distance. */
export function closestPointsCirclePolygon(
  a: Circle,
  b: Polygon,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("circle", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a circle and a polygon; 0 exactly when they share a point. */
export function distanceCirclePolygon(a: Circle, b: Polygon): number {
  return closestShapes("circle", a, "polygon", b, D).distance;
}

/** The closest points of a circle (pointA) and a polyline (pointB), and their distance. */
export function closestPointsCirclePolyline(
  a: Circle,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("circle", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a circle and a polyline; 0 exactly when they share a point. */
export function distanceCirclePolyline(a: Circle, b: Polyline): number {
  return closestShapes("circle", a, "polyline", b, D).distance;
}

/** The closest points of a capsule (pointA) and a capsule (pointB), and their distance. */
export function closestPointsCapsuleCapsule(
  a: Capsule,
  b: Capsule,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("capsule", a, "capsule", b, out ?? makeClosestPoints());
}

/** The distance between a capsule and a capsule; 0 exactly when they share a point. */
export function distanceCapsuleCapsule(a: Capsule, b: Capsule): number {
  return closestShapes("capsule", a, "capsule", b, D).distance;
}

/** The closest points of a capsule (pointA) and a aabb (pointB), and their distance. */
export function closestPointsCapsuleAabb(a: Capsule, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closestShapes("capsule", a, "aabb", b, out ?? makeClosestPoints());
}

/** The distance between a capsule and a aabb; 0 exactly when they share a point. */
export function distanceCapsuleAabb(a: Capsule, b: Aabb): number {
  return closestShapes("capsule", a, "aabb", b, D).distance;
}

/** The closest points of a capsule (pointA) and a box (pointB), and their distance. */
export function closestPointsCapsuleBox(a: Capsule, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("capsule", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between a capsule and a box; 0 exactly when they share a point. */
export function distanceCapsuleBox(a: Capsule, b: Box): number {
  return closestShapes("capsule", a, "box", b, D).distance;
}

/** The closest points of a capsule (pointA) and a triangle (pointB), and their distance. */
export function closestPointsCapsuleTriangle(
  a: Capsule,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("capsule", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a capsule and a triangle; 0 exactly when they share a point. */
export function distanceCapsuleTriangle(a: Capsule, b: Triangle): number {
  return closestShapes("capsule", a, "triangle", b, D).distance;
}

/** The closest points of a capsule (pointA) and a polygon (pointB), and their distance. */
export function closestPointsCapsulePolygon(
  a: Capsule,
  b: Polygon,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("capsule", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a capsule and a polygon; 0 exactly when they share a point. */
export function distanceCapsulePolygon(a: Capsule, b: Polygon): number {
  return closestShapes("capsule", a, "polygon", b, D).distance;
}

/** The closest points of a capsule (pointA) and a polyline (pointB), and their distance. */
export function closestPointsCapsulePolyline(
  a: Capsule,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("capsule", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a capsule and a polyline; 0 exactly when they share a point. */
export function distanceCapsulePolyline(a: Capsule, b: Polyline): number {
  return closestShapes("capsule", a, "polyline", b, D).distance;
}

/** The closest points of an aabb (pointA) and a aabb (pointB), and their distance. */
export function closestPointsAabbAabb(a: Aabb, b: Aabb, out?: ClosestPoints): ClosestPoints {
  return closestShapes("aabb", a, "aabb", b, out ?? makeClosestPoints());
}

/** The distance between an aabb and a aabb; 0 exactly when they share a point. */
export function distanceAabbAabb(a: Aabb, b: Aabb): number {
  return closestShapes("aabb", a, "aabb", b, D).distance;
}

/** The closest points of an aabb (pointA) and a box (pointB), and their distance. */
export function closestPointsAabbBox(a: Aabb, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("aabb", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between an aabb and a box; 0 exactly when they share a point. */
export function distanceAabbBox(a: Aabb, b: Box): number {
  return closestShapes("aabb", a, "box", b, D).distance;
}

/** The closest points of an aabb (pointA) and a triangle (pointB), and their distance. */
export function closestPointsAabbTriangle(
  a: Aabb,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("aabb", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between an aabb and a triangle; 0 exactly when they share a point. */
export function distanceAabbTriangle(a: Aabb, b: Triangle): number {
  return closestShapes("aabb", a, "triangle", b, D).distance;
}

/** The closest points of an aabb (pointA) and a polygon (pointB), and their distance. */
export function closestPointsAabbPolygon(a: Aabb, b: Polygon, out?: ClosestPoints): ClosestPoints {
  return closestShapes("aabb", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between an aabb and a polygon; 0 exactly when they share a point. */
export function distanceAabbPolygon(a: Aabb, b: Polygon): number {
  return closestShapes("aabb", a, "polygon", b, D).distance;
}

/** The closest points of an aabb (pointA) and a polyline (pointB), and their distance. */
export function closestPointsAabbPolyline(
  a: Aabb,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("aabb", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between an aabb and a polyline; 0 exactly when they share a point. */
export function distanceAabbPolyline(a: Aabb, b: Polyline): number {
  return closestShapes("aabb", a, "polyline", b, D).distance;
}

/** The closest points of a box (pointA) and a box (pointB), and their distance. */
export function closestPointsBoxBox(a: Box, b: Box, out?: ClosestPoints): ClosestPoints {
  return closestShapes("box", a, "box", b, out ?? makeClosestPoints());
}

/** The distance between a box and a box; 0 exactly when they share a point. */
export function distanceBoxBox(a: Box, b: Box): number {
  return closestShapes("box", a, "box", b, D).distance;
}

/** The closest points of a box (pointA) and a triangle (pointB), and their distance. */
export function closestPointsBoxTriangle(a: Box, b: Triangle, out?: ClosestPoints): ClosestPoints {
  return closestShapes("box", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a box and a triangle; 0 exactly when they share a point. */
export function distanceBoxTriangle(a: Box, b: Triangle): number {
  return closestShapes("box", a, "triangle", b, D).distance;
}

/** The closest points of a box (pointA) and a polygon (pointB), and their distance. */
export function closestPointsBoxPolygon(a: Box, b: Polygon, out?: ClosestPoints): ClosestPoints {
  return closestShapes("box", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a box and a polygon; 0 exactly when they share a point. */
export function distanceBoxPolygon(a: Box, b: Polygon): number {
  return closestShapes("box", a, "polygon", b, D).distance;
}

/** The closest points of a box (pointA) and a polyline (pointB), and their distance. */
export function closestPointsBoxPolyline(a: Box, b: Polyline, out?: ClosestPoints): ClosestPoints {
  return closestShapes("box", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a box and a polyline; 0 exactly when they share a point. */
export function distanceBoxPolyline(a: Box, b: Polyline): number {
  return closestShapes("box", a, "polyline", b, D).distance;
}

/** The closest points of a triangle (pointA) and a triangle (pointB), and their distance. */
export function closestPointsTriangleTriangle(
  a: Triangle,
  b: Triangle,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("triangle", a, "triangle", b, out ?? makeClosestPoints());
}

/** The distance between a triangle and a triangle; 0 exactly when they share a point. */
export function distanceTriangleTriangle(a: Triangle, b: Triangle): number {
  return closestShapes("triangle", a, "triangle", b, D).distance;
}

/** The closest points of a triangle (pointA) and a polygon (pointB), and their distance. */
export function closestPointsTrianglePolygon(
  a: Triangle,
  b: Polygon,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("triangle", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a triangle and a polygon; 0 exactly when they share a point. */
export function distanceTrianglePolygon(a: Triangle, b: Polygon): number {
  return closestShapes("triangle", a, "polygon", b, D).distance;
}

/** The closest points of a triangle (pointA) and a polyline (pointB), and their distance. */
export function closestPointsTrianglePolyline(
  a: Triangle,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("triangle", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a triangle and a polyline; 0 exactly when they share a point. */
export function distanceTrianglePolyline(a: Triangle, b: Polyline): number {
  return closestShapes("triangle", a, "polyline", b, D).distance;
}

/** The closest points of a polygon (pointA) and a polygon (pointB), and their distance. */
export function closestPointsPolygonPolygon(
  a: Polygon,
  b: Polygon,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("polygon", a, "polygon", b, out ?? makeClosestPoints());
}

/** The distance between a polygon and a polygon; 0 exactly when they share a point. */
export function distancePolygonPolygon(a: Polygon, b: Polygon): number {
  return closestShapes("polygon", a, "polygon", b, D).distance;
}

/** The closest points of a polygon (pointA) and a polyline (pointB), and their distance. */
export function closestPointsPolygonPolyline(
  a: Polygon,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("polygon", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a polygon and a polyline; 0 exactly when they share a point. */
export function distancePolygonPolyline(a: Polygon, b: Polyline): number {
  return closestShapes("polygon", a, "polyline", b, D).distance;
}

/** The closest points of a polyline (pointA) and a polyline (pointB), and their distance. */
export function closestPointsPolylinePolyline(
  a: Polyline,
  b: Polyline,
  out?: ClosestPoints,
): ClosestPoints {
  return closestShapes("polyline", a, "polyline", b, out ?? makeClosestPoints());
}

/** The distance between a polyline and a polyline; 0 exactly when they share a point. */
export function distancePolylinePolyline(a: Polyline, b: Polyline): number {
  return closestShapes("polyline", a, "polyline", b, D).distance;
}
