import { normalize2 } from "../../math/vec2.ts";
import type { ShapeHit } from "../results.ts";
import { windingOf } from "./overlap.ts";
import type { ConvexProxy } from "./proxy.ts";

/*
 * Casting o + t d, t in [tmin, tmax], against a rounded convex proxy. A proper polygon core with
 * no radius is clipped against its edge half-planes (Cyrus and Beck, "Generalized two- and
 * three-dimensional clipping", Computers & Graphics 1978). Anything else (circles, capsules, flat
 * or rounded cores) is the union of its edges pushed out by the radius on both sides and disks at
 * its corners, the capsule construction of Ericson, Real-Time Collision Detection, §5.3.7; the
 * first of their hits is the answer. Hit-or-miss is decided by the callers' exact tests; this
 * gives the numbers.
 */

let bestT = 0;
let bestNx = 0;
let bestNy = 0;
let found = false;

function offer(t: number, nx: number, ny: number): void {
  if (!found || t < bestT) {
    bestT = t;
    bestNx = nx;
    bestNy = ny;
    found = true;
  }
}

/** Hits of the disk of radius r at (cx, cy), by the closest-approach form (no cancellation). */
function castDisk(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  cx: number,
  cy: number,
  r: number,
  dd: number,
): void {
  const wx = cx - ox;
  const wy = cy - oy;
  const tc = (wx * dx + wy * dy) / dd;
  const cr = wx * dy - wy * dx;
  // Half chord from r^2 |d|^2 - cross^2 (Lagrange's identity), in units of t.
  const disc = r * r * dd - cr * cr;
  if (!(disc >= 0)) return;
  const t = tc - Math.sqrt(disc) / dd;
  const enter = t < tmin ? tmin : t;
  if (enter > tmax || tc + Math.sqrt(disc) / dd < tmin) return;
  offer(enter, ox + enter * dx - cx, oy + enter * dy - cy);
}

/** Hits of the segment ab from the side its unit normal (nx, ny) faces. */
function castEdge(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  nx: number,
  ny: number,
): void {
  const den = dx * nx + dy * ny;
  if (!(den < 0)) return;
  const t = ((ax - ox) * nx + (ay - oy) * ny) / den;
  if (!(t >= tmin && t <= tmax)) return;
  const px = ox + t * dx;
  const py = oy + t * dy;
  const ex = bx - ax;
  const ey = by - ay;
  const u = (px - ax) * ex + (py - ay) * ey;
  if (u < 0 || u > ex * ex + ey * ey) return;
  offer(t, nx, ny);
}

const N = { x: 0, y: 0 };

/** Whether (x, y) is within the proxy's radius of its core's points and edges (floats). */
function startWithin(x: number, y: number, q: ConvexProxy, edges: number): boolean {
  const xy = q.xy;
  const n = q.count;
  const rr = q.radius * q.radius;
  for (let i = 0; i < n; i++) {
    const wx = x - xy[2 * i]!;
    const wy = y - xy[2 * i + 1]!;
    if (wx * wx + wy * wy <= rr) return true;
  }
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    const ex = xy[2 * j]! - ax;
    const ey = xy[2 * j + 1]! - ay;
    const len2 = ex * ex + ey * ey;
    const u = (x - ax) * ex + (y - ay) * ey;
    if (!(u > 0 && u < len2)) continue;
    const c = ex * (y - ay) - ey * (x - ax);
    if (c * c <= rr * len2) return true;
  }
  return false;
}

/** Cyrus-Beck clipping of the cast against a proper polygon (winding s). */
function clipPolygon(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  q: ConvexProxy,
  s: number,
): void {
  const xy = q.xy;
  const n = q.count;
  let tEnter = tmin;
  let tLeave = tmax;
  let enterEdge = -1;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    const ex = xy[2 * j]! - ax;
    const ey = xy[2 * j + 1]! - ay;
    if (ex === 0 && ey === 0) continue;
    // Inside is s * cross(e, p - a) >= 0; along the cast that is num + t den >= 0.
    const num = s * (ex * (oy - ay) - ey * (ox - ax));
    const den = s * (ex * dy - ey * dx);
    if (den === 0) {
      if (num < 0) return;
    } else if (den > 0) {
      const t = -num / den;
      if (t > tEnter) {
        tEnter = t;
        enterEdge = i;
      }
    } else {
      const t = -num / den;
      if (t < tLeave) tLeave = t;
    }
    if (tEnter > tLeave) return;
  }
  if (enterEdge < 0) {
    // Started inside (or along an edge): the start is the hit.
    offer(tmin, 0, 0);
    return;
  }
  const i = enterEdge;
  const j = i + 1 === n ? 0 : i + 1;
  const ex = xy[2 * j]! - xy[2 * i]!;
  const ey = xy[2 * j + 1]! - xy[2 * i + 1]!;
  normalize2(s * ey, -s * ex, N);
  offer(tEnter, N.x, N.y);
}

/**
 * Casts o + t d, t in [tmin, tmax] (tmin may be -inf for a line, tmax +inf), against the proxy.
 * On a hit fills `out` (t, point, outward unit normal, `inside` when the finite start is in the
 * shape) and returns true. On a float miss fills `out` with the point of the cast nearest the
 * proxy's center, and returns false: callers use it only when the exact test says they touch.
 */
export function raycastProxy(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  q: ConvexProxy,
  out: ShapeHit,
): boolean {
  // Work with a direction scaled to about unit size, so |d|^2 neither overflows nor underflows.
  const m = Math.max(Math.abs(dx), Math.abs(dy));
  const ux = dx / m;
  const uy = dy / m;
  const lo = tmin * m;
  const hi = tmax * m;
  const dd = ux * ux + uy * uy;
  found = false;
  const xy = q.xy;
  const n = q.count;
  const r = q.radius;
  const s = r === 0 ? windingOf(q) : 0;
  if (s !== 0) clipPolygon(ox, oy, ux, uy, lo, hi, q, s);
  else {
    const edges = n === 1 ? 0 : n === 2 ? 1 : n;
    if (r > 0 && Number.isFinite(lo) && startWithin(ox + lo * ux, oy + lo * uy, q, edges)) {
      offer(lo, 0, 0);
    }
    for (let i = 0; i < n; i++) {
      castDisk(ox, oy, ux, uy, lo, hi, xy[2 * i]!, xy[2 * i + 1]!, r, dd);
    }
    for (let i = 0; i < edges; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ax = xy[2 * i]!;
      const ay = xy[2 * i + 1]!;
      const bx = xy[2 * j]!;
      const by = xy[2 * j + 1]!;
      if (!normalize2(by - ay, ax - bx, N)) continue;
      const nx = N.x;
      const ny = N.y;
      // Both sides: a flat core has no inside to tell them apart, and the far side never wins.
      castEdge(ox, oy, ux, uy, lo, hi, ax + r * nx, ay + r * ny, bx + r * nx, by + r * ny, nx, ny);
      castEdge(
        ox,
        oy,
        ux,
        uy,
        lo,
        hi,
        ax - r * nx,
        ay - r * ny,
        bx - r * nx,
        by - r * ny,
        -nx,
        -ny,
      );
    }
  }
  const inside = found && bestT === lo && Number.isFinite(lo) && (s !== 0 || r > 0);
  let t: number;
  if (found) t = bestT;
  else {
    // Nearest approach to the center of the proxy's points, within the range.
    let cx = 0;
    let cy = 0;
    for (let k = 0; k < n; k++) {
      cx += xy[2 * k]! / n;
      cy += xy[2 * k + 1]! / n;
    }
    t = ((cx - ox) * ux + (cy - oy) * uy) / dd;
    t = t < lo ? lo : t > hi ? hi : t;
    if (!Number.isFinite(t)) t = 0;
    bestNx = ox + t * ux - cx;
    bestNy = oy + t * uy - cy;
  }
  const tt = t / m;
  out.t = Number.isFinite(tt) ? tt : t > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
  out.point.x = t === 0 ? ox : ox + t * ux;
  out.point.y = t === 0 ? oy : oy + t * uy;
  out.inside = inside;
  if (inside || !normalize2(bestNx, bestNy, out.normal)) {
    if (!normalize2(-dx, -dy, out.normal)) {
      out.normal.x = 1;
      out.normal.y = 0;
    }
  }
  return found;
}
