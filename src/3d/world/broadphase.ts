import { AabbTree3 } from "../../broadphase/aabb-tree3.ts";
import {
  type Broadphase3,
  type BroadphaseKind,
  createBroadphase3,
} from "../../broadphase/broadphase.ts";
import type { Aabb, Vec } from "../shapes.ts";

/*
 * The 3D world's one seam to its broadphase, in body ids: any of the shared `Broadphase3`
 * structures (dynamic AABB tree, sweep and prune, hashed grid) behind one adapter. It mirrors the
 * 2D world's adapter (src/2d/world/broadphase.ts) with a third axis.
 */

/** Called with two body ids (a < b not guaranteed) whose boxes overlap. */
export type BodyPairCallback = (a: number, b: number) => void;
/** Called with a body id; return false to stop. */
export type BodyQueryCallback = (body: number) => boolean;
/** Called with a body id and the current reach; returns a new reach, 0 to stop, < 0 to ignore. */
export type BodyCastCallback = (body: number, maxT: number) => number;

/** Moves `v` one step outward past its rounding error (a sum rounded once is within |v|·2^-53). */
function down(v: number): number {
  return Math.max(v - Math.abs(v) * 2 ** -50 - Number.MIN_VALUE, -Number.MAX_VALUE);
}

function up(v: number): number {
  return Math.min(v + Math.abs(v) * 2 ** -50 + Number.MIN_VALUE, Number.MAX_VALUE);
}

/**
 * Any `Broadphase3` behind the world: proxy ids map to body ids through the proxy's user data. The
 * tree keeps its own nearest-first box cast; SAP and the grid answer a box cast with a box query
 * over the swept box, in no particular order, so the world's cast callbacks keep their best hit by
 * (t, id) rather than relying on order.
 */
export class WorldBroadphase3 {
  private readonly bp: Broadphase3;
  private readonly tree: AabbTree3 | null;
  private readonly box: Aabb = { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
  // The caller's callback of the running query; saved and restored so nested queries work.
  private pairCb: BodyPairCallback | null = null;
  private queryCb: BodyQueryCallback | null = null;
  private castCb: BodyCastCallback | null = null;
  // The reach of a box cast answered by a box query.
  private reach = 0;
  private readonly onPair: (a: number, b: number) => void;
  private readonly onQuery: (id: number) => boolean;
  private readonly onCast: (id: number, maxT: number) => number;
  private readonly onSwept: (id: number) => boolean;

  /** A broadphase of `kind`; `margin` is the tree's fat-box margin (SAP and the grid ignore it). */
  constructor(kind: BroadphaseKind, margin: number) {
    if (kind !== "tree" && kind !== "sap" && kind !== "grid") {
      throw new RangeError(
        `createWorld: options.broadphase must be "tree", "sap" or "grid", got ${String(kind)}`,
      );
    }
    const bp = createBroadphase3(kind, { margin });
    this.bp = bp;
    this.tree = bp instanceof AabbTree3 ? bp : null;
    this.onPair = (a, b) => this.pairCb!(bp.getUserData(a), bp.getUserData(b));
    this.onQuery = (id) => this.queryCb!(bp.getUserData(id));
    this.onCast = (id, maxT) => this.castCb!(bp.getUserData(id), maxT);
    this.onSwept = (id) => this.swept(id);
  }

  /** Adds body `body`'s box; returns the proxy id. */
  create(box: Aabb, body: number): number {
    return this.bp.createProxy(box, body);
  }

  /**
   * Gives a proxy its new box; `displacement` is the motion since the last call (tree
   * prediction). Objects, not scalars: a call V8 does not inline boxes each double argument.
   */
  move(proxy: number, box: Aabb, displacement: Vec): void {
    this.bp.move(proxy, box, displacement);
  }

  /** Removes a proxy. */
  destroy(proxy: number): void {
    this.bp.destroyProxy(proxy);
  }

  /** Every pair of bodies whose tight boxes overlap, once each. */
  pairs(callback: BodyPairCallback): void {
    const saved = this.pairCb;
    this.pairCb = callback;
    try {
      this.bp.queryTightPairs(this.onPair);
    } finally {
      this.pairCb = saved;
    }
  }

  /** Each body whose box overlaps `box`, until the callback returns false. */
  query(box: Aabb, callback: BodyQueryCallback): void {
    const saved = this.queryCb;
    this.queryCb = callback;
    try {
      this.bp.queryAabb(box, this.onQuery);
    } finally {
      this.queryCb = saved;
    }
  }

  /** Each body whose box the ray origin + t·dir reaches at t in [0, maxT] (see `CastCallback`). */
  raycast(origin: Vec, dir: Vec, maxT: number, callback: BodyCastCallback): void {
    const saved = this.castCb;
    this.castCb = callback;
    try {
      this.bp.rayCast(origin, dir, maxT, this.onCast);
    } finally {
      this.castCb = saved;
    }
  }

  /** Each body whose box the box `box` moving by t·d, t in [0, maxT], may touch. */
  boxCast(box: Aabb, d: Vec, maxT: number, callback: BodyCastCallback): void {
    const saved = this.castCb;
    const savedReach = this.reach;
    this.castCb = callback;
    const lo = box.min;
    const hi = box.max;
    try {
      if (this.tree !== null) {
        this.tree.shapeCast(lo.x, lo.y, lo.z, hi.x, hi.y, hi.z, d.x, d.y, d.z, maxT, this.onCast);
        return;
      }
      if (!(maxT >= 0)) return;
      // The swept box: the box at t = 0 joined with the box at t = maxT, widened past the
      // rounding of the moved bounds so every body the moving box touches is a candidate.
      const ex = d.x === 0 ? 0 : d.x * maxT;
      const ey = d.y === 0 ? 0 : d.y * maxT;
      const ez = d.z === 0 ? 0 : d.z * maxT;
      const b = this.box;
      b.min.x = ex < 0 ? down(lo.x + ex) : lo.x;
      b.min.y = ey < 0 ? down(lo.y + ey) : lo.y;
      b.min.z = ez < 0 ? down(lo.z + ez) : lo.z;
      b.max.x = ex > 0 ? up(hi.x + ex) : hi.x;
      b.max.y = ey > 0 ? up(hi.y + ey) : hi.y;
      b.max.z = ez > 0 ? up(hi.z + ez) : hi.z;
      this.reach = maxT;
      this.bp.queryAabb(b, this.onSwept);
    } finally {
      this.castCb = saved;
      this.reach = savedReach;
    }
  }

  // One candidate of a box cast answered by a box query: the callback sees the current reach and
  // may ignore (< 0), stop (0) or clip it (a larger value never extends it).
  private swept(id: number): boolean {
    const r = this.castCb!(this.bp.getUserData(id), this.reach);
    if (r === 0) return false;
    if (r > 0 && r < this.reach) this.reach = r;
    return true;
  }
}
