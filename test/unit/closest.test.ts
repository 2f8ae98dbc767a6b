import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import type { Shape } from "../../src/2d/bounds.ts";
import { convexHull } from "../../src/2d/convex/hull.ts";
import { test } from "../../src/2d/dispatch.ts";
import * as Q from "../../src/2d/query/closest.ts";
import { closestShapes } from "../../src/2d/query/closest-engine.ts";
import { makeClosestPoints } from "../../src/2d/results.ts";
import {
  aabb,
  box,
  capsule,
  circle,
  line,
  pointShape as point,
  polygon,
  polyline,
  ray,
  segment,
  triangle,
} from "../../src/2d/shapes.ts";

const square = polygon([
  { x: 0, y: 0 },
  { x: 2, y: 0 },
  { x: 2, y: 2 },
  { x: 0, y: 2 },
]);

function near(p: { x: number; y: number }, x: number, y: number): void {
  expect(p.x).toBeCloseTo(x, 12);
  expect(p.y).toBeCloseTo(y, 12);
}

describe("closest points and distance, hand-derived", () => {
  it("two circles 5 apart with radii 1 and 1: distance 3 between (1, 0) and (4, 0)", () => {
    const r = Q.closestPointsCircleCircle(circle(0, 0, 1), circle(5, 0, 1));
    expect(r.distance).toBeCloseTo(3, 14);
    near(r.pointA, 1, 0);
    near(r.pointB, 4, 0);
  });

  it("a circle right of the square: distance 5 - 1 - 2 = 2", () => {
    expect(Q.distanceCirclePolygon(circle(5, 1, 1), square)).toBeCloseTo(2, 14);
  });

  it("a line above the square: foot (x, 2), distance 3", () => {
    const r = Q.closestPointsLinePolygon(line(-10, 5, 1, 0), square);
    expect(r.distance).toBeCloseTo(3, 14);
    expect(r.pointA.y).toBeCloseTo(5, 14);
    expect(r.pointB.y).toBeCloseTo(2, 14);
    expect(r.pointA.x).toBeCloseTo(r.pointB.x, 12);
  });

  it("a ray pointing away: its origin (10, 5) against the corner (2, 2)", () => {
    const r = Q.closestPointsRayPolygon(ray(10, 5, 1, 1), square);
    near(r.pointA, 10, 5);
    near(r.pointB, 2, 2);
    expect(r.distance).toBeCloseTo(Math.hypot(8, 3), 13);
  });

  it("a line and a ray pointing away from it: the ray's origin (3, 2) over (3, 0)", () => {
    const r = Q.closestPointsLineRay(line(0, 0, 1, 0), ray(3, 2, 1, 1));
    near(r.pointA, 3, 0);
    near(r.pointB, 3, 2);
    expect(r.distance).toBe(2);
  });

  it("rays that meet share the crossing point, distance 0", () => {
    const r = Q.closestPointsRayRay(ray(0, 0, 1, 0), ray(3, 2, 0, -1));
    expect(r.distance).toBe(0);
    near(r.pointA, 3, 0);
    near(r.pointB, 3, 0);
  });

  it("a polyline triangle above a segment: the vertex (6, 1) over (6, 0)", () => {
    const tri = polyline(
      [
        { x: 5, y: 3 },
        { x: 6, y: 1 },
        { x: 7, y: 3 },
      ],
      true,
    );
    const r = Q.closestPointsPolylinePolyline(
      polyline([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ]),
      tri,
    );
    expect(r.distance).toBeCloseTo(1, 14);
    near(r.pointA, 6, 0);
    near(r.pointB, 6, 1);
  });

  it("a capsule over a box turned 45 degrees: the box's top corner at (0, 1)", () => {
    // Half extents sqrt(2)/2 turned 45 degrees put a corner at (0, 1); the capsule core y = 4, r 1.
    const d = Q.distanceCapsuleBox(
      capsule(-3, 4, 3, 4, 1),
      box(0, 0, Math.SQRT1_2, Math.SQRT1_2, Math.PI / 4),
    );
    expect(d).toBeCloseTo(2, 12);
  });

  it("overlapping shapes: distance 0 and a shared point", () => {
    const r = Q.closestPointsTrianglePolygon(triangle(1, 1, 5, 1, 1, 5), square);
    expect(r.distance).toBe(0);
    expect(r.pointA).toEqual(r.pointB);
    expect(test(point(r.pointA.x, r.pointA.y), square)).toBe(true);
  });

  it("fills `out` and returns it", () => {
    const out = makeClosestPoints();
    expect(Q.closestPointsAabbAabb(aabb(0, 0, 1, 1), aabb(3, 0, 4, 1), out)).toBe(out);
    expect(out.distance).toBe(2);
  });
});

describe("distance == 0 exactly when test() is true", () => {
  // Lattice coordinates make exact touching common; the zero must agree with the exact test.
  const rand = prng(20261122);
  const ri = (k: number) => Math.floor(rand() * k) - (k >> 1);
  const makers: ((i: number) => Shape)[] = [
    () => point(ri(9), ri(9)),
    () => line(ri(9), ri(9), ri(3) || 1, ri(3)),
    () => ray(ri(9), ri(9), ri(3), ri(3) || 1),
    () => segment(ri(9), ri(9), ri(9), ri(9)),
    () => circle(ri(9), ri(9), Math.abs(ri(5))),
    () => capsule(ri(9), ri(9), ri(9), ri(9), Math.abs(ri(3))),
    () => {
      const x = ri(9);
      const y = ri(9);
      return aabb(x, y, x + Math.abs(ri(5)), y + Math.abs(ri(5)));
    },
    () =>
      box(ri(9), ri(9), Math.abs(ri(4)), Math.abs(ri(4)), [0, Math.PI / 2, 1][Math.abs(ri(3))]!),
    () => triangle(ri(9), ri(9), ri(9), ri(9), ri(9), ri(9)),
    () => convexHull([...Array(4)].map(() => ({ x: ri(9), y: ri(9) }))),
    () =>
      polyline(
        [...Array(3)].map(() => ({ x: ri(9), y: ri(9) })),
        rand() < 0.5,
      ),
  ];

  it("for 20000 random lattice pairs of every kind", () => {
    const out = makeClosestPoints();
    let mismatches = 0;
    for (let i = 0; i < 20000; i++) {
      const a = makers[i % makers.length]!(i);
      const b = makers[Math.floor(i / makers.length) % makers.length]!(i);
      closestShapes(a.kind, a, b.kind, b, out);
      const hit = test(a, b);
      if ((out.distance === 0) !== hit || !Number.isFinite(out.distance)) mismatches++;
      expect(Number.isFinite(out.pointA.x + out.pointA.y + out.pointB.x + out.pointB.y)).toBe(true);
    }
    expect(mismatches).toBe(0);
  });
});

describe("closestPoints of overlapping rounded shapes is a shared point", () => {
  it("a circle resting on a box: the one point they share (found by the world's tests)", () => {
    // circle(0, 0.5, 0.5) touches the box [-5, 5] x [-1, 0] only at (0, 0); the midpoint of the
    // cores' witnesses, (0, 0.25), is not in the box.
    const r = Q.closestPointsCircleAabb(circle(0, 0.5, 0.5), aabb(-5, -1, 5, 0));
    expect(r.distance).toBe(0);
    expect(r.pointA.x).toBeCloseTo(0, 15);
    expect(r.pointA.y).toBeCloseTo(0, 15);
    expect(r.pointB).toEqual(r.pointA);
  });

  it("a circle sunk into a box: a point inside both", () => {
    // Center 0.25 above the top face, radius 0.5: the core gap is 0.25 <= r, so B's witness
    // (0, 0) itself is within the circle and on the box.
    const r = Q.closestPointsCircleAabb(circle(0, 0.25, 0.5), aabb(-5, -1, 5, 0));
    expect(r.pointA.y).toBeLessThanOrEqual(0);
    expect(r.pointA.y).toBeGreaterThanOrEqual(-0.25);
    // A capsule lying 0.5 above the box with radius 0.5 touches along y = 0.
    const c = Q.closestPointsCapsuleAabb(capsule(0, 0.5, 1, 0.5, 0.5), aabb(-5, -1, 5, 0));
    expect(Math.abs(c.pointA.y)).toBeLessThan(1e-15);
  });
});
