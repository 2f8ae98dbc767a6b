/**
 * Garbage per call of 3D hull sweeps that start overlapping, given `out`, measured in a plain
 * Node process: `node --import tsx test/unit/sweep3d-overlap-probe.ts` prints one JSON array of
 * { name, outcome, bytes }. A child process for the reason allocation-2d-probe.ts gives: under
 * vitest's module transform V8 leaves more calls out of line and boxes their doubles, so one CI
 * run measured 192 B a call here that a game does not make.
 */
import { hull, makeSweepHit, sweepHullHull, type Vec, vec } from "../../src/3d/index.ts";
import type { Measured } from "./probe-process.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

/** The cube [x0, x0 + 2] x [y0, y0 + 2] x [z0, z0 + 2] as a hull of its 8 corners. */
export const cube = (x0: number, y0: number, z0: number) => {
  const pts: Vec[] = [];
  for (let k = 0; k < 8; k++)
    pts.push(vec(x0 + (k & 1 ? 2 : 0), y0 + (k & 2 ? 2 : 0), z0 + (k & 4 ? 2 : 0)));
  return hull(pts);
};

/**
 * Cubes that share a solid part of [0, 2]^3 whatever the motion: [1, 3]^3 (a corner cube),
 * [0.5, 2.5] x [1, 3] x [0, 2] (a slab) and [-1.5, 0.5] x [1.5, 3.5] x [-1, 1] (a corner).
 */
export const CASES: [string, ReturnType<typeof cube>][] = [
  ["corner cube", cube(1, 1, 1)],
  ["slab", cube(0.5, 1, 0)],
  ["corner", cube(-1.5, 1.5, -1)],
];
export const MOTIONS: Vec[] = [vec(0, -8, 0), vec(3, 1, -2), vec(0, 0, 0)];

if (process.argv[1]?.endsWith("sweep3d-overlap-probe.ts")) {
  const out = makeSweepHit();
  const b = cube(0, 0, 0);
  const rows: Measured[] = [];
  for (const [name, a] of CASES) {
    for (const m of MOTIONS) {
      const bytes = warmGarbagePerCall(() => sweepHullHull(a, m, b, out));
      rows.push({ name, outcome: `motion (${m.x}, ${m.y}, ${m.z})`, bytes });
    }
  }
  console.log(JSON.stringify(rows));
}
