import { lastLiftExponent, lift, signOf } from "./bigint.ts";
import { EPS, ERR5, TAIL2, tail6 } from "./filter.ts";

/*
 * Exact 3D signs for linear queries: a dot product of differences, the side of a point against a
 * plane, and a point's squared distance to a point or a line against r^2. Directions are passed
 * as differences (u - v) so a segment's b - a is never rounded. Each is a float filter with
 * Higham's bound (filter.ts) and a BigInt fallback.
 * @see Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", DCG 1997 (filtered predicates with an exact fallback).
 */

const big: bigint[] = [];

/** Exact sign of (p - q) . (u - v). */
export function dot3Sign(
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
  ux: number,
  uy: number,
  uz: number,
  vx: number,
  vy: number,
  vz: number,
): number {
  const a = (px - qx) * (ux - vx);
  const b = (py - qy) * (uy - vy);
  const c = (pz - qz) * (uz - vz);
  const s = a + b + c;
  const bound = ERR5 * (Math.abs(a) + Math.abs(b) + Math.abs(c)) + TAIL2;
  if (s > bound) return 1;
  if (-s > bound) return -1;
  const n = lift([px, py, pz, qx, qy, qz, ux, uy, uz, vx, vy, vz], big);
  return signOf(
    (n[0]! - n[3]!) * (n[6]! - n[9]!) +
      (n[1]! - n[4]!) * (n[7]! - n[10]!) +
      (n[2]! - n[5]!) * (n[8]! - n[11]!),
  );
}

/** Exact sign of dot(n, p) - offset: which side of the plane p lies on (0 on it). */
export function planeSide(
  nx: number,
  ny: number,
  nz: number,
  offset: number,
  px: number,
  py: number,
  pz: number,
): number {
  const a = nx * px;
  const b = ny * py;
  const c = nz * pz;
  const s = a + b + c - offset;
  const bound = ERR5 * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(offset)) + TAIL2;
  if (s > bound) return 1;
  if (-s > bound) return -1;
  const n = lift([nx, ny, nz, px, py, pz, offset], big);
  // Values are integers times 2^e: the products carry 2^(2e), the offset 2^e.
  const e = lastLiftExponent();
  const dot = n[0]! * n[3]! + n[1]! * n[4]! + n[2]! * n[5]!;
  return e >= 0 ? signOf((dot << BigInt(e)) - n[6]!) : signOf(dot - (n[6]! << BigInt(-e)));
}

/** Exact sign of |p - q|^2 - r^2 (negative: p strictly within r of q). */
export function pointDistanceSign3(
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
  r: number,
): number {
  const dx = px - qx;
  const dy = py - qy;
  const dz = pz - qz;
  const d2 = dx * dx + dy * dy + dz * dz;
  const r2 = r * r;
  const v = d2 - r2;
  const bound = ERR5 * (d2 + r2) + TAIL2;
  if (v > bound) return 1;
  if (-v > bound) return -1;
  const n = lift([px, py, pz, qx, qy, qz, r], big);
  const ex = n[0]! - n[3]!;
  const ey = n[1]! - n[4]!;
  const ez = n[2]! - n[5]!;
  return signOf(ex * ex + ey * ey + ez * ez - n[6]! * n[6]!);
}

/** Coefficient for the degree-4 line test: the cross product's error enters squared, plus sums. */
const ERR_LINE = 16 * EPS;

/**
 * Exact sign of dist(p, line)^2 - r^2 for the line through a along (u - v): of
 * |(u - v) x (p - a)|^2 - r^2 |u - v|^2. A zero direction compares |p - a| with r... times 0, so
 * callers pass a non-zero direction.
 */
export function lineDistanceSign3(
  px: number,
  py: number,
  pz: number,
  ax: number,
  ay: number,
  az: number,
  ux: number,
  uy: number,
  uz: number,
  vx: number,
  vy: number,
  vz: number,
  r: number,
): number {
  const dx = ux - vx;
  const dy = uy - vy;
  const dz = uz - vz;
  const wx = px - ax;
  const wy = py - ay;
  const wz = pz - az;
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
  const r2dd = r * r * (dx * dx + dy * dy + dz * dz);
  const v = cx * cx + cy * cy + cz * cz - r2dd;
  const bound =
    ERR_LINE * (mx * mx + my * my + mz * mz + r2dd) +
    tail6(
      Math.abs(dx) + Math.abs(dy) + Math.abs(dz) + Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + r,
    );
  if (v > bound) return 1;
  if (-v > bound) return -1;
  const n = lift([px, py, pz, ax, ay, az, ux, uy, uz, vx, vy, vz, r], big);
  const ex = n[6]! - n[9]!;
  const ey = n[7]! - n[10]!;
  const ez = n[8]! - n[11]!;
  const fx = n[0]! - n[3]!;
  const fy = n[1]! - n[4]!;
  const fz = n[2]! - n[5]!;
  const gx = ey * fz - ez * fy;
  const gy = ez * fx - ex * fz;
  const gz = ex * fy - ey * fx;
  const rr = n[12]! * n[12]!;
  return signOf(gx * gx + gy * gy + gz * gz - rr * (ex * ex + ey * ey + ez * ez));
}
