import { describe, expect, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";

const v = (x: number, y: number, z: number) => ({ x, y, z });

describe("3D constructors validate and name the field", () => {
  it("non-finite coordinates throw a RangeError naming the field", () => {
    expect(() => c3.ray(0, 0, Number.NaN, 1, 0, 0)).toThrow(
      new RangeError("ray.origin.z must be a finite number, got NaN"),
    );
    expect(() => c3.segment(v(0, 0, 0), v(Number.POSITIVE_INFINITY, 0, 0))).toThrow(
      /segment\.b\.x/,
    );
    expect(() => c3.capsule(v(0, 0, 0), v(1, 1, 1), -1)).toThrow(
      new RangeError("capsule.radius must be >= 0, got -1"),
    );
    expect(() => c3.triangle(v(0, 0, 0), v(1, 0, 0), v(0, Number.NaN, 0))).toThrow(
      /triangle\.c\.y/,
    );
    expect(() => c3.hull([])).toThrow(/hull\.points/);
    expect(() => c3.hull([v(0, 0, 0), v(0, 0, Number.NaN)])).toThrow(/hull\.points\[1\]\.z/);
  });

  it("zero directions, normals and rotations throw", () => {
    expect(() => c3.ray(0, 0, 0, 0, -0, 0)).toThrow(
      new RangeError("ray.dir must be a non-zero vector"),
    );
    expect(() => c3.plane(v(0, 0, 0), 1)).toThrow(/plane\.normal/);
    expect(() => c3.box(v(0, 0, 0), v(1, 1, 1), { x: 0, y: 0, z: 0, w: 0 })).toThrow(
      /box\.rotation/,
    );
    expect(() => c3.box(v(0, 0, 0), v(1, -1, 1))).toThrow(/box\.halfExtents\.y/);
  });

  it("an aabb's min must not exceed its max on any axis", () => {
    expect(() => c3.aabb(v(0, 0, 1), v(1, 1, 0))).toThrow(
      new RangeError("aabb.min.z must be <= aabb.max.z, got 1 > 0"),
    );
    expect(c3.aabb(v(1, 1, 1), v(1, 1, 1)).kind).toBe("aabb");
  });

  it("shapes copy their input vectors", () => {
    const a = v(1, 2, 3);
    const s = c3.segment(a, a);
    a.x = 9;
    expect(s.a).toEqual(v(1, 2, 3));
    expect(s.a).not.toBe(s.b);
  });
});

describe("box rotation and axes", () => {
  it("normalises the quaternion once and keeps the normalised copy", () => {
    // (0, 0, 3, 4) has norm 5.
    const b = c3.box(v(0, 0, 0), v(1, 1, 1), { x: 0, y: 0, z: 3, w: 4 });
    expect(b.rotation).toEqual({ x: 0, y: 0, z: 0.6, w: 0.8 });
    // Tiny and huge quaternions are rescaled before squaring.
    expect(c3.box(v(0, 0, 0), v(1, 1, 1), { x: 0, y: 0, z: 3e-200, w: 4e-200 }).rotation).toEqual(
      b.rotation,
    );
    expect(c3.box(v(0, 0, 0), v(1, 1, 1), { x: 0, y: 0, z: 3e300, w: 4e300 }).rotation).toEqual(
      b.rotation,
    );
  });

  it("the identity rotation gives the half extents along x, y, z", () => {
    expect(c3.boxAxes(c3.box(v(5, 5, 5), v(1, 2, 3)), [])).toEqual([
      v(1, 0, 0),
      v(0, 2, 0),
      v(0, 0, 3),
    ]);
  });

  it("a quarter turn about z maps x to y and y to -x", () => {
    // q = (0, 0, 0.6, 0.8): cos θ = 1 - 2·0.36 = 0.28, sin θ = 2·0.6·0.8 = 0.96 (θ ≈ 73.7°).
    const [a, b, c] = c3.boxAxes(
      c3.box(v(0, 0, 0), v(2, 1, 1), { x: 0, y: 0, z: 3, w: 4 }),
      [],
    ) as [c3.Vec, c3.Vec, c3.Vec];
    expect(a.x).toBeCloseTo(0.56, 14);
    expect(a.y).toBeCloseTo(1.92, 14);
    expect(b.x).toBeCloseTo(-0.96, 14);
    expect(b.y).toBeCloseTo(0.28, 14);
    expect(c).toEqual(v(0, 0, 1));
  });
});

describe("frustum from a column-major matrix", () => {
  it("the identity matrix is the cube |x|, |y|, |z| <= 1", () => {
    const f = c3.frustum([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    // Left: -x - w <= 0 with w = 1, i.e. dot((-1, 0, 0), p) <= 1; right: x <= 1; and so on.
    expect(f.planes.map((p) => [p.normal, p.offset])).toEqual([
      [v(-1, 0, 0), 1],
      [v(1, 0, 0), 1],
      [v(0, -1, 0), 1],
      [v(0, 1, 0), 1],
      [v(0, 0, -1), 1],
      [v(0, 0, 1), 1],
    ]);
  });

  it("reads translations from the last column (three.js layout)", () => {
    // Clip = p + (2, 0, 0): -1 <= x + 2 <= 1, so the left plane is -x <= 3 and the right x <= -1.
    const f = c3.frustum([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 0, 0, 1]);
    expect(f.planes[0]).toEqual({ normal: v(-1, 0, 0), offset: 3 });
    expect(f.planes[1]).toEqual({ normal: v(1, 0, 0), offset: -1 });
  });

  it("rejects a wrong length, non-finite entries and planes with no normal", () => {
    expect(() => c3.frustum([1, 0, 0])).toThrow(/16 numbers/);
    const m = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    m[5] = Number.NaN;
    expect(() => c3.frustum(m)).toThrow(/frustum\.matrix\[5\]/);
    expect(() => c3.frustum(new Array(16).fill(0))).toThrow(/zero normal/);
  });
});

describe("aabbOf (3D)", () => {
  it("bounds points, segments, triangles and hulls exactly", () => {
    expect(c3.aabbOf(c3.triangle(v(1, -2, 3), v(-4, 5, 0), v(0, 0, -6)))).toEqual({
      min: v(-4, -2, -6),
      max: v(1, 5, 3),
    });
    expect(c3.aabbOf(c3.hull([v(1, 1, 1)]))).toEqual({ min: v(1, 1, 1), max: v(1, 1, 1) });
  });

  it("contains spheres, capsules and rotated boxes, rounding outward", () => {
    const s = c3.aabbOf(c3.sphere(0.1, 0.2, 0.3, 0.7));
    expect(s.min.x).toBeLessThanOrEqual(-0.6);
    expect(s.max.z).toBeGreaterThanOrEqual(1);
    expect(s.max.z - 1).toBeLessThan(1e-15);
    // Box (2, 1, 1) turned as in the test above: its x reach is |0.56| + |-0.96| + 0 = 1.52.
    const b = c3.aabbOf(c3.box(v(10, 0, 0), v(2, 1, 1), { x: 0, y: 0, z: 3, w: 4 }));
    expect(b.max.x).toBeGreaterThanOrEqual(11.52);
    expect(b.max.x - 11.52).toBeLessThan(1e-12);
    expect(b.min.z).toBeLessThanOrEqual(-1);
  });

  it("lines, rays and slanted planes reach MAX_VALUE; an axis plane is flat", () => {
    const r = c3.aabbOf(c3.ray(1, 2, 3, 1, 0, -1));
    expect(r).toEqual({
      min: v(1, 2, -Number.MAX_VALUE),
      max: v(Number.MAX_VALUE, 2, 3),
    });
    const p = c3.aabbOf(c3.plane(v(0, 2, 0), 3));
    expect(p.min.y).toBeLessThanOrEqual(1.5);
    expect(p.max.y).toBeGreaterThanOrEqual(1.5);
    expect(p.max.y - p.min.y).toBeLessThan(1e-15);
    expect(p.min.x).toBe(-Number.MAX_VALUE);
    const far = c3.aabbOf(c3.plane(v(1e-300, 0, 0), 1e300));
    expect(far.min.x).toBe(Number.MAX_VALUE);
  });
});

describe("aabbOf (3D) of a mesh", () => {
  it("is the box of its corners", () => {
    // One triangle (1, 2, 3), (-1, 0, 5), (4, -2, 0).
    const m = c3.mesh([1, 2, 3, -1, 0, 5, 4, -2, 0], [0, 1, 2]);
    expect(c3.aabbOf(m)).toEqual({ min: v(-1, -2, 0), max: v(4, 2, 5) });
  });
});
