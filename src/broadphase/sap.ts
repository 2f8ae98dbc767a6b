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
  /** Proxy ids by box minimum on `axis`; entries of destroyed ids wait for the next `prepare`. */
  private order: Int32Array = new Int32Array(0);
  /** Box minimum and maximum on `axis`, aligned with `order`. */
  private sMin: Float64Array = new Float64Array(0);
  private sMax: Float64Array = new Float64Array(0);
  private inOrder: Uint8Array = new Uint8Array(0);
  private count = 0;
  private axis = 0;
  private dirty = true;
  private removed = 0;
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
    const order = new Int32Array(n);
    order.set(this.order);
    this.order = order;
    const lo = new Float64Array(n);
    lo.set(this.sMin);
    this.sMin = lo;
    const hi = new Float64Array(n);
    hi.set(this.sMax);
    this.sMax = hi;
    const flags = new Uint8Array(n);
    flags.set(this.inOrder);
    this.inOrder = flags;
  }

  protected onCreate(id: number): void {
    if (this.inOrder[id] === 0) {
      this.inOrder[id] = 1;
      this.order[this.count++] = id;
    }
    this.dirty = true;
  }

  protected onMove(_id: number): void {
    this.dirty = true;
  }

  protected onDestroy(_id: number): void {
    this.removed++;
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
    const order = this.order;
    if (this.removed > 0) {
      let w = 0;
      for (let i = 0; i < this.count; i++) {
        const id = order[i]!;
        if (this.alive[id] === 1) order[w++] = id;
        else this.inOrder[id] = 0;
      }
      this.count = w;
      this.removed = 0;
    }
    const n = this.count;
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
    const a = this.axis;
    const sMin = this.sMin;
    const sMax = this.sMax;
    let maxExt = 0;
    for (let i = 0; i < n; i++) {
      const o = order[i]! * s;
      const lo = b[o + a]!;
      const hi = b[o + dim + a]!;
      sMin[i] = lo;
      sMax[i] = hi;
      if (hi - lo > maxExt) maxExt = hi - lo;
    }
    // Rounded up past the exact extent: (1 - 2^-53)^2 (1 + 2^-50) > 1.
    this.maxExt = maxExt * (1 + 2 ** -50);
    if (full || !this.insertionSort(n)) this.heapSort(n);
    this.dirty = false;
  }

  protected pairs(callback: PairCallback): void {
    const n = this.count;
    const order = this.order;
    const sMin = this.sMin;
    const sMax = this.sMax;
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
    const sMin = this.sMin;
    const order = this.order;
    const maxExt = this.maxExt;
    // The first entry whose box can reach `lo`: sMin + maxExt >= sMax, monotone in sMin.
    let l = 0;
    let r = this.count;
    while (l < r) {
      const m = (l + r) >>> 1;
      if (sMin[m]! + maxExt >= lo) r = m;
      else l = m + 1;
    }
    for (let i = l; i < this.count && sMin[i]! <= hi; i++) {
      if (!this.visit(order[i]!, qo, mode, callback)) return;
    }
  }

  protected validateStructure(fail: (msg: string) => never): void {
    const seen = new Uint8Array(this.cap);
    for (let i = 0; i < this.count; i++) {
      const id = this.order[i]!;
      if (id < 0 || id >= this.cap) fail(`order[${i}] = ${id} out of range`);
      if (seen[id] === 1) fail(`proxy ${id} twice in the order`);
      seen[id] = 1;
      if (this.inOrder[id] !== 1) fail(`proxy ${id} in the order but not flagged`);
    }
    for (let id = 0; id < this.cap; id++) {
      if (this.alive[id] === 1 && seen[id] !== 1) fail(`live proxy ${id} not in the order`);
      if (seen[id] !== 1 && this.inOrder[id] === 1) fail(`proxy ${id} flagged but not in order`);
    }
    if (this.dirty) return;
    const s = 2 * this.dim;
    for (let i = 0; i < this.count; i++) {
      const o = this.order[i]! * s;
      if (this.sMin[i] !== this.boxes[o + this.axis]) fail(`stale key at ${i}`);
      if (this.sMax[i] !== this.boxes[o + this.dim + this.axis]) fail(`stale max at ${i}`);
      if (i > 0 && this.sMin[i - 1]! > this.sMin[i]!) fail(`order not sorted at ${i}`);
    }
  }

  /**
   * Sorts the first n entries by sMin by insertion (O(n + shifts) on coherent frames); gives up,
   * returning false, past 4n + 1024 shifts (many new or teleported proxies).
   */
  private insertionSort(n: number): boolean {
    const order = this.order;
    const sMin = this.sMin;
    const sMax = this.sMax;
    let budget = 4 * n + 1024;
    for (let i = 1; i < n; i++) {
      const key = sMin[i]!;
      if (sMin[i - 1]! <= key) continue;
      const id = order[i]!;
      const mx = sMax[i]!;
      let j = i - 1;
      while (j >= 0 && sMin[j]! > key) {
        sMin[j + 1] = sMin[j]!;
        sMax[j + 1] = sMax[j]!;
        order[j + 1] = order[j]!;
        j--;
      }
      budget -= i - 1 - j;
      sMin[j + 1] = key;
      sMax[j + 1] = mx;
      order[j + 1] = id;
      if (budget < 0) return false;
    }
    return true;
  }

  /** Heapsort of the first n entries by sMin: O(n log n), in place, no allocation. */
  private heapSort(n: number): void {
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(i, n);
    for (let end = n - 1; end > 0; end--) {
      this.swap(0, end);
      this.siftDown(0, end);
    }
  }

  private siftDown(i: number, n: number): void {
    const sMin = this.sMin;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) return;
      if (c + 1 < n && sMin[c + 1]! > sMin[c]!) c++;
      if (!(sMin[c]! > sMin[i]!)) return;
      this.swap(i, c);
      i = c;
    }
  }

  private swap(i: number, j: number): void {
    const o = this.order;
    const lo = this.sMin;
    const hi = this.sMax;
    const id = o[i]!;
    const a = lo[i]!;
    const c = hi[i]!;
    o[i] = o[j]!;
    lo[i] = lo[j]!;
    hi[i] = hi[j]!;
    o[j] = id;
    lo[j] = a;
    hi[j] = c;
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
