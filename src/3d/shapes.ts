import { requireFinite, requireNonZero, requireRadius } from "../math/validate.ts";

/** A 3D point or vector. Any object with numeric `x`, `y`, `z` is one (three.js `Vector3`, Babylon). */
export interface Vec {
  x: number;
  y: number;
  z: number;
}

/** A rotation as a unit quaternion (three.js `Quaternion` fits). */
export interface Quat {
  x: number;
  y: number;
  z: number;
  w: number;
}

/** The closed ball of `radius` (>= 0) around `center`. */
export interface Sphere {
  center: Vec;
  radius: number;
}

/** The infinite line through `point` along `dir` (any non-zero length). */
export interface Line {
  point: Vec;
  dir: Vec;
}

/** The half-line `origin + t dir`, t >= 0; t is in units of `dir`, which need not be unit length. */
export interface Ray {
  origin: Vec;
  dir: Vec;
}

/** The closed segment from `a` to `b`; `a === b` is a point. Parameter t runs 0 at `a` to 1 at `b`. */
export interface Segment {
  a: Vec;
  b: Vec;
}

/**
 * The plane of points p with dot(normal, p) = offset; `normal` need not be unit length. It is a
 * surface, not a half-space: both sides are outside it.
 */
export interface Plane {
  normal: Vec;
  offset: number;
}

/** Every point within `radius` (>= 0) of the segment from `a` to `b`. */
export interface Capsule {
  a: Vec;
  b: Vec;
  radius: number;
}

/** An axis-aligned box, closed: min <= p <= max on every axis. */
export interface Aabb {
  min: Vec;
  max: Vec;
}

/**
 * An oriented box: `halfExtents` along its own axes, turned by the unit quaternion `rotation`
 * about `center`. Queries are exact for the parallelepiped spanned by the axes `boxAxes` computes.
 */
export interface Box {
  center: Vec;
  halfExtents: Vec;
  rotation: Quat;
}

/** The closed triangle with corners `a`, `b`, `c`; a collinear one is the segment or point it covers. */
export interface Triangle {
  a: Vec;
  b: Vec;
  c: Vec;
}

/** The convex hull of `points` (at least 1), a solid. */
export interface Hull {
  points: readonly Vec[];
}

/**
 * A closed convex region bounded by six planes, as a camera sees: p is inside when
 * dot(plane.normal, p) <= plane.offset for every plane (normals point out). Order: left, right,
 * bottom, top, near, far.
 */
export interface Frustum {
  planes: readonly Plane[];
}

function point(x: number, y: number, z: number, field: string): Vec {
  requireFinite(x, `${field}.x`);
  requireFinite(y, `${field}.y`);
  requireFinite(z, `${field}.z`);
  return { x, y, z };
}

/** Copies and validates a vector given as an object; `field` names it in errors. */
function copyVec(v: Vec, field: string): Vec {
  return point(v.x, v.y, v.z, field);
}

/** Makes a vector; throws a RangeError naming the field for a non-finite component. */
export function vec(x: number, y: number, z: number): Vec {
  return point(x, y, z, "vec");
}

/** Makes a tagged point; throws a RangeError naming the field for a non-finite component. */
export function pointShape(x: number, y: number, z: number): Vec & { kind: "point" } {
  requireFinite(x, "point.x");
  requireFinite(y, "point.y");
  requireFinite(z, "point.z");
  return { kind: "point", x, y, z };
}

/** Makes a sphere; throws a RangeError for a non-finite center or a negative or non-finite radius. */
export function sphere(
  x: number,
  y: number,
  z: number,
  radius: number,
): Sphere & { kind: "sphere" } {
  requireRadius(radius, "sphere.radius");
  return { kind: "sphere", center: point(x, y, z, "sphere.center"), radius };
}

/** Makes a line through (px, py, pz) along (dx, dy, dz); throws a RangeError for a zero direction. */
export function line(
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
): Line & { kind: "line" } {
  const dir = point(dx, dy, dz, "line.dir");
  requireNonZero(dx === 0 && dy === 0 && dz === 0, "line.dir");
  return { kind: "line", point: point(px, py, pz, "line.point"), dir };
}

/** Makes a ray from (ox, oy, oz) along (dx, dy, dz); throws a RangeError for a zero direction. */
export function ray(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): Ray & { kind: "ray" } {
  const dir = point(dx, dy, dz, "ray.dir");
  requireNonZero(dx === 0 && dy === 0 && dz === 0, "ray.dir");
  return { kind: "ray", origin: point(ox, oy, oz, "ray.origin"), dir };
}

/** Makes a segment from `a` to `b`; a zero-length one is valid (a point). */
export function segment(a: Vec, b: Vec): Segment & { kind: "segment" } {
  return { kind: "segment", a: copyVec(a, "segment.a"), b: copyVec(b, "segment.b") };
}

/** Makes the plane dot(normal, p) = offset; throws a RangeError for a zero normal. */
export function plane(normal: Vec, offset: number): Plane & { kind: "plane" } {
  const n = copyVec(normal, "plane.normal");
  requireNonZero(n.x === 0 && n.y === 0 && n.z === 0, "plane.normal");
  requireFinite(offset, "plane.offset");
  return { kind: "plane", normal: n, offset };
}

/** Makes a capsule around the segment from `a` to `b`; a zero-length one is a sphere. */
export function capsule(a: Vec, b: Vec, radius: number): Capsule & { kind: "capsule" } {
  requireRadius(radius, "capsule.radius");
  return { kind: "capsule", a: copyVec(a, "capsule.a"), b: copyVec(b, "capsule.b"), radius };
}

/** Makes an axis-aligned box; throws a RangeError when a min exceeds its max. */
export function aabb(min: Vec, max: Vec): Aabb & { kind: "aabb" } {
  const lo = copyVec(min, "aabb.min");
  const hi = copyVec(max, "aabb.max");
  for (const axis of ["x", "y", "z"] as const) {
    if (lo[axis] > hi[axis]) {
      throw new RangeError(
        `aabb.min.${axis} must be <= aabb.max.${axis}, got ${lo[axis]} > ${hi[axis]}`,
      );
    }
  }
  return { kind: "aabb", min: lo, max: hi };
}

/**
 * Makes an oriented box. Half extents must be >= 0. The rotation (default: none) must be a finite
 * non-zero quaternion; it is normalised here, once, and the box keeps the normalised copy.
 */
export function box(
  center: Vec,
  halfExtents: Vec,
  rotation: Quat = { x: 0, y: 0, z: 0, w: 1 },
): Box & { kind: "box" } {
  requireRadius(halfExtents.x, "box.halfExtents.x");
  requireRadius(halfExtents.y, "box.halfExtents.y");
  requireRadius(halfExtents.z, "box.halfExtents.z");
  const { x, y, z, w } = rotation;
  requireFinite(x, "box.rotation.x");
  requireFinite(y, "box.rotation.y");
  requireFinite(z, "box.rotation.z");
  requireFinite(w, "box.rotation.w");
  // Rescale by the largest component first so the squared norm neither overflows nor underflows.
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z), Math.abs(w));
  requireNonZero(m === 0, "box.rotation");
  const n = Math.hypot(x / m, y / m, z / m, w / m) * m;
  return {
    kind: "box",
    center: copyVec(center, "box.center"),
    halfExtents: { x: halfExtents.x, y: halfExtents.y, z: halfExtents.z },
    rotation: { x: x / n, y: y / n, z: z / n, w: w / n },
  };
}

/**
 * Writes the box's three half-axis vectors into `out` (each its unit axis times its half extent)
 * and returns `out`. This one formula defines the box every exact query answers for: the
 * parallelepiped center + u·out[0] + v·out[1] + w·out[2] with |u|, |v|, |w| <= 1.
 */
export function boxAxes(box: Box, out: Vec[]): Vec[] {
  const { x, y, z, w } = box.rotation;
  const hx = box.halfExtents.x;
  const hy = box.halfExtents.y;
  const hz = box.halfExtents.z;
  for (let i = out.length; i < 3; i++) out.push({ x: 0, y: 0, z: 0 });
  // Columns of the rotation matrix of a unit quaternion, written in place: a helper taking the
  // three doubles would box them when V8 does not inline it.
  const u = out[0]!;
  u.x = (1 - 2 * (y * y + z * z)) * hx;
  u.y = 2 * (x * y + w * z) * hx;
  u.z = 2 * (x * z - w * y) * hx;
  const v = out[1]!;
  v.x = 2 * (x * y - w * z) * hy;
  v.y = (1 - 2 * (x * x + z * z)) * hy;
  v.z = 2 * (y * z + w * x) * hy;
  const t = out[2]!;
  t.x = 2 * (x * z + w * y) * hz;
  t.y = 2 * (y * z - w * x) * hz;
  t.z = (1 - 2 * (x * x + y * y)) * hz;
  return out;
}

/** Makes a triangle from three corners; collinear corners are valid (a degenerate triangle). */
export function triangle(a: Vec, b: Vec, c: Vec): Triangle & { kind: "triangle" } {
  return {
    kind: "triangle",
    a: copyVec(a, "triangle.a"),
    b: copyVec(b, "triangle.b"),
    c: copyVec(c, "triangle.c"),
  };
}

/** Makes the convex hull of the points (at least 1; copied). */
export function hull(points: readonly Vec[]): Hull & { kind: "hull" } {
  if (!Array.isArray(points) || points.length < 1) {
    throw new RangeError("hull.points must hold at least 1 point");
  }
  return { kind: "hull", points: points.map((p, i) => copyVec(p, `hull.points[${i}]`)) };
}

/**
 * Where `frustum()` keeps its planes packed for the float filters (not enumerable): nx, ny, nz,
 * offset per plane (stride 4), then the largest |nx| + |ny| + |nz| and the largest |offset|. The
 * planes are frozen, so it cannot go stale; a frustum written as a literal has none and is tested
 * from its planes.
 */
export const PACKED_PLANES: unique symbol = Symbol("collide.frustumPlanes");

/**
 * Makes the view frustum of a 4x4 view-projection matrix in three.js' column-major layout
 * (`Matrix4.elements`, clip z in [-w, w]). The planes are computed once in doubles (Gribb and
 * Hartmann, "Fast Extraction of Viewing Frustum Planes from the World-View-Projection Matrix",
 * 2001) and frozen; every exact query answers for the region those planes bound.
 */
export function frustum(matrix: ArrayLike<number>): Frustum & { kind: "frustum" } {
  if (matrix.length !== 16) throw new RangeError("frustum.matrix must hold 16 numbers");
  for (let i = 0; i < 16; i++) requireFinite(matrix[i]!, `frustum.matrix[${i}]`);
  // Row r, column c is matrix[c * 4 + r]. Inside: -w <= x, y, z <= w with (x, y, z, w) the clip
  // coordinates, so each plane is (row_k ∓ row_3) · (p, 1) <= 0.
  const row = (r: number, c: number): number => matrix[c * 4 + r]!;
  const planes: Plane[] = [];
  for (const [r, sign] of [
    [0, -1],
    [0, 1],
    [1, -1],
    [1, 1],
    [2, -1],
    [2, 1],
  ] as const) {
    // + 0 turns -0 into 0, so equal frusta compare equal.
    const nx = sign * row(r, 0) - row(3, 0) + 0;
    const ny = sign * row(r, 1) - row(3, 1) + 0;
    const nz = sign * row(r, 2) - row(3, 2) + 0;
    const offset = row(3, 3) - sign * row(r, 3) + 0;
    if (nx === 0 && ny === 0 && nz === 0) {
      throw new RangeError("frustum.matrix has a plane with a zero normal");
    }
    planes.push(Object.freeze({ normal: Object.freeze({ x: nx, y: ny, z: nz }), offset }));
  }
  const packed = new Float64Array(26);
  for (let i = 0; i < 6; i++) {
    const { normal: n, offset } = planes[i]!;
    packed.set([n.x, n.y, n.z, offset], 4 * i);
    packed[24] = Math.max(packed[24]!, Math.abs(n.x) + Math.abs(n.y) + Math.abs(n.z));
    packed[25] = Math.max(packed[25]!, Math.abs(offset));
  }
  const f = { kind: "frustum" as const, planes: Object.freeze(planes) };
  Object.defineProperty(f, PACKED_PLANES, { value: packed });
  return f;
}
