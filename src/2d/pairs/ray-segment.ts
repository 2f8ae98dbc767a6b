import { ERR3, TAIL2 } from "../../exact/filter.ts";
import type { Ray, Segment } from "../shapes.ts";

/*
 * The float signs of ray vs segment, for the crossings that floats can settle. With d the ray's
 * direction, e = b - a and w = a - o, the lines cross at t = cross(w, e) / cross(d, e) on the ray
 * and u = cross(w, d) / cross(d, e) on the segment, and 1 - u has the numerator cross(d, b - o).
 * Each of the four 2x2 determinants of differences gets the filter bound of filter.ts (ERR3); when
 * all four signs are certain, hit-or-miss is decided exactly by them (t >= 0 and 0 <= u <= 1), and
 * a parallel, touching or collinear pair, whose signs are 0, is left to the general exact path.
 * `intersectRaySegment` (query/intersect.ts) has its own shorter filter (squared lengths bound
 * the cross products), written in its body so that no double crosses a call on its common path.
 * @see Ericson, Real-Time Collision Detection, §5.1.9.1 (segment crossing by signed areas).
 */

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
