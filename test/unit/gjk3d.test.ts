/**
 * The 3D GJK distance on proxies: hand-derived distances, witnesses and normals, degenerate
 * proxies, extreme scales and offsets, and the `out` object reused; EPA depths and normals.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  epaPenetration,
  gjkDistance,
  hull,
  makeGjkResult,
  makePenetration,
  makeProxy,
  pointShape,
  proxyOf,
  segment,
  sphere,
  triangle,
  vec,
} from "../../src/3d/index.ts";

const v = vec;

describe("proxyOf", () => {
  it("gives the documented points and radius", () => {
    const p = makeProxy(1);
    expect(proxyOf(sphere(1, 2, 3, 4), p)).toBe(p);
    expect([p.count, p.radius, p.xyz[0], p.xyz[1], p.xyz[2]]).toEqual([1, 4, 1, 2, 3]);
    proxyOf(capsule(v(0, 0, 0), v(1, 0, 0), 2), p);
    expect([p.count, p.radius]).toEqual([2, 2]);
    // An aabb is its 8 corners; the proxy grows past its initial capacity.
    proxyOf(aabb(v(0, 0, 0), v(1, 2, 3)), p);
    expect(p.count).toBe(8);
    expect(Array.from(p.xyz.subarray(21, 24))).toEqual([1, 2, 3]);
    // An unrotated box of half extents (1, 2, 3) at the origin: corner 7 is (+1, +2, +3).
    proxyOf(box(v(0, 0, 0), v(1, 2, 3)), p);
    expect(Array.from(p.xyz.subarray(21, 24))).toEqual([1, 2, 3]);
    expect(Array.from(p.xyz.subarray(0, 3))).toEqual([-1, -2, -3]);
    proxyOf(hull([v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(0, 0, 1), v(1, 1, 1)]), p);
    expect(p.count).toBe(5);
    expect(proxyOf({ kind: "plane", normal: v(0, 0, 1), offset: 0 }, p)).toBeNull();
  });
});

describe("gjkDistance", () => {
  const P = makeProxy();
  const Q = makeProxy();
  const R = makeGjkResult();
  const run = (a: Parameters<typeof proxyOf>[0], b: Parameters<typeof proxyOf>[0]) => {
    proxyOf(a, P);
    proxyOf(b, Q);
    return gjkDistance(P, Q, R);
  };

  it("cores a subnormal apart: the normal is still unit, and EPA's too", () => {
    // The capsule's core runs up the z axis from the origin; the flat triangle's nearest corner is
    // (m, m, 0), m the least subnormal: the direction is (1, 1, 0) / sqrt 2 and the depth is
    // 1 - m sqrt 2, which rounds to 1. |v| = m sqrt 2 rounds to m, and v / |v| used to give (1, 1, 0).
    const m = Number.MIN_VALUE;
    const up = 1 + 2 ** -52;
    const tri = triangle(v(m, up, 0), v(m, up, 0), v(m, m, 0));
    const r = run(segment(v(0, 0, 2), v(0, 0, 0)), tri);
    expect(r.normal.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(r.normal.y).toBeCloseTo(Math.SQRT1_2, 15);
    expect(r.normal.z).toBe(0);
    proxyOf(capsule(v(0, 0, 2), v(0, 0, 0), 1), P);
    proxyOf(tri, Q);
    const pen = epaPenetration(P, Q, makePenetration());
    expect(pen.depth).toBe(1);
    expect(Math.hypot(pen.normal.x, pen.normal.y, pen.normal.z)).toBeCloseTo(1, 15);
  });

  it("3-4-5 spheres: distance 3, normal (0.6, 0.8, 0), witnesses on the surfaces", () => {
    const r = run(sphere(0, 0, 0, 1), sphere(3, 4, 0, 1));
    expect(r).toBe(R);
    expect(r.distance).toBeCloseTo(3, 14);
    expect(r.normal.x).toBeCloseTo(0.6, 15);
    expect(r.normal.y).toBeCloseTo(0.8, 15);
    expect(r.normal.z).toBe(0);
    expect(r.pointB.x).toBeCloseTo(2.4, 14);
  });
  it("triangle against a point above its interior: the face normal", () => {
    // Triangle in z = 0, point (0.25, 0.25, 2): distance 2, normal +z from triangle to point.
    const r = run(triangle(v(0, 0, 0), v(1, 0, 0), v(0, 1, 0)), pointShape(0.25, 0.25, 2));
    expect(r.distance).toBeCloseTo(2, 14);
    expect(r.normal.z).toBeCloseTo(1, 14);
    expect(r.pointA.x).toBeCloseTo(0.25, 14);
    expect(r.pointA.y).toBeCloseTo(0.25, 14);
  });
  it("overlapping solids: distance 0, a shared point", () => {
    const r = run(box(v(0, 0, 0), v(1, 1, 1)), box(v(0.5, 0.5, 0.5), v(1, 1, 1)));
    expect(r.distance).toBe(0);
    expect(r.pointA).toEqual(r.pointB);
  });
  it("degenerate cores: coincident points, zero-size box, collinear triangle", () => {
    expect(run(pointShape(1, 1, 1), pointShape(1, 1, 1)).distance).toBe(0);
    // Zero-size box at (3, 0, 0) is a point 2 from the unit sphere's surface... minus radius 1.
    expect(run(sphere(0, 0, 0, 1), box(v(3, 0, 0), v(0, 0, 0))).distance).toBeCloseTo(2, 14);
    // Collinear triangle along x from 0 to 2 and a point at (1, 0, 5): distance 5.
    expect(
      run(triangle(v(0, 0, 0), v(2, 0, 0), v(1, 0, 0)), pointShape(1, 0, 5)).distance,
    ).toBeCloseTo(5, 14);
    // Zero-length segment against a flat box (half extent 0 in z): point 4 above its face.
    expect(run(segment(v(0, 0, 4), v(0, 0, 4)), box(v(0, 0, 0), v(1, 1, 0))).distance).toBeCloseTo(
      4,
      14,
    );
  });
  it("extreme scales and a 1e9 offset give the scaled answer, never NaN", () => {
    // Unit boxes 3 apart on every axis: corner-to-corner gap (1, 1, 1), distance sqrt 3.
    for (const s of [1e-100, 2 ** -500, 1e-7, 1e100, 2 ** 500]) {
      const r = run(box(v(0, 0, 0), v(s, s, s)), box(v(3 * s, 3 * s, 3 * s), v(s, s, s)));
      expect(Math.abs(r.distance / s - Math.sqrt(3))).toBeLessThan(1e-12);
      expect(Number.isFinite(r.normal.x + r.pointA.x + r.pointB.x)).toBe(true);
    }
    const o = 1e9;
    const r = run(box(v(o, o, o), v(1, 1, 1)), box(v(o + 3, o, o), v(1, 1, 1)));
    expect(r.distance).toBeCloseTo(1, 6);
    expect(r.normal.x).toBeCloseTo(1, 6);
  });
  it("stays within its iteration cap on a many-point hull", () => {
    // 200 points on a circle of radius 1 in z = 0 against a point at (0, 0, 1): distance 1.
    const pts = [];
    for (let i = 0; i < 200; i++) {
      pts.push(v(Math.cos((2 * Math.PI * i) / 200), Math.sin((2 * Math.PI * i) / 200), 0));
    }
    const r = run(hull(pts), pointShape(0, 0, 1));
    expect(r.distance).toBeCloseTo(1, 12);
    expect(r.iterations).toBeLessThanOrEqual(64);
  });
});

describe("epaPenetration", () => {
  const P = makeProxy();
  const Q = makeProxy();
  const R = makePenetration();
  const run = (a: Parameters<typeof proxyOf>[0], b: Parameters<typeof proxyOf>[0]) => {
    proxyOf(a, P);
    proxyOf(b, Q);
    return epaPenetration(P, Q, R);
  };
  const unit = (x: number, y: number, z: number, s = 1) => box(v(x, y, z), v(s, s, s));

  it("unit boxes 1.5 apart on x overlap by 0.5 along +x", () => {
    // A spans x in [-1, 1], B in [0.5, 2.5]: B must move 0.5 along +x.
    const r = run(unit(0, 0, 0), unit(1.5, 0, 0));
    expect(r).toBe(R);
    expect(r.depth).toBeCloseTo(0.5, 14);
    expect([r.normal.x, Math.abs(r.normal.y), Math.abs(r.normal.z)]).toEqual([1, 0, 0]);
  });
  it("a point inside a box leaves by the nearest face", () => {
    // (0.2, 0.9, 0.1) is 0.1 below the face y = 1, farther from every other face.
    const r = run(unit(0, 0, 0), pointShape(0.2, 0.9, 0.1));
    expect(r.depth).toBeCloseTo(0.1, 14);
    expect(r.normal.y).toBeCloseTo(1, 14);
  });
  it("spheres (radii only): centers 1 apart, radii 1 + 1 -> depth 1", () => {
    const r = run(sphere(0, 0, 0, 1), sphere(1, 0, 0, 1));
    expect(r.depth).toBeCloseTo(1, 14);
    expect(r.normal.x).toBeCloseTo(1, 14);
  });
  it("a sphere inside a box: center 0.5 from the face x = 1, radius 0.25 -> 0.75", () => {
    const r = run(box(v(0, 0, 0), v(1, 2, 3)), sphere(0.5, 0, 0, 0.25));
    expect(r.depth).toBeCloseTo(0.75, 14);
    expect(r.normal.x).toBeCloseTo(1, 14);
  });
  it("coincident unit boxes: depth 2 along an axis", () => {
    const r = run(unit(0, 0, 0), unit(0, 0, 0));
    expect(r.depth).toBeCloseTo(2, 14);
    expect(Math.abs(r.normal.x) + Math.abs(r.normal.y) + Math.abs(r.normal.z)).toBeCloseTo(1, 14);
  });
  it("flat differences (coplanar triangles, crossing segments) have depth 0 across them", () => {
    const t = run(
      triangle(v(0, 0, 0), v(2, 0, 0), v(0, 2, 0)),
      triangle(v(0.5, 0.5, 0), v(3, 0.5, 0), v(0.5, 3, 0)),
    );
    expect(t.depth).toBe(0);
    expect(Math.abs(t.normal.z)).toBe(1);
    const s = run(segment(v(-1, 0, 0), v(1, 0, 0)), segment(v(0, -1, 0), v(0, 1, 0)));
    expect(s.depth).toBe(0);
    expect(s.normal.x * s.normal.x + s.normal.y * s.normal.y).toBe(0);
  });
  it("scales 1e-100 and 1e100 and offset 1e9: depth 0.5 of the unit", () => {
    for (const s of [1e-100, 1e100]) {
      const r = run(unit(0, 0, 0, s), unit(1.5 * s, 0.1 * s, 0, s));
      expect(Math.abs(r.depth / s - 0.5)).toBeLessThan(1e-12);
    }
    const o = 1e9;
    expect(run(unit(o, o, o), unit(o + 1.5, o, o)).depth).toBeCloseTo(0.5, 6);
  });
  it("COLLIDE_SEED=160973060 (flat start simplex, 1e-100, ulp nudges): depth 2e-100 both ways", () => {
    // The property's counterexample. A = [-4, 1] x [-4, 0] x [-2, 0] and B = [-4, 0] x [-2, -1] x
    // [-2, 3] (times 1e-100, B's x and y moved down 1 ulp), so B - A is the box [-5, 4] x [-2, 3]
    // x [-2, 5] up to ulps; the origin is nearest its faces y = -2 and z = -2: depth 2e-100 along
    // +y or +z (B - A's face at z = -2 has outward normal -z, and B leaves along minus that).
    // GJK ends on a triangle in z = 0, inside the difference; float visibility of the coplanar
    // faces of a box difference left a non-convex polytope (faces at negative distance) and the
    // old code returned depth 0 after 64 expansions.
    const s = 1e-100;
    const bits = new Float64Array(1);
    const words = new BigInt64Array(bits.buffer);
    const up = (x: number) => {
      bits[0] = x; // positive: the next double up is the next bit pattern
      words[0] = words[0]! + 1n;
      return bits[0]!;
    };
    const a = aabb(v(-4 * s, -4 * s, -2 * s), v(s, 0, 0));
    const b = aabb(v(-up(4 * s), -up(2 * s), -2 * s), v(-Number.MIN_VALUE, -up(s), 3 * s));
    for (const [p, q, sign] of [
      [a, b, 1],
      [b, a, -1],
    ] as const) {
      const r = run(p, q);
      expect(Math.abs(r.depth / s - 2)).toBeLessThan(1e-12);
      expect(r.iterations).toBeLessThan(64);
      // The normal is +y or +z (for A, B), minus that reversed.
      expect(Math.abs(r.normal.x)).toBe(0);
      expect(sign * (r.normal.y + r.normal.z)).toBe(1);
    }
  });
  it("a segment from a box's corner to its center: depth 1 along an axis, no -0 in the normal", () => {
    // Segment from (-1, -1, -1) to 0 in B = [-1, 1]^3. Overlap along a unit n is
    // max(n . (-1, -1, -1), 0) + |n|_1 >= 1, with 1 reached along +x, +y or +z: depth 1.
    for (const s of [1, 1e-100, 1e100]) {
      const r = run(segment(v(-s, -s, -s), v(0, 0, 0)), aabb(v(-s, -s, -s), v(s, s, s)));
      expect(Math.abs(r.depth / s - 1)).toBeLessThan(1e-12);
      expect(Math.min(r.normal.x, r.normal.y, r.normal.z)).toBe(0);
      expect(r.normal.x + r.normal.y + r.normal.z).toBe(1);
    }
  });
});
