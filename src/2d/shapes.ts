import { requireFinite, requireNonZero, requireRadius } from "../math/validate.ts";
import { isConvex } from "./convex/hull.ts";

/** A 2D point or vector. Any object with numeric `x` and `y` is one (planck, PixiJS, three.js). */
export interface Vec {
  x: number;
  y: number;
}

/** The closed segment from `a` to `b`; `a === b` is a point. Parameter t runs 0 at `a` to 1 at `b`. */
export interface Segment {
  a: Vec;
  b: Vec;
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

/** The closed disk of `radius` (>= 0) around `center`. */
export interface Circle {
  center: Vec;
  radius: number;
}

/** The closed triangle with corners `a`, `b`, `c`, in any winding; a collinear one is the segment or point it covers. */
export interface Triangle {
  a: Vec;
  b: Vec;
  c: Vec;
}

function point(x: number, y: number, field: string): Vec {
  requireFinite(x, `${field}.x`);
  requireFinite(y, `${field}.y`);
  return { x, y };
}

/** Makes a vector; throws a RangeError naming the field for a non-finite component. */
export function vec(x: number, y: number): Vec {
  return point(x, y, "vec");
}

/** Makes a segment from `a` to `b`; a zero-length one is valid (a point). */
export function segment(
  ax: number,
  ay: number,
  bx: number,
  by: number,
): Segment & { kind: "segment" } {
  return { kind: "segment", a: point(ax, ay, "segment.a"), b: point(bx, by, "segment.b") };
}

/** Makes a line through (px, py) along (dx, dy); throws a RangeError for a zero direction. */
export function line(px: number, py: number, dx: number, dy: number): Line & { kind: "line" } {
  const dir = point(dx, dy, "line.dir");
  requireNonZero(dx === 0 && dy === 0, "line.dir");
  return { kind: "line", point: point(px, py, "line.point"), dir };
}

/** Makes a ray from (ox, oy) along (dx, dy); throws a RangeError for a zero direction. */
export function ray(ox: number, oy: number, dx: number, dy: number): Ray & { kind: "ray" } {
  const dir = point(dx, dy, "ray.dir");
  requireNonZero(dx === 0 && dy === 0, "ray.dir");
  return { kind: "ray", origin: point(ox, oy, "ray.origin"), dir };
}

/** Makes a circle; throws a RangeError for a non-finite center or a negative or non-finite radius. */
export function circle(x: number, y: number, radius: number): Circle & { kind: "circle" } {
  requireRadius(radius, "circle.radius");
  return { kind: "circle", center: point(x, y, "circle.center"), radius };
}

/** Makes a triangle from three corners; collinear corners are valid (a degenerate triangle). */
export function triangle(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): Triangle & { kind: "triangle" } {
  return {
    kind: "triangle",
    a: point(ax, ay, "triangle.a"),
    b: point(bx, by, "triangle.b"),
    c: point(cx, cy, "triangle.c"),
  };
}

/** A capsule: every point within `radius` (>= 0) of the segment from `a` to `b`. */
export interface Capsule {
  a: Vec;
  b: Vec;
  radius: number;
}

/** An axis-aligned box, closed: min.x <= x <= max.x and min.y <= y <= max.y. */
export interface Aabb {
  min: Vec;
  max: Vec;
}

/**
 * An oriented box: `halfExtents` along its own axes, rotated by `angle` radians
 * counter-clockwise about `center`.
 */
export interface Box {
  center: Vec;
  halfExtents: Vec;
  angle: number;
}

/** A closed convex polygon with corners in either winding; one corner is a point, two a segment. */
export interface Polygon {
  points: readonly Vec[];
}

/** A chain of segments through `points` (not solid); `closed` joins the last point to the first. */
export interface Polyline {
  points: readonly Vec[];
  closed: boolean;
}

/** Makes a tagged point; throws a RangeError naming the field for a non-finite component. */
export function pointShape(x: number, y: number): Vec & { kind: "point" } {
  requireFinite(x, "point.x");
  requireFinite(y, "point.y");
  return { kind: "point", x, y };
}

/** Makes a capsule around the segment (ax, ay)-(bx, by); a zero-length one is a circle. */
export function capsule(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  radius: number,
): Capsule & { kind: "capsule" } {
  requireRadius(radius, "capsule.radius");
  return { kind: "capsule", a: point(ax, ay, "capsule.a"), b: point(bx, by, "capsule.b"), radius };
}

/** Makes an axis-aligned box; throws a RangeError when a min exceeds its max. */
export function aabb(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): Aabb & { kind: "aabb" } {
  const min = point(minX, minY, "aabb.min");
  const max = point(maxX, maxY, "aabb.max");
  if (minX > maxX) throw new RangeError(`aabb.min.x must be <= aabb.max.x, got ${minX} > ${maxX}`);
  if (minY > maxY) throw new RangeError(`aabb.min.y must be <= aabb.max.y, got ${minY} > ${maxY}`);
  return { kind: "aabb", min, max };
}

/** Makes an oriented box; half extents must be >= 0 and the angle finite. */
export function box(
  cx: number,
  cy: number,
  halfWidth: number,
  halfHeight: number,
  angle = 0,
): Box & { kind: "box" } {
  requireRadius(halfWidth, "box.halfExtents.x");
  requireRadius(halfHeight, "box.halfExtents.y");
  requireFinite(angle, "box.angle");
  return {
    kind: "box",
    center: point(cx, cy, "box.center"),
    halfExtents: { x: halfWidth, y: halfHeight },
    angle,
  };
}

/** Copies and validates a list of points; `field` names the list in errors. */
function pointList(points: readonly Vec[], field: string, min: number): Vec[] {
  if (!Array.isArray(points) || points.length < min) {
    throw new RangeError(`${field} must hold at least ${min} point${min === 1 ? "" : "s"}`);
  }
  return points.map((p, i) => point(p.x, p.y, `${field}[${i}]`));
}

/**
 * Makes a polyline through the points (at least 1); `closed` joins the last to the first.
 * The points are copied.
 */
export function polyline(points: readonly Vec[], closed = false): Polyline & { kind: "polyline" } {
  return { kind: "polyline", points: pointList(points, "polyline.points", 1), closed };
}

/**
 * Makes a convex polygon from its corners in order (either winding), after checking exactly that
 * they are convex; use `convexHull` for an unordered cloud. The points are copied.
 */
export function polygon(points: readonly Vec[]): Polygon & { kind: "polygon" } {
  const copy = pointList(points, "polygon.points", 1);
  if (!isConvex(copy)) {
    throw new RangeError("polygon.points must be the corners of a convex polygon, in order");
  }
  return { kind: "polygon", points: copy };
}
