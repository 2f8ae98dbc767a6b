import type { Shape } from "../bounds.ts";
import { boxCorners } from "../box-corners.ts";
import type { Vec } from "../shapes.ts";

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

/**
 * Fills `out` with the proxy of a convex shape and returns it, or returns null for shapes that are
 * not bounded and convex (line, ray, polyline).
 */
export function proxyOf(shape: Shape, out: ConvexProxy): ConvexProxy | null {
  out.radius = 0;
  switch (shape.kind) {
    case "point":
      ensure(out, 1);
      put(out, 0, shape);
      return out;
    case "circle":
      ensure(out, 1);
      put(out, 0, shape.center);
      out.radius = shape.radius;
      return out;
    case "segment":
      ensure(out, 2);
      put(out, 0, shape.a);
      put(out, 1, shape.b);
      return out;
    case "capsule":
      ensure(out, 2);
      put(out, 0, shape.a);
      put(out, 1, shape.b);
      out.radius = shape.radius;
      return out;
    case "triangle":
      ensure(out, 3);
      put(out, 0, shape.a);
      put(out, 1, shape.b);
      put(out, 2, shape.c);
      return out;
    case "aabb":
      ensure(out, 4);
      out.xy[0] = shape.min.x;
      out.xy[1] = shape.min.y;
      out.xy[2] = shape.max.x;
      out.xy[3] = shape.min.y;
      out.xy[4] = shape.max.x;
      out.xy[5] = shape.max.y;
      out.xy[6] = shape.min.x;
      out.xy[7] = shape.max.y;
      return out;
    case "box":
      boxCorners(shape, corners);
      ensure(out, 4);
      for (let i = 0; i < 4; i++) put(out, i, corners[i]!);
      return out;
    case "polygon": {
      const n = shape.points.length;
      ensure(out, n);
      for (let i = 0; i < n; i++) put(out, i, shape.points[i]!);
      return out;
    }
    default:
      return null;
  }
}

/** Index of the proxy point farthest along (dx, dy). */
export function support(proxy: ConvexProxy, dx: number, dy: number): number {
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
