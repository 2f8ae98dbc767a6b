import { describe, expect, it } from "vitest";
import {
  sweepCircleCapsule,
  sweepCircleCircle,
  sweepCirclePoint,
  sweepCirclePolyline,
  sweepCircleSegment,
} from "../../src/2d/query/sweep.ts";
import { makeSweepHit, type SweepHit } from "../../src/2d/results.ts";
import { capsule, circle, polyline, segment, vec } from "../../src/2d/shapes.ts";

/*
 * The closed-form circle sweeps (query/sweep-circle.ts), hand-derived: the center's path against
 * the target's core grown by both radii. Times are never after the exact contact and within
 * 1e-12 of it here (the cast grows the capsule by 2^-46 of the scale).
 */

function expectHit(h: SweepHit | null, t: number, nx: number, ny: number, px: number, py: number) {
  expect(h).not.toBeNull();
  expect(h!.initiallyOverlapping).toBe(false);
  expect(h!.t).toBeLessThanOrEqual(t);
  expect(h!.t).toBeGreaterThan(t - 1e-12);
  expect(h!.normal.x).toBeCloseTo(nx, 12);
  expect(h!.normal.y).toBeCloseTo(ny, 12);
  expect(h!.point.x).toBeCloseTo(px, 10);
  expect(h!.point.y).toBeCloseTo(py, 10);
}

describe("closed-form circle sweeps, hand-derived", () => {
  it("circle vs circle head on: centers 2 apart when the mover's center reaches x = 3, t = 0.3", () => {
    const h = sweepCircleCircle(circle(0, 0, 1), vec(10, 0), circle(5, 0, 1));
    expectHit(h, 0.3, -1, 0, 4, 0);
    expect(h!.position.x).toBeCloseTo(3, 12);
  });

  it("circle vs point off axis: a 3-4-5 contact at center (8, 0), t = 0.4", () => {
    // |(x - 12, -3)| = 5 first at x = 8; the normal runs from the point to the center.
    const h = sweepCirclePoint(circle(0, 0, 5), vec(20, 0), vec(12, 3));
    expectHit(h, 0.4, -0.8, -0.6, 12, 3);
  });

  it("circle vs segment: its face at t = 0.4, then an end cap in 3-4-5 geometry", () => {
    const face = sweepCircleSegment(circle(0, 5, 1), vec(0, -10), segment(-2, 0, 2, 0));
    expectHit(face, 0.4, 0, 1, 0, 0);
    // Center on y = 3 moving +x past the segment's top end (0, 0): |(x, 3)| = 5 at x = -4.
    const end = sweepCircleSegment(circle(-20, 3, 5), vec(40, 0), segment(0, 0, 0, -10));
    expectHit(end, 0.4, -0.8, 0.6, 0, 0);
  });

  it("circle vs capsule: the side at t = 0.7, the contact point on the capsule's surface", () => {
    // Core y = 0, radius 2, mover radius 1: the center stops at y = 3, from 10 moving -10.
    const h = sweepCircleCapsule(circle(5, 10, 1), vec(0, -10), capsule(0, 0, 10, 0, 2));
    expectHit(h, 0.7, 0, 1, 5, 2);
  });

  it("circle vs polyline: the earliest segment wins (the wall before the floor)", () => {
    const floor = polyline([vec(-10, 0), vec(10, 0), vec(10, 5)]);
    // Falling onto the floor: center y from 3 to -1, contact at y = 1: t = 0.5.
    expectHit(sweepCirclePolyline(circle(0, 3, 1), vec(0, -4), floor), 0.5, 0, 1, 0, 0);
    // Moving right at y = 2 into the wall x = 10 (the floor is 2 below, never touched).
    expectHit(sweepCirclePolyline(circle(5, 2, 1), vec(10, 0), floor), 0.4, -1, 0, 10, 2);
    // Moving right and down: the floor at t = 0.5 (center (5, 1)), before the wall.
    expectHit(sweepCirclePolyline(circle(0, 3, 1), vec(10, -4), floor), 0.5, 0, 1, 5, 0);
  });

  it("grazing exactly at the radius counts (closed sets); one ulp farther misses", () => {
    // The center slides along y = 1 past the end (2, 0) of a segment on y = 0: touching from
    // x = 2 on, first at t = 0.2.
    const s = segment(2, 0, 5, 0);
    const h = sweepCircleSegment(circle(0, 1, 1), vec(10, 0), s);
    expect(h).not.toBeNull();
    expect(h!.t).toBeLessThanOrEqual(0.2);
    expect(h!.t).toBeGreaterThan(0.2 - 1e-6); // a tangent graze: t is ill-conditioned
    const above = 1 + 2 ** -52;
    expect(sweepCircleSegment(circle(0, above, 1), vec(10, 0), s)).toBeNull();
    // Two unit circles whose centers pass exactly 2 apart touch; a hair more misses.
    expect(sweepCircleCircle(circle(0, 2, 1), vec(10, 0), circle(5, 0, 1))).not.toBeNull();
    expect(sweepCircleCircle(circle(0, 2 + 2 ** -51, 1), vec(10, 0), circle(5, 0, 1))).toBeNull();
  });

  it("decimal inputs that only look exact: 0.1 + 0.2 is not 0.3", () => {
    // The point (0.3, 1) against a radius-1 circle moving from (0, 0.1 + 0.2 - 0.3 + ...) is
    // decided on the doubles as given: the center passes at exactly 1 from the point when the
    // center's y is 0 (a touch), and 0.1 + 0.2 - 0.3 = 2^-54 > 0 is a hair closer (a hit).
    expect(sweepCirclePoint(circle(-5, 0, 1), vec(10, 0), vec(0.3, 1))).not.toBeNull();
    expect(
      sweepCirclePoint(circle(-5, 0.1 + 0.2 - 0.3, 1), vec(10, 0), vec(0.3, 1)),
    ).not.toBeNull();
    expect(sweepCirclePoint(circle(-5, 0.3 - 0.1 - 0.2, 1), vec(10, 0), vec(0.3, 1))).toBeNull();
  });

  it("missing: passing beside, moving away, too short, zero motion", () => {
    const s = segment(-2, 0, 2, 0);
    expect(sweepCircleSegment(circle(5, 5, 1), vec(0, -10), s)).toBeNull();
    expect(sweepCircleSegment(circle(0, 5, 1), vec(0, 10), s)).toBeNull();
    expect(sweepCircleSegment(circle(0, 5, 1), vec(0, -3.9), s)).toBeNull();
    expect(sweepCircleSegment(circle(0, 5, 1), vec(0, 0), s)).toBeNull();
    expect(
      sweepCirclePolyline(circle(0, 5, 1), vec(0, 0), polyline([vec(-1, 0), vec(1, 0)])),
    ).toBeNull();
  });

  it("initially overlapping: t = 0, the start position, a point in both shapes", () => {
    const h = sweepCircleCapsule(circle(1, 2.5, 1), vec(3, 4), capsule(0, 0, 10, 0, 2));
    expect(h).toMatchObject({ t: 0, initiallyOverlapping: true, position: { x: 1, y: 2.5 } });
    // The capsule's point nearest the center: (1, 2), within 1 of (1, 2.5).
    expect(h!.point.x).toBeCloseTo(1, 12);
    expect(h!.point.y).toBeCloseTo(2, 12);
    // Against the motion (3, 4): (-0.6, -0.8).
    expect(h!.normal.x).toBeCloseTo(-0.6, 12);
    expect(h!.normal.y).toBeCloseTo(-0.8, 12);
    // Touching exactly at t = 0 counts, even with no motion.
    const touch = sweepCirclePoint(circle(0, 0, 1), vec(0, 0), vec(1, 0));
    expect(touch).toMatchObject({ t: 0, initiallyOverlapping: true });
    const line = polyline([vec(-5, 3), vec(5, 3), vec(5, -3)]);
    expect(sweepCirclePolyline(circle(4, 0, 1), vec(-1, 0), line)).toMatchObject({
      t: 0,
      initiallyOverlapping: true,
      point: { x: 5, y: 0 },
    });
  });

  it("no tunnelling at speed 1e6, and huge and tiny scenes stay finite and exact", () => {
    const h = sweepCircleSegment(circle(0, 0, 0.5), vec(1e6, 0), segment(1000, -5, 1000, 5));
    expect(h!.t).toBeLessThanOrEqual(999.5e-6);
    expect(Math.abs(h!.t - 999.5e-6)).toBeLessThan(1.1e-12);
    for (const k of [1e-150, 1e-60, 1e60, 1e150]) {
      const g = sweepCircleCircle(circle(0, 0, k), vec(10 * k, 0), circle(5 * k, 0, k));
      expect(g!.t).toBeLessThanOrEqual(0.3);
      expect(g!.t).toBeGreaterThan(0.3 - 1e-12);
      expect(
        sweepCircleCircle(circle(0, 2 * k, k), vec(10 * k, 0), circle(5 * k, 0, k)),
      ).not.toBeNull();
      expect(
        sweepCircleCircle(circle(0, 3 * k, k), vec(10 * k, 0), circle(5 * k, 0, k)),
      ).toBeNull();
    }
  });

  it("fills `out` and returns it; a miss leaves it untouched", () => {
    const out = makeSweepHit();
    expect(sweepCircleCircle(circle(0, 0, 1), vec(10, 0), circle(5, 0, 1), out)).toBe(out);
    const t = out.t;
    expect(sweepCircleCircle(circle(0, 9, 1), vec(10, 0), circle(5, 0, 1), out)).toBeNull();
    expect(out.t).toBe(t);
  });
});

/*
 * sweep-circle.test.ts (properties), "circle vs capsule", seed 663990237 (a local clock seed): a
 * ball of radius r = 5.659799424266698e-73 centred at x = cx = 6.223015277861143e-61 on the x axis,
 * against a capsule of radius 0 whose core runs along x = 0 from y = -1.29e-170 to y = 1.92e-154.
 * The core lies on x = 0 and spans y = 0, so the gap is cx - r > 0: they do not touch. The float
 * pass squared the cross product (1.2e-214) to 0, read a distance of 0 and reported an initial
 * overlap. Moving by (-cx, 0), the center reaches x = r, where the ball first touches the core at
 * (0, 0), at t = (cx - r) / cx = 1 - r / cx.
 */
describe("sweepCircleCapsule with a core 2e-154 long (seed 663990237)", () => {
  const cx = 6.223015277861143e-61;
  const r = 5.659799424266698e-73;
  const core = capsule(0, -1.2899418453504008e-170, 0, 1.915069456898804e-154, 0);

  it("a ball at rest beside the core does not touch it", () => {
    expect(sweepCircleCapsule(circle(cx, 0, r), vec(0, 0), core)).toBeNull();
  });

  it("moving onto the core, it touches at t = 1 - r / cx", () => {
    const hit = sweepCircleCapsule(circle(cx, 0, r), vec(-cx, 0), core);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(false);
    // Never after the contact (2^-52 covers the rounding of 1 - r / cx itself).
    expect(hit!.t).toBeLessThanOrEqual(1 - r / cx + 2 ** -52);
    expect(1 - r / cx - hit!.t).toBeLessThan(1e-12);
    expect(hit!.normal.x).toBeCloseTo(1, 12);
    expect(Math.abs(hit!.point.x)).toBeLessThan(1e-70);
    expect(Math.abs(hit!.point.y)).toBeLessThan(1e-70);
  });
});
