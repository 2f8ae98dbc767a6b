/**
 * The remaining exact overlap tests: linear shapes among themselves, the frustum against points,
 * linear shapes, planes, capsules, triangles, meshes and frustums, and plane-mesh and mesh-mesh
 * (a mesh is its triangles' surface). Every boolean is exact: linear pairs and linear-frustum
 * are decided on BigInt integers lifted from the doubles; bounded pairs by the exact GJK of
 * overlap/exact.ts; meshes by a BVH walk whose culls are exact comparisons of exact bounds.
 * @see Ericson, Real-Time Collision Detection, §5.1.9 (closest points of two lines: the
 * parameters as ratios of cross products), §5.3.7 (clipping a line against half-spaces,
 * Cyrus-Beck), §6.6 (BVH traversal, simultaneous descent).
 */
import { lastLiftExponent, lift } from "../../exact/bigint.ts";
import { EPS, TAIL2 } from "../../exact/filter.ts";
import type { Mesh } from "../mesh.ts";
import { CORE_FRUSTUM, CORE_SEGMENT, CORE_TRIANGLE, exactWithin } from "../overlap/exact.ts";
import { frustumPlane } from "../overlap/frustum.ts";
import { coresWithin } from "../overlap/rounded.ts";
import type {
  Aabb,
  Capsule,
  Frustum,
  Line,
  Plane,
  Ray,
  Segment,
  Triangle,
  Vec,
} from "../shapes.ts";
import { testAabbFrustum, testPlaneAabb, testPlaneTriangle, testTriangleTriangle } from "./test.ts";

/** Error bound of n . p - offset relative to its terms' magnitudes (as test-hull.ts). */
const ERR = 8 * EPS;

/** Parameter range kinds of a linear shape o + t d. */
const LINE = 0;
const RAY = 1;
const SEG = 2;

const vals: number[] = [];
const ints: bigint[] = [];
const planeInts: bigint[] = [];

/** Pushes a linear shape as an origin and a second point or direction (6 doubles). */
function pushLinear(kind: number, s: Line | Ray | Segment): void {
  if (kind === SEG) {
    const g = s as Segment;
    vals.push(g.a.x, g.a.y, g.a.z, g.b.x, g.b.y, g.b.z);
  } else if (kind === RAY) {
    const r = s as Ray;
    vals.push(r.origin.x, r.origin.y, r.origin.z, r.dir.x, r.dir.y, r.dir.z);
  } else {
    const l = s as Line;
    vals.push(l.point.x, l.point.y, l.point.z, l.dir.x, l.dir.y, l.dir.z);
  }
}

/** Reads O and D (segment: D = B - A, exact on integers) at ints[at..]. */
function readLinear(kind: number, at: number, out: bigint[]): void {
  out[0] = ints[at]!;
  out[1] = ints[at + 1]!;
  out[2] = ints[at + 2]!;
  const seg = kind === SEG;
  out[3] = seg ? ints[at + 3]! - out[0] : ints[at + 3]!;
  out[4] = seg ? ints[at + 4]! - out[1] : ints[at + 4]!;
  out[5] = seg ? ints[at + 5]! - out[2] : ints[at + 5]!;
}

const LA: bigint[] = [0n, 0n, 0n, 0n, 0n, 0n];
const LB: bigint[] = [0n, 0n, 0n, 0n, 0n, 0n];

/** Exact: is the parameter num / den (den > 0) inside the kind's range (R, [0, inf), [0, 1])? */
function inRange(kind: number, num: bigint, den: bigint): boolean {
  if (kind === LINE) return true;
  if (num < 0n) return false;
  return kind === RAY || num <= den;
}

/**
 * Exact: do the linear shapes A = OA + t DA and B = OB + s DB meet, t and s in their ranges? With
 * W = OB - OA and C = DA x DB: skew lines (det(DA, DB, W) != 0) never meet; crossing lines meet
 * at t = (W x DB) . C / C . C, s = (W x DA) . C / C . C; parallel ones only when collinear, then
 * their parameter intervals along DA overlap. A zero direction is the point O.
 */
function linearLinear(
  kindA: number,
  a: Line | Ray | Segment,
  kindB: number,
  b: Line | Ray | Segment,
): boolean {
  if (surelySkew(kindA, a, kindB, b)) return false;
  vals.length = 0;
  pushLinear(kindA, a);
  pushLinear(kindB, b);
  lift(vals, ints);
  readLinear(kindA, 0, LA);
  readLinear(kindB, 6, LB);
  const ax = LA[3]!;
  const ay = LA[4]!;
  const az = LA[5]!;
  const bx = LB[3]!;
  const by = LB[4]!;
  const bz = LB[5]!;
  const aZero = ax === 0n && ay === 0n && az === 0n;
  const bZero = bx === 0n && by === 0n && bz === 0n;
  if (aZero) return pointOnLinear(LA, kindB, LB);
  if (bZero) return pointOnLinear(LB, kindA, LA);
  const wx = LB[0]! - LA[0]!;
  const wy = LB[1]! - LA[1]!;
  const wz = LB[2]! - LA[2]!;
  const cx = ay * bz - az * by;
  const cy = az * bx - ax * bz;
  const cz = ax * by - ay * bx;
  if (cx !== 0n || cy !== 0n || cz !== 0n) {
    if (cx * wx + cy * wy + cz * wz !== 0n) return false;
    const cc = cx * cx + cy * cy + cz * cz;
    // W x DB and W x DA, dotted with C.
    const tn = (wy * bz - wz * by) * cx + (wz * bx - wx * bz) * cy + (wx * by - wy * bx) * cz;
    const sn = (wy * az - wz * ay) * cx + (wz * ax - wx * az) * cy + (wx * ay - wy * ax) * cz;
    return inRange(kindA, tn, cc) && inRange(kindB, sn, cc);
  }
  // Parallel: collinear only when W x DA = 0.
  if (wy * az - wz * ay !== 0n || wz * ax - wx * az !== 0n || wx * ay - wy * ax !== 0n)
    return false;
  if (kindA === LINE || kindB === LINE) return true;
  // Along DA, in units of 1 / (DA . DA): A covers [0, aa] (segment) or [0, inf) (ray); B covers
  // w + s k for s in its range, w = W . DA, k = DB . DA (k != 0: the directions are parallel).
  const aa = ax * ax + ay * ay + az * az;
  const w = wx * ax + wy * ay + wz * az;
  const k = bx * ax + by * ay + bz * az;
  const aHi = kindA === SEG ? aa : -1n;
  // B's interval [lo, hi], hi = -1 meaning +inf and loInf meaning -inf (a ray pointing back).
  let lo: bigint;
  let hi: bigint;
  let loInf = false;
  let hiInf = false;
  if (kindB === SEG) {
    lo = k > 0n ? w : w + k;
    hi = k > 0n ? w + k : w;
  } else if (k > 0n) {
    lo = w;
    hi = 0n;
    hiInf = true;
  } else {
    lo = 0n;
    hi = w;
    loInf = true;
  }
  // Overlap of [0, aHi or inf] and [lo, hi]: hi >= 0 and lo <= aHi.
  if (!hiInf && hi < 0n) return false;
  if (!loInf && aHi >= 0n && lo > aHi) return false;
  return true;
}

/** The 9 doubles of the matrix (DA, DB, W) for the float filter. */
const M = new Float64Array(9);

/** Reads a linear shape's origin into M[6..8] (added with sign) and its direction into M[at..at+2]. */
function loadFloat(kind: number, s: Line | Ray | Segment, at: number, sign: number): void {
  let ox: number;
  let oy: number;
  let oz: number;
  if (kind === SEG) {
    const g = s as Segment;
    ox = g.a.x;
    oy = g.a.y;
    oz = g.a.z;
    M[at] = g.b.x - ox;
    M[at + 1] = g.b.y - oy;
    M[at + 2] = g.b.z - oz;
  } else {
    const o = kind === RAY ? (s as Ray).origin : (s as Line).point;
    const d = (s as Ray).dir;
    ox = o.x;
    oy = o.y;
    oz = o.z;
    M[at] = d.x;
    M[at + 1] = d.y;
    M[at + 2] = d.z;
  }
  if (sign > 0) {
    M[6] = ox;
    M[7] = oy;
    M[8] = oz;
  } else {
    M[6] = M[6]! - ox;
    M[7] = M[7]! - oy;
    M[8] = M[8]! - oz;
  }
}

/** 2^-300 and 2^300: entries in this range (or zero) keep every triple product normal and finite. */
const TINY = 2 ** -300;
const HUGE = 2 ** 300;

/**
 * True when det(DA, DB, OB - OA) is certainly non-zero in floats, so the carrier lines are skew.
 * Each entry is exact or one rounding off; with every non-zero entry in [2^-300, 2^300] nothing
 * under- or overflows, so the computed determinant is within 10 EPS of its permanent |M| (one
 * rounding per entry, two per triple product, five in the sum; Higham, Accuracy and Stability of
 * Numerical Algorithms, §3.1), and 32 EPS times the computed permanent bounds that safely.
 */
function surelySkew(
  kindA: number,
  a: Line | Ray | Segment,
  kindB: number,
  b: Line | Ray | Segment,
): boolean {
  loadFloat(kindB, b, 3, 1);
  loadFloat(kindA, a, 0, -1);
  for (let i = 0; i < 9; i++) {
    const v = Math.abs(M[i]!);
    if (v !== 0 && !(v >= TINY && v <= HUGE)) return false;
  }
  const a0 = M[0]!;
  const a1 = M[1]!;
  const a2 = M[2]!;
  const b0 = M[3]!;
  const b1 = M[4]!;
  const b2 = M[5]!;
  const w0 = M[6]!;
  const w1 = M[7]!;
  const w2 = M[8]!;
  const det = w0 * (a1 * b2 - a2 * b1) + w1 * (a2 * b0 - a0 * b2) + w2 * (a0 * b1 - a1 * b0);
  const perm =
    Math.abs(w0) * (Math.abs(a1 * b2) + Math.abs(a2 * b1)) +
    Math.abs(w1) * (Math.abs(a2 * b0) + Math.abs(a0 * b2)) +
    Math.abs(w2) * (Math.abs(a0 * b1) + Math.abs(a1 * b0));
  return Math.abs(det) > 32 * EPS * perm;
}

/** Exact: does the point P (P[0..2]) lie on the linear shape L of the kind (a zero DL: is P = OL)? */
function pointOnLinear(P: bigint[], kind: number, L: bigint[]): boolean {
  const wx = P[0]! - L[0]!;
  const wy = P[1]! - L[1]!;
  const wz = P[2]! - L[2]!;
  const dx = L[3]!;
  const dy = L[4]!;
  const dz = L[5]!;
  if (wy * dz - wz * dy !== 0n || wz * dx - wx * dz !== 0n || wx * dy - wy * dx !== 0n)
    return false;
  const dd = dx * dx + dy * dy + dz * dz;
  if (dd === 0n) return wx === 0n && wy === 0n && wz === 0n;
  return inRange(kind, wx * dx + wy * dy + wz * dz, dd);
}

/** Exact: do the two lines meet (crossing, or the same line)? */
export function testLineLine(a: Line, b: Line): boolean {
  return linearLinear(LINE, a, LINE, b);
}

/** Exact: does the line meet the ray (t >= 0 along the ray's dir)? */
export function testLineRay(a: Line, b: Ray): boolean {
  return linearLinear(LINE, a, RAY, b);
}

/** Exact: does the line meet the closed segment? */
export function testLineSegment(a: Line, b: Segment): boolean {
  return linearLinear(LINE, a, SEG, b);
}

/** Exact: do the two rays meet (collinear overlapping rays count)? */
export function testRayRay(a: Ray, b: Ray): boolean {
  return linearLinear(RAY, a, RAY, b);
}

/** Exact: does the ray meet the closed segment? */
export function testRaySegment(a: Ray, b: Segment): boolean {
  return linearLinear(RAY, a, SEG, b);
}

/** Exact: do the two closed segments meet (touching and collinear overlap count)? */
export function testSegmentSegment(a: Segment, b: Segment): boolean {
  return coresWithin(CORE_SEGMENT, a, 0, CORE_SEGMENT, b, 0);
}

/**
 * Exact: does the linear shape meet the frustum, the region inside all six planes? Each plane
 * n . x <= offset bounds t in n . (O + t D) <= offset (Cyrus-Beck); the shape meets the region
 * when the greatest lower bound is at most the least upper bound, compared as exact ratios.
 */
function linearFrustum(kind: number, s: Line | Ray | Segment, f: Frustum): boolean {
  vals.length = 0;
  pushLinear(kind, s);
  lift(vals, ints);
  const e = lastLiftExponent();
  readLinear(kind, 0, LA);
  // Planes are homogeneous: lift them apart, then bring O, D and the offsets to one scale.
  vals.length = 0;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    vals.push(p.normal.x, p.normal.y, p.normal.z, p.offset);
  }
  const n = lift(vals, planeInts);
  let ox = LA[0]!;
  let oy = LA[1]!;
  let oz = LA[2]!;
  let dx = LA[3]!;
  let dy = LA[4]!;
  let dz = LA[5]!;
  let offScale = 1n;
  if (e > 0) {
    const sh = BigInt(e);
    ox <<= sh;
    oy <<= sh;
    oz <<= sh;
    dx <<= sh;
    dy <<= sh;
    dz <<= sh;
  } else if (e < 0) offScale = 1n << BigInt(-e);
  // Range [loN / loD, hiN / hiD]; loD = 0 means -inf, hiD = 0 means +inf.
  let loN = 0n;
  let loD = kind === LINE ? 0n : 1n;
  let hiN = 1n;
  let hiD = kind === SEG ? 1n : 0n;
  for (let i = 0; i < 24; i += 4) {
    const nx = n[i]!;
    const ny = n[i + 1]!;
    const nz = n[i + 2]!;
    const a = nx * ox + ny * oy + nz * oz - n[i + 3]! * offScale;
    const b = nx * dx + ny * dy + nz * dz;
    // a + t b <= 0.
    if (b === 0n) {
      if (a > 0n) return false;
    } else if (b > 0n) {
      // t <= -a / b.
      if (hiD === 0n || -a * hiD < hiN * b) {
        hiN = -a;
        hiD = b;
      }
    } else if (loD === 0n || a * loD > loN * -b) {
      // t >= a / -b.
      loN = a;
      loD = -b;
    }
  }
  if (loD === 0n || hiD === 0n) return true;
  return loN * hiD <= hiN * loD;
}

/** 1 when p is certainly beyond the plane, -1 when certainly inside or on it, 0 when unsure. */
function planeSide(pl: Plane, p: Vec): number {
  const n = pl.normal;
  const a = n.x * p.x;
  const b = n.y * p.y;
  const c = n.z * p.z;
  const d = a + b + c - pl.offset;
  const err = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(pl.offset)) + TAIL2;
  return d > err ? 1 : d + err <= 0 ? -1 : 0;
}

/** Exact: is the point inside or on the frustum (all six planes)? */
export function testPointFrustum(p: Vec, f: Frustum): boolean {
  let sure = true;
  for (let k = 0; k < 6; k++) {
    const side = planeSide(f.planes[k] as Plane, p);
    if (side === 1) return false;
    if (side === 0) sure = false;
  }
  return sure || linearFrustumPoint(p, f);
}

const pointSeg: Segment = { a: { x: 0, y: 0, z: 0 }, b: { x: 0, y: 0, z: 0 } };

/** The exact point test: the zero-length segment p p. */
function linearFrustumPoint(p: Vec, f: Frustum): boolean {
  pointSeg.a = p;
  pointSeg.b = p;
  return linearFrustum(SEG, pointSeg, f);
}

/** Exact: does the line meet the frustum? */
export function testLineFrustum(l: Line, f: Frustum): boolean {
  return linearFrustum(LINE, l, f);
}

/** Exact: does the ray meet the frustum? */
export function testRayFrustum(r: Ray, f: Frustum): boolean {
  let inside = true;
  for (let k = 0; k < 6 && inside; k++) inside = planeSide(f.planes[k] as Plane, r.origin) === -1;
  return inside || linearFrustum(RAY, r, f);
}

/** Exact: does the closed segment meet the frustum? */
export function testSegmentFrustum(s: Segment, f: Frustum): boolean {
  // Both ends certainly beyond one plane: apart; one end certainly inside all: meeting.
  let inA = true;
  let inB = true;
  for (let k = 0; k < 6; k++) {
    const pl = f.planes[k] as Plane;
    const sa = planeSide(pl, s.a);
    const sb = planeSide(pl, s.b);
    if (sa === 1 && sb === 1) return false;
    inA = inA && sa === -1;
    inB = inB && sb === -1;
  }
  return inA || inB || linearFrustum(SEG, s, f);
}

/** Exact: does the plane (a surface) cut or touch the frustum (the hull of its corners)? */
export function testPlaneFrustum(p: Plane, f: Frustum): boolean {
  return frustumPlane(f, p);
}

/** Exact: does the capsule meet the frustum (the hull of its corners)? */
export function testCapsuleFrustum(c: Capsule, f: Frustum): boolean {
  if (testPointFrustum(c.a, f)) return true;
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_SEGMENT, c, c.radius);
}

/** Exact: does the triangle meet the frustum (the hull of its corners)? */
export function testTriangleFrustum(t: Triangle, f: Frustum): boolean {
  // All three corners certainly beyond one plane: apart (the triangle is their hull).
  for (let k = 0; k < 6; k++) {
    const pl = f.planes[k] as Plane;
    if (planeSide(pl, t.a) === 1 && planeSide(pl, t.b) === 1 && planeSide(pl, t.c) === 1)
      return false;
  }
  if (testPointFrustum(t.a, f)) return true;
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_TRIANGLE, t, 0);
}

/** Exact: do the two frustums meet (the hulls of their corners)? */
export function testFrustumFrustum(f: Frustum, g: Frustum): boolean {
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_FRUSTUM, g, 0);
}

// Mesh walks. Node boxes are the exact bounds of their triangles' corners, so culling a node
// whose box misses the other shape (decided exactly) never drops a touching triangle.
const NODE: Aabb = { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
const TRI_A: Triangle = {
  a: { x: 0, y: 0, z: 0 },
  b: { x: 0, y: 0, z: 0 },
  c: { x: 0, y: 0, z: 0 },
};
const TRI_B: Triangle = {
  a: { x: 0, y: 0, z: 0 },
  b: { x: 0, y: 0, z: 0 },
  c: { x: 0, y: 0, z: 0 },
};

function loadNode(boxes: Float64Array, node: number): void {
  const b = 6 * node;
  NODE.min.x = boxes[b]!;
  NODE.min.y = boxes[b + 1]!;
  NODE.min.z = boxes[b + 2]!;
  NODE.max.x = boxes[b + 3]!;
  NODE.max.y = boxes[b + 4]!;
  NODE.max.z = boxes[b + 5]!;
}

function loadTri(tris: Float64Array, slot: number, t: Triangle): void {
  const j = 9 * slot;
  t.a.x = tris[j]!;
  t.a.y = tris[j + 1]!;
  t.a.z = tris[j + 2]!;
  t.b.x = tris[j + 3]!;
  t.b.y = tris[j + 4]!;
  t.b.z = tris[j + 5]!;
  t.c.x = tris[j + 6]!;
  t.c.y = tris[j + 7]!;
  t.c.z = tris[j + 8]!;
}

/** Walks m's BVH: a node is entered when `kind`'s box test passes, a triangle kept when its test does. */
function walkMesh(m: Mesh, kind: number, s: Plane | Frustum): boolean {
  const { boxes, nodes, triangles, stack } = m.bvh;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const node = stack[--sp]!;
    loadNode(boxes, node);
    if (kind === 0 ? !testPlaneAabb(s as Plane, NODE) : !testAabbFrustum(NODE, s as Frustum))
      continue;
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count > 0) {
      for (let slot = first; slot < first + count; slot++) {
        loadTri(triangles, slot, TRI_A);
        if (
          kind === 0
            ? testPlaneTriangle(s as Plane, TRI_A)
            : testTriangleFrustum(TRI_A, s as Frustum)
        ) {
          return true;
        }
      }
    } else {
      stack[sp++] = first;
      stack[sp++] = first + 1;
    }
  }
  return false;
}

/** Exact: does the plane cut or touch any triangle of the mesh? */
export function testPlaneMesh(p: Plane, m: Mesh): boolean {
  return walkMesh(m, 0, p);
}

/** Exact: does any triangle of the mesh (a surface) meet the frustum? */
export function testMeshFrustum(m: Mesh, f: Frustum): boolean {
  return walkMesh(m, 1, f);
}

/** Node-pair stack for the dual walk, grown on demand (two entries per pair). */
let pairs = new Int32Array(256);

/** True when node boxes i of A and j of B are apart on some axis (exact comparisons). */
function nodesApart(ba: Float64Array, i: number, bb: Float64Array, j: number): boolean {
  const p = 6 * i;
  const q = 6 * j;
  return (
    ba[p]! > bb[q + 3]! ||
    bb[q]! > ba[p + 3]! ||
    ba[p + 1]! > bb[q + 4]! ||
    bb[q + 1]! > ba[p + 4]! ||
    ba[p + 2]! > bb[q + 5]! ||
    bb[q + 2]! > ba[p + 5]!
  );
}

/**
 * Exact: do the two meshes (surfaces) touch, some triangle of one meeting some triangle of the
 * other? Both BVHs are descended together, splitting the inner node of each overlapping pair.
 */
export function testMeshMesh(a: Mesh, b: Mesh): boolean {
  const A = a.bvh;
  const B = b.bvh;
  let sp = 0;
  pairs[sp++] = 0;
  pairs[sp++] = 0;
  while (sp > 0) {
    const j = pairs[--sp]!;
    const i = pairs[--sp]!;
    if (nodesApart(A.boxes, i, B.boxes, j)) continue;
    const fa = A.nodes[2 * i]!;
    const ca = A.nodes[2 * i + 1]!;
    const fb = B.nodes[2 * j]!;
    const cb = B.nodes[2 * j + 1]!;
    if (ca > 0 && cb > 0) {
      for (let s = fa; s < fa + ca; s++) {
        loadTri(A.triangles, s, TRI_A);
        for (let t = fb; t < fb + cb; t++) {
          loadTri(B.triangles, t, TRI_B);
          if (testTriangleTriangle(TRI_A, TRI_B)) return true;
        }
      }
      continue;
    }
    if (sp + 4 > pairs.length) {
      const grown = new Int32Array(2 * pairs.length);
      grown.set(pairs);
      pairs = grown;
    }
    // Split the inner node (A's when both are inner).
    if (ca <= 0) {
      pairs[sp++] = fa;
      pairs[sp++] = j;
      pairs[sp++] = fa + 1;
      pairs[sp++] = j;
    } else {
      pairs[sp++] = i;
      pairs[sp++] = fb;
      pairs[sp++] = i;
      pairs[sp++] = fb + 1;
    }
  }
  return false;
}
