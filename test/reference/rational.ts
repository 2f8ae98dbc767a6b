/**
 * Exact rationals over BigInt for the test reference. Written independently of src/exact: every
 * finite double is read as an exact fraction m / 2^k, and results are kept as unreduced fractions
 * with a positive denominator. Slow and simple on purpose.
 */

export interface Q {
  n: bigint;
  d: bigint;
}

const view = new DataView(new ArrayBuffer(8));

/** The exact value of a finite double. */
export function q(x: number): Q {
  if (!Number.isFinite(x)) throw new Error(`not finite: ${x}`);
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    mant |= 1n << 52n;
    e = exp - 1075;
  }
  if (e >= 0) return { n: sign * (mant << BigInt(e)), d: 1n };
  return { n: sign * mant, d: 1n << BigInt(-e) };
}

export const ZERO: Q = { n: 0n, d: 1n };
export const ONE: Q = { n: 1n, d: 1n };

const isPow2 = (d: bigint): boolean => (d & (d - 1n)) === 0n;

/** a and b over one denominator: the larger one when both are powers of two (keeps sizes small). */
function common(a: Q, b: Q): [bigint, bigint, bigint] {
  if (a.d === b.d) return [a.n, b.n, a.d];
  if (isPow2(a.d) && isPow2(b.d)) {
    return a.d > b.d ? [a.n, b.n * (a.d / b.d), a.d] : [a.n * (b.d / a.d), b.n, b.d];
  }
  return [a.n * b.d, b.n * a.d, a.d * b.d];
}

export function add(a: Q, b: Q): Q {
  const [x, y, d] = common(a, b);
  return { n: x + y, d };
}

export function sub(a: Q, b: Q): Q {
  const [x, y, d] = common(a, b);
  return { n: x - y, d };
}
export const mul = (a: Q, b: Q): Q => ({ n: a.n * b.n, d: a.d * b.d });
export const neg = (a: Q): Q => ({ n: -a.n, d: a.d });
export function div(a: Q, b: Q): Q {
  if (b.n === 0n) throw new Error("division by zero");
  return b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n };
}
export const sign = (a: Q): number => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);
export const cmp = (a: Q, b: Q): number => sign(sub(a, b));
export const isZero = (a: Q): boolean => a.n === 0n;

/** The double nearest to a (by long division to 80 bits, then one rounding). */
export function toNumber(a: Q): number {
  if (a.n === 0n) return 0;
  const negative = a.n < 0n;
  const n = negative ? -a.n : a.n;
  const shift = 80 - (n.toString(2).length - a.d.toString(2).length);
  const scaled = shift >= 0 ? (n << BigInt(shift)) / a.d : n / (a.d << BigInt(-shift));
  let v = Number(scaled) * 2 ** -shift;
  if (!Number.isFinite(v) || v === 0) v = Number(scaled) * 2 ** (-shift / 2) * 2 ** (-shift / 2);
  return negative ? -v : v;
}

/** sqrt(a) for a >= 0, to about 2^-bits relative, as a fraction. */
export function sqrtApprox(a: Q, bits = 200): Q {
  if (a.n < 0n) throw new Error("negative");
  if (a.n === 0n) return ZERO;
  // sqrt(n/d) = sqrt(n d) / d; scale by 4^bits for precision.
  const k = BigInt(bits);
  const root = isqrt((a.n * a.d) << (2n * k));
  return { n: root, d: a.d << k };
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  // A guess from the top 100 bits, then Newton's iteration and a final correction.
  const bits = n.toString(2).length;
  const drop = bits > 100 ? (bits - 100) & ~1 : 0;
  let x = BigInt(Math.floor(Math.sqrt(Number(n >> BigInt(drop))))) << BigInt(drop / 2);
  // Start above the root (the guess is within about 2^-50 of it): Newton then decreases to it.
  x += (x >> 40n) + 1n;
  for (let i = 0; i < 100; i++) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}
