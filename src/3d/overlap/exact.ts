/**
 * The exact fallback shared by every 3D overlap pair: two convex cores (point, segment, triangle,
 * aabb, box, frustum, hull), each grown by a radius, overlap when the squared distance between the cores
 * is at most (r1 + r2)^2. All inputs of one query are lifted to integers with one power of two
 * (box corners and frustum corners are then exact integer ratios), and GJK runs on BigInts, where
 * it is a finite, exact method: every iterate is the exact closest point of an affinely
 * independent simplex, so |v| strictly decreases and no simplex repeats.
 * @see Gilbert, Johnson, Keerthi, "A fast procedure for computing the distance between complex
 * objects in three-dimensional space", IEEE J. Robotics and Automation 1988 (the iteration and
 * the subset test of the simplex's closest point).
 */
import { lastLiftExponent, lift, ratioToDouble } from "../../exact/bigint.ts";
import type { Aabb, Box, Frustum, Hull, Plane, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/** Core kinds: the flat part of a shape, before its radius. */
export const CORE_POINT = 0;
/** The segment from a to b. */
export const CORE_SEGMENT = 1;
/** A triangle. */
export const CORE_TRIANGLE = 2;
/** An axis-aligned box. */
export const CORE_AABB = 3;
/** An oriented box (the parallelepiped of `boxAxes`). */
export const CORE_BOX = 4;
/** The 8 corners of a frustum's planes (left/right x bottom/top x near/far). */
export const CORE_FRUSTUM = 5;
/** The convex hull of `points` (any count >= 1). */
export const CORE_HULL = 6;

/** A core as plain data: its kind and the shape holding its fields. */
export type CoreShape = Vec | { a: Vec; b: Vec } | Triangle | Aabb | Box | Frustum | Hull;

const values: number[] = [];
const ints: bigint[] = [];
const axes: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

function pushVec(v: Vec): void {
  values.push(v.x, v.y, v.z);
}

/** Pushes the doubles a core's vertices are made of; frustum planes are lifted on their own. */
function pushCore(kind: number, s: CoreShape): void {
  switch (kind) {
    case CORE_POINT:
      pushVec(s as Vec);
      break;
    case CORE_SEGMENT:
      pushVec((s as { a: Vec }).a);
      pushVec((s as { b: Vec }).b);
      break;
    case CORE_TRIANGLE:
      pushVec((s as Triangle).a);
      pushVec((s as Triangle).b);
      pushVec((s as Triangle).c);
      break;
    case CORE_AABB:
      pushVec((s as Aabb).min);
      pushVec((s as Aabb).max);
      break;
    case CORE_BOX:
      boxAxes(s as Box, axes);
      pushVec((s as Box).center);
      pushVec(axes[0]!);
      pushVec(axes[1]!);
      pushVec(axes[2]!);
      break;
    case CORE_HULL: {
      const pts = (s as Hull).points;
      for (let i = 0; i < pts.length; i++) pushVec(pts[i]!);
      break;
    }
  }
}

/** Number of doubles `pushCore` adds for a kind of fixed size (hulls: see coreSize). */
const CORE_SIZE = [3, 6, 9, 6, 12, 0];

/** Number of doubles `pushCore` adds for a core (frustums: 0, their planes are lifted apart). */
function coreSize(kind: number, s: CoreShape): number {
  return kind === CORE_HULL ? 3 * (s as Hull).points.length : (CORE_SIZE[kind] ?? 0);
}

/** Integer vertices x, y, z, ... with one positive denominator. */
interface Verts {
  v: bigint[];
  den: bigint;
}

/**
 * Reads the core's vertices from the lifted integers starting at `at` (frustums: see
 * frustumVerts); `size` is the core's `coreSize`.
 */
function coreVerts(kind: number, at: number, size: number, out: Verts): void {
  const n = ints;
  const v = out.v;
  v.length = 0;
  out.den = 1n;
  switch (kind) {
    case CORE_POINT:
      v.push(n[at]!, n[at + 1]!, n[at + 2]!);
      break;
    case CORE_SEGMENT:
      for (let i = 0; i < 6; i++) v.push(n[at + i]!);
      break;
    case CORE_TRIANGLE:
      for (let i = 0; i < 9; i++) v.push(n[at + i]!);
      break;
    case CORE_AABB:
      for (let c = 0; c < 8; c++) {
        v.push(n[at + (c & 1 ? 3 : 0)]!, n[at + (c & 2 ? 4 : 1)]!, n[at + (c & 4 ? 5 : 2)]!);
      }
      break;
    case CORE_BOX:
      for (let c = 0; c < 8; c++) {
        for (let k = 0; k < 3; k++) {
          const s0 = c & 1 ? n[at + 3 + k]! : -n[at + 3 + k]!;
          const s1 = c & 2 ? n[at + 6 + k]! : -n[at + 6 + k]!;
          const s2 = c & 4 ? n[at + 9 + k]! : -n[at + 9 + k]!;
          v.push(n[at + k]! + s0 + s1 + s2);
        }
      }
      break;
    case CORE_HULL:
      for (let i = 0; i < size; i++) v.push(n[at + i]!);
      break;
  }
}

const planeInts: bigint[] = [];
const planeVals: number[] = [];

/**
 * The frustum's 8 corners (each where one of left/right, one of bottom/top and one of near/far
 * meet) as exact rationals over one denominator, in units of 2^e (the lift exponent of the other
 * shape). A corner whose three planes have no single meeting point is skipped.
 */
function frustumVerts(f: Frustum, e: number, out: Verts): void {
  planeVals.length = 0;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    planeVals.push(p.normal.x, p.normal.y, p.normal.z, p.offset);
  }
  const n = lift(planeVals, planeInts);
  const nums: bigint[] = [];
  const dens: bigint[] = [];
  for (let c = 0; c < 8; c++) {
    const i = (c & 1) * 4;
    const j = (2 + ((c >> 1) & 1)) * 4;
    const k = (4 + ((c >> 2) & 1)) * 4;
    // Cramer: x = (o_i (n_j x n_k) + o_j (n_k x n_i) + o_k (n_i x n_j)) / det(n_i, n_j, n_k).
    const jkx = n[j + 1]! * n[k + 2]! - n[j + 2]! * n[k + 1]!;
    const jky = n[j + 2]! * n[k]! - n[j]! * n[k + 2]!;
    const jkz = n[j]! * n[k + 1]! - n[j + 1]! * n[k]!;
    const kix = n[k + 1]! * n[i + 2]! - n[k + 2]! * n[i + 1]!;
    const kiy = n[k + 2]! * n[i]! - n[k]! * n[i + 2]!;
    const kiz = n[k]! * n[i + 1]! - n[k + 1]! * n[i]!;
    const ijx = n[i + 1]! * n[j + 2]! - n[i + 2]! * n[j + 1]!;
    const ijy = n[i + 2]! * n[j]! - n[i]! * n[j + 2]!;
    const ijz = n[i]! * n[j + 1]! - n[i + 1]! * n[j]!;
    let det = n[i]! * jkx + n[i + 1]! * jky + n[i + 2]! * jkz;
    if (det === 0n) continue;
    const oi = n[i + 3]!;
    const oj = n[j + 3]!;
    const ok = n[k + 3]!;
    let x = oi * jkx + oj * kix + ok * ijx;
    let y = oi * jky + oj * kiy + ok * ijy;
    let z = oi * jkz + oj * kiz + ok * ijz;
    if (det < 0n) {
      det = -det;
      x = -x;
      y = -y;
      z = -z;
    }
    // Real x = num / det; in units of 2^e: num / (det 2^e).
    if (e < 0) {
      const s = BigInt(-e);
      x <<= s;
      y <<= s;
      z <<= s;
    } else det <<= BigInt(e);
    nums.push(x, y, z);
    dens.push(det);
  }
  let den = 1n;
  for (const d of dens) if (den % d !== 0n) den *= d / gcd(den, d);
  const v = out.v;
  v.length = 0;
  for (let c = 0; c < dens.length; c++) {
    const f2 = den / dens[c]!;
    v.push(nums[3 * c]! * f2, nums[3 * c + 1]! * f2, nums[3 * c + 2]! * f2);
  }
  out.den = den;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

const vertsA: Verts = { v: [], den: 1n };
const vertsB: Verts = { v: [], den: 1n };

/**
 * Exact: is the distance between core A (grown by ra) and core B (grown by rb) at most 0, i.e.
 * dist(coreA, coreB) <= ra + rb? Radii are >= 0 and their sum is never rounded.
 */
export function exactWithin(
  kindA: number,
  a: CoreShape,
  ra: number,
  kindB: number,
  b: CoreShape,
  rb: number,
): boolean {
  values.length = 0;
  pushCore(kindA, a);
  pushCore(kindB, b);
  values.push(ra, rb);
  lift(values, ints);
  const e = lastLiftExponent();
  const sizeA = coreSize(kindA, a);
  const sizeB = coreSize(kindB, b);
  if (kindA === CORE_FRUSTUM) frustumVerts(a as Frustum, e, vertsA);
  else coreVerts(kindA, 0, sizeA, vertsA);
  if (kindB === CORE_FRUSTUM) frustumVerts(b as Frustum, e, vertsB);
  else coreVerts(kindB, sizeA, sizeB, vertsB);
  const at = sizeA + sizeB;
  return within(ints[at]! + ints[at + 1]!);
}

/**
 * Exact: does core A swept by t m, t in [0, 1] (grown by ra), meet core B (grown by rb)? The swept
 * core is the convex hull of A's vertices and A's vertices + m; m is lifted with the other inputs,
 * so those sums are exact integers. A frustum is not sweepable (kindA must not be CORE_FRUSTUM).
 * @see Ericson, Real-Time Collision Detection, §5.5 (a swept convex shape is the hull of its start
 * and end copies).
 */
export function exactWithinSwept(
  kindA: number,
  a: CoreShape,
  ra: number,
  mx: number,
  my: number,
  mz: number,
  kindB: number,
  b: CoreShape,
  rb: number,
): boolean {
  values.length = 0;
  pushCore(kindA, a);
  pushCore(kindB, b);
  values.push(ra, rb, mx, my, mz);
  lift(values, ints);
  const e = lastLiftExponent();
  const sizeA = coreSize(kindA, a);
  const sizeB = coreSize(kindB, b);
  coreVerts(kindA, 0, sizeA, vertsA);
  if (kindB === CORE_FRUSTUM) frustumVerts(b as Frustum, e, vertsB);
  else coreVerts(kindB, sizeA, sizeB, vertsB);
  const at = sizeA + sizeB;
  const imx = ints[at + 2]!;
  const imy = ints[at + 3]!;
  const imz = ints[at + 4]!;
  // A's den is 1 (no frustum), so the end copy is the vertices plus m, exactly.
  const v = vertsA.v;
  const n = v.length;
  for (let i = 0; i < n; i += 3) v.push(v[i]! + imx, v[i + 1]! + imy, v[i + 2]! + imz);
  return within(ints[at]! + ints[at + 1]!);
}

/**
 * Exact: does the line o + t d (t >= 0 when `ray`; any t otherwise) meet core B grown by rb?
 * Along d, every point x of B grown by rb has (x - o) . d within [smin - rb |d|_1, smax + rb |d|_1]
 * (s over B's vertices), so the form meets B exactly when its segment between the integer
 * parameters floor and ceil of those bounds over d . d (lifted units) does; those ends are exact
 * integers, and GJK decides. A zero d is the point o. B must not be a frustum.
 */
export function exactLinearWithin(
  o: Vec,
  dx: number,
  dy: number,
  dz: number,
  ray: boolean,
  kindB: number,
  b: CoreShape,
  rb: number,
): boolean {
  values.length = 0;
  pushCore(kindB, b);
  values.push(o.x, o.y, o.z, dx, dy, dz, rb);
  lift(values, ints);
  const size = coreSize(kindB, b);
  coreVerts(kindB, 0, size, vertsB);
  const ox = ints[size]!;
  const oy = ints[size + 1]!;
  const oz = ints[size + 2]!;
  const ix = ints[size + 3]!;
  const iy = ints[size + 4]!;
  const iz = ints[size + 5]!;
  const r = ints[size + 6]!;
  const va = vertsA.v;
  va.length = 0;
  vertsA.den = 1n;
  const dd = ix * ix + iy * iy + iz * iz;
  if (dd === 0n) va.push(ox, oy, oz);
  else {
    const v = vertsB.v;
    let smin = 0n;
    let smax = 0n;
    for (let i = 0; i < v.length; i += 3) {
      const sv = (v[i]! - ox) * ix + (v[i + 1]! - oy) * iy + (v[i + 2]! - oz) * iz;
      if (i === 0 || sv < smin) smin = sv;
      if (i === 0 || sv > smax) smax = sv;
    }
    const pad = r * (abs(ix) + abs(iy) + abs(iz));
    const kmax = -floorDiv(-(smax + pad), dd);
    let kmin = floorDiv(smin - pad, dd);
    if (ray) {
      // The grown core lies wholly behind o: (x - o) . d < 0 for all its points.
      if (kmax < 0n) return false;
      if (kmin < 0n) kmin = 0n;
    }
    va.push(ox + kmin * ix, oy + kmin * iy, oz + kmin * iz);
    va.push(ox + kmax * ix, oy + kmax * iy, oz + kmax * iz);
  }
  return within(r);
}

function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

/** floor(a / b) for b > 0 (BigInt division truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b !== a && a < 0n ? q - 1n : q;
}

/** The shared tail: vertsA and vertsB on one denominator, then GJK against the radius sum rs. */
function within(rs: bigint): boolean {
  // Bring both to one denominator: A's vertices times B's denominator and the other way round.
  const da = vertsA.den;
  const db = vertsB.den;
  if (db !== 1n) for (let i = 0; i < vertsA.v.length; i++) vertsA.v[i]! *= db;
  if (da !== 1n) for (let i = 0; i < vertsB.v.length; i++) vertsB.v[i]! *= da;
  rs *= da * db;
  return gjkWithin(vertsA.v, vertsB.v, rs * rs);
}

// The simplex: up to 4 points of A - B, x y z each.
const simplex: bigint[] = new Array(12).fill(0n);
let count = 0;
// Closest point of the simplex: numerator V and denominator D (v = V / D).
let vx = 0n;
let vy = 0n;
let vz = 0n;
let vd = 1n;

/**
 * GJK on integer vertex sets: true when dist(conv A, conv B)^2 <= rr. Every step is exact:
 * v is the closest point of the simplex, w the support point of A - B along -v; the loop stops
 * when |v|^2 <= rr (within), when v . w certifies a gap beyond sqrt(rr) or v is optimal (apart).
 */
function gjkWithin(a: bigint[], b: bigint[], rr: bigint): boolean {
  simplex[0] = a[0]! - b[0]!;
  simplex[1] = a[1]! - b[1]!;
  simplex[2] = a[2]! - b[2]!;
  count = 1;
  vx = simplex[0]!;
  vy = simplex[1]!;
  vz = simplex[2]!;
  vd = 1n;
  for (;;) {
    const vv = vx * vx + vy * vy + vz * vz;
    // |v|^2 = vv / vd^2.
    if (vv <= rr * vd * vd) return true;
    // Support of A - B minimising V . w.
    let ia = 0;
    let best = 0n;
    for (let i = 0; i < a.length; i += 3) {
      const d = vx * a[i]! + vy * a[i + 1]! + vz * a[i + 2]!;
      if (i === 0 || d < best) {
        best = d;
        ia = i;
      }
    }
    let ib = 0;
    let top = 0n;
    for (let i = 0; i < b.length; i += 3) {
      const d = vx * b[i]! + vy * b[i + 1]! + vz * b[i + 2]!;
      if (i === 0 || d > top) {
        top = d;
        ib = i;
      }
    }
    const vw = best - top; // V . w
    // Gap certificate: the plane with normal v through w has all of A - B beyond it.
    if (vw > 0n && vw * vw > rr * vv) return false;
    // v optimal: v . w >= v . v, i.e. (V . w) D >= V . V.
    if (vw * vd >= vv) return false;
    const wx = a[ia]! - b[ib]!;
    const wy = a[ia + 1]! - b[ib + 1]!;
    const wz = a[ia + 2]! - b[ib + 2]!;
    simplex[3 * count] = wx;
    simplex[3 * count + 1] = wy;
    simplex[3 * count + 2] = wz;
    count++;
    closestOnSimplex();
  }
}

const lambda: bigint[] = [0n, 0n, 0n, 0n];
const keep: bigint[] = new Array(12).fill(0n);

/**
 * Sets v to the closest point of the simplex to the origin and keeps only the points of its
 * smallest face holding it (Johnson's subset rule, by enumeration of the at most 15 faces).
 */
function closestOnSimplex(): void {
  let found = false;
  let bestMask = 0;
  let bx = 0n;
  let by = 0n;
  let bz = 0n;
  let bd = 1n;
  let bnorm = 0n;
  const full = (1 << count) - 1;
  // Faces by size, so a tie keeps the smaller face (the one whose weights are all positive).
  for (let size = 1; size <= count; size++) {
    for (let mask = 1; mask <= full; mask++) {
      if (popcount(mask) !== size) continue;
      if (!faceClosest(mask)) continue;
      const nn = fx * fx + fy * fy + fz * fz;
      // nn / fd^2 < bnorm / bd^2.
      if (!found || nn * bd * bd < bnorm * fd * fd) {
        found = true;
        bestMask = mask;
        bx = fx;
        by = fy;
        bz = fz;
        bd = fd;
        bnorm = nn;
      }
    }
  }
  let m = 0;
  for (let i = 0; i < count; i++) {
    if (bestMask & (1 << i)) {
      keep[3 * m] = simplex[3 * i]!;
      keep[3 * m + 1] = simplex[3 * i + 1]!;
      keep[3 * m + 2] = simplex[3 * i + 2]!;
      m++;
    }
  }
  for (let i = 0; i < 3 * m; i++) simplex[i] = keep[i]!;
  count = m;
  vx = bx;
  vy = by;
  vz = bz;
  vd = bd;
}

function popcount(m: number): number {
  let c = 0;
  for (; m; m &= m - 1) c++;
  return c;
}

let fx = 0n;
let fy = 0n;
let fz = 0n;
let fd = 1n;
const idx: number[] = [0, 0, 0, 0];
const ex: bigint[] = [0n, 0n, 0n];
const ey: bigint[] = [0n, 0n, 0n];
const ez: bigint[] = [0n, 0n, 0n];

/**
 * Projection of the origin on the affine hull of the face `mask`, as (fx, fy, fz) / fd; false
 * when a barycentric weight is negative (the projection is outside the face) or the face is flat.
 */
function faceClosest(mask: number): boolean {
  let k = 0;
  for (let i = 0; i < count; i++) if (mask & (1 << i)) idx[k++] = i;
  const p = 3 * idx[0]!;
  const px = simplex[p]!;
  const py = simplex[p + 1]!;
  const pz = simplex[p + 2]!;
  if (k === 1) {
    fx = px;
    fy = py;
    fz = pz;
    fd = 1n;
    return true;
  }
  const m = k - 1;
  for (let j = 0; j < m; j++) {
    const q = 3 * idx[j + 1]!;
    ex[j] = simplex[q]! - px;
    ey[j] = simplex[q + 1]! - py;
    ez[j] = simplex[q + 2]! - pz;
  }
  // Normal equations G mu = r with G_ij = e_i . e_j and r_i = -e_i . p; Cramer's rule.
  const g = (i: number, j: number): bigint => ex[i]! * ex[j]! + ey[i]! * ey[j]! + ez[i]! * ez[j]!;
  const r = (i: number): bigint => -(ex[i]! * px + ey[i]! * py + ez[i]! * pz);
  let d: bigint;
  if (m === 1) {
    d = g(0, 0);
    lambda[1] = r(0);
  } else if (m === 2) {
    const g00 = g(0, 0);
    const g01 = g(0, 1);
    const g11 = g(1, 1);
    const r0 = r(0);
    const r1 = r(1);
    d = g00 * g11 - g01 * g01;
    lambda[1] = r0 * g11 - g01 * r1;
    lambda[2] = g00 * r1 - g01 * r0;
  } else {
    const g00 = g(0, 0);
    const g01 = g(0, 1);
    const g02 = g(0, 2);
    const g11 = g(1, 1);
    const g12 = g(1, 2);
    const g22 = g(2, 2);
    const r0 = r(0);
    const r1 = r(1);
    const r2 = r(2);
    const c00 = g11 * g22 - g12 * g12;
    const c01 = g02 * g12 - g01 * g22;
    const c02 = g01 * g12 - g02 * g11;
    d = g00 * c00 + g01 * c01 + g02 * c02;
    const c11 = g00 * g22 - g02 * g02;
    const c12 = g01 * g02 - g00 * g12;
    const c22 = g00 * g11 - g01 * g01;
    // The inverse of the symmetric G is the adjugate (c) over d.
    lambda[1] = c00 * r0 + c01 * r1 + c02 * r2;
    lambda[2] = c01 * r0 + c11 * r1 + c12 * r2;
    lambda[3] = c02 * r0 + c12 * r1 + c22 * r2;
  }
  if (d <= 0n) return false;
  let sum = 0n;
  for (let j = 1; j <= m; j++) {
    if (lambda[j]! < 0n) return false;
    sum += lambda[j]!;
  }
  if (sum > d) return false;
  let x = d * px;
  let y = d * py;
  let z = d * pz;
  for (let j = 0; j < m; j++) {
    const l = lambda[j + 1]!;
    x += l * ex[j]!;
    y += l * ey[j]!;
    z += l * ez[j]!;
  }
  fx = x;
  fy = y;
  fz = z;
  fd = d;
  return true;
}

const planeOnly: number[] = [];

/**
 * Exact: does core (grown by r >= 0) meet the plane dot(n, p) = offset? True when the core's
 * signed values s = dot(n, v) - offset over its vertices straddle 0, or the nearest is within
 * r |n| (compared squared).
 */
export function exactPlaneWithin(kind: number, s: CoreShape, r: number, p: Plane): boolean {
  values.length = 0;
  pushCore(kind, s);
  values.push(r);
  lift(values, ints);
  const e = lastLiftExponent();
  const size = coreSize(kind, s);
  let rr = ints[size]!;
  if (kind === CORE_FRUSTUM) frustumVerts(s as Frustum, e, vertsA);
  else coreVerts(kind, 0, size, vertsA);
  // Vertices are V / den in units of 2^e; the plane is homogeneous, so lift it on its own.
  let den = vertsA.den;
  rr *= den;
  const v = vertsA.v;
  if (e > 0) {
    const sh = BigInt(e);
    for (let i = 0; i < v.length; i++) v[i] = v[i]! << sh;
    rr <<= sh;
  } else if (e < 0) den <<= BigInt(-e);
  planeOnly.length = 0;
  planeOnly.push(p.normal.x, p.normal.y, p.normal.z, p.offset);
  const n = lift(planeOnly, planeInts);
  const nx = n[0]!;
  const ny = n[1]!;
  const nz = n[2]!;
  const o = n[3]! * den;
  let lo = 0n;
  let hi = 0n;
  for (let i = 0; i < v.length; i += 3) {
    const d = nx * v[i]! + ny * v[i + 1]! + nz * v[i + 2]! - o;
    if (i === 0 || d < lo) lo = d;
    if (i === 0 || d > hi) hi = d;
  }
  if (lo <= 0n && hi >= 0n) return true;
  const near = lo > 0n ? lo : hi;
  return near * near <= rr * rr * (nx * nx + ny * ny + nz * nz);
}

const cornerVerts: Verts = { v: [], den: 1n };

/**
 * Writes the frustum's corners (exact ratios rounded to the nearest double, x y z each, in the
 * order left/right x bottom/top x near/far) into `out` and returns how many there are (8 unless
 * three planes have no single meeting point).
 */
export function frustumCornerDoubles(f: Frustum, out: Float64Array): number {
  frustumVerts(f, 0, cornerVerts);
  const v = cornerVerts.v;
  for (let i = 0; i < v.length; i++) out[i] = ratioToDouble(v[i]!, cornerVerts.den, 0);
  return v.length / 3;
}
