/**
 * Exact reference for the 3D queries (line vs sphere, sphere swept against a line), from the spec
 * alone, on the same integer grid as exact2d.ts.
 */
import { add, div, fromDouble, mul, onGrid, pow2, type Rational, rat, sub } from "./bigrational.ts";
import { type FirstRoot, firstRoot } from "./exact2d.ts";

export interface V3 {
  x: number;
  y: number;
  z: number;
}

export interface RV3 {
  x: Rational;
  y: Rational;
  z: Rational;
}

type I3 = [bigint, bigint, bigint];

const cross = (a: I3, b: I3): I3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: I3, b: I3): bigint => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const minus = (a: I3, b: I3): I3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

function grid3(...vs: (V3 | number)[]): { v: (I3 | bigint)[]; exp: number } {
  const flat: number[] = [];
  for (const v of vs) {
    if (typeof v === "number") flat.push(v);
    else flat.push(v.x, v.y, v.z);
  }
  const { ints, exp } = onGrid(flat);
  const out: (I3 | bigint)[] = [];
  let k = 0;
  for (const v of vs) {
    if (typeof v === "number") out.push(ints[k++] as bigint);
    else {
      out.push([ints[k] as bigint, ints[k + 1] as bigint, ints[k + 2] as bigint]);
      k += 3;
    }
  }
  return { v: out, exp };
}

/** Whether the infinite line (p, u) comes within r of c: |u x (c - p)|^2 <= r^2 |u|^2. */
export function lineSphere(p: V3, u: V3, c: V3, r: number): boolean {
  const { v } = grid3(p, u, c, r);
  const [P, U, C, R] = v as [I3, I3, I3, bigint];
  const k = cross(U, minus(C, P));
  return dot(k, k) <= R * R * dot(U, U);
}

export interface SweepRef {
  hit: boolean;
  /** Touching or overlapping at t = 0 (then t = 0). */
  initially: boolean;
  /** The first contact time when hit and not initially. */
  root: FirstRoot | null;
}

/**
 * Sphere (c, r) moving by m over t in [0, 1] against the line (p, u). With w = c - p,
 * A = u x m, C = u x w: |u|^2 dist(t)^2 = |C + t A|^2, so the sphere touches the line at t when
 * f(t) = |A|^2 t^2 + 2 (A.C) t + (|C|^2 - r^2 |u|^2) <= 0; a hit is min over [0, 1] of f <= 0.
 */
export function sweepSphereLine(c: V3, r: number, m: V3, p: V3, u: V3): SweepRef {
  const { v, exp } = grid3(c, r, m, p, u);
  const [Cc, R, M, P, U] = v as [I3, bigint, I3, I3, I3];
  const A = cross(U, M);
  const C = cross(U, minus(Cc, P));
  const alpha = dot(A, A);
  const beta = dot(A, C);
  const omega = dot(C, C) - R * R * dot(U, U);
  if (omega <= 0n) return { hit: true, initially: true, root: null };
  let hit: boolean;
  if (alpha === 0n || beta >= 0n) hit = false;
  else if (-beta >= alpha) hit = alpha + 2n * beta + omega <= 0n;
  else hit = alpha * omega - beta * beta <= 0n;
  return { hit, initially: false, root: hit ? firstRoot(alpha, beta, omega, 4 * exp) : null };
}

/**
 * The smallest squared distance from the line (p, u) to the center c + t m over t in [0, 1],
 * exactly (for building grazing radii).
 */
export function sweepMinDist2(c: V3, m: V3, p: V3, u: V3): Rational {
  const { v, exp } = grid3(c, m, p, u);
  const [Cc, M, P, U] = v as [I3, I3, I3, I3];
  const A = cross(U, M);
  const C = cross(U, minus(Cc, P));
  const alpha = dot(A, A);
  const beta = dot(A, C);
  const cc = dot(C, C);
  const uu = dot(U, U);
  let g: Rational;
  if (alpha === 0n || beta >= 0n) g = rat(cc, uu);
  else if (-beta >= alpha) g = rat(alpha + 2n * beta + cc, uu);
  else g = rat(alpha * cc - beta * beta, alpha * uu);
  return mul(g, pow2(2 * exp));
}

/** Squared distance from c to the line (p, u), exactly. */
export function distPointLine2(c: V3, p: V3, u: V3): Rational {
  const { v, exp } = grid3(c, p, u);
  const [Cc, P, U] = v as [I3, I3, I3];
  const k = cross(U, minus(Cc, P));
  return mul(rat(dot(k, k), dot(U, U)), pow2(2 * exp));
}

export const exactPoint3 = (p: V3): RV3 => ({
  x: fromDouble(p.x),
  y: fromDouble(p.y),
  z: fromDouble(p.z),
});

/** c + t m, exactly. */
export function alongExact(c: V3, m: V3, t: Rational): RV3 {
  const C = exactPoint3(c);
  const M = exactPoint3(m);
  return { x: add(C.x, mul(t, M.x)), y: add(C.y, mul(t, M.y)), z: add(C.z, mul(t, M.z)) };
}

/** The point of the line (p, u) nearest q, exactly: p + ((q - p).u / u.u) u. */
export function projectOnLine(q: V3, p: V3, u: V3): RV3 {
  const Q = exactPoint3(q);
  const P = exactPoint3(p);
  const U = exactPoint3(u);
  const w = { x: sub(Q.x, P.x), y: sub(Q.y, P.y), z: sub(Q.z, P.z) };
  const s = div(
    add(add(mul(w.x, U.x), mul(w.y, U.y)), mul(w.z, U.z)),
    add(add(mul(U.x, U.x), mul(U.y, U.y)), mul(U.z, U.z)),
  );
  return { x: add(P.x, mul(s, U.x)), y: add(P.y, mul(s, U.y)), z: add(P.z, mul(s, U.z)) };
}
