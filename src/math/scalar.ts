/** Small scalar helpers shared by 2D and 3D constructions. */

/** Clamps an overflowed value to ±MAX_VALUE; NaN (from ∞ - ∞ upstream) becomes 0. */
export function clampFinite(x: number): number {
  if (x > Number.MAX_VALUE) return Number.MAX_VALUE;
  if (x < -Number.MAX_VALUE) return -Number.MAX_VALUE;
  return Number.isNaN(x) ? 0 : x;
}

/**
 * a + t (b - a) for t in [0, 1], never NaN: when b - a overflows, the convex form
 * a (1 - t) + b t is used, which cannot overflow.
 */
export function lerp(a: number, b: number, t: number): number {
  const d = b - a;
  if (d - d === 0) return a + t * d;
  return a * (1 - t) + b * t;
}

/** A power of two s such that span * s is in [0.5, 2^500) when span is outside [2^-500, 2^500]; else 1. */
const LOW = 2 ** -500;
const HIGH = 2 ** 500;

export function rescaleFor(span: number): number {
  if (span >= LOW && span <= HIGH) return 1;
  if (span === 0 || !(span < Number.POSITIVE_INFINITY)) return 1;
  let s = 1;
  let v = span;
  while (v > HIGH) {
    v *= LOW;
    s *= LOW;
  }
  while (v < LOW) {
    v *= HIGH;
    s *= HIGH;
  }
  return s;
}
