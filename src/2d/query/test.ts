import {
  compareLineDistance,
  comparePointDistance,
  DIST,
  pointDistanceSign,
} from "../../exact/distance-sign.ts";
import { dotSign } from "../../exact/orient2d.ts";
import { overlapProxies } from "../convex/overlap.ts";
import {
  lineOverlapsProxy,
  linesMeet,
  rayOverlapsProxy,
  raysMeet,
} from "../convex/overlap-linear.ts";
import {
  aabbProxy,
  boxProxy,
  type ConvexProxy,
  capsuleProxy,
  circleProxy,
  makeProxy,
  polygonProxy,
  posedPolygonProxy,
  segmentProxy,
  triangleProxy,
} from "../convex/proxy.ts";
import { APART, circlePolygonContact } from "../pairs/circle-polygon.ts";
import { raySegmentSigns } from "../pairs/ray-segment.ts";
import type { Pose } from "../pose.ts";
import { makeContact } from "../results.ts";
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
} from "../shapes.ts";
import { testKinds } from "./test-engine.ts";

/*
 * Exact boolean tests for every pair of 2D shapes (closed sets: touching counts). Bounded convex
 * shapes become proxies (points + radius) for the exact overlap of convex/overlap.ts; lines and
 * rays have their own exact tests; a polyline is the union of its segments (test-engine.ts). Pairs with a faster
 * dedicated test (circle-circle, aabb-aabb, circle-aabb, circle-polygon, polygon-polygon) have
 * it here; the seed pairs and point containment live in pairs/.
 */

const P0: ConvexProxy = makeProxy();
const P1: ConvexProxy = makeProxy();
/** Whether two circles share a point: |c1 - c2| <= r1 + r2, exact (the sum is never rounded). */
export function testCircleCircle(a: Circle, b: Circle): boolean {
  // Through DIST, not arguments: a call that is not inlined boxes each double.
  const d = DIST;
  d[0] = a.center.x;
  d[1] = a.center.y;
  d[2] = b.center.x;
  d[3] = b.center.y;
  d[6] = a.radius;
  d[7] = b.radius;
  return pointDistanceSign() <= 0;
}

/** Whether two axis-aligned boxes share a point; exact (comparisons only). */
export function testAabbAabb(a: Aabb, b: Aabb): boolean {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

/** Whether a circle and an axis-aligned box share a point; exact (the clamp is exact). */
export function testCircleAabb(a: Circle, b: Aabb): boolean {
  const cx = a.center.x;
  const cy = a.center.y;
  const qx = cx < b.min.x ? b.min.x : cx > b.max.x ? b.max.x : cx;
  const qy = cy < b.min.y ? b.min.y : cy > b.max.y ? b.max.y : cy;
  const d = DIST;
  d[0] = cx;
  d[1] = cy;
  d[2] = qx;
  d[3] = qy;
  d[6] = a.radius;
  d[7] = 0;
  return pointDistanceSign() <= 0;
}

const SCRATCH_CONTACT = makeContact();

/**
 * Whether a circle and a convex polygon share a point; exact: the contact's float path when it is
 * clear by far more than its rounding, else exact separating axes.
 */
export function testCirclePolygon(a: Circle, b: Polygon): boolean {
  const settled = circlePolygonContact(a, b, SCRATCH_CONTACT, false);
  if (settled !== 0) return settled !== APART;
  return overlapProxies(circleProxy(a, P0), polygonProxy(b, P1));
}

/** Whether two convex polygons share a point; exact (separating axes on exact orientations). */
export function testPolygonPolygon(a: Polygon, b: Polygon): boolean {
  return overlapProxies(polygonProxy(a, P0), polygonProxy(b, P1));
}

/**
 * Whether two convex polygons, each moved by a pose, share a point; exact for the transformed
 * corners, which are written straight into the proxies (no posed copy of the polygons).
 */
export function testPosedPolygons(a: Polygon, poseA: Pose, b: Polygon, poseB: Pose): boolean {
  return overlapProxies(posedPolygonProxy(a, poseA, P0), posedPolygonProxy(b, poseB, P1));
}

/** Whether a line and a line share a point; exact. */
export function testLineLine(a: Line, b: Line): boolean {
  return linesMeet(a.point.x, a.point.y, a.dir.x, a.dir.y, b.point.x, b.point.y, b.dir.x, b.dir.y);
}

/** Whether a line and a segment share a point; exact. */
export function testLineSegment(a: Line, b: Segment): boolean {
  return lineOverlapsProxy(a.point, a.dir, segmentProxy(b.a, b.b, 0, P1));
}

/** Whether a line and a circle share a point; exact. */
export function testLineCircle(a: Line, b: Circle): boolean {
  return lineOverlapsProxy(a.point, a.dir, circleProxy(b, P1));
}

/** Whether a line and a capsule share a point; exact. */
export function testLineCapsule(a: Line, b: Capsule): boolean {
  return lineOverlapsProxy(a.point, a.dir, capsuleProxy(b, P1));
}

/** Whether a line and a aabb share a point; exact. */
export function testLineAabb(a: Line, b: Aabb): boolean {
  return lineOverlapsProxy(a.point, a.dir, aabbProxy(b, P1));
}

/** Whether a line and a box share a point; exact. */
export function testLineBox(a: Line, b: Box): boolean {
  return lineOverlapsProxy(a.point, a.dir, boxProxy(b, P1));
}

/** Whether a line and a triangle share a point; exact. */
export function testLineTriangle(a: Line, b: Triangle): boolean {
  return lineOverlapsProxy(a.point, a.dir, triangleProxy(b, P1));
}

/** Whether a line and a polygon share a point; exact. */
export function testLinePolygon(a: Line, b: Polygon): boolean {
  return lineOverlapsProxy(a.point, a.dir, polygonProxy(b, P1));
}

/** Whether a line and a polyline share a point; exact. */
export function testLinePolyline(a: Line, b: Polyline): boolean {
  return testKinds("line", a, "polyline", b);
}

/** Whether a ray and a ray share a point; exact. */
export function testRayRay(a: Ray, b: Ray): boolean {
  return raysMeet(
    a.origin.x,
    a.origin.y,
    a.dir.x,
    a.dir.y,
    b.origin.x,
    b.origin.y,
    b.dir.x,
    b.dir.y,
  );
}

/** Whether a ray and a segment share a point; exact. */
export function testRaySegment(a: Ray, b: Segment): boolean {
  const signs = raySegmentSigns(a, b);
  if (signs >= 0) return signs === 1;
  return rayOverlapsProxy(a.origin, a.dir, segmentProxy(b.a, b.b, 0, P1));
}

/** Whether a ray and a circle share a point; exact. */
export function testRayCircle(a: Ray, b: Circle): boolean {
  // The ray's point nearest the center is its origin when the center is behind it, else the
  // foot on its line: two exact signs instead of the general rounded-proxy test.
  const ox = a.origin.x;
  const oy = a.origin.y;
  const cx = b.center.x;
  const cy = b.center.y;
  const r = b.radius;
  if (dotSign(cx, ox, cy, oy, a.dir.x, 0, a.dir.y, 0) <= 0) {
    return comparePointDistance(cx, cy, ox, oy, r, 0) <= 0;
  }
  return compareLineDistance(cx, cy, ox, oy, a.dir.x, a.dir.y, 0, 0, r, 0) <= 0;
}

/** Whether a ray and a capsule share a point; exact. */
export function testRayCapsule(a: Ray, b: Capsule): boolean {
  return rayOverlapsProxy(a.origin, a.dir, capsuleProxy(b, P1));
}

/** Whether a ray and a aabb share a point; exact. */
export function testRayAabb(a: Ray, b: Aabb): boolean {
  return rayOverlapsProxy(a.origin, a.dir, aabbProxy(b, P1));
}

/** Whether a ray and a box share a point; exact. */
export function testRayBox(a: Ray, b: Box): boolean {
  return rayOverlapsProxy(a.origin, a.dir, boxProxy(b, P1));
}

/** Whether a ray and a triangle share a point; exact. */
export function testRayTriangle(a: Ray, b: Triangle): boolean {
  return rayOverlapsProxy(a.origin, a.dir, triangleProxy(b, P1));
}

/** Whether a ray and a polygon share a point; exact. */
export function testRayPolygon(a: Ray, b: Polygon): boolean {
  return rayOverlapsProxy(a.origin, a.dir, polygonProxy(b, P1));
}

/** Whether a ray and a polyline share a point; exact. */
export function testRayPolyline(a: Ray, b: Polyline): boolean {
  return testKinds("ray", a, "polyline", b);
}

/** Whether a segment and a capsule share a point; exact. */
export function testSegmentCapsule(a: Segment, b: Capsule): boolean {
  return overlapProxies(segmentProxy(a.a, a.b, 0, P0), capsuleProxy(b, P1));
}

/** Whether a segment and a aabb share a point; exact. */
export function testSegmentAabb(a: Segment, b: Aabb): boolean {
  return overlapProxies(segmentProxy(a.a, a.b, 0, P0), aabbProxy(b, P1));
}

/** Whether a segment and a box share a point; exact. */
export function testSegmentBox(a: Segment, b: Box): boolean {
  return overlapProxies(segmentProxy(a.a, a.b, 0, P0), boxProxy(b, P1));
}

/** Whether a segment and a triangle share a point; exact. */
export function testSegmentTriangle(a: Segment, b: Triangle): boolean {
  return overlapProxies(segmentProxy(a.a, a.b, 0, P0), triangleProxy(b, P1));
}

/** Whether a segment and a polygon share a point; exact. */
export function testSegmentPolygon(a: Segment, b: Polygon): boolean {
  return overlapProxies(segmentProxy(a.a, a.b, 0, P0), polygonProxy(b, P1));
}

/** Whether a segment and a polyline share a point; exact. */
export function testSegmentPolyline(a: Segment, b: Polyline): boolean {
  return testKinds("segment", a, "polyline", b);
}

/** Whether a circle and a capsule share a point; exact. */
export function testCircleCapsule(a: Circle, b: Capsule): boolean {
  return overlapProxies(circleProxy(a, P0), capsuleProxy(b, P1));
}

/** Whether a circle and a box share a point; exact. */
export function testCircleBox(a: Circle, b: Box): boolean {
  return overlapProxies(circleProxy(a, P0), boxProxy(b, P1));
}

/** Whether a circle and a triangle share a point; exact. */
export function testCircleTriangle(a: Circle, b: Triangle): boolean {
  return overlapProxies(circleProxy(a, P0), triangleProxy(b, P1));
}

/** Whether a circle and a polyline share a point; exact. */
export function testCirclePolyline(a: Circle, b: Polyline): boolean {
  return testKinds("circle", a, "polyline", b);
}

/** Whether a capsule and a capsule share a point; exact. */
export function testCapsuleCapsule(a: Capsule, b: Capsule): boolean {
  return overlapProxies(capsuleProxy(a, P0), capsuleProxy(b, P1));
}

/** Whether a capsule and a aabb share a point; exact. */
export function testCapsuleAabb(a: Capsule, b: Aabb): boolean {
  return overlapProxies(capsuleProxy(a, P0), aabbProxy(b, P1));
}

/** Whether a capsule and a box share a point; exact. */
export function testCapsuleBox(a: Capsule, b: Box): boolean {
  return overlapProxies(capsuleProxy(a, P0), boxProxy(b, P1));
}

/** Whether a capsule and a triangle share a point; exact. */
export function testCapsuleTriangle(a: Capsule, b: Triangle): boolean {
  return overlapProxies(capsuleProxy(a, P0), triangleProxy(b, P1));
}

/** Whether a capsule and a polygon share a point; exact. */
export function testCapsulePolygon(a: Capsule, b: Polygon): boolean {
  return overlapProxies(capsuleProxy(a, P0), polygonProxy(b, P1));
}

/** Whether a capsule and a polyline share a point; exact. */
export function testCapsulePolyline(a: Capsule, b: Polyline): boolean {
  return testKinds("capsule", a, "polyline", b);
}

/** Whether an aabb and a box share a point; exact. */
export function testAabbBox(a: Aabb, b: Box): boolean {
  return overlapProxies(aabbProxy(a, P0), boxProxy(b, P1));
}

/** Whether an aabb and a triangle share a point; exact. */
export function testAabbTriangle(a: Aabb, b: Triangle): boolean {
  return overlapProxies(aabbProxy(a, P0), triangleProxy(b, P1));
}

/** Whether an aabb and a polygon share a point; exact. */
export function testAabbPolygon(a: Aabb, b: Polygon): boolean {
  return overlapProxies(aabbProxy(a, P0), polygonProxy(b, P1));
}

/** Whether an aabb and a polyline share a point; exact. */
export function testAabbPolyline(a: Aabb, b: Polyline): boolean {
  return testKinds("aabb", a, "polyline", b);
}

/** Whether a box and a box share a point; exact. */
export function testBoxBox(a: Box, b: Box): boolean {
  return overlapProxies(boxProxy(a, P0), boxProxy(b, P1));
}

/** Whether a box and a triangle share a point; exact. */
export function testBoxTriangle(a: Box, b: Triangle): boolean {
  return overlapProxies(boxProxy(a, P0), triangleProxy(b, P1));
}

/** Whether a box and a polygon share a point; exact. */
export function testBoxPolygon(a: Box, b: Polygon): boolean {
  return overlapProxies(boxProxy(a, P0), polygonProxy(b, P1));
}

/** Whether a box and a polyline share a point; exact. */
export function testBoxPolyline(a: Box, b: Polyline): boolean {
  return testKinds("box", a, "polyline", b);
}

/** Whether a triangle and a polygon share a point; exact. */
export function testTrianglePolygon(a: Triangle, b: Polygon): boolean {
  return overlapProxies(triangleProxy(a, P0), polygonProxy(b, P1));
}

/** Whether a triangle and a polyline share a point; exact. */
export function testTrianglePolyline(a: Triangle, b: Polyline): boolean {
  return testKinds("triangle", a, "polyline", b);
}

/** Whether a polygon and a polyline share a point; exact. */
export function testPolygonPolyline(a: Polygon, b: Polyline): boolean {
  return testKinds("polygon", a, "polyline", b);
}

/** Whether a polyline and a polyline share a point; exact. */
export function testPolylinePolyline(a: Polyline, b: Polyline): boolean {
  return testKinds("polyline", a, "polyline", b);
}
