import type { SweepHit } from "../results.ts";
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
import { sweepShapes } from "./sweep-engine.ts";

export {
  sweepCircleCapsule,
  sweepCircleCircle,
  sweepCirclePoint,
  sweepCirclePolyline,
  sweepCircleSegment,
} from "./sweep-circle.ts";

/*
 * sweep<Mover><B> for a moving circle, capsule, aabb, box or polygon against every static shape
 * (see sweep-engine.ts); a circle against a point, circle, segment, capsule or polyline in
 * closed form (sweep-circle.ts). `motion` is the whole displacement over t in [0, 1].
 */

/** The first time of impact of a circle moving by `motion` against a static line, or null. */
export function sweepCircleLine(a: Circle, motion: Vec, b: Line, out?: SweepHit): SweepHit | null {
  return sweepShapes("circle", a, motion, "line", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static ray, or null. */
export function sweepCircleRay(a: Circle, motion: Vec, b: Ray, out?: SweepHit): SweepHit | null {
  return sweepShapes("circle", a, motion, "ray", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static aabb, or null. */
export function sweepCircleAabb(a: Circle, motion: Vec, b: Aabb, out?: SweepHit): SweepHit | null {
  return sweepShapes("circle", a, motion, "aabb", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static box, or null. */
export function sweepCircleBox(a: Circle, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepShapes("circle", a, motion, "box", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static triangle, or null. */
export function sweepCircleTriangle(
  a: Circle,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("circle", a, motion, "triangle", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static polygon, or null. */
export function sweepCirclePolygon(
  a: Circle,
  motion: Vec,
  b: Polygon,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("circle", a, motion, "polygon", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static point, or null. */
export function sweepCapsulePoint(
  a: Capsule,
  motion: Vec,
  b: Vec,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "point", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static line, or null. */
export function sweepCapsuleLine(
  a: Capsule,
  motion: Vec,
  b: Line,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "line", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static ray, or null. */
export function sweepCapsuleRay(a: Capsule, motion: Vec, b: Ray, out?: SweepHit): SweepHit | null {
  return sweepShapes("capsule", a, motion, "ray", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static segment, or null. */
export function sweepCapsuleSegment(
  a: Capsule,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "segment", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static circle, or null. */
export function sweepCapsuleCircle(
  a: Capsule,
  motion: Vec,
  b: Circle,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "circle", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static capsule, or null. */
export function sweepCapsuleCapsule(
  a: Capsule,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "capsule", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static aabb, or null. */
export function sweepCapsuleAabb(
  a: Capsule,
  motion: Vec,
  b: Aabb,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "aabb", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static box, or null. */
export function sweepCapsuleBox(a: Capsule, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepShapes("capsule", a, motion, "box", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static triangle, or null. */
export function sweepCapsuleTriangle(
  a: Capsule,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "triangle", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static polygon, or null. */
export function sweepCapsulePolygon(
  a: Capsule,
  motion: Vec,
  b: Polygon,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "polygon", b, out);
}

/** The first time of impact of a capsule moving by `motion` against a static polyline, or null. */
export function sweepCapsulePolyline(
  a: Capsule,
  motion: Vec,
  b: Polyline,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("capsule", a, motion, "polyline", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static point, or null. */
export function sweepAabbPoint(a: Aabb, motion: Vec, b: Vec, out?: SweepHit): SweepHit | null {
  return sweepShapes("aabb", a, motion, "point", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static line, or null. */
export function sweepAabbLine(a: Aabb, motion: Vec, b: Line, out?: SweepHit): SweepHit | null {
  return sweepShapes("aabb", a, motion, "line", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static ray, or null. */
export function sweepAabbRay(a: Aabb, motion: Vec, b: Ray, out?: SweepHit): SweepHit | null {
  return sweepShapes("aabb", a, motion, "ray", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static segment, or null. */
export function sweepAabbSegment(
  a: Aabb,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("aabb", a, motion, "segment", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static circle, or null. */
export function sweepAabbCircle(a: Aabb, motion: Vec, b: Circle, out?: SweepHit): SweepHit | null {
  return sweepShapes("aabb", a, motion, "circle", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static capsule, or null. */
export function sweepAabbCapsule(
  a: Aabb,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("aabb", a, motion, "capsule", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static aabb, or null. */
export function sweepAabbAabb(a: Aabb, motion: Vec, b: Aabb, out?: SweepHit): SweepHit | null {
  return sweepShapes("aabb", a, motion, "aabb", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static box, or null. */
export function sweepAabbBox(a: Aabb, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepShapes("aabb", a, motion, "box", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static triangle, or null. */
export function sweepAabbTriangle(
  a: Aabb,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("aabb", a, motion, "triangle", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static polygon, or null. */
export function sweepAabbPolygon(
  a: Aabb,
  motion: Vec,
  b: Polygon,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("aabb", a, motion, "polygon", b, out);
}

/** The first time of impact of a aabb moving by `motion` against a static polyline, or null. */
export function sweepAabbPolyline(
  a: Aabb,
  motion: Vec,
  b: Polyline,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("aabb", a, motion, "polyline", b, out);
}

/** The first time of impact of a box moving by `motion` against a static point, or null. */
export function sweepBoxPoint(a: Box, motion: Vec, b: Vec, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "point", b, out);
}

/** The first time of impact of a box moving by `motion` against a static line, or null. */
export function sweepBoxLine(a: Box, motion: Vec, b: Line, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "line", b, out);
}

/** The first time of impact of a box moving by `motion` against a static ray, or null. */
export function sweepBoxRay(a: Box, motion: Vec, b: Ray, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "ray", b, out);
}

/** The first time of impact of a box moving by `motion` against a static segment, or null. */
export function sweepBoxSegment(a: Box, motion: Vec, b: Segment, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "segment", b, out);
}

/** The first time of impact of a box moving by `motion` against a static circle, or null. */
export function sweepBoxCircle(a: Box, motion: Vec, b: Circle, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "circle", b, out);
}

/** The first time of impact of a box moving by `motion` against a static capsule, or null. */
export function sweepBoxCapsule(a: Box, motion: Vec, b: Capsule, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "capsule", b, out);
}

/** The first time of impact of a box moving by `motion` against a static aabb, or null. */
export function sweepBoxAabb(a: Box, motion: Vec, b: Aabb, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "aabb", b, out);
}

/** The first time of impact of a box moving by `motion` against a static box, or null. */
export function sweepBoxBox(a: Box, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "box", b, out);
}

/** The first time of impact of a box moving by `motion` against a static triangle, or null. */
export function sweepBoxTriangle(
  a: Box,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("box", a, motion, "triangle", b, out);
}

/** The first time of impact of a box moving by `motion` against a static polygon, or null. */
export function sweepBoxPolygon(a: Box, motion: Vec, b: Polygon, out?: SweepHit): SweepHit | null {
  return sweepShapes("box", a, motion, "polygon", b, out);
}

/** The first time of impact of a box moving by `motion` against a static polyline, or null. */
export function sweepBoxPolyline(
  a: Box,
  motion: Vec,
  b: Polyline,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("box", a, motion, "polyline", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static point, or null. */
export function sweepPolygonPoint(
  a: Polygon,
  motion: Vec,
  b: Vec,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "point", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static line, or null. */
export function sweepPolygonLine(
  a: Polygon,
  motion: Vec,
  b: Line,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "line", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static ray, or null. */
export function sweepPolygonRay(a: Polygon, motion: Vec, b: Ray, out?: SweepHit): SweepHit | null {
  return sweepShapes("polygon", a, motion, "ray", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static segment, or null. */
export function sweepPolygonSegment(
  a: Polygon,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "segment", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static circle, or null. */
export function sweepPolygonCircle(
  a: Polygon,
  motion: Vec,
  b: Circle,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "circle", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static capsule, or null. */
export function sweepPolygonCapsule(
  a: Polygon,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "capsule", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static aabb, or null. */
export function sweepPolygonAabb(
  a: Polygon,
  motion: Vec,
  b: Aabb,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "aabb", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static box, or null. */
export function sweepPolygonBox(a: Polygon, motion: Vec, b: Box, out?: SweepHit): SweepHit | null {
  return sweepShapes("polygon", a, motion, "box", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static triangle, or null. */
export function sweepPolygonTriangle(
  a: Polygon,
  motion: Vec,
  b: Triangle,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "triangle", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static polygon, or null. */
export function sweepPolygonPolygon(
  a: Polygon,
  motion: Vec,
  b: Polygon,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "polygon", b, out);
}

/** The first time of impact of a polygon moving by `motion` against a static polyline, or null. */
export function sweepPolygonPolyline(
  a: Polygon,
  motion: Vec,
  b: Polyline,
  out?: SweepHit,
): SweepHit | null {
  return sweepShapes("polygon", a, motion, "polyline", b, out);
}
