/**
 * Shared settings for the property tests: the case count (1e5 per query in CI, 1e6 with
 * COLLIDE_DEEP=1) and a seed that is printed, so any failure can be replayed with COLLIDE_SEED.
 */
export const NUM_RUNS: number = process.env.COLLIDE_DEEP ? 1_000_000 : 100_000;

export function settings(name: string): { seed: number; numRuns: number } {
  const seed = process.env.COLLIDE_SEED ? Number(process.env.COLLIDE_SEED) : defaultSeed();
  console.log(`[property] ${name}: seed ${seed}, ${NUM_RUNS} runs (replay: COLLIDE_SEED=${seed})`);
  return { seed, numRuns: NUM_RUNS };
}

/**
 * CI runs a fixed seed, so a landing is decided by the code and not by the clock; local runs
 * draw a new seed each time to keep finding new cases.
 */
export function defaultSeed(): number {
  return process.env.CI ? 20261122 : Date.now() % 2 ** 31;
}
