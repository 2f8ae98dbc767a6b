import { type GjkResult, gjkDistance } from "../convex/gjk.ts";
import { overlapProxies } from "../convex/overlap.ts";
import {
  lineOverlapsProxy,
  linesMeet,
  rayOverlapsProxy,
  raysMeet,
} from "../convex/overlap-linear.ts";
import { type ConvexProxy, coreBounds, makeProxy } from "../convex/proxy.ts";
import { testLineRay } from "../pairs/line-ray.ts";
import type { ClosestPoints } from "../results.ts";
import type { Line, Polyline, Ray, Segment, Vec } from "../shapes.ts";
import { type AnyShape, type Kind, linearStart, proxyOfKind } from "./shape-kinds.ts";

/*
 * Closest points and distance for every pair of kinds. Bounded convex pairs go through GJK on
 * their proxies; a line or ray is first cut to the stretch that can hold its point nearest the
 * other shape; a polyline is the nearest of its segments. Whether the distance is 0 is decided
 * by the exact tests, so distance == 0 exactly when test() is true; otherwise it is at least the
 * smallest positive double.
 */

const TINY = Number.MIN_VALUE;
const G: GjkResult = {
  distance: 0,
  pointA: { x: 0, y: 0 },
  pointB: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  iterations: 0,
};
const BOUNDS = new Float64Array(4);

/**
 * Copies a and b into out's points. Takes vectors, not doubles: V8 boxes a double passed to a
 * function it does not inline (64 bytes per closest-points call, once every kind had run).
 */
function setPoints(out: ClosestPoints, a: Vec, b: Vec): void {
  out.pointA.x = a.x;
  out.pointA.y = a.y;
  out.pointB.x = b.x;
  out.pointB.y = b.y;
}

/** GJK's closest points, with the distance's zero decided by `touching` (exact). */
function closestProxies(
  p: ConvexProxy,
  q: ConvexProxy,
  touching: boolean,
  out: ClosestPoints,
): void {
  gjkDistance(p, q, G);
  const a = G.pointA;
  const b = G.pointB;
  if (touching) {
    // A shared point: GJK's own when it found one, else halfway across a rounding-sized gap.
    const mx = a.x / 2 + b.x / 2;
    const my = a.y / 2 + b.y / 2;
    out.pointA.x = out.pointB.x = mx;
    out.pointA.y = out.pointB.y = my;
    out.distance = 0;
  } else {
    setPoints(out, a, b);
    out.distance = Math.max(G.distance, TINY);
  }
}

/**
 * Cuts the line or ray from o along d to a segment (into `out`) that contains its point nearest
 * q: that point is the foot of some point of q, so it lies within q's bounding radius of the foot
 * of q's center. Takes vectors, not doubles: when not inlined, doubles passed are boxed (garbage).
 */
export function cutLinear(
  o: Vec,
  d: Vec,
  isRay: boolean,
  q: ConvexProxy,
  out: ConvexProxy,
): ConvexProxy {
  const ox = o.x;
  const oy = o.y;
  const dx = d.x;
  const dy = d.y;
  const m = Math.max(Math.abs(dx), Math.abs(dy));
  const ux = dx / m;
  const uy = dy / m;
  // |u| is in [1, sqrt 2]: the plain root is exact enough (length2 is not always inlined, and
  // its boxed argument and result were 32 bytes per sweep against a line).
  const len = Math.sqrt(ux * ux + uy * uy);
  // Locals, not a module-level Vec: a write to its field boxed one double per cut.
  const vx = ux / len;
  const vy = uy / len;
  coreBounds(q, BOUNDS);
  const minX = BOUNDS[0]!;
  const minY = BOUNDS[1]!;
  const maxX = BOUNDS[2]!;
  const maxY = BOUNDS[3]!;
  const cx = minX / 2 + maxX / 2;
  const cy = minY / 2 + maxY / 2;
  const hx = maxX / 2 - minX / 2;
  const hy = maxY / 2 - minY / 2;
  // The plain root unless the square underflows or overflows (a point core's is 0), then the
  // rescaled one, written out: a call's result merged with the root made V8 box the root on every
  // cut on compiles that left the call out of line (16 B a sweep against a line or ray).
  const h2 = hx * hx + hy * hy;
  let half = Math.sqrt(h2);
  if (!(h2 > 9.332636185032189e-302 && h2 < 1.0715086071862673e301)) {
    // hx, hy >= 0.
    const m = Math.max(hx, hy);
    const a = hx / m;
    const b = hy / m;
    half = m > 0 ? m * Math.sqrt(a * a + b * b) : 0;
  }
  const reach = (half + q.radius) * 1.001 + 1e-300;
  const s = (cx - ox) * vx + (cy - oy) * vy;
  let lo = s - reach;
  let hi = s + reach;
  if (isRay) {
    lo = Math.max(lo, 0);
    hi = Math.max(hi, 0);
  }
  const a = out.xy;
  out.count = 2;
  out.radius = 0;
  a[0] = ox + lo * vx;
  a[1] = oy + lo * vy;
  a[2] = ox + hi * vx;
  a[3] = oy + hi * vy;
  if (isRay && lo === 0) {
    a[0] = ox;
    a[1] = oy;
  }
  return out;
}

const CUT = makeProxy(2);

/** Closest points of a line or ray (kind `lk`) and a bounded convex proxy. */
function closestLinearProxy(lk: Kind, l: AnyShape, q: ConvexProxy, out: ClosestPoints): void {
  const o = linearStart(lk, l);
  const d = (l as Line).dir;
  const isRay = lk === "ray";
  const touching = isRay ? rayOverlapsProxy(o, d, q) : lineOverlapsProxy(o, d, q);
  closestProxies(cutLinear(o, d, isRay, q, CUT), q, touching, out);
}

/** Writes into `out` the point of the line or ray nearest p; returns the squared distance. */
function nearestOnLinear(px: number, py: number, lk: Kind, l: AnyShape, out: Vec): number {
  const o = linearStart(lk, l);
  const d = (l as Line).dir;
  const m = Math.max(Math.abs(d.x), Math.abs(d.y));
  const ux = d.x / m;
  const uy = d.y / m;
  const len2 = ux * ux + uy * uy;
  let s = ((px - o.x) * ux + (py - o.y) * uy) / len2;
  if (lk === "ray" && !(s > 0)) s = 0;
  out.x = o.x + s * ux;
  out.y = o.y + s * uy;
  const ex = px - out.x;
  const ey = py - out.y;
  return ex * ex + ey * ey;
}

const NA: Vec = { x: 0, y: 0 };
const NB: Vec = { x: 0, y: 0 };

/** Closest points of two lines or rays. */
function closestLinearLinear(
  ka: Kind,
  a: AnyShape,
  kb: Kind,
  b: AnyShape,
  out: ClosestPoints,
): void {
  const o1 = linearStart(ka, a);
  const d1 = (a as Line).dir;
  const o2 = linearStart(kb, b);
  const d2 = (b as Line).dir;
  let meet: boolean;
  if (ka === "line" && kb === "line") meet = linesMeet(o1, d1, o2, d2);
  else if (ka === "ray" && kb === "ray") meet = raysMeet(o1, d1, o2, d2);
  else if (ka === "line") meet = testLineRay(a as Line, b as Ray);
  else meet = testLineRay(b as Line, a as Ray);
  // Candidates: each start against the other shape. Crossing lines and rays are handled by
  // their crossing point; otherwise the nearest pair has a start in it (or they are parallel).
  const da = nearestOnLinear(o2.x, o2.y, ka, a, NA);
  const db = nearestOnLinear(o1.x, o1.y, kb, b, NB);
  if (meet) {
    const den = d1.x * d2.y - d1.y * d2.x;
    let px: number;
    let py: number;
    if (den !== 0 && Number.isFinite(den)) {
      const t = ((o2.x - o1.x) * d2.y - (o2.y - o1.y) * d2.x) / den;
      px = o1.x + t * d1.x;
      py = o1.y + t * d1.y;
      if (!Number.isFinite(px) || !Number.isFinite(py)) {
        px = da <= db ? NA.x : o1.x;
        py = da <= db ? NA.y : o1.y;
      }
    } else if (da <= db) {
      px = NA.x;
      py = NA.y;
    } else {
      px = o1.x;
      py = o1.y;
    }
    out.pointA.x = out.pointB.x = px;
    out.pointA.y = out.pointB.y = py;
    out.distance = 0;
    return;
  }
  if (da <= db) setPoints(out, NA, o2);
  else setPoints(out, o1, NB);
  out.distance = Math.max(Math.sqrt(Math.min(da, db)), TINY);
}

const SEGMENTS: Segment[] = [];
const RESULTS: ClosestPoints[] = [];

function scratchSegment(level: number): Segment {
  let s = SEGMENTS[level];
  if (s === undefined) {
    s = { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };
    SEGMENTS[level] = s;
  }
  return s;
}

function scratchResult(level: number): ClosestPoints {
  let r = RESULTS[level];
  if (r === undefined) {
    r = { pointA: { x: 0, y: 0 }, pointB: { x: 0, y: 0 }, distance: 0 };
    RESULTS[level] = r;
  }
  return r;
}

/** Closest points of a polyline (as A when `polylineFirst`) and another shape: its nearest segment. */
function closestPolyline(
  pl: Polyline,
  kb: Kind,
  b: AnyShape,
  polylineFirst: boolean,
  out: ClosestPoints,
  level: number,
): void {
  const pts = pl.points;
  const n = pts.length;
  const m = n === 1 ? 1 : pl.closed ? n : n - 1;
  const seg = scratchSegment(level);
  const tmp = scratchResult(level);
  out.distance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < m; i++) {
    seg.a = pts[i]!;
    seg.b = n === 1 ? pts[i]! : pts[i + 1 === n ? 0 : i + 1]!;
    if (polylineFirst) closestAt("segment", seg, kb, b, tmp, level + 1);
    else closestAt(kb, b, "segment", seg, tmp, level + 1);
    if (tmp.distance < out.distance) {
      out.distance = tmp.distance;
      setPoints(out, tmp.pointA, tmp.pointB);
      if (tmp.distance === 0) return;
    }
  }
}

const PROXIES_A: ConvexProxy[] = [];
const PROXIES_B: ConvexProxy[] = [];

function scratchProxy(list: ConvexProxy[], level: number): ConvexProxy {
  let p = list[level];
  if (p === undefined) {
    p = makeProxy();
    list[level] = p;
  }
  return p;
}

function closestAt(
  ka: Kind,
  a: AnyShape,
  kb: Kind,
  b: AnyShape,
  out: ClosestPoints,
  level: number,
): void {
  if (ka === "polyline") {
    closestPolyline(a as Polyline, kb, b, true, out, level);
    return;
  }
  if (kb === "polyline") {
    closestPolyline(b as Polyline, ka, a, false, out, level);
    return;
  }
  const pa = proxyOfKind(ka, a, scratchProxy(PROXIES_A, level));
  const pb = proxyOfKind(kb, b, scratchProxy(PROXIES_B, level));
  if (pa !== null && pb !== null) {
    closestProxies(pa, pb, overlapProxies(pa, pb), out);
    return;
  }
  if (pa === null && pb === null) {
    closestLinearLinear(ka, a, kb, b, out);
    return;
  }
  if (pa === null) {
    closestLinearProxy(ka, a, pb!, out);
    return;
  }
  closestLinearProxy(kb, b, pa, out);
  // It answered in (linear, convex) order: swap back.
  const bx = out.pointA.x;
  const by = out.pointA.y;
  out.pointA.x = out.pointB.x;
  out.pointA.y = out.pointB.y;
  out.pointB.x = bx;
  out.pointB.y = by;
}

/** Closest points of two shapes of the given kinds, into `out`. */
export function closestShapes(
  ka: Kind,
  a: AnyShape,
  kb: Kind,
  b: AnyShape,
  out: ClosestPoints,
): ClosestPoints {
  closestAt(ka, a, kb, b, out, 0);
  return out;
}
