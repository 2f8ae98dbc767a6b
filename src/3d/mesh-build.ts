import { mortonNodes } from "./mesh-morton.ts";

/**
 * The mesh BVH and its build: binned SAH over triangle centroids (Wald 2007) for large nodes,
 * a split at the middle of the widest axis for small ones (the linear BVH is mesh-morton.ts'). The
 * build passes
 * read rescaled float32 copies of the triangles' bounds (half the bytes of float64); the stored
 * node boxes are then recomputed exactly from the float64 corners, bottom up, so queries never
 * see a rounded box.
 */

/**
 * A bounding volume hierarchy over a mesh's triangles, in flat typed arrays.
 *
 * - `boxes`: stride 6 per node, (minX, minY, minZ, maxX, maxY, maxZ), the exact bounds of the
 *   node's triangle corners (min and max of doubles round nothing).
 * - `nodes`: stride 2 per node. A leaf holds (first, count > 0): its triangles are slots
 *   first .. first + count - 1 of `triangles` and `order`. An inner node holds (left, -1 - axis):
 *   its children are nodes left and left + 1, split along axis 0, 1 or 2 (x, y, z). Node 0 is the root.
 * - `triangles`: stride 9 per slot, the corners (ax, ay, az, bx, by, bz, cx, cy, cz) in leaf
 *   order, so a leaf reads one contiguous run.
 * - `order`: the mesh's triangle index of each slot.
 */
export interface MeshBvh {
  readonly boxes: Float64Array;
  readonly nodes: Int32Array;
  readonly nodeCount: number;
  readonly triangles: Float64Array;
  readonly order: Uint32Array;
  /** Longest root-to-leaf path (edges). */
  readonly depth: number;
  /** Traversal stack, allocated once with the tree (depth + 2 entries). */
  readonly stack: Int32Array;
}

/** Bins along the split axis (Wald 2007 uses 8 to 32; more bins bought no faster rays here). */
const BINS = 8;
/**
 * Nodes of at most SMALL triangles split at the middle of their box's widest axis. Binning cost
 * a small node more than its triangles (clearing and sweeping bins); the middle split took the
 * 100k-triangle build from 50 to 40 ms, and rays and sweeps through the new trees ran in 0.75 to
 * 0.9 of the all-SAH tree's times, a scene of a ground plane and small props included. SAH still
 * matters above: splitting every node at the middle made rays through that scene 6x slower.
 */
const SMALL = 128;
/**
 * Nodes of at most this many triangles are leaves without a split search. Small nodes' fixed
 * costs dominate the build: 8 in place of 4 halved the node count and took about 15% off
 * building a 100k-triangle mesh, and ray casts through it ran no slower.
 */
const LEAF_MIN = 8;
/** A node of at most this many triangles may stay a leaf when splitting does not pay. */
const LEAF_MAX = 12;

// Per bin: triangle count and triangle bounds (stride 6).
const binCount = new Int32Array(BINS);
const binBox = new Float64Array(BINS * 6);
// Right-to-left sweep: the cost of the right side from each bin on.
const rightCost = new Float64Array(BINS);
/** Sweep bounds. */
const acc = new Float64Array(6);
/** The best split's left (0) and right (6) bounds. */
const split2 = new Float64Array(12);
/** [0] best cost, [2..7] the float32-unit box of the node being split (its centroids' bin range). */
const f = new Float64Array(8);
/** [0] 1 when a split was found, [1] best bin (first on the right), [3] the split axis. */
const best = new Int32Array(4);

/**
 * Whether a split of SAH cost `cost` (nL AL + nR AR, halved areas) beats a leaf testing all
 * `count` triangles of a node of half area `nodeArea` (one traversal step costs a triangle test).
 */
function splitPays(cost: number, count: number, nodeArea: number): boolean {
  return cost < (count - 1) * nodeArea && nodeArea !== 0;
}

/** Half the surface area of box i of b. */
function halfArea(b: Float64Array, i: number): number {
  const x = b[i + 3]! - b[i]!;
  const y = b[i + 4]! - b[i + 1]!;
  const z = b[i + 5]! - b[i + 2]!;
  return x * y + y * z + z * x;
}

function emptyBox(b: Float64Array, i: number): void {
  b[i] = b[i + 1] = b[i + 2] = Number.POSITIVE_INFINITY;
  b[i + 3] = b[i + 4] = b[i + 5] = Number.NEGATIVE_INFINITY;
}

/** Grows box i of b by box j of src. */
function growBox(b: Float64Array, i: number, src: Float64Array, j: number): void {
  if (src[j]! < b[i]!) b[i] = src[j]!;
  if (src[j + 1]! < b[i + 1]!) b[i + 1] = src[j + 1]!;
  if (src[j + 2]! < b[i + 2]!) b[i + 2] = src[j + 2]!;
  if (src[j + 3]! > b[i + 3]!) b[i + 3] = src[j + 3]!;
  if (src[j + 4]! > b[i + 4]!) b[i + 4] = src[j + 4]!;
  if (src[j + 5]! > b[i + 5]!) b[i + 5] = src[j + 5]!;
}

/** Grows box i of b by the point at j of src. */
function growPoint(b: Float64Array, i: number, src: Float64Array, j: number): void {
  growXYZ(b, i, src[j]!, src[j + 1]!, src[j + 2]!);
}

/** Grows box i of b by the point (x, y, z). */
function growXYZ(b: Float64Array, i: number, x: number, y: number, z: number): void {
  if (x < b[i]!) b[i] = x;
  if (y < b[i + 1]!) b[i + 1] = y;
  if (z < b[i + 2]!) b[i + 2] = z;
  if (x > b[i + 3]!) b[i + 3] = x;
  if (y > b[i + 4]!) b[i + 4] = y;
  if (z > b[i + 5]!) b[i + 5] = z;
}

/** Grows box o of b by the float32 box at i of sb. */
function growBox32(b: Float64Array, o: number, sb: Float32Array, i: number): void {
  const x0 = sb[i]!;
  const y0 = sb[i + 1]!;
  const z0 = sb[i + 2]!;
  const x1 = sb[i + 3]!;
  const y1 = sb[i + 4]!;
  const z1 = sb[i + 5]!;
  if (x0 < b[o]!) b[o] = x0;
  if (y0 < b[o + 1]!) b[o + 1] = y0;
  if (z0 < b[o + 2]!) b[o + 2] = z0;
  if (x1 > b[o + 3]!) b[o + 3] = x1;
  if (y1 > b[o + 4]!) b[o + 4] = y1;
  if (z1 > b[o + 5]!) b[o + 5] = z1;
}

/** The bin of centroid coordinate c for the BINS bins from lo, k bins per unit. */
function binOf(c: number, lo: number, k: number): number {
  const b = ((c - lo) * k) | 0;
  return b < BINS ? b : BINS - 1;
}

/**
 * Bins slots start..end - 1 (float32 triangle bounds `sb`, in slot order) by their centroid
 * along `axis`: counts in binCount, triangle bounds in binBox. The loop is all this function
 * does, so code optimised on stack replacement mid-loop meets no code without type feedback.
 */
function binSlots(sb: Float32Array, start: number, end: number, axis: number): void {
  for (let j = 0; j < BINS; j++) {
    binCount[j] = 0;
    emptyBox(binBox, 6 * j);
  }
  const lo = f[2 + axis]!;
  const k = BINS / (f[5 + axis]! - lo);
  const bins = work.bins;
  for (let i = 6 * start, s = start; s < end; i += 6, s++) {
    const b = binOf(sb[i + axis]! * 0.5 + sb[i + 3 + axis]! * 0.5, lo, k);
    bins[s] = b;
    binCount[b]!++;
    growBox32(binBox, 6 * b, sb, i);
  }
}

/**
 * Sweeps the bins of `count` triangles (cost nL AL + nR AR, the SAH without its constants) and
 * keeps the cheapest split in `best` and its two sides' bounds in `split2` (copied once, for the
 * best split only).
 */
function sweepBins(count: number): void {
  let n = 0;
  emptyBox(acc, 0);
  for (let j = BINS - 1; j > 0; j--) {
    const c = binCount[j]!;
    if (c > 0) {
      n += c;
      growBox(acc, 0, binBox, 6 * j);
    }
    rightCost[j] = n > 0 ? halfArea(acc, 0) * n : 0;
  }
  n = 0;
  emptyBox(acc, 0);
  for (let j = 0; j < BINS - 1; j++) {
    const c = binCount[j]!;
    if (c === 0) continue;
    n += c;
    if (n === count) break;
    growBox(acc, 0, binBox, 6 * j);
    const cost = halfArea(acc, 0) * n + rightCost[j + 1]!;
    if (cost < f[0]!) {
      f[0] = cost;
      best[0] = 1;
      best[1] = j + 1;
    }
  }
  if (best[0] !== 1) return;
  // The two sides' bounds: unions of their bins, once, for the best split only.
  emptyBox(split2, 0);
  emptyBox(split2, 6);
  for (let j = 0; j < BINS; j++) {
    if (binCount[j]! > 0) growBox(split2, j < best[1]! ? 0 : 6, binBox, 6 * j);
  }
}

/** Bounds slots start..end - 1 (their float32 triangle bounds) from scratch to box o of `boxes`. */
function boundSlots(
  sb: Float32Array,
  start: number,
  end: number,
  boxes: Float64Array,
  o: number,
): void {
  // Locals, not the box in memory: each compare would otherwise wait on the last store.
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = x0;
  let z0 = x0;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = x1;
  let z1 = x1;
  for (let i = 6 * start; i < 6 * end; i += 6) {
    const a = sb[i]!;
    const b = sb[i + 1]!;
    const c = sb[i + 2]!;
    const d = sb[i + 3]!;
    const e = sb[i + 4]!;
    const g = sb[i + 5]!;
    if (a < x0) x0 = a;
    if (b < y0) y0 = b;
    if (c < z0) z0 = c;
    if (d > x1) x1 = d;
    if (e > y1) y1 = e;
    if (g > z1) z1 = g;
  }
  boxes[o] = x0;
  boxes[o + 1] = y0;
  boxes[o + 2] = z0;
  boxes[o + 3] = x1;
  boxes[o + 4] = y1;
  boxes[o + 5] = z1;
}

/**
 * Moves the slots whose bin (`work.bins`, written by `binSlots`) is below `split` before the
 * others, and returns the first slot of the right side: the sides get exactly the bins' counts.
 * Hoare's partition: only misplaced pairs are swapped.
 */
function partitionBins(
  order: Uint32Array,
  sb: Float32Array,
  start: number,
  end: number,
  split: number,
): number {
  const bins = work.bins;
  let i = start;
  let j = end - 1;
  for (;;) {
    while (i <= j && bins[i]! < split) i++;
    while (i < j && bins[j]! >= split) j--;
    if (i >= j) return i;
    swapSlots(order, sb, i, j);
    i++;
    j--;
  }
}

/**
 * Moves the slots whose centroid along `axis` is below `at` before the others and returns the
 * first slot of the right side (Hoare's partition: only misplaced pairs are swapped).
 */
function partitionAt(
  order: Uint32Array,
  sb: Float32Array,
  start: number,
  end: number,
  axis: number,
  at: number,
): number {
  let i = start;
  let j = end - 1;
  for (;;) {
    while (i <= j && sb[6 * i + axis]! * 0.5 + sb[6 * i + 3 + axis]! * 0.5 < at) i++;
    while (i < j && sb[6 * j + axis]! * 0.5 + sb[6 * j + 3 + axis]! * 0.5 >= at) j--;
    if (i >= j) return i;
    swapSlots(order, sb, i, j);
    i++;
    j--;
  }
}

/** Swaps slots i and j: `order` and the bounds `sb` move together, so later passes read memory in order. */
function swapSlots(order: Uint32Array, sb: Float32Array, i: number, j: number): void {
  const t = order[i]!;
  order[i] = order[j]!;
  order[j] = t;
  const a = 6 * i;
  const b = 6 * j;
  for (let q = 0; q < 6; q++) {
    const e = sb[a + q]!;
    sb[a + q] = sb[b + q]!;
    sb[b + q] = e;
  }
}

/**
 * Builds the BVH of the triangles `idx` (corner indices into the xyz triples `pos`).
 * Per large node: bin the centroids, sweep the bins for the cheapest SAH split, partition the
 * slots in place. Bins span the node's box (not its centroids' bounds: that would cost the
 * partition a bounds update per slot), and the children's boxes are unions of bins, so no pass
 * re-bounds a child. Small nodes: `splitSmall`; with `middle`, every node (the faster build,
 * for meshes rebuilt often, at the price of trees SAH would shape better).
 * Each pass over many triangles is a function holding just its loop: V8 optimises a long loop
 * while it runs (on-stack replacement), and code after the loop that had not run yet would
 * deoptimise it again on every build.
 * @see I. Wald, "On fast Construction of SAH-based Bounding Volume Hierarchies", IEEE Symposium
 * on Interactive Ray Tracing 2007; Ericson, Real-Time Collision Detection, ch. 6.
 */
export function buildBvh(
  pos: Float64Array,
  idx: Uint32Array,
  split: "sah" | "middle" | "morton" = "sah",
): MeshBvh {
  // First: the warm-up build writes work.box too.
  if (split !== "morton" && warm[0] === 0) warmUp();
  const n = idx.length / 3;
  const nodes = new Int32Array(2 * (2 * n - 1));
  const order = new Uint32Array(n);
  vertexBox(pos, work.box);
  if (split === "morton") {
    const count = mortonNodes(pos, idx, work.box, order, nodes, LEAF_MIN, work.depth);
    return finish(pos, idx, order, nodes, count);
  }
  // Float32 triangle bounds (stride 6) in slot order: partition moves them with `order`.
  const sb = new Float32Array(6 * n);
  if (work.bins.length < n) work.bins = new Uint8Array(n);
  triangleBounds(pos, idx, order, sb, work.box);
  boundSlots(sb, 0, n, work.box, 0);
  const count = buildNodes(nodes, sb, order, split === "middle" ? n : SMALL);
  return finish(pos, idx, order, nodes, count);
}

/** The tree from its nodes and leaf order: exact boxes, triangles in leaf order, the stack. */
function finish(
  pos: Float64Array,
  idx: Uint32Array,
  order: Uint32Array,
  nodes: Int32Array,
  count: number,
): MeshBvh {
  const n = order.length;
  const boxes = new Float64Array(6 * count);
  const triangles = new Float64Array(9 * n);
  leafTriangles(pos, idx, order, nodes, count, boxes, triangles);
  const depth = work.depth[0]!;
  return {
    boxes,
    nodes: nodes.slice(0, 2 * count),
    nodeCount: count,
    triangles,
    order,
    depth,
    stack: new Int32Array(depth + 2),
  };
}

/** 1 once `warmUp` ran. */
const warm = new Int32Array(1);

/**
 * Builds the BVH of a small grid of triangles once per process, before the first real build:
 * V8 optimises a long loop while it runs, and the code after the loop, not run yet, has no type
 * feedback, so the first long build would deoptimise each pass hundreds of times. The grid's
 * every pass then has run to its end (splits, leaves, and halving where centroids coincide).
 */
function warmUp(): void {
  warm[0] = 1;
  const side = 12;
  const pos = new Float64Array(3 * side * side);
  for (let i = 0; i < side * side; i++) {
    pos[3 * i] = i % side;
    pos[3 * i + 1] = Math.floor(i / side);
    pos[3 * i + 2] = (i * 7) % 3;
  }
  const idx = new Uint32Array(6 * (side - 1) * (side - 1) + 3 * 12);
  let k = 0;
  for (let y = 0; y < side - 1; y++) {
    for (let x = 0; x < side - 1; x++) {
      const v = y * side + x;
      idx.set([v, v + 1, v + side, v + 1, v + side + 1, v + side], k);
      k += 6;
    }
  }
  // Twelve copies of one triangle: centroids no bin can separate.
  for (; k < idx.length; k += 3) idx.set([0, 1, side], k);
  buildBvh(pos, idx);
}

/**
 * The build's pending nodes, kept between builds: entry e is (node, start, end, level) at
 * stack[4 e], its float32-unit box at box[6 e] (the exact boxes
 * are written once the tree is known); `depth` gets the deepest level.
 */
const work = {
  depth: new Int32Array(1),
  /** Each slot's bin in the node being split (binSlots), for the partition; grown per mesh. */
  bins: new Uint8Array(0),
  stack: new Int32Array(4 * 16),
  box: new Float64Array(6 * 16),
};

/** Doubles the pending-node arrays, keeping their contents. */
function growWork(): void {
  const w = new Int32Array(2 * work.stack.length);
  w.set(work.stack);
  work.stack = w;
  const b = new Float64Array(2 * work.box.length);
  b.set(work.box);
  work.box = b;
}

/**
 * Splits nodes depth first from the root (node 0 over every slot, its bounds at entry 0 of
 * `work`) and returns the node count; the deepest level goes to work.depth[0]. Nodes of at most
 * `small` triangles take the middle split.
 */
function buildNodes(
  nodes: Int32Array,
  sb: Float32Array,
  order: Uint32Array,
  small: number,
): number {
  let next = 1;
  const depth = work.depth;
  depth[0] = 0;
  const stack0 = work.stack;
  stack0[0] = 0;
  stack0[1] = 0;
  stack0[2] = sb.length / 6;
  stack0[3] = 0;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const stack = work.stack;
    const e = 4 * sp;
    const node = stack[e]!;
    const start = stack[e + 1]!;
    const end = stack[e + 2]!;
    const level = stack[e + 3]!;
    if (level > depth[0]!) depth[0] = level;
    const count = end - start;
    if (count <= LEAF_MIN) {
      nodes[2 * node] = start;
      nodes[2 * node + 1] = count;
      continue;
    }
    let mid: number;
    if (count <= small) {
      if (4 * sp + 8 > stack.length) growWork();
      mid = splitSmall(order, sb, start, end, sp);
      if (mid < 0) {
        nodes[2 * node] = start;
        nodes[2 * node + 1] = count;
        continue;
      }
    } else {
      if (!findSplit(sb, start, end, sp)) {
        nodes[2 * node] = start;
        nodes[2 * node + 1] = count;
        continue;
      }
      if (4 * sp + 8 > stack.length) growWork();
      // The right child goes below the left one on the stack, so the left subtree is built first.
      mid = splitNode(order, sb, start, end, sp + 1, sp);
    }
    const left = next;
    next += 2;
    nodes[2 * node] = left;
    nodes[2 * node + 1] = -1 - best[3]!;
    const s = work.stack;
    const er = e;
    s[er] = left + 1;
    s[er + 1] = mid;
    s[er + 2] = end;
    s[er + 3] = level + 1;
    const el = e + 4;
    s[el] = left;
    s[el + 1] = start;
    s[el + 2] = mid;
    s[el + 3] = level + 1;
    sp += 2;
  }
  return next;
}

/**
 * Whether the node of slots start..end - 1 (pending entry e) is split: the cheapest binned split
 * along the widest axis of its box (Wald 2007 uses the centroids' bounds) goes to `best` (best[0] = 1 when
 * one was found, best[3] = its axis), and a node of at most LEAF_MAX triangles stays a leaf when
 * no split beats testing all its triangles.
 */
function findSplit(sb: Float32Array, start: number, end: number, e: number): boolean {
  const box = work.box;
  for (let a = 0; a < 6; a++) f[2 + a] = box[6 * e + a]!;
  f[0] = Number.POSITIVE_INFINITY;
  best[0] = -1;
  const ex = f[5]! - f[2]!;
  const ey = f[6]! - f[3]!;
  const ez = f[7]! - f[4]!;
  // Widest axis first; the others only when its bins cannot separate the centroids (the box is
  // widest where the triangles are long, not always where their centroids spread).
  let axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
  const count = end - start;
  for (let tries = 0; tries < 3; tries++) {
    best[3] = axis;
    if (f[5 + axis]! - f[2 + axis]! > 0) {
      binSlots(sb, start, end, axis);
      sweepBins(count);
      if (best[0] === 1) break;
    }
    axis = axis === 2 ? 0 : axis + 1;
  }
  if (count > LEAF_MAX) return true;
  return best[0] === 1 && splitPays(f[0]!, count, halfArea(work.box, 6 * e));
}

/**
 * Splits slots start..end - 1 as `findSplit` chose, writes the two children's bounds to pending
 * entries l and r and returns the first slot of the right child: after a binned split, the
 * bins' unions; when no split separates the centroids (they
 * coincide, or the bins cannot tell them apart), the halves of the run bounded from scratch (the
 * boxes overlap, the leaves stay small; axis -1 then says "no axis").
 */
function splitNode(
  order: Uint32Array,
  sb: Float32Array,
  start: number,
  end: number,
  l: number,
  r: number,
): number {
  const box = work.box;
  if (best[0] !== 1) {
    best[3] = 0;
    const mid = (start + end) >> 1;
    boundSlots(sb, start, mid, box, 6 * l);
    boundSlots(sb, mid, end, box, 6 * r);
    return mid;
  }
  for (let q = 0; q < 6; q++) {
    box[6 * l + q] = split2[q]!;
    box[6 * r + q] = split2[6 + q]!;
  }
  return partitionBins(order, sb, start, end, best[1]!);
}

/**
 * Splits the small node of slots start..end - 1 (pending entry e) at the middle of its box's
 * widest axis (the next axes when every centroid falls on one side; halves of the run when none
 * separates them), writes the children's bounds to pending entries e + 1 (left) and e, and
 * returns the first slot of the right child, or -1 when the node stays a leaf: at most LEAF_MAX
 * triangles and no cheaper than testing them all by the SAH. best[3] gets the split axis.
 * @see Ericson, Real-Time Collision Detection, §6.2.1 (splitting at the spatial median).
 */
function splitSmall(
  order: Uint32Array,
  sb: Float32Array,
  start: number,
  end: number,
  e: number,
): number {
  const box = work.box;
  for (let a = 0; a < 6; a++) f[2 + a] = box[6 * e + a]!;
  const ex = f[5]! - f[2]!;
  const ey = f[6]! - f[3]!;
  const ez = f[7]! - f[4]!;
  const nodeArea = halfArea(box, 6 * e);
  let axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
  const l = 6 * (e + 1);
  const r = 6 * e;
  let mid = start;
  for (let tries = 0; tries < 3; tries++) {
    const lo = f[2 + axis]!;
    const hi = f[5 + axis]!;
    if (hi - lo > 0) {
      mid = partitionAt(order, sb, start, end, axis, lo * 0.5 + hi * 0.5);
      if (mid > start && mid < end) break;
    }
    axis = axis === 2 ? 0 : axis + 1;
  }
  if (mid === start || mid === end) {
    mid = (start + end) >> 1;
    axis = 0;
  }
  boundSlots(sb, start, mid, box, l);
  boundSlots(sb, mid, end, box, r);
  best[3] = axis;
  const count = end - start;
  if (count > LEAF_MAX) return mid;
  const cost = halfArea(box, l) * (mid - start) + halfArea(box, r) * (end - mid);
  return splitPays(cost, count, nodeArea) ? mid : -1;
}

/** triangleBounds' half center. */
const half = new Float64Array(3);

/** The bounds of the xyz triples in `pos` to box at 0. */
function vertexBox(pos: Float64Array, box: Float64Array): void {
  emptyBox(box, 0);
  for (let v = 0; v < pos.length; v += 3) growPoint(box, 0, pos, v);
}

/**
 * The identity order and every triangle's bounds in float32 (slot i = triangle i), rescaled: the
 * center of the vertices' bounds (box at 0) moves to the origin and their half extent scales to
 * about 1 by a power of two (halves first, so nothing overflows), so float32 neither overflows
 * nor flushes small triangles. Rounding to float32 is monotonic, so the bounds of the rounded
 * corners are the rounded bounds. A centroid is the mean of its bounds' corners; every pass
 * computes it the same way.
 */
function triangleBounds(
  pos: Float64Array,
  idx: Uint32Array,
  order: Uint32Array,
  sb: Float32Array,
  box: Float64Array,
): void {
  const span = Math.max(
    box[3]! * 0.5 - box[0]! * 0.5,
    box[4]! * 0.5 - box[1]! * 0.5,
    box[5]! * 0.5 - box[2]! * 0.5,
  );
  const s = span > 0 ? 2 ** Math.min(1000, -Math.floor(Math.log2(span))) : 1;
  // Half the center's coordinates, subtracted from half the corners.
  for (let axis = 0; axis < 3; axis++) half[axis] = (box[axis]! * 0.5 + box[axis + 3]! * 0.5) * 0.5;
  for (let i = 0; i < order.length; i++) {
    order[i] = i;
    const a = 3 * idx[3 * i]!;
    const b = 3 * idx[3 * i + 1]!;
    const c = 3 * idx[3 * i + 2]!;
    for (let axis = 0; axis < 3; axis++) {
      const p = pos[a + axis]!;
      const u = pos[b + axis]!;
      const w = pos[c + axis]!;
      const h = half[axis]!;
      sb[6 * i + axis] = ((p < u ? (p < w ? p : w) : u < w ? u : w) * 0.5 - h) * s;
      sb[6 * i + 3 + axis] = ((p > u ? (p > w ? p : w) : u > w ? u : w) * 0.5 - h) * s;
    }
  }
}

/**
 * The corners of each slot's triangle in slot order (stride 9) to `triangles`, and every node's
 * box to `boxes`: the exact bounds of its triangles' float64 corners (min and max round
 * nothing). One pass: a leaf gathers its triangles' corners and bounds them as it copies them;
 * an inner node is the union of its children, which always come later in `nodes`.
 */
function leafTriangles(
  pos: Float64Array,
  idx: Uint32Array,
  order: Uint32Array,
  nodes: Int32Array,
  nodeCount: number,
  boxes: Float64Array,
  triangles: Float64Array,
): void {
  for (let node = nodeCount - 1; node >= 0; node--) {
    const o = 6 * node;
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count < 0) {
      const c = 6 * first;
      for (let k = 0; k < 3; k++) {
        const a = boxes[c + k]!;
        const b = boxes[c + 6 + k]!;
        boxes[o + k] = a < b ? a : b;
        const u = boxes[c + 3 + k]!;
        const w = boxes[c + 9 + k]!;
        boxes[o + 3 + k] = u > w ? u : w;
      }
      continue;
    }
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = x0;
    let z0 = x0;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = x1;
    let z1 = x1;
    for (let s = first; s < first + count; s++) {
      const t = 3 * order[s]!;
      for (let k = 0; k < 3; k++) {
        const v = 3 * idx[t + k]!;
        const w = 9 * s + 3 * k;
        const x = pos[v]!;
        const y = pos[v + 1]!;
        const z = pos[v + 2]!;
        triangles[w] = x;
        triangles[w + 1] = y;
        triangles[w + 2] = z;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
        if (z < z0) z0 = z;
        if (z > z1) z1 = z;
      }
    }
    boxes[o] = x0;
    boxes[o + 1] = y0;
    boxes[o + 2] = z0;
    boxes[o + 3] = x1;
    boxes[o + 4] = y1;
    boxes[o + 5] = z1;
  }
}
