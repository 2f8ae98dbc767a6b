import { describe, expect, it } from "vitest";
import {
  dist2PointSegment,
  lineRay,
  lineSphere,
  segCircle,
  segSeg,
  sweep,
  triTri,
} from "./queries.ts";
import { cmp, q, sqrtApprox, toNumber } from "./rational.ts";

const P = (x: number, y: number) => ({ x, y });
const P3 = (x: number, y: number, z: number) => ({ x, y, z });

describe("the exact reference, checked by hand", () => {
  it("reads doubles exactly: 0.1 is 3602879701896397 / 2^55", () => {
    expect(cmp(q(0.1), { n: 3602879701896397n, d: 2n ** 55n })).toBe(0);
    expect(cmp(q(-3), { n: -3n, d: 1n })).toBe(0);
    expect(cmp(q(2 ** -1074), { n: 1n, d: 2n ** 1074n })).toBe(0);
    expect(cmp(q(0.1 * 3), q(0.3))).toBe(1);
  });

  it("square roots to 2^-200", () => {
    expect(toNumber(sqrtApprox(q(2)))).toBe(Math.SQRT2);
    expect(toNumber(sqrtApprox(q(6.25)))).toBe(2.5);
  });

  it("segments: crossing at (1,1), touching ends, collinear overlap, parallel apart", () => {
    const x = segSeg(P(0, 0), P(2, 2), P(0, 2), P(2, 0));
    expect(x && [toNumber(x.t1), toNumber(x.t2), x.collinear]).toEqual([0.5, 0.5, false]);
    expect(segSeg(P(0, 0), P(1, 0), P(1, 0), P(2, 5))).not.toBeNull();
    const c = segSeg(P(0, 0), P(4, 0), P(6, 0), P(2, 0));
    expect(c && [toNumber(c.t1), toNumber(c.t2), c.collinear]).toEqual([0.5, 1, true]);
    expect(segSeg(P(0, 0), P(4, 0), P(0, 1), P(4, 1))).toBeNull();
    expect(segSeg(P(1, 1), P(1, 1), P(0, 0), P(2, 2))).not.toBeNull();
    expect(segSeg(P(0.2, 1.8), P(0.2, 1.8), P(0, 2), P(2, 0))).toBeNull();
  });

  it("line vs ray: t = 5, on the line, parallel", () => {
    const r = lineRay(P(0, 0), P(1, 0), P(0, 5), P(1, -1));
    expect(r && toNumber(r.t)).toBe(5);
    expect(lineRay(P(0, 0), P(1, 0), P(0, 5), P(1, 1))).toBeNull();
    expect(lineRay(P(0, 0), P(1, 0), P(3, 0), P(1, 0))).toEqual({
      t: { n: 0n, d: 1n },
      collinear: true,
    });
    expect(lineRay(P(0, 0), P(1, 0), P(3, 1), P(1, 0))).toBeNull();
  });

  it("triangles: overlap, containment, touching corner, apart", () => {
    const T = (a: number, b: number, c: number, d: number, e: number, f: number) => ({
      a: P(a, b),
      b: P(c, d),
      c: P(e, f),
    });
    expect(triTri(T(0, 0, 4, 0, 0, 4), T(1, 1, 5, 1, 1, 5))).toBe(true);
    expect(triTri(T(0, 0, 10, 0, 0, 10), T(1, 1, 2, 1, 1, 2))).toBe(true);
    expect(triTri(T(0, 0, 1, 0, 0, 1), T(1, 0, 2, 0, 2, 1))).toBe(true);
    expect(triTri(T(0, 0, 1, 0, 0, 1), T(2, 2, 3, 2, 2, 3))).toBe(false);
  });

  it("segment vs circle: distance squared, entry t = 0.4, tangent", () => {
    expect(toNumber(dist2PointSegment(P(3, 4), P(0, 0), P(10, 0)))).toBe(16);
    expect(toNumber(dist2PointSegment(P(13, 4), P(0, 0), P(10, 0)))).toBe(25);
    const s = segCircle(P(-5, 0), P(5, 0), P(0, 0), 1);
    expect(s.hit).toBe(true);
    expect(s.t).toBe(0.4);
    expect(segCircle(P(-5, 1), P(5, 1), P(0, 0), 1).hit).toBe(true);
    expect(segCircle(P(0.3, 0.4), P(0.3, 0.4), P(0, 0), 0.5).hit).toBe(false);
  });

  it("3D: line vs sphere, and the sweep at t = 0.4, grazing at 0.5, overlapping at 0", () => {
    expect(lineSphere(P3(0, 0, 0), P3(1, 0, 0), P3(5, 1, 0), 1)).toBe(true);
    expect(lineSphere(P3(0, 0, 0), P3(1, 0, 0), P3(5, 1.0000000000000002, 0), 1)).toBe(false);
    expect(sweep(P3(0, 5, 0), 1, P3(0, -10, 0), P3(0, 0, 0), P3(1, 0, 0)).t).toBe(0.4);
    expect(sweep(P3(0, 5, 1), 1, P3(0, -10, 0), P3(0, 0, 0), P3(1, 0, 0)).t).toBe(0.5);
    expect(
      sweep(P3(0, 5, 1.0000000000000002), 1, P3(0, -10, 0), P3(0, 0, 0), P3(1, 0, 0)).hit,
    ).toBe(false);
    expect(sweep(P3(0, 0.5, 0), 1, P3(0, -10, 0), P3(0, 0, 0), P3(1, 0, 0)).initially).toBe(true);
    expect(sweep(P3(0, 5, 0), 1, P3(0, -3.9999999999999996, 0), P3(0, 0, 0), P3(1, 0, 0)).hit).toBe(
      false,
    );
  });
});
