import { describe, expect, it } from "vitest";
import {
  circle,
  contactTriangleTriangle,
  intersectSegmentCircle,
  intersectSegmentSegment,
  makeContact,
  segment,
  triangle,
} from "../../src/2d/index.ts";

// The float fast paths of the seed constructions decide only when t is clear of the interval's
// ends by about 2^-32; these cases sit on both sides of that margin and in the middle.
const TINY = 2 ** -40;

describe("intersectSegmentSegment: the t path and its margin", () => {
  it("a plain crossing: t1 = t2 = 1/2, point (1, 0), s2's normal facing s1.a", () => {
    // v1 = (2, 0), v2 = (0, 2), w = a2 - a1 = (1, -1): d = 4, n1 = w x v2 = 2, n2 = w x v1 = 2.
    // s2 runs up x = 1; s1.a = (0, 0) is on its left, so the normal is (-1, 0).
    expect(intersectSegmentSegment(segment(0, 0, 2, 0), segment(1, -1, 1, 1))).toEqual({
      t1: 0.5,
      t2: 0.5,
      point: { x: 1, y: 0 },
      normal: { x: -1, y: 0 },
      collinear: false,
    });
  });

  it("s2 ending 2^-40 past s1's line crosses (t2 = 1 / (1 + 2^-40), inside the margin)", () => {
    const hit = intersectSegmentSegment(segment(0, 0, 1, 0), segment(0.5, 1, 0.5, -TINY));
    expect(hit).not.toBeNull();
    expect(hit!.t1).toBe(0.5);
    // t2 = 1 / (1 + 2^-40) = 1 - 2^-40 + 2^-80 - ..., which rounds to 1 - 2^-40.
    expect(hit!.t2).toBe(1 - TINY);
    expect(hit!.point).toEqual({ x: 0.5, y: 0 });
  });

  it("s2 stopping 2^-40 short of s1's line misses", () => {
    expect(intersectSegmentSegment(segment(0, 0, 1, 0), segment(0.5, 1, 0.5, TINY))).toBeNull();
  });

  it("s1 ending 2^-40 before s2 misses (t1 = 1 + 2^-40, inside the margin)", () => {
    const s2 = segment(1 + TINY, -1, 1 + TINY, 1);
    expect(intersectSegmentSegment(segment(0, 0, 1, 0), s2)).toBeNull();
  });
});

describe("intersectSegmentCircle: the entry path and its margin", () => {
  it("entering from above: t = 0.1, point (0, 4), normal (-0.6, 0.8)", () => {
    // x = 0 from y = 5 down to y = -5 against the circle (3, 0) radius 5: 9 + y^2 = 25 at
    // y = 4, reached at t = (5 - 4) / 10; the normal is ((0, 4) - (3, 0)) / 5.
    const hit = intersectSegmentCircle(segment(0, 5, 0, -5), circle(3, 0, 5));
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeCloseTo(0.1, 15);
    expect(hit!.point.x).toBe(0);
    expect(hit!.point.y).toBeCloseTo(4, 14);
    expect(hit!.normal.x).toBeCloseTo(-0.6, 15);
    expect(hit!.normal.y).toBeCloseTo(0.8, 15);
  });

  it("a segment ending 2^-40 inside the circle hits near t = 1", () => {
    // From (-2, 0) to (-1 + 2^-40, 0): the entry at x = -1 is t = 1 / (1 + 2^-40).
    const hit = intersectSegmentCircle(segment(-2, 0, -1 + TINY, 0), circle(0, 0, 1));
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeCloseTo(1 - TINY, 15);
    expect(hit!.t).toBeLessThanOrEqual(1);
    expect(hit!.normal).toEqual({ x: -1, y: 0 });
  });

  it("a segment ending exactly on the circle touches at t = 1", () => {
    const hit = intersectSegmentCircle(segment(-2, 0, -1, 0), circle(0, 0, 1));
    expect(hit).toEqual({ t: 1, point: { x: -1, y: 0 }, normal: { x: -1, y: 0 } });
  });

  it("a segment ending 2^-40 short of the circle misses", () => {
    expect(intersectSegmentCircle(segment(-2, 0, -1 - TINY, 0), circle(0, 0, 1))).toBeNull();
  });

  it("t = 1 / (1 + 2^-31), just below the float path's 1 - 2^-32, is a float hit", () => {
    // From (-2, 0) to (-1 + 2^-31, 0): the entry at x = -1 is t = 1 / (1 + 2^-31).
    const e = 2 ** -31;
    const out = { t: 0, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 } };
    const hit = intersectSegmentCircle(segment(-2, 0, -1 + e, 0), circle(0, 0, 1), out);
    expect(hit).toBe(out);
    expect(hit!.t).toBeCloseTo(1 / (1 + e), 15);
    expect(hit!.point.x).toBeCloseTo(-1, 15);
    expect(hit!.point.y).toBe(0);
    expect(hit!.normal).toEqual({ x: -1, y: 0 });
  });

  it("t = 1 / (1 - 2^-31), just above the float path's 1 + 2^-32, is a float miss", () => {
    const out = { t: 7, point: { x: 7, y: 7 }, normal: { x: 7, y: 7 } };
    const s = segment(-2, 0, -1 - 2 ** -31, 0);
    expect(intersectSegmentCircle(s, circle(0, 0, 1), out)).toBeNull();
    expect(out).toEqual({ t: 7, point: { x: 7, y: 7 }, normal: { x: 7, y: 7 } });
  });

  it("a start exactly on the circle (omega = 0, left to the exact path) hits at t = 0", () => {
    // a = (-3, 4) on the circle of radius 5, moving inward along +x or outward along -x: both
    // start in the closed disk, so t = 0 with the normal (a - c) / 5.
    for (const bx of [3, -10]) {
      const hit = intersectSegmentCircle(segment(-3, 4, bx, 4), circle(0, 0, 5));
      expect(hit).not.toBeNull();
      expect(hit!.t).toBe(0);
      expect(hit!.point).toEqual({ x: -3, y: 4 });
      expect(hit!.normal.x).toBeCloseTo(-0.6, 15);
      expect(hit!.normal.y).toBeCloseTo(0.8, 15);
    }
  });

  it("moving away from outside, with the line through the disk, misses", () => {
    expect(intersectSegmentCircle(segment(-6, 0, -9, 0), circle(0, 0, 5))).toBeNull();
  });
});

describe("contactTriangleTriangle through the polygons' float pass", () => {
  it("t2 = t1 moved by (3, 0): depth sqrt(1/2) along t1's long edge", () => {
    // Along n = (1, 1) / sqrt 2, t1 reaches 4 / sqrt 2 and t2 starts at 3 / sqrt 2: overlap
    // 1 / sqrt 2. Every other edge axis overlaps more (t2's left edge by 1, the bottom by 4).
    const t1 = triangle(0, 0, 4, 0, 0, 4);
    const t2 = triangle(3, 0, 7, 0, 3, 4);
    const out = makeContact();
    const hit = contactTriangleTriangle(t1, t2, out);
    expect(hit).toBe(out);
    expect(hit!.depth).toBeCloseTo(Math.SQRT1_2, 15);
    expect(hit!.normal.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(hit!.normal.y).toBeCloseTo(Math.SQRT1_2, 15);
    expect(hit!.aInB).toBe(false);
    expect(hit!.bInA).toBe(false);
    // Without `out` the same numbers come back on a fresh object.
    expect(contactTriangleTriangle(t1, t2)).toEqual(out);
  });

  it("a small triangle inside a large one: bInA, depth 2 (to the nearest leg)", () => {
    // t2's corners sit 1 from both legs of t1; its far corner (2, 1) or (1, 2) is 2 from them.
    const hit = contactTriangleTriangle(triangle(0, 0, 10, 0, 0, 10), triangle(1, 1, 2, 1, 1, 2));
    expect(hit).not.toBeNull();
    expect(hit!.depth).toBeCloseTo(2, 14);
    expect(hit!.bInA).toBe(true);
    expect(hit!.aInB).toBe(false);
  });

  it("triangles apart by a hair along an edge return null", () => {
    const t2 = triangle(2 + 2 ** -50, 2, 5, 2, 2, 5);
    expect(contactTriangleTriangle(triangle(0, 0, 4, 0, 0, 4), t2)).toBeNull();
  });
});
