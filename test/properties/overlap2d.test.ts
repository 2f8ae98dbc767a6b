/**
 * The generic dispatcher `test(a, b)` against the exact overlap reference, for every ordered pair
 * of the 11 2D kinds: the boolean equals overlapExact(a, b), and test(a, b) === test(b, a).
 * Cases come from shapes2d-gen.ts, which mostly places the second shape touching or nearly
 * touching the first (lattice data, Pythagorean tangents, ulp-nudged snaps, grazing lines, 1e9
 * offsets, scales 1e-100 to 1e100, degenerate shapes).
 *
 * Count per pair: NUM_RUNS / 25 (4000 in CI, 40 000 with COLLIDE_DEEP=1; COLLIDE_RUNS=n gives
 * n / 25), so the 121 pairs take well under a couple of minutes on CI's 2 cores.
 */
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { test as overlaps } from "../../src/2d/dispatch.ts";
import { show } from "../reference/float-bits.ts";
import { overlapExact } from "../reference/overlap2d.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";
import { KINDS, shapePairOf } from "./shapes2d-gen.ts";

const RUNS_PER_PAIR = Math.max(1, Math.floor(NUM_RUNS / 25));

function checkPair([a, b]: [Shape, Shape]): void {
  const want = overlapExact(a, b);
  const ab = overlaps(a, b);
  const ba = overlaps(b, a);
  if (ab !== want || ba !== want) {
    throw new Error(
      `test(${a.kind}, ${b.kind}) = ${ab}, test(${b.kind}, ${a.kind}) = ${ba}, exact ${want}: ${show([a, b])}`,
    );
  }
}

describe("test(a, b) equals the exact overlap, both orders", () => {
  for (const ka of KINDS) {
    for (const kb of KINDS) {
      it(`${ka} vs ${kb}`, async () => {
        await assertProperty(`test ${ka} ${kb}`, shapePairOf(ka, kb), checkPair, RUNS_PER_PAIR);
      });
    }
  }
});
