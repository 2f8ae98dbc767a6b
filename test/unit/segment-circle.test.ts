import { describe, expect, it } from "vitest";
import {
  type Circle,
  circle,
  intersectSegmentCircle,
  type Segment,
  type SegmentCircleHit,
  segment,
  testSegmentCircle,
} from "../../src/2d/index.ts";

const S = segment;

function hits(s: Segment, c: Circle): boolean {
  const b = testSegmentCircle(s, c);
  expect(intersectSegmentCircle(s, c) !== null).toBe(b);
  return b;
}

describe("segment vs circle", () => {
  it("a laser through a round target enters at t = 0.4 (x = -1 on (-5,0)-(5,0))", () => {
    expect(intersectSegmentCircle(S(-5, 0, 5, 0), circle(0, 0, 1))).toEqual({
      t: 0.4,
      point: { x: -1, y: 0 },
      normal: { x: -1, y: 0 },
    });
  });

  it("a 3-4-5 entry: from (-8, 3) along +x into the circle of radius 5 at x = -4", () => {
    const hit = intersectSegmentCircle(S(-8, 3, 8, 3), circle(0, 0, 5));
    expect(hit?.t).toBe(0.25);
    expect(hit?.point).toEqual({ x: -4, y: 3 });
    expect(hit?.normal.x).toBeCloseTo(-0.8, 15);
    expect(hit?.normal.y).toBeCloseTo(0.6, 15);
  });

  it("a tangent segment touches (closed disk): t at the tangent point, normal perpendicular", () => {
    expect(intersectSegmentCircle(S(-5, 1, 5, 1), circle(0, 0, 1))).toEqual({
      t: 0.5,
      point: { x: 0, y: 1 },
      normal: { x: 0, y: 1 },
    });
  });

  it("one ulp beyond tangent misses", () => {
    expect(hits(S(-5, 1.0000000000000002, 5, 1.0000000000000002), circle(0, 0, 1))).toBe(false);
  });

  it("a start inside gives t = 0 and the normal from the center to a", () => {
    expect(intersectSegmentCircle(S(0.5, 0, 5, 0), circle(0, 0, 1))).toEqual({
      t: 0,
      point: { x: 0.5, y: 0 },
      normal: { x: 1, y: 0 },
    });
  });

  it("a start at the center: normal opposite the segment's direction", () => {
    expect(intersectSegmentCircle(S(0, 0, 0, 5), circle(0, 0, 1))?.normal).toEqual({ x: 0, y: -1 });
  });

  it("a zero-length segment is a point: inside, on, outside; its normal at the center is (1, 0)", () => {
    expect(hits(S(0.5, 0.5, 0.5, 0.5), circle(0, 0, 1))).toBe(true);
    expect(hits(S(0.6, 0.8, 0.6, 0.8), circle(0, 0, 1))).toBe(false); // 0.36 + 0.64 > 1 exactly
    expect(hits(S(3, 4, 3, 4), circle(0, 0, 5))).toBe(true);
    expect(intersectSegmentCircle(S(2, 2, 2, 2), circle(2, 2, 0))?.normal).toEqual({ x: 1, y: 0 });
  });

  it("a segment ending just inside hits at its end region; ending short misses", () => {
    expect(hits(S(-5, 0, -1, 0), circle(0, 0, 1))).toBe(true);
    expect(intersectSegmentCircle(S(-5, 0, -1, 0), circle(0, 0, 1))?.t).toBe(1);
    expect(hits(S(-5, 0, -1.0000000000000002, 0), circle(0, 0, 1))).toBe(false);
  });

  it("the center projecting outside the segment: the nearest endpoint decides (article step 5)", () => {
    expect(hits(S(1, 0, 5, 0), circle(0, 0.5, 1.2))).toBe(true); // 1 + 0.25 <= 1.44
    expect(hits(S(1, 0, 5, 0), circle(0, 1, 1))).toBe(false);
  });

  it("moving away from the circle misses even though the line crosses it", () => {
    expect(hits(S(2, 0, 5, 0), circle(0, 0, 1))).toBe(false);
  });

  it("a zero radius circle is its center point", () => {
    expect(hits(S(-1, -1, 1, 1), circle(0, 0, 0))).toBe(true);
    expect(hits(S(-1, -1, 1, 1.0000000000000002), circle(0, 0, 0))).toBe(false);
    const hit = intersectSegmentCircle(S(-1, -1, 1, 1), circle(0, 0, 0));
    expect(hit?.t).toBe(0.5);
    expect(hit?.normal.x).toBeCloseTo(-Math.SQRT1_2, 15);
  });

  it("(0.3, 0.4) is outside the circle of radius 0.5, although 0.3^2 + 0.4^2 <= 0.5^2 in doubles", () => {
    // Exactly, 0.3 and 0.4 are slightly above 3/10 and 4/10, so the point is slightly outside.
    expect(0.3 * 0.3 + 0.4 * 0.4 <= 0.5 * 0.5).toBe(true);
    expect(hits(S(0.3, 0.4, 0.3, 0.4), circle(0, 0, 0.5))).toBe(false);
    expect(hits(S(0.3, 0.4, 1, 1), circle(0, 0, 0.5))).toBe(false);
    expect(hits(S(0.3, 0.4, 0, 0), circle(0, 0, 0.5))).toBe(true);
  });

  it("offset by 1e9 and scaled by 1e-7 and 1e300", () => {
    expect(intersectSegmentCircle(S(1e9 - 5, 1e9, 1e9 + 5, 1e9), circle(1e9, 1e9, 1))?.t).toBe(0.4);
    expect(intersectSegmentCircle(S(-5e-7, 0, 5e-7, 0), circle(0, 0, 1e-7))?.t).toBeCloseTo(
      0.4,
      15,
    );
    expect(intersectSegmentCircle(S(-5e300, 0, 5e300, 0), circle(0, 0, 1e300))?.t).toBeCloseTo(
      0.4,
      15,
    );
    expect(hits(S(-5e-300, 1e-300, 5e-300, 1e-300), circle(0, 0, 1e-300))).toBe(true);
  });

  it("a grazing laser far away: t still accurate (derived: y = 1 - 2^-30, r = 1)", () => {
    // Entry x = -sqrt(1 - y^2); t = (x + 4) / 8.
    const y = 1 - 2 ** -30;
    const hit = intersectSegmentCircle(S(-4, y, 4, y), circle(0, 0, 1));
    const x = -Math.sqrt((1 - y) * (1 + y));
    expect(Math.abs(hit!.t - (x + 4) / 8)).toBeLessThan(1e-12);
    expect(Math.hypot(hit!.normal.x, hit!.normal.y)).toBeCloseTo(1, 15);
    expect(hit!.normal.x).toBeCloseTo(x, 12);
  });

  it("fills out; a miss leaves it untouched", () => {
    const out: SegmentCircleHit = { t: -1, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 } };
    expect(intersectSegmentCircle(S(-5, 0, 5, 0), circle(0, 0, 1), out)).toBe(out);
    expect(out.t).toBe(0.4);
    expect(intersectSegmentCircle(S(-5, 3, 5, 3), circle(0, 0, 1), out)).toBeNull();
    expect(out.t).toBe(0.4);
  });
});
