import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import * as I from "../../src/2d/query/intersect.ts";
import * as T from "../../src/2d/query/test.ts";
import { makeShapeHit } from "../../src/2d/results.ts";
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

describe("intersect<Linear><B>, hand-derived", () => {
  it("a ray from (-5, 0) along +x enters the unit circle at t = 4, normal (-1, 0)", () => {
    const h = I.intersectRayCircle(ray(-5, 0, 1, 0), circle(0, 0, 1))!;
    expect(h.t).toBeCloseTo(4, 14);
    expect(h.point).toEqual({ x: -1, y: 0 });
    expect(h.normal).toEqual({ x: -1, y: 0 });
    expect(h.inside).toBe(false);
  });

  it("a ray with a direction of length 2 reports t in units of it: t = 2", () => {
    expect(I.intersectRayCircle(ray(-5, 0, 2, 0), circle(0, 0, 1))!.t).toBeCloseTo(2, 14);
  });

  it("tangent ray y = 1 touches the unit circle at (0, 1), normal (0, 1)", () => {
    const h = I.intersectRayCircle(ray(-5, 1, 1, 0), circle(0, 0, 1))!;
    expect(h.t).toBeCloseTo(5, 12);
    expect(h.normal.y).toBeCloseTo(1, 12);
  });

  it("a ray pointing away, or one ulp beside the tangent, misses", () => {
    expect(I.intersectRayCircle(ray(-5, 0, -1, 0), circle(0, 0, 1))).toBeNull();
    expect(I.intersectRayCircle(ray(-5, 1.0000000000000002, 1, 0), circle(0, 0, 1))).toBeNull();
  });

  it("a ray starting inside a solid: t = 0, inside, normal against the ray", () => {
    const h = I.intersectRayPolygon(ray(1, 1, 0, 1), square)!;
    expect(h).toMatchObject({ t: 0, point: { x: 1, y: 1 }, inside: true });
    expect(h.normal).toEqual({ x: 0, y: -1 });
    const c = I.intersectRayCapsule(ray(1, 0.5, 1, 0), capsule(0, 0, 4, 0, 1))!;
    expect(c.inside).toBe(true);
    expect(c.t).toBe(0);
  });

  it("rays into a square through each side get that side's outward normal", () => {
    // From the left, right, below and above, aimed at the center (1, 1).
    const cases = [
      [-3, 1, 1, 0, -1, 0, 3],
      [5, 1, -1, 0, 1, 0, 3],
      [1, -4, 0, 1, 0, -1, 4],
      [1, 6, 0, -1, 0, 1, 4],
    ] as const;
    for (const [ox, oy, dx, dy, nx, ny, t] of cases) {
      const h = I.intersectRayPolygon(ray(ox, oy, dx, dy), square)!;
      expect(h.t).toBeCloseTo(t, 14);
      expect(h.normal.x).toBeCloseTo(nx, 14);
      expect(h.normal.y).toBeCloseTo(ny, 14);
    }
  });

  it("a line has no start: it reports the entry with the smallest t", () => {
    // x-axis line through (1, 1) along +x: enters x = 0 at t = -1.
    const h = I.intersectLineAabb(line(1, 1, 1, 0), aabb(0, 0, 2, 2))!;
    expect(h.t).toBeCloseTo(-1, 14);
    expect(h.normal).toEqual({ x: -1, y: 0 });
    expect(h.inside).toBe(false);
  });

  it("a segment stops at t = 1: too short misses, long enough hits at t = 3/4", () => {
    expect(I.intersectSegmentBox(segment(-4, 1, -1, 1), box(1, 1, 1, 1))).toBeNull();
    const h = I.intersectSegmentBox(segment(-3, 1, 1, 1), box(1, 1, 1, 1))!;
    expect(h.t).toBeCloseTo(0.75, 14);
    expect(h.point.x).toBeCloseTo(0, 14);
  });

  it("a capsule's side and its cap", () => {
    const cap = capsule(0, 0, 4, 0, 1);
    const side = I.intersectRayCapsule(ray(2, 5, 0, -1), cap)!;
    expect(side.t).toBeCloseTo(4, 14);
    expect(side.normal.y).toBeCloseTo(1, 14);
    const end = I.intersectRayCapsule(ray(10, 0, -1, 0), cap)!;
    expect(end.t).toBeCloseTo(5, 14);
    expect(end.normal.x).toBeCloseTo(1, 14);
  });

  it("a triangle's slanted edge x + y = 2, hit from (3, 3) along (-1, -1) at t = 2", () => {
    const h = I.intersectRayTriangle(ray(3, 3, -1, -1), triangle(0, 0, 2, 0, 0, 2))!;
    expect(h.t).toBeCloseTo(2, 14);
    expect(h.normal.x).toBeCloseTo(Math.SQRT1_2, 14);
    expect(h.normal.y).toBeCloseTo(Math.SQRT1_2, 14);
  });

  it("linear pairs: crossing rays, a segment on a line, a polyline's first segment", () => {
    const rr = I.intersectRayRay(ray(0, 0, 1, 0), ray(5, 5, 0, -1))!;
    expect(rr).toMatchObject({ t1: 5, t2: 5, point: { x: 5, y: 0 }, collinear: false });
    expect(rr.normal).toEqual({ x: -1, y: 0 }); // ray 2 runs down x = 5, seen from (0, 0)
    const ls = I.intersectLineSegment(line(0, 0, 1, 0), segment(3, 0, 5, 0))!;
    expect(ls).toMatchObject({ t1: 3, t2: 0, collinear: true });
    const pl = polyline([
      { x: 4, y: -1 },
      { x: 4, y: 1 },
      { x: 2, y: 1 },
      { x: 2, y: -1 },
    ]);
    const h = I.intersectRayPolyline(ray(0, 0, 1, 0), pl)!;
    expect(h.t).toBe(2);
    expect(h.normal).toEqual({ x: -1, y: 0 });
  });

  it("a point passed by a ray: t along the ray", () => {
    expect(I.intersectPointRay(point(3, 0), ray(1, 0, 2, 0))!.t).toBe(1);
    expect(I.intersectPointRay(point(0, 0), ray(1, 0, 2, 0))).toBeNull();
  });

  it("fills `out` and returns it; a miss leaves it untouched", () => {
    const out = makeShapeHit();
    expect(I.intersectRayCircle(ray(-5, 0, 1, 0), circle(0, 0, 1), out)).toBe(out);
    out.t = 42;
    expect(I.intersectRayCircle(ray(-5, 0, -1, 0), circle(0, 0, 1), out)).toBeNull();
    expect(out.t).toBe(42);
  });
});

describe("intersect agrees with the exact test and stays on the shape", () => {
  it("random rays against random convex polygons and capsules", () => {
    const rand = prng(7);
    let hits = 0;
    for (let i = 0; i < 5000; i++) {
      const r = ray(rand() * 20 - 10, rand() * 20 - 10, rand() - 0.5, rand() - 0.5);
      const pts = [...Array(6)].map(() => ({ x: rand() * 4, y: rand() * 4 }));
      const c = capsule(pts[0]!.x, pts[0]!.y, pts[1]!.x, pts[1]!.y, rand());
      const h = I.intersectRayCapsule(r, c);
      expect(h !== null).toBe(T.testRayCapsule(r, c));
      if (h === null) continue;
      hits++;
      expect(h.t).toBeGreaterThanOrEqual(0);
      expect(Math.hypot(h.normal.x, h.normal.y)).toBeCloseTo(1, 12);
      // The reported point is on the capsule's surface (or is the start, inside).
      const ex = c.b.x - c.a.x;
      const ey = c.b.y - c.a.y;
      let u = ((h.point.x - c.a.x) * ex + (h.point.y - c.a.y) * ey) / (ex * ex + ey * ey);
      u = Math.max(0, Math.min(1, u || 0));
      const d = Math.hypot(h.point.x - c.a.x - u * ex, h.point.y - c.a.y - u * ey);
      if (!h.inside) expect(Math.abs(d - c.radius)).toBeLessThan(1e-9);
    }
    expect(hits).toBeGreaterThan(200);
  });
});

describe("zero-length segments as the second linear shape", () => {
  it("a ray through a zero-length segment hits it with t2 = 0, not NaN", () => {
    // The point (-4, 7.5) is 0.5 · (-8, 15) from the origin; a zero-length segment's parameter is 0.
    const hit = I.intersectRaySegment(ray(0, 0, -8, 15), segment(-4, 7.5, -4, 7.5));
    expect(hit).not.toBeNull();
    expect(hit!.t2).toBe(0);
    expect(hit!.t1).toBeCloseTo(0.5, 15);
    expect(hit!.collinear).toBe(true);
    const onLine = I.intersectLineSegment(line(0, 0, -8, 15), segment(-4, 7.5, -4, 7.5));
    expect(onLine!.t2).toBe(0);
  });
});
