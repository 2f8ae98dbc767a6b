/**
 * A uniform grid of cells over every axis but x, with a sweep along x inside each cell: in 2D the
 * cells are rows (strips of height `cellSize`), in 3D columns (squares in y and z). All proxies are
 * kept sorted by box minimum x (insertion sort between frames: temporal coherence), then entered in
 * every cell their box touches by a stable counting sort, so each cell's entries come out already
 * sorted by minimum x and a pair is found by sweeping forward while the minima stay below the
 * box's maximum. A pair is reported only in the cell of the overlap's minimum corner, so once;
 * boxes over more than `maxCells` cells are kept aside and tested against everything. Cells are
 * addressed directly when the occupied range is small, else through a hash table. Ray casts walk
 * the cells in ray order (rows, then within a row the entries in x order) and stop once the part
 * of the ray left to visit starts past the nearest hit kept so far.
 *
 * @see M. Teschner, B. Heidelberger, M. Müller, D. Pomeranets, M. Gross, "Optimized Spatial
 *   Hashing for Collision Detection of Deformable Objects", VMV 2003 (hashed uniform grid).
 * @see C. Ericson, Real-Time Collision Detection, 2005, sections 7.1 (uniform grids, reporting a
 *   pair once) and 7.5 (sort and sweep).
 * @see P. Terdiman, "Sweep-and-prune", 2007, and PhysX's multi box pruning (a sweep per region).
 * @see J. Amanatides, A. Woo, "A Fast Voxel Traversal Algorithm for Ray Tracing", Eurographics
 *   1987 (cells in ray order).
 */
import type { Vec as Vec2 } from "../2d/shapes.ts";
import type { Vec as Vec3 } from "../3d/shapes.ts";
import type { CastCallback, PairCallback } from "./dynamic-tree.ts";
import { type BroadphaseVec, ProxySet, type ProxySetOptions } from "./proxy-set.ts";
import { SortedAxis } from "./sorted-axis.ts";

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
/** Relative slack of the ray's cell bounds: far above the rounding of the slab test. */
const SLACK = 2 ** -40;
const INF = Number.POSITIVE_INFINITY;
const BOX = 0;

function cellOf(v: number, inv: number): number {
  const c = Math.floor(v * inv);
  return c >= -LIMIT ? (c <= LIMIT ? c : LIMIT) : -LIMIT;
}

function hash(y: number, z: number): number {
  let h = (Math.imul(y, 0x9e3779b1) + Math.imul(z, 0x85ebca77)) | 0;
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d);
}

/**
 * A lower bound on every v with cellOf(v) >= c: c·cell less a slack far above the rounding of
 * v·(1/cell) and of the product (and of an underflow to -0, possible only when cell > 1).
 */
function cellLow(c: number, cell: number): number {
  if (c <= -LIMIT) return -INF;
  const v = c * cell;
  const r = v - (Math.abs(v) + cell) * SLACK;
  return r <= Number.MAX_VALUE ? r : Number.MAX_VALUE * 0.5;
}

/** An upper bound on every v with cellOf(v) <= c (see `cellLow`). */
function cellHigh(c: number, cell: number): number {
  if (c >= LIMIT) return INF;
  const v = (c + 1) * cell;
  const r = v + (Math.abs(v) + cell) * SLACK;
  return r >= -Number.MAX_VALUE ? r : -Number.MAX_VALUE * 0.5;
}

/** The t span of `rowSpan`: [enter, leave]. */
const SPAN = new Float64Array(2);

/**
 * The t at which the moving interval [o0, o1] + t·d (a point for a ray; inv = 1/d, d not 0)
 * enters and leaves row c's band widened by `cellLow`/`cellHigh`, into SPAN; the slab test's
 * operations, so the entry bounds the slab entry of every box in the rows from c on along the
 * cast. A NaN (0 · Infinity) restricts nothing.
 */
function rowSpan(c: number, cell: number, o0: number, o1: number, d: number, inv: number): void {
  const tl = (cellLow(c, cell) - o1) * inv;
  const th = (cellHigh(c, cell) - o0) * inv;
  SPAN[0] = d > 0 ? tl : th;
  SPAN[1] = d > 0 ? th : tl;
}

/**
 * The dimension-generic grid; use `SpatialGrid2` or `SpatialGrid3`. Moving a proxy only stores
 * its box; the next query re-sorts and rebuilds the cells. Pairs and queries are over the boxes as
 * given (closed: touching counts).
 */
export class SpatialGrid<V extends BroadphaseVec> extends ProxySet<V> {
  /** The fixed cell size, or 0 for automatic. */
  readonly fixedCell: number;
  /** See `SpatialGridOptions.maxCells`. */
  readonly maxCells: number;
  /** The cell size of the last rebuild. */
  /**
   * [0] the cell size of the last rebuild, [1] its inverse, [2] `fixedCell`: doubles in an array,
   * so the rebuild neither boxes a store nor merges a tagged field into its cell size.
   */
  private readonly scale: Float64Array = new Float64Array([1, 1, 0]);
  /** The live proxies by box minimum x. */
  private readonly sorted = new SortedAxis();
  /** Per proxy: its cell range on y and z (stride 2; z = 0 in 2D) and whether it is aside. */
  private cLo: Int32Array = new Int32Array(0);
  private cHi: Int32Array = new Int32Array(0);
  private isLarge: Uint8Array = new Uint8Array(0);
  private large: Int32Array = new Int32Array(0);
  private nLarge = 0;
  /** Per query depth, the ray's visit mark per proxy (a proxy spans several cells). */
  private marks: Float64Array[] = [];
  private markStamp = 0;
  /**
   * Bucket h holds entries [start[h], start[h+1]), sorted by minimum x; `bucketExt[h]` bounds
   * their x extents (rounded up). An entry: its proxy, a copy of its box (stride 2*dim), its cell
   * (y, z) and flags: bit 0 when its y cell is the proxy's lowest, bit 1 the same for z.
   */
  private start: Int32Array = new Int32Array(17);
  private bucketExt: Float64Array = new Float64Array(16);
  private entryId: Int32Array = new Int32Array(64);
  private entryBox: Float64Array = new Float64Array(64 * 4);
  private entryCell: Int32Array = new Int32Array(128);
  private entryFlag: Uint8Array = new Uint8Array(64);
  private entries = 0;
  private buckets = 16;
  /** Direct addressing: bucket = (y - y0) + (z - z0)·ny over [y0, y1] x [z0, z1]; else hashed. */
  private dense = false;
  private y0 = 0;
  private y1 = 0;
  private z0 = 0;
  private z1 = 0;
  private ny = 1;
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
    this.scale[2] = cell;
    this.maxCells = maxCells;
    this.world = new Float64Array(2 * dim);
    this.entryBox = new Float64Array(64 * 2 * dim);
    this.growSlots(this.initialCapacity);
  }

  /** The cell size used by the last rebuild (the fixed one, or the automatic choice). */
  get cellSize(): number {
    return this.scale[0]!;
  }

  protected onGrow(n: number): void {
    this.sorted.grow(n);
    const lo = new Int32Array(2 * n);
    lo.set(this.cLo);
    this.cLo = lo;
    const hi = new Int32Array(2 * n);
    hi.set(this.cHi);
    this.cHi = hi;
    const f = new Uint8Array(n);
    f.set(this.isLarge);
    this.isLarge = f;
    this.large = new Int32Array(n);
    this.marks = [];
    this.dirty = true;
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
    const world = this.world;
    for (let k = 0; k < dim; k++) {
      world[k] = INF;
      world[dim + k] = -INF;
    }
    let sumExt = 0;
    for (let i = 0; i < n; i++) {
      const o = order[i]! * s;
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
    let cell = this.scale[2]!;
    if (cell === 0) {
      cell = sumExt / n;
      if (!(cell > 0)) {
        // Points only: about one per cell over the box of all.
        let span = 0;
        for (let k = 0; k < dim; k++) span = Math.max(span, world[dim + k]! - world[k]!);
        cell = span / Math.ceil(n ** (1 / dim));
      }
      if (!(cell >= TINY)) cell = cell > 0 ? TINY : 1;
      if (cell > HUGE) cell = HUGE;
    }
    this.scale[0] = cell;
    const inv = 1 / cell;
    this.scale[1] = inv;
    sorted.refresh(b, s, 0, dim, false);
    // Cell ranges on y (and z); boxes over maxCells cells go aside.
    const cLo = this.cLo;
    const cHi = this.cHi;
    const maxCells = this.maxCells;
    let total = 0;
    let nLarge = 0;
    for (let i = 0; i < n; i++) {
      const id = order[i]!;
      const o = id * s;
      const ylo = cellOf(b[o + 1]!, inv);
      const yhi = cellOf(b[o + dim + 1]!, inv);
      const zlo = dim === 3 ? cellOf(b[o + 2]!, inv) : 0;
      const zhi = dim === 3 ? cellOf(b[o + 5]!, inv) : 0;
      cLo[2 * id] = ylo;
      cHi[2 * id] = yhi;
      cLo[2 * id + 1] = zlo;
      cHi[2 * id + 1] = zhi;
      const cells = (yhi - ylo + 1) * (zhi - zlo + 1);
      if (cells > maxCells) {
        this.isLarge[id] = 1;
        this.large[nLarge++] = id;
      } else {
        this.isLarge[id] = 0;
        total += cells;
      }
    }
    this.nLarge = nLarge;
    // Direct addressing when the occupied cell range is at most about twice the entries.
    // The cells of the box of all, written out: these four calls of `cellOf` were left not
    // inlined in this large function, boxing each double argument (`| 0` keeps them int32).
    let y0 = 0;
    let y1 = 0;
    let z0 = 0;
    let z1 = 0;
    if (n > 0) {
      let c = Math.floor(world[1]! * inv);
      y0 = (c >= -LIMIT ? (c <= LIMIT ? c : LIMIT) : -LIMIT) | 0;
      c = Math.floor(world[dim + 1]! * inv);
      y1 = (c >= -LIMIT ? (c <= LIMIT ? c : LIMIT) : -LIMIT) | 0;
      if (dim === 3) {
        c = Math.floor(world[2]! * inv);
        z0 = (c >= -LIMIT ? (c <= LIMIT ? c : LIMIT) : -LIMIT) | 0;
        c = Math.floor(world[5]! * inv);
        z1 = (c >= -LIMIT ? (c <= LIMIT ? c : LIMIT) : -LIMIT) | 0;
      }
    }
    const span = (y1 - y0 + 1) * (z1 - z0 + 1);
    let size: number;
    if (span <= 2 * total + 16) {
      this.dense = true;
      size = span;
    } else {
      this.dense = false;
      size = 16;
      while (size < 2 * total) size *= 2;
    }
    this.y0 = y0;
    this.y1 = y1;
    this.z0 = z0;
    this.z1 = z1;
    this.ny = y1 - y0 + 1;
    this.buckets = size;
    if (this.start.length < size + 1) {
      this.start = new Int32Array(size + 1 + (size >> 1));
      this.bucketExt = new Float64Array(size + 1 + (size >> 1));
    }
    if (this.entryId.length < total) {
      const cap = total + (total >> 1);
      this.entryId = new Int32Array(cap);
      this.entryBox = new Float64Array(cap * s);
      this.entryCell = new Int32Array(cap * 2);
      this.entryFlag = new Uint8Array(cap);
    }
    this.entries = total;
    const st = this.start;
    const ext = this.bucketExt;
    st.fill(0, 0, size + 1);
    ext.fill(0, 0, size);
    const isLarge = this.isLarge;
    const dense = this.dense;
    const mask = size - 1;
    const ny = this.ny;
    for (let i = 0; i < n; i++) {
      const id = order[i]!;
      if (isLarge[id] === 1) continue;
      const c = 2 * id;
      const yhi = cHi[c]!;
      for (let z = cLo[c + 1]!; z <= cHi[c + 1]!; z++) {
        for (let y = cLo[c]!; y <= yhi; y++) {
          st[dense ? y - y0 + (z - z0) * ny : hash(y, z) & mask]!++;
        }
      }
    }
    for (let h = 1; h <= size; h++) st[h] = st[h]! + st[h - 1]!;
    // Filled downwards in reverse x order: each bucket ends up sorted by minimum x (stable).
    const eId = this.entryId;
    const eBox = this.entryBox;
    const eCell = this.entryCell;
    const eFlag = this.entryFlag;
    for (let i = n - 1; i >= 0; i--) {
      const id = order[i]!;
      if (isLarge[id] === 1) continue;
      const c = 2 * id;
      const o = id * s;
      const x0 = b[o]!;
      const w = b[o + dim]! - x0;
      const ylo = cLo[c]!;
      const yhi = cHi[c]!;
      const zlo = cLo[c + 1]!;
      for (let z = zlo; z <= cHi[c + 1]!; z++) {
        for (let y = ylo; y <= yhi; y++) {
          const h = dense ? y - y0 + (z - z0) * ny : hash(y, z) & mask;
          const e = --st[h]!;
          eId[e] = id;
          const eo = e * s;
          eBox[eo] = x0;
          eBox[eo + 1] = b[o + 1]!;
          eBox[eo + 2] = b[o + 2]!;
          eBox[eo + 3] = b[o + 3]!;
          if (dim === 3) {
            eBox[eo + 4] = b[o + 4]!;
            eBox[eo + 5] = b[o + 5]!;
          }
          eCell[2 * e] = y;
          eCell[2 * e + 1] = z;
          eFlag[e] = (y === ylo ? 1 : 0) | (z === zlo ? 2 : 0);
          if (w > ext[h]!) ext[h] = w;
        }
      }
    }
    // Rounded up past the exact extents: min + ext >= max for every entry of the bucket.
    for (let h = 0; h < size; h++) ext[h] = ext[h]! * (1 + 2 ** -50);
    this.dirty = false;
  }

  /** The bucket of cell (y, z), or -1 outside the directly addressed range. */
  private bucket(y: number, z: number): number {
    if (this.dense) {
      if (y < this.y0 || y > this.y1 || z < this.z0 || z > this.z1) return -1;
      return y - this.y0 + (z - this.z0) * this.ny;
    }
    return hash(y, z) & (this.buckets - 1);
  }

  protected pairs(callback: PairCallback): void {
    const dim = this.dim;
    const s = 2 * dim;
    const st = this.start;
    const eId = this.entryId;
    const eBox = this.entryBox;
    const eCell = this.entryCell;
    const eFlag = this.entryFlag;
    const size = this.buckets;
    if (dim === 2) {
      for (let h = 0; h < size; h++) {
        const end = st[h + 1]!;
        for (let i = st[h]!; i < end - 1; i++) {
          const x1 = eBox[4 * i + 2]!;
          const ylo = eBox[4 * i + 1]!;
          const yhi = eBox[4 * i + 3]!;
          const y = eCell[2 * i]!;
          const first = eFlag[i]! & 1;
          for (let j = i + 1; j < end && eBox[4 * j]! <= x1; j++) {
            // Once: in the cell of the larger minimum y cell, which is this one for either box.
            if ((first | eFlag[j]!) & 1 && eCell[2 * j] === y) {
              if (eBox[4 * j + 1]! <= yhi && eBox[4 * j + 3]! >= ylo) {
                const p = eId[i]!;
                const q = eId[j]!;
                if (p < q) callback(p, q);
                else callback(q, p);
              }
            }
          }
        }
      }
    } else {
      for (let h = 0; h < size; h++) {
        const end = st[h + 1]!;
        for (let i = st[h]!; i < end - 1; i++) {
          const x1 = eBox[6 * i + 3]!;
          const ylo = eBox[6 * i + 1]!;
          const yhi = eBox[6 * i + 4]!;
          const zlo = eBox[6 * i + 2]!;
          const zhi = eBox[6 * i + 5]!;
          const y = eCell[2 * i]!;
          const z = eCell[2 * i + 1]!;
          const fi = eFlag[i]!;
          for (let j = i + 1; j < end && eBox[6 * j]! <= x1; j++) {
            if (((fi | eFlag[j]!) & 3) !== 3 || eCell[2 * j] !== y || eCell[2 * j + 1] !== z) {
              continue;
            }
            if (eBox[6 * j + 1]! > yhi || eBox[6 * j + 4]! < ylo) continue;
            if (eBox[6 * j + 2]! > zhi || eBox[6 * j + 5]! < zlo) continue;
            const p = eId[i]!;
            const q = eId[j]!;
            if (p < q) callback(p, q);
            else callback(q, p);
          }
        }
      }
    }
    // The proxies kept aside, against every other proxy (two of them: from the smaller id).
    const b = this.boxes;
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
    const inv = this.scale[1]!;
    for (let l = 0; l < this.nLarge; l++) {
      if (!this.visit(this.large[l]!, qo, mode, callback)) return;
    }
    const y0 = cellOf(q[qo + 1]!, inv);
    const y1 = cellOf(q[qo + dim + 1]!, inv);
    const z0 = dim === 3 ? cellOf(q[qo + 2]!, inv) : 0;
    const z1 = dim === 3 ? cellOf(q[qo + 5]!, inv) : 0;
    // Rays walk about ny + nz cells, boxes cover ny·nz: past the entry count, every proxy is cheaper.
    const cells = mode === BOX ? (y1 - y0 + 1) * (z1 - z0 + 1) : y1 - y0 + (z1 - z0) + 1;
    if (cells > Math.max(16, this.entries)) {
      const alive = this.alive;
      const isLarge = this.isLarge;
      for (let id = 0; id < this.cap; id++) {
        if (alive[id] === 1 && isLarge[id] === 0 && !this.visit(id, qo, mode, callback)) return;
      }
      return;
    }
    if (mode === BOX) this.boxCells(qo, y0, y1, z0, z1, callback);
    else this.rayCells(qo, y0, y1, z0, z1, callback as CastCallback);
  }

  /** A box query: each cell of the box once, each proxy in the cell of its overlap's min corner. */
  private boxCells(qo: number, y0: number, y1: number, z0: number, z1: number, cb: unknown): void {
    const q = this.qbuf;
    const dim = this.dim;
    const s = 2 * dim;
    const xlo = q[qo]!;
    const xhi = q[qo + dim]!;
    const st = this.start;
    const eId = this.entryId;
    const eBox = this.entryBox;
    const eCell = this.entryCell;
    const eFlag = this.entryFlag;
    for (let z = z0; z <= z1; z++) {
      for (let y = y0; y <= y1; y++) {
        const h = this.bucket(y, z);
        if (h < 0) continue;
        const end = st[h + 1]!;
        const need = (y === y0 ? 1 : 0) | (z === z0 ? 2 : 0);
        for (let i = this.firstReaching(h, xlo); i < end && eBox[i * s]! <= xhi; i++) {
          if (eCell[2 * i] !== y || eCell[2 * i + 1] !== z) continue;
          if (((eFlag[i]! | need) & 3) !== 3) continue;
          if (!this.visit(eId[i]!, qo, BOX, cb)) return;
        }
      }
    }
  }

  /** The first entry of bucket h whose box can reach x = lo (minimum x + extent >= lo). */
  private firstReaching(h: number, lo: number): number {
    const eBox = this.entryBox;
    const s = 2 * this.dim;
    const ext = this.bucketExt[h]!;
    let l = this.start[h]!;
    let r = this.start[h + 1]!;
    while (l < r) {
      const m = (l + r) >>> 1;
      if (eBox[m * s]! + ext >= lo) r = m;
      else l = m + 1;
    }
    return l;
  }

  /**
   * A ray: z rows (3D) in ray order, then y rows, then each cell's entries in x order along the
   * ray; each stops once the bound on the entry t of everything after it passes the current maxT
   * (bounds from `cellLow`/`cellHigh` and the sorted minima, with the slab test's own operations,
   * so monotone rounding keeps them below the slab entries).
   */
  private rayCells(
    qo: number,
    y0: number,
    y1: number,
    z0: number,
    z1: number,
    cb: CastCallback,
  ): void {
    const dim = this.dim;
    const q = this.qbuf;
    const r = qo + 2 * dim;
    const mt = qo + 5 * dim;
    const cell = this.scale[0]!;
    const r1 = qo + 5 * dim + 1;
    const oy = q[r + 1]!;
    const oy1 = q[r1 + 1]!;
    const dy = q[r + dim + 1]!;
    const iy = q[r + 2 * dim + 1]!;
    const oz = dim === 3 ? q[r + 2]! : 0;
    const oz1 = dim === 3 ? q[r1 + 2]! : 0;
    const dz = dim === 3 ? q[r + 5]! : 0;
    const iz = dim === 3 ? q[r + 8]! : 0;
    const depth = this.locked;
    let marks = this.marks[depth];
    if (marks === undefined || marks.length < this.cap) {
      marks = new Float64Array(this.cap);
      this.marks[depth] = marks;
    }
    // Doubles: 2^53 casts before a stamp repeats.
    const stamp = ++this.markStamp;
    const zStep = dz < 0 ? -1 : 1;
    for (let zi = 0; zi <= z1 - z0; zi++) {
      const z = zStep > 0 ? z0 + zi : z1 - zi;
      let ta = 0;
      let tb = q[mt]!;
      if (dim === 3 && dz !== 0) {
        // The part of the ray in z row z (widened), and whether anything later can still count.
        rowSpan(z, cell, oz, oz1, dz, iz);
        const enter = SPAN[0]!;
        if (enter > q[mt]!) return;
        if (enter > ta) ta = enter;
        if (SPAN[1]! < tb) tb = SPAN[1]!;
        // A NaN bound (0 · Infinity, as in the slab test) restricts nothing.
        if (!(ta <= tb)) continue;
      }
      // The y rows this part of the ray crosses, in ray order.
      let ya = y0;
      let yb = y1;
      if (dy !== 0) {
        const a = ta * dy;
        const c = tb * dy;
        const sl = (Math.abs(oy) + Math.abs(oy1) + Math.abs(a) + Math.abs(c) + cell) * SLACK;
        const lo = oy + (a < c ? a : c) - sl;
        const hi = oy1 + (a < c ? c : a) + sl;
        // NaN (an infinite end) leaves the range as it is.
        if (!Number.isNaN(lo) && cellOf(lo, this.scale[1]!) > ya) ya = cellOf(lo, this.scale[1]!);
        if (!Number.isNaN(hi) && cellOf(hi, this.scale[1]!) < yb) yb = cellOf(hi, this.scale[1]!);
      }
      const yStep = dy < 0 ? -1 : 1;
      for (let yi = 0; yi <= yb - ya; yi++) {
        const y = yStep > 0 ? ya + yi : yb - yi;
        let sa = ta;
        let sb = tb;
        if (dy !== 0) {
          rowSpan(y, cell, oy, oy1, dy, iy);
          const enter = SPAN[0]!;
          if (enter > q[mt]!) break;
          if (enter > sa) sa = enter;
          if (SPAN[1]! < sb) sb = SPAN[1]!;
          if (!(sa <= sb)) continue;
        }
        const h = this.bucket(y, z);
        if (h < 0) continue;
        if (!this.rayCell(qo, h, y, z, sa, sb, marks, stamp, cb)) return;
      }
    }
  }

  /** One cell of a ray over t in [ta, tb]: its entries in x order along the ray. */
  private rayCell(
    qo: number,
    h: number,
    y: number,
    z: number,
    ta: number,
    tb: number,
    marks: Float64Array,
    stamp: number,
    cb: CastCallback,
  ): boolean {
    const dim = this.dim;
    const s = 2 * dim;
    const q = this.qbuf;
    const r = qo + s;
    const mt = qo + 5 * dim;
    const ox = q[r]!;
    const ox1 = q[qo + 5 * dim + 1]!;
    const dx = q[r + dim]!;
    const ix = q[r + 2 * dim]!;
    // The x span of the cast over [ta, tb], widened, within the query box.
    let xa = q[qo]!;
    let xb = q[qo + dim]!;
    if (dx !== 0) {
      const a = ta * dx;
      const c = tb * dx;
      const sl = (Math.abs(ox) + Math.abs(ox1) + Math.abs(a) + Math.abs(c)) * SLACK + 1e-300;
      const lo = ox + (a < c ? a : c) - sl;
      const hi = ox1 + (a < c ? c : a) + sl;
      if (lo > xa) xa = lo;
      if (hi < xb) xb = hi;
    }
    const st = this.start;
    const eId = this.entryId;
    const eBox = this.entryBox;
    const eCell = this.entryCell;
    const begin = this.firstReaching(h, xa);
    const end = st[h + 1]!;
    if (dx >= 0) {
      // dx = ±0 has no order along the ray (and 1/-0 = -Infinity gives no bound).
      const along = dx > 0;
      for (let i = begin; i < end; i++) {
        const x = eBox[i * s]!;
        // Sorted minima: the slab entry of this and every later entry is at least this.
        if (x > xb || (along && (x - ox1) * ix > q[mt]!)) return true;
        if (eCell[2 * i] !== y || eCell[2 * i + 1] !== z) continue;
        const id = eId[i]!;
        if (marks[id] === stamp) continue;
        marks[id] = stamp;
        if (!this.visit(id, qo, 1, cb)) return false;
      }
      return true;
    }
    const ext = this.bucketExt[h]!;
    let i = begin;
    while (i < end && eBox[i * s]! <= xb) i++;
    for (i--; i >= begin; i--) {
      // Going down in x: max x <= min x + ext bounds the slab entry from below.
      if ((eBox[i * s]! + ext - ox) * ix > q[mt]!) return true;
      if (eCell[2 * i] !== y || eCell[2 * i + 1] !== z) continue;
      const id = eId[i]!;
      if (marks[id] === stamp) continue;
      marks[id] = stamp;
      if (!this.visit(id, qo, 1, cb)) return false;
    }
    return true;
  }

  protected validateStructure(fail: (msg: string) => never): void {
    const s = 2 * this.dim;
    this.sorted.validate(
      this.alive,
      this.cap,
      this.dirty ? null : this.boxes,
      s,
      0,
      this.dim,
      fail,
    );
    if (this.dirty) return;
    const count = new Int32Array(this.cap);
    const cLo = this.cLo;
    const cHi = this.cHi;
    for (let h = 0; h < this.buckets; h++) {
      for (let e = this.start[h]!; e < this.start[h + 1]!; e++) {
        const id = this.entryId[e]!;
        if (this.alive[id] !== 1 || this.isLarge[id] === 1) fail(`entry ${e} holds proxy ${id}`);
        const y = this.entryCell[2 * e]!;
        const z = this.entryCell[2 * e + 1]!;
        if (this.bucket(y, z) !== h) fail(`entry ${e} in the wrong bucket`);
        if (y < cLo[2 * id]! || y > cHi[2 * id]! || z < cLo[2 * id + 1]! || z > cHi[2 * id + 1]!) {
          fail(`entry ${e} cell outside proxy ${id}`);
        }
        for (let k = 0; k < s; k++) {
          if (this.entryBox[e * s + k] !== this.boxes[id * s + k]) fail(`entry ${e} box stale`);
        }
        if (!(this.entryBox[e * s]! + this.bucketExt[h]! >= this.entryBox[e * s + this.dim]!)) {
          fail(`bucket ${h} extent below entry ${e}'s`);
        }
        if (e > this.start[h]! && this.entryBox[(e - 1) * s]! > this.entryBox[e * s]!) {
          fail(`bucket ${h} not sorted at entry ${e}`);
        }
        count[id]!++;
      }
    }
    if (this.start[this.buckets] !== this.entries) fail("bucket ends do not match the entries");
    let large = 0;
    for (let id = 0; id < this.cap; id++) {
      if (this.alive[id] !== 1) continue;
      if (this.isLarge[id] === 1) {
        large++;
        continue;
      }
      const want = (cHi[2 * id]! - cLo[2 * id]! + 1) * (cHi[2 * id + 1]! - cLo[2 * id + 1]! + 1);
      if (count[id] !== want) fail(`proxy ${id} in ${count[id]} cells, expected ${want}`);
    }
    if (large !== this.nLarge) fail(`${large} large proxies, list holds ${this.nLarge}`);
  }
}

/**
 * A uniform grid over 2D boxes (collide/2d's `SpatialGrid`): rows of height `cellSize`, swept
 * along x; for many objects of about one size. See `Broadphase2` for the shared interface.
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

/**
 * A uniform grid over 3D boxes (collide/3d's `SpatialGrid`): columns of side `cellSize` in y and
 * z, swept along x; see `SpatialGrid2`.
 */
export class SpatialGrid3 extends SpatialGrid<Vec3> {
  constructor(options: SpatialGridOptions = {}) {
    super(3, options);
  }
}
