import type { Shape } from "../bounds.ts";
import type { Aabb, Box, Capsule, Hull, Sphere, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/**
 * A convex 3D shape as GJK sees it: the hull of `count` points (stored x0, y0, z0, x1, ... in
 * `xyz`) grown by `radius`. Spheres and capsules are a point and a segment with a radius.
 * @see Catto, "Computing Distance", GDC 2010 (the distance proxy).
 */
export interface ConvexProxy {
  xyz: Float64Array;
  count: number;
  radius: number;
}

/** A proxy with room for `capacity` points (it grows when a hull needs more). */
export function makeProxy(capacity = 8): ConvexProxy {
  return { xyz: new Float64Array(3 * capacity), count: 0, radius: 0 };
}

function ensure(proxy: ConvexProxy, count: number): void {
  if (proxy.xyz.length < 3 * count) proxy.xyz = new Float64Array(3 * count);
  proxy.count = count;
}

/** Point i of the proxy from p (a Vec, not three doubles: a call V8 does not inline boxes them). */
function put(proxy: ConvexProxy, i: number, p: Vec): void {
  proxy.xyz[3 * i] = p.x;
  proxy.xyz[3 * i + 1] = p.y;
  proxy.xyz[3 * i + 2] = p.z;
}

const axes: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

function aabbProxy(b: Aabb, out: ConvexProxy): ConvexProxy {
  ensure(out, 8);
  const xyz = out.xyz;
  for (let c = 0; c < 8; c++) {
    xyz[3 * c] = c & 1 ? b.max.x : b.min.x;
    xyz[3 * c + 1] = c & 2 ? b.max.y : b.min.y;
    xyz[3 * c + 2] = c & 4 ? b.max.z : b.min.z;
  }
  out.radius = 0;
  return out;
}

/** The 8 corners center ± u ± v ± w of the `boxAxes` parallelepiped (rounded once each). */
function boxProxy(b: Box, out: ConvexProxy): ConvexProxy {
  boxAxes(b, axes);
  const u = axes[0]!;
  const v = axes[1]!;
  const w = axes[2]!;
  const o = b.center;
  ensure(out, 8);
  const xyz = out.xyz;
  for (let c = 0; c < 8; c++) {
    const su = c & 1 ? 1 : -1;
    const sv = c & 2 ? 1 : -1;
    const sw = c & 4 ? 1 : -1;
    xyz[3 * c] = o.x + su * u.x + sv * v.x + sw * w.x;
    xyz[3 * c + 1] = o.y + su * u.y + sv * v.y + sw * w.y;
    xyz[3 * c + 2] = o.z + su * u.z + sv * v.z + sw * w.z;
  }
  out.radius = 0;
  return out;
}

function triangleProxy(t: Triangle, out: ConvexProxy): ConvexProxy {
  ensure(out, 3);
  put(out, 0, t.a);
  put(out, 1, t.b);
  put(out, 2, t.c);
  out.radius = 0;
  return out;
}

function hullProxy(h: Hull, out: ConvexProxy): ConvexProxy {
  const n = h.points.length;
  ensure(out, n);
  for (let i = 0; i < n; i++) {
    const p = h.points[i]!;
    put(out, i, p);
  }
  out.radius = 0;
  return out;
}

/** The kinds `proxyOf` accepts: the bounded convex 3D shapes. */
export type ConvexKind =
  | "point"
  | "segment"
  | "sphere"
  | "capsule"
  | "aabb"
  | "box"
  | "triangle"
  | "hull";

/** Fills `out` with the proxy of `shape` read as the bounded convex `kind`, and returns it. */
export function proxyOfKind(kind: ConvexKind, shape: unknown, out: ConvexProxy): ConvexProxy {
  switch (kind) {
    case "point": {
      const p = shape as Vec;
      ensure(out, 1);
      put(out, 0, p);
      out.radius = 0;
      return out;
    }
    case "sphere": {
      const s = shape as Sphere;
      ensure(out, 1);
      put(out, 0, s.center);
      out.radius = s.radius;
      return out;
    }
    case "segment":
    case "capsule": {
      const s = shape as Capsule;
      ensure(out, 2);
      put(out, 0, s.a);
      put(out, 1, s.b);
      out.radius = kind === "capsule" ? s.radius : 0;
      return out;
    }
    case "aabb":
      return aabbProxy(shape as Aabb, out);
    case "box":
      return boxProxy(shape as Box, out);
    case "triangle":
      return triangleProxy(shape as Triangle, out);
    default:
      return hullProxy(shape as Hull, out);
  }
}

/**
 * Fills `out` with the proxy of a bounded convex shape (point, segment, sphere, capsule, aabb,
 * box, triangle, hull) and returns it, or returns null for the others (line, ray, plane, ...).
 */
export function proxyOf(shape: Shape, out: ConvexProxy): ConvexProxy | null {
  switch (shape.kind) {
    case "point":
    case "segment":
    case "sphere":
    case "capsule":
    case "aabb":
    case "box":
    case "triangle":
    case "hull":
      return proxyOfKind(shape.kind, shape, out);
    default:
      return null;
  }
}

/**
 * Index of the proxy point farthest along s (d[0], d[1], d[2]), s = 1 or -1 (the first one on
 * ties). The direction comes in a typed array and s is a small integer, so no double crosses the
 * call: GJK and EPA passed three doubles here, and on compile orders where V8 left this call out
 * of line (about 1 fresh process in 7 on a loaded machine) each call boxed them, 48 B.
 */
export function support(proxy: ConvexProxy, d: Float64Array, s: number): number {
  const dx = s * d[0]!;
  const dy = s * d[1]!;
  const dz = s * d[2]!;
  const p = proxy.xyz;
  let best = 0;
  let bestValue = p[0]! * dx + p[1]! * dy + p[2]! * dz;
  for (let i = 1; i < proxy.count; i++) {
    const v = p[3 * i]! * dx + p[3 * i + 1]! * dy + p[3 * i + 2]! * dz;
    if (v > bestValue) {
      bestValue = v;
      best = i;
    }
  }
  return best;
}
