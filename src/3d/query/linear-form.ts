import { lift } from "../../exact/bigint.ts";
import { dot3Sign, lineDistanceSign3, pointDistanceSign3 } from "../../exact/distance3.ts";
import { EPS, ERR5, TAIL2 } from "../../exact/filter.ts";
import { clampFinite, lerp } from "../../math/scalar.ts";
import type { Capsule, Line, Ray, Segment, Vec } from "../shapes.ts";

/*
 * A 3D linear shape as o + t (p - q), t in [lo, hi] (2D's linear.ts in three coordinates): a
 * segment ab is o = a, p = b, q = a on [0, 1]; a ray or line has q = 0 and p its direction, on
 * [0, inf) or (-inf, inf). The direction stays a difference, so every sign is exact.
 */

/** A line, ray or segment in the form above. */
export interface LinearForm3 {
  ox: number;
  oy: number;
  oz: number;
  px: number;
  py: number;
  pz: number;
  qx: number;
  qy: number;
  qz: number;
  lo: number;
  hi: number;
}

/** A class, not a literal: its hidden class is its own (see results.ts on foreign literals). */
class Form3 implements LinearForm3 {
  ox = 0;
  oy = 0;
  oz = 0;
  px = 0;
  py = 0;
  pz = 0;
  qx = 0;
  qy = 0;
  qz = 0;
  lo = 0;
  hi = 0;
}

/** Makes a `LinearForm3`. */
export function makeLinearForm3(): LinearForm3 {
  return new Form3();
}

/** Fills `f` with a ray (lo 0) or a line (lo -inf) from `o` along `d`. */
export function directedForm3(o: Vec, d: Vec, isLine: boolean, f: LinearForm3): LinearForm3 {
  f.ox = o.x;
  f.oy = o.y;
  f.oz = o.z;
  f.px = d.x;
  f.py = d.y;
  f.pz = d.z;
  f.qx = 0;
  f.qy = 0;
  f.qz = 0;
  f.lo = isLine ? Number.NEGATIVE_INFINITY : 0;
  f.hi = Number.POSITIVE_INFINITY;
  return f;
}

/** Fills `f` with the segment from a to b. */
export function segmentForm3(a: Vec, b: Vec, f: LinearForm3): LinearForm3 {
  f.ox = a.x;
  f.oy = a.y;
  f.oz = a.z;
  f.px = b.x;
  f.py = b.y;
  f.pz = b.z;
  f.qx = a.x;
  f.qy = a.y;
  f.qz = a.z;
  f.lo = 0;
  f.hi = 1;
  return f;
}

/** Fills `f` with a line. */
export function lineForm3(l: Line, f: LinearForm3): LinearForm3 {
  return directedForm3(l.point, l.dir, true, f);
}

/** Fills `f` with a ray. */
export function rayForm3(r: Ray, f: LinearForm3): LinearForm3 {
  return directedForm3(r.origin, r.dir, false, f);
}

/** Fills `f` with a segment. */
export function segmentOf3(s: Segment, f: LinearForm3): LinearForm3 {
  return segmentForm3(s.a, s.b, f);
}

/** The point at parameter t: exact ends and overflow-safe for segments, finite for rays and lines. */
export function pointAt3(f: LinearForm3, t: number, out: Vec): Vec {
  TS[0] = t;
  return pointAtStored(f, TS, 0, out);
}

const TS = new Float64Array(1);

/**
 * pointAt3 at t = ts[i]: for callers that cannot count on inlining (a double passed to a call V8
 * does not inline is boxed, 16 bytes).
 */
export function pointAtStored(f: LinearForm3, ts: Float64Array, i: number, out: Vec): Vec {
  const t = ts[i]!;
  if (f.hi === 1) {
    // scalar.ts's lerp written out (a call left out of line would box its doubles).
    const dx = f.px - f.ox;
    const dy = f.py - f.oy;
    const dz = f.pz - f.oz;
    if (dx - dx === 0 && dy - dy === 0 && dz - dz === 0) {
      out.x = f.ox + t * dx;
      out.y = f.oy + t * dy;
      out.z = f.oz + t * dz;
    } else {
      out.x = lerp(f.ox, f.px, t);
      out.y = lerp(f.oy, f.py, t);
      out.z = lerp(f.oz, f.pz, t);
    }
  } else if (t === 0) {
    out.x = f.ox;
    out.y = f.oy;
    out.z = f.oz;
  } else {
    out.x = clampFinite(f.ox + t * f.px);
    out.y = clampFinite(f.oy + t * f.py);
    out.z = clampFinite(f.oz + t * f.pz);
  }
  return out;
}

/**
 * Exact sign of dist(x, f) - r: negative or 0 when the point is within r of the linear shape
 * (closed). A zero direction is its start point.
 * @see Ericson, Real-Time Collision Detection, §5.1.2 (a segment's three Voronoi regions).
 */
export function formPointSign(f: LinearForm3, x: number, y: number, z: number, r: number): number {
  const zero = f.px === f.qx && f.py === f.qy && f.pz === f.qz;
  if (
    zero ||
    (f.lo === 0 && dot3Sign(x, y, z, f.ox, f.oy, f.oz, f.px, f.py, f.pz, f.qx, f.qy, f.qz) <= 0)
  ) {
    return pointDistanceSign3(x, y, z, f.ox, f.oy, f.oz, r);
  }
  // A segment's far end is p itself (o = q): beyond it the nearest point is p.
  if (f.hi === 1 && dot3Sign(x, y, z, f.px, f.py, f.pz, f.qx, f.qy, f.qz, f.px, f.py, f.pz) <= 0) {
    return pointDistanceSign3(x, y, z, f.px, f.py, f.pz, r);
  }
  return lineDistanceSign3(x, y, z, f.ox, f.oy, f.oz, f.px, f.py, f.pz, f.qx, f.qy, f.qz, r);
}

const SEG: LinearForm3 = makeLinearForm3();
const big: bigint[] = [];
const ERR_INNER = 64 * EPS;
/** Degree-4 coefficient of distance3.ts's line filter (the cross product's error enters squared). */
const ERR_LINE = 16 * EPS;

/*
 * The capsule tests' inputs and scratch: core a (0..2), b (3..5), radius (6), a query point
 * (7..9). A typed array, since doubles passed to a call V8 does not inline are boxed (a heap
 * number each: 270 to 580 bytes per ray-capsule call before).
 */
const W = new Float64Array(10);

/** Fills W and SEG with the capsule's core and radius. */
function loadCapsule(c: Capsule): void {
  const a = c.a;
  const b = c.b;
  SEG.ox = SEG.qx = W[0] = a.x;
  SEG.oy = SEG.qy = W[1] = a.y;
  SEG.oz = SEG.qz = W[2] = a.z;
  SEG.px = W[3] = b.x;
  SEG.py = W[4] = b.y;
  SEG.pz = W[5] = b.z;
  SEG.lo = 0;
  SEG.hi = 1;
  W[6] = c.radius;
}

/**
 * Whether the linear shape f comes within r of the segment ab (the capsule's core), i.e. meets
 * the closed capsule; exact. The nearest pair is at an end of one of them (a point against the
 * other shape), or at the two lines' common perpendicular when it falls inside both ranges.
 * Floats decide unless a sign is within its error bound (a graze), then BigInt does.
 * @see Ericson, Real-Time Collision Detection, §5.1.9 (closest points of two segments).
 */
export function formWithinCapsule(f: LinearForm3, c: Capsule): boolean {
  loadCapsule(c);
  const v = withinFilter(f);
  return v === -1 ? withinExact(f) : v === 1;
}

/** Whether the start of f lies in the closed capsule; exact. */
export function formStartInCapsule(f: LinearForm3, c: Capsule): boolean {
  loadCapsule(c);
  W[7] = f.ox;
  W[8] = f.oy;
  W[9] = f.oz;
  const v = pointClause(SEG);
  if (v !== -1) return v === 1;
  return formPointSign(SEG, f.ox, f.oy, f.oz, c.radius) <= 0;
}

/** The point W[7..9] from a point of f: its start (0) or its far end p (1). */
function loadPoint(f: LinearForm3, end: number): void {
  W[7] = end === 0 ? f.ox : f.px;
  W[8] = end === 0 ? f.oy : f.py;
  W[9] = end === 0 ? f.oz : f.pz;
}

/** Three-valued OR of clause results (1 true, 0 false, -1 unsure). */
function or3(u: number, v: number): number {
  return u === 1 || v === 1 ? 1 : u === -1 || v === -1 ? -1 : 0;
}

/** Filtered formWithinCapsule on W and SEG: 1 meets, 0 misses, -1 unsure. */
function withinFilter(f: LinearForm3): number {
  W[7] = W[0]!;
  W[8] = W[1]!;
  W[9] = W[2]!;
  let v = pointClause(f);
  if (v === 1) return 1;
  W[7] = W[3]!;
  W[8] = W[4]!;
  W[9] = W[5]!;
  v = or3(v, pointClause(f));
  if (v === 1) return 1;
  if (f.lo === 0) {
    loadPoint(f, 0);
    v = or3(v, pointClause(SEG));
    if (v === 1) return 1;
  }
  if (f.hi === 1) {
    loadPoint(f, 1);
    v = or3(v, pointClause(SEG));
    if (v === 1) return 1;
  }
  return or3(v, interiorFilter(f));
}

/** formWithinCapsule decided with formPointSign's and BigInt's exact signs (the rare path). */
function withinExact(f: LinearForm3): boolean {
  const r = W[6]!;
  if (formPointSign(f, W[0]!, W[1]!, W[2]!, r) <= 0) return true;
  if (formPointSign(f, W[3]!, W[4]!, W[5]!, r) <= 0) return true;
  if (f.lo === 0 && formPointSign(SEG, f.ox, f.oy, f.oz, r) <= 0) return true;
  if (f.hi === 1 && formPointSign(SEG, f.px, f.py, f.pz, r) <= 0) return true;
  return interiorExact(f);
}

/**
 * Filtered dist(x, g) <= r for x = W[7..9], r = W[6]: 1 yes, 0 no, -1 unsure. formPointSign's
 * three signs written as one formula, dist <= r iff |x - o| <= r (rays, segments) or |x - p| <= r
 * (segments) or (the foot is inside the range and the line is within r), each sign with
 * distance3.ts's filter (same expressions, same bounds), joined in three-valued logic.
 */
function pointClause(g: LinearForm3): number {
  const x = W[7]!;
  const y = W[8]!;
  const z = W[9]!;
  const r = W[6]!;
  const rr = r * r;
  const zero = g.px === g.qx && g.py === g.qy && g.pz === g.qz;
  let v = 0;
  if (g.lo === 0 || zero) {
    const ex = x - g.ox;
    const ey = y - g.oy;
    const ez = z - g.oz;
    const d2 = ex * ex + ey * ey + ez * ez;
    const e = d2 - rr;
    const bound = ERR5 * (d2 + rr) + TAIL2;
    if (-e > bound) return 1;
    if (!(e > bound)) v = -1;
    if (zero) return v;
  }
  if (g.hi === 1) {
    const ex = x - g.px;
    const ey = y - g.py;
    const ez = z - g.pz;
    const d2 = ex * ex + ey * ey + ez * ez;
    const e = d2 - rr;
    const bound = ERR5 * (d2 + rr) + TAIL2;
    if (-e > bound) return 1;
    if (!(e > bound)) v = -1;
  }
  const dx = g.px - g.qx;
  const dy = g.py - g.qy;
  const dz = g.pz - g.qz;
  // The foot is past o: (x - o) . (p - q) > 0.
  let foot = 1;
  if (g.lo === 0) {
    const a = (x - g.ox) * dx;
    const b = (y - g.oy) * dy;
    const c = (z - g.oz) * dz;
    const s = a + b + c;
    const bound = ERR5 * (Math.abs(a) + Math.abs(b) + Math.abs(c)) + TAIL2;
    if (-s > bound) return v;
    if (!(s > bound)) foot = -1;
  }
  // A segment's foot is before p: (x - p) . (q - p) > 0.
  if (g.hi === 1) {
    const a = (x - g.px) * (g.qx - g.px);
    const b = (y - g.py) * (g.qy - g.py);
    const c = (z - g.pz) * (g.qz - g.pz);
    const s = a + b + c;
    const bound = ERR5 * (Math.abs(a) + Math.abs(b) + Math.abs(c)) + TAIL2;
    if (-s > bound) return v;
    if (!(s > bound)) foot = -1;
  }
  // |d x (x - o)|^2 - r^2 |d|^2 (lineDistanceSign3's filter).
  const wx = x - g.ox;
  const wy = y - g.oy;
  const wz = z - g.oz;
  let l = dy * wz;
  let k = dz * wy;
  const cx = l - k;
  const mx = Math.abs(l) + Math.abs(k);
  l = dz * wx;
  k = dx * wz;
  const cy = l - k;
  const my = Math.abs(l) + Math.abs(k);
  l = dx * wy;
  k = dy * wx;
  const cz = l - k;
  const mz = Math.abs(l) + Math.abs(k);
  const r2dd = rr * (dx * dx + dy * dy + dz * dz);
  const e = cx * cx + cy * cy + cz * cz - r2dd;
  const g1 =
    1 + Math.abs(dx) + Math.abs(dy) + Math.abs(dz) + Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + r;
  const g2 = g1 * g1;
  const bound = ERR_LINE * (mx * mx + my * my + mz * mz + r2dd) + TAIL2 * g2 * g2;
  if (e > bound) return v;
  if (!(-e > bound)) return -1;
  return foot === 1 ? 1 : -1;
}

/**
 * The common perpendicular of f's line and the core's (a, b = W[0..5], r = W[6]): with
 * n = d1 x d2 and w = a - o, the parameters are s = det(w, d2, n) / |n|^2 on f and
 * t = det(w, d1, n) / |n|^2 on ab, and the squared distance is (w . n)^2 / |n|^2. 1 when that
 * pair is inside both ranges and within r, 0 when not, -1 unsure (nearly parallel lines
 * included: exactly parallel ones have no interior pair).
 */
function interiorFilter(f: LinearForm3): number {
  const ax = W[0]!;
  const ay = W[1]!;
  const az = W[2]!;
  const r = W[6]!;
  const d1x = f.px - f.qx;
  const d1y = f.py - f.qy;
  const d1z = f.pz - f.qz;
  const d2x = W[3]! - ax;
  const d2y = W[4]! - ay;
  const d2z = W[5]! - az;
  const wx = ax - f.ox;
  const wy = ay - f.oy;
  const wz = az - f.oz;
  const nx = d1y * d2z - d1z * d2y;
  const ny = d1z * d2x - d1x * d2z;
  const nz = d1x * d2y - d1y * d2x;
  const a1x = Math.abs(d1x);
  const a1y = Math.abs(d1y);
  const a1z = Math.abs(d1z);
  const a2x = Math.abs(d2x);
  const a2y = Math.abs(d2y);
  const a2z = Math.abs(d2z);
  const awx = Math.abs(wx);
  const awy = Math.abs(wy);
  const awz = Math.abs(wz);
  const mnx = a1y * a2z + a1z * a2y;
  const mny = a1z * a2x + a1x * a2z;
  const mnz = a1x * a2y + a1y * a2x;
  const nn = nx * nx + ny * ny + nz * nz;
  const mnn = mnx * mnx + mny * mny + mnz * mnz;
  const g1 = 1 + a1x + a1y + a1z + a2x + a2y + a2z + awx + awy + awz + r;
  const g2 = g1 * g1;
  const tail = TAIL2 * g2 * g2;
  const eNN = ERR_INNER * mnn + tail;
  if (nn <= eNN) return -1;
  // t |n|^2 = w . (d1 x n): the pair must fall on the core.
  const tx = d1y * nz - d1z * ny;
  const ty = d1z * nx - d1x * nz;
  const tz = d1x * ny - d1y * nx;
  const tNum = wx * tx + wy * ty + wz * tz;
  const eT =
    ERR_INNER *
      (awx * (a1y * mnz + a1z * mny) +
        awy * (a1z * mnx + a1x * mnz) +
        awz * (a1x * mny + a1y * mnx)) +
    tail;
  if (tNum < -eT || tNum > nn + eT + eNN) return 0;
  let v = tNum > eT && tNum < nn - eT - eNN ? 1 : -1;
  if (f.lo === 0 || f.hi === 1) {
    // s |n|^2 = w . (d2 x n): on f's range.
    const sx = d2y * nz - d2z * ny;
    const sy = d2z * nx - d2x * nz;
    const sz = d2x * ny - d2y * nx;
    const sNum = wx * sx + wy * sy + wz * sz;
    const eS =
      ERR_INNER *
        (awx * (a2y * mnz + a2z * mny) +
          awy * (a2z * mnx + a2x * mnz) +
          awz * (a2x * mny + a2y * mnx)) +
      tail;
    if (f.lo === 0) {
      if (sNum < -eS) return 0;
      if (!(sNum > eS)) v = -1;
    }
    if (f.hi === 1) {
      if (sNum > nn + eS + eNN) return 0;
      if (!(sNum < nn - eS - eNN)) v = -1;
    }
  }
  const wn = wx * nx + wy * ny + wz * nz;
  const mwn = awx * mnx + awy * mny + awz * mnz;
  const gap = wn * wn - r * r * nn;
  const eGap = 4 * ERR_INNER * (mwn * mwn + r * r * mnn) + tail;
  if (!(eGap < Number.POSITIVE_INFINITY)) return -1;
  if (gap > eGap) return 0;
  return gap < -eGap ? v : -1;
}

/** The interior pair of f and the core in W (as interiorFilter), from exact values. */
function interiorExact(f: LinearForm3): boolean {
  const n = lift(
    [
      f.ox,
      f.oy,
      f.oz,
      f.px,
      f.py,
      f.pz,
      f.qx,
      f.qy,
      f.qz,
      W[0]!,
      W[1]!,
      W[2]!,
      W[3]!,
      W[4]!,
      W[5]!,
      W[6]!,
    ],
    big,
  );
  const d1x = n[3]! - n[6]!;
  const d1y = n[4]! - n[7]!;
  const d1z = n[5]! - n[8]!;
  const d2x = n[12]! - n[9]!;
  const d2y = n[13]! - n[10]!;
  const d2z = n[14]! - n[11]!;
  const wx = n[9]! - n[0]!;
  const wy = n[10]! - n[1]!;
  const wz = n[11]! - n[2]!;
  const nx = d1y * d2z - d1z * d2y;
  const ny = d1z * d2x - d1x * d2z;
  const nz = d1x * d2y - d1y * d2x;
  const nn = nx * nx + ny * ny + nz * nz;
  if (nn === 0n) return false;
  const sNum = wx * (d2y * nz - d2z * ny) + wy * (d2z * nx - d2x * nz) + wz * (d2x * ny - d2y * nx);
  const tNum = wx * (d1y * nz - d1z * ny) + wy * (d1z * nx - d1x * nz) + wz * (d1x * ny - d1y * nx);
  if (tNum < 0n || tNum > nn) return false;
  if (f.lo === 0 && sNum < 0n) return false;
  if (f.hi === 1 && sNum > nn) return false;
  const wn = wx * nx + wy * ny + wz * nz;
  const rr = n[15]! * n[15]!;
  return wn * wn <= rr * nn;
}

/** A 3-vector of integers (lifted coordinates). */
export type B3 = [bigint, bigint, bigint];

/** det(u, v, w) = u.(v x w) of lifted vectors; exact. */
export const bdet = (u: B3, v: B3, w: B3): bigint =>
  u[0] * (v[1] * w[2] - v[2] * w[1]) +
  u[1] * (v[2] * w[0] - v[0] * w[2]) +
  u[2] * (v[0] * w[1] - v[1] * w[0]);
export const bcross = (u: B3, v: B3): B3 => [
  u[1] * v[2] - u[2] * v[1],
  u[2] * v[0] - u[0] * v[2],
  u[0] * v[1] - u[1] * v[0],
];
export const bdot = (u: B3, v: B3): bigint => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
export const babs = (x: bigint): bigint => (x < 0n ? -x : x);
export const isZero = (u: B3): boolean => u[0] === 0n && u[1] === 0n && u[2] === 0n;

/** The lifted offset c - o, direction d = p - q and box half-axes a of one query. */
export interface LiftedFormBox {
  w: B3;
  d: B3;
  a: [B3, B3, B3];
}

const liftScratch: bigint[] = [];

/**
 * Lifts a linear form and a box (center, half-axes) to integers with one common power of two,
 * for the exact box tests and entries; the power cancels in every sign and ratio they take.
 */
export function liftFormBox(f: LinearForm3, c: Vec, a0: Vec, a1: Vec, a2: Vec): LiftedFormBox {
  const n = lift(
    [
      f.ox,
      f.oy,
      f.oz,
      f.px,
      f.py,
      f.pz,
      f.qx,
      f.qy,
      f.qz,
      c.x,
      c.y,
      c.z,
      a0.x,
      a0.y,
      a0.z,
      a1.x,
      a1.y,
      a1.z,
      a2.x,
      a2.y,
      a2.z,
    ],
    liftScratch,
  );
  return {
    w: [n[9]! - n[0]!, n[10]! - n[1]!, n[11]! - n[2]!],
    d: [n[3]! - n[6]!, n[4]! - n[7]!, n[5]! - n[8]!],
    a: [
      [n[12]!, n[13]!, n[14]!],
      [n[15]!, n[16]!, n[17]!],
      [n[18]!, n[19]!, n[20]!],
    ],
  };
}
