/**
 * One interface over the three broadphases (dynamic AABB tree, sweep and prune, hashed grid) and
 * a factory, so a world switches structure with one option.
 */
import type { Aabb as Aabb2, Vec as Vec2 } from "../2d/shapes.ts";
import type { Aabb as Aabb3, Vec as Vec3 } from "../3d/shapes.ts";
import { AabbTree2 } from "./aabb-tree2.ts";
import { AabbTree3 } from "./aabb-tree3.ts";
import type { AabbTreeOptions, CastCallback, PairCallback, QueryCallback } from "./dynamic-tree.ts";
import { SpatialGrid2, SpatialGrid3, type SpatialGridOptions } from "./grid.ts";
import { SweepAndPrune2, SweepAndPrune3, type SweepAndPruneOptions } from "./sap.ts";

/**
 * What every broadphase offers, over boxes `{min, max}` of vectors V: proxies with small integer
 * ids (slots, reused after `destroyProxy`), each with a number of the caller's; queries take
 * callbacks, allocate nothing, and see the boxes as given (closed: touching counts). Callbacks
 * must not create, move or destroy proxies (that throws); they may run other queries.
 */
export interface Broadphase<V, B> {
  /** The number of live proxies. */
  readonly proxyCount: number;
  /** Adds a proxy (box finite with min <= max, else a RangeError naming the field); its id. */
  createProxy(aabb: B, userData?: number): number;
  /**
   * Gives a proxy its new box; `displacement` (the motion since the last call) lets the tree
   * stretch its fat box ahead. Returns whether the structure changed (always true for SAP and
   * the grid, which re-sort or rebuild on the next query).
   */
  move(id: number, aabb: B, displacement?: V): boolean;
  /** Removes a proxy; its id may be reused. */
  destroyProxy(id: number): void;
  /** The number stored with a proxy. */
  getUserData(id: number): number;
  /** Replaces the number stored with a proxy. */
  setUserData(id: number, value: number): void;
  /** The box last given for a proxy, into `out` when given. */
  getAabb(id: number, out?: B): B;
  /** Every pair of proxies whose boxes overlap, once each, with a < b. */
  queryTightPairs(callback: PairCallback): void;
  /** Each proxy whose box overlaps `aabb`, until the callback returns false. */
  queryAabb(aabb: B, callback: QueryCallback): void;
  /**
   * Each proxy whose box the ray origin + t·dir reaches at t in [0, maxT] (slab test); the
   * callback returns -1 to ignore, 0 to stop, or t to clip maxT (see `CastCallback`).
   */
  rayCast(origin: V, dir: V, maxT: number, callback: CastCallback): void;
  /**
   * Each proxy whose box the box `box` moving by t·dir touches at some t in [0, maxT] (swept-box
   * slab test: N.min - box.max <= t·dir <= N.max - box.min per axis), roughly nearest first; the
   * callback as in `rayCast`.
   */
  boxCast(box: B, dir: V, maxT: number, callback: CastCallback): void;
  /** Checks every invariant, throwing an Error naming the first one broken (for tests). */
  validate(): void;
}

/** A 2D broadphase (collide/2d's `Broadphase`). */
export type Broadphase2 = Broadphase<Vec2, Aabb2>;
/** A 3D broadphase (collide/3d's `Broadphase`). */
export type Broadphase3 = Broadphase<Vec3, Aabb3>;

/**
 * Which structure: "tree" (dynamic AABB tree: any sizes, mostly static or few movers, many box
 * and ray queries), "sap" (sweep and prune: many similar, mostly moving objects), "grid" (hashed
 * uniform grid: many objects of about one size, all moving).
 */
export type BroadphaseKind = "tree" | "sap" | "grid";

/** Options of `createBroadphase`: each structure reads its own and ignores the others. */
export interface BroadphaseOptions
  extends AabbTreeOptions,
    SweepAndPruneOptions,
    SpatialGridOptions {}

/**
 * A 2D broadphase of the given kind (collide/2d's `createBroadphase`); throws a RangeError naming
 * `kind` for an unknown one.
 *
 * @example
 * const bp = createBroadphase("grid", { cellSize: 2 });
 * const id = bp.createProxy({ min: { x: 0, y: 0 }, max: { x: 1, y: 1 } });
 */
export function createBroadphase2(
  kind: BroadphaseKind,
  options: BroadphaseOptions = {},
): Broadphase2 {
  if (kind === "tree") return new AabbTree2(treeOptions(options));
  if (kind === "sap") return new SweepAndPrune2(sapOptions(options));
  if (kind === "grid") return new SpatialGrid2(gridOptions(options));
  throw new RangeError(`kind must be "tree", "sap" or "grid", got ${String(kind)}`);
}

/** A 3D broadphase of the given kind (collide/3d's `createBroadphase`); see `createBroadphase2`. */
export function createBroadphase3(
  kind: BroadphaseKind,
  options: BroadphaseOptions = {},
): Broadphase3 {
  if (kind === "tree") return new AabbTree3(treeOptions(options));
  if (kind === "sap") return new SweepAndPrune3(sapOptions(options));
  if (kind === "grid") return new SpatialGrid3(gridOptions(options));
  throw new RangeError(`kind must be "tree", "sap" or "grid", got ${String(kind)}`);
}

function treeOptions(o: BroadphaseOptions): AabbTreeOptions {
  const r: AabbTreeOptions = {};
  if (o.margin !== undefined) r.margin = o.margin;
  if (o.predict !== undefined) r.predict = o.predict;
  if (o.capacity !== undefined) r.capacity = o.capacity;
  return r;
}

function sapOptions(o: BroadphaseOptions): SweepAndPruneOptions {
  return o.capacity === undefined ? {} : { capacity: o.capacity };
}

function gridOptions(o: BroadphaseOptions): SpatialGridOptions {
  const r: SpatialGridOptions = {};
  if (o.capacity !== undefined) r.capacity = o.capacity;
  if (o.cellSize !== undefined) r.cellSize = o.cellSize;
  if (o.maxCells !== undefined) r.maxCells = o.maxCells;
  return r;
}
