/** Small scalar helpers shared by 2D and 3D constructions. */

/**
 * Clamps an overflowed value to ±MAX_VALUE; NaN (from ∞ - ∞ upstream) becomes 0. Kept at 23 bytes
 * of bytecode, under TurboFan's 27-byte "small function" size, which it inlines whatever its
 * cumulative budget has left: left out of line, each call boxes its double argument (16 B). The
 * 70-byte form was left out of line in three of pointAtStored's calls when intersectForm was
 * compiled while finishCast's own compile was still running (a race, lost more often under load):
 * 48 B per slow-path ray-box hit, 2.05 B per call in allocation-rays3d's box-hit row.
 */
export function clampFinite(x: number): number {
  if (x - x === 0) return x;
  return clampNonFinite(x);
}

/** clampFinite for ±∞ and NaN (the rare case, out of line). */
function clampNonFinite(x: number): number {
  if (x > 0) return Number.MAX_VALUE;
  return x < 0 ? -Number.MAX_VALUE : 0;
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

const LOW = 2 ** -100;
const HIGH = 2 ** 100;
const CAP = 2 ** 900;

/**
 * A power of two s that brings span * s into [2^-100, 2^100] (1 when it already is, or when span
 * is 0 or not finite), so degree-3 formulas on the rescaled values neither overflow nor underflow.
 */
export function rescaleFor(span: number): number {
  if ((span >= LOW && span <= HIGH) || span === 0 || !(span < Number.POSITIVE_INFINITY)) return 1;
  let s = 1;
  let v = span;
  while (v > HIGH) {
    v *= LOW;
    s *= LOW;
  }
  // Capped at 2^1000 so s itself stays finite for subnormal spans.
  while (v < LOW && s < CAP) {
    v *= HIGH;
    s *= HIGH;
  }
  return s;
}
