import { beforeAll, describe, expect, it } from "vitest";
import { type ProbeRow, sweepNames } from "./allocation-2d-probe.ts";
import { runAllocationProbe } from "./probe-process.ts";

/*
 * The promise of `out`: a 2D sweep given `out` makes no garbage once warm, on hitting, missing and
 * initially overlapping inputs at game scales. Every mover against every static shape runs in one
 * plain Node process (allocation-2d-probe.ts says why not under vitest), so the shared sweep
 * engine sees every kind, as in a game. Fixed so far, each a double crossing a call V8 did not
 * inline (so boxed): Math.hypot, which V8 never inlines (100 to 1600 B per call); a helper's
 * doubles (32 B per start in contact); the line's point and direction passed to the exact line
 * test (64 B); and against rays, the exact signs of the ray tests (25 to 100 B), which now take
 * objects and write their doubles to CROSS and DIST.
 * A row at 1 B or more is measured again in up to three fresh processes (runAllocationProbe says
 * why) and keeps its lowest figure; the rows that needed it are printed as warnings.
 */

describe("2D sweeps given `out` allocate nothing per call once warm", () => {
  let rows: ProbeRow[] = [];
  beforeAll(async () => {
    rows = await runAllocationProbe<ProbeRow>("test/unit/allocation-2d-probe.ts", ["sweep"]);
  }, 15 * 60_000);
  for (const name of sweepNames()) {
    for (const outcome of ["hit", "miss", "start"]) {
      it(`${name} ${outcome}: under 1 byte per call`, () => {
        const row = rows.find((r) => r.name === name && r.outcome === outcome);
        expect(row, "measured").toBeDefined();
        expect(row!.cases, `${outcome} cases`).toBeGreaterThan(100);
        expect(row!.bytes).toBeLessThan(1);
      });
    }
  }
});
