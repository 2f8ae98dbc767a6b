import type { Shape } from "./bounds.ts";
import {
  contactCapsuleAabb,
  contactCapsuleBox,
  contactCapsuleCapsule,
  contactCapsuleHull,
  contactCapsuleTriangle,
  contactPlaneCapsule,
  contactPlaneSphere,
  contactSphereAabb,
  contactSphereBox,
  contactSphereCapsule,
  contactSphereHull,
  contactSphereSphere,
  contactSphereTriangle,
} from "./contact/rounded.ts";
import { contactCapsuleMesh, contactSphereMesh } from "./contact/rounded-mesh.ts";
import {
  intersectLineMesh,
  intersectRayMesh,
  intersectSegmentMesh,
  testLineMesh,
  testRayMesh,
  testSegmentMesh,
} from "./mesh.ts";
import { type SphereLineSweep, sweepSphereLine, testLineSphere } from "./pairs/line-sphere.ts";
import {
  intersectLineAabb,
  intersectRayAabb,
  intersectSegmentAabb,
  testLineAabb,
  testRayAabb,
  testSegmentAabb,
} from "./pairs/linear-aabb.ts";
import {
  intersectLineBox,
  intersectRayBox,
  intersectSegmentBox,
  testLineBox,
  testRayBox,
  testSegmentBox,
} from "./pairs/linear-box.ts";
import {
  intersectLineCapsule,
  intersectRayCapsule,
  intersectSegmentCapsule,
  testLineCapsule,
  testRayCapsule,
  testSegmentCapsule,
} from "./pairs/linear-capsule.ts";
import {
  intersectLinePlane,
  intersectRayPlane,
  intersectSegmentPlane,
  testLinePlane,
  testRayPlane,
  testSegmentPlane,
} from "./pairs/linear-plane.ts";
import {
  intersectLineSphere,
  intersectRaySphere,
  intersectSegmentSphere,
  testRaySphere,
  testSegmentSphere,
} from "./pairs/linear-sphere.ts";
import {
  intersectLineTriangle,
  intersectRayTriangle,
  intersectSegmentTriangle,
  testLineTriangle,
  testRayTriangle,
  testSegmentTriangle,
} from "./pairs/linear-triangle.ts";
import {
  testPointAabb,
  testPointBox,
  testPointCapsule,
  testPointLine,
  testPointPlane,
  testPointPoint,
  testPointRay,
  testPointSegment,
  testPointSphere,
  testPointTriangle,
} from "./pairs/point-shapes.ts";
import { intersectLineHull, intersectRayHull, intersectSegmentHull } from "./query/cast-hull.ts";
import {
  closestPointsAabbAabb,
  closestPointsAabbBox,
  closestPointsAabbHull,
  closestPointsAabbTriangle,
  closestPointsBoxBox,
  closestPointsBoxHull,
  closestPointsBoxTriangle,
  closestPointsCapsuleAabb,
  closestPointsCapsuleBox,
  closestPointsCapsuleCapsule,
  closestPointsCapsuleHull,
  closestPointsCapsuleTriangle,
  closestPointsHullHull,
  closestPointsPointAabb,
  closestPointsPointBox,
  closestPointsPointCapsule,
  closestPointsPointHull,
  closestPointsPointPoint,
  closestPointsPointSegment,
  closestPointsPointSphere,
  closestPointsPointTriangle,
  closestPointsSegmentAabb,
  closestPointsSegmentBox,
  closestPointsSegmentCapsule,
  closestPointsSegmentHull,
  closestPointsSegmentSegment,
  closestPointsSegmentSphere,
  closestPointsSegmentTriangle,
  closestPointsSphereAabb,
  closestPointsSphereBox,
  closestPointsSphereCapsule,
  closestPointsSphereHull,
  closestPointsSphereSphere,
  closestPointsSphereTriangle,
  closestPointsTriangleHull,
  closestPointsTriangleTriangle,
  distanceAabbAabb,
  distanceAabbBox,
  distanceAabbHull,
  distanceAabbTriangle,
  distanceBoxBox,
  distanceBoxHull,
  distanceBoxTriangle,
  distanceCapsuleAabb,
  distanceCapsuleBox,
  distanceCapsuleCapsule,
  distanceCapsuleHull,
  distanceCapsuleTriangle,
  distanceHullHull,
  distancePointAabb,
  distancePointBox,
  distancePointCapsule,
  distancePointHull,
  distancePointPoint,
  distancePointSegment,
  distancePointSphere,
  distancePointTriangle,
  distanceSegmentAabb,
  distanceSegmentBox,
  distanceSegmentCapsule,
  distanceSegmentHull,
  distanceSegmentSegment,
  distanceSegmentSphere,
  distanceSegmentTriangle,
  distanceSphereAabb,
  distanceSphereBox,
  distanceSphereCapsule,
  distanceSphereHull,
  distanceSphereSphere,
  distanceSphereTriangle,
  distanceTriangleHull,
  distanceTriangleTriangle,
} from "./query/closest.ts";
import {
  contactAabbAabb,
  contactAabbBox,
  contactAabbHull,
  contactAabbMesh,
  contactAabbTriangle,
  contactBoxBox,
  contactBoxHull,
  contactBoxMesh,
  contactBoxTriangle,
  contactHullHull,
  contactHullMesh,
  contactPlaneAabb,
  contactPlaneBox,
  contactPlaneHull,
  contactPlaneTriangle,
  contactTriangleHull,
  contactTriangleMesh,
  contactTriangleTriangle,
} from "./query/contact.ts";
import {
  closestPointsAabbMesh,
  closestPointsBoxMesh,
  closestPointsCapsuleMesh,
  closestPointsHullMesh,
  closestPointsPointMesh,
  closestPointsSegmentMesh,
  closestPointsSphereMesh,
  closestPointsTriangleMesh,
  distanceAabbMesh,
  distanceBoxMesh,
  distanceCapsuleMesh,
  distanceHullMesh,
  distancePointMesh,
  distanceSegmentMesh,
  distanceSphereMesh,
  distanceTriangleMesh,
  testAabbMesh,
  testBoxMesh,
  testCapsuleMesh,
  testHullMesh,
  testPointMesh,
  testSphereMesh,
  testTriangleMesh,
} from "./query/mesh-queries.ts";
import {
  sweepAabbAabb,
  sweepAabbBox,
  sweepAabbCapsule,
  sweepAabbHull,
  sweepAabbMesh,
  sweepAabbPlane,
  sweepAabbPoint,
  sweepAabbSegment,
  sweepAabbSphere,
  sweepAabbTriangle,
  sweepBoxAabb,
  sweepBoxBox,
  sweepBoxCapsule,
  sweepBoxHull,
  sweepBoxMesh,
  sweepBoxPlane,
  sweepBoxPoint,
  sweepBoxSegment,
  sweepBoxSphere,
  sweepBoxTriangle,
  sweepCapsuleAabb,
  sweepCapsuleBox,
  sweepCapsuleCapsule,
  sweepCapsuleHull,
  sweepCapsuleMesh,
  sweepCapsulePlane,
  sweepCapsulePoint,
  sweepCapsuleSegment,
  sweepCapsuleSphere,
  sweepCapsuleTriangle,
  sweepHullAabb,
  sweepHullBox,
  sweepHullCapsule,
  sweepHullHull,
  sweepHullMesh,
  sweepHullPlane,
  sweepHullPoint,
  sweepHullSegment,
  sweepHullSphere,
  sweepHullTriangle,
  sweepSphereAabb,
  sweepSphereBox,
  sweepSphereCapsule,
  sweepSphereHull,
  sweepSphereMesh,
  sweepSpherePlane,
  sweepSpherePoint,
  sweepSphereSegment,
  sweepSphereSphere,
  sweepSphereTriangle,
} from "./query/sweep.ts";
import {
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
} from "./query/test.ts";
import {
  testAabbHull,
  testBoxHull,
  testCapsuleHull,
  testHullFrustum,
  testHullHull,
  testLineHull,
  testPlaneHull,
  testPointHull,
  testRayHull,
  testSegmentHull,
  testSphereHull,
  testTriangleHull,
} from "./query/test-hull.ts";
import {
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
} from "./query/test-more.ts";
import { type ClosestPoints, type Contact, makeSweepHit, type SweepHit } from "./results.ts";
import type { Vec } from "./shapes.ts";

/*
 * Generic queries on tagged 3D shapes. Each verb has an explicit table from a canonical kind pair
 * (DESIGN.md's order) to its named pair function; the other argument order is served by swapping
 * the arguments and flipping what depends on the order. Nothing registers itself on import, and
 * adding a pair is one row. A pair no table holds yet gives null (never a throw): `supports` tells
 * an unsupported pair from a miss, and docs/capabilities-3d.md lists what is missing.
 */

/** A 3D shape kind: "point", "line", ... "frustum". */
export type Kind = Shape["kind"];

/** Every 3D kind, in the canonical order used by pair names. */
export const KINDS: readonly Kind[] = [
  "point",
  "line",
  "ray",
  "segment",
  "plane",
  "sphere",
  "capsule",
  "aabb",
  "box",
  "triangle",
  "hull",
  "mesh",
  "frustum",
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

/** test<A><B>: one row per unordered pair of kinds, in canonical order. */
export const TEST_TABLE: PairTable = table([
  ["point", "point", testPointPoint],
  ["point", "line", testPointLine],
  ["point", "ray", testPointRay],
  ["point", "segment", testPointSegment],
  ["point", "plane", testPointPlane],
  ["point", "sphere", testPointSphere],
  ["point", "capsule", testPointCapsule],
  ["point", "aabb", testPointAabb],
  ["point", "box", testPointBox],
  ["point", "triangle", testPointTriangle],
  ["point", "hull", testPointHull],
  ["point", "mesh", testPointMesh],
  ["point", "frustum", testPointFrustum],
  ["line", "line", testLineLine],
  ["line", "ray", testLineRay],
  ["line", "segment", testLineSegment],
  ["line", "plane", testLinePlane],
  ["line", "sphere", testLineSphere],
  ["line", "capsule", testLineCapsule],
  ["line", "aabb", testLineAabb],
  ["line", "box", testLineBox],
  ["line", "triangle", testLineTriangle],
  ["line", "hull", testLineHull],
  ["line", "mesh", testLineMesh],
  ["line", "frustum", testLineFrustum],
  ["ray", "ray", testRayRay],
  ["ray", "segment", testRaySegment],
  ["ray", "plane", testRayPlane],
  ["ray", "sphere", testRaySphere],
  ["ray", "capsule", testRayCapsule],
  ["ray", "aabb", testRayAabb],
  ["ray", "box", testRayBox],
  ["ray", "triangle", testRayTriangle],
  ["ray", "hull", testRayHull],
  ["ray", "mesh", testRayMesh],
  ["ray", "frustum", testRayFrustum],
  ["segment", "segment", testSegmentSegment],
  ["segment", "plane", testSegmentPlane],
  ["segment", "sphere", testSegmentSphere],
  ["segment", "capsule", testSegmentCapsule],
  ["segment", "aabb", testSegmentAabb],
  ["segment", "box", testSegmentBox],
  ["segment", "triangle", testSegmentTriangle],
  ["segment", "hull", testSegmentHull],
  ["segment", "mesh", testSegmentMesh],
  ["segment", "frustum", testSegmentFrustum],
  ["plane", "plane", testPlanePlane],
  ["plane", "sphere", testPlaneSphere],
  ["plane", "capsule", testPlaneCapsule],
  ["plane", "aabb", testPlaneAabb],
  ["plane", "box", testPlaneBox],
  ["plane", "triangle", testPlaneTriangle],
  ["plane", "hull", testPlaneHull],
  ["plane", "mesh", testPlaneMesh],
  ["plane", "frustum", testPlaneFrustum],
  ["sphere", "sphere", testSphereSphere],
  ["sphere", "capsule", testSphereCapsule],
  ["sphere", "aabb", testSphereAabb],
  ["sphere", "box", testSphereBox],
  ["sphere", "triangle", testSphereTriangle],
  ["sphere", "hull", testSphereHull],
  ["sphere", "mesh", testSphereMesh],
  ["sphere", "frustum", testSphereFrustum],
  ["capsule", "capsule", testCapsuleCapsule],
  ["capsule", "aabb", testCapsuleAabb],
  ["capsule", "box", testCapsuleBox],
  ["capsule", "triangle", testCapsuleTriangle],
  ["capsule", "hull", testCapsuleHull],
  ["capsule", "mesh", testCapsuleMesh],
  ["capsule", "frustum", testCapsuleFrustum],
  ["aabb", "aabb", testAabbAabb],
  ["aabb", "box", testAabbBox],
  ["aabb", "triangle", testAabbTriangle],
  ["aabb", "hull", testAabbHull],
  ["aabb", "mesh", testAabbMesh],
  ["aabb", "frustum", testAabbFrustum],
  ["box", "box", testBoxBox],
  ["box", "triangle", testBoxTriangle],
  ["box", "hull", testBoxHull],
  ["box", "mesh", testBoxMesh],
  ["box", "frustum", testBoxFrustum],
  ["triangle", "triangle", testTriangleTriangle],
  ["triangle", "hull", testTriangleHull],
  ["triangle", "mesh", testTriangleMesh],
  ["triangle", "frustum", testTriangleFrustum],
  ["hull", "hull", testHullHull],
  ["hull", "mesh", testHullMesh],
  ["hull", "frustum", testHullFrustum],
  ["mesh", "mesh", testMeshMesh],
  ["mesh", "frustum", testMeshFrustum],
  ["frustum", "frustum", testFrustumFrustum],
]);

/** intersect<Linear><B>: the line, ray or segment first; named functions only. */
export const INTERSECT_TABLE: PairTable = table([
  ["line", "plane", intersectLinePlane],
  ["line", "sphere", intersectLineSphere],
  ["line", "capsule", intersectLineCapsule],
  ["line", "aabb", intersectLineAabb],
  ["line", "box", intersectLineBox],
  ["line", "triangle", intersectLineTriangle],
  ["line", "hull", intersectLineHull],
  ["line", "mesh", intersectLineMesh],
  ["ray", "plane", intersectRayPlane],
  ["ray", "sphere", intersectRaySphere],
  ["ray", "capsule", intersectRayCapsule],
  ["ray", "aabb", intersectRayAabb],
  ["ray", "box", intersectRayBox],
  ["ray", "triangle", intersectRayTriangle],
  ["ray", "hull", intersectRayHull],
  ["ray", "mesh", intersectRayMesh],
  ["segment", "plane", intersectSegmentPlane],
  ["segment", "sphere", intersectSegmentSphere],
  ["segment", "capsule", intersectSegmentCapsule],
  ["segment", "aabb", intersectSegmentAabb],
  ["segment", "box", intersectSegmentBox],
  ["segment", "triangle", intersectSegmentTriangle],
  ["segment", "hull", intersectSegmentHull],
  ["segment", "mesh", intersectSegmentMesh],
]);

/** closestPoints<A><B>: one row per unordered pair of kinds, in canonical order. */
export const CLOSEST_POINTS_TABLE: PairTable = table([
  ["point", "point", closestPointsPointPoint],
  ["point", "segment", closestPointsPointSegment],
  ["point", "sphere", closestPointsPointSphere],
  ["point", "capsule", closestPointsPointCapsule],
  ["point", "aabb", closestPointsPointAabb],
  ["point", "box", closestPointsPointBox],
  ["point", "triangle", closestPointsPointTriangle],
  ["point", "hull", closestPointsPointHull],
  ["point", "mesh", closestPointsPointMesh],
  ["segment", "segment", closestPointsSegmentSegment],
  ["segment", "sphere", closestPointsSegmentSphere],
  ["segment", "capsule", closestPointsSegmentCapsule],
  ["segment", "aabb", closestPointsSegmentAabb],
  ["segment", "box", closestPointsSegmentBox],
  ["segment", "triangle", closestPointsSegmentTriangle],
  ["segment", "hull", closestPointsSegmentHull],
  ["segment", "mesh", closestPointsSegmentMesh],
  ["sphere", "sphere", closestPointsSphereSphere],
  ["sphere", "capsule", closestPointsSphereCapsule],
  ["sphere", "aabb", closestPointsSphereAabb],
  ["sphere", "box", closestPointsSphereBox],
  ["sphere", "triangle", closestPointsSphereTriangle],
  ["sphere", "hull", closestPointsSphereHull],
  ["sphere", "mesh", closestPointsSphereMesh],
  ["capsule", "capsule", closestPointsCapsuleCapsule],
  ["capsule", "aabb", closestPointsCapsuleAabb],
  ["capsule", "box", closestPointsCapsuleBox],
  ["capsule", "triangle", closestPointsCapsuleTriangle],
  ["capsule", "hull", closestPointsCapsuleHull],
  ["capsule", "mesh", closestPointsCapsuleMesh],
  ["aabb", "aabb", closestPointsAabbAabb],
  ["aabb", "box", closestPointsAabbBox],
  ["aabb", "triangle", closestPointsAabbTriangle],
  ["aabb", "hull", closestPointsAabbHull],
  ["aabb", "mesh", closestPointsAabbMesh],
  ["box", "box", closestPointsBoxBox],
  ["box", "triangle", closestPointsBoxTriangle],
  ["box", "hull", closestPointsBoxHull],
  ["box", "mesh", closestPointsBoxMesh],
  ["triangle", "triangle", closestPointsTriangleTriangle],
  ["triangle", "hull", closestPointsTriangleHull],
  ["triangle", "mesh", closestPointsTriangleMesh],
  ["hull", "hull", closestPointsHullHull],
  ["hull", "mesh", closestPointsHullMesh],
]);

/** distance<A><B>: one row per unordered pair of kinds, in canonical order. */
export const DISTANCE_TABLE: PairTable = table([
  ["point", "point", distancePointPoint],
  ["point", "segment", distancePointSegment],
  ["point", "sphere", distancePointSphere],
  ["point", "capsule", distancePointCapsule],
  ["point", "aabb", distancePointAabb],
  ["point", "box", distancePointBox],
  ["point", "triangle", distancePointTriangle],
  ["point", "hull", distancePointHull],
  ["point", "mesh", distancePointMesh],
  ["segment", "segment", distanceSegmentSegment],
  ["segment", "sphere", distanceSegmentSphere],
  ["segment", "capsule", distanceSegmentCapsule],
  ["segment", "aabb", distanceSegmentAabb],
  ["segment", "box", distanceSegmentBox],
  ["segment", "triangle", distanceSegmentTriangle],
  ["segment", "hull", distanceSegmentHull],
  ["segment", "mesh", distanceSegmentMesh],
  ["sphere", "sphere", distanceSphereSphere],
  ["sphere", "capsule", distanceSphereCapsule],
  ["sphere", "aabb", distanceSphereAabb],
  ["sphere", "box", distanceSphereBox],
  ["sphere", "triangle", distanceSphereTriangle],
  ["sphere", "hull", distanceSphereHull],
  ["sphere", "mesh", distanceSphereMesh],
  ["capsule", "capsule", distanceCapsuleCapsule],
  ["capsule", "aabb", distanceCapsuleAabb],
  ["capsule", "box", distanceCapsuleBox],
  ["capsule", "triangle", distanceCapsuleTriangle],
  ["capsule", "hull", distanceCapsuleHull],
  ["capsule", "mesh", distanceCapsuleMesh],
  ["aabb", "aabb", distanceAabbAabb],
  ["aabb", "box", distanceAabbBox],
  ["aabb", "triangle", distanceAabbTriangle],
  ["aabb", "hull", distanceAabbHull],
  ["aabb", "mesh", distanceAabbMesh],
  ["box", "box", distanceBoxBox],
  ["box", "triangle", distanceBoxTriangle],
  ["box", "hull", distanceBoxHull],
  ["box", "mesh", distanceBoxMesh],
  ["triangle", "triangle", distanceTriangleTriangle],
  ["triangle", "hull", distanceTriangleHull],
  ["triangle", "mesh", distanceTriangleMesh],
  ["hull", "hull", distanceHullHull],
  ["hull", "mesh", distanceHullMesh],
]);

/** contact<A><B>: one row per unordered pair of solids, a plane and a solid, a solid and a mesh. */
export const CONTACT_TABLE: PairTable = table([
  ["plane", "sphere", contactPlaneSphere],
  ["plane", "capsule", contactPlaneCapsule],
  ["plane", "aabb", contactPlaneAabb],
  ["plane", "box", contactPlaneBox],
  ["plane", "hull", contactPlaneHull],
  ["plane", "triangle", contactPlaneTriangle],
  ["sphere", "sphere", contactSphereSphere],
  ["sphere", "capsule", contactSphereCapsule],
  ["sphere", "aabb", contactSphereAabb],
  ["sphere", "box", contactSphereBox],
  ["sphere", "triangle", contactSphereTriangle],
  ["sphere", "hull", contactSphereHull],
  ["sphere", "mesh", contactSphereMesh],
  ["capsule", "capsule", contactCapsuleCapsule],
  ["capsule", "aabb", contactCapsuleAabb],
  ["capsule", "box", contactCapsuleBox],
  ["capsule", "triangle", contactCapsuleTriangle],
  ["capsule", "hull", contactCapsuleHull],
  ["capsule", "mesh", contactCapsuleMesh],
  ["aabb", "aabb", contactAabbAabb],
  ["aabb", "box", contactAabbBox],
  ["aabb", "triangle", contactAabbTriangle],
  ["aabb", "hull", contactAabbHull],
  ["aabb", "mesh", contactAabbMesh],
  ["box", "box", contactBoxBox],
  ["box", "triangle", contactBoxTriangle],
  ["box", "hull", contactBoxHull],
  ["box", "mesh", contactBoxMesh],
  ["triangle", "triangle", contactTriangleTriangle],
  ["triangle", "hull", contactTriangleHull],
  ["triangle", "mesh", contactTriangleMesh],
  ["hull", "hull", contactHullHull],
  ["hull", "mesh", contactHullMesh],
]);

/**
 * sweep<Mover><B>: the moving shape first. The generic `sweep` also serves a mover that only
 * appears as the static shape of a row, by the relative motion (see `sweep`).
 */
export const SWEEP_TABLE: PairTable = table([
  ["sphere", "point", sweepSpherePoint],
  ["sphere", "line", sweepSphereLine],
  ["sphere", "segment", sweepSphereSegment],
  ["sphere", "plane", sweepSpherePlane],
  ["sphere", "sphere", sweepSphereSphere],
  ["sphere", "capsule", sweepSphereCapsule],
  ["sphere", "aabb", sweepSphereAabb],
  ["sphere", "box", sweepSphereBox],
  ["sphere", "triangle", sweepSphereTriangle],
  ["sphere", "hull", sweepSphereHull],
  ["sphere", "mesh", sweepSphereMesh],
  ["capsule", "point", sweepCapsulePoint],
  ["capsule", "segment", sweepCapsuleSegment],
  ["capsule", "plane", sweepCapsulePlane],
  ["capsule", "sphere", sweepCapsuleSphere],
  ["capsule", "capsule", sweepCapsuleCapsule],
  ["capsule", "aabb", sweepCapsuleAabb],
  ["capsule", "box", sweepCapsuleBox],
  ["capsule", "triangle", sweepCapsuleTriangle],
  ["capsule", "hull", sweepCapsuleHull],
  ["capsule", "mesh", sweepCapsuleMesh],
  ["aabb", "point", sweepAabbPoint],
  ["aabb", "segment", sweepAabbSegment],
  ["aabb", "plane", sweepAabbPlane],
  ["aabb", "sphere", sweepAabbSphere],
  ["aabb", "capsule", sweepAabbCapsule],
  ["aabb", "aabb", sweepAabbAabb],
  ["aabb", "box", sweepAabbBox],
  ["aabb", "triangle", sweepAabbTriangle],
  ["aabb", "hull", sweepAabbHull],
  ["aabb", "mesh", sweepAabbMesh],
  ["box", "point", sweepBoxPoint],
  ["box", "segment", sweepBoxSegment],
  ["box", "plane", sweepBoxPlane],
  ["box", "sphere", sweepBoxSphere],
  ["box", "capsule", sweepBoxCapsule],
  ["box", "aabb", sweepBoxAabb],
  ["box", "box", sweepBoxBox],
  ["box", "triangle", sweepBoxTriangle],
  ["box", "hull", sweepBoxHull],
  ["box", "mesh", sweepBoxMesh],
  ["hull", "point", sweepHullPoint],
  ["hull", "segment", sweepHullSegment],
  ["hull", "plane", sweepHullPlane],
  ["hull", "sphere", sweepHullSphere],
  ["hull", "capsule", sweepHullCapsule],
  ["hull", "aabb", sweepHullAabb],
  ["hull", "box", sweepHullBox],
  ["hull", "triangle", sweepHullTriangle],
  ["hull", "hull", sweepHullHull],
  ["hull", "mesh", sweepHullMesh],
]);

/** The verbs whose tables `supports` reads. */
export type Verb = "test" | "intersect" | "closestPoints" | "distance" | "contact" | "sweep";

const TABLES: Record<Verb, PairTable> = {
  test: TEST_TABLE,
  intersect: INTERSECT_TABLE,
  closestPoints: CLOSEST_POINTS_TABLE,
  distance: DISTANCE_TABLE,
  contact: CONTACT_TABLE,
  sweep: SWEEP_TABLE,
};

/**
 * Whether the generic function of `verb` answers shapes of kinds `a` and `b` in this order (a row
 * in either order; `intersect` has no generic function and reads its table as written).
 */
export function supports(verb: Verb, a: Kind, b: Kind): boolean {
  const t = TABLES[verb];
  if (t.byKind[a]?.[b] !== undefined) return true;
  return verb !== "intersect" && t.byKind[b]?.[a] !== undefined;
}

type Pair<R> = (a: Shape, b: Shape, out?: never) => R;

// Set by `lookup`: the function found serves (b, a).
let flipped = false;

/** The table's function for (a, b), or for (b, a) with `flipped` set; undefined when neither. */
function lookup<R>(t: PairTable, a: Kind, b: Kind): Pair<R> | undefined {
  const fn = t.byKind[a]?.[b];
  if (fn !== undefined) {
    flipped = false;
    return fn as unknown as Pair<R>;
  }
  const back = t.byKind[b]?.[a];
  flipped = true;
  return back as unknown as Pair<R> | undefined;
}

/**
 * Whether two tagged shapes share a point (closed sets: touching counts), in either argument
 * order; exact. Null when no test function covers the pair yet (see `supports`).
 */
export function test(a: Shape, b: Shape): boolean | null {
  const fn = lookup<boolean>(TEST_TABLE, a.kind, b.kind);
  if (fn === undefined) return null;
  return flipped ? fn(b, a) : fn(a, b);
}

type ContactFn = (a: Shape, b: Shape, out?: Contact) => Contact | null;

/**
 * The contact of two tagged solids in either order (unit normal from a to b, depth, manifold,
 * aInB/bInA), or null when they do not touch or the pair has no contact function (see `supports`).
 */
export function contact(a: Shape, b: Shape, out?: Contact): Contact | null {
  const fn = lookup<Contact | null>(CONTACT_TABLE, a.kind, b.kind) as ContactFn | undefined;
  if (fn === undefined) return null;
  if (!flipped) return fn(a, b, out);
  const c = fn(b, a, out);
  if (c === null) return null;
  // 0 - x, not -x: a zero component stays +0 (results compare equal; ARCHITECTURE.md).
  c.normal.x = 0 - c.normal.x;
  c.normal.y = 0 - c.normal.y;
  c.normal.z = 0 - c.normal.z;
  const aInB = c.bInA;
  c.bInA = c.aInB;
  c.aInB = aInB;
  return c;
}

type ClosestFn = (a: Shape, b: Shape, out?: ClosestPoints) => ClosestPoints;

/**
 * The closest points of two tagged shapes in either order (pointA on a, pointB on b) and their
 * distance, or null when the pair has no closestPoints function (see `supports`).
 */
export function closestPoints(a: Shape, b: Shape, out?: ClosestPoints): ClosestPoints | null {
  const fn = lookup<ClosestPoints>(CLOSEST_POINTS_TABLE, a.kind, b.kind) as ClosestFn | undefined;
  if (fn === undefined) return null;
  if (!flipped) return fn(a, b, out);
  const r = fn(b, a, out);
  const p = r.pointA;
  const q = r.pointB;
  const x = p.x;
  const y = p.y;
  const z = p.z;
  p.x = q.x;
  p.y = q.y;
  p.z = q.z;
  q.x = x;
  q.y = y;
  q.z = z;
  return r;
}

/**
 * The distance between two tagged shapes in either order (0 exactly when `test` is true), or null
 * when the pair has no distance function (see `supports`).
 */
export function distance(a: Shape, b: Shape): number | null {
  const fn = lookup<number>(DISTANCE_TABLE, a.kind, b.kind);
  if (fn === undefined) return null;
  return flipped ? fn(b, a) : fn(a, b);
}

type SweepFn = (a: Shape, motion: Vec, b: Shape, out?: SweepHit) => SweepHit | null;
type CenterSweepFn = (a: Shape, motion: Vec, b: Shape, out?: SphereLineSweep) => unknown;

const LINE_SWEEP: SphereLineSweep = {
  t: 0,
  center: { x: 0, y: 0, z: 0 },
  point: { x: 0, y: 0, z: 0 },
  normal: { x: 1, y: 0, z: 0 },
  initiallyOverlapping: false,
};
const BACK: Vec = { x: 0, y: 0, z: 0 };
const REF: Vec = { x: 0, y: 0, z: 0 };

/**
 * The reference point `SweepHit.position` follows for a mover of this kind: a sphere's or box's
 * center, a point itself, `a` of a segment, capsule or triangle, an aabb's `min`, a hull's first
 * point, a line's `point`, a ray's `origin`, a mesh's first vertex, a plane's point nearest the
 * origin; false for a frustum.
 */
function referencePoint(s: Shape, out: Vec): boolean {
  let p: Vec;
  switch (s.kind) {
    case "point":
      p = s;
      break;
    case "sphere":
    case "box":
      p = s.center;
      break;
    case "segment":
    case "capsule":
    case "triangle":
      p = s.a;
      break;
    case "aabb":
      p = s.min;
      break;
    case "hull":
      p = s.points[0]!;
      break;
    case "line":
      p = s.point;
      break;
    case "ray":
      p = s.origin;
      break;
    case "mesh":
      out.x = s.positions[0]!;
      out.y = s.positions[1]!;
      out.z = s.positions[2]!;
      return true;
    case "plane": {
      // The plane's point nearest the origin, n·offset/|n|², rounded (scaled so |n|² is finite).
      const n = s.normal;
      const k = Math.max(Math.abs(n.x), Math.abs(n.y), Math.abs(n.z));
      const x = n.x / k;
      const y = n.y / k;
      const z = n.z / k;
      const f = s.offset / k / (x * x + y * y + z * z);
      out.x = x * f;
      out.y = y * f;
      out.z = z * f;
      return true;
    }
    default:
      return false;
  }
  out.x = p.x;
  out.y = p.y;
  out.z = p.z;
  return true;
}

/** Calls a row's sweep function, turning a sphere-vs-line result into a `SweepHit`. */
function callSweep(fn: SweepFn, a: Shape, m: Vec, b: Shape, out: SweepHit | undefined) {
  if ((fn as unknown) !== sweepSphereLine) return fn(a, m, b, out);
  const h = (fn as unknown as CenterSweepFn)(a, m, b, LINE_SWEEP);
  if (h === null) return null;
  const r = out ?? makeSweepHit();
  r.t = LINE_SWEEP.t;
  r.position.x = LINE_SWEEP.center.x;
  r.position.y = LINE_SWEEP.center.y;
  r.position.z = LINE_SWEEP.center.z;
  r.point.x = LINE_SWEEP.point.x;
  r.point.y = LINE_SWEEP.point.y;
  r.point.z = LINE_SWEEP.point.z;
  r.normal.x = LINE_SWEEP.normal.x;
  r.normal.y = LINE_SWEEP.normal.y;
  r.normal.z = LINE_SWEEP.normal.z;
  r.initiallyOverlapping = LINE_SWEEP.initiallyOverlapping;
  return r;
}

/**
 * The first time of impact t in [0, 1] of tagged shape `a` moving by `motion` against static `b`,
 * or null when they never touch or the pair has no sweep (see `supports`). A pair held only as
 * sweep<B><A> is answered by b moving by -motion against a (the same t, exact null): the contact
 * point is moved by t·motion into this frame, the normal is reversed (b's outward normal facing
 * a, up to the choice at an edge or corner) and `position` is a's reference point at t.
 */
export function sweep(a: Shape, motion: Vec, b: Shape, out?: SweepHit): SweepHit | null {
  const fn = lookup<SweepHit | null>(SWEEP_TABLE, a.kind, b.kind) as SweepFn | undefined;
  if (fn === undefined) return null;
  if (!flipped) return callSweep(fn, a, motion, b, out);
  if (!referencePoint(a, REF)) return null;
  BACK.x = 0 - motion.x;
  BACK.y = 0 - motion.y;
  BACK.z = 0 - motion.z;
  const h = callSweep(fn, b, BACK, a, out);
  if (h === null) return null;
  const t = h.t;
  h.point.x += t * motion.x;
  h.point.y += t * motion.y;
  h.point.z += t * motion.z;
  h.normal.x = 0 - h.normal.x;
  h.normal.y = 0 - h.normal.y;
  h.normal.z = 0 - h.normal.z;
  h.position.x = t === 0 ? REF.x : REF.x + t * motion.x;
  h.position.y = t === 0 ? REF.y : REF.y + t * motion.y;
  h.position.z = t === 0 ? REF.z : REF.z + t * motion.z;
  return h;
}
