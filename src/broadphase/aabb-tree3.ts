import type { Aabb, Vec } from "../3d/shapes.ts";
import {
  type AabbTreeOptions,
  type CastCallback,
  DynamicTree,
  type QueryCallback,
} from "./dynamic-tree.ts";

const NULL = -1;

/** A closed axis-aligned 3D box (the shape's data layout). */
export type Aabb3 = Aabb;

/**
 * A dynamic AABB tree over 3D boxes (a broadphase): proxies are boxes with stable small integer
 * ids; moving one costs nothing while it stays inside its fat box; queries take callbacks and
 * allocate nothing. See `DynamicTree` for the pair queries and `validate()`.
 *
 * @see Erin Catto, "Dynamic Bounding Volume Hierarchies", GDC 2019; Box2D's b2DynamicTree design.
 */
export class AabbTree3 extends DynamicTree {
  constructor(options: AabbTreeOptions = {}) {
    super(3, options);
  }

  /**
   * Adds a proxy for `aabb` (closed, finite, min <= max, else a RangeError naming the field) with
   * a number of the caller's choice; returns its id, an integer in [0, capacity) that stays valid
   * until `destroyProxy` (ids are node slots, reused through a free list: below about twice the
   * most proxies alive at once).
   */
  createProxy(aabb: Aabb3, userData = 0): number {
    const inp = this.input;
    inp[0] = aabb.min.x;
    inp[1] = aabb.min.y;
    inp[2] = aabb.min.z;
    inp[3] = aabb.max.x;
    inp[4] = aabb.max.y;
    inp[5] = aabb.max.z;
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
  move(id: number, aabb: Aabb3, displacement?: Vec): boolean {
    const inp = this.input;
    inp[0] = aabb.min.x;
    inp[1] = aabb.min.y;
    inp[2] = aabb.min.z;
    inp[3] = aabb.max.x;
    inp[4] = aabb.max.y;
    inp[5] = aabb.max.z;
    const d = this.displacement;
    d[0] = displacement === undefined ? 0 : displacement.x;
    d[1] = displacement === undefined ? 0 : displacement.y;
    d[2] = displacement === undefined ? 0 : displacement.z;
    return this.moveFromInput(id);
  }

  /** The fat box of a proxy, written into `out` when given. */
  getFatAabb(id: number, out?: Aabb3): Aabb3 {
    this.requireProxy(id);
    return write(this.bounds, id * 6, out);
  }

  /** The box last given for a proxy, written into `out` when given. */
  getAabb(id: number, out?: Aabb3): Aabb3 {
    this.requireProxy(id);
    return write(this.tight, id * 6, out);
  }

  /**
   * Calls `callback(id)` for each proxy whose fat box overlaps the closed box
   * [minX, maxX] × [minY, maxY] × [minZ, maxZ] (touching counts), until it returns false. Infinite bounds are allowed; an empty box (a min
   * above its max) or a NaN bound finds nothing.
   */
  query(
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    callback: QueryCallback,
  ): void {
    this.boxQuery(minX, minY, minZ, maxX, maxY, maxZ, callback, false);
  }

  /**
   * Calls `callback(id)` for each proxy whose own (tight) box overlaps the closed box `aabb`
   * (touching counts), until it returns false: the `Broadphase3` query. Infinite bounds are
   * allowed; an empty box or a NaN bound finds nothing.
   */
  queryAabb(aabb: Aabb3, callback: QueryCallback): void {
    const a = aabb.min;
    const c = aabb.max;
    this.boxQuery(a.x, a.y, a.z, c.x, c.y, c.z, callback, true);
  }

  /**
   * Casts the ray origin + t·dir, t in [0, maxT], nearest node first, calling
   * `callback(id, maxT)` for each proxy whose own (tight) box it reaches at t <= maxT (slab
   * test; touching counts): the `Broadphase3` ray query. See `raycast` for the callback.
   */
  rayCast(origin: Vec, dir: Vec, maxT: number, callback: CastCallback): void {
    const o = origin;
    this.cast(o.x, o.y, o.z, o.x, o.y, o.z, dir.x, dir.y, dir.z, maxT, callback, true);
  }

  /**
   * Casts the box `box` moving by t·dir, t in [0, maxT], nearest node first, calling
   * `callback(id, maxT)` for each proxy whose own (tight) box it touches at some t <= maxT (the
   * swept-box slab test of `shapeCast`): the `Broadphase3` box cast. An inverted box finds nothing.
   */
  boxCast(box: Aabb3, dir: Vec, maxT: number, callback: CastCallback): void {
    const a = box.min;
    const b = box.max;
    if (!(a.x <= b.x && a.y <= b.y && a.z <= b.z)) return;
    this.cast(a.x, a.y, a.z, b.x, b.y, b.z, dir.x, dir.y, dir.z, maxT, callback, true);
  }

  private boxQuery(
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    callback: QueryCallback,
    tight: boolean,
  ): void {
    if (this.root === NULL || !(minX <= maxX && minY <= maxY && minZ <= maxZ)) return;
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
        const o = node * 6;
        if (b[o]! > maxX || b[o + 1]! > maxY || b[o + 2]! > maxZ) continue;
        if (b[o + 3]! < minX || b[o + 4]! < minY || b[o + 5]! < minZ) continue;
        if (h[node] === 0) {
          if (tight) {
            const t = this.tight;
            if (t[o]! > maxX || t[o + 1]! > maxY || t[o + 2]! > maxZ) continue;
            if (t[o + 3]! < minX || t[o + 4]! < minY || t[o + 5]! < minZ) continue;
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
   * Casts the ray (ox, oy, oz) + t·(dx, dy, dz), t in [0, maxT], against the fat boxes, nearest
   * node first, and calls `callback(id, maxT)` for each proxy whose fat box it reaches at
   * t <= maxT (slab test; touching counts; maxT = Infinity is read as Number.MAX_VALUE). The callback clips, ignores or stops (see
   * `CastCallback`). t is in units of d, which need not be unit length; maxT may be Infinity.
   */
  raycast(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    maxT: number,
    callback: CastCallback,
  ): void {
    this.shapeCast(ox, oy, oz, ox, oy, oz, dx, dy, dz, maxT, callback);
  }

  /**
   * Casts the box [minX, maxX] × [minY, maxY] × [minZ, maxZ] moving by t·(dx, dy, dz), t in
   * [0, maxT], against the fat boxes, nearest first, calling `callback(id, maxT)` for each proxy
   * whose fat box the moving box touches at some t <= maxT (a swept-AABB slab test).
   */
  shapeCast(
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    dx: number,
    dy: number,
    dz: number,
    maxT: number,
    callback: CastCallback,
  ): void {
    this.cast(minX, minY, minZ, maxX, maxY, maxZ, dx, dy, dz, maxT, callback, false);
  }

  private cast(
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    dx: number,
    dy: number,
    dz: number,
    maxT: number,
    callback: CastCallback,
    tight: boolean,
  ): void {
    if (this.root === NULL) return;
    if (!(maxT >= 0)) return;
    if (!finite3(minX, minY, minZ) || !finite3(maxX, maxY, maxZ) || !finite3(dx, dy, dz)) return;
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
      const ix = 1 / dx;
      const iy = 1 / dy;
      const iz = 1 / dz;
      let stack = this.stack;
      let ts = this.tstack;
      let top = base;
      let t0 = entry3(
        b,
        this.root * 6,
        minX,
        minY,
        minZ,
        maxX,
        maxY,
        maxZ,
        dx,
        dy,
        dz,
        ix,
        iy,
        iz,
        maxT,
      );
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
          if (tight) {
            const o = node * 6;
            const t = this.tight;
            const e = entry3(
              t,
              o,
              minX,
              minY,
              minZ,
              maxX,
              maxY,
              maxZ,
              dx,
              dy,
              dz,
              ix,
              iy,
              iz,
              maxT,
            );
            if (e > maxT) continue;
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
        t0 = entry3(b, a * 6, minX, minY, minZ, maxX, maxY, maxZ, dx, dy, dz, ix, iy, iz, maxT);
        const t1 = entry3(
          b,
          d * 6,
          minX,
          minY,
          minZ,
          maxX,
          maxY,
          maxZ,
          dx,
          dy,
          dz,
          ix,
          iy,
          iz,
          maxT,
        );
        if (top + 2 > stack.length) {
          stack = this.growStack(top + 2);
          ts = this.tstack;
        }
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

function finite3(a: number, b: number, c: number): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c);
}

/**
 * The first t in [0, maxT] at which the box [x0, x1] × [y0, y1] × [z0, z1] moved by t·d touches
 * the box at offset o of `b`, or Infinity when it does not in that range. `ix`, `iy`, `iz` are
 * the inverses of d's components.
 */
export function entry3(
  b: Float64Array,
  o: number,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  dx: number,
  dy: number,
  dz: number,
  ix: number,
  iy: number,
  iz: number,
  maxT: number,
): number {
  let t0 = 0;
  let t1 = maxT;
  let lo = b[o]! - x1;
  let hi = b[o + 3]! - x0;
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
  hi = b[o + 4]! - y0;
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
  lo = b[o + 2]! - z1;
  hi = b[o + 5]! - z0;
  if (dz > 0) {
    const e = lo * iz;
    const f = hi * iz;
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
  } else if (dz < 0) {
    const e = hi * iz;
    const f = lo * iz;
    if (e > t0) t0 = e;
    if (f < t1) t1 = f;
  } else if (lo > 0 || hi < 0) {
    return Number.POSITIVE_INFINITY;
  }
  return t0 <= t1 ? t0 : Number.POSITIVE_INFINITY;
}

function write(b: Float64Array, o: number, out?: Aabb3): Aabb3 {
  const box = out ?? { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
  box.min.x = b[o]!;
  box.min.y = b[o + 1]!;
  box.min.z = b[o + 2]!;
  box.max.x = b[o + 3]!;
  box.max.y = b[o + 4]!;
  box.max.z = b[o + 5]!;
  return box;
}
