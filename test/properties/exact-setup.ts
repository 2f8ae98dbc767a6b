/**
 * How the property files run: 1e5 cases per property (1e6 with COLLIDE_DEEP=1; COLLIDE_RUNS=n
 * overrides both, for quick local runs), a seed from
 * COLLIDE_SEED or the clock, printed before each property so any failure replays exactly with
 * COLLIDE_SEED=<seed> (and fast-check's own path, printed on failure).
 */
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { show } from "../reference/float-bits.ts";

export const NUM_RUNS: number = process.env.COLLIDE_RUNS
  ? Number(process.env.COLLIDE_RUNS)
  : process.env.COLLIDE_DEEP === "1"
    ? 1_000_000
    : 100_000;

/** The seed for one property: COLLIDE_SEED when set, else the clock (kept to 31 bits). */
export function seedFor(name: string, numRuns: number): number {
  const env = process.env.COLLIDE_SEED;
  const seed = env !== undefined && env !== "" ? Number(env) : Date.now() % 2 ** 31;
  console.log(`[property] ${name}: seed ${seed}, ${numRuns} runs (replay: COLLIDE_SEED=${seed})`);
  return seed;
}

/**
 * Asserts `check` (which throws on a violation) for NUM_RUNS generated cases, or `runs` when
 * given (for fixtures or slower derived checks).
 */
export function assertProperty<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  check: (value: T) => void,
  runs: number = NUM_RUNS,
): void {
  const seed = seedFor(name, runs);
  const trace = process.env.COLLIDE_TRACE;
  // COLLIDE_TRACE=file: each input is written before it runs, so a hang names its input.
  const run = trace
    ? (v: T) => {
        writeFileSync(trace, `${show(v)}\n`, { flag: "a" });
        check(v);
      }
    : check;
  if (process.env.COLLIDE_SURVEY === "1") {
    survey(name, arb, run, seed, runs);
    return;
  }
  fc.assert(
    fc.property(arb, (v) => {
      run(v);
    }),
    { seed, numRuns: runs },
  );
}

/**
 * COLLIDE_SURVEY=1: run every case without stopping or shrinking, group the failures by their
 * message with the numbers blanked out, print a count and the first input of each group, and
 * fail at the end if there were any. For finding every distinct disagreement in one run.
 */
function survey<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  check: (value: T) => void,
  seed: number,
  runs: number,
): void {
  const groups = new Map<string, { count: number; first: string }>();
  fc.assert(
    fc.property(arb, (v) => {
      try {
        check(v);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        const head = (message.split("\n")[0] ?? "").replace(/-?\d[\d.e+-]*/g, "#");
        const g = groups.get(head);
        if (g) g.count++;
        else groups.set(head, { count: 1, first: message });
      }
    }),
    { seed, numRuns: runs },
  );
  for (const [head, g] of groups) {
    console.log(`[survey] ${name}: ${g.count} x ${head}\n  first: ${g.first}`);
  }
  if (groups.size > 0)
    throw new Error(`${name}: ${groups.size} kinds of failure (see [survey] lines)`);
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
