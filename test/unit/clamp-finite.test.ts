import { describe, expect, it } from "vitest";
import { clampFinite } from "../../src/math/scalar.ts";

const MAX = Number.MAX_VALUE;

describe("clampFinite", () => {
  it("keeps every finite value, signed zeros and the extremes included", () => {
    for (const x of [0, -0, 1, -2.5, 2 ** -1074, -(2 ** -1074), MAX, -MAX, 1e300]) {
      expect(Object.is(clampFinite(x), x), String(x)).toBe(true);
    }
  });
  it("clamps infinities to ±MAX_VALUE and NaN to 0", () => {
    expect(clampFinite(Number.POSITIVE_INFINITY)).toBe(MAX);
    expect(clampFinite(Number.NEGATIVE_INFINITY)).toBe(-MAX);
    expect(clampFinite(MAX * 2)).toBe(MAX);
    expect(Object.is(clampFinite(Number.NaN), 0)).toBe(true);
  });
});
