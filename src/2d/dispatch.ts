import type { Shape } from "./bounds.ts";
import { intersectLineRay, testLineRay } from "./pairs/line-ray.ts";
import {
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
import { intersectSegmentCircle, testSegmentCircle } from "./pairs/segment-circle.ts";
import { intersectSegmentSegment, testSegmentSegment } from "./pairs/segment-segment.ts";
import { contactTriangleTriangle, testTriangleTriangle } from "./pairs/triangle-triangle.ts";
import type { Pose } from "./pose.ts";
import { makePoseScratch, placeShape } from "./posed.ts";
import {
  closestPointsAabbAabb,
  closestPointsAabbBox,
  closestPointsAabbPolygon,
  closestPointsAabbPolyline,
  closestPointsAabbTriangle,
  closestPointsBoxBox,
  closestPointsBoxPolygon,
  closestPointsBoxPolyline,
  closestPointsBoxTriangle,
  closestPointsCapsuleAabb,
  closestPointsCapsuleBox,
  closestPointsCapsuleCapsule,
  closestPointsCapsulePolygon,
  closestPointsCapsulePolyline,
  closestPointsCapsuleTriangle,
  closestPointsCircleAabb,
  closestPointsCircleBox,
  closestPointsCircleCapsule,
  closestPointsCircleCircle,
  closestPointsCirclePolygon,
  closestPointsCirclePolyline,
  closestPointsCircleTriangle,
  closestPointsLineAabb,
  closestPointsLineBox,
  closestPointsLineCapsule,
  closestPointsLineCircle,
  closestPointsLineLine,
  closestPointsLinePolygon,
  closestPointsLinePolyline,
  closestPointsLineRay,
  closestPointsLineSegment,
  closestPointsLineTriangle,
  closestPointsPointAabb,
  closestPointsPointBox,
  closestPointsPointCapsule,
  closestPointsPointCircle,
  closestPointsPointLine,
  closestPointsPointPoint,
  closestPointsPointPolygon,
  closestPointsPointPolyline,
  closestPointsPointRay,
  closestPointsPointSegment,
  closestPointsPointTriangle,
  closestPointsPolygonPolygon,
  closestPointsPolygonPolyline,
  closestPointsPolylinePolyline,
  closestPointsRayAabb,
  closestPointsRayBox,
  closestPointsRayCapsule,
  closestPointsRayCircle,
  closestPointsRayPolygon,
  closestPointsRayPolyline,
  closestPointsRayRay,
  closestPointsRaySegment,
  closestPointsRayTriangle,
  closestPointsSegmentAabb,
  closestPointsSegmentBox,
  closestPointsSegmentCapsule,
  closestPointsSegmentCircle,
  closestPointsSegmentPolygon,
  closestPointsSegmentPolyline,
  closestPointsSegmentSegment,
  closestPointsSegmentTriangle,
  closestPointsTrianglePolygon,
  closestPointsTrianglePolyline,
  closestPointsTriangleTriangle,
  distanceAabbAabb,
  distanceAabbBox,
  distanceAabbPolygon,
  distanceAabbPolyline,
  distanceAabbTriangle,
  distanceBoxBox,
  distanceBoxPolygon,
  distanceBoxPolyline,
  distanceBoxTriangle,
  distanceCapsuleAabb,
  distanceCapsuleBox,
  distanceCapsuleCapsule,
  distanceCapsulePolygon,
  distanceCapsulePolyline,
  distanceCapsuleTriangle,
  distanceCircleAabb,
  distanceCircleBox,
  distanceCircleCapsule,
  distanceCircleCircle,
  distanceCirclePolygon,
  distanceCirclePolyline,
  distanceCircleTriangle,
  distanceLineAabb,
  distanceLineBox,
  distanceLineCapsule,
  distanceLineCircle,
  distanceLineLine,
  distanceLinePolygon,
  distanceLinePolyline,
  distanceLineRay,
  distanceLineSegment,
  distanceLineTriangle,
  distancePointAabb,
  distancePointBox,
  distancePointCapsule,
  distancePointCircle,
  distancePointLine,
  distancePointPoint,
  distancePointPolygon,
  distancePointPolyline,
  distancePointRay,
  distancePointSegment,
  distancePointTriangle,
  distancePolygonPolygon,
  distancePolygonPolyline,
  distancePolylinePolyline,
  distanceRayAabb,
  distanceRayBox,
  distanceRayCapsule,
  distanceRayCircle,
  distanceRayPolygon,
  distanceRayPolyline,
  distanceRayRay,
  distanceRaySegment,
  distanceRayTriangle,
  distanceSegmentAabb,
  distanceSegmentBox,
  distanceSegmentCapsule,
  distanceSegmentCircle,
  distanceSegmentPolygon,
  distanceSegmentPolyline,
  distanceSegmentSegment,
  distanceSegmentTriangle,
  distanceTrianglePolygon,
  distanceTrianglePolyline,
  distanceTriangleTriangle,
} from "./query/closest.ts";
import {
  contactAabbAabb,
  contactAabbBox,
  contactAabbPolygon,
  contactAabbTriangle,
  contactBoxBox,
  contactBoxPolygon,
  contactBoxTriangle,
  contactCapsuleAabb,
  contactCapsuleBox,
  contactCapsuleCapsule,
  contactCapsulePolygon,
  contactCapsuleTriangle,
  contactCircleAabb,
  contactCircleBox,
  contactCircleCapsule,
  contactCircleCircle,
  contactCirclePolygon,
  contactCircleTriangle,
  contactPolygonPolygon,
  contactPosedPolygons,
  contactTrianglePolygon,
} from "./query/contact.ts";
import {
  intersectLineAabb,
  intersectLineBox,
  intersectLineCapsule,
  intersectLineCircle,
  intersectLineLine,
  intersectLinePolygon,
  intersectLinePolyline,
  intersectLineSegment,
  intersectLineTriangle,
  intersectPointLine,
  intersectPointRay,
  intersectPointSegment,
  intersectRayAabb,
  intersectRayBox,
  intersectRayCapsule,
  intersectRayCircle,
  intersectRayPolygon,
  intersectRayPolyline,
  intersectRayRay,
  intersectRaySegment,
  intersectRayTriangle,
  intersectSegmentAabb,
  intersectSegmentBox,
  intersectSegmentCapsule,
  intersectSegmentPolygon,
  intersectSegmentPolyline,
  intersectSegmentTriangle,
} from "./query/intersect.ts";
import type { Kind } from "./query/shape-kinds.ts";
import {
  sweepAabbAabb,
  sweepAabbBox,
  sweepAabbCapsule,
  sweepAabbCircle,
  sweepAabbLine,
  sweepAabbPoint,
  sweepAabbPolygon,
  sweepAabbPolyline,
  sweepAabbRay,
  sweepAabbSegment,
  sweepAabbTriangle,
  sweepBoxAabb,
  sweepBoxBox,
  sweepBoxCapsule,
  sweepBoxCircle,
  sweepBoxLine,
  sweepBoxPoint,
  sweepBoxPolygon,
  sweepBoxPolyline,
  sweepBoxRay,
  sweepBoxSegment,
  sweepBoxTriangle,
  sweepCapsuleAabb,
  sweepCapsuleBox,
  sweepCapsuleCapsule,
  sweepCapsuleCircle,
  sweepCapsuleLine,
  sweepCapsulePoint,
  sweepCapsulePolygon,
  sweepCapsulePolyline,
  sweepCapsuleRay,
  sweepCapsuleSegment,
  sweepCapsuleTriangle,
  sweepCircleAabb,
  sweepCircleBox,
  sweepCircleCapsule,
  sweepCircleCircle,
  sweepCircleLine,
  sweepCirclePoint,
  sweepCirclePolygon,
  sweepCirclePolyline,
  sweepCircleRay,
  sweepCircleSegment,
  sweepCircleTriangle,
  sweepPolygonAabb,
  sweepPolygonBox,
  sweepPolygonCapsule,
  sweepPolygonCircle,
  sweepPolygonLine,
  sweepPolygonPoint,
  sweepPolygonPolygon,
  sweepPolygonPolyline,
  sweepPolygonRay,
  sweepPolygonSegment,
  sweepPolygonTriangle,
} from "./query/sweep.ts";
import {
  testAabbAabb,
  testAabbBox,
  testAabbPolygon,
  testAabbPolyline,
  testAabbTriangle,
  testBoxBox,
  testBoxPolygon,
  testBoxPolyline,
  testBoxTriangle,
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsulePolygon,
  testCapsulePolyline,
  testCapsuleTriangle,
  testCircleAabb,
  testCircleBox,
  testCircleCapsule,
  testCircleCircle,
  testCirclePolygon,
  testCirclePolyline,
  testCircleTriangle,
  testLineAabb,
  testLineBox,
  testLineCapsule,
  testLineCircle,
  testLineLine,
  testLinePolygon,
  testLinePolyline,
  testLineSegment,
  testLineTriangle,
  testPolygonPolygon,
  testPolygonPolyline,
  testPolylinePolyline,
  testPosedPolygons,
  testRayAabb,
  testRayBox,
  testRayCapsule,
  testRayCircle,
  testRayPolygon,
  testRayPolyline,
  testRayRay,
  testRaySegment,
  testRayTriangle,
  testSegmentAabb,
  testSegmentBox,
  testSegmentCapsule,
  testSegmentPolygon,
  testSegmentPolyline,
  testSegmentTriangle,
  testTrianglePolygon,
  testTrianglePolyline,
} from "./query/test.ts";
import { type ClosestPoints, type Contact, makeClosestPoints, type SweepHit } from "./results.ts";
import type { Vec } from "./shapes.ts";

/*
 * Generic queries on tagged shapes. Each verb has an explicit table from a canonical kind pair
 * (DESIGN.md's order) to its pair function; the other argument order is served by swapping the
 * arguments and flipping what depends on the order. Nothing registers itself on import.
 */

export type { Kind };

/** Every kind, in the canonical order used by pair names. */
export const KINDS: readonly Kind[] = [
  "point",
  "line",
  "ray",
  "segment",
  "circle",
  "capsule",
  "aabb",
  "box",
  "triangle",
  "polygon",
  "polyline",
];

// Pair functions are stored with their argument types erased; each row names its two kinds.
type AnyPair = (...args: never[]) => unknown;

/** A verb's rows (kind of A, kind of B, function) and a lookup by kind then kind. */
export interface PairTable {
  rows: readonly (readonly [Kind, Kind, AnyPair])[];
  byKind: Record<string, Record<string, AnyPair | undefined> | undefined>;
}

function table(rows: readonly (readonly [Kind, Kind, AnyPair])[]): PairTable {
  const byKind: PairTable["byKind"] = Object.create(null);
  for (const [a, b, fn] of rows) {
    const row = byKind[a] ?? Object.create(null);
    row[b] = fn;
    byKind[a] = row;
  }
  return { rows, byKind };
}

/** test<A><B>: one row per unordered pair of kinds. */
export const TEST_TABLE: PairTable = table([
  ["point", "point", testPointPoint],
  ["point", "line", testPointLine],
  ["point", "ray", testPointRay],
  ["point", "segment", testPointSegment],
  ["point", "circle", testPointCircle],
  ["point", "capsule", testPointCapsule],
  ["point", "aabb", testPointAabb],
  ["point", "box", testPointBox],
  ["point", "triangle", testPointTriangle],
  ["point", "polygon", testPointPolygon],
  ["point", "polyline", testPointPolyline],
  ["line", "line", testLineLine],
  ["line", "ray", testLineRay],
  ["line", "segment", testLineSegment],
  ["line", "circle", testLineCircle],
  ["line", "capsule", testLineCapsule],
  ["line", "aabb", testLineAabb],
  ["line", "box", testLineBox],
  ["line", "triangle", testLineTriangle],
  ["line", "polygon", testLinePolygon],
  ["line", "polyline", testLinePolyline],
  ["ray", "ray", testRayRay],
  ["ray", "segment", testRaySegment],
  ["ray", "circle", testRayCircle],
  ["ray", "capsule", testRayCapsule],
  ["ray", "aabb", testRayAabb],
  ["ray", "box", testRayBox],
  ["ray", "triangle", testRayTriangle],
  ["ray", "polygon", testRayPolygon],
  ["ray", "polyline", testRayPolyline],
  ["segment", "segment", testSegmentSegment],
  ["segment", "circle", testSegmentCircle],
  ["segment", "capsule", testSegmentCapsule],
  ["segment", "aabb", testSegmentAabb],
  ["segment", "box", testSegmentBox],
  ["segment", "triangle", testSegmentTriangle],
  ["segment", "polygon", testSegmentPolygon],
  ["segment", "polyline", testSegmentPolyline],
  ["circle", "circle", testCircleCircle],
  ["circle", "capsule", testCircleCapsule],
  ["circle", "aabb", testCircleAabb],
  ["circle", "box", testCircleBox],
  ["circle", "triangle", testCircleTriangle],
  ["circle", "polygon", testCirclePolygon],
  ["circle", "polyline", testCirclePolyline],
  ["capsule", "capsule", testCapsuleCapsule],
  ["capsule", "aabb", testCapsuleAabb],
  ["capsule", "box", testCapsuleBox],
  ["capsule", "triangle", testCapsuleTriangle],
  ["capsule", "polygon", testCapsulePolygon],
  ["capsule", "polyline", testCapsulePolyline],
  ["aabb", "aabb", testAabbAabb],
  ["aabb", "box", testAabbBox],
  ["aabb", "triangle", testAabbTriangle],
  ["aabb", "polygon", testAabbPolygon],
  ["aabb", "polyline", testAabbPolyline],
  ["box", "box", testBoxBox],
  ["box", "triangle", testBoxTriangle],
  ["box", "polygon", testBoxPolygon],
  ["box", "polyline", testBoxPolyline],
  ["triangle", "triangle", testTriangleTriangle],
  ["triangle", "polygon", testTrianglePolygon],
  ["triangle", "polyline", testTrianglePolyline],
  ["polygon", "polygon", testPolygonPolygon],
  ["polygon", "polyline", testPolygonPolyline],
  ["polyline", "polyline", testPolylinePolyline],
]);

/** closestPoints<A><B>: one row per unordered pair of kinds. */
export const CLOSEST_POINTS_TABLE: PairTable = table([
  ["point", "point", closestPointsPointPoint],
  ["point", "line", closestPointsPointLine],
  ["point", "ray", closestPointsPointRay],
  ["point", "segment", closestPointsPointSegment],
  ["point", "circle", closestPointsPointCircle],
  ["point", "capsule", closestPointsPointCapsule],
  ["point", "aabb", closestPointsPointAabb],
  ["point", "box", closestPointsPointBox],
  ["point", "triangle", closestPointsPointTriangle],
  ["point", "polygon", closestPointsPointPolygon],
  ["point", "polyline", closestPointsPointPolyline],
  ["line", "line", closestPointsLineLine],
  ["line", "ray", closestPointsLineRay],
  ["line", "segment", closestPointsLineSegment],
  ["line", "circle", closestPointsLineCircle],
  ["line", "capsule", closestPointsLineCapsule],
  ["line", "aabb", closestPointsLineAabb],
  ["line", "box", closestPointsLineBox],
  ["line", "triangle", closestPointsLineTriangle],
  ["line", "polygon", closestPointsLinePolygon],
  ["line", "polyline", closestPointsLinePolyline],
  ["ray", "ray", closestPointsRayRay],
  ["ray", "segment", closestPointsRaySegment],
  ["ray", "circle", closestPointsRayCircle],
  ["ray", "capsule", closestPointsRayCapsule],
  ["ray", "aabb", closestPointsRayAabb],
  ["ray", "box", closestPointsRayBox],
  ["ray", "triangle", closestPointsRayTriangle],
  ["ray", "polygon", closestPointsRayPolygon],
  ["ray", "polyline", closestPointsRayPolyline],
  ["segment", "segment", closestPointsSegmentSegment],
  ["segment", "circle", closestPointsSegmentCircle],
  ["segment", "capsule", closestPointsSegmentCapsule],
  ["segment", "aabb", closestPointsSegmentAabb],
  ["segment", "box", closestPointsSegmentBox],
  ["segment", "triangle", closestPointsSegmentTriangle],
  ["segment", "polygon", closestPointsSegmentPolygon],
  ["segment", "polyline", closestPointsSegmentPolyline],
  ["circle", "circle", closestPointsCircleCircle],
  ["circle", "capsule", closestPointsCircleCapsule],
  ["circle", "aabb", closestPointsCircleAabb],
  ["circle", "box", closestPointsCircleBox],
  ["circle", "triangle", closestPointsCircleTriangle],
  ["circle", "polygon", closestPointsCirclePolygon],
  ["circle", "polyline", closestPointsCirclePolyline],
  ["capsule", "capsule", closestPointsCapsuleCapsule],
  ["capsule", "aabb", closestPointsCapsuleAabb],
  ["capsule", "box", closestPointsCapsuleBox],
  ["capsule", "triangle", closestPointsCapsuleTriangle],
  ["capsule", "polygon", closestPointsCapsulePolygon],
  ["capsule", "polyline", closestPointsCapsulePolyline],
  ["aabb", "aabb", closestPointsAabbAabb],
  ["aabb", "box", closestPointsAabbBox],
  ["aabb", "triangle", closestPointsAabbTriangle],
  ["aabb", "polygon", closestPointsAabbPolygon],
  ["aabb", "polyline", closestPointsAabbPolyline],
  ["box", "box", closestPointsBoxBox],
  ["box", "triangle", closestPointsBoxTriangle],
  ["box", "polygon", closestPointsBoxPolygon],
  ["box", "polyline", closestPointsBoxPolyline],
  ["triangle", "triangle", closestPointsTriangleTriangle],
  ["triangle", "polygon", closestPointsTrianglePolygon],
  ["triangle", "polyline", closestPointsTrianglePolyline],
  ["polygon", "polygon", closestPointsPolygonPolygon],
  ["polygon", "polyline", closestPointsPolygonPolyline],
  ["polyline", "polyline", closestPointsPolylinePolyline],
]);

/** distance<A><B>: one row per unordered pair of kinds. */
export const DISTANCE_TABLE: PairTable = table([
  ["point", "point", distancePointPoint],
  ["point", "line", distancePointLine],
  ["point", "ray", distancePointRay],
  ["point", "segment", distancePointSegment],
  ["point", "circle", distancePointCircle],
  ["point", "capsule", distancePointCapsule],
  ["point", "aabb", distancePointAabb],
  ["point", "box", distancePointBox],
  ["point", "triangle", distancePointTriangle],
  ["point", "polygon", distancePointPolygon],
  ["point", "polyline", distancePointPolyline],
  ["line", "line", distanceLineLine],
  ["line", "ray", distanceLineRay],
  ["line", "segment", distanceLineSegment],
  ["line", "circle", distanceLineCircle],
  ["line", "capsule", distanceLineCapsule],
  ["line", "aabb", distanceLineAabb],
  ["line", "box", distanceLineBox],
  ["line", "triangle", distanceLineTriangle],
  ["line", "polygon", distanceLinePolygon],
  ["line", "polyline", distanceLinePolyline],
  ["ray", "ray", distanceRayRay],
  ["ray", "segment", distanceRaySegment],
  ["ray", "circle", distanceRayCircle],
  ["ray", "capsule", distanceRayCapsule],
  ["ray", "aabb", distanceRayAabb],
  ["ray", "box", distanceRayBox],
  ["ray", "triangle", distanceRayTriangle],
  ["ray", "polygon", distanceRayPolygon],
  ["ray", "polyline", distanceRayPolyline],
  ["segment", "segment", distanceSegmentSegment],
  ["segment", "circle", distanceSegmentCircle],
  ["segment", "capsule", distanceSegmentCapsule],
  ["segment", "aabb", distanceSegmentAabb],
  ["segment", "box", distanceSegmentBox],
  ["segment", "triangle", distanceSegmentTriangle],
  ["segment", "polygon", distanceSegmentPolygon],
  ["segment", "polyline", distanceSegmentPolyline],
  ["circle", "circle", distanceCircleCircle],
  ["circle", "capsule", distanceCircleCapsule],
  ["circle", "aabb", distanceCircleAabb],
  ["circle", "box", distanceCircleBox],
  ["circle", "triangle", distanceCircleTriangle],
  ["circle", "polygon", distanceCirclePolygon],
  ["circle", "polyline", distanceCirclePolyline],
  ["capsule", "capsule", distanceCapsuleCapsule],
  ["capsule", "aabb", distanceCapsuleAabb],
  ["capsule", "box", distanceCapsuleBox],
  ["capsule", "triangle", distanceCapsuleTriangle],
  ["capsule", "polygon", distanceCapsulePolygon],
  ["capsule", "polyline", distanceCapsulePolyline],
  ["aabb", "aabb", distanceAabbAabb],
  ["aabb", "box", distanceAabbBox],
  ["aabb", "triangle", distanceAabbTriangle],
  ["aabb", "polygon", distanceAabbPolygon],
  ["aabb", "polyline", distanceAabbPolyline],
  ["box", "box", distanceBoxBox],
  ["box", "triangle", distanceBoxTriangle],
  ["box", "polygon", distanceBoxPolygon],
  ["box", "polyline", distanceBoxPolyline],
  ["triangle", "triangle", distanceTriangleTriangle],
  ["triangle", "polygon", distanceTrianglePolygon],
  ["triangle", "polyline", distanceTrianglePolyline],
  ["polygon", "polygon", distancePolygonPolygon],
  ["polygon", "polyline", distancePolygonPolyline],
  ["polyline", "polyline", distancePolylinePolyline],
]);

/** contact<A><B>: one row per unordered pair of solids. */
export const CONTACT_TABLE: PairTable = table([
  ["circle", "circle", contactCircleCircle],
  ["circle", "capsule", contactCircleCapsule],
  ["circle", "aabb", contactCircleAabb],
  ["circle", "box", contactCircleBox],
  ["circle", "triangle", contactCircleTriangle],
  ["circle", "polygon", contactCirclePolygon],
  ["capsule", "capsule", contactCapsuleCapsule],
  ["capsule", "aabb", contactCapsuleAabb],
  ["capsule", "box", contactCapsuleBox],
  ["capsule", "triangle", contactCapsuleTriangle],
  ["capsule", "polygon", contactCapsulePolygon],
  ["aabb", "aabb", contactAabbAabb],
  ["aabb", "box", contactAabbBox],
  ["aabb", "triangle", contactAabbTriangle],
  ["aabb", "polygon", contactAabbPolygon],
  ["box", "box", contactBoxBox],
  ["box", "triangle", contactBoxTriangle],
  ["box", "polygon", contactBoxPolygon],
  ["triangle", "triangle", contactTriangleTriangle],
  ["triangle", "polygon", contactTrianglePolygon],
  ["polygon", "polygon", contactPolygonPolygon],
]);

/** sweep<Mover><B>: the mover (circle, capsule, aabb, box, polygon) first; no reversed order. */
export const SWEEP_TABLE: PairTable = table([
  ["circle", "point", sweepCirclePoint],
  ["circle", "line", sweepCircleLine],
  ["circle", "ray", sweepCircleRay],
  ["circle", "segment", sweepCircleSegment],
  ["circle", "circle", sweepCircleCircle],
  ["circle", "capsule", sweepCircleCapsule],
  ["circle", "aabb", sweepCircleAabb],
  ["circle", "box", sweepCircleBox],
  ["circle", "triangle", sweepCircleTriangle],
  ["circle", "polygon", sweepCirclePolygon],
  ["circle", "polyline", sweepCirclePolyline],
  ["capsule", "point", sweepCapsulePoint],
  ["capsule", "line", sweepCapsuleLine],
  ["capsule", "ray", sweepCapsuleRay],
  ["capsule", "segment", sweepCapsuleSegment],
  ["capsule", "circle", sweepCapsuleCircle],
  ["capsule", "capsule", sweepCapsuleCapsule],
  ["capsule", "aabb", sweepCapsuleAabb],
  ["capsule", "box", sweepCapsuleBox],
  ["capsule", "triangle", sweepCapsuleTriangle],
  ["capsule", "polygon", sweepCapsulePolygon],
  ["capsule", "polyline", sweepCapsulePolyline],
  ["aabb", "point", sweepAabbPoint],
  ["aabb", "line", sweepAabbLine],
  ["aabb", "ray", sweepAabbRay],
  ["aabb", "segment", sweepAabbSegment],
  ["aabb", "circle", sweepAabbCircle],
  ["aabb", "capsule", sweepAabbCapsule],
  ["aabb", "aabb", sweepAabbAabb],
  ["aabb", "box", sweepAabbBox],
  ["aabb", "triangle", sweepAabbTriangle],
  ["aabb", "polygon", sweepAabbPolygon],
  ["aabb", "polyline", sweepAabbPolyline],
  ["box", "point", sweepBoxPoint],
  ["box", "line", sweepBoxLine],
  ["box", "ray", sweepBoxRay],
  ["box", "segment", sweepBoxSegment],
  ["box", "circle", sweepBoxCircle],
  ["box", "capsule", sweepBoxCapsule],
  ["box", "aabb", sweepBoxAabb],
  ["box", "box", sweepBoxBox],
  ["box", "triangle", sweepBoxTriangle],
  ["box", "polygon", sweepBoxPolygon],
  ["box", "polyline", sweepBoxPolyline],
  ["polygon", "point", sweepPolygonPoint],
  ["polygon", "line", sweepPolygonLine],
  ["polygon", "ray", sweepPolygonRay],
  ["polygon", "segment", sweepPolygonSegment],
  ["polygon", "circle", sweepPolygonCircle],
  ["polygon", "capsule", sweepPolygonCapsule],
  ["polygon", "aabb", sweepPolygonAabb],
  ["polygon", "box", sweepPolygonBox],
  ["polygon", "triangle", sweepPolygonTriangle],
  ["polygon", "polygon", sweepPolygonPolygon],
  ["polygon", "polyline", sweepPolygonPolyline],
]);

/** intersect<Linear><B>, named functions only (their results differ by pair). */
export const INTERSECT_TABLE: PairTable = table([
  ["point", "line", intersectPointLine],
  ["line", "line", intersectLineLine],
  ["line", "ray", intersectLineRay],
  ["line", "segment", intersectLineSegment],
  ["line", "circle", intersectLineCircle],
  ["line", "capsule", intersectLineCapsule],
  ["line", "aabb", intersectLineAabb],
  ["line", "box", intersectLineBox],
  ["line", "triangle", intersectLineTriangle],
  ["line", "polygon", intersectLinePolygon],
  ["line", "polyline", intersectLinePolyline],
  ["point", "ray", intersectPointRay],
  ["ray", "ray", intersectRayRay],
  ["ray", "segment", intersectRaySegment],
  ["ray", "circle", intersectRayCircle],
  ["ray", "capsule", intersectRayCapsule],
  ["ray", "aabb", intersectRayAabb],
  ["ray", "box", intersectRayBox],
  ["ray", "triangle", intersectRayTriangle],
  ["ray", "polygon", intersectRayPolygon],
  ["ray", "polyline", intersectRayPolyline],
  ["point", "segment", intersectPointSegment],
  ["segment", "segment", intersectSegmentSegment],
  ["segment", "circle", intersectSegmentCircle],
  ["segment", "capsule", intersectSegmentCapsule],
  ["segment", "aabb", intersectSegmentAabb],
  ["segment", "box", intersectSegmentBox],
  ["segment", "triangle", intersectSegmentTriangle],
  ["segment", "polygon", intersectSegmentPolygon],
  ["segment", "polyline", intersectSegmentPolyline],
]);

const SA = makePoseScratch();
const SB = makePoseScratch();

function unsupported(verb: string, a: Kind, b: Kind): never {
  throw new TypeError(`collide/2d: ${verb} does not support the pair (${a}, ${b})`);
}

type Pair<R> = (a: Shape, b: Shape, out?: never) => R;

/** The table's function for (a, b), or for (b, a) with `flipped` set; throws when neither. */
function lookup<R>(t: PairTable, verb: string, a: Kind, b: Kind): Pair<R> {
  const fn = t.byKind[a]?.[b];
  if (fn !== undefined) {
    flipped = false;
    return fn as unknown as Pair<R>;
  }
  const back = t.byKind[b]?.[a];
  if (back === undefined) return unsupported(verb, a, b);
  flipped = true;
  return back as unknown as Pair<R>;
}

let flipped = false;

/**
 * Whether two tagged shapes share a point, in either argument order, each optionally placed by a
 * pose; exact (for posed shapes, for their transformed coordinates).
 */
export function test(a: Shape, b: Shape, poseA?: Pose, poseB?: Pose): boolean {
  // Two posed polygons: the transform goes straight into the proxies.
  if (poseA !== undefined && poseB !== undefined && a.kind === "polygon" && b.kind === "polygon")
    return testPosedPolygons(a, poseA, b, poseB);
  const wa = placeShape(a, poseA, SA);
  const wb = placeShape(b, poseB, SB);
  const fn = lookup<boolean>(TEST_TABLE, "test", wa.kind, wb.kind);
  return flipped ? fn(wb, wa) : fn(wa, wb);
}

/**
 * The contact of two tagged solids in either order (normal from a to b), or null when they do not
 * touch; each optionally placed by a pose. Throws a TypeError for a pair that is not two solids.
 */
export function contact(
  a: Shape,
  b: Shape,
  poseA?: Pose,
  poseB?: Pose,
  out?: Contact,
): Contact | null {
  // Two posed polygons: the transform goes straight into the proxies.
  if (poseA !== undefined && poseB !== undefined && a.kind === "polygon" && b.kind === "polygon")
    return contactPosedPolygons(a, poseA, b, poseB, out);
  const wa = placeShape(a, poseA, SA);
  const wb = placeShape(b, poseB, SB);
  const fn = lookup<Contact | null>(CONTACT_TABLE, "contact", wa.kind, wb.kind) as (
    a: Shape,
    b: Shape,
    out?: Contact,
  ) => Contact | null;
  if (!flipped) return fn(wa, wb, out);
  const c = fn(wb, wa, out);
  if (c === null) return null;
  // 0 - x, not -x: a zero component stays +0 (results compare equal; ARCHITECTURE.md).
  c.normal.x = 0 - c.normal.x;
  c.normal.y = 0 - c.normal.y;
  const aInB = c.bInA;
  c.bInA = c.aInB;
  c.aInB = aInB;
  return c;
}

/** The closest points of two tagged shapes in either order, each optionally placed by a pose. */
export function closestPoints(
  a: Shape,
  b: Shape,
  poseA?: Pose,
  poseB?: Pose,
  out?: ClosestPoints,
): ClosestPoints {
  const wa = placeShape(a, poseA, SA);
  const wb = placeShape(b, poseB, SB);
  const fn = lookup<ClosestPoints>(CLOSEST_POINTS_TABLE, "closestPoints", wa.kind, wb.kind) as (
    a: Shape,
    b: Shape,
    out?: ClosestPoints,
  ) => ClosestPoints;
  if (!flipped) return fn(wa, wb, out);
  const r = fn(wb, wa, out ?? makeClosestPoints());
  const x = r.pointA.x;
  const y = r.pointA.y;
  r.pointA.x = r.pointB.x;
  r.pointA.y = r.pointB.y;
  r.pointB.x = x;
  r.pointB.y = y;
  return r;
}

/** The distance between two tagged shapes (0 exactly when test() is true), with optional poses. */
export function distance(a: Shape, b: Shape, poseA?: Pose, poseB?: Pose): number {
  const wa = placeShape(a, poseA, SA);
  const wb = placeShape(b, poseB, SB);
  const fn = lookup<number>(DISTANCE_TABLE, "distance", wa.kind, wb.kind);
  return flipped ? fn(wb, wa) : fn(wa, wb);
}

/**
 * The first time of impact of tagged shape `a` moving by `motion` against static `b`, or null;
 * each optionally placed by a pose (then `position` is where a's pose moves to). The mover is a
 * circle, capsule, aabb, box or polygon; other movers throw a TypeError.
 */
export function sweep(
  a: Shape,
  motion: Vec,
  b: Shape,
  poseA?: Pose,
  poseB?: Pose,
  out?: SweepHit,
): SweepHit | null {
  const wa = placeShape(a, poseA, SA);
  const wb = placeShape(b, poseB, SB);
  const fn = SWEEP_TABLE.byKind[wa.kind]?.[wb.kind] as
    | ((a: Shape, motion: Vec, b: Shape, out?: SweepHit) => SweepHit | null)
    | undefined;
  if (fn === undefined) return unsupported("sweep", wa.kind, wb.kind);
  const hit = fn(wa, motion, wb, out);
  if (hit !== null && poseA !== undefined) {
    hit.position.x = hit.t === 0 ? poseA.x : poseA.x + hit.t * motion.x;
    hit.position.y = hit.t === 0 ? poseA.y : poseA.y + hit.t * motion.y;
  }
  return hit;
}
