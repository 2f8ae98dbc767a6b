/**
 * Bytes allocated per call, garbage included. Heap growth after a full GC shows only what is
 * kept; a query that boxes a double into a fresh heap number on every call grows nothing yet
 * allocates, and the young-generation collections it causes cost time. So this reads how far the
 * heap's used size moves across `reps` calls with no collection in between: after a full GC the
 * young generation is empty, and a run that triggers a scavenge drops the used size, so the
 * largest of several trials is the one that ran undisturbed. Needs `--expose-gc`.
 */
import { getHeapSpaceStatistics } from "node:v8";

function usedBytes(): number {
  let sum = 0;
  for (const s of getHeapSpaceStatistics()) sum += s.space_used_size;
  return sum;
}

/** The cost of reading the counters themselves, measured with an empty call. */
let baseline = Number.NaN;

function trial(call: (i: number) => unknown, reps: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc (npm run bench does)");
  gc();
  const before = usedBytes();
  for (let i = 0; i < reps; i++) call(i);
  return usedBytes() - before;
}

/**
 * Bytes allocated per call of `call(i)` for i = 0..reps-1, after `warm` calls so the optimised
 * code is what runs; the largest of `trials` runs, less the counters' own allocation.
 */
export function allocatedPerCall(
  call: (i: number) => unknown,
  reps: number,
  warm = 200_000,
  trials = 5,
): number {
  if (Number.isNaN(baseline)) {
    const empty = (i: number): number => i;
    baseline = 0;
    for (let t = 0; t < trials; t++) baseline = Math.max(baseline, trial(empty, 1000));
  }
  for (let i = 0; i < warm; i++) call(i);
  let most = Number.NEGATIVE_INFINITY;
  for (let t = 0; t < trials; t++) most = Math.max(most, trial(call, reps));
  return Math.max(0, most - baseline) / reps;
}
