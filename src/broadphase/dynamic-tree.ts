/**
 * The dimension-independent core of the dynamic AABB tree (a bounding volume hierarchy over
 * moving boxes): node storage in typed arrays, a free list, leaf insertion by the surface-area
 * heuristic, tree rotations, fattened leaf bounds, the move buffer and the pair queries. `AabbTree2` and `AabbTree3` add the per-dimension inputs and queries on top.
 *
 * Algorithms, written from their descriptions (no code taken from Box2D or planck):
 * - Erin Catto, "Dynamic Bounding Volume Hierarchies", GDC 2019: the cost of a tree is the summed
 *   surface area of its internal nodes; a new leaf goes next to the sibling that adds the least
 *   cost, counting the "inherited" cost (the growth of the ancestors); after an insertion the
 *   ancestors are refitted and rotated where a rotation lowers the cost.
 * - J. Bittner, M. Hapala, V. Havran, "Fast Insertion-Based Optimization of Bounding Volume
 *   Hierarchies", Computer Graphics Forum 2013: the insertion cost and its lower bound.
 * - A. Kopta et al., "Fast, Effective BVH Updates for Animated Scenes", I3D 2012: the four
 *   child/grandchild rotations.
 * - Box2D's design (b2DynamicTree, b2BroadPhase): proxy id = leaf node index, leaf bounds
 *   fattened by a margin and in the direction of motion, a move buffer of proxies whose fat
 *   bounds changed, each new pair reported once.
 *
 * Layout: node `i` owns `bounds[i*s .. i*s+s)` with `s = 2*dim`: the `dim` minima, then the `dim`
 * maxima. For a leaf that is the fat box; internal nodes hold the exact union of their children
 * (min and max are exact, so `validate()` can compare with `===`). `tight` holds, for leaves, the
 * box last given by the caller. `parent`, `child1`, `child2`, `height` are Int32Arrays (-1 = none;
 * height 0 = leaf, -1 = free node, whose `parent` slot links the free list).
 */

const NULL = -1;
const MAX = Number.MAX_VALUE;
const AXIS = ["x", "y", "z"] as const;

/** Called once per reported pair with `a < b` (proxy ids). */
export type PairCallback = (a: number, b: number) => void;
/** Called per proxy whose fat box overlaps the query box; return false to stop the query. */
export type QueryCallback = (id: number) => boolean;
/**
 * Called per proxy whose fat box the ray (or moving box) reaches at a parameter <= `maxT`.
 * Return -1 (any negative) to ignore the proxy, 0 to stop the query, or t in (0, maxT] to clip
 * the query to [0, t] (return `maxT` to go on unchanged). A larger value never extends it.
 */
export type CastCallback = (id: number, maxT: number) => number;

/** Options of `AabbTree2` / `AabbTree3`. */
export interface AabbTreeOptions {
  /**
   * Absolute margin added on every side of a proxy's box to make its fat box (default 0.1, in
   * the caller's length unit; Box2D uses 0.1 m). Moves that stay inside the fat box cost nothing.
   */
  margin?: number;
  /**
   * The fat box also reaches `predict` times the displacement passed to `move`, on the side the
   * proxy is moving to (default 4, as in Box2D v2). 0 turns prediction off.
   */
  predict?: number;
  /** Initial node capacity (default 16); the storage doubles when it runs out. */
  capacity?: number;
}

/** Half the surface measure used as the cost: half perimeter in 2D, half surface area in 3D. */
function area(b: Float64Array, o: number, dim: number): number {
  if (dim === 2) return b[o + 2]! - b[o]! + (b[o + 3]! - b[o + 1]!);
  const wx = b[o + 3]! - b[o]!;
  const wy = b[o + 4]! - b[o + 1]!;
  const wz = b[o + 5]! - b[o + 2]!;
  return wx * wy + wy * wz + wz * wx;
}

/** Whether the closed boxes at offsets `o1` and `o2` of `b` overlap (touching counts). */
function overlaps(b: Float64Array, o1: number, o2: number, dim: number): boolean {
  if (dim === 2) {
    return !(
      b[o1]! > b[o2 + 2]! ||
      b[o2]! > b[o1 + 2]! ||
      b[o1 + 1]! > b[o2 + 3]! ||
      b[o2 + 1]! > b[o1 + 3]!
    );
  }
  return !(
    b[o1]! > b[o2 + 3]! ||
    b[o2]! > b[o1 + 3]! ||
    b[o1 + 1]! > b[o2 + 4]! ||
    b[o2 + 1]! > b[o1 + 4]! ||
    b[o1 + 2]! > b[o2 + 5]! ||
    b[o2 + 2]! > b[o1 + 5]!
  );
}

/**
 * A dynamic AABB tree for `dim` = 2 or 3. Use `AabbTree2` or `AabbTree3`, which add the inputs
 * and the box, ray and shape-cast queries; this class holds what does not depend on the dimension.
 *
 * Callbacks must not create, destroy, move or touch proxies, nor call `updatePairs` (that
 * throws); they may run other queries.
 */
export class DynamicTree {
  /** 2 or 3. */
  readonly dim: 2 | 3;
  /** The margin of fat boxes (see `AabbTreeOptions.margin`). */
  readonly margin: number;
  /** The displacement multiplier of fat boxes (see `AabbTreeOptions.predict`). */
  readonly predict: number;

  /** Node bounds, stride 2*dim: fat boxes for leaves, exact unions for internal nodes. */
  protected bounds: Float64Array;
  /** The caller's boxes of the leaves, stride 2*dim (unused for internal and free nodes). */
  protected tight: Float64Array;
  /** Parent node, or -1 for the root; the next free node for a free node. */
  protected parent: Int32Array;
  protected child1: Int32Array;
  protected child2: Int32Array;
  /** 0 for a leaf, 1 + the larger child height for an internal node, -1 for a free node. */
  protected heights: Int32Array;
  protected userData: Float64Array;
  /** Index in the move buffer, or -1 when the leaf has not moved since the last `updatePairs`. */
  protected movedAt: Int32Array;
  protected root: number = NULL;

  /** The traversal stack, shared by nested queries: a query works above `stackTop`. */
  protected stack: Int32Array = new Int32Array(256);
  /** Entry parameters alongside `stack`, for the ordered cast queries. */
  protected tstack: Float64Array = new Float64Array(256);
  protected stackTop = 0;
  /** > 0 while a query runs: creating, destroying or moving proxies then throws. */
  protected locked = 0;
  /** The box (mins then maxs) and displacement given to `createProxy` / `move`, copied in. */
  protected readonly input: Float64Array;
  protected readonly displacement: Float64Array;

  private cap = 0;
  private freeList = NULL;
  private proxies = 0;
  private moveBuffer: Int32Array = new Int32Array(64);
  private moveCount = 0;

  constructor(dim: 2 | 3, options: AabbTreeOptions = {}) {
    if (dim !== 2 && dim !== 3) throw new RangeError(`dim must be 2 or 3, got ${String(dim)}`);
    const margin = options.margin ?? 0.1;
    const predict = options.predict ?? 4;
    const capacity = options.capacity ?? 16;
    if (!(Number.isFinite(margin) && margin >= 0)) {
      throw new RangeError(`options.margin must be finite and >= 0, got ${String(margin)}`);
    }
    if (!(Number.isFinite(predict) && predict >= 0)) {
      throw new RangeError(`options.predict must be finite and >= 0, got ${String(predict)}`);
    }
    if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= 2 ** 28)) {
      throw new RangeError(`options.capacity must be an integer in [1, 2^28], got ${capacity}`);
    }
    this.dim = dim;
    this.margin = margin;
    this.predict = predict;
    this.input = new Float64Array(2 * dim);
    this.displacement = new Float64Array(dim);
    this.bounds = new Float64Array(0);
    this.tight = new Float64Array(0);
    this.parent = new Int32Array(0);
    this.child1 = new Int32Array(0);
    this.child2 = new Int32Array(0);
    this.heights = new Int32Array(0);
    this.userData = new Float64Array(0);
    this.movedAt = new Int32Array(0);
    this.grow(capacity);
  }

  /** The number of live proxies. */
  get proxyCount(): number {
    return this.proxies;
  }

  /** The number of node slots allocated (leaves, internal and free nodes). */
  get capacity(): number {
    return this.cap;
  }

  /** The height of the tree: 0 for one proxy or none, else the longest root-to-leaf edge count. */
  get height(): number {
    return this.root === NULL ? 0 : this.heights[this.root]!;
  }

  /**
   * The cost of the tree relative to its root: summed cost measure (perimeter in 2D, surface
   * area in 3D) of all internal nodes over that of the root; 0 when there is no internal node.
   */
  areaRatio(): number {
    const root = this.root;
    if (root === NULL || this.heights[root] === 0) return 0;
    const s = 2 * this.dim;
    const rootArea = area(this.bounds, root * s, this.dim);
    let total = 0;
    for (let i = 0; i < this.cap; i++) {
      if (this.heights[i]! > 0) total += area(this.bounds, i * s, this.dim);
    }
    return rootArea > 0 ? total / rootArea : 0;
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

  /** Whether the proxy was created, moved or touched since the last `updatePairs`. */
  wasMoved(id: number): boolean {
    this.requireProxy(id);
    return this.movedAt[id] !== NULL;
  }

  /** Puts the proxy in the move buffer, so the next `updatePairs` reports its pairs again. */
  touchProxy(id: number): void {
    this.requireProxy(id);
    this.requireUnlocked();
    this.bufferMove(id);
  }

  /** Removes a proxy; its id may be reused by a later `createProxy`. */
  destroyProxy(id: number): void {
    this.requireProxy(id);
    this.requireUnlocked();
    this.unbufferMove(id);
    this.removeLeaf(id);
    this.freeNode(id);
    this.proxies--;
  }

  /**
   * Reports each pair of proxies whose fat boxes overlap and at least one of which was created,
   * moved out of its fat box, or touched since the last call, once, with `a < b`; then empties
   * the move buffer. This is Box2D's b2BroadPhase::UpdatePairs: new candidate pairs per step.
   */
  updatePairs(callback: PairCallback): void {
    this.requireUnlocked();
    this.locked++;
    const base = this.stackTop;
    try {
      const dim = this.dim;
      const s = 2 * dim;
      const b = this.bounds;
      const h = this.heights;
      const c1 = this.child1;
      const c2 = this.child2;
      const movedAt = this.movedAt;
      const moves = this.moveBuffer;
      const count = this.moveCount;
      let stack = this.stack;
      for (let m = 0; m < count; m++) {
        const q = moves[m]!;
        if (q === NULL) continue;
        const oq = q * s;
        let top = base;
        if (top + 1 > stack.length) stack = this.growStack(top + 1);
        stack[top++] = this.root;
        while (top > base) {
          const node = stack[--top]!;
          if (!overlaps(b, node * s, oq, dim)) continue;
          if (h[node] === 0) {
            // Both moved: report from the larger id only, so the pair comes once.
            if (node === q || (movedAt[node] !== NULL && node > q)) continue;
            this.stackTop = top;
            if (node < q) callback(node, q);
            else callback(q, node);
            stack = this.stack;
          } else {
            if (top + 2 > stack.length) stack = this.growStack(top + 2);
            stack[top++] = c2[node]!;
            stack[top++] = c1[node]!;
          }
        }
      }
      for (let m = 0; m < count; m++) {
        const q = moves[m]!;
        if (q !== NULL) movedAt[q] = NULL;
      }
      this.moveCount = 0;
    } finally {
      this.stackTop = base;
      this.locked--;
    }
  }

  /** Reports every pair of proxies whose fat boxes overlap (touching counts), once, with a < b. */
  queryPairs(callback: PairCallback): void {
    this.pairs(callback, this.bounds);
  }

  /**
   * Reports every pair of proxies whose own (tight, not fattened) boxes overlap (touching counts),
   * once, with a < b.
   */
  queryTightPairs(callback: PairCallback): void {
    this.pairs(callback, this.tight);
  }

  /**
   * Checks every invariant and throws an Error naming the first one broken: parent links, heights,
   * internal bounds equal to the union of their children, fat boxes holding the tight boxes,
   * the free list, the proxy count and the move buffer. For tests; O(capacity).
   */
  validate(): void {
    const dim = this.dim;
    const s = 2 * dim;
    const b = this.bounds;
    const t = this.tight;
    const h = this.heights;
    const c1 = this.child1;
    const c2 = this.child2;
    const par = this.parent;
    const cap = this.cap;
    const fail = (msg: string): never => {
      throw new Error(`AabbTree invalid: ${msg}`);
    };
    let reached = 0;
    let leaves = 0;
    if (this.root !== NULL) {
      if (par[this.root] !== NULL) fail(`root ${this.root} has parent ${par[this.root]}`);
      const todo = [this.root];
      while (todo.length > 0) {
        const n = todo.pop()!;
        if (n < 0 || n >= cap) fail(`node index ${n} out of range`);
        if (++reached > cap) fail("cycle in the tree");
        const o = n * s;
        for (let k = 0; k < dim; k++) {
          if (!(b[o + k]! <= b[o + dim + k]!)) fail(`node ${n} bounds empty or NaN on axis ${k}`);
        }
        if (h[n] === 0) {
          leaves++;
          if (c1[n] !== NULL || c2[n] !== NULL) fail(`leaf ${n} has children`);
          for (let k = 0; k < dim; k++) {
            if (!(Number.isFinite(t[o + k]!) && t[o + k]! <= t[o + dim + k]!)) {
              fail(`leaf ${n} tight box invalid on axis ${k}`);
            }
            if (!(b[o + k]! <= t[o + k]! && t[o + dim + k]! <= b[o + dim + k]!)) {
              fail(`leaf ${n} fat box does not contain its tight box on axis ${k}`);
            }
          }
          const at = this.movedAt[n]!;
          if (at !== NULL && (at >= this.moveCount || this.moveBuffer[at] !== n)) {
            fail(`leaf ${n} move buffer index ${at} is stale`);
          }
          continue;
        }
        if (!(h[n]! > 0)) fail(`node ${n} reached from the root has height ${h[n]}`);
        const a = c1[n]!;
        const d = c2[n]!;
        if (a < 0 || a >= cap || d < 0 || d >= cap || a === d)
          fail(`node ${n} children ${a}, ${d}`);
        if (par[a] !== n || par[d] !== n) fail(`node ${n}: a child's parent link is wrong`);
        if (h[n] !== 1 + Math.max(h[a]!, h[d]!)) fail(`node ${n} height ${h[n]} is wrong`);
        if (this.movedAt[n] !== NULL) fail(`internal node ${n} is in the move buffer`);
        for (let k = 0; k < dim; k++) {
          const lo = Math.min(b[a * s + k]!, b[d * s + k]!);
          const hi = Math.max(b[a * s + dim + k]!, b[d * s + dim + k]!);
          if (b[o + k] !== lo || b[o + dim + k] !== hi) {
            fail(`node ${n} bounds are not the union of its children on axis ${k}`);
          }
        }
        todo.push(a, d);
      }
    }
    if (leaves !== this.proxies) fail(`${leaves} leaves but proxyCount ${this.proxies}`);
    let free = 0;
    for (let n = this.freeList; n !== NULL; n = par[n]!) {
      if (n < 0 || n >= cap) fail(`free list index ${n} out of range`);
      if (h[n] !== -1) fail(`free node ${n} has height ${h[n]}`);
      if (++free > cap) fail("cycle in the free list");
    }
    if (reached + free !== cap) {
      fail(`${reached} nodes in the tree + ${free} free != capacity ${cap}`);
    }
    for (let m = 0; m < this.moveCount; m++) {
      const q = this.moveBuffer[m]!;
      if (q !== NULL && (h[q] !== 0 || this.movedAt[q] !== m)) fail(`move buffer entry ${m}`);
    }
  }

  // ---- for the subclasses -------------------------------------------------------------------

  /** Creates a proxy for the box in `input`; returns its id. */
  protected createFromInput(userData: number): number {
    this.requireUnlocked();
    this.checkInput();
    const leaf = this.allocNode();
    const dim = this.dim;
    const s = 2 * dim;
    const o = leaf * s;
    const inp = this.input;
    const b = this.bounds;
    const t = this.tight;
    const r = this.margin;
    for (let k = 0; k < dim; k++) {
      t[o + k] = inp[k]!;
      t[o + dim + k] = inp[dim + k]!;
      b[o + k] = Math.max(inp[k]! - r, -MAX);
      b[o + dim + k] = Math.min(inp[dim + k]! + r, MAX);
    }
    this.userData[leaf] = userData;
    this.insertLeaf(leaf);
    this.bufferMove(leaf);
    this.proxies++;
    return leaf;
  }

  /** Moves proxy `id` to the box in `input` with the motion in `displacement`. */
  protected moveFromInput(id: number): boolean {
    this.requireProxy(id);
    this.requireUnlocked();
    this.checkInput();
    const dim = this.dim;
    const s = 2 * dim;
    const o = id * s;
    const inp = this.input;
    const disp = this.displacement;
    const b = this.bounds;
    const t = this.tight;
    let inside = true;
    for (let k = 0; k < dim; k++) {
      const lo = inp[k]!;
      const hi = inp[dim + k]!;
      t[o + k] = lo;
      t[o + dim + k] = hi;
      if (lo < b[o + k]! || hi > b[o + dim + k]!) inside = false;
    }
    const r = this.margin;
    const p = this.predict;
    if (inside) {
      // Still inside, but maybe far too large (it was moving fast and stopped): keep it unless it
      // pokes out of the new fat box grown by 4 more margins.
      let huge = true;
      for (let k = 0; k < dim; k++) {
        const d = p * disp[k]!;
        const lo = inp[k]! - 5 * r + (d < 0 ? d : 0);
        const hi = inp[dim + k]! + 5 * r + (d > 0 ? d : 0);
        if (b[o + k]! < lo || b[o + dim + k]! > hi) huge = false;
      }
      if (huge) return false;
    }
    this.removeLeaf(id);
    for (let k = 0; k < dim; k++) {
      const d = p * disp[k]!;
      let lo = inp[k]! - r;
      let hi = inp[dim + k]! + r;
      if (d < 0) lo += d;
      else hi += d;
      // Math.max/min, not a conditional with the constant: V8 merged that into a tagged value,
      // a fresh heap number per store.
      b[o + k] = Math.max(lo, -MAX);
      b[o + dim + k] = Math.min(hi, MAX);
    }
    this.insertLeaf(id);
    this.bufferMove(id);
    return true;
  }

  /** Throws a RangeError unless `id` is a live proxy. */
  protected requireProxy(id: number): void {
    if (this.heights[id] !== 0) throw new RangeError(`${String(id)} is not a live proxy id`);
  }

  /** Doubles the traversal stacks to at least `needed` entries; returns the new `stack`. */
  protected growStack(needed: number): Int32Array {
    let n = this.stack.length * 2;
    while (n < needed) n *= 2;
    const st = new Int32Array(n);
    st.set(this.stack);
    this.stack = st;
    const ts = new Float64Array(n);
    ts.set(this.tstack);
    this.tstack = ts;
    return st;
  }

  // ---- internals ----------------------------------------------------------------------------

  private requireUnlocked(): void {
    if (this.locked > 0) throw new Error("AabbTree: proxies cannot change inside a query callback");
  }

  /** Throws a RangeError naming the field unless `input` is a finite box with min <= max. */
  private checkInput(): void {
    const dim = this.dim;
    const inp = this.input;
    const disp = this.displacement;
    for (let k = 0; k < dim; k++) {
      const lo = inp[k]!;
      const hi = inp[dim + k]!;
      if (!Number.isFinite(lo))
        throw new RangeError(`aabb.min.${AXIS[k]} must be finite, got ${lo}`);
      if (!Number.isFinite(hi))
        throw new RangeError(`aabb.max.${AXIS[k]} must be finite, got ${hi}`);
      if (lo > hi) {
        throw new RangeError(
          `aabb.min.${AXIS[k]} must be <= aabb.max.${AXIS[k]}, got ${lo} > ${hi}`,
        );
      }
      if (!Number.isFinite(disp[k]!)) {
        throw new RangeError(`displacement.${AXIS[k]} must be finite, got ${disp[k]}`);
      }
    }
  }

  private bufferMove(id: number): void {
    if (this.movedAt[id] !== NULL) return;
    // Destroyed proxies leave holes: close them before growing, so create/destroy cycles without
    // an updatePairs between them do not grow the buffer.
    // (Growing when over half stays full keeps the compactions amortised O(1).)
    if (this.moveCount === this.moveBuffer.length) {
      this.compactMoves();
      if (this.moveCount * 2 > this.moveBuffer.length) {
        const mb = new Int32Array(this.moveBuffer.length * 2);
        mb.set(this.moveBuffer);
        this.moveBuffer = mb;
      }
    }
    this.movedAt[id] = this.moveCount;
    this.moveBuffer[this.moveCount++] = id;
  }

  private compactMoves(): void {
    const moves = this.moveBuffer;
    let w = 0;
    for (let m = 0; m < this.moveCount; m++) {
      const q = moves[m]!;
      if (q === NULL) continue;
      moves[w] = q;
      this.movedAt[q] = w++;
    }
    this.moveCount = w;
  }

  private unbufferMove(id: number): void {
    const at = this.movedAt[id]!;
    if (at === NULL) return;
    this.moveBuffer[at] = NULL;
    this.movedAt[id] = NULL;
  }

  /** Grows the node storage to `n` slots; the new slots join the free list in ascending order. */
  private grow(n: number): void {
    const old = this.cap;
    const s = 2 * this.dim;
    const bounds = new Float64Array(n * s);
    bounds.set(this.bounds);
    this.bounds = bounds;
    const tight = new Float64Array(n * s);
    tight.set(this.tight);
    this.tight = tight;
    const userData = new Float64Array(n);
    userData.set(this.userData);
    this.userData = userData;
    const ints = (a: Int32Array, fill: number): Int32Array => {
      const r = new Int32Array(n).fill(fill);
      r.set(a);
      return r;
    };
    this.parent = ints(this.parent, NULL);
    this.child1 = ints(this.child1, NULL);
    this.child2 = ints(this.child2, NULL);
    this.heights = ints(this.heights, -1);
    this.movedAt = ints(this.movedAt, NULL);
    for (let i = n - 1; i >= old; i--) {
      this.parent[i] = this.freeList;
      this.freeList = i;
    }
    this.cap = n;
  }

  private allocNode(): number {
    if (this.freeList === NULL) this.grow(this.cap * 2);
    const n = this.freeList;
    this.freeList = this.parent[n]!;
    this.parent[n] = NULL;
    this.child1[n] = NULL;
    this.child2[n] = NULL;
    this.heights[n] = 0;
    this.movedAt[n] = NULL;
    return n;
  }

  private freeNode(n: number): void {
    this.heights[n] = -1;
    this.child1[n] = NULL;
    this.child2[n] = NULL;
    this.parent[n] = this.freeList;
    this.freeList = n;
  }

  /**
   * The sibling for a new leaf L by the surface-area heuristic, descending greedily from the root
   * (Catto 2019; the descent Box2D's b2DynamicTree uses). Pairing L with node X costs
   * area(X ∪ L) plus the growth area(A ∪ L) − area(A) of each ancestor A: the "inherited" cost.
   * At each node compare stopping here with a lower bound of going down each child (the child's
   * own cost if a leaf; else its growth + inherited + area(L), as nothing below costs less) and
   * take the cheapest. Branch and bound over a priority queue finds the exact optimum; measured
   * here it built trees only ~5% cheaper and made re-insertion about twice as slow.
   */
  private findBestSibling(leaf: number): number {
    return this.dim === 2
      ? bestSibling2(this.bounds, this.heights, this.child1, this.child2, this.root, leaf)
      : bestSibling3(this.bounds, this.heights, this.child1, this.child2, this.root, leaf);
  }

  /** Links a free leaf (its fat box already written) into the tree. */
  private insertLeaf(leaf: number): void {
    if (this.root === NULL) {
      this.root = leaf;
      this.parent[leaf] = NULL;
      return;
    }
    const sibling = this.findBestSibling(leaf);
    const np = this.allocNode(); // may grow the arrays: read them after this
    const par = this.parent;
    const c1 = this.child1;
    const c2 = this.child2;
    const h = this.heights;
    const oldParent = par[sibling]!;
    par[np] = oldParent;
    c1[np] = sibling;
    c2[np] = leaf;
    h[np] = h[sibling]! + 1;
    this.refitBounds(np);
    par[sibling] = np;
    par[leaf] = np;
    if (oldParent === NULL) {
      this.root = np;
      return;
    }
    if (c1[oldParent] === sibling) c1[oldParent] = np;
    else c2[oldParent] = np;
    // Refit and rotate the ancestors. A rotation at a node looks at its children and
    // grandchildren, so once two nodes in a row come out unchanged nothing above needs a visit.
    let quiet = 0;
    for (let i = oldParent; i !== NULL; i = par[i]!) {
      let changed = this.refitBounds(i);
      const height = 1 + Math.max(h[c1[i]!]!, h[c2[i]!]!);
      if (height !== h[i]) {
        h[i] = height;
        changed = true;
      }
      if (this.rotate(i)) changed = true;
      if (changed) quiet = 0;
      else if (++quiet === 2) break;
    }
  }

  /** Unlinks a leaf from the tree (the leaf node itself stays allocated) and frees its parent. */
  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL;
      return;
    }
    const par = this.parent;
    const c1 = this.child1;
    const c2 = this.child2;
    const h = this.heights;
    const p = par[leaf]!;
    const gp = par[p]!;
    const sibling = c1[p] === leaf ? c2[p]! : c1[p]!;
    par[leaf] = NULL;
    this.freeNode(p);
    par[sibling] = gp;
    if (gp === NULL) {
      this.root = sibling;
      return;
    }
    if (c1[gp] === p) c1[gp] = sibling;
    else c2[gp] = sibling;
    // Refit the ancestors; stop once a node's box and height come out unchanged.
    for (let i = gp; i !== NULL; i = par[i]!) {
      const height = 1 + Math.max(h[c1[i]!]!, h[c2[i]!]!);
      const changed = this.refitBounds(i);
      if (!changed && height === h[i]) break;
      h[i] = height;
    }
  }

  /** Sets node n's box to the union of its children's; returns whether it changed. */
  private refitBounds(n: number): boolean {
    const dim = this.dim;
    const s = 2 * dim;
    const b = this.bounds;
    const o = n * s;
    const oa = this.child1[n]! * s;
    const ob = this.child2[n]! * s;
    let changed = false;
    for (let k = 0; k < dim; k++) {
      const lo = b[oa + k]! < b[ob + k]! ? b[oa + k]! : b[ob + k]!;
      const hi = b[oa + dim + k]! > b[ob + dim + k]! ? b[oa + dim + k]! : b[ob + dim + k]!;
      if (b[o + k] !== lo || b[o + dim + k] !== hi) changed = true;
      b[o + k] = lo;
      b[o + dim + k] = hi;
    }
    return changed;
  }

  /**
   * Tree rotation at node A (children B, C; grandchildren D, E under B and F, G under C): swaps a
   * child with a grandchild under the other child when that shrinks the changed internal node,
   * which lowers the surface-area cost; A's own box does not change (Catto 2019, Kopta et al.).
   * Returns whether it rotated.
   */
  private rotate(a: number): boolean {
    const h = this.heights;
    const bNode = this.child1[a]!;
    const cNode = this.child2[a]!;
    const hB = h[bNode]!;
    const hC = h[cNode]!;
    if (hB === 0 && hC === 0) return false;
    // The choice is made by a per-dimension function returning an int: a cost measure returned
    // from a call V8 does not inline would be boxed into a fresh heap number.
    const e = this.child1;
    const f = this.child2;
    const choice =
      this.dim === 2
        ? rotation2(this.bounds, bNode, cNode, hB, hC, e, f)
        : rotation3(this.bounds, bNode, cNode, hB, hC, e, f);
    if (choice === 0) return false;
    // Choices 1 and 2 move B down in exchange for C's first or second child; 3 and 4 move C down
    // in exchange for B's first or second child.
    const child = choice <= 2 ? bNode : cNode;
    const host = choice <= 2 ? cNode : bNode;
    const grand = (choice & 1) === 1 ? e[host]! : f[host]!;
    // Swap `child` (under A) with `grand` (under `other`, A's other child).
    const par = this.parent;
    const c1 = this.child1;
    const c2 = this.child2;
    const other = child === bNode ? cNode : bNode;
    if (c1[a] === child) c1[a] = grand;
    else c2[a] = grand;
    par[grand] = a;
    if (c1[other] === grand) c1[other] = child;
    else c2[other] = child;
    par[child] = other;
    this.refitBounds(other);
    h[other] = 1 + Math.max(h[c1[other]!]!, h[c2[other]!]!);
    h[a] = 1 + Math.max(h[c1[a]!]!, h[c2[a]!]!);
    return true;
  }

  /**
   * Every pair of leaves whose boxes in `leafBoxes` overlap, once: the tree against itself, pruned
   * by the fat node boxes (which contain both the fat and the tight leaf boxes). A node paired
   * with itself stands for the pairs inside it.
   */
  private pairs(callback: PairCallback, leafBoxes: Float64Array): void {
    const root = this.root;
    if (root === NULL || this.heights[root] === 0) return;
    this.locked++;
    const base = this.stackTop;
    try {
      const dim = this.dim;
      const s = 2 * dim;
      const b = this.bounds;
      const h = this.heights;
      const c1 = this.child1;
      const c2 = this.child2;
      let stack = this.stack;
      let top = base;
      if (top + 2 > stack.length) stack = this.growStack(top + 2);
      stack[top++] = root;
      stack[top++] = root;
      while (top > base) {
        const y = stack[--top]!;
        const x = stack[--top]!;
        if (top + 6 > stack.length) stack = this.growStack(top + 6);
        if (x === y) {
          // Pairs inside x: inside each child, and across the two children.
          const a = c1[x]!;
          const d = c2[x]!;
          if (h[a]! > 0) {
            stack[top++] = a;
            stack[top++] = a;
          }
          if (h[d]! > 0) {
            stack[top++] = d;
            stack[top++] = d;
          }
          if (overlaps(b, a * s, d * s, dim)) {
            stack[top++] = a;
            stack[top++] = d;
          }
          continue;
        }
        // x and y are disjoint subtrees whose boxes overlap.
        const hx = h[x]!;
        const hy = h[y]!;
        if (hx === 0 && hy === 0) {
          if (leafBoxes === b || overlaps(leafBoxes, x * s, y * s, dim)) {
            this.stackTop = top;
            if (x < y) callback(x, y);
            else callback(y, x);
            stack = this.stack;
          }
          continue;
        }
        // Descend the taller one (a leaf never).
        if (hy === 0 || (hx > 0 && hx >= hy)) {
          const a = c1[x]!;
          const d = c2[x]!;
          if (overlaps(b, a * s, y * s, dim)) {
            stack[top++] = a;
            stack[top++] = y;
          }
          if (overlaps(b, d * s, y * s, dim)) {
            stack[top++] = d;
            stack[top++] = y;
          }
        } else {
          const a = c1[y]!;
          const d = c2[y]!;
          if (overlaps(b, x * s, a * s, dim)) {
            stack[top++] = x;
            stack[top++] = a;
          }
          if (overlaps(b, x * s, d * s, dim)) {
            stack[top++] = x;
            stack[top++] = d;
          }
        }
      }
    } finally {
      this.stackTop = base;
      this.locked--;
    }
  }
}

/*
 * The per-dimension sibling search and rotation choice. Every cost measure stays in a local: a
 * helper V8 does not inline (the insertion path is large, so the inlining budget runs out) would
 * box each double it returns into a fresh heap number, megabytes per frame at 10k movers. The
 * arithmetic is `area` / `unionArea`'s, operation for operation, so the trees come out the same.
 */

/** `findBestSibling` in 2D: costs are half perimeters. */
function bestSibling2(
  b: Float64Array,
  h: Int32Array,
  c1: Int32Array,
  c2: Int32Array,
  root: number,
  leaf: number,
): number {
  const ol = leaf * 4;
  const lx0 = b[ol]!;
  const ly0 = b[ol + 1]!;
  const lx1 = b[ol + 2]!;
  const ly1 = b[ol + 3]!;
  const areaL = lx1 - lx0 + (ly1 - ly0);
  let node = root;
  let inh = 0;
  while (h[node]! > 0) {
    let o = node * 4;
    const direct =
      (b[o + 2]! > lx1 ? b[o + 2]! : lx1) -
      (b[o]! < lx0 ? b[o]! : lx0) +
      ((b[o + 3]! > ly1 ? b[o + 3]! : ly1) - (b[o + 1]! < ly0 ? b[o + 1]! : ly0));
    const here = direct + inh;
    const childInh = inh + direct - (b[o + 2]! - b[o]! + (b[o + 3]! - b[o + 1]!));
    const a = c1[node]!;
    const d = c2[node]!;
    o = a * 4;
    const ua =
      (b[o + 2]! > lx1 ? b[o + 2]! : lx1) -
      (b[o]! < lx0 ? b[o]! : lx0) +
      ((b[o + 3]! > ly1 ? b[o + 3]! : ly1) - (b[o + 1]! < ly0 ? b[o + 1]! : ly0));
    const costA =
      h[a] === 0
        ? ua + childInh
        : ua - (b[o + 2]! - b[o]! + (b[o + 3]! - b[o + 1]!)) + childInh + areaL;
    o = d * 4;
    const ud =
      (b[o + 2]! > lx1 ? b[o + 2]! : lx1) -
      (b[o]! < lx0 ? b[o]! : lx0) +
      ((b[o + 3]! > ly1 ? b[o + 3]! : ly1) - (b[o + 1]! < ly0 ? b[o + 1]! : ly0));
    const costD =
      h[d] === 0
        ? ud + childInh
        : ud - (b[o + 2]! - b[o]! + (b[o + 3]! - b[o + 1]!)) + childInh + areaL;
    if (here <= costA && here <= costD) break;
    node = costA <= costD ? a : d;
    inh = childInh;
  }
  return node;
}

/** `findBestSibling` in 3D: costs are half surface areas. */
function bestSibling3(
  b: Float64Array,
  h: Int32Array,
  c1: Int32Array,
  c2: Int32Array,
  root: number,
  leaf: number,
): number {
  const ol = leaf * 6;
  const lx0 = b[ol]!;
  const ly0 = b[ol + 1]!;
  const lz0 = b[ol + 2]!;
  const lx1 = b[ol + 3]!;
  const ly1 = b[ol + 4]!;
  const lz1 = b[ol + 5]!;
  const areaL = (lx1 - lx0) * (ly1 - ly0) + (ly1 - ly0) * (lz1 - lz0) + (lz1 - lz0) * (lx1 - lx0);
  let node = root;
  let inh = 0;
  while (h[node]! > 0) {
    let o = node * 6;
    let wx = (b[o + 3]! > lx1 ? b[o + 3]! : lx1) - (b[o]! < lx0 ? b[o]! : lx0);
    let wy = (b[o + 4]! > ly1 ? b[o + 4]! : ly1) - (b[o + 1]! < ly0 ? b[o + 1]! : ly0);
    let wz = (b[o + 5]! > lz1 ? b[o + 5]! : lz1) - (b[o + 2]! < lz0 ? b[o + 2]! : lz0);
    const direct = wx * wy + wy * wz + wz * wx;
    const here = direct + inh;
    wx = b[o + 3]! - b[o]!;
    wy = b[o + 4]! - b[o + 1]!;
    wz = b[o + 5]! - b[o + 2]!;
    const childInh = inh + direct - (wx * wy + wy * wz + wz * wx);
    const a = c1[node]!;
    const d = c2[node]!;
    o = a * 6;
    wx = (b[o + 3]! > lx1 ? b[o + 3]! : lx1) - (b[o]! < lx0 ? b[o]! : lx0);
    wy = (b[o + 4]! > ly1 ? b[o + 4]! : ly1) - (b[o + 1]! < ly0 ? b[o + 1]! : ly0);
    wz = (b[o + 5]! > lz1 ? b[o + 5]! : lz1) - (b[o + 2]! < lz0 ? b[o + 2]! : lz0);
    const ua = wx * wy + wy * wz + wz * wx;
    wx = b[o + 3]! - b[o]!;
    wy = b[o + 4]! - b[o + 1]!;
    wz = b[o + 5]! - b[o + 2]!;
    const costA =
      h[a] === 0 ? ua + childInh : ua - (wx * wy + wy * wz + wz * wx) + childInh + areaL;
    o = d * 6;
    wx = (b[o + 3]! > lx1 ? b[o + 3]! : lx1) - (b[o]! < lx0 ? b[o]! : lx0);
    wy = (b[o + 4]! > ly1 ? b[o + 4]! : ly1) - (b[o + 1]! < ly0 ? b[o + 1]! : ly0);
    wz = (b[o + 5]! > lz1 ? b[o + 5]! : lz1) - (b[o + 2]! < lz0 ? b[o + 2]! : lz0);
    const ud = wx * wy + wy * wz + wz * wx;
    wx = b[o + 3]! - b[o]!;
    wy = b[o + 4]! - b[o + 1]!;
    wz = b[o + 5]! - b[o + 2]!;
    const costD =
      h[d] === 0 ? ud + childInh : ud - (wx * wy + wy * wz + wz * wx) + childInh + areaL;
    if (here <= costA && here <= costD) break;
    node = costA <= costD ? a : d;
    inh = childInh;
  }
  return node;
}

/**
 * The rotation at a node with children B (height hB) and C (height hC) that shrinks the changed
 * internal node most (Kopta et al. 2012; Catto 2019), in 2D: 0 none, 1 or 2 swap B with C's
 * first or second child, 3 or 4 swap C with B's first or second child; ties go to the lower code.
 */
function rotation2(
  b: Float64Array,
  bn: number,
  cn: number,
  hB: number,
  hC: number,
  c1: Int32Array,
  c2: Int32Array,
): number {
  let best = 0;
  let choice = 0;
  if (hC > 0) {
    // C becomes B ∪ (C's other child): gain = area(C) - that union's.
    const o = cn * 4;
    const areaC = b[o + 2]! - b[o]! + (b[o + 3]! - b[o + 1]!);
    const p = bn * 4;
    let q = c2[cn]! * 4;
    const gain1 =
      areaC -
      ((b[p + 2]! > b[q + 2]! ? b[p + 2]! : b[q + 2]!) -
        (b[p]! < b[q]! ? b[p]! : b[q]!) +
        ((b[p + 3]! > b[q + 3]! ? b[p + 3]! : b[q + 3]!) -
          (b[p + 1]! < b[q + 1]! ? b[p + 1]! : b[q + 1]!)));
    q = c1[cn]! * 4;
    const gain2 =
      areaC -
      ((b[p + 2]! > b[q + 2]! ? b[p + 2]! : b[q + 2]!) -
        (b[p]! < b[q]! ? b[p]! : b[q]!) +
        ((b[p + 3]! > b[q + 3]! ? b[p + 3]! : b[q + 3]!) -
          (b[p + 1]! < b[q + 1]! ? b[p + 1]! : b[q + 1]!)));
    if (gain1 > best) {
      best = gain1;
      choice = 1;
    }
    if (gain2 > best) {
      best = gain2;
      choice = 2;
    }
  }
  if (hB > 0) {
    const o = bn * 4;
    const areaB = b[o + 2]! - b[o]! + (b[o + 3]! - b[o + 1]!);
    const p = cn * 4;
    let q = c2[bn]! * 4;
    const gain3 =
      areaB -
      ((b[p + 2]! > b[q + 2]! ? b[p + 2]! : b[q + 2]!) -
        (b[p]! < b[q]! ? b[p]! : b[q]!) +
        ((b[p + 3]! > b[q + 3]! ? b[p + 3]! : b[q + 3]!) -
          (b[p + 1]! < b[q + 1]! ? b[p + 1]! : b[q + 1]!)));
    q = c1[bn]! * 4;
    const gain4 =
      areaB -
      ((b[p + 2]! > b[q + 2]! ? b[p + 2]! : b[q + 2]!) -
        (b[p]! < b[q]! ? b[p]! : b[q]!) +
        ((b[p + 3]! > b[q + 3]! ? b[p + 3]! : b[q + 3]!) -
          (b[p + 1]! < b[q + 1]! ? b[p + 1]! : b[q + 1]!)));
    if (gain3 > best) {
      best = gain3;
      choice = 3;
    }
    if (gain4 > best) choice = 4;
  }
  return choice;
}

/** `rotation2` in 3D (half surface areas). */
function rotation3(
  b: Float64Array,
  bn: number,
  cn: number,
  hB: number,
  hC: number,
  c1: Int32Array,
  c2: Int32Array,
): number {
  let best = 0;
  let choice = 0;
  for (let side = 0; side < 2; side++) {
    // side 0: C's children against B (choices 1, 2); side 1: B's children against C (3, 4).
    const host = side === 0 ? cn : bn;
    if ((side === 0 ? hC : hB) <= 0) continue;
    const o = host * 6;
    let wx = b[o + 3]! - b[o]!;
    let wy = b[o + 4]! - b[o + 1]!;
    let wz = b[o + 5]! - b[o + 2]!;
    const areaHost = wx * wy + wy * wz + wz * wx;
    const p = (side === 0 ? bn : cn) * 6;
    for (let k = 0; k < 2; k++) {
      // The first choice keeps the host's second child with the mover, the next its first.
      const q = (k === 0 ? c2[host]! : c1[host]!) * 6;
      wx = (b[p + 3]! > b[q + 3]! ? b[p + 3]! : b[q + 3]!) - (b[p]! < b[q]! ? b[p]! : b[q]!);
      wy =
        (b[p + 4]! > b[q + 4]! ? b[p + 4]! : b[q + 4]!) -
        (b[p + 1]! < b[q + 1]! ? b[p + 1]! : b[q + 1]!);
      wz =
        (b[p + 5]! > b[q + 5]! ? b[p + 5]! : b[q + 5]!) -
        (b[p + 2]! < b[q + 2]! ? b[p + 2]! : b[q + 2]!);
      const gain = areaHost - (wx * wy + wy * wz + wz * wx);
      if (gain > best) {
        best = gain;
        choice = 2 * side + k + 1;
      }
    }
  }
  return choice;
}
