/**
 * Bytes allocated per call, garbage included. Heap growth after a full GC shows only what is
 * kept; a query that boxes a double into a fresh heap number on every call grows nothing yet
 * allocates, and the young-generation collections it causes cost time. So this reads how far the
 * heap's used size moves across `reps` calls with no collection in between: after a full GC the
 * young generation is empty, and a run that triggers a scavenge drops the used size, so the
 * largest of several trials is the one that ran undisturbed. Needs `--expose-gc`.
 */
import { getHeapSpaceStatistics } from "node:v8";

/**
 * The young generation's used bytes: where garbage (boxed doubles, temporary objects) goes. The
 * old and code spaces also grow while V8 compiles a function that is still warming up, which is
 * not the call's allocation, so they are left out.
 */
function usedBytes(): number {
  let sum = 0;
  for (const s of getHeapSpaceStatistics()) {
    if (s.space_name === "new_space" || s.space_name === "new_large_object_space")
      sum += s.space_used_size;
  }
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

/**
 * Heap kept per frame in `windows` consecutive windows of `window` frames after `warm` frames,
 * full GC around each (bytes per frame): returns the first window and the mean of the last half.
 * A leak keeps every window about equal; V8 settling (feedback vectors, optimised code, a
 * buffer's last doubling) shows in the early windows only, one-off jumps of a few KB that
 * measured up to 20 windows after warm-up on a 1,000-body world before 25 windows of 0. So the
 * later half's mean is the steady state. NaN without `--expose-gc`.
 */
export function heapGrowthWindows(
  frame: () => unknown,
  warm: number,
  window: number,
  windows = 2,
): [number, number] {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return [Number.NaN, Number.NaN];
  for (let i = 0; i < warm; i++) frame();
  const grown = (): number => {
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < window; i++) frame();
    gc();
    gc();
    return (process.memoryUsage().heapUsed - before) / window;
  };
  const first = grown();
  const later = Math.max(1, windows >> 1);
  for (let w = 1; w < windows - later; w++) grown();
  let sum = 0;
  for (let w = 0; w < later; w++) sum += grown();
  return [first, sum / later];
}

/** A heap-growth cell: the two windows, "first → steady". */
export function heapCell(w: [number, number], digits = 1): string {
  return Number.isNaN(w[0])
    ? "n/a (no --expose-gc)"
    : `${w[0].toFixed(digits)} → ${w[1].toFixed(digits)}`;
}
