import type { Shape } from "../bounds.ts";
import {
  CLOSEST_POINTS_TABLE,
  CONTACT_TABLE,
  contact,
  DISTANCE_TABLE,
  INTERSECT_TABLE,
  test,
} from "../dispatch.ts";
import { type ClosestPoints, type Contact, makeClosestPoints, type ShapeHit } from "../results.ts";
import type { Segment, Vec } from "../shapes.ts";

/*
 * The 3D world's narrowphase on world-space shapes, through the dispatch tables only, so a pair
 * function added to a table reaches the world with no change here: the first hit of a segment on
 * a body, whether two shapes touch, and a contact manifold for two bodies.
 */

type Cast = (seg: Segment, shape: Shape, out: ShapeHit) => ShapeHit | null;
type Closest = (a: Segment, b: Shape, out: ClosestPoints) => ClosestPoints;
type Back = (a: Shape, b: Segment, out: ClosestPoints) => ClosestPoints;
type Distance = (a: Shape, b: Shape) => number;

const CP: ClosestPoints = makeClosestPoints();

/**
 * The first point of `seg` on world-space `shape` (t in [0, 1] along the segment, normal outward
 * facing the segment's start), or null. A kind with an `intersectSegment<Kind>` row uses it (exact
 * hit-or-miss); a kind with only a closestPoints row (point, segment, hull) is hit where the
 * distance is 0 (exact where that pair's test is), at the shared point, normal against the cast.
 */
export function castSegment(seg: Segment, shape: Shape, out: ShapeHit): ShapeHit | null {
  const cast = INTERSECT_TABLE.byKind.segment?.[shape.kind] as Cast | undefined;
  if (cast !== undefined) return cast(seg, shape, out);
  const closest = CLOSEST_POINTS_TABLE.byKind.segment?.[shape.kind] as Closest | undefined;
  const back = CLOSEST_POINTS_TABLE.byKind[shape.kind]?.segment as Back | undefined;
  let r: ClosestPoints;
  if (closest !== undefined) r = closest(seg, shape, CP);
  else if (back !== undefined) r = back(shape, seg, CP);
  else return null;
  if (r.distance !== 0) return null;
  const a = seg.a;
  const dx = seg.b.x - a.x;
  const dy = seg.b.y - a.y;
  const dz = seg.b.z - a.z;
  const dd = dx * dx + dy * dy + dz * dz;
  const p = r.pointA;
  const t = dd > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy + (p.z - a.z) * dz) / dd : 0;
  out.t = t > 0 ? (t < 1 ? t : 1) : 0;
  out.point.x = p.x;
  out.point.y = p.y;
  out.point.z = p.z;
  const len = Math.sqrt(dd);
  const ok = len > 0 && len < Number.POSITIVE_INFINITY;
  out.normal.x = ok ? 0 - dx / len : 1;
  out.normal.y = ok ? 0 - dy / len : 0;
  out.normal.z = ok ? 0 - dz / len : 0;
  out.inside = false;
  return out;
}

/**
 * Whether two world-space shapes touch: the exact test where the pair has one, else distance 0
 * where it has a distance (GJK decides the hull pairs without an exact test yet), else false.
 */
export function touches(a: Shape, b: Shape): boolean {
  const t = test(a, b);
  if (t !== null) return t;
  const d = DISTANCE_TABLE.byKind[a.kind]?.[b.kind] as Distance | undefined;
  if (d !== undefined) return d(a, b) === 0;
  const back = DISTANCE_TABLE.byKind[b.kind]?.[a.kind] as Distance | undefined;
  return back !== undefined && back(b, a) === 0;
}

const SA = { kind: "sphere" as const, center: { x: 0, y: 0, z: 0 }, radius: 0 };
const SB = { kind: "sphere" as const, center: { x: 0, y: 0, z: 0 }, radius: 0 };
const KA = {
  kind: "capsule" as const,
  a: { x: 0, y: 0, z: 0 },
  b: { x: 0, y: 0, z: 0 },
  radius: 0,
};
const KB = {
  kind: "capsule" as const,
  a: { x: 0, y: 0, z: 0 },
  b: { x: 0, y: 0, z: 0 },
  radius: 0,
};

function copy(from: Vec, to: Vec): void {
  to.x = from.x;
  to.y = from.y;
  to.z = from.z;
}

/** A point or segment as the radius-0 sphere or capsule with the same points; others unchanged. */
function asSolid(s: Shape, sphere: typeof SA, cap: typeof KA): Shape {
  if (s.kind === "point") {
    copy(s, sphere.center);
    return sphere;
  }
  if (s.kind === "segment") {
    copy(s.a, cap.a);
    copy(s.b, cap.b);
    return cap;
  }
  return s;
}

function hasContact(a: Shape, b: Shape): boolean {
  return (
    CONTACT_TABLE.byKind[a.kind]?.[b.kind] !== undefined ||
    CONTACT_TABLE.byKind[b.kind]?.[a.kind] !== undefined
  );
}

/**
 * The contact of two world-space bodies (normal from a to b), or null when they do not touch.
 * Points and segments take part as radius-0 spheres and capsules (the same point sets). A pair of
 * kinds with no contact function yet gives, when the shapes touch (`touches`), a contact with
 * `count` 0: the touching is known, the normal, depth and points are not.
 */
export function contactBodies(a: Shape, b: Shape, out: Contact): Contact | null {
  const sa = asSolid(a, SA, KA);
  const sb = asSolid(b, SB, KB);
  if (hasContact(sa, sb)) return contact(sa, sb, out);
  if (!touches(a, b)) return null;
  out.count = 0;
  out.depth = 0;
  out.normal.x = 1;
  out.normal.y = 0;
  out.normal.z = 0;
  out.aInB = false;
  out.bInA = false;
  return out;
}
