import { lift, signOf } from "./bigint.ts";
import { EPS, ERR3, ERR5, TAIL2 } from "./filter.ts";
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

/**
 * The arguments of the no-argument forms below, which a hot caller writes here instead of passing
 * doubles (V8 boxes each double passed to a call it does not inline): p = (0, 1), a = (2, 3),
 * b = (4, 5), r1 = 6, r2 = 7, e = (8, 9) (the line forms' direction is b - e).
 */
export const DIST: Float64Array = new Float64Array(10);

/** Exact sign of |p - q| - (r1 + r2). */
export function comparePointDistance(
  px: number,
  py: number,
  qx: number,
  qy: number,
  r1: number,
  r2: number,
): number {
  const d = DIST;
  d[0] = px;
  d[1] = py;
  d[2] = qx;
  d[3] = qy;
  d[6] = r1;
  d[7] = r2;
  return pointDistanceSign();
}

/** Exact sign of |p - a| - (r1 + r2), reading p, a, r1, r2 from `DIST`. */
export function pointDistanceSign(): number {
  const d = DIST;
  const r = d[6]! + d[7]!;
  if (r < 0) return 1;
  const dx = d[0]! - d[2]!;
  const dy = d[1]! - d[3]!;
  const d2 = dx * dx + dy * dy;
  const rr = r * r;
  const v = d2 - rr;
  const bound = ERR5 * (d2 + rr) + TAIL2;
  if (v > bound) return 1;
  if (-v > bound) return -1;
  return pointDistanceSlow();
}

function pointDistanceSlow(): number {
  const d = DIST;
  const n = lift([d[0]!, d[1]!, d[2]!, d[3]!, d[6]!, d[7]!], big);
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
  const d = DIST;
  d[0] = px;
  d[1] = py;
  d[2] = ax;
  d[3] = ay;
  d[4] = dx;
  d[5] = dy;
  d[8] = ex;
  d[9] = ey;
  d[6] = r1;
  d[7] = r2;
  return lineDistanceSign();
}

/**
 * Exact sign of dist(p, line) - (r1 + r2) for the line through a along b - e, reading p, a, b, e,
 * r1, r2 from `DIST` (`compareLineDistance` with the arguments in the array).
 */
export function lineDistanceSign(): number {
  const d = DIST;
  const r = d[6]! + d[7]!;
  if (r < 0) return 1;
  const ux = d[4]! - d[8]!;
  const uy = d[5]! - d[9]!;
  const wx = d[0]! - d[2]!;
  const wy = d[1]! - d[3]!;
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
  return lineDistanceSlow(r === 0);
}

function lineDistanceSlow(zeroRadius: boolean): number {
  const d = DIST;
  // The sign of the cross product itself is exact where it is zero: distance 0 <= r.
  if (crossSign(d[4]!, d[8]!, d[5]!, d[9]!, d[0]!, d[2]!, d[1]!, d[3]!) === 0) {
    return zeroRadius ? 0 : -1;
  }
  const n = lift([d[0]!, d[1]!, d[2]!, d[3]!, d[4]!, d[5]!, d[8]!, d[9]!, d[6]!, d[7]!], big);
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
  const d = DIST;
  d[0] = px;
  d[1] = py;
  d[2] = ax;
  d[3] = ay;
  d[4] = bx;
  d[5] = by;
  d[6] = r1;
  d[7] = r2;
  return segmentDistanceSign();
}

/**
 * Exact sign of dist(p, segment ab) - (r1 + r2), reading p, a, b, r1, r2 from `DIST`
 * (`compareSegmentDistance` with the arguments in the array; `DIST` is overwritten).
 * @see Ericson, Real-Time Collision Detection, §5.1.2 (the three Voronoi regions of a segment).
 */
export function segmentDistanceSign(): number {
  const d = DIST;
  const px = d[0]!;
  const py = d[1]!;
  const ax = d[2]!;
  const ay = d[3]!;
  const bx = d[4]!;
  const by = d[5]!;
  // Beyond a or beyond b the nearest point is that end; else the foot on the line. Each end's
  // side is the sign of a dot product: dotSign's float filter written out, exact when undecided.
  const ux = bx - ax;
  const uy = by - ay;
  // A zero-length segment is the point a (a rounded difference is 0 only for equal operands).
  if (ux === 0 && uy === 0) return pointDistanceSign();
  const la = (px - ax) * ux;
  const ma = (py - ay) * uy;
  const sa = la + ma;
  const ba = ERR3 * (Math.abs(la) + Math.abs(ma)) + TAIL2;
  if (sa > ba ? false : -sa > ba ? true : dotSign(px, ax, py, ay, bx, ax, by, ay) <= 0) {
    return pointDistanceSign();
  }
  const lb = (bx - px) * ux;
  const mb = (by - py) * uy;
  const sb = lb + mb;
  const bb = ERR3 * (Math.abs(lb) + Math.abs(mb)) + TAIL2;
  if (sb > bb ? false : -sb > bb ? true : dotSign(px, bx, py, by, ax, bx, ay, by) <= 0) {
    d[2] = bx;
    d[3] = by;
    return pointDistanceSign();
  }
  d[8] = ax;
  d[9] = ay;
  return lineDistanceSign();
}
