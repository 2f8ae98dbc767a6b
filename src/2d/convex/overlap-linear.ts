import {
  DIST,
  lineDistanceSign,
  pointDistanceSign,
  segmentDistanceSign,
} from "../../exact/distance-sign.ts";
import { CROSS, crossSignStored, offsetCrossSign, offsetDotSign } from "../../exact/orient2d.ts";
import type { Vec } from "../shapes.ts";
import { windingOf } from "./overlap.ts";
import type { ConvexProxy } from "./proxy.ts";

/*
 * Exact overlap of lines and rays with rounded convex shapes, and with each other. Directions are
 * used as given (never normalised or added to points), so every sign is exact for finite input.
 * Points and directions come as objects: these are too large to inline, and a double passed to a
 * call that is not inlined is boxed (16 B of garbage each).
 */

/*
 * The exact signs below, one per question, take the objects and indices, never doubles: they
 * write the arguments into CROSS or DIST and call the no-argument forms, so the outer functions
 * box nothing whatever V8 leaves out of line.
 */

/** Exact sign of cross(d, c - o) for corner k: positive when it lies left of the line through o along d. */
function cornerSide(o: Vec, d: Vec, xy: Float64Array, k: number): number {
  const c = CROSS;
  c[0] = d.x;
  c[1] = 0;
  c[2] = d.y;
  c[3] = 0;
  c[4] = xy[2 * k]!;
  c[5] = o.x;
  c[6] = xy[2 * k + 1]!;
  c[7] = o.y;
  return crossSignStored();
}

/** Exact sign of dot(c - o, d) for corner k: positive when it lies ahead of o along d. */
function cornerAhead(o: Vec, d: Vec, xy: Float64Array, k: number): number {
  // dot(u, d) = cross(d, u turned a quarter left).
  const c = CROSS;
  c[0] = d.x;
  c[1] = 0;
  c[2] = d.y;
  c[3] = 0;
  c[4] = o.y;
  c[5] = xy[2 * k + 1]!;
  c[6] = xy[2 * k]!;
  c[7] = o.x;
  return crossSignStored();
}

/** Exact sign of orient2d(corner i, corner j, o): positive when o lies left of the edge. */
function edgeSide(xy: Float64Array, i: number, j: number, o: Vec): number {
  const c = CROSS;
  c[0] = xy[2 * j]!;
  c[1] = xy[2 * i]!;
  c[2] = xy[2 * j + 1]!;
  c[3] = xy[2 * i + 1]!;
  c[4] = o.x;
  c[5] = xy[2 * i]!;
  c[6] = o.y;
  c[7] = xy[2 * i + 1]!;
  return crossSignStored();
}

/** Exact sign of cross(corner j - corner i, d): positive when d turns left of the edge. */
function edgeTurn(xy: Float64Array, i: number, j: number, d: Vec): number {
  const c = CROSS;
  c[0] = xy[2 * j]!;
  c[1] = xy[2 * i]!;
  c[2] = xy[2 * j + 1]!;
  c[3] = xy[2 * i + 1]!;
  c[4] = d.x;
  c[5] = 0;
  c[6] = d.y;
  c[7] = 0;
  return crossSignStored();
}

/** Exact sign of |c - o| - r for corner k of q and r its radius. */
function cornerDistance(q: ConvexProxy, k: number, o: Vec): number {
  const d = DIST;
  d[0] = q.xy[2 * k]!;
  d[1] = q.xy[2 * k + 1]!;
  d[2] = o.x;
  d[3] = o.y;
  d[6] = q.radius;
  d[7] = 0;
  return pointDistanceSign();
}

/** Exact sign of dist(c, line through o along d) - r for corner k of q and r its radius. */
function cornerLineDistance(q: ConvexProxy, k: number, o: Vec, d: Vec): number {
  const w = DIST;
  w[0] = q.xy[2 * k]!;
  w[1] = q.xy[2 * k + 1]!;
  w[2] = o.x;
  w[3] = o.y;
  w[4] = d.x;
  w[5] = d.y;
  w[8] = 0;
  w[9] = 0;
  w[6] = q.radius;
  w[7] = 0;
  return lineDistanceSign();
}

/** Exact sign of dist(o, edge from corner i to corner j) - r for q's radius r. */
function edgeDistance(q: ConvexProxy, i: number, j: number, o: Vec): number {
  const d = DIST;
  d[0] = o.x;
  d[1] = o.y;
  d[2] = q.xy[2 * i]!;
  d[3] = q.xy[2 * i + 1]!;
  d[4] = q.xy[2 * j]!;
  d[5] = q.xy[2 * j + 1]!;
  d[6] = q.radius;
  d[7] = 0;
  return segmentDistanceSign();
}

/** Whether the line through p along d meets the rounded convex shape; exact. */
export function lineOverlapsProxy(p: Vec, d: Vec, q: ConvexProxy): boolean {
  const xy = q.xy;
  const n = q.count;
  let side = 0;
  for (let k = 0; k < n; k++) {
    const o = cornerSide(p, d, xy, k);
    if (o === 0) return true;
    if (side === 0) side = o;
    else if (o !== side) return true;
  }
  if (q.radius === 0) return false;
  for (let k = 0; k < n; k++) {
    if (cornerLineDistance(q, k, p, d) <= 0) return true;
  }
  return false;
}

/** Whether the ray's line, its backward half-plane, or an edge line of the core separates them. */
function rayMissesCore(o: Vec, d: Vec, q: ConvexProxy): boolean {
  const xy = q.xy;
  const n = q.count;
  // The ray's own line, with the core strictly on one side.
  let side = 0;
  let split = false;
  for (let k = 0; k < n; k++) {
    const s = cornerSide(o, d, xy, k);
    if (s === 0 || (side !== 0 && s !== side)) {
      split = true;
      break;
    }
    side = s;
  }
  if (!split) return true;
  // The half-plane behind the origin, with the core strictly inside it.
  let behind = true;
  for (let k = 0; k < n && behind; k++) behind = cornerAhead(o, d, xy, k) < 0;
  if (behind) return true;
  // An edge line with the origin strictly outside and the ray not turning back across it.
  const s = windingOf(q);
  const edges = n < 2 ? 0 : n === 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    if (xy[2 * i] === xy[2 * j] && xy[2 * i + 1] === xy[2 * j + 1]) continue;
    const at = edgeSide(xy, i, j, o);
    const out = s === 0 ? at : -s;
    if (at === 0 || at !== out) {
      if (s === 0) return false;
      continue;
    }
    const turn = edgeTurn(xy, i, j, d);
    if (turn === 0 || turn === out) return true;
    if (s === 0) return false;
  }
  return false;
}

/** Whether the ray from o along d meets the rounded convex shape; exact. */
export function rayOverlapsProxy(o: Vec, d: Vec, q: ConvexProxy): boolean {
  if (!rayMissesCore(o, d, q)) return true;
  if (q.radius === 0) return false;
  const n = q.count;
  // The distance is reached at a corner of the core or at the origin.
  for (let k = 0; k < n; k++) {
    const sign =
      cornerAhead(o, d, q.xy, k) <= 0 ? cornerDistance(q, k, o) : cornerLineDistance(q, k, o, d);
    if (sign <= 0) return true;
  }
  const edges = n === 1 ? 1 : n === 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    if (edgeDistance(q, i, i + 1 >= n ? 0 : i + 1, o) <= 0) return true;
  }
  return false;
}

/** The origin, for directions read as offsets from it. */
const ZERO: Vec = { x: 0, y: 0 };

/** Whether the lines through p along d and through q along e meet: they are not parallel, or they are the same line; exact. */
export function linesMeet(p: Vec, d: Vec, q: Vec, e: Vec): boolean {
  if (offsetCrossSign(d, ZERO, e) !== 0) return true;
  return offsetCrossSign(q, p, d) === 0;
}

/**
 * Whether the rays from o along d and from p along e meet; exact. Crossing lines meet where both parameters are >= 0, which is a
 * question of signs of cross products; parallel rays must share their line and not point apart.
 */
export function raysMeet(o: Vec, d: Vec, p: Vec, e: Vec): boolean {
  const den = offsetCrossSign(d, ZERO, e);
  if (den !== 0) {
    // t1 = cross(p - o, e) / den, t2 = cross(p - o, d) / den.
    return offsetCrossSign(p, o, e) * den >= 0 && offsetCrossSign(p, o, d) * den >= 0;
  }
  if (offsetCrossSign(p, o, d) !== 0) return false;
  if (offsetDotSign(d, ZERO, e) > 0) return true;
  return offsetDotSign(p, o, d) >= 0;
}
