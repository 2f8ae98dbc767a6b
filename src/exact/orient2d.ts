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
  // Through CROSS, not arguments: the slow path is not inlined, and V8 boxes each double passed.
  const c = CROSS;
  c[0] = up;
  c[1] = uq;
  c[2] = uyp;
  c[3] = uyq;
  c[4] = vp;
  c[5] = vq;
  c[6] = vyp;
  c[7] = vyq;
  return crossSignSlow();
}

/**
 * The eight arguments of `crossSign`, for a caller too large to inline it: it writes them here and
 * calls `crossSignStored`, so no double crosses the call (V8 boxes each double passed to a call it
 * does not inline). Entries 8 to 11 are the slow path's scratch.
 */
export const CROSS: Float64Array = new Float64Array(12);

/** `crossSign` of the eight values in `CROSS`. */
export function crossSignStored(): number {
  const c = CROSS;
  const ux = c[0]! - c[1]!;
  const uy = c[2]! - c[3]!;
  const vx = c[4]! - c[5]!;
  const vy = c[6]! - c[7]!;
  const l = ux * vy;
  const r = uy * vx;
  const det = l - r;
  const bound = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return crossSignSlow();
}

const scratch: bigint[] = [];

function crossSignSlow(): number {
  const c = CROSS;
  const ux = c[0]! - c[1]!;
  const uy = c[2]! - c[3]!;
  const vx = c[4]! - c[5]!;
  const vy = c[6]! - c[7]!;
  // A rounded difference is zero exactly when its operands are equal, and has the exact sign,
  // so when one product has a zero factor the determinant's sign is the other product's.
  // This settles axis-aligned and repeated points without BigInt.
  if (ux === 0 || vy === 0) return -(Math.sign(uy) * Math.sign(vx)) || 0;
  if (uy === 0 || vx === 0) return Math.sign(ux) * Math.sign(vy);
  c[8] = ux;
  c[9] = uy;
  c[10] = vx;
  c[11] = vy;
  const s = exactDifferencesSign();
  if (s !== 2) return s;
  const n = lift([c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!, c[7]!], scratch);
  return signOf((n[0]! - n[1]!) * (n[6]! - n[7]!) - (n[2]! - n[3]!) * (n[4]! - n[5]!));
}

/** Veltkamp's splitter for doubles: 2^27 + 1. */
const SPLITTER = 134217729;
/** Differences within [2^-400, 2^400] split without overflow and have products whose low parts are normal. */
const SMALL = 2 ** -400;
const LARGE = 2 ** 400;

/**
 * The exact sign of ux vy - uy vx from CROSS when the four (nonzero) differences were computed
 * exactly, else 2. Exact differences make each product the exact sum of two doubles (Dekker's
 * product with Veltkamp's split), and the sign of the four-term sum is that of the largest
 * nonzero term of its nonoverlapping expansion (Two-Two-Diff). Points exactly on a line through
 * grid or nearby coordinates (the zero that no float filter can certify) end here, not in BigInt.
 * @see Shewchuk 1997, §2 (Two-Sum, Two-Product, expansions) and §4.2 (orient2d, stage B).
 */
function exactDifferencesSign(): number {
  const c = CROSS;
  const ux = c[8]!;
  const uy = c[9]!;
  const vx = c[10]!;
  const vy = c[11]!;
  const m = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(vx), Math.abs(vy));
  const k = Math.min(Math.abs(ux), Math.abs(uy), Math.abs(vx), Math.abs(vy));
  // NaN (an overflowed tail) fails these comparisons and leaves the question to BigInt.
  if (!(m <= LARGE && k >= SMALL)) return 2;
  if (
    !(
      diffTail(c[0]!, c[1]!, ux) === 0 &&
      diffTail(c[2]!, c[3]!, uy) === 0 &&
      diffTail(c[4]!, c[5]!, vx) === 0 &&
      diffTail(c[6]!, c[7]!, vy) === 0
    )
  ) {
    return 2;
  }
  const l = ux * vy;
  const lt = productTail(ux, vy, l);
  const r = uy * vx;
  const rt = productTail(uy, vx, r);
  // Two-Two-Diff (l + lt) - (r + rt) = x3 + x2 + x1 + x0, |x3| largest.
  let x = lt - rt;
  const x0 = diffTail(lt, rt, x);
  let y = l + x;
  const mid = sumTail(l, x, y);
  x = mid - r;
  const x1 = diffTail(mid, r, x);
  const x3 = y + x;
  const x2 = sumTail(y, x, x3);
  y = x3 !== 0 ? x3 : x2 !== 0 ? x2 : x1 !== 0 ? x1 : x0;
  return y > 0 ? 1 : y < 0 ? -1 : 0;
}

/** The rounding error of d = fl(a - b): a - b = d + tail exactly (Knuth's Two-Diff). */
function diffTail(a: number, b: number, d: number): number {
  const bv = a - d;
  const av = d + bv;
  return a - av + (bv - b);
}

/** The rounding error of s = fl(a + b): a + b = s + tail exactly (Knuth's Two-Sum). */
function sumTail(a: number, b: number, s: number): number {
  const bv = s - a;
  const av = s - bv;
  return a - av + (b - bv);
}

/** The rounding error of p = fl(a b): a b = p + tail exactly, for the magnitudes allowed above. */
function productTail(a: number, b: number, p: number): number {
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return al * bl - (p - ah * bh - al * bh - ah * bl);
}

/** A point or a direction, read as an object. */
interface XY {
  readonly x: number;
  readonly y: number;
}

/*
 * The signs below take their points as objects and pass their doubles through CROSS: a caller
 * too large to inline them (or one inlined into such a caller) then boxes nothing.
 */

/** Exact sign of cross(p - q, v): positive when v turns left of p - q. */
export function offsetCrossSign(p: XY, q: XY, v: XY): number {
  const c = CROSS;
  c[0] = p.x;
  c[1] = q.x;
  c[2] = p.y;
  c[3] = q.y;
  c[4] = v.x;
  c[5] = 0;
  c[6] = v.y;
  c[7] = 0;
  return crossSignStored();
}

/** Exact sign of dot(p - q, v), as cross(v, (p - q) turned a quarter left). */
export function offsetDotSign(p: XY, q: XY, v: XY): number {
  const c = CROSS;
  c[0] = v.x;
  c[1] = 0;
  c[2] = v.y;
  c[3] = 0;
  c[4] = q.y;
  c[5] = p.y;
  c[6] = p.x;
  c[7] = q.x;
  return crossSignStored();
}

/** `orient2d` of three points given as objects. */
export function orientSign(a: XY, b: XY, p: XY): number {
  const c = CROSS;
  c[0] = b.x;
  c[1] = a.x;
  c[2] = b.y;
  c[3] = a.y;
  c[4] = p.x;
  c[5] = a.x;
  c[6] = p.y;
  c[7] = a.y;
  return crossSignStored();
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
