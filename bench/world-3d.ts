/**
 * 3D world benchmark, per broadphase kind (tree, SAP, grid) on the same seeded scene: n moving 3D
 * bodies (half oriented boxes, half spheres, about 1 unit across, each overlapping a few others),
 * ms per frame to move every body and step the world (broadphase pairs, filter, exact narrowphase:
 * contacts where the pair has a contact function, the exact test otherwise; begin/end events);
 * ray casts per second against the 10,000-body world; heap kept per frame while bouncing and in a
 * periodic steady state (needs --expose-gc). Bodies move by changing their shape objects in place
 * and calling `move`.
 *
 * Standalone: `node --expose-gc --import tsx bench/world-3d.ts` prints the markdown.
 */

import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import { do_not_optimize, measure } from "mitata";
import {
  aabb,
  type BroadphaseKind,
  box,
  capsule,
  convexHull,
  createWorld,
  makeWorldRayHit,
  type Shape,
  sphere,
  type Vec,
  vec,
  type World,
} from "../src/3d/index.ts";
import { heapCell, heapGrowthWindows, PERIOD, steadyHeapInChild, swingAt } from "./allocation.ts";
import { allocatedPerFrameWindows, allocCell, windowGap } from "./broadphase.ts";
import { prng } from "./prng.ts";

const ROUNDS = 3;
/** Largest per-axis speed per frame, in body sizes. */
const SPEED = 0.05;
/** Mean overlaps per body the world size is chosen for. */
const OVERLAPS = 3.5;
const KINDS: readonly BroadphaseKind[] = ["tree", "sap", "grid"];

/** Body kinds of a scene. */
const CAPSULE = 0;
const SPHERE = 1;
const BOX = 2;

/**
 * A world of n bouncing bodies about 1 unit across, moved by `frame()`: half oriented boxes and
 * half spheres, or with `mixed` a third each capsules, spheres and oriented boxes over a static
 * ground slab (an aabb: a world holds bounded shapes only, so no plane); with `hulls` too, one
 * sphere in eight (about 4% of the bodies) is a hull of 8 points instead (the world allocation
 * test of test/unit/world3d-hull-garbage.test.ts). Capsules move both ends, the others their
 * center (a hull all its points).
 */
export class Scene {
  readonly world: World;
  readonly n: number;
  readonly side: number;
  readonly ids: Int32Array;
  readonly shapes: Shape[] = [];
  /** The points each body moves: a capsule's ends, a sphere's or box's center. */
  readonly points: Vec[][] = [];
  readonly v: Float64Array;
  /** Every moved point's coordinates the periodic motion swings about (x, y, z per point). */
  private base = new Float64Array(0);
  /** The frame's place in the cycle; -1 while bouncing. */
  private phase = -1;

  constructor(n: number, seed: number, kind: BroadphaseKind, mixed = false, hulls = false) {
    const rnd = prng(seed);
    const hullRnd = prng(seed + 1);
    this.n = n;
    // Bodies about 1 across: two overlap when their centers are within ~1 (a ball of volume ~4.2).
    this.side = Math.cbrt((4.2 * n) / OVERLAPS);
    this.world = createWorld({ broadphase: kind });
    this.ids = new Int32Array(n);
    this.v = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      const s = 0.5 + rnd();
      const x = rnd() * this.side;
      const y = rnd() * this.side;
      const z = rnd() * this.side;
      const which = mixed ? i % 3 : i % 2 === 0 ? BOX : SPHERE;
      let shape: Shape;
      if (which === CAPSULE) {
        // Along a random direction (from the cube, normalised), 0.5 s long either way.
        const dx = rnd() - 0.5;
        const dy = rnd() - 0.5;
        const dz = rnd() - 0.5;
        const k = s / 2 / (Math.sqrt(dx * dx + dy * dy + dz * dz) || 1);
        const c = capsule(
          vec(x - k * dx, y - k * dy, z - k * dz),
          vec(x + k * dx, y + k * dy, z + k * dz),
          s / 4,
        );
        shape = c;
        this.points.push([c.a, c.b]);
      } else if (which === SPHERE && hulls && i % 24 === 1) {
        // A hull of 8 points on the sphere, from their own generator: the main one draws as for a
        // sphere, so the other bodies are unchanged.
        const pts: Vec[] = [];
        for (let k = 0; k < 8; k++) {
          const dx = hullRnd() - 0.5;
          const dy = hullRnd() - 0.5;
          const dz = hullRnd() - 0.5;
          const l = s / 2 / (Math.sqrt(dx * dx + dy * dy + dz * dz) || 1);
          pts.push(vec(x + l * dx, y + l * dy, z + l * dz));
        }
        // Moved point by point like the others: its faces (index loops) stay valid; its stored
        // planes go stale, but no query reads them.
        const h = convexHull(pts);
        shape = h;
        this.points.push(h.points as Vec[]);
      } else if (which === SPHERE) {
        const b = sphere(x, y, z, s / 2);
        shape = b;
        this.points.push([b.center]);
      } else {
        const b = box(vec(x, y, z), vec(s / 2, s / 2.5, s / 3), {
          x: rnd(),
          y: rnd(),
          z: rnd(),
          w: 1,
        });
        shape = b;
        this.points.push([b.center]);
      }
      this.shapes.push(shape);
      for (let k = 0; k < 3; k++) this.v[3 * i + k] = (2 * rnd() - 1) * SPEED;
      this.ids[i] = this.world.add(shape);
    }
    // The ground: its top at y = 0.3, under every body's start.
    if (mixed) this.world.add(aabb(vec(-1, -1, -1), vec(this.side + 1, 0.3, this.side + 1)));
    this.world.step();
  }

  /**
   * From now on every body swings about where it is, at its own velocity's top speed, with a
   * period of PERIOD frames: the world's states then recur exactly, so whatever the heap keeps
   * after the first cycle is a leak. (Bouncing keeps finding new states: more contacts than ever
   * before, new grid cells; the buffers those grow are high-water marks, not leaks.)
   */
  periodic(): void {
    let count = 0;
    for (const pts of this.points) count += pts.length;
    this.base = new Float64Array(3 * count);
    let j = 0;
    for (const pts of this.points) {
      for (const p of pts) {
        this.base[j++] = p.x;
        this.base[j++] = p.y;
        this.base[j++] = p.z;
      }
    }
    this.phase = 0;
  }

  /** Moves every body (bouncing off the box [0, side]^3), steps; returns the contact count. */
  frame(): number {
    if (this.phase >= 0) return this.swing();
    const w = this.world;
    const v = this.v;
    const side = this.side;
    for (let i = 0; i < this.n; i++) {
      const pts = this.points[i]!;
      const c = pts[0]!;
      let mx = v[3 * i]!;
      let my = v[3 * i + 1]!;
      let mz = v[3 * i + 2]!;
      if (c.x + mx < 0 || c.x + mx > side) {
        v[3 * i] = -mx;
        mx = 0;
      }
      if (c.y + my < 0 || c.y + my > side) {
        v[3 * i + 1] = -my;
        my = 0;
      }
      if (c.z + mz < 0 || c.z + mz > side) {
        v[3 * i + 2] = -mz;
        mz = 0;
      }
      for (let k = 0; k < pts.length; k++) {
        const p = pts[k]!;
        p.x += mx;
        p.y += my;
        p.z += mz;
      }
      w.move(this.ids[i]!, this.shapes[i]!);
    }
    w.step();
    return w.contactCount;
  }

  private swing(): number {
    const w = this.world;
    const v = this.v;
    const base = this.base;
    const s = swingAt(this.phase);
    this.phase = (this.phase + 1) % PERIOD;
    let j = 0;
    for (let i = 0; i < this.n; i++) {
      const pts = this.points[i]!;
      const mx = v[3 * i]! * s;
      const my = v[3 * i + 1]! * s;
      const mz = v[3 * i + 2]! * s;
      for (let k = 0; k < pts.length; k++, j += 3) {
        const p = pts[k]!;
        p.x = base[j]! + mx;
        p.y = base[j + 1]! + my;
        p.z = base[j + 2]! + mz;
      }
      w.move(this.ids[i]!, this.shapes[i]!);
    }
    w.step();
    return w.contactCount;
  }
}

/** The mixed scene (see `Scene`). */
export class MixedScene extends Scene {
  constructor(n: number, seed: number, kind: BroadphaseKind) {
    super(n, seed, kind, true);
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

/** Runs the 3D world benchmark; returns markdown lines (a section for BENCHMARKS.md). */
export async function benchWorld3d(sizes: readonly number[] = [1000, 10_000]): Promise<string[]> {
  const md: string[] = [];
  md.push("## 3D world (createWorld)");
  md.push("");
  md.push(
    `- node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"}; half oriented boxes, half spheres, about 1 unit across, speed up to ${SPEED} per axis per frame, world sized for ~${OVERLAPS} overlaps per body; a frame moves every body (shape changed in place, then \`move\`) and steps (broadphase pairs, filter, exact narrowphase, events); the same seeded scene for each broadphase kind; median of ${ROUNDS} mitata runs`,
  );
  md.push("");
  md.push(
    "| bodies | broadphase | ms/step (mitata, wall) | vs tree | CPU ms/step (process.cpuUsage, 20 steps) | touching pairs after 20 frames | heap kept per frame, bouncing (bytes; the first → the second 100 frames after 200 warm-up) | heap kept per frame, steady state (bytes; the scene alone in a fresh process, its bodies swinging with a period of 100 frames: the median of 5 cycles after 2) | allocated per frame (bytes, garbage included: the median of 9 frames in each of 5 windows 50 to 400 frames apart (200,000 body moves); the lowest window, and the highest where it differs) |",
  );
  md.push("|---:|:--|---:|---:|---:|---:|---:|---:|---:|");
  const big = new Map<BroadphaseKind, Scene>();
  for (const n of sizes) {
    let treeMs = Number.NaN;
    for (const kind of KINDS) {
      const scene = new Scene(n, 4321 + n, kind);
      // CPU time and contacts first, on 20 frames from the same start for every kind: the
      // counts must then agree (the broadphase changes speed, never results).
      const c0 = process.cpuUsage();
      for (let i = 0; i < 20; i++) scene.frame();
      const c1 = process.cpuUsage(c0);
      const cpu = (c1.user + c1.system) / 1e3 / 20;
      const contacts = scene.world.contactCount;
      // The heap first: mitata's own garbage, freed late, moved these windows by up to 90 KB.
      const heap = heapGrowthWindows(() => scene.frame(), 200, 100);
      const steady = steadyHeapInChild("3d", n, kind);
      const ms = await medianMs(() => scene.frame());
      if (kind === "tree") treeMs = ms;
      const alloc = allocatedPerFrameWindows(() => scene.frame(), 5, windowGap(n));
      md.push(
        `| ${n.toLocaleString("en-US")} | ${kind} | ${ms.toFixed(3)} | ${(ms / treeMs).toFixed(2)}x | ${cpu.toFixed(3)} | ${contacts} | ${heapCell(heap)} | ${steady.toFixed(1)} | ${allocCell(alloc)} |`,
      );
      if (n === 10_000) big.set(kind, scene);
    }
  }
  // The mixed world (capsules, spheres, boxes, a ground slab), tree broadphase.
  for (const n of sizes) {
    const scene = new MixedScene(n, 8765 + n, "tree");
    const c0 = process.cpuUsage();
    for (let i = 0; i < 20; i++) scene.frame();
    const c1 = process.cpuUsage(c0);
    const cpu = (c1.user + c1.system) / 1e3 / 20;
    const contacts = scene.world.contactCount;
    // The heap first: mitata's own garbage, freed late, moved these windows by up to 90 KB.
    const heap = heapGrowthWindows(() => scene.frame(), 200, 100);
    const steady = steadyHeapInChild("3d-mixed", n, "tree");
    const ms = await medianMs(() => scene.frame());
    const alloc = allocatedPerFrameWindows(() => scene.frame(), 5, windowGap(n));
    md.push(
      `| ${n.toLocaleString("en-US")} mixed (capsules, spheres, boxes, ground) | tree | ${ms.toFixed(3)} | | ${cpu.toFixed(3)} | ${contacts} | ${heapCell(heap)} | ${steady.toFixed(1)} | ${allocCell(alloc)} |`,
    );
  }
  md.push("");
  for (const kind of KINDS) {
    const scene = big.get(kind) ?? new Scene(10_000, 4321 + 10_000, kind);
    const rnd = prng(99);
    const RAYS = 1024;
    const o = new Float64Array(3 * RAYS);
    const d = new Float64Array(3 * RAYS);
    for (let i = 0; i < RAYS; i++) {
      for (let k = 0; k < 3; k++) o[3 * i + k] = rnd() * scene.side;
      // A random direction (normalised Gaussian-free: rejection from the cube), 1 to 21 long.
      let x = 0;
      let y = 0;
      let z = 0;
      let q = 0;
      do {
        x = 2 * rnd() - 1;
        y = 2 * rnd() - 1;
        z = 2 * rnd() - 1;
        q = x * x + y * y + z * z;
      } while (q > 1 || q < 1e-6);
      const len = (1 + rnd() * 20) / Math.sqrt(q);
      d[3 * i] = x * len;
      d[3 * i + 1] = y * len;
      d[3 * i + 2] = z * len;
    }
    const ov = { x: 0, y: 0, z: 0 };
    const dv = { x: 0, y: 0, z: 0 };
    const hit = makeWorldRayHit();
    const w = scene.world;
    const load = (i: number): void => {
      ov.x = o[3 * i]!;
      ov.y = o[3 * i + 1]!;
      ov.z = o[3 * i + 2]!;
      dv.x = d[3 * i]!;
      dv.y = d[3 * i + 1]!;
      dv.z = d[3 * i + 2]!;
    };
    let k = 0;
    const closest = await medianMs(() => {
      load(k++ & (RAYS - 1));
      return w.raycast(ov, dv, undefined, hit);
    });
    let hits = 0;
    for (let i = 0; i < RAYS; i++) {
      load(i);
      if (w.raycast(ov, dv, undefined, hit) !== null) hits++;
    }
    const any = await medianMs(() => {
      load(k++ & (RAYS - 1));
      return w.raycastAny(ov, dv);
    });
    md.push(
      `- ${kind}: ray casts against the 10,000-body world (segments 1 to 21 units long, ${hits} of ${RAYS} hit): raycast (closest) ${Math.round(1e3 / closest).toLocaleString("en-US")} per second, raycastAny ${Math.round(1e3 / any).toLocaleString("en-US")} per second.`,
    );
  }
  md.push("");
  return md;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await benchWorld3d()).join("\n"));
}
