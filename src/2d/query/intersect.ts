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
import { raycastCapsule, raycastProxy } from "../convex/raycast.ts";
import { testPointLine, testPointRay, testPointSegment } from "../pairs/point-shapes.ts";
import { raySegmentHit, raySegmentSigns } from "../pairs/ray-segment.ts";
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
  parameterOf,
  pointAt,
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
  out.t = parameterOf(f, p.x, p.y);
  out.point.x = p.x;
  out.point.y = p.y;
  normalize2(f.qx - f.px, f.qy - f.py, out.normal);
  out.inside = false;
  return out;
}

/** The cast of f against a convex proxy the exact test says it meets. */
function castForm(f: LinearForm, q: ConvexProxy, out: ShapeHit): ShapeHit {
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const hit = raycastProxy(f.ox, f.oy, dx, dy, f.lo, f.hi, q, out);
  if (q.count > 2 && (!hit || (!out.inside && grazing(out.normal, dx, dy)))) {
    // A float miss the exact test counts (a graze, or a sliver whose edge planes cross in
    // rounding), or an entry through an edge almost along the cast, whose crossing is
    // ill-conditioned: the first of the edges' own hits is the answer, if any.
    const xy = q.xy;
    let found = false;
    for (let i = 0; i < q.count; i++) {
      const j = i + 1 === q.count ? 0 : i + 1;
      const edgeHit = raycastCapsule(
        f.ox,
        f.oy,
        dx,
        dy,
        f.lo,
        f.hi,
        xy[2 * i]!,
        xy[2 * i + 1]!,
        xy[2 * j]!,
        xy[2 * j + 1]!,
        q.radius,
        EDGE_HIT,
      );
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
  if (f.hi === 1) pointAt(f, out.t, out.point);
  return out;
}

const EDGE_HIT: ShapeHit = makeShapeHit();

/** Whether the cast (dx, dy) meets the surface of unit normal n at under about 1e-6 radians. */
function grazing(n: Vec, dx: number, dy: number): boolean {
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

/** Where the ray meets the segment (t1 on the ray, t2 on the segment), or null. */
export function intersectRaySegment(a: Ray, b: Segment, out?: LinearHit): LinearHit | null {
  const signs = raySegmentSigns(a, b);
  if (signs === 0) return null;
  if (signs === 1) {
    const hit = out ?? makeLinearHit();
    if (raySegmentHit(a, b, hit)) return hit;
    return linearHit(formOfRay(a, FA), formOfSegment(b, FB), hit);
  }
  if (!testRaySegment(a, b)) return null;
  return linearHit(formOfRay(a, FA), formOfSegment(b, FB), out ?? makeLinearHit());
}

/** The first point of the ray in a circle, with the outward normal there, or null. */
export function intersectRayCircle(a: Ray, b: Circle, out?: ShapeHit): ShapeHit | null {
  if (!testRayCircle(a, b)) return null;
  return castForm(
    formOfRay(a, FA),
    pointProxy(b.center.x, b.center.y, b.radius, P),
    out ?? makeShapeHit(),
  );
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

/** The first point of the ray in a polygon, with the outward normal there, or null. */
export function intersectRayPolygon(a: Ray, b: Polygon, out?: ShapeHit): ShapeHit | null {
  if (!testRayPolygon(a, b)) return null;
  return castForm(formOfRay(a, FA), polygonProxy(b, P), out ?? makeShapeHit());
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
