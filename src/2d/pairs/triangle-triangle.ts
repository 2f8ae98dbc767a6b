import { ERR3, TAIL2 } from "../../exact/filter.ts";
import { orient2d } from "../../exact/orient2d.ts";
import { manifold, POLYGONS_APART, POLYGONS_TOUCH, polygonContact } from "../convex/manifold.ts";
import { containsProxy } from "../convex/overlap.ts";
import { type ConvexProxy, makeProxy, triangleProxy } from "../convex/proxy.ts";
import { type Contact, makeContact } from "../results.ts";
import type { Segment, Triangle, Vec } from "../shapes.ts";
import { testSegmentSegment } from "./segment-segment.ts";

/** The contact of two triangles (the shared 2D `Contact`). */
export type TriangleTriangleContact = Contact;

// Module-level copies: one context load each in the hot functions below.
const abs = Math.abs;
const E3 = ERR3;
const T2 = TAIL2;

/*
 * The orientation filters below are orient2d's (Shewchuk's first stage with filter.ts's bound),
 * written out on the shapes' points: orient2d takes six doubles, and V8 boxes each double passed
 * to a call it does not inline (garbage on every query). The exact fallbacks take the points.
 */

/** Exact sign of orient2d(a, b, c) of a triangle's corners: positive counter-clockwise (y up). */
function orientation(t: Triangle): number {
  const a = t.a;
  const b = t.b;
  const c = t.c;
  const l = (b.x - a.x) * (c.y - a.y);
  const r = (b.y - a.y) * (c.x - a.x);
  const det = l - r;
  const bound = E3 * (abs(l) + abs(r)) + T2;
  if (det > bound) return 1;
  if (det < -bound) return -1;
  return orientSlow(a, b, c);
}

function orientSlow(a: Vec, b: Vec, c: Vec): number {
  return orient2d(a.x, a.y, b.x, b.y, c.x, c.y);
}

/**
 * Whether v is strictly on the outer side of the edge p->q of a triangle whose orientation sign
 * is o (exact): the filtered orientation first, the exact one when undecided.
 */
function outside(p: Vec, q: Vec, o: number, v: Vec): boolean {
  const px = p.x;
  const py = p.y;
  const l = (q.x - px) * (v.y - py);
  const r = (q.y - py) * (v.x - px);
  const det = (l - r) * o;
  const bound = E3 * (abs(l) + abs(r)) + T2;
  if (det < -bound) return true;
  if (det > bound) return false;
  return orientSlow(p, q, v) * o < 0;
}

/**
 * Whether an edge of the proper triangle t (orientation sign o) has all of u's corners strictly
 * outside it: the filtered orientations, each undecided one exact. Written out, with
 * no call on the filtered path: as 18 calls of `outside` per test, the calls past V8's inlining
 * budget made testTriangleTriangle about 1.4x slower (41 ns against 30 in a scratch A/B).
 */
function anyEdgeSeparates(t: Triangle, o: number, u: Triangle): boolean {
  const a = t.a;
  const b = t.b;
  const c = t.c;
  const ax = a.x;
  const ay = a.y;
  const bx = b.x;
  const by = b.y;
  const cx = c.x;
  const cy = c.y;
  const p = u.a;
  const q = u.b;
  const r = u.c;
  const px = p.x;
  const py = p.y;
  const qx = q.x;
  const qy = q.y;
  const rx = r.x;
  const ry = r.y;
  // Per edge s -> e: for each corner v, l - m is orient2d(s, e, v), the bound its error's. A
  // product that overflows makes d NaN or infinite and the bound infinite: exact, never a guess.
  let l = (bx - ax) * (py - ay);
  let m = (by - ay) * (px - ax);
  let d = (l - m) * o;
  let bound = E3 * (abs(l) + abs(m)) + T2;
  if (d < -bound || (!(d > bound) && orientSlow(a, b, p) * o < 0)) {
    l = (bx - ax) * (qy - ay);
    m = (by - ay) * (qx - ax);
    d = (l - m) * o;
    bound = E3 * (abs(l) + abs(m)) + T2;
    if (d < -bound || (!(d > bound) && orientSlow(a, b, q) * o < 0)) {
      l = (bx - ax) * (ry - ay);
      m = (by - ay) * (rx - ax);
      d = (l - m) * o;
      bound = E3 * (abs(l) + abs(m)) + T2;
      if (d < -bound || (!(d > bound) && orientSlow(a, b, r) * o < 0)) return true;
    }
  }
  l = (cx - bx) * (py - by);
  m = (cy - by) * (px - bx);
  d = (l - m) * o;
  bound = E3 * (abs(l) + abs(m)) + T2;
  if (d < -bound || (!(d > bound) && orientSlow(b, c, p) * o < 0)) {
    l = (cx - bx) * (qy - by);
    m = (cy - by) * (qx - bx);
    d = (l - m) * o;
    bound = E3 * (abs(l) + abs(m)) + T2;
    if (d < -bound || (!(d > bound) && orientSlow(b, c, q) * o < 0)) {
      l = (cx - bx) * (ry - by);
      m = (cy - by) * (rx - bx);
      d = (l - m) * o;
      bound = E3 * (abs(l) + abs(m)) + T2;
      if (d < -bound || (!(d > bound) && orientSlow(b, c, r) * o < 0)) return true;
    }
  }
  l = (ax - cx) * (py - cy);
  m = (ay - cy) * (px - cx);
  d = (l - m) * o;
  bound = E3 * (abs(l) + abs(m)) + T2;
  if (d < -bound || (!(d > bound) && orientSlow(c, a, p) * o < 0)) {
    l = (ax - cx) * (qy - cy);
    m = (ay - cy) * (qx - cx);
    d = (l - m) * o;
    bound = E3 * (abs(l) + abs(m)) + T2;
    if (d < -bound || (!(d > bound) && orientSlow(c, a, q) * o < 0)) {
      l = (ax - cx) * (ry - cy);
      m = (ay - cy) * (rx - cx);
      d = (l - m) * o;
      bound = E3 * (abs(l) + abs(m)) + T2;
      if (d < -bound || (!(d > bound) && orientSlow(c, a, r) * o < 0)) return true;
    }
  }
  return false;
}

function lexLess(p: Vec, q: Vec): boolean {
  return p.x < q.x || (p.x === q.x && p.y < q.y);
}

/** Writes the segment covered by a collinear triangle (its two extreme corners) into `out`. */
function coveringSegment(t: Triangle, out: Segment): Segment {
  let lo = t.a;
  let hi = t.a;
  if (lexLess(t.b, lo)) lo = t.b;
  if (lexLess(hi, t.b)) hi = t.b;
  if (lexLess(t.c, lo)) lo = t.c;
  if (lexLess(hi, t.c)) hi = t.c;
  out.a = lo;
  out.b = hi;
  return out;
}

const origin: Vec = { x: 0, y: 0 };
const seg1: Segment = { a: origin, b: origin };
const seg2: Segment = { a: origin, b: origin };

/** Segment (possibly a point) against a proper triangle of orientation o. */
function segmentHitsTriangle(s: Segment, t: Triangle, o: number): boolean {
  const p = s.a;
  const q = s.b;
  if (outside(t.a, t.b, o, p) && outside(t.a, t.b, o, q)) return false;
  if (outside(t.b, t.c, o, p) && outside(t.b, t.c, o, q)) return false;
  if (outside(t.c, t.a, o, p) && outside(t.c, t.a, o, q)) return false;
  if (p.x === q.x && p.y === q.y) return true;
  // The segment's own line is the remaining candidate axis.
  const sa = orient2d(p.x, p.y, q.x, q.y, t.a.x, t.a.y);
  if (sa === 0) return true;
  return !(
    orient2d(p.x, p.y, q.x, q.y, t.b.x, t.b.y) * sa > 0 &&
    orient2d(p.x, p.y, q.x, q.y, t.c.x, t.c.y) * sa > 0
  );
}

/**
 * Whether two closed triangles (any winding, degenerate ones included) share a point; exact for
 * every finite input. Separating axes: the edge lines of both triangles, plus a degenerate
 * triangle's own line; an edge separates only when the other triangle is strictly outside it.
 * @see Ericson, Real-Time Collision Detection, §5.2.1 (separating-axis test); Gottschalk, Lin,
 * Manocha, "OBBTree", SIGGRAPH 1996.
 */
export function testTriangleTriangle(t1: Triangle, t2: Triangle): boolean {
  const o1 = orientation(t1);
  const o2 = orientation(t2);
  if (o1 !== 0 && o2 !== 0) {
    return !(anyEdgeSeparates(t1, o1, t2) || anyEdgeSeparates(t2, o2, t1));
  }
  if (o1 !== 0) return segmentHitsTriangle(coveringSegment(t2, seg2), t1, o1);
  if (o2 !== 0) return segmentHitsTriangle(coveringSegment(t1, seg1), t2, o2);
  return testSegmentSegment(coveringSegment(t1, seg1), coveringSegment(t2, seg2));
}

/**
 * The minimum translation of t2 out of t1, or null when they do not touch (exact, as
 * `testTriangleTriangle`). Touching triangles give depth 0. Normal, depth and points come from
 * the shared contact manifold (`convex/manifold.ts`, as `contactPolygonPolygon`): least
 * penetration over both triangles' edge normals, which holds the minimum for convex polygons.
 * Two proper triangles take the polygons' one float pass (`polygonContact`: every separating-axis
 * decision with its error bound, the axis, clipping, containment); what its bounds cannot decide,
 * and collinear triangles, take the exact test and the general manifold.
 * @see Ericson, Real-Time Collision Detection, §5.2.1; Eberly, "Intersection of Convex Objects:
 * The Method of Separating Axes" (2008); Catto, "Contact Manifolds", GDC 2007.
 */
export function contactTriangleTriangle(
  t1: Triangle,
  t2: Triangle,
  out?: TriangleTriangleContact,
): TriangleTriangleContact | null {
  const hit = out ?? SPARE;
  const k = polygonContact(triangleProxy(t1, PA), triangleProxy(t2, PB), hit);
  if (k === POLYGONS_APART) return null;
  if (k === POLYGONS_TOUCH) {
    // Without `out`, the pass runs again into a fresh object (the same numbers): misses stay free.
    if (out !== undefined) return out;
    const fresh = makeContact();
    polygonContact(PA, PB, fresh);
    return fresh;
  }
  return contactTriangleTriangleSlow(t1, t2, out);
}

/** The exact test and the general manifold, for what the float pass leaves undecided. */
function contactTriangleTriangleSlow(
  t1: Triangle,
  t2: Triangle,
  out: TriangleTriangleContact | undefined,
): TriangleTriangleContact | null {
  if (!testTriangleTriangle(t1, t2)) return null;
  const hit = out ?? makeContact();
  manifold(triangleProxy(t1, PA), triangleProxy(t2, PB), hit);
  hit.aInB = containsProxy(PB, PA);
  hit.bInA = containsProxy(PA, PB);
  return hit;
}

const PA: ConvexProxy = makeProxy(3);
const PB: ConvexProxy = makeProxy(3);
/** Scratch for the float pass when no `out` is given. */
const SPARE: Contact = makeContact();
