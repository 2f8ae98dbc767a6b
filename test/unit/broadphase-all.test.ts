/**
 * The three broadphases behind one interface: hand cases for touching, ids, queries, rays,
 * callbacks, options and storage, each run on the tree, sweep and prune and grid, 2D and 3D.
 */
import { describe, expect, it } from "vitest";
import * as c2 from "../../src/2d/index.ts";
import * as c3 from "../../src/3d/index.ts";
import { AabbTree2 } from "../../src/broadphase/aabb-tree2.ts";
import { AabbTree3 } from "../../src/broadphase/aabb-tree3.ts";
import {
  type Broadphase2,
  type BroadphaseKind,
  createBroadphase2,
  createBroadphase3,
} from "../../src/broadphase/broadphase.ts";
import { SpatialGrid2, SpatialGrid3 } from "../../src/broadphase/grid.ts";
import { SweepAndPrune2, SweepAndPrune3 } from "../../src/broadphase/sap.ts";

const KINDS: BroadphaseKind[] = ["tree", "sap", "grid"];
const box = (x0: number, y0: number, x1: number, y1: number) => ({
  min: { x: x0, y: y0 },
  max: { x: x1, y: y1 },
});
const box3 = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number) => ({
  min: { x: x0, y: y0, z: z0 },
  max: { x: x1, y: y1, z: z1 },
});

function pairs(bp: { queryTightPairs(cb: (a: number, b: number) => void): void }): string[] {
  const out: string[] = [];
  bp.queryTightPairs((a, b) => {
    expect(a).toBeLessThan(b);
    out.push(`${a}-${b}`);
  });
  return out.sort();
}

describe("createBroadphase", () => {
  it("makes the asked structure and names a wrong kind", () => {
    expect(createBroadphase2("tree")).toBeInstanceOf(AabbTree2);
    expect(createBroadphase2("sap")).toBeInstanceOf(SweepAndPrune2);
    expect(createBroadphase2("grid")).toBeInstanceOf(SpatialGrid2);
    expect(createBroadphase3("tree")).toBeInstanceOf(AabbTree3);
    expect(createBroadphase3("sap")).toBeInstanceOf(SweepAndPrune3);
    expect(createBroadphase3("grid")).toBeInstanceOf(SpatialGrid3);
    expect(() => createBroadphase2("bvh" as BroadphaseKind)).toThrow(/kind/);
    expect(() => createBroadphase3("bvh" as BroadphaseKind)).toThrow(RangeError);
  });

  it("passes each structure its options and checks them", () => {
    const g = createBroadphase2("grid", { cellSize: 2.5, margin: 9 }) as SpatialGrid2;
    expect(g.fixedCell).toBe(2.5);
    const t = createBroadphase2("tree", { margin: 0.25, cellSize: 3 }) as AabbTree2;
    expect(t.margin).toBe(0.25);
    expect(() => createBroadphase2("grid", { cellSize: 0 })).toThrow(/options\.cellSize/);
    expect(() => createBroadphase3("grid", { maxCells: 0 })).toThrow(/options\.maxCells/);
    expect(() => createBroadphase2("sap", { capacity: 0 })).toThrow(/options\.capacity/);
  });

  it("is exported from collide/2d and collide/3d with the structures", () => {
    expect(c2.createBroadphase).toBe(createBroadphase2);
    expect(c3.createBroadphase).toBe(createBroadphase3);
    expect(c2.SweepAndPrune).toBe(SweepAndPrune2);
    expect(c3.SpatialGrid).toBe(SpatialGrid3);
  });
});

for (const kind of KINDS) {
  describe(`${kind}: the Broadphase interface`, () => {
    it("touching boxes pair up (closed boxes); one ulp apart they do not", () => {
      const bp = createBroadphase2(kind, { margin: 0 });
      const a = bp.createProxy(box(0, 0, 1, 1));
      const b = bp.createProxy(box(1, 0, 2, 1)); // shares the edge x = 1 with a
      const c = bp.createProxy(box(2, 1, 3, 2)); // shares only the corner (2, 1) with b
      const d = bp.createProxy(box(3 + 2 ** -51, 0, 4, 1)); // 1 ulp of 3 right of c
      bp.validate();
      const want = [`${Math.min(a, b)}-${Math.max(a, b)}`, `${Math.min(b, c)}-${Math.max(b, c)}`];
      expect(pairs(bp)).toEqual(want.sort());
      expect(d).not.toBe(c);
    });

    it("3D: face-touching boxes pair, a box above the stack does not", () => {
      const bp = createBroadphase3(kind, { margin: 0 });
      const a = bp.createProxy(box3(0, 0, 0, 1, 1, 1));
      const b = bp.createProxy(box3(0, 0, 1, 1, 1, 2)); // on top of a (z = 1)
      bp.createProxy(box3(0, 0, 3, 1, 1, 4)); // 1 above b
      expect(pairs(bp)).toEqual([`${Math.min(a, b)}-${Math.max(a, b)}`]);
    });

    it("moving apart and together updates the pairs; ids are reused after destroy", () => {
      const bp = createBroadphase2(kind, { margin: 0 });
      const a = bp.createProxy(box(0, 0, 1, 1), 10);
      const b = bp.createProxy(box(5, 0, 6, 1), 11);
      expect(pairs(bp)).toEqual([]);
      bp.move(b, box(0.5, 0.5, 1.5, 1.5), { x: -4.5, y: 0.5 });
      expect(pairs(bp)).toEqual([`${Math.min(a, b)}-${Math.max(a, b)}`]);
      expect(bp.getAabb(b)).toEqual(box(0.5, 0.5, 1.5, 1.5));
      expect(bp.getUserData(b)).toBe(11);
      bp.setUserData(b, 12);
      expect(bp.getUserData(b)).toBe(12);
      bp.destroyProxy(a);
      expect(pairs(bp)).toEqual([]);
      expect(() => bp.getAabb(a)).toThrow(RangeError);
      const c = bp.createProxy(box(1, 1, 2, 2), 13);
      // The tree hands out node slots (its internal nodes use slots too); the others proxy slots.
      if (kind !== "tree") expect(c).toBe(a);
      expect(pairs(bp)).toEqual([`${Math.min(b, c)}-${Math.max(b, c)}`]);
      expect(bp.proxyCount).toBe(2);
      bp.validate();
    });

    it("queryAabb: closed boxes, early stop, infinite bounds; empty or NaN finds nothing", () => {
      const bp = createBroadphase2(kind, { margin: 0.5 });
      // Boxes [i, i + 1] x [0, 1] for i = 0, 2, 4, 6.
      for (let i = 0; i < 8; i += 2) bp.createProxy(box(i, 0, i + 1, 1), i);
      const found = (q: ReturnType<typeof box>): number[] => {
        const out: number[] = [];
        bp.queryAabb(q, (id) => {
          out.push(bp.getUserData(id));
          return true;
        });
        return out.sort((x, y) => x - y);
      };
      // [1, 2] touches box 0 at x = 1 and box 2 at x = 2; the fat boxes (margin 0.5) do not count.
      expect(found(box(1, 0.5, 2, 0.5))).toEqual([0, 2]);
      expect(found(box(1.25, 0, 1.75, 1))).toEqual([]);
      const inf = Number.POSITIVE_INFINITY;
      expect(found(box(-inf, -inf, inf, inf))).toEqual([0, 2, 4, 6]);
      expect(found(box(Number.NaN, 0, 9, 1))).toEqual([]);
      expect(found(box(5, 0, 4, 1))).toEqual([]);
      let n = 0;
      bp.queryAabb(box(-inf, -inf, inf, inf), () => ++n < 2);
      expect(n).toBe(2);
    });

    it("rayCast: hits with their entries; clipping finds the nearest; 0 stops", () => {
      const bp = createBroadphase2(kind, { margin: 0.5 });
      // Boxes [i, i + 1] x [0, 1] for i = 0, 2, 4, 6; the ray y = 0.5 from x = -10 enters box i
      // at t = i + 10 (dir (1, 0)).
      for (let i = 0; i < 8; i += 2) bp.createProxy(box(i, 0, i + 1, 1), i);
      const all: number[] = [];
      bp.rayCast({ x: -10, y: 0.5 }, { x: 1, y: 0 }, Number.POSITIVE_INFINITY, (id) => {
        all.push(bp.getUserData(id));
        return -1;
      });
      expect(all.sort((x, y) => x - y)).toEqual([0, 2, 4, 6]);
      // maxT = 14 reaches boxes 0, 2 and 4 (entered at t = 10, 12, 14: touching counts).
      const near: number[] = [];
      bp.rayCast({ x: -10, y: 0.5 }, { x: 1, y: 0 }, 14, (id) => {
        near.push(bp.getUserData(id));
        return -1;
      });
      expect(near.sort((x, y) => x - y)).toEqual([0, 2, 4]);
      let best = Number.POSITIVE_INFINITY;
      bp.rayCast({ x: -10, y: 0.5 }, { x: 1, y: 0 }, 100, (id, maxT) => {
        const t = bp.getAabb(id).min.x + 10;
        expect(t).toBeLessThanOrEqual(maxT);
        best = Math.min(best, t);
        return t;
      });
      expect(best).toBe(10);
      let calls = 0;
      bp.rayCast({ x: -10, y: 0.5 }, { x: 1, y: 0 }, 100, () => {
        calls++;
        return 0;
      });
      expect(calls).toBe(1);
      // Above the row (y = 1.5), a zero direction, and NaN find nothing.
      bp.rayCast({ x: -10, y: 1.5 }, { x: 1, y: 0 }, 100, () => ++calls);
      bp.rayCast({ x: -10, y: 0.5 }, { x: 0, y: 0 }, 100, () => ++calls);
      bp.rayCast({ x: Number.NaN, y: 0.5 }, { x: 1, y: 0 }, 100, () => ++calls);
      expect(calls).toBe(1);
    });

    it("callbacks may query but not change proxies", () => {
      const bp = createBroadphase2(kind, { margin: 0 });
      bp.createProxy(box(0, 0, 1, 1));
      bp.createProxy(box(0.5, 0.5, 2, 2));
      let inner = 0;
      bp.queryTightPairs((a) => {
        bp.queryAabb(box(0, 0, 3, 3), () => ++inner > 0);
        expect(() => bp.createProxy(box(0, 0, 1, 1))).toThrow(/callback/);
        expect(() => bp.move(a, box(0, 0, 1, 1))).toThrow(/callback/);
        expect(() => bp.destroyProxy(a)).toThrow(/callback/);
      });
      expect(inner).toBe(2);
      bp.validate();
    });

    it("rejects non-finite and inverted boxes naming the field", () => {
      const bp: Broadphase2 = createBroadphase2(kind);
      expect(() => bp.createProxy(box(Number.NaN, 0, 1, 1))).toThrow(/aabb\.min\.x/);
      expect(() => bp.createProxy(box(0, 0, 1, Number.POSITIVE_INFINITY))).toThrow(/aabb\.max\.y/);
      expect(() => bp.createProxy(box(2, 0, 1, 1))).toThrow(/aabb\.min\.x must be <= aabb\.max\.x/);
      const id = bp.createProxy(box(0, 0, 1, 1));
      expect(() => bp.move(id, box(0, 0, 1, 1), { x: Number.NaN, y: 0 })).toThrow(
        /displacement\.x/,
      );
      expect(() => bp.move(id + 100, box(0, 0, 1, 1))).toThrow(/not a live proxy/);
    });

    it("1e5 create/destroy cycles over a live population do not grow the storage", () => {
      const bp = createBroadphase2(kind, { margin: 0 }) as unknown as Broadphase2 & {
        capacity: number;
      };
      const live: number[] = [];
      for (let i = 0; i < 100; i++)
        live.push(bp.createProxy(box(i % 10, i / 10, (i % 10) + 1, i / 10 + 1)));
      bp.queryTightPairs(() => {});
      const cap = bp.capacity;
      let k = 0;
      for (let i = 0; i < 100_000; i++) {
        const j = (i * 37) % live.length;
        bp.destroyProxy(live[j]!);
        k = (k + 7) % 10;
        live[j] = bp.createProxy(box(k, j / 10, k + 1, j / 10 + 1));
        if (i % 1000 === 0) bp.queryTightPairs(() => {});
      }
      expect(bp.capacity).toBe(cap);
      expect(bp.proxyCount).toBe(100);
      bp.validate();
    });
  });
}

describe("SweepAndPrune: the sort axis", () => {
  it("sorts on the axis along which the boxes spread most", () => {
    const sap = new SweepAndPrune2();
    // A column: centres spread along y only.
    for (let i = 0; i < 10; i++) sap.createProxy(box(0, 2 * i, 1, 2 * i + 1));
    sap.queryTightPairs(() => {});
    expect(sap.sortAxis).toBe(1);
    sap.validate();
  });

  it("many appended and teleported boxes fall back to a full sort (still sorted, same pairs)", () => {
    const sap = new SweepAndPrune2();
    const ids: number[] = [];
    for (let i = 0; i < 2000; i++) ids.push(sap.createProxy(box(2000 - i, 0, 2000 - i + 1, 1)));
    // Boxes [k, k + 1], k = 1..2000, in a row: each touches the next, 1999 pairs.
    let n = 0;
    sap.queryTightPairs(() => n++);
    expect(n).toBe(1999);
    sap.validate();
  });
});

describe("SpatialGrid: cells", () => {
  it("a box over more than maxCells cells is kept aside and still pairs with everything", () => {
    const grid = new SpatialGrid2({ cellSize: 1, maxCells: 4 });
    const big = grid.createProxy(box(-50, -50, 50, 50));
    const small = [grid.createProxy(box(0, 0, 0.5, 0.5)), grid.createProxy(box(10, 10, 11, 11))];
    grid.createProxy(box(60, 60, 61, 61)); // outside the big box
    const want = small.map((s) => `${Math.min(big, s)}-${Math.max(big, s)}`).sort();
    expect(pairs(grid)).toEqual(want);
    grid.validate();
  });

  it("far coordinates clamp to the edge cell and stay correct", () => {
    // With cell 1, x = 1e15 is cell 1e15, beyond the clamp at 2^30: all three share one cell.
    const grid = new SpatialGrid2({ cellSize: 1 });
    const a = grid.createProxy(box(1e15, 0, 1e15 + 1, 1));
    const b = grid.createProxy(box(1e15 + 1, 0, 1e15 + 2, 1)); // touches a
    grid.createProxy(box(1e15 + 4, 0, 1e15 + 5, 1)); // apart
    expect(pairs(grid)).toEqual([`${Math.min(a, b)}-${Math.max(a, b)}`]);
    grid.validate();
  });

  it("chooses the cell size from the boxes when none is given", () => {
    const grid = new SpatialGrid2();
    grid.createProxy(box(0, 0, 2, 1)); // largest extent 2
    grid.createProxy(box(5, 5, 9, 6)); // largest extent 4
    grid.queryTightPairs(() => {});
    expect(grid.cellSize).toBe(3); // their mean
  });
});
