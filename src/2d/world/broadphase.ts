import { AabbTree2 } from "../../broadphase/aabb-tree2.ts";
import {
  type Broadphase2,
  type BroadphaseKind,
  createBroadphase2,
} from "../../broadphase/broadphase.ts";
import type { Aabb, Vec } from "../shapes.ts";

/*
 * The world's one seam to its broadphase: create, move, destroy, candidate pairs, box query, ray
 * cast and box cast, all in body ids. One adapter puts any of the shared `Broadphase2` structures
 * (dynamic AABB tree, sweep and prune, hashed grid) behind it.
 */

/** Called with two body ids (a < b not guaranteed) whose boxes overlap. */
export type BodyPairCallback = (a: number, b: number) => void;
/** Called with a body id; return false to stop. */
export type BodyQueryCallback = (body: number) => boolean;
/** Called with a body id and the current reach; returns a new reach, 0 to stop, < 0 to ignore. */
export type BodyCastCallback = (body: number, maxT: number) => number;

/**
 * What the world needs from a broadphase. Boxes and vectors travel as objects, not scalars: a
 * method V8 does not inline would box each double argument into a fresh heap number, and `move`
 * runs for every body every frame.
 */
export interface WorldBroadphase {
  create(box: Aabb, body: number): number;
  move(proxy: number, box: Aabb, displacement: Vec): void;
  destroy(proxy: number): void;
  /** Every pair of bodies whose tight boxes overlap, once each. */
  pairs(callback: BodyPairCallback): void;
  query(box: Aabb, callback: BodyQueryCallback): void;
  raycast(origin: Vec, dir: Vec, maxT: number, callback: BodyCastCallback): void;
  boxCast(box: Aabb, dir: Vec, maxT: number, callback: BodyCastCallback): void;
}

/**
 * Any `Broadphase2` behind the seam: proxy ids map to body ids through the proxy's user data. Every
 * structure casts nearest first (roughly, for SAP and the grid); the world's cast callbacks keep
 * their best hit by (t, id) rather than relying on order.
 */
class SharedBroadphase implements WorldBroadphase {
  private readonly bp: Broadphase2;
  private readonly tree: AabbTree2 | null;
  private readonly wide: Aabb = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  // The caller's callback of the running query; saved and restored so nested queries work.
  private pairCb: BodyPairCallback | null = null;
  private queryCb: BodyQueryCallback | null = null;
  private castCb: BodyCastCallback | null = null;
  private readonly onPair: (a: number, b: number) => void;
  private readonly onQuery: (id: number) => boolean;
  private readonly onCast: (id: number, maxT: number) => number;

  constructor(kind: BroadphaseKind, margin: number) {
    const bp = createBroadphase2(kind, { margin });
    this.bp = bp;
    this.tree = bp instanceof AabbTree2 ? bp : null;
    this.onPair = (a, b) => this.pairCb!(bp.getUserData(a), bp.getUserData(b));
    this.onQuery = (id) => this.queryCb!(bp.getUserData(id));
    this.onCast = (id, maxT) => this.castCb!(bp.getUserData(id), maxT);
  }

  create(box: Aabb, body: number): number {
    return this.bp.createProxy(box, body);
  }

  move(proxy: number, box: Aabb, displacement: Vec): void {
    this.bp.move(proxy, box, displacement);
  }

  destroy(proxy: number): void {
    this.bp.destroyProxy(proxy);
  }

  pairs(callback: BodyPairCallback): void {
    const saved = this.pairCb;
    this.pairCb = callback;
    try {
      this.bp.queryTightPairs(this.onPair);
    } finally {
      this.pairCb = saved;
    }
  }

  query(box: Aabb, callback: BodyQueryCallback): void {
    const saved = this.queryCb;
    this.queryCb = callback;
    try {
      this.bp.queryAabb(box, this.onQuery);
    } finally {
      this.queryCb = saved;
    }
  }

  raycast(origin: Vec, dir: Vec, maxT: number, callback: BodyCastCallback): void {
    const saved = this.castCb;
    this.castCb = callback;
    try {
      if (this.tree === null) {
        this.wideCast(origin.x, origin.y, origin.x, origin.y, dir, maxT);
        return;
      }
      this.bp.rayCast(origin, dir, maxT, this.onCast);
    } finally {
      this.castCb = saved;
    }
  }

  boxCast(box: Aabb, dir: Vec, maxT: number, callback: BodyCastCallback): void {
    const saved = this.castCb;
    this.castCb = callback;
    try {
      if (this.tree !== null) {
        const { min, max } = box;
        this.tree.shapeCast(min.x, min.y, max.x, max.y, dir.x, dir.y, maxT, this.onCast);
        return;
      }
      this.wideCast(box.min.x, box.min.y, box.max.x, box.max.y, dir, maxT);
    } finally {
      this.castCb = saved;
    }
  }

  /**
   * SAP and the grid: their nearest-first box cast over tight boxes, with the moving box widened
   * far past the rounding of the slab test, so a body the exact sweep touches only at a corner or
   * edge (entry on one axis = exit on another) stays a candidate. The tree's fat boxes do this.
   */
  private wideCast(x0: number, y0: number, x1: number, y1: number, dir: Vec, maxT: number): void {
    const reach = Math.abs(dir.x * maxT) + Math.abs(dir.y * maxT);
    let sl = (Math.abs(x0) + Math.abs(y0) + Math.abs(x1) + Math.abs(y1) + reach) * 2 ** -40;
    sl = sl < 1e300 ? sl + 1e-300 : 1e300;
    const w = this.wide;
    w.min.x = x0 - sl;
    w.min.y = y0 - sl;
    w.max.x = x1 + sl;
    w.max.y = y1 + sl;
    this.bp.boxCast(w, dir, maxT, this.onCast);
  }
}

/** Makes the broadphase named by `kind` (fat-box margin in world units, read by the tree only). */
export function makeBroadphase(kind: BroadphaseKind, margin: number): WorldBroadphase {
  if (kind !== "tree" && kind !== "sap" && kind !== "grid") {
    throw new RangeError(
      `createWorld: options.broadphase must be "tree", "sap" or "grid", got ${String(kind)}`,
    );
  }
  return new SharedBroadphase(kind, margin);
}
