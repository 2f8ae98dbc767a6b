import { describe, expect, it } from "vitest";
import { epaPenetration, type Penetration } from "../../src/2d/convex/epa.ts";
import type { ConvexProxy } from "../../src/2d/convex/proxy.ts";
import {
  aabb,
  capsule,
  circle,
  contact,
  contactCircleAabb,
  contactCircleCapsule,
  contactTrianglePolygon,
  intersectRayAabb,
  intersectRayPolygon,
  intersectRaySegment,
  intersectSegmentTriangle,
  polygon,
  ray,
  segment,
  triangle,
} from "../../src/2d/index.ts";

function proxy(pts: readonly number[], radius = 0): ConvexProxy {
  return { xy: Float64Array.from(pts), count: pts.length / 2, radius };
}
const square = (x0: number, y0: number, x1: number, y1: number): ConvexProxy =>
  proxy([x0, y0, x1, y0, x1, y1, x0, y1]);

function expectPenetration(p: Penetration, depth: number, nx: number, ny: number): void {
  expect(p.depth).toBeCloseTo(depth, 14);
  expect(p.normal.x).toBeCloseTo(nx, 14);
  expect(p.normal.y).toBeCloseTo(ny, 14);
  // Moving B by normal * depth makes the deepest points meet.
  expect(p.pointA.x).toBeCloseTo(p.pointB.x + depth * nx, 14);
  expect(p.pointA.y).toBeCloseTo(p.pointB.y + depth * ny, 14);
}

describe("epaPenetration (hand-derived)", () => {
  it("two unit squares overlapping by half along x: push B right by 0.5", () => {
    expectPenetration(epaPenetration(square(0, 0, 1, 1), square(0.5, 0, 1.5, 1)), 0.5, 1, 0);
  });

  it("a box inside a square: out through the nearest side (0.5 down)", () => {
    expectPenetration(epaPenetration(square(0, 0, 1, 1), square(0.2, 0.3, 0.6, 0.5)), 0.5, 0, -1);
  });

  it("identical squares: a full side length", () => {
    expect(epaPenetration(square(0, 0, 1, 1), square(0, 0, 1, 1)).depth).toBeCloseTo(1, 14);
  });

  it("crossing diagonals: the Minkowski difference is a diamond of inradius sqrt 2", () => {
    const p = epaPenetration(proxy([0, 0, 2, 2]), proxy([0, 2, 2, 0]));
    expect(p.depth).toBeCloseTo(Math.SQRT2, 14);
    expect(Math.abs(p.normal.x)).toBeCloseTo(Math.SQRT1_2, 14);
    expect(Math.abs(p.normal.y)).toBeCloseTo(Math.SQRT1_2, 14);
  });

  it("collinear capsules overlapping end to end: across, by the sum of the radii", () => {
    const p = epaPenetration(proxy([0, 0, 1, 0], 0.1), proxy([0.9, 0, 2, 0], 0.1));
    expect(p.depth).toBeCloseTo(0.2, 14);
    expect(Math.abs(p.normal.y)).toBe(1);
  });

  it("circles: overlap of the radii along the centres; concentric circles: both radii", () => {
    expectPenetration(epaPenetration(proxy([0, 0], 1), proxy([1.5, 0], 1)), 0.5, 1, 0);
    expect(epaPenetration(proxy([0, 0], 1), proxy([0, 0], 1)).depth).toBe(2);
  });

  it("apart: minus the distance", () => {
    expectPenetration(epaPenetration(square(0, 0, 1, 1), square(2, 0, 3, 1)), -1, 1, 0);
  });

  it("at 1e-100 and 1e100 the same answers, scaled", () => {
    for (const s of [1e-100, 1e100]) {
      const p = epaPenetration(square(0, 0, s, s), square(0.5 * s, 0, 1.5 * s, s));
      expect(p.depth / s).toBeCloseTo(0.5, 14);
      expect(p.normal.x).toBe(1);
    }
  });
});

describe("regressions found by the GJK/EPA cross-check", () => {
  it("a point touching a capsule's end at offset 1e9: the gap, not the radius, along y", () => {
    const c = contactCircleCapsule(
      circle(1000000001, 1000000003, 0),
      capsule(1000000001, 1000000004.9999999, 1000000001, 1000000005.9999999, 2),
    )!;
    // Subtraction of these nearby doubles is exact (Sterbenz).
    expect(c.depth).toBe(2 - (1000000004.9999999 - 1000000003));
    expect(c.normal.y).toBe(1);
  });

  it("a circle centred on a capsule's segment: pushed across the segment, not along it", () => {
    const c = contact(capsule(999999997, 1e9, 1000000004, 1e9, 0), circle(1e9, 1e9, 5))!;
    expect(c.depth).toBe(5);
    expect(Math.abs(c.normal.y)).toBe(1);
  });

  it("circle over an aabb at 1e-100: out through the top face", () => {
    const c = contactCircleAabb(
      circle(-2.8e-100, 4e-100, 4e-100),
      aabb(-3.4e-100, 7.999999999999997e-101, -3.999999999999997e-101, 1.7999999999999997e-100),
    )!;
    expect(c.normal.x).toBeCloseTo(0, 15);
    expect(c.normal.y).toBe(-1);
    expect(c.depth).toBeCloseTo(1.8e-100, 114);
  });

  it("a point on a triangle 1e-162 wide and 0.1 tall: finite contact", () => {
    const c = contactTrianglePolygon(
      triangle(
        1.111379374742539e-162,
        -2.566370818928936e-168,
        -1.111379374742539e-162,
        -2.566370818928936e-168,
        -1.9759780478397076e-198,
        0.1,
      ),
      polygon([{ x: -1.9759780478397076e-198, y: -2.5663708189289357e-168 }]),
    )!;
    expect(Number.isFinite(c.depth) && Number.isFinite(c.normal.x)).toBe(true);
    expect(Math.hypot(c.normal.x, c.normal.y)).toBeCloseTo(1, 12);
  });

  it("a ray 4e-100 below a segment 2.3e-87 up: the hit is at the segment", () => {
    const h = intersectRaySegment(
      ray(0, -4e-100, 0, 1),
      segment(
        -3.2067672387840954e-291,
        2.3390710292297734e-87,
        3.2067672387840954e-291,
        2.3390710292297734e-87,
      ),
    )!;
    expect(h.point.y).toBe(2.3390710292297734e-87);
  });

  it("a ray along the bottom of an aabb 6.4e-323 thick: enters at its left side", () => {
    const h = intersectRayAabb(ray(2.0852073927930583e-62, 0, 1, 0), aabb(0.5, 0, 1.5, 6.4e-323))!;
    expect(h.point.x).toBe(0.5);
    expect(h.normal.x).toBe(-1);
  });

  it("a segment along a sliver triangle's long edge: first contact at its corner", () => {
    const h = intersectSegmentTriangle(
      segment(3, -1.203790466514347e-38, 5e-323, -3),
      triangle(1.499999999978136, -1.5, 2.5, -0.5, 0.5000000000000002, -2.5),
    )!;
    expect(h.point.x).toBeCloseTo(2.5, 15);
    expect(h.point.y).toBeCloseTo(-0.5, 15);
  });

  it("a ray through a sliver polygon (a subnormal off collinear): on its edge", () => {
    const h = intersectRayPolygon(
      ray(0, 3e-3, -1, -2),
      polygon([
        { x: 0, y: 1e-3 },
        { x: -2e-3, y: -5e-324 },
        { x: -1e-3, y: 5e-4 },
      ]),
    )!;
    // The line y = 1e-3 + x / 2 meets the ray at x = -4e-3 / 3.
    expect(h.point.x).toBeCloseTo(-4e-3 / 3, 17);
    expect(h.point.y).toBeCloseTo(1e-3 / 3, 17);
  });
});
