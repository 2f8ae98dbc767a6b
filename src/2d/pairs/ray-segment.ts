import { ACCURATE, ERR3, TAIL2 } from "../../exact/filter.ts";
import { clampFinite } from "../../math/scalar.ts";
import { normalize2 } from "../../math/vec2.ts";
import type { LinearHit } from "../query/linear.ts";
import type { Ray, Segment } from "../shapes.ts";

/*
 * The float path of ray vs segment, for the crossings that floats can settle. With d the ray's
 * direction, e = b - a and w = a - o, the lines cross at t = cross(w, e) / cross(d, e) on the ray
 * and u = cross(w, d) / cross(d, e) on the segment, and 1 - u has the numerator cross(d, b - o).
 * Each of the four 2x2 determinants of differences gets the filter bound of filter.ts (ERR3); when
 * all four signs are certain, hit-or-miss is decided exactly by them (t >= 0 and 0 <= u <= 1), and
 * a parallel, touching or collinear pair, whose signs are 0, is left to the general exact path.
 * @see Ericson, Real-Time Collision Detection, §5.1.9.1 (segment crossing by signed areas).
 */

/**
 * The last `raySegmentSigns` call's numerators, denominator and their error bounds. A typed
 * array, not module-level `let`s: V8 (Node 20) boxes a double written to a module variable into a
 * new heap number on every write, which made this path 5x slower in a scratch measurement.
 */
const last = new Float64Array(6);
const NUM_T = 0;
const NUM_U = 1;
const DEN = 2;
const ERR_T = 3;
const ERR_U = 4;
const ERR_D = 5;

/** 1: a certain crossing; 0: a certain miss; -1: the float signs cannot decide. */
export function raySegmentSigns(r: Ray, s: Segment): number {
  const ox = r.origin.x;
  const oy = r.origin.y;
  const dx = r.dir.x;
  const dy = r.dir.y;
  const ax = s.a.x;
  const ay = s.a.y;
  const ex = s.b.x - ax;
  const ey = s.b.y - ay;
  const wx = ax - ox;
  const wy = ay - oy;
  const vx = s.b.x - ox;
  const vy = s.b.y - oy;
  let l = dx * ey;
  let q = dy * ex;
  const den = l - q;
  const errD = ERR3 * (Math.abs(l) + Math.abs(q)) + TAIL2;
  l = wx * ey;
  q = wy * ex;
  const numT = l - q;
  const errT = ERR3 * (Math.abs(l) + Math.abs(q)) + TAIL2;
  l = wx * dy;
  q = wy * dx;
  const numU = l - q;
  const errU = ERR3 * (Math.abs(l) + Math.abs(q)) + TAIL2;
  last[NUM_T] = numT;
  last[NUM_U] = numU;
  last[DEN] = den;
  last[ERR_T] = errT;
  last[ERR_U] = errU;
  last[ERR_D] = errD;
  l = dx * vy;
  q = dy * vx;
  const numV = l - q;
  const errV = ERR3 * (Math.abs(l) + Math.abs(q)) + TAIL2;
  // Comparisons with NaN or an infinite bound are false: overflow lands in "cannot decide".
  if (!(Math.abs(den) > errD && Math.abs(numT) > errT)) return -1;
  if (!(Math.abs(numU) > errU && Math.abs(numV) > errV)) return -1;
  if (den > 0) return numT > 0 && numU > 0 && numV > 0 ? 1 : 0;
  return numT < 0 && numU < 0 && numV < 0 ? 1 : 0;
}

/**
 * After `raySegmentSigns` returned 1: fills `out` from the floats when t and u are accurate
 * (ACCURATE, as in linear.ts) and returns true, or returns false for the exact construction.
 */
export function raySegmentHit(r: Ray, s: Segment, out: LinearHit): boolean {
  const numT = last[NUM_T]!;
  const den = last[DEN]!;
  const ad = Math.abs(den);
  const errT = last[ERR_T]!;
  // u lies in (0, 1), so its error only needs to be small next to 1, i.e. errU next to |den|.
  if (
    !(
      last[ERR_D]! < ACCURATE * ad &&
      errT < ACCURATE * Math.abs(numT) &&
      last[ERR_U]! < ACCURATE * ad
    )
  ) {
    return false;
  }
  const t = numT / den;
  if (!Number.isFinite(t)) return false;
  out.t1 = t;
  out.t2 = last[NUM_U]! / den;
  out.point.x = clampFinite(r.origin.x + t * r.dir.x);
  out.point.y = clampFinite(r.origin.y + t * r.dir.y);
  out.collinear = false;
  // The origin lies on the side of the segment's line that cross(w, e) gives (never 0 here):
  // the normal is the segment's left normal (-ey, ex) on the positive side.
  const ex = s.b.x - s.a.x;
  const ey = s.b.y - s.a.y;
  if (numT > 0) normalize2(-ey, ex, out.normal);
  else normalize2(ey, -ex, out.normal);
  return true;
}
