import { compareDistance2 } from "../../exact/disk.ts";
import { offsetCrossSign, orientSign } from "../../exact/orient2d.ts";
import { boxCorners } from "../box-corners.ts";
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
import { testSegmentCircle } from "./segment-circle.ts";

/*
 * Containment of a point in each shape (closed sets: the boundary counts), exact for every finite
 * input. Each is the sign of an orientation or of a squared distance.
 */

/** Whether the two points are the same. */
export function testPointPoint(p: Vec, q: Vec): boolean {
  return p.x === q.x && p.y === q.y;
}

/** Whether p lies on the line. */
export function testPointLine(p: Vec, line: Line): boolean {
  return offsetCrossSign(p, line.point, line.dir) === 0;
}

/** Whether p lies on the ray (origin included). */
export function testPointRay(p: Vec, ray: Ray): boolean {
  const o = ray.origin;
  if (offsetCrossSign(p, o, ray.dir) !== 0) return false;
  // On the line: ahead of the origin along dir, decided by exact coordinate comparisons.
  const d = ray.dir;
  return (p.x - o.x) * Math.sign(d.x) >= 0 && (p.y - o.y) * Math.sign(d.y) >= 0;
}

/** Whether p lies on the closed segment. */
export function testPointSegment(p: Vec, seg: Segment): boolean {
  const a = seg.a;
  const b = seg.b;
  if (orientSign(a, b, p) !== 0) return false;
  return (
    p.x >= Math.min(a.x, b.x) &&
    p.x <= Math.max(a.x, b.x) &&
    p.y >= Math.min(a.y, b.y) &&
    p.y <= Math.max(a.y, b.y)
  );
}

/** Whether p is in the closed disk. */
export function testPointCircle(p: Vec, circle: Circle): boolean {
  return compareDistance2(p.x, p.y, circle.center.x, circle.center.y, circle.radius) <= 0;
}

const capsuleCircle: Circle = { center: { x: 0, y: 0 }, radius: 0 };
const capsuleSegment: Segment = { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };

/** Whether p is within the capsule's radius of its segment. */
export function testPointCapsule(p: Vec, cap: Capsule): boolean {
  capsuleSegment.a = cap.a;
  capsuleSegment.b = cap.b;
  capsuleCircle.center = p;
  capsuleCircle.radius = cap.radius;
  return testSegmentCircle(capsuleSegment, capsuleCircle);
}

/** Whether p is in the closed axis-aligned box. */
export function testPointAabb(p: Vec, box: Aabb): boolean {
  return p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y && p.y <= box.max.y;
}

/**
 * Whether p is in the closed convex polygon with these corners in order (either winding;
 * degenerate ones are the segment or point they cover).
 */
export function testPointConvex(p: Vec, points: readonly Vec[]): boolean {
  const n = points.length;
  if (n === 0) return false;
  let side = 0;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[i + 1 === n ? 0 : i + 1]!;
    const o = orientSign(a, b, p);
    if (o === 0) continue;
    if (side !== 0 && o !== side) return false;
    side = o;
  }
  // Some edge has p strictly on one side and none on the other: for a collinear polygon the edges
  // run both ways along the line, so this happens only for a proper polygon with p inside.
  if (side !== 0) return true;
  // p is on every edge's line, so all corners and p are collinear: p must lie on an edge.
  for (let i = 0; i < n; i++) {
    edge.a = points[i]!;
    edge.b = points[i + 1 === n ? 0 : i + 1]!;
    if (testPointSegment(p, edge)) return true;
  }
  return false;
}

const edge: Segment = { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };
const triangleCorners: Vec[] = [];

/** Whether p is in the closed triangle (any winding; a collinear one is the segment it covers). */
export function testPointTriangle(p: Vec, t: Triangle): boolean {
  triangleCorners[0] = t.a;
  triangleCorners[1] = t.b;
  triangleCorners[2] = t.c;
  return testPointConvex(p, triangleCorners);
}

/** Whether p is in the closed convex polygon. */
export function testPointPolygon(p: Vec, polygon: Polygon): boolean {
  return testPointConvex(p, polygon.points);
}

const corners: Vec[] = [];

/** Whether p is in the oriented box (exact for the box's computed corners). */
export function testPointBox(p: Vec, box: Box): boolean {
  return testPointConvex(p, boxCorners(box, corners));
}

/** Whether p lies on the polyline. */
export function testPointPolyline(p: Vec, line: Polyline): boolean {
  const pts = line.points;
  const n = pts.length;
  if (n === 1) return testPointPoint(p, pts[0]!);
  const last = line.closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    edge.a = pts[i]!;
    edge.b = pts[i + 1 === n ? 0 : i + 1]!;
    if (testPointSegment(p, edge)) return true;
  }
  return false;
}
