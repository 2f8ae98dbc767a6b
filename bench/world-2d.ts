/**
 * World benchmark, per broadphase kind (tree, SAP, grid) on the same seeded scene: n moving 2D
 * bodies (half oriented boxes, half circles, each overlapping about 2-5 others), ms per frame to
 * move every body and step the world (broadphase pairs, filter, exact narrowphase contacts,
 * begin/end events); ray casts per second against a 10,000-body world (closest hit and any hit);
 * heap kept per frame while bouncing and in a periodic steady state (needs --expose-gc).
 *
 * Standalone: `node --expose-gc --import tsx bench/world-2d.ts` prints the markdown.
 */

import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import { do_not_optimize, measure } from "mitata";
import { type BroadphaseKind, box, circle, createWorld, type World } from "../src/2d/index.ts";
import { heapCell, heapGrowthWindows, PERIOD, steadyHeapInChild, swingAt } from "./allocation.ts";
import { allocatedPerFrameWindows, allocCell, windowGap } from "./broadphase.ts";
import { prng } from "./prng.ts";

const ROUNDS = 3;
/** Largest per-axis speed per frame, in body sizes. */
const SPEED = 0.05;
/** Mean overlaps per body the world size is chosen for. */
const OVERLAPS = 3.5;
const KINDS: readonly BroadphaseKind[] = ["tree", "sap", "grid"];

/** A world of n bouncing bodies, moved by `frame()`. */
export class Scene {
  readonly world: World;
  readonly n: number;
  readonly side: number;
  readonly ids: Int32Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly a: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  private readonly pose = { x: 0, y: 0, angle: 0 };
  /** The centers and angles the periodic motion swings about. */
  private bx = new Float64Array(0);
  private by = new Float64Array(0);
  private ba = new Float64Array(0);
  /** The frame's place in the cycle; -1 while bouncing. */
  private phase = -1;

  constructor(n: number, seed: number, kind: BroadphaseKind) {
    const rnd = prng(seed);
    this.n = n;
    // Bodies about 1 across: two overlap when their centers are within ~1 on both axes.
    this.side = Math.sqrt((3.3 * n) / OVERLAPS);
    this.world = createWorld({ broadphase: kind });
    this.ids = new Int32Array(n);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.a = new Float64Array(n);
    this.vx = new Float64Array(n);
    this.vy = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const s = 0.5 + rnd();
      const shape = i % 2 === 0 ? box(0, 0, s / 2, s / 2.5, 0) : circle(0, 0, s / 2);
      this.x[i] = rnd() * this.side;
      this.y[i] = rnd() * this.side;
      this.a[i] = rnd() * 6;
      this.vx[i] = (2 * rnd() - 1) * SPEED;
      this.vy[i] = (2 * rnd() - 1) * SPEED;
      this.ids[i] = this.world.add(shape, {
        pose: { x: this.x[i]!, y: this.y[i]!, angle: this.a[i]! },
      });
    }
    this.world.step();
  }

  /**
   * From now on every body swings about where it is, at its own velocity's top speed, with a
   * period of PERIOD frames: the world's states then recur exactly, so whatever the heap keeps
   * after the first cycle is a leak. (Bouncing keeps finding new states: more contacts than ever
   * before, new grid cells; the buffers those grow are high-water marks, not leaks.)
   */
  periodic(): void {
    this.bx = this.x.slice();
    this.by = this.y.slice();
    this.ba = this.a.slice();
    this.phase = 0;
  }

  /** Moves every body, steps; returns the contact count. */
  frame(): number {
    if (this.phase >= 0) return this.swing();
    const w = this.world;
    const p = this.pose;
    for (let i = 0; i < this.n; i++) {
      let x = this.x[i]! + this.vx[i]!;
      let y = this.y[i]! + this.vy[i]!;
      if (x < 0 || x > this.side) {
        this.vx[i] = -this.vx[i]!;
        x = this.x[i]!;
      }
      if (y < 0 || y > this.side) {
        this.vy[i] = -this.vy[i]!;
        y = this.y[i]!;
      }
      this.x[i] = x;
      this.y[i] = y;
      this.a[i] = this.a[i]! + 0.01;
      p.x = x;
      p.y = y;
      p.angle = this.a[i]!;
      w.move(this.ids[i]!, p);
    }
    w.step();
    return w.contactCount;
  }

  private swing(): number {
    const w = this.world;
    const p = this.pose;
    const s = swingAt(this.phase);
    this.phase = (this.phase + 1) % PERIOD;
    for (let i = 0; i < this.n; i++) {
      p.x = this.bx[i]! + this.vx[i]! * s;
      p.y = this.by[i]! + this.vy[i]! * s;
      p.angle = this.ba[i]! + 0.01 * s;
      w.move(this.ids[i]!, p);
    }
    w.step();
    return w.contactCount;
  }
}

async function medianMs(fn: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const stats = await measure(() => do_not_optimize(fn()), { min_cpu_time: 300e6 });
    samples.push(stats.avg / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[ROUNDS >> 1]!;
}

/** Runs the world benchmark; returns markdown lines (a section for BENCHMARKS.md). */
export async function benchWorld2d(sizes: readonly number[] = [1000, 10_000]): Promise<string[]> {
  const md: string[] = [];
  md.push("## 2D world (createWorld)");
  md.push("");
  md.push(
    `- node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"}; half oriented boxes, half circles, about 1 unit across, speed up to ${SPEED} per axis per frame, world sized for ~${OVERLAPS} overlaps per body; a frame moves every body and steps (broadphase pairs, filter, exact contact manifolds, events); the same seeded scene for each broadphase kind; median of ${ROUNDS} mitata runs`,
  );
  md.push("");
  md.push(
    "| bodies | broadphase | ms/step (mitata, wall) | vs tree | CPU ms/step (process.cpuUsage, 20 steps) | contacts after 20 frames | heap kept per frame, bouncing (bytes; the first → the second 100 frames after 200 warm-up) | heap kept per frame, steady state (bytes; the scene alone in a fresh process, its bodies swinging with a period of 100 frames: the median of 5 cycles after 2) | allocated per frame (bytes, garbage included: the median of 9 frames in each of 5 windows 50 to 400 frames apart (200,000 body moves); the lowest window, and the highest where it differs) |",
  );
  md.push("|---:|:--|---:|---:|---:|---:|---:|---:|---:|");
  const big = new Map<BroadphaseKind, Scene>();
  for (const n of sizes) {
    let treeMs = Number.NaN;
    for (const kind of KINDS) {
      const scene = new Scene(n, 4321 + n, kind);
      // CPU time and contacts first, on 20 frames from the same start for every kind: the
      // contact counts must then agree (the broadphase changes speed, never results).
      const c0 = process.cpuUsage();
      for (let i = 0; i < 20; i++) scene.frame();
      const c1 = process.cpuUsage(c0);
      const cpu = (c1.user + c1.system) / 1e3 / 20;
      const contacts = scene.world.contactCount;
      // The heap first: mitata's own garbage, freed late, moved these windows by up to 90 KB.
      const heap = heapGrowthWindows(() => scene.frame(), 200, 100);
      const steady = steadyHeapInChild("2d", n, kind);
      const ms = await medianMs(() => scene.frame());
      if (kind === "tree") treeMs = ms;
      const alloc = allocatedPerFrameWindows(() => scene.frame(), 5, windowGap(n));
      md.push(
        `| ${n.toLocaleString("en-US")} | ${kind} | ${ms.toFixed(3)} | ${(ms / treeMs).toFixed(2)}x | ${cpu.toFixed(3)} | ${contacts} | ${heapCell(heap)} | ${steady.toFixed(1)} | ${allocCell(alloc)} |`,
      );
      if (n === 10_000) big.set(kind, scene);
    }
  }
  md.push("");
  for (const kind of KINDS) {
    const scene = big.get(kind) ?? new Scene(10_000, 4321 + 10_000, kind);
    const rnd = prng(99);
    const RAYS = 1024;
    const ox = new Float64Array(RAYS);
    const oy = new Float64Array(RAYS);
    const dx = new Float64Array(RAYS);
    const dy = new Float64Array(RAYS);
    for (let i = 0; i < RAYS; i++) {
      ox[i] = rnd() * scene.side;
      oy[i] = rnd() * scene.side;
      const ang = rnd() * 2 * Math.PI;
      const len = 1 + rnd() * 20;
      dx[i] = Math.cos(ang) * len;
      dy[i] = Math.sin(ang) * len;
    }
    const o = { x: 0, y: 0 };
    const d = { x: 0, y: 0 };
    const hit = { id: -1, t: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 }, inside: false };
    let k = 0;
    const w = scene.world;
    let hits = 0;
    const closest = await medianMs(() => {
      const i = k++ & (RAYS - 1);
      o.x = ox[i]!;
      o.y = oy[i]!;
      d.x = dx[i]!;
      d.y = dy[i]!;
      return w.raycast(o, d, undefined, hit);
    });
    for (let i = 0; i < RAYS; i++) {
      o.x = ox[i]!;
      o.y = oy[i]!;
      d.x = dx[i]!;
      d.y = dy[i]!;
      if (w.raycast(o, d, undefined, hit) !== null) hits++;
    }
    const any = await medianMs(() => {
      const i = k++ & (RAYS - 1);
      o.x = ox[i]!;
      o.y = oy[i]!;
      d.x = dx[i]!;
      d.y = dy[i]!;
      return w.raycastAny(o, d);
    });
    md.push(
      `- ${kind}: ray casts against the 10,000-body world (segments 1 to 21 units long, ${hits} of ${RAYS} hit): raycast (closest) ${Math.round(1e3 / closest).toLocaleString("en-US")} per second, raycastAny ${Math.round(1e3 / any).toLocaleString("en-US")} per second.`,
    );
  }
  md.push("");
  return md;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await benchWorld2d()).join("\n"));
}
