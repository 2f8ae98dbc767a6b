/**
 * The linear BVH build behind `mesh(..., { split: "morton" })`: triangles sorted by the Morton
 * code of their bounds' centers, then every node split where its codes' first differing bit
 * changes, which is the middle of its Morton cell. There is no pass over a node's triangles to
 * split it (a binary search finds the split), so the build is a few linear passes and a sort.
 * @see C. Lauterbach et al., "Fast BVH Construction on GPUs", Eurographics 2009 (the linear BVH);
 * T. Karras, "Maximizing Parallelism in the Construction of BVHs, Octrees, and k-d Trees", HPG
 * 2012 (the split at the first differing bit).
 */

/** Bits per axis of a Morton code: 3 x 10 bits fit a 32-bit integer. */
const BITS = 10;
const CELLS = 1 << BITS;

/**
 * Pending ranges (node, start, end, level), 4 entries each. A split consumes a code bit, or
 * halves a run of equal codes, so no path is longer than 30 + 32 nodes and the depth-first stack
 * never holds more than 64 ranges.
 */
const stack = new Int32Array(4 * 64);
/** Per-digit counts of the four 8-bit radix passes. */
const counts = new Int32Array(4 * 256);

/** Spreads the low 10 bits of v two bits apart (bit i to bit 3i). */
function spread(v: number): number {
  let x = v;
  x = (x | (x << 16)) & 0x030000ff;
  x = (x | (x << 8)) & 0x0300f00f;
  x = (x | (x << 4)) & 0x030c30c3;
  x = (x | (x << 2)) & 0x09249249;
  return x;
}

/** The Morton cell (0 .. CELLS - 1) of coordinate c in [-1, 1]. */
function cell(c: number): number {
  const q = (c + 1) * (CELLS / 2);
  return q < CELLS - 1 ? (q > 0 ? q | 0 : 0) : CELLS - 1;
}

/**
 * The identity to `order`, and each triangle's Morton code to `keys`: the center of its bounds, in the frame where the
 * vertices' box `box` is centred at the origin with half extent at most 1 (scaled by a power of
 * two, halves first so nothing overflows; the longest axis spans at least half the cells).
 */
function mortonKeys(
  pos: Float64Array,
  idx: Uint32Array,
  box: Float64Array,
  keys: Uint32Array,
  order: Uint32Array,
): void {
  const span = Math.max(
    box[3]! * 0.5 - box[0]! * 0.5,
    box[4]! * 0.5 - box[1]! * 0.5,
    box[5]! * 0.5 - box[2]! * 0.5,
  );
  // 2^e in two factors: e reaches 1074 for a subnormal span, past the largest power of two.
  const e = span > 0 ? -Math.floor(Math.log2(span)) - 1 : 0;
  const s = 2 ** (e >> 1);
  const s2 = 2 ** (e - (e >> 1));
  const hx = box[0]! * 0.5 + box[3]! * 0.5;
  const hy = box[1]! * 0.5 + box[4]! * 0.5;
  const hz = box[2]! * 0.5 + box[5]! * 0.5;
  for (let t = 0; t < keys.length; t++) {
    order[t] = t;
    const a = 3 * idx[3 * t]!;
    const b = 3 * idx[3 * t + 1]!;
    const c = 3 * idx[3 * t + 2]!;
    keys[t] =
      (spread(cell(center(pos[a]!, pos[b]!, pos[c]!, hx, s, s2))) << 2) |
      (spread(cell(center(pos[a + 1]!, pos[b + 1]!, pos[c + 1]!, hy, s, s2))) << 1) |
      spread(cell(center(pos[a + 2]!, pos[b + 2]!, pos[c + 2]!, hz, s, s2)));
  }
}

/** The center of the bounds of p, u, w, less h, times s and s2 (the halves keep it finite). */
function center(p: number, u: number, w: number, h: number, s: number, s2: number): number {
  const lo = p < u ? (p < w ? p : w) : u < w ? u : w;
  const hi = p > u ? (p > w ? p : w) : u > w ? u : w;
  return (lo * 0.5 + hi * 0.5 - h) * s * s2;
}

/**
 * Sorts `order` (every slot's triangle) by `keys`, both permuted together: least significant
 * digit first, four 8-bit passes through the scratch `k2`, `o2`, so the result ends in place.
 * A pass whose digit is the same for every key moves nothing and is skipped.
 */
function radixSort(keys: Uint32Array, order: Uint32Array, k2: Uint32Array, o2: Uint32Array): void {
  const n = keys.length;
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const k = keys[i]!;
    counts[k & 255]!++;
    counts[256 + ((k >>> 8) & 255)]!++;
    counts[512 + ((k >>> 16) & 255)]!++;
    counts[768 + (k >>> 24)]!++;
  }
  let srcK = keys;
  let srcO = order;
  let dstK = k2;
  let dstO = o2;
  for (let pass = 0; pass < 4; pass++) {
    const base = 256 * pass;
    const shift = 8 * pass;
    // Exclusive prefix sums; a digit holding every key means the pass would move nothing.
    let sum = 0;
    let skip = false;
    for (let d = 0; d < 256; d++) {
      const c = counts[base + d]!;
      if (c === n) skip = true;
      counts[base + d] = sum;
      sum += c;
    }
    if (skip) continue;
    scatter(srcK, srcO, dstK, dstO, base, shift);
    const tk = srcK;
    srcK = dstK;
    dstK = tk;
    const to = srcO;
    srcO = dstO;
    dstO = to;
  }
  if (srcK !== keys) {
    keys.set(srcK);
    order.set(srcO);
  }
}

/** One radix pass: each key and its slot to its digit's next place (counts at `base`). */
function scatter(
  srcK: Uint32Array,
  srcO: Uint32Array,
  dstK: Uint32Array,
  dstO: Uint32Array,
  base: number,
  shift: number,
): void {
  for (let i = 0; i < srcK.length; i++) {
    const k = srcK[i]!;
    const at = counts[base + ((k >>> shift) & 255)]!++;
    dstK[at] = k;
    dstO[at] = srcO[i]!;
  }
}

/**
 * Builds the nodes of the linear BVH over the triangles `idx` (corners in `pos`, vertex bounds in
 * `box`) into `nodes` (mesh-build.ts' layout), and the mesh's triangle of each slot, in leaf
 * order, into `order`. Returns the node count; the longest root-to-leaf path goes to depth[0]. A node of more
 * than `leafMax` triangles is split at the first bit where its first and last codes differ (the
 * codes are sorted, so a binary search finds where that bit turns on; its axis is the bit's),
 * or at the middle of its run when all its codes are equal.
 */
export function mortonNodes(
  pos: Float64Array,
  idx: Uint32Array,
  box: Float64Array,
  order: Uint32Array,
  nodes: Int32Array,
  leafMax: number,
  depth: Int32Array,
): number {
  const n = order.length;
  const keys = new Uint32Array(n);
  mortonKeys(pos, idx, box, keys, order);
  radixSort(keys, order, new Uint32Array(n), new Uint32Array(n));
  return splitRuns(keys, nodes, leafMax, depth);
}

/** The top-down pass of `mortonNodes` over the sorted `keys`. */
function splitRuns(
  keys: Uint32Array,
  nodes: Int32Array,
  leafMax: number,
  depth: Int32Array,
): number {
  let next = 1;
  let deepest = 0;
  stack[0] = 0;
  stack[1] = 0;
  stack[2] = keys.length;
  stack[3] = 0;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const e = 4 * sp;
    const node = stack[e]!;
    const start = stack[e + 1]!;
    const end = stack[e + 2]!;
    const level = stack[e + 3]!;
    if (level > deepest) deepest = level;
    if (end - start <= leafMax) {
      nodes[2 * node] = start;
      nodes[2 * node + 1] = end - start;
      continue;
    }
    const first = keys[start]!;
    const diff = first ^ keys[end - 1]!;
    let mid: number;
    let axis = 0;
    if (diff === 0) {
      mid = (start + end) >> 1;
    } else {
      const bit = 31 - Math.clz32(diff);
      axis = (3 * BITS - 1 - bit) % 3;
      // keys[lo] has the bit off and keys[hi] has it on.
      let lo = start;
      let hi = end - 1;
      while (hi - lo > 1) {
        const m = (lo + hi) >> 1;
        if ((keys[m]! >>> bit) & 1) hi = m;
        else lo = m;
      }
      mid = hi;
    }
    const left = next;
    next += 2;
    nodes[2 * node] = left;
    nodes[2 * node + 1] = -1 - axis;
    // The right child below the left one, so the left subtree is built first.
    stack[e] = left + 1;
    stack[e + 1] = mid;
    stack[e + 2] = end;
    stack[e + 3] = level + 1;
    stack[e + 4] = left;
    stack[e + 5] = start;
    stack[e + 6] = mid;
    stack[e + 7] = level + 1;
    sp += 2;
  }
  depth[0] = deepest;
  return next;
}
