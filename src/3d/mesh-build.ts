/**
 * The mesh BVH and its build: binned SAH over triangle centroids (Wald 2007). The build passes
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
/** Nodes of at most this many triangles are leaves without a split search. */
const LEAF_MIN = 4;
/** A node of at most this many triangles may stay a leaf when splitting does not pay. */
const LEAF_MAX = 8;

// Per bin: triangle count and triangle bounds (stride 6).
const binCount = new Int32Array(BINS);
const binBox = new Float64Array(BINS * 6);
// Right-to-left sweep: the bounds and cost of the right side from each bin on.
const rightBox = new Float64Array(BINS * 6);
const rightCost = new Float64Array(BINS);
/** Left-to-right sweep bounds; then the best split's left (0) and right (6) bounds. */
const acc = new Float64Array(6);
const split2 = new Float64Array(12);
/** [0] best cost, [2..7] centroid bounds of the node being split. */
const f = new Float64Array(8);
/** [0] 1 when a split was found, [1] best bin (first on the right), [2] triangles left of it. */
const best = new Int32Array(3);

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

/** The bin of centroid coordinate c for bins from lo with k bins per unit; used by both passes. */
function binOf(c: number, lo: number, k: number): number {
  const b = ((c - lo) * k) | 0;
  return b < BINS ? b : BINS - 1;
}

/**
 * Bins slots start..end - 1 (float32 triangle bounds `sb`, in slot order) by their centroid
 * along `axis`, then sweeps the bins (cost nL AL + nR AR, the SAH without its constants) and
 * keeps the cheapest split in `best` and its two sides' bounds in `split2`.
 */
function binAndSweep(sb: Float32Array, start: number, end: number, axis: number): void {
  for (let j = 0; j < BINS; j++) {
    binCount[j] = 0;
    emptyBox(binBox, 6 * j);
  }
  const lo = f[2 + axis]!;
  const k = BINS / (f[5 + axis]! - lo);
  for (let i = 6 * start; i < 6 * end; i += 6) {
    const b = binOf(sb[i + axis]! * 0.5 + sb[i + 3 + axis]! * 0.5, lo, k);
    binCount[b]!++;
    growBox32(binBox, 6 * b, sb, i);
  }
  let n = 0;
  emptyBox(acc, 0);
  for (let j = BINS - 1; j > 0; j--) {
    const c = binCount[j]!;
    if (c > 0) {
      n += c;
      growBox(acc, 0, binBox, 6 * j);
    }
    for (let q = 0; q < 6; q++) rightBox[6 * j + q] = acc[q]!;
    rightCost[j] = n > 0 ? halfArea(acc, 0) * n : 0;
  }
  const count = end - start;
  n = 0;
  emptyBox(acc, 0);
  for (let j = 0; j < BINS - 1; j++) {
    const c = binCount[j]!;
    if (c === 0) continue;
    n += c;
    growBox(acc, 0, binBox, 6 * j);
    if (n === count) break;
    const cost = halfArea(acc, 0) * n + rightCost[j + 1]!;
    if (cost < f[0]!) {
      f[0] = cost;
      best[0] = 1;
      best[1] = j + 1;
      best[2] = n;
      for (let q = 0; q < 6; q++) {
        split2[q] = acc[q]!;
        split2[6 + q] = rightBox[6 * (j + 1) + q]!;
      }
    }
  }
}

/** Bounds slots start..end - 1 from scratch: triangle bounds to box o, centroid bounds to cb at c. */
function boundSlots(
  sb: Float32Array,
  start: number,
  end: number,
  boxes: Float64Array,
  o: number,
  cb: Float64Array,
  c: number,
): void {
  emptyBox(boxes, o);
  emptyBox(cb, c);
  for (let i = 6 * start; i < 6 * end; i += 6) {
    growBox32(boxes, o, sb, i);
    growXYZ(
      cb,
      c,
      sb[i]! * 0.5 + sb[i + 3]! * 0.5,
      sb[i + 1]! * 0.5 + sb[i + 4]! * 0.5,
      sb[i + 2]! * 0.5 + sb[i + 5]! * 0.5,
    );
  }
}

/**
 * Moves the slots whose centroid's bin along `axis` is below `split` before the others, moving
 * `order` and the bounds `sb` together so later passes read memory in order, and writes the
 * centroid bounds of the two sides to cb at l and r: each slot is classified once, so the
 * bounds cost no extra pass.
 */
function partition(
  order: Uint32Array,
  sb: Float32Array,
  start: number,
  end: number,
  axis: number,
  split: number,
  cb: Float64Array,
  l: number,
  r: number,
): void {
  const lo = f[2 + axis]!;
  const k = BINS / (f[5 + axis]! - lo);
  emptyBox(cb, l);
  emptyBox(cb, r);
  // Slots start .. i - 1 are left of the split, j .. end - 1 right of it.
  let i = start;
  let j = end;
  while (i < j) {
    const a = 6 * i;
    const x = sb[a]! * 0.5 + sb[a + 3]! * 0.5;
    const y = sb[a + 1]! * 0.5 + sb[a + 4]! * 0.5;
    const z = sb[a + 2]! * 0.5 + sb[a + 5]! * 0.5;
    if (binOf(axis === 0 ? x : axis === 1 ? y : z, lo, k) < split) {
      growXYZ(cb, l, x, y, z);
      i++;
      continue;
    }
    growXYZ(cb, r, x, y, z);
    j--;
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
    const b = 6 * j;
    for (let q = 0; q < 6; q++) {
      const v = sb[a + q]!;
      sb[a + q] = sb[b + q]!;
      sb[b + q] = v;
    }
  }
}

/**
 * Builds the BVH of the triangles `idx` (corner indices into the xyz triples `pos`).
 * Per node: bin the centroids, sweep the bins for the cheapest SAH split, partition the slots in
 * place. The children's boxes are unions of bins and their centroid bounds come out of the
 * partition, so no pass re-bounds a child.
 * @see I. Wald, "On fast Construction of SAH-based Bounding Volume Hierarchies", IEEE Symposium
 * on Interactive Ray Tracing 2007; Ericson, Real-Time Collision Detection, ch. 6.
 */
export function buildBvh(pos: Float64Array, idx: Uint32Array): MeshBvh {
  const n = idx.length / 3;
  const nodes = new Int32Array(2 * (2 * n - 1));
  const order = new Uint32Array(n);
  // Float32 triangle bounds (stride 6) in slot order: partition moves them with `order`.
  const sb = new Float32Array(6 * n);
  // Pending nodes: (node, start, end, level), their float32-unit boxes and centroid bounds
  // (stride 6 each). The exact boxes are written once the tree is known.
  let work = new Int32Array(4 * 64);
  let workBox = new Float64Array(6 * 64);
  let workCen = new Float64Array(6 * 64);
  prepare(pos, idx, order, sb, workBox, workCen);
  let next = 1;
  let depth = 0;
  // The root: node 0 over slots 0 .. n - 1 at level 0.
  work[2] = n;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const node = work[4 * sp]!;
    const start = work[4 * sp + 1]!;
    const end = work[4 * sp + 2]!;
    const level = work[4 * sp + 3]!;
    if (level > depth) depth = level;
    const count = end - start;
    if (count <= LEAF_MIN) {
      nodes[2 * node] = start;
      nodes[2 * node + 1] = count;
      continue;
    }
    for (let a = 0; a < 6; a++) f[2 + a] = workCen[6 * sp + a]!;
    f[0] = Number.POSITIVE_INFINITY;
    best[0] = -1;
    // The widest axis of the centroids' bounds, as Wald 2007 does.
    const ex = f[5]! - f[2]!;
    const ey = f[6]! - f[3]!;
    const ez = f[7]! - f[4]!;
    const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
    if (f[5 + axis]! - f[2 + axis]! > 0) binAndSweep(sb, start, end, axis);
    const nodeArea = halfArea(workBox, 6 * sp);
    const found = best[0] === 1;
    if (count <= LEAF_MAX && (!found || !(f[0]! < (count - 1) * nodeArea) || nodeArea === 0)) {
      nodes[2 * node] = start;
      nodes[2 * node + 1] = count;
      continue;
    }
    if (sp + 2 > work.length / 4) {
      const w = new Int32Array(2 * work.length);
      w.set(work);
      work = w;
      const b = new Float64Array(2 * workBox.length);
      b.set(workBox);
      workBox = b;
      const c = new Float64Array(2 * workCen.length);
      c.set(workCen);
      workCen = c;
    }
    const left = next;
    next += 2;
    // The right child goes below the left one on the stack, so the left subtree is built first.
    const r = sp;
    const l = sp + 1;
    let mid: number;
    if (!found) {
      // No split separates the centroids (they coincide, or the bins cannot tell them apart):
      // halve the run; the boxes overlap, the leaves stay small.
      mid = (start + end) >> 1;
      boundSlots(sb, start, mid, workBox, 6 * l, workCen, 6 * l);
      boundSlots(sb, mid, end, workBox, 6 * r, workCen, 6 * r);
      nodes[2 * node + 1] = -1;
    } else {
      mid = start + best[2]!;
      for (let q = 0; q < 6; q++) {
        workBox[6 * l + q] = split2[q]!;
        workBox[6 * r + q] = split2[6 + q]!;
      }
      partition(order, sb, start, end, axis, best[1]!, workCen, 6 * l, 6 * r);
      nodes[2 * node + 1] = -1 - axis;
    }
    nodes[2 * node] = left;
    work[4 * r] = left + 1;
    work[4 * r + 1] = mid;
    work[4 * r + 2] = end;
    work[4 * r + 3] = level + 1;
    work[4 * l] = left;
    work[4 * l + 1] = start;
    work[4 * l + 2] = mid;
    work[4 * l + 3] = level + 1;
    sp += 2;
  }
  const boxes = new Float64Array(6 * next);
  const triangles = leafTriangles(pos, idx, order, nodes, next, boxes);
  return {
    boxes,
    nodes: nodes.slice(0, 2 * next),
    nodeCount: next,
    triangles,
    order,
    depth,
    stack: new Int32Array(depth + 2),
  };
}

/**
 * Fills the identity order and every triangle's bounds in float32 (slot i = triangle i), after
 * moving the vertices' bounding box to the origin and scaling its half extent to about 1 by a
 * power of two (halves first, so nothing overflows), so float32 neither overflows nor flushes
 * small triangles; then the root's box (box at 0) and centroid bounds (cb at 0) in those units.
 * A centroid is the mean of its bounds' corners; every pass computes it the same way.
 */
function prepare(
  pos: Float64Array,
  idx: Uint32Array,
  order: Uint32Array,
  sb: Float32Array,
  box: Float64Array,
  cb: Float64Array,
): void {
  emptyBox(box, 0);
  for (let v = 0; v < pos.length; v += 3) growPoint(box, 0, pos, v);
  const cx = box[0]! * 0.5 + box[3]! * 0.5;
  const cy = box[1]! * 0.5 + box[4]! * 0.5;
  const cz = box[2]! * 0.5 + box[5]! * 0.5;
  const span = Math.max(
    box[3]! * 0.5 - box[0]! * 0.5,
    box[4]! * 0.5 - box[1]! * 0.5,
    box[5]! * 0.5 - box[2]! * 0.5,
  );
  const s = span > 0 ? 2 ** Math.min(1000, -Math.floor(Math.log2(span))) : 1;
  const q = new Float32Array(pos.length);
  for (let v = 0; v < pos.length; v += 3) {
    q[v] = (pos[v]! * 0.5 - cx * 0.5) * s;
    q[v + 1] = (pos[v + 1]! * 0.5 - cy * 0.5) * s;
    q[v + 2] = (pos[v + 2]! * 0.5 - cz * 0.5) * s;
  }
  const n = idx.length / 3;
  for (let i = 0; i < n; i++) {
    order[i] = i;
    const a = 3 * idx[3 * i]!;
    const b = 3 * idx[3 * i + 1]!;
    const c = 3 * idx[3 * i + 2]!;
    for (let axis = 0; axis < 3; axis++) {
      const p = q[a + axis]!;
      const u = q[b + axis]!;
      const w = q[c + axis]!;
      sb[6 * i + axis] = p < u ? (p < w ? p : w) : u < w ? u : w;
      sb[6 * i + 3 + axis] = p > u ? (p > w ? p : w) : u > w ? u : w;
    }
  }
  boundSlots(sb, 0, n, box, 0, cb, 0);
}

/**
 * The corners of each slot's triangle in slot order (stride 9); and every node's box in `boxes`:
 * the exact bounds of its triangles' float64 corners (min and max round nothing): leaves from
 * their corners, inner nodes as the union of their children, which always come later in `nodes`.
 */
function leafTriangles(
  pos: Float64Array,
  idx: Uint32Array,
  order: Uint32Array,
  nodes: Int32Array,
  nodeCount: number,
  boxes: Float64Array,
): Float64Array {
  const triangles = new Float64Array(9 * order.length);
  for (let node = nodeCount - 1; node >= 0; node--) {
    const o = 6 * node;
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    emptyBox(boxes, o);
    if (count < 0) {
      growBox(boxes, o, boxes, 6 * first);
      growBox(boxes, o, boxes, 6 * first + 6);
      continue;
    }
    for (let s = first; s < first + count; s++) {
      const t = order[s]!;
      for (let k = 0; k < 3; k++) {
        const v = 3 * idx[3 * t + k]!;
        const w = 9 * s + 3 * k;
        triangles[w] = pos[v]!;
        triangles[w + 1] = pos[v + 1]!;
        triangles[w + 2] = pos[v + 2]!;
        growPoint(boxes, o, pos, v);
      }
    }
  }
  return triangles;
}
