/**
 * Generators that build the hard cases uniform random input almost never hits: lattice points
 * (collinear, touching), points snapped onto segments and moved a few ulps, tangent radii, large
 * offsets, tiny and huge scales, mixed magnitudes.
 */
import fc from "fast-check";

export interface V2 {
  x: number;
  y: number;
}

const view = new DataView(new ArrayBuffer(8));

/** x moved by k ulps (k may be negative); stays finite. */
export function ulps(x: number, k: number): number {
  let v = x;
  for (let i = 0; i < Math.abs(k); i++) v = step(v, k > 0);
  return Number.isFinite(v) ? v : x;
}

function step(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  view.setFloat64(0, x);
  let bits = view.getBigUint64(0);
  bits += x > 0 === up ? 1n : -1n;
  view.setBigUint64(0, bits);
  return view.getFloat64(0);
}

/** A transform applied to every coordinate of one case. */
export type Frame = (v: number) => number;

/** Identity, 1e9 offset, scales 1e-7, 2^-900, 1e-300, 1e300, and one mixed-scale frame. */
export const frame: fc.Arbitrary<{ name: string; f: Frame; scale: number }> = fc.constantFrom(
  { name: "plain", f: (v: number) => v, scale: 1 },
  { name: "plain", f: (v: number) => v, scale: 1 },
  { name: "plain", f: (v: number) => v, scale: 1 },
  { name: "offset 1e9", f: (v: number) => v + 1e9, scale: 1 },
  { name: "scale 1e-7", f: (v: number) => v * 1e-7, scale: 1e-7 },
  { name: "scale 1e-300", f: (v: number) => v * 1e-300, scale: 1e-300 },
  { name: "scale 1e300", f: (v: number) => v * 1e300, scale: 1e300 },
  { name: "scale 2^-900", f: (v: number) => v * 2 ** -900, scale: 2 ** -900 },
);

/** Game-like coordinates, lattice integers, or tiny offsets around zero. */
export const coord: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.double({ min: -1000, max: 1000, noNaN: true }) },
  { weight: 3, arbitrary: fc.integer({ min: -4, max: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: -4, max: 4 }).map((k) => k / 10) },
  { weight: 1, arbitrary: fc.double({ min: -1e-3, max: 1e-3, noNaN: true }) },
);

export const point: fc.Arbitrary<V2> = fc.record({ x: coord, y: coord });

/** A point on segment a-b at parameter t (rounded), then moved up to 3 ulps in x and y. */
export function snapped(a: V2, b: V2, t: number, kx: number, ky: number): V2 {
  return { x: ulps(a.x + t * (b.x - a.x), kx), y: ulps(a.y + t * (b.y - a.y), ky) };
}

export const nudge: fc.Arbitrary<number> = fc.integer({ min: -3, max: 3 });
export const param: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, 1, 0.5, 0.25, 1 / 3),
  fc.double({ min: 0, max: 1, noNaN: true }),
);

export const mapPoint = (p: V2, f: Frame): V2 => ({ x: f(p.x), y: f(p.y) });
