/**
 * collide/2d: exact 2D collision queries. Shapes are plain data; any object with numeric x and y
 * is a vector. Every boolean is exact for finite input, touching counts, and no query returns NaN.
 * @packageDocumentation
 */

export { boundingCircle } from "./bounding-circle.ts";
export { aabbOf, type Shape } from "./bounds.ts";
export { boxCorners } from "./box-corners.ts";
export { convexHull, isConvex } from "./convex/hull.ts";
export { intersectLineRay, type LineRayHit, testLineRay } from "./pairs/line-ray.ts";
export {
  testPointAabb,
  testPointBox,
  testPointCapsule,
  testPointCircle,
  testPointLine,
  testPointPoint,
  testPointPolygon,
  testPointPolyline,
  testPointRay,
  testPointSegment,
  testPointTriangle,
} from "./pairs/point-shapes.ts";
export {
  intersectSegmentCircle,
  type SegmentCircleHit,
  testSegmentCircle,
} from "./pairs/segment-circle.ts";
export {
  intersectSegmentSegment,
  type SegmentSegmentHit,
  testSegmentSegment,
} from "./pairs/segment-segment.ts";
export {
  contactTriangleTriangle,
  type TriangleTriangleContact,
  testTriangleTriangle,
} from "./pairs/triangle-triangle.ts";
export {
  type Aabb,
  aabb,
  type Box,
  box,
  type Capsule,
  type Circle,
  capsule,
  circle,
  type Line,
  line,
  type Polygon,
  type Polyline,
  pointShape as point,
  polygon,
  polyline,
  type Ray,
  ray,
  type Segment,
  segment,
  type Triangle,
  triangle,
  type Vec,
  vec,
} from "./shapes.ts";
