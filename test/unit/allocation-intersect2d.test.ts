import { beforeAll, describe, expect, it } from "vitest";
import { intersectNames, type ProbeRow } from "./allocation-2d-probe.ts";
import { runAllocationProbe } from "./probe-process.ts";

/*
 * The promise of `out` for the 2D intersect queries: a line, ray or segment against every shape,
 * given `out`, makes no garbage once warm, on hitting and on missing inputs at game scales. All
 * rows run in one plain Node process (allocation-2d-probe.ts says why not under vitest), so the
 * shared cast (convex/raycast.ts) sees every kind. Before the exact signs took their arguments
 * through CROSS and DIST, linearHit boxed 96 to 160 B per call (its crossSign and normalize2
 * calls left out of line), rays against rays 64 B and rays against capsules up to 115 B.
 * A row at 1 B or more is measured again in up to three fresh processes (runAllocationProbe says
 * why) and keeps its lowest figure; the rows that needed it are printed as warnings.
 */

/** Outcomes the random scenes cannot produce: lines almost never miss each other. */
const RARE = new Set(["intersectLineLine miss"]);

describe("2D intersect queries given `out` allocate nothing per call once warm", () => {
  let rows: ProbeRow[] = [];
  beforeAll(async () => {
    rows = await runAllocationProbe<ProbeRow>("test/unit/allocation-2d-probe.ts", ["intersect"]);
  }, 15 * 60_000);
  for (const name of intersectNames()) {
    for (const outcome of ["hit", "miss"]) {
      const key = `${name} ${outcome}`;
      it(`${key}: under 1 byte per call`, () => {
        const row = rows.find((r) => r.name === name && r.outcome === outcome);
        expect(row, "measured").toBeDefined();
        if (RARE.has(key)) expect(row!.cases, "rare outcome").toBeLessThan(20);
        else expect(row!.cases, `${outcome} cases`).toBeGreaterThan(20);
        expect(row!.bytes).toBeLessThan(1);
      });
    }
  }
});
