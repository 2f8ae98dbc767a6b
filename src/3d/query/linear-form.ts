import { lift } from "../../exact/bigint.ts";
import { dot3Sign, lineDistanceSign3, pointDistanceSign3 } from "../../exact/distance3.ts";
import { EPS, tail6 } from "../../exact/filter.ts";
import { clampFinite, lerp } from "../../math/scalar.ts";
import type { Line, Ray, Segment, Vec } from "../shapes.ts";

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
  if (f.hi === 1) {
    out.x = lerp(f.ox, f.px, t);
    out.y = lerp(f.oy, f.py, t);
    out.z = lerp(f.oz, f.pz, t);
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

/**
 * Whether the linear shape f comes within r of the segment ab (closed); exact. The nearest pair
 * is at an end of one of them (a point against the other shape), or at the two lines' common
 * perpendicular when it falls inside both ranges.
 * @see Ericson, Real-Time Collision Detection, §5.1.9 (closest points of two segments).
 */
export function formWithinSegment(
  f: LinearForm3,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  r: number,
): boolean {
  SEG.ox = SEG.qx = ax;
  SEG.oy = SEG.qy = ay;
  SEG.oz = SEG.qz = az;
  SEG.px = bx;
  SEG.py = by;
  SEG.pz = bz;
  SEG.lo = 0;
  SEG.hi = 1;
  if (formPointSign(f, ax, ay, az, r) <= 0) return true;
  if (formPointSign(f, bx, by, bz, r) <= 0) return true;
  if (f.lo === 0 && formPointSign(SEG, f.ox, f.oy, f.oz, r) <= 0) return true;
  if (f.hi === 1 && formPointSign(SEG, f.px, f.py, f.pz, r) <= 0) return true;
  return interiorWithin(f, ax, ay, az, bx, by, bz, r);
}

/**
 * The common perpendicular of the two lines: with n = d1 x d2 and w = a - o, the parameters are
 * s = det(w, d2, n) / |n|^2 on f and t = det(w, d1, n) / |n|^2 on ab, and the squared distance
 * is (w . n)^2 / |n|^2. Parallel lines (n = 0) have no interior pair.
 */
function interiorWithin(
  f: LinearForm3,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  r: number,
): boolean {
  const d1x = f.px - f.qx;
  const d1y = f.py - f.qy;
  const d1z = f.pz - f.qz;
  const d2x = bx - ax;
  const d2y = by - ay;
  const d2z = bz - az;
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
  const tail = tail6(a1x + a1y + a1z + a2x + a2y + a2z + awx + awy + awz + r);
  const eNN = ERR_INNER * mnn + tail;
  if (nn <= eNN) return interiorExact(f, ax, ay, az, bx, by, bz, r);
  // s |n|^2 = w . (d2 x n), t |n|^2 = w . (d1 x n).
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
  const wn = wx * nx + wy * ny + wz * nz;
  const mwn = awx * mnx + awy * mny + awz * mnz;
  const gap = wn * wn - r * r * nn;
  const eGap = 4 * ERR_INNER * (mwn * mwn + r * r * mnn) + tail;
  // Every sign below must be certain; otherwise decide it all exactly.
  if (
    Math.abs(tNum) <= eT ||
    Math.abs(tNum - nn) <= eT + eNN ||
    Math.abs(gap) <= eGap ||
    !(eGap < Number.POSITIVE_INFINITY)
  ) {
    return interiorExact(f, ax, ay, az, bx, by, bz, r);
  }
  if (f.lo === 0 && Math.abs(sNum) <= eS) return interiorExact(f, ax, ay, az, bx, by, bz, r);
  if (f.hi === 1 && Math.abs(sNum - nn) <= eS + eNN) {
    return interiorExact(f, ax, ay, az, bx, by, bz, r);
  }
  if (tNum < 0 || tNum > nn) return false;
  if (f.lo === 0 && sNum < 0) return false;
  if (f.hi === 1 && sNum > nn) return false;
  return gap < 0;
}

function interiorExact(
  f: LinearForm3,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  r: number,
): boolean {
  const n = lift(
    [f.ox, f.oy, f.oz, f.px, f.py, f.pz, f.qx, f.qy, f.qz, ax, ay, az, bx, by, bz, r],
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
