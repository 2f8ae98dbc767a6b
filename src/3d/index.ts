/**
 * collide/3d: exact 3D collision queries. Shapes are plain data; any object with numeric x, y
 * and z (three.js `Vector3` included) is a vector. Every boolean is exact for finite input,
 * touching counts, and no query returns NaN.
 * @packageDocumentation
 */

export { AabbTree3 as AabbTree } from "../broadphase/aabb-tree3.ts";
export {
  type Broadphase3 as Broadphase,
  type BroadphaseKind,
  type BroadphaseOptions,
  createBroadphase3 as createBroadphase,
} from "../broadphase/broadphase.ts";
export type {
  AabbTreeOptions,
  CastCallback,
  PairCallback,
  QueryCallback,
} from "../broadphase/dynamic-tree.ts";
export { SpatialGrid3 as SpatialGrid, type SpatialGridOptions } from "../broadphase/grid.ts";
export { SweepAndPrune3 as SweepAndPrune, type SweepAndPruneOptions } from "../broadphase/sap.ts";
export { aabbOf, type Shape } from "./bounds.ts";
export {
  intersectLineMesh,
  intersectRayMesh,
  intersectSegmentMesh,
  type Mesh,
  type MeshBvh,
  mesh,
  testLineMesh,
  testRayMesh,
  testSegmentMesh,
} from "./mesh.ts";
export { type SphereLineSweep, sweepSphereLine, testLineSphere } from "./pairs/line-sphere.ts";
export {
  intersectLineAabb,
  intersectRayAabb,
  intersectSegmentAabb,
  testLineAabb,
  testRayAabb,
  testSegmentAabb,
} from "./pairs/linear-aabb.ts";
export {
  intersectLineBox,
  intersectRayBox,
  intersectSegmentBox,
  testLineBox,
  testRayBox,
  testSegmentBox,
} from "./pairs/linear-box.ts";
export {
  intersectLineCapsule,
  intersectRayCapsule,
  intersectSegmentCapsule,
  testLineCapsule,
  testRayCapsule,
  testSegmentCapsule,
} from "./pairs/linear-capsule.ts";
export {
  intersectLinePlane,
  intersectRayPlane,
  intersectSegmentPlane,
  testLinePlane,
  testRayPlane,
  testSegmentPlane,
} from "./pairs/linear-plane.ts";
export {
  intersectLineSphere,
  intersectRaySphere,
  intersectSegmentSphere,
  testRaySphere,
  testSegmentSphere,
} from "./pairs/linear-sphere.ts";
export {
  intersectLineTriangle,
  intersectRayTriangle,
  intersectSegmentTriangle,
  testLineTriangle,
  testRayTriangle,
  testSegmentTriangle,
} from "./pairs/linear-triangle.ts";
export {
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
export {
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
export type {
  ClosestPoints,
  Contact,
  ContactPoint,
  MeshHit,
  ShapeHit,
  SweepHit,
} from "./results.ts";
export { makeMeshHit, makeShapeHit } from "./results.ts";
export {
  type Aabb,
  aabb,
  type Box,
  box,
  boxAxes,
  type Capsule,
  capsule,
  type Frustum,
  frustum,
  type Hull,
  hull,
  type Line,
  line,
  type Plane,
  plane,
  pointShape,
  type Quat,
  type Ray,
  ray,
  type Segment,
  type Sphere,
  segment,
  sphere,
  type Triangle,
  triangle,
  type Vec,
  vec,
} from "./shapes.ts";
