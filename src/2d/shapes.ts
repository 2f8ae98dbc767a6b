import { requireFinite, requireNonZero, requireRadius } from "../math/validate.ts";

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
