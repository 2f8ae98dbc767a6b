import { describe, expect, it } from "vitest";
import { gjkDistance } from "../../src/2d/convex/gjk.ts";
import { makeProxy, proxyOf } from "../../src/2d/convex/proxy.ts";
import {
  aabb,
  box,
  capsule,
  circle,
  point,
  polygon,
  type Shape,
  segment,
  triangle,
} from "../../src/2d/index.ts";

function distance(a: Shape, b: Shape) {
  const pa = proxyOf(a, makeProxy())!;
  const pb = proxyOf(b, makeProxy())!;
  return gjkDistance(pa, pb);
}

describe("GJK distance (2D)", () => {
  it("two circles 10 apart with radii 1 and 2: distance 7 along +x", () => {
    const r = distance(circle(0, 0, 1), circle(10, 0, 2));
    expect(r.distance).toBeCloseTo(7, 14);
    expect(r.normal).toEqual({ x: 1, y: 0 });
    expect(r.pointA).toEqual({ x: 1, y: 0 });
    expect(r.pointB).toEqual({ x: 8, y: 0 });
  });

  it("a point above a segment's interior: the perpendicular distance", () => {
    const r = distance(point(3, 4), segment(0, 0, 10, 0));
    expect(r.distance).toBeCloseTo(4, 14);
    expect(r.pointB.x).toBeCloseTo(3, 14);
    expect(r.pointB.y).toBeCloseTo(0, 14);
  });

  it("a point beyond a segment's end: the distance to the endpoint (3-4-5)", () => {
    expect(distance(point(13, 4), segment(0, 0, 10, 0)).distance).toBeCloseTo(5, 14);
  });

  it("cores a subnormal apart: the normal is still the unit diagonal", () => {
    // The nearest pair is (0, 0) and (m, m), m the least subnormal: the direction is (1, 1) / sqrt 2.
    // |g| = m sqrt 2 rounds to m, and g / |g| used to give (1, 1).
    const m = Number.MIN_VALUE;
    const r = distance(segment(0, 0, 0, -2), segment(m, m, 1, 1));
    expect(r.normal.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(r.normal.y).toBeCloseTo(Math.SQRT1_2, 15);
    const withRadius = distance(capsule(0, 0, 0, -2, 1), segment(m, m, 1, 1));
    expect(withRadius.distance).toBe(0);
    expect(Math.hypot(withRadius.normal.x, withRadius.normal.y)).toBeCloseTo(1, 15);
  });

  it("crossing segments overlap: distance 0", () => {
    expect(distance(segment(0, 0, 2, 2), segment(0, 2, 2, 0)).distance).toBe(0);
  });

  it("two unit squares apart diagonally: corner to corner, sqrt 2", () => {
    // Squares [0,1]^2 and [2,3]^2: nearest corners (1,1) and (2,2), distance sqrt 2.
    const r = distance(aabb(0, 0, 1, 1), aabb(2, 2, 3, 3));
    expect(r.distance).toBeCloseTo(Math.SQRT2, 14);
    expect(r.pointA).toEqual({ x: 1, y: 1 });
    expect(r.pointB).toEqual({ x: 2, y: 2 });
  });

  it("edge to edge: a triangle above a box face", () => {
    const r = distance(box(0, 0, 2, 1), triangle(-1, 3, 1, 3, 0, 5));
    expect(r.distance).toBeCloseTo(2, 14);
    expect(r.normal.x).toBeCloseTo(0, 14);
    expect(r.normal.y).toBeCloseTo(1, 14);
  });

  it("capsule and polygon: rounded distance", () => {
    const hex = polygon(
      [0, 1, 2, 3, 4, 5].map((k) => ({
        x: 10 + Math.cos((k * Math.PI) / 3),
        y: Math.sin((k * Math.PI) / 3),
      })),
    );
    // The hexagon's leftmost corner is (9, 0); the capsule's cap reaches x = 2 + 1 = 3.
    expect(distance(capsule(-5, 0, 2, 0, 1), hex).distance).toBeCloseTo(6, 13);
  });

  it("overlapping polygons report 0 and stop", () => {
    const r = distance(triangle(0, 0, 4, 0, 0, 4), triangle(1, 1, 5, 1, 1, 5));
    expect(r.distance).toBe(0);
    expect(r.iterations).toBeLessThan(10);
  });

  it("large offsets do not hurt: 1e9 away from the origin", () => {
    const o = 1e9;
    expect(distance(circle(o, o, 1), circle(o + 10, o, 2)).distance).toBeCloseTo(7, 6);
  });
});
