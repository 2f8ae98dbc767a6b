/**
 * Exact reference for "do two closed 2D shapes share a point", for every pair of the 11 tagged
 * kinds, written from the shape definitions alone (no src/ query or predicate is used). The one
 * import from src/ is `boxCorners`: a Box *is* the quadrilateral with the corners it computes.
 *
 * Method. All input doubles of both shapes (and the box corners) go onto one integer grid
 * (`onGrid`), so every test below is a sign of an integer polynomial. Each shape becomes
 * - a bounded convex piece: the convex hull of a point set grown by a radius (point, segment,
 *   circle, capsule, aabb, box, triangle, polygon), or
 * - a union of such pieces (polyline: its segments), or
 * - a linear piece o + t d with t in R (line) or t >= 0 (ray).
 * Two convex pieces share a point iff the squared distance of their hulls, an exact rational, is
 * <= (ra + rb)^2. A linear piece against a bounded one is first clipped exactly to a segment
 * outside of which it is provably farther than the radius from the other piece's bounding box.
 * Two linear pieces are decided parametrically.
 */

import type { Shape } from "../../src/2d/bounds.ts";
import { boxCorners } from "../../src/2d/box-corners.ts";
import type { Vec } from "../../src/2d/shapes.ts";
import { onGrid } from "./bigrational.ts";

/** An integer grid point. */
interface P {
  x: bigint;
  y: bigint;
}

/** The convex hull of `pts` grown by `r` (r >= 0). */
interface Convex {
  kind: "convex";
  pts: P[];
  r: bigint;
}

/** o + t d, t in R (line) or t >= 0 (ray); d !== 0. */
interface Linear {
  kind: "linear";
  o: P;
  d: P;
  ray: boolean;
}

/** A union of convex pieces (a polyline's segments). */
interface Union {
  kind: "union";
  parts: Convex[];
}

type Piece = Convex | Linear | Union;

// ---------------------------------------------------------------------------------------------
// Integer geometry

const orient = (a: P, b: P, c: P): bigint => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
const sgn = (v: bigint): number => (v > 0n ? 1 : v < 0n ? -1 : 0);
const babs = (v: bigint): bigint => (v < 0n ? -v : v);
const samePoint = (a: P, b: P): boolean => a.x === b.x && a.y === b.y;
const lexLess = (a: P, b: P): boolean => a.x < b.x || (a.x === b.x && a.y < b.y);

/** c within the axis box of a and b (for a point already known to be on line ab). */
const inBox = (a: P, b: P, c: P): boolean =>
  (a.x <= b.x ? a.x <= c.x && c.x <= b.x : b.x <= c.x && c.x <= a.x) &&
  (a.y <= b.y ? a.y <= c.y && c.y <= b.y : b.y <= c.y && c.y <= a.y);

/**
 * Whether closed segments ab and cd share a point (either may be a single point): the classic
 * orientation test with collinear endpoints checked by bounding box (Cormen et al.,
 * "Introduction to Algorithms", 33.1).
 */
function segmentsMeet(a: P, b: P, c: P, d: P): boolean {
  const o1 = sgn(orient(a, b, c));
  const o2 = sgn(orient(a, b, d));
  const o3 = sgn(orient(c, d, a));
  const o4 = sgn(orient(c, d, b));
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  if (o1 === 0 && inBox(a, b, c)) return true;
  if (o2 === 0 && inBox(a, b, d)) return true;
  if (o3 === 0 && inBox(c, d, a)) return true;
  if (o4 === 0 && inBox(c, d, b)) return true;
  return false;
}

/**
 * Convex hull by the monotone chain (A. M. Andrew, IPL 1979) with exact turns, dropping repeated
 * and collinear points: one point, two points (a segment) or a counter-clockwise polygon.
 */
function hull(points: readonly P[]): P[] {
  const sorted = [...points].sort((p, q) => (lexLess(p, q) ? -1 : lexLess(q, p) ? 1 : 0));
  const u: P[] = [];
  for (const p of sorted) if (u.length === 0 || !samePoint(u[u.length - 1]!, p)) u.push(p);
  if (u.length <= 2) return u;
  const lower: P[] = [];
  for (const p of u) {
    while (lower.length >= 2 && orient(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: P[] = [];
  for (let i = u.length - 1; i >= 0; i--) {
    const p = u[i]!;
    while (upper.length >= 2 && orient(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** The hull's edges as index pairs: one degenerate edge for a point, one for a segment. */
function edges(h: readonly P[]): [P, P][] {
  if (h.length === 1) return [[h[0]!, h[0]!]];
  if (h.length === 2) return [[h[0]!, h[1]!]];
  return h.map((p, i) => [p, h[(i + 1) % h.length]!]);
}

/** Whether p is in the hull (closed), h from `hull`. */
function inHull(h: readonly P[], p: P): boolean {
  if (h.length <= 2) {
    const [a, b] = edges(h)[0]!;
    return orient(a, b, p) === 0n && inBox(a, b, p);
  }
  for (let i = 0; i < h.length; i++)
    if (orient(h[i]!, h[(i + 1) % h.length]!, p) < 0n) return false;
  return true;
}

/** A non-negative rational num / den, den > 0, compared by cross-multiplication (no gcd). */
interface Q {
  num: bigint;
  den: bigint;
}

const qLess = (a: Q, b: Q): boolean => a.num * b.den < b.num * a.den;

/** Squared distance from p to segment ab, exactly (Ericson, Real-Time Collision Detection, 5.1.2). */
function dist2PointSegment(p: P, a: P, b: P): Q {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const px = p.x - a.x;
  const py = p.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = px * dx + py * dy;
  if (len2 === 0n || t <= 0n) return { num: px * px + py * py, den: 1n };
  if (t >= len2) {
    const qx = p.x - b.x;
    const qy = p.y - b.y;
    return { num: qx * qx + qy * qy, den: 1n };
  }
  const c = px * dy - py * dx;
  return { num: c * c, den: len2 };
}

/**
 * Squared distance between the hulls: 0 when they meet (an edge crosses an edge, or one holds a
 * vertex of the other); otherwise the minimum over vertex-to-edge distances both ways, which is
 * where the closest pair of two disjoint convex polygons lies.
 */
function hullDist2(ha: readonly P[], hb: readonly P[]): Q {
  const ea = edges(ha);
  const eb = edges(hb);
  for (const [a, b] of ea) for (const [c, d] of eb) if (segmentsMeet(a, b, c, d)) return ZERO_Q;
  if (inHull(ha, hb[0]!) || inHull(hb, ha[0]!)) return ZERO_Q;
  let best: Q | null = null;
  for (const p of ha) {
    for (const [c, d] of eb) {
      const q = dist2PointSegment(p, c, d);
      if (best === null || qLess(q, best)) best = q;
    }
  }
  for (const p of hb) {
    for (const [a, b] of ea) {
      const q = dist2PointSegment(p, a, b);
      if (best === null || qLess(q, best)) best = q;
    }
  }
  return best!;
}

const ZERO_Q: Q = { num: 0n, den: 1n };

function convexConvex(a: Convex, b: Convex): boolean {
  const d2 = hullDist2(hull(a.pts), hull(b.pts));
  const r = a.r + b.r;
  return d2.num <= r * r * d2.den;
}

/**
 * A linear piece cut to the segment that holds all of it within reach of `c`: with M bounding
 * every |coordinate| of o and of c's points and T = 2M + r + 1, a point o + t d with |t| >= T has
 * |its coordinate along d's largest component| >= T |d_i| - M >= T - M (d is a non-zero integer
 * vector), so it is more than T - 2M = r + 1 > r away from every point of c's hull.
 */
function clip(l: Linear, c: Convex): Convex {
  let m = babs(l.o.x) > babs(l.o.y) ? babs(l.o.x) : babs(l.o.y);
  for (const p of c.pts) {
    if (babs(p.x) > m) m = babs(p.x);
    if (babs(p.y) > m) m = babs(p.y);
  }
  const t = 2n * m + c.r + 1n;
  const end = { x: l.o.x + t * l.d.x, y: l.o.y + t * l.d.y };
  const start = l.ray ? l.o : { x: l.o.x - t * l.d.x, y: l.o.y - t * l.d.y };
  return { kind: "convex", pts: [start, end], r: 0n };
}

/**
 * Two linear pieces o1 + s d1, o2 + t d2. Not parallel: the one crossing has
 * s = (w x d2) / (d1 x d2), t = (w x d1) / (d1 x d2) with w = o2 - o1; each must be in range
 * (>= 0 for a ray), decided by signs. Parallel: they meet only when collinear; then two
 * lines or a line and a ray always meet, two rays the same way too, and two opposite rays when
 * o2 lies ahead of o1 (w . d1 >= 0).
 */
function linearLinear(a: Linear, b: Linear): boolean {
  const wx = b.o.x - a.o.x;
  const wy = b.o.y - a.o.y;
  const den = a.d.x * b.d.y - a.d.y * b.d.x;
  if (den !== 0n) {
    const s = wx * b.d.y - wy * b.d.x;
    const t = wx * a.d.y - wy * a.d.x;
    if (a.ray && sgn(s) * sgn(den) < 0) return false;
    if (b.ray && sgn(t) * sgn(den) < 0) return false;
    return true;
  }
  if (wx * a.d.y - wy * a.d.x !== 0n) return false;
  if (!a.ray || !b.ray) return true;
  if (a.d.x * b.d.x + a.d.y * b.d.y > 0n) return true;
  return wx * a.d.x + wy * a.d.y >= 0n;
}

function pieces(a: Piece, b: Piece): boolean {
  if (a.kind === "union") return a.parts.some((p) => pieces(p, b));
  if (b.kind === "union") return b.parts.some((p) => pieces(a, p));
  if (a.kind === "linear")
    return b.kind === "linear" ? linearLinear(a, b) : convexConvex(clip(a, b), b);
  if (b.kind === "linear") return convexConvex(a, clip(b, a));
  return convexConvex(a, b);
}

// ---------------------------------------------------------------------------------------------
// Shapes to pieces

/** The doubles that define a shape, in a fixed order read back by `toPiece`. */
function values(s: Shape, out: number[]): void {
  const pt = (p: Vec): void => {
    out.push(p.x, p.y);
  };
  switch (s.kind) {
    case "point":
      pt(s);
      return;
    case "line":
      pt(s.point);
      pt(s.dir);
      return;
    case "ray":
      pt(s.origin);
      pt(s.dir);
      return;
    case "segment":
      pt(s.a);
      pt(s.b);
      return;
    case "circle":
      pt(s.center);
      out.push(s.radius);
      return;
    case "capsule":
      pt(s.a);
      pt(s.b);
      out.push(s.radius);
      return;
    case "aabb":
      pt(s.min);
      pt(s.max);
      return;
    case "box":
      for (const c of boxCorners(s, [])) pt(c);
      return;
    case "triangle":
      pt(s.a);
      pt(s.b);
      pt(s.c);
      return;
    case "polygon":
    case "polyline":
      for (const p of s.points) pt(p);
      return;
  }
}

function toPiece(s: Shape, ints: readonly bigint[], at: number): Piece {
  let i = at;
  const next = (): P => {
    const p = { x: ints[i]!, y: ints[i + 1]! };
    i += 2;
    return p;
  };
  const convex = (pts: P[], r = 0n): Convex => ({ kind: "convex", pts, r });
  switch (s.kind) {
    case "point":
      return convex([next()]);
    case "line":
    case "ray": {
      const o = next();
      return { kind: "linear", o, d: next(), ray: s.kind === "ray" };
    }
    case "segment":
      return convex([next(), next()]);
    case "circle": {
      const c = next();
      return convex([c], ints[i]!);
    }
    case "capsule": {
      const pts = [next(), next()];
      return convex(pts, ints[i]!);
    }
    case "aabb": {
      const lo = next();
      const hi = next();
      return convex([lo, hi, { x: lo.x, y: hi.y }, { x: hi.x, y: lo.y }]);
    }
    case "box":
      return convex([next(), next(), next(), next()]);
    case "triangle":
      return convex([next(), next(), next()]);
    case "polygon":
      return convex(s.points.map(next));
    case "polyline": {
      const pts = s.points.map(next);
      if (pts.length === 1) return convex(pts);
      const parts: Convex[] = [];
      for (let k = 0; k + 1 < pts.length; k++) parts.push(convex([pts[k]!, pts[k + 1]!]));
      if (s.closed && pts.length > 2) parts.push(convex([pts[pts.length - 1]!, pts[0]!]));
      return { kind: "union", parts };
    }
  }
}

/** Whether the closed shapes a and b share a point, exactly. */
export function overlapExact(a: Shape, b: Shape): boolean {
  const v: number[] = [];
  values(a, v);
  const split = v.length;
  values(b, v);
  const { ints } = onGrid(v);
  return pieces(toPiece(a, ints, 0), toPiece(b, ints, split));
}
