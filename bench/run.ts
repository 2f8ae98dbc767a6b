/**
 * `npm run bench`: each seed query against the article's float version (or the textbook float
 * formula where the article gives none) on the same seeded scenes, side by side in one process,
 * and heap growth with `out` over 1e6 calls. Writes BENCHMARKS.md.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { do_not_optimize, measure } from "mitata";
import * as c2 from "../src/2d/index.ts";
import * as c3 from "../src/3d/index.ts";
import { exactEvaluations } from "../src/exact/bigint.ts";
import { allocatedPerCall, keptBytes } from "./allocation.ts";
import * as art from "./articles.ts";
import { benchBroadphase } from "./broadphase.ts";
import { contactBoxPeerGroups, contactBoxPeerReport } from "./contact-3d-box.ts";
import { contactSpherePeerGroups, contactSpherePeerReport } from "./contact-3d-sphere.ts";
import { meshPeerGroups, meshPeerReport } from "./mesh-3d.ts";
import { overlapPeerGroups, overlapPeerReport } from "./overlap-3d.ts";
import { type PeerContender, peerGroups, peerReport } from "./peers-2d.ts";
import { peerGroups3, peerReport3 } from "./peers-3d.ts";
import {
  lineRayPairs,
  N,
  segmentCircles,
  segmentPairs,
  sphereLines,
  trianglePairs,
} from "./scenes.ts";
import { benchSweep3d } from "./sweep-3d.ts";
import { benchWorld2d } from "./world-2d.ts";
import { benchWorld3d } from "./world-3d.ts";

// The scenes in collide's shape layouts (plain objects; no constructor cost in the loops).
const segs1 = segmentPairs.map((p) => ({ a: p.a1, b: p.b1 }));
const segs2 = segmentPairs.map((p) => ({ a: p.a2, b: p.b2 }));
const lines = lineRayPairs.map((p) => ({ point: p.lp, dir: p.ld }));
const rays = lineRayPairs.map((p) => ({ origin: p.ro, dir: p.rd }));
const tris1 = trianglePairs.map((p) => p.t1);
const tris2 = trianglePairs.map((p) => p.t2);
const circ1 = tris1.map((t) => {
  const c = { x: 0, y: 0, r: 0 };
  art.circumcircle(t, c);
  return c;
});
const circ2 = tris2.map((t) => {
  const c = { x: 0, y: 0, r: 0 };
  art.circumcircle(t, c);
  return c;
});
const lasers = segmentCircles.map((p) => ({ a: p.a, b: p.b }));
const targets = segmentCircles.map((p) => ({ center: p.c, radius: p.r }));
const spheres = sphereLines.map((p) => ({ center: p.c, radius: p.r }));
const lines3 = sphereLines.map((p) => ({ point: p.lp, dir: p.ld }));

// Reused result objects: with `out`, collide allocates nothing.
const segOut = c2.intersectSegmentSegment(c2.segment(0, 0, 2, 2), c2.segment(0, 2, 2, 0))!;
const rayOut = c2.intersectLineRay(c2.line(0, 0, 1, 0), c2.ray(0, 1, 0, -1))!;
const triOut = c2.contactTriangleTriangle(
  c2.triangle(0, 0, 2, 0, 0, 2),
  c2.triangle(0, 0, 2, 0, 0, 2),
)!;
const circleOut = c2.intersectSegmentCircle(c2.segment(-2, 0, 2, 0), c2.circle(0, 0, 1))!;
const sweepOut = c3.sweepSphereLine(
  c3.sphere(0, 2, 0, 1),
  { x: 0, y: -2, z: 0 },
  c3.line(0, 0, 0, 1, 0, 0),
)!;

interface Contender {
  name: string;
  /** One pass over all N pairs; returns the number of hits. */
  pass: () => number;
  /** Whether pair i hits (for the hit rate and the agreement count). */
  hit: (i: number) => boolean;
  /** The float row that does the same work, when it is not the group's first: its name and a label. */
  vs?: { name: string; label: string };
}

// One loop per contender, so every call site stays monomorphic.
const contenders: Record<string, Contender[]> = {
  "segment vs segment": [
    {
      name: "article ColSegments (float, eps 1e-5)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentPairs[i]!;
          if (art.colSegments(p.a1, p.b1, p.a2, p.b2)) h++;
        }
        return h;
      },
      hit: (i) => art.colSegments(segs1[i]!.a, segs1[i]!.b, segs2[i]!.a, segs2[i]!.b),
    },
    {
      name: "collide testSegmentSegment",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testSegmentSegment(segs1[i]!, segs2[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testSegmentSegment(segs1[i]!, segs2[i]!),
    },
    {
      name: "textbook float crossing (t1, t2, point, normal)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentPairs[i]!;
          if (art.intersectSegmentsTextbook(p.a1, p.b1, p.a2, p.b2)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = segmentPairs[i]!;
        return art.intersectSegmentsTextbook(p.a1, p.b1, p.a2, p.b2);
      },
    },
    {
      name: "collide intersectSegmentSegment (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c2.intersectSegmentSegment(segs1[i]!, segs2[i]!, segOut)) h++;
        return h;
      },
      hit: (i) => c2.intersectSegmentSegment(segs1[i]!, segs2[i]!) !== null,
    },
  ],
  "line vs ray": [
    {
      name: "article intercect (float, EPSILON 1e-5)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = lineRayPairs[i]!;
          if (art.intersectLineRayArticle(p.lp, p.ld, p.ro, p.rd)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = lineRayPairs[i]!;
        return art.intersectLineRayArticle(p.lp, p.ld, p.ro, p.rd);
      },
    },
    {
      name: "collide testLineRay",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testLineRay(lines[i]!, rays[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testLineRay(lines[i]!, rays[i]!),
    },
    {
      name: "collide intersectLineRay (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.intersectLineRay(lines[i]!, rays[i]!, rayOut)) h++;
        return h;
      },
      hit: (i) => c2.intersectLineRay(lines[i]!, rays[i]!) !== null,
    },
  ],
  "triangle vs triangle": [
    {
      name: "article colTriangleTriangle2D (float SAT)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (art.colTriangleTriangle(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => art.colTriangleTriangle(tris1[i]!, tris2[i]!),
    },
    {
      name: "article + circumcircle pre-check, circles per call",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (art.colTriangleTriangleCircles(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => art.colTriangleTriangleCircles(tris1[i]!, tris2[i]!),
    },
    {
      name: "article + circumcircle pre-check, circles cached",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (art.colTriangleTrianglePrecomputed(tris1[i]!, circ1[i]!, tris2[i]!, circ2[i]!)) h++;
        }
        return h;
      },
      hit: (i) => art.colTriangleTrianglePrecomputed(tris1[i]!, circ1[i]!, tris2[i]!, circ2[i]!),
    },
    {
      name: "collide testTriangleTriangle",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testTriangleTriangle(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testTriangleTriangle(tris1[i]!, tris2[i]!),
    },
    {
      name: "collide boundingCircle per call + testTriangleTriangle",
      // Like for like: the article's pre-check also computes both circles per call, then tests.
      vs: {
        name: "article + circumcircle pre-check, circles per call",
        label: "vs circles per call",
      },
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (circlesThenTest(i)) h++;
        return h;
      },
      // Outside the timed pass: the bounding-circle reject must never reject a hit.
      hit: (i) => {
        const hit = c2.testTriangleTriangle(tris1[i]!, tris2[i]!);
        if (hit && !circlesThenTest(i))
          throw new Error("the bounding-circle reject rejected a hit");
        return hit;
      },
    },
    {
      name: "textbook float MTV (SAT, normalised axes)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (art.mtvTriangleTriangle(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => art.mtvTriangleTriangle(tris1[i]!, tris2[i]!),
    },
    {
      name: "collide contactTriangleTriangle (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c2.contactTriangleTriangle(tris1[i]!, tris2[i]!, triOut)) h++;
        return h;
      },
      hit: (i) => c2.contactTriangleTriangle(tris1[i]!, tris2[i]!) !== null,
    },
  ],
  "segment vs circle": [
    {
      name: "article (normalise, cross, dots, endpoint lengths)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentCircles[i]!;
          if (art.segmentCircleArticle(p.a, p.b, p.c, p.r)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = segmentCircles[i]!;
        return art.segmentCircleArticle(p.a, p.b, p.c, p.r);
      },
    },
    {
      name: "collide testSegmentCircle",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testSegmentCircle(lasers[i]!, targets[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testSegmentCircle(lasers[i]!, targets[i]!),
    },
    {
      name: "textbook float quadratic (t, point, normal)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentCircles[i]!;
          if (art.intersectSegmentCircleTextbook(p.a, p.b, p.c, p.r)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = segmentCircles[i]!;
        return art.intersectSegmentCircleTextbook(p.a, p.b, p.c, p.r);
      },
    },
    {
      name: "collide intersectSegmentCircle (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c2.intersectSegmentCircle(lasers[i]!, targets[i]!, circleOut)) h++;
        return h;
      },
      hit: (i) => c2.intersectSegmentCircle(lasers[i]!, targets[i]!) !== null,
    },
  ],
  "sphere sweep vs line (3D)": [
    {
      name: "article CalcSphereLineCollision (float)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = sphereLines[i]!;
          if (art.calcSphereLineCollision(p.r, p.c, p.end, p.lp, p.ld)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = sphereLines[i]!;
        return art.calcSphereLineCollision(p.r, p.c, p.end, p.lp, p.ld);
      },
    },
    {
      name: "collide sweepSphereLine (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (c3.sweepSphereLine(spheres[i]!, sphereLines[i]!.m, lines3[i]!, sweepOut)) h++;
        }
        return h;
      },
      hit: (i) => c3.sweepSphereLine(spheres[i]!, sphereLines[i]!.m, lines3[i]!) !== null,
    },
    {
      name: "collide testLineSphere (static, at t = 0)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c3.testLineSphere(lines3[i]!, spheres[i]!)) h++;
        return h;
      },
      hit: (i) => c3.testLineSphere(lines3[i]!, spheres[i]!),
    },
  ],
};

/**
 * The article's pre-check with collide's bounding circles (their distance against the sum of
 * radii, padded by 2^-50 twice so float rounding never rejects a pair whose circles touch), then
 * the exact test. The reject is its own function: the same
 * lines with the test inside one function measured 1.4x slower in a scratch A/B when
 * boundingCircle was still small enough to inline (its body took half the caller's inlining
 * budget, and the test's helpers were then called out of line).
 */
function circlesThenTest(i: number): boolean {
  return circlesMeet(i) && c2.testTriangleTriangle(tris1[i]!, tris2[i]!);
}

function circlesMeet(i: number): boolean {
  const a = c2.boundingCircle(tris1[i]!, bc1);
  const b = c2.boundingCircle(tris2[i]!, bc2);
  const dx = a.center.x - b.center.x;
  const dy = a.center.y - b.center.y;
  const r = (a.radius + b.radius) * PAD;
  return dx * dx + dy * dy <= r * r * PAD;
}

const PAD = 1 + 2 ** -50;

const bc1 = { center: { x: 0, y: 0 }, radius: 0 };
const bc2 = { center: { x: 0, y: 0 }, radius: 0 };

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
const peerGroupsAll: Record<string, PeerContender[]> = {
  ...peerGroups,
  ...peerGroups3,
  ...meshPeerGroups,
  ...overlapPeerGroups,
  ...contactSpherePeerGroups,
  ...contactBoxPeerGroups,
};

async function peerSection(query: string, list: PeerContender[]): Promise<Section> {
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
  md.push(
    ...(query in meshPeerGroups
      ? meshPeerReport(query, list)
      : query in overlapPeerGroups
        ? overlapPeerReport(query, list)
        : query in contactSpherePeerGroups
          ? contactSpherePeerReport(list)
          : query in contactBoxPeerGroups
            ? contactBoxPeerReport(list)
            : [...peerReport(query, list), ...peerReport3(query, list)]),
  );
  return { md, ratios: [] };
}

/** Heap growth with `out` over 1e6 calls of each seed construction. */
function heapSection(): Section {
  const md: string[] = [];
  md.push("## Allocation with `out`");
  md.push("");
  md.push(
    "Heap kept over 1,000,000 calls after warm-up, the median of three such windows (full GC before and after each; V8's code spaces left out, array buffers counted); and the bytes a call allocates, garbage included (young-generation growth over 10,000 warm calls with no collection in between, the largest of 5 trials). The first row calls a function that does nothing: its figures are the measurement's own noise.",
  );
  md.push("");
  md.push("| query | heap growth over 1e6 calls (bytes) | allocated per call (bytes) |");
  md.push("|---|---:|---:|");
  const heap: [string, (i: number) => unknown][] = [
    ["(nothing: the floor)", (i) => i],
    ["intersectSegmentSegment", (i) => c2.intersectSegmentSegment(segs1[i]!, segs2[i]!, segOut)],
    ["intersectLineRay", (i) => c2.intersectLineRay(lines[i]!, rays[i]!, rayOut)],
    ["contactTriangleTriangle", (i) => c2.contactTriangleTriangle(tris1[i]!, tris2[i]!, triOut)],
    ["boundingCircle", (i) => c2.boundingCircle(tris1[i]!, bc1)],
    [
      "intersectSegmentCircle",
      (i) => c2.intersectSegmentCircle(lasers[i]!, targets[i]!, circleOut),
    ],
    [
      "sweepSphereLine",
      (i) => c3.sweepSphereLine(spheres[i]!, sphereLines[i]!.m, lines3[i]!, sweepOut),
    ],
  ];
  for (const [name, call] of heap) {
    const kept = heapGrowth(call);
    const bytes = allocatedPerCall((i) => call(i & (N - 1)), 10_000);
    md.push(`| ${name} | ${kept} | ${bytes.toFixed(2)} |`);
  }
  md.push("");
  return { md, ratios: [] };
}

/**
 * Every part of the bench by id, in BENCHMARKS.md's order. A full run measures each in a fresh
 * process: V8's type feedback from one group (three.js's Vector3 methods see many object shapes
 * across groups, and so do collide's generic paths) otherwise changes another group's optimised
 * code, which moved rows by up to 1.5x between runs depending on what ran before.
 */
const sections: [string, () => Promise<Section>][] = [
  ...Object.entries(contenders).map(
    ([q, list]) => [`seed:${q}`, () => seedSection(q, list)] as [string, () => Promise<Section>],
  ),
  ...Object.entries(peerGroupsAll).map(
    ([q, list]) => [`peer:${q}`, () => peerSection(q, list)] as [string, () => Promise<Section>],
  ),
  // 3D sweeps (no peer offers them; groups beside the textbook float formula).
  ["sweep", async () => ({ md: await benchSweep3d(), ratios: [] })],
  ["broadphase", async () => ({ md: await benchBroadphase(), ratios: [] })],
  [
    "world",
    async () => ({ md: [...(await benchWorld2d()), ...(await benchWorld3d())], ratios: [] }),
  ],
  ["heap", async () => heapSection()],
];

const MARK = "@@bench-section@@";

/** Runs one section in a child process (same flags) and reads back its markdown and ratios. */
function runIsolated(id: string): Section {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_SECTION: id },
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
    const run = sections.find(([id]) => id === one);
    if (!run) throw new Error(`no bench section ${one}`);
    console.log(MARK + JSON.stringify(await run[1]()));
    return;
  }
  // BENCH_ONLY=<part of a section's id> measures those sections in this process and prints them,
  // leaving BENCHMARKS.md alone (e.g. "seed:segment vs segment", "peer:ray vs", "world").
  const only = process.env.BENCH_ONLY;
  if (only) {
    for (const [id, run] of sections) {
      if (id.includes(only)) console.log((await run()).md.join("\n"));
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
    `- scenes: ${N} seeded pairs per query (bench/scenes.ts), typical game data within ±1000; each figure is the median of ${ROUNDS} mitata measurements of a pass over all pairs after one untimed round, contenders interleaved in one process, and each ratio the median of the ${ROUNDS} rounds' ratios; each group (and the sweeps, broadphase, world and heap parts) runs in a fresh process, so no group's type feedback reaches another's code`,
  );
  md.push(
    "- ratio: time / the article's float version (or the textbook float formula, marked, where the article gives none)",
  );
  md.push("");
  const ratios: Ratio[] = [];
  for (const [id] of sections) {
    const part = runIsolated(id);
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
