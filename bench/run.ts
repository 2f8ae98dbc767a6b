/**
 * `npm run bench`: each seed query against the article's float version (or the textbook float
 * formula where the article gives none) on the same seeded scenes, side by side in one process,
 * the peer groups, the sweeps, broadphase and world, and heap growth with `out` over 1e6 calls.
 * Writes BENCHMARKS.md. The groups live in their own modules (seeds.ts, peers-2d.ts, ...); this
 * file times them, each in a fresh process.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { do_not_optimize, measure } from "mitata";
import { exactEvaluations } from "../src/exact/bigint.ts";
import { allocatedPerCall, keptBytes } from "./allocation.ts";
import type { PeerContender } from "./peers-2d.ts";
import { N } from "./scenes.ts";
import type { Contender } from "./seeds.ts";

const ROUNDS = 7;

interface Row {
  name: string;
  ns: number;
  /** ns/op of each round, in round order (rounds interleave the contenders). */
  rounds: number[];
  hitRate: number;
  exact: number;
  /** Bytes allocated per op (garbage included), measured after the timing, when optimised. */
  bytes: number;
}

async function timeGroup(list: Contender[]): Promise<Row[]> {
  const samples: number[][] = list.map(() => []);
  // BigInt evaluations in one pass over the N pairs (mitata runs many passes per measurement).
  const exact: number[] = list.map((c) => {
    const before = exactEvaluations();
    c.pass();
    return exactEvaluations() - before;
  });
  // One untimed round first: the first measurements of a fresh process ran up to 1.5x slow while
  // V8 was still re-optimising (seen in per-round samples), and that is not per-query cost.
  for (const c of list) await measure(() => do_not_optimize(c.pass()), { min_cpu_time: 250e6 });
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order each round so no contender always runs first.
    const order = list.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const c = list[i]!;
      const stats = await measure(() => do_not_optimize(c.pass()), { min_cpu_time: 250e6 });
      samples[i]!.push(stats.avg / N);
    }
  }
  return list.map((c, i) => {
    let hits = 0;
    for (let k = 0; k < N; k++) if (c.hit(k)) hits++;
    const sorted = [...samples[i]!].sort((a, b) => a - b);
    const bytes = allocatedPerCall(() => c.pass(), 8, 20) / N;
    return {
      name: c.name,
      ns: sorted[ROUNDS >> 1]!,
      rounds: samples[i]!,
      hitRate: hits / N,
      exact: exact[i]!,
      bytes,
    };
  });
}

/** Allocation per op, to a tenth of a byte (a pass's own counters round to about 0.05). */
function bytesCell(bytes: number): string {
  return bytes < 0.5 ? "0" : bytes.toFixed(0);
}

/** Heap kept over 1e6 calls with `out` after warm-up: the median of three windows, full GC around each. */
function heapGrowth(call: (i: number) => unknown): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc (npm run bench does)");
  for (let i = 0; i < 200_000; i++) call(i & (N - 1));
  // keptBytes leaves out the code spaces: a run read 245,600 B here with 0 B allocated per call,
  // where heapUsed counted code V8 compiled during the million calls.
  // The median of three windows: one can hold a late compile's feedback or the setup's garbage.
  const kept: number[] = [];
  for (let w = 0; w < 3; w++) {
    const before = keptBytes(gc);
    for (let i = 0; i < 1_000_000; i++) call(i & (N - 1));
    kept.push(keptBytes(gc) - before);
  }
  return kept.sort((x, y) => x - y)[1]!;
}

/**
 * The median over rounds of a row's time over its baseline's in the same round: the two were
 * measured within a second of each other, so load that comes and goes on a shared machine
 * scales both (a ratio of whole-run medians can pair a quiet round with a loaded one).
 */
function medianRatio(row: Row, base: Row): number {
  const r = row.rounds.map((ns, k) => ns / base.rounds[k]!).sort((a, b) => a - b);
  return r[r.length >> 1]!;
}

/** A collide row's ratio to its group's baseline, for the targets list. */
interface Ratio {
  query: string;
  name: string;
  ratio: number;
}

/** One part of BENCHMARKS.md: its markdown lines and the seed targets it measured. */
interface Section {
  md: string[];
  ratios: Ratio[];
}

/** A seed query beside the article's (or the textbook) float version. */
async function seedSection(query: string, list: Contender[]): Promise<Section> {
  const md: string[] = [];
  const ratios: Ratio[] = [];
  const rows = await timeGroup(list);
  const baseline = rows[0]!;
  md.push(`## ${query}`);
  md.push("");
  md.push(
    `| contender | ns/op | ratio | hit rate | BigInt evaluations in one pass of ${N} pairs | bytes allocated per op |`,
  );
  md.push("|---|---:|---:|---:|---:|---:|");
  for (const [k, row] of rows.entries()) {
    const isTextbook = row.name.startsWith("textbook");
    const vs = list[k]!.vs;
    const base = vs
      ? rows.find((r) => r.name === vs.name)!
      : isTextbook
        ? row
        : row.name.includes("(out)")
          ? textbookFor(rows, baseline)
          : baseline;
    const ratio = medianRatio(row, base);
    if (row.name.startsWith("collide")) ratios.push({ query, name: row.name, ratio });
    const label = vs ? ` (${vs.label})` : base === baseline || row === base ? "" : " (vs textbook)";
    md.push(
      `| ${row.name} | ${row.ns.toFixed(1)} | ${ratio.toFixed(2)}x${label} | ${(100 * row.hitRate).toFixed(1)}% | ${row.exact} | ${bytesCell(row.bytes)} |`,
    );
  }
  const disagree = countDisagreements(list);
  md.push("");
  md.push(
    `Booleans that differ between the article's float version and collide on these ${N} pairs: ${disagree}.`,
  );
  md.push("");
  return { md, ratios };
}

// Peers: same seeded shapes for all; ratio to the fastest peer; answers compared with collide's.
async function peerSection(
  query: string,
  list: PeerContender[],
  report: PeerReport,
): Promise<Section> {
  const md: string[] = [];
  const rows = await timeGroup(list);
  const peers = rows.filter((r) => !r.name.startsWith("collide"));
  // A group with no peer (no library offers the query) still reports collide's time.
  const fastest = peers.length > 0 ? peers.reduce((a, b) => (b.ns < a.ns ? b : a)) : null;
  md.push(`## ${query} (peers)`);
  md.push("");
  md.push(
    "| contender | ns/op | ratio to the fastest peer | hit rate | pairs answered unlike collide | bytes allocated per op |",
  );
  md.push("|---|---:|---:|---:|---:|---:|");
  // A construction ("(out)") is compared with the fastest peer that also constructs one.
  const builders = rows.filter(
    (r, k) => !r.name.startsWith("collide") && list[k]!.value !== undefined,
  );
  const fastestBuilder =
    builders.length > 0 ? builders.reduce((a, b) => (b.ns < a.ns ? b : a)) : fastest;
  for (const [k, row] of rows.entries()) {
    let differ = 0;
    for (let i = 0; i < N; i++) if (list[k]!.hit(i) !== list[0]!.hit(i)) differ++;
    const base = row.name.includes("(out)") ? fastestBuilder : fastest;
    const mark = base !== fastest ? ` (vs ${base!.name})` : "";
    md.push(
      `| ${row.name} | ${row.ns.toFixed(1)} | ${base ? `${medianRatio(row, base).toFixed(2)}x${mark}` : "no peer"} | ${(100 * row.hitRate).toFixed(1)}% | ${differ} | ${bytesCell(row.bytes)} |`,
    );
  }
  md.push("");
  md.push(...report(query, list));
  return { md, ratios: [] };
}

/** Heap growth with `out` over 1e6 calls of each seed construction. */
function heapSection(heapCalls: [string, (i: number) => unknown][]): Section {
  const md: string[] = [];
  md.push("## Allocation with `out`");
  md.push("");
  md.push(
    "Heap kept over 1,000,000 calls after warm-up, the median of three such windows (full GC before and after each; V8's code spaces left out, array buffers counted); and the bytes a call allocates, garbage included (young-generation growth over 10,000 warm calls with no collection in between, the largest of 5 trials). The first row calls a function that does nothing: its figures are the measurement's own noise.",
  );
  md.push("");
  md.push("| query | heap growth over 1e6 calls (bytes) | allocated per call (bytes) |");
  md.push("|---|---:|---:|");
  for (const [name, call] of heapCalls) {
    const kept = heapGrowth(call);
    const bytes = allocatedPerCall((i) => call(i & (N - 1)), 10_000);
    md.push(`| ${name} | ${kept} | ${bytes.toFixed(2)} |`);
  }
  md.push("");
  return { md, ratios: [] };
}

/** A peer module's lines under a group's table: what each contender answers, and disagreements. */
type PeerReport = (query: string, list: PeerContender[]) => string[];

/** One part of BENCHMARKS.md: its id (what BENCH_ONLY matches) and how to measure it. */
interface SectionDef {
  id: string;
  run: () => Promise<Section>;
}

function peerDefs(groups: Record<string, PeerContender[]>, report: PeerReport): SectionDef[] {
  return Object.entries(groups).map(([q, list]) => ({
    id: `peer:${q}`,
    run: () => peerSection(q, list, report),
  }));
}

/**
 * Every part of the bench, by the module that builds its scenes, in BENCHMARKS.md's order. Each
 * part is measured in a fresh process that imports only its own module: V8's type feedback from
 * one group (three.js's Vector3 methods see many object shapes across groups, and so do collide's
 * generic paths) otherwise changes another group's optimised code, which moved rows by up to 1.5x
 * between runs; and the other modules' scenes and peer worlds in the same heap slowed every row
 * of a group, collide's and the peers' alike (ray vs aabb in a scratch: collide 12.8 ns with only
 * its own module, 23.9 with peers-2d.ts imported as well; three.js 12.0 and 16.8).
 */
const MODULES: Record<string, () => Promise<SectionDef[]>> = {
  seeds: async () => {
    const m = await import("./seeds.ts");
    return Object.entries(m.seedGroups).map(([q, list]) => ({
      id: `seed:${q}`,
      run: () => seedSection(q, list),
    }));
  },
  "peers-2d": async () => {
    const m = await import("./peers-2d.ts");
    return peerDefs(m.peerGroups, m.peerReport);
  },
  "peers-3d": async () => {
    const m = await import("./peers-3d.ts");
    return peerDefs(m.peerGroups3, m.peerReport3);
  },
  "mesh-3d": async () => {
    const m = await import("./mesh-3d.ts");
    return peerDefs(m.meshPeerGroups, m.meshPeerReport);
  },
  "overlap-3d": async () => {
    const m = await import("./overlap-3d.ts");
    return peerDefs(m.overlapPeerGroups, m.overlapPeerReport);
  },
  "contact-3d-sphere": async () => {
    const m = await import("./contact-3d-sphere.ts");
    return peerDefs(m.contactSpherePeerGroups, (_q, list) => m.contactSpherePeerReport(list));
  },
  "contact-3d-box": async () => {
    const m = await import("./contact-3d-box.ts");
    return peerDefs(m.contactBoxPeerGroups, (_q, list) => m.contactBoxPeerReport(list));
  },
  // 3D sweeps (no peer offers them; groups beside the textbook float formula).
  "sweep-3d": async () => {
    const m = await import("./sweep-3d.ts");
    return [{ id: "sweep", run: async () => ({ md: await m.benchSweep3d(), ratios: [] }) }];
  },
  broadphase: async () => {
    const m = await import("./broadphase.ts");
    return [{ id: "broadphase", run: async () => ({ md: await m.benchBroadphase(), ratios: [] }) }];
  },
  world: async () => {
    const w2 = await import("./world-2d.ts");
    const w3 = await import("./world-3d.ts");
    return [
      {
        id: "world",
        run: async () => ({
          md: [...(await w2.benchWorld2d()), ...(await w3.benchWorld3d())],
          ratios: [],
        }),
      },
    ];
  },
  heap: async () => {
    const m = await import("./seeds.ts");
    return [{ id: "heap", run: async () => heapSection(m.heapCalls) }];
  },
};

const MARK = "@@bench-section@@";

/**
 * Runs one section in a child process (same flags) that imports only `module`, and reads back its
 * markdown and ratios.
 */
function runIsolated(module: string, id: string): Section {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_MODULE: module, BENCH_SECTION: id },
    encoding: "utf8",
    maxBuffer: 1 << 28,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const at = child.stdout.lastIndexOf(MARK);
  if (child.status !== 0 || at < 0) {
    throw new Error(`bench section ${id} failed (exit ${child.status}):\n${child.stdout}`);
  }
  return JSON.parse(child.stdout.slice(at + MARK.length)) as Section;
}

async function main(): Promise<void> {
  const one = process.env.BENCH_SECTION;
  if (one) {
    const module = process.env.BENCH_MODULE ?? "";
    const def = (await MODULES[module]?.())?.find((d) => d.id === one);
    if (!def) throw new Error(`no bench section ${one} in module ${module}`);
    console.log(MARK + JSON.stringify(await def.run()));
    return;
  }
  // Every section's module and id, in order (this process imports every module to list them, and
  // times nothing itself).
  const all: [string, string][] = [];
  for (const [module, load] of Object.entries(MODULES)) {
    for (const def of await load()) all.push([module, def.id]);
  }
  // BENCH_ONLY=<part of a section's id> measures those sections, each in its own process as a full
  // run does, and prints them, leaving BENCHMARKS.md alone (e.g. "seed:segment vs segment",
  // "peer:ray vs", "world").
  const only = process.env.BENCH_ONLY;
  if (only) {
    for (const [module, id] of all) {
      if (id.includes(only)) console.log(runIsolated(module, id).md.join("\n"));
    }
    return;
  }
  const started = Date.now();
  const md: string[] = [];
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  md.push("# Benchmarks");
  md.push("");
  md.push("Written by `npm run bench` (bench/run.ts); do not edit by hand.");
  md.push("");
  md.push(`- date: ${new Date().toISOString()}`);
  md.push(`- node ${process.version}, ${cpu}, ${cpus().length} cores`);
  md.push(
    `- scenes: ${N} seeded pairs per query (bench/scenes.ts), typical game data within ±1000; each figure is the median of ${ROUNDS} mitata measurements of a pass over all pairs after one untimed round, contenders interleaved in one process, and each ratio the median of the ${ROUNDS} rounds' ratios; each group (and the sweeps, broadphase, world and heap parts) runs in a fresh process that imports only its own module's scenes, so no group's type feedback or objects reach another's; every library's objects are built list by list from the finished scenes (bench/relayout.ts for collide's 3D shapes), so none reads objects scattered among a scene loop's temporaries`,
  );
  md.push(
    "- ratio: time / the article's float version (or the textbook float formula, marked, where the article gives none)",
  );
  md.push("");
  const ratios: Ratio[] = [];
  for (const [module, id] of all) {
    const part = runIsolated(module, id);
    md.push(...part.md);
    ratios.push(...part.ratios);
    console.log(`${id}: done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  md.push("## Targets");
  md.push("");
  md.push("Every exact query at most 1.5x the time of the article's float version:");
  md.push("");
  for (const r of ratios) {
    md.push(
      `- ${r.query}, ${r.name}: ${r.ratio.toFixed(2)}x ${r.ratio <= 1.5 ? "(met)" : "(NOT met)"}`,
    );
  }
  md.push("");
  md.push(`Total bench time: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  writeFileSync(new URL("../BENCHMARKS.md", import.meta.url), `${md.join("\n")}\n`);
  console.log(md.join("\n"));
}

/** The textbook float row of a group, when there is one; constructions compare against it. */
function textbookFor(rows: Row[], fallback: Row): Row {
  return rows.find((r) => r.name.startsWith("textbook")) ?? fallback;
}

function countDisagreements(list: Contender[]): number {
  const article = list[0]!;
  const ours = list.find((c) => c.name.startsWith("collide"))!;
  let n = 0;
  for (let i = 0; i < N; i++) if (article.hit(i) !== ours.hit(i)) n++;
  return n;
}

await main();
