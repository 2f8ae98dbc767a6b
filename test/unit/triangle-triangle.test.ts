import { describe, expect, it } from "vitest";
import {
  boundingCircle,
  contactTriangleTriangle,
  type Triangle,
  testTriangleTriangle,
  triangle,
} from "../../src/2d/index.ts";
import { makeContact } from "../../src/2d/results.ts";

const T = triangle;

/** Every winding and both orders give one answer, and contact agrees with test. */
function hits(a: Triangle, b: Triangle): boolean {
  const r = testTriangleTriangle(a, b);
  const flip = (t: Triangle): Triangle => ({ a: t.a, b: t.c, c: t.b });
  const rot = (t: Triangle): Triangle => ({ a: t.b, b: t.c, c: t.a });
  for (const x of [a, flip(a), rot(a)]) {
    for (const y of [b, flip(b), rot(b)]) {
      expect(testTriangleTriangle(x, y)).toBe(r);
      expect(testTriangleTriangle(y, x)).toBe(r);
      expect(contactTriangleTriangle(x, y) !== null).toBe(r);
    }
  }
  return r;
}

describe("triangle vs triangle: test", () => {
  it("overlapping triangles hit", () => {
    expect(hits(T(0, 0, 4, 0, 0, 4), T(1, 1, 5, 1, 1, 5))).toBe(true);
  });

  it("one inside the other hits", () => {
    expect(hits(T(0, 0, 10, 0, 0, 10), T(1, 1, 2, 1, 1, 2))).toBe(true);
  });

  it("separated triangles miss", () => {
    expect(hits(T(0, 0, 1, 0, 0, 1), T(2, 2, 3, 2, 2, 3))).toBe(false);
  });

  it("touching along the hypotenuse's point counts; one ulp away does not", () => {
    // (2, 2) lies on x + y = 4, the hypotenuse of the first triangle.
    expect(hits(T(0, 0, 4, 0, 0, 4), T(2, 2, 5, 5, 2, 5))).toBe(true);
    expect(hits(T(0, 0, 4, 0, 0, 4), T(2, 2.0000000000000004, 5, 5, 2, 5))).toBe(false);
  });

  it("touching edge to edge (sharing a side) counts", () => {
    expect(hits(T(0, 0, 2, 0, 0, 2), T(2, 0, 0, 2, 2, 2))).toBe(true);
  });

  it("corner to corner counts", () => {
    expect(hits(T(0, 0, 1, 0, 0, 1), T(1, 0, 2, 0, 2, 1))).toBe(true);
  });

  it("a star of David: no corner inside the other, still overlapping", () => {
    expect(hits(T(0, 3, -3, -2, 3, -2), T(0, -4, 3, 1, -3, 1))).toBe(true);
  });

  it("a degenerate triangle is the segment it covers (three.js #27311, sat-js #55)", () => {
    // A flat triangle along y = 0 from x = 0 to 4 against a triangle above it.
    expect(hits(T(0, 0, 4, 0, 2, 0), T(1, 1, 3, 1, 2, 3))).toBe(false);
    expect(hits(T(0, 0, 4, 0, 2, 0), T(1, 0, 3, 1, 2, 3))).toBe(true);
    // Its covering segment passes through the other triangle without a corner inside it.
    expect(hits(T(-5, 0, 5, 0, 0, 0), T(0, -1, 1, 1, -1, 1))).toBe(true);
  });

  it("a point triangle is the point: inside, on an edge, outside", () => {
    expect(hits(T(1, 1, 1, 1, 1, 1), T(0, 0, 4, 0, 0, 4))).toBe(true);
    expect(hits(T(2, 2, 2, 2, 2, 2), T(0, 0, 4, 0, 0, 4))).toBe(true);
    expect(hits(T(3, 3, 3, 3, 3, 3), T(0, 0, 4, 0, 0, 4))).toBe(false);
  });

  it("two degenerate triangles are two segments", () => {
    expect(hits(T(0, 0, 2, 2, 1, 1), T(0, 2, 2, 0, 1, 1))).toBe(true);
    expect(hits(T(0, 0, 2, 0, 1, 0), T(0, 1, 2, 1, 1, 1))).toBe(false);
    expect(hits(T(0, 0, 2, 0, 1, 0), T(2, 0, 4, 0, 3, 0))).toBe(true);
  });

  it("(0.2, 1.8) is outside the triangle with hypotenuse x + y = 2", () => {
    expect(hits(T(0, 0, 2, 0, 0, 2), T(0.2, 1.8, 1, 3, 0.2, 3))).toBe(false);
  });

  it("offset by 1e9, scaled by 1e-7, and at 1e300 and 1e-300", () => {
    for (const [o, k] of [
      [1e9, 1],
      [0, 1e-7],
      [0, 1e300],
      [0, 1e-300],
    ] as const) {
      const A = T(o, o, o + 4 * k, o, o, o + 4 * k);
      expect(hits(A, T(o + 2 * k, o + 2 * k, o + 5 * k, o + 5 * k, o + 2 * k, o + 5 * k))).toBe(
        true,
      );
      expect(hits(A, T(o + 3 * k, o + 3 * k, o + 5 * k, o + 5 * k, o + 3 * k, o + 5 * k))).toBe(
        false,
      );
    }
  });
});

describe("triangle vs triangle: contact", () => {
  it("the minimum translation of a shifted copy runs along the hypotenuse normal", () => {
    const c = contactTriangleTriangle(T(0, 0, 4, 0, 0, 4), T(1, 1, 5, 1, 1, 5));
    // Along n = (1, 1)/sqrt 2, the first reaches 4/sqrt 2 and the second starts at 2/sqrt 2.
    expect(c?.normal.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(c?.normal.y).toBeCloseTo(Math.SQRT1_2, 15);
    expect(c?.depth).toBeCloseTo(Math.SQRT2, 14);
  });

  it("the normal points from t1 to t2 along an axis", () => {
    // t1's apex (0, 10) pokes 1 unit above t2's flat bottom y = 9; every other axis overlaps more
    // (the hypotenuse normal by 3 sqrt 2, t2's slanted edges by at least 8.2).
    const c = contactTriangleTriangle(T(0, 0, 10, 0, 0, 10), T(-5, 9, 5, 9, 0, 20));
    expect(c?.normal.x).toBeCloseTo(0, 15);
    expect(c?.normal.y).toBeCloseTo(1, 15);
    expect(c?.depth).toBeCloseTo(1, 14);
  });

  it("touching triangles have depth 0 and a unit normal", () => {
    const c = contactTriangleTriangle(T(0, 0, 2, 0, 0, 2), T(2, 0, 0, 2, 2, 2));
    expect(c?.depth).toBe(0);
    expect(Math.hypot(c!.normal.x, c!.normal.y)).toBeCloseTo(1, 15);
  });

  it("a point triangle on another point: depth 0, normal (1, 0)", () => {
    expect(contactTriangleTriangle(T(1, 1, 1, 1, 1, 1), T(1, 1, 1, 1, 1, 1))).toMatchObject({
      normal: { x: 1, y: 0 },
      depth: 0,
    });
  });

  it("a segment-like triangle crossing another gets a finite, positive depth", () => {
    const c = contactTriangleTriangle(T(-5, 0, 5, 0, 0, 0), T(0, -1, 1, 1, -1, 1));
    expect(c!.depth).toBeGreaterThan(0);
    expect(Number.isFinite(c!.depth)).toBe(true);
  });

  it("at 1e300 the depth scales and stays finite", () => {
    const k = 1e300;
    const c = contactTriangleTriangle(
      T(0, 0, 10 * k, 0, 0, 10 * k),
      T(-5 * k, 9 * k, 5 * k, 9 * k, 0, 20 * k),
    );
    expect(c!.depth / k).toBeCloseTo(1, 12);
  });

  it("fills out, and a miss leaves it untouched", () => {
    const out = makeContact();
    out.depth = -1;
    expect(contactTriangleTriangle(T(0, 0, 4, 0, 0, 4), T(1, 1, 5, 1, 1, 5), out)).toBe(out);
    const saved = structuredClone(out);
    expect(contactTriangleTriangle(T(0, 0, 1, 0, 0, 1), T(2, 2, 3, 2, 2, 3), out)).toBeNull();
    expect(out).toEqual(saved);
  });
});

describe("boundingCircle", () => {
  it("an obtuse triangle gets the circle on its longest side, tighter than the circumcircle", () => {
    const c = boundingCircle(T(0, 0, 4, 0, 2, 1));
    expect(c.center).toEqual({ x: 2, y: 0 });
    expectRadius(c.radius, 2); // the circumcircle would have radius 2.5
  });

  it("a right triangle: the hypotenuse is the diameter", () => {
    const c = boundingCircle(T(0, 0, 6, 0, 0, 8));
    expect(c.center).toEqual({ x: 3, y: 4 });
    expectRadius(c.radius, 5);
  });

  it("an equilateral triangle gets its circumcircle, radius side / sqrt 3", () => {
    const c = boundingCircle(T(0, 0, 2, 0, 1, Math.sqrt(3)));
    expect(c.center.x).toBeCloseTo(1, 15);
    expect(c.center.y).toBeCloseTo(1 / Math.sqrt(3), 15);
    expectRadius(c.radius, 2 / Math.sqrt(3));
  });

  it("every corner is exactly inside (checked with BigInt), even for awkward decimals", () => {
    const cases = [
      T(0.1, 0.2, 0.7, 0.3, 0.33, 0.9),
      T(1e9 + 0.1, 0.3, 1e9 - 0.7, 1.1, 1e9, -0.9),
      T(0, 0, 1e-300, 0, 0, 3e-300),
    ];
    for (const t of cases) {
      const c = boundingCircle(t);
      for (const p of [t.a, t.b, t.c]) expect(insideExactly(p, c.center, c.radius)).toBe(true);
    }
  });

  it("regressions from the property tests: a nearly right corner, sides 1e300 and 3e-300, and subnormal slivers", () => {
    // Right angle (up to ulps) at a: the hypotenuse b-c, 1e300 long, is the diameter.
    const wide = boundingCircle(
      T(4.940656458412465e-174, -4.80023274423064e-120, 0, 1e300, -3e-300, -4.80023274423064e-120),
    );
    expectRadius(wide.radius, 5e299);
    // a and c 6e-317 apart, b 4e-8 below: acute, so the circumcircle, about half the height.
    const sliver = boundingCircle(T(-6.1758206e-317, 4e-8, -5e-324, 0, 0, 4e-8));
    expect(sliver.radius).toBeLessThan(2.0000001e-8);
    expect(sliver.radius).toBeGreaterThanOrEqual(2e-8 * (1 - 1e-12));
  });

  it("sides whose magnitudes sum past MAX_VALUE (each finite) are rescaled, not squared to infinity", () => {
    // Right angle at a (the dot product of the legs is exactly 0): the side b-c is the diameter.
    const c = boundingCircle(T(0, 0, 8e307, 8e307, 8e307, -8e307));
    expect(c.center).toEqual({ x: 8e307, y: 0 });
    expectRadius(c.radius, 8e307);
  });

  it("a point triangle has radius 0", () => {
    expect(boundingCircle(T(3, 4, 3, 4, 3, 4))).toEqual({ center: { x: 3, y: 4 }, radius: 0 });
  });

  it("fills and returns out", () => {
    const out = { center: { x: 0, y: 0 }, radius: 0 };
    expect(boundingCircle(T(0, 0, 6, 0, 0, 8), out)).toBe(out);
    expectRadius(out.radius, 5);
  });
});

/** Rounded up, but by no more than 1e-14 relative (a few ulps of margin for a fast exact check). */
function expectRadius(r: number, exact: number): void {
  expect(r).toBeGreaterThanOrEqual(exact * (1 - 2 ** -52));
  expect(r).toBeLessThanOrEqual(exact * (1 + 1e-14));
}

/** |p - c|^2 <= r^2 over exact rationals (a double is m * 2^e; scale all by 2^1074). */
function insideExactly(
  p: { x: number; y: number },
  c: { x: number; y: number },
  r: number,
): boolean {
  const big = (v: number): bigint => {
    // v * 2^1074 is an integer for every finite double; compute it without rounding.
    let e = 0;
    let m = v;
    while (!Number.isInteger(m)) {
      m *= 2;
      e++;
    }
    return BigInt(m) << BigInt(1074 - e);
  };
  const dx = big(p.x) - big(c.x);
  const dy = big(p.y) - big(c.y);
  return dx * dx + dy * dy <= big(r) * big(r);
}
