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

/** What the world needs from a broadphase; every box is closed and given as scalars. */
export interface WorldBroadphase {
  create(minX: number, minY: number, maxX: number, maxY: number, body: number): number;
  move(
    proxy: number,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
  ): void;
  destroy(proxy: number): void;
  /** Every pair of bodies whose tight boxes overlap, once each. */
  pairs(callback: BodyPairCallback): void;
  query(minX: number, minY: number, maxX: number, maxY: number, callback: BodyQueryCallback): void;
  raycast(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxT: number,
    callback: BodyCastCallback,
  ): void;
  boxCast(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
    maxT: number,
    callback: BodyCastCallback,
  ): void;
}

/**
 * Any `Broadphase2` behind the seam: proxy ids map to body ids through the proxy's user data. Every
 * structure casts nearest first (roughly, for SAP and the grid); the world's cast callbacks keep
 * their best hit by (t, id) rather than relying on order.
 */
class SharedBroadphase implements WorldBroadphase {
  private readonly bp: Broadphase2;
  private readonly tree: AabbTree2 | null;
  private readonly box: Aabb = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  private readonly disp: Vec = { x: 0, y: 0 };
  private readonly origin: Vec = { x: 0, y: 0 };
  private readonly dir: Vec = { x: 0, y: 0 };
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

  private fill(minX: number, minY: number, maxX: number, maxY: number): Aabb {
    const b = this.box;
    b.min.x = minX;
    b.min.y = minY;
    b.max.x = maxX;
    b.max.y = maxY;
    return b;
  }

  create(minX: number, minY: number, maxX: number, maxY: number, body: number): number {
    return this.bp.createProxy(this.fill(minX, minY, maxX, maxY), body);
  }

  move(
    proxy: number,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
  ): void {
    this.disp.x = dx;
    this.disp.y = dy;
    this.bp.move(proxy, this.fill(minX, minY, maxX, maxY), this.disp);
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

  query(minX: number, minY: number, maxX: number, maxY: number, callback: BodyQueryCallback): void {
    const saved = this.queryCb;
    this.queryCb = callback;
    try {
      this.bp.queryAabb(this.fill(minX, minY, maxX, maxY), this.onQuery);
    } finally {
      this.queryCb = saved;
    }
  }

  raycast(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxT: number,
    callback: BodyCastCallback,
  ): void {
    const saved = this.castCb;
    this.castCb = callback;
    this.origin.x = ox;
    this.origin.y = oy;
    this.dir.x = dx;
    this.dir.y = dy;
    try {
      if (this.tree === null) {
        this.wideCast(ox, oy, ox, oy, dx, dy, maxT);
        return;
      }
      this.bp.rayCast(this.origin, this.dir, maxT, this.onCast);
    } finally {
      this.castCb = saved;
    }
  }

  boxCast(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
    maxT: number,
    callback: BodyCastCallback,
  ): void {
    const saved = this.castCb;
    this.castCb = callback;
    try {
      if (this.tree !== null) {
        this.tree.shapeCast(minX, minY, maxX, maxY, dx, dy, maxT, this.onCast);
        return;
      }
      this.wideCast(minX, minY, maxX, maxY, dx, dy, maxT);
    } finally {
      this.castCb = saved;
    }
  }

  /**
   * SAP and the grid: their nearest-first box cast over tight boxes, with the moving box widened
   * far past the rounding of the slab test, so a body the exact sweep touches only at a corner or
   * edge (entry on one axis = exit on another) stays a candidate. The tree's fat boxes do this.
   */
  private wideCast(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    dx: number,
    dy: number,
    maxT: number,
  ): void {
    const reach = Math.abs(dx * maxT) + Math.abs(dy * maxT);
    let sl = (Math.abs(x0) + Math.abs(y0) + Math.abs(x1) + Math.abs(y1) + reach) * 2 ** -40;
    sl = sl < 1e300 ? sl + 1e-300 : 1e300;
    this.disp.x = dx;
    this.disp.y = dy;
    this.bp.boxCast(this.fill(x0 - sl, y0 - sl, x1 + sl, y1 + sl), this.disp, maxT, this.onCast);
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
