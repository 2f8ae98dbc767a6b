/**
 * Exact rationals over BigInt, for the test reference only (written independently of src/).
 *
 * Every finite double is the dyadic rational m * 2^e; `fromDouble` reads m and e from the bits.
 * A `Rational` keeps a positive denominator, the sign on the numerator, and no common factor of
 * two. That is the canonical form for dyadic values, which is all the reference creates until a
 * final division; full gcd reduction of a quotient (`reduce`) is on demand only, because a gcd of
 * the 8000-bit quotients that mixed 1e-300/1e300 input produces costs milliseconds. Every
 * operation is exact whether or not a value is reduced.
 */

export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

const view = new DataView(new ArrayBuffer(8));

/** A finite double as sign, 53-bit integer mantissa and exponent: x = sign * mant * 2^exp. */
export interface DoubleParts {
  negative: boolean;
  mant: bigint;
  exp: number;
}

/** Splits a finite double exactly; zero gives mant 0. */
export function doubleParts(x: number): DoubleParts {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite double: ${x}`);
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const negative = hi >>> 31 === 1;
  const biased = (hi >>> 20) & 0x7ff;
  const top = hi & 0xfffff;
  if (biased === 0) {
    // Subnormal (or zero): no hidden bit, exponent fixed at -1074.
    return { negative, mant: (BigInt(top) << 32n) | BigInt(lo), exp: -1074 };
  }
  return { negative, mant: (BigInt(top | 0x100000) << 32n) | BigInt(lo), exp: biased - 1075 };
}

/** Number of bits of |n| (0 for 0). */
export function bitLength(n: bigint): number {
  const a = n < 0n ? -n : n;
  if (a === 0n) return 0;
  // toString(16) is fast for big values; the top digit gives the last few bits.
  const hex = a.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(Number.parseInt(hex[0] ?? "0", 16)));
}

/** Number of trailing zero bits of n, n !== 0. */
function trailingZeros(n: bigint): number {
  const a = n < 0n ? -n : n;
  return bitLength(a & -a) - 1;
}

const isPowerOfTwo = (d: bigint): boolean => (d & (d - 1n)) === 0n;

/** n / d, d !== 0, in the canonical form described above. */
export function rat(n: bigint, d: bigint = 1n): Rational {
  if (d === 0n) throw new RangeError("zero denominator");
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  if (n === 0n) return { num: 0n, den: 1n };
  if (d === 1n) return { num: n, den: 1n };
  if ((n & 1n) === 0n && (d & 1n) === 0n) {
    const k = BigInt(Math.min(trailingZeros(n), trailingZeros(d)));
    return { num: n >> k, den: d >> k };
  }
  return { num: n, den: d };
}

/** The exact value of a finite double. */
export function fromDouble(x: number): Rational {
  const { negative, mant, exp } = doubleParts(x);
  const m = negative ? -mant : mant;
  if (exp >= 0) return { num: m << BigInt(exp), den: 1n };
  return rat(m, 1n << BigInt(-exp));
}

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

export function add(a: Rational, b: Rational): Rational {
  if (a.den === b.den) return rat(a.num + b.num, a.den);
  // Dyadic operands: put both over the larger power of two instead of the product.
  if (isPowerOfTwo(a.den) && isPowerOfTwo(b.den)) {
    return a.den > b.den
      ? rat(a.num + b.num * (a.den / b.den), a.den)
      : rat(a.num * (b.den / a.den) + b.num, b.den);
  }
  return rat(a.num * b.den + b.num * a.den, a.den * b.den);
}

export const neg = (a: Rational): Rational => ({ num: -a.num, den: a.den });
export const sub = (a: Rational, b: Rational): Rational => add(a, neg(b));
export const mul = (a: Rational, b: Rational): Rational => rat(a.num * b.num, a.den * b.den);
export const abs = (a: Rational): Rational => (a.num < 0n ? neg(a) : a);

export function div(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new RangeError("division by zero");
  return rat(a.num * b.den, a.den * b.num);
}

export const sign = (a: Rational): -1 | 0 | 1 => (a.num > 0n ? 1 : a.num < 0n ? -1 : 0);

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function cmp(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

export const eq = (a: Rational, b: Rational): boolean => cmp(a, b) === 0;
export const min = (a: Rational, b: Rational): Rational => (cmp(a, b) <= 0 ? a : b);
export const max = (a: Rational, b: Rational): Rational => (cmp(a, b) >= 0 ? a : b);

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b !== 0n) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/** Lowest terms (slow for huge values; for display and tests of this module). */
export function reduce(a: Rational): Rational {
  const g = gcd(a.num, a.den);
  return g === 1n ? a : { num: a.num / g, den: a.den / g };
}

/**
 * The double nearest to a (ties to even): Infinity when |a| rounds beyond Number.MAX_VALUE,
 * subnormals and signed zero handled (a zero result keeps a's sign).
 */
export function toDouble(a: Rational): number {
  if (a.num === 0n) return 0;
  const negative = a.num < 0n;
  const n = negative ? -a.num : a.num;
  const d = a.den;
  // Choose s so that q = floor(n 2^s / d) has exactly 53 bits, unless that would go below the
  // subnormal grid (s at most 1074).
  let s = 53 - (bitLength(n) - bitLength(d));
  let q = quotient(n, d, s);
  if (q.q >= 1n << 53n) {
    s -= 1;
    q = quotient(n, d, s);
  } else if (q.q < 1n << 52n) {
    s += 1;
    q = quotient(n, d, s);
  }
  if (s > 1074) {
    s = 1074;
    q = quotient(n, d, s);
  }
  // Round half to even on the remainder.
  let m = q.q;
  const twice = 2n * q.r;
  if (twice > q.den || (twice === q.den && (m & 1n) === 1n)) m += 1n;
  const v = scaleByPowerOfTwo(Number(m), -s);
  return negative ? -v : v;
}

/** floor(n 2^s / d) with its remainder over the denominator actually used. */
function quotient(n: bigint, d: bigint, s: number): { q: bigint; r: bigint; den: bigint } {
  if (s >= 0) {
    const num = n << BigInt(s);
    return { q: num / d, r: num % d, den: d };
  }
  const den = d << BigInt(-s);
  return { q: n / den, r: n % den, den };
}

/** m * 2^e for an integer m <= 2^53, exactly when representable, in two steps so that a
 * subnormal or huge power of two does not itself overflow or underflow. */
function scaleByPowerOfTwo(m: number, e: number): number {
  if (e > 1023) return m * 2 ** 1023 * 2 ** (e - 1023);
  if (e < -1022) return m * 2 ** -1022 * 2 ** (e + 1022);
  return m * 2 ** e;
}

/** toDouble, clamped to +-Number.MAX_VALUE (the library's rule for results beyond range). */
export function toDoubleClamped(a: Rational): number {
  const v = toDouble(a);
  if (v === Number.POSITIVE_INFINITY) return Number.MAX_VALUE;
  if (v === Number.NEGATIVE_INFINITY) return -Number.MAX_VALUE;
  return v;
}

/** floor(sqrt(n)) for n >= 0, by Newton's method from a float estimate. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError("isqrt of a negative");
  if (n < 2n) return n;
  const bits = bitLength(n);
  // Start above the root: 2^ceil(bits/2) > sqrt(n); Newton from above decreases monotonically.
  let x = 1n << BigInt(Math.ceil(bits / 2));
  if (bits < 1000) {
    const f = Math.sqrt(Number(n));
    x = BigInt(Math.ceil(f * (1 + 2 ** -40))) + 1n;
  }
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  // x = floor(sqrt(n)) once the decreasing iteration stops; verify exactly.
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

/**
 * A rational within a relative 2^-bits of sqrt(a), never above it (a >= 0). Only the top
 * 2 * bits + 6 bits of num * den enter the integer square root, so this is cheap for huge values.
 */
export function sqrtApprox(a: Rational, bits = 128): Rational {
  if (a.num < 0n) throw new RangeError("sqrt of a negative");
  if (a.num === 0n) return ZERO;
  // sqrt(n/d) = sqrt(n d) / d. Let m = n d = M 4^j + rest, with M of about 2 bits + 6 bits;
  // then isqrt(M) 2^j is within a relative 2^-(bits + 2) of sqrt(m), from below.
  // (j < 0 scales a small m up instead, so the integer root always has bits + 3 bits.)
  const m = a.num * a.den;
  const j = Math.floor((bitLength(m) - 2 * bits - 6) / 2);
  if (j >= 0) return rat(isqrt(m >> BigInt(2 * j)) << BigInt(j), a.den);
  return rat(isqrt(m << BigInt(-2 * j)), a.den << BigInt(-j));
}

/** sqrt(a) rounded to a double (to within the 2^-128 of the approximation, then one rounding). */
export const sqrtToDouble = (a: Rational, bits = 128): number => toDouble(sqrtApprox(a, bits));

/**
 * sqrt(a) by bisection on rationals (slow; a cross-check of sqrtApprox): lo with lo^2 <= a and
 * sqrt(a) - lo <= max(1, a) 2^-bits.
 */
export function sqrtBisect(a: Rational, bits = 80): Rational {
  if (a.num < 0n) throw new RangeError("sqrt of a negative");
  if (a.num === 0n) return ZERO;
  let lo = ZERO;
  let hi = max(ONE, a);
  const tol = div(hi, rat(1n << BigInt(bits + 2)));
  while (cmp(sub(hi, lo), tol) > 0) {
    const mid = div(add(lo, hi), rat(2n));
    if (cmp(mul(mid, mid), a) <= 0) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Puts doubles on one integer grid: values[i] = ints[i] * 2^exp exactly, with exp the smallest
 * exponent among the non-zero values. Polynomials of the ints are then the exact polynomials of
 * the values times a known power of two, which is all the reference's predicates need.
 */
export function onGrid(values: readonly number[]): { ints: bigint[]; exp: number } {
  const parts = values.map(doubleParts);
  let exp = Number.POSITIVE_INFINITY;
  for (const p of parts) if (p.mant !== 0n && p.exp < exp) exp = p.exp;
  if (exp === Number.POSITIVE_INFINITY) exp = 0;
  const ints = parts.map((p) => {
    const m = p.mant << BigInt(p.exp - exp);
    return p.negative ? -m : m;
  });
  return { ints, exp };
}

/** 2^k as a rational (k may be negative). */
export const pow2 = (k: number): Rational =>
  k >= 0 ? rat(1n << BigInt(k)) : rat(1n, 1n << BigInt(-k));
