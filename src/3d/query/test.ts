/**
 * The named exact overlap tests between 3D solids (closed sets: touching counts). Rounded pairs
 * compare the distance between cores with the sum of radii, never rounded; flat pairs are the
 * radius-0 case of the same exact test; planes and frustums have their own files.
 * @see src/3d/overlap/ for the algorithms and their sources.
 */

import { EPS, ERR5, TAIL2 } from "../../exact/filter.ts";
import { CORE_AABB, CORE_BOX, CORE_POINT, CORE_SEGMENT, CORE_TRIANGLE } from "../overlap/exact.ts";
import { frustumAabb, frustumBox, frustumSphere } from "../overlap/frustum.ts";
import {
  planeAabb,
  planeBox,
  planeCapsule,
  planePlane,
  planeSphere,
  planeTriangle,
} from "../overlap/plane.ts";
import {
  coresWithin,
  segmentsWithin,
  sphereBox,
  sphereSphere,
  sphereTriangleFloat,
} from "../overlap/rounded.ts";
import { aabbBoxFloat, aabbTriangleFloat, boxBoxFloat, boxTriangleFloat } from "../overlap/sat.ts";
import { triangleTriangleSigns } from "../overlap/triangle-triangle.ts";
import {
  FLOAT_RADIUS,
  segmentAabbFloat,
  segmentBoxFloat,
  segmentTriangleFloat,
  triangleTriangleFloat,
} from "../overlap/witness.ts";
import type { Aabb, Box, Capsule, Frustum, Plane, Segment, Sphere, Triangle } from "../shapes.ts";

/**
 * |d2 - r^2| > NEAR_RR r^2 + 2 TAIL2 implies |d2 - r^2| > ERR5 (d2 + r^2) + TAIL2 (the filter of
 * a squared distance 5 roundings deep): with v = d2 - r^2, ERR5 (d2 + r^2) = ERR5 (v + 2 r^2)
 * for v >= 0 and less for v < 0, so 8 ERR5 leaves room for the roundings of both sides. A bound
 * on r^2 alone is ready before d2, off the critical path.
 */
const NEAR_RR = 8 * ERR5;
/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;
/** A dot product of rounded differences (4 roundings deep): 8 eps of its absolute sum. */
const ERRD = 8 * EPS;
/** 1 + the relative slack on squared comparisons whose sides are each a few roundings off. */
const ONE_REL = 1 + 2 ** -44;
/** The underflow tail of a difference of two squared sums. */
const TAIL2X2 = 2 * T2;

const origin = { x: 0, y: 0, z: 0 };
const pointSegment: Segment = { a: origin, b: origin };

/** Exact: do the two closed balls meet (|c1 - c2| <= r1 + r2)? */
export function testSphereSphere(a: Sphere, b: Sphere): boolean {
  return sphereSphere(a, b);
}

/** Exact: does the ball meet the capsule (center within r1 + r2 of the capsule's segment)? */
export function testSphereCapsule(s: Sphere, c: Capsule): boolean {
  // The ball's center is a zero-length segment.
  pointSegment.a = s.center;
  pointSegment.b = s.center;
  return segmentsWithin(pointSegment, s.radius, c, c.radius);
}

/**
 * Exact: does the ball meet the closed axis-aligned box? @see Ericson §5.2.5.
 * The squared distance from the center to the box: per axis the clamped center minus the center
 * (0, or one rounding), found without compares (a clamp's mispredict on scattered pairs; this
 * halved the time against three.js' Box3.intersectsSphere), against r^2 with the bound NEAR_RR
 * on r^2 alone. One predictable branch on the bound; a NaN v (both squares overflowing) fails
 * it and goes to the exact test. An infinite u + |u| (u > 2^1023) with r^2 finite (r < 2^512)
 * makes v infinite: a miss, rightly.
 */
export function testSphereAabb(s: Sphere, b: Aabb): boolean {
  const c = s.center;
  const x = c.x;
  const y = c.y;
  const z = c.z;
  const lo = b.min;
  const hi = b.max;
  // Per axis the excess below and above (one rounding each, never both positive); u + |u| is
  // 2 max(u, 0) exactly, so dx is the clamped center minus the center, the same double.
  const ux = lo.x - x;
  const uy = lo.y - y;
  const uz = lo.z - z;
  const wx = x - hi.x;
  const wy = y - hi.y;
  const wz = z - hi.z;
  const dx = 0.5 * (ux + Math.abs(ux) + (wx + Math.abs(wx)));
  const dy = 0.5 * (uy + Math.abs(uy) + (wy + Math.abs(wy)));
  const dz = 0.5 * (uz + Math.abs(uz) + (wz + Math.abs(wz)));
  const d2 = dx * dx + dy * dy + dz * dz;
  const rr = s.radius * s.radius;
  const v = d2 - rr;
  if (Math.abs(v) > NEAR_RR * rr + TAIL2X2) return v < 0;
  return coresWithin(CORE_POINT, c, s.radius, CORE_AABB, b, 0);
}

/** Exact: does the ball meet the box (the parallelepiped of `boxAxes`)? */
export function testSphereBox(s: Sphere, b: Box): boolean {
  return sphereBox(s, b);
}

/** Exact: does the ball meet the closed triangle (a collinear one is its segment)? */
export function testSphereTriangle(s: Sphere, t: Triangle): boolean {
  const f = sphereTriangleFloat(s, t);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_POINT, s.center, s.radius, CORE_TRIANGLE, t, 0);
}

/** Exact: do the capsules meet (segments within r1 + r2)? */
export function testCapsuleCapsule(a: Capsule, b: Capsule): boolean {
  return segmentsWithin(a, a.radius, b, b.radius);
}

/**
 * Exact: does the capsule meet the closed axis-aligned box? @see Ericson §5.1.3 and §5.2.5.
 * A body small enough for V8 to inline settles the start end first, as testSphereAabb does
 * (a capsule standing on a box): with Q = clamp(a), a within r of the box proves a hit. When a
 * is certainly beyond r, n = a - Q (each component one rounding, with Q's sign: the box lies
 * exactly in n . (x - Q) <= 0) is the axis: a's value along it is |n|^2 within eps, so beyond
 * r |n| already, and b's, n . (b - Q) (4 roundings on rounded differences, ERRD), beyond
 * r |n| too proves a miss, the segment's values lying between them. The rest goes to
 * capsuleAabbRest.
 */
export function testCapsuleAabb(c: Capsule, b: Aabb): boolean {
  const p = c.a;
  const lo = b.min;
  const hi = b.max;
  const x = p.x;
  const y = p.y;
  const z = p.z;
  const Qx = x < lo.x ? lo.x : x > hi.x ? hi.x : x;
  const Qy = y < lo.y ? lo.y : y > hi.y ? hi.y : y;
  const Qz = z < lo.z ? lo.z : z > hi.z ? hi.z : z;
  const ex = x - Qx;
  const ey = y - Qy;
  const ez = z - Qz;
  const ee = ex * ex + ey * ey + ez * ez;
  const rr = c.radius * c.radius;
  const v = ee - rr;
  const bound = NEAR_RR * rr + TAIL2X2;
  if (-v > bound) return true;
  if (v > bound) {
    const q = c.b;
    const gx = q.x - Qx;
    const gy = q.y - Qy;
    const gz = q.z - Qz;
    // sum |e_k g_k| <= (|e|^2 + |g|^2) / 2: no absolute values (they kept this body over V8's
    // inlining size), the bound doubled for the roundings of ee and gg.
    const gg = gx * gx + gy * gy + gz * gz;
    const low = ex * gx + ey * gy + ez * gz - ERRD * (ee + gg) - T2;
    // rr + TAIL2 >= r^2 (rr may underflow); ee > rr + TAIL2 here, so ee's own underflow is far
    // inside the relative slack.
    if (low > 0 && low * low > (rr + T2) * ee * ONE_REL + T2) return false;
  }
  return capsuleAabbRest(c, b);
}

/** testCapsuleAabb past its start-end filter: the witness pass of witness.ts, then exact. */
function capsuleAabbRest(c: Capsule, b: Aabb): boolean {
  FLOAT_RADIUS[0] = c.radius;
  const f = segmentAabbFloat(c.a, c.b, b);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_SEGMENT, c, c.radius, CORE_AABB, b, 0);
}

/** Exact: does the capsule meet the box? */
export function testCapsuleBox(c: Capsule, b: Box): boolean {
  FLOAT_RADIUS[0] = c.radius;
  const f = segmentBoxFloat(c.a, c.b, b);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_SEGMENT, c, c.radius, CORE_BOX, b, 0);
}

/** Exact: does the capsule meet the closed triangle? */
export function testCapsuleTriangle(c: Capsule, t: Triangle): boolean {
  FLOAT_RADIUS[0] = c.radius;
  const f = segmentTriangleFloat(c.a, c.b, t);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_SEGMENT, c, c.radius, CORE_TRIANGLE, t, 0);
}

/** Exact: do the closed axis-aligned boxes meet (overlapping intervals on every axis)? */
export function testAabbAabb(a: Aabb, b: Aabb): boolean {
  return (
    a.min.x <= b.max.x &&
    b.min.x <= a.max.x &&
    a.min.y <= b.max.y &&
    b.min.y <= a.max.y &&
    a.min.z <= b.max.z &&
    b.min.z <= a.max.z
  );
}

/** Exact: does the axis-aligned box meet the box? */
export function testAabbBox(a: Aabb, b: Box): boolean {
  const f = aabbBoxFloat(a, b);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_AABB, a, 0, CORE_BOX, b, 0);
}

/** Exact: do the two boxes meet? */
export function testBoxBox(a: Box, b: Box): boolean {
  const f = boxBoxFloat(a, b);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_BOX, a, 0, CORE_BOX, b, 0);
}

/** Exact: does the axis-aligned box meet the closed triangle? */
export function testAabbTriangle(a: Aabb, t: Triangle): boolean {
  const f = aabbTriangleFloat(a, t);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_AABB, a, 0, CORE_TRIANGLE, t, 0);
}

/** Exact: does the box meet the closed triangle? */
export function testBoxTriangle(b: Box, t: Triangle): boolean {
  const f = boxTriangleFloat(b, t);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_BOX, b, 0, CORE_TRIANGLE, t, 0);
}

/** Exact: do the closed triangles meet (coplanar and collinear ones included)? */
export function testTriangleTriangle(a: Triangle, b: Triangle): boolean {
  // Orientation signs settle every pair in general position; the witness pass and the exact
  // test take touching, coplanar and degenerate ones.
  const g = triangleTriangleSigns(a, b);
  if (g >= 0) return g === 1;
  const f = triangleTriangleFloat(a, b);
  if (f >= 0) return f === 1;
  return coresWithin(CORE_TRIANGLE, a, 0, CORE_TRIANGLE, b, 0);
}

/** Exact: does the plane (a surface) cut or touch the ball? */
export function testPlaneSphere(p: Plane, s: Sphere): boolean {
  return planeSphere(p, s);
}

/** Exact: does the plane cut or touch the capsule? */
export function testPlaneCapsule(p: Plane, c: Capsule): boolean {
  return planeCapsule(p, c);
}

/** Exact: does the plane cut or touch the axis-aligned box? */
export function testPlaneAabb(p: Plane, b: Aabb): boolean {
  return planeAabb(p, b);
}

/** Exact: does the plane cut or touch the box? */
export function testPlaneBox(p: Plane, b: Box): boolean {
  return planeBox(p, b);
}

/** Exact: does the plane cut or touch the triangle? */
export function testPlaneTriangle(p: Plane, t: Triangle): boolean {
  return planeTriangle(p, t);
}

/** Exact: do the two planes meet (not parallel, or the same plane)? */
export function testPlanePlane(p: Plane, q: Plane): boolean {
  return planePlane(p, q);
}

/** Exact: does the ball meet the frustum (no false positives near its corners and edges)? */
export function testSphereFrustum(s: Sphere, f: Frustum): boolean {
  return frustumSphere(f, s);
}

/** Exact: does the axis-aligned box meet the frustum (no false positives near its corners)? */
export function testAabbFrustum(b: Aabb, f: Frustum): boolean {
  return frustumAabb(f, b);
}

/** Exact: does the box meet the frustum? */
export function testBoxFrustum(b: Box, f: Frustum): boolean {
  return frustumBox(f, b);
}
