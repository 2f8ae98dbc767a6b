/**
 * Regressions of the 2D convex cast (`castProxies`) found by the property suites on random seeds.
 */
import { describe, expect, it } from "vitest";
import { type CastResult, castProxies } from "../../src/2d/convex/cast.ts";
import { makeProxy, pointProxy, polygonProxy, segmentProxy } from "../../src/2d/convex/proxy.ts";
import { intersectSegmentPolygon } from "../../src/2d/query/intersect.ts";
import { polygon, segment as segment2 } from "../../src/2d/shapes.ts";

function result(): CastResult {
  return { t: -1, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 }, initiallyOverlapping: false };
}

/**
 * gjk-epa.test.ts, "cast segment vs polygon" and "segment vs segment", seed 181624178: a point
 * moving at a shallow angle through an edge at 1e100. GJK's gap vector there cancels from 1e100
 * down to 2.7e91 and kept only 7 digits of direction: its normal (3.6e-8, 1) against the true
 * (-2e-9, 1) made the closing speed negative, and the cast reported no contact.
 *
 * Derivation. The edge runs from L = (-1.65e100, -h) to R = (2.35e100, h), h = 4.000000000000001e91;
 * its ends' y are opposite, so it crosses y = 0 at its midpoint x = (-1.65e100 + 2.35e100) / 2 =
 * 3.5e99, with slope 2h / 4e100 = 2e-9. The third vertex (3.5e99, 1e100) lies above it, so the
 * polygon is above the edge and its outward normal there is (2h, -4e100) / |.| = (2e-9, -1) to
 * 16 digits. The point starts at (1.7e100, y0), y0 = 6.048170134933807e-13, where the edge is at
 * 2e-9 * (1.7e100 - 3.5e99) = 2.7e91 > y0: below it, outside. It moves to (-1e100, 0), so x
 * reaches 3.5e99 at t = (1.7e100 - 3.5e99) / 2.7e100 = 0.5, where it is on the edge to within
 * y0 / 2e-9 = 3e-4 in x, a shift of 1e-104 in t. The cast stops before the contact once the
 * distance is below 1e-12 of the scale (here |m| = 2.7e100), 2.7e88; the distance shrinks at
 * 2.7e100 * 2e-9 = 5.4e91 per unit t, so t is in [0.5 - 2.7e88 / 5.4e91, 0.5] = [0.4995, 0.5].
 */
describe("castProxies: a shallow crossing at 1e100 (seed 181624178)", () => {
  const h = 4.000000000000001e91;
  const y0 = 6.048170134933807e-13;
  const mx = -1e100 - 1.7e100;
  const my = 0 - y0;

  function expectEdgeContact(r: CastResult | null): void {
    expect(r).not.toBeNull();
    expect(r!.t).toBeGreaterThanOrEqual(0.4995);
    expect(r!.t).toBeLessThanOrEqual(0.5);
    expect(r!.initiallyOverlapping).toBe(false);
    expect(r!.normal.x).toBeCloseTo(2e-9, 20);
    expect(r!.normal.y).toBeCloseTo(-1, 12);
    // The contact point is on the edge near x = 3.5e99: within the travel of [0.4995, 0.5],
    // 5e-4 * 2.7e100 = 1.35e97, and within the stopping distance 2.7e88 of y = 0.
    expect(Math.abs(r!.point.x - 3.5e99)).toBeLessThanOrEqual(1.4e97);
    expect(Math.abs(r!.point.y)).toBeLessThanOrEqual(2.8e88);
  }

  it("against the triangle: the contact at t = 0.5 on its lower edge", () => {
    const b = polygonProxy(
      polygon([
        { x: -1.65e100, y: -h },
        { x: 2.35e100, y: h },
        { x: 3.5e99, y: 1e100 },
      ]),
      makeProxy(),
    );
    const a = pointProxy(1.7e100, y0, 0, makeProxy());
    expectEdgeContact(castProxies(a, mx, my, b, result()));
  });

  it("against the edge alone (a segment): the same contact", () => {
    const b = segmentProxy({ x: 2.35e100, y: h }, { x: -1.65e100, y: -h }, 0, makeProxy());
    const a = pointProxy(1.7e100, y0, 0, makeProxy());
    expectEdgeContact(castProxies(a, mx, my, b, result()));
  });

  it("stopping short of the edge, at x = 3.6e99: no contact", () => {
    // At x = 3.6e99 the edge is at 2e-9 * 1e98 = 2e89 above y = 0, past the stopping distance
    // 1e-12 * 2.35e100 (the largest coordinate now exceeds |m| = 1.34e100).
    const b = segmentProxy({ x: 2.35e100, y: h }, { x: -1.65e100, y: -h }, 0, makeProxy());
    const a = pointProxy(1.7e100, y0, 0, makeProxy());
    expect(castProxies(a, 3.6e99 - 1.7e100, my, b, result())).toBeNull();
  });
});

/**
 * gjk-epa.test.ts, "cast segment vs polygon", seed 1087109 (local run): a segment against a
 * polygon with an edge of 1e-323 between (0, -5e-324) and (-1e-323, 0), at 1.8e-30 from the
 * segment's start. The float cast took each edge as the difference of its ends' offsets from the
 * start, both rounded to 1.8e-30's precision: that edge came out vertical, its half-plane x <= 0,
 * and the cast entered at x = 0 (t = 9/19), inside the polygon.
 *
 * Derivation. The segment runs from (1.8e-30, 0) by (-3.8e-30, -3e-31). The polygon is the triangle
 * (-2e-31, 0), (1e-30, -1e-30), (0, 0) to within 1e-323; its right edge lies on x + y = 5e-324
 * (through (1e-30, -1e-30) and (0, -5e-324)), with the interior where x + y is below it (the third
 * corner gives -2e-31). Along the segment x + y = 1.8e-30 - 4.1e-30 t, which reaches the edge at
 * t = 18/41 (the 5e-324 moves it by 1e-294): the point (1.8e-30 - 3.8e-30 * 18/41, -3e-31 * 18/41)
 * = (5.4e-30 / 41, -5.4e-30 / 41), with the outward normal (1, 1) / sqrt(2).
 */
describe("intersectSegmentPolygon: a 1e-323 edge far from the start (seed 1087109)", () => {
  const seg = segment2(1.8e-30, 0, -2e-30, -3.0000000000000003e-31);
  const corners = [
    { x: -2e-31, y: 0 },
    { x: 1e-30, y: -1e-30 },
    { x: 0, y: -5e-324 },
    { x: -1e-323, y: 0 },
  ];

  it("enters through the right edge at t = 18/41", () => {
    const hit = intersectSegmentPolygon(seg, polygon(corners));
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeCloseTo(18 / 41, 12);
    expect(hit!.point.x / (5.4e-30 / 41)).toBeCloseTo(1, 12);
    expect(hit!.point.y / (-5.4e-30 / 41)).toBeCloseTo(1, 12);
    expect(hit!.normal.x).toBeCloseTo(Math.SQRT1_2, 12);
    expect(hit!.normal.y).toBeCloseTo(Math.SQRT1_2, 12);
    expect(hit!.inside).toBe(false);
  });

  it("the same at 2^100 times the size (no subnormals: the rounding of the offsets did it)", () => {
    const k = 2 ** 100;
    const big = segment2(1.8e-30 * k, 0, -2e-30 * k, -3.0000000000000003e-31 * k);
    const hit = intersectSegmentPolygon(
      big,
      polygon(corners.map((p) => ({ x: p.x * k, y: p.y * k }))),
    );
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeCloseTo(18 / 41, 12);
    expect(hit!.normal.x).toBeCloseTo(Math.SQRT1_2, 12);
    expect(hit!.normal.y).toBeCloseTo(Math.SQRT1_2, 12);
  });
});
