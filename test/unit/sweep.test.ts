import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import { convexHull } from "../../src/2d/convex/hull.ts";
import { sweep } from "../../src/2d/dispatch.ts";
import * as S from "../../src/2d/query/sweep.ts";
import * as T from "../../src/2d/query/test.ts";
import { makeSweepHit } from "../../src/2d/results.ts";
import {
  aabb,
  box,
  capsule,
  circle,
  line,
  polygon,
  polyline,
  ray,
  segment,
} from "../../src/2d/shapes.ts";

const square = polygon([
  { x: 5, y: -1 },
  { x: 7, y: -1 },
  { x: 7, y: 1 },
  { x: 5, y: 1 },
]);

describe("sweep<Mover><B>, hand-derived", () => {
  it("a unit circle from the origin moving (10, 0) meets a square's face x = 5 at t = 0.4", () => {
    const h = S.sweepCirclePolygon(circle(0, 0, 1), { x: 10, y: 0 }, square)!;
    expect(h.t).toBeCloseTo(0.4, 10);
    expect(h.t).toBeLessThanOrEqual(0.4);
    expect(h.position.x).toBeCloseTo(4, 9);
    expect(h.normal.x).toBeCloseTo(-1, 9);
    expect(h.point.x).toBeCloseTo(5, 9);
    expect(h.initiallyOverlapping).toBe(false);
  });

  it("passing beside misses; pointing away misses; a zero motion misses", () => {
    expect(S.sweepCirclePolygon(circle(0, 3, 1), { x: 10, y: 0 }, square)).toBeNull();
    expect(S.sweepCirclePolygon(circle(0, 0, 1), { x: -10, y: 0 }, square)).toBeNull();
    expect(S.sweepCirclePolygon(circle(0, 0, 1), { x: 0, y: 0 }, square)).toBeNull();
  });

  it("already touching: t = 0 and initiallyOverlapping", () => {
    const h = S.sweepCirclePolygon(circle(4, 0, 1), { x: 10, y: 0 }, square)!;
    expect(h).toMatchObject({ t: 0, initiallyOverlapping: true, position: { x: 4, y: 0 } });
  });

  it("no tunnelling: a circle crossing a thin segment at speed 1e6 stops before it", () => {
    const wall = segment(1000, -5, 1000, 5);
    const h = S.sweepCircleSegment(circle(0, 0, 0.5), { x: 1e6, y: 0 }, wall)!;
    // Contact when the center reaches x = 999.5: t = 999.5 / 1e6.
    // Within the cast's tolerance, 1e-12 of the problem's scale (1e6): 1e-12 in t.
    expect(Math.abs(h.t - 999.5e-6)).toBeLessThan(1.1e-12);
    expect(h.t).toBeLessThanOrEqual(999.5e-6);
  });

  it("a capsule falling onto a polyline floor, an aabb onto a line, a box onto a ray", () => {
    const floor = polyline([
      { x: -10, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 5 },
    ]);
    // Capsule core y = 3, radius 1 falling 4: touches when the core is at y = 1: t = 0.5.
    const c = S.sweepCapsulePolyline(capsule(-2, 3, 2, 3, 1), { x: 0, y: -4 }, floor)!;
    expect(c.t).toBeCloseTo(0.5, 10);
    expect(c.normal.y).toBeCloseTo(1, 9);
    // Aabb [0, 1] x [2, 3] falling 4 onto the line y = 0: t = 0.5.
    const a = S.sweepAabbLine(aabb(0, 2, 1, 3), { x: 0, y: -4 }, line(0, 0, 1, 0))!;
    expect(a.t).toBeCloseTo(0.5, 10);
    expect(a.position.y).toBeCloseTo(0, 9);
    // Box centered (0, 3), half height 1, falling 4 onto the ray from (-1, 0) along +x: t = 0.5.
    const b = S.sweepBoxRay(box(0, 3, 1, 1), { x: 0, y: -4 }, ray(-1, 0, 1, 0))!;
    expect(b.t).toBeCloseTo(0.5, 10);
    // The ray points away from the box's path: no contact.
    expect(S.sweepBoxRay(box(0, 3, 1, 1), { x: 0, y: -4 }, ray(-5, 0, -1, 0))).toBeNull();
  });

  it("a polygon sliding diagonally onto a circle: 3-4-5 geometry, t = 0.5", () => {
    // The triangle's corner (0, 0) moves by (6, 8) toward a circle of radius 5 at (6, 8) + (3, 4)...
    // simpler: a one-corner polygon at the origin moving (6, 8) against the circle of radius 5
    // centered (6, 8): contact when the point has moved 5 along the 10-long path: t = 0.5.
    const h = S.sweepPolygonCircle(polygon([{ x: 0, y: 0 }]), { x: 6, y: 8 }, circle(6, 8, 5))!;
    expect(h.t).toBeCloseTo(0.5, 10);
    expect(h.normal.x).toBeCloseTo(-0.6, 9);
    expect(h.normal.y).toBeCloseTo(-0.8, 9);
  });

  it("fills `out`", () => {
    const out = makeSweepHit();
    expect(S.sweepCirclePolygon(circle(0, 0, 1), { x: 10, y: 0 }, square, out)).toBe(out);
  });
});

describe("sweeps stop before the first contact and reach it", () => {
  it("random circles and polygons: apart at t - 1e-9, within 1e-9 of touching at t", () => {
    const rand = prng(11);
    let hits = 0;
    for (let i = 0; i < 3000; i++) {
      const target = convexHull([...Array(5)].map(() => ({ x: rand() * 4, y: rand() * 4 })));
      const c = circle(rand() * 20 - 8, rand() * 20 - 8, rand());
      const motion = { x: 2 - c.center.x + rand() * 2 - 1, y: 2 - c.center.y + rand() * 2 - 1 };
      const h = S.sweepCirclePolygon(c, motion, target);
      if (h === null || h.initiallyOverlapping) continue;
      hits++;
      const at = (t: number) =>
        circle(c.center.x + t * motion.x, c.center.y + t * motion.y, c.radius);
      expect(T.testCirclePolygon(at(h.t - 1e-9), target)).toBe(false);
      // Grown by 1e-9 at t, they touch: the time is not early by more than the tolerance.
      const grown = at(h.t);
      grown.radius += 1e-9;
      expect(T.testCirclePolygon(grown, target)).toBe(true);
    }
    expect(hits).toBeGreaterThan(1000);
  });
});

describe("the generic sweep", () => {
  it("moves a posed mover and reports its pose's position; unsupported movers throw", () => {
    const unit = polygon([
      { x: -1, y: -1 },
      { x: 1, y: -1 },
      { x: 1, y: 1 },
      { x: -1, y: 1 },
    ]);
    // The square placed at (0, 0) moving (10, 0) meets the square [5, 7] x [-1, 1] at t = 0.4.
    const h = sweep(unit, { x: 10, y: 0 }, square, { x: 0, y: 0, angle: 0 })!;
    expect(h.t).toBeCloseTo(0.4, 10);
    expect(h.position.x).toBeCloseTo(4, 9);
    expect(() => sweep(segment(0, 0, 1, 0), { x: 1, y: 0 }, square)).toThrow(TypeError);
  });
});
