import { requireFinite, requireNonZero, requireRadius } from "../math/validate.ts";

/** A 3D point or vector. Any object with numeric `x`, `y`, `z` is one (three.js `Vector3`, Babylon). */
export interface Vec {
  x: number;
  y: number;
  z: number;
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

function point(x: number, y: number, z: number, field: string): Vec {
  requireFinite(x, `${field}.x`);
  requireFinite(y, `${field}.y`);
  requireFinite(z, `${field}.z`);
  return { x, y, z };
}

/** Makes a vector; throws a RangeError naming the field for a non-finite component. */
export function vec(x: number, y: number, z: number): Vec {
  return point(x, y, z, "vec");
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
