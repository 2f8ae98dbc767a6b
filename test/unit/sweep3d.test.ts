/**
 * 3D sweeps: hand cases with derived values. Times are reported never after the exact touch and
 * at most a few ulps of the scene's scale (over the closing speed) before it, so a crossing
 * contact is checked within 1e-12 below the derived time, and a tangent graze (whose time moves
 * by the square root of the rounding) within 1e-5.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  hull,
  makeMeshSweepHit,
  makeSweepHit,
  mesh,
  plane,
  sphere,
  sweepAabbPlane,
  sweepBoxBox,
  sweepBoxHull,
  sweepCapsuleMesh,
  sweepCapsuleTriangle,
  sweepHullAabb,
  sweepSphereAabb,
  sweepSphereMesh,
  sweepSpherePlane,
  sweepSpherePoint,
  sweepSphereSphere,
  sweepSphereTriangle,
  triangle,
  vec,
} from "../../src/3d/index.ts";
import { nextUp } from "../reference/float-bits.ts";

/** t in [want - tol, want]: never after the exact touch, and close before it. */
function expectTime(t: number, want: number, tol = 1e-12): void {
  expect(t).toBeLessThanOrEqual(want);
  expect(t).toBeGreaterThanOrEqual(want - tol);
}

function expectVec(v: { x: number; y: number; z: number }, x: number, y: number, z: number): void {
  expect(v.x).toBeCloseTo(x, 9);
  expect(v.y).toBeCloseTo(y, 9);
  expect(v.z).toBeCloseTo(z, 9);
}

/** A closed cube mesh [-1, 1]^3 (12 triangles, outward winding). */
function cubeMesh() {
  const p: number[] = [];
  for (let k = 0; k < 8; k++) p.push(k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1);
  const idx: number[] = [];
  for (const [a, b, c, d] of [
    [0, 1, 3, 2],
    [4, 6, 7, 5],
    [0, 4, 5, 1],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 5, 7, 3],
  ] as const) {
    idx.push(a, b, c, a, c, d);
  }
  return mesh(p, idx);
}

/** An n x n grid of squares on y = 0 over [-n, n]^2, two triangles each (shared edges). */
function floorMesh(n: number) {
  const p: number[] = [];
  const idx: number[] = [];
  for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) p.push(2 * i - n, 0, 2 * j - n);
  const id = (i: number, j: number) => i * (n + 1) + j;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      idx.push(id(i, j), id(i, j + 1), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i + 1, j));
    }
  return mesh(p, idx);
}

describe("sweeps: hand cases", () => {
  it("a unit sphere falling from y = 5 by 10 onto the plane y = 0 lands at t = 0.4", () => {
    // Lowest point 5 - 1 - 10 t = 0 at t = 0.4; center then (0, 1, 0); contact (0, 0, 0).
    const hit = sweepSpherePlane(sphere(0, 5, 0, 1), vec(0, -10, 0), plane(vec(0, 1, 0), 0));
    expect(hit).not.toBeNull();
    expectTime(hit!.t, 0.4);
    expectVec(hit!.position, 0, 1, 0);
    expectVec(hit!.point, 0, 0, 0);
    expectVec(hit!.normal, 0, 1, 0);
    expect(hit!.initiallyOverlapping).toBe(false);
  });

  it("from below the plane the normal faces down; moving away is null", () => {
    // Center y = -5 rising by 10: top point -4 + 10 t = 0 at t = 0.4.
    const p = plane(vec(0, 2, 0), 0);
    const hit = sweepSpherePlane(sphere(0, -5, 0, 1), vec(0, 10, 0), p);
    expectTime(hit!.t, 0.4);
    expectVec(hit!.normal, 0, -1, 0);
    expect(sweepSpherePlane(sphere(0, -5, 0, 1), vec(0, -10, 0), p)).toBeNull();
  });

  it("an aabb crossing a plane at 1e4 times its size hits its face first", () => {
    // Aabb [0,1]^3 moving by (1e4, 0, 0) toward x = 5000: its max face x = 1 + 1e4 t = 5000.
    const hit = sweepAabbPlane(
      aabb(vec(0, 0, 0), vec(1, 1, 1)),
      vec(1e4, 0, 0),
      plane(vec(1, 0, 0), 5000),
    );
    expectTime(hit!.t, 0.4999, 1e-15 * 1e4);
    expect(hit!.position.x).toBeCloseTo(4999, 6);
    expectVec(hit!.normal, -1, 0, 0);
  });

  it("a unit box falling onto a unit box's top face touches at t = 0.3", () => {
    // Bottom face y = 4 - 10 t meets the top face y = 1 at t = 0.3.
    const hit = sweepBoxBox(
      box(vec(0, 5, 0), vec(1, 1, 1)),
      vec(0, -10, 0),
      box(vec(0, 0, 0), vec(1, 1, 1)),
    );
    expectTime(hit!.t, 0.3);
    expectVec(hit!.position, 0, 2, 0);
    expectVec(hit!.normal, 0, 1, 0);
    expect(hit!.point.y).toBeCloseTo(1, 9);
    expect(Math.abs(hit!.point.x)).toBeLessThanOrEqual(1 + 1e-12);
    expect(Math.abs(hit!.point.z)).toBeLessThanOrEqual(1 + 1e-12);
  });

  it("a capsule falling beside a triangle touches its edge at t = 0.625, normal (-0.6, 0.8, 0)", () => {
    // Axis at x = -3/8, y = 3 - 4 t, z in [-1, 1]; the triangle (0,0,-2), (0,0,2), (3,0,0) is
    // nearest along its edge x = 0: (3/8)^2 + y^2 = (5/8)^2 at y = 1/2, t = 5/8.
    const hit = sweepCapsuleTriangle(
      capsule(vec(-0.375, 3, -1), vec(-0.375, 3, 1), 0.625),
      vec(0, -4, 0),
      triangle(vec(0, 0, -2), vec(0, 0, 2), vec(3, 0, 0)),
    );
    expectTime(hit!.t, 0.625);
    expectVec(hit!.normal, -0.6, 0.8, 0);
    expect(hit!.point.x).toBeCloseTo(0, 9);
    expect(hit!.point.y).toBeCloseTo(0, 9);
    expectVec(hit!.position, -0.375, 0.5, -1);
  });

  it("a tangent graze is a hit at the exact touch; one ulp farther is null", () => {
    // Centers (-5 + 10 t, 2, 0) and the origin are 2 = r1 + r2 apart only at t = 0.5.
    const target = sphere(0, 0, 0, 1);
    const hit = sweepSphereSphere(sphere(-5, 2, 0, 1), vec(10, 0, 0), target);
    expect(hit).not.toBeNull();
    expectTime(hit!.t, 0.5, 1e-5);
    expect(hit!.normal.y).toBeCloseTo(1, 6);
    expect(sweepSphereSphere(sphere(-5, nextUp(2), 0, 1), vec(10, 0, 0), target)).toBeNull();
  });

  it("decimal inputs: a sphere of radius 0.1 moving by 0.3 to a point 0.4 away", () => {
    // Exact touch when 0.1 + 0.3 t reaches 0.4 in exact arithmetic on the doubles given: the
    // doubles 0.1, 0.3, 0.4 make t* slightly off 1; the sweep must still say hit or null exactly.
    const hit = sweepSpherePoint(sphere(0, 0, 0, 0.1), vec(0.3, 0, 0), vec(0.4, 0, 0));
    // 0.1 + 0.3 = 0.4 exactly as reals? 0.1 = 0.1000000000000000055..., 0.3 = 0.299999999999999988...,
    // 0.4 = 0.4000000000000000222...: 0.1 + 0.3 = 0.40000000000000000444 < 0.4's double, so the
    // ball stops short of the point at t = 1: null.
    expect(hit).toBeNull();
    const touching = sweepSpherePoint(sphere(0, 0, 0, 0.1), vec(0.5, 0, 0), vec(0.4, 0, 0));
    expect(touching).not.toBeNull();
    expectTime(touching!.t, 0.6, 1e-12);
  });

  it("touching at t = 0 is initially overlapping: t = 0, normal against the motion", () => {
    const out = makeSweepHit();
    const hit = sweepSphereAabb(
      sphere(0, 2, 0, 1),
      vec(3, 4, 0),
      aabb(vec(-1, -1, -1), vec(1, 1, 1)),
      out,
    );
    expect(hit).toBe(out);
    expect(hit!.initiallyOverlapping).toBe(true);
    expect(hit!.t).toBe(0);
    expectVec(hit!.normal, -0.6, -0.8, 0);
    expectVec(hit!.position, 0, 2, 0);
  });

  it("zero motion apart is null; a miss leaves `out` untouched", () => {
    const out = makeSweepHit();
    out.t = 0.75;
    expect(sweepSphereSphere(sphere(5, 0, 0, 1), vec(0, 0, 0), sphere(0, 0, 0, 1), out)).toBeNull();
    expect(out.t).toBe(0.75);
  });

  it("a point (sphere of radius 0) through a triangle's inside hits at its plane", () => {
    // (0.25, 1 - 2 t, 0.25) reaches y = 0 at t = 0.5.
    const hit = sweepSphereTriangle(
      sphere(0.25, 1, 0.25, 0),
      vec(0, -2, 0),
      triangle(vec(0, 0, 0), vec(0, 0, 1), vec(1, 0, 0)),
    );
    expectTime(hit!.t, 0.5);
    expectVec(hit!.point, 0.25, 0, 0.25);
    expectVec(hit!.normal, 0, 1, 0);
  });

  it("a hull reports its first point's position; it lands on an aabb at t = 0.4", () => {
    // Hull's lowest y = 5 (points (0,5,0) ...) falls by 10 to the aabb top y = 1: t = 0.4.
    const h = hull([vec(0, 5, 0), vec(1, 5, 0), vec(0, 6, 0), vec(0, 5, 1)]);
    const hit = sweepHullAabb(h, vec(0, -10, 0), aabb(vec(-1, -1, -1), vec(1, 1, 1)));
    expectTime(hit!.t, 0.4);
    expectVec(hit!.position, 0, 1, 0);
    expectVec(hit!.normal, 0, 1, 0);
  });

  it("a box slides diagonally into a hull's slanted face (normal (1, 1, 0) / sqrt 2)", () => {
    // The hull x + y <= 0 half of a square prism; the unit box at (3, 3, 0) moves by (-4, -4, 0):
    // its corner (2, 2) reaches x + y = 0 when 4 - 8 t = 0, t = 0.5.
    const h = hull([
      vec(0, 0, -5),
      vec(0, 0, 5),
      vec(-4, 4, -5),
      vec(-4, 4, 5),
      vec(4, -4, -5),
      vec(4, -4, 5),
      vec(-4, -4, -5),
      vec(-4, -4, 5),
    ]);
    const hit = sweepBoxHull(box(vec(3, 3, 0), vec(1, 1, 1)), vec(-4, -4, 0), h);
    expectTime(hit!.t, 0.5);
    expectVec(hit!.normal, Math.SQRT1_2, Math.SQRT1_2, 0);
  });
});

describe("sweeps against meshes: no tunnelling", () => {
  it("a sphere moving 1e4 times its radius hits a closed cube's near face", () => {
    // Radius 0.01 from x = -50 by (1e2, 0, 0) (1e4 radii): surface x = -50 - 0.01 + ... reaches
    // the face x = -1 when -50 + 100 t = -1.01, t = 0.4899.
    const m = cubeMesh();
    const out = makeMeshSweepHit();
    const hit = sweepSphereMesh(sphere(-50, 0.3, 0.2, 0.01), vec(100, 0, 0), m, out);
    expect(hit).toBe(out);
    expectTime(hit!.t, 0.4899, 1e-13);
    expectVec(hit!.normal, -1, 0, 0);
    // Faces in cubeMesh order: z = -1, z = 1, y = -1, y = 1, x = -1 (triangles 8, 9), x = 1.
    expect([8, 9]).toContain(hit!.triangle);
  });

  it("a fast sphere aimed at a shared edge or corner of the mesh still hits", () => {
    const m = cubeMesh();
    // At (0, 0) on the face x = -1 the diagonal edge between the face's two triangles; at
    // (1, 1) a corner of three faces.
    for (const [y, z] of [
      [0, 0],
      [1, 1],
      [1, -1],
      [-1, 0],
    ] as const) {
      const hit = sweepSphereMesh(sphere(-1e4, y, z, 0), vec(2e4, 0, 0), m);
      expect(hit).not.toBeNull();
      expectTime(hit!.t, (1e4 - 1) / 2e4, 1e-12);
    }
  });

  it("a single triangle stops a sphere moving 1e4 radii", () => {
    const m = mesh([0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 1, 2]);
    const hit = sweepSphereMesh(sphere(0.2, 50, 0.2, 0.005), vec(0, -100, 0), m);
    expectTime(hit!.t, (50 - 0.005) / 100, 1e-13);
    expect(hit!.triangle).toBe(0);
  });

  it("a capsule resting on a tessellated floor, sliding, reports the floor at t = 0", () => {
    // Lying along x at height y = r = 0.5 exactly: touching every triangle under it.
    const floor = floorMesh(4);
    const c = capsule(vec(-3, 0.5, 0.3), vec(-1, 0.5, 0.3), 0.5);
    const hit = sweepCapsuleMesh(c, vec(5, 0, 0), floor);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(true);
    expect(hit!.t).toBe(0);
  });

  it("a capsule a hair above the floor, sliding down across seams, lands on it", () => {
    // Axis at y = 0.5 + 2^-20 moving by (6, -2^-19, 0): it touches y = 0 when the axis is at
    // 0.5, t = 1/2, over the seam x = 0 of the grid.
    const floor = floorMesh(4);
    const c = capsule(vec(-3, 0.5 + 2 ** -20, 0), vec(-2, 0.5 + 2 ** -20, 0), 0.5);
    const hit = sweepCapsuleMesh(c, vec(6, -(2 ** -19), 0), floor);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(false);
    expectTime(hit!.t, 0.5, 1e-6);
    expectVec(hit!.normal, 0, 1, 0);
  });
});
