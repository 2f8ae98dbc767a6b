import { describe, expect, it } from "vitest";
import * as c from "../../src/3d/index.ts";

const v = (x: number, y: number, z: number): c.Vec => ({ x, y, z });

describe("testPoint<B>: exact containment, closed sets", () => {
  it("points, lines and rays", () => {
    expect(c.testPointPoint(v(1, 2, 3), v(1, 2, 3))).toBe(true);
    expect(c.testPointPoint(v(1, 2, 3), v(1, 2, 3.0000000000000004))).toBe(false);
    // The line through (0, 0, 0) along (1, 2, 3) holds (2, 4, 6) and not (2, 4, 6 + ulp).
    const l = c.line(0, 0, 0, 1, 2, 3);
    expect(c.testPointLine(v(2, 4, 6), l)).toBe(true);
    expect(c.testPointLine(v(2, 4, 6.000000000000001), l)).toBe(false);
    const r = c.ray(1, 1, 1, 0, 0, 2);
    expect(c.testPointRay(v(1, 1, 1), r)).toBe(true); // the origin
    expect(c.testPointRay(v(1, 1, 5), r)).toBe(true);
    expect(c.testPointRay(v(1, 1, 0.9999999999999999), r)).toBe(false); // just behind
  });

  it("segments: ends included, collinear beyond excluded, zero length is its point", () => {
    const s = c.segment(v(0, 0, 0), v(3, 3, 3));
    expect(c.testPointSegment(v(3, 3, 3), s)).toBe(true);
    expect(c.testPointSegment(v(1, 1, 1), s)).toBe(true);
    expect(c.testPointSegment(v(4, 4, 4), s)).toBe(false);
    // 0.1 * 3 is 0.30000000000000004: (0.1 * 3, 0.3, 0.3) is off the diagonal.
    expect(c.testPointSegment(v(0.1 * 3, 0.3, 0.3), s)).toBe(false);
    const z = c.segment(v(1, 2, 3), v(1, 2, 3));
    expect(c.testPointSegment(v(1, 2, 3), z)).toBe(true);
    expect(c.testPointSegment(v(1, 2, 3.0000000000000004), z)).toBe(false);
  });

  it("planes: (0.2, 1.8, 0) is not on x + y = 2 although 0.2 + 1.8 === 2 in doubles", () => {
    const p = c.plane(v(1, 1, 0), 2);
    expect(c.testPointPlane(v(0.5, 1.5, 7), p)).toBe(true);
    expect(c.testPointPlane(v(0.2, 1.8, 0), p)).toBe(false);
  });

  it("spheres and capsules: surface included, zero radius is a point", () => {
    expect(c.testPointSphere(v(0, 3, 4), c.sphere(0, 0, 0, 5))).toBe(true); // 9 + 16 = 25
    expect(c.testPointSphere(v(0, 3, 4.000000000000001), c.sphere(0, 0, 0, 5))).toBe(false);
    expect(c.testPointSphere(v(1, 1, 1), c.sphere(1, 1, 1, 0))).toBe(true);
    const cap = c.capsule(v(0, 0, 0), v(0, 0, 4), 1);
    expect(c.testPointCapsule(v(1, 0, 2), cap)).toBe(true); // side
    expect(c.testPointCapsule(v(0, 0, 5), cap)).toBe(true); // cap top
    expect(c.testPointCapsule(v(0, 0, 5.000000000000001), cap)).toBe(false);
    // The doubles 0.6 and 0.8 square to 0.35999999999999997335... and 0.64000000000000007105...,
    // which sum to 1.0000000000000000444 > 1: outside the unit ball around (0, 0, 4).
    expect(c.testPointCapsule(v(0.6, 0.8, 4), c.capsule(v(0, 0, 4), v(0, 0, 4), 1))).toBe(false);
  });

  it("aabbs and boxes: faces, edges and corners included; flat ones are their rectangles", () => {
    const a = c.aabb(v(0, 0, 0), v(1, 2, 3));
    expect(c.testPointAabb(v(1, 2, 3), a)).toBe(true);
    expect(c.testPointAabb(v(1, 2, 3.0000000000000004), a)).toBe(false);
    const q = { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 }; // 90 degrees about z
    const b = c.box(v(0, 0, 0), v(2, 1, 1), q);
    // Turned 90 degrees, its long axis lies along y (to rounding of the axes: (0, 2, 0) up to 1e-16).
    expect(c.testPointBox(v(0.5, 1.5, 0), b)).toBe(true);
    expect(c.testPointBox(v(1.5, 0.5, 0), b)).toBe(false);
  });

  it("triangles: edges and corners included, off-plane excluded, degenerate ones are segments", () => {
    const t = c.triangle(v(0, 0, 0), v(2, 0, 0), v(0, 2, 0));
    expect(c.testPointTriangle(v(1, 1, 0), t)).toBe(true); // on the slanted edge x + y = 2
    expect(c.testPointTriangle(v(0, 0, 0), t)).toBe(true);
    expect(c.testPointTriangle(v(0.5, 0.5, 5e-324), t)).toBe(false);
    expect(c.testPointTriangle(v(1.2, 0.8000000000000002, 0), t)).toBe(false); // just outside
    const tilted = c.triangle(v(0, 0, 0), v(0, 2, 2), v(2, 0, 2));
    expect(c.testPointTriangle(v(1, 1, 2), tilted)).toBe(true); // midpoint of edge bc
    const flat = c.triangle(v(0, 0, 0), v(1, 1, 1), v(3, 3, 3));
    expect(c.testPointTriangle(v(2, 2, 2), flat)).toBe(true);
    expect(c.testPointTriangle(v(4, 4, 4), flat)).toBe(false);
    const dot = c.triangle(v(1, 1, 1), v(1, 1, 1), v(1, 1, 1));
    expect(c.testPointTriangle(v(1, 1, 1), dot)).toBe(true);
  });
});
