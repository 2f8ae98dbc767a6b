/**
 * The exact overlap tests of hulls (`Hull {points}`, the closed convex hull of its points) against
 * every 3D shape. Floats first: padded bounding boxes reject far pairs; then float GJK proposes a
 * separating direction n, and a miss is certified when the shapes' support values along n, with
 * their rounding bounds, stay more than (r1 + r2) |n| apart; a hull vertex certainly inside the
 * other shape (its exact point test) certifies a hit. Everything else goes to the exact BigInt GJK
 * of exact.ts, so the answer is exact for every finite input.
 * @see Gilbert, Johnson, Keerthi, IEEE J. Robotics and Automation 1988 (GJK); Ericson, Real-Time
 * Collision Detection, §5.2.2 and §9.5 (separating planes from closest points).
 */
import { EPS, TAIL2 } from "../../exact/filter.ts";
import { type GjkResult, gjkDistance, makeGjkResult } from "../convex/gjk.ts";
import { type ConvexKind, makeProxy, proxyOfKind } from "../convex/proxy.ts";
import { boundsApart, coreBounds } from "../overlap/bounds.ts";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_FRUSTUM,
  CORE_HULL,
  CORE_POINT,
  CORE_SEGMENT,
  CORE_TRIANGLE,
  type CoreShape,
  exactLinearWithin,
  exactPlaneWithin,
  exactWithin,
} from "../overlap/exact.ts";
import {
  testPointAabb,
  testPointBox,
  testPointCapsule,
  testPointSphere,
} from "../pairs/point-shapes.ts";
import type {
  Aabb,
  Box,
  Capsule,
  Frustum,
  Hull,
  Line,
  Plane,
  Ray,
  Segment,
  Sphere,
  Triangle,
  Vec,
} from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/** A dot product of three rounded products: 8 eps of its absolute terms leaves room. */
const ERR = 8 * EPS;
/** Slack on squared comparisons whose sides are each a few roundings off. */
const REL = 2 ** -44;

const P = makeProxy(8);
const Q = makeProxy(8);
const G: GjkResult = makeGjkResult();
const boundsA = new Float64Array(6);
const boundsB = new Float64Array(6);
/** Per-axis bound on how far P's (0..2) and Q's (3..5) proxy points are from the exact vertices. */
const CE = new Float64Array(6);
const AX: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/** CE at `at` for a box proxy: each corner c +- u +- v +- w is three roundings from exact. */
function boxCornerError(b: Box, at: number): void {
  boxAxes(b, AX);
  const u = AX[0]!;
  const v = AX[1]!;
  const w = AX[2]!;
  const c = b.center;
  CE[at] = 4 * EPS * (Math.abs(c.x) + Math.abs(u.x) + Math.abs(v.x) + Math.abs(w.x));
  CE[at + 1] = 4 * EPS * (Math.abs(c.y) + Math.abs(u.y) + Math.abs(v.y) + Math.abs(w.y));
  CE[at + 2] = 4 * EPS * (Math.abs(c.z) + Math.abs(u.z) + Math.abs(v.z) + Math.abs(w.z));
}

/**
 * True when floats certify that proxies P and Q (grown by their radii) are apart: GJK's normal n
 * from P to Q, max over P of n . p and min over Q of n . q within their rounding bounds, and the
 * gap beyond (rP + rQ) |n| (compared squared). Non-finite values fail every comparison.
 */
function certainlyApart(): boolean {
  gjkDistance(P, Q, G);
  if (!(G.distance > 0)) return false;
  const nx = G.normal.x;
  const ny = G.normal.y;
  const nz = G.normal.z;
  let hi = Number.NEGATIVE_INFINITY;
  let lo = Number.POSITIVE_INFINITY;
  let m = 0;
  const p = P.xyz;
  for (let i = 0; i < 3 * P.count; i += 3) {
    const a = nx * p[i]!;
    const b = ny * p[i + 1]!;
    const c = nz * p[i + 2]!;
    const v = a + b + c;
    if (v > hi) hi = v;
    const e = Math.abs(a) + Math.abs(b) + Math.abs(c);
    if (e > m) m = e;
  }
  const q = Q.xyz;
  for (let i = 0; i < 3 * Q.count; i += 3) {
    const a = nx * q[i]!;
    const b = ny * q[i + 1]!;
    const c = nz * q[i + 2]!;
    const v = a + b + c;
    if (v < lo) lo = v;
    const e = Math.abs(a) + Math.abs(b) + Math.abs(c);
    if (e > m) m = e;
  }
  const err =
    2 * ERR * m +
    Math.abs(nx) * (CE[0]! + CE[3]!) +
    Math.abs(ny) * (CE[1]! + CE[4]!) +
    Math.abs(nz) * (CE[2]! + CE[5]!) +
    TAIL2;
  const gap = lo - hi - err - EPS * (Math.abs(lo) + Math.abs(hi));
  if (!(gap > 0)) return false;
  const r = P.radius + Q.radius;
  if (r === 0) return true;
  return gap * gap > r * r * (nx * nx + ny * ny + nz * nz) * (1 + REL) + TAIL2;
}

/**
 * The shared path of a convex shape A (proxy kind, core kind and shape, radius) against hull h:
 * bounds, the float miss certificate, a hull vertex inside A when GJK reports an overlap, then
 * exact.
 */
function hullPair(
  kind: ConvexKind,
  a: unknown,
  core: number,
  coreShape: CoreShape,
  r: number,
  h: Hull,
): boolean {
  coreBounds(core, coreShape, r, boundsA);
  coreBounds(CORE_HULL, h, 0, boundsB);
  if (boundsApart(boundsA, boundsB)) return false;
  proxyOfKind(kind, a, P);
  proxyOfKind("hull", h, Q);
  CE.fill(0);
  if (kind === "box") boxCornerError(a as Box, 0);
  if (certainlyApart()) return false;
  if (G.distance === 0 && vertexInside(kind, a, h)) return true;
  return exactWithin(core, coreShape, r, CORE_HULL, h, 0);
}

/** True when some vertex of h is in the shape (an exact point test: a certified hit). */
function vertexInside(kind: ConvexKind, a: unknown, h: Hull): boolean {
  const pts = h.points;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    switch (kind) {
      case "sphere":
        if (testPointSphere(p, a as Sphere)) return true;
        break;
      case "capsule":
        if (testPointCapsule(p, a as Capsule)) return true;
        break;
      case "aabb":
        if (testPointAabb(p, a as Aabb)) return true;
        break;
      case "box":
        if (testPointBox(p, a as Box)) return true;
        break;
      default:
        return false;
    }
  }
  return false;
}

/** Exact: is the point in the closed hull? */
export function testPointHull(p: Vec, h: Hull): boolean {
  return hullPair("point", p, CORE_POINT, p, 0, h);
}

/** Exact: does the closed segment meet the hull (a zero-length segment is its point)? */
export function testSegmentHull(s: Segment, h: Hull): boolean {
  return hullPair("segment", s, CORE_SEGMENT, s, 0, h);
}

/**
 * Exact: does the ray (origin included, t >= 0 in units of `dir`) meet the hull? Decided by the
 * exact GJK on the ray's part that can reach the hull (exact.ts, exactLinearWithin).
 */
export function testRayHull(ray: Ray, h: Hull): boolean {
  const d = ray.dir;
  return exactLinearWithin(ray.origin, d.x, d.y, d.z, true, CORE_HULL, h, 0);
}

/** Exact: does the line meet the hull? As `testRayHull`, both ways along `dir`. */
export function testLineHull(line: Line, h: Hull): boolean {
  const d = line.dir;
  return exactLinearWithin(line.point, d.x, d.y, d.z, false, CORE_HULL, h, 0);
}

/** Exact: does the closed ball meet the hull (center within the radius of it)? */
export function testSphereHull(s: Sphere, h: Hull): boolean {
  return hullPair("sphere", s, CORE_POINT, s.center, s.radius, h);
}

/** Exact: does the capsule meet the hull (segment within the radius of it)? */
export function testCapsuleHull(c: Capsule, h: Hull): boolean {
  return hullPair("capsule", c, CORE_SEGMENT, c, c.radius, h);
}

/** Exact: does the closed axis-aligned box meet the hull? */
export function testAabbHull(b: Aabb, h: Hull): boolean {
  return hullPair("aabb", b, CORE_AABB, b, 0, h);
}

/** Exact: does the box (the parallelepiped of `boxAxes`) meet the hull? */
export function testBoxHull(b: Box, h: Hull): boolean {
  return hullPair("box", b, CORE_BOX, b, 0, h);
}

/** Exact: does the closed triangle (a collinear one is its segment) meet the hull? */
export function testTriangleHull(t: Triangle, h: Hull): boolean {
  return hullPair("triangle", t, CORE_TRIANGLE, t, 0, h);
}

/** Exact: do the two hulls meet? */
export function testHullHull(a: Hull, b: Hull): boolean {
  return hullPair("hull", a, CORE_HULL, a, 0, b);
}

/**
 * Exact: does the plane (a surface, dot(normal, p) = offset) cut or touch the hull? The values
 * dot(n, p) - offset over the hull's points take both signs, or one is 0.
 * @see Ericson, Real-Time Collision Detection, §5.2.2.
 */
export function testPlaneHull(p: Plane, h: Hull): boolean {
  const n = p.normal;
  const o = p.offset;
  const pts = h.points;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let err = 0;
  for (let i = 0; i < pts.length; i++) {
    const q = pts[i]!;
    const a = n.x * q.x;
    const b = n.y * q.y;
    const c = n.z * q.z;
    const d = a + b + c - o;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
    const e = Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(o);
    if (e > err) err = e;
  }
  err = ERR * err + TAIL2;
  if (lo < -err && hi > err) return true;
  if (lo > err || hi < -err) return false;
  return exactPlaneWithin(CORE_HULL, h, 0, p);
}

/**
 * Exact: does the hull meet the frustum? A plane with every hull point certainly beyond it
 * rejects; a hull point certainly inside all six planes accepts; the rest (near the frustum's
 * edges and corners, where plane tests alone report false hits) is decided by exact GJK.
 */
export function testHullFrustum(h: Hull, f: Frustum): boolean {
  const pts = h.points;
  for (let k = 0; k < 6; k++) {
    const pl = f.planes[k] as Plane;
    const n = pl.normal;
    const o = pl.offset;
    let beyond = true;
    for (let i = 0; i < pts.length && beyond; i++) {
      const q = pts[i]!;
      const a = n.x * q.x;
      const b = n.y * q.y;
      const c = n.z * q.z;
      const e = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(o)) + TAIL2;
      beyond = a + b + c - o > e;
    }
    if (beyond) return false;
  }
  for (let i = 0; i < pts.length; i++) {
    const q = pts[i]!;
    let inside = true;
    for (let k = 0; k < 6 && inside; k++) {
      const pl = f.planes[k] as Plane;
      const n = pl.normal;
      const a = n.x * q.x;
      const b = n.y * q.y;
      const c = n.z * q.z;
      const e = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(pl.offset)) + TAIL2;
      inside = a + b + c - pl.offset + e <= 0;
    }
    if (inside) return true;
  }
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_HULL, h, 0);
}
