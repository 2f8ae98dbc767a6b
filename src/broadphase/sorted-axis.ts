/**
 * Proxy ids kept in order of their box minimum on one axis, re-sorted each frame by insertion sort
 * (O(n + shifts) when boxes move a little: temporal coherence), falling back to heapsort when the
 * shifts pass a budget. Shared by the sweep and prune and the grid (which sweeps inside its cells).
 *
 * @see D. Baraff, "Dynamic Simulation of Non-Penetrating Rigid Bodies", PhD thesis, Cornell 1992
 *   (sorted interval lists kept by insertion sort between time steps).
 */

const NULL_FLAG = 0;

/** The sorted order of the live proxies on one axis, with their keys (min) and maxima. */
export class SortedAxis {
  /** Proxy ids by box minimum; entries of destroyed ids wait for the next `compact`. */
  order: Int32Array = new Int32Array(0);
  /** Box minimum and maximum on the axis, aligned with `order`. */
  lo: Float64Array = new Float64Array(0);
  hi: Float64Array = new Float64Array(0);
  /** 1 when the id is in `order`. */
  inOrder: Uint8Array = new Uint8Array(0);
  /** Entries in `order`. */
  count = 0;
  /** Destroyed ids still in `order`. */
  removed = 0;
  /**
   * [0]: the largest extent hi - lo of the last `refresh`, rounded up so that lo + it >= hi for
   * every entry (an array: a double returned from a call V8 does not inline would be boxed).
   */
  readonly maxExt: Float64Array = new Float64Array(1);

  /** Grows the per-slot arrays to `n` slots. */
  grow(n: number): void {
    const order = new Int32Array(n);
    order.set(this.order);
    this.order = order;
    const lo = new Float64Array(n);
    lo.set(this.lo);
    this.lo = lo;
    const hi = new Float64Array(n);
    hi.set(this.hi);
    this.hi = hi;
    const flags = new Uint8Array(n);
    flags.set(this.inOrder);
    this.inOrder = flags;
  }

  /** Appends a new proxy (a slot reused before the next compaction is already in). */
  add(id: number): void {
    if (this.inOrder[id] === NULL_FLAG) {
      this.inOrder[id] = 1;
      this.order[this.count++] = id;
    }
  }

  /** Drops the ids no longer alive from `order`. */
  compact(alive: Uint8Array): void {
    if (this.removed === 0) return;
    const order = this.order;
    let w = 0;
    for (let i = 0; i < this.count; i++) {
      const id = order[i]!;
      if (alive[id] === 1) order[w++] = id;
      else this.inOrder[id] = NULL_FLAG;
    }
    this.count = w;
    this.removed = 0;
  }

  /**
   * Reloads the keys from `boxes` (stride `s`, minimum at offset `a`, maximum at `a + dim`) and
   * sorts (heapsort when `full`, else insertion sort with a fallback); the largest extent goes to
   * `maxExt[0]`.
   */
  refresh(boxes: Float64Array, s: number, a: number, dim: number, full: boolean): void {
    const n = this.count;
    const order = this.order;
    const lo = this.lo;
    const hi = this.hi;
    let maxExt = 0;
    for (let i = 0; i < n; i++) {
      const o = order[i]! * s;
      const l = boxes[o + a]!;
      const h = boxes[o + dim + a]!;
      lo[i] = l;
      hi[i] = h;
      if (h - l > maxExt) maxExt = h - l;
    }
    if (full || !this.insertionSort(n)) this.heapSort(n);
    // Rounded up past the exact extent: (1 - 2^-53)^2 (1 + 2^-50) > 1.
    this.maxExt[0] = maxExt * (1 + 2 ** -50);
  }

  /** Checks the order against the live slots and the boxes; calls `fail` on the first break. */
  validate(
    alive: Uint8Array,
    cap: number,
    boxes: Float64Array | null,
    s: number,
    a: number,
    dim: number,
    fail: (msg: string) => never,
  ): void {
    const seen = new Uint8Array(cap);
    for (let i = 0; i < this.count; i++) {
      const id = this.order[i]!;
      if (id < 0 || id >= cap) fail(`order[${i}] = ${id} out of range`);
      if (seen[id] === 1) fail(`proxy ${id} twice in the order`);
      seen[id] = 1;
      if (this.inOrder[id] !== 1) fail(`proxy ${id} in the order but not flagged`);
    }
    for (let id = 0; id < cap; id++) {
      if (alive[id] === 1 && seen[id] !== 1) fail(`live proxy ${id} not in the order`);
      if (seen[id] !== 1 && this.inOrder[id] === 1) fail(`proxy ${id} flagged but not in order`);
    }
    if (boxes === null) return;
    for (let i = 0; i < this.count; i++) {
      const o = this.order[i]! * s;
      if (this.lo[i] !== boxes[o + a]) fail(`stale key at ${i}`);
      if (this.hi[i] !== boxes[o + dim + a]) fail(`stale max at ${i}`);
      if (i > 0 && this.lo[i - 1]! > this.lo[i]!) fail(`order not sorted at ${i}`);
    }
  }

  /**
   * Sorts the first n entries by key by insertion; gives up, returning false, past 4n + 1024
   * shifts (many new or teleported proxies).
   */
  private insertionSort(n: number): boolean {
    const order = this.order;
    const lo = this.lo;
    const hi = this.hi;
    let budget = 4 * n + 1024;
    for (let i = 1; i < n; i++) {
      const key = lo[i]!;
      if (lo[i - 1]! <= key) continue;
      const id = order[i]!;
      const mx = hi[i]!;
      let j = i - 1;
      while (j >= 0 && lo[j]! > key) {
        lo[j + 1] = lo[j]!;
        hi[j + 1] = hi[j]!;
        order[j + 1] = order[j]!;
        j--;
      }
      budget -= i - 1 - j;
      lo[j + 1] = key;
      hi[j + 1] = mx;
      order[j + 1] = id;
      if (budget < 0) return false;
    }
    return true;
  }

  /** Heapsort of the first n entries by key: O(n log n), in place, no allocation. */
  private heapSort(n: number): void {
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(i, n);
    for (let end = n - 1; end > 0; end--) {
      this.swap(0, end);
      this.siftDown(0, end);
    }
  }

  private siftDown(i: number, n: number): void {
    const lo = this.lo;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) return;
      if (c + 1 < n && lo[c + 1]! > lo[c]!) c++;
      if (!(lo[c]! > lo[i]!)) return;
      this.swap(i, c);
      i = c;
    }
  }

  private swap(i: number, j: number): void {
    const o = this.order;
    const lo = this.lo;
    const hi = this.hi;
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
