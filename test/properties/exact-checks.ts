/**
 * Checks shared by the property files. Each throws an Error whose message carries the whole
 * input with every double written as `toString (hex bits)`, so a failure reproduces exactly.
 */
import {
  abs,
  fromDouble,
  type Rational,
  sub,
  toDouble,
  toDoubleClamped,
} from "../reference/bigrational.ts";
import { show } from "../reference/float-bits.ts";

export class PropertyFailure extends Error {}

/** Throws with the message and the input, printed exactly. */
export function fail(message: string, input: unknown, result?: unknown): never {
  const tail = result === undefined ? "" : `\n  result: ${show(result)}`;
  throw new PropertyFailure(`${message}\n  input: ${show(input)}${tail}`);
}

/** Every number in `values` is finite. */
export function expectFinite(
  label: string,
  values: readonly number[],
  input: unknown,
  res: unknown,
): void {
  for (const v of values)
    if (!Number.isFinite(v)) fail(`${label}: a field is not finite`, input, res);
}

/** |x - exact| as a double (exact rational arithmetic, one rounding). */
export const absErr = (x: number, exact: Rational): number =>
  toDouble(abs(sub(fromDouble(x), exact)));

/** |x - clamp(exact)|, where clamp rounds the exact value to a double and clamps to +-MAX_VALUE. */
export function clampedErr(x: number, exact: Rational): number {
  const c = toDoubleClamped(exact);
  if (Math.abs(c) === Number.MAX_VALUE && x === c) return 0;
  return absErr(x, exact);
}

/** sqrt(x^2 + y^2 (+ z^2)) without overflow, for unit-length checks. */
export const norm = (...v: number[]): number => Math.hypot(...v);
