/**
 * The fast paths of the 3D overlap tests, with hand-derived answers: testTriangleTriangle on
 * pairs in general position (every corner strictly off the other triangle's plane, decided by
 * orientation signs alone), testSphereTriangle near a face and a corner, and testSphereAabb's
 * one-axis reject.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  sphere,
  testSphereAabb,
  testSphereTriangle,
  testTriangleTriangle,
  triangle,
} from "../../src/3d/index.ts";

// t1 lies in z = 0 with legs on the axes and hypotenuse x + y = 4. Its corners have y = 0, 0, 4,
// so they lie strictly on both sides of the plane y = 1 that holds t2 below. The planes meet in
// the line y = 1, z = 0, which t1 cuts in x from 0 to 3 (the hypotenuse at y = 1).
const t1 = triangle({ x: 0, y: 0, z: 0 }, { x: 4, y: 0, z: 0 }, { x: 0, y: 4, z: 0 });
/** t2 in y = 1 with P = (5, 1, 1) above z = 0 and Q, R = (q, 1, -1), (9, 1, -1) below: it cuts
 * the line from x = (5 + q) / 2 (midpoint of PQ) to x = 7 (midpoint of PR). */
const t2 = (q: number) =>
  triangle({ x: 5, y: 1, z: 1 }, { x: q, y: 1, z: -1 }, { x: 9, y: 1, z: -1 });

describe("testTriangleTriangle in general position", () => {
  it("an edge through the other's interior is a hit", () => {
    // t2's edge from (0.5, 0.5, -1) to (0.5, 0.5, 1) crosses z = 0 at (0.5, 0.5, 0), inside t1.
    const t = triangle({ x: 0.5, y: 0.5, z: -1 }, { x: 0.5, y: 0.5, z: 1 }, { x: 3, y: 3, z: 0.5 });
    expect(testTriangleTriangle(t1, t)).toBe(true);
    expect(testTriangleTriangle(t, t1)).toBe(true);
  });

  it("segments on the common line touching at one point count as a hit", () => {
    // q = 1: t2 starts at x = 3, where t1 ends.
    expect(testTriangleTriangle(t1, t2(1))).toBe(true);
    expect(testTriangleTriangle(t2(1), t1)).toBe(true);
  });

  it("one ulp decides: just overlapping hits, just apart misses", () => {
    // q = 1 - 2^-53 (the double below 1): t2 starts at 3 - 2^-54 < 3, so the segments overlap.
    expect(testTriangleTriangle(t1, t2(1 - 2 ** -53))).toBe(true);
    // q = 1 + 2^-52 (the double above 1): t2 starts at 3 + 2^-53 > 3, a gap.
    expect(testTriangleTriangle(t1, t2(1 + 2 ** -52))).toBe(false);
    expect(testTriangleTriangle(t2(1 + 2 ** -52), t1)).toBe(false);
  });

  it("both planes straddled with disjoint segments is a miss", () => {
    // q = 1.5: t2 covers x in [3.25, 7], t1 [0, 3].
    expect(testTriangleTriangle(t1, t2(1.5))).toBe(false);
  });

  it("the same answers at 1e100 and offset by 1e9", () => {
    const s = 2 ** 330; // about 1e99; powers of two keep the configuration exact
    const scale = (t: ReturnType<typeof triangle>, k: number, o: number) =>
      triangle(
        { x: t.a.x * k + o, y: t.a.y * k + o, z: t.a.z * k + o },
        { x: t.b.x * k + o, y: t.b.y * k + o, z: t.b.z * k + o },
        { x: t.c.x * k + o, y: t.c.y * k + o, z: t.c.z * k + o },
      );
    expect(testTriangleTriangle(scale(t1, s, 0), scale(t2(1), s, 0))).toBe(true);
    expect(testTriangleTriangle(scale(t1, s, 0), scale(t2(1.5), s, 0))).toBe(false);
    // 1e9 + small integers and halves are exact doubles: the configuration is unchanged.
    expect(testTriangleTriangle(scale(t1, 1, 1e9), scale(t2(1), 1, 1e9))).toBe(true);
    expect(testTriangleTriangle(scale(t1, 1, 1e9), scale(t2(1.5), 1, 1e9))).toBe(false);
  });
});

describe("testSphereTriangle resting on a face", () => {
  // The unit ball centered at (1, 1, h) over t1 (in z = 0; (1, 1) is inside, since 1 + 1 < 4):
  // the distance to the triangle is |h|, so it touches at h = 1.
  it("touching counts; one ulp further is a miss", () => {
    expect(testSphereTriangle(sphere(1, 1, 1, 1), t1)).toBe(true);
    expect(testSphereTriangle(sphere(1, 1, 1 + 2 ** -52, 1), t1)).toBe(false);
    expect(testSphereTriangle(sphere(1, 1, -1 + 2 ** -53, 1), t1)).toBe(true);
  });

  it("near a corner the distance is to the corner", () => {
    // Center (4 + 3, 0, 4): the nearest point is the corner (4, 0, 0), at distance 5.
    expect(testSphereTriangle(sphere(7, 0, 4, 5), t1)).toBe(true);
    expect(testSphereTriangle(sphere(7, 0, 4, 5 - 2 ** -50), t1)).toBe(false);
  });
});

describe("testSphereAabb's one-axis reject", () => {
  // The unit cube [0, 1]^3 and a unit ball centered on the x axis line through the cube's middle:
  // the distance is cx - 1, so it touches at cx = 2.
  const cube = aabb({ x: 0, y: 0, z: 0 }, { x: 1, y: 1, z: 1 });
  it("touching counts; one ulp further is a miss", () => {
    expect(testSphereAabb(sphere(2, 0.5, 0.5, 1), cube)).toBe(true);
    expect(testSphereAabb(sphere(2 + 2 ** -51, 0.5, 0.5, 1), cube)).toBe(false);
    expect(testSphereAabb(sphere(-1, 0.5, 0.5, 1), cube)).toBe(true);
    expect(testSphereAabb(sphere(-1 - 2 ** -52, 0.5, 0.5, 1), cube)).toBe(false);
  });
});
