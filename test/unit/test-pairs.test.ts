import { describe, expect, it } from "vitest";
import { test } from "../../src/2d/dispatch.ts";
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

// Hand-derived cases for the exact tests of the pairs that go through the proxy engine, lines and
// rays; each is checked in both argument orders through the dispatcher.
function both(a: Parameters<typeof test>[0], b: Parameters<typeof test>[1]): boolean {
  const ab = test(a, b);
  expect(test(b, a)).toBe(ab);
  return ab;
}

const square = polygon([
  { x: 0, y: 0 },
  { x: 2, y: 0 },
  { x: 2, y: 2 },
  { x: 0, y: 2 },
]);

describe("exact tests: circles and capsules (sums of radii never rounded)", () => {
  it("circles touching at distance 5 = 2 + 3 (3-4-5)", () => {
    expect(both(circle(0, 0, 2), circle(3, 4, 3))).toBe(true);
    expect(both(circle(0, 0, 2), circle(3, 4, 2.9999999999999996))).toBe(false);
  });

  it("0.1 + 0.2 against a gap of 0.30000000000000004: the sum is not rounded", () => {
    // fl(0.1 + 0.2) = 0.30000000000000004, but the exact sum 0.1 + 0.2 (as doubles) is just below
    // that double, so a gap of exactly that double is not reached.
    expect(both(circle(0, 0, 0.1), circle(0.30000000000000004, 0, 0.2))).toBe(false);
    expect(both(circle(0, 0, 0.1), circle(0.3, 0, 0.2))).toBe(true);
  });

  it("a capsule touching a square's corner along the diagonal (radius sqrt 2 from (3, 3))", () => {
    // The capsule core is the point (3, 3) (zero length); the corner (2, 2) is sqrt(2) away.
    // Math.SQRT2 = 1.41421356237309514547... is the double just above sqrt 2 = 1.41421356237309504...
    expect(both(capsule(3, 3, 3, 3, Math.SQRT2), square)).toBe(true);
    expect(both(capsule(3, 3, 3, 3, 1.4142135623730949), square)).toBe(false);
    expect(both(capsule(3, 3, 5, 5, 1.5), square)).toBe(true);
    expect(both(capsule(3, 3, 5, 5, 1.4), square)).toBe(false);
  });

  it("a capsule lying along an edge at exactly its radius", () => {
    expect(both(capsule(-1, 3, 3, 3, 1), square)).toBe(true);
    expect(both(capsule(-1, 3, 3, 3, 0.9999999999999999), square)).toBe(false);
  });

  it("capsules: crossing cores, parallel at distance r1 + r2", () => {
    expect(both(capsule(0, 0, 4, 4, 0.1), capsule(0, 4, 4, 0, 0.1))).toBe(true);
    expect(both(capsule(0, 0, 4, 0, 0.5), capsule(2, 1.5, 6, 1.5, 1))).toBe(true);
    expect(both(capsule(0, 0, 4, 0, 0.5), capsule(2, 1.5, 6, 1.5, 0.9999999999999999))).toBe(false);
  });
});

describe("exact tests: polygons, boxes, aabbs, triangles", () => {
  it("squares sharing only a corner touch; a gap of one ulp does not", () => {
    const other = polygon([
      { x: 2, y: 2 },
      { x: 3, y: 2 },
      { x: 3, y: 3 },
      { x: 2, y: 3 },
    ]);
    expect(both(square, other)).toBe(true);
    const apart = polygon([
      { x: 2.0000000000000004, y: 2 },
      { x: 3, y: 2 },
      { x: 3, y: 3 },
      { x: 2.0000000000000004, y: 3 },
    ]);
    expect(both(square, apart)).toBe(false);
  });

  it("a box turned 45 degrees whose corner reaches a square edge", () => {
    // Half extents sqrt(2)/2 turned 45 degrees: corners at distance 1 from the center along x.
    const b = box(3.5, 1, Math.SQRT1_2, Math.SQRT1_2, Math.PI / 4);
    expect(both(b, square)).toBe(false); // leftmost corner near x = 2.5
    expect(both(box(2.9, 1, Math.SQRT1_2, Math.SQRT1_2, Math.PI / 4), square)).toBe(true);
  });

  it("aabb inside a triangle, triangle inside a polygon, and disjoint", () => {
    const t = triangle(0, 0, 10, 0, 0, 10);
    expect(both(aabb(1, 1, 2, 2), t)).toBe(true);
    expect(both(aabb(5, 5, 6, 6), t)).toBe(true); // corner (5, 5) on the hypotenuse
    expect(both(aabb(5.000000000000001, 5, 6, 6), t)).toBe(false);
    expect(both(triangle(0.5, 0.5, 1, 0.5, 0.5, 1), square)).toBe(true);
  });

  it("degenerate shapes: a collinear triangle, a zero-size box, one- and two-point polygons", () => {
    expect(both(triangle(0, 3, 1, 3, 2, 3), square)).toBe(false);
    expect(both(triangle(0, 2, 1, 2, 2, 2), square)).toBe(true);
    expect(both(box(1, 1, 0, 0), square)).toBe(true);
    expect(both(polygon([{ x: 2, y: 1 }]), square)).toBe(true);
    expect(both(polygon([{ x: 2, y: 1 }]), polygon([{ x: 2, y: 1 }]))).toBe(true);
    expect(both(polygon([{ x: 2, y: 1 }]), polygon([{ x: 2, y: 1.0000000000000002 }]))).toBe(false);
    // Collinear flat polygons on one line: overlap decided along it.
    const f1 = polygon([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ]);
    expect(both(f1, polygon([{ x: 1, y: 1 }]))).toBe(true);
    expect(both(f1, segment(2, 2, 3, 3))).toBe(false);
    expect(both(f1, segment(1, 1, 3, 3))).toBe(true);
  });
});

describe("exact tests: lines, rays and polylines", () => {
  it("a line grazing a square's corner, and one ulp away", () => {
    expect(both(line(0, 4, 1, -1), square)).toBe(true); // x + y = 4 passes (2, 2)
    expect(both(line(0, 4.000000000000001, 1, -1), square)).toBe(false);
  });

  it("a line at exactly a circle's radius (3-4-5: distance from origin to 3x + 4y = 25 is 5)", () => {
    expect(both(line(3, 4, 4, -3), circle(0, 0, 5))).toBe(true);
    expect(both(line(3, 4, 4, -3), circle(0, 0, 4.999999999999999))).toBe(false);
  });

  it("rays: pointing away misses, starting on the boundary hits, behind misses", () => {
    expect(both(ray(3, 1, 1, 0), square)).toBe(false);
    expect(both(ray(3, 1, -1, 0), square)).toBe(true);
    expect(both(ray(2, 1, 1, 0), square)).toBe(true);
    expect(both(ray(3, 3, 1, 1), circle(0, 0, 1))).toBe(false);
    // A ray tangent to a circle: from (-5, 1) along +x touches the unit circle at (0, 1).
    expect(both(ray(-5, 1, 1, 0), circle(0, 0, 1))).toBe(true);
    expect(both(ray(1, 1, 1, 0), circle(0, 0, 1))).toBe(false);
    // Ray along a flat shape's line, ahead and behind.
    expect(both(ray(0, 0, 1, 0), segment(5, 0, 6, 0))).toBe(true);
    expect(both(ray(0, 0, -1, 0), segment(5, 0, 6, 0))).toBe(false);
  });

  it("rays and lines against each other", () => {
    expect(both(ray(0, 0, 1, 0), ray(5, 5, 0, -1))).toBe(true); // meet at (5, 0)
    expect(both(ray(0, 0, 1, 0), ray(5, 5, 0, 1))).toBe(false);
    expect(both(ray(0, 0, 1, 0), ray(5, 0, -1, 0))).toBe(true); // facing along one line
    expect(both(ray(0, 0, -1, 0), ray(5, 0, 1, 0))).toBe(false); // back to back
    expect(both(ray(0, 0, 1, 0), ray(5, 0, 1, 0))).toBe(true);
    expect(both(line(0, 0, 1, 0), line(0, 1, 2, 0))).toBe(false); // parallel
    expect(both(line(0, 0, 1, 0), line(7, 0, -2, 0))).toBe(true); // the same line
    expect(both(line(0, 0, 1, 0), line(0, 1, 1, 1e-300))).toBe(true); // crossing far away
  });

  it("a polyline through a square without touching its corners, and a closed one around it", () => {
    const through = polyline([
      { x: -1, y: 1 },
      { x: 3, y: 1 },
    ]);
    expect(both(through, square)).toBe(true);
    const around = polyline(
      [
        { x: -1, y: -1 },
        { x: 3, y: -1 },
        { x: 3, y: 3 },
        { x: -1, y: 3 },
      ],
      true,
    );
    // Not solid: a polyline around the square does not touch it.
    expect(both(around, square)).toBe(false);
    expect(both(around, point(3, 0))).toBe(true);
    // The closing segment counts only when closed.
    const open = polyline(around.points, false);
    expect(both(open, segment(-2, 0, 0, 0))).toBe(false);
    expect(both(around, segment(-2, 0, 0, 0))).toBe(true);
  });
});

describe("the dispatcher", () => {
  it("applies poses: a square turned 45 degrees about its corner reaches a point", () => {
    const local = polygon([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ]);
    // Turned by 90 degrees about the origin, the square covers x in [-1, 0].
    expect(test(local, point(-0.5, 0.5), { x: 0, y: 0, angle: Math.PI / 2 })).toBe(true);
    expect(test(local, point(0.5, 0.5), { x: 0, y: 0, angle: Math.PI / 2 })).toBe(false);
    // Moved instead: both poses apply.
    expect(test(local, local, { x: 10, y: 0, angle: 0 }, { x: 11, y: 1, angle: 0 })).toBe(true);
    expect(test(local, local, { x: 10, y: 0, angle: 0 }, { x: 11.5, y: 0, angle: 0 })).toBe(false);
  });

  it("an aabb turned by its pose becomes a box", () => {
    const a = aabb(-1, -1, 1, 1);
    // Turned 45 degrees, its corner reaches sqrt(2) > 1.4 along x.
    expect(test(a, point(1.4, 0), { x: 0, y: 0, angle: Math.PI / 4 })).toBe(true);
    expect(test(a, point(1.4, 0))).toBe(false);
  });
});
