/**
 * Hand-derived closest points and distances of 3D shape pairs (collide/3d closest*, distance*).
 * Each expected value is worked out in the comment beside it.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  closestPointsPointTriangle,
  closestPointsSegmentSegment,
  closestPointsSphereSphere,
  distanceAabbTriangle,
  distanceBoxBox,
  distanceCapsuleCapsule,
  distanceHullHull,
  distancePointHull,
  distancePointTriangle,
  distanceSegmentHull,
  distanceSphereBox,
  distanceSphereSphere,
  hull,
  segment,
  sphere,
  triangle,
  type Vec,
  vec,
} from "../../src/3d/index.ts";
import { makeClosestPoints } from "../../src/3d/results.ts";

const v = vec;

function close(p: Vec, x: number, y: number, z: number, tol = 1e-12): void {
  expect(Math.abs(p.x - x)).toBeLessThanOrEqual(tol);
  expect(Math.abs(p.y - y)).toBeLessThanOrEqual(tol);
  expect(Math.abs(p.z - z)).toBeLessThanOrEqual(tol);
}

describe("sphere-sphere", () => {
  it("3-4-5: centers 5 apart, radii 1 and 1 leave 3", () => {
    // Unit direction (0.6, 0.8, 0); A's witness 1 along it, B's 1 back from (3, 4, 0).
    const r = closestPointsSphereSphere(sphere(0, 0, 0, 1), sphere(3, 4, 0, 1));
    expect(r.distance).toBeCloseTo(3, 14);
    close(r.pointA, 0.6, 0.8, 0);
    close(r.pointB, 2.4, 3.2, 0);
  });
  it("touching (radii 2 + 3 = 5) is exactly 0", () => {
    expect(distanceSphereSphere(sphere(0, 0, 0, 2), sphere(3, 4, 0, 3))).toBe(0);
  });
  it("one ulp apart is positive", () => {
    // 2 + ulp(2) > 1 + 1: apart, so never 0.
    const d = distanceSphereSphere(sphere(0, 0, 0, 1), sphere(2 + 2 ** -51, 0, 0, 1));
    expect(d).toBeGreaterThan(0);
    expect(d).toBeLessThan(1e-14);
  });
  it("offset 1e9 keeps the 3-4-5 distance", () => {
    // 1e9 + 3 and 1e9 + 4 are exact doubles: the difference is still (3, 4, 0).
    const o = 1e9;
    expect(distanceSphereSphere(sphere(o, o, o, 1), sphere(o + 3, o + 4, o, 1))).toBeCloseTo(3, 9);
  });
  it("scales 1e-100 and 1e100", () => {
    for (const s of [1e-100, 2 ** -300, 1e100, 2 ** 300]) {
      const d = distanceSphereSphere(sphere(0, 0, 0, s), sphere(3 * s, 4 * s, 0, s));
      expect(Math.abs(d / s - 3)).toBeLessThan(1e-12);
    }
  });
});

describe("box-box", () => {
  const unit = (x: number, y: number, z: number) => box(v(x, y, z), v(1, 1, 1));
  it("face: centers 3 apart on x, half extents 1 -> 1", () => {
    expect(distanceBoxBox(unit(0, 0, 0), unit(3, 0, 0))).toBeCloseTo(1, 14);
  });
  it("edge: gap 1 on x and on y -> sqrt 2", () => {
    expect(distanceBoxBox(unit(0, 0, 0), unit(3, 3, 0))).toBeCloseTo(Math.SQRT2, 14);
  });
  it("corner: gap 1 on each axis -> sqrt 3", () => {
    expect(distanceBoxBox(unit(0, 0, 0), unit(3, 3, 3))).toBeCloseTo(Math.sqrt(3), 14);
  });
  it("face contact (centers 2 apart) is exactly 0; overlap is 0", () => {
    expect(distanceBoxBox(unit(0, 0, 0), unit(2, 0, 0))).toBe(0);
    expect(distanceBoxBox(unit(0, 0, 0), unit(1, 0.5, 0))).toBe(0);
  });
  it("corner distance at scales 1e-100 .. 1e100, and at offset 1e9", () => {
    for (const s of [1e-100, 1e-7, 1e100]) {
      const d = distanceBoxBox(
        box(v(0, 0, 0), v(s, s, s)),
        box(v(3 * s, 3 * s, 3 * s), v(s, s, s)),
      );
      expect(Math.abs(d / s - Math.sqrt(3))).toBeLessThan(1e-12);
    }
    const o = 1e9;
    expect(distanceBoxBox(unit(o, o, o), unit(o + 3, o + 3, o + 3))).toBeCloseTo(Math.sqrt(3), 6);
  });
  it("sphere against a box corner: center (3, 3, 3), radius 1 -> sqrt 12 - 1", () => {
    // Nearest box point is the corner (1, 1, 1); |(2, 2, 2)| = sqrt 12.
    expect(distanceSphereBox(sphere(3, 3, 3, 1), unit(0, 0, 0))).toBeCloseTo(Math.sqrt(12) - 1, 14);
  });
});

describe("segments and capsules", () => {
  it("perpendicular skew segments 3 apart", () => {
    // x-axis segment and a y-direction segment at z = 3 crossing over x = 1.
    const r = closestPointsSegmentSegment(
      segment(v(0, 0, 0), v(2, 0, 0)),
      segment(v(1, -1, 3), v(1, 1, 3)),
    );
    expect(r.distance).toBeCloseTo(3, 14);
    close(r.pointA, 1, 0, 0);
    close(r.pointB, 1, 0, 3);
  });
  it("oblique skew segments: sqrt 2", () => {
    // Lines x-axis and (0, t, 2 + t): d1 x d2 = (0, -1, 1), (p2 - p1) . n / |n| = 2 / sqrt 2.
    // The feet: (0, 0, 0) and t = -1 -> (0, -1, 1), inside both segments.
    const r = closestPointsSegmentSegment(
      segment(v(-1, 0, 0), v(1, 0, 0)),
      segment(v(0, -3, -1), v(0, 1, 3)),
      makeClosestPoints(),
    );
    expect(r.distance).toBeCloseTo(Math.SQRT2, 14);
    close(r.pointA, 0, 0, 0);
    close(r.pointB, 0, -1, 1);
  });
  it("crossing segments are exactly 0", () => {
    const d = closestPointsSegmentSegment(
      segment(v(-1, 0, 0), v(1, 0, 0)),
      segment(v(0, -1, 0), v(0, 1, 0)),
    ).distance;
    expect(d).toBe(0);
  });
  it("parallel capsules: axes 4 apart, radii 1 and 0.5 -> 2.5", () => {
    const d = distanceCapsuleCapsule(
      capsule(v(0, 0, 0), v(0, 0, 5), 1),
      capsule(v(4, 0, 1), v(4, 0, 3), 0.5),
    );
    expect(d).toBeCloseTo(2.5, 14);
  });
});

describe("point-triangle regions", () => {
  const t = triangle(v(0, 0, 0), v(4, 0, 0), v(0, 4, 0));
  it("face region: straight above (1, 1) at height 3", () => {
    const r = closestPointsPointTriangle(v(1, 1, 3), t);
    expect(r.distance).toBeCloseTo(3, 14);
    close(r.pointB, 1, 1, 0);
  });
  it("edge ab region: (2, -3, 4) -> foot (2, 0, 0), |(0, -3, 4)| = 5", () => {
    const r = closestPointsPointTriangle(v(2, -3, 4), t);
    expect(r.distance).toBeCloseTo(5, 14);
    close(r.pointB, 2, 0, 0);
  });
  it("hypotenuse region: (3, 3, 0) -> foot (2, 2, 0), sqrt 2", () => {
    const r = closestPointsPointTriangle(v(3, 3, 0), t);
    expect(r.distance).toBeCloseTo(Math.SQRT2, 14);
    close(r.pointB, 2, 2, 0);
  });
  it("vertex regions: a from (-3, -4, 0), b from (7, -4, 0): both 5", () => {
    // (7, -4) - b = (3, -4): along ab +3 (past b), along bc (-4, 4) -> -28 (before b).
    expect(distancePointTriangle(v(-3, -4, 0), t)).toBeCloseTo(5, 14);
    const r = closestPointsPointTriangle(v(7, -4, 0), t);
    expect(r.distance).toBeCloseTo(5, 14);
    close(r.pointB, 4, 0, 0);
  });
  it("on the triangle is 0; a collinear triangle is its segment", () => {
    expect(distancePointTriangle(v(1, 1, 0), t)).toBe(0);
    // Corners on the x-axis from 0 to 4: (2, 3, 0) is 3 above the middle.
    const flat = triangle(v(0, 0, 0), v(4, 0, 0), v(2, 0, 0));
    expect(distancePointTriangle(v(2, 3, 0), flat)).toBeCloseTo(3, 14);
  });
  it("aabb [0,1]^3 under a big triangle at z = 3 -> 2", () => {
    const big = triangle(v(-10, -10, 3), v(10, -10, 3), v(0, 10, 3));
    expect(distanceAabbTriangle(aabb(v(0, 0, 0), v(1, 1, 1)), big)).toBeCloseTo(2, 14);
  });
});

describe("hulls", () => {
  // The corner tetrahedron x, y, z >= 0, x + y + z <= 1.
  const tet = hull([v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(0, 0, 1)]);
  it("point (1, 1, 1): foot (1/3, 1/3, 1/3) on the face x + y + z = 1, distance 2 / sqrt 3", () => {
    expect(distancePointHull(v(1, 1, 1), tet)).toBeCloseTo(2 / Math.sqrt(3), 14);
  });
  it("the shifted tetrahedron at corner (1, 1, 1) facing away: same 2 / sqrt 3", () => {
    const far = hull([v(1, 1, 1), v(2, 1, 1), v(1, 2, 1), v(1, 1, 2)]);
    expect(distanceHullHull(tet, far)).toBeCloseTo(2 / Math.sqrt(3), 14);
  });
  it("inside is 0; a segment through the tetrahedron is 0; one beside it is 1", () => {
    expect(distancePointHull(v(0.1, 0.1, 0.1), tet)).toBe(0);
    expect(distanceSegmentHull(segment(v(0.2, 0.2, -5), v(0.2, 0.2, 5)), tet)).toBe(0);
    // The segment x = -1, y = 0.5: nearest tetrahedron points are on the face x = 0.
    expect(distanceSegmentHull(segment(v(-1, 0, -5), v(-1, 0, 5)), tet)).toBeCloseTo(1, 14);
  });
});
