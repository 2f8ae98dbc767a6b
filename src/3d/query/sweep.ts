import type { Mesh } from "../mesh.ts";
import type { MeshSweepHit, SweepHit } from "../results.ts";
import type { Aabb, Box, Capsule, Hull, Plane, Segment, Sphere, Triangle, Vec } from "../shapes.ts";
import { sweepBall } from "./sweep-ball.ts";
import { sweepCapsuleBall, sweepSphereCore } from "./sweep-capsule.ts";
import { sweepConvex, sweepMesh, sweepPlane } from "./sweep-engine.ts";
import { sweepSphereOnPlane } from "./sweep-sphere-plane.ts";

/*
 * sweep<Mover><B> for a moving sphere, capsule, aabb, box or hull against every static shape
 * (see sweep-engine.ts). `motion` is the whole displacement over t in [0, 1]; null is exact.
 */

/** The first time of impact of a sphere moving by `motion` against a static point, or null. */
export function sweepSpherePoint(a: Sphere, motion: Vec, b: Vec, out?: SweepHit): SweepHit | null {
  return sweepBall(a, motion, b, null, out);
}

/** The first time of impact of a sphere moving by `motion` against a static segment, or null. */
export function sweepSphereSegment(
  a: Sphere,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  return sweepSphereCore(a, motion, b, null, out);
}

/** The first time of impact of a sphere moving by `motion` against a static plane (a surface), or null. */
export function sweepSpherePlane(
  a: Sphere,
  motion: Vec,
  b: Plane,
  out?: SweepHit,
): SweepHit | null {
  return sweepSphereOnPlane(a, motion, b, out);
}

/** The first time of impact of a sphere moving by `motion` against a static sphere, or null. */
export function sweepSphereSphere(
  a: Sphere,
  motion: Vec,
  b: Sphere,
  out?: SweepHit,
): SweepHit | null {
  return sweepBall(a, motion, b.center, b, out);
}

/** The first time of impact of a sphere moving by `motion` against a static capsule, or null. */
export function sweepSphereCapsule(
  a: Sphere,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  return sweepSphereCore(a, motion, b, b, out);
}

/** The first time of impact of a sphere moving by `motion` against a static aabb, or null. */
export function sweepSphereAabb(a: Sphere, motion: Vec, b: Aabb, out?: SweepHit): SweepHit | null {
  return sweepConvex("sphere", a, motion, "aabb", b, out);
}

/** The first time of impact of a sphere moving by `motion` against a static box, or null. */
export function sweepSphereBox(a: Sphere, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepConvex("sphere", a, motion, "box", b, out);
}

/** The first time of impact of a sphere moving by `motion` against a static triangle, or null. */
export function sweepSphereTriangle(
  a: Sphere,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("sphere", a, motion, "triangle", b, out);
}

/** The first time of impact of a sphere moving by `motion` against a static hull, or null. */
export function sweepSphereHull(a: Sphere, motion: Vec, b: Hull, out?: SweepHit): SweepHit | null {
  return sweepConvex("sphere", a, motion, "hull", b, out);
}

/** The first time of impact of a sphere moving by `motion` against a static triangle mesh (which triangle in `triangle`), or null. */
export function sweepSphereMesh(
  a: Sphere,
  motion: Vec,
  b: Mesh,
  out?: MeshSweepHit,
): MeshSweepHit | null {
  return sweepMesh("sphere", a, motion, b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static point, or null. */
export function sweepCapsulePoint(
  a: Capsule,
  motion: Vec,
  b: Vec,
  out?: SweepHit,
): SweepHit | null {
  return sweepCapsuleBall(a, motion, b, null, out);
}

/** The first time of impact of a capsule moving by `motion` against a static segment, or null. */
export function sweepCapsuleSegment(
  a: Capsule,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("capsule", a, motion, "segment", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static plane (a surface), or null. */
export function sweepCapsulePlane(
  a: Capsule,
  motion: Vec,
  b: Plane,
  out?: SweepHit,
): SweepHit | null {
  return sweepPlane("capsule", a, motion, b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static sphere, or null. */
export function sweepCapsuleSphere(
  a: Capsule,
  motion: Vec,
  b: Sphere,
  out?: SweepHit,
): SweepHit | null {
  return sweepCapsuleBall(a, motion, b.center, b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static capsule, or null. */
export function sweepCapsuleCapsule(
  a: Capsule,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("capsule", a, motion, "capsule", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static aabb, or null. */
export function sweepCapsuleAabb(
  a: Capsule,
  motion: Vec,
  b: Aabb,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("capsule", a, motion, "aabb", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static box, or null. */
export function sweepCapsuleBox(a: Capsule, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepConvex("capsule", a, motion, "box", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static triangle, or null. */
export function sweepCapsuleTriangle(
  a: Capsule,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("capsule", a, motion, "triangle", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static hull, or null. */
export function sweepCapsuleHull(
  a: Capsule,
  motion: Vec,
  b: Hull,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("capsule", a, motion, "hull", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static triangle mesh (which triangle in `triangle`), or null. */
export function sweepCapsuleMesh(
  a: Capsule,
  motion: Vec,
  b: Mesh,
  out?: MeshSweepHit,
): MeshSweepHit | null {
  return sweepMesh("capsule", a, motion, b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static point, or null. */
export function sweepAabbPoint(a: Aabb, motion: Vec, b: Vec, out?: SweepHit): SweepHit | null {
  return sweepConvex("aabb", a, motion, "point", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static segment, or null. */
export function sweepAabbSegment(
  a: Aabb,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("aabb", a, motion, "segment", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static plane (a surface), or null. */
export function sweepAabbPlane(a: Aabb, motion: Vec, b: Plane, out?: SweepHit): SweepHit | null {
  return sweepPlane("aabb", a, motion, b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static sphere, or null. */
export function sweepAabbSphere(a: Aabb, motion: Vec, b: Sphere, out?: SweepHit): SweepHit | null {
  return sweepConvex("aabb", a, motion, "sphere", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static capsule, or null. */
export function sweepAabbCapsule(
  a: Aabb,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("aabb", a, motion, "capsule", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static aabb, or null. */
export function sweepAabbAabb(a: Aabb, motion: Vec, b: Aabb, out?: SweepHit): SweepHit | null {
  return sweepConvex("aabb", a, motion, "aabb", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static box, or null. */
export function sweepAabbBox(a: Aabb, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepConvex("aabb", a, motion, "box", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static triangle, or null. */
export function sweepAabbTriangle(
  a: Aabb,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("aabb", a, motion, "triangle", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static hull, or null. */
export function sweepAabbHull(a: Aabb, motion: Vec, b: Hull, out?: SweepHit): SweepHit | null {
  return sweepConvex("aabb", a, motion, "hull", b, out);
}

/** The first time of impact of an aabb moving by `motion` against a static triangle mesh (which triangle in `triangle`), or null. */
export function sweepAabbMesh(
  a: Aabb,
  motion: Vec,
  b: Mesh,
  out?: MeshSweepHit,
): MeshSweepHit | null {
  return sweepMesh("aabb", a, motion, b, out);
}

/** The first time of impact of a box moving by `motion` against a static point, or null. */
export function sweepBoxPoint(a: Box, motion: Vec, b: Vec, out?: SweepHit): SweepHit | null {
  return sweepConvex("box", a, motion, "point", b, out);
}

/** The first time of impact of a box moving by `motion` against a static segment, or null. */
export function sweepBoxSegment(a: Box, motion: Vec, b: Segment, out?: SweepHit): SweepHit | null {
  return sweepConvex("box", a, motion, "segment", b, out);
}

/** The first time of impact of a box moving by `motion` against a static plane (a surface), or null. */
export function sweepBoxPlane(a: Box, motion: Vec, b: Plane, out?: SweepHit): SweepHit | null {
  return sweepPlane("box", a, motion, b, out);
}

/** The first time of impact of a box moving by `motion` against a static sphere, or null. */
export function sweepBoxSphere(a: Box, motion: Vec, b: Sphere, out?: SweepHit): SweepHit | null {
  return sweepConvex("box", a, motion, "sphere", b, out);
}

/** The first time of impact of a box moving by `motion` against a static capsule, or null. */
export function sweepBoxCapsule(a: Box, motion: Vec, b: Capsule, out?: SweepHit): SweepHit | null {
  return sweepConvex("box", a, motion, "capsule", b, out);
}

/** The first time of impact of a box moving by `motion` against a static aabb, or null. */
export function sweepBoxAabb(a: Box, motion: Vec, b: Aabb, out?: SweepHit): SweepHit | null {
  return sweepConvex("box", a, motion, "aabb", b, out);
}

/** The first time of impact of a box moving by `motion` against a static box, or null. */
export function sweepBoxBox(a: Box, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepConvex("box", a, motion, "box", b, out);
}

/** The first time of impact of a box moving by `motion` against a static triangle, or null. */
export function sweepBoxTriangle(
  a: Box,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("box", a, motion, "triangle", b, out);
}

/** The first time of impact of a box moving by `motion` against a static hull, or null. */
export function sweepBoxHull(a: Box, motion: Vec, b: Hull, out?: SweepHit): SweepHit | null {
  return sweepConvex("box", a, motion, "hull", b, out);
}

/** The first time of impact of a box moving by `motion` against a static triangle mesh (which triangle in `triangle`), or null. */
export function sweepBoxMesh(
  a: Box,
  motion: Vec,
  b: Mesh,
  out?: MeshSweepHit,
): MeshSweepHit | null {
  return sweepMesh("box", a, motion, b, out);
}

/** The first time of impact of a hull moving by `motion` against a static point, or null. */
export function sweepHullPoint(a: Hull, motion: Vec, b: Vec, out?: SweepHit): SweepHit | null {
  return sweepConvex("hull", a, motion, "point", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static segment, or null. */
export function sweepHullSegment(
  a: Hull,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("hull", a, motion, "segment", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static plane (a surface), or null. */
export function sweepHullPlane(a: Hull, motion: Vec, b: Plane, out?: SweepHit): SweepHit | null {
  return sweepPlane("hull", a, motion, b, out);
}

/** The first time of impact of a hull moving by `motion` against a static sphere, or null. */
export function sweepHullSphere(a: Hull, motion: Vec, b: Sphere, out?: SweepHit): SweepHit | null {
  return sweepConvex("hull", a, motion, "sphere", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static capsule, or null. */
export function sweepHullCapsule(
  a: Hull,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("hull", a, motion, "capsule", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static aabb, or null. */
export function sweepHullAabb(a: Hull, motion: Vec, b: Aabb, out?: SweepHit): SweepHit | null {
  return sweepConvex("hull", a, motion, "aabb", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static box, or null. */
export function sweepHullBox(a: Hull, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepConvex("hull", a, motion, "box", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static triangle, or null. */
export function sweepHullTriangle(
  a: Hull,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepConvex("hull", a, motion, "triangle", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static hull, or null. */
export function sweepHullHull(a: Hull, motion: Vec, b: Hull, out?: SweepHit): SweepHit | null {
  return sweepConvex("hull", a, motion, "hull", b, out);
}

/** The first time of impact of a hull moving by `motion` against a static triangle mesh (which triangle in `triangle`), or null. */
export function sweepHullMesh(
  a: Hull,
  motion: Vec,
  b: Mesh,
  out?: MeshSweepHit,
): MeshSweepHit | null {
  return sweepMesh("hull", a, motion, b, out);
}
