/**
 * The reference checked by hand: small integer cases whose answers are derived in the comments,
 * the decimal traps, the rounding rules of toDouble, and two independent formulations of the same
 * predicates cross-checked on lattice data.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  bitLength,
  cmp,
  div,
  doubleParts,
  eq,
  fromDouble,
  isqrt,
  mul,
  ONE,
  onGrid,
  type Rational,
  rat,
  reduce,
  sqrtApprox,
  sqrtBisect,
  sqrtToDouble,
  sub,
  toDouble,
  toDoubleClamped,
  ZERO,
} from "./bigrational.ts";
import {
  distPointSegment2,
  type FirstRoot,
  inDisk,
  lineRay,
  minEnclosingRadius2,
  segmentCircle,
  segmentSegment,
  supportGap,
  type Tri,
  triangleContact,
  triangleTriangle,
  type V2,
} from "./exact2d.ts";
import { distPointLine2, lineSphere, sweepMinDist2, sweepSphereLine } from "./exact3d.ts";
import {
  errTo,
  fromHex,
  hex,
  nextDown,
  nextUp,
  relErrTo,
  showDouble,
  stepUlps,
  ulp,
  ulpDistance,
} from "./float-bits.ts";

const P = (x: number, y: number): V2 => ({ x, y });
const P3 = (x: number, y: number, z: number) => ({ x, y, z });
const T = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): Tri => ({
  a: P(ax, ay),
  b: P(bx, by),
  c: P(cx, cy),
});
/** A rational as [num, den] in lowest terms, for readable expectations. */
const frac = (r: Rational): [bigint, bigint] => {
  const s = reduce(r);
  return [s.num, s.den];
};

describe("bigrational: reading doubles", () => {
  it("0.1 is 3602879701896397 / 2^55, 3 is 3, -0 is 0, MIN_VALUE is 2^-1074", () => {
    expect(frac(fromDouble(0.1))).toEqual([3602879701896397n, 2n ** 55n]);
    expect(frac(fromDouble(-3))).toEqual([-3n, 1n]);
    expect(frac(fromDouble(-0))).toEqual([0n, 1n]);
    expect(frac(fromDouble(Number.MIN_VALUE))).toEqual([1n, 2n ** 1074n]);
    expect(frac(fromDouble(Number.MAX_VALUE))).toEqual([(2n ** 53n - 1n) * 2n ** 971n, 1n]);
    expect(doubleParts(1.5)).toEqual({ negative: false, mant: 3n << 51n, exp: -52 });
  });

  it("the decimal traps: 0.1 * 3 > 0.3, 0.2 + 1.8 is 2 in doubles but not exactly", () => {
    expect(cmp(fromDouble(0.1 * 3), fromDouble(0.3))).toBe(1);
    // 0.1 * 3 rounds to 0.30000000000000004; the exact 3 * 0.1 lies between 0.3 and it.
    expect(cmp(mul(rat(3n), fromDouble(0.1)), fromDouble(0.3))).toBe(1);
    expect(0.2 + 1.8).toBe(2);
    // 0.2 = 0.2000000000000000111..., 1.8 = 1.8000000000000000444...: the sum exceeds 2.
    expect(cmp(add(fromDouble(0.2), fromDouble(1.8)), rat(2n))).toBe(1);
    // 0.3^2 + 0.4^2 = 0.0899999999999999967 + 0.1600000000000000089 > 0.25.
    const s = add(mul(fromDouble(0.3), fromDouble(0.3)), mul(fromDouble(0.4), fromDouble(0.4)));
    expect(cmp(s, fromDouble(0.25))).toBe(1);
  });

  it("arithmetic: 1/3 + 1/6 = 1/2, 0.5 - 0.25 = 0.25, (2/3) / (4/9) = 3/2, signs", () => {
    expect(frac(add(rat(1n, 3n), rat(1n, 6n)))).toEqual([1n, 2n]);
    expect(frac(sub(fromDouble(0.5), fromDouble(0.25)))).toEqual([1n, 4n]);
    expect(frac(div(rat(2n, 3n), rat(4n, 9n)))).toEqual([3n, 2n]);
    expect(frac(rat(3n, -6n))).toEqual([-1n, 2n]);
    expect(eq(rat(4n, 8n), rat(1n, 2n))).toBe(true);
    expect(rat(4n, 8n)).toEqual({ num: 1n, den: 2n }); // powers of two are stripped eagerly
    expect(cmp(rat(-1n, 3n), rat(-1n, 2n))).toBe(1);
    expect(bitLength(255n)).toBe(8);
    expect(bitLength(-256n)).toBe(9);
    expect(bitLength(0n)).toBe(0);
  });

  it("onGrid: 0.5, 3, -0.75, 0 share the grid 2^-53 (the exponent of 0.5 = 2^52 . 2^-53)", () => {
    const { ints, exp } = onGrid([0.5, 3, -0.75, 0]);
    ints.forEach((n, i) => {
      const v = [0.5, 3, -0.75, 0][i] as number;
      expect(
        toDouble(mul(rat(n), exp >= 0 ? rat(2n ** BigInt(exp)) : rat(1n, 2n ** BigInt(-exp)))),
      ).toBe(v);
    });
    expect(exp).toBe(-53);
  });
});

describe("bigrational: rounding to doubles", () => {
  it("rounds to nearest, ties to even, at 2^53", () => {
    expect(toDouble(rat(2n ** 53n + 1n))).toBe(2 ** 53); // tie -> even (2^53)
    expect(toDouble(rat(2n ** 53n + 3n))).toBe(2 ** 53 + 4); // tie -> even (2^53 + 4)
    expect(toDouble(rat(2n ** 54n + 3n))).toBe(2 ** 54 + 4); // above the tie
    expect(toDouble(rat(1n, 3n))).toBe(1 / 3);
    expect(toDouble(rat(-2n, 3n))).toBe(-2 / 3);
  });

  it("overflow to Infinity at MAX_VALUE + half an ulp, clamped variant stays at MAX_VALUE", () => {
    const max = fromDouble(Number.MAX_VALUE);
    const halfUlp = rat(2n ** 970n);
    expect(toDouble(add(max, sub(halfUlp, rat(1n))))).toBe(Number.MAX_VALUE);
    expect(toDouble(add(max, halfUlp))).toBe(Number.POSITIVE_INFINITY);
    expect(toDouble(rat(-(2n ** 1100n)))).toBe(Number.NEGATIVE_INFINITY);
    expect(toDoubleClamped(rat(-(2n ** 1100n)))).toBe(-Number.MAX_VALUE);
  });

  it("subnormals: 2^-1075 ties to 0, 3 2^-1076 rounds to 2^-1074, 2^-1075 + tiny to 2^-1074", () => {
    expect(toDouble(rat(1n, 2n ** 1075n))).toBe(0);
    expect(toDouble(rat(3n, 2n ** 1076n))).toBe(Number.MIN_VALUE);
    expect(toDouble(rat(2n ** 100n + 1n, 2n ** 1175n))).toBe(Number.MIN_VALUE);
    expect(toDouble(rat(3n, 2n ** 1075n))).toBe(2 * Number.MIN_VALUE); // 1.5 ulp ties to 2
    expect(toDouble(rat(1n, 2n ** 1022n))).toBe(2 ** -1022);
  });

  it("agrees with IEEE division on random integers, and round-trips every kind of double", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }),
        fc.bigInt({ min: 1n, max: 2n ** 53n }),
        (n, d) => toDouble(rat(n, d)) === Number(n) / Number(d),
      ),
      { numRuns: 3000, seed: 1 },
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) =>
        Object.is(toDouble(fromDouble(x)), x === 0 ? 0 : x),
      ),
      { numRuns: 3000, seed: 2 },
    );
  });
});

describe("bigrational: square roots", () => {
  it("isqrt of squares and their neighbours", () => {
    for (const r of [1n, 2n, 3n, 12345n, 2n ** 80n + 7n, 3n ** 200n]) {
      expect(isqrt(r * r)).toBe(r);
      expect(isqrt(r * r - 1n)).toBe(r - 1n);
      expect(isqrt(r * r + 2n * r)).toBe(r);
    }
  });

  it("sqrtToDouble is Math.sqrt on doubles (both correctly rounded); 6.25 -> 2.5 exactly", () => {
    expect(sqrtToDouble(rat(2n))).toBe(Math.SQRT2);
    expect(sqrtToDouble(fromDouble(6.25))).toBe(2.5);
    expect(sqrtApprox(rat(9n, 4n))).toEqual(rat(3n, 2n));
    fc.assert(
      fc.property(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(sqrtToDouble(fromDouble(x))).toBe(Math.sqrt(x));
      }),
      { numRuns: 3000, seed: 3 },
    );
  });

  it("sqrtApprox is below the root by at most 2^-128 relative; bisection agrees", () => {
    for (const a of [
      rat(2n),
      rat(1n, 3n),
      fromDouble(1e-300),
      fromDouble(7e300),
      rat(10n ** 50n + 1n),
    ]) {
      const s = sqrtApprox(a);
      expect(cmp(mul(s, s), a)).toBeLessThanOrEqual(0);
      const above = mul(s, add(ONE, rat(1n, 2n ** 127n)));
      expect(cmp(mul(above, above), a)).toBe(1);
    }
    const b = sqrtBisect(rat(2n), 60);
    expect(Math.abs(toDouble(sub(b, sqrtApprox(rat(2n)))))).toBeLessThan(2 ** -58);
  });
});

describe("float-bits", () => {
  it("neighbours, ulp distances, hex round trip, exact errors", () => {
    expect(nextUp(1)).toBe(1 + 2 ** -52);
    expect(nextDown(1)).toBe(1 - 2 ** -53);
    expect(nextUp(0)).toBe(Number.MIN_VALUE);
    expect(nextDown(0)).toBe(-Number.MIN_VALUE);
    expect(Object.is(nextUp(-Number.MIN_VALUE), -0)).toBe(true);
    expect(nextUp(Number.MAX_VALUE)).toBe(Number.POSITIVE_INFINITY);
    expect(stepUlps(Number.MAX_VALUE, 2)).toBe(Number.MAX_VALUE);
    expect(stepUlps(1, -2)).toBe(1 - 2 ** -52);
    expect(ulpDistance(1, nextUp(nextUp(1)))).toBe(2);
    expect(ulpDistance(-Number.MIN_VALUE, Number.MIN_VALUE)).toBe(2);
    expect(ulpDistance(0, -0)).toBe(0);
    expect(ulp(1)).toBe(2 ** -52);
    expect(hex(1)).toBe("0x3ff0000000000000");
    expect(fromHex(hex(0.1))).toBe(0.1);
    expect(showDouble(0.1)).toBe("0.1 (0x3fb999999999999a)");
    // 0.1 - 1/10 = 1/(5 2^55), so the error of 0.1 is 2^-55 / 5.
    expect(errTo(0.1, rat(1n, 10n))).toBe(2 ** -55 / 5);
    expect(relErrTo(0.1, rat(1n, 10n))).toBe(2 ** -55 / 5 / 0.1);
  });
});

describe("segment vs segment, by hand", () => {
  it("crossings: the X at (1, 1) has t1 = t2 = 1/2; the T at (1, 0) has t1 = 1/4, t2 = 1/4", () => {
    const x = segmentSegment(P(0, 0), P(2, 2), P(0, 2), P(2, 0));
    expect(x && [frac(x.t1), frac(x.t2), x.collinear]).toEqual([[1n, 2n], [1n, 2n], false]);
    // s1 along x from 0 to 4, s2 vertical at x = 1 from y = -1 to 3: meets at (1, 0).
    const t = segmentSegment(P(0, 0), P(4, 0), P(1, -1), P(1, 3));
    expect(t && [frac(t.t1), frac(t.t2)]).toEqual([
      [1n, 4n],
      [1n, 4n],
    ]);
  });

  it("touching at ends and at an interior point counts; a hair above does not", () => {
    const e = segmentSegment(P(0, 0), P(1, 0), P(1, 0), P(2, 5));
    expect(e && [frac(e.t1), frac(e.t2), e.collinear]).toEqual([[1n, 1n], [0n, 1n], false]);
    const m = segmentSegment(P(0, 0), P(4, 0), P(2, 0), P(2, 5));
    expect(m && [frac(m.t1), frac(m.t2)]).toEqual([
      [1n, 2n],
      [0n, 1n],
    ]);
    expect(segmentSegment(P(0, 0), P(4, 0), P(2, Number.MIN_VALUE), P(2, 5))).toBeNull();
  });

  it("collinear: overlap [2, 4] gives t1 = 1/2 at s2's end b (t2 = 1); a1 inside s2 gives t1 = 0", () => {
    // s2 from 6 to 2 on s1's line: parameters on s1 are 3/2 and 1/2, overlap starts at t1 = 1/2,
    // the point (2, 0) which is s2.b.
    const c = segmentSegment(P(0, 0), P(4, 0), P(6, 0), P(2, 0));
    expect(c && [frac(c.t1), frac(c.t2), c.collinear]).toEqual([[1n, 2n], [1n, 1n], true]);
    // s2 from -1 to 1: s1.a = (0, 0) is its midpoint.
    const d = segmentSegment(P(0, 0), P(4, 0), P(-1, 0), P(1, 0));
    expect(d && [frac(d.t1), frac(d.t2), d.collinear]).toEqual([[0n, 1n], [1n, 2n], true]);
    // Diagonal, touching at (1, 1) only: t1 = 1, t2 = 0.
    const k = segmentSegment(P(0, 0), P(1, 1), P(1, 1), P(3, 3));
    expect(k && [frac(k.t1), frac(k.t2), k.collinear]).toEqual([[1n, 1n], [0n, 1n], true]);
    expect(segmentSegment(P(0, 0), P(1, 1), P(2, 2), P(3, 3))).toBeNull();
    expect(segmentSegment(P(0, 0), P(4, 0), P(0, 1), P(4, 1))).toBeNull();
  });

  it("zero-length segments: t = 0 on the point, the parameter on the other", () => {
    const a = segmentSegment(P(1, 1), P(1, 1), P(0, 0), P(2, 2));
    expect(a && [frac(a.t1), frac(a.t2), a.collinear]).toEqual([[0n, 1n], [1n, 2n], true]);
    const b = segmentSegment(P(0, 0), P(4, 0), P(3, 0), P(3, 0));
    expect(b && [frac(b.t1), frac(b.t2), b.collinear]).toEqual([[3n, 4n], [0n, 1n], true]);
    expect(segmentSegment(P(5, 5), P(5, 5), P(5, 5), P(5, 5))).not.toBeNull();
    expect(segmentSegment(P(5, 5), P(5, 5), P(5, nextUp(5)), P(5, nextUp(5)))).toBeNull();
  });

  it("(0.2, 1.8) is not on x + y = 2 (its exact sum exceeds 2); (0.5, 1.5) is, at t = 1/4", () => {
    expect(segmentSegment(P(0.2, 1.8), P(0.2, 1.8), P(0, 2), P(2, 0))).toBeNull();
    expect(segmentSegment(P(0, 2), P(2, 0), P(0.2, 1.8), P(0.2, 1.8))).toBeNull();
    // From (0.2, 3) down to (0.2, 1.8): both ends exactly above the line, so no crossing...
    expect(segmentSegment(P(0.2, 3), P(0.2, 1.8), P(0, 2), P(2, 0))).toBeNull();
    // ...while from (0.2, 0) up to (0.2, 1.8) it crosses just below its end, at t1 < 1.
    const up = segmentSegment(P(0.2, 0), P(0.2, 1.8), P(0, 2), P(2, 0));
    expect(up !== null && cmp(up.t1, ONE) < 0).toBe(true);
    const on = segmentSegment(P(0, 2), P(2, 0), P(0.5, 1.5), P(0.5, 1.5));
    expect(on && frac(on.t1)).toEqual([1n, 4n]);
  });
});

describe("line vs ray, by hand", () => {
  it("t = 5 down to the x axis; pointing away misses; on the line gives t = 0", () => {
    // u x (o - p) = 1 * 5 = 5, u x d = 1 * -1 = -1, t = 5.
    const r = lineRay(P(0, 0), P(1, 0), P(0, 5), P(1, -1));
    expect(r && [frac(r.t), r.collinear]).toEqual([[5n, 1n], false]);
    expect(lineRay(P(0, 0), P(1, 0), P(0, 5), P(1, 1))).toBeNull();
    expect(lineRay(P(0, 0), P(1, 0), P(3, 0), P(1, 0))).toEqual({ t: ZERO, collinear: true });
    expect(lineRay(P(0, 0), P(1, 0), P(3, 0), P(1, 1))).toEqual({ t: ZERO, collinear: false });
    expect(lineRay(P(0, 0), P(1, 0), P(3, 1), P(1, 0))).toBeNull();
  });

  it("directions are not normalized: dir (0, -2) from (1, 4) reaches y = 0 at t = 2", () => {
    const r = lineRay(P(0, 0), P(2, 0), P(1, 4), P(0, -2));
    expect(r && frac(r.t)).toEqual([2n, 1n]);
  });

  it("the ray from (0.2, 1.8) along (1, 1) meets x + y = 2 at t < 0 exactly, so it misses", () => {
    // (0.2 + t) + (1.8 + t) = 2 needs t = (2 - 0.2 - 1.8) / 2 < 0 since 0.2 + 1.8 > 2 exactly.
    expect(lineRay(P(0, 2), P(1, -1), P(0.2, 1.8), P(1, 1))).toBeNull();
    expect(lineRay(P(0, 2), P(1, -1), P(0.2, 1.8), P(-1, -1))).not.toBeNull();
  });
});

describe("triangles, by hand", () => {
  it("overlap, containment, corner on corner, corner on edge, apart along a slanted axis", () => {
    expect(triangleTriangle(T(0, 0, 4, 0, 0, 4), T(1, 1, 5, 1, 1, 5))).toBe(true);
    expect(triangleTriangle(T(0, 0, 10, 0, 0, 10), T(1, 1, 2, 1, 1, 2))).toBe(true);
    expect(triangleTriangle(T(0, 0, 1, 0, 0, 1), T(1, 0, 2, 0, 2, 1))).toBe(true);
    // (1, 1) is on the hypotenuse x + y = 2 of the first.
    expect(triangleTriangle(T(0, 0, 2, 0, 0, 2), T(1, 1, 3, 1, 1, 3))).toBe(true);
    // Boxes overlap in x and y, but x + y = 2 separates them.
    expect(triangleTriangle(T(0, 0, 2, 0, 0, 2), T(2, 1, 1, 2, 2, 2))).toBe(false);
    expect(triangleTriangle(T(0, 0, 2, 0, 0, 2), T(2, nextUp(0), 1, 2, 2, 2))).toBe(false);
  });

  it("degenerate: collinear segments overlapping or apart along their line, points", () => {
    expect(triangleTriangle(T(0, 0, 2, 0, 1, 0), T(1.5, 0, 3, 0, 3, 0))).toBe(true);
    expect(triangleTriangle(T(0, 0, 1, 0, 1, 0), T(2, 0, 3, 0, 3, 0))).toBe(false);
    expect(triangleTriangle(T(1, 1, 1, 1, 1, 1), T(1, 1, 1, 1, 1, 1))).toBe(true);
    expect(triangleTriangle(T(1, 1, 1, 1, 1, 1), T(1, 2, 1, 2, 1, 2))).toBe(false);
    expect(triangleTriangle(T(0, 0, 4, 0, 0, 4), T(1, 1, 1, 1, 1, 1))).toBe(true);
    // (0.2, 1.8) is just outside x + y <= 2; (0.5, 1.5) is on it.
    expect(triangleTriangle(T(0, 0, 2, 0, 0, 2), T(0.2, 1.8, 0.2, 1.8, 0.2, 1.8))).toBe(false);
    expect(triangleTriangle(T(0, 0, 2, 0, 0, 2), T(0.5, 1.5, 0.5, 1.5, 0.5, 1.5))).toBe(true);
  });

  it("contact depth: sqrt 2 for the README pair, 1 for a point inside, 0 when touching", () => {
    // Axis (1, 1): max over T1 of x + y = 4, min over T2 = 2, gap 2 / sqrt 2 = sqrt 2; the axis
    // x and y give 3, the opposite axes 5 and 6 / sqrt 2.
    const c = triangleContact(T(0, 0, 4, 0, 0, 4), T(1, 1, 5, 1, 1, 5));
    expect(c && frac(c.depth2)).toEqual([2n, 1n]);
    expect(c?.depth).toBe(Math.SQRT2);
    // The point (1, 1) is 1 from the legs x = 0 and y = 0 and sqrt 2 from the hypotenuse.
    expect(triangleContact(T(0, 0, 4, 0, 0, 4), T(1, 1, 1, 1, 1, 1))?.depth).toBe(1);
    expect(triangleContact(T(0, 0, 1, 0, 0, 1), T(1, 0, 2, 0, 2, 1))?.depth).toBe(0);
    expect(triangleContact(T(0, 0, 2, 0, 1, 0), T(1.5, 0, 3, 0, 3, 0))?.depth).toBe(0);
    expect(triangleContact(T(0, 0, 1, 0, 0, 1), T(2, 2, 3, 2, 2, 3))).toBeNull();
    // h along (1, 1) for the README pair is 2 (not divided by |n|).
    expect(frac(supportGap(T(0, 0, 4, 0, 0, 4), T(1, 1, 5, 1, 1, 5), P(1, 1)))).toEqual([2n, 1n]);
  });

  it("bounding circle: 3-4-5 right, acute 13/6, obtuse, collinear, coincident", () => {
    expect(frac(minEnclosingRadius2(T(0, 0, 4, 0, 0, 3)))).toEqual([25n, 4n]);
    // Circumcenter (2, 5/6): 4 + 25/36 = (3 - 5/6)^2 = 169/36.
    expect(frac(minEnclosingRadius2(T(0, 0, 4, 0, 2, 3)))).toEqual([169n, 36n]);
    expect(frac(minEnclosingRadius2(T(0, 0, 10, 0, 5, 1)))).toEqual([25n, 1n]);
    expect(frac(minEnclosingRadius2(T(0, 0, 1, 0, 3, 0)))).toEqual([9n, 4n]);
    expect(frac(minEnclosingRadius2(T(7, 7, 7, 7, 7, 7)))).toEqual([0n, 1n]);
    expect(frac(minEnclosingRadius2(T(0, 0, 2e-300, 0, 0, 2e-300)))).toEqual(
      frac(mul(fromDouble(2e-300), fromDouble(2e-300 / 2))),
    );
    expect(inDisk(P(0.3, 0.4), P(0, 0), 0.5)).toBe(false);
    expect(inDisk(P(3, 4), P(0, 0), 5)).toBe(true);
    expect(inDisk(P(3, 4), P(0, 0), nextDown(5))).toBe(false);
  });
});

/** f(t) = alpha t^2 + 2 beta t + omega at a rational t. */
const evalQuad = (r: FirstRoot, t: Rational): Rational =>
  add(add(mul(r.alpha, mul(t, t)), mul(rat(2n), mul(r.beta, t))), r.omega);

describe("segment vs circle, by hand", () => {
  it("enters at t = 0.4 (disc 100), grazes at 0.5 (disc 0), ends on the circle at t = 1", () => {
    // d = (10, 0), w = (-5, 0): dd = 100, wd = -50, f0 = 24, disc = 2500 - 2400 = 100,
    // t = 24 / (50 + 10).
    const s = segmentCircle(P(-5, 0), P(5, 0), P(0, 0), 1);
    expect(s.hit && !s.inside).toBe(true);
    expect(s.root && [frac(s.root.disc), s.root.t]).toEqual([[100n, 1n], 0.4]);
    // y = 1: f0 = 25, disc = 2500 - 2500 = 0, t = 25 / 50.
    const g = segmentCircle(P(-5, 1), P(5, 1), P(0, 0), 1);
    expect(g.root && [frac(g.root.disc), g.root.t]).toEqual([[0n, 1n], 0.5]);
    expect(segmentCircle(P(-5, nextUp(1)), P(5, nextUp(1)), P(0, 0), 1).hit).toBe(false);
    // d = (4, 0), dd = 16, wd = -20, f(1) = 16 - 40 + 24 = 0.
    expect(segmentCircle(P(-5, 0), P(-1, 0), P(0, 0), 1).root?.t).toBe(1);
    expect(segmentCircle(P(-5, 0), P(nextDown(-1), 0), P(0, 0), 1).hit).toBe(false);
  });

  it("3-4-5: the chord y = 4 of the radius-5 circle is entered at x = -3, t = 7/20", () => {
    const s = segmentCircle(P(-10, 4), P(10, 4), P(0, 0), 5);
    expect(s.root?.t).toBe(0.35);
    // sqrt(disc) = 60 exactly, so hi (from the lower root bound) is exactly 7/20; lo is below.
    expect(s.root && frac(s.root.hi)).toEqual([7n, 20n]);
    expect(s.root && cmp(s.root.lo, rat(7n, 20n))).toBe(-1);
  });

  it("a inside gives inside; a zero-length segment is a point; (0.3, 0.4) is outside r = 0.5", () => {
    expect(segmentCircle(P(0, 0.5), P(5, 5), P(0, 0), 1)).toEqual({
      hit: true,
      inside: true,
      root: null,
    });
    expect(segmentCircle(P(3, 4), P(3, 4), P(0, 0), 5).inside).toBe(true);
    expect(segmentCircle(P(3, 4), P(3, 4), P(0, 0), nextDown(5)).hit).toBe(false);
    expect(segmentCircle(P(0.3, 0.4), P(0.3, 0.4), P(0, 0), 0.5).hit).toBe(false);
    expect(segmentCircle(P(0.3, 0.4), P(1, 1), P(0, 0), 0.5).hit).toBe(false); // moves away
    expect(toDouble(distPointSegment2(P(3, 4), P(0, 0), P(10, 0)))).toBe(16);
    expect(toDouble(distPointSegment2(P(13, 4), P(0, 0), P(10, 0)))).toBe(25);
  });
});

describe("3D, by hand", () => {
  it("line vs sphere: distance 1 exactly, a hair more, and the 3-4-5 in the yz plane", () => {
    expect(lineSphere(P3(0, 0, 0), P3(1, 0, 0), P3(5, 1, 0), 1)).toBe(true);
    expect(lineSphere(P3(0, 0, 0), P3(1, 0, 0), P3(5, nextUp(1), 0), 1)).toBe(false);
    expect(lineSphere(P3(0, 0, 0), P3(7, 0, 0), P3(-2, 3, 4), 5)).toBe(true);
    expect(lineSphere(P3(0, 0, 0), P3(7, 0, 0), P3(-2, 3, 4), nextDown(5))).toBe(false);
    expect(toDouble(distPointLine2(P3(-2, 3, 4), P3(0, 0, 0), P3(7, 0, 0)))).toBe(25);
  });

  it("sweep: t = 0.4 from y = 5 by -10 (alpha 100, beta -50, omega 24); grazing at 0.5", () => {
    const s = sweepSphereLine(P3(0, 5, 0), 1, P3(0, -10, 0), P3(0, 0, 0), P3(1, 0, 0));
    expect(s.root && [frac(s.root.alpha), frac(s.root.beta), frac(s.root.omega), s.root.t]).toEqual(
      [[100n, 1n], [-50n, 1n], [24n, 1n], 0.4],
    );
    // Distance^2 (5 - 10 t)^2 + 1 reaches 1 only at t = 0.5.
    const g = sweepSphereLine(P3(0, 5, 1), 1, P3(0, -10, 0), P3(0, 0, 0), P3(2, 0, 0));
    expect(g.root?.t).toBe(0.5);
    expect(
      sweepSphereLine(P3(0, 5, nextUp(1)), 1, P3(0, -10, 0), P3(0, 0, 0), P3(1, 0, 0)).hit,
    ).toBe(false);
    expect(toDouble(sweepMinDist2(P3(0, 5, 1), P3(0, -10, 0), P3(0, 0, 0), P3(1, 0, 0)))).toBe(1);
  });

  it("sweep: overlapping or touching at 0, ending short, reaching at t = 1, moving along", () => {
    const line: [ReturnType<typeof P3>, ReturnType<typeof P3>] = [P3(0, 0, 0), P3(1, 0, 0)];
    expect(sweepSphereLine(P3(0, 0.5, 0), 1, P3(0, -10, 0), ...line).initially).toBe(true);
    expect(sweepSphereLine(P3(0, 1, 0), 1, P3(0, 10, 0), ...line).initially).toBe(true);
    // 5 - 3.9999999999999996 = 1.0000000000000004 > 1.
    expect(sweepSphereLine(P3(0, 5, 0), 1, P3(0, -3.9999999999999996, 0), ...line).hit).toBe(false);
    expect(sweepSphereLine(P3(0, 5, 0), 1, P3(0, -4, 0), ...line).root?.t).toBe(1);
    expect(sweepSphereLine(P3(0, 5, 0), 1, P3(10, 0, 0), ...line).hit).toBe(false);
    expect(sweepSphereLine(P3(0, 5, 0), 5, P3(10, 0, 0), ...line).initially).toBe(true);
    expect(sweepSphereLine(P3(0, 5, 0), 4, P3(0, 0, 0), ...line).hit).toBe(false);
  });
});

describe("the reference against itself (independent formulations, lattice data)", () => {
  const lattice = fc.integer({ min: -3, max: 3 });
  const pt = fc.record({ x: lattice, y: lattice });
  const tri = fc.record({ a: pt, b: pt, c: pt });

  it("segments meet iff the degenerate triangles (a, b, b) meet", () => {
    fc.assert(
      fc.property(pt, pt, pt, pt, (a, b, c, d) => {
        const s = segmentSegment(a, b, c, d) !== null;
        expect(triangleTriangle({ a, b, c: b }, { a: c, b: d, c: d })).toBe(s);
      }),
      { numRuns: 20000, seed: 4 },
    );
  });

  it("triangles meet iff some edges meet or a corner is inside the other (orientation signs)", () => {
    const orient = (p: V2, q: V2, r: V2) =>
      Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
    const inside = (p: V2, t: Tri): boolean => {
      const s = [orient(t.a, t.b, p), orient(t.b, t.c, p), orient(t.c, t.a, p)];
      if (orient(t.a, t.b, t.c) === 0) return false;
      return s.every((v) => v >= 0) || s.every((v) => v <= 0);
    };
    const edgesOf = (t: Tri): [V2, V2][] => [
      [t.a, t.b],
      [t.b, t.c],
      [t.c, t.a],
    ];
    fc.assert(
      fc.property(tri, tri, (t1, t2) => {
        let other = inside(t1.a, t2) || inside(t2.a, t1);
        for (const [p, q] of edgesOf(t1))
          for (const [r, s] of edgesOf(t2)) if (segmentSegment(p, q, r, s)) other = true;
        expect(triangleTriangle(t1, t2)).toBe(other);
      }),
      { numRuns: 20000, seed: 5 },
    );
  });

  it("first roots: the bracket straddles the root (f(lo) >= 0 >= f(hi)) and is 2^-120 tight", () => {
    const coord = fc.oneof(lattice, fc.double({ min: -10, max: 10, noNaN: true }));
    const p = fc.record({ x: coord, y: coord });
    fc.assert(
      fc.property(p, p, p, fc.double({ min: 0, max: 10, noNaN: true }), (a, b, c, r) => {
        const s = segmentCircle(a, b, c, r);
        // The boolean agrees with the distance to the segment.
        expect(s.hit).toBe(cmp(distPointSegment2(c, a, b), mul(fromDouble(r), fromDouble(r))) <= 0);
        if (!s.root) return;
        const { lo, hi } = s.root;
        expect(sign(evalQuad(s.root, lo))).toBeGreaterThanOrEqual(0);
        expect(sign(evalQuad(s.root, hi))).toBeLessThanOrEqual(0);
        expect(cmp(lo, ZERO)).toBeGreaterThan(0);
        expect(cmp(hi, ONE)).toBeLessThanOrEqual(0);
        expect(cmp(sub(hi, lo), mul(hi, rat(1n, 2n ** 120n)))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 5000, seed: 6 },
    );
  });
});

const sign = (r: Rational): number => (r.num > 0n ? 1 : r.num < 0n ? -1 : 0);
