/**
 * Double-precision helpers for tests: neighbours by bit manipulation, distances in ulps, errors
 * measured exactly against a rational, and printing that round-trips (toString plus hex bits).
 */
import { abs, div, fromDouble, type Rational, sign, sub, toDouble } from "./bigrational.ts";

const view = new DataView(new ArrayBuffer(8));

function bitsOf(x: number): bigint {
  view.setFloat64(0, x);
  return view.getBigUint64(0);
}

function fromBits(b: bigint): number {
  view.setBigUint64(0, b);
  return view.getFloat64(0);
}

/** The IEEE bits of x as 16 hex digits. */
export const hex = (x: number): string => `0x${bitsOf(x).toString(16).padStart(16, "0")}`;

/** The double with the given 16-hex-digit bits (the inverse of hex). */
export const fromHex = (h: string): number => fromBits(BigInt(h));

/** The next double above x (Infinity stays; -0 and 0 both step to the smallest subnormal). */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Number.POSITIVE_INFINITY) return x;
  if (x === 0) return Number.MIN_VALUE;
  const b = bitsOf(x);
  return fromBits(x > 0 ? b + 1n : b - 1n);
}

/** The next double below x. */
export const nextDown = (x: number): number => -nextUp(-x);

/** x moved k doubles up (k > 0) or down (k < 0); a step that would leave the finite range stops. */
export function stepUlps(x: number, k: number): number {
  let v = x;
  for (let i = 0; i < Math.abs(k); i++) {
    const w = k > 0 ? nextUp(v) : nextDown(v);
    if (!Number.isFinite(w)) break;
    v = w;
  }
  return v;
}

/** Position of x on the line of all doubles (0 and -0 both at 0), as a bigint. */
function ordinal(x: number): bigint {
  const b = bitsOf(x);
  const magnitude = b & 0x7fffffffffffffffn;
  return b >> 63n ? -magnitude : magnitude;
}

/** How many doubles apart a and b are (0 when equal; 0 and -0 are 0 apart). */
export function ulpDistance(a: number, b: number): number {
  const d = ordinal(a) - ordinal(b);
  return Number(d < 0n ? -d : d);
}

/** The spacing of doubles at |x| (the distance to the next double away from zero). */
export function ulp(x: number): number {
  const a = Math.abs(x);
  if (a === Number.MAX_VALUE) return a - nextDown(a);
  return nextUp(a) - a;
}

/** |x - exact|, rounded to a double. */
export const errTo = (x: number, exact: Rational): number =>
  toDouble(abs(sub(fromDouble(x), exact)));

/** |x - exact| / |exact| (the absolute error when exact is 0), rounded to a double. */
export function relErrTo(x: number, exact: Rational): number {
  const e = abs(sub(fromDouble(x), exact));
  return sign(exact) === 0 ? toDouble(e) : toDouble(div(e, abs(exact)));
}

/** A double as its shortest round-trip decimal plus its bits, e.g. `0.1 (0x3fb999999999999a)`. */
export const showDouble = (x: number): string => `${x.toString()} (${hex(x)})`;

/** JSON with every number written as showDouble, for failure messages that reproduce exactly. */
export const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? showDouble(x) : x));
