/**
 * Garbage per call for the allocation tests: the growth of the young generation (where boxed
 * doubles and result objects go) with no collection in between. Growth of the old and code spaces
 * is V8 compiling, not the query, and is left out.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const REPS = 10_000;
const WARM = 20_000;
/** Rounds of more warm-up allowed while V8 is still compiling (concurrently, on a busy machine). */
const ROUNDS = 6;

function youngUsed(): number {
  for (const s of getHeapSpaceStatistics())
    if (s.space_name === "new_space") return s.space_used_size;
  return 0;
}

/** Young-generation growth across `run` after a full GC, counter's own allocation included. */
function youngGrowth(run: () => void): number {
  gc();
  const before = youngUsed();
  run();
  return youngUsed() - before;
}

/**
 * What a measurement allocates itself with nothing to measure (the statistics objects, made
 * after the size is read, and the call around `run`): about 2 KB, which was 100 B a frame over
 * 20 frames. The largest of 5 readings (the first, colder, is lower), taken off every trial.
 */
let overhead = Number.NaN;

/** Young-generation bytes allocated by `run`, the measurement's own allocation taken off. */
function youngAllocated(run: () => void): number {
  if (Number.isNaN(overhead)) {
    overhead = 0;
    for (let t = 0; t < 5; t++)
      overhead = Math.max(
        overhead,
        youngGrowth(() => {}),
      );
  }
  return Math.max(0, youngGrowth(run) - overhead);
}

/** Young-generation bytes per call, the largest of 3 trials (a scavenge only lowers a trial). */
function garbagePerCall(call: (i: number) => unknown): number {
  let most = 0;
  for (let t = 0; t < 3; t++) {
    most = Math.max(
      most,
      youngAllocated(() => {
        for (let i = 0; i < REPS; i++) call(i);
      }),
    );
  }
  return most / REPS;
}

/**
 * Bytes per warm call. Code still running unoptimised boxes every double, so a round that
 * allocates is followed by more warm-up until the optimised code runs (or the rounds run out).
 */
export function warmGarbagePerCall(call: (i: number) => unknown): number {
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS && least >= 1; round++) {
    for (let i = 0; i < WARM * (round + 1); i++) call(i);
    least = Math.min(least, garbagePerCall(call));
  }
  return least;
}

/**
 * Bytes per frame of a whole world step (frames cost far more than a query's call): the largest
 * of 3 runs of 20 frames after a full GC, the least over up to 6 rounds of 200 more warm frames
 * (a frame that meets code still compiling, or a pair within rounding of touching that goes to
 * the exact BigInt path, spikes one round); rounds stop once under `bound`.
 */
export function warmGarbagePerFrame(frame: () => unknown, bound: number): number {
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS && least >= bound; round++) {
    for (let i = 0; i < 200; i++) frame();
    let most = 0;
    for (let t = 0; t < 3; t++) {
      most = Math.max(
        most,
        youngAllocated(() => {
          for (let i = 0; i < 20; i++) frame();
        }),
      );
    }
    least = Math.min(least, most / 20);
  }
  return least;
}
