/**
 * The storage shared by the sweep-and-prune and the grid broadphases: proxy boxes in one
 * Float64Array (stride 2*dim: the minima, then the maxima), a number per proxy, a free list of
 * slots (ids are slots, reused), the lock that keeps callbacks from changing proxies, and the
 * box and ray queries written once over a structure's candidate enumeration.
 */
import type { CastCallback, PairCallback, QueryCallback } from "./dynamic-tree.ts";

const NULL = -1;
const AXIS = ["x", "y", "z"] as const;

/** A 2D or 3D vector as the broadphases read it (z only in 3D). */
export interface BroadphaseVec {
  x: number;
  y: number;
}

/** A closed box `{min, max}` over vectors of type V. */
export interface BoxOf<V> {
  min: V;
  max: V;
}

/** Options shared by `SweepAndPrune2/3` and `SpatialGrid2/3`. */
export interface ProxySetOptions {
  /** Initial proxy capacity (default 16); the storage doubles when it runs out. */
  capacity?: number;
}

/** Query mode of `visit`: a box query (tight overlap) or a ray cast (slab entry). */
const BOX = 0;

/**
 * The base of `SweepAndPrune` and `SpatialGrid`: everything but the structure. A subclass keeps
 * its structure current in `prepare()` and lists the candidates of a box in `enumerate()`.
 * Callbacks must not create, destroy or move proxies (that throws); they may run other queries.
 */
export abstract class ProxySet<V extends BroadphaseVec> {
  /** 2 or 3. */
  readonly dim: 2 | 3;
  /** The boxes last given, stride 2*dim. */
  protected boxes: Float64Array;
  protected userData: Float64Array;
  /** 1 for a live slot. */
  protected alive: Uint8Array;
  /** Next free slot, for free slots. */
  protected nextFree: Int32Array;
  protected cap = 0;
  protected freeList: number = NULL;
  protected proxies = 0;
  /** > 0 while a query runs. */
  protected locked = 0;
  /** The box of createProxy / move, copied in. */
  protected readonly input: Float64Array;
  /**
   * Per query depth (stride 6*dim + 1): the query box (2*dim), then for casts the moving box's
   * minimum (a ray's origin), the direction, its inverses (dim each), the current maxT and the
   * moving box's maximum (dim). Nested queries use the next slot.
   */
  protected qbuf: Float64Array;
  /** The subclass constructor ends with `growSlots(initialCapacity)`, once its fields exist. */
  protected readonly initialCapacity: number;

  constructor(dim: 2 | 3, options: ProxySetOptions = {}) {
    if (dim !== 2 && dim !== 3) throw new RangeError(`dim must be 2 or 3, got ${String(dim)}`);
    const capacity = options.capacity ?? 16;
    if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= 2 ** 28)) {
      throw new RangeError(`options.capacity must be an integer in [1, 2^28], got ${capacity}`);
    }
    this.dim = dim;
    this.input = new Float64Array(2 * dim);
    this.qbuf = new Float64Array(4 * (6 * dim + 1));
    this.boxes = new Float64Array(0);
    this.userData = new Float64Array(0);
    this.alive = new Uint8Array(0);
    this.nextFree = new Int32Array(0);
    this.initialCapacity = capacity;
  }

  /** The number of live proxies. */
  get proxyCount(): number {
    return this.proxies;
  }

  /** The number of proxy slots allocated (ids are below it). */
  get capacity(): number {
    return this.cap;
  }

  /**
   * Adds a proxy for `aabb` (closed, finite, min <= max, else a RangeError naming the field) with
   * a number of the caller's choice; returns its id, a slot in [0, capacity) reused after
   * `destroyProxy`.
   */
  createProxy(aabb: BoxOf<V>, userData = 0): number {
    this.requireUnlocked();
    this.readBox(aabb);
    if (this.freeList === NULL) this.growSlots(this.cap * 2);
    const id = this.freeList;
    this.freeList = this.nextFree[id]!;
    this.nextFree[id] = NULL;
    this.alive[id] = 1;
    this.storeBox(id);
    this.userData[id] = userData;
    this.proxies++;
    this.onCreate(id);
    return id;
  }

  /**
   * Gives proxy `id` its new box (validated like `createProxy`'s); `displacement` is accepted for
   * the common interface and checked to be finite, but unused. Returns true (the box is stored).
   */
  move(id: number, aabb: BoxOf<V>, displacement?: V): boolean {
    this.requireProxy(id);
    this.requireUnlocked();
    this.readBox(aabb);
    if (
      displacement !== undefined &&
      !(this.dim === 2 ? finiteSum2(displacement) : finiteSum3(displacement))
    ) {
      for (let k = 0; k < this.dim; k++) {
        const v = component(displacement, k);
        if (!Number.isFinite(v)) {
          throw new RangeError(`displacement.${AXIS[k]} must be finite, got ${v}`);
        }
      }
    }
    this.storeBox(id);
    this.onMove(id);
    return true;
  }

  /** Removes a proxy; its id may be reused by a later `createProxy`. */
  destroyProxy(id: number): void {
    this.requireProxy(id);
    this.requireUnlocked();
    this.onDestroy(id);
    this.alive[id] = 0;
    this.nextFree[id] = this.freeList;
    this.freeList = id;
    this.proxies--;
  }

  /** The number stored with a proxy at creation (or by `setUserData`). */
  getUserData(id: number): number {
    this.requireProxy(id);
    return this.userData[id]!;
  }

  /** Replaces the number stored with a proxy. */
  setUserData(id: number, value: number): void {
    this.requireProxy(id);
    this.userData[id] = value;
  }

  /** The box last given for a proxy, written into `out` when given. */
  getAabb(id: number, out?: BoxOf<V>): BoxOf<V> {
    this.requireProxy(id);
    const dim = this.dim;
    const o = id * 2 * dim;
    const b = this.boxes;
    const box =
      out ??
      ((dim === 2
        ? { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } }
        : { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } }) as unknown as BoxOf<V>);
    box.min.x = b[o]!;
    box.min.y = b[o + 1]!;
    box.max.x = b[o + dim]!;
    box.max.y = b[o + dim + 1]!;
    if (dim === 3) {
      (box.min as unknown as { z: number }).z = b[o + 2]!;
      (box.max as unknown as { z: number }).z = b[o + 5]!;
    }
    return box;
  }

  /**
   * Reports every pair of proxies whose boxes overlap (closed: touching counts), once, with
   * a < b (ids). The name matches `AabbTree`'s, whose boxes are the tight (unfattened) ones.
   */
  queryTightPairs(callback: PairCallback): void {
    this.requireUnlocked();
    this.prepare();
    this.locked++;
    try {
      this.pairs(callback);
    } finally {
      this.locked--;
    }
  }

  /**
   * Calls `callback(id)` for each proxy whose box overlaps the closed box `aabb` (touching
   * counts), in no particular order, until it returns false. Infinite bounds are allowed; an empty
   * box (a min above its max) or a NaN bound finds nothing.
   */
  queryAabb(aabb: BoxOf<V>, callback: QueryCallback): void {
    const dim = this.dim;
    const qo = this.slot();
    const q = this.qbuf;
    for (let k = 0; k < dim; k++) {
      const lo = component(aabb.min, k);
      const hi = component(aabb.max, k);
      if (!(lo <= hi)) return; // empty or NaN
      q[qo + k] = lo;
      q[qo + dim + k] = hi;
    }
    this.run(qo, BOX, callback);
  }

  /**
   * Casts the ray origin + t·dir, t in [0, maxT], against the boxes and calls
   * `callback(id, maxT)` for each proxy whose box it reaches at t <= maxT (slab test, touching
   * counts; the same arithmetic as `AabbTree`'s raycast), in no particular order. The callback
   * clips, ignores or stops (see `CastCallback`). t is in units of dir; maxT may be Infinity (read
   * as Number.MAX_VALUE);
   * a non-finite origin or direction, or maxT < 0 or NaN, finds nothing.
   */
  rayCast(origin: V, dir: V, maxT: number, callback: CastCallback): void {
    if (!(maxT >= 0) || this.proxies === 0) return;
    const dim = this.dim;
    const q = this.qbuf;
    const qo = this.slot();
    for (let k = 0; k < dim; k++) {
      const o = component(origin, k);
      if (!Number.isFinite(o)) return;
      q[qo + 2 * dim + k] = o;
      q[qo + 5 * dim + 1 + k] = o;
    }
    this.cast(qo, dir, maxT, callback);
  }

  /**
   * Casts the closed box `box` moving by t·dir, t in [0, maxT], against the boxes and calls
   * `callback(id, maxT)` for each proxy whose box it touches at some t <= maxT (the swept-box slab
   * test of `AabbTree2.shapeCast`: N.min - box.max <= t·d <= N.max - box.min on each axis),
   * roughly nearest first; the callback clips, ignores or stops as in `rayCast`. A non-finite or
   * inverted box, a non-finite direction, or maxT < 0 or NaN finds nothing.
   */
  boxCast(box: BoxOf<V>, dir: V, maxT: number, callback: CastCallback): void {
    if (!(maxT >= 0) || this.proxies === 0) return;
    const dim = this.dim;
    const q = this.qbuf;
    const qo = this.slot();
    for (let k = 0; k < dim; k++) {
      const lo = component(box.min, k);
      const hi = component(box.max, k);
      if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi)) return;
      q[qo + 2 * dim + k] = lo;
      q[qo + 5 * dim + 1 + k] = hi;
    }
    this.cast(qo, dir, maxT, callback);
  }

  /** A cast whose moving box (a point for a ray) is in qbuf: min at qo + 2·dim, max at qo + 5·dim + 1. */
  private cast(qo: number, dir: V, maxT: number, callback: CastCallback): void {
    // As in AabbTree: the slab test returns Infinity for a miss, so the limit is the largest double.
    if (maxT > Number.MAX_VALUE) maxT = Number.MAX_VALUE;
    const dim = this.dim;
    const s = 2 * dim;
    const q = this.qbuf;
    const r1 = qo + 5 * dim + 1;
    for (let k = 0; k < dim; k++) {
      const d = component(dir, k);
      if (!Number.isFinite(d)) return;
      q[qo + s + dim + k] = d;
      q[qo + s + 2 * dim + k] = 1 / d;
    }
    q[qo + 5 * dim] = maxT;
    this.prepare();
    // The candidates lie in the part of the cast inside the box of all proxies: entry3/entry2 are
    // monotone in the box bounds, so every proxy's entry and exit lie in that part's [t0, t1].
    let t0 = 0;
    let t1 = maxT;
    const w = this.worldBox();
    for (let k = 0; k < dim; k++) {
      const d = q[qo + s + dim + k]!;
      const inv = q[qo + s + 2 * dim + k]!;
      const lo = w[k]! - q[r1 + k]!;
      const hi = w[dim + k]! - q[qo + s + k]!;
      if (d > 0) {
        if (lo * inv > t0) t0 = lo * inv;
        if (hi * inv < t1) t1 = hi * inv;
      } else if (d < 0) {
        if (hi * inv > t0) t0 = hi * inv;
        if (lo * inv < t1) t1 = lo * inv;
      } else if (lo > 0 || hi < 0) {
        return;
      }
    }
    if (!(t0 <= t1)) return;
    // The candidate box: the moving box over [t0, t1], widened by far more than the rounding
    // of o + t·d, so no proxy the slab test accepts is left out.
    for (let k = 0; k < dim; k++) {
      const o0 = q[qo + s + k]!;
      const o1 = q[r1 + k]!;
      const d = q[qo + s + dim + k]!;
      // d = 0 with t1 = Infinity (parallel to this axis) stays put: no Infinity · 0.
      const a = d === 0 ? 0 : t0 * d;
      const b = d === 0 ? 0 : t1 * d;
      const lo = o0 + (a < b ? a : b);
      const hi = o1 + (a < b ? b : a);
      const slack = (Math.abs(o0) + Math.abs(o1) + Math.abs(a) + Math.abs(b)) * 2 ** -40 + 1e-300;
      q[qo + k] = lo - slack;
      q[qo + dim + k] = hi + slack;
    }
    this.run(qo, 1, callback);
  }

  /**
   * Checks the invariants and throws an Error naming the first one broken: the free list, the
   * proxy count, the stored boxes, then the structure's own (`validateStructure`). For tests.
   */
  validate(): void {
    const fail = (msg: string): never => {
      throw new Error(`${this.constructor.name} invalid: ${msg}`);
    };
    let live = 0;
    const s = 2 * this.dim;
    for (let i = 0; i < this.cap; i++) {
      if (this.alive[i] !== 1) continue;
      live++;
      for (let k = 0; k < this.dim; k++) {
        if (!(this.boxes[i * s + k]! <= this.boxes[i * s + this.dim + k]!)) {
          fail(`proxy ${i} box empty or NaN on axis ${k}`);
        }
      }
    }
    if (live !== this.proxies) fail(`proxyCount ${this.proxies} but ${live} live slots`);
    let free = 0;
    for (let i = this.freeList; i !== NULL; i = this.nextFree[i]!) {
      if (i < 0 || i >= this.cap || this.alive[i] !== 0) fail(`free list holds ${i}`);
      if (++free > this.cap) fail("cycle in the free list");
    }
    if (free + live !== this.cap) fail(`${free} free + ${live} live != capacity ${this.cap}`);
    this.validateStructure(fail);
  }

  // ---- for the subclasses -------------------------------------------------------------------

  protected abstract onCreate(id: number): void;
  protected abstract onMove(id: number): void;
  protected abstract onDestroy(id: number): void;
  /** Brings the structure up to date with the boxes (called before every query). */
  protected abstract prepare(): void;
  /** Reports every overlapping pair once with a < b; `prepare()` has run. */
  protected abstract pairs(callback: PairCallback): void;
  /**
   * Calls `visit(id, qo, mode, callback)` for (at least) every live proxy whose box overlaps the
   * query box at `qbuf[qo..qo+2*dim)`, each once, until it returns false; `prepare()` has run.
   */
  protected abstract enumerate(qo: number, mode: number, callback: unknown): void;
  /** The box of all live proxies (stride 2*dim), valid after `prepare()`. */
  protected abstract worldBox(): Float64Array;
  protected abstract validateStructure(fail: (msg: string) => never): void;
  /** Called when the slots grow to `n` (the subclass grows its per-proxy arrays). */
  protected abstract onGrow(n: number): void;

  /**
   * The exact filter of a candidate: for a box query, whether its box overlaps the query box, then
   * the callback; for a ray, its slab entry against the current maxT, then the callback, which
   * may clip maxT. Returns false to stop.
   */
  protected visit(id: number, qo: number, mode: number, callback: unknown): boolean {
    const dim = this.dim;
    const s = 2 * dim;
    const b = this.boxes;
    const q = this.qbuf;
    const o = id * s;
    if (mode === BOX) {
      for (let k = 0; k < dim; k++) {
        if (b[o + k]! > q[qo + dim + k]! || b[o + dim + k]! < q[qo + k]!) return true;
      }
      return (callback as QueryCallback)(id);
    }
    const maxT = q[qo + 5 * dim]!;
    const t =
      dim === 2
        ? slab2(b, o, q, qo + s, qo + 5 * dim + 1, maxT)
        : slab3(b, o, q, qo + s, qo + 5 * dim + 1, maxT);
    if (t > maxT) return true;
    const v = (callback as CastCallback)(id, maxT);
    if (v === 0) return false;
    if (v > 0 && v < maxT) this.qbuf[qo + 5 * dim] = v;
    return true;
  }

  /** Throws a RangeError unless `id` is a live proxy. */
  protected requireProxy(id: number): void {
    if (this.alive[id] !== 1) throw new RangeError(`${String(id)} is not a live proxy id`);
  }

  protected requireUnlocked(): void {
    if (this.locked > 0) {
      throw new Error(`${this.constructor.name}: proxies cannot change inside a query callback`);
    }
  }

  // ---- internals ----------------------------------------------------------------------------

  /** The qbuf offset of the next query level, growing qbuf for deep nesting. */
  private slot(): number {
    const stride = 6 * this.dim + 1;
    const need = (this.locked + 1) * stride;
    if (need > this.qbuf.length) {
      const q = new Float64Array(need * 2);
      q.set(this.qbuf);
      this.qbuf = q;
    }
    return this.locked * stride;
  }

  private run(qo: number, mode: number, callback: unknown): void {
    if (this.proxies === 0) return;
    this.prepare();
    this.locked++;
    try {
      this.enumerate(qo, mode, callback);
    } finally {
      this.locked--;
    }
  }

  private readBox(aabb: BoxOf<V>): void {
    // One test for the common case (finite and ordered), in a function per dimension so each
    // sees one vector shape; the slow path names the field otherwise.
    const fast = this.dim === 2 ? readBox2(this.input, aabb) : readBox3(this.input, aabb);
    if (!fast) this.readBoxSlow(aabb);
  }

  private storeBox(id: number): void {
    const b = this.boxes;
    const inp = this.input;
    const s = 2 * this.dim;
    const o = id * s;
    for (let k = 0; k < s; k++) b[o + k] = inp[k]!;
  }

  private readBoxSlow(aabb: BoxOf<V>): void {
    const dim = this.dim;
    const inp = this.input;
    for (let k = 0; k < dim; k++) {
      const lo = component(aabb.min, k);
      const hi = component(aabb.max, k);
      if (!Number.isFinite(lo))
        throw new RangeError(`aabb.min.${AXIS[k]} must be finite, got ${lo}`);
      if (!Number.isFinite(hi))
        throw new RangeError(`aabb.max.${AXIS[k]} must be finite, got ${hi}`);
      if (lo > hi) {
        throw new RangeError(
          `aabb.min.${AXIS[k]} must be <= aabb.max.${AXIS[k]}, got ${lo} > ${hi}`,
        );
      }
      inp[k] = lo;
      inp[dim + k] = hi;
    }
  }

  /** Grows the slots to `n`; the new ones join the free list in ascending order. */
  protected growSlots(n: number): void {
    const old = this.cap;
    const s = 2 * this.dim;
    const boxes = new Float64Array(n * s);
    boxes.set(this.boxes);
    this.boxes = boxes;
    const ud = new Float64Array(n);
    ud.set(this.userData);
    this.userData = ud;
    const alive = new Uint8Array(n);
    alive.set(this.alive);
    this.alive = alive;
    const nf = new Int32Array(n).fill(NULL);
    nf.set(this.nextFree);
    this.nextFree = nf;
    for (let i = n - 1; i >= old; i--) {
      this.nextFree[i] = this.freeList;
      this.freeList = i;
    }
    this.cap = n;
    this.onGrow(n);
  }
}

/*
 * The fast reads of `move` and `createProxy`, one function per dimension: each returns a boolean
 * (a double returned from a call V8 does not inline is boxed into a fresh heap number), and each
 * sees only its dimension's vectors, so a process using both keeps both monomorphic.
 */

/** Copies a finite, ordered 2D box into `inp` (mins then maxs); false when it is not one. */
function readBox2(inp: Float64Array, aabb: BoxOf<BroadphaseVec>): boolean {
  const min = aabb.min;
  const max = aabb.max;
  const x0 = min.x;
  const y0 = min.y;
  const x1 = max.x;
  const y1 = max.y;
  // A difference that overflows goes the long way too.
  if (!(x0 <= x1 && y0 <= y1 && (x1 - x0) * 0 === 0 && (y1 - y0) * 0 === 0)) return false;
  inp[0] = x0;
  inp[1] = y0;
  inp[2] = x1;
  inp[3] = y1;
  return true;
}

/** `readBox2` in 3D. */
function readBox3(inp: Float64Array, aabb: BoxOf<BroadphaseVec>): boolean {
  const min = aabb.min as BroadphaseVec & { z: number };
  const max = aabb.max as BroadphaseVec & { z: number };
  const x0 = min.x;
  const y0 = min.y;
  const z0 = min.z;
  const x1 = max.x;
  const y1 = max.y;
  const z1 = max.z;
  if (
    !(
      x0 <= x1 &&
      y0 <= y1 &&
      z0 <= z1 &&
      (x1 - x0) * 0 === 0 &&
      (y1 - y0) * 0 === 0 &&
      (z1 - z0) * 0 === 0
    )
  ) {
    return false;
  }
  inp[0] = x0;
  inp[1] = y0;
  inp[2] = z0;
  inp[3] = x1;
  inp[4] = y1;
  inp[5] = z1;
  return true;
}

/** Whether the sum of a 2D vector's components is finite (so are they; an overflow says no). */
function finiteSum2(v: BroadphaseVec): boolean {
  return (v.x + v.y) * 0 === 0;
}

/** `finiteSum2` in 3D. */
function finiteSum3(v: BroadphaseVec): boolean {
  return (v.x + v.y + (v as BroadphaseVec & { z: number }).z) * 0 === 0;
}

/** Component k (0 x, 1 y, 2 z) of a vector. */
function component(v: BroadphaseVec, k: number): number {
  return k === 0 ? v.x : k === 1 ? v.y : (v as BroadphaseVec & { z: number }).z;
}

/**
 * The cast's entry t into box `o` of `b` (at `q[r..]`: the moving box's minimum, dir, inverse
 * dir; its maximum at `q[r1..]`), or Infinity when it does not reach it at t <= maxT: the
 * arithmetic of `entry2`.
 */
function slab2(
  b: Float64Array,
  o: number,
  q: Float64Array,
  r: number,
  r1: number,
  maxT: number,
): number {
  let t0 = 0;
  let t1 = maxT;
  for (let k = 0; k < 2; k++) {
    const d = q[r + 2 + k]!;
    const inv = q[r + 4 + k]!;
    const lo = b[o + k]! - q[r1 + k]!;
    const hi = b[o + 2 + k]! - q[r + k]!;
    if (d > 0) {
      if (lo * inv > t0) t0 = lo * inv;
      if (hi * inv < t1) t1 = hi * inv;
    } else if (d < 0) {
      if (hi * inv > t0) t0 = hi * inv;
      if (lo * inv < t1) t1 = lo * inv;
    } else if (lo > 0 || hi < 0) {
      return Number.POSITIVE_INFINITY;
    }
  }
  return t0 <= t1 ? t0 : Number.POSITIVE_INFINITY;
}

/** `slab2` in 3D (the arithmetic of `entry3`). */
function slab3(
  b: Float64Array,
  o: number,
  q: Float64Array,
  r: number,
  r1: number,
  maxT: number,
): number {
  let t0 = 0;
  let t1 = maxT;
  for (let k = 0; k < 3; k++) {
    const d = q[r + 3 + k]!;
    const inv = q[r + 6 + k]!;
    const lo = b[o + k]! - q[r1 + k]!;
    const hi = b[o + 3 + k]! - q[r + k]!;
    if (d > 0) {
      if (lo * inv > t0) t0 = lo * inv;
      if (hi * inv < t1) t1 = hi * inv;
    } else if (d < 0) {
      if (hi * inv > t0) t0 = hi * inv;
      if (lo * inv < t1) t1 = lo * inv;
    } else if (lo > 0 || hi < 0) {
      return Number.POSITIVE_INFINITY;
    }
  }
  return t0 <= t1 ? t0 : Number.POSITIVE_INFINITY;
}
