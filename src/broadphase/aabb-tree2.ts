import type { Aabb, Vec } from "../2d/shapes.ts";
import {
  type AabbTreeOptions,
  type CastCallback,
  DynamicTree,
  type QueryCallback,
} from "./dynamic-tree.ts";

const NULL = -1;

/**
 * A dynamic AABB tree over 2D boxes (a broadphase): proxies are boxes with stable small integer
 * ids; moving one costs nothing while it stays inside its fat box; queries take callbacks and
 * allocate nothing. See `DynamicTree` for the pair queries and `validate()`.
 *
 * @example
 * const tree = new AabbTree2({ margin: 0.1 });
 * const id = tree.createProxy({ min: { x: 0, y: 0 }, max: { x: 1, y: 1 } }, 7);
 * tree.move(id, { min: { x: 0.5, y: 0 }, max: { x: 1.5, y: 1 } }, { x: 0.5, y: 0 });
 * tree.queryTightPairs((a, b) => console.log(a, b));
 * @see Erin Catto, "Dynamic Bounding Volume Hierarchies", GDC 2019; Box2D's b2DynamicTree design.
 */
export class AabbTree2 extends DynamicTree {
  constructor(options: AabbTreeOptions = {}) {
    super(2, options);
  }

  /**
   * Adds a proxy for `aabb` (closed, finite, min <= max, else a RangeError naming the field) with
   * a number of the caller's choice; returns its id, an integer in [0, capacity) that stays valid
   * until `destroyProxy` (ids are node slots, reused through a free list: below about twice the
   * most proxies alive at once).
   */
  createProxy(aabb: Aabb, userData = 0): number {
    const inp = this.input;
    inp[0] = aabb.min.x;
    inp[1] = aabb.min.y;
    inp[2] = aabb.max.x;
    inp[3] = aabb.max.y;
    this.displacement.fill(0);
    return this.createFromInput(userData);
  }

  /**
   * Gives proxy `id` its new box, having moved by `displacement` since the last call. Returns true
   * when the tree changed (the box left its fat box, or the fat box had become far too large):
   * then the fat box is rebuilt, `margin` larger on each side and reaching `predict` ×
   * displacement ahead, and the proxy goes to the move buffer. Returns false otherwise; the tight
   * box is stored either way.
   */
  move(id: number, aabb: Aabb, displacement?: Vec): boolean {
    const inp = this.input;
    inp[0] = aabb.min.x;
    inp[1] = aabb.min.y;
    inp[2] = aabb.max.x;
    inp[3] = aabb.max.y;
    const d = this.displacement;
    d[0] = displacement === undefined ? 0 : displacement.x;
    d[1] = displacement === undefined ? 0 : displacement.y;
    return this.moveFromInput(id);
  }

  /** The fat box of a proxy, written into `out` when given. */
  getFatAabb(id: number, out?: Aabb): Aabb {
    this.requireProxy(id);
    return write(this.bounds, id * 4, out);
  }

  /** The box last given for a proxy, written into `out` when given. */
  getAabb(id: number, out?: Aabb): Aabb {
    this.requireProxy(id);
    return write(this.tight, id * 4, out);
  }

  /**
   * Calls `callback(id)` for each proxy whose fat box overlaps the closed box
   * [minX, maxX] × [minY, maxY] (touching counts), until it returns false. Infinite bounds are allowed; an empty box (a min
   * above its max) or a NaN bound finds nothing.
   */
  query(minX: number, minY: number, maxX: number, maxY: number, callback: QueryCallback): void {
    this.boxQuery(minX, minY, maxX, maxY, callback, false);
  }

  /**
   * Calls `callback(id)` for each proxy whose own (tight) box overlaps the closed box `aabb`
   * (touching counts), until it returns false: the `Broadphase2` query. Infinite bounds are
   * allowed; an empty box or a NaN bound finds nothing.
   */
  queryAabb(aabb: Aabb, callback: QueryCallback): void {
    this.boxQuery(aabb.min.x, aabb.min.y, aabb.max.x, aabb.max.y, callback, true);
  }

  /**
   * Casts the ray origin + t·dir, t in [0, maxT], nearest node first, calling
   * `callback(id, maxT)` for each proxy whose own (tight) box it reaches at t <= maxT (slab
   * test; touching counts): the `Broadphase2` ray query. See `raycast` for the callback.
   */
  rayCast(origin: Vec, dir: Vec, maxT: number, callback: CastCallback): void {
    this.cast(origin.x, origin.y, origin.x, origin.y, dir.x, dir.y, maxT, callback, true);
  }

  /**
   * Casts the box `box` moving by t·dir, t in [0, maxT], nearest node first, calling
   * `callback(id, maxT)` for each proxy whose own (tight) box it touches at some t <= maxT (the
   * swept-box slab test of `shapeCast`): the `Broadphase2` box cast. An inverted box finds nothing.
   */
  boxCast(box: Aabb, dir: Vec, maxT: number, callback: CastCallback): void {
    const a = box.min;
    const b = box.max;
    if (!(a.x <= b.x && a.y <= b.y)) return;
    this.cast(a.x, a.y, b.x, b.y, dir.x, dir.y, maxT, callback, true);
  }

  private boxQuery(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    callback: QueryCallback,
    tight: boolean,
  ): void {
    if (this.root === NULL || !(minX <= maxX && minY <= maxY)) return; // empty or NaN
    this.locked++;
    const base = this.stackTop;
    try {
      const b = this.bounds;
      const h = this.heights;
      const c1 = this.child1;
      const c2 = this.child2;
      let stack = this.stack;
      let top = base;
      if (top + 1 > stack.length) stack = this.growStack(top + 1);
      stack[top++] = this.root;
      while (top > base) {
        const node = stack[--top]!;
        const o = node * 4;
        if (b[o]! > maxX || b[o + 1]! > maxY || b[o + 2]! < minX || b[o + 3]! < minY) continue;
        if (h[node] === 0) {
          if (tight) {
            const t = this.tight;
            if (t[o]! > maxX || t[o + 1]! > maxY || t[o + 2]! < minX || t[o + 3]! < minY) continue;
          }
          this.stackTop = top;
          const go = callback(node);
          stack = this.stack;
          if (!go) break;
        } else {
          if (top + 2 > stack.length) stack = this.growStack(top + 2);
          stack[top++] = c2[node]!;
          stack[top++] = c1[node]!;
        }
      }
    } finally {
      this.stackTop = base;
      this.locked--;
    }
  }

  /**
   * Casts the ray (ox, oy) + t·(dx, dy), t in [0, maxT], against the fat boxes, nearest node
   * first, and calls `callback(id, maxT)` for each proxy whose fat box it reaches at t <= maxT
   * (slab test; touching counts). The callback clips, ignores or stops (see `CastCallback`).
   * t is in units of (dx, dy), which need not be unit length; maxT may be Infinity.
   */
  raycast(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxT: number,
    callback: CastCallback,
  ): void {
    this.shapeCast(ox, oy, ox, oy, dx, dy, maxT, callback);
  }

  /**
   * Casts the box [minX, maxX] × [minY, maxY] moving by t·(dx, dy), t in [0, maxT], against the
   * fat boxes, nearest first, calling `callback(id, maxT)` for each proxy whose fat box the moving
   * box touches at some t <= maxT (a swept-AABB slab test). A raycast is the cast of a point box.
   */
  shapeCast(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
    maxT: number,
    callback: CastCallback,
  ): void {
    this.cast(minX, minY, maxX, maxY, dx, dy, maxT, callback, false);
  }

  private cast(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
    maxT: number,
    callback: CastCallback,
    tight: boolean,
  ): void {
    if (this.root === NULL) return;
    if (!(maxT >= 0) || !finite4(minX, minY, maxX, maxY) || !finite4(dx, dy, 0, 0)) return;
    // Infinity means no limit; the slab test returns Infinity for a miss, so the limit is the
    // largest double (an entry parameter that overflows counts as unreachable).
    if (maxT > Number.MAX_VALUE) maxT = Number.MAX_VALUE;
    this.locked++;
    const base = this.stackTop;
    try {
      const b = this.bounds;
      const h = this.heights;
      const c1 = this.child1;
      const c2 = this.child2;
      // The moving box touches node box N at t iff N.min - box.max <= t·d <= N.max - box.min on
      // each axis. Each bound is monotone in N's bounds (rounding is monotone), so a node's
      // interval contains its descendants' and pruning by it never loses a leaf.
      const ix = 1 / dx;
      const iy = 1 / dy;
      let stack = this.stack;
      let ts = this.tstack;
      let top = base;
      let t0 = entry2(b, this.root * 4, minX, minY, maxX, maxY, dx, dy, ix, iy, maxT);
      if (t0 > maxT) return;
      if (top + 1 > stack.length) {
        stack = this.growStack(top + 1);
        ts = this.tstack;
      }
      stack[top] = this.root;
      ts[top++] = t0;
      while (top > base) {
        const node = stack[--top]!;
        if (ts[top]! > maxT) continue;
        if (h[node] === 0) {
          if (
            tight &&
            entry2(this.tight, node * 4, minX, minY, maxX, maxY, dx, dy, ix, iy, maxT) > maxT
          ) {
            continue;
          }
          this.stackTop = top;
          const value = callback(node, maxT);
          stack = this.stack;
          ts = this.tstack;
          if (value === 0) break;
          if (value > 0 && value < maxT) maxT = value;
          continue;
        }
        const a = c1[node]!;
        const d = c2[node]!;
        t0 = entry2(b, a * 4, minX, minY, maxX, maxY, dx, dy, ix, iy, maxT);
        const t1 = entry2(b, d * 4, minX, minY, maxX, maxY, dx, dy, ix, iy, maxT);
        if (top + 2 > stack.length) {
          stack = this.growStack(top + 2);
          ts = this.tstack;
        }
        // Push the farther first, so the nearer is visited first.
        const near = t0 <= t1 ? a : d;
        const tn = t0 <= t1 ? t0 : t1;
        const far = t0 <= t1 ? d : a;
        const tf = t0 <= t1 ? t1 : t0;
        if (tf <= maxT) {
          stack[top] = far;
          ts[top++] = tf;
        }
        if (tn <= maxT) {
          stack[top] = near;
          ts[top++] = tn;
        }
      }
    } finally {
      this.stackTop = base;
      this.locked--;
    }
  }
}

function finite4(a: number, b: number, c: number, d: number): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c) && Number.isFinite(d);
}

/**
 * The first t in [0, maxT] at which the box [x0, x1] × [y0, y1] moved by t·(dx, dy) touches the
 * box at offset o of `b`, or Infinity when it does not in that range. `ix`, `iy` are 1/dx, 1/dy.
 */
export function entry2(
  b: Float64Array,
  o: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  dx: number,
  dy: number,
  ix: number,
  iy: number,
  maxT: number,
): number {
  let t0 = 0;
  let t1 = maxT;
  let lo = b[o]! - x1;
  let hi = b[o + 2]! - x0;
  if (dx > 0) {
    const e = lo * ix;
    const f = hi * ix;
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
  } else if (dx < 0) {
    const e = hi * ix;
    const f = lo * ix;
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
  } else if (lo > 0 || hi < 0) {
    return Number.POSITIVE_INFINITY;
  }
  lo = b[o + 1]! - y1;
  hi = b[o + 3]! - y0;
  if (dy > 0) {
    const e = lo * iy;
    const f = hi * iy;
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
  } else if (dy < 0) {
    const e = hi * iy;
    const f = lo * iy;
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
  } else if (lo > 0 || hi < 0) {
    return Number.POSITIVE_INFINITY;
  }
  return t0 <= t1 ? t0 : Number.POSITIVE_INFINITY;
}

function write(b: Float64Array, o: number, out?: Aabb): Aabb {
  const box = out ?? { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  box.min.x = b[o]!;
  box.min.y = b[o + 1]!;
  box.max.x = b[o + 2]!;
  box.max.y = b[o + 3]!;
  return box;
}
