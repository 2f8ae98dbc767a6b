import { describe, expect, it } from "vitest";
import {
  type Line,
  line,
  type Sphere,
  type SphereLineSweep,
  sphere,
  sweepSphereLine,
  testLineSphere,
  type Vec,
} from "../../src/3d/index.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });
const xAxis = line(0, 0, 0, 1, 0, 0);

function sweep(s: Sphere, m: Vec, l: Line): SphereLineSweep | null {
  const hit = sweepSphereLine(s, m, l);
  // A sweep that starts overlapping agrees with the static test.
  expect(hit?.initiallyOverlapping === true).toBe(testLineSphere(l, s));
  return hit;
}

describe("line vs sphere: test", () => {
  it("a sphere touching the line counts; one ulp further does not", () => {
    expect(testLineSphere(xAxis, sphere(5, 1, 0, 1))).toBe(true);
    expect(testLineSphere(xAxis, sphere(5, 1.0000000000000002, 0, 1))).toBe(false);
  });

  it("a diagonal line: distance from (0, 1, 0) to the line along (1, 1, 1) is sqrt(2/3)", () => {
    expect(testLineSphere(line(0, 0, 0, 1, 1, 1), sphere(0, 1, 0, 0.82))).toBe(true); // 0.6724 >= 2/3
    expect(testLineSphere(line(0, 0, 0, 1, 1, 1), sphere(0, 1, 0, 0.81))).toBe(false); // 0.6561 < 2/3
  });

  it("(0.6, 0.8) is outside radius 1 exactly, although 0.36 + 0.64 === 1 in doubles", () => {
    expect(testLineSphere(line(0, 0, 0, 0, 0, 1), sphere(0.6, 0.8, 0, 1))).toBe(false);
    expect(testLineSphere(line(0, 0, 0, 0, 0, 1), sphere(0.6, 0.8, 5, 1.0000000000000002))).toBe(
      true,
    );
  });
});

describe("sphere sweep vs line", () => {
  it("falling onto the x axis: contact when the center is 1 above it, t = 0.4", () => {
    expect(sweep(sphere(0, 5, 0, 1), V(0, -10, 0), xAxis)).toEqual({
      t: 0.4,
      center: { x: 0, y: 1, z: 0 },
      point: { x: 0, y: 0, z: 0 },
      normal: { x: 0, y: 1, z: 0 },
      initiallyOverlapping: false,
    });
  });

  it("a 3-4-5 approach: the center path at z = 3 reaches distance 5 at y = 4", () => {
    const hit = sweep(sphere(2, 12, 3, 5), V(0, -16, 0), xAxis);
    expect(hit?.t).toBe(0.5);
    expect(hit?.center).toEqual({ x: 2, y: 4, z: 3 });
    expect(hit?.normal.y).toBeCloseTo(0.8, 15);
    expect(hit?.normal.z).toBeCloseTo(0.6, 15);
    expect(hit?.point.x).toBe(2);
    expect(hit?.point.y).toBeCloseTo(0, 14);
    expect(hit?.point.z).toBeCloseTo(0, 14);
  });

  it("a line's point far from the sphere along the line: (20 - 30t)^2 + 3^2 = 5^2 at t = 8/15", () => {
    // The center (1e4, 20 - 30t, 3) is at distance sqrt((20 - 30t)^2 + 9) from the x axis: it
    // first reaches 5 when 20 - 30t = 4, so t = 16/30 = 8/15, center y = 4, normal (0, 0.8, 0.6).
    // The far point along the line loosens the fast path's bound; the answer must not change.
    const hit = sweep(sphere(1e4, 20, 3, 5), V(0, -30, 0), xAxis);
    expect(hit?.t).toBeCloseTo(8 / 15, 15);
    expect(hit?.center.x).toBe(1e4);
    expect(hit?.center.y).toBeCloseTo(4, 13);
    expect(hit?.normal.y).toBeCloseTo(0.8, 14);
    expect(hit?.normal.z).toBeCloseTo(0.6, 14);
    expect(hit?.point.x).toBe(1e4);
    expect(hit?.point.y).toBeCloseTo(0, 13);
  });
  it("already overlapping: t = 0 and initiallyOverlapping (the article gives FLT_MAX)", () => {
    expect(sweep(sphere(0, 0.5, 0, 1), V(0, -10, 0), xAxis)).toEqual({
      t: 0,
      center: { x: 0, y: 0.5, z: 0 },
      point: { x: 0, y: 0, z: 0 },
      normal: { x: 0, y: 1, z: 0 },
      initiallyOverlapping: true,
    });
  });

  it("touching at t = 0 counts as overlapping", () => {
    expect(sweep(sphere(0, 1, 0, 1), V(0, 5, 0), xAxis)?.initiallyOverlapping).toBe(true);
  });

  it("a grazing pass touches at the closest approach; one ulp further misses", () => {
    // Center path y = 5 - 10 t at z = 1: closest at t = 0.5, distance exactly 1.
    expect(sweep(sphere(0, 5, 1, 1), V(0, -10, 0), xAxis)?.t).toBe(0.5);
    expect(sweep(sphere(0, 5, 1.0000000000000002, 1), V(0, -10, 0), xAxis)).toBeNull();
  });

  it("moving away, or stopping short, misses", () => {
    expect(sweep(sphere(0, 5, 0, 1), V(0, 10, 0), xAxis)).toBeNull();
    expect(sweep(sphere(0, 5, 0, 1), V(0, -3.9999999999999996, 0), xAxis)).toBeNull();
    expect(sweep(sphere(0, 5, 0, 1), V(0, -4, 0), xAxis)?.t).toBe(1);
  });

  it("motion parallel to the line never gets closer; motion = 0 is valid", () => {
    expect(sweep(sphere(0, 5, 0, 1), V(100, 0, 0), xAxis)).toBeNull();
    expect(sweep(sphere(0, 5, 0, 1), V(0, 0, 0), xAxis)).toBeNull();
    expect(sweep(sphere(0, 0, 0, 1), V(0, 0, 0), xAxis)?.t).toBe(0);
  });

  it("a center on the line: the normal is a unit vector perpendicular to it", () => {
    const hit = sweep(sphere(3, 0, 0, 0), V(0, 0, 0), xAxis);
    expect(hit?.normal.x).toBe(0);
    expect(Math.hypot(hit!.normal.x, hit!.normal.y, hit!.normal.z)).toBeCloseTo(1, 15);
  });

  it("the line's point and direction length do not change t", () => {
    expect(sweep(sphere(0, 5, 0, 1), V(0, -10, 0), line(-7, 0, 0, 1e-3, 0, 0))?.t).toBe(0.4);
  });

  it("offset by 1e9, scaled by 1e-7 and by 1e300", () => {
    expect(sweep(sphere(1e9, 1e9 + 5, 1e9, 1), V(0, -10, 0), line(1e9, 1e9, 1e9, 1, 0, 0))?.t).toBe(
      0.4,
    );
    expect(sweep(sphere(0, 5e-7, 0, 1e-7), V(0, -1e-6, 0), xAxis)?.t).toBeCloseTo(0.4, 15);
    const big = sweep(sphere(0, 5e300, 0, 1e300), V(0, -1e301, 0), line(0, 0, 0, 1e300, 0, 0));
    expect(big?.t).toBeCloseTo(0.4, 15);
    expect(big?.normal).toEqual({ x: 0, y: 1, z: 0 });
  });

  it("the article's scenario: a sphere passing a line at an angle (derived t)", () => {
    // Line along z through the origin; center from (-10, 3, 0) by (20, 0, 7): distance^2 to the
    // z axis is (-10 + 20 t)^2 + 9; equals r^2 = 25 at 20 t = 6, t = 0.3.
    const hit = sweep(sphere(-10, 3, 0, 5), V(20, 0, 7), line(0, 0, 0, 0, 0, 1));
    expect(hit?.t).toBeCloseTo(0.3, 15);
    expect(hit?.normal.x).toBeCloseTo(-0.8, 15);
    expect(hit?.normal.y).toBeCloseTo(0.6, 15);
    expect(hit?.point.z).toBeCloseTo(2.1, 14);
  });

  it("fills out; a miss leaves it untouched", () => {
    const out: SphereLineSweep = {
      t: -1,
      center: V(0, 0, 0),
      point: V(0, 0, 0),
      normal: V(0, 0, 0),
      initiallyOverlapping: true,
    };
    expect(sweepSphereLine(sphere(0, 5, 0, 1), V(0, -10, 0), xAxis, out)).toBe(out);
    expect(out.t).toBe(0.4);
    expect(sweepSphereLine(sphere(0, 5, 0, 1), V(0, 10, 0), xAxis, out)).toBeNull();
    expect(out.t).toBe(0.4);
  });
});
