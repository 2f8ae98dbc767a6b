/**
 * Raw material for the generators of the property files. Uniform random input almost never
 * lands on a boundary, so every generator builds its hard cases from this material: base points
 * (small integer lattice, game-sized doubles, tenths, tiny values), a frame that places them at a
 * scale (plain, offset 1e9, scaled 1e-7, 2^-40, 2^960, 2^-990, all ~1e300, all ~1e-300, or each
 * coordinate at its own magnitude from 1e-300 to 1e300), parameters for snapping points onto
 * segments and lines, and small ulp nudges applied after snapping, at the final scale.
 */
import fc from "fast-check";
import { stepUlps } from "../reference/float-bits.ts";

export interface V2 {
  x: number;
  y: number;
}
export interface V3 {
  x: number;
  y: number;
  z: number;
}

export type FrameSpec =
  | { kind: "plain" }
  | { kind: "offset"; by: number }
  | { kind: "scale"; by: number; label: string }
  | { kind: "mixed"; exps: number[] };

const MIXED_EXPONENTS = [-300, -150, -20, -7, 0, 9, 20, 150, 300] as const;

export const frameArb: fc.Arbitrary<FrameSpec> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<FrameSpec>({ kind: "plain" }) },
  { weight: 2, arbitrary: fc.constant<FrameSpec>({ kind: "offset", by: 1e9 }) },
  { weight: 1, arbitrary: fc.constant<FrameSpec>({ kind: "scale", by: 1e-7, label: "1e-7" }) },
  { weight: 1, arbitrary: fc.constant<FrameSpec>({ kind: "scale", by: 2 ** -40, label: "2^-40" }) },
  { weight: 1, arbitrary: fc.constant<FrameSpec>({ kind: "scale", by: 2 ** 960, label: "2^960" }) },
  {
    weight: 1,
    arbitrary: fc.constant<FrameSpec>({ kind: "scale", by: 2 ** -990, label: "2^-990" }),
  },
  { weight: 2, arbitrary: fc.constant<FrameSpec>({ kind: "scale", by: 1e300, label: "1e300" }) },
  { weight: 2, arbitrary: fc.constant<FrameSpec>({ kind: "scale", by: 1e-300, label: "1e-300" }) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.constantFrom(...MIXED_EXPONENTS), { minLength: 16, maxLength: 16 })
      .map((exps): FrameSpec => ({ kind: "mixed", exps })),
  },
);

export function frameName(f: FrameSpec): string {
  switch (f.kind) {
    case "plain":
      return "plain";
    case "offset":
      return "offset 1e9";
    case "scale":
      return `scale ${f.label}`;
    case "mixed":
      return "mixed";
  }
}

/** Whether coordinates keep the game-like magnitude (for checks that need a typical scale). */
export const isTypical = (f: FrameSpec): boolean => f.kind === "plain" || f.kind === "offset";

/** A coordinate at slot `slot` (mixed frames scale each slot by its own power of ten). */
export function place(f: FrameSpec, v: number, slot: number, isVector = false): number {
  switch (f.kind) {
    case "plain":
      return v;
    case "offset":
      return isVector ? v : v + f.by;
    case "scale":
      return v * f.by;
    case "mixed":
      return v * 10 ** (f.exps[slot % f.exps.length] ?? 0);
  }
}

export const placePoint = (f: FrameSpec, p: V2, slot: number): V2 => ({
  x: place(f, p.x, 2 * slot),
  y: place(f, p.y, 2 * slot + 1),
});
export const placeVector = (f: FrameSpec, p: V2, slot: number): V2 => ({
  x: place(f, p.x, 2 * slot, true),
  y: place(f, p.y, 2 * slot + 1, true),
});
export const placePoint3 = (f: FrameSpec, p: V3, slot: number, isVector = false): V3 => ({
  x: place(f, p.x, 3 * slot, isVector),
  y: place(f, p.y, 3 * slot + 1, isVector),
  z: place(f, p.z, 3 * slot + 2, isVector),
});

/** Base coordinates: lattice integers (collinear and touching cases), game data, tenths, tiny. */
export const coordArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -4, max: 4 }) },
  {
    weight: 4,
    arbitrary: fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true }),
  },
  { weight: 1, arbitrary: fc.integer({ min: -30, max: 30 }).map((k) => k / 10) },
  { weight: 1, arbitrary: fc.double({ min: -1e-3, max: 1e-3, noNaN: true }) },
);

/** Uniform game data within +-1000 only. */
export const gameArb: fc.Arbitrary<number> = fc.double({
  min: -1000,
  max: 1000,
  noNaN: true,
  noDefaultInfinity: true,
});

export const pointArb: fc.Arbitrary<V2> = fc.record({ x: coordArb, y: coordArb });
export const point3Arb: fc.Arbitrary<V3> = fc.record({ x: coordArb, y: coordArb, z: coordArb });

/** An ulp nudge: mostly none, else -3..3. */
export const nudgeArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: -3, max: 3 }) },
);

/** A parameter for snapping: the ends, simple fractions, or any value in [lo, hi]. */
export const paramArb = (lo = 0, hi = 1): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(0, 1, 0.5, 0.25, 1 / 3, 0.1, 0.7).filter((t) => t >= lo && t <= hi),
    fc.double({ min: lo, max: hi, noNaN: true }),
  );

/** Raw material for one case; each generator takes what it needs. */
export interface Material {
  kind: number;
  frame: FrameSpec;
  p: V2[];
  t: number[];
  k: number[];
  uniform: boolean;
}

/** `points` base points, `params` parameters in [-0.5, 1.5], eight ulp nudges, a frame. */
export const materialArb = (points: number, params = 3): fc.Arbitrary<Material> =>
  fc.record({
    kind: fc.nat({ max: 1 << 20 }),
    frame: frameArb,
    p: fc.array(pointArb, { minLength: points, maxLength: points }),
    t: fc.array(paramArb(-0.5, 1.5), { minLength: params, maxLength: params }),
    k: fc.array(nudgeArb, { minLength: 8, maxLength: 8 }),
    uniform: fc.boolean(),
  });

/** Uniform game data: `points` points within +-1000. */
export const gamePointsArb = (points: number): fc.Arbitrary<V2[]> =>
  fc.array(fc.record({ x: gameArb, y: gameArb }), { minLength: points, maxLength: points });

/** a + t (b - a) in doubles, then each coordinate moved kx, ky ulps. */
export const snap = (a: V2, b: V2, t: number, kx = 0, ky = 0): V2 => ({
  x: stepUlps(a.x + t * (b.x - a.x), kx),
  y: stepUlps(a.y + t * (b.y - a.y), ky),
});

export const nudge2 = (p: V2, kx: number, ky: number): V2 => ({
  x: stepUlps(p.x, kx),
  y: stepUlps(p.y, ky),
});

/** Every coordinate of a value, for magnitude checks. */
export function coords(v: unknown, out: number[] = []): number[] {
  if (typeof v === "number") out.push(v);
  else if (Array.isArray(v)) for (const x of v) coords(x, out);
  else if (v !== null && typeof v === "object") for (const x of Object.values(v)) coords(x, out);
  return out;
}

/** The largest |coordinate| in a value. */
export const magnitude = (v: unknown): number =>
  coords(v).reduce((m, x) => Math.max(m, Math.abs(x)), 0);

export const EPS = 2 ** -52;

/** Raw material for a 3D case: `points` base points, three parameters, ulp nudges, a frame. */
export interface Material3 {
  kind: number;
  frame: FrameSpec;
  p: V3[];
  t: number[];
  k: number[];
  uniform: boolean;
}

export const material3Arb = (points: number): fc.Arbitrary<Material3> =>
  fc.record({
    kind: fc.nat({ max: 1 << 20 }),
    frame: frameArb,
    p: fc.array(point3Arb, { minLength: points, maxLength: points }),
    t: fc.array(paramArb(-0.5, 1.5), { minLength: 3, maxLength: 3 }),
    k: fc.array(nudgeArb, { minLength: 8, maxLength: 8 }),
    uniform: fc.boolean(),
  });

/** Uniform game data: `points` 3D points within +-1000. */
export const gamePoints3Arb = (points: number): fc.Arbitrary<V3[]> =>
  fc.array(fc.record({ x: gameArb, y: gameArb, z: gameArb }), {
    minLength: points,
    maxLength: points,
  });
