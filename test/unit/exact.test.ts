import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import {
  exactEvaluations,
  isqrt,
  lastLiftExponent,
  lift,
  ratioToDouble,
  scaleByPowerOfTwo,
} from "../../src/exact/bigint.ts";
import { crossSign, orient2d } from "../../src/exact/orient2d.ts";
import { mul, q, sign, sub } from "../reference/rational.ts";

describe("BigInt lifting", () => {
  it("reads doubles exactly with one common power of two", () => {
    const out: bigint[] = [];
    lift([0.75, -2, 0, 2 ** -1074], out);
    const e = lastLiftExponent();
    expect(e).toBe(-1074);
    expect(out[0]).toBe(3n << 1072n);
    expect(out[1]).toBe(-(1n << 1075n));
    expect(out[2]).toBe(0n);
    expect(out[3]).toBe(1n);
  });

  it("handles the largest double", () => {
    const out: bigint[] = [];
    lift([Number.MAX_VALUE], out);
    expect(lastLiftExponent()).toBe(971);
    expect(out[0]).toBe(2n ** 53n - 1n);
  });
});

describe("ratioToDouble", () => {
  it("rounds to nearest: 1/3, 2/3, and a tie-breaking sticky case", () => {
    expect(ratioToDouble(1n, 3n, 0)).toBe(1 / 3);
    expect(ratioToDouble(2n, 3n, 0)).toBe(2 / 3);
    expect(ratioToDouble(-7n, 10n, 0)).toBe(-0.7);
    // (2^53 + 1) / 2^53 is a tie between 1 and 1 + 2^-52; the slightly larger numerator breaks it upward.
    expect(ratioToDouble(2n ** 53n + 1n, 2n ** 53n, 0)).toBe(1);
    expect(ratioToDouble(2n ** 60n + 2n ** 7n + 1n, 2n ** 60n, 0)).toBe(1 + 2 ** -52);
  });

  it("scales by powers of two and clamps overflow", () => {
    expect(ratioToDouble(1n, 1n, -1074)).toBe(2 ** -1074);
    expect(ratioToDouble(3n, 1n, 1023)).toBe(Number.MAX_VALUE);
    expect(scaleByPowerOfTwo(1, 2000)).toBe(Number.MAX_VALUE);
    expect(scaleByPowerOfTwo(2 ** 1000, -2000)).toBe(2 ** -1000);
  });
});

describe("isqrt", () => {
  it("floors square roots of big integers", () => {
    expect(isqrt(0n)).toBe(0n);
    expect(isqrt(15n)).toBe(3n);
    expect(isqrt(16n)).toBe(4n);
    expect(isqrt((10n ** 40n + 7n) ** 2n)).toBe(10n ** 40n + 7n);
    expect(isqrt((10n ** 40n + 7n) ** 2n - 1n)).toBe(10n ** 40n + 6n);
  });
});

describe("orientation", () => {
  it("counter-clockwise is positive (y up), collinear is 0", () => {
    expect(orient2d(0, 0, 1, 0, 0, 1)).toBe(1);
    expect(orient2d(0, 0, 0, 1, 1, 0)).toBe(-1);
    expect(orient2d(0, 0, 1, 1, 2, 2)).toBe(0);
  });

  it("decides near-collinear points the float formula gets wrong", () => {
    // (0.5 + k ulp, 0.5) against the line y = x: the classic robust-predicates grid.
    for (let i = 0; i < 64; i++) {
      const x = 0.5 + i * 2 ** -53;
      const expected = i === 0 ? 0 : -1;
      expect(orient2d(12, 12, 24, 24, x, 0.5)).toBe(expected);
    }
  });

  it("stays exact at 1e-300 and 1e300 (where robust-predicates returns -0 and -Infinity)", () => {
    for (const k of [1e-200, 1e-300, 1e155, 1e300]) {
      expect(orient2d(0, 0, k, 0, 0, k)).toBe(1);
      expect(orient2d(0, 0, k, 0, 2 * k, 0)).toBe(0);
    }
  });

  it("direction forms decide exactly: a point one ulp step along the direction is on the line", () => {
    // Line through (0.1, 0.3) along (1, 4). ulp(0.1) = 2^-56 and ulp(0.3) = 2^-54, so
    // (0.1 + 2^-56, 0.3 + 2^-54) is p + 2^-56 d exactly; one more ulp in y is left of the line.
    expect(crossSign(1, 0, 4, 0, 0.1 + 2 ** -56, 0.1, 0.3 + 2 ** -54, 0.3)).toBe(0);
    expect(crossSign(1, 0, 4, 0, 0.1 + 2 ** -56, 0.1, 0.3 + 2 ** -53, 0.3)).toBe(1);
    expect(crossSign(1, 0, 4, 0, 0.1 + 2 ** -55, 0.1, 0.3 + 2 ** -54, 0.3)).toBe(-1);
  });

  it("settles exact differences without BigInt, matching the rational reference", () => {
    // Cases only the exact path decides, with every difference exact (coordinates are integers
    // below 2^50 times 2^-10 or 2^-30): v = round(vy u.x / u.y), vy, whose determinant with u is
    // at most |u.y| / 2 against products near 2^100, so the float products' roundings decide
    // its sign; and v = m u, exactly on the line (where no float filter can certify the 0).
    const rnd = prng(7);
    const ref = (c: number[]) =>
      sign(
        sub(
          mul(sub(q(c[0]!), q(c[1]!)), sub(q(c[6]!), q(c[7]!))),
          mul(sub(q(c[2]!), q(c[3]!)), sub(q(c[4]!), q(c[5]!))),
        ),
      );
    const signs = [0, 0, 0];
    const before = exactEvaluations();
    for (let i = 0; i < 3000; i++) {
      const g = i % 2 === 0 ? 2 ** -10 : 2 ** -30;
      const int = () => Math.round((rnd() - 0.5) * 2 ** 50);
      const [ax, ay, px, py, vy] = [int(), int(), int(), int(), int()];
      const vx = i % 4 === 0 ? 3 * px : Math.round((vy * px) / py);
      const wy = i % 4 === 0 ? 3 * py : vy;
      const c = [ax + px, ax, ay + py, ay, ax + vx, ax, ay + wy, ay].map((x) => x * g);
      const r = ref(c);
      signs[r + 1]!++;
      expect(crossSign(c[0]!, c[1]!, c[2]!, c[3]!, c[4]!, c[5]!, c[6]!, c[7]!), String(c)).toBe(r);
    }
    expect(exactEvaluations() - before).toBe(0);
    // Every outcome was exercised.
    expect(Math.min(...signs)).toBeGreaterThan(100);
  });
});
