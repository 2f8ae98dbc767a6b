import type { Mesh } from "./mesh.ts";
import type {
  Aabb,
  Box,
  Capsule,
  Frustum,
  Hull,
  Line,
  Plane,
  Ray,
  Segment,
  Sphere,
  Triangle,
  Vec,
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

/*
 * Every writer below keeps its doubles in locals or in `B` (lo x, y, z, hi x, y, z): a helper
 * that V8 does not inline would box each double it takes or returns into a fresh heap number,
 * and the world calls this for every moved body every frame.
 */
const B = new Float64Array(6);

function include(p: Vec): void {
  const x = p.x;
  const y = p.y;
  const z = p.z;
  if (x < B[0]!) B[0] = x;
  if (y < B[1]!) B[1] = y;
  if (z < B[2]!) B[2] = z;
  if (x > B[3]!) B[3] = x;
  if (y > B[4]!) B[4] = y;
  if (z > B[5]!) B[5] = z;
}

/** Starts `B` at the point p. */
function start(p: Vec): void {
  B[0] = B[3] = p.x;
  B[1] = B[4] = p.y;
  B[2] = B[5] = p.z;
}

/** Widens `B` by the radius of `s` on every side, rounding outward. */
function grow(s: Sphere | Capsule): void {
  const r = s.radius;
  // down and up, written out: their double argument and result would be boxed.
  for (let k = 0; k < 3; k++) {
    const lo = B[k]! - r;
    B[k] = Math.max(lo - Math.abs(lo) * ULP - TINY, -MAX);
    const hi = B[k + 3]! + r;
    B[k + 3] = Math.min(hi + Math.abs(hi) * ULP + TINY, MAX);
  }
}

/** The reach of a linear shape from `o` along `d`: unbounded on the sides its direction goes. */
function reach(o: Vec, d: Vec, both: boolean): void {
  B[0] = d.x < 0 || (both && d.x !== 0) ? -MAX : o.x;
  B[3] = d.x > 0 || (both && d.x !== 0) ? MAX : o.x;
  B[1] = d.y < 0 || (both && d.y !== 0) ? -MAX : o.y;
  B[4] = d.y > 0 || (both && d.y !== 0) ? MAX : o.y;
  B[2] = d.z < 0 || (both && d.z !== 0) ? -MAX : o.z;
  B[5] = d.z > 0 || (both && d.z !== 0) ? MAX : o.z;
}

/**
 * A box's bounds: its center plus, per world axis, the sum of its scaled axes' absolute
 * components there. The axes are `boxAxes`' expressions, evaluated in the same order so they
 * round the same way, then widened past the rounding of the sums.
 */
function boxBounds(box: Box): void {
  const q = box.rotation;
  const x = q.x;
  const y = q.y;
  const z = q.z;
  const w = q.w;
  const hx = box.halfExtents.x;
  const hy = box.halfExtents.y;
  const hz = box.halfExtents.z;
  const ex =
    (Math.abs((1 - 2 * (y * y + z * z)) * hx) +
      Math.abs(2 * (x * y - w * z) * hy) +
      Math.abs(2 * (x * z + w * y) * hz)) *
    WIDEN;
  const ey =
    (Math.abs(2 * (x * y + w * z) * hx) +
      Math.abs((1 - 2 * (x * x + z * z)) * hy) +
      Math.abs(2 * (y * z - w * x) * hz)) *
    WIDEN;
  const ez =
    (Math.abs(2 * (x * z - w * y) * hx) +
      Math.abs(2 * (y * z + w * x) * hy) +
      Math.abs((1 - 2 * (x * x + y * y)) * hz)) *
    WIDEN;
  const c = box.center;
  const rx = up(ex);
  const ry = up(ey);
  const rz = up(ez);
  B[0] = down(c.x - rx);
  B[3] = up(c.x + rx);
  B[1] = down(c.y - ry);
  B[4] = up(c.y + ry);
  B[2] = down(c.z - rz);
  B[5] = up(c.z + rz);
}

/**
 * Writes the shape's bounds to B. It takes the kind apart from the shape: read from the shape in
 * the same function, the kind check lets TurboFan assume every shape map it has seen there, and
 * a field only some kinds have (a sphere's radius) is then read as a boxed number.
 */
function boundsOf(kind: Shape["kind"], shape: Shape): void {
  switch (kind) {
    case "point":
      start(shape as Vec);
      break;
    case "segment": {
      const s = shape as Segment;
      start(s.a);
      include(s.b);
      break;
    }
    case "triangle": {
      const t = shape as Triangle;
      start(t.a);
      include(t.b);
      include(t.c);
      break;
    }
    case "hull":
      B[0] = B[1] = B[2] = MAX;
      B[3] = B[4] = B[5] = -MAX;
      for (const p of (shape as Hull).points) include(p);
      break;
    case "mesh": {
      const m = shape as Mesh;
      start(m.bounds.min);
      include(m.bounds.max);
      break;
    }
    case "aabb": {
      const b = shape as Aabb;
      start(b.min);
      include(b.max);
      break;
    }
    case "sphere": {
      const s = shape as Sphere;
      start(s.center);
      grow(s);
      break;
    }
    case "capsule": {
      const c = shape as Capsule;
      start(c.a);
      include(c.b);
      grow(c);
      break;
    }
    case "box":
      boxBounds(shape as Box);
      break;
    case "line": {
      const l = shape as Line;
      reach(l.point, l.dir, true);
      break;
    }
    case "ray": {
      const r = shape as Ray;
      reach(r.origin, r.dir, false);
      break;
    }
    case "plane":
    case "frustum":
      // A plane is bounded only when it is axis-aligned along two axes; a frustum's corners may
      // lie at infinity (an infinite far plane). Neither is worth a tight box here.
      B[0] = B[1] = B[2] = -MAX;
      B[3] = B[4] = B[5] = MAX;
      if (kind === "plane") planeBox(shape as Plane);
      break;
  }
}

/**
 * The smallest axis-aligned box holding the shape, widened outward by an ulp where it is computed
 * with rounding (spheres, capsules, boxes), so it always contains the shape. Lines, rays, planes
 * and frusta that are unbounded along an axis reach ±MAX_VALUE there.
 */
export function aabbOf(shape: Shape, out?: Aabb): Aabb {
  const box = out ?? { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
  boundsOf(shape.kind, shape);
  box.min.x = B[0]!;
  box.min.y = B[1]!;
  box.min.z = B[2]!;
  box.max.x = B[3]!;
  box.max.y = B[4]!;
  box.max.z = B[5]!;
  return box;
}

/** A plane perpendicular to a world axis is flat along it: offset / normal there, rounded outward. */
function planeBox(p: Plane): void {
  const n = p.normal;
  const axis =
    n.y === 0 && n.z === 0 ? 0 : n.x === 0 && n.z === 0 ? 1 : n.x === 0 && n.y === 0 ? 2 : -1;
  if (axis < 0) return;
  const v = p.offset / (axis === 0 ? n.x : axis === 1 ? n.y : n.z);
  // Beyond the double range no finite point is on the plane: an empty-width box at the edge.
  if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) {
    B[axis] = B[axis + 3] = v > 0 ? MAX : -MAX;
    return;
  }
  B[axis] = down(v);
  B[axis + 3] = up(v);
}
