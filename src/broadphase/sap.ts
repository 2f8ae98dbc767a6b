/**
 * Sweep and prune over typed arrays, for many similar objects that mostly move a little each
 * frame. The proxies are kept in order of their box minimum on one axis (the one along which the
 * box centres spread most); each query first refreshes the keys and re-sorts by insertion sort,
 * which on a nearly sorted order costs O(n + swaps) (temporal coherence), then sweeps: each box
 * against the following ones until their minimum passes its maximum, the other axes filtering.
 *
 * @see D. Baraff, "Dynamic Simulation of Non-Penetrating Rigid Bodies", PhD thesis, Cornell 1992
 *   (sorted interval lists kept by insertion sort between time steps).
 * @see J. D. Cohen, M. C. Lin, D. Manocha, M. Ponamgi, "I-COLLIDE: An Interactive and Exact
 *   Collision Detection System for Large-Scale Environments", I3D 1995 (sweep and prune).
 */
import type { Vec as Vec2 } from "../2d/shapes.ts";
import type { Vec as Vec3 } from "../3d/shapes.ts";
import type { PairCallback } from "./dynamic-tree.ts";
import { type BroadphaseVec, ProxySet, type ProxySetOptions } from "./proxy-set.ts";
import { SortedAxis } from "./sorted-axis.ts";

/** Options of `SweepAndPrune2` / `SweepAndPrune3`. */
export type SweepAndPruneOptions = ProxySetOptions;

/** An axis is switched only when another spreads this much more (no flapping). */
const SWITCH = 1.5;

/**
 * The dimension-generic sweep and prune; use `SweepAndPrune2` or `SweepAndPrune3`. Moving a
 * proxy only stores its box; the next query re-sorts. Pairs and queries are over the boxes as
 * given (closed: touching counts).
 */
export class SweepAndPrune<V extends BroadphaseVec> extends ProxySet<V> {
  /** The live proxies by box minimum on `axis`. */
  private readonly sorted = new SortedAxis();
  private axis = 0;
  private dirty = true;
  /** The largest extent on `axis`, rounded up: a box overlapping [lo, hi] has min >= lo - maxExt. */
  private maxExt = 0;
  private readonly world: Float64Array;
  private readonly stats: Float64Array;

  constructor(dim: 2 | 3, options: SweepAndPruneOptions = {}) {
    super(dim, options);
    this.world = new Float64Array(2 * dim);
    this.stats = new Float64Array(2 * dim);
    this.growSlots(this.initialCapacity);
  }

  /** The axis the proxies are sorted on (0 x, 1 y, 2 z), as of the last query. */
  get sortAxis(): number {
    return this.axis;
  }

  protected onGrow(n: number): void {
    this.sorted.grow(n);
  }

  protected onCreate(id: number): void {
    this.sorted.add(id);
    this.dirty = true;
  }

  protected onMove(_id: number): void {
    this.dirty = true;
  }

  protected onDestroy(_id: number): void {
    this.sorted.removed++;
    this.dirty = true;
  }

  protected worldBox(): Float64Array {
    return this.world;
  }

  protected prepare(): void {
    if (!this.dirty) return;
    const dim = this.dim;
    const s = 2 * dim;
    const b = this.boxes;
    const sorted = this.sorted;
    sorted.compact(this.alive);
    const order = sorted.order;
    const n = sorted.count;
    // The spread of the box centres per axis picks the sort axis: the sweep then meets the fewest
    // boxes that overlap on it but not on the others.
    const world = this.world;
    const st = this.stats;
    for (let k = 0; k < dim; k++) {
      world[k] = Number.POSITIVE_INFINITY;
      world[dim + k] = Number.NEGATIVE_INFINITY;
      st[k] = 0;
      st[dim + k] = 0;
    }
    for (let i = 0; i < n; i++) {
      const o = order[i]! * s;
      for (let k = 0; k < dim; k++) {
        const lo = b[o + k]!;
        const hi = b[o + dim + k]!;
        if (lo < world[k]!) world[k] = lo;
        if (hi > world[dim + k]!) world[dim + k] = hi;
        const c = 0.5 * lo + 0.5 * hi;
        st[k] = st[k]! + c;
        st[dim + k] = st[dim + k]! + c * c;
      }
    }
    let full = false;
    if (n > 1) {
      let best = this.axis;
      let bestVar = st[dim + best]! / n - (st[best]! / n) ** 2;
      const current = bestVar;
      for (let k = 0; k < dim; k++) {
        const v = st[dim + k]! / n - (st[k]! / n) ** 2;
        if (v > bestVar) {
          best = k;
          bestVar = v;
        }
      }
      if (best !== this.axis && Number.isFinite(bestVar) && bestVar > SWITCH * current) {
        this.axis = best;
        full = true;
      }
    }
    sorted.refresh(b, s, this.axis, dim, full);
    this.maxExt = sorted.maxExt[0]!;
    this.dirty = false;
  }

  protected pairs(callback: PairCallback): void {
    const sorted = this.sorted;
    const n = sorted.count;
    const order = sorted.order;
    const sMin = sorted.lo;
    const sMax = sorted.hi;
    const b = this.boxes;
    if (this.dim === 2) {
      const k = 1 - this.axis; // the other axis
      for (let i = 0; i < n; i++) {
        const p = order[i]!;
        const hi = sMax[i]!;
        const lo1 = b[p * 4 + k]!;
        const hi1 = b[p * 4 + 2 + k]!;
        for (let j = i + 1; j < n && sMin[j]! <= hi; j++) {
          const q = order[j]!;
          if (b[q * 4 + k]! > hi1 || b[q * 4 + 2 + k]! < lo1) continue;
          if (p < q) callback(p, q);
          else callback(q, p);
        }
      }
      return;
    }
    const k1 = this.axis === 0 ? 1 : 0;
    const k2 = this.axis === 2 ? 1 : 2;
    for (let i = 0; i < n; i++) {
      const p = order[i]!;
      const hi = sMax[i]!;
      const o = p * 6;
      const lo1 = b[o + k1]!;
      const hi1 = b[o + 3 + k1]!;
      const lo2 = b[o + k2]!;
      const hi2 = b[o + 3 + k2]!;
      for (let j = i + 1; j < n && sMin[j]! <= hi; j++) {
        const q = order[j]!;
        const oq = q * 6;
        if (b[oq + k1]! > hi1 || b[oq + 3 + k1]! < lo1) continue;
        if (b[oq + k2]! > hi2 || b[oq + 3 + k2]! < lo2) continue;
        if (p < q) callback(p, q);
        else callback(q, p);
      }
    }
  }

  protected enumerate(qo: number, mode: number, callback: unknown): void {
    const q = this.qbuf;
    const a = this.axis;
    const lo = q[qo + a]!;
    const hi = q[qo + this.dim + a]!;
    const sorted = this.sorted;
    const sMin = sorted.lo;
    const order = sorted.order;
    const n = sorted.count;
    const maxExt = this.maxExt;
    // The first entry whose box can reach `lo`: sMin + maxExt >= sMax, monotone in sMin.
    let l = 0;
    let r = n;
    while (l < r) {
      const m = (l + r) >>> 1;
      if (sMin[m]! + maxExt >= lo) r = m;
      else l = m + 1;
    }
    const d = mode === 0 ? 0 : q[qo + 3 * this.dim + a]!;
    if (d > 0) {
      // A ray going up the sorted axis: the slab entry of every later entry is at least
      // (min - origin) / d (the slab test's own operations, monotone in min).
      const org = q[qo + 5 * this.dim + 1 + a]!; // the moving box's maximum (a ray's origin)
      const inv = q[qo + 4 * this.dim + a]!;
      const mt = qo + 5 * this.dim;
      for (let i = l; i < n; i++) {
        const m = sMin[i]!;
        if (m > hi || (m - org) * inv > q[mt]!) return;
        if (!this.visit(order[i]!, qo, mode, callback)) return;
      }
      return;
    }
    if (d < 0) {
      // Going down: max <= min + maxExt bounds the slab entry of this and every earlier entry.
      const org = q[qo + 2 * this.dim + a]!;
      const inv = q[qo + 4 * this.dim + a]!;
      const mt = qo + 5 * this.dim;
      let i = l;
      while (i < n && sMin[i]! <= hi) i++;
      for (i--; i >= l; i--) {
        if ((sMin[i]! + maxExt - org) * inv > q[mt]!) return;
        if (!this.visit(order[i]!, qo, mode, callback)) return;
      }
      return;
    }
    for (let i = l; i < n && sMin[i]! <= hi; i++) {
      if (!this.visit(order[i]!, qo, mode, callback)) return;
    }
  }

  protected validateStructure(fail: (msg: string) => never): void {
    const s = 2 * this.dim;
    const boxes = this.dirty ? null : this.boxes;
    this.sorted.validate(this.alive, this.cap, boxes, s, this.axis, this.dim, fail);
  }
}

/**
 * Sweep and prune over 2D boxes (collide/2d's `SweepAndPrune`): for many similar, mostly moving
 * objects. See `Broadphase2` for the shared interface.
 *
 * @example
 * const sap = new SweepAndPrune2();
 * const id = sap.createProxy({ min: { x: 0, y: 0 }, max: { x: 1, y: 1 } }, 7);
 * sap.queryTightPairs((a, b) => console.log(a, b));
 * @see Baraff 1992; Cohen, Lin, Manocha, Ponamgi, I-COLLIDE, 1995.
 */
export class SweepAndPrune2 extends SweepAndPrune<Vec2> {
  constructor(options: SweepAndPruneOptions = {}) {
    super(2, options);
  }
}

/** Sweep and prune over 3D boxes (collide/3d's `SweepAndPrune`); see `SweepAndPrune2`. */
export class SweepAndPrune3 extends SweepAndPrune<Vec3> {
  constructor(options: SweepAndPruneOptions = {}) {
    super(3, options);
  }
}
