import { bitLength, isqrt, lift, ratioToDouble } from "../../exact/bigint.ts";
import { compareDistance2 } from "../../exact/disk.ts";
import { ACCURATE, ERR3, ERR5, TAIL2 } from "../../exact/filter.ts";
import { clampFinite } from "../../math/scalar.ts";
import { normalize2 } from "../../math/vec2.ts";
import {
  aabbProxy,
  boxProxy,
  type ConvexProxy,
  makeProxy,
  pointProxy,
  polygonProxy,
  segmentProxy,
  triangleProxy,
} from "../convex/proxy.ts";
import {
  CAST_IN,
  castCapsuleIn,
  castProxyIn,
  IN_AX,
  IN_AY,
  IN_BX,
  IN_BY,
  IN_DX,
  IN_DY,
  IN_OX,
  IN_OY,
  IN_R,
  IN_TMAX,
  IN_TMIN,
} from "../convex/raycast.ts";
import { testPointLine, testPointRay, testPointSegment } from "../pairs/point-shapes.ts";
import { testSegmentSegment } from "../pairs/segment-segment.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type {
  Aabb,
  Box,
  Capsule,
  Circle,
  Line,
  Polygon,
  Polyline,
  Ray,
  Segment,
  Triangle,
  Vec,
} from "../shapes.ts";
import {
  directedForm,
  type LinearForm,
  type LinearHit,
  linearHit,
  makeLinearForm,
  makeLinearHit,
  parameterInto,
  pointAtHit,
  segmentForm,
} from "./linear.ts";
import {
  testLineAabb,
  testLineBox,
  testLineCapsule,
  testLineCircle,
  testLineLine,
  testLinePolygon,
  testLinePolyline,
  testLineSegment,
  testLineTriangle,
  testRayAabb,
  testRayBox,
  testRayCapsule,
  testRayCircle,
  testRayPolygon,
  testRayPolyline,
  testRayRay,
  testRaySegment,
  testRayTriangle,
  testSegmentAabb,
  testSegmentBox,
  testSegmentCapsule,
  testSegmentPolygon,
  testSegmentPolyline,
  testSegmentTriangle,
} from "./test.ts";

/*
 * intersect<Linear><B>: where a line, ray or segment first meets each shape. Hit-or-miss is the
 * exact test; the parameters come from the cast (convex/raycast.ts) or the linear crossing
 * (linear.ts). A ray or segment starting inside a solid reports t = 0 and `inside`. A line has
 * no start: against a bounded shape it reports the entry with the smallest t.
 */

const FA: LinearForm = makeLinearForm();
const FB: LinearForm = makeLinearForm();
const P: ConvexProxy = makeProxy();

function formOfLine(l: Line, f: LinearForm): LinearForm {
  return directedForm(l.point, l.dir, true, f);
}

function formOfRay(r: Ray, f: LinearForm): LinearForm {
  return directedForm(r.origin, r.dir, false, f);
}

function formOfSegment(s: Segment, f: LinearForm): LinearForm {
  return segmentForm(s.a, s.b, f);
}

/** A hit of the point p, known to lie on f. */
function pointHit(p: Vec, f: LinearForm, out: ShapeHit): ShapeHit {
  parameterInto(f, p, out);
  out.point.x = p.x;
  out.point.y = p.y;
  normalize2(f.qx - f.px, f.qy - f.py, out.normal);
  out.inside = false;
  return out;
}

/** The cast of f against a convex proxy the exact test says it meets. */
function castForm(f: LinearForm, q: ConvexProxy, out: ShapeHit): ShapeHit {
  // The cast's inputs go through CAST_IN: doubles passed as arguments are boxed (garbage).
  const I = CAST_IN;
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  I[IN_OX] = f.ox;
  I[IN_OY] = f.oy;
  I[IN_DX] = dx;
  I[IN_DY] = dy;
  I[IN_TMIN] = f.lo;
  I[IN_TMAX] = f.hi;
  const hit = castProxyIn(q, out);
  if (q.count > 2 && (!hit || (!out.inside && grazing(out.normal)))) {
    // A float miss the exact test counts (a graze, or a sliver whose edge planes cross in
    // rounding), or an entry through an edge almost along the cast, whose crossing is
    // ill-conditioned: the first of the edges' own hits is the answer, if any.
    const xy = q.xy;
    let found = false;
    for (let i = 0; i < q.count; i++) {
      const j = i + 1 === q.count ? 0 : i + 1;
      I[IN_AX] = xy[2 * i]!;
      I[IN_AY] = xy[2 * i + 1]!;
      I[IN_BX] = xy[2 * j]!;
      I[IN_BY] = xy[2 * j + 1]!;
      I[IN_R] = q.radius;
      const edgeHit = castCapsuleIn(EDGE_HIT);
      if (edgeHit && (!found || EDGE_HIT.t < out.t)) {
        out.t = EDGE_HIT.t;
        out.point.x = EDGE_HIT.point.x;
        out.point.y = EDGE_HIT.point.y;
        out.normal.x = EDGE_HIT.normal.x;
        out.normal.y = EDGE_HIT.normal.y;
        out.inside = EDGE_HIT.inside;
        found = true;
      }
    }
  }
  if (f.hi === 1) pointAtHit(f, out);
  return out;
}

const EDGE_HIT: ShapeHit = makeShapeHit();

/** Whether the cast's direction (in CAST_IN) meets the surface of unit normal n at under about 1e-6 radians. */
function grazing(n: Vec): boolean {
  const dx = CAST_IN[IN_DX]!;
  const dy = CAST_IN[IN_DY]!;
  return Math.abs(n.x * dx + n.y * dy) < 1e-6 * (Math.abs(dx) + Math.abs(dy));
}

const EDGE: Segment = { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };
const EDGE_FORM: LinearForm = makeLinearForm();
const LH: LinearHit = makeLinearHit();

/** Whether the linear shape f (a line, ray or segment, by its range) meets the segment. */
function formMeetsSegment(f: LinearForm, s: Segment): boolean {
  if (f.hi === 1) {
    LINE_SEG.a.x = f.ox;
    LINE_SEG.a.y = f.oy;
    LINE_SEG.b.x = f.px;
    LINE_SEG.b.y = f.py;
    return testSegmentSegment(LINE_SEG, s);
  }
  DIRECTED.origin.x = DIRECTED.point.x = f.ox;
  DIRECTED.origin.y = DIRECTED.point.y = f.oy;
  DIRECTED.dir.x = f.px;
  DIRECTED.dir.y = f.py;
  return f.lo === 0 ? testRaySegment(DIRECTED, s) : testLineSegment(DIRECTED, s);
}

const LINE_SEG: Segment = { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };
const DIRECTED = { origin: { x: 0, y: 0 }, point: { x: 0, y: 0 }, dir: { x: 1, y: 0 } };

/** The first hit of f on the polyline's segments (the caller knows there is one). */
function polylineHit(f: LinearForm, pl: Polyline, out: ShapeHit): ShapeHit {
  const pts = pl.points;
  const n = pts.length;
  const m = n === 1 ? 1 : pl.closed ? n : n - 1;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < m; i++) {
    EDGE.a = pts[i]!;
    EDGE.b = n === 1 ? pts[i]! : pts[i + 1 === n ? 0 : i + 1]!;
    if (!formMeetsSegment(f, EDGE)) continue;
    linearHit(f, segmentForm(EDGE.a, EDGE.b, EDGE_FORM), LH);
    if (LH.t1 < best) {
      best = LH.t1;
      out.t = LH.t1;
      out.point.x = LH.point.x;
      out.point.y = LH.point.y;
      out.normal.x = LH.normal.x;
      out.normal.y = LH.normal.y;
    }
  }
  out.inside = false;
  return out;
}

/** Where the line passes the point: t along the line, or null. */
export function intersectPointLine(p: Vec, l: Line, out?: ShapeHit): ShapeHit | null {
  if (!testPointLine(p, l)) return null;
  return pointHit(p, formOfLine(l, FA), out ?? makeShapeHit());
}

/** Where the line meets the line (t1 on the line, t2 on the line), or null. */
export function intersectLineLine(a: Line, b: Line, out?: LinearHit): LinearHit | null {
  if (!testLineLine(a, b)) return null;
  return linearHit(formOfLine(a, FA), formOfLine(b, FB), out ?? makeLinearHit());
}

/** Where the line meets the segment (t1 on the line, t2 on the segment), or null. */
export function intersectLineSegment(a: Line, b: Segment, out?: LinearHit): LinearHit | null {
  if (!testLineSegment(a, b)) return null;
  return linearHit(formOfLine(a, FA), formOfSegment(b, FB), out ?? makeLinearHit());
}

/** The first point of the line in a circle, with the outward normal there, or null. */
export function intersectLineCircle(a: Line, b: Circle, out?: ShapeHit): ShapeHit | null {
  if (!testLineCircle(a, b)) return null;
  return castForm(
    formOfLine(a, FA),
    pointProxy(b.center.x, b.center.y, b.radius, P),
    out ?? makeShapeHit(),
  );
}

/** The first point of the line in a capsule, with the outward normal there, or null. */
export function intersectLineCapsule(a: Line, b: Capsule, out?: ShapeHit): ShapeHit | null {
  if (!testLineCapsule(a, b)) return null;
  return castForm(formOfLine(a, FA), segmentProxy(b.a, b.b, b.radius, P), out ?? makeShapeHit());
}

/** The first point of the line in an aabb, with the outward normal there, or null. */
export function intersectLineAabb(a: Line, b: Aabb, out?: ShapeHit): ShapeHit | null {
  if (!testLineAabb(a, b)) return null;
  return castForm(formOfLine(a, FA), aabbProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the line in a box, with the outward normal there, or null. */
export function intersectLineBox(a: Line, b: Box, out?: ShapeHit): ShapeHit | null {
  if (!testLineBox(a, b)) return null;
  return castForm(formOfLine(a, FA), boxProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the line in a triangle, with the outward normal there, or null. */
export function intersectLineTriangle(a: Line, b: Triangle, out?: ShapeHit): ShapeHit | null {
  if (!testLineTriangle(a, b)) return null;
  return castForm(formOfLine(a, FA), triangleProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the line in a polygon, with the outward normal there, or null. */
export function intersectLinePolygon(a: Line, b: Polygon, out?: ShapeHit): ShapeHit | null {
  if (!testLinePolygon(a, b)) return null;
  return castForm(formOfLine(a, FA), polygonProxy(b, P), out ?? makeShapeHit());
}

/** The first point where the line meets the polyline, or null. */
export function intersectLinePolyline(a: Line, b: Polyline, out?: ShapeHit): ShapeHit | null {
  if (!testLinePolyline(a, b)) return null;
  return polylineHit(formOfLine(a, FA), b, out ?? makeShapeHit());
}

/** Where the ray passes the point: t along the ray, or null. */
export function intersectPointRay(p: Vec, l: Ray, out?: ShapeHit): ShapeHit | null {
  if (!testPointRay(p, l)) return null;
  return pointHit(p, formOfRay(l, FA), out ?? makeShapeHit());
}

/** Where the ray meets the ray (t1 on the ray, t2 on the ray), or null. */
export function intersectRayRay(a: Ray, b: Ray, out?: LinearHit): LinearHit | null {
  if (!testRayRay(a, b)) return null;
  return linearHit(formOfRay(a, FA), formOfRay(b, FB), out ?? makeLinearHit());
}

/**
 * Where the ray meets the segment (t1 on the ray, t2 on the segment), or null; exact hit-or-miss.
 * The common crossing is settled here in floats. With e = b - a and w = a - o, t and u have the
 * numerators cross(w, e) and cross(w, d) over cross(d, e), and 1 - u has cross(d, e) - cross(w, d).
 * Each cross(p, q) is within ERR3 |p| |q| (plus an underflow tail) of exact (filter.ts; Cauchy-
 * Schwarz turns the usual sum of absolute products into |p| |q|), so comparing squares against
 * RAY_K |p|^2 |q|^2 makes each bound below ACCURATE times the quantity divided: the signs are then
 * certain and t and u accurate. Touching, parallel, collinear and extreme pairs take the exact path.
 * @see Ericson, Real-Time Collision Detection, §5.1.9.1 (segment crossing by signed areas).
 */
export function intersectRaySegment(a: Ray, b: Segment, out?: LinearHit): LinearHit | null {
  // Short on purpose (squares instead of Math.abs, the constants written out, the hit finished in
  // a helper) so V8 inlines it: RAY_K, RAY_TAIL, RAY_CLEAR and 2^-1000 below.
  const o = a.origin;
  const p = b.a;
  const dx = a.dir.x;
  const dy = a.dir.y;
  const ex = b.b.x - p.x;
  const ey = b.b.y - p.y;
  const wx = p.x - o.x;
  const wy = p.y - o.y;
  const den = dx * ey - dy * ex;
  const numU = wx * dy - wy * dx;
  const numT = wx * ey - wy * ex;
  const e2 = ex * ex + ey * ey;
  const w2 = wx * wx + wy * wy;
  // The bounds of den and numU are below ACCURATE |den|, so u's and 1 - u's numerators beyond
  // RAY_CLEAR |den| (which covers both bounds and the subtraction) have certain signs.
  if (
    den * den >
    4.6566128730773926e-9 * (dx * dx + dy * dy) * (e2 + w2) + 9.332636185032189e-302
  ) {
    const s = den > 0 ? 1 : -1;
    const u = s * numU;
    const v = s * (den - numU);
    const clear = 1.1641532182693481e-10 * s * den;
    if (u < -clear || v < -clear) return null;
    if (numT * numT > 4.6566128730773926e-9 * w2 * e2 + 9.332636185032189e-302) {
      if (s * numT < 0) return null;
      // A tiny e2 would lose digits in the normal.
      if (u > clear && v > clear && e2 > 9.332636185032189e-302) {
        const hit = out ?? makeLinearHit();
        hit.t1 = numT / den;
        hit.t2 = numU / den;
        return finishRaySegment(a, b, hit, s);
      }
    }
  }
  return intersectRaySegmentSlow(a, b, out);
}

/*
 * intersectRaySegment's constants, written out there as literals (a module constant costs bytes at
 * each use, and V8 inlines by bytecode size):
 *  - |cross(p, q)| <= |p| |q|, so ERR3 (1 + 4 EPS) |p| |q| bounds each cross product's rounding
 *    from the computed squared lengths; (x^2 > RAY_K |p|^2 |q|^2 + RAY_TAIL) gives |x| >
 *    (sqrt(RAY_K) |p| |q| + 2^-500) / 2, which is above ERR3 (1 + 4 EPS) |p| |q| / ACCURATE +
 *    TAIL2 / ACCURATE: RAY_K = 5 (ERR3 / ACCURATE)^2 = 5 * 2^-30 leaves room for the roundings of
 *    the squares and products, and RAY_TAIL = 2^-1000 keeps every square normal (underflow errors
 *    of 2^-1075 are far below ACCURATE 2^-500).
 *  - Beyond RAY_CLEAR = 8 ACCURATE = 2^-33 times |cross(d, e)|, the signs of u's and 1 - u's
 *    numerators are certain.
 */

/**
 * The point and normal of `intersectRaySegment`'s certain crossing, whose t1 and t2 are in `hit`
 * (no double crosses the call, inlined or not); s is the sign of cross(d, e), which is the side
 * of the segment the origin is on. A huge dir can overflow the point: px - px is NaN only for ±∞.
 */
function finishRaySegment(a: Ray, b: Segment, hit: LinearHit, s: number): LinearHit | null {
  const o = a.origin;
  const t = hit.t1;
  const px = o.x + t * a.dir.x;
  const py = o.y + t * a.dir.y;
  if (px - px + (py - py) !== 0) return intersectRaySegmentSlow(a, b, hit);
  const p = hit.point;
  p.x = px;
  p.y = py;
  hit.collinear = false;
  // The segment's unit normal on the origin's side (s > 0: its left normal).
  const ex = b.b.x - b.a.x;
  const ey = b.b.y - b.a.y;
  const inv = s / Math.sqrt(ex * ex + ey * ey);
  const n = hit.normal;
  n.x = -ey * inv + 0; // + 0 turns -0 into 0
  n.y = ex * inv + 0;
  return hit;
}

/** The exact path of `intersectRaySegment`: the exact test, then the exact-where-needed crossing. */
function intersectRaySegmentSlow(a: Ray, b: Segment, out: LinearHit | undefined): LinearHit | null {
  if (!testRaySegment(a, b)) return null;
  return linearHit(formOfRay(a, FA), formOfSegment(b, FB), out ?? makeLinearHit());
}

/**
 * The first point of the ray in a circle, with the outward normal there, or null; exact
 * hit-or-miss. With w = o - c and s = -w.d, f(t) = |d|^2 t^2 - 2 s t + |w|^2 - r^2 is the squared
 * distance to the center minus r^2 along the ray. The common cases are settled in floats as in
 * `intersectSegmentCircle`: the discriminant r^2 |d|^2 - cross(d, w)^2 (Lagrange's identity) and
 * the smaller root (|w|^2 - r^2) / (s + sqrt(disc)); the rest take the exact test and the cast.
 * @see Ericson, Real-Time Collision Detection, §5.3.2; Press et al., Numerical Recipes, §5.6.
 */
export function intersectRayCircle(a: Ray, b: Circle, out?: ShapeHit): ShapeHit | null {
  // Written out here (no helper taking doubles), so V8 inlines the whole common path.
  const ox = a.origin.x;
  const oy = a.origin.y;
  const dx = a.dir.x;
  const dy = a.dir.y;
  const r = b.radius;
  const wx = ox - b.center.x;
  const wy = oy - b.center.y;
  const w2 = wx * wx + wy * wy;
  const r2 = r * r;
  const omega = w2 - r2;
  // The bounds of `intersectSegmentCircle`, whose d = b - a is itself rounded; here d is an
  // input, so they hold with room to spare.
  const eOmega = ERR3 * (w2 + r2) + TAIL2;
  if (omega > eOmega) {
    let l = wx * dx;
    let m = wy * dy;
    const s = -(l + m);
    const es = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
    // Outside and heading away: a certain miss.
    if (s < -es) return null;
    l = dx * wy;
    m = dy * wx;
    const cr = l - m;
    const crAbs = Math.abs(l) + Math.abs(m);
    const dd = dx * dx + dy * dy;
    const rd = r2 * dd;
    const disc = rd - cr * cr;
    const eDisc = ERR5 * (rd + crAbs * crAbs) + TAIL2 * (1 + crAbs + dd + r2);
    // The whole line misses the disk.
    if (disc < -eDisc) return null;
    if (s > es && disc > 4 * eDisc && es < ACCURATE * s) {
      // The root errs by about eDisc / (2 sqrt(disc)), which must be small next to s + root.
      const root = Math.sqrt(disc);
      const den = s + root;
      if (
        eOmega < ACCURATE * den &&
        eDisc < 2 * ACCURATE * den * root &&
        den < Number.POSITIVE_INFINITY
      ) {
        const t = omega / den;
        const px = ox + t * dx;
        const py = oy + t * dy;
        // A far hit whose point overflows takes the cast, which clamps it.
        if (px - px === 0 && py - py === 0) {
          const hit = out ?? makeShapeHit();
          hit.t = t;
          hit.point.x = px;
          hit.point.y = py;
          hit.inside = false;
          // The point minus the center is (-sqrt(disc) d + cross(d, w) perp(d)) / |d|^2.
          const nx = -root * dx - cr * dy;
          const ny = -root * dy + cr * dx;
          const n2 = nx * nx + ny * ny;
          if (n2 > 2 ** -1000 && n2 < 2 ** 1000) {
            const inv = 1 / Math.sqrt(n2);
            hit.normal.x = nx * inv + 0; // + 0 turns -0 into 0
            hit.normal.y = ny * inv + 0;
          } else if (!normalize2(nx, ny, hit.normal)) {
            hit.normal.x = 1; // unreachable: the hit point is not the center here
            hit.normal.y = 0;
          }
          return hit;
        }
      }
    }
  } else if (omega < -eOmega) {
    return insideStart(a, out);
  }
  return intersectRayCircleSlow(a, b, out);
}

/** The origin is inside: t = 0 and the normal is the cast reversed ((1, 0) for a zero dir). */
function insideStart(a: Ray, out: ShapeHit | undefined): ShapeHit {
  const hit = out ?? makeShapeHit();
  hit.t = 0;
  hit.point.x = a.origin.x;
  hit.point.y = a.origin.y;
  hit.inside = true;
  if (!normalize2(-a.dir.x, -a.dir.y, hit.normal)) {
    hit.normal.x = 1;
    hit.normal.y = 0;
  }
  return hit;
}

const big: bigint[] = [];

/**
 * The exact path of `intersectRayCircle`: the exact side of the origin (so `inside` is exact), the
 * exact test, then t = (|w|^2 - r^2) / (s + sqrt(disc)) from exact values rounded once (a square
 * root with 64 extra bits), and the normal from the same exact pieces.
 */
function intersectRayCircleSlow(a: Ray, b: Circle, out: ShapeHit | undefined): ShapeHit | null {
  const o = a.origin;
  const c = b.center;
  const side = compareDistance2(o.x, o.y, c.x, c.y, b.radius);
  if (side < 0) return insideStart(a, out);
  if (!testRayCircle(a, b)) return null;
  const hit = out ?? makeShapeHit();
  hit.inside = false;
  if (side === 0) {
    // The origin is on the circle: the entry is there, with the outward normal.
    hit.t = 0;
    hit.point.x = o.x;
    hit.point.y = o.y;
    normalize2(o.x - c.x, o.y - c.y, hit.normal);
    return hit;
  }
  // Outside and hitting: s > 0 and disc >= 0 exactly.
  const n = lift([o.x, o.y, a.dir.x, a.dir.y, c.x, c.y, b.radius], big);
  const dx = n[2]!;
  const dy = n[3]!;
  const wx = n[0]! - n[4]!;
  const wy = n[1]! - n[5]!;
  const rr = n[6]! * n[6]!;
  const cr = dx * wy - dy * wx;
  const disc = rr * (dx * dx + dy * dy) - cr * cr;
  const k = 64n;
  const root = isqrt(disc << (2n * k));
  // One common power of two scales every term of degree 2, so it cancels in t.
  const t = ratioToDouble((wx * wx + wy * wy - rr) << k, (-(wx * dx + wy * dy) << k) + root, 0);
  hit.t = t;
  hit.point.x = clampFinite(o.x + t * a.dir.x);
  hit.point.y = clampFinite(o.y + t * a.dir.y);
  // The point minus the center is (-sqrt(disc) d + cross(d, w) perp(d)) / |d|^2, scaled down to
  // double range as a whole.
  const crk = cr << k;
  const vx = -root * dx - crk * dy;
  const vy = -root * dy + crk * dx;
  const shift = Math.max(bitLength(vx), bitLength(vy)) - 60;
  if (!normalize2(ratioToDouble(vx, 1n, -shift), ratioToDouble(vy, 1n, -shift), hit.normal)) {
    // A zero radius: the point is the center; the normal faces back along the ray.
    if (!normalize2(-a.dir.x, -a.dir.y, hit.normal)) {
      hit.normal.x = 1;
      hit.normal.y = 0;
    }
  }
  return hit;
}

/** The first point of the ray in a capsule, with the outward normal there, or null. */
export function intersectRayCapsule(a: Ray, b: Capsule, out?: ShapeHit): ShapeHit | null {
  if (!testRayCapsule(a, b)) return null;
  return castForm(formOfRay(a, FA), segmentProxy(b.a, b.b, b.radius, P), out ?? makeShapeHit());
}

/** The first point of the ray in an aabb, with the outward normal there, or null. */
export function intersectRayAabb(a: Ray, b: Aabb, out?: ShapeHit): ShapeHit | null {
  if (!testRayAabb(a, b)) return null;
  return castForm(formOfRay(a, FA), aabbProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the ray in a box, with the outward normal there, or null. */
export function intersectRayBox(a: Ray, b: Box, out?: ShapeHit): ShapeHit | null {
  if (!testRayBox(a, b)) return null;
  return castForm(formOfRay(a, FA), boxProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the ray in a triangle, with the outward normal there, or null. */
export function intersectRayTriangle(a: Ray, b: Triangle, out?: ShapeHit): ShapeHit | null {
  if (!testRayTriangle(a, b)) return null;
  return castForm(formOfRay(a, FA), triangleProxy(b, P), out ?? makeShapeHit());
}

/**
 * The first point of the ray in a polygon, with the outward normal there, or null; exact
 * hit-or-miss. The common cases are settled in floats by Cyrus-Beck clipping against the edge
 * lines, each sign certified by its ERR3 bound (filter.ts): a miss by a separating axis (an edge
 * with the origin outside it and the ray not heading in, or the ray's own line with every corner
 * on one side), a hit by the origin inside every edge or by the ray crossing the entry edge
 * between its ends. Anything the floats cannot certify takes the exact test and the cast.
 * @see Cyrus and Beck, "Generalized two- and three-dimensional clipping", Computers & Graphics
 * 1978; Ericson, Real-Time Collision Detection, §5.3.8 and §4.4 (separating axes).
 */
export function intersectRayPolygon(a: Ray, b: Polygon, out?: ShapeHit): ShapeHit | null {
  const pts = b.points;
  const n = pts.length;
  if (n < 3) return intersectRayPolygonSlow(a, b, out);
  const ox = a.origin.x;
  const oy = a.origin.y;
  const dx = a.dir.x;
  const dy = a.dir.y;
  // The winding from the first three corners, when certain (else the exact path).
  const p0 = pts[0]!;
  const p1 = pts[1]!;
  const p2 = pts[2]!;
  let l = (p1.x - p0.x) * (p2.y - p0.y);
  let m = (p1.y - p0.y) * (p2.x - p0.x);
  const w = l - m;
  if (!(Math.abs(w) > ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2)) {
    return intersectRayPolygonSlow(a, b, out);
  }
  const s = w > 0 ? 1 : -1;
  // Along the ray, s cross(e, o + t d - p) = an + t bn is >= 0 inside edge p -> p + e.
  let enter = 0;
  let exit = Number.POSITIVE_INFINITY;
  let entry = -1;
  let inside = true;
  let px = pts[n - 1]!.x;
  let py = pts[n - 1]!.y;
  for (let i = 0; i < n; i++) {
    const q = pts[i]!;
    const qx = q.x;
    const qy = q.y;
    const ex = qx - px;
    const ey = qy - py;
    l = ex * (oy - py);
    m = ey * (ox - px);
    const an = s * (l - m);
    const ea = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
    l = ex * dy;
    m = ey * dx;
    const bn = s * (l - m);
    const eb = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
    // NaN or infinite bounds fail every comparison below and end on the exact path.
    if (!(an > ea)) {
      inside = false;
      if (an < -ea && bn < -eb) return null; // outside this edge and heading away: separated
      if (!(an < -ea && bn > eb)) return intersectRayPolygonSlow(a, b, out);
      // Outside and heading in: the entry through this edge's line.
      const t = -an / bn;
      if (t > enter) {
        enter = t;
        entry = i;
      }
    } else if (bn < -eb) {
      const t = an / -bn;
      if (t < exit) exit = t;
    } else if (!(bn > eb)) {
      return intersectRayPolygonSlow(a, b, out);
    }
    px = qx;
    py = qy;
  }
  if (inside) {
    // Strictly inside every edge: an inside start.
    const hit = out ?? makeShapeHit();
    hit.t = 0;
    hit.point.x = ox;
    hit.point.y = oy;
    hit.inside = true;
    if (!normalize2(-dx, -dy, hit.normal)) {
      hit.normal.x = 1;
      hit.normal.y = 0;
    }
    return hit;
  }
  if (enter > exit) {
    // The floats say the ray passes a corner by: certain when every corner lies strictly on one
    // side of the ray's line (its normal separates them).
    let side = 0;
    for (let i = 0; i < n; i++) {
      const q = pts[i]!;
      l = dx * (q.y - oy);
      m = dy * (q.x - ox);
      const c = l - m;
      const ec = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
      const sc = c > ec ? 1 : c < -ec ? -1 : 0;
      if (sc === 0 || (side !== 0 && sc !== side)) return intersectRayPolygonSlow(a, b, out);
      side = sc;
    }
    return null;
  }
  // t underflowed to 0 for every entering edge: the exact path.
  if (entry < 0) return intersectRayPolygonSlow(a, b, out);
  // A hit through the entry edge: certain when the edge's ends lie strictly on opposite sides of
  // the ray's line (the origin is outside that edge and heads in, as checked above).
  const e0 = pts[entry === 0 ? n - 1 : entry - 1]!;
  const e1 = pts[entry]!;
  l = dx * (e0.y - oy);
  m = dy * (e0.x - ox);
  const c0 = l - m;
  const ec0 = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
  l = dx * (e1.y - oy);
  m = dy * (e1.x - ox);
  const c1 = l - m;
  const ec1 = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
  if (!((c0 > ec0 && c1 < -ec1) || (c0 < -ec0 && c1 > ec1))) {
    return intersectRayPolygonSlow(a, b, out);
  }
  // t = -an / bn for that edge, recomputed with its bounds: accurate when they are small.
  const ex = e1.x - e0.x;
  const ey = e1.y - e0.y;
  l = ex * (oy - e0.y);
  m = ey * (ox - e0.x);
  const an = l - m;
  const ea = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
  l = ex * dy;
  m = ey * dx;
  const bn = l - m;
  const eb = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
  const t = -an / bn;
  // The edge's outward normal, s (ey, -ex) unnormalised; an entry almost along the edge
  // (under about 1e-6 radians) is ill-conditioned and takes the cast's edge-by-edge path.
  const nx = s * ey;
  const ny = -s * ex;
  const n2 = nx * nx + ny * ny;
  const px1 = ox + t * dx;
  const py1 = oy + t * dy;
  if (
    ea < ACCURATE * Math.abs(an) &&
    eb < ACCURATE * Math.abs(bn) &&
    n2 > 2 ** -1000 &&
    n2 < 2 ** 1000 &&
    px1 - px1 === 0 &&
    py1 - py1 === 0
  ) {
    const inv = 1 / Math.sqrt(n2);
    const ux = nx * inv + 0; // + 0 turns -0 into 0
    const uy = ny * inv + 0;
    if (Math.abs(ux * dx + uy * dy) >= 1e-6 * (Math.abs(dx) + Math.abs(dy))) {
      const hit = out ?? makeShapeHit();
      hit.t = t;
      hit.point.x = px1;
      hit.point.y = py1;
      hit.normal.x = ux;
      hit.normal.y = uy;
      hit.inside = false;
      return hit;
    }
  }
  return intersectRayPolygonSlow(a, b, out);
}

const polyVals: number[] = [];

/**
 * The exact path of `intersectRayPolygon`: the exact test, then, for a proper polygon, the same
 * clipping in BigInt (the entry edge by exact comparison of the ratios, t rounded once), so
 * grazing entries and corners get an accurate t; a flat polygon takes the cast.
 */
function intersectRayPolygonSlow(a: Ray, b: Polygon, out: ShapeHit | undefined): ShapeHit | null {
  if (!testRayPolygon(a, b)) return null;
  const pts = b.points;
  const n = pts.length;
  const o = a.origin;
  const d = a.dir;
  polyVals.length = 0;
  polyVals.push(o.x, o.y, d.x, d.y);
  for (let i = 0; i < n; i++) polyVals.push(pts[i]!.x, pts[i]!.y);
  const g = lift(polyVals, big);
  let area = 0n;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    area += g[4 + 2 * i]! * g[5 + 2 * j]! - g[5 + 2 * i]! * g[4 + 2 * j]!;
  }
  if (area === 0n) return castForm(formOfRay(a, FA), polygonProxy(b, P), out ?? makeShapeHit());
  const s = area > 0n ? 1n : -1n;
  // Along the ray, s cross(e, o + t d - p) = an + t bn >= 0 inside edge p -> p + e.
  let strict = true;
  let best = -1;
  let bestA = 0n;
  let bestB = 1n;
  let touch = -1;
  for (let i = 0; i < n; i++) {
    const k = i === 0 ? n - 1 : i - 1;
    const px = g[4 + 2 * k]!;
    const py = g[5 + 2 * k]!;
    const ex = g[4 + 2 * i]! - px;
    const ey = g[5 + 2 * i]! - py;
    const an = s * (ex * (g[1]! - py) - ey * (g[0]! - px));
    const bn = s * (ex * g[3]! - ey * g[2]!);
    if (an <= 0n) strict = false;
    if (an === 0n && touch < 0 && (ex !== 0n || ey !== 0n)) touch = i;
    // The largest -an / bn over entering edges (bn > 0), compared exactly.
    if (an < 0n && bn > 0n && (best < 0 || -an * bestB > -bestA * bn)) {
      best = i;
      bestA = an;
      bestB = bn;
    }
  }
  const hit = out ?? makeShapeHit();
  hit.inside = false;
  let edge = best;
  if (best < 0) {
    // The origin is in the closed polygon (the exact test said they meet).
    hit.t = 0;
    hit.point.x = o.x;
    hit.point.y = o.y;
    if (strict || touch < 0) {
      hit.inside = true;
      if (!normalize2(-d.x, -d.y, hit.normal)) {
        hit.normal.x = 1;
        hit.normal.y = 0;
      }
      return hit;
    }
    edge = touch;
  } else {
    const t = ratioToDouble(-bestA, bestB, 0);
    hit.t = t;
    hit.point.x = clampFinite(o.x + t * d.x);
    hit.point.y = clampFinite(o.y + t * d.y);
  }
  // The entry edge's outward normal s (ey, -ex).
  const q0 = pts[edge === 0 ? n - 1 : edge - 1]!;
  const q1 = pts[edge]!;
  const sx = s > 0n ? 1 : -1;
  let ex = q1.x - q0.x;
  let ey = q1.y - q0.y;
  if (!(Math.abs(ex) + Math.abs(ey) < Number.POSITIVE_INFINITY)) {
    // The difference overflowed: halves (exact at that size) give the same direction.
    ex = q1.x / 2 - q0.x / 2;
    ey = q1.y / 2 - q0.y / 2;
  }
  normalize2(sx * ey, -sx * ex, hit.normal);
  return hit;
}

/** The first point where the ray meets the polyline, or null. */
export function intersectRayPolyline(a: Ray, b: Polyline, out?: ShapeHit): ShapeHit | null {
  if (!testRayPolyline(a, b)) return null;
  return polylineHit(formOfRay(a, FA), b, out ?? makeShapeHit());
}

/** Where the segment passes the point: t along the segment, or null. */
export function intersectPointSegment(p: Vec, l: Segment, out?: ShapeHit): ShapeHit | null {
  if (!testPointSegment(p, l)) return null;
  return pointHit(p, formOfSegment(l, FA), out ?? makeShapeHit());
}

/** The first point of the segment in a capsule, with the outward normal there, or null. */
export function intersectSegmentCapsule(a: Segment, b: Capsule, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentCapsule(a, b)) return null;
  return castForm(formOfSegment(a, FA), segmentProxy(b.a, b.b, b.radius, P), out ?? makeShapeHit());
}

/** The first point of the segment in an aabb, with the outward normal there, or null. */
export function intersectSegmentAabb(a: Segment, b: Aabb, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentAabb(a, b)) return null;
  return castForm(formOfSegment(a, FA), aabbProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the segment in a box, with the outward normal there, or null. */
export function intersectSegmentBox(a: Segment, b: Box, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentBox(a, b)) return null;
  return castForm(formOfSegment(a, FA), boxProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the segment in a triangle, with the outward normal there, or null. */
export function intersectSegmentTriangle(a: Segment, b: Triangle, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentTriangle(a, b)) return null;
  return castForm(formOfSegment(a, FA), triangleProxy(b, P), out ?? makeShapeHit());
}

/** The first point of the segment in a polygon, with the outward normal there, or null. */
export function intersectSegmentPolygon(a: Segment, b: Polygon, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentPolygon(a, b)) return null;
  return castForm(formOfSegment(a, FA), polygonProxy(b, P), out ?? makeShapeHit());
}

/** The first point where the segment meets the polyline, or null. */
export function intersectSegmentPolyline(a: Segment, b: Polyline, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentPolyline(a, b)) return null;
  return polylineHit(formOfSegment(a, FA), b, out ?? makeShapeHit());
}
