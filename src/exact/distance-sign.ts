import { lift, signOf } from "./bigint.ts";
import { EPS, ERR5, TAIL2 } from "./filter.ts";
import { crossSign, dotSign } from "./orient2d.ts";

/*
 * Exact signs of "distance minus (r1 + r2)" for a point against a point, a line and a segment.
 * The radius is a sum of two doubles (two shapes' radii, or a difference for containment) and is
 * never rounded on the exact path. A negative r1 + r2 compares as below every distance.
 * Each is a float filter (Higham's bound with the constants of filter.ts) and a BigInt fallback.
 */

const big: bigint[] = [];

/** Coefficient for the degree-4 line test: the cross product's error enters squared (9 eps) plus
 * the final rounding and second-order terms. */
const ERR_LINE = 12 * EPS;

/** Exact sign of |p - q| - (r1 + r2). */
export function comparePointDistance(
  px: number,
  py: number,
  qx: number,
  qy: number,
  r1: number,
  r2: number,
): number {
  const r = r1 + r2;
  if (r < 0) return 1;
  const dx = px - qx;
  const dy = py - qy;
  const d2 = dx * dx + dy * dy;
  const rr = r * r;
  const v = d2 - rr;
  const bound = ERR5 * (d2 + rr) + TAIL2;
  if (v > bound) return 1;
  if (-v > bound) return -1;
  const n = lift([px, py, qx, qy, r1, r2], big);
  const ex = n[0]! - n[2]!;
  const ey = n[1]! - n[3]!;
  const rs = n[4]! + n[5]!;
  return signOf(ex * ex + ey * ey - rs * rs);
}

/**
 * Exact sign of dist(p, line) - (r1 + r2) for the line through (ax, ay) along (dx, dy) - (ex, ey).
 * The direction is a difference so that a segment's line (b - a) stays exact: pass (bx, by) and
 * (ax, ay); a line's own direction passes (dirx, diry) and (0, 0).
 */
export function compareLineDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  ex: number,
  ey: number,
  r1: number,
  r2: number,
): number {
  const r = r1 + r2;
  if (r < 0) return 1;
  const ux = dx - ex;
  const uy = dy - ey;
  const wx = px - ax;
  const wy = py - ay;
  const l = ux * wy;
  const m = uy * wx;
  const c = l - m;
  const ca = Math.abs(l) + Math.abs(m);
  const len2 = ux * ux + uy * uy;
  const rr = r * r;
  const rl = rr * len2;
  const v = c * c - rl;
  // Underflowed products err by 2^-1075 each, magnified by at most the other factor (filter.ts).
  const bound = ERR_LINE * (ca * ca + rl) + TAIL2 * (1 + ca + len2 + rr);
  if (v > bound) return 1;
  if (-v > bound) return -1;
  // The sign of the cross product itself is exact where it is zero: distance 0 <= r.
  if (crossSign(dx, ex, dy, ey, px, ax, py, ay) === 0) return r === 0 ? 0 : -1;
  const n = lift([px, py, ax, ay, dx, dy, ex, ey, r1, r2], big);
  const bx = n[4]! - n[6]!;
  const by = n[5]! - n[7]!;
  const cr = bx * (n[1]! - n[3]!) - by * (n[0]! - n[2]!);
  const rs = n[8]! + n[9]!;
  return signOf(cr * cr - rs * rs * (bx * bx + by * by));
}

/**
 * Exact sign of dist(p, segment ab) - (r1 + r2). A zero-length segment is the point a.
 * @see Ericson, Real-Time Collision Detection, §5.1.2 (the three Voronoi regions of a segment).
 */
export function compareSegmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r1: number,
  r2: number,
): number {
  // Beyond a or beyond b the nearest point is that end; else the foot on the line.
  if (dotSign(px, ax, py, ay, bx, ax, by, ay) <= 0) {
    return comparePointDistance(px, py, ax, ay, r1, r2);
  }
  if (dotSign(px, bx, py, by, ax, bx, ay, by) <= 0) {
    return comparePointDistance(px, py, bx, by, r1, r2);
  }
  return compareLineDistance(px, py, ax, ay, bx, by, ax, ay, r1, r2);
}
