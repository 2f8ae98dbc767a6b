/**
 * testCapsuleAabb's start-end filter (a within r of the box: hit; a beyond r and b beyond r
 * along n = a - clamp(a): miss) and the paths behind it: hand-derived answers at the filter's
 * edges (touching at either end, a far start end, tiny radii whose squares underflow, overflow)
 * and decimal inputs one ulp either side of touching, checked against the exact reference.
 */
import { describe, expect, it } from "vitest";
import { aabb, capsule, testCapsuleAabb } from "../../src/3d/index.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";
import { overlapRef } from "../reference/overlap3d.ts";

const V = (x: number, y: number, z: number) => ({ x, y, z });
const unit = aabb(V(0, 0, 0), V(1, 1, 1));

describe("testCapsuleAabb at the start-end filter's edges", () => {
  it("a capsule standing on the top face: its foot exactly r above touches, an ulp higher misses", () => {
    // Foot (0.5, 0.5, 1.25), r = 0.25: the foot is the nearest point, exactly r from the face.
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, 1.25), V(0.5, 0.5, 3), 0.25), unit)).toBe(true);
    const up = nextUp(1.25);
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, up), V(0.5, 0.5, 3), 0.25), unit)).toBe(false);
  });

  it("the start end far above, the far end exactly r above: a hit; an ulp higher, a miss", () => {
    // The start end alone certifies nothing: the end b decides.
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, 3), V(0.5, 0.5, 1.25), 0.25), unit)).toBe(true);
    const up = nextUp(1.25);
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, 3), V(0.5, 0.5, up), 0.25), unit)).toBe(false);
  });

  it("the start end far away, the segment through the box: a hit", () => {
    expect(testCapsuleAabb(capsule(V(3, 0.5, 0.5), V(-3, 0.5, 0.5), 0.1), unit)).toBe(true);
  });

  it("the start end far away, the segment tilted away from the box: a miss", () => {
    // From (3, 0.5, 0.5) up and out to (4, 0.5, 5): every point at least 2 from the face x = 1.
    expect(testCapsuleAabb(capsule(V(3, 0.5, 0.5), V(4, 0.5, 5), 1.9), unit)).toBe(false);
    expect(testCapsuleAabb(capsule(V(3, 0.5, 0.5), V(4, 0.5, 5), 2), unit)).toBe(true);
  });

  it("a segment passing the edge x = y = 1 at distance 1/sqrt(2): decided by r^2 against 1/2", () => {
    // The line x + y = 3 (z = 0.5) is 1/sqrt(2) from the edge; both ends are 2 from the box.
    // Math.SQRT1_2 is above 1/sqrt(2) (its square exceeds 1/2), the double below it is under.
    const p = V(3, 0, 0.5);
    const q = V(0, 3, 0.5);
    expect(testCapsuleAabb(capsule(p, q, Math.SQRT1_2), unit)).toBe(true);
    expect(testCapsuleAabb(capsule(p, q, nextDown(Math.SQRT1_2)), unit)).toBe(false);
  });

  it("a radius 2^-600 (r^2 underflows to 0) with the start end 2^500 away", () => {
    // Box z in [-1, 0]; the far end 2^-600 above the top face touches; one ulp higher misses.
    const b = aabb(V(0, 0, -1), V(1, 1, 0));
    const r = 2 ** -600;
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, 2 ** 500), V(0.5, 0.5, r), r), b)).toBe(true);
    const up = nextUp(r);
    expect(testCapsuleAabb(capsule(V(0.5, 0.5, 2 ** 500), V(0.5, 0.5, up), r), b)).toBe(false);
  });

  it("coordinates near 1e300 (squares and differences overflow)", () => {
    // Through the box from 1e300 above to 1e300 below: a hit. Straight up from 1e300, radius
    // 1e299: a miss (the nearest point is 1e300 - 1 from the box).
    const through = capsule(V(0.5, 0.5, 1e300), V(0.5, 0.5, -1e300), 1);
    expect(testCapsuleAabb(through, unit)).toBe(true);
    const above = capsule(V(0.5, 0.5, 1e300), V(0.5, 0.5, 1.5e300), 1e299);
    expect(testCapsuleAabb(above, unit)).toBe(false);
  });
});

describe("testCapsuleAabb on decimal inputs", () => {
  it("feet at decimal heights top + r, an ulp either side, either end first, equal the exact reference", () => {
    // top + r rounds, so which side of touching the foot lands on is not visible in decimal.
    const tops = [0.1, 0.3, 1.1, 2.7, -0.3];
    const rs = [0.7, 0.1, 0.2, 0.3];
    const feet = [V(0.2, 0.9, 0), V(1.3, 0.4, 0), V(-0.1, 1.2, 0)];
    let hits = 0;
    let checked = 0;
    for (const top of tops) {
      const b = aabb(V(0, 0, top - 1), V(1.1, 1.1, top));
      for (const r of rs) {
        for (const f of feet) {
          for (const shift of [-1, 0, 1]) {
            let z = top + r;
            if (shift < 0) z = nextDown(z);
            if (shift > 0) z = nextUp(z);
            const foot = V(f.x, f.y, z);
            const head = V(f.x + 0.3, f.y - 0.2, z + 1.7);
            for (const [p, q] of [
              [foot, head],
              [head, foot],
            ] as const) {
              const c = capsule(p, q, r);
              const want = overlapRef(
                { kind: "capsule", a: c.a, b: c.b, radius: r },
                { kind: "aabb", min: b.min, max: b.max },
              );
              expect(testCapsuleAabb(c, b)).toBe(want);
              if (want) hits++;
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBe(360);
    // Both answers occur (feet over the face touch or just miss; the others mostly miss).
    expect(hits).toBeGreaterThan(30);
    expect(hits).toBeLessThan(330);
  });
});
