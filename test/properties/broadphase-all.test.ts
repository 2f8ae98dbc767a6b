/**
 * Every broadphase (tree, sweep and prune, grid; 2D and 3D) against brute force over the boxes:
 * random sequences of create, move and destroy, with lattice boxes (shared faces and corners),
 * float boxes, clusters on one spot, huge and tiny boxes, scaled by 1e-100..1e100 and offset by
 * 1e9. After every step: validate(), the pair set equals brute force, each pair once with a < b;
 * box queries and ray casts (all hits, and the first hit with clipping) equal brute force.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BroadphaseKind, BroadphaseOptions } from "../../src/broadphase/broadphase.ts";
import { overlap, seedFor, subject } from "./broadphase-subject.ts";

/** 6 structures x this many sequences of up to 40 steps; see the report for the CI time. */
const RUNS = process.env.COLLIDE_DEEP ? 5000 : 400;
const INF = Number.POSITIVE_INFINITY;

/** A box as [min..., max...] in lattice units (scaled and offset per run). */
function boxArb(dim: number): fc.Arbitrary<number[]> {
  const sized = (lo: fc.Arbitrary<number>, w: fc.Arbitrary<number>) =>
    fc
      .tuple(
        fc.array(lo, { minLength: dim, maxLength: dim }),
        fc.array(w, { minLength: dim, maxLength: dim }),
      )
      .map(([a, b]) => [...a, ...a.map((v, k) => v + b[k]!)]);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: sized(fc.integer({ min: -6, max: 6 }), fc.integer({ min: 0, max: 3 })),
    },
    {
      weight: 2,
      arbitrary: sized(
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 6, noNaN: true }),
      ),
    },
    // All on one spot (the cluster degenerates every structure to all pairs).
    { weight: 1, arbitrary: fc.constant<number[]>([...Array(dim).fill(1), ...Array(dim).fill(2)]) },
    // Huge boxes over everything, and tiny ones (points on lattice corners).
    { weight: 1, arbitrary: sized(fc.integer({ min: -1000, max: -10 }), fc.constant(2000)) },
    { weight: 1, arbitrary: sized(fc.integer({ min: -6, max: 6 }), fc.constant(0)) },
    { weight: 1, arbitrary: sized(fc.integer({ min: -6, max: 6 }), fc.constant(2 ** -40)) },
  );
}

type Op =
  | { kind: "create"; box: number[] }
  | { kind: "move"; pick: number; box: number[] }
  | { kind: "nudge"; pick: number; d: number[] }
  | { kind: "destroy"; pick: number }
  | { kind: "query"; box: number[] }
  | { kind: "ray"; o: number[]; d: number[]; maxT: number };

function opArb(dim: number): fc.Arbitrary<Op> {
  const pick = fc.nat({ max: 1000 });
  const small = fc.array(fc.integer({ min: -2, max: 2 }), { minLength: dim, maxLength: dim });
  return fc.oneof(
    { weight: 6, arbitrary: boxArb(dim).map((box) => ({ kind: "create" as const, box })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(pick, boxArb(dim))
        .map(([p, box]) => ({ kind: "move" as const, pick: p, box })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(pick, small).map(([p, d]) => ({ kind: "nudge" as const, pick: p, d })),
    },
    { weight: 2, arbitrary: pick.map((p) => ({ kind: "destroy" as const, pick: p })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          boxArb(dim),
          // Half-infinite and infinite query boxes.
          fc.constant<number[]>([...Array(dim).fill(-INF), ...Array(dim).fill(INF)]),
          fc.constant<number[]>([...Array(dim).fill(0), ...Array(dim).fill(INF)]),
        )
        .map((box) => ({ kind: "query" as const, box })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.array(fc.integer({ min: -8, max: 8 }), { minLength: dim, maxLength: dim }),
          fc.array(
            fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -3, max: 3, noNaN: true })),
            {
              minLength: dim,
              maxLength: dim,
            },
          ),
          fc.constantFrom(INF, 0, 1, 2.5, 10),
        )
        .map(([o, d, maxT]) => ({ kind: "ray" as const, o, d, maxT })),
    },
  );
}

const frameArb = fc.record({
  scale: fc.constantFrom(1, 1e-100, 1e100, 2 ** -30, 1e6),
  offset: fc.constantFrom(0, 0, 1e9, -3.5),
  cellSize: fc.constantFrom(undefined, 0.5, 1, 3, 1e-3, 1e5),
  maxCells: fc.constantFrom(undefined, 1, 4),
  margin: fc.constantFrom(0, 0.1, 2),
});

function run(dim: number, kind: BroadphaseKind): void {
  const name = `broadphase ${kind} ${dim}D vs brute force`;
  const seed = seedFor(name, RUNS);
  fc.assert(
    fc.property(frameArb, fc.array(opArb(dim), { minLength: 1, maxLength: 40 }), (frame, ops) => {
      const options: BroadphaseOptions = {};
      if (frame.cellSize !== undefined) options.cellSize = frame.cellSize * frame.scale;
      if (frame.maxCells !== undefined) options.maxCells = frame.maxCells;
      options.margin = frame.margin * frame.scale;
      const s = subject(dim, kind, options);
      const place = (b: number[]) => b.map((v) => v * frame.scale + frame.offset);
      const live = new Map<number, number[]>();
      for (const op of ops) {
        const ids = [...live.keys()];
        if (op.kind === "create") {
          const b = place(op.box);
          const id = s.create(b);
          expect(live.has(id)).toBe(false);
          live.set(id, s.box(id));
        } else if (op.kind === "move" && ids.length > 0) {
          const id = ids[op.pick % ids.length]!;
          s.move(id, place(op.box));
          live.set(id, s.box(id));
        } else if (op.kind === "nudge" && ids.length > 0) {
          const id = ids[op.pick % ids.length]!;
          const b = live.get(id)!.slice();
          for (let k = 0; k < dim; k++) {
            b[k] = b[k]! + op.d[k]! * frame.scale;
            b[dim + k] = b[dim + k]! + op.d[k]! * frame.scale;
          }
          s.move(id, b);
          live.set(id, s.box(id));
        } else if (op.kind === "destroy" && ids.length > 0) {
          const id = ids[op.pick % ids.length]!;
          s.bp.destroyProxy(id);
          live.delete(id);
        } else if (op.kind === "query") {
          const q = place(op.box);
          const got: number[] = [];
          s.query(q, (id) => {
            got.push(id);
            return true;
          });
          const want = [...live].filter(([, b]) => overlap(b, q, dim)).map(([id]) => id);
          expect(got.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
        } else if (op.kind === "ray") {
          const o = place(op.o);
          const d = op.d.map((v) => v * frame.scale);
          const got: number[] = [];
          s.ray(o, d, op.maxT, (id) => {
            got.push(id);
            return -1;
          });
          const hits = [...live].map(([id, b]) => [id, s.entry(b, o, d, op.maxT)] as const);
          // A miss is Infinity, so the limit is at most the largest double (maxT = Infinity).
          const limit = Math.min(op.maxT, Number.MAX_VALUE);
          const want = hits.filter(([, t]) => t <= limit).map(([id]) => id);
          expect(got.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
          // Clipping to each hit's own t: the smallest entry survives.
          let first = INF;
          s.ray(o, d, op.maxT, (id, maxT) => {
            const t = s.entry(live.get(id)!, o, d, maxT);
            expect(t).toBeLessThanOrEqual(maxT);
            if (t < first) first = t;
            return t > 0 ? t : 0;
          });
          const best = Math.min(INF, ...hits.map(([, t]) => t).filter((t) => t <= limit));
          expect(first).toBe(best);
        }
        s.bp.validate();
        expect(s.bp.proxyCount).toBe(live.size);
        const got: string[] = [];
        s.bp.queryTightPairs((a, b) => {
          expect(a).toBeLessThan(b);
          got.push(`${a}-${b}`);
        });
        const want: string[] = [];
        const all = [...live].sort((x, y) => x[0] - y[0]);
        for (let i = 0; i < all.length; i++) {
          for (let j = i + 1; j < all.length; j++) {
            if (overlap(all[i]![1], all[j]![1], dim)) want.push(`${all[i]![0]}-${all[j]![0]}`);
          }
        }
        expect(got.sort()).toEqual(want.sort());
      }
    }),
    { seed, numRuns: RUNS },
  );
}

describe("broadphases against brute force", () => {
  for (const kind of ["tree", "sap", "grid"] as const) {
    for (const dim of [2, 3]) {
      it(`${kind} ${dim}D: pairs, box queries and rays equal brute force after every step`, () => {
        run(dim, kind);
      });
    }
  }
});
