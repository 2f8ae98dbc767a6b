/**
 * How the property files run.
 *
 * - Cases: 1e5 per property, 1e6 with COLLIDE_DEEP=1; COLLIDE_RUNS=n overrides both.
 * - Seed: COLLIDE_SEED, else the clock; printed before each property. The runs go in chunks of
 *   25 000 (or the `chunk` given) with seeds seed, seed + 1, ... (so the test yields to vitest
 *   between chunks and a long run does not time out the worker's RPC); COLLIDE_SEED=<seed>
 *   replays all of them, and a failure also prints fast-check's own seed and path for the
 *   failing chunk. A file whose CI count is one chunk (chunk = that count) runs in CI exactly
 *   as one `fc.assert` with that seed and count would.
 * - COLLIDE_SURVEY=1: run every case without stopping or shrinking, group the failures by their
 *   message with the numbers blanked out, print a count and the first input of each group, and
 *   fail at the end if there were any (to see every distinct disagreement in one run).
 * - COLLIDE_TRACE=file: each input is appended to the file before it runs, so a hang names it.
 */
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { show } from "../reference/float-bits.ts";
import { defaultSeed } from "./config.ts";

export const NUM_RUNS: number = process.env.COLLIDE_RUNS
  ? Number(process.env.COLLIDE_RUNS)
  : process.env.COLLIDE_DEEP === "1"
    ? 1_000_000
    : 100_000;

const CHUNK = 25_000;

/** The seed for one property: COLLIDE_SEED when set, else the clock (kept to 31 bits). */
export function seedFor(name: string, numRuns: number): number {
  const env = process.env.COLLIDE_SEED;
  const seed = env !== undefined && env !== "" ? Number(env) : defaultSeed();
  console.log(`[property] ${name}: seed ${seed}, ${numRuns} runs (replay: COLLIDE_SEED=${seed})`);
  return seed;
}

type Failures = Map<string, { count: number; first: string }>;

/**
 * Asserts `check` (which throws on a violation) for NUM_RUNS generated cases, or `runs` when
 * given, in chunks of `chunk` cases, each its own `fc.assert`.
 */
export async function assertProperty<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  check: (value: T) => void,
  runs: number = NUM_RUNS,
  chunk: number = CHUNK,
): Promise<void> {
  const seed = seedFor(name, runs);
  const trace = process.env.COLLIDE_TRACE;
  const surveying = process.env.COLLIDE_SURVEY === "1";
  const failures: Failures = new Map();
  const run = (v: T): void => {
    if (trace) writeFileSync(trace, `${show(v)}\n`, { flag: "a" });
    if (!surveying) {
      check(v);
      return;
    }
    try {
      check(v);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const head = (message.split("\n")[0] ?? "").replace(/-?\d[\d.e+-]*/g, "#");
      const g = failures.get(head);
      if (g) g.count++;
      else failures.set(head, { count: 1, first: message });
    }
  };
  const size = Math.max(1, chunk);
  for (let done = 0, k = 0; done < runs; done += size, k++) {
    fc.assert(
      fc.property(arb, (v) => {
        run(v);
      }),
      { seed: seed + k, numRuns: Math.min(size, runs - done) },
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const [head, g] of failures) {
    console.log(`[survey] ${name}: ${g.count} x ${head}\n  first: ${g.first}`);
  }
  if (failures.size > 0) {
    throw new Error(`${name}: ${failures.size} kinds of failure (see [survey] lines)`);
  }
}

/** Counts of how often each labelled situation came up, printed after a property. */
export class Tally {
  private readonly counts = new Map<string, number>();
  constructor(private readonly name: string) {}
  add(label: string): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
  }
  print(): void {
    const parts = [...this.counts.entries()].sort().map(([k, v]) => `${k}=${v}`);
    console.log(`[property] ${this.name} cases: ${parts.join(", ")}`);
  }
}
