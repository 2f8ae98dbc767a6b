import { planeSide, pointDistanceSign3 } from "../../exact/distance3.ts";
import { crossSign, orient2d } from "../../exact/orient2d.ts";
import { orient3d } from "../../exact/orient3d.ts";
import {
  formPointSign,
  type LinearForm3,
  makeLinearForm3,
  segmentForm3,
} from "../query/linear-form.ts";
import type {
  Aabb,
  Box,
  Capsule,
  Line,
  Plane,
  Ray,
  Segment,
  Sphere,
  Triangle,
  Vec,
} from "../shapes.ts";
import { formMeetsBox } from "./linear-box.ts";

/*
 * Containment of a point in each 3D shape (closed sets: the boundary counts), exact for every
 * finite input: coordinate comparisons, or the signs of orientations, dot products and squared
 * distances from src/exact/.
 */

/** Whether the two points are the same. */
export function testPointPoint(p: Vec, q: Vec): boolean {
  return p.x === q.x && p.y === q.y && p.z === q.z;
}

/** Whether (u - v) x (p - o) = 0: p on the line through o along u - v (three exact 2D signs). */
function onLine(
  p: Vec,
  o: Vec,
  ux: number,
  uy: number,
  uz: number,
  vx: number,
  vy: number,
  vz: number,
): boolean {
  return (
    crossSign(ux, vx, uy, vy, p.x, o.x, p.y, o.y) === 0 &&
    crossSign(uy, vy, uz, vz, p.y, o.y, p.z, o.z) === 0 &&
    crossSign(uz, vz, ux, vx, p.z, o.z, p.x, o.x) === 0
  );
}

/** Whether p lies on the line. */
export function testPointLine(p: Vec, line: Line): boolean {
  const d = line.dir;
  return onLine(p, line.point, d.x, d.y, d.z, 0, 0, 0);
}

/** Whether p lies on the ray (origin included). */
export function testPointRay(p: Vec, ray: Ray): boolean {
  const o = ray.origin;
  const d = ray.dir;
  if (!onLine(p, o, d.x, d.y, d.z, 0, 0, 0)) return false;
  // On the line: ahead of the origin along d, by exact coordinate comparisons.
  return (
    (p.x - o.x) * Math.sign(d.x) >= 0 &&
    (p.y - o.y) * Math.sign(d.y) >= 0 &&
    (p.z - o.z) * Math.sign(d.z) >= 0
  );
}

/** Whether p lies on the closed segment (a zero-length one is its point). */
export function testPointSegment(p: Vec, seg: Segment): boolean {
  const a = seg.a;
  const b = seg.b;
  if (!onLine(p, a, b.x, b.y, b.z, a.x, a.y, a.z)) return false;
  return (
    p.x >= Math.min(a.x, b.x) &&
    p.x <= Math.max(a.x, b.x) &&
    p.y >= Math.min(a.y, b.y) &&
    p.y <= Math.max(a.y, b.y) &&
    p.z >= Math.min(a.z, b.z) &&
    p.z <= Math.max(a.z, b.z)
  );
}

/** Whether p lies on the plane: dot(normal, p) = offset exactly. */
export function testPointPlane(p: Vec, plane: Plane): boolean {
  const n = plane.normal;
  return planeSide(n.x, n.y, n.z, plane.offset, p.x, p.y, p.z) === 0;
}

/** Whether p is in the closed ball. */
export function testPointSphere(p: Vec, s: Sphere): boolean {
  const c = s.center;
  return pointDistanceSign3(p.x, p.y, p.z, c.x, c.y, c.z, s.radius) <= 0;
}

const F: LinearForm3 = makeLinearForm3();

/** Whether p is within the capsule's radius of its segment. */
export function testPointCapsule(p: Vec, cap: Capsule): boolean {
  return formPointSign(segmentForm3(cap.a, cap.b, F), p.x, p.y, p.z, cap.radius) <= 0;
}

/** Whether p is in the closed axis-aligned box. */
export function testPointAabb(p: Vec, box: Aabb): boolean {
  return (
    p.x >= box.min.x &&
    p.x <= box.max.x &&
    p.y >= box.min.y &&
    p.y <= box.max.y &&
    p.z >= box.min.z &&
    p.z <= box.max.z
  );
}

/** Whether p is in the oriented box (exact for the parallelepiped `boxAxes` spans; flat ones too). */
export function testPointBox(p: Vec, box: Box): boolean {
  return formMeetsBox(segmentForm3(p, p, F), box);
}

const EDGE: Segment = { a: { x: 0, y: 0, z: 0 }, b: { x: 0, y: 0, z: 0 } };

/**
 * Whether p is in the closed triangle (a collinear one is the segment or point it covers). A
 * proper triangle: p coplanar (orient3d = 0), then the 2D test in a coordinate plane where the
 * triangle's projection is not flat, whose orientations have the signs of the 3D ones.
 */
export function testPointTriangle(p: Vec, t: Triangle): boolean {
  const a = t.a;
  const b = t.b;
  const c = t.c;
  // Pick the projection by the first non-zero component of the normal (exact).
  let axis = 2;
  let s = orient2d(a.x, a.y, b.x, b.y, c.x, c.y);
  if (s === 0) {
    axis = 0;
    s = orient2d(a.y, a.z, b.y, b.z, c.y, c.z);
  }
  if (s === 0) {
    axis = 1;
    s = orient2d(a.z, a.x, b.z, b.x, c.z, c.x);
  }
  if (s === 0) {
    // Collinear (or a point): p must lie on one of the edges.
    for (let i = 0; i < 3; i++) {
      EDGE.a = i === 0 ? a : i === 1 ? b : c;
      EDGE.b = i === 0 ? b : i === 1 ? c : a;
      if (testPointSegment(p, EDGE)) return true;
    }
    return false;
  }
  if (orient3d(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, p.x, p.y, p.z) !== 0) return false;
  const side = (u: Vec, v: Vec): number =>
    axis === 2
      ? orient2d(u.x, u.y, v.x, v.y, p.x, p.y)
      : axis === 0
        ? orient2d(u.y, u.z, v.y, v.z, p.y, p.z)
        : orient2d(u.z, u.x, v.z, v.x, p.z, p.x);
  return side(a, b) * s >= 0 && side(b, c) * s >= 0 && side(c, a) * s >= 0;
}
