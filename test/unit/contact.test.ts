import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import { convexHull } from "../../src/2d/convex/hull.ts";
import { contact, test } from "../../src/2d/dispatch.ts";
import * as D from "../../src/2d/query/closest.ts";
import * as C from "../../src/2d/query/contact.ts";
import * as T from "../../src/2d/query/test.ts";
import { aabb, box, capsule, circle, polygon } from "../../src/2d/shapes.ts";

describe("contact<A><B>, hand-derived", () => {
  it("box resting on box with overlap 0.1: normal (0, 1), depth 0.1, two points", () => {
    // A = [0, 4] x [0, 2], B = [1, 3] x [1.9, 3.9]: B sits 0.1 into A's top face y = 2.
    const c = C.contactAabbAabb(aabb(0, 0, 4, 2), aabb(1, 1.9, 3, 3.9))!;
    expect(c.normal.x).toBeCloseTo(0, 14);
    expect(c.normal.y).toBeCloseTo(1, 14);
    expect(c.depth).toBeCloseTo(0.1, 14);
    expect(c.count).toBe(2);
    const xs = [c.points[0].point.x, c.points[1].point.x].sort();
    expect(xs[0]).toBeCloseTo(1, 14);
    expect(xs[1]).toBeCloseTo(3, 14);
    // Midway between the surfaces y = 2 and y = 1.9.
    expect(c.points[0].point.y).toBeCloseTo(1.95, 14);
    expect(c.points[0].depth).toBeCloseTo(0.1, 14);
    expect(c.aInB).toBe(false);
    expect(c.bInA).toBe(false);
  });

  it("a circle overlapping a square's right face by 0.5: normal (1, 0) from the square", () => {
    // Square [0, 2]^2 (A) and the unit circle at (2.5, 1) (B): the circle reaches x = 1.5.
    const c = C.contactCirclePolygon(
      circle(2.5, 1, 1),
      polygon([
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 2, y: 2 },
        { x: 0, y: 2 },
      ]),
    )!;
    // A is the circle here: the normal points from the circle to the square, (-1, 0).
    expect(c.normal.x).toBeCloseTo(-1, 14);
    expect(c.depth).toBeCloseTo(0.5, 14);
    expect(c.count).toBe(1);
    expect(c.points[0].point.x).toBeCloseTo(1.75, 14);
  });

  it("a circle near a corner, cores apart: along the corner direction (3-4-5)", () => {
    // Circle radius 5.5 at (3 + 2, 4 + 2) = (5, 6) from the corner (2, 2): distance 5, depth 0.5.
    const c = C.contactCircleAabb(circle(5, 6, 5.5), aabb(0, 0, 2, 2))!;
    expect(c.normal.x).toBeCloseTo(-0.6, 12);
    expect(c.normal.y).toBeCloseTo(-0.8, 12);
    expect(c.depth).toBeCloseTo(0.5, 12);
  });

  it("a capsule lying across a box top: two points", () => {
    const c = C.contactCapsuleBox(capsule(-1, 1.5, 1, 1.5, 0.6), box(0, 0, 3, 1))!;
    expect(c.normal.y).toBeCloseTo(-1, 12);
    expect(c.depth).toBeCloseTo(0.1, 12);
    expect(c.count).toBe(2);
  });

  it("containment flags: a small square inside a big one, and a circle inside a capsule", () => {
    const c = C.contactAabbAabb(aabb(1, 1, 2, 2), aabb(0, 0, 10, 10))!;
    expect(c.aInB).toBe(true);
    expect(c.bInA).toBe(false);
    const d = C.contactCircleCapsule(circle(2, 0.5, 0.5), capsule(0, 0, 4, 0, 1))!;
    expect(d.aInB).toBe(true);
    // Exactly tangent from inside counts (closed): |0.5| + 0.5 = 1.
    expect(
      C.contactCircleCapsule(circle(2, 0.5, 0.5), capsule(0, 0, 4, 0, 0.9999999999999999))!.aInB,
    ).toBe(false);
  });

  it("touching exactly: depth 0; apart: null", () => {
    expect(C.contactCircleCircle(circle(0, 0, 2), circle(3, 4, 3))!.depth).toBeCloseTo(0, 14);
    expect(C.contactCircleCircle(circle(0, 0, 2), circle(3, 4, 2.9))).toBeNull();
  });

  it("the generic contact flips the normal for the reversed order", () => {
    const a = aabb(0, 0, 4, 2);
    const b = aabb(1, 1.9, 3, 3.9);
    expect(contact(a, b)!.normal.y).toBeCloseTo(1, 14);
    expect(contact(b, a)!.normal.y).toBeCloseTo(-1, 14);
  });
});

describe("contact is the minimum translation", () => {
  it("random polygons and circles: moving B by the normal times depth (+-1e-7) just separates", () => {
    const rand = prng(5);
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const a = convexHull([...Array(5)].map(() => ({ x: rand() * 4, y: rand() * 4 })));
      const pts = [...Array(5)].map(() => ({ x: rand() * 4 + 1, y: rand() * 4 + 1 }));
      const b = convexHull(pts);
      const c = C.contactPolygonPolygon(a, b);
      expect(c !== null).toBe(T.testPolygonPolygon(a, b));
      if (c === null) continue;
      expect(Math.hypot(c.normal.x, c.normal.y)).toBeCloseTo(1, 12);
      expect(c.depth).toBeGreaterThanOrEqual(0);
      if (c.aInB || c.bInA) continue;
      const moved = (k: number) =>
        polygon(b.points.map((p) => ({ x: p.x + c.normal.x * k, y: p.y + c.normal.y * k })));
      expect(D.distancePolygonPolygon(a, moved(c.depth + 1e-7))).toBeGreaterThan(0);
      if (c.depth > 2e-7) expect(test(a, moved(c.depth - 1e-7))).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe("contactCirclePolygon's Voronoi-region path", () => {
  const square = (ccw: boolean) => {
    const pts = [
      { x: -1, y: -1 },
      { x: 1, y: -1 },
      { x: 1, y: 1 },
      { x: -1, y: 1 },
    ];
    return polygon(ccw ? pts : pts.reverse());
  };

  it("a circle past a corner, either winding: along the center-to-corner line", () => {
    // Center (2, 2), radius 2, corner (1, 1): distance √2, depth 2 - √2, normal (-1, -1)/√2.
    for (const ccw of [true, false]) {
      const c = C.contactCirclePolygon(circle(2, 2, 2), square(ccw))!;
      expect(c.normal.x).toBeCloseTo(-Math.SQRT1_2, 14);
      expect(c.normal.y).toBeCloseTo(-Math.SQRT1_2, 14);
      expect(c.depth).toBeCloseTo(2 - Math.SQRT2, 14);
      // Midway: center + (r - depth / 2) n = 2 - (1 + √2 / 2) / √2 = 1.5 - 1/√2 on both axes.
      expect(c.points[0].point.x).toBeCloseTo(1.5 - Math.SQRT1_2, 14);
      expect(c.count).toBe(1);
    }
  });

  it("a center inside pushes out through the nearest edge; containment is exact", () => {
    // Center (0, 0.5) is 0.5 from the top edge: depth r + 0.5, normal (0, -1) from circle to square.
    const c = C.contactCirclePolygon(circle(0, 0.5, 0.25), square(true))!;
    expect(c.normal.y).toBeCloseTo(-1, 14);
    expect(c.depth).toBeCloseTo(0.75, 14);
    // 0.25 + 0.5 <= 1 from every edge: the circle lies inside the square.
    expect(c.aInB).toBe(true);
    expect(c.bInA).toBe(false);
    // Radius exactly 0.5 touches the top edge from inside: still contained (closed sets).
    expect(C.contactCirclePolygon(circle(0, 0.5, 0.5), square(true))!.aInB).toBe(true);
    // A square inside a circle of radius √2 (its corners on the circle).
    expect(C.contactCirclePolygon(circle(0, 0, Math.SQRT2 + 1e-15), square(true))!.bInA).toBe(true);
    // Clearly contained either way, both windings: corners √2 < 2 from the center; and the
    // center 0.5 + 0.2 < 1 inside every edge.
    for (const ccw of [true, false]) {
      const big = C.contactCirclePolygon(circle(0.1, 0, 2), square(ccw))!;
      expect([big.aInB, big.bInA]).toEqual([false, true]);
      const small = C.contactCirclePolygon(circle(0.5, 0, 0.2), square(ccw))!;
      expect([small.aInB, small.bInA]).toEqual([true, false]);
    }
  });

  it("collinear corners: the corner whose region is cut by its other edge is not the nearest", () => {
    // (0, 3) lies on the edge from (-1, 4) to (1, 2) (x + y = 3). The center (0, -2) projects to
    // (2.5, 0.5) on that line, past the corner (1, 2): the nearest point is (1, 2), at √17, so
    // depth 5 - √17 and the normal (1, 4)/√17 (found by the EPA cross-check).
    const c = C.contactCirclePolygon(
      circle(0, -2, 5),
      polygon([
        { x: -1, y: 4 },
        { x: 0, y: 3 },
        { x: 1, y: 2 },
        { x: 1, y: 3 },
      ]),
    )!;
    expect(c.depth).toBeCloseTo(5 - Math.sqrt(17), 12);
    expect(c.normal.x).toBeCloseTo(1 / Math.sqrt(17), 12);
    expect(c.normal.y).toBeCloseTo(4 / Math.sqrt(17), 12);
  });
});

describe("flipped contacts", () => {
  it("a reversed order negates the normal without leaving -0 components", () => {
    // Circle (B) sits on the top face of the square (A): A to B is (0, 1), so B to A is (0, -1)
    // with an x component of +0, not -0 (toEqual tells them apart).
    const sq = polygon([
      { x: -1, y: -1 },
      { x: 1, y: -1 },
      { x: 1, y: 1 },
      { x: -1, y: 1 },
    ]);
    const ball = circle(0, 1.5, 1);
    expect(contact(sq, ball)!.normal).toEqual({ x: 0, y: 1 });
    expect(contact(ball, sq)!.normal).toEqual({ x: 0, y: -1 });
  });
});

/*
 * consistency2d.test.ts, "circle vs circle", a local clock seed: subnormal centers. From A's
 * center (0, 5e-323) to B's (-5e-324, 0) the offset is (-1, -10) units of 2^-1074, exactly; the
 * unit normal is (-1, -10) / sqrt(101). Its length, sqrt(101) units, rounds to 10 units as a
 * subnormal, and dividing the offset by that gave a normal of length 1.005.
 */
describe("contactCircleCircle with subnormal centers", () => {
  it("still gives a unit normal, (-1, -10) / sqrt(101)", () => {
    const c = C.contactCircleCircle(circle(0, 5e-323, 4.4e-323), circle(-5e-324, 0, 1));
    expect(c).not.toBeNull();
    expect(c!.normal.x).toBeCloseTo(-1 / Math.sqrt(101), 15);
    expect(c!.normal.y).toBeCloseTo(-10 / Math.sqrt(101), 15);
  });
});
