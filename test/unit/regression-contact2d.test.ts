/**
 * Regressions found by the property suites on fresh seeds, in 2D contacts.
 */
import { describe, expect, it } from "vitest";
import { contactTriangleTriangle, triangle } from "../../src/2d/index.ts";

/**
 * exact-triangle-triangle.test.ts, seed 1785872584 (COLLIDE_SURVEY=1): the test's tolerance
 * "64 ulps of the magnitude" was computed as 64 * 2^-52 * M, which underflows to 0 for
 * M = 1e-323, so a depth one subnormal from the exact one failed; an ulp is never below the
 * smallest subnormal m = 5e-324. Derivation: t1 is the origin (three corners at +-0); t2 has
 * corners A = (1, -1), B = (-1, 0), C = (2, 2) in units of m. Clockwise: cross(B - A, C - A) =
 * cross((-2, 1), (1, 3)) = -7. The origin O is strictly inside: cross(B - A, O - A) =
 * cross((-2, 1), (-1, 1)) = -1, cross(C - B, O - B) = cross((3, 2), (1, 0)) = -2,
 * cross(A - C, O - C) = cross((-1, -3), (-2, -2)) = -4, all negative. The depth is O's distance
 * to the nearest edge line: 1 / |AB| = 1 / sqrt(5) = 0.447 m (the others: 2 / sqrt(13),
 * 4 / sqrt(10)), 2.2e-324, which rounds to 0 in doubles; any depth within 64 m is accurate.
 */
describe("contactTriangleTriangle in the subnormal range", () => {
  it("a point inside a subnormal triangle: depth 0 within 64 subnormal ulps", () => {
    const t1 = triangle(-0, -0, 0, 0, 0, 0);
    const t2 = triangle(5e-324, -5e-324, -5e-324, 0, 1e-323, 1e-323);
    const c = contactTriangleTriangle(t1, t2);
    expect(c).not.toBeNull();
    expect(c!.depth).toBeGreaterThanOrEqual(0);
    expect(c!.depth).toBeLessThanOrEqual(64 * Number.MIN_VALUE);
  });
});
