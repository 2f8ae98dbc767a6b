/**
 * testSphereAabb's one-branch float filter (|d2 - r^2| against a bound on r^2 alone) and the
 * exact test behind it: hand-derived answers where the float pass cannot decide (overflow,
 * underflow, touching) and decimal inputs on the filter's edge checked against the exact
 * reference.
 */
import { describe, expect, it } from "vitest";
import { aabb, sphere, testSphereAabb } from "../../src/3d/index.ts";
import { overlapRef } from "../reference/overlap3d.ts";

const V = (x: number, y: number, z: number) => ({ x, y, z });
const nextUp = (x: number): number => {
  const f = new Float64Array([x]);
  const i = new BigInt64Array(f.buffer);
  i[0] = i[0]! + (x >= 0 ? 1n : -1n);
  return f[0]!;
};

describe("testSphereAabb where floats overflow or underflow", () => {
  it("a ball of radius 1e200 touching a face 1e200 away (d2 overflows to Infinity)", () => {
    // Distance 1e200 along x exactly: a hit; the face one ulp further is a miss.
    const s = sphere(0, 0, 0, 1e200);
    expect(testSphereAabb(s, aabb(V(1e200, -1, -1), V(2e200, 1, 1)))).toBe(true);
    expect(testSphereAabb(s, aabb(V(nextUp(1e200), -1, -1), V(2e200, 1, 1)))).toBe(false);
  });

  it("a face 1e308 away, beyond 2^1023 (twice the excess overflows): the radius decides", () => {
    // Distance 1e308 along -x (the face at x = 0, the center at 1e308): radius 1.2e308 reaches
    // it, 1e308 touches it, the double below 1e308 and 1e154 (r^2 finite) miss.
    const b = aabb(V(-1, -1, -1), V(0, 1, 1));
    expect(testSphereAabb(sphere(1e308, 0, 0, 1.2e308), b)).toBe(true);
    expect(testSphereAabb(sphere(1e308, 0, 0, 1e308), b)).toBe(true);
    const below = -nextUp(-1e308);
    expect(testSphereAabb(sphere(1e308, 0, 0, below), b)).toBe(false);
    expect(testSphereAabb(sphere(1e308, 0, 0, 1e154), b)).toBe(false);
    // The same below the box (the excess under min): the center at -1e308, the face at x = -1.
    expect(testSphereAabb(sphere(-1e308, 0, 0, 1.2e308), b)).toBe(true);
    expect(testSphereAabb(sphere(-1e308, 0, 0, 1e154), b)).toBe(false);
  });

  it("a ball of radius 2^-600 touching a face 2^-600 away (squares underflow to 0)", () => {
    const r = 2 ** -600;
    const s = sphere(0, 0, 0, r);
    expect(testSphereAabb(s, aabb(V(r, -1, -1), V(1, 1, 1)))).toBe(true);
    expect(testSphereAabb(s, aabb(V(nextUp(r), -1, -1), V(1, 1, 1)))).toBe(false);
  });

  it("a corner at distance 3 along (1, 2, 2) with tiny coordinates: exact in the fallback", () => {
    // Corner (k, 2k, 2k) is 3k from the origin, for k = 2^-540 (squares near 2^-1077: underflow).
    const k = 2 ** -540;
    const b = aabb(V(k, 2 * k, 2 * k), V(1, 1, 1));
    expect(testSphereAabb(sphere(0, 0, 0, 3 * k), b)).toBe(true);
    expect(testSphereAabb(sphere(0, 0, 0, 3 * k - 2 ** -590), b)).toBe(false);
  });
});

describe("testSphereAabb on the filter's edge", () => {
  it("a ball inside the box is a hit whatever its radius (d2 = 0)", () => {
    expect(testSphereAabb(sphere(0.5, 0.5, 0.5, 0), aabb(V(0, 0, 0), V(1, 1, 1)))).toBe(true);
  });

  it("a zero-radius ball on a face touches, one ulp outside misses", () => {
    const b = aabb(V(0, 0, 0), V(1, 1, 1));
    expect(testSphereAabb(sphere(1, 0.5, 0.5, 0), b)).toBe(true);
    expect(testSphereAabb(sphere(nextUp(1), 0.5, 0.5, 0), b)).toBe(false);
  });

  it("decimal faces at c + r (sums that round) agree with the exact reference", () => {
    // 0.1 + 0.7 and similar sums round, so which side of the sphere the face lands on is not
    // visible in decimal: the exact reference (BigInt rationals) decides.
    const cs = [0.1, 0.2, 0.3, 1.1, 2.7, -0.3];
    const rs = [0.7, 0.1, 0.2, 1.3, 0.3];
    let checked = 0;
    for (const c of cs) {
      for (const r of rs) {
        for (const shift of [-1, 0, 1]) {
          let face = c + r;
          if (shift < 0) face = -nextUp(-face);
          if (shift > 0) face = nextUp(face);
          const s = sphere(c, 0.5, 0.5, r);
          const b = aabb(V(face, 0, 0), V(face + 1, 1, 1));
          const want = overlapRef(
            { kind: "sphere", center: s.center, radius: r },
            { kind: "aabb", min: b.min, max: b.max },
          );
          expect(testSphereAabb(s, b)).toBe(want);
          checked++;
        }
      }
    }
    expect(checked).toBe(90);
  });

  it("a corner on the ball's surface: the 3-4-12-13 case and one ulp either side", () => {
    // Corner (3, 4, 12) is exactly 13 from the origin.
    const b = aabb(V(3, 4, 12), V(5, 6, 14));
    expect(testSphereAabb(sphere(0, 0, 0, 13), b)).toBe(true);
    expect(testSphereAabb(sphere(0, 0, 0, 13 - 2 ** -49), b)).toBe(false);
    expect(testSphereAabb(sphere(0, 0, 0, nextUp(13)), b)).toBe(true);
  });
});
