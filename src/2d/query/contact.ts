import { boxCorners } from "../box-corners.ts";
import { manifold, POLYGONS_APART, POLYGONS_TOUCH, polygonContact } from "../convex/manifold.ts";
import { containsProxy, overlapProxies } from "../convex/overlap.ts";
import {
  type ConvexProxy,
  circleProxy,
  makeProxy,
  polygonProxy,
  posedPolygonProxy,
} from "../convex/proxy.ts";
import { APART, circlePolygonContact } from "../pairs/circle-polygon.ts";
import type { Pose } from "../pose.ts";
import { type Contact, makeContact } from "../results.ts";
import type { Aabb, Box, Capsule, Circle, Polygon, Triangle, Vec } from "../shapes.ts";
import { type AnyShape, type Kind, proxyOfKind } from "./shape-kinds.ts";
import { testCircleCircle } from "./test.ts";

/*
 * contact<A><B> for every pair of solids: null exactly when the exact test is false; otherwise the
 * minimum translation (unit normal from A to B, depth >= 0), a manifold of 1 or 2 points
 * (convex/manifold.ts, Box2D-style clipping), and exact containment flags.
 */

const PA = makeProxy();
const PB = makeProxy();

/** The contact of two solids of the given kinds, or null when they do not touch. */
export function contactShapes(
  ka: Kind,
  a: AnyShape,
  kb: Kind,
  b: AnyShape,
  out?: Contact,
): Contact | null {
  const pa = proxyOfKind(ka, a, PA);
  const pb = proxyOfKind(kb, b, PB);
  if (pa === null || pb === null) return null;
  return contactProxies(pa, pb, out);
}

/**
 * The contact of two polygons each moved by a pose (normal from a to b), or null when they do not
 * touch: the corners are transformed straight into the proxies (no posed copy of the polygons).
 */
export function contactPosedPolygons(
  a: Polygon,
  poseA: Pose,
  b: Polygon,
  poseB: Pose,
  out?: Contact,
): Contact | null {
  return contactProxies(posedPolygonProxy(a, poseA, PA), posedPolygonProxy(b, poseB, PB), out);
}

/** The contact of two rounded convex proxies, or null when they do not touch. */
function contactProxies(pa: ConvexProxy, pb: ConvexProxy, out?: Contact): Contact | null {
  if (pa.count >= 3 && pb.count >= 3) {
    // Two polygons: one float pass decides and finds the axis unless the bounds are too close.
    const settled = polygonContact(pa, pb, out ?? SPARE);
    if (settled === POLYGONS_APART) return null;
    if (settled === POLYGONS_TOUCH) return out ?? copyContact(SPARE, makeContact());
  }
  if (!overlapProxies(pa, pb)) return null;
  const c = manifold(pa, pb, out ?? makeContact());
  c.aInB = containsProxy(pb, pa);
  c.bInA = containsProxy(pa, pb);
  return c;
}

/** The contact of a circle (A) and a circle (B), or null when they do not touch. */
export function contactCircleCircle(a: Circle, b: Circle, out?: Contact): Contact | null {
  const ca = a.center;
  const cb = b.center;
  const ex = cb.x - ca.x;
  const ey = cb.y - ca.y;
  // Concentric (or offsets at the edge of the double range): the general path's conventions.
  if ((ex === 0 && ey === 0) || !(Math.abs(ex) + Math.abs(ey) < 1e300)) {
    return contactShapes("circle", a, "circle", b, out);
  }
  if (!testCircleCircle(a, b)) return null;
  const c = out ?? makeContact();
  // Written out (no helper taking doubles): a call that is not inlined boxes every double.
  const m = Math.max(Math.abs(ex), Math.abs(ey));
  const x = ex / m;
  const y = ey / m;
  const h = Math.sqrt(x * x + y * y);
  const d = h * m;
  // The normal from the scaled offset: ex / d loses its length when d is subnormal.
  const nx = x / h;
  const ny = y / h;
  const depth = Math.max(0, a.radius + b.radius - d);
  c.normal.x = nx;
  c.normal.y = ny;
  c.depth = depth;
  const k = a.radius - depth / 2;
  const p = c.points[0];
  p.point.x = ca.x + k * nx;
  p.point.y = ca.y + k * ny;
  p.depth = depth;
  c.count = 1;
  c.aInB = circleInCircle(a, b);
  c.bInA = circleInCircle(b, a);
  return c;
}

/**
 * Exact: is `inner` inside `outer`? First a float reject: a center offset, on one axis, wider
 * than ro - ri cannot fit. Each difference is rounded once and the margin 2^-40 exceeds their
 * joint relative error (subnormal differences are exact), so the reject never drops a fit.
 */
function circleInCircle(inner: Circle, outer: Circle): boolean {
  const ri = inner.radius;
  const ro = outer.radius;
  if (ri > ro) return false;
  const s = (ro - ri) * (1 + 2 ** -40);
  const p = inner.center;
  const o = outer.center;
  if (Math.abs(p.x - o.x) > s || Math.abs(p.y - o.y) > s) return false;
  return containsProxy(circleProxy(outer, PB), circleProxy(inner, PA));
}

/** The contact of a circle (A) and a capsule (B), or null when they do not touch. */
export function contactCircleCapsule(a: Circle, b: Capsule, out?: Contact): Contact | null {
  return contactShapes("circle", a, "capsule", b, out);
}

/** The contact of a circle (A) and an aabb (B), or null when they do not touch. */
export function contactCircleAabb(a: Circle, b: Aabb, out?: Contact): Contact | null {
  return contactShapes("circle", a, "aabb", b, out);
}

/** The contact of a circle (A) and a box (B), or null when they do not touch. */
export function contactCircleBox(a: Circle, b: Box, out?: Contact): Contact | null {
  // A box is the polygon of its `boxCorners` (the same corners its proxy holds): the circle vs
  // polygon float path, without convex proxies or GJK in the common case.
  boxCorners(b, BOX_CORNERS);
  return contactCirclePolygon(a, BOX_AS_POLYGON, out);
}

const BOX_CORNERS: Vec[] = [
  { x: 0, y: 0 },
  { x: 0, y: 0 },
  { x: 0, y: 0 },
  { x: 0, y: 0 },
];
const BOX_AS_POLYGON: Polygon = { points: BOX_CORNERS };

/** The contact of a circle (A) and a triangle (B), or null when they do not touch. */
export function contactCircleTriangle(a: Circle, b: Triangle, out?: Contact): Contact | null {
  return contactShapes("circle", a, "triangle", b, out);
}

/** The contact of a circle (A) and a polygon (B), or null when they do not touch. */
export function contactCirclePolygon(a: Circle, b: Polygon, out?: Contact): Contact | null {
  const c = out ?? SPARE;
  const settled = circlePolygonContact(a, b, c, true);
  if (settled === APART) return null;
  if (settled === 0) return contactShapes("circle", a, "polygon", b, out);
  if (settled < 0) {
    const pa = circleProxy(a, PA);
    const pb = polygonProxy(b, PB);
    c.aInB = containsProxy(pb, pa);
    c.bInA = containsProxy(pa, pb);
  }
  return out ?? copyContact(SPARE, makeContact());
}

const SPARE = makeContact();

/** Copies every field of `from` into `to` and returns `to`. */
function copyContact(from: Contact, to: Contact): Contact {
  to.normal.x = from.normal.x;
  to.normal.y = from.normal.y;
  to.depth = from.depth;
  for (let k = 0; k < 2; k++) {
    to.points[k]!.point.x = from.points[k]!.point.x;
    to.points[k]!.point.y = from.points[k]!.point.y;
    to.points[k]!.depth = from.points[k]!.depth;
  }
  to.count = from.count;
  to.aInB = from.aInB;
  to.bInA = from.bInA;
  return to;
}

/** The contact of a capsule (A) and a capsule (B), or null when they do not touch. */
export function contactCapsuleCapsule(a: Capsule, b: Capsule, out?: Contact): Contact | null {
  return contactShapes("capsule", a, "capsule", b, out);
}

/** The contact of a capsule (A) and an aabb (B), or null when they do not touch. */
export function contactCapsuleAabb(a: Capsule, b: Aabb, out?: Contact): Contact | null {
  return contactShapes("capsule", a, "aabb", b, out);
}

/** The contact of a capsule (A) and a box (B), or null when they do not touch. */
export function contactCapsuleBox(a: Capsule, b: Box, out?: Contact): Contact | null {
  return contactShapes("capsule", a, "box", b, out);
}

/** The contact of a capsule (A) and a triangle (B), or null when they do not touch. */
export function contactCapsuleTriangle(a: Capsule, b: Triangle, out?: Contact): Contact | null {
  return contactShapes("capsule", a, "triangle", b, out);
}

/** The contact of a capsule (A) and a polygon (B), or null when they do not touch. */
export function contactCapsulePolygon(a: Capsule, b: Polygon, out?: Contact): Contact | null {
  return contactShapes("capsule", a, "polygon", b, out);
}

/** The contact of an aabb (A) and an aabb (B), or null when they do not touch. */
export function contactAabbAabb(a: Aabb, b: Aabb, out?: Contact): Contact | null {
  return contactShapes("aabb", a, "aabb", b, out);
}

/** The contact of an aabb (A) and a box (B), or null when they do not touch. */
export function contactAabbBox(a: Aabb, b: Box, out?: Contact): Contact | null {
  return contactShapes("aabb", a, "box", b, out);
}

/** The contact of an aabb (A) and a triangle (B), or null when they do not touch. */
export function contactAabbTriangle(a: Aabb, b: Triangle, out?: Contact): Contact | null {
  return contactShapes("aabb", a, "triangle", b, out);
}

/** The contact of an aabb (A) and a polygon (B), or null when they do not touch. */
export function contactAabbPolygon(a: Aabb, b: Polygon, out?: Contact): Contact | null {
  return contactShapes("aabb", a, "polygon", b, out);
}

/** The contact of a box (A) and a box (B), or null when they do not touch. */
export function contactBoxBox(a: Box, b: Box, out?: Contact): Contact | null {
  return contactShapes("box", a, "box", b, out);
}

/** The contact of a box (A) and a triangle (B), or null when they do not touch. */
export function contactBoxTriangle(a: Box, b: Triangle, out?: Contact): Contact | null {
  return contactShapes("box", a, "triangle", b, out);
}

/** The contact of a box (A) and a polygon (B), or null when they do not touch. */
export function contactBoxPolygon(a: Box, b: Polygon, out?: Contact): Contact | null {
  return contactShapes("box", a, "polygon", b, out);
}

/** The contact of a triangle (A) and a polygon (B), or null when they do not touch. */
export function contactTrianglePolygon(a: Triangle, b: Polygon, out?: Contact): Contact | null {
  return contactShapes("triangle", a, "polygon", b, out);
}

/** The contact of a polygon (A) and a polygon (B), or null when they do not touch. */
export function contactPolygonPolygon(a: Polygon, b: Polygon, out?: Contact): Contact | null {
  return contactShapes("polygon", a, "polygon", b, out);
}
