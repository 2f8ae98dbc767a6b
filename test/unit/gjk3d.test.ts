/**
 * The 3D GJK distance on proxies: hand-derived distances, witnesses and normals, degenerate
 * proxies, extreme scales and offsets, and the `out` object reused.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  gjkDistance,
  hull,
  makeGjkResult,
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
