import type { Shape } from "../bounds.ts";
import { boxCorners } from "../box-corners.ts";
import type { Pose } from "../pose.ts";
import type { Aabb, Box, Capsule, Circle, Polygon, Triangle, Vec } from "../shapes.ts";

/**
 * A convex shape as GJK sees it: the hull of `count` points (stored x0, y0, x1, y1, ... in `xy`)
 * grown by `radius`. Circles and capsules are points and segments with a radius.
 * @see Catto, "Computing Distance", GDC 2010 (the distance proxy).
 */
export interface ConvexProxy {
  xy: Float64Array;
  count: number;
  radius: number;
}

/** A proxy with room for `capacity` points. */
export function makeProxy(capacity = 8): ConvexProxy {
  return { xy: new Float64Array(2 * capacity), count: 0, radius: 0 };
}

function ensure(proxy: ConvexProxy, count: number): void {
  if (proxy.xy.length < 2 * count) proxy.xy = new Float64Array(2 * count);
  proxy.count = count;
}

function put(proxy: ConvexProxy, i: number, p: Vec): void {
  proxy.xy[2 * i] = p.x;
  proxy.xy[2 * i + 1] = p.y;
}

const corners: Vec[] = [];

/** Fills `out` with a point, or a circle's center and radius. */
export function pointProxy(x: number, y: number, radius: number, out: ConvexProxy): ConvexProxy {
  ensure(out, 1);
  out.xy[0] = x;
  out.xy[1] = y;
  out.radius = radius;
  return out;
}

/** Fills `out` with a single point, radius 0 (`pointProxy` taking the point, not doubles). */
export function vecProxy(p: Vec, out: ConvexProxy): ConvexProxy {
  ensure(out, 1);
  out.xy[0] = p.x;
  out.xy[1] = p.y;
  out.radius = 0;
  return out;
}

/** Fills `out` with a circle's center and radius (`pointProxy` taking the circle, not doubles). */
export function circleProxy(circle: Circle, out: ConvexProxy): ConvexProxy {
  ensure(out, 1);
  out.xy[0] = circle.center.x;
  out.xy[1] = circle.center.y;
  out.radius = circle.radius;
  return out;
}

/** Fills `out` with a capsule's segment and radius (`segmentProxy` taking the capsule). */
export function capsuleProxy(capsule: Capsule, out: ConvexProxy): ConvexProxy {
  ensure(out, 2);
  put(out, 0, capsule.a);
  put(out, 1, capsule.b);
  out.radius = capsule.radius;
  return out;
}

/** Fills `out` with the segment ab grown by `radius` (a capsule, or a segment for 0). */
export function segmentProxy(a: Vec, b: Vec, radius: number, out: ConvexProxy): ConvexProxy {
  ensure(out, 2);
  put(out, 0, a);
  put(out, 1, b);
  out.radius = radius;
  return out;
}

/** Fills `out` with an axis-aligned box, counter-clockwise. */
export function aabbProxy(box: Aabb, out: ConvexProxy): ConvexProxy {
  ensure(out, 4);
  const xy = out.xy;
  xy[0] = xy[6] = box.min.x;
  xy[1] = xy[3] = box.min.y;
  xy[2] = xy[4] = box.max.x;
  xy[5] = xy[7] = box.max.y;
  out.radius = 0;
  return out;
}

/** Fills `out` with an oriented box's computed corners. */
export function boxProxy(box: Box, out: ConvexProxy): ConvexProxy {
  boxCorners(box, corners);
  ensure(out, 4);
  for (let i = 0; i < 4; i++) put(out, i, corners[i]!);
  out.radius = 0;
  return out;
}

/** Fills `out` with a triangle's corners. */
export function triangleProxy(t: Triangle, out: ConvexProxy): ConvexProxy {
  ensure(out, 3);
  put(out, 0, t.a);
  put(out, 1, t.b);
  put(out, 2, t.c);
  out.radius = 0;
  return out;
}

/** Fills `out` with a convex polygon's corners. */
export function polygonProxy(polygon: Polygon, out: ConvexProxy): ConvexProxy {
  const points = polygon.points;
  const n = points.length;
  ensure(out, n);
  for (let i = 0; i < n; i++) put(out, i, points[i]!);
  out.radius = 0;
  return out;
}

/**
 * Fills `out` with a convex polygon's corners moved by a pose (rotation by `angle` about the local
 * origin, then the translation), computed as `transformPoint` in pose.ts does, so the corners are
 * the same doubles as the posed copy's: the transform fused into the proxy, with no copy between.
 */
export function posedPolygonProxy(polygon: Polygon, pose: Pose, out: ConvexProxy): ConvexProxy {
  const points = polygon.points;
  const n = points.length;
  ensure(out, n);
  const c = Math.cos(pose.angle);
  const s = Math.sin(pose.angle);
  const x0 = pose.x;
  const y0 = pose.y;
  const xy = out.xy;
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    xy[2 * i] = c * p.x - s * p.y + x0;
    xy[2 * i + 1] = s * p.x + c * p.y + y0;
  }
  out.radius = 0;
  return out;
}

/**
 * Fills `out` with the proxy of a convex shape and returns it, or returns null for shapes that are
 * not bounded and convex (line, ray, polyline).
 */
export function proxyOf(shape: Shape, out: ConvexProxy): ConvexProxy | null {
  switch (shape.kind) {
    case "point":
      return vecProxy(shape, out);
    case "circle":
      return circleProxy(shape, out);
    case "segment":
      return segmentProxy(shape.a, shape.b, 0, out);
    case "capsule":
      return capsuleProxy(shape, out);
    case "triangle":
      return triangleProxy(shape, out);
    case "aabb":
      return aabbProxy(shape, out);
    case "box":
      return boxProxy(shape, out);
    case "polygon":
      return polygonProxy(shape, out);
    default:
      return null;
  }
}

/**
 * Index of the proxy point farthest along s (d[0], d[1]), s = 1 or -1 (the first one on ties).
 * The direction comes in a typed array and s is a small integer, so no double crosses the call
 * whether or not V8 inlines it (3D's GJK boxed 48 B a call on compile orders that did not).
 */
export function support(proxy: ConvexProxy, d: Float64Array, s: number): number {
  const dx = s * d[0]!;
  const dy = s * d[1]!;
  const xy = proxy.xy;
  let best = 0;
  let bestValue = xy[0]! * dx + xy[1]! * dy;
  for (let i = 1; i < proxy.count; i++) {
    const v = xy[2 * i]! * dx + xy[2 * i + 1]! * dy;
    if (v > bestValue) {
      bestValue = v;
      best = i;
    }
  }
  return best;
}

/** Writes the core's bounds (radius not included) as min x, min y, max x, max y into `out`. */
export function coreBounds(p: ConvexProxy, out: Float64Array): Float64Array {
  const xy = p.xy;
  let minX = xy[0]!;
  let maxX = minX;
  let minY = xy[1]!;
  let maxY = minY;
  for (let k = 1; k < p.count; k++) {
    const x = xy[2 * k]!;
    const y = xy[2 * k + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  out[0] = minX;
  out[1] = minY;
  out[2] = maxX;
  out[3] = maxY;
  return out;
}
