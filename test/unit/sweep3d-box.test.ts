/**
 * The float swept separating-axis test of two boxes (src/3d/query/sweep-box.ts) on hand-derived
 * cases: which ones it decides (0 miss, 1 touching at t = 0, 2 later hit) and which it leaves to
 * the exact cast (-1), and that its time is strictly before the exact touch and close to it.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  makeSweepHit,
  sweepAabbAabb,
  sweepAabbBox,
  sweepBoxAabb,
  sweepBoxBox,
  vec,
} from "../../src/3d/index.ts";
import { sweepBoxesFloat } from "../../src/3d/query/sweep-box.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

const RES = new Float64Array(7);
const V = vec;
/** Unit quaternion of a turn by `angle` about the unit axis (x, y, z). */
const turn = (x: number, y: number, z: number, angle: number) => {
  const s = Math.sin(angle / 2);
  return { x: x * s, y: y * s, z: z * s, w: Math.cos(angle / 2) };
};

describe("sweepBoxesFloat: decided in floats", () => {
  it("a unit cube falling by 8 from y = 5 onto a unit cube: touches at t = 3/8, reported just before", () => {
    // Bottom face at 4 - 8t meets the top face at 1 when t = 3/8 (exact in binary).
    const a = aabb(V(-1, 4, -1), V(1, 6, 1));
    const b = aabb(V(-1, -1, -1), V(1, 1, 1));
    expect(sweepBoxesFloat("aabb", a, V(0, -8, 0), "aabb", b, RES)).toBe(2);
    expect(RES[0]).toBeLessThan(0.375);
    expect(RES[0]).toBeGreaterThan(0.375 - 1e-14);
    expect([RES[4], RES[5], RES[6]]).toEqual([0, 1, 0]);
    // The point is on B's top face.
    expect(RES[2]).toBeCloseTo(1, 12);
    const hit = sweepAabbAabb(a, V(0, -8, 0), b);
    expect(hit?.t).toBe(RES[0]);
    expect(hit?.initiallyOverlapping).toBe(false);
  });

  it("oriented boxes meeting edge to edge: t = (5 - 2 sqrt 2) / 10", () => {
    // A turned 45 degrees about z: its lowest edge (along z) at y = 5 - sqrt 2. B turned 45
    // degrees about x: its highest edge (along x) at y = sqrt 2. They cross, so they first touch
    // when 5 - sqrt 2 - 10 t = sqrt 2, on the edge-edge axis z x x = y.
    const a = box(V(0, 5, 0), V(1, 1, 1), turn(0, 0, 1, Math.PI / 4));
    const b = box(V(0, 0, 0), V(1, 1, 1), turn(1, 0, 0, Math.PI / 4));
    expect(sweepBoxesFloat("box", a, V(0, -10, 0), "box", b, RES)).toBe(2);
    const t = (5 - 2 * Math.SQRT2) / 10;
    expect(Math.abs(RES[0]! - t)).toBeLessThan(1e-12);
    expect(RES[5]).toBeCloseTo(1, 12);
    // The point: the middle of A's lowest edge, (0, sqrt 2, 0), on B's top edge.
    expect(RES[1]).toBeCloseTo(0, 9);
    expect(RES[2]).toBeCloseTo(Math.SQRT2, 9);
    expect(RES[3]).toBeCloseTo(0, 9);
    expect(sweepBoxBox(a, V(0, -10, 0), b, makeSweepHit())?.t).toBe(RES[0]);
  });

  it("passing beside: x overlaps for t in [0.2, 0.6], y for [0.8, 1.6], so never (0)", () => {
    // Centers: A at (-4 + 10 t, 6 - 5 t), B at 0, both half extent 1: |x| <= 2 and |y| <= 2.
    const a = box(V(-4, 6, 0), V(1, 1, 1));
    const b = box(V(0, 0, 0), V(1, 1, 1));
    expect(sweepBoxesFloat("box", a, V(10, -5, 0), "box", b, RES)).toBe(0);
    expect(sweepBoxBox(a, V(10, -5, 0), b)).toBeNull();
    // Half the motion in y reaches the overlap while x still overlaps: a hit at t = 0.2.
    expect(sweepBoxesFloat("box", a, V(10, -10, 0), "box", b, RES)).toBe(2);
    expect(RES[0]).toBeLessThan(0.4);
    expect(RES[0]).toBeGreaterThan(0.4 - 1e-13);
  });

  it("moving away, or stopping clearly short, is never (0)", () => {
    const a = aabb(V(3, 0, 0), V(4, 1, 1));
    const b = aabb(V(0, 0, 0), V(1, 1, 1));
    expect(sweepBoxesFloat("aabb", a, V(5, 0, 0), "aabb", b, RES)).toBe(0);
    expect(sweepBoxesFloat("aabb", a, V(-1.5, 0, 0), "aabb", b, RES)).toBe(0);
  });

  it("overlapping at t = 0 is touching (1): t = 0, the normal against the motion", () => {
    const a = box(V(0.5, 0.5, 0), V(1, 1, 1), turn(0, 1, 0, 0.3));
    const b = aabb(V(-1, -1, -1), V(1, 1, 1));
    expect(sweepBoxesFloat("box", a, V(3, 4, 0), "aabb", b, RES)).toBe(1);
    expect(RES[0]).toBe(0);
    expect(RES[4]).toBeCloseTo(-0.6, 15);
    expect(RES[5]).toBeCloseTo(-0.8, 15);
    expect(RES[6]).toBeCloseTo(0, 15);
    const hit = sweepBoxAabb(a, V(3, 4, 0), b);
    expect(hit?.initiallyOverlapping).toBe(true);
  });
});

describe("sweepBoxesFloat: left to the exact cast (-1), still exact through the API", () => {
  it("faces touching exactly at t = 0: undecided in floats, initiallyOverlapping exactly", () => {
    const a = aabb(V(1, 0, 0), V(2, 1, 1));
    const b = aabb(V(0, 0, 0), V(1, 1, 1));
    expect(sweepBoxesFloat("aabb", a, V(1, 0, 0), "aabb", b, RES)).toBe(-1);
    expect(sweepAabbAabb(a, V(1, 0, 0), b)?.initiallyOverlapping).toBe(true);
    // One ulp apart, moving away: never.
    const c = aabb(V(1.0000000000000002, 0, 0), V(2, 1, 1));
    expect(sweepAabbAabb(c, V(1, 0, 0), b)).toBeNull();
  });

  it("stopping one ulp short of a face, or reaching it exactly: undecided, then exact", () => {
    // The gap is 2; the motion 2 - 2^-52 never closes it, 2 closes it at t = 1.
    const a = aabb(V(3, 0, 0), V(4, 1, 1));
    const b = aabb(V(0, 0, 0), V(1, 1, 1));
    const short = -(2 - 2 ** -52);
    expect(sweepBoxesFloat("aabb", a, V(short, 0, 0), "aabb", b, RES)).toBe(-1);
    expect(sweepAabbAabb(a, V(short, 0, 0), b)).toBeNull();
    const hit = sweepAabbAabb(a, V(-2, 0, 0), b);
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeLessThanOrEqual(1);
    expect(hit!.t).toBeGreaterThan(1 - 1e-9);
  });

  it("a graze: sliding along a face at the exact touching distance is a hit", () => {
    // A's bottom at y = 1 slides over B's top at y = 1 (touching only), entering from x = -5.
    const a = aabb(V(-5, 1, 0), V(-4, 2, 1));
    const b = aabb(V(0, 0, 0), V(1, 1, 1));
    expect(sweepBoxesFloat("aabb", a, V(8, 0, 0), "aabb", b, RES)).toBe(-1);
    const hit = sweepAabbAabb(a, V(8, 0, 0), b);
    expect(hit).not.toBeNull();
    expect(hit!.t).toBeLessThanOrEqual(0.5);
    expect(hit!.t).toBeGreaterThan(0.5 - 1e-9);
    // One ulp higher: never.
    const c = aabb(V(-5, 1.0000000000000002, 0), V(-4, 2, 1));
    expect(sweepAabbAabb(c, V(8, 0, 0), b)).toBeNull();
  });

  it("an aabb against a box with the same axes decides in floats (exact zero cross products)", () => {
    const a = aabb(V(-1, 4, -1), V(1, 6, 1));
    const b = box(V(0.5, 0, 0), V(1, 1, 1));
    expect(sweepBoxesFloat("aabb", a, V(0, -8, 0), "box", b, RES)).toBe(2);
    expect(RES[0]).toBeLessThan(0.375);
    expect(RES[0]).toBeGreaterThan(0.375 - 1e-14);
    expect(sweepAabbBox(a, V(0, -8, 0), b)?.t).toBe(RES[0]);
  });
});

describe("scale", () => {
  it("far from the origin (offset 1e6) and at 1e-100: the same time within the inputs' rounding", () => {
    for (const [s, o] of [
      [1, 1e6],
      [1e-100, 0],
      [1e100, 0],
    ] as const) {
      const a = aabb(V(-s + o, 4 * s + o, -s + o), V(s + o, 6 * s + o, s + o));
      const b = aabb(V(-s + o, -s + o, -s + o), V(s + o, s + o, s + o));
      expect(sweepBoxesFloat("aabb", a, V(0, -8 * s, 0), "aabb", b, RES)).toBe(2);
      expect(RES[0]).toBeLessThan(0.375);
      expect(RES[0]).toBeGreaterThan(0.375 - 1e-9);
    }
  });
});

describe("no garbage with `out`", () => {
  it("hit, miss and touching at t = 0 allocate nothing when warm", () => {
    const out = makeSweepHit();
    const b = box(V(0, 0, 0), V(1, 2, 1), turn(0.6, 0, 0.8, 0.4));
    const movers = [
      box(V(-6, 0.5, 0), V(1, 1, 1), turn(0, 0, 1, 0.2)),
      box(V(-6, 9, 0), V(1, 1, 1), turn(0, 0, 1, 0.2)),
      box(V(0.5, 0, 0), V(1, 1, 1), turn(0, 0, 1, 0.2)),
    ];
    const m = V(12, 0.1, 0);
    for (const [k, a] of movers.entries()) {
      expect(
        warmGarbagePerCall(() => sweepBoxBox(a, m, b, out)),
        `mover ${k}`,
      ).toBeLessThan(17);
    }
  });
});
