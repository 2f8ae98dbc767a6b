/**
 * Broadphase benchmark: n moving 2D boxes (each overlapping about 2-5 others), ms per frame to
 * move every box and list every overlapping pair, for collide's dynamic AABB tree and a plain
 * typed-array sort-and-sweep written here as the baseline. Same seeded scene for all; contenders
 * interleaved in one process; median of ROUNDS mitata measurements.
 *
 * Standalone: `node --expose-gc --import tsx bench/broadphase.ts` prints the table.
 */
import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import { do_not_optimize, measure } from "mitata";
import { AabbTree2 } from "../src/broadphase/aabb-tree2.ts";
import { prng } from "./prng.ts";

const ROUNDS = 5;
/** Largest per-axis speed, in box sizes per frame (about 3 sizes per second at 60 fps). */
const SPEED = 0.05;
/** Mean overlaps per box the world size is chosen for. */
const OVERLAPS = 3.5;

/** The moving boxes: min corner, size, velocity; bounces off the walls of [0, side]². */
class Scene {
  readonly n: number;
  readonly side: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly w: Float64Array;
  readonly h: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;

  constructor(n: number, seed: number) {
    const rnd = prng(seed);
    this.n = n;
    // Sizes in [0.5, 1.5]: two boxes overlap when their min corners are within w_i + w_j (mean
    // 2) in x and likewise in y, so the mean overlap count is about n·4 / side².
    this.side = Math.sqrt((4 * n) / OVERLAPS);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.w = new Float64Array(n);
    this.h = new Float64Array(n);
    this.vx = new Float64Array(n);
    this.vy = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.w[i] = 0.5 + rnd();
      this.h[i] = 0.5 + rnd();
      this.x[i] = rnd() * (this.side - this.w[i]!);
      this.y[i] = rnd() * (this.side - this.h[i]!);
      this.vx[i] = (2 * rnd() - 1) * SPEED;
      this.vy[i] = (2 * rnd() - 1) * SPEED;
    }
  }

  clone(): Scene {
    const s = Object.create(Scene.prototype) as Scene;
    Object.assign(s, {
      n: this.n,
      side: this.side,
      x: this.x.slice(),
      y: this.y.slice(),
      w: this.w.slice(),
      h: this.h.slice(),
      vx: this.vx.slice(),
      vy: this.vy.slice(),
    });
    return s;
  }

  /** Advances box i one frame (bouncing off the walls). */
  step(i: number): void {
    let x = this.x[i]! + this.vx[i]!;
    let y = this.y[i]! + this.vy[i]!;
    if (x < 0 || x + this.w[i]! > this.side) {
      this.vx[i] = -this.vx[i]!;
      x = this.x[i]! + this.vx[i]!;
    }
    if (y < 0 || y + this.h[i]! > this.side) {
      this.vy[i] = -this.vy[i]!;
      y = this.y[i]! + this.vy[i]!;
    }
    this.x[i] = x;
    this.y[i] = y;
  }
}

interface Contender {
  name: string;
  /** One frame: move everything, list every pair; returns the number of pairs listed. */
  frame: () => number;
  /** Extra facts after the runs (tree height, re-insertions), or "". */
  note: () => string;
}

/** Sort and sweep on typed arrays: order by min x, sweep each box against the following ones. */
function sortAndSweep(scene: Scene, insertion: boolean): Contender {
  const n = scene.n;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const minX = new Float64Array(n);
  const maxX = new Float64Array(n);
  const minY = new Float64Array(n);
  const maxY = new Float64Array(n);
  const byMinX = (a: number, b: number): number => minX[a]! - minX[b]!;
  return {
    name: insertion
      ? "sort and sweep (insertion sort on last frame's order)"
      : "sort and sweep (full sort each frame)",
    frame: () => {
      for (let i = 0; i < n; i++) {
        scene.step(i);
        minX[i] = scene.x[i]!;
        minY[i] = scene.y[i]!;
        maxX[i] = scene.x[i]! + scene.w[i]!;
        maxY[i] = scene.y[i]! + scene.h[i]!;
      }
      if (insertion) {
        // Nearly sorted already: insertion sort is O(n + swaps).
        for (let i = 1; i < n; i++) {
          const v = order[i]!;
          const key = minX[v]!;
          let j = i - 1;
          while (j >= 0 && minX[order[j]!]! > key) {
            order[j + 1] = order[j]!;
            j--;
          }
          order[j + 1] = v;
        }
      } else {
        order.sort(byMinX);
      }
      let pairs = 0;
      for (let i = 0; i < n; i++) {
        const a = order[i]!;
        const ax1 = maxX[a]!;
        const ay0 = minY[a]!;
        const ay1 = maxY[a]!;
        for (let j = i + 1; j < n; j++) {
          const b = order[j]!;
          if (minX[b]! > ax1) break;
          if (minY[b]! <= ay1 && ay0 <= maxY[b]!) pairs++;
        }
      }
      return pairs;
    },
    note: () => "",
  };
}

type TreeMode = "tight" | "fat" | "update";

/** collide's AabbTree2: move every proxy, then list the pairs. */
function tree(scene: Scene, mode: TreeMode): Contender {
  const n = scene.n;
  const t = new AabbTree2({ margin: 0.1, predict: 4 });
  const box = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  const d = { x: 0, y: 0 };
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    box.min.x = scene.x[i]!;
    box.min.y = scene.y[i]!;
    box.max.x = scene.x[i]! + scene.w[i]!;
    box.max.y = scene.y[i]! + scene.h[i]!;
    ids[i] = t.createProxy(box, i);
  }
  t.updatePairs(() => {});
  let pairs = 0;
  const count = (): void => {
    pairs++;
  };
  let frames = 0;
  let reinserted = 0;
  const names: Record<TreeMode, string> = {
    tight: "AabbTree2: move + queryTightPairs (all pairs of the boxes)",
    fat: "AabbTree2: move + queryPairs (all pairs of the fat boxes)",
    update: "AabbTree2: move + updatePairs (new fat pairs of re-inserted proxies only)",
  };
  return {
    name: names[mode],
    frame: () => {
      for (let i = 0; i < n; i++) {
        const x0 = scene.x[i]!;
        const y0 = scene.y[i]!;
        scene.step(i);
        box.min.x = scene.x[i]!;
        box.min.y = scene.y[i]!;
        box.max.x = scene.x[i]! + scene.w[i]!;
        box.max.y = scene.y[i]! + scene.h[i]!;
        d.x = scene.x[i]! - x0;
        d.y = scene.y[i]! - y0;
        if (t.move(ids[i]!, box, d)) reinserted++;
      }
      frames++;
      pairs = 0;
      if (mode === "tight") t.queryTightPairs(count);
      else if (mode === "fat") t.queryPairs(count);
      else t.updatePairs(count);
      return pairs;
    },
    note: () =>
      `height ${t.height}, area ratio ${t.areaRatio().toFixed(1)}, ${((100 * reinserted) / Math.max(1, frames * n)).toFixed(1)}% of moves re-insert`,
  };
}

interface Row {
  name: string;
  ms: number;
  pairs: number;
  note: string;
}

async function timeGroup(list: Contender[]): Promise<Row[]> {
  const samples: number[][] = list.map(() => []);
  const pairs: number[] = list.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    const order = list.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const c = list[i]!;
      const stats = await measure(() => do_not_optimize(c.frame()), { min_cpu_time: 300e6 });
      samples[i]!.push(stats.avg / 1e6);
      pairs[i] = c.frame();
    }
  }
  return list.map((c, i) => {
    const sorted = [...samples[i]!].sort((a, b) => a - b);
    return { name: c.name, ms: sorted[ROUNDS >> 1]!, pairs: pairs[i]!, note: c.note() };
  });
}

/** One frame from the same state: sweep and tree must list exactly the brute-force pairs. */
function agree(n: number, seed: number): string {
  const scene = new Scene(n, seed);
  const a = scene.clone();
  const b = scene.clone();
  const sweepCount = sortAndSweep(a, false).frame(); // steps `a` one frame
  const brute = new Set<number>();
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (
        a.x[i]! <= a.x[j]! + a.w[j]! &&
        a.x[j]! <= a.x[i]! + a.w[i]! &&
        a.y[i]! <= a.y[j]! + a.h[j]! &&
        a.y[j]! <= a.y[i]! + a.h[i]!
      ) {
        brute.add(i * n + j);
      }
    }
  }
  const t = new AabbTree2();
  const box = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  for (let i = 0; i < n; i++) {
    b.step(i);
    box.min.x = b.x[i]!;
    box.min.y = b.y[i]!;
    box.max.x = b.x[i]! + b.w[i]!;
    box.max.y = b.y[i]! + b.h[i]!;
    t.createProxy(box, i);
  }
  let found = 0;
  let count = 0;
  t.queryTightPairs((p, q) => {
    const i = t.getUserData(p);
    const j = t.getUserData(q);
    count++;
    if (brute.has(i < j ? i * n + j : j * n + i)) found++;
  });
  if (found !== brute.size || count !== brute.size || sweepCount !== brute.size) {
    throw new Error(
      `disagree: tree ${count} (${found} right), sweep ${sweepCount}, brute ${brute.size}`,
    );
  }
  return `tree and sweep both list the ${brute.size} brute-force pairs of one frame`;
}

/** Heap growth over 300 frames after warm-up, full GC before and after. */
function heapGrowth(c: Contender): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Number.NaN;
  for (let i = 0; i < 50; i++) c.frame();
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 300; i++) c.frame();
  gc();
  gc();
  return process.memoryUsage().heapUsed - before;
}

/** Runs the broadphase benchmark for 1,000 and 10,000 boxes; returns the report as markdown. */
export async function benchBroadphase(sizes: readonly number[] = [1000, 10_000]): Promise<string> {
  const md: string[] = [];
  md.push("## Broadphase: moving 2D boxes, move all + list all overlapping pairs");
  md.push("");
  md.push(
    `- node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"}; sizes in [0.5, 1.5], speed up to ${SPEED} per axis per frame, world sized for ~${OVERLAPS} overlaps per box; median of ${ROUNDS} mitata runs; tree margin 0.1, predict 4`,
  );
  md.push("");
  for (const n of sizes) {
    const seed = 1234 + n;
    const base = new Scene(n, seed);
    const list = [
      sortAndSweep(base.clone(), true),
      sortAndSweep(base.clone(), false),
      tree(base.clone(), "tight"),
      tree(base.clone(), "fat"),
      tree(base.clone(), "update"),
    ];
    const rows = await timeGroup(list);
    md.push(`### ${n.toLocaleString("en-US")} boxes (check: ${agree(n, seed)})`);
    md.push("");
    md.push(
      "| contender | ms/frame | ratio to insertion-sort SAP | pairs in last frame | heap growth over 300 frames (bytes) | notes |",
    );
    md.push("|---|---:|---:|---:|---:|---|");
    for (const [k, r] of rows.entries()) {
      md.push(
        `| ${r.name} | ${r.ms.toFixed(3)} | ${(r.ms / rows[0]!.ms).toFixed(2)}x | ${r.pairs} | ${heapGrowth(list[k]!)} | ${r.note} |`,
      );
    }
    md.push("");
  }
  return md.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await benchBroadphase());
}
