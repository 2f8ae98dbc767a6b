/**
 * Regression: a box made by `box()` with a quarter turn whose face or edge exactly meets another
 * shape. The library answers for the axes of its normalised rotation (issue 4: exact with
 * respect to its own computed axes); the reference once took the raw rotation, a box 2 ulps
 * larger, and called a miss a hit. Derivation of the axes: test/reference/overlap3d.test.ts.
 */
import { describe, expect, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";
import { overlapRef, refBox } from "../reference/overlap3d.ts";

const v = c3.vec;
const q = { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 };
const box = c3.box(v(0, 0, 0), v(1, 1, 1), q);
const ref = refBox(v(0, 0, 0), v(1, 1, 1), q);

describe("a quarter-turned box touching an aabb (library and reference agree)", () => {
  // The box's top face rises from y = 1 - 2^-51 at x = 1 to y = 1 at x = -1 + 2^-51.
  const beside = c3.aabb(v(0.5, 1, -0.5), v(2, 2, 0.5));
  const onEdge = c3.aabb(v(-2, 1, -0.5), v(0, 2, 0.5));
  it("an aabb from y = 1 over x >= 0.5 misses the face", () => {
    expect(c3.testAabbBox(beside, box)).toBe(false);
    expect(c3.test(box, beside)).toBe(false);
    expect(overlapRef({ kind: "aabb", min: beside.min, max: beside.max }, ref)).toBe(false);
  });
  it("an aabb from y = 1 over the edge u + v touches it", () => {
    expect(c3.testAabbBox(onEdge, box)).toBe(true);
    expect(c3.test(box, onEdge)).toBe(true);
    expect(overlapRef({ kind: "aabb", min: onEdge.min, max: onEdge.max }, ref)).toBe(true);
  });
  it("a segment along the edge's line at y = 1 touches; one 2^-51 below the corner misses", () => {
    // The edge u + v + t w is x = -1 + 2^-51, y = 1, |z| <= 1; the corner u - v is (1, 1 - 2^-51).
    const onLine = c3.segment(v(-1 + 2 ** -51, 1, -3), v(-1 + 2 ** -51, 1, 3));
    expect(c3.test(onLine, box)).toBe(true);
    const over = c3.segment(v(1, 1, -3), v(1, 1, 3));
    expect(c3.test(over, box)).toBe(false);
    expect(overlapRef({ kind: "capsule", a: onLine.a, b: onLine.b, radius: 0 }, ref)).toBe(true);
    expect(overlapRef({ kind: "capsule", a: over.a, b: over.b, radius: 0 }, ref)).toBe(false);
  });
});
