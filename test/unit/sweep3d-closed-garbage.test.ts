/**
 * The closed-form 3D sweeps allocate nothing per call with `out` (young-generation bytes, warm),
 * on each path: a later hit, a miss, touching at t = 0. A file of its own, like
 * allocation-3d.test.ts, so the optimised code is not shaped by the other tests' shapes.
 */
import { describe, expect, it } from "vitest";
import {
  capsule,
  makeSweepHit,
  plane,
  sphere,
  sweepCapsuleSphere,
  sweepSphereCapsule,
  sweepSpherePlane,
  sweepSphereSphere,
  vec,
} from "../../src/3d/index.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

describe("no garbage with `out`", () => {
  it("each closed form's paths (hit, miss, touching at t = 0) allocate nothing when warm", () => {
    // A literal with the sweep hit's keys and a non-number t, as the full suite had somewhere (the
    // 2D sweep hit has the same keys): when the result was a literal too, V8 shared their hidden
    // class, t became tagged and each hit's t a fresh heap number (16 B per call, CI only).
    const foreign: unknown[] = [
      { t: "a", position: 1, point: 2, normal: 3, initiallyOverlapping: 4 },
      { x: null, y: 0, z: 0 },
    ];
    expect(foreign).toHaveLength(2);
    const out = makeSweepHit();
    const movers = [sphere(-10, 0.5, 0.5, 1), sphere(-10, 5, 0, 1), sphere(-1.5, 0, 0, 1)];
    const m = vec(20, 0.1, 0);
    const cap = capsule(vec(0, 0, -2), vec(0, 0, 2), 1);
    const ball = sphere(0, 0, 0.5, 1);
    // x = -5 (normal not unit): movers 0 and 1 hit it later, 2 moves away. y = 4.5: 1 touches it
    // at t = 0, 0 and 2 never reach it.
    const wall = plane(vec(-2, 0, 0), 10);
    const floor = plane(vec(0, 2, 0), 9);
    for (const [k, a] of movers.entries()) {
      const calls: [string, () => unknown][] = [
        ["sphere-sphere", () => sweepSphereSphere(a, m, ball, out)],
        ["sphere-capsule", () => sweepSphereCapsule(a, m, cap, out)],
        ["sphere-plane x", () => sweepSpherePlane(a, m, wall, out)],
        ["sphere-plane y", () => sweepSpherePlane(a, m, floor, out)],
        ["capsule-sphere", () => sweepCapsuleSphere(cap, m, a, out)],
      ];
      for (const [name, call] of calls) {
        expect(warmGarbagePerCall(call), `${name} ${k}`).toBeLessThan(1);
      }
    }
  });

  it("sphere vs capsule: hits on the side and on each end cap, in turn, allocate nothing when warm", () => {
    // The capsule (0, 0, -2)..(0, 0, 2), radius 1; spheres of radius 1 from x = -10 (side, at
    // t = 0.4), and from beyond each end, slanted so the closest points clamp to that end. A
    // clamp helper left out of line boxed its double here (16 B per hit in the bench scenes).
    const out = makeSweepHit();
    const cap = capsule(vec(0, 0, -2), vec(0, 0, 2), 1);
    const movers = [sphere(-10, 0, 0, 1), sphere(-6, 1, 9, 1), sphere(6, -1, -9, 1)];
    const motions = [vec(20, 0, 0), vec(12, -2, -14), vec(-12, 2, 14)];
    for (const [k, a] of movers.entries()) {
      const hit = sweepSphereCapsule(a, motions[k]!, cap, out);
      expect(hit?.initiallyOverlapping, `case ${k}`).toBe(false);
      // On the end cap for 1 and 2: the contact is beyond z = +-2.
      if (k > 0) expect(Math.abs(hit!.point.z), `case ${k}`).toBeGreaterThan(2);
    }
    let i = 0;
    const call = () => {
      i = i === 2 ? 0 : i + 1;
      return sweepSphereCapsule(movers[i]!, motions[i]!, cap, out);
    };
    expect(warmGarbagePerCall(call)).toBeLessThan(1);
  });
});
