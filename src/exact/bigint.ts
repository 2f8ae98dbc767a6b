/**
 * Exact arithmetic on doubles through BigInt, for the rare inputs a float filter cannot decide.
 *
 * Every finite double is m * 2^e with an integer m (|m| < 2^53). Lifting all inputs of one query
 * to integers with a common power of two turns every polynomial sign test into an integer sign
 * test, exact for any finite input, subnormals and values near the overflow threshold included.
 * @see Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", DCG 1997 (why filtered predicates need an exact fallback).
 */

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = LITTLE_ENDIAN ? 0 : 1;

let liftedExponent = 0;
let liftCount = 0;

/** How many exact (BigInt) evaluations ran since the process started: for benchmarks and tests. */
export function exactEvaluations(): number {
  return liftCount;
}

/** Exponent of the last `lift`: value = lifted integer * 2^liftedExponent. */
export function lastLiftExponent(): number {
  return liftedExponent;
}

/**
 * Writes into `out` integers n[i] with values[i] = n[i] * 2^e for one common e (read back with
 * `lastLiftExponent`), and returns `out`. Values must be finite.
 */
export function lift(values: readonly number[], out: bigint[]): bigint[] {
  liftCount++;
  const count = values.length;
  const mantissas: number[] = new Array(count);
  const exponents: number[] = new Array(count);
  let minExp = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const v = values[i]!;
    if (v === 0) {
      mantissas[i] = 0;
      exponents[i] = 0;
      continue;
    }
    f64[0] = v;
    const hi = u32[HI]!;
    const lo = u32[LO]!;
    const biased = (hi >>> 20) & 0x7ff;
    const fraction = (hi & 0xfffff) * 4294967296 + lo;
    const m = biased === 0 ? fraction : fraction + 4503599627370496;
    const e = biased === 0 ? -1074 : biased - 1075;
    mantissas[i] = v < 0 ? -m : m;
    exponents[i] = e;
    if (e < minExp) minExp = e;
  }
  if (minExp === Number.POSITIVE_INFINITY) minExp = 0;
  for (let i = 0; i < count; i++) {
    const m = mantissas[i]!;
    out[i] = m === 0 ? 0n : BigInt(m) << BigInt(exponents[i]! - minExp);
  }
  out.length = count;
  liftedExponent = minExp;
  return out;
}

/** -1, 0 or 1. */
export function signOf(n: bigint): number {
  return n > 0n ? 1 : n < 0n ? -1 : 0;
}

/** Number of bits of |n| (0 for 0). */
export function bitLength(n: bigint): number {
  return n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length;
}

/** x * 2^e; exact unless the result is subnormal; overflow clamps to ±MAX_VALUE. */
export function scaleByPowerOfTwo(x: number, e: number): number {
  while (e > 1023) {
    x *= 2 ** 1023;
    e -= 1023;
  }
  while (e < -1022 && x !== 0) {
    x *= 2 ** -1022;
    e += 1022;
  }
  const y = x * 2 ** e;
  if (y === Number.POSITIVE_INFINITY) return Number.MAX_VALUE;
  if (y === Number.NEGATIVE_INFINITY) return -Number.MAX_VALUE;
  return y;
}

/**
 * The double nearest to (num / den) * 2^e, den > 0. Correctly rounded when the result is normal;
 * clamped to ±MAX_VALUE beyond the range.
 */
export function ratioToDouble(num: bigint, den: bigint, e: number): number {
  if (num === 0n) return 0;
  const negative = num < 0n;
  if (negative) num = -num;
  // Scale so the integer quotient has 64 to 66 bits, then keep a sticky bit for the remainder
  // so that Number() rounds once, correctly.
  const shift = 65 - (bitLength(num) - bitLength(den));
  if (shift > 0) num <<= BigInt(shift);
  else den <<= BigInt(-shift);
  let q = num / den;
  if (q * den !== num) q |= 1n;
  const value = scaleByPowerOfTwo(Number(q), e - shift);
  return negative ? -value : value;
}

/**
 * floor(sqrt(n)) for n >= 0: a double-precision guess from the leading bits, then Newton's
 * iteration on integers (a few steps, since the guess is good to about 2^-50).
 */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  const bits = bitLength(n);
  const shift = bits > 104 ? (bits - 104) & ~1 : 0;
  let x = BigInt(Math.floor(Math.sqrt(Number(n >> BigInt(shift))))) << BigInt(shift >> 1);
  // Newton's iteration decreases monotonically to the root from above: start a little above it
  // (the guess is within 2^-50 of the root, so 2^-40 more is enough).
  x += (x >> 40n) + 1n;
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}
