/**
 * Capsule vs triangle sweeps decided by the triangle's plane (sweep-engine.ts tries it as a
 * separating axis before GJK): hand-derived cases at and a hair from the plane; the exact
 * evaluation counter shows which ones the floats decided.
 */
import { describe, expect, it } from "vitest";
import { capsule, sweepCapsuleTriangle, triangle, vec } from "../../src/3d/index.ts";
import { exactEvaluations } from "../../src/exact/bigint.ts";

const V = vec;
// In the plane y = 0, spanning x and z in [-5, 5].
const tri = triangle(V(-5, 0, -5), V(5, 0, -5), V(0, 0, 5));
/** A capsule of radius 1 along x at height y. */
const cap = (x: number, y: number) => capsule(V(x, y, 0), V(x + 1, y, 0), 1);

describe("sweepCapsuleTriangle: the triangle's plane as a separating axis", () => {
  it("sliding parallel 2^-20 above reach is a miss, decided in floats", () => {
    const before = exactEvaluations();
    expect(sweepCapsuleTriangle(cap(-3, 1 + 2 ** -20), V(5, 0, 0), tri)).toBeNull();
    // Rising away: the whole swept capsule is above y = 2^-20.
    expect(sweepCapsuleTriangle(cap(-3, 1 + 2 ** -20), V(5, 3, 1), tri)).toBeNull();
    expect(exactEvaluations() - before).toBe(0);
  });

  it("sliding parallel exactly at reach touches at t = 0", () => {
    // The axis at y = 1 = r: the capsule's bottom lies on the triangle.
    const hit = sweepCapsuleTriangle(cap(-3, 1), V(5, 0, 0), tri);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(true);
    expect(hit!.t).toBe(0);
  });

  it("below the plane, rising: the top 2^-20 below the triangle meets it at t = 2^-20 / 4", () => {
    // The axis at y = -1 - 2^-20 rises by 4: its top -2^-20 + 4t reaches 0 at t = 2^-22.
    const hit = sweepCapsuleTriangle(cap(-1, -1 - 2 ** -20), V(0, 4, 0), tri);
    expect(hit).not.toBeNull();
    expect(hit!.initiallyOverlapping).toBe(false);
    expect(hit!.t).toBeLessThanOrEqual(2 ** -22);
    expect(hit!.t).toBeGreaterThan(2 ** -22 - 1e-12);
    expect(hit!.normal.y).toBeCloseTo(-1, 12);
  });
});
