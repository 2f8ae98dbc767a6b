import { AabbTree2 } from "../../broadphase/aabb-tree2.ts";
import type { Aabb } from "../shapes.ts";

/*
 * The world's one seam to its broadphase: create, move, destroy, candidate pairs, box query, ray
 * cast and box cast, all in body ids. Only the dynamic AABB tree stands behind it for now; another
 * structure (sweep-and-prune, grid) plugs in by implementing `WorldBroadphase`.
 */

/** Called with two body ids (a < b not guaranteed) whose boxes overlap. */
export type BodyPairCallback = (a: number, b: number) => void;
/** Called with a body id; return false to stop. */
export type BodyQueryCallback = (body: number) => boolean;
/** Called with a body id and the current reach; returns a new reach, 0 to stop, < 0 to ignore. */
export type BodyCastCallback = (body: number, maxT: number) => number;

/** The broadphase structures a world can use. */
export type BroadphaseKind = "tree";

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

/** The dynamic AABB tree behind the seam: proxy ids map to body ids through the tree's user data. */
class TreeBroadphase implements WorldBroadphase {
  private readonly tree: AabbTree2;
  private readonly box: Aabb = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  private readonly disp = { x: 0, y: 0 };
  // The caller's callback of the running query; saved and restored so nested queries work.
  private pairCb: BodyPairCallback | null = null;
  private queryCb: BodyQueryCallback | null = null;
  private castCb: BodyCastCallback | null = null;
  private readonly onPair: (a: number, b: number) => void;
  private readonly onQuery: (id: number) => boolean;
  private readonly onCast: (id: number, maxT: number) => number;

  constructor(margin: number) {
    this.tree = new AabbTree2({ margin });
    const tree = this.tree;
    this.onPair = (a, b) => this.pairCb!(tree.getUserData(a), tree.getUserData(b));
    this.onQuery = (id) => this.queryCb!(tree.getUserData(id));
    this.onCast = (id, maxT) => this.castCb!(tree.getUserData(id), maxT);
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
    return this.tree.createProxy(this.fill(minX, minY, maxX, maxY), body);
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
    this.tree.move(proxy, this.fill(minX, minY, maxX, maxY), this.disp);
  }

  destroy(proxy: number): void {
    this.tree.destroyProxy(proxy);
  }

  pairs(callback: BodyPairCallback): void {
    const saved = this.pairCb;
    this.pairCb = callback;
    try {
      this.tree.queryTightPairs(this.onPair);
    } finally {
      this.pairCb = saved;
    }
  }

  query(minX: number, minY: number, maxX: number, maxY: number, callback: BodyQueryCallback): void {
    const saved = this.queryCb;
    this.queryCb = callback;
    try {
      this.tree.query(minX, minY, maxX, maxY, this.onQuery);
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
    try {
      this.tree.raycast(ox, oy, dx, dy, maxT, this.onCast);
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
      this.tree.shapeCast(minX, minY, maxX, maxY, dx, dy, maxT, this.onCast);
    } finally {
      this.castCb = saved;
    }
  }
}

/** Makes the broadphase named by `kind` (fat-box margin in world units). */
export function makeBroadphase(kind: BroadphaseKind, margin: number): WorldBroadphase {
  if (kind !== "tree")
    throw new RangeError(`createWorld: options.broadphase must be "tree", got ${String(kind)}`);
  return new TreeBroadphase(margin);
}
