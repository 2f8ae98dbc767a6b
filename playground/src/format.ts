/*
 * How numbers, points and shapes are written on the page. Numbers are shown in full (the shortest
 * text that reads back as the same double), so a value copied from the page reproduces the query
 * exactly; -0 is kept.
 */

/** A 2D point or vector. */
export interface XY {
  x: number;
  y: number;
}

/** The shortest decimal text that reads back as `v` (keeps -0). */
export function num(v: number): string {
  return Object.is(v, -0) ? "-0" : String(v);
}

/** `(x, y)`, for the results table. */
export function pair(p: XY): string {
  return `(${num(p.x)}, ${num(p.y)})`;
}

/** `{ x: 1, y: 2 }`, a vector literal for the code line. */
export function vecLiteral(p: XY): string {
  return `{ x: ${num(p.x)}, y: ${num(p.y)} }`;
}

/** `{ x: 1, y: 2, z: 0 }`. */
export function vec3Literal(p: XY & { z: number }): string {
  return `{ x: ${num(p.x)}, y: ${num(p.y)}, z: ${num(p.z)} }`;
}

/** `[{ x: 1, y: 2 }, ...]`. */
export function pointsLiteral(points: readonly XY[]): string {
  return `[${points.map(vecLiteral).join(", ")}]`;
}

/** `name(a, b, c)` with numbers written in full. */
export function call(name: string, ...args: (number | string)[]): string {
  return `${name}(${args.map((a) => (typeof a === "number" ? num(a) : a)).join(", ")})`;
}

/** A pose literal `{ x, y, angle }`. */
export function poseLiteral(p: { x: number; y: number; angle: number }): string {
  return `{ x: ${num(p.x)}, y: ${num(p.y)}, angle: ${num(p.angle)} }`;
}
