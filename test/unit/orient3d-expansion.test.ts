import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import { orient3dOf } from "../../src/exact/orient3d.ts";
import { orient3dExpansion, UNDECIDED } from "../../src/exact/orient3d-expansion.ts";
import { fromDouble, mul, type Rational, sign, sub } from "../reference/bigrational.ts";

/** orient3d(a, b, c, d) = det(b - a, c - a, d - a) in exact rationals (the reference). */
function orientRef(p: Float64Array, i: number, j: number, k: number, l: number): number {
  const r = (n: number, c: number): Rational => fromDouble(p[3 * n + c]!);
  const d = (n: number, c: number): Rational => sub(r(n, c), r(i, c));
  const u = [0, 1, 2].map((c) => d(j, c));
  const v = [0, 1, 2].map((c) => d(k, c));
  const w = [0, 1, 2].map((c) => d(l, c));
  const cx = sub(mul(v[1]!, w[2]!), mul(v[2]!, w[1]!));
  const cy = sub(mul(v[2]!, w[0]!), mul(v[0]!, w[2]!));
  const cz = sub(mul(v[0]!, w[1]!), mul(v[1]!, w[0]!));
  const { num, den } = sub(
    sub(mul(u[0]!, cx), mul(mul(u[1]!, cy), { num: -1n, den: 1n })),
    mul(mul(u[2]!, cz), { num: -1n, den: 1n }),
  );
  return sign({ num, den });
}

describe("orient3d by expansions (the allocation-free exact path)", () => {
  it("hand cases: a unit tetrahedron, its mirror, four coplanar points", () => {
    // det(e1, e2, e3) = 1; with d = -e3 it is -1; d in the plane z = 0 gives 0.
    const p = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1, 0.3, 0.7, 0]);
    expect(orient3dExpansion(p, 0, 1, 2, 3)).toBe(1);
    expect(orient3dExpansion(p, 0, 1, 2, 4)).toBe(-1);
    expect(orient3dExpansion(p, 0, 1, 2, 5)).toBe(0);
  });

  it("sees 0.1 + 0.2 + 0.7 < 1 (the doubles' exact sum), as the BigInt path does", () => {
    // Plane x + y + z = 1 through the unit points; d = (0.1, 0.2, 0.7) lies just below it.
    const p = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.2, 0.7]);
    expect(orient3dExpansion(p, 0, 1, 2, 3)).toBe(-1);
  });

  it("returns UNDECIDED outside [2^-250, 2^250] (the caller's BigInt path takes those)", () => {
    const p = new Float64Array([0, 0, 0, 1e-200, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(orient3dExpansion(p, 0, 1, 2, 3)).toBe(UNDECIDED);
    // 2^250 is about 1.8e75.
    p[3] = 1e70;
    expect(orient3dExpansion(p, 0, 1, 2, 3)).toBe(1);
    p[3] = 1e80;
    expect(orient3dExpansion(p, 0, 1, 2, 3)).toBe(UNDECIDED);
    p[3] = -1e-70;
    expect(orient3dExpansion(p, 0, 1, 2, 3)).toBe(-1);
  });

  it("agrees with the exact rational reference on nearly coplanar points at many scales", () => {
    const rnd = prng(77);
    const p = new Float64Array(12);
    let zeros = 0;
    let decided = 0;
    for (let t = 0; t < 3000; t++) {
      const scale = 2 ** Math.floor(rnd() * 200 - 100);
      const off = rnd() < 0.5 ? 0 : scale * 2 ** Math.floor(rnd() * 40);
      // a, b, c random; d = a + s (b - a) + t (c - a) rounded, nudged by a few ulps or not.
      for (let c = 0; c < 9; c++) p[c] = off + (rnd() - 0.5) * scale;
      const s = rnd() < 0.3 ? 0.5 : rnd();
      const q = rnd() < 0.3 ? 0.25 : rnd();
      for (let c = 0; c < 3; c++) {
        const a = p[c]!;
        let x = a + s * (p[3 + c]! - a) + q * (p[6 + c]! - a);
        const nudge = Math.floor(rnd() * 5) - 2;
        x += nudge * Number.EPSILON * Math.abs(x);
        p[9 + c] = x;
      }
      // Some exactly coplanar: d = a + (b - a) when that rounds exactly, or a copy of a vertex.
      if (t % 10 === 0) for (let c = 0; c < 3; c++) p[9 + c] = p[3 + c]!;
      const want = orientRef(p, 0, 1, 2, 3);
      expect(orient3dExpansion(p, 0, 1, 2, 3)).toBe(want);
      expect(orient3dOf(p, 0, 1, 2, 3)).toBe(want);
      if (want === 0) zeros++;
      else decided++;
    }
    // Both outcomes were exercised.
    expect(zeros).toBeGreaterThan(200);
    expect(decided).toBeGreaterThan(1000);
  });
});
