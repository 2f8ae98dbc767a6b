import { beforeAll, describe, expect, it } from "vitest";
import { RAY_SHAPES, type RayProbeRow } from "./allocation-rays3d-probe.ts";
import { runAllocationProbe } from "./probe-process.ts";

/*
 * Issue 4: the 3D ray queries make no garbage once warm. Each intersectRay* with `out` and each
 * testRay*, on hitting and on missing rays at game scales (shapes about 1 to 50 units across, rays
 * from up to 200 units away, unit and non-unit directions), allocates under 1 byte per call over
 * 10,000 warm calls. Before the calls are measured every function also runs without `out` (a new
 * result per call), as the benchmark's answer checks do. The rows run in a plain Node process
 * (allocation-rays3d-probe.ts); a row at 1 B or more is measured again in up to three fresh
 * processes and keeps its lowest figure (runAllocationProbe). Vitest's own code makes object literals
 * whose keys match our result objects' (`{ t: ..., 3 more }`, `{ x: ..., y, z }`), which V8 gives
 * the same hidden class: before the results became class instances (src/3d/results.ts), every hit
 * made 16 bytes per field so shared (`t`), as the full benchmark's 15 bytes per
 * intersectRayTriangle call did; the probe makes such literals too.
 */

/*
 * Rows that allocated until fixed: a mesh hit stored into the literal `found` in src/3d/mesh.ts,
 * 16 bytes per hit once a foreign `{ t, 5 more }` existed (now a class, and the probe makes such a
 * literal). The capsule rows made 270 to 580 bytes per call until its test became one float
 * filter fed by a typed array (query/linear-form.ts formWithinCapsule).
 */

describe("3D ray queries allocate nothing per call once warm (issue 4)", () => {
  let rows: RayProbeRow[] = [];
  beforeAll(async () => {
    rows = await runAllocationProbe<RayProbeRow>("test/unit/allocation-rays3d-probe.ts", []);
  }, 15 * 60_000);
  for (const shape of RAY_SHAPES) {
    for (const name of [`intersectRay ${shape}`, `testRay ${shape}`]) {
      for (const outcome of ["hit", "miss"]) {
        const key = `${name} ${outcome}`;
        it(`${key}: under 1 byte per call${name.startsWith("intersect") ? " with out" : ""}`, () => {
          const row = rows.find((r) => r.name === name && r.outcome === outcome);
          expect(row, "measured").toBeDefined();
          expect(row!.cases).toBe(512);
          expect(row!.wrong, "pairs that do not match their label").toBe(0);
          expect(row!.bytes, `${row!.bytes} B`).toBeLessThan(1);
        });
      }
    }
  }
});
