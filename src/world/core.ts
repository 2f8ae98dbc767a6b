/*
 * What the 2D and 3D worlds share: body slots in typed arrays (reused after removal), filter bits,
 * the touching pairs of this step and the last with their begin and end events, and the query
 * filter. Nothing here knows a dimension; each world adds its shapes, broadphase and narrowphase.
 */

import type { BroadphaseKind } from "../broadphase/broadphase.ts";
import { PairSet } from "./pair-set.ts";

/** Options of `createWorld`. */
export interface WorldOptions {
  /**
   * The broadphase structure (default "tree"): "tree" (dynamic AABB tree), "sap" (sweep and prune)
   * or "grid" (hashed grid, automatic cell size); results are the same, only speed differs.
   */
  broadphase?: BroadphaseKind;
  /** Margin of the tree's fat boxes, in world units (default 0.1; SAP and the grid ignore it). */
  margin?: number;
}

/** How a body is added: its filter bits, sensor flag and user data. */
export interface BodyFilterOptions {
  /** Anything the caller wants back from `getUserData`. */
  userData?: unknown;
  /** Category bits (default 1): what this body is. */
  category?: number;
  /** Mask bits (default 0xffffffff): what it collides with; Box2D-style filtering. */
  mask?: number;
  /** A sensor reports begin/end overlap events but no contact manifold, and is skipped by queries. */
  sensor?: boolean;
}

/**
 * A query's filter: a body is seen when (category & body.mask) and (body.category & mask) are both
 * non-zero (defaults 1 and 0xffffffff, as Box2D's default query filter), it is not a sensor unless
 * `sensors`, and `predicate(id)` (if given) returns true. Predicates must not query or change the world.
 */
export interface QueryFilter {
  /** The query's category bits (default 1). */
  category?: number;
  /** The categories the query sees (default 0xffffffff). */
  mask?: number;
  /** Called with each body id that passes the bits; return false to skip the body. */
  predicate?: (id: number) => boolean;
  /** Whether sensors are seen (default false). */
  sensors?: boolean;
}

/** A pair of bodies (a < b) that started or stopped touching in the last step. */
export interface PairEvent {
  a: number;
  b: number;
}

/** Body flags; bit 4 is left to a world of its own (the 2D world's POSED). */
export const ALIVE = 1;
export const SENSOR = 2;
const TOUCHING = 8;
const PENDING = 16;
const MAX_BODIES = 2 ** 26;
const ALL = 0xffffffff;

/** Filter bits as an unsigned 32-bit integer; throws a RangeError naming `field` otherwise. */
export function requireBits(v: number, field: string): number {
  if (!Number.isInteger(v) || v < -(2 ** 31) || v > ALL) {
    throw new RangeError(`${field} must be a 32-bit integer, got ${String(v)}`);
  }
  return v >>> 0;
}

/** A copy of `a` twice as long. */
export function grow32(a: Int32Array): Int32Array<ArrayBuffer> {
  const g = new Int32Array(a.length * 2);
  g.set(a);
  return g;
}

/**
 * A cast's reach clipped a hair past the best hit, so that rounding in the broadphase's slab test
 * can never drop a body hit at the same t.
 */
export function padded(t: number): number {
  return t + t * 2 ** -40 + 2 ** -60;
}

/** Orders hits by t, then id. */
export function byT(a: { t: number; id: number }, b: { t: number; id: number }): number {
  return a.t - b.t || a.id - b.id;
}

/**
 * The dimension-free part of a world: shapes `S` by id, `rowSize` doubles per body in `rows` (the
 * 2D pose, the 3D box), filter bits and flags in typed arrays that grow by doubling and never
 * shrink, the contacts `C` of the last step in a reused pool, and its begin and end events.
 */
export class WorldCore<S, C extends { a: number; b: number }> {
  protected shapes: (S | null)[] = [];
  protected userData: unknown[] = [];
  protected rows: Float64Array;
  protected cats: Uint32Array = new Uint32Array(16);
  protected masks: Uint32Array = new Uint32Array(16);
  protected flags: Uint8Array = new Uint8Array(16);
  protected proxies: Int32Array = new Int32Array(16);
  private freeList = new Int32Array(16);
  private freeCount = 0;
  private pending = new Int32Array(16);
  private pendingCount = 0;
  protected highWater = 0;
  private alive = 0;

  private prev = new PairSet();
  private cur = new PairSet();
  // kept[i] = 1 when pair i of `prev` touches again (its end event is then not reported).
  private kept = new Uint8Array(64);
  protected readonly pool: C[] = [];
  protected nContacts = 0;
  private begins = new Int32Array(32);
  private nBegins = 0;
  private ends = new Int32Array(32);
  private nEnds = 0;

  // The running query's filter.
  private qCat = 1;
  private qMask = ALL;
  protected qPred: ((id: number) => boolean) | undefined = undefined;
  private qSensors = false;
  private qIgnore = -1;

  /** `rowSize` doubles of per-body storage; `makeContact` fills the contact pool. */
  constructor(
    private readonly rowSize: number,
    private readonly makeContact: () => C,
  ) {
    this.rows = new Float64Array(16 * rowSize);
  }

  /** The number of live bodies. */
  get bodyCount(): number {
    return this.alive;
  }

  /** The number of body slots ever used (ids are below it); it does not grow when slots are reused. */
  get capacity(): number {
    return this.highWater;
  }

  /** The length of the per-body typed arrays (they grow by doubling, never shrink). */
  get storageLength(): number {
    return this.flags.length;
  }

  /** Whether `id` names a live body. */
  has(id: number): boolean {
    return (
      Number.isInteger(id) && id >= 0 && id < this.highWater && (this.flags[id]! & ALIVE) !== 0
    );
  }

  /** The shape of body `id`, as last given to `add` or `move`. */
  getShape(id: number): S {
    this.require(id);
    return this.shapes[id]!;
  }

  /** The user data given to `add`. */
  getUserData(id: number): unknown {
    this.require(id);
    return this.userData[id];
  }

  /** The category bits of body `id`. */
  getCategory(id: number): number {
    this.require(id);
    return this.cats[id]!;
  }

  /** The mask bits of body `id`. */
  getMask(id: number): number {
    this.require(id);
    return this.masks[id]!;
  }

  /** Whether body `id` is a sensor. */
  isSensor(id: number): boolean {
    this.require(id);
    return (this.flags[id]! & SENSOR) !== 0;
  }

  /** Changes the filter bits of body `id` (pairs it leaves end at the next step). */
  setFilter(id: number, category: number, mask: number): void {
    this.require(id);
    this.cats[id] = requireBits(category, "category");
    this.masks[id] = requireBits(mask, "mask");
  }

  /** The number of contacts found by the last `step` (pairs of non-sensor bodies that touch). */
  get contactCount(): number {
    return this.nContacts;
  }

  /**
   * Contact `i` of the last step (0 <= i < contactCount). The object is owned by the world and
   * reused by later steps: read it before the next `step`.
   */
  getContact(i: number): C {
    if (!(i >= 0 && i < this.nContacts))
      throw new RangeError(`index must be in [0, contactCount), got ${i}`);
    return this.pool[i]!;
  }

  /** The number of pairs that started touching in the last step (sensor pairs included). */
  get beginCount(): number {
    return this.nBegins;
  }

  /** Begin event `i` of the last step, written into `out` when given. */
  getBegin(i: number, out?: PairEvent): PairEvent {
    if (!(i >= 0 && i < this.nBegins))
      throw new RangeError(`index must be in [0, beginCount), got ${i}`);
    const e = out ?? { a: 0, b: 0 };
    e.a = this.begins[2 * i]!;
    e.b = this.begins[2 * i + 1]!;
    return e;
  }

  /**
   * The number of pairs that stopped touching in the last step: moved apart, filtered out, or a
   * body removed (its id is then only reported here, and free again after this step).
   */
  get endCount(): number {
    return this.nEnds;
  }

  /** End event `i` of the last step, written into `out` when given. */
  getEnd(i: number, out?: PairEvent): PairEvent {
    if (!(i >= 0 && i < this.nEnds))
      throw new RangeError(`index must be in [0, endCount), got ${i}`);
    const e = out ?? { a: 0, b: 0 };
    e.a = this.ends[2 * i]!;
    e.b = this.ends[2 * i + 1]!;
    return e;
  }

  // ---- for the worlds ----

  /** Throws a RangeError unless `id` names a live body. */
  protected require(id: number): void {
    if (!this.has(id)) throw new RangeError(`id ${String(id)} is not a live body`);
  }

  /** A slot for a new body with its shape, user data, filter bits and flags (validated first). */
  protected addBody(shape: S, options: BodyFilterOptions, flags: number): number {
    const cat = requireBits(options.category ?? 1, "options.category");
    const mask = requireBits(options.mask ?? ALL, "options.mask");
    let id: number;
    if (this.freeCount > 0) id = this.freeList[--this.freeCount]!;
    else {
      id = this.highWater;
      if (id >= MAX_BODIES) throw new RangeError(`a world holds at most ${MAX_BODIES} bodies`);
      if (id === this.flags.length) this.growBodies(2 * id);
      this.highWater = id + 1;
    }
    this.shapes[id] = shape;
    this.userData[id] = options.userData;
    this.cats[id] = cat;
    this.masks[id] = mask;
    this.flags[id] = flags | ALIVE | (options.sensor === true ? SENSOR : 0);
    this.alive++;
    return id;
  }

  /**
   * Frees body `id`'s slot; a body that was touching keeps it until the next step has reported its
   * end events under its id.
   */
  protected releaseBody(id: number): void {
    this.shapes[id] = null;
    this.userData[id] = undefined;
    this.alive--;
    if ((this.flags[id]! & TOUCHING) !== 0) {
      this.flags[id] = PENDING;
      if (this.pendingCount === this.pending.length) this.pending = grow32(this.pending);
      this.pending[this.pendingCount++] = id;
    } else {
      this.flags[id] = 0;
      this.freeList[this.freeCount++] = id;
    }
  }

  private growBodies(n: number): void {
    const r = new Float64Array(this.rowSize * n);
    r.set(this.rows);
    this.rows = r;
    const c = new Uint32Array(n);
    c.set(this.cats);
    this.cats = c;
    const m = new Uint32Array(n);
    m.set(this.masks);
    this.masks = m;
    const f = new Uint8Array(n);
    f.set(this.flags);
    this.flags = f;
    const x = new Int32Array(n);
    x.set(this.proxies);
    this.proxies = x;
    const l = new Int32Array(n);
    l.set(this.freeList);
    this.freeList = l;
  }

  /** Starts a step: the last step's pairs become `prev`, and no body is touching yet. */
  protected beginStep(): void {
    const swap = this.prev;
    this.prev = this.cur;
    this.cur = swap;
    this.cur.clear();
    this.nContacts = 0;
    this.nBegins = 0;
    this.nEnds = 0;
    const flags = this.flags;
    for (let i = 0; i < this.highWater; i++) flags[i] = flags[i]! & ~TOUCHING;
    const n = this.prev.count;
    if (this.kept.length < n) this.kept = new Uint8Array(2 * n);
    else this.kept.fill(0, 0, n); // (a step that threw may have left marks)
  }

  /** Whether the filter bits of bodies a and b let them collide (both ways, as Box2D). */
  protected admits(a: number, b: number): boolean {
    return (this.cats[a]! & this.masks[b]!) !== 0 && (this.cats[b]! & this.masks[a]!) !== 0;
  }

  /** The next contact of the pool to fill; `keepContact` counts it once it is filled. */
  protected nextContact(): C {
    const k = this.nContacts;
    if (k === this.pool.length) this.growPool();
    return this.pool[k]!;
  }

  /**
   * Grows the contact pool by an eighth (at least 64). One contact at a time, a scene whose
   * contact count wanders grew the heap at each new record count (a 3D contact holds ~900 B);
   * the headroom absorbs that wander, so the heap stops growing once the scene is steady.
   */
  private growPool(): void {
    const pool = this.pool;
    const add = Math.max(64, pool.length >> 3);
    for (let i = 0; i < add; i++) pool.push(this.makeContact());
  }

  /** Counts the contact `nextContact` gave, as bodies a < b. */
  protected keepContact(c: C, a: number, b: number): void {
    c.a = a;
    c.b = b;
    this.nContacts++;
  }

  /** Records that bodies a < b touch this step: a begin event unless they touched in the last. */
  protected touching(a: number, b: number): void {
    this.cur.add(a, b);
    this.flags[a] = this.flags[a]! | TOUCHING;
    this.flags[b] = this.flags[b]! | TOUCHING;
    // A pair of the last step is marked kept (no second lookup for the end events).
    const was = this.prev.indexOf(a, b);
    if (was >= 0) this.kept[was] = 1;
    else {
      if (2 * this.nBegins + 2 > this.begins.length) this.begins = grow32(this.begins);
      this.begins[2 * this.nBegins] = a;
      this.begins[2 * this.nBegins + 1] = b;
      this.nBegins++;
    }
  }

  /** Ends a step: the end events of last step's pairs not kept, and the removed bodies' slots freed. */
  protected endStep(): void {
    const prev = this.prev;
    const list = prev.list;
    const kept = this.kept;
    for (let i = 0; i < prev.count; i++) {
      if (kept[i] !== 1) {
        if (2 * this.nEnds + 2 > this.ends.length) this.ends = grow32(this.ends);
        this.ends[2 * this.nEnds] = list[2 * i]!;
        this.ends[2 * this.nEnds + 1] = list[2 * i + 1]!;
        this.nEnds++;
      }
    }
    for (let i = 0; i < this.pendingCount; i++) {
      const id = this.pending[i]!;
      this.flags[id] = 0;
      this.freeList[this.freeCount++] = id;
    }
    this.pendingCount = 0;
  }

  /** Sets the running query's filter; `ignore` is a body id it never sees (or -1). */
  protected setQueryFilter(filter: QueryFilter | undefined, ignore: number): void {
    this.qCat = filter?.category ?? 1;
    this.qMask = filter?.mask ?? ALL;
    this.qPred = filter?.predicate;
    this.qSensors = filter?.sensors === true;
    this.qIgnore = ignore;
  }

  /** Whether body `id` passes the running query's filter. */
  protected passes(id: number): boolean {
    if (id === this.qIgnore) return false;
    if (!this.qSensors && (this.flags[id]! & SENSOR) !== 0) return false;
    if ((this.qCat & this.masks[id]!) === 0 || (this.cats[id]! & this.qMask) === 0) return false;
    return this.qPred === undefined || this.qPred(id);
  }
}
