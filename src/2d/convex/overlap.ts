import { DIST, lineDistanceSign, segmentDistanceSign } from "../../exact/distance-sign.ts";
import { ERR3, TAIL2 } from "../../exact/filter.ts";
import { orient2d } from "../../exact/orient2d.ts";
import type { ConvexProxy } from "./proxy.ts";

/*
 * Exact overlap of two rounded convex shapes: cores that are convex hulls of points (in order,
 * either winding, possibly flat or with repeated points), each grown by a radius.
 *
 * Cores: the Minkowski difference of two convex polygons has only edges parallel to theirs, so
 * they are disjoint exactly when an edge line of one has the other strictly on its outer side
 * (the separating axis theorem). When both cores are flat and parallel the difference is flat
 * too, and its ends are the last axis: there the cores share a line, and coordinates along it
 * decide. Every step is an exact orientation sign.
 *
 * Radii: disjoint cores come within r = ra + rb of each other exactly when a corner of one comes
 * within r of an edge of the other.
 * @see Gottschalk, Lin, Manocha, "OBBTree", SIGGRAPH 1996, and Ericson, Real-Time Collision
 * Detection, §5.2.1 (separating axes); §5.1.9 (distance between convex polygons).
 */

/**
 * The winding of a core: 1 counter-clockwise, -1 clockwise, 0 when flat (all points on a line,
 * or a single point). Read from the first turn that is not straight.
 */
export function windingOf(p: ConvexProxy): number {
  const xy = p.xy;
  const n = p.count;
  if (n < 3) return 0;
  const x0 = xy[0]!;
  const y0 = xy[1]!;
  for (let i = 1; i + 1 < n; i++) {
    // orient2d's float filter written out (a call that is not inlined boxes its six doubles).
    const l = (xy[2 * i]! - x0) * (xy[2 * i + 3]! - y0);
    const r = (xy[2 * i + 1]! - y0) * (xy[2 * i + 2]! - x0);
    const det = l - r;
    const bound = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
    if (det > bound) return 1;
    if (-det > bound) return -1;
    const o = orient2d(x0, y0, xy[2 * i]!, xy[2 * i + 1]!, xy[2 * i + 2]!, xy[2 * i + 3]!);
    if (o !== 0) return o;
  }
  return 0;
}

/**
 * Whether some edge line of p (winding s) has every point of q strictly outside. For a flat p the
 * one line through it is tried, with q strictly on either side.
 */
function separatedByEdgeOf(p: ConvexProxy, s: number, q: ConvexProxy): boolean {
  const pxy = p.xy;
  const qxy = q.xy;
  const n = p.count;
  const m = q.count;
  if (n < 2) return false;
  const edges = n === 2 ? 1 : n;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = pxy[2 * i]!;
    const ay = pxy[2 * i + 1]!;
    const bx = pxy[2 * j]!;
    const by = pxy[2 * j + 1]!;
    if (ax === bx && ay === by) continue;
    // Outer side is -s for a proper polygon; a flat one may have q on either side.
    let side = -s;
    let all = true;
    const ux = bx - ax;
    const uy = by - ay;
    for (let k = 0; k < m; k++) {
      // orient2d's float filter written out (a call that is not inlined boxes its six doubles);
      // the exact orient2d only where the filter cannot decide.
      const l = ux * (qxy[2 * k + 1]! - ay);
      const r = uy * (qxy[2 * k]! - ax);
      const det = l - r;
      const bound = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
      const o =
        det > bound
          ? 1
          : -det > bound
            ? -1
            : orient2d(ax, ay, bx, by, qxy[2 * k]!, qxy[2 * k + 1]!);
      if (side === 0) side = o;
      if (o === 0 || o !== side) {
        all = false;
        break;
      }
    }
    if (all) return true;
    if (s === 0) return false;
  }
  return false;
}

/** For flat cores not separated by their lines: they overlap unless they share a line and their
 * intervals along it are apart. */
function flatCoresOverlap(p: ConvexProxy, q: ConvexProxy): boolean {
  const pxy = p.xy;
  const qxy = q.xy;
  // Find a line through two distinct points of either core.
  const line = distinctPair(p) ? p : distinctPair(q) ? q : null;
  if (line === null) return pxy[0] === qxy[0] && pxy[1] === qxy[1];
  const lxy = line.xy;
  const ax = lxy[0]!;
  const ay = lxy[1]!;
  const bx = lxy[2 * pairIndex]!;
  const by = lxy[2 * pairIndex + 1]!;
  const other = line === p ? q : p;
  const oxy = other.xy;
  for (let k = 0; k < other.count; k++) {
    // Neither line separates, so a point off the common line means the cores cross it.
    const l = (bx - ax) * (oxy[2 * k + 1]! - ay);
    const r = (by - ay) * (oxy[2 * k]! - ax);
    if (Math.abs(l - r) > ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2) return true;
    if (orient2d(ax, ay, bx, by, oxy[2 * k]!, oxy[2 * k + 1]!) !== 0) return true;
  }
  // Collinear: compare intervals along x, or along y for a vertical line. Exact comparisons.
  const c = ax !== bx ? 0 : 1;
  let pmin = Number.POSITIVE_INFINITY;
  let pmax = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < p.count; k++) {
    const v = pxy[2 * k + c]!;
    if (v < pmin) pmin = v;
    if (v > pmax) pmax = v;
  }
  let qmin = Number.POSITIVE_INFINITY;
  let qmax = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < q.count; k++) {
    const v = qxy[2 * k + c]!;
    if (v < qmin) qmin = v;
    if (v > qmax) qmax = v;
  }
  return pmin <= qmax && qmin <= pmax;
}

let pairIndex = 0;

/** Whether the core has two distinct points; sets `pairIndex` to the second one's index. */
function distinctPair(p: ConvexProxy): boolean {
  const xy = p.xy;
  for (let k = 1; k < p.count; k++) {
    if (xy[2 * k] !== xy[0] || xy[2 * k + 1] !== xy[1]) {
      pairIndex = k;
      return true;
    }
  }
  return false;
}

/** Whether the two cores (radii ignored) share a point; exact. */
export function coresOverlap(p: ConvexProxy, q: ConvexProxy): boolean {
  const sp = windingOf(p);
  if (separatedByEdgeOf(p, sp, q)) return false;
  const sq = windingOf(q);
  if (separatedByEdgeOf(q, sq, p)) return false;
  if (sp === 0 && sq === 0) return flatCoresOverlap(p, q);
  return true;
}

/**
 * Whether some point of p comes within the sum of the radii of some edge (or the single point)
 * of q. The numbers go through `DIST`, not arguments: V8 boxes doubles passed to a call it does
 * not inline.
 */
function cornerNearEdge(p: ConvexProxy, q: ConvexProxy): boolean {
  const pxy = p.xy;
  const qxy = q.xy;
  const m = q.count;
  const edges = m === 1 ? 1 : m === 2 ? 1 : m;
  const d = DIST;
  for (let k = 0; k < p.count; k++) {
    for (let i = 0; i < edges; i++) {
      const j = i + 1 >= m ? 0 : i + 1;
      d[0] = pxy[2 * k]!;
      d[1] = pxy[2 * k + 1]!;
      d[2] = qxy[2 * i]!;
      d[3] = qxy[2 * i + 1]!;
      d[4] = qxy[2 * j]!;
      d[5] = qxy[2 * j + 1]!;
      d[6] = p.radius;
      d[7] = q.radius;
      if (segmentDistanceSign() <= 0) return true;
    }
  }
  return false;
}

/**
 * Whether the point core p comes within the sum of the radii of the proper polygon q (winding s);
 * exact. An outside point's nearest boundary point lies on an edge whose outer side holds the
 * point, so only those edges are measured; edges with the point certainly inside are skipped in
 * floats. Takes the proxies, not doubles (a call that is not inlined boxes them).
 */
function pointNearPolygon(p: ConvexProxy, q: ConvexProxy, s: number): boolean {
  const x = p.xy[0]!;
  const y = p.xy[1]!;
  const r1 = p.radius;
  const r2 = q.radius;
  const xy = q.xy;
  const n = q.count;
  let outside = false;
  let undecided = false;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    const bx = xy[2 * j]!;
    const by = xy[2 * j + 1]!;
    const l = (bx - ax) * (y - ay);
    const m = (by - ay) * (x - ax);
    const c = s * (m - l); // positive outside: the inner side is s * cross(b - a, p - a) > 0
    const err = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
    if (c < -err) continue;
    if (c > err) {
      // Beyond this edge's line by more than the radius: apart (margin 2^-40 covers R^2 L's error).
      const ex = bx - ax;
      const ey = by - ay;
      const g = c - err;
      const r = r1 + r2;
      const rr = r * r;
      const len2 = ex * ex + ey * ey;
      // Only where no square underflowed, so the relative margin holds.
      const normal = len2 >= NORMAL && g >= ROOT_NORMAL && (rr >= NORMAL || r === 0);
      if (normal && g * g > rr * len2 * (1 + 2 ** -40)) return false;
      outside = true;
    } else undecided = true;
    const d = DIST;
    d[0] = x;
    d[1] = y;
    d[2] = ax;
    d[3] = ay;
    d[4] = bx;
    d[5] = by;
    d[6] = r1;
    d[7] = r2;
    if (segmentDistanceSign() <= 0) return true;
  }
  if (outside) return false;
  return !undecided || pointInCore(xy, n, s, p);
}

const NORMAL = 2 ** -1000;
const ROOT_NORMAL = 2 ** -500;

function pointInCore(xy: Float64Array, n: number, s: number, p: ConvexProxy): boolean {
  const x = p.xy[0]!;
  const y = p.xy[1]!;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    if (s * orient2d(xy[2 * i]!, xy[2 * i + 1]!, xy[2 * j]!, xy[2 * j + 1]!, x, y) < 0) {
      return false;
    }
  }
  return true;
}

/** Whether two rounded convex shapes share a point (closed sets); exact for finite input. */
export function overlapProxies(a: ConvexProxy, b: ConvexProxy): boolean {
  if (a.count === 1 || b.count === 1) {
    // A circle or point against a proper polygon: one pass over the polygon's edges.
    const p = a.count === 1 ? a : b;
    const q = p === a ? b : a;
    const s = windingOf(q);
    if (s !== 0) return pointNearPolygon(p, q, s);
  }
  if (coresOverlap(a, b)) return true;
  if (a.radius === 0 && b.radius === 0) return false;
  return cornerNearEdge(a, b) || cornerNearEdge(b, a);
}

/**
 * Whether a rounded convex shape lies entirely inside another (closed: touching boundaries count);
 * exact. The outer one is a polygon (radius 0) or has a flat core (a circle or a capsule). Corners
 * suffice because both shapes are convex.
 */
export function containsProxy(outer: ConvexProxy, inner: ConvexProxy): boolean {
  const ro = outer.radius;
  const ri = inner.radius;
  const xy = inner.xy;
  const oxy = outer.xy;
  const m = outer.count;
  if (ro === 0) return cornersDeepInside(outer, inner);
  // Inside a circle or capsule: every corner within ro - ri of its core segment.
  const edges = m <= 2 ? 1 : m;
  const d = DIST;
  for (let k = 0; k < inner.count; k++) {
    let near = false;
    for (let i = 0; i < edges && !near; i++) {
      const j = i + 1 >= m ? 0 : i + 1;
      d[0] = xy[2 * k]!;
      d[1] = xy[2 * k + 1]!;
      d[2] = oxy[2 * i]!;
      d[3] = oxy[2 * i + 1]!;
      d[4] = oxy[2 * j]!;
      d[5] = oxy[2 * j + 1]!;
      d[6] = ro;
      d[7] = -ri;
      near = segmentDistanceSign() <= 0;
    }
    if (!near) return false;
  }
  return true;
}

/**
 * Whether every core point of `inner` is inside the polygon p by at least inner's radius r
 * (distance to each edge line).
 */
function cornersDeepInside(p: ConvexProxy, inner: ConvexProxy): boolean {
  const xy = inner.xy;
  const count = inner.count;
  const r = inner.radius;
  const s = windingOf(p);
  const pxy = p.xy;
  const n = p.count;
  if (s === 0) {
    // A flat polygon holds only zero-radius points on it.
    if (r > 0) return false;
    for (let k = 0; k < count; k++) {
      tmpPoint.xy[0] = xy[2 * k]!;
      tmpPoint.xy[1] = xy[2 * k + 1]!;
      if (!coresOverlap(p, tmpPoint)) return false;
    }
    return true;
  }
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = pxy[2 * i]!;
    const ay = pxy[2 * i + 1]!;
    const bx = pxy[2 * j]!;
    const by = pxy[2 * j + 1]!;
    if (ax === bx && ay === by) continue;
    for (let k = 0; k < count; k++) {
      const x = xy[2 * k]!;
      const y = xy[2 * k + 1]!;
      // orient2d's float filter written out, as in separatedByEdgeOf.
      const pl = (bx - ax) * (y - ay);
      const pr = (by - ay) * (x - ax);
      const det = pl - pr;
      const bound = ERR3 * (Math.abs(pl) + Math.abs(pr)) + TAIL2;
      const o = det > bound ? 1 : -det > bound ? -1 : orient2d(ax, ay, bx, by, x, y);
      if (s * o < 0) return false;
      if (r > 0) {
        const d = DIST;
        d[0] = x;
        d[1] = y;
        d[2] = ax;
        d[3] = ay;
        d[4] = bx;
        d[5] = by;
        d[8] = ax;
        d[9] = ay;
        d[6] = r;
        d[7] = 0;
        if (lineDistanceSign() < 0) return false;
      }
    }
  }
  return true;
}

const tmpPoint: ConvexProxy = { xy: new Float64Array(2), count: 1, radius: 0 };
