import { describe, expect, it } from "vitest";
import * as c from "../../src/3d/index.ts";

/*
 * intersectRaySphere's float entry (the hot path): the normal is taken from t d - w, not from the
 * rounded point, so it stays accurate far from the origin.
 */
describe("intersectRaySphere entry", () => {
  it("a 3-4-5 entry: t, point and normal exact", () => {
    // Center 0, r = 5, ray y = 3 along +x from x = -10: enters at x = -sqrt(25 - 9) = -4, t = 6;
    // the outward normal there is (-4, 3, 0) / 5.
    const h = c.intersectRaySphere(c.ray(-10, 3, 0, 1, 0, 0), c.sphere(0, 0, 0, 5))!;
    expect(h.t).toBe(6);
    expect([h.point.x, h.point.y, h.point.z]).toEqual([-4, 3, 0]);
    expect(h.normal.x).toBeCloseTo(-0.8, 15);
    expect(h.normal.y).toBeCloseTo(0.6, 15);
    expect(h.normal.z).toBe(0);
    expect(h.inside).toBe(false);
  });

  it("offset by 1e9: the normal keeps its digits although the point is rounded to 1.2e-7", () => {
    // Center (1e9, 1e9, 1e9), r = 1; the ray runs 9/16 above it (0.5625 and 1e9 + 0.5625 are exact)
    // along +x from 10 before it: it enters at x = -s, s = sqrt(1 - 0.5625^2), so t = 10 - s and
    // the normal is (-s, 0.5625, 0). The point's x, 1e9 - s, is rounded to a multiple of 2^-23.
    const k = 1e9;
    const s = Math.sqrt(1 - 0.5625 * 0.5625);
    const h = c.intersectRaySphere(c.ray(k - 10, k + 0.5625, k, 1, 0, 0), c.sphere(k, k, k, 1))!;
    expect(Math.abs(h.t - (10 - s))).toBeLessThan(1e-14);
    expect(Math.abs(h.normal.x + s)).toBeLessThan(1e-15);
    expect(Math.abs(h.normal.y - 0.5625)).toBeLessThan(1e-15);
    expect(h.normal.z).toBe(0);
    expect(Math.abs(h.point.x - (k - s))).toBeLessThanOrEqual(2 ** -23);
  });

  it("a scaled direction: t in units of d, the same point and normal", () => {
    // d = (4, 0, 0): the 3-4-5 entry above at t = 6 / 4.
    const h = c.intersectRaySphere(c.ray(-10, 3, 0, 4, 0, 0), c.sphere(0, 0, 0, 5))!;
    expect(h.t).toBe(1.5);
    expect([h.point.x, h.point.y, h.point.z]).toEqual([-4, 3, 0]);
    expect(h.normal.x).toBeCloseTo(-0.8, 15);
  });

  it("a center behind the origin with the line through the ball is a miss", () => {
    // The line y = 3 crosses the ball, but the ray points away from it.
    expect(c.intersectRaySphere(c.ray(-10, 3, 0, -1, 0, 0), c.sphere(0, 0, 0, 5))).toBeNull();
  });
});

/*
 * The filter's edges (linear-sphere.ts): the hot path takes an origin outside 1.004 r of the center
 * and within 2^15 r of it; the rest takes the exact path, with the same answers.
 */
describe("intersectRaySphere and testRaySphere off the hot path", () => {
  const unit = (h: c.ShapeHit): number => Math.hypot(h.normal.x, h.normal.y, h.normal.z);

  it("a ray from 2^14 radii away: t, point and a unit normal", () => {
    // r = 1 at the origin, ray y = 0.6 along +x from x = -16384: enters at x = -0.8, so
    // t = 16384 - 0.8 and the normal is (-0.8, 0.6, 0).
    const h = c.intersectRaySphere(c.ray(-16384, 0.6, 0, 1, 0, 0), c.sphere(0, 0, 0, 1))!;
    expect(Math.abs(h.t - (16384 - 0.8))).toBeLessThan(1e-11);
    expect(Math.abs(h.normal.x + 0.8)).toBeLessThan(1e-11);
    expect(Math.abs(h.normal.y - 0.6)).toBeLessThan(1e-11);
    expect(Math.abs(unit(h) - 1)).toBeLessThan(1e-13);
  });

  it("a ray from 2^20 radii away (the exact path): the same answers", () => {
    const k = 2 ** 20;
    const h = c.intersectRaySphere(c.ray(-k, 0.6, 0, 1, 0, 0), c.sphere(0, 0, 0, 1))!;
    expect(Math.abs(h.t - (k - 0.8))).toBeLessThan(1e-8);
    expect(Math.abs(h.normal.x + 0.8)).toBeLessThan(1e-8);
    expect(Math.abs(unit(h) - 1)).toBeLessThan(1e-13);
    expect(h.inside).toBe(false);
  });

  it("an origin just outside the surface (the exact path): t, point and normal", () => {
    // r = 1, origin (-1.001, 0, 0) along +x: enters at x = -1 after t = 0.001 (rounded as
    // 1.001 - 1 is), normal (-1, 0, 0).
    const h = c.intersectRaySphere(c.ray(-1.001, 0, 0, 1, 0, 0), c.sphere(0, 0, 0, 1))!;
    expect(Math.abs(h.t - 0.001)).toBeLessThan(1e-15);
    expect([h.point.x, h.point.y, h.point.z]).toEqual([-1, 0, 0]);
    expect([h.normal.x, h.normal.y, h.normal.z]).toEqual([-1, 0, 0]);
    expect(c.testRaySphere(c.ray(-1.001, 0, 0, 1, 0, 0), c.sphere(0, 0, 0, 1))).toBe(true);
  });

  it("an origin inside: t = 0, the origin, the ray reversed, inside; the test says hit", () => {
    const h = c.intersectRaySphere(c.ray(0.5, 0, 0, 0, 2, 0), c.sphere(0, 0, 0, 1))!;
    expect(h.t).toBe(0);
    expect([h.point.x, h.point.y, h.point.z]).toEqual([0.5, 0, 0]);
    expect([h.normal.x, h.normal.y, h.normal.z]).toEqual([0, -1, 0]);
    expect(h.inside).toBe(true);
    // Pointing away from the center: still a hit, the origin being in the ball.
    expect(c.testRaySphere(c.ray(0.5, 0, 0, 1, 0, 0), c.sphere(0, 0, 0, 1))).toBe(true);
  });

  it("a line through the ball with the ball behind the origin misses, test and intersect", () => {
    const a = c.ray(10, 0.5, 0, 1, 0, 0);
    const b = c.sphere(0, 0, 0, 1);
    expect(c.testRaySphere(a, b)).toBe(false);
    expect(c.intersectRaySphere(a, b)).toBeNull();
  });

  it("a tangent ray touches (exact path), one ulp further out misses", () => {
    // y = 1 is tangent to the unit ball: touching counts.
    const b = c.sphere(0, 0, 0, 1);
    const h = c.intersectRaySphere(c.ray(-5, 1, 0, 1, 0, 0), b)!;
    expect(h.t).toBe(5);
    expect([h.normal.x, h.normal.y, h.normal.z]).toEqual([0, 1, 0]);
    expect(c.testRaySphere(c.ray(-5, 1, 0, 1, 0, 0), b)).toBe(true);
    const above = 1 + 2 ** -52;
    expect(c.testRaySphere(c.ray(-5, above, 0, 1, 0, 0), b)).toBe(false);
    expect(c.intersectRaySphere(c.ray(-5, above, 0, 1, 0, 0), b)).toBeNull();
  });
});
