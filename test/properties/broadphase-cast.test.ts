/**
 * Ray and box casts on larger scenes, where the grid walks many rows (2D) or columns (3D) in ray order and
 * the sweep and prune walks its sorted axis, both stopping past the best hit: the hits with
 * "ignore" equal brute force over the slab test, the first hit with clipping equals the smallest
 * slab entry, "stop" stops after one callback, and a box query equals brute force. Scenes are
 * lattice boxes (shared faces, corners, zero widths), optionally with a far cluster (the grid then
 * hashes its cells), scaled by 1e-100..1e100 and offset by 1e9; rays start on lattice points and
 * go along axes, diagonals, float directions and directions with one component a few ulps from 0;
 * box casts move lattice boxes of widths 0..2 the same ways (the swept-box slab test of entry2/3).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BroadphaseKind } from "../../src/broadphase/broadphase.ts";
import { overlap, seedFor, subject } from "./broadphase-subject.ts";

/** 6 structures x this many scenes of 20..160 boxes with 12 rays each; see the report for CI time. */
const RUNS = process.env.COLLIDE_DEEP ? 2000 : 60;
const INF = Number.POSITIVE_INFINITY;

interface Scene {
  scale: number;
  offset: number;
  cell: number | undefined;
  boxes: number[][];
  rays: { o: number[]; d: number[]; maxT: number }[];
}

function sceneArb(dim: number): fc.Arbitrary<Scene> {
  const lattice = fc
    .tuple(
      fc.array(fc.integer({ min: -30, max: 30 }), { minLength: dim, maxLength: dim }),
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: dim, maxLength: dim }),
    )
    .map(([a, w]) => [...a, ...a.map((v, k) => v + w[k]!)]);
  const component = fc.oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.double({ min: -3, max: 3, noNaN: true }),
    fc.constantFrom(2 ** -40, -(2 ** -40), 5e-324, -5e-324, 1e-300),
  );
  const ray = fc.record({
    // A point (a ray) or a box (a box cast: lattice corner and widths 0..2).
    o: fc.oneof(
      fc.array(fc.integer({ min: -34, max: 34 }), { minLength: dim, maxLength: dim }),
      fc
        .tuple(
          fc.array(fc.integer({ min: -34, max: 34 }), { minLength: dim, maxLength: dim }),
          fc.array(fc.integer({ min: 0, max: 2 }), { minLength: dim, maxLength: dim }),
        )
        .map(([a, w]) => [...a, ...a.map((v, k) => v + w[k]!)]),
    ),
    d: fc.array(component, { minLength: dim, maxLength: dim }),
    maxT: fc.constantFrom(INF, 1, 4, 30, 0),
  });
  return fc
    .record({
      scale: fc.constantFrom(1, 1e-100, 1e100, 0.1, 2 ** -30),
      offset: fc.constantFrom(0, 1e9, -3.5),
      cell: fc.constantFrom(undefined, 0.5, 1, 2.5, 7),
      // A far cluster: the occupied cell range is then far larger than the entries (hashed cells).
      far: fc.boolean(),
      boxes: fc.array(lattice, { minLength: 20, maxLength: 160 }),
      rays: fc.array(ray, { minLength: 12, maxLength: 12 }),
    })
    .map(({ far, boxes, ...rest }) => ({
      ...rest,
      boxes: far
        ? boxes.map((b, i) => (i % 4 === 0 ? b.map((v, k) => (k % dim === 0 ? v : v + 1e6)) : b))
        : boxes,
    }));
}

function run(dim: number, kind: BroadphaseKind): void {
  const seed = seedFor(`broadphase cast ${kind} ${dim}D`, RUNS);
  fc.assert(
    fc.property(sceneArb(dim), (sc) => {
      const s = subject(dim, kind, sc.cell === undefined ? {} : { cellSize: sc.cell * sc.scale });
      const boxes = sc.boxes.map((b) => b.map((v) => v * sc.scale + sc.offset));
      const ids = boxes.map((b) => s.create(b));
      const boxOf = new Map(ids.map((id, i) => [id, boxes[i]!]));
      for (const r of sc.rays) {
        const o = r.o.map((v) => v * sc.scale + sc.offset);
        const d = r.d.map((v) => v * sc.scale);
        const limit = Math.min(r.maxT, Number.MAX_VALUE);
        const t = ids.map((id) => s.entry(boxOf.get(id)!, o, d, r.maxT));
        const want = ids.filter((_, i) => t[i]! <= limit).sort((a, b) => a - b);
        // Every hit once, whatever the order.
        const got: number[] = [];
        s.ray(o, d, r.maxT, (id) => {
          got.push(id);
          return -1;
        });
        expect(got.sort((a, b) => a - b)).toEqual(want);
        // Clipping to each hit's own entry: the nearest survives, every callback within reach.
        let first = INF;
        s.ray(o, d, r.maxT, (id, maxT) => {
          const e = s.entry(boxOf.get(id)!, o, d, maxT);
          expect(e).toBeLessThanOrEqual(maxT);
          if (e < first) first = e;
          return e > 0 ? e : 0;
        });
        const best = Math.min(INF, ...t.filter((e) => e <= limit));
        expect(first).toBe(best);
        // Stopping: one callback when anything is hit.
        let calls = 0;
        s.ray(o, d, r.maxT, () => {
          calls++;
          return 0;
        });
        expect(calls).toBe(want.length > 0 ? 1 : 0);
        // The box of the ray's first unit, as a box query.
        const p = o.slice(0, dim);
        const q = p.map((v, k) => Math.min(v, v + d[k]!));
        const qb = [...q, ...p.map((v, k) => Math.max(v, v + d[k]!))];
        const inBox: number[] = [];
        s.query(qb, (id) => {
          inBox.push(id);
          return true;
        });
        const wantBox = ids.filter((id) => overlap(boxOf.get(id)!, qb, dim));
        expect(inBox.sort((a, b) => a - b)).toEqual(wantBox.sort((a, b) => a - b));
      }
    }),
    { seed, numRuns: RUNS },
  );
}

describe("broadphase ray and box casts on larger scenes against brute force", () => {
  for (const kind of ["tree", "sap", "grid"] as const) {
    for (const dim of [2, 3]) {
      it(`${kind} ${dim}D: all hits, nearest hit with clipping, stop, box query`, () => {
        run(dim, kind);
      });
    }
  }
});
