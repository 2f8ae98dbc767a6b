import { describe, expect, it } from "vitest";
import { AabbTree2, entry2 } from "../../src/broadphase/aabb-tree2.ts";
import { type Aabb3, AabbTree3 } from "../../src/broadphase/aabb-tree3.ts";
import { DynamicTree } from "../../src/broadphase/dynamic-tree.ts";

const box = (x0: number, y0: number, x1: number, y1: number) => ({
  min: { x: x0, y: y0 },
  max: { x: x1, y: y1 },
});
const box3 = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): Aabb3 => ({
  min: { x: x0, y: y0, z: z0 },
  max: { x: x1, y: y1, z: z1 },
});

function pairsOf(run: (cb: (a: number, b: number) => void) => void): string[] {
  const out: string[] = [];
  run((a, b) => {
    expect(a).toBeLessThan(b);
    out.push(`${a}-${b}`);
  });
  return out.sort();
}

/** Exposes the protected storage so tests can break invariants on purpose. */
class Probe extends AabbTree2 {
  setHeight(n: number, h: number): void {
    this.heights[n] = h;
  }
  setParent(n: number, p: number): void {
    this.parent[n] = p;
  }
  setBound(n: number, k: number, v: number): void {
    this.bounds[n * 4 + k] = v;
  }
  get rootNode(): number {
    return this.root;
  }
}

describe("AabbTree2: proxies", () => {
  it("an empty tree is valid and answers nothing", () => {
    const t = new AabbTree2();
    t.validate();
    expect(t.proxyCount).toBe(0);
    expect(t.height).toBe(0);
    let calls = 0;
    t.query(-1e9, -1e9, 1e9, 1e9, () => ++calls > 0);
    t.raycast(0, 0, 1, 0, Number.POSITIVE_INFINITY, () => ++calls);
    t.queryPairs(() => calls++);
    t.queryTightPairs(() => calls++);
    t.updatePairs(() => calls++);
    expect(calls).toBe(0);
  });

  it("ids are small integers, fat boxes are the box grown by the margin", () => {
    const t = new AabbTree2({ margin: 0.5 });
    const a = t.createProxy(box(0, 0, 1, 1), 42);
    const b = t.createProxy(box(2, 0, 3, 1));
    expect([a, b].every((id) => Number.isInteger(id) && id >= 0 && id < 4)).toBe(true);
    expect(t.getFatAabb(a)).toEqual(box(-0.5, -0.5, 1.5, 1.5));
    expect(t.getAabb(a)).toEqual(box(0, 0, 1, 1));
    expect(t.getUserData(a)).toBe(42);
    expect(t.getUserData(b)).toBe(0);
    t.setUserData(b, -3.5);
    expect(t.getUserData(b)).toBe(-3.5);
    expect(t.proxyCount).toBe(2);
    expect(t.height).toBe(1);
    t.validate();
  });

  it("getFatAabb and getAabb fill and return `out`", () => {
    const t = new AabbTree2({ margin: 0 });
    const id = t.createProxy(box(1, 2, 3, 4));
    const out = box(0, 0, 0, 0);
    expect(t.getAabb(id, out)).toBe(out);
    expect(out).toEqual(box(1, 2, 3, 4));
    expect(t.getFatAabb(id, out)).toBe(out);
    expect(out).toEqual(box(1, 2, 3, 4));
  });

  it("a move inside the fat box changes nothing in the tree but stores the tight box", () => {
    const t = new AabbTree2({ margin: 0.5 });
    const id = t.createProxy(box(0, 0, 1, 1));
    t.createProxy(box(5, 5, 6, 6));
    t.updatePairs(() => {});
    expect(t.move(id, box(0.25, -0.5, 1.25, 0.5), { x: 0.25, y: -0.5 })).toBe(false);
    expect(t.getFatAabb(id)).toEqual(box(-0.5, -0.5, 1.5, 1.5));
    expect(t.getAabb(id)).toEqual(box(0.25, -0.5, 1.25, 0.5));
    expect(t.wasMoved(id)).toBe(false);
    t.validate();
  });

  it("a move out of the fat box re-inserts it, grown ahead by predict × displacement", () => {
    const t = new AabbTree2({ margin: 0.5, predict: 4 });
    const id = t.createProxy(box(0, 0, 1, 1));
    t.createProxy(box(5, 5, 6, 6));
    t.updatePairs(() => {});
    expect(t.move(id, box(1, -1, 2, 0), { x: 1, y: -1 })).toBe(true);
    // x moves +1: the max side reaches 4 more; y moves -1: the min side reaches 4 more.
    expect(t.getFatAabb(id)).toEqual(box(0.5, -5.5, 6.5, 0.5));
    expect(t.wasMoved(id)).toBe(true);
    t.validate();
  });

  it("a fat box left far too large by a fast move is shrunk once the proxy slows down", () => {
    const t = new AabbTree2({ margin: 0.5, predict: 4 });
    const id = t.createProxy(box(0, 0, 1, 1));
    expect(t.move(id, box(10, 0, 11, 1), { x: 10, y: 0 })).toBe(true);
    expect(t.getFatAabb(id).max.x).toBe(51.5);
    expect(t.move(id, box(10, 0, 11, 1), { x: 0, y: 0 })).toBe(true);
    expect(t.getFatAabb(id)).toEqual(box(9.5, -0.5, 11.5, 1.5));
    expect(t.move(id, box(10, 0, 11, 1), { x: 0, y: 0 })).toBe(false);
  });

  it("destroyed ids are reused and the storage does not grow", () => {
    const t = new AabbTree2({ capacity: 8 });
    const ids = [0, 1, 2, 3].map((i) => t.createProxy(box(i, 0, i + 1, 1)));
    t.destroyProxy(ids[1]!);
    t.validate();
    const again = t.createProxy(box(9, 9, 10, 10));
    t.validate();
    expect(ids).toContain(again); // the freed leaf slot comes back
    expect(t.capacity).toBe(8);
    for (const id of [ids[0]!, ids[2]!, ids[3]!, again]) t.destroyProxy(id);
    t.validate();
    expect(t.proxyCount).toBe(0);
  });

  it("the storage doubles when it runs out and stays valid", () => {
    const t = new AabbTree2({ capacity: 1 });
    for (let i = 0; i < 100; i++) {
      t.createProxy(box(i % 10, (i / 10) | 0, (i % 10) + 1, ((i / 10) | 0) + 1));
    }
    t.validate();
    expect(t.proxyCount).toBe(100);
    expect(t.capacity).toBe(256); // 199 nodes
  });

  it("bad input throws a RangeError naming the field", () => {
    const t = new AabbTree2();
    expect(() => t.createProxy(box(Number.NaN, 0, 1, 1))).toThrow(
      new RangeError("aabb.min.x must be finite, got NaN"),
    );
    expect(() => t.createProxy(box(0, 0, 1, Number.POSITIVE_INFINITY))).toThrow(/aabb\.max\.y/);
    expect(() => t.createProxy(box(2, 0, 1, 1))).toThrow(/aabb\.min\.x must be <= aabb\.max\.x/);
    const id = t.createProxy(box(0, 0, 1, 1));
    expect(() => t.move(id, box(0, 0, 1, 1), { x: Number.NaN, y: 0 })).toThrow(/displacement\.x/);
    expect(() => t.move(99, box(0, 0, 1, 1))).toThrow(/not a live proxy/);
    expect(() => t.destroyProxy(-1)).toThrow(RangeError);
    expect(() => t.destroyProxy(1.5)).toThrow(RangeError);
    t.destroyProxy(id);
    expect(() => t.destroyProxy(id)).toThrow(/not a live proxy/);
    expect(() => new AabbTree2({ margin: -1 })).toThrow(/options\.margin/);
    expect(() => new AabbTree2({ predict: Number.NaN })).toThrow(/options\.predict/);
    expect(() => new AabbTree2({ capacity: 0 })).toThrow(/options\.capacity/);
    expect(() => new DynamicTree(4 as 2)).toThrow(/dim/);
    t.validate();
  });

  it("changing proxies inside a callback throws; nested queries work", () => {
    const t = new AabbTree2({ margin: 0 });
    const a = t.createProxy(box(0, 0, 2, 2));
    const b = t.createProxy(box(1, 1, 3, 3));
    const c = t.createProxy(box(10, 10, 11, 11));
    expect(() =>
      t.query(0, 0, 1, 1, () => {
        t.destroyProxy(a);
        return true;
      }),
    ).toThrow(/inside a query/);
    expect(() => t.queryPairs(() => t.move(a, box(0, 0, 1, 1)))).toThrow(/inside a query/);
    t.validate();
    const nested: string[] = [];
    t.queryTightPairs((x, y) => {
      t.query(0, 0, 100, 100, (id) => {
        nested.push(`${x}-${y}:${id}`);
        return true;
      });
    });
    expect(nested.sort()).toEqual([`${a}-${b}:${a}`, `${a}-${b}:${b}`, `${a}-${b}:${c}`].sort());
    expect(() => t.queryPairs(() => t.updatePairs(() => {}))).toThrow(/inside a query/);
    expect(() =>
      t.raycast(-5, 1.5, 1, 0, 100, () => {
        t.touchProxy(a);
        return -1;
      }),
    ).toThrow(/inside a query/);
    // A query inside a cast inside a pair query: each works above the other's stack entries.
    const deep: string[] = [];
    t.queryPairs((x, y) => {
      t.raycast(-5, 1.5, 1, 0, 100, (id) => {
        t.query(10, 10, 10, 10, (z) => {
          deep.push(`${x}-${y}:${id}:${z}`);
          return true;
        });
        return -1;
      });
    });
    expect(deep.sort()).toEqual([`${a}-${b}:${a}:${c}`, `${a}-${b}:${b}:${c}`].sort());
    // And after a throw the tree still works.
    t.move(a, box(20, 20, 21, 21));
    expect(pairsOf((cb) => t.queryTightPairs(cb))).toEqual([]);
  });
});

describe("AabbTree2: validate() finds broken invariants", () => {
  function probe(): Probe {
    const t = new Probe({ margin: 0 });
    for (let i = 0; i < 6; i++) t.createProxy(box(i, 0, i + 1, 1));
    t.validate();
    return t;
  }
  it("a wrong height", () => {
    const t = probe();
    t.setHeight(t.rootNode, 7);
    expect(() => t.validate()).toThrow(/height/);
  });
  it("a wrong parent link", () => {
    const t = probe();
    t.setParent(0, 0);
    expect(() => t.validate()).toThrow(/parent/);
  });
  it("a fat box not holding its tight box", () => {
    const t = probe();
    t.setBound(0, 0, 0.5);
    expect(() => t.validate()).toThrow(/does not contain|union/);
  });
  it("an internal box that is not the union of its children", () => {
    const t = probe();
    t.setBound(t.rootNode, 2, 100);
    expect(() => t.validate()).toThrow(/union/);
  });
});

describe("AabbTree2: pairs", () => {
  it("updatePairs reports new pairs of moved proxies once each, a < b, then forgets them", () => {
    const t = new AabbTree2({ margin: 0, predict: 0 });
    const a = t.createProxy(box(0, 0, 1, 1));
    const b = t.createProxy(box(1, 0, 2, 1)); // touches a
    const c = t.createProxy(box(5, 0, 6, 1));
    expect(pairsOf((cb) => t.updatePairs(cb))).toEqual([`${Math.min(a, b)}-${Math.max(a, b)}`]);
    expect(pairsOf((cb) => t.updatePairs(cb))).toEqual([]);
    expect(t.move(c, box(1.5, 0.5, 2.5, 1.5), { x: -3.5, y: 0.5 })).toBe(true);
    expect(pairsOf((cb) => t.updatePairs(cb))).toEqual([`${Math.min(b, c)}-${Math.max(b, c)}`]);
    t.touchProxy(a);
    expect(pairsOf((cb) => t.updatePairs(cb))).toEqual([`${Math.min(a, b)}-${Math.max(a, b)}`]);
    // A proxy destroyed after moving leaves no stale entry behind, even when its id is reused.
    t.move(a, box(0, 5, 1, 6), { x: 0, y: 5 });
    t.destroyProxy(a);
    const d = t.createProxy(box(10, 10, 11, 11));
    t.validate();
    expect(pairsOf((cb) => t.updatePairs(cb))).toEqual([]);
    expect(t.wasMoved(d)).toBe(false);
  });

  it("queryPairs uses the fat boxes, queryTightPairs the given boxes; touching counts", () => {
    const t = new AabbTree2({ margin: 0.25 });
    const a = t.createProxy(box(0, 0, 1, 1));
    const b = t.createProxy(box(1.25, 0, 2, 1)); // a gap of 0.25 < 2 margins
    const c = t.createProxy(box(2, 1, 3, 2)); // touches b at a corner
    const key = (x: number, y: number) => `${Math.min(x, y)}-${Math.max(x, y)}`;
    expect(pairsOf((cb) => t.queryPairs(cb))).toEqual([key(a, b), key(b, c)].sort());
    expect(pairsOf((cb) => t.queryTightPairs(cb))).toEqual([key(b, c)]);
  });
});

/** A callback that records `map(id)` into `list` and returns `ret`. */
function record<R>(list: number[], ret: R, map: (id: number) => number = (id) => id) {
  return (id: number): R => {
    list.push(map(id));
    return ret;
  };
}

describe("AabbTree2: box, ray and shape-cast queries", () => {
  /** Eight unit boxes at x = 0, 2, 4, ... 14; `index(id)` is the position of a proxy in the row. */
  function row(): { t: AabbTree2; index: (id: number) => number } {
    const t = new AabbTree2({ margin: 0 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(t.createProxy(box(2 * i, 0, 2 * i + 1, 1)));
    return { t, index: (id) => ids.indexOf(id) };
  }

  it("query reports the overlapping proxies and stops when told", () => {
    const { t, index } = row();
    const hits: number[] = [];
    t.query(1, 0.5, 4, 0.5, record(hits, true, index)); // touches box 0 at x = 1
    expect(hits.sort()).toEqual([0, 1, 2]);
    let n = 0;
    t.query(-100, -100, 100, 100, () => ++n < 3);
    expect(n).toBe(3);
    const inf = Number.POSITIVE_INFINITY;
    n = 0;
    t.query(-inf, -inf, inf, inf, () => ++n > 0);
    expect(n).toBe(8);
    t.query(Number.NaN, 0, 100, 100, () => ++n > 0);
    t.query(5, 0, 4, 100, () => ++n > 0); // empty: min.x > max.x
    expect(n).toBe(8);
  });

  it("raycast visits nearest first and clips: the first hit needs one callback", () => {
    const { t, index } = row();
    const seen: number[] = [];
    const tmp = box(0, 0, 0, 0);
    t.raycast(-10, 0.5, 1, 0, Number.POSITIVE_INFINITY, (id, maxT) => {
      seen.push(index(id));
      t.getAabb(id, tmp);
      const hit = tmp.min.x + 10;
      return hit <= maxT ? hit : -1;
    });
    expect(seen).toEqual([0]);
  });

  it("raycast: 0 stops, -1 ignores, touching an edge counts, maxT bounds", () => {
    const { t, index } = row();
    const first: number[] = [];
    t.raycast(-10, 0.5, 1, 0, 100, record(first, 0, index));
    expect(first).toEqual([0]);
    const all: number[] = [];
    t.raycast(-10, 0.5, 1, 0, 100, record(all, -1, index));
    expect(all.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const edge: number[] = [];
    t.raycast(-10, 1, 1, 0, 100, record(edge, -1)); // along the top edges
    expect(edge.length).toBe(8);
    const short: number[] = [];
    t.raycast(-10, 0.5, 1, 0, 12, record(short, -1, index)); // reaches x = 2 exactly
    expect(short.sort()).toEqual([0, 1]);
    const none: number[] = [];
    t.raycast(-10, 1.5, 1, 0, 100, record(none, -1));
    t.raycast(-10, 0.5, -1, 0, 100, record(none, -1));
    t.raycast(-10, 0.5, 1, 0, -1, record(none, -1));
    t.raycast(-10, 0.5, 1, 0, Number.NaN, record(none, -1));
    t.raycast(Number.NaN, 0.5, 1, 0, 100, record(none, -1));
    expect(none).toEqual([]);
  });

  it("raycast with a zero direction is a point query", () => {
    const { t, index } = row();
    const hits: number[] = [];
    t.raycast(3, 0.5, 0, 0, 1, record(hits, -1, index));
    expect(hits).toEqual([1]);
  });

  it("shapeCast finds the time a moving box first touches", () => {
    const { t, index } = row();
    const hits: [number, number][] = [];
    const tmp = box(0, 0, 0, 0);
    const one = new Float64Array(4);
    // A 1 x 1 box at [-3, -2] x [2, 3] moving by t·(2, -1). y: [2, 3] - t overlaps [0, 1] for
    // t in [1, 3]; x: [-3, -2] + 2t overlaps [2i, 2i + 1] for t in [i + 1, i + 2].
    t.shapeCast(-3, 2, -2, 3, 2, -1, 10, (id) => {
      t.getAabb(id, tmp);
      one.set([tmp.min.x, tmp.min.y, tmp.max.x, tmp.max.y]);
      hits.push([index(id), entry2(one, 0, -3, 2, -2, 3, 2, -1, 1 / 2, -1, 10)]);
      return -1;
    });
    hits.sort((p, q) => p[1] - q[1]);
    expect(hits).toEqual([
      [0, 1],
      [1, 2],
      [2, 3], // touching at t = 3, as the y ranges part
    ]);
  });
});

describe("AabbTree3", () => {
  it("proxies, pairs, queries and casts in 3D", () => {
    const t = new AabbTree3({ margin: 0 });
    const a = t.createProxy(box3(0, 0, 0, 1, 1, 1), 5);
    const b = t.createProxy(box3(1, 1, 1, 2, 2, 2)); // touches a at a corner
    const c = t.createProxy(box3(0, 0, 3, 1, 1, 4)); // above a in z
    t.validate();
    expect(t.getUserData(a)).toBe(5);
    expect(t.getAabb(c)).toEqual(box3(0, 0, 3, 1, 1, 4));
    expect(pairsOf((cb) => t.queryTightPairs(cb))).toEqual([`${a}-${b}`]);
    const q: number[] = [];
    t.query(0.5, 0.5, 0.5, 0.5, 0.5, 3, record(q, true));
    expect(q.sort()).toEqual([a, c].sort());
    // A ray up the line x = y = 0.5 from z = -1: a from t = 0.5, c from t = 2; b is not on it.
    const ray: number[] = [];
    t.raycast(0.5, 0.5, -1, 0, 0, 2, 10, record(ray, -1));
    expect(ray.sort()).toEqual([a, c].sort());
    // A unit cube at z in [-2, -1] moving up: touches a at t = 1, b at t = 2 (the x = 1 face
    // and y = 1 face touch), c at t = 4.
    const cast: number[] = [];
    t.shapeCast(0, 0, -2, 1, 1, -1, 0, 0, 1, 10, record(cast, -1));
    expect(cast.sort()).toEqual([a, b, c].sort());
    const stop: number[] = [];
    t.shapeCast(0, 0, -2, 1, 1, -1, 0, 0, 1, 10, record(stop, 0));
    expect(stop).toEqual([a]); // nearest first
    expect(t.move(a, box3(5, 5, 5, 6, 6, 6), { x: 5, y: 5, z: 5 })).toBe(true);
    t.validate();
    expect(t.getFatAabb(a)).toEqual(box3(5, 5, 5, 26, 26, 26));
    expect(pairsOf((cb) => t.queryTightPairs(cb))).toEqual([]);
    expect(() => t.createProxy(box3(0, 0, Number.NaN, 1, 1, 1))).toThrow(/aabb\.min\.z/);
  });
});

describe("memory: the free list keeps the node storage bounded", () => {
  it("1e5 create/destroy cycles over a live population do not grow the capacity", () => {
    const t = new AabbTree2({ margin: 0.1 });
    let seed = 1;
    const rnd = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const live: number[] = [];
    for (let i = 0; i < 100; i++) {
      const x = rnd() * 100;
      const y = rnd() * 100;
      live.push(t.createProxy(box(x, y, x + 1, y + 1)));
    }
    const cap = t.capacity;
    for (let i = 0; i < 100_000; i++) {
      const k = (rnd() * live.length) | 0;
      t.destroyProxy(live[k]!);
      const x = rnd() * 100;
      const y = rnd() * 100;
      live[k] = t.createProxy(box(x, y, x + 1, y + 1));
      if ((i & 1023) === 0) t.updatePairs(() => {});
    }
    t.validate();
    expect(t.capacity).toBe(cap);
    expect(Math.max(...live)).toBeLessThan(cap);
  });

  it("1e5 moves do not grow the capacity, the stack or the move buffer", () => {
    const t = new AabbTree3({ margin: 0.1 });
    const ids: number[] = [];
    for (let i = 0; i < 64; i++) ids.push(t.createProxy(box3(i, 0, 0, i + 1, 1, 1)));
    const cap = t.capacity;
    const b = box3(0, 0, 0, 0, 0, 0);
    const d = { x: 0, y: 0, z: 0 };
    for (let i = 0; i < 100_000; i++) {
      const id = ids[i & 63]!;
      const s = Math.sin(i * 0.01) * 10;
      d.x = 0.3;
      b.min.x = (id % 64) + s;
      b.max.x = b.min.x + 1;
      b.max.y = 1;
      b.max.z = 1;
      t.move(id, b, d);
      if ((i & 63) === 63) t.updatePairs(() => {});
    }
    t.validate();
    expect(t.capacity).toBe(cap);
  });
});
