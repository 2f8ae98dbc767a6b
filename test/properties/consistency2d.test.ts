/**
 * For every pair of solids: test(a, b) <=> distance(a, b) == 0 <=> contact(a, b) != null, in both
 * argument orders; contact's normal is unit, its depth >= 0, the reversed contact's normal is the
 * negated one, and closestPoints' distance is finite. Shapes come from the hard-case generators
 * (touching placements, lattice, tiny and huge frames).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { closestPoints, contact, distance, test } from "../../src/2d/dispatch.ts";
import { NUM_RUNS, settings } from "./config.ts";
import { type Kind, shapePairOf } from "./shapes2d-gen.ts";

const SOLIDS: Kind[] = ["circle", "capsule", "aabb", "box", "triangle", "polygon"];
const RUNS = Math.max(1, Math.floor(NUM_RUNS / 50));

describe("test <=> distance == 0 <=> contact != null, for every pair of solids", () => {
  for (const ka of SOLIDS) {
    for (const kb of SOLIDS) {
      it(`${ka} vs ${kb}`, () => {
        const { seed } = settings(`consistency ${ka} vs ${kb}`);
        fc.assert(
          fc.property(shapePairOf(ka, kb), ([a, b]) => {
            const hit = test(a, b);
            const d = distance(a, b);
            const c = contact(a, b);
            const r = contact(b, a);
            if ((d === 0) !== hit) throw new Error(`distance ${d} but test ${hit}`);
            if ((c !== null) !== hit || (r !== null) !== hit) throw new Error("contact != test");
            if (!Number.isFinite(closestPoints(a, b).distance))
              throw new Error("distance not finite");
            if (c !== null && r !== null) {
              const len = Math.hypot(c.normal.x, c.normal.y);
              if (!(Math.abs(len - 1) < 1e-9)) throw new Error(`normal length ${len}`);
              if (!(c.depth >= 0) || !Number.isFinite(c.depth)) throw new Error(`depth ${c.depth}`);
              if (c.aInB !== r.bInA || c.bInA !== r.aInB)
                throw new Error("containment flags not swapped");
            }
          }),
          { seed, numRuns: RUNS },
        );
      });
    }
  }
});
