import type { Mesh } from "./mesh.ts";
import {
  type Aabb,
  type Box,
  boxAxes,
  type Capsule,
  type Frustum,
  type Hull,
  type Line,
  type Plane,
  type Ray,
  type Segment,
  type Sphere,
  type Triangle,
  type Vec,
} from "./shapes.ts";

/** Any tagged 3D shape. */
export type Shape =
  | (Vec & { kind: "point" })
  | (Line & { kind: "line" })
  | (Ray & { kind: "ray" })
  | (Segment & { kind: "segment" })
  | (Plane & { kind: "plane" })
  | (Sphere & { kind: "sphere" })
  | (Capsule & { kind: "capsule" })
  | (Aabb & { kind: "aabb" })
  | (Box & { kind: "box" })
  | (Triangle & { kind: "triangle" })
  | (Hull & { kind: "hull" })
  | (Frustum & { kind: "frustum" })
  | Mesh;

const MAX = Number.MAX_VALUE;
const ULP = 2 ** -52;
const TINY = 2 ** -1022;
// More than the relative rounding of a box's extent sums and of any corner formula.
const WIDEN = 1 + 2 ** -49;

/** Rounds outward by a relative 2^-52 plus the smallest normal, so rounded bounds stay conservative. */
function down(x: number): number {
  return Math.max(x - Math.abs(x) * ULP - TINY, -MAX);
}

function up(x: number): number {
  return Math.min(x + Math.abs(x) * ULP + TINY, MAX);
}

const lo = { x: 0, y: 0, z: 0 };
const hi = { x: 0, y: 0, z: 0 };
const axes: Vec[] = [];

function reset(): void {
  lo.x = lo.y = lo.z = MAX;
  hi.x = hi.y = hi.z = -MAX;
}

function include(p: Vec): void {
  if (p.x < lo.x) lo.x = p.x;
  if (p.x > hi.x) hi.x = p.x;
  if (p.y < lo.y) lo.y = p.y;
  if (p.y > hi.y) hi.y = p.y;
  if (p.z < lo.z) lo.z = p.z;
  if (p.z > hi.z) hi.z = p.z;
}

/** Widens [lo, hi] by `r` on every side, rounding outward. */
function grow(r: number): void {
  lo.x = down(lo.x - r);
  lo.y = down(lo.y - r);
  lo.z = down(lo.z - r);
  hi.x = up(hi.x + r);
  hi.y = up(hi.y + r);
  hi.z = up(hi.z + r);
}

/** The reach of a linear shape from `o` along `d`: unbounded on the sides its direction goes. */
function reach(o: Vec, d: Vec, both: boolean): void {
  lo.x = d.x < 0 || (both && d.x !== 0) ? -MAX : o.x;
  hi.x = d.x > 0 || (both && d.x !== 0) ? MAX : o.x;
  lo.y = d.y < 0 || (both && d.y !== 0) ? -MAX : o.y;
  hi.y = d.y > 0 || (both && d.y !== 0) ? MAX : o.y;
  lo.z = d.z < 0 || (both && d.z !== 0) ? -MAX : o.z;
  hi.z = d.z > 0 || (both && d.z !== 0) ? MAX : o.z;
}

/**
 * The smallest axis-aligned box holding the shape, widened outward by an ulp where it is computed
 * with rounding (spheres, capsules, boxes), so it always contains the shape. Lines, rays, planes
 * and frusta that are unbounded along an axis reach ±MAX_VALUE there.
 */
export function aabbOf(shape: Shape, out?: Aabb): Aabb {
  const box = out ?? { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
  reset();
  switch (shape.kind) {
    case "point":
      include(shape);
      break;
    case "segment":
      include(shape.a);
      include(shape.b);
      break;
    case "triangle":
      include(shape.a);
      include(shape.b);
      include(shape.c);
      break;
    case "hull":
      for (const p of shape.points) include(p);
      break;
    case "mesh":
      include(shape.bounds.min);
      include(shape.bounds.max);
      break;
    case "aabb":
      include(shape.min);
      include(shape.max);
      break;
    case "sphere":
      include(shape.center);
      grow(shape.radius);
      break;
    case "capsule":
      include(shape.a);
      include(shape.b);
      grow(shape.radius);
      break;
    case "box": {
      boxAxes(shape, axes);
      const [a, b, c] = axes as [Vec, Vec, Vec];
      include(shape.center);
      lo.x = down(lo.x - up(extent(a.x, b.x, c.x)));
      hi.x = up(hi.x + up(extent(a.x, b.x, c.x)));
      lo.y = down(lo.y - up(extent(a.y, b.y, c.y)));
      hi.y = up(hi.y + up(extent(a.y, b.y, c.y)));
      lo.z = down(lo.z - up(extent(a.z, b.z, c.z)));
      hi.z = up(hi.z + up(extent(a.z, b.z, c.z)));
      break;
    }
    case "line":
      reach(shape.point, shape.dir, true);
      break;
    case "ray":
      reach(shape.origin, shape.dir, false);
      break;
    case "plane":
    case "frustum":
      // A plane is bounded only when it is axis-aligned along two axes; a frustum's corners may
      // lie at infinity (an infinite far plane). Neither is worth a tight box here.
      lo.x = lo.y = lo.z = -MAX;
      hi.x = hi.y = hi.z = MAX;
      if (shape.kind === "plane") planeBox(shape);
      break;
  }
  box.min.x = lo.x;
  box.min.y = lo.y;
  box.min.z = lo.z;
  box.max.x = hi.x;
  box.max.y = hi.y;
  box.max.z = hi.z;
  return box;
}

/** Half the width of a box along one world axis: the sum of its axes' absolute components. */
function extent(a: number, b: number, c: number): number {
  return (Math.abs(a) + Math.abs(b) + Math.abs(c)) * WIDEN;
}

/** A plane perpendicular to a world axis is flat along it: offset / normal there, rounded outward. */
function planeBox(p: Plane): void {
  const n = p.normal;
  const axis =
    n.y === 0 && n.z === 0
      ? "x"
      : n.x === 0 && n.z === 0
        ? "y"
        : n.x === 0 && n.y === 0
          ? "z"
          : null;
  if (axis === null) return;
  const v = p.offset / n[axis];
  // Beyond the double range no finite point is on the plane: an empty-width box at the edge.
  if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) {
    lo[axis] = hi[axis] = v > 0 ? MAX : -MAX;
    return;
  }
  lo[axis] = down(v);
  hi[axis] = up(v);
}
