import type { LinearForm } from "../2d/query/linear.ts";
import { length2 } from "../math/vec2.ts";
import { lift } from "./bigint.ts";

/*
 * Whether two linear forms (o + t (p - q), t in [lo, hi]: a point, segment, ray or line) come
 * within r1 + r2 of each other; exact. A sweep's path (a corner's o + t m for t in [0, 1]) is such
 * a form with its direction held exactly as m - 0, so its far end o + m is never rounded.
 * The distance is 0 when the two cross; otherwise it is reached at an end of one of them, or
 * between two parallel lines. A float pass decides unless the distance lies within a relative
 * 1e-12 of r1 + r2 (float error here is a few ulps of the largest coordinate) or a crossing is
 * too close to call; then every quantity is recomputed on BigInts.
 */

const FAR = 1e-12;
const big: bigint[] = [];

/*
 * The float pass's doubles cross calls through W, never as arguments or return values: V8 boxes
 * a double passed to or returned from a function it does not inline (garbage per call).
 */
const W = new Float64Array(6);
/** The two radii, read by `formsWithinRadii` (written by callers or by `formsWithin`). */
export const RADII: Float64Array = W.subarray(0, 2);
const ERR = 2;
const DIST = 3;
/** A crossing's numerator on one form, and |den| (see `within`). */
const NUM = 4;
const AD = 5;

/** Distance from the start (end = 0) or far end (end = 1) of f to the form g, in floats, into W[DIST]. */
function pointFormDistance(f: LinearForm, end: number, g: LinearForm): void {
  const x = end === 0 ? f.ox : f.ox + (f.px - f.qx);
  const y = end === 0 ? f.oy : f.oy + (f.py - f.qy);
  const dx = g.px - g.qx;
  const dy = g.py - g.qy;
  const wx = x - g.ox;
  const wy = y - g.oy;
  const dd = dx * dx + dy * dy;
  const s = wx * dx + wy * dy;
  let ex = wx;
  let ey = wy;
  if (g.hi === 1 && s >= dd && !(dd === 0 || (g.lo === 0 && s <= 0))) {
    ex = x - (g.ox + dx);
    ey = y - (g.oy + dy);
  } else if (!(dd === 0 || (g.lo === 0 && s <= 0))) {
    W[DIST] = Math.abs(dx * wy - dy * wx) / Math.sqrt(dd);
    return;
  }
  // The plain root unless the square underflows or overflows (then length2, whose boxed
  // arguments are rare garbage): written out, as a call here is not always inlined. Two stores,
  // not one of `c ? root : length2(...)`: where the call is left out of line, that merge of its
  // result with the root made V8 box the root on every call.
  const n2 = ex * ex + ey * ey;
  if (n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301) W[DIST] = Math.sqrt(n2);
  else W[DIST] = length2(ex, ey);
}

/** The smallest distance from an end of f to g (Infinity when f is a line), into W[DIST]. */
function endsDistance(f: LinearForm, g: LinearForm): void {
  let d = Number.POSITIVE_INFINITY;
  if (f.lo === 0) {
    pointFormDistance(f, 0, g);
    d = W[DIST]!;
  }
  if (f.hi === 1) {
    pointFormDistance(f, 1, g);
    d = Math.min(d, W[DIST]!);
  }
  W[DIST] = d;
}

/** Side of f's start (end = 0) or far end (end = 1) against the line of g: 1, -1, or 0 when too close to call. */
function sideOf(f: LinearForm, end: number, g: LinearForm): number {
  const x = end === 0 ? f.ox : f.ox + (f.px - f.qx);
  const y = end === 0 ? f.oy : f.oy + (f.py - f.qy);
  const err = W[ERR]!;
  const c = (g.px - g.qx) * (y - g.oy) - (g.py - g.qy) * (x - g.ox);
  return c > err ? 1 : c < -err ? -1 : 0;
}

/** Whether the crossing W[NUM] / W[AD] is in f's range: 1 clearly, -1 clearly not, 0 too close. */
function within(f: LinearForm): number {
  const v = W[NUM]!;
  const ad = W[AD]!;
  const err = W[ERR]!;
  if ((f.lo === 0 && v < -err) || (f.hi === 1 && v - ad > err)) return -1;
  if ((f.lo === 0 && v <= err) || (f.hi === 1 && v - ad >= -err)) return 0;
  return 1;
}

/**
 * 1 when the two cross (in floats, clearly), -1 when clearly not, 0 when too close to call.
 * Coordinates are below the scale, so each cross product is below 12 scale^2 and its rounding
 * below 256 ulps of scale^2 (the bound in W[ERR]).
 */
function crossFloat(f: LinearForm, g: LinearForm): number {
  if (f.lo === 0 && f.hi === 1 && g.lo === 0 && g.hi === 1) {
    // Two bounded forms: by the sides of each one's ends against the other's line.
    const s1 = sideOf(f, 0, g);
    const s2 = sideOf(f, 1, g);
    const s3 = sideOf(g, 0, f);
    const s4 = sideOf(g, 1, f);
    if ((s1 !== 0 && s1 === s2) || (s3 !== 0 && s3 === s4)) return -1;
    return s1 * s2 === -1 && s3 * s4 === -1 ? 1 : 0;
  }
  const err = W[ERR]!;
  const fx = f.px - f.qx;
  const fy = f.py - f.qy;
  const gx = g.px - g.qx;
  const gy = g.py - g.qy;
  const den = fx * gy - fy * gx;
  if (Math.abs(den) <= err) return 0;
  const wx = g.ox - f.ox;
  const wy = g.oy - f.oy;
  const sign = den > 0 ? 1 : -1;
  W[AD] = Math.abs(den);
  // The crossing's parameters are a / den on f and b / den on g.
  W[NUM] = sign * (wx * gy - wy * gx);
  const inF = within(f);
  W[NUM] = sign * (wx * fy - wy * fx);
  const inG = within(g);
  if (inF === -1 || inG === -1) return -1;
  return inF === 1 && inG === 1 ? 1 : 0;
}

function exactWithin(f: LinearForm, g: LinearForm, r1: number, r2: number): boolean {
  const n = lift(
    [f.ox, f.oy, f.px, f.py, f.qx, f.qy, g.ox, g.oy, g.px, g.py, g.qx, g.qy, r1, r2],
    big,
  );
  const r = n[12]! + n[13]!;
  if (r < 0n) return false;
  const rr = r * r;
  const fox = n[0]!;
  const foy = n[1]!;
  const fdx = n[2]! - n[4]!;
  const fdy = n[3]! - n[5]!;
  const gox = n[6]!;
  const goy = n[7]!;
  const gdx = n[8]! - n[10]!;
  const gdy = n[9]! - n[11]!;
  // Crossing: parameters a / den on f and b / den on g, both in range.
  let den = fdx * gdy - fdy * gdx;
  if (den !== 0n) {
    let a = (gox - fox) * gdy - (goy - foy) * gdx;
    let b = (gox - fox) * fdy - (goy - foy) * fdx;
    if (den < 0n) {
      den = -den;
      a = -a;
      b = -b;
    }
    const inF = (f.lo !== 0 || a >= 0n) && (f.hi !== 1 || a <= den);
    const inG = (g.lo !== 0 || b >= 0n) && (g.hi !== 1 || b <= den);
    if (inF && inG) return true;
  } else if (f.lo !== 0 && f.hi !== 1 && g.lo !== 0 && g.hi !== 1) {
    // Parallel lines: the distance from one to the other.
    const c = gdx * (foy - goy) - gdy * (fox - gox);
    return c * c <= rr * (gdx * gdx + gdy * gdy);
  }
  const near = (
    x: bigint,
    y: bigint,
    ox: bigint,
    oy: bigint,
    dx: bigint,
    dy: bigint,
    h: LinearForm,
  ): boolean => {
    const wx = x - ox;
    const wy = y - oy;
    const dd = dx * dx + dy * dy;
    const s = wx * dx + wy * dy;
    if (dd === 0n || (h.lo === 0 && s <= 0n)) return wx * wx + wy * wy <= rr;
    if (h.hi === 1 && s >= dd) {
      const ex = wx - dx;
      const ey = wy - dy;
      return ex * ex + ey * ey <= rr;
    }
    const c = dx * wy - dy * wx;
    return c * c <= rr * dd;
  };
  if (f.lo === 0 && near(fox, foy, gox, goy, gdx, gdy, g)) return true;
  if (f.hi === 1 && near(fox + fdx, foy + fdy, gox, goy, gdx, gdy, g)) return true;
  if (g.lo === 0 && near(gox, goy, fox, foy, fdx, fdy, f)) return true;
  if (g.hi === 1 && near(gox + gdx, goy + gdy, fox, foy, fdx, fdy, f)) return true;
  return false;
}

/** Whether the forms f and g come within r1 + r2 of each other (closed); exact. */
export function formsWithin(f: LinearForm, g: LinearForm, r1: number, r2: number): boolean {
  RADII[0] = r1;
  RADII[1] = r2;
  return formsWithinRadii(f, g);
}

/**
 * `formsWithin` with the radii read from RADII: hot callers write them there, so no double
 * crosses the call (V8 boxes those when the callee is not inlined).
 */
export function formsWithinRadii(f: LinearForm, g: LinearForm): boolean {
  const r1 = W[0]!;
  const r2 = W[1]!;
  const r = r1 + r2;
  if (r < 0) return false;
  // Ends like o + (p - q) reach twice the largest coordinate.
  const scale =
    2 *
    Math.max(
      Math.abs(r),
      Math.abs(f.ox),
      Math.abs(f.oy),
      Math.abs(f.px),
      Math.abs(f.py),
      Math.abs(f.qx),
      Math.abs(f.qy),
      Math.abs(g.ox),
      Math.abs(g.oy),
      Math.abs(g.px),
      Math.abs(g.py),
      Math.abs(g.qx),
      Math.abs(g.qy),
    );
  W[ERR] = 256 * 2 ** -53 * scale * scale;
  const cross = crossFloat(f, g);
  if (cross === 1) return true;
  endsDistance(f, g);
  let d = W[DIST]!;
  endsDistance(g, f);
  d = Math.min(d, W[DIST]!);
  if (d === Number.POSITIVE_INFINITY) {
    // Two lines: parallel (else they cross) at the distance of one's point from the other.
    pointFormDistance(f, 0, g);
    d = W[DIST]!;
  }
  const band = FAR * scale;
  if (Number.isFinite(d) && Number.isFinite(scale * scale)) {
    if (d <= r - band) return true;
    if (d > r + band && cross === -1) return false;
  }
  return exactWithin(f, g, r1, r2);
}
