/**
 * Broadphase benchmark: n moving boxes and circles (2D) or boxes and spheres (3D), each
 * overlapping about 2-5 others; ms per frame to move everything and list every pair whose boxes
 * overlap. collide's three structures (AabbTree, SweepAndPrune, SpatialGrid) against the peers on
 * the SAME seeded scene in one process: a plain typed-array sort-and-sweep, rbush, flatbush,
 * box-intersect, planck.js's DynamicTree, detect-collisions and rapier2d in 2D; cannon-es's
 * SAPBroadphase and rapier3d in 3D. Every contender's pair count after the same two frames is
 * printed and checked against the plain sort-and-sweep. A peer (not collide's structures nor the
 * baseline) whose frame takes over 2 s is skipped at that size (said in the table). Heap growth per frame in steady state, full GC
 * before and after.
 *
 * Standalone: `npm run bench:broadphase` prints the markdown; `BENCH_N=10000` caps the sizes,
 * `BENCH_SIZES=100000` picks the 2D sizes, `BENCH_3D=0` leaves out 3D.
 * `benchBroadphase()` returns the markdown lines for bench/run.ts.
 */

import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import { getHeapSpaceStatistics } from "node:v8";
import RAPIER2 from "@dimforge/rapier2d-compat";
import RAPIER3 from "@dimforge/rapier3d-compat";
import boxIntersect from "box-intersect";
import * as CANNON from "cannon-es";
import { System } from "detect-collisions";
import Flatbush from "flatbush";
import { do_not_optimize, measure } from "mitata";
import * as planck from "planck";
import RBush from "rbush";
import {
  type BroadphaseKind,
  createBroadphase2,
  createBroadphase3,
} from "../src/broadphase/broadphase.ts";
import { heapCell, heapGrowthWindows } from "./allocation.ts";
import { prng } from "./prng.ts";
import { rapier2dReady, rapier3dReady } from "./rapier-init.ts";

const ROUNDS = 3;
/** Largest per-axis speed, in object sizes per frame (about 3 sizes per second at 60 fps). */
const SPEED = 0.05;
/** Mean box overlaps per object the world is sized for. */
const OVERLAPS = 3.5;
/** A peer whose one frame takes longer is skipped at that size. */
const SKIP_MS = 2000;

/**
 * Moving objects in [0, side]^dim: kind 0 a box (sizes in [0.5, 1.5] per axis), kind 1 a circle
 * or sphere (diameter in [0.5, 1.5]); `lo`/`size` are their boxes; they bounce off the walls.
 */
class Scene {
  readonly n: number;
  readonly dim: 2 | 3;
  readonly side: number;
  readonly kind: Uint8Array;
  readonly lo: Float64Array;
  readonly size: Float64Array;
  readonly vel: Float64Array;

  constructor(n: number, dim: 2 | 3, seed: number) {
    const rnd = prng(seed);
    this.n = n;
    this.dim = dim;
    // Two boxes overlap when their min corners are within s_i + s_j (mean 2) on each axis, so
    // the mean overlap count is about n·2^dim / side^dim.
    this.side = ((2 ** dim * n) / OVERLAPS) ** (1 / dim);
    this.kind = new Uint8Array(n);
    this.lo = new Float64Array(n * dim);
    this.size = new Float64Array(n * dim);
    this.vel = new Float64Array(n * dim);
    for (let i = 0; i < n; i++) {
      this.kind[i] = rnd() < 0.5 ? 0 : 1;
      const d = 0.5 + rnd();
      for (let k = 0; k < dim; k++) {
        const s = this.kind[i] === 1 ? d : 0.5 + rnd();
        this.size[i * dim + k] = s;
        this.lo[i * dim + k] = rnd() * (this.side - s);
        this.vel[i * dim + k] = (2 * rnd() - 1) * SPEED;
      }
    }
  }

  clone(): Scene {
    const s = Object.create(Scene.prototype) as Scene;
    Object.assign(s, {
      n: this.n,
      dim: this.dim,
      side: this.side,
      kind: this.kind,
      size: this.size,
      lo: this.lo.slice(),
      vel: this.vel.slice(),
    });
    return s;
  }

  /** Advances object i one frame (bouncing off the walls). */
  step(i: number): void {
    const dim = this.dim;
    for (let k = 0; k < dim; k++) {
      const j = i * dim + k;
      let x = this.lo[j]! + this.vel[j]!;
      if (x < 0 || x + this.size[j]! > this.side) {
        this.vel[j] = -this.vel[j]!;
        x = this.lo[j]! + this.vel[j]!;
      }
      this.lo[j] = x;
    }
  }
}

interface Contender {
  name: string;
  /** Whether its count is of box overlaps (else of shape overlaps, after its narrow phase). */
  boxes: boolean;
  /** One frame: move everything, list every pair; returns the number of pairs listed. */
  frame: () => number;
  note: () => string;
}

// ---- collide -------------------------------------------------------------------------------

const KIND_NAME: Record<BroadphaseKind, string> = {
  tree: "collide AabbTree",
  sap: "collide SweepAndPrune",
  grid: "collide SpatialGrid",
};

function ours2(scene: Scene, kind: BroadphaseKind): Contender {
  const n = scene.n;
  const bp = createBroadphase2(kind);
  const box = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  const d = { x: 0, y: 0 };
  const ids = new Int32Array(n);
  const lo = scene.lo;
  const sz = scene.size;
  for (let i = 0; i < n; i++) {
    box.min.x = lo[2 * i]!;
    box.min.y = lo[2 * i + 1]!;
    box.max.x = lo[2 * i]! + sz[2 * i]!;
    box.max.y = lo[2 * i + 1]! + sz[2 * i + 1]!;
    ids[i] = bp.createProxy(box, i);
  }
  let pairs = 0;
  const count = (): void => {
    pairs++;
  };
  return {
    name: KIND_NAME[kind],
    boxes: true,
    frame: () => {
      for (let i = 0; i < n; i++) {
        const x0 = lo[2 * i]!;
        const y0 = lo[2 * i + 1]!;
        scene.step(i);
        box.min.x = lo[2 * i]!;
        box.min.y = lo[2 * i + 1]!;
        box.max.x = lo[2 * i]! + sz[2 * i]!;
        box.max.y = lo[2 * i + 1]! + sz[2 * i + 1]!;
        d.x = box.min.x - x0;
        d.y = box.min.y - y0;
        bp.move(ids[i]!, box, d);
      }
      pairs = 0;
      bp.queryTightPairs(count);
      return pairs;
    },
    note: () =>
      kind === "grid"
        ? `cell ${(bp as unknown as { cellSize: number }).cellSize.toFixed(2)} (auto)`
        : kind === "tree"
          ? "margin 0.1, predict 4"
          : `sorted on axis ${(bp as unknown as { sortAxis: number }).sortAxis}`,
  };
}

function ours3(scene: Scene, kind: BroadphaseKind): Contender {
  const n = scene.n;
  const bp = createBroadphase3(kind);
  const box = { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
  const d = { x: 0, y: 0, z: 0 };
  const ids = new Int32Array(n);
  const lo = scene.lo;
  const sz = scene.size;
  const set = (i: number): void => {
    box.min.x = lo[3 * i]!;
    box.min.y = lo[3 * i + 1]!;
    box.min.z = lo[3 * i + 2]!;
    box.max.x = lo[3 * i]! + sz[3 * i]!;
    box.max.y = lo[3 * i + 1]! + sz[3 * i + 1]!;
    box.max.z = lo[3 * i + 2]! + sz[3 * i + 2]!;
  };
  for (let i = 0; i < n; i++) {
    set(i);
    ids[i] = bp.createProxy(box, i);
  }
  let pairs = 0;
  const count = (): void => {
    pairs++;
  };
  return {
    name: KIND_NAME[kind],
    boxes: true,
    frame: () => {
      for (let i = 0; i < n; i++) {
        const x0 = lo[3 * i]!;
        const y0 = lo[3 * i + 1]!;
        const z0 = lo[3 * i + 2]!;
        scene.step(i);
        set(i);
        d.x = box.min.x - x0;
        d.y = box.min.y - y0;
        d.z = box.min.z - z0;
        bp.move(ids[i]!, box, d);
      }
      pairs = 0;
      bp.queryTightPairs(count);
      return pairs;
    },
    note: () => (kind === "tree" ? "margin 0.1, predict 4" : ""),
  };
}

// ---- baselines and 2D peers ------------------------------------------------------------------

/** Sort and sweep on typed arrays: order by min x (insertion sort on last frame's order). */
function sortAndSweep(scene: Scene): Contender {
  const n = scene.n;
  const dim = scene.dim;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const lo = scene.lo;
  const sz = scene.size;
  return {
    name: "plain typed-array sort and sweep (insertion sort on x)",
    boxes: true,
    frame: () => {
      for (let i = 0; i < n; i++) scene.step(i);
      for (let i = 1; i < n; i++) {
        const v = order[i]!;
        const key = lo[v * dim]!;
        let j = i - 1;
        while (j >= 0 && lo[order[j]! * dim]! > key) {
          order[j + 1] = order[j]!;
          j--;
        }
        order[j + 1] = v;
      }
      let pairs = 0;
      for (let i = 0; i < n; i++) {
        const a = order[i]! * dim;
        const ax1 = lo[a]! + sz[a]!;
        for (let j = i + 1; j < n; j++) {
          const b = order[j]! * dim;
          if (lo[b]! > ax1) break;
          let hit = true;
          for (let k = 1; k < dim; k++) {
            if (lo[b + k]! > lo[a + k]! + sz[a + k]! || lo[a + k]! > lo[b + k]! + sz[b + k]!) {
              hit = false;
              break;
            }
          }
          if (hit) pairs++;
        }
      }
      return pairs;
    },
    note: () => "",
  };
}

interface RItem {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  i: number;
}

function rbush(scene: Scene): Contender {
  const n = scene.n;
  const tree = new RBush<RItem>();
  const items: RItem[] = [];
  for (let i = 0; i < n; i++) items.push({ minX: 0, minY: 0, maxX: 0, maxY: 0, i });
  return {
    name: "rbush (clear + load + search per box)",
    boxes: true,
    frame: () => {
      for (let i = 0; i < n; i++) {
        scene.step(i);
        const it = items[i]!;
        it.minX = scene.lo[2 * i]!;
        it.minY = scene.lo[2 * i + 1]!;
        it.maxX = it.minX + scene.size[2 * i]!;
        it.maxY = it.minY + scene.size[2 * i + 1]!;
      }
      tree.clear();
      tree.load(items);
      let pairs = 0;
      for (let i = 0; i < n; i++) {
        const found = tree.search(items[i]!);
        for (const o of found) if (o.i > i) pairs++;
      }
      return pairs;
    },
    note: () => "",
  };
}

function flatbush(scene: Scene): Contender {
  const n = scene.n;
  const lo = scene.lo;
  const sz = scene.size;
  let self = 0;
  const after = (j: number): boolean => j > self;
  return {
    name: "flatbush (new + add + finish + search per box)",
    boxes: true,
    frame: () => {
      const index = new Flatbush(n);
      for (let i = 0; i < n; i++) {
        scene.step(i);
        index.add(
          lo[2 * i]!,
          lo[2 * i + 1]!,
          lo[2 * i]! + sz[2 * i]!,
          lo[2 * i + 1]! + sz[2 * i + 1]!,
        );
      }
      index.finish();
      let pairs = 0;
      for (let i = 0; i < n; i++) {
        self = i;
        pairs += index.search(
          lo[2 * i]!,
          lo[2 * i + 1]!,
          lo[2 * i]! + sz[2 * i]!,
          lo[2 * i + 1]! + sz[2 * i + 1]!,
          after,
        ).length;
      }
      return pairs;
    },
    note: () => "",
  };
}

function boxIntersectPeer(scene: Scene): Contender {
  const n = scene.n;
  const boxes: number[][] = [];
  for (let i = 0; i < n; i++) boxes.push([0, 0, 0, 0]);
  let pairs = 0;
  const visit = (): void => {
    pairs++;
  };
  return {
    name: "box-intersect (boxIntersect(boxes, visit))",
    boxes: true,
    frame: () => {
      for (let i = 0; i < n; i++) {
        scene.step(i);
        const b = boxes[i]!;
        b[0] = scene.lo[2 * i]!;
        b[1] = scene.lo[2 * i + 1]!;
        b[2] = b[0] + scene.size[2 * i]!;
        b[3] = b[1] + scene.size[2 * i + 1]!;
      }
      pairs = 0;
      boxIntersect(boxes, visit);
      return pairs;
    },
    note: () => "",
  };
}

function planckTree(scene: Scene): Contender {
  const n = scene.n;
  const lo = scene.lo;
  const sz = scene.size;
  const tree = new planck.DynamicTree<number>();
  const aabb = { lowerBound: { x: 0, y: 0 }, upperBound: { x: 0, y: 0 } };
  const d = { x: 0, y: 0 };
  const ids: number[] = [];
  const set = (i: number): void => {
    aabb.lowerBound.x = lo[2 * i]!;
    aabb.lowerBound.y = lo[2 * i + 1]!;
    aabb.upperBound.x = lo[2 * i]! + sz[2 * i]!;
    aabb.upperBound.y = lo[2 * i + 1]! + sz[2 * i + 1]!;
  };
  for (let i = 0; i < n; i++) {
    set(i);
    ids.push(tree.createProxy(aabb, i));
  }
  let self = 0;
  let pairs = 0;
  // The tree answers fat boxes; the tight test is the caller's, as in Box2D's broadphase.
  const visit = (id: number): boolean => {
    const j = tree.getUserData(id);
    if (j <= self) return true;
    if (lo[2 * j]! > lo[2 * self]! + sz[2 * self]! || lo[2 * self]! > lo[2 * j]! + sz[2 * j]!) {
      return true;
    }
    if (
      lo[2 * j + 1]! > lo[2 * self + 1]! + sz[2 * self + 1]! ||
      lo[2 * self + 1]! > lo[2 * j + 1]! + sz[2 * j + 1]!
    ) {
      return true;
    }
    pairs++;
    return true;
  };
  return {
    name: "planck.js DynamicTree (moveProxy + query per box)",
    boxes: true,
    frame: () => {
      for (let i = 0; i < n; i++) {
        const x0 = lo[2 * i]!;
        const y0 = lo[2 * i + 1]!;
        scene.step(i);
        set(i);
        d.x = lo[2 * i]! - x0;
        d.y = lo[2 * i + 1]! - y0;
        tree.moveProxy(ids[i]!, aabb, d);
      }
      pairs = 0;
      for (let i = 0; i < n; i++) {
        self = i;
        set(i);
        tree.query(aabb, visit);
      }
      return pairs;
    },
    note: () => "",
  };
}

function detectCollisions(scene: Scene): Contender {
  const n = scene.n;
  const system = new System();
  const bodies: { setPosition(x: number, y: number, now?: boolean): unknown }[] = [];
  const lo = scene.lo;
  const sz = scene.size;
  for (let i = 0; i < n; i++) {
    const x = lo[2 * i]!;
    const y = lo[2 * i + 1]!;
    if (scene.kind[i] === 0) bodies.push(system.createBox({ x, y }, sz[2 * i]!, sz[2 * i + 1]!));
    else {
      const r = sz[2 * i]! / 2;
      bodies.push(system.createCircle({ x: x + r, y: y + r }, r));
    }
  }
  let pairs = 0;
  const count = (): void => {
    pairs++;
  };
  return {
    name: "detect-collisions (setPosition + update + checkAll)",
    boxes: false,
    frame: () => {
      for (let i = 0; i < n; i++) {
        scene.step(i);
        const x = lo[2 * i]!;
        const y = lo[2 * i + 1]!;
        const r = scene.kind[i] === 0 ? 0 : sz[2 * i]! / 2;
        bodies[i]!.setPosition(x + r, y + r, false);
      }
      system.update();
      pairs = 0;
      system.checkAll(count);
      return pairs / 2; // checkAll reports each pair in both orders
    },
    note: () =>
      "checkAll includes its SAT narrow phase (circles as circles) and reports each pair twice (halved here)",
  };
}

function rapier2d(scene: Scene): Contender {
  const R = RAPIER2;
  const n = scene.n;
  const world = new R.World({ x: 0, y: 0 });
  const queue = new R.EventQueue(true);
  const bodies: InstanceType<typeof R.RigidBody>[] = [];
  const lo = scene.lo;
  const sz = scene.size;
  for (let i = 0; i < n; i++) {
    const hx = sz[2 * i]! / 2;
    const hy = sz[2 * i + 1]! / 2;
    const body = world.createRigidBody(
      R.RigidBodyDesc.kinematicPositionBased().setTranslation(lo[2 * i]! + hx, lo[2 * i + 1]! + hy),
    );
    const desc = scene.kind[i] === 0 ? R.ColliderDesc.cuboid(hx, hy) : R.ColliderDesc.ball(hx);
    desc
      .setSensor(true)
      .setActiveCollisionTypes(R.ActiveCollisionTypes.KINEMATIC_KINEMATIC)
      .setActiveEvents(R.ActiveEvents.COLLISION_EVENTS);
    world.createCollider(desc, body);
    bodies.push(body);
  }
  let pairs = 0;
  const event = (_a: number, _b: number, started: boolean): void => {
    pairs += started ? 1 : -1;
  };
  const t = { x: 0, y: 0 };
  return {
    name: "rapier2d (kinematic sensors, world.step(eventQueue))",
    boxes: false,
    frame: () => {
      for (let i = 0; i < n; i++) {
        scene.step(i);
        t.x = lo[2 * i]! + sz[2 * i]! / 2;
        t.y = lo[2 * i + 1]! + sz[2 * i + 1]! / 2;
        bodies[i]!.setNextKinematicTranslation(t);
      }
      world.step(queue);
      queue.drainCollisionEvents(event);
      return pairs; // the running count of started minus stopped intersections
    },
    note: () =>
      "sensor intersections of the shapes (circles as balls); WASM heap not in the JS heap",
  };
}

// ---- 3D peers --------------------------------------------------------------------------------

function cannon(scene: Scene): Contender {
  const n = scene.n;
  const world = new CANNON.World();
  const bp = new CANNON.SAPBroadphase(world);
  bp.useBoundingBoxes = true; // box overlaps, not bounding spheres
  world.broadphase = bp;
  const bodies: CANNON.Body[] = [];
  const lo = scene.lo;
  const sz = scene.size;
  for (let i = 0; i < n; i++) {
    const hx = sz[3 * i]! / 2;
    const shape =
      scene.kind[i] === 0
        ? new CANNON.Box(new CANNON.Vec3(hx, sz[3 * i + 1]! / 2, sz[3 * i + 2]! / 2))
        : new CANNON.Sphere(hx);
    const body = new CANNON.Body({ mass: 0, type: CANNON.Body.KINEMATIC, shape });
    body.position.set(
      lo[3 * i]! + hx,
      lo[3 * i + 1]! + sz[3 * i + 1]! / 2,
      lo[3 * i + 2]! + sz[3 * i + 2]! / 2,
    );
    world.addBody(body);
    bodies.push(body);
  }
  bp.autoDetectAxis();
  const p1: CANNON.Body[] = [];
  const p2: CANNON.Body[] = [];
  return {
    name: "cannon-es SAPBroadphase (useBoundingBoxes, collisionPairs)",
    boxes: true,
    frame: () => {
      for (let i = 0; i < n; i++) {
        scene.step(i);
        bodies[i]!.position.set(
          lo[3 * i]! + sz[3 * i]! / 2,
          lo[3 * i + 1]! + sz[3 * i + 1]! / 2,
          lo[3 * i + 2]! + sz[3 * i + 2]! / 2,
        );
        bodies[i]!.aabbNeedsUpdate = true;
      }
      // world.step would integrate and set these; the list is re-sorted only when dirty.
      bp.dirty = true;
      p1.length = 0;
      p2.length = 0;
      bp.collisionPairs(world, p1, p2);
      return p1.length;
    },
    note: () => `axis ${bp.axisIndex}`,
  };
}

function rapier3d(scene: Scene): Contender {
  const R = RAPIER3;
  const n = scene.n;
  const world = new R.World({ x: 0, y: 0, z: 0 });
  const queue = new R.EventQueue(true);
  const bodies: InstanceType<typeof R.RigidBody>[] = [];
  const lo = scene.lo;
  const sz = scene.size;
  const t = { x: 0, y: 0, z: 0 };
  const centre = (i: number): void => {
    t.x = lo[3 * i]! + sz[3 * i]! / 2;
    t.y = lo[3 * i + 1]! + sz[3 * i + 1]! / 2;
    t.z = lo[3 * i + 2]! + sz[3 * i + 2]! / 2;
  };
  for (let i = 0; i < n; i++) {
    centre(i);
    const body = world.createRigidBody(
      R.RigidBodyDesc.kinematicPositionBased().setTranslation(t.x, t.y, t.z),
    );
    const h = sz[3 * i]! / 2;
    const desc =
      scene.kind[i] === 0
        ? R.ColliderDesc.cuboid(h, sz[3 * i + 1]! / 2, sz[3 * i + 2]! / 2)
        : R.ColliderDesc.ball(h);
    desc
      .setSensor(true)
      .setActiveCollisionTypes(R.ActiveCollisionTypes.KINEMATIC_KINEMATIC)
      .setActiveEvents(R.ActiveEvents.COLLISION_EVENTS);
    world.createCollider(desc, body);
    bodies.push(body);
  }
  let pairs = 0;
  const event = (_a: number, _b: number, started: boolean): void => {
    pairs += started ? 1 : -1;
  };
  return {
    name: "rapier3d (kinematic sensors, world.step(eventQueue))",
    boxes: false,
    frame: () => {
      for (let i = 0; i < n; i++) {
        scene.step(i);
        centre(i);
        bodies[i]!.setNextKinematicTranslation(t);
      }
      world.step(queue);
      queue.drainCollisionEvents(event);
      return pairs;
    },
    note: () =>
      "sensor intersections of the shapes (spheres as balls); WASM heap not in the JS heap",
  };
}

// ---- the runs --------------------------------------------------------------------------------

interface Row {
  name: string;
  ms: number;
  /** Pairs after the first two frames (same scene state for every contender). */
  pairs: number;
  boxes: boolean;
  /** Heap kept per frame (bytes): a first window, then the steady state; NaN when not measured. */
  heap: [number, number];
  /** Bytes allocated per frame, garbage included: the lowest and highest window; NaN unmeasured. */
  alloc: [number, number];
  skipped: string;
  note: string;
}

function usedBytes(): number {
  let sum = 0;
  for (const s of getHeapSpaceStatistics()) sum += s.space_used_size;
  return sum;
}

/**
 * The median of `trials` readings of the used heap across one call run right after a full GC
 * (needs --expose-gc; NaN without). The median, not the largest: a call that happens to finish a
 * background (re)compilation counts its code and feedback (code and old space), hundreds of KB
 * that are not its garbage, and a call cut by a scavenge reads low.
 */
function medianAfterGc(f: () => unknown, trials: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Number.NaN;
  const s: number[] = [];
  for (let t = 0; t < trials; t++) {
    gc();
    const before = usedBytes();
    f();
    s.push(usedBytes() - before);
  }
  s.sort((a, b) => a - b);
  return s[trials >> 1]!;
}

/**
 * Bytes allocated by one frame, garbage included: medianAfterGc of the frame less that of an
 * empty call, in `windows` windows `gap` frames apart; the lowest and the highest. A window above
 * the lowest is V8 re-optimising after a late deopt (a branch first taken after thousands of
 * frames, "Insufficient type feedback"): until the step is optimised again, calls from it box
 * their doubles. Garbage in every frame would raise the lowest window too.
 */
export function allocatedPerFrameWindows(
  frame: () => unknown,
  windows = 5,
  gap = 50,
): [number, number] {
  const base = medianAfterGc(() => 0, 9);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let w = 0; w < windows; w++) {
    for (let i = 0; w > 0 && i < gap; i++) frame();
    const a = Math.max(0, medianAfterGc(frame, 9) - base);
    if (Number.isNaN(a)) return [a, a];
    low = Math.min(low, a);
    high = Math.max(high, a);
  }
  return [low, high];
}

/** Frames between allocation windows: about 200,000 body moves, 50 to 400 frames. */
export function windowGap(n: number): number {
  return Math.min(400, Math.max(50, Math.round(200_000 / n)));
}

/** A table cell for allocatedPerFrameWindows: the lowest window, and the highest when above. */
export function allocCell([low, high]: [number, number]): string {
  if (Number.isNaN(low)) return "";
  return high > low ? `${low.toFixed(0)} (highest ${high.toFixed(0)})` : low.toFixed(0);
}

async function runGroup(makers: ((s: Scene) => Contender)[], base: Scene): Promise<Row[]> {
  const list = makers.map((m) => m(base.clone()));
  const rows: Row[] = list.map((c) => ({
    name: c.name,
    ms: Number.NaN,
    pairs: 0,
    boxes: c.boxes,
    heap: [Number.NaN, Number.NaN],
    alloc: [Number.NaN, Number.NaN],
    skipped: "",
    note: "",
  }));
  // Two frames each from the same state: the pair counts compare; the second frame's time
  // decides whether a slow peer is skipped at this size.
  for (const [i, c] of list.entries()) {
    c.frame();
    const t0 = performance.now();
    rows[i]!.pairs = c.frame();
    const ms = performance.now() - t0;
    const peer = !(c.name.startsWith("collide") || c.name.startsWith("plain"));
    if (peer && ms > SKIP_MS)
      rows[i]!.skipped = `skipped: one frame took ${(ms / 1000).toFixed(1)} s`;
  }
  const samples: number[][] = list.map(() => []);
  const big = base.n >= 50_000;
  for (let round = 0; round < ROUNDS; round++) {
    const order = list.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      if (rows[i]!.skipped) continue;
      const c = list[i]!;
      const stats = await measure(() => do_not_optimize(c.frame()), {
        min_cpu_time: big ? 1000e6 : 300e6,
        min_samples: big ? 3 : 12,
      });
      samples[i]!.push(stats.avg / 1e6);
    }
  }
  for (const [i, c] of list.entries()) {
    const r = rows[i]!;
    if (r.skipped) continue;
    const sorted = [...samples[i]!].sort((a, b) => a - b);
    r.ms = sorted[sorted.length >> 1]!;
    const ours = c.name.startsWith("collide") || c.name.startsWith("plain");
    if (ours || base.n <= 10_000) {
      r.heap = heapGrowthWindows(() => c.frame(), 10, big ? 30 : 100);
      r.alloc = allocatedPerFrameWindows(() => c.frame(), 5, windowGap(base.n));
    }
    r.note = c.note();
  }
  return rows;
}

function table(title: string, rows: Row[], n: number): string[] {
  const ref = rows.find((r) => r.name.startsWith("plain"))?.pairs ?? rows[0]!.pairs;
  const ours = rows.filter((r) => r.name.startsWith("collide") && Number.isFinite(r.ms));
  const fastest = Math.min(...ours.map((r) => r.ms));
  const md = [
    `### ${title}: ${n.toLocaleString("en-US")} objects`,
    "",
    "| contender | ms/frame | x fastest collide | pairs after 2 frames | heap growth per frame (bytes, a first window → steady state) | allocated per frame (bytes, garbage included: the median of 9 frames in each of 5 windows 50 to 400 frames apart (200,000 body moves); the lowest window, and the highest where it differs) | notes |",
    "|---|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    const agree = r.boxes
      ? r.pairs === ref
        ? "= box pairs"
        : `**differs from ${ref}**`
      : "shape pairs";
    const ms = r.skipped ? r.skipped : r.ms.toFixed(2);
    const ratio = r.skipped ? "" : `${(r.ms / fastest).toFixed(2)}x`;
    const heap = Number.isNaN(r.heap[0]) ? "" : heapCell(r.heap, 0);
    const alloc = allocCell(r.alloc);
    md.push(
      `| ${r.name} | ${ms} | ${ratio} | ${r.pairs} (${agree}) | ${heap} | ${alloc} | ${r.note} |`,
    );
  }
  md.push("");
  return md;
}

/**
 * Runs the broadphase benchmark (2D at 1,000, 10,000 and 100,000 objects, 3D at 10,000, each
 * capped by `maxN`) and returns the report as markdown lines.
 */
export async function benchBroadphase(
  maxN: number = Number(process.env.BENCH_N ?? 100_000),
): Promise<string[]> {
  await rapier2dReady;
  await rapier3dReady;
  const md: string[] = [];
  md.push("## Broadphase: move every object, list every overlapping pair");
  md.push("");
  md.push(
    `- node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"}; half boxes, half circles/spheres, sizes in [0.5, 1.5], speed up to ${SPEED} per axis per frame, world sized for ~${OVERLAPS} box overlaps per object; median of ${ROUNDS} mitata runs, contenders interleaved on clones of one seeded scene.`,
  );
  md.push(
    "- Pairs are counted after the same two frames from the same start; `= box pairs` means equal to the plain sort-and-sweep's count of overlapping boxes. Shape peers (detect-collisions, rapier) count their narrow-phase overlaps instead. Peers taking over 2 s per frame are skipped at that size.",
  );
  md.push("");
  const peers2: ((s: Scene) => Contender)[] = [
    (s) => ours2(s, "tree"),
    (s) => ours2(s, "sap"),
    (s) => ours2(s, "grid"),
    sortAndSweep,
    rbush,
    flatbush,
    boxIntersectPeer,
    planckTree,
    detectCollisions,
    rapier2d,
  ];
  // BENCH_SIZES=100000 runs only the listed 2D sizes; BENCH_3D=0 leaves out the 3D group.
  const sizes = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
  for (const n of sizes) {
    if (n > maxN) continue;
    console.error(`bench:broadphase: 2D, ${n} objects`);
    const rows = await runGroup(peers2, new Scene(n, 2, 1234 + n));
    md.push(...table("2D boxes and circles", rows, n));
  }
  if (process.env.BENCH_3D === "0") return md;
  const n3 = Math.min(10_000, maxN);
  const peers3: ((s: Scene) => Contender)[] = [
    (s) => ours3(s, "tree"),
    (s) => ours3(s, "sap"),
    (s) => ours3(s, "grid"),
    sortAndSweep,
    cannon,
    rapier3d,
  ];
  md.push(...table("3D boxes and spheres", await runGroup(peers3, new Scene(n3, 3, 4321)), n3));
  return md;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await benchBroadphase()).join("\n"));
}
