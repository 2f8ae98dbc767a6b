import { lift, signOf } from "./bigint.ts";
import { ERR3, TAIL2 } from "./filter.ts";

/**
 * Exact sign of the 2x2 determinant ux * vy - uy * vx, where each of ux, uy, vx, vy is a
 * difference p - q of two doubles (`p1 - q1` and so on) or a plain double when its `q` is 0.
 * Positive when v is counter-clockwise from u (y up).
 *
 * orient2d(a, b, c) is `crossSign(bx, ax, by, ay, cx, ax, cy, ay)`; a line through p along d
 * against a point q is `crossSign(dx, 0, dy, 0, qx, px, qy, py)`, which stays exact where
 * rounding p + d would not.
 * @see Shewchuk 1997 (filtered orientation); EXACTNESS.md for why direction forms need their own.
 */
export function crossSign(
  up: number,
  uq: number,
  uyp: number,
  uyq: number,
  vp: number,
  vq: number,
  vyp: number,
  vyq: number,
): number {
  const ux = up - uq;
  const uy = uyp - uyq;
  const vx = vp - vq;
  const vy = vyp - vyq;
  const l = ux * vy;
  const r = uy * vx;
  const det = l - r;
  const bound = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return crossSignSlow(up, uq, uyp, uyq, vp, vq, vyp, vyq, ux, uy, vx, vy);
}

const scratch: bigint[] = [];

function crossSignSlow(
  up: number,
  uq: number,
  uyp: number,
  uyq: number,
  vp: number,
  vq: number,
  vyp: number,
  vyq: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
): number {
  // A rounded difference is zero exactly when its operands are equal, and has the exact sign,
  // so when one product has a zero factor the determinant's sign is the other product's.
  // This settles axis-aligned and repeated points without BigInt.
  if (ux === 0 || vy === 0) return -(Math.sign(uy) * Math.sign(vx)) || 0;
  if (uy === 0 || vx === 0) return Math.sign(ux) * Math.sign(vy);
  const n = lift([up, uq, uyp, uyq, vp, vq, vyp, vyq], scratch);
  return signOf((n[0]! - n[1]!) * (n[6]! - n[7]!) - (n[2]! - n[3]!) * (n[4]! - n[5]!));
}

/** Exact sign of orient2d: positive when a, b, c turn counter-clockwise (y up), 0 when collinear. */
export function orient2d(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): number {
  return crossSign(bx, ax, by, ay, cx, ax, cy, ay);
}

/** Exact sign of dot(p - q, u - v), as the cross product with p - q turned a quarter. */
export function dotSign(
  px: number,
  qx: number,
  py: number,
  qy: number,
  ux: number,
  vx: number,
  uy: number,
  vy: number,
): number {
  return crossSign(ux, vx, uy, vy, qy, py, px, qx);
}
