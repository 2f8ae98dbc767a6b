import type { LinearForm } from "../2d/query/linear.ts";
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

/** Distance from (x, y) to the form f, in floats. */
function pointFormDistance(x: number, y: number, f: LinearForm): number {
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const wx = x - f.ox;
  const wy = y - f.oy;
  const dd = dx * dx + dy * dy;
  const s = wx * dx + wy * dy;
  if (dd === 0 || (f.lo === 0 && s <= 0)) return Math.hypot(wx, wy);
  if (f.hi === 1 && s >= dd) return Math.hypot(x - (f.ox + dx), y - (f.oy + dy));
  return Math.abs(dx * wy - dy * wx) / Math.sqrt(dd);
}

/** The smallest distance from an end of f to g (Infinity when f is a line). */
function endsDistance(f: LinearForm, g: LinearForm): number {
  let d = Number.POSITIVE_INFINITY;
  if (f.lo === 0) d = pointFormDistance(f.ox, f.oy, g);
  if (f.hi === 1) {
    d = Math.min(d, pointFormDistance(f.ox + (f.px - f.qx), f.oy + (f.py - f.qy), g));
  }
  return d;
}

/** Side of (x, y) against the line of g: 1, -1, or 0 when too close to call. */
function sideOf(x: number, y: number, g: LinearForm, err: number): number {
  const c = (g.px - g.qx) * (y - g.oy) - (g.py - g.qy) * (x - g.ox);
  return c > err ? 1 : c < -err ? -1 : 0;
}

/**
 * 1 when the two cross (in floats, clearly), -1 when clearly not, 0 when too close to call.
 * Coordinates are below `scale`, so each cross product is below 12 scale^2 and its rounding
 * below 256 ulps of scale^2.
 */
function crossFloat(f: LinearForm, g: LinearForm, scale: number): number {
  const err = 256 * 2 ** -53 * scale * scale;
  if (f.lo === 0 && f.hi === 1 && g.lo === 0 && g.hi === 1) {
    // Two bounded forms: by the sides of each one's ends against the other's line.
    const s1 = sideOf(f.ox, f.oy, g, err);
    const s2 = sideOf(f.ox + (f.px - f.qx), f.oy + (f.py - f.qy), g, err);
    const s3 = sideOf(g.ox, g.oy, f, err);
    const s4 = sideOf(g.ox + (g.px - g.qx), g.oy + (g.py - g.qy), f, err);
    if ((s1 !== 0 && s1 === s2) || (s3 !== 0 && s3 === s4)) return -1;
    return s1 * s2 === -1 && s3 * s4 === -1 ? 1 : 0;
  }
  const fx = f.px - f.qx;
  const fy = f.py - f.qy;
  const gx = g.px - g.qx;
  const gy = g.py - g.qy;
  const den = fx * gy - fy * gx;
  if (Math.abs(den) <= err) return 0;
  const wx = g.ox - f.ox;
  const wy = g.oy - f.oy;
  const sign = den > 0 ? 1 : -1;
  const ad = Math.abs(den);
  // The crossing's parameters are a / den on f and b / den on g.
  const within = (v: number, lo: number, hi: number): number => {
    if ((lo === 0 && v < -err) || (hi === 1 && v - ad > err)) return -1;
    if ((lo === 0 && v <= err) || (hi === 1 && v - ad >= -err)) return 0;
    return 1;
  };
  const inF = within(sign * (wx * gy - wy * gx), f.lo, f.hi);
  const inG = within(sign * (wx * fy - wy * fx), g.lo, g.hi);
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
  const cross = crossFloat(f, g, scale);
  if (cross === 1) return true;
  let d = Math.min(endsDistance(f, g), endsDistance(g, f));
  if (d === Number.POSITIVE_INFINITY) {
    // Two lines: parallel (else they cross) at the distance of one's point from the other.
    d = pointFormDistance(f.ox, f.oy, g);
  }
  const band = FAR * scale;
  if (Number.isFinite(d) && Number.isFinite(scale * scale)) {
    if (d <= r - band) return true;
    if (d > r + band && cross === -1) return false;
  }
  return exactWithin(f, g, r1, r2);
}
