import {
  type BroadphaseKind,
  box,
  circle,
  createWorld,
  type Shape,
  type World,
} from "../../../src/2d/index.ts";

/*
 * A createWorld with thousands of moving boxes and circles, stepped every animation frame. The
 * motion is a seeded function of the step count alone (bodies fly straight and bounce off the
 * arena's walls; the world only detects), so the browser test can rebuild the same scene in Node
 * with `WorldScene` and compare the contact count and the ray hit.
 */

/** The seed of every scene the sample shows. */
export const WORLD_SEED = 20261123;
/** The arena is [-ARENA, ARENA]² whatever the count: bodies shrink as the count grows. */
const ARENA = 10;

/** A small seeded generator (mulberry32, T. Ettinger), so the page and Node draw the same scene. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seeded scene: n bodies (even ids boxes, odd ids circles) moving in the arena. */
export class WorldScene {
  readonly count: number;
  readonly shapes: Shape[] = [];
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly a: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly va: Float64Array;
  /** Steps taken since the scene was made. */
  steps = 0;
  /** Milliseconds of the last steps (move every body and step the world). */
  readonly times: number[] = [];
  kind: BroadphaseKind;
  world: World;
  private readonly pose = { x: 0, y: 0, angle: 0 };

  constructor(count: number, seed: number, kind: BroadphaseKind) {
    const rnd = mulberry32(seed);
    this.count = count;
    this.kind = kind;
    this.x = new Float64Array(count);
    this.y = new Float64Array(count);
    this.a = new Float64Array(count);
    this.vx = new Float64Array(count);
    this.vy = new Float64Array(count);
    this.va = new Float64Array(count);
    // About 2 overlaps per body: n bodies of size ~u fill an area of about n u² / 2.
    const u = (2 * ARENA) / Math.sqrt(count / 2);
    for (let i = 0; i < count; i++) {
      const s = (0.3 + 0.4 * rnd()) * u;
      this.shapes.push(i % 2 === 0 ? box(0, 0, s / 2, s / 3, 0) : circle(0, 0, s / 2));
      this.x[i] = (2 * rnd() - 1) * ARENA;
      this.y[i] = (2 * rnd() - 1) * ARENA;
      this.a[i] = rnd() * 6;
      this.vx[i] = (2 * rnd() - 1) * 0.04 * u;
      this.vy[i] = (2 * rnd() - 1) * 0.04 * u;
      this.va[i] = (2 * rnd() - 1) * 0.02;
    }
    this.world = this.build(kind);
  }

  /** A world of the given kind holding every body at its current pose, stepped once. */
  private build(kind: BroadphaseKind): World {
    const w = createWorld({ broadphase: kind });
    const p = this.pose;
    for (let i = 0; i < this.count; i++) {
      p.x = this.x[i]!;
      p.y = this.y[i]!;
      p.angle = this.a[i]!;
      w.add(this.shapes[i]!, { pose: p });
    }
    w.step();
    return w;
  }

  /** Moves the same bodies into a world of another kind (same poses, same step count). */
  setKind(kind: BroadphaseKind): void {
    if (kind === this.kind) return;
    this.kind = kind;
    this.world = this.build(kind);
  }

  /** One step: every body moves (bouncing off the walls), then the world steps; returns its ms. */
  advance(): number {
    const t0 = performance.now();
    const w = this.world;
    const p = this.pose;
    for (let i = 0; i < this.count; i++) {
      let x = this.x[i]! + this.vx[i]!;
      let y = this.y[i]! + this.vy[i]!;
      if (x < -ARENA || x > ARENA) {
        this.vx[i] = -this.vx[i]!;
        x = this.x[i]!;
      }
      if (y < -ARENA || y > ARENA) {
        this.vy[i] = -this.vy[i]!;
        y = this.y[i]!;
      }
      this.x[i] = x;
      this.y[i] = y;
      this.a[i] = this.a[i]! + this.va[i]!;
      p.x = x;
      p.y = y;
      p.angle = this.a[i]!;
      w.move(i, p);
    }
    w.step();
    this.steps++;
    const ms = performance.now() - t0;
    this.times.push(ms);
    if (this.times.length > 30) this.times.shift();
    return ms;
  }

  /** The mean of the last (up to 30) step times, in ms; NaN before the first step. */
  meanMs(): number {
    let s = 0;
    for (const t of this.times) s += t;
    return this.times.length === 0 ? Number.NaN : s / this.times.length;
  }
}
