/**
 * Bytes allocated per call, garbage included. Heap growth after a full GC shows only what is
 * kept; a query that boxes a double into a fresh heap number on every call grows nothing yet
 * allocates, and the young-generation collections it causes cost time. So this reads how far the
 * heap's used size moves across `reps` calls with no collection in between: after a full GC the
 * young generation is empty, and a run that triggers a scavenge drops the used size, so the
 * largest of several trials is the one that ran undisturbed. Needs `--expose-gc`.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
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
 * The bytes the process keeps after a full GC: the JS heap but its code spaces (V8 compiling a
 * function late, say the first time a new branch runs hot, is not the program keeping data),
 * plus array buffers (a typed array's storage lives outside the heap, so a growing buffer shows
 * only there).
 */
export function keptBytes(gc: () => void): number {
  gc();
  gc();
  let sum = process.memoryUsage().arrayBuffers;
  for (const s of getHeapSpaceStatistics()) {
    if (!s.space_name.startsWith("code_")) sum += s.space_used_size;
  }
  return sum;
}

/**
 * Heap kept per frame in two consecutive windows of `window` frames after `warm` frames, full GC
 * around each (bytes per frame). V8 settling (feedback vectors, optimised code) and a scene
 * reaching states it never reached before (a buffer's next doubling) show as one-off jumps of a
 * few KB. NaN without `--expose-gc`.
 */
export function heapGrowthWindows(
  frame: () => unknown,
  warm: number,
  window: number,
): [number, number] {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return [Number.NaN, Number.NaN];
  for (let i = 0; i < warm; i++) frame();
  const grown = (): number => {
    const before = keptBytes(gc);
    for (let i = 0; i < window; i++) frame();
    return (keptBytes(gc) - before) / window;
  };
  const first = grown();
  return [first, grown()];
}

/** Frames per cycle of the worlds' periodic motion (`periodic()` in world-2d.ts, world-3d.ts). */
export const PERIOD = 100;

/**
 * How far a body swinging at top speed 1 is from its center at `phase` of the cycle: the
 * amplitude PERIOD / 2π gives that top speed.
 */
export function swingAt(phase: number): number {
  return (Math.sin((2 * Math.PI * phase) / PERIOD) * PERIOD) / (2 * Math.PI);
}

/**
 * Heap kept per frame in steady state, for a scene whose states recur every PERIOD frames:
 * `settle` cycles to settle, then the median of `cycles` cycles (bytes per frame, full GC around
 * each). A leak keeps in every cycle; V8 tiering a function up late keeps a few KB in one cycle
 * only. NaN without `--expose-gc`.
 */
export function steadyHeapGrowth(frame: () => unknown, cycles = 5, settle = 2): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Number.NaN;
  for (let i = 0; i < settle * PERIOD; i++) frame();
  const kept: number[] = [];
  for (let c = 0; c < cycles; c++) {
    const before = keptBytes(gc);
    for (let i = 0; i < PERIOD; i++) frame();
    kept.push((keptBytes(gc) - before) / PERIOD);
  }
  kept.sort((x, y) => x - y);
  return kept[cycles >> 1]!;
}

/** A scene the world benchmarks measure (bench/world-heap.ts). */
export type WorldScene = "2d" | "3d" | "3d-mixed";

/**
 * `steadyHeapGrowth` of one world scene alone in a fresh process (bench/world-heap.ts): in the
 * shared bench process the figure moved with the scenes measured before it. The child sweeps
 * after each full GC before returning (`--no-concurrent-sweeping`), so the used sizes read next
 * are final.
 */
export function steadyHeapInChild(scene: WorldScene, n: number, kind: string): number {
  const script = fileURLToPath(new URL("./world-heap.ts", import.meta.url));
  const flags = [...process.execArgv, "--no-concurrent-sweeping"];
  const child = spawnSync(process.execPath, [...flags, script, scene, String(n), kind], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (child.status !== 0) throw new Error(`world-heap ${scene} ${n} ${kind}: exit ${child.status}`);
  const lines = child.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]!) as number;
}

/** A heap-growth cell: the two windows, "first → second". */
export function heapCell(w: [number, number], digits = 1): string {
  return Number.isNaN(w[0])
    ? "n/a (no --expose-gc)"
    : `${w[0].toFixed(digits)} → ${w[1].toFixed(digits)}`;
}
