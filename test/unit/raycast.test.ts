import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import type { ConvexProxy } from "../../src/2d/convex/proxy.ts";
import {
  raycastCapsule,
  raycastCircle,
  raycastPolygon,
  raycastProxy,
} from "../../src/2d/convex/raycast.ts";
import * as T from "../../src/2d/query/test.ts";
import { makeShapeHit, type ShapeHit } from "../../src/2d/results.ts";
import { capsule, circle, polygon, ray } from "../../src/2d/shapes.ts";

const INF = Number.POSITIVE_INFINITY;
const H = Math.SQRT1_2;

function proxy(pts: readonly number[], radius = 0): ConvexProxy {
  return { xy: Float64Array.from(pts), count: pts.length / 2, radius };
}

/** Scales a coordinate list by s (a power of ten: not exact, hence the relative checks). */
const scaled = (pts: readonly number[], s: number): number[] => pts.map((v) => v * s);

const SQUARE = [0, 0, 2, 0, 2, 2, 0, 2]; // counter-clockwise
const SQUARE_CW = [0, 0, 0, 2, 2, 2, 2, 0];

/** Casts and returns [returned value, out]. */
function cast(
  o: readonly [number, number],
  d: readonly [number, number],
  q: ConvexProxy,
  tmin = 0,
  tmax = INF,
): [boolean, ShapeHit] {
  const out = makeShapeHit();
  const hit = raycastProxy(o[0], o[1], d[0], d[1], tmin, tmax, q, out);
  return [hit, out];
}

function expectHit(
  res: [boolean, ShapeHit],
  t: number,
  px: number,
  py: number,
  nx: number,
  ny: number,
  inside = false,
): void {
  const [hit, out] = res;
  expect(hit).toBe(true);
  expect(out.inside).toBe(inside);
  expect(out.t).toBeCloseTo(t, 14);
  expect(out.point.x).toBeCloseTo(px, 14);
  expect(out.point.y).toBeCloseTo(py, 14);
  expect(out.normal.x).toBeCloseTo(nx, 14);
  expect(out.normal.y).toBeCloseTo(ny, 14);
}

function expectMiss(
  res: [boolean, ShapeHit],
  t: number,
  px: number,
  py: number,
  nx: number,
  ny: number,
): void {
  const [hit, out] = res;
  expect(hit).toBe(false);
  expect(out.inside).toBe(false);
  expect(out.t).toBeCloseTo(t, 14);
  expect(out.point.x).toBeCloseTo(px, 14);
  expect(out.point.y).toBeCloseTo(py, 14);
  expect(out.normal.x).toBeCloseTo(nx, 14);
  expect(out.normal.y).toBeCloseTo(ny, 14);
}

/** |a / b - 1| <= tol. */
function expectRel(a: number, b: number, tol = 1e-14): void {
  expect(Math.abs(a / b - 1)).toBeLessThanOrEqual(tol);
}

describe("raycast vs circle", () => {
  const unit = proxy([0, 0], 1);

  it("head-on: from (-5, 0) along +x enters at t = 4, (-1, 0), normal (-1, 0)", () => {
    expectHit(cast([-5, 0], [1, 0], unit), 4, -1, 0, -1, 0);
    // t is in units of d: |d| = 2 halves it.
    expectHit(cast([-5, 0], [2, 0], unit), 2, -1, 0, -1, 0);
    // Direct call, same answer.
    const out = makeShapeHit();
    expect(raycastCircle(-5, 0, 1, 0, 0, INF, 0, 0, 1, out)).toBe(true);
    expect(out.t).toBe(4);
  });

  it("exactly grazing: y = 1 touches at t = 5, (0, 1), normal (0, 1)", () => {
    // cross(d, c - o) = -1, so r^2 |d|^2 - cross^2 = 0 exactly and the half chord is 0.
    const [hit, out] = cast([-5, 1], [1, 0], unit);
    expect(hit).toBe(true);
    expect(out).toEqual({ t: 5, point: { x: 0, y: 1 }, normal: { x: 0, y: 1 }, inside: false });
  });

  it("one ulp beside the tangent misses, filled with the closest approach t = 5", () => {
    // (1 + 2^-52)^2 rounds to 1 + 2^-51 > 1: the discriminant is negative.
    const y = 1 + 2 ** -52;
    const [hit, out] = cast([-5, y], [1, 0], unit);
    expect(hit).toBe(false);
    expect(out).toEqual({ t: 5, point: { x: 0, y }, normal: { x: 0, y: 1 }, inside: false });
  });

  it("from inside: t = tmin, inside, normal against d", () => {
    expectHit(cast([0.5, 0], [1, 0], unit), 0, 0.5, 0, -1, 0, true);
    expectHit(cast([0.5, 0], [0, -3], unit, 0.1), 0.1, 0.5, -0.3, 0, 1, true);
  });

  it("behind the ray: miss, filled at t = 0 with the normal from the center toward (5, 0)", () => {
    // The line meets the disk for t in [-6, -4], all before tmin = 0.
    expectMiss(cast([5, 0], [1, 0], unit), 0, 5, 0, 1, 0);
  });

  it("a line (tmin = -inf) enters from the far side: t = -6 at (-1, 0), normal (-1, 0)", () => {
    expectHit(cast([5, 0], [1, 0], unit, -INF), -6, -1, 0, -1, 0);
    // A line through the center: entry behind the reference point.
    expectHit(cast([0.5, 0], [1, 0], unit, -INF), -1.5, -1, 0, -1, 0);
  });

  it("tmax stops short: miss filled at t = tmax", () => {
    expectMiss(cast([-5, 0], [1, 0], unit, 0, 3), 3, -2, 0, -1, 0);
    expectHit(cast([-5, 0], [1, 0], unit, 0, 4), 4, -1, 0, -1, 0);
  });

  it("a passing line: closest approach at t = 5, (0, 3), normal (0, 1)", () => {
    expectMiss(cast([-5, 3], [1, 0], unit), 5, 0, 3, 0, 1);
    // Pointing away from the closest approach: clamped to the start, normal along (2, 3).
    const s = Math.sqrt(13);
    expectMiss(cast([2, 3], [1, 0], unit), 0, 2, 3, 2 / s, 3 / s);
  });

  it("a point (radius 0): hit head-on with the normal against d; passing gives the offset", () => {
    expectHit(cast([-2, 0], [1, 0], proxy([0, 0], 0)), 2, 0, 0, -1, 0);
    expectMiss(cast([-2, 1], [1, 0], proxy([0, 0], 0)), 2, 0, 1, 0, 1);
  });

  it("huge (1e150, 1e200) and tiny (1e-150) scales: the same answers, scaled", () => {
    for (const s of [1e150, 1e200, 1e-150, 1e-300]) {
      // Unit circle at (s, s) grown by s; ray from (-4s, s) along +x enters at x = 0, t = 4s.
      const q = proxy([s, s], s);
      let [hit, out] = cast([-4 * s, s], [1, 0], q);
      expect(hit).toBe(true);
      expectRel(out.t, 4 * s);
      expect(out.normal.x).toBeCloseTo(-1, 14);
      expect(out.normal.y).toBe(0);
      // The same with |d| = s: t = 4.
      [hit, out] = cast([-4 * s, s], [s, 0], q);
      expect(hit).toBe(true);
      expectRel(out.t, 4);
      // Grazing y = 2s: touches at (s, 2s), t = 5s, normal (0, 1).
      [hit, out] = cast([-4 * s, 2 * s], [1, 0], q);
      expect(hit).toBe(true);
      expectRel(out.t, 5 * s);
      expect(out.normal.y).toBeCloseTo(1, 14);
    }
  });

  it("huge parameters stay finite: t near 1e300, closest approach beyond the double range", () => {
    // Circle at (1e10, 0), r = 1; d = 1e-290: entry at x = 1e10 - 1, t = (1e10 - 1) 1e290.
    let [hit, out] = cast([0, 0], [1e-290, 0], proxy([1e10, 0], 1));
    expect(hit).toBe(true);
    expectRel(out.t, (1e10 - 1) * 1e290, 1e-13);
    // Closest approach at t = 1e10 / 1e-300 = 1e310: clamped to the largest double.
    [hit, out] = cast([0, 0], [1e-300, 0], proxy([1e10, 1e10], 1));
    expect(hit).toBe(false);
    expect(out.t).toBe(Number.MAX_VALUE);
    expect(Number.isFinite(out.point.x) && Number.isFinite(out.point.y)).toBe(true);
    // A miss filled at tmax = 1e300 with |d| = 1e10: the point 1e310 is clamped.
    [hit, out] = cast([0, 0], [1e10, 0], proxy([-5, 0], 1), 0, 1e300);
    expect(hit).toBe(false);
    expect(out.t).toBe(0);
    // Closest approach beyond tmax = 1e298: filled at tmax. The center minus the origin,
    // (2.7e308, 1e308), overflows; the point is -1e308 + 1e298 * 1e10 = 0 (up to rounding).
    [hit, out] = cast([-1e308, 0], [1e10, 0], proxy([1.7e308, 1e308], 1), 0, 1e298);
    expect(hit).toBe(false);
    expect(out.t).toBe(1e298);
    expect(Math.abs(out.point.x)).toBeLessThan(1e295);
    const len = Math.hypot(1.7, 1);
    expect(out.normal.x).toBeCloseTo(-1.7 / len, 12);
    expect(out.normal.y).toBeCloseTo(-1 / len, 12);
  });
});

describe("raycast vs polygon", () => {
  it("each side of the square [0, 2]^2, both windings, gets its outward normal", () => {
    // Aimed at the center (1, 1) from 3 or 4 units away.
    const cases = [
      [-3, 1, 1, 0, 3, 0, 1, -1, 0],
      [5, 1, -1, 0, 3, 2, 1, 1, 0],
      [1, -4, 0, 1, 4, 1, 0, 0, -1],
      [1, 6, 0, -1, 4, 1, 2, 0, 1],
    ] as const;
    for (const pts of [SQUARE, SQUARE_CW]) {
      for (const [ox, oy, dx, dy, t, px, py, nx, ny] of cases) {
        expectHit(cast([ox, oy], [dx, dy], proxy(pts)), t, px, py, nx, ny);
      }
    }
    const out = makeShapeHit();
    expect(raycastPolygon(-3, 1, 1, 0, 0, INF, Float64Array.from(SQUARE), 4, out)).toBe(true);
    expect(out.t).toBe(3);
  });

  it("corners: t exact and the normal one of the two edges' (facing the ray)", () => {
    // Diagonal into (0, 0) from (-1, -1): t = 1.
    let [hit, out] = cast([-1, -1], [1, 1], proxy(SQUARE));
    expect(hit).toBe(true);
    expect(out.t).toBe(1);
    expect(out.point).toEqual({ x: 0, y: 0 });
    expect([-1, 0].includes(out.normal.x) && [-1, 0].includes(out.normal.y)).toBe(true);
    expect(Math.abs(out.normal.x) + Math.abs(out.normal.y)).toBe(1);
    // The line x - y = 2 touches only the corner (2, 0), at t = 2 from (0, -2).
    [hit, out] = cast([0, -2], [1, 1], proxy(SQUARE));
    expect(hit).toBe(true);
    expect(out.t).toBe(2);
    expect(out.point).toEqual({ x: 2, y: 0 });
  });

  it("along an edge: the ray y = 0 enters at the corner (0, 0), normal (-1, 0)", () => {
    expectHit(cast([-1, 0], [1, 0], proxy(SQUARE)), 1, 0, 0, -1, 0);
    expectHit(cast([-1, 0], [1, 0], proxy(SQUARE_CW)), 1, 0, 0, -1, 0);
  });

  it("from inside: t = 0, inside, normal -d; a line reports its entry instead", () => {
    expectHit(cast([1, 1], [0, 1], proxy(SQUARE)), 0, 1, 1, 0, -1, true);
    expectHit(cast([1, 1], [0, 1], proxy(SQUARE), -INF), -1, 1, 0, 0, -1);
    expectHit(cast([5, 1], [1, 0], proxy(SQUARE), -INF), -5, 0, 1, -1, 0);
  });

  it("tmax stops short, or the square is behind: miss filled at the range end", () => {
    expectMiss(cast([-3, 1], [1, 0], proxy(SQUARE), 0, 2), 2, -1, 1, -1, 0);
    // From (3, 1) along +x: the square is at t in [-3, -1]; nearest point to (3, 1) is (2, 1).
    expectMiss(cast([3, 1], [1, 0], proxy(SQUARE)), 0, 3, 1, 1, 0);
  });

  it("a passing line: the nearest vertex's closest approach, normal across the line", () => {
    // y = 5 passes above; (0, 2) and (2, 2) tie, the first along the ray wins: t = 3.
    expectMiss(cast([-3, 5], [1, 0], proxy(SQUARE)), 3, 0, 5, 0, 1);
    expectMiss(cast([-3, 5], [1, 0], proxy(SQUARE), -INF), 3, 0, 5, 0, 1);
  });

  it("a triangle's slanted edge x + y = 2, from (3, 3) along (-1, -1): t = 2, both windings", () => {
    expectHit(cast([3, 3], [-1, -1], proxy([0, 0, 2, 0, 0, 2])), 2, 1, 1, H, H);
    expectHit(cast([3, 3], [-1, -1], proxy([0, 0, 0, 2, 2, 0])), 2, 1, 1, H, H);
  });

  it("repeated and collinear points change nothing", () => {
    const messy = [0, 0, 0, 0, 1, 0, 2, 0, 2, 2, 2, 2, 0, 2];
    expectHit(cast([1, -4], [0, 1], proxy(messy)), 4, 1, 0, 0, -1);
    expectHit(cast([5, 1], [-1, 0], proxy(messy)), 3, 2, 1, 1, 0);
  });

  it("a flat polygon (segment core): the side facing the ray, or the end's direction", () => {
    const flat = proxy([0, 0, 1, 0, 2, 0, 2, 0]);
    expectHit(cast([1, 3], [0, -1], flat), 3, 1, 0, 0, 1);
    expectHit(cast([1, -3], [0, 1], flat), 3, 1, 0, 0, -1);
    // End-on: (0, 0) from the left at t = 2; (2, 0) from the right at t = 3.
    expectHit(cast([-2, 0], [1, 0], flat), 2, 0, 0, -1, 0);
    expectHit(cast([5, 0], [-1, 0], flat), 3, 2, 0, 1, 0);
    // x = 3 passes the end (2, 0): closest approach (3, 0) at t = 1, normal (1, 0).
    expectMiss(cast([3, 1], [0, -1], flat), 1, 3, 0, 1, 0);
    // Flat and slanted, listed out of order: the cover is (0, 0)-(2, 2); hit from (0, 2).
    expectHit(cast([0, 2], [1, -1], proxy([1, 1, 0, 0, 2, 2])), 1, 1, 1, -H, H);
  });

  it("a point core (all points equal): hit at the point, normal against d", () => {
    expectHit(cast([1, -2], [0, 2], proxy([1, 1, 1, 1, 1, 1])), 1.5, 1, 1, 0, -1);
  });

  it("huge (1e150, 1e200) and tiny (1e-150) squares", () => {
    for (const s of [1e150, 1e200, 1e-150]) {
      const q = proxy(scaled(SQUARE, s));
      let [hit, out] = cast([-3 * s, s], [1, 0], q);
      expect(hit).toBe(true);
      expectRel(out.t, 3 * s);
      expect(out.normal).toEqual({ x: -1, y: 0 });
      [hit, out] = cast([-3 * s, s], [s, 0], q);
      expect(hit).toBe(true);
      expectRel(out.t, 3);
      [hit, out] = cast([s, 6 * s], [0, -1], q);
      expect(hit).toBe(true);
      expectRel(out.t, 4 * s);
      expect(out.normal).toEqual({ x: 0, y: 1 });
    }
  });

  it("coordinates near the double limit: differences that overflow stay finite", () => {
    // Square [-1e308, 1e308]^2: from (-1.5e308, 0) along +x enters at t = 0.5e308.
    const m = 1e308;
    const [hit, out] = cast([-1.5 * m, 0], [1, 0], proxy([-m, -m, m, -m, m, m, -m, m]));
    expect(hit).toBe(true);
    expectRel(out.t, 0.5 * m);
    expect(out.normal).toEqual({ x: -1, y: 0 });
  });
});

describe("raycast vs capsule and rounded polygons", () => {
  const cap = proxy([0, 0, 4, 0], 1);

  it("sides: from above and below at t = 4", () => {
    expectHit(cast([2, 5], [0, -1], cap), 4, 2, 1, 0, 1);
    expectHit(cast([2, -5], [0, 1], cap), 4, 2, -1, 0, -1);
    const out = makeShapeHit();
    expect(raycastCapsule(2, 5, 0, -1, 0, INF, 0, 0, 4, 0, 1, out)).toBe(true);
    expect(out.t).toBe(4);
  });

  it("caps: end-on at t = 5; off-axis y = 0.6 meets the cap at x = 4.8, normal (0.8, 0.6)", () => {
    expectHit(cast([10, 0], [-1, 0], cap), 5, 5, 0, 1, 0);
    expectHit(cast([-10, 0], [1, 0], cap), 9, -1, 0, -1, 0);
    // sqrt(1 - 0.6^2) = 0.8.
    expectHit(cast([10, 0.6], [-1, 0], cap), 5.2, 4.8, 0.6, 0.8, 0.6);
  });

  it("parallel inside the slab, from inside, and a passing miss", () => {
    expectHit(
      cast([-3, 0.5], [1, 0], cap),
      3 - Math.sqrt(0.75),
      -Math.sqrt(0.75),
      0.5,
      -Math.sqrt(0.75),
      0.5,
    );
    expectHit(cast([1, 0.5], [1, 0], cap), 0, 1, 0.5, -1, 0, true);
    // y = 3 passes 2 above the core: closest approach at the first end (0, 0)'s foot, t = 3.
    expectMiss(cast([-3, 3], [1, 0], cap), 3, 0, 3, 0, 1);
    // Behind: nearest core point (4, 0) to the start (7, 0).
    expectMiss(cast([7, 0], [1, 0], cap), 0, 7, 0, 1, 0);
  });

  it("a rounded square (r = 1/2): side at t = 2.5, corner disk on the diagonal", () => {
    const q = proxy(SQUARE, 0.5);
    expectHit(cast([-3, 1], [1, 0], q), 2.5, -0.5, 1, -1, 0);
    // Toward the corner (0, 0) along (1, 1) from (-3, -3): enters its disk at distance 1/2.
    const t = 3 - 0.5 * H;
    expectHit(cast([-3, -3], [1, 1], q), t, -0.5 * H, -0.5 * H, -H, -H);
    // y = -0.6 runs beside the bottom edge's offset line y = -0.5: misses; closest at (0, -0.6)
    // is not the same as passing the corner disk, which y = -0.6 also misses.
    const [hit] = cast([-3, -0.6], [1, 0], q);
    expect(hit).toBe(false);
    // In the corner's wedge outside the disk: (-0.45, -0.45) is 0.636 from (0, 0).
    const [h2, out] = cast([-0.45, -0.45], [1, 1], q);
    expect(h2).toBe(true);
    expect(out.inside).toBe(false);
    expect(out.t).toBeCloseTo(0.45 - 0.5 * H, 14);
    // From inside the rounded part beside an edge.
    expectHit(cast([1, -0.25], [1, 0], q), 0, 1, -0.25, -1, 0, true);
  });

  it("a flat polygon with a radius is the capsule over its cover", () => {
    expectHit(cast([2, 5], [0, -1], proxy([0, 0, 4, 0, 2, 0], 1)), 4, 2, 1, 0, 1);
    expectHit(cast([10, 0], [-1, 0], proxy([4, 0, 0, 0, 2, 0], 1)), 5, 5, 0, 1, 0);
  });

  it("a capsule at 1e200 scale", () => {
    const s = 1e200;
    const [hit, out] = cast([2 * s, 5 * s], [0, -1], proxy([0, 0, 4 * s, 0], s));
    expect(hit).toBe(true);
    expectRel(out.t, 4 * s);
    expect(out.normal).toEqual({ x: 0, y: 1 });
  });
});

describe("raycast agrees with the exact tests and every field is sane", () => {
  it("random rays and lines vs circles, capsules and polygons at scales 1e-200 .. 1e200", () => {
    const rand = prng(11);
    const out = makeShapeHit();
    let hits = 0;
    for (let i = 0; i < 3000; i++) {
      const s = 10 ** Math.round(rand() * 400 - 200);
      const v = () => (rand() * 20 - 10) * s;
      const o = { x: v(), y: v() };
      const d = { x: rand() - 0.5, y: rand() - 0.5 };
      const isLine = rand() < 0.3;
      const tmin = isLine ? -INF : 0;
      const kind = i % 3;
      let q: ConvexProxy;
      let exact: boolean;
      const r = ray(o.x, o.y, d.x, d.y);
      const linish = { point: r.origin, dir: r.dir };
      if (kind === 0) {
        const c = circle(v() / 2, v() / 2, rand() * 4 * s);
        q = proxy([c.center.x, c.center.y], c.radius);
        exact = isLine ? T.testLineCircle(linish, c) : T.testRayCircle(r, c);
      } else if (kind === 1) {
        const c = capsule(v() / 2, v() / 2, v() / 2, v() / 2, rand() * 2 * s);
        q = proxy([c.a.x, c.a.y, c.b.x, c.b.y], c.radius);
        exact = isLine ? T.testLineCapsule(linish, c) : T.testRayCapsule(r, c);
      } else {
        // A regular hexagon, random center, size and turn.
        const cx = v() / 2;
        const cy = v() / 2;
        const rr = (rand() * 4 + 0.1) * s;
        const a0 = rand() * 6;
        const pts = [...Array(6)].map((_, k) => ({
          x: cx + rr * Math.cos(a0 + (k * Math.PI) / 3),
          y: cy + rr * Math.sin(a0 + (k * Math.PI) / 3),
        }));
        q = proxy(pts.flatMap((p) => [p.x, p.y]));
        const p = polygon(pts);
        exact = isLine ? T.testLinePolygon(linish, p) : T.testRayPolygon(r, p);
      }
      const hit = raycastProxy(o.x, o.y, d.x, d.y, tmin, INF, q, out);
      expect(hit).toBe(exact);
      expect(out.t >= tmin && Number.isFinite(out.t)).toBe(true);
      expect(Number.isFinite(out.point.x) && Number.isFinite(out.point.y)).toBe(true);
      expect(Math.hypot(out.normal.x, out.normal.y)).toBeCloseTo(1, 12);
      if (hit) {
        hits++;
        if (!out.inside) {
          // The outward normal faces back against the cast (or is perpendicular when grazing).
          expect(out.normal.x * d.x + out.normal.y * d.y).toBeLessThanOrEqual(1e-12);
        }
        if (kind === 0 && !out.inside) {
          // The point is on the circle, up to rounding at the problem's scale.
          const c = q.xy;
          const dist = Math.hypot(out.point.x - c[0]!, out.point.y - c[1]!);
          expect(Math.abs(dist - q.radius)).toBeLessThanOrEqual(1e-12 * (20 * s));
        }
      }
    }
    expect(hits).toBeGreaterThan(500);
  });
});
