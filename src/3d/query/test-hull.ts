/**
 * The exact overlap tests of hulls (`Hull {points}`, the closed convex hull of its points) against
 * every 3D shape. Floats first: padded bounding boxes reject far pairs; then float GJK proposes a
 * separating direction n, and a miss is certified when the shapes' support values along n, with
 * their rounding bounds, stay more than (r1 + r2) |n| apart; a hit is certified when GJK's last
 * simplex, a tetrahedron of differences q - p of the cores' points, certainly holds the origin
 * inside, or when a hull vertex is certainly inside the other shape (its exact point test).
 * Everything else goes to the exact BigInt GJK of exact.ts, so the answer is exact for every
 * finite input.
 * @see Gilbert, Johnson, Keerthi, IEEE J. Robotics and Automation 1988 (GJK); Ericson, Real-Time
 * Collision Detection, §5.2.2 and §9.5 (separating planes from closest points).
 */
import { EPS, TAIL2 } from "../../exact/filter.ts";
import {
  type GjkResult,
  gjkDistance,
  lastSimplex,
  lastWeights,
  makeGjkResult,
} from "../convex/gjk.ts";
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
  exactWithin,
} from "../overlap/exact.ts";
import { planeHull } from "../overlap/plane.ts";
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

/** GJK's last simplex: four differences w = q - p, x y z each. */
const SW = new Float64Array(12);

/**
 * True when floats certify that the cores of P and Q share a point: GJK's last simplex is a
 * tetrahedron a, b, c, d of differences of their points with the origin strictly inside. The
 * origin's barycentric weights are V_k / vol with V_0 = -det(b, c, d), V_1 = det(a, c, d),
 * V_2 = -det(a, b, d), V_3 = det(a, b, c) (sum vol); all four of one strict sign put 0 = sum of
 * lambda_k (q_k - p_k), so sum lambda_k q_k = sum lambda_k p_k lies in both cores.
 * Error bound, per V_k: the exact differences w* are within delta_c of the stored ones per axis c
 * (one rounding of q - p, eps |w|, plus CE for box corners), and every |w*_c|, |w_c| <= M_c. A det
 * is 6 products x_i y_j z_k with {i, j, k} = {x, y, z}; each moves by at most
 * M_i M_j M_k - (M_i - d_i)(M_j - d_j)(M_k - d_k) <= d_i M_j M_k + M_i d_j M_k + M_i M_j d_k, and
 * its float evaluation (5 roundings deep) errs by at most 5 eps of sum |x_i y_j z_k| <= 6 M_x M_y M_z.
 * So |V_k - V*_k| <= 6 (8 eps M_x M_y M_z + d_x M_y M_z + M_x d_y M_z + M_x M_y d_z), taken 6.01 for
 * the rounding of the bound itself, plus an underflow tail. Non-finite values fail the comparisons.
 * @see Cramer's rule for the barycentric weights; Ericson, Real-Time Collision Detection, §5.1.6.
 */
function simplexHoldsOrigin(): boolean {
  if (lastSimplex(SW) !== 4) return false;
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let i = 0; i < 12; i += 3) {
    mx = Math.max(mx, Math.abs(SW[i]!));
    my = Math.max(my, Math.abs(SW[i + 1]!));
    mz = Math.max(mz, Math.abs(SW[i + 2]!));
  }
  const dx = EPS * mx + CE[0]! + CE[3]! + TAIL2;
  const dy = EPS * my + CE[1]! + CE[4]! + TAIL2;
  const dz = EPS * mz + CE[2]! + CE[5]! + TAIL2;
  mx += dx;
  my += dy;
  mz += dz;
  const err =
    6.01 * (8 * EPS * mx * my * mz + dx * my * mz + mx * dy * mz + mx * my * dz) +
    TAIL2 * (1 + mx + my + mz);
  const ax = SW[0]!;
  const ay = SW[1]!;
  const az = SW[2]!;
  const bx = SW[3]!;
  const by = SW[4]!;
  const bz = SW[5]!;
  const cx = SW[6]!;
  const cy = SW[7]!;
  const cz = SW[8]!;
  const qx = SW[9]!;
  const qy = SW[10]!;
  const qz = SW[11]!;
  const v3 = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  if (!(Math.abs(v3) > err)) return false;
  const s = v3 > 0 ? 1 : -1;
  const v0 = -(bx * (cy * qz - cz * qy) + by * (cz * qx - cx * qz) + bz * (cx * qy - cy * qx));
  if (!(s * v0 > err)) return false;
  const v1 = ax * (cy * qz - cz * qy) + ay * (cz * qx - cx * qz) + az * (cx * qy - cy * qx);
  if (!(s * v1 > err)) return false;
  const v2 = -(ax * (by * qz - bz * qy) + ay * (bz * qx - bx * qz) + az * (bx * qy - by * qx));
  return s * v2 > err;
}

/** GJK's last barycentric weights, one per vertex of SW. */
const SL = new Float64Array(4);

/**
 * True when floats certify that the cores of P and Q come within rP + rQ of each other: GJK's
 * last weights lambda_k (negatives taken as 0) over its simplex of differences w_k = q_k - p_k
 * give u = sum lambda_k w_k / sum lambda_k, the difference of a point of Q's core and one of P's
 * (both convex combinations), so |u| <= r is a hit whatever rounding GJK made on the way.
 * Error bound per axis c: each exact w*_kc is within d_c = eps |w_kc| + CE of the stored one, and
 * the float sum of at most 4 products errs by at most 5 eps of its absolute terms; so
 * |sum lambda_k w*_kc| <= |u_c| + sum lambda_k d_c + 5 eps sum |lambda_k w_kc| =: U_c. The squared
 * norm and the weights' sum (4 terms, all >= 0) are each a few roundings off: REL covers them.
 * Non-finite values fail the comparison.
 */
function simplexWithinRadius(): boolean {
  const r = P.radius + Q.radius;
  if (!(r > 0)) return false;
  const n = lastSimplex(SW);
  lastWeights(SL);
  let sum = 0;
  let ux = 0;
  let uy = 0;
  let uz = 0;
  let ax = 0;
  let ay = 0;
  let az = 0;
  for (let k = 0; k < n; k++) {
    const t = Math.max(0, SL[k]!);
    sum += t;
    const x = t * SW[3 * k]!;
    const y = t * SW[3 * k + 1]!;
    const z = t * SW[3 * k + 2]!;
    ux += x;
    uy += y;
    uz += z;
    ax += Math.abs(x);
    ay += Math.abs(y);
    az += Math.abs(z);
  }
  if (!(sum > 0)) return false;
  // sum lambda_k d_c = eps sum |lambda_k w_kc| + sum * CE_c (plus an underflow tail).
  const ex = 6 * EPS * ax + 1.01 * sum * (CE[0]! + CE[3]!) + TAIL2;
  const ey = 6 * EPS * ay + 1.01 * sum * (CE[1]! + CE[4]!) + TAIL2;
  const ez = 6 * EPS * az + 1.01 * sum * (CE[2]! + CE[5]!) + TAIL2;
  const bx = Math.abs(ux) + ex;
  const by = Math.abs(uy) + ey;
  const bz = Math.abs(uz) + ez;
  const rs = r * sum;
  return (bx * bx + by * by + bz * bz) * (1 + REL) + TAIL2 < rs * rs * (1 - REL);
}

/**
 * The shared path of a convex shape A (proxy kind, core kind and shape, radius) against hull h:
 * bounds, the float miss certificate, then when GJK reports an overlap the float hit certificates
 * (the cores meet, or a hull vertex is inside A), then exact.
 */
function hullPair(
  kind: ConvexKind,
  a: unknown,
  core: number,
  coreShape: CoreShape,
  h: Hull,
): boolean {
  // The radius read here and grown in place: a double argument of a call V8 does not inline is
  // boxed. Growing the padded core bounds by r, padded again for its rounding, still contains.
  const r = kind === "sphere" || kind === "capsule" ? (a as Sphere).radius : 0;
  coreBounds(core, coreShape, 0, boundsA);
  if (r > 0) {
    for (let k = 0; k < 3; k++) {
      const lo = boundsA[k]!;
      const hi = boundsA[k + 3]!;
      boundsA[k] = lo - r - 2 * EPS * (Math.abs(lo) + r);
      boundsA[k + 3] = hi + r + 2 * EPS * (Math.abs(hi) + r);
    }
  }
  coreBounds(CORE_HULL, h, 0, boundsB);
  if (boundsApart(boundsA, boundsB)) return false;
  proxyOfKind(kind, a, P);
  proxyOfKind("hull", h, Q);
  CE.fill(0);
  if (kind === "box") boxCornerError(a as Box, 0);
  if (certainlyApart()) return false;
  if (
    G.distance === 0 &&
    (simplexHoldsOrigin() || simplexWithinRadius() || vertexInside(kind, a, h))
  ) {
    return true;
  }
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
  return hullPair("point", p, CORE_POINT, p, h);
}

/** Exact: does the closed segment meet the hull (a zero-length segment is its point)? */
export function testSegmentHull(s: Segment, h: Hull): boolean {
  return hullPair("segment", s, CORE_SEGMENT, s, h);
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
  return hullPair("sphere", s, CORE_POINT, s.center, h);
}

/** Exact: does the capsule meet the hull (segment within the radius of it)? */
export function testCapsuleHull(c: Capsule, h: Hull): boolean {
  return hullPair("capsule", c, CORE_SEGMENT, c, h);
}

/** Exact: does the closed axis-aligned box meet the hull? */
export function testAabbHull(b: Aabb, h: Hull): boolean {
  return hullPair("aabb", b, CORE_AABB, b, h);
}

/** Exact: does the box (the parallelepiped of `boxAxes`) meet the hull? */
export function testBoxHull(b: Box, h: Hull): boolean {
  return hullPair("box", b, CORE_BOX, b, h);
}

/** Exact: does the closed triangle (a collinear one is its segment) meet the hull? */
export function testTriangleHull(t: Triangle, h: Hull): boolean {
  return hullPair("triangle", t, CORE_TRIANGLE, t, h);
}

/** Exact: do the two hulls meet? */
export function testHullHull(a: Hull, b: Hull): boolean {
  return hullPair("hull", a, CORE_HULL, a, b);
}

/**
 * Exact: does the plane (a surface, dot(normal, p) = offset) cut or touch the hull? The values
 * dot(n, p) - offset over the hull's points take both signs, or one is 0.
 * @see Ericson, Real-Time Collision Detection, §5.2.2.
 */
export function testPlaneHull(p: Plane, h: Hull): boolean {
  return planeHull(p, h);
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
