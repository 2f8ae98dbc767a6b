import { describe, expect, it } from "vitest";
import {
  intersectLineTriangle,
  intersectRayTriangle,
  intersectSegmentTriangle,
  line,
  makeShapeHit,
  ray,
  segment,
  testLineTriangle,
  testRayTriangle,
  testSegmentTriangle,
  triangle,
  type Vec,
} from "../../src/3d/index.ts";
import { firstHit } from "../reference/triangle3d.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });
// The unit right triangle in z = 0; its normal (b - a) x (c - a) is +z.
const T = triangle(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0));

describe("ray vs triangle: hand cases", () => {
  it("through the interior: from z = 5 straight down hits (0.25, 0.25, 0) at t = 5, normal +z", () => {
    const h = intersectRayTriangle(ray(0.25, 0.25, 5, 0, 0, -1), T)!;
    expect(h.t).toBe(5);
    expect(h.point).toEqual(V(0.25, 0.25, 0));
    expect(h.normal).toEqual(V(0, 0, 1));
    expect(h.inside).toBe(false);
  });

  it("from below the normal faces the ray: -z; t in units of dir (|dir| = 2 gives t = 2.5)", () => {
    const h = intersectRayTriangle(ray(0.25, 0.25, -5, 0, 0, 2), T)!;
    expect(h.t).toBe(2.5);
    expect(h.normal).toEqual(V(0, 0, -1));
  });

  it("exactly through the hypotenuse (x + y = 1) and the corners counts; one ulp beyond does not", () => {
    expect(testRayTriangle(ray(0.5, 0.5, 1, 0, 0, -1), T)).toBe(true);
    expect(testRayTriangle(ray(1, 0, 1, 0, 0, -1), T)).toBe(true);
    expect(testRayTriangle(ray(0, 1, 1, 0, 0, -1), T)).toBe(true);
    expect(testRayTriangle(ray(0, 0, 1, 0, 0, -1), T)).toBe(true);
    expect(testRayTriangle(ray(0.5, 0.5000000000000001, 1, 0, 0, -1), T)).toBe(false);
    expect(testRayTriangle(ray(1.0000000000000002, 0, 1, 0, 0, -1), T)).toBe(false);
    expect(testRayTriangle(ray(-5e-324, 0.5, 1, 0, 0, -1), T)).toBe(false);
  });

  it("decimal inputs: (0.2, 0.8) lies just beyond x + y = 1, although 0.2 + 0.8 === 1 in doubles", () => {
    // 0.2 = 3602879701896397 / 2^54, 0.8 = 3602879701896397 / 2^52: their exact sum is
    // 5 * 3602879701896397 / 2^54 = 18014398509481985 / 2^54 > 1 (2^54 = 18014398509481984).
    expect(testRayTriangle(ray(0.2, 0.8, 1, 0, 0, -1), T)).toBe(false);
    // 0.25 + 0.75 = 1 exactly.
    expect(testRayTriangle(ray(0.25, 0.75, 1, 0, 0, -1), T)).toBe(true);
  });

  it("a ray pointing away misses; an origin on the triangle is t = 0", () => {
    expect(intersectRayTriangle(ray(0.25, 0.25, 5, 0, 0, 1), T)).toBeNull();
    const h = intersectRayTriangle(ray(0.25, 0.25, 0, 0, 0, 1), T)!;
    expect(h.t).toBe(0);
    expect(h.point).toEqual(V(0.25, 0.25, 0));
    expect(h.normal).toEqual(V(0, 0, -1));
  });

  it("parallel off the plane misses; parallel in the plane hits at the first point of the triangle", () => {
    expect(testRayTriangle(ray(-1, 0.25, 1e-300, 1, 0, 0), T)).toBe(false);
    expect(testLineTriangle(line(-1, 0.25, 1e-300, 1, 0, 0), T)).toBe(false);
    // In the plane along +x at y = 0.25: enters at x = 0 (t = 1), leaves at x = 0.75.
    const h = intersectRayTriangle(ray(-1, 0.25, 0, 1, 0, 0), T)!;
    expect(h.t).toBe(1);
    expect(h.point).toEqual(V(0, 0.25, 0));
    // Starting inside the triangle, in its plane: t = 0.
    expect(intersectRayTriangle(ray(0.1, 0.1, 0, 1, 0, 0), T)!.t).toBe(0);
    // Beyond it, pointing away: miss; the line still hits, first at x = 0 (t = -2).
    expect(testRayTriangle(ray(2, 0.25, 0, 1, 0, 0), T)).toBe(false);
    expect(intersectLineTriangle(line(2, 0.25, 0, 1, 0, 0), T)!.t).toBe(-2);
    // Along the edge y = 0 from x = -2, direction 2: the edge starts at x = 0, t = 1.
    expect(intersectRayTriangle(ray(-2, 0, 0, 2, 0, 0), T)!.t).toBe(1);
    // In the plane, the line x = 1 (along y) meets the triangle only at the corner (1, 0, 0):
    // from y = -3, t = 3.
    expect(intersectRayTriangle(ray(1, -3, 0, 0, 1, 0), T)!.t).toBe(3);
  });

  it("degenerate triangles are the segment or point they cover", () => {
    const seg = triangle(V(0, 0, 0), V(2, 0, 0), V(1, 0, 0));
    // Crossing the segment at (1.5, 0, 0) from (1.5, 0, 3) downwards: t = 3.
    const h = intersectRayTriangle(ray(1.5, 0, 3, 0, 0, -1), seg)!;
    expect(h.t).toBe(3);
    expect(h.normal).toEqual(V(0, 0, 1));
    expect(testRayTriangle(ray(2.5, 0, 3, 0, 0, -1), seg)).toBe(false);
    expect(testRayTriangle(ray(1.5, 1e-200, 3, 0, 0, -1), seg)).toBe(false);
    const pt = triangle(V(1, 2, 3), V(1, 2, 3), V(1, 2, 3));
    expect(intersectRayTriangle(ray(1, 2, 7, 0, 0, -2), pt)!.t).toBe(2);
    expect(testRayTriangle(ray(1, 2.0000000000000004, 7, 0, 0, -2), pt)).toBe(false);
    // A line along the degenerate triangle's own line: first point x = 0 from x = -4, t = 4.
    expect(intersectRayTriangle(ray(-4, 0, 0, 1, 0, 0), seg)!.t).toBe(4);
  });
});

describe("segment vs triangle: hand cases", () => {
  it("a segment ending exactly on the triangle hits at t = 1; ending one ulp short misses", () => {
    const h = intersectSegmentTriangle(segment(V(0.2, 0.2, 1), V(0.2, 0.2, 0)), T)!;
    expect(h.t).toBe(1);
    expect(h.point).toEqual(V(0.2, 0.2, 0));
    expect(testSegmentTriangle(segment(V(0.2, 0.2, 1), V(0.2, 0.2, 5e-324)), T)).toBe(false);
    // Starting on it: t = 0.
    expect(intersectSegmentTriangle(segment(V(0.2, 0.2, 0), V(0.2, 0.2, -1)), T)!.t).toBe(0);
  });

  it("through the middle: from z = 1 to z = -3 crosses z = 0 at t = 1/4", () => {
    const h = intersectSegmentTriangle(segment(V(0.3, 0.3, 1), V(0.3, 0.3, -3)), T)!;
    expect(h.t).toBe(0.25);
    expect(h.normal).toEqual(V(0, 0, 1));
  });

  it("decimal ends: z from 0.1 to -0.2 crosses z = 0 at t = 1/3 (to a few ulps)", () => {
    // Exactly t = 0.1 / (0.1 + 0.2) with the doubles, and the double 0.2 is 2 * 0.1 exactly, so
    // t = 1/3; the float path rounds 0.1 + 0.2 first, so allow 4 ulps (2^-54 each near 1/3).
    const h = intersectSegmentTriangle(segment(V(0.1, 0.1, 0.1), V(0.1, 0.1, -0.2)), T)!;
    expect(Math.abs(h.t - 1 / 3)).toBeLessThanOrEqual(4 * 2 ** -54);
  });

  it("a zero-length segment is a point: on the triangle (t = 0) or not", () => {
    expect(intersectSegmentTriangle(segment(V(0.5, 0.5, 0), V(0.5, 0.5, 0)), T)!.t).toBe(0);
    expect(testSegmentTriangle(segment(V(0.5, 0.5, 1e-300), V(0.5, 0.5, 1e-300)), T)).toBe(false);
    expect(testSegmentTriangle(segment(V(0.6, 0.5, 0), V(0.6, 0.5, 0)), T)).toBe(false);
  });

  it("a segment lying in the plane that starts outside: first point on the edge x = 0", () => {
    // From (-1, 0.5, 0) to (1, 0.5, 0): the triangle covers x in [0, 0.5] there: t = 1/2.
    expect(intersectSegmentTriangle(segment(V(-1, 0.5, 0), V(1, 0.5, 0)), T)!.t).toBe(0.5);
    expect(testSegmentTriangle(segment(V(-1, 0.5, 0), V(-0.5, 0.5, 0)), T)).toBe(false);
  });
});

describe("line vs triangle", () => {
  it("a line hits behind its point: t = -5", () => {
    const h = intersectLineTriangle(line(0.25, 0.25, -5, 0, 0, -1), T)!;
    expect(h.t).toBe(-5);
    expect(h.normal).toEqual(V(0, 0, 1));
  });
});

describe("offsets and scales", () => {
  it("offset 1e9: a ray through a shared edge of two triangles hits both (watertight)", () => {
    const o = 1e9;
    // Two triangles sharing the edge (o, o, 0)-(o + 1, o + 1, 0) (a diagonal of a unit square).
    const t1 = triangle(V(o, o, 0), V(o + 1, o, 0), V(o + 1, o + 1, 0));
    const t2 = triangle(V(o, o, 0), V(o + 1, o + 1, 0), V(o, o + 1, 0));
    // The point (o + 0.375, o + 0.375) is on the diagonal exactly (all values are doubles).
    const r = ray(o + 0.375, o + 0.375, 3, 0, 0, -1);
    expect(testRayTriangle(r, t1)).toBe(true);
    expect(testRayTriangle(r, t2)).toBe(true);
    expect(intersectRayTriangle(r, t1)!.t).toBe(3);
    // A slanted ray aimed at that point from far away (direction = target - origin exactly).
    const s = segment(V(o - 1000.5, o + 77.25, 999.75), V(o + 0.375, o + 0.375, 0));
    expect(testSegmentTriangle(s, t1) || testSegmentTriangle(s, t2)).toBe(true);
    expect(intersectSegmentTriangle(s, t1)!.t).toBe(1);
  });

  it("scale 1e-7: the same cases scaled hit the same way", () => {
    const k = 1e-7;
    const Tk = triangle(V(0, 0, 0), V(k, 0, 0), V(0, k, 0));
    expect(testRayTriangle(ray(k / 2, k / 2, k, 0, 0, -1), Tk)).toBe(true);
    // Exactly t = k (the double); the float path divides two rounded products: a few ulps.
    const t = intersectRayTriangle(ray(k / 4, k / 4, k, 0, 0, -1), Tk)!.t;
    expect(Math.abs(t - k)).toBeLessThanOrEqual(4 * Number.EPSILON * k);
    expect(testRayTriangle(ray(k, 1e-300, k, 0, 0, -1), Tk)).toBe(false);
  });

  it("a cross product that overflows never certifies a sign (coordinates near 1e159)", () => {
    // Found by a random search at extreme magnitudes: d x (b - o) overflowed while the float
    // filter's bound stayed finite, so an infinite edge form passed as certain and both lines
    // were reported as misses. The exact reference says each line and ray hits its triangle.
    const cases = [
      {
        o: V(0.7198666920885444, -2.0789535108572072e159, -1.378166840877384),
        d: V(7.930533914937603e-297, 0.00627005472779274, 4.2095013491520044e-265),
        a: V(-3.3294410608092744e-204, -8.166387637569017e-254, -1.1650874829927945e-214),
        b: V(5.645266353387611e54, -6.772963609813135e132, -1.0268316029678616e153),
        c: V(-1.9741045539362593e34, -7.606742116469961e57, 1.2851747002805335e154),
      },
      {
        o: V(-2.704441815149039, -0.8613795996643603, 4.517262349551847e64),
        d: V(2.748896291013807, -1.7674068233919735e-151, 2.469371854759154e-187),
        a: V(6.60076375706054e150, -0.9879604773595929, 5.768469282665841e-295),
        b: V(6.60076375706054e150, -9.863071663108763e153, 4.763180305800401e157),
        c: V(6.60076375706054e150, -0.9879604773595929, 3.3300016051341555e159),
      },
    ];
    for (const { o, d, a, b, c } of cases) {
      const tri = { a, b, c };
      expect(firstHit(1, o, d, a, b, c)).not.toBeNull();
      expect(firstHit(0, o, d, a, b, c)).not.toBeNull();
      expect(testRayTriangle({ origin: o, dir: d }, tri)).toBe(true);
      expect(intersectRayTriangle({ origin: o, dir: d }, tri)).not.toBeNull();
      expect(testLineTriangle({ point: o, dir: d }, tri)).toBe(true);
      expect(intersectLineTriangle({ point: o, dir: d }, tri)).not.toBeNull();
    }
  });

  it("results are finite at 1e300 and 1e-300", () => {
    for (const k of [1e300, 1e-300]) {
      const Tk = triangle(V(0, 0, 0), V(k, 0, 0), V(0, k, 0));
      // Direction -k along z from height k: t = 1 exactly.
      const h = intersectRayTriangle(ray(k / 4, k / 4, k, 0, 0, -k), Tk)!;
      expect(h.t).toBe(1);
      expect(h.normal.z).toBeCloseTo(1, 15);
      expect(Number.isFinite(h.point.x)).toBe(true);
    }
  });
});

describe("out objects", () => {
  it("fills and returns out; a miss leaves it untouched", () => {
    const out = makeShapeHit();
    expect(intersectRayTriangle(ray(0.25, 0.25, 5, 0, 0, -1), T, out)).toBe(out);
    expect(out.t).toBe(5);
    expect(intersectRayTriangle(ray(5, 5, 5, 0, 0, -1), T, out)).toBeNull();
    expect(out.t).toBe(5);
  });
});
