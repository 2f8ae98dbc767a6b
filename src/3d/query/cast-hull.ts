/**
 * Lines, rays and segments against hulls. Whether they meet is exact (test-hull.ts); where they
 * enter is found by iterated separating planes: from the current point x = o + s d, GJK gives the
 * hull's closest point c; with v = x - c the hull lies below its support plane v . y <= h
 * (h = max over its points of v . p; v . c when c is exact), which the cast enters at
 * s - (v . x - h) / (v . d), so s only grows and never passes the entry, however rough c is. On
 * a polytope the step lands on the entry face's plane once c is on that face, so few iterations
 * are needed.
 * @see G. van den Bergen, "Ray Casting against General Convex Objects with Application to
 * Continuous Collision Detection", 2004 (the GJK ray cast); Ericson, Real-Time Collision
 * Detection, §5.3.8 (rays against convex polyhedra).
 */
import { clampFinite } from "../../math/scalar.ts";
import { normalize3 } from "../../math/vec3.ts";
import { type GjkResult, gjkDistance, makeGjkResult } from "../convex/gjk.ts";
import { makeProxy, proxyOfKind } from "../convex/proxy.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type { Hull, Line, Ray, Segment } from "../shapes.ts";
import { insideHit } from "./linear-cast.ts";
import {
  type LinearForm3,
  lineForm3,
  makeLinearForm3,
  pointAt3,
  rayForm3,
  segmentOf3,
} from "./linear-form.ts";
import { testLineHull, testPointHull, testRayHull, testSegmentHull } from "./test-hull.ts";

const F: LinearForm3 = makeLinearForm3();
const X = makeProxy(1);
const H = makeProxy(8);
const G: GjkResult = makeGjkResult();
const MAX_STEPS = 64;
/** Relative size of a gap counted as touching (in units of the coordinates' magnitude). */
const CLOSE = 2 ** -45;
/** s, then the last separating direction v (x, y, z). */
const S = new Float64Array(4);
const PT = { x: 0, y: 0, z: 0 };

/** Runs the iteration from s = S[0], leaving the entry parameter in S[0] and v in S[1..3]. */
function march(f: LinearForm3, h: Hull): void {
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const dz = f.pz - f.qz;
  proxyOfKind("hull", h, H);
  let m = Math.max(Math.abs(f.ox), Math.abs(f.oy), Math.abs(f.oz));
  const pts = h.points;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    m = Math.max(m, Math.abs(p.x), Math.abs(p.y), Math.abs(p.z));
  }
  const tol = CLOSE * m;
  S[1] = S[2] = S[3] = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const s = S[0]!;
    pointAt3(f, s, PT);
    proxyOfKind("point", PT, X);
    gjkDistance(X, H, G);
    if (!(G.distance > tol)) return;
    // v = x - c, scaled by its largest component (the step is homogeneous of degree 1 in v).
    const vx = PT.x - G.pointB.x;
    const vy = PT.y - G.pointB.y;
    const vz = PT.z - G.pointB.z;
    const k = Math.max(Math.abs(vx), Math.abs(vy), Math.abs(vz));
    if (!(k > 0)) return;
    const vk = vx / k;
    const wk = vy / k;
    const zk = vz / k;
    const vd = vk * dx + wk * dy + zk * dz;
    // Moving away from (or along) the separating plane: no entry ahead; the caller clamps.
    if (!(vd < 0)) return;
    // The plane through the hull's support point along v, not through GJK's c: c is GJK's
    // estimate, so v . (x - c) = |v|^2 is only an upper bound of the gap, while the support
    // plane bounds the hull for any v (up to rounding).
    let top = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i]!;
      const h = vk * p.x + wk * p.y + zk * p.z;
      if (h > top) top = h;
    }
    const gap = vk * PT.x + wk * PT.y + zk * PT.z - top;
    if (!(gap > 0)) return;
    const next = s - gap / vd;
    S[1] = vk;
    S[2] = wk;
    S[3] = zk;
    if (!(next > s)) return;
    S[0] = next > f.hi ? f.hi : next;
    if (next >= f.hi) return;
  }
}

/** Fills `out` with the entry of f into h, which the exact test says it meets. */
function castHull(f: LinearForm3, h: Hull, out: ShapeHit): ShapeHit {
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const dz = f.pz - f.qz;
  let s = f.lo;
  if (s === Number.NEGATIVE_INFINITY) {
    // A line starts where the first hull point projects: nothing of the hull is before it.
    const dd = dx * dx + dy * dy + dz * dz;
    s = Number.POSITIVE_INFINITY;
    const pts = h.points;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i]!;
      const t = ((p.x - f.ox) * dx + (p.y - f.oy) * dy + (p.z - f.oz) * dz) / dd;
      if (t < s) s = t;
    }
    if (!(s - s === 0)) s = 0;
  }
  S[0] = s;
  march(f, h);
  let t = S[0]!;
  if (t < f.lo) t = f.lo;
  if (t > f.hi) t = f.hi;
  out.t = clampFinite(t);
  pointAt3(f, out.t, out.point);
  if (!normalize3(S[1]!, S[2]!, S[3]!, out.normal)) {
    // Touching at the start: no plane was crossed; face back along the cast.
    if (!normalize3(-dx, -dy, -dz, out.normal)) {
      out.normal.x = 1;
      out.normal.y = 0;
      out.normal.z = 0;
    }
  }
  out.inside = false;
  return out;
}

/**
 * Where the line enters the hull (smallest t, possibly negative, in units of `dir`) with the
 * outward normal there, or null when it misses (exact); never `inside`.
 */
export function intersectLineHull(a: Line, h: Hull, out?: ShapeHit): ShapeHit | null {
  if (!testLineHull(a, h)) return null;
  return castHull(lineForm3(a, F), h, out ?? makeShapeHit());
}

/**
 * Where the ray enters the hull (t >= 0) with the outward normal there, or null (exact); a start
 * inside gives t = 0 and `inside`.
 */
export function intersectRayHull(a: Ray, h: Hull, out?: ShapeHit): ShapeHit | null {
  if (!testRayHull(a, h)) return null;
  rayForm3(a, F);
  if (testPointHull(a.origin, h)) return insideHit(F, out ?? makeShapeHit());
  return castHull(F, h, out ?? makeShapeHit());
}

/**
 * Where the segment enters the hull (t in [0, 1] from `a` to `b`) with the outward normal there,
 * or null (exact); a start inside gives t = 0 and `inside`.
 */
export function intersectSegmentHull(a: Segment, h: Hull, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentHull(a, h)) return null;
  segmentOf3(a, F);
  if (testPointHull(a.a, h)) return insideHit(F, out ?? makeShapeHit());
  return castHull(F, h, out ?? makeShapeHit());
}
