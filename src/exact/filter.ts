/**
 * Error bounds for float filters.
 *
 * A polynomial evaluated in doubles, each leaf an input or a rounded difference of inputs, has
 * |computed - exact| <= gamma_d * M, where d is the number of roundings on the longest path and M
 * is the same expression evaluated on absolute values with every minus read as plus (Higham,
 * "Accuracy and Stability of Numerical Algorithms", 2nd ed., §3.1). The computed M is itself a
 * lower bound times (1 - eps)^d, so (d + 1) * eps * M covers both for the depths used here (d <= 9).
 *
 * Products that underflow add an absolute error of at most 2^-1075 each, which later products can
 * magnify: a homogeneous polynomial of degree k whose leaves sum to S in absolute value has that
 * error below a small multiple of 2^-1075 * (1 + S)^(k - 2). The tails added to the bounds cover it, so a
 * filter that passes is right for every finite input; overflow makes M infinite and fails it.
 * @see Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", DCG 1997, for the same technique with tighter, hand-derived constants.
 */

/** Unit roundoff of binary64. */
export const EPS: number = 2 ** -53;

/** Coefficient on M for expressions up to 3 roundings deep (orient2d, dot products). */
export const ERR3: number = 4 * EPS;

/** Coefficient on M for expressions up to 5 roundings deep (squared distances to lines). */
export const ERR5: number = 6 * EPS;

/** Coefficient on M for expressions up to 9 roundings deep (the 3D sweep's coefficients). */
export const ERR9: number = 10 * EPS;

/*
 * The underflow tails are far larger than needed (a handful of 2^-1075 would do) because a
 * subnormal operand costs a microcode assist of about a hundred cycles on x86: 2^-1000 keeps every
 * operand normal. The price is that products below about 1e-286 go to the exact path.
 */
const TAIL_UNIT = 2 ** -1000;

/** Additive bound for the underflow of degree-2 expressions. */
export const TAIL2: number = TAIL_UNIT;

/** Additive underflow bound for a degree-6 expression whose leaves sum to `s` in absolute value. */
export function tail6(s: number): number {
  const g = 1 + s;
  const g2 = g * g;
  return TAIL_UNIT * g2 * g2;
}

/**
 * Constructions take the float path only when the relative error bound of each quantity they
 * divide or take a root of is below this; otherwise they are computed exactly and rounded once.
 * 2^-36 keeps t within about 1e-10 of the exact value on the float path. With 2^-42, 0.24% of
 * random segment-vs-circle calls went to BigInt in a scratch run (about 12 ns a call on average);
 * with 2^-36 none of the bench scene's 4096 pairs do.
 */
export const ACCURATE: number = 2 ** -36;

/**
 * Coefficient for the degree-6 underflow tail written from squares: when n leaves have squares
 * summing to q, TAIL6_SQ * (1 + n q)^2 is at least `tail6` of their absolute sum s, since
 * s^2 <= n q (Cauchy-Schwarz) and (1 + s)^4 <= 4 (1 + s^2)^2; the extra factor 2 covers the
 * rounding (and any underflow) in computing q. Lets a hot path skip the absolute values.
 */
export const TAIL6_SQ: number = 8 * TAIL_UNIT;
