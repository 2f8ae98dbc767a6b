import {
  compareLineDistance,
  comparePointDistance,
  compareSegmentDistance,
} from "../../exact/distance-sign.ts";
import { crossSign, dotSign, orient2d } from "../../exact/orient2d.ts";
import type { Vec } from "../shapes.ts";
import { windingOf } from "./overlap.ts";
import type { ConvexProxy } from "./proxy.ts";

/*
 * Exact overlap of lines and rays with rounded convex shapes, and with each other. Directions are
 * used as given (never normalised or added to points), so every sign is exact for finite input.
 * The line and ray tests take vectors, not doubles: V8 boxes a double passed to a function it
 * does not inline (64 bytes per sweep against a line, once every sweep kind had run).
 */

/** Whether the line through p along d meets the rounded convex shape; exact. */
export function lineOverlapsProxy(p: Vec, d: Vec, q: ConvexProxy): boolean {
  const px = p.x;
  const py = p.y;
  const dx = d.x;
  const dy = d.y;
  const xy = q.xy;
  const n = q.count;
  let side = 0;
  for (let k = 0; k < n; k++) {
    const o = crossSign(dx, 0, dy, 0, xy[2 * k]!, px, xy[2 * k + 1]!, py);
    if (o === 0) return true;
    if (side === 0) side = o;
    else if (o !== side) return true;
  }
  const r = q.radius;
  if (r === 0) return false;
  for (let k = 0; k < n; k++) {
    if (compareLineDistance(xy[2 * k]!, xy[2 * k + 1]!, px, py, dx, dy, 0, 0, r, 0) <= 0) {
      return true;
    }
  }
  return false;
}

/** Whether the ray's line, its backward half-plane, or an edge line of the core separates them. */
function rayMissesCore(o: Vec, d: Vec, q: ConvexProxy): boolean {
  const ox = o.x;
  const oy = o.y;
  const dx = d.x;
  const dy = d.y;
  const xy = q.xy;
  const n = q.count;
  // The ray's own line, with the core strictly on one side.
  let side = 0;
  let split = false;
  for (let k = 0; k < n; k++) {
    const o = crossSign(dx, 0, dy, 0, xy[2 * k]!, ox, xy[2 * k + 1]!, oy);
    if (o === 0 || (side !== 0 && o !== side)) {
      split = true;
      break;
    }
    side = o;
  }
  if (!split) return true;
  // The half-plane behind the origin, with the core strictly inside it.
  let behind = true;
  for (let k = 0; k < n && behind; k++) {
    behind = dotSign(xy[2 * k]!, ox, xy[2 * k + 1]!, oy, dx, 0, dy, 0) < 0;
  }
  if (behind) return true;
  // An edge line with the origin strictly outside and the ray not turning back across it.
  const s = windingOf(q);
  const edges = n < 2 ? 0 : n === 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    const bx = xy[2 * j]!;
    const by = xy[2 * j + 1]!;
    if (ax === bx && ay === by) continue;
    const o = orient2d(ax, ay, bx, by, ox, oy);
    const out = s === 0 ? o : -s;
    if (o === 0 || o !== out) {
      if (s === 0) return false;
      continue;
    }
    const turn = crossSign(bx, ax, by, ay, dx, 0, dy, 0);
    if (turn === 0 || turn === out) return true;
    if (s === 0) return false;
  }
  return false;
}

/** Whether the ray from o along d meets the rounded convex shape; exact. */
export function rayOverlapsProxy(o: Vec, d: Vec, q: ConvexProxy): boolean {
  if (!rayMissesCore(o, d, q)) return true;
  const ox = o.x;
  const oy = o.y;
  const dx = d.x;
  const dy = d.y;
  const r = q.radius;
  if (r === 0) return false;
  const xy = q.xy;
  const n = q.count;
  // The distance is reached at a corner of the core or at the origin.
  for (let k = 0; k < n; k++) {
    const x = xy[2 * k]!;
    const y = xy[2 * k + 1]!;
    const sign =
      dotSign(x, ox, y, oy, dx, 0, dy, 0) <= 0
        ? comparePointDistance(x, y, ox, oy, r, 0)
        : compareLineDistance(x, y, ox, oy, dx, dy, 0, 0, r, 0);
    if (sign <= 0) return true;
  }
  const edges = n === 1 ? 1 : n === 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 >= n ? 0 : i + 1;
    const sign = compareSegmentDistance(
      ox,
      oy,
      xy[2 * i]!,
      xy[2 * i + 1]!,
      xy[2 * j]!,
      xy[2 * j + 1]!,
      r,
      0,
    );
    if (sign <= 0) return true;
  }
  return false;
}

/** Whether two lines meet: they are not parallel, or they are the same line; exact. */
export function linesMeet(
  px: number,
  py: number,
  dx: number,
  dy: number,
  qx: number,
  qy: number,
  ex: number,
  ey: number,
): boolean {
  if (crossSign(dx, 0, dy, 0, ex, 0, ey, 0) !== 0) return true;
  return crossSign(dx, 0, dy, 0, qx, px, qy, py) === 0;
}

/**
 * Whether two rays meet; exact. Crossing lines meet where both parameters are >= 0, which is a
 * question of signs of cross products; parallel rays must share their line and not point apart.
 */
export function raysMeet(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  px: number,
  py: number,
  ex: number,
  ey: number,
): boolean {
  const den = crossSign(dx, 0, dy, 0, ex, 0, ey, 0);
  if (den !== 0) {
    // t1 = cross(p - o, e) / den, t2 = cross(p - o, d) / den.
    const s1 = crossSign(px, ox, py, oy, ex, 0, ey, 0);
    const s2 = crossSign(px, ox, py, oy, dx, 0, dy, 0);
    return s1 * den >= 0 && s2 * den >= 0;
  }
  if (crossSign(dx, 0, dy, 0, px, ox, py, oy) !== 0) return false;
  if (dotSign(dx, 0, dy, 0, ex, 0, ey, 0) > 0) return true;
  return dotSign(px, ox, py, oy, dx, 0, dy, 0) >= 0;
}
