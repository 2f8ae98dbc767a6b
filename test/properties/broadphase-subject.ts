/**
 * The 2D and 3D broadphases behind flat arrays ([min..., max...]), so one property serves both
 * dimensions; the brute-force slab entry and box overlap the properties compare against.
 */
import { entry2 } from "../../src/broadphase/aabb-tree2.ts";
import { entry3 } from "../../src/broadphase/aabb-tree3.ts";
import {
  type Broadphase2,
  type Broadphase3,
  type BroadphaseKind,
  type BroadphaseOptions,
  createBroadphase2,
  createBroadphase3,
} from "../../src/broadphase/broadphase.ts";
import { defaultSeed } from "./config.ts";

/** The seed of a property (COLLIDE_SEED replays one), printed with its run count. */
export function seedFor(name: string, runs: number): number {
  const seed = process.env.COLLIDE_SEED ? Number(process.env.COLLIDE_SEED) : defaultSeed();
  console.log(`[property] ${name}: seed ${seed}, ${runs} runs (replay: COLLIDE_SEED=${seed})`);
  return seed;
}

/** The 2D and 3D broadphases behind flat arrays, so one property serves both. */
export interface Subject {
  bp: Broadphase2 | Broadphase3;
  create(b: number[]): number;
  move(id: number, b: number[]): void;
  box(id: number): number[];
  query(b: number[], cb: (id: number) => boolean): void;
  /** A ray cast from point o, or a box cast when o is a box [min..., max...]. */
  ray(o: number[], d: number[], maxT: number, cb: (id: number, t: number) => number): void;
  /** The brute-force slab entry of that ray or box into box b (the tree's arithmetic, entry2/3). */
  entry(b: number[], o: number[], d: number[], maxT: number): number;
}

export function subject(dim: number, kind: BroadphaseKind, options: BroadphaseOptions): Subject {
  if (dim === 2) {
    const bp = createBroadphase2(kind, options);
    const aabb = (b: number[]) => ({ min: { x: b[0]!, y: b[1]! }, max: { x: b[2]!, y: b[3]! } });
    const v = (a: number[]) => ({ x: a[0]!, y: a[1]! });
    const one = new Float64Array(4);
    return {
      bp,
      create: (b) => bp.createProxy(aabb(b)),
      move: (id, b) => {
        bp.move(id, aabb(b));
      },
      box: (id) => {
        const a = bp.getAabb(id);
        return [a.min.x, a.min.y, a.max.x, a.max.y];
      },
      query: (b, cb) => bp.queryAabb(aabb(b), cb),
      ray: (o, d, maxT, cb) =>
        o.length === 2 ? bp.rayCast(v(o), v(d), maxT, cb) : bp.boxCast(aabb(o), v(d), maxT, cb),
      entry: (b, o, d, maxT) => {
        one.set(b);
        const h = o.length === 2 ? 0 : 2;
        return entry2(
          one,
          0,
          o[0]!,
          o[1]!,
          o[h]!,
          o[h + 1]!,
          d[0]!,
          d[1]!,
          1 / d[0]!,
          1 / d[1]!,
          maxT,
        );
      },
    };
  }
  const bp = createBroadphase3(kind, options);
  const aabb = (b: number[]) => ({
    min: { x: b[0]!, y: b[1]!, z: b[2]! },
    max: { x: b[3]!, y: b[4]!, z: b[5]! },
  });
  const v = (a: number[]) => ({ x: a[0]!, y: a[1]!, z: a[2]! });
  const one = new Float64Array(6);
  return {
    bp,
    create: (b) => bp.createProxy(aabb(b)),
    move: (id, b) => {
      bp.move(id, aabb(b));
    },
    box: (id) => {
      const a = bp.getAabb(id);
      return [a.min.x, a.min.y, a.min.z, a.max.x, a.max.y, a.max.z];
    },
    query: (b, cb) => bp.queryAabb(aabb(b), cb),
    ray: (o, d, maxT, cb) =>
      o.length === 3 ? bp.rayCast(v(o), v(d), maxT, cb) : bp.boxCast(aabb(o), v(d), maxT, cb),
    entry: (b, o, d, maxT) => {
      one.set(b);
      const [ox, oy, oz] = o as [number, number, number];
      const h = o.length === 3 ? 0 : 3;
      const [dx, dy, dz] = d as [number, number, number];
      const [px, py, pz] = [o[h]!, o[h + 1]!, o[h + 2]!];
      return entry3(one, 0, ox, oy, oz, px, py, pz, dx, dy, dz, 1 / dx, 1 / dy, 1 / dz, maxT);
    },
  };
}

export function overlap(a: number[], b: number[], dim: number): boolean {
  for (let k = 0; k < dim; k++) if (a[k]! > b[dim + k]! || b[k]! > a[dim + k]!) return false;
  return true;
}
