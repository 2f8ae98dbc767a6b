import type { Shape } from "../bounds.ts";
import { contact } from "../dispatch.ts";
import { intersectSegmentCircle, type SegmentCircleHit } from "../pairs/segment-circle.ts";
import { intersectSegmentSegment, type SegmentSegmentHit } from "../pairs/segment-segment.ts";
import {
  intersectPointSegment,
  intersectSegmentAabb,
  intersectSegmentBox,
  intersectSegmentCapsule,
  intersectSegmentPolygon,
  intersectSegmentPolyline,
  intersectSegmentTriangle,
} from "../query/intersect.ts";
import { type Contact, makeContact, type ShapeHit } from "../results.ts";
import type { Segment, Vec } from "../shapes.ts";

/*
 * The world's narrowphase on world-space shapes: the first hit of a segment on any body kind, and
 * a contact manifold for any two body kinds. Points and segments take part in contacts as circles
 * and capsules of radius 0 (the same point sets); a polyline as its edges, keeping the deepest.
 */

const SS: SegmentSegmentHit = {
  t1: 0,
  t2: 0,
  point: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  collinear: false,
};
const SC: SegmentCircleHit = { t: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 } };

function copyHit(t: number, p: Vec, n: Vec, inside: boolean, out: ShapeHit): ShapeHit {
  out.t = t;
  out.point.x = p.x;
  out.point.y = p.y;
  out.normal.x = n.x;
  out.normal.y = n.y;
  out.inside = inside;
  return out;
}

/**
 * The first point of segment `seg` on world-space `shape` (t in [0, 1] along the segment, normal
 * outward facing the segment's start), or null; hit-or-miss is exact.
 */
export function castSegment(seg: Segment, shape: Shape, out: ShapeHit): ShapeHit | null {
  switch (shape.kind) {
    case "point":
      return intersectPointSegment(shape, seg, out);
    case "segment": {
      const h = intersectSegmentSegment(seg, shape, SS);
      return h === null ? null : copyHit(h.t1, h.point, h.normal, false, out);
    }
    case "circle": {
      const h = intersectSegmentCircle(seg, shape, SC);
      return h === null ? null : copyHit(h.t, h.point, h.normal, h.t === 0, out);
    }
    case "capsule":
      return intersectSegmentCapsule(seg, shape, out);
    case "aabb":
      return intersectSegmentAabb(seg, shape, out);
    case "box":
      return intersectSegmentBox(seg, shape, out);
    case "triangle":
      return intersectSegmentTriangle(seg, shape, out);
    case "polygon":
      return intersectSegmentPolygon(seg, shape, out);
    case "polyline":
      return intersectSegmentPolyline(seg, shape, out);
    default:
      return null;
  }
}

type Solidish = Shape;

const CA = { kind: "circle" as const, center: { x: 0, y: 0 }, radius: 0 };
const CB = { kind: "circle" as const, center: { x: 0, y: 0 }, radius: 0 };
const KA = { kind: "capsule" as const, a: { x: 0, y: 0 }, b: { x: 0, y: 0 }, radius: 0 };
const KB = { kind: "capsule" as const, a: { x: 0, y: 0 }, b: { x: 0, y: 0 }, radius: 0 };
const TMP: Contact = makeContact();
const TMP_OUTER: Contact = makeContact();

/** A point or segment as the radius-0 circle or capsule with the same points; others unchanged. */
function asSolid(s: Shape, c: typeof CA, k: typeof KA): Solidish {
  if (s.kind === "point") {
    c.center.x = s.x;
    c.center.y = s.y;
    return c;
  }
  if (s.kind === "segment") {
    k.a.x = s.a.x;
    k.a.y = s.a.y;
    k.b.x = s.b.x;
    k.b.y = s.b.y;
    return k;
  }
  return s;
}

const MC = { kind: "circle" as const, center: { x: 0, y: 0 }, radius: 0 };
const MK = { kind: "capsule" as const, a: { x: 0, y: 0 }, b: { x: 0, y: 0 }, radius: 0 };
const MT = {
  kind: "polygon" as const,
  points: [
    { x: 0, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: 0 },
  ],
};

/**
 * A world-space shape as a mover `sweep` takes: a point as a radius-0 circle, a segment as a
 * radius-0 capsule, a triangle as a 3-corner polygon (the same point sets); others unchanged.
 */
export function asMover(s: Shape): Shape {
  if (s.kind === "triangle") {
    const p = MT.points;
    p[0]!.x = s.a.x;
    p[0]!.y = s.a.y;
    p[1]!.x = s.b.x;
    p[1]!.y = s.b.y;
    p[2]!.x = s.c.x;
    p[2]!.y = s.c.y;
    return MT;
  }
  return asSolid(s, MC, MK);
}

function edgeOf(points: readonly Vec[], i: number, closed: boolean, k: typeof KA): boolean {
  const n = points.length;
  const j = i + 1 < n ? i + 1 : closed || n === 1 ? 0 : -1;
  if (j < 0) return false;
  const p = points[i]!;
  const q = points[j]!;
  k.a.x = p.x;
  k.a.y = p.y;
  k.b.x = q.x;
  k.b.y = q.y;
  return true;
}

function copyContact(from: Contact, to: Contact): void {
  to.normal.x = from.normal.x;
  to.normal.y = from.normal.y;
  to.depth = from.depth;
  to.count = from.count;
  for (let i = 0; i < 2; i++) {
    to.points[i]!.point.x = from.points[i]!.point.x;
    to.points[i]!.point.y = from.points[i]!.point.y;
    to.points[i]!.depth = from.points[i]!.depth;
  }
  to.aInB = from.aInB;
  to.bInA = from.bInA;
}

/**
 * The contact of two world-space body shapes (normal from a to b), or null when they do not touch;
 * exact hit-or-miss. A polyline answers with its deepest touching edge (aInB/bInA then refer to that edge).
 */
export function contactBodies(a: Shape, b: Shape, out: Contact): Contact | null {
  if (a.kind === "polyline") {
    const pts = a.points;
    const n = pts.length === 1 ? 1 : a.closed ? pts.length : pts.length - 1;
    let found = false;
    for (let i = 0; i < n; i++) {
      if (!edgeOf(pts, i, a.closed, KA)) continue;
      const c = contactBodies(KA, b, TMP_OUTER);
      if (c !== null && (!found || c.depth > out.depth)) {
        copyContact(c, out);
        found = true;
      }
    }
    return found ? out : null;
  }
  if (b.kind === "polyline") {
    const pts = b.points;
    const n = pts.length === 1 ? 1 : b.closed ? pts.length : pts.length - 1;
    let found = false;
    const sa = asSolid(a, CA, KA);
    for (let i = 0; i < n; i++) {
      if (!edgeOf(pts, i, b.closed, KB)) continue;
      const c = contact(sa, KB, undefined, undefined, TMP);
      if (c !== null && (!found || c.depth > out.depth)) {
        copyContact(c, out);
        found = true;
      }
    }
    return found ? out : null;
  }
  return contact(asSolid(a, CA, KA), asSolid(b, CB, KB), undefined, undefined, out);
}
