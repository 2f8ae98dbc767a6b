/**
 * Hand-derived cases for the exact core test with hulls (CORE_HULL) and swept cores
 * (exactWithinSwept / coresWithinSwept). Every expected value has its derivation beside it;
 * "nextDown(r)" is the double just below r, so those pairs miss by less than an ulp.
 */
import { describe, expect, it } from "vitest";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_HULL,
  CORE_POINT,
  CORE_SEGMENT,
  CORE_TRIANGLE,
  exactWithin,
  exactWithinSwept,
} from "../../src/3d/overlap/exact.ts";
import { coresWithin, coresWithinSwept } from "../../src/3d/overlap/rounded.ts";
import type { Hull, Vec } from "../../src/3d/shapes.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });

/** The 8 corners of [0, 1]^3, plus an interior point and a duplicate (neither changes the hull). */
const cube: Hull = {
  points: [
    V(0, 0, 0),
    V(1, 0, 0),
    V(0, 1, 0),
    V(1, 1, 0),
    V(0, 0, 1),
    V(1, 0, 1),
    V(0, 1, 1),
    V(1, 1, 1),
    V(0.5, 0.25, 0.75),
    V(1, 1, 1),
  ],
};

/** exactWithin and coresWithin must agree: one runs the bounds reject first. */
function both(kind: number, s: Vec | Hull | object, r: number, h: Hull, rh: number): boolean {
  const e = exactWithin(kind, s as Vec, r, CORE_HULL, h, rh);
  const c = coresWithin(kind, s as Vec, r, CORE_HULL, h, rh);
  expect(c).toBe(e);
  // Symmetric in the order of the cores.
  expect(exactWithin(CORE_HULL, h, rh, kind, s as Vec, r)).toBe(e);
  return e;
}

describe("CORE_HULL: the hull of a cube's corners against a ball", () => {
  it("face: (0.5, 0.5, 3) is 2 above the face z = 1: radius 2 touches, nextDown(2) misses", () => {
    expect(both(CORE_POINT, V(0.5, 0.5, 3), 2, cube, 0)).toBe(true);
    expect(both(CORE_POINT, V(0.5, 0.5, 3), nextDown(2), cube, 0)).toBe(false);
  });
  it("edge: (4, 5, 0.5) is (3, 4, 0) from the edge x = y = 1, i.e. 5: radius 5 touches", () => {
    // The nearest cube point is the clamp (1, 1, 0.5); |(3, 4, 0)| = 5.
    expect(both(CORE_POINT, V(4, 5, 0.5), 5, cube, 0)).toBe(true);
    expect(both(CORE_POINT, V(4, 5, 0.5), nextDown(5), cube, 0)).toBe(false);
  });
  it("vertex: (3, 4, 7) is (2, 3, 6) from the corner (1, 1, 1), i.e. 7: radius 7 touches", () => {
    expect(both(CORE_POINT, V(3, 4, 7), 7, cube, 0)).toBe(true);
    expect(both(CORE_POINT, V(3, 4, 7), nextDown(7), cube, 0)).toBe(false);
    // The radius may sit on either core: the hull grown by 7 meets the point.
    expect(both(CORE_POINT, V(3, 4, 7), 0, cube, 7)).toBe(true);
    expect(both(CORE_POINT, V(3, 4, 7), 3, cube, nextDown(4))).toBe(false);
  });
  it("a point inside the hull, on its face, and one ulp outside", () => {
    expect(both(CORE_POINT, V(0.5, 0.5, 0.5), 0, cube, 0)).toBe(true);
    expect(both(CORE_POINT, V(0.5, 0.5, 1), 0, cube, 0)).toBe(true);
    expect(both(CORE_POINT, V(0.5, 0.5, nextUp(1)), 0, cube, 0)).toBe(false);
  });
  it("a one-point hull is a point; a two-point hull is a segment", () => {
    // |(3, 4, 0)| = 5.
    const one: Hull = { points: [V(3, 4, 0)] };
    expect(both(CORE_POINT, V(0, 0, 0), 5, one, 0)).toBe(true);
    expect(both(CORE_POINT, V(0, 0, 0), nextDown(5), one, 0)).toBe(false);
    // The segment x in [-1, 1] at y = 3, z = 4 is 5 from the origin at (0, 3, 4).
    const two: Hull = { points: [V(-1, 3, 4), V(1, 3, 4)] };
    expect(both(CORE_POINT, V(0, 0, 0), 5, two, 0)).toBe(true);
    expect(both(CORE_POINT, V(0, 0, 0), nextDown(5), two, 0)).toBe(false);
  });
  it("far apart at 1e300 and touching at a 1e9 offset (integers are exact there)", () => {
    const o = 1e9;
    const moved: Hull = { points: cube.points.map((p) => V(p.x + o, p.y + o, p.z + o)) };
    expect(both(CORE_POINT, V(o + 3, o + 4, o + 7), 7, moved, 0)).toBe(true);
    expect(both(CORE_POINT, V(o + 3, o + 4, o + 7), nextDown(7), moved, 0)).toBe(false);
    expect(both(CORE_POINT, V(1e300, 0, 0), 1e299, cube, 0)).toBe(false);
  });
});

describe("CORE_HULL against the other cores", () => {
  it("a segment on the face z = 1 touches; lifted by one ulp it misses", () => {
    const on = { a: V(-5, 0.5, 1), b: V(5, 0.5, 1) };
    const off = { a: V(-5, 0.5, nextUp(1)), b: V(5, 0.5, nextUp(1)) };
    expect(both(CORE_SEGMENT, on, 0, cube, 0)).toBe(true);
    expect(both(CORE_SEGMENT, off, 0, cube, 0)).toBe(false);
  });
  it("a triangle whose corner is the cube's corner (1, 1, 1) touches there only", () => {
    const t = { a: V(1, 1, 1), b: V(3, 1, 1), c: V(1, 3, 5) };
    expect(both(CORE_TRIANGLE, t, 0, cube, 0)).toBe(true);
    const u = { a: V(nextUp(1), 1, 1), b: V(3, 1, 1), c: V(3, 3, 5) };
    expect(both(CORE_TRIANGLE, u, 0, cube, 0)).toBe(false);
  });
  it("an aabb sharing the face x = 1 touches; moved one ulp along x it misses", () => {
    expect(both(CORE_AABB, { min: V(1, 0, 0), max: V(2, 1, 1) }, 0, cube, 0)).toBe(true);
    const off = { min: V(nextUp(1), 0, 0), max: V(2, 1, 1) };
    expect(both(CORE_AABB, off, 0, cube, 0)).toBe(false);
  });
  it("a box (identity rotation) 3 units away meets the cube grown by 3 only", () => {
    // Box [4, 6] x [0, 1] x [0, 1]: gap 3 along x to the face x = 1.
    const b = {
      center: V(5, 0.5, 0.5),
      halfExtents: V(1, 0.5, 0.5),
      rotation: { x: 0, y: 0, z: 0, w: 1 },
    };
    expect(both(CORE_BOX, b, 0, cube, 3)).toBe(true);
    expect(both(CORE_BOX, b, 0, cube, nextDown(3))).toBe(false);
  });
  it("hull vs hull: the cube and its copy shifted by (1, 1, 1) touch at one corner", () => {
    const shifted: Hull = { points: cube.points.map((p) => V(p.x + 1, p.y + 1, p.z + 1)) };
    expect(exactWithin(CORE_HULL, cube, 0, CORE_HULL, shifted, 0)).toBe(true);
    const apart: Hull = { points: cube.points.map((p) => V(p.x + 1, p.y + 1, nextUp(p.z + 1))) };
    expect(exactWithin(CORE_HULL, cube, 0, CORE_HULL, apart, 0)).toBe(false);
    expect(coresWithin(CORE_HULL, cube, 0, CORE_HULL, apart, 0)).toBe(false);
  });
});

describe("swept cores (exactWithinSwept, coresWithinSwept)", () => {
  const swept = (
    ka: number,
    a: object,
    ra: number,
    m: Vec,
    kb: number,
    b: object,
    rb: number,
  ): boolean => {
    const e = exactWithinSwept(ka, a as Vec, ra, m.x, m.y, m.z, kb, b as Vec, rb);
    expect(coresWithinSwept(ka, a as Vec, ra, m.x, m.y, m.z, kb, b as Vec, rb)).toBe(e);
    return e;
  };

  it("the end of a motion that doubles cannot represent: 1 + 2^-60 is reached only exactly", () => {
    // Point at x = 1 moves by m = 2^-60; fl(1 + 2^-60) = 1, but the exact end is 1 + 2^-60.
    // Ball B: center 1 + 2^-52 (next double after 1), radius 2^-52 - 2^-60 = 255 * 2^-60 (exact):
    // its nearest point is 1 + 2^-60, the exact end. A rounded end (1) would miss by 2^-60.
    const c = V(1 + 2 ** -52, 0, 0);
    const r = 255 * 2 ** -60;
    expect(swept(CORE_POINT, V(1, 0, 0), 0, V(2 ** -60, 0, 0), CORE_POINT, c, r)).toBe(true);
    // The motion one ulp shorter ends before B.
    expect(swept(CORE_POINT, V(1, 0, 0), 0, V(nextDown(2 ** -60), 0, 0), CORE_POINT, c, r)).toBe(
      false,
    );
    // Whichever core holds the radius.
    expect(swept(CORE_POINT, V(1, 0, 0), r, V(2 ** -60, 0, 0), CORE_POINT, c, 0)).toBe(true);
  });
  it("a sum doubles round up does not make a false hit", () => {
    // m = 3 * 2^-54 is 0.75 ulp of 1: fl(1 + m) = 1 + 2^-52 = B, yet the exact end stops short.
    const b = V(1 + 2 ** -52, 0, 0);
    expect(swept(CORE_POINT, V(1, 0, 0), 0, V(3 * 2 ** -54, 0, 0), CORE_POINT, b, 0)).toBe(false);
    expect(swept(CORE_POINT, V(1, 0, 0), 0, V(2 ** -52, 0, 0), CORE_POINT, b, 0)).toBe(true);
  });
  it("the cube swept by (4, 4, 0): (3, 2, 0.5) is on the hexagon's edge from (1, 0) to (5, 4)", () => {
    // In xy the swept square is the hull of [0, 1]^2 and [4, 5]^2: the hexagon (0,0) (1,0) (5,4)
    // (5,5) (4,5) (0,1); its edge y = x - 1 passes through (3, 2); below it is outside.
    const m = V(4, 4, 0);
    expect(swept(CORE_HULL, cube, 0, m, CORE_POINT, V(3, 2, 0.5), 0)).toBe(true);
    expect(swept(CORE_HULL, cube, 0, m, CORE_POINT, V(3, nextDown(2), 0.5), 0)).toBe(false);
    // Without the motion the point is 2 away from the cube.
    expect(exactWithin(CORE_HULL, cube, 0, CORE_POINT, V(3, 2, 0.5), 0)).toBe(false);
  });
  it("a ball beyond the end of the motion: the end face x = 5 is 2 from (7, 0.5, 0.5)", () => {
    const m = V(4, 0, 0);
    expect(swept(CORE_HULL, cube, 0, m, CORE_POINT, V(7, 0.5, 0.5), 2)).toBe(true);
    expect(swept(CORE_HULL, cube, 0, m, CORE_POINT, V(7, 0.5, 0.5), nextDown(2))).toBe(false);
    // Moving the other way the cube never gets closer than 6.
    expect(swept(CORE_HULL, cube, 0, V(-4, 0, 0), CORE_POINT, V(7, 0.5, 0.5), nextDown(6))).toBe(
      false,
    );
    expect(swept(CORE_HULL, cube, 0, V(-4, 0, 0), CORE_POINT, V(7, 0.5, 0.5), 6)).toBe(true);
  });
  it("a capsule core (segment) swept across a triangle passes through it mid-motion", () => {
    // Segment x = 0, y in [-1, 1], z = 5 moves by (0, 0, -10): at t = 0.5 it is in the plane
    // z = 0, where the triangle (-1, -1, 0) (1, -1, 0) (0, 2, 0) contains (0, 0, 0).
    const s = { a: V(0, -1, 5), b: V(0, 1, 5) };
    const t = { a: V(-1, -1, 0), b: V(1, -1, 0), c: V(0, 2, 0) };
    expect(swept(CORE_SEGMENT, s, 0, V(0, 0, -10), CORE_TRIANGLE, t, 0)).toBe(true);
    // Stopping one ulp short of z = 0 (m = -nextDown(5)) misses.
    expect(swept(CORE_SEGMENT, s, 0, V(0, 0, -nextDown(5)), CORE_TRIANGLE, t, 0)).toBe(false);
    expect(swept(CORE_SEGMENT, s, 0, V(0, 0, -5), CORE_TRIANGLE, t, 0)).toBe(true);
  });
  it("a box and an aabb as movers; zero motion is the static test", () => {
    const b = { center: V(0, 0, 0), halfExtents: V(1, 1, 1), rotation: { x: 0, y: 0, z: 0, w: 1 } };
    // Box [-1, 1]^3 moving by (3, 0, 0) reaches x = 4, the aabb's face.
    const target = { min: V(4, -1, -1), max: V(5, 1, 1) };
    expect(swept(CORE_BOX, b, 0, V(3, 0, 0), CORE_AABB, target, 0)).toBe(true);
    expect(swept(CORE_BOX, b, 0, V(nextDown(3), 0, 0), CORE_AABB, target, 0)).toBe(false);
    const a = { min: V(-1, -1, -1), max: V(1, 1, 1) };
    expect(swept(CORE_AABB, a, 0, V(3, 0, 0), CORE_AABB, target, 0)).toBe(true);
    expect(swept(CORE_AABB, a, 0, V(0, 0, 0), CORE_AABB, target, 0)).toBe(false);
    expect(swept(CORE_AABB, a, 0, V(0, 0, 0), CORE_AABB, target, 3)).toBe(true);
  });
});
