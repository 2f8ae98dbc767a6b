/**
 * frustumAabb's center-extent pass on a frustum whose answers are derived by hand: the identity
 * matrix gives the cube [-1, 1]^3 (planes +-x - 1 <= 0 and so on), on which an aabb meets the
 * frustum exactly when their intervals overlap on every axis. Covers the wholly-inside hit, the
 * box straddling one plane (hit in the pass), two planes (the rare path), touching faces and
 * edges one ulp either way, and coordinates near the overflow threshold (bound infinite).
 */
import { describe, expect, it } from "vitest";
import { aabb, frustum, testAabbFrustum } from "../../src/3d/index.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";

const V = (x: number, y: number, z: number) => ({ x, y, z });
const cube = frustum([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

describe("testAabbFrustum on the cube frustum [-1, 1]^3", () => {
  it("a box wholly inside, and one around the whole cube, are hits", () => {
    expect(testAabbFrustum(aabb(V(-0.5, -0.5, -0.5), V(0.5, 0.5, 0.5)), cube)).toBe(true);
    expect(testAabbFrustum(aabb(V(-3, -3, -3), V(3, 3, 3)), cube)).toBe(true);
  });

  it("a box straddling one face is a hit; moved past the face it is a miss", () => {
    expect(testAabbFrustum(aabb(V(0.5, -0.2, -0.2), V(3, 0.2, 0.2)), cube)).toBe(true);
    expect(testAabbFrustum(aabb(V(1.5, -0.2, -0.2), V(3, 0.2, 0.2)), cube)).toBe(false);
  });

  it("a box straddling two faces over the edge x = y = 1 is a hit", () => {
    expect(testAabbFrustum(aabb(V(0.5, 0.5, -0.2), V(3, 3, 0.2)), cube)).toBe(true);
    expect(testAabbFrustum(aabb(V(0.5, 0.5, 0.5), V(3, 3, 3)), cube)).toBe(true);
  });

  it("a box on the face x = 1 touches; one ulp beyond it misses", () => {
    expect(testAabbFrustum(aabb(V(1, -0.5, -0.5), V(2, 0.5, 0.5)), cube)).toBe(true);
    expect(testAabbFrustum(aabb(V(nextUp(1), -0.5, -0.5), V(2, 0.5, 0.5)), cube)).toBe(false);
    expect(testAabbFrustum(aabb(V(-2, -0.5, -0.5), V(-1, 0.5, 0.5)), cube)).toBe(true);
    expect(testAabbFrustum(aabb(V(-2, -0.5, -0.5), V(nextDown(-1), 0.5, 0.5)), cube)).toBe(false);
  });

  it("a box on the edge x = y = 1 touches; one ulp off either face misses", () => {
    expect(testAabbFrustum(aabb(V(1, 1, 0), V(2, 2, 0.5)), cube)).toBe(true);
    expect(testAabbFrustum(aabb(V(nextUp(1), 1, 0), V(2, 2, 0.5)), cube)).toBe(false);
    expect(testAabbFrustum(aabb(V(1, nextUp(1), 0), V(2, 2, 0.5)), cube)).toBe(false);
  });

  it("a box on the corner (1, 1, 1) touches; one ulp off misses", () => {
    expect(testAabbFrustum(aabb(V(1, 1, 1), V(2, 2, 2)), cube)).toBe(true);
    expect(testAabbFrustum(aabb(V(1, 1, nextUp(1)), V(2, 2, 2)), cube)).toBe(false);
  });

  it("coordinates near 1.7e308 (sums of them overflow): decided past the float pass", () => {
    expect(testAabbFrustum(aabb(V(1e308, -1, -1), V(1.7e308, 1, 1)), cube)).toBe(false);
    expect(
      testAabbFrustum(aabb(V(-1.7e308, -1.7e308, -1.7e308), V(1.7e308, 1.7e308, 1.7e308)), cube),
    ).toBe(true);
    expect(testAabbFrustum(aabb(V(-1.7e308, 0.5, 0.5), V(1.7e308, 1.7e308, 1.7e308)), cube)).toBe(
      true,
    );
    expect(
      testAabbFrustum(aabb(V(-1.7e308, nextUp(1), 0.5), V(1.7e308, 1.7e308, 1.7e308)), cube),
    ).toBe(false);
  });
});
