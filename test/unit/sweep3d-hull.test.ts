/**
 * Hull sweeps decided in floats (src/3d/query/sweep-engine.ts): the padded bounding-box reject
 * and the touch certified by the origin inside GJK's last tetrahedron, on hand-derived cases;
 * the exact evaluation counter shows that no BigInt path ran.
 */
import { describe, expect, it } from "vitest";
import { hull, makeSweepHit, sweepHullHull, vec } from "../../src/3d/index.ts";
import { exactEvaluations } from "../../src/exact/bigint.ts";

const V = vec;
/** The cube [x0, x0 + 2] x [y0, y0 + 2] x [z0, z0 + 2] as a hull of its 8 corners. */
const cube = (x0: number, y0: number, z0: number) => {
  const pts = [];
  for (let k = 0; k < 8; k++)
    pts.push(V(x0 + (k & 1 ? 2 : 0), y0 + (k & 2 ? 2 : 0), z0 + (k & 4 ? 2 : 0)));
  return hull(pts);
};
/** The octahedron of radius r around (x, y, z). */
const octa = (x: number, y: number, z: number, r: number) =>
  hull([
    V(x + r, y, z),
    V(x - r, y, z),
    V(x, y + r, z),
    V(x, y - r, z),
    V(x, y, z + r),
    V(x, y, z - r),
  ]);

describe("hull sweeps decided in floats", () => {
  it("a cube falling by 8 from y = 5 onto a cube at y = 0..2 lands at t = 3/8, no BigInt", () => {
    // Bottom at 5 - 8 t meets the top at 2 when t = 3/8.
    const before = exactEvaluations();
    const hit = sweepHullHull(cube(0.5, 5, 0.25), V(0, -8, 0), cube(0, 0, 0), makeSweepHit());
    expect(exactEvaluations() - before).toBe(0);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(false);
    expect(hit!.t).toBeLessThan(0.375);
    expect(hit!.t).toBeGreaterThan(0.375 - 1e-9);
    expect(hit!.normal.y).toBeCloseTo(1, 9);
  });

  it("an octahedron's tip onto a cube's face: t = (10 - 1 - 2) / 10, no BigInt", () => {
    // Tip at y = 10 - 1 - 10 t meets the top face y = 2 at t = 0.7 (the tip over the face's middle).
    const before = exactEvaluations();
    const hit = sweepHullHull(octa(1, 10, 1, 1), V(0, -10, 0), cube(0, 0, 0));
    expect(exactEvaluations() - before).toBe(0);
    expect(hit!.t).toBeLessThan(0.7);
    expect(hit!.t).toBeGreaterThan(0.7 - 1e-9);
  });

  it("passing beside (boxes never meet) and stopping short are null, no BigInt", () => {
    const before = exactEvaluations();
    // [-5, -3] x [6, 8] moving by (8, -4) against [0, 2]^2: x overlaps only for t in
    // [0.375, 0.875], y only from t = 1.
    expect(sweepHullHull(cube(-5, 6, 0), V(8, -4, 0), cube(0, 0, 0))).toBeNull();
    expect(sweepHullHull(octa(1, 10, 1, 1), V(0, -6, 0), cube(0, 0, 0))).toBeNull();
    expect(exactEvaluations() - before).toBe(0);
  });

  it("a tip that reaches the face exactly at t = 1 is a hit; one ulp short is null (exact)", () => {
    const hit = sweepHullHull(octa(1, 10, 1, 1), V(0, -7, 0), cube(0, 0, 0));
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeLessThanOrEqual(1);
    expect(hit!.t).toBeGreaterThan(1 - 1e-9);
    expect(sweepHullHull(octa(1, 10, 1, 1), V(0, -(7 - 2 ** -50), 0), cube(0, 0, 0))).toBeNull();
  });
});
