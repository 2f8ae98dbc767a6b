/**
 * A uniform grid over a spatial hash, for many objects of about the same size. Cells are cubes of
 * side `cellSize`; each proxy is entered in every cell its box touches, and the cells are hashed
 * into a table whose buckets are rebuilt by a counting sort into typed arrays on the first query
 * after a change (the arrays only grow: no allocation per frame). A pair is reported only in the
 * cell that holds the minimum corner of the two boxes' overlap, so once. Boxes spanning more than
 * `maxCells` cells are kept aside and tested against everything.
 *
 * @see M. Teschner, B. Heidelberger, M. Müller, D. Pomeranets, M. Gross, "Optimized Spatial
 *   Hashing for Collision Detection of Deformable Objects", VMV 2003 (hashed uniform grid).
 * @see C. Ericson, Real-Time Collision Detection, 2005, section 7.1 (uniform grids, hashed storage,
 *   reporting a pair once).
 */
import type { Vec as Vec2 } from "../2d/shapes.ts";
import type { Vec as Vec3 } from "../3d/shapes.ts";
import type { PairCallback } from "./dynamic-tree.ts";
import { type BroadphaseVec, ProxySet, type ProxySetOptions } from "./proxy-set.ts";

/** Options of `SpatialGrid2` / `SpatialGrid3`. */
export interface SpatialGridOptions extends ProxySetOptions {
  /**
   * The side of a cell, in the caller's length unit; best about the size of a typical object.
   * Default: chosen at each rebuild as the mean over the proxies of their largest box extent.
   */
  cellSize?: number;
  /** A proxy covering more cells than this is kept aside and tested against all (default 64). */
  maxCells?: number;
}

/** Cell coordinates are clamped to ±LIMIT: monotone, so overlapping boxes still share a cell. */
const LIMIT = 2 ** 30;
/** Auto cell sizes are kept in [2^-1000, 2^1000], so 1/cell is finite and non-zero. */
const TINY = 2 ** -1000;
const HUGE = 2 ** 1000;

function cellOf(v: number, inv: number): number {
  const c = Math.floor(v * inv);
  return c >= -LIMIT ? (c <= LIMIT ? c : LIMIT) : -LIMIT;
}

function hash(x: number, y: number, z: number): number {
  let h = (Math.imul(x, 0x9e3779b1) + Math.imul(y, 0x85ebca77) + Math.imul(z, 0xc2b2ae3d)) | 0;
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d);
}

/**
 * The dimension-generic hashed grid; use `SpatialGrid2` or `SpatialGrid3`. Moving a proxy only
 * stores its box; the next query rebuilds the buckets. Pairs and queries are over the boxes as
 * given (closed: touching counts).
 */
export class SpatialGrid<V extends BroadphaseVec> extends ProxySet<V> {
  /** The fixed cell size, or 0 for automatic. */
  readonly fixedCell: number;
  /** See `SpatialGridOptions.maxCells`. */
  readonly maxCells: number;
  /** The cell size of the last rebuild. */
  private cell = 1;
  private inv = 1;
  /** Per proxy: its cell range (stride 3; z = 0 in 2D) and whether it is kept aside. */
  private cLo: Int32Array = new Int32Array(0);
  private cHi: Int32Array = new Int32Array(0);
  private isLarge: Uint8Array = new Uint8Array(0);
  private large: Int32Array = new Int32Array(0);
  private nLarge = 0;
  /** Bucket h holds entries [start[h], start[h+1]); each entry is a proxy id and its cell. */
  private start: Int32Array = new Int32Array(17);
  private entryId: Int32Array = new Int32Array(64);
  private entryCell: Int32Array = new Int32Array(192);
  private entries = 0;
  private mask = 15;
  private dirty = true;
  private readonly world: Float64Array;

  constructor(dim: 2 | 3, options: SpatialGridOptions = {}) {
    super(dim, options);
    const cell = options.cellSize ?? 0;
    if (options.cellSize !== undefined && !(cell >= TINY && cell <= HUGE)) {
      throw new RangeError(`options.cellSize must be in [2^-1000, 2^1000], got ${String(cell)}`);
    }
    const maxCells = options.maxCells ?? 64;
    if (!(Number.isInteger(maxCells) && maxCells >= 1 && maxCells <= 2 ** 20)) {
      throw new RangeError(`options.maxCells must be an integer in [1, 2^20], got ${maxCells}`);
    }
    this.fixedCell = cell;
    this.maxCells = maxCells;
    this.world = new Float64Array(2 * dim);
    this.growSlots(this.initialCapacity);
  }

  /** The cell size used by the last rebuild (the fixed one, or the automatic choice). */
  get cellSize(): number {
    return this.cell;
  }

  protected onGrow(n: number): void {
    const lo = new Int32Array(3 * n);
    lo.set(this.cLo);
    this.cLo = lo;
    const hi = new Int32Array(3 * n);
    hi.set(this.cHi);
    this.cHi = hi;
    const f = new Uint8Array(n);
    f.set(this.isLarge);
    this.isLarge = f;
    this.large = new Int32Array(n);
    this.dirty = true;
  }

  protected onCreate(_id: number): void {
    this.dirty = true;
  }

  protected onMove(_id: number): void {
    this.dirty = true;
  }

  protected onDestroy(_id: number): void {
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
    const alive = this.alive;
    const cap = this.cap;
    const world = this.world;
    for (let k = 0; k < dim; k++) {
      world[k] = Number.POSITIVE_INFINITY;
      world[dim + k] = Number.NEGATIVE_INFINITY;
    }
    let sumExt = 0;
    for (let id = 0; id < cap; id++) {
      if (alive[id] !== 1) continue;
      const o = id * s;
      let ext = 0;
      for (let k = 0; k < dim; k++) {
        const lo = b[o + k]!;
        const hi = b[o + dim + k]!;
        if (lo < world[k]!) world[k] = lo;
        if (hi > world[dim + k]!) world[dim + k] = hi;
        if (hi - lo > ext) ext = hi - lo;
      }
      sumExt += ext;
    }
    let cell = this.fixedCell;
    if (cell === 0) {
      cell = sumExt / this.proxies;
      if (!(cell > 0)) {
        // Points only: about one per cell over the box of all.
        let span = 0;
        for (let k = 0; k < dim; k++) span = Math.max(span, world[dim + k]! - world[k]!);
        cell = span / Math.ceil(this.proxies ** (1 / dim));
      }
      if (!(cell >= TINY)) cell = cell > 0 ? TINY : 1;
      if (cell > HUGE) cell = HUGE;
    }
    this.cell = cell;
    const inv = 1 / cell;
    this.inv = inv;
    // Cell ranges; boxes over maxCells cells go aside.
    const cLo = this.cLo;
    const cHi = this.cHi;
    const maxCells = this.maxCells;
    let total = 0;
    let nLarge = 0;
    for (let id = 0; id < cap; id++) {
      if (alive[id] !== 1) continue;
      const o = id * s;
      let cells = 1;
      for (let k = 0; k < 3; k++) {
        const lo = k < dim ? cellOf(b[o + k]!, inv) : 0;
        const hi = k < dim ? cellOf(b[o + dim + k]!, inv) : 0;
        cLo[id * 3 + k] = lo;
        cHi[id * 3 + k] = hi;
        cells *= hi - lo + 1;
      }
      if (cells > maxCells) {
        this.isLarge[id] = 1;
        this.large[nLarge++] = id;
      } else {
        this.isLarge[id] = 0;
        total += cells;
      }
    }
    this.nLarge = nLarge;
    // The table: a power of two >= 2 entries per... at least twice the entries.
    let size = 16;
    while (size < 2 * total) size *= 2;
    if (this.start.length < size + 1) this.start = new Int32Array(size + 1);
    if (this.entryId.length < total) {
      this.entryId = new Int32Array(total * 2);
      this.entryCell = new Int32Array(total * 6);
    }
    const mask = size - 1;
    this.mask = mask;
    this.entries = total;
    const st = this.start;
    st.fill(0, 0, size + 1);
    // Counting sort: count per bucket, prefix sums to bucket ends, then fill downwards, which
    // leaves st[h] at the start of bucket h and st[size] = total.
    for (let id = 0; id < cap; id++) {
      if (alive[id] !== 1 || this.isLarge[id] === 1) continue;
      const c = id * 3;
      for (let x = cLo[c]!; x <= cHi[c]!; x++) {
        for (let y = cLo[c + 1]!; y <= cHi[c + 1]!; y++) {
          for (let z = cLo[c + 2]!; z <= cHi[c + 2]!; z++) st[hash(x, y, z) & mask]!++;
        }
      }
    }
    for (let h = 1; h <= size; h++) st[h] = st[h]! + st[h - 1]!;
    const eId = this.entryId;
    const eCell = this.entryCell;
    for (let id = 0; id < cap; id++) {
      if (alive[id] !== 1 || this.isLarge[id] === 1) continue;
      const c = id * 3;
      for (let x = cLo[c]!; x <= cHi[c]!; x++) {
        for (let y = cLo[c + 1]!; y <= cHi[c + 1]!; y++) {
          for (let z = cLo[c + 2]!; z <= cHi[c + 2]!; z++) {
            const e = --st[hash(x, y, z) & mask]!;
            eId[e] = id;
            eCell[e * 3] = x;
            eCell[e * 3 + 1] = y;
            eCell[e * 3 + 2] = z;
          }
        }
      }
    }
    this.dirty = false;
  }

  protected pairs(callback: PairCallback): void {
    const dim = this.dim;
    const s = 2 * dim;
    const b = this.boxes;
    const st = this.start;
    const eId = this.entryId;
    const eCell = this.entryCell;
    const cLo = this.cLo;
    const size = this.mask + 1;
    for (let h = 0; h < size; h++) {
      const end = st[h + 1]!;
      for (let i = st[h]!; i < end - 1; i++) {
        const p = eId[i]!;
        const x = eCell[i * 3]!;
        const y = eCell[i * 3 + 1]!;
        const z = eCell[i * 3 + 2]!;
        const op = p * s;
        for (let j = i + 1; j < end; j++) {
          if (eCell[j * 3] !== x || eCell[j * 3 + 1] !== y || eCell[j * 3 + 2] !== z) continue;
          const q = eId[j]!;
          const oq = q * s;
          // Closed overlap of the boxes.
          if (b[op]! > b[oq + dim]! || b[oq]! > b[op + dim]!) continue;
          if (b[op + 1]! > b[oq + dim + 1]! || b[oq + 1]! > b[op + dim + 1]!) continue;
          if (dim === 3 && (b[op + 2]! > b[oq + 5]! || b[oq + 2]! > b[op + 5]!)) continue;
          // Only in the cell of the overlap's minimum corner: the larger of the cell minima
          // (cellOf is monotone, so that is the cell of the larger box minimum).
          const lx = cLo[p * 3]! > cLo[q * 3]! ? cLo[p * 3]! : cLo[q * 3]!;
          const ly = cLo[p * 3 + 1]! > cLo[q * 3 + 1]! ? cLo[p * 3 + 1]! : cLo[q * 3 + 1]!;
          const lz = cLo[p * 3 + 2]! > cLo[q * 3 + 2]! ? cLo[p * 3 + 2]! : cLo[q * 3 + 2]!;
          if (lx !== x || ly !== y || lz !== z) continue;
          if (p < q) callback(p, q);
          else callback(q, p);
        }
      }
    }
    // The proxies kept aside, against every other proxy (two of them: from the smaller id).
    const alive = this.alive;
    const isLarge = this.isLarge;
    for (let l = 0; l < this.nLarge; l++) {
      const p = this.large[l]!;
      const op = p * s;
      for (let q = 0; q < this.cap; q++) {
        if (alive[q] !== 1 || q === p || (isLarge[q] === 1 && q < p)) continue;
        const oq = q * s;
        if (b[op]! > b[oq + dim]! || b[oq]! > b[op + dim]!) continue;
        if (b[op + 1]! > b[oq + dim + 1]! || b[oq + 1]! > b[op + dim + 1]!) continue;
        if (dim === 3 && (b[op + 2]! > b[oq + 5]! || b[oq + 2]! > b[op + 5]!)) continue;
        if (p < q) callback(p, q);
        else callback(q, p);
      }
    }
  }

  protected enumerate(qo: number, mode: number, callback: unknown): void {
    const dim = this.dim;
    const q = this.qbuf;
    const inv = this.inv;
    const x0 = cellOf(q[qo]!, inv);
    const x1 = cellOf(q[qo + dim]!, inv);
    const y0 = cellOf(q[qo + 1]!, inv);
    const y1 = cellOf(q[qo + dim + 1]!, inv);
    const z0 = dim === 3 ? cellOf(q[qo + 2]!, inv) : 0;
    const z1 = dim === 3 ? cellOf(q[qo + 5]!, inv) : 0;
    const cells = (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
    if (cells > Math.max(16, this.entries)) {
      // A query over more cells than entries: every proxy is cheaper.
      for (let id = 0; id < this.cap; id++) {
        if (this.alive[id] === 1 && !this.visit(id, qo, mode, callback)) return;
      }
      return;
    }
    const st = this.start;
    const eId = this.entryId;
    const eCell = this.entryCell;
    const cLo = this.cLo;
    const mask = this.mask;
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        for (let z = z0; z <= z1; z++) {
          const h = hash(x, y, z) & mask;
          const end = st[h + 1]!;
          for (let i = st[h]!; i < end; i++) {
            if (eCell[i * 3] !== x || eCell[i * 3 + 1] !== y || eCell[i * 3 + 2] !== z) continue;
            const id = eId[i]!;
            // Once: in the cell of the larger of the query's and the proxy's minimum corners.
            const c = id * 3;
            if ((cLo[c]! > x0 ? cLo[c]! : x0) !== x) continue;
            if ((cLo[c + 1]! > y0 ? cLo[c + 1]! : y0) !== y) continue;
            if ((cLo[c + 2]! > z0 ? cLo[c + 2]! : z0) !== z) continue;
            if (!this.visit(id, qo, mode, callback)) return;
          }
        }
      }
    }
    for (let l = 0; l < this.nLarge; l++) {
      if (!this.visit(this.large[l]!, qo, mode, callback)) return;
    }
  }

  protected validateStructure(fail: (msg: string) => never): void {
    if (this.dirty) return;
    const count = new Int32Array(this.cap);
    const cLo = this.cLo;
    const cHi = this.cHi;
    for (let e = 0; e < this.entries; e++) {
      const id = this.entryId[e]!;
      if (this.alive[id] !== 1 || this.isLarge[id] === 1) fail(`entry ${e} holds proxy ${id}`);
      for (let k = 0; k < 3; k++) {
        const c = this.entryCell[e * 3 + k]!;
        if (c < cLo[id * 3 + k]! || c > cHi[id * 3 + k]!) fail(`entry ${e} cell outside ${id}`);
      }
      const x = this.entryCell[e * 3]!;
      const y = this.entryCell[e * 3 + 1]!;
      const z = this.entryCell[e * 3 + 2]!;
      const h = hash(x, y, z) & this.mask;
      if (e < this.start[h]! || e >= this.start[h + 1]!) fail(`entry ${e} in the wrong bucket`);
      count[id]!++;
    }
    let large = 0;
    for (let id = 0; id < this.cap; id++) {
      if (this.alive[id] !== 1) continue;
      if (this.isLarge[id] === 1) {
        large++;
        continue;
      }
      const want =
        (cHi[id * 3]! - cLo[id * 3]! + 1) *
        (cHi[id * 3 + 1]! - cLo[id * 3 + 1]! + 1) *
        (cHi[id * 3 + 2]! - cLo[id * 3 + 2]! + 1);
      if (count[id] !== want) fail(`proxy ${id} in ${count[id]} cells, expected ${want}`);
    }
    if (large !== this.nLarge) fail(`${large} large proxies, list holds ${this.nLarge}`);
  }
}

/**
 * A hashed uniform grid over 2D boxes (collide/2d's `SpatialGrid`): for many objects of about
 * one size. See `Broadphase2` for the shared interface.
 *
 * @example
 * const grid = new SpatialGrid2({ cellSize: 2 });
 * const id = grid.createProxy({ min: { x: 0, y: 0 }, max: { x: 1, y: 1 } }, 7);
 * grid.queryTightPairs((a, b) => console.log(a, b));
 * @see Teschner et al., VMV 2003; Ericson, Real-Time Collision Detection, 7.1.
 */
export class SpatialGrid2 extends SpatialGrid<Vec2> {
  constructor(options: SpatialGridOptions = {}) {
    super(2, options);
  }
}

/** A hashed uniform grid over 3D boxes (collide/3d's `SpatialGrid`); see `SpatialGrid2`. */
export class SpatialGrid3 extends SpatialGrid<Vec3> {
  constructor(options: SpatialGridOptions = {}) {
    super(3, options);
  }
}
