/**
 * The dynamic AABB tree against brute force: random sequences of create, move, destroy, touch and
 * updatePairs in 2D and 3D; after every step validate(), the fat boxes equal a model's, and
 * queryPairs / queryTightPairs / updatePairs / query / raycast / shapeCast equal brute force over
 * the stored boxes (pair sets exactly, first hits exactly).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import { AabbTree2, entry2 } from "../../src/broadphase/aabb-tree2.ts";
import { AabbTree3, entry3 } from "../../src/broadphase/aabb-tree3.ts";
import { defaultSeed } from "./config.ts";

const RUNS = process.env.COLLIDE_DEEP ? 10_000 : 400;
const INF = Number.POSITIVE_INFINITY;

function seedFor(name: string, runs: number): number {
  const seed = process.env.COLLIDE_SEED ? Number(process.env.COLLIDE_SEED) : defaultSeed();
  console.log(`[property] ${name}: seed ${seed}, ${runs} runs (replay: COLLIDE_SEED=${seed})`);
  return seed;
}

/** Boxes as [min..., max...]; lattice boxes make touching and shared faces common. */
function boxArb(dim: number): fc.Arbitrary<number[]> {
  const lattice = fc
    .tuple(
      fc.array(fc.integer({ min: -8, max: 8 }), { minLength: dim, maxLength: dim }),
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: dim, maxLength: dim }),
    )
    .map(([lo, w]) => [...lo, ...lo.map((v, k) => v + w[k]!)]);
  const float = fc
    .tuple(
      fc.array(fc.double({ min: -30, max: 30, noNaN: true }), { minLength: dim, maxLength: dim }),
      fc.array(fc.double({ min: 0, max: 8, noNaN: true }), { minLength: dim, maxLength: dim }),
    )
    .map(([lo, w]) => [...lo, ...lo.map((v, k) => v + w[k]!)]);
  return fc.oneof({ weight: 2, arbitrary: lattice }, { weight: 1, arbitrary: float });
}

function vecArb(dim: number, lim: number): fc.Arbitrary<number[]> {
  return fc.array(
    fc.oneof(
      fc.integer({ min: -2, max: 2 }),
      fc.constant(0),
      fc.double({ min: -lim, max: lim, noNaN: true }),
    ),
    { minLength: dim, maxLength: dim },
  );
}

type Op =
  | { kind: "create"; box: number[] }
  | { kind: "move"; pick: number; box: number[]; disp: number[] }
  | { kind: "destroy"; pick: number }
  | { kind: "touch"; pick: number }
  | { kind: "update" }
  | { kind: "query"; box: number[] }
  | { kind: "cast"; box: number[]; point: boolean; dir: number[]; maxT: number };

function opArb(dim: number): fc.Arbitrary<Op> {
  const pick = fc.nat({ max: 1000 });
  return fc.oneof(
    { weight: 5, arbitrary: boxArb(dim).map((box) => ({ kind: "create" as const, box })) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(pick, boxArb(dim), vecArb(dim, 3))
        .map(([p, box, disp]) => ({ kind: "move" as const, pick: p, box, disp })),
    },
    { weight: 2, arbitrary: pick.map((p) => ({ kind: "destroy" as const, pick: p })) },
    { weight: 1, arbitrary: pick.map((p) => ({ kind: "touch" as const, pick: p })) },
    { weight: 1, arbitrary: fc.constant({ kind: "update" as const }) },
    { weight: 1, arbitrary: boxArb(dim).map((box) => ({ kind: "query" as const, box })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          boxArb(dim),
          fc.boolean(),
          vecArb(dim, 5),
          fc.oneof(fc.constantFrom(INF, 0, 1, 4), fc.double({ min: 0, max: 20, noNaN: true })),
        )
        .map(([box, point, dir, maxT]) => ({ kind: "cast" as const, box, point, dir, maxT })),
    },
  );
}

const optionsArb = fc.record({
  margin: fc.constantFrom(0, 0.1, 0.5, 2),
  predict: fc.constantFrom(0, 1, 4),
});

/** The 2D and 3D trees behind one interface taking flat arrays, so one property serves both. */
interface Subject {
  dim: number;
  tree: AabbTree2 | AabbTree3;
  create(b: number[]): number;
  move(id: number, b: number[], d: number[]): boolean;
  fat(id: number): number[];
  query(b: number[], cb: (id: number) => boolean): void;
  cast(
    b: number[],
    d: number[],
    maxT: number,
    point: boolean,
    cb: (id: number, t: number) => number,
  ): void;
  entry(box: number[], b: number[], d: number[], maxT: number): number;
}

function subject2(options: { margin: number; predict: number }): Subject {
  const tree = new AabbTree2(options);
  const aabb = (b: number[]) => ({ min: { x: b[0]!, y: b[1]! }, max: { x: b[2]!, y: b[3]! } });
  const one = new Float64Array(4);
  return {
    dim: 2,
    tree,
    create: (b) => tree.createProxy(aabb(b)),
    move: (id, b, d) => tree.move(id, aabb(b), { x: d[0]!, y: d[1]! }),
    fat: (id) => {
      const f = tree.getFatAabb(id);
      return [f.min.x, f.min.y, f.max.x, f.max.y];
    },
    query: (b, cb) => tree.query(b[0]!, b[1]!, b[2]!, b[3]!, cb),
    cast: (b, d, maxT, point, cb) => {
      if (point) tree.raycast(b[0]!, b[1]!, d[0]!, d[1]!, maxT, cb);
      else tree.shapeCast(b[0]!, b[1]!, b[2]!, b[3]!, d[0]!, d[1]!, maxT, cb);
    },
    entry: (box, b, d, maxT) => {
      one.set(box);
      return entry2(one, 0, b[0]!, b[1]!, b[2]!, b[3]!, d[0]!, d[1]!, 1 / d[0]!, 1 / d[1]!, maxT);
    },
  };
}

function subject3(options: { margin: number; predict: number }): Subject {
  const tree = new AabbTree3(options);
  const aabb = (b: number[]) => ({
    min: { x: b[0]!, y: b[1]!, z: b[2]! },
    max: { x: b[3]!, y: b[4]!, z: b[5]! },
  });
  const one = new Float64Array(6);
  return {
    dim: 3,
    tree,
    create: (b) => tree.createProxy(aabb(b)),
    move: (id, b, d) => tree.move(id, aabb(b), { x: d[0]!, y: d[1]!, z: d[2]! }),
    fat: (id) => {
      const f = tree.getFatAabb(id);
      return [f.min.x, f.min.y, f.min.z, f.max.x, f.max.y, f.max.z];
    },
    query: (b, cb) => tree.query(b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, b[5]!, cb),
    cast: (b, d, maxT, point, cb) => {
      if (point) tree.raycast(b[0]!, b[1]!, b[2]!, d[0]!, d[1]!, d[2]!, maxT, cb);
      else tree.shapeCast(b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, b[5]!, d[0]!, d[1]!, d[2]!, maxT, cb);
    },
    entry: (box, b, d, maxT) => {
      one.set(box);
      const [x0, y0, z0, x1, y1, z1] = b as [number, number, number, number, number, number];
      const [dx, dy, dz] = d as [number, number, number];
      return entry3(one, 0, x0, y0, z0, x1, y1, z1, dx, dy, dz, 1 / dx, 1 / dy, 1 / dz, maxT);
    },
  };
}

function overlap(a: number[], b: number[], dim: number): boolean {
  for (let k = 0; k < dim; k++) if (a[k]! > b[dim + k]! || b[k]! > a[dim + k]!) return false;
  return true;
}

/** The fat box a move or create should produce (Box2D's rule, in the tree's own arithmetic). */
function fatOf(b: number[], d: number[], margin: number, predict: number, dim: number): number[] {
  const f = b.slice();
  for (let k = 0; k < dim; k++) {
    const m = predict * d[k]!;
    f[k] = b[k]! - margin + (m < 0 ? m : 0);
    f[dim + k] = b[dim + k]! + margin + (m > 0 ? m : 0);
  }
  return f;
}

function collectPairs(run: (cb: (a: number, b: number) => void) => void): string[] {
  const out: string[] = [];
  run((a, b) => {
    expect(a).toBeLessThan(b);
    out.push(`${a}-${b}`);
  });
  const sorted = out.sort();
  expect(new Set(sorted).size).toBe(sorted.length); // each pair once
  return sorted;
}

function brutePairs(
  ids: number[],
  boxOf: (id: number) => number[],
  dim: number,
  keep = (_a: number, _b: number) => true,
): string[] {
  const out: string[] = [];
  for (const a of ids) {
    for (const b of ids) {
      if (a < b && keep(a, b) && overlap(boxOf(a), boxOf(b), dim)) out.push(`${a}-${b}`);
    }
  }
  return out.sort();
}

function runSequence(s: Subject, options: { margin: number; predict: number }, ops: Op[]): void {
  const dim = s.dim;
  const tight = new Map<number, number[]>();
  const fat = new Map<number, number[]>();
  const moved = new Set<number>();
  const live = () => [...tight.keys()];
  for (const op of ops) {
    const ids = live();
    switch (op.kind) {
      case "create": {
        const id = s.create(op.box);
        expect(tight.has(id)).toBe(false);
        tight.set(id, op.box);
        fat.set(
          id,
          fatOf(
            op.box,
            op.box.map(() => 0),
            options.margin,
            0,
            dim,
          ),
        );
        moved.add(id);
        break;
      }
      case "move": {
        if (ids.length === 0) break;
        const id = ids[op.pick % ids.length]!;
        const old = fat.get(id)!;
        const inside = overlapInside(op.box, old, dim);
        const grown = fatOf(
          op.box,
          op.disp,
          options.margin + 4 * options.margin,
          options.predict,
          dim,
        );
        const expectChange = !(inside && overlapInside(old, grown, dim));
        expect(s.move(id, op.box, op.disp)).toBe(expectChange);
        tight.set(id, op.box);
        if (expectChange) {
          fat.set(id, fatOf(op.box, op.disp, options.margin, options.predict, dim));
          moved.add(id);
        }
        break;
      }
      case "destroy": {
        if (ids.length === 0) break;
        const id = ids[op.pick % ids.length]!;
        s.tree.destroyProxy(id);
        tight.delete(id);
        fat.delete(id);
        moved.delete(id);
        break;
      }
      case "touch": {
        if (ids.length === 0) break;
        const id = ids[op.pick % ids.length]!;
        s.tree.touchProxy(id);
        moved.add(id);
        break;
      }
      case "update": {
        const want = brutePairs(
          ids,
          (id) => fat.get(id)!,
          dim,
          (a, b) => moved.has(a) || moved.has(b),
        );
        expect(collectPairs((cb) => s.tree.updatePairs(cb))).toEqual(want);
        moved.clear();
        break;
      }
      case "query": {
        const got: number[] = [];
        s.query(op.box, (id) => {
          got.push(id);
          return true;
        });
        const want = ids.filter((id) => overlap(fat.get(id)!, op.box, dim));
        expect(got.sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
        break;
      }
      case "cast": {
        const b = op.point ? [...op.box.slice(0, dim), ...op.box.slice(0, dim)] : op.box;
        // Every proxy whose fat box the cast reaches within maxT, each once.
        const got: number[] = [];
        s.cast(b, op.dir, op.maxT, op.point, (id, maxT) => {
          expect(maxT).toBe(Math.min(op.maxT, Number.MAX_VALUE)); // Infinity reads as the largest double
          got.push(id);
          return -1;
        });
        // The slab kernel itself against an independent form, where both are exact (integers,
        // |d| <= 2, so every quotient is a dyadic rational).
        if ([...b, ...op.dir].every(Number.isInteger)) {
          for (const id of ids) {
            const box = tight.get(id)!;
            if (!box.every(Number.isInteger)) continue;
            expect(s.entry(box, b, op.dir, op.maxT)).toBe(refEntry(box, b, op.dir, op.maxT, dim));
          }
        }
        // A miss is Infinity, so the limit is at most the largest double (maxT = Infinity).
        const limit = Math.min(op.maxT, Number.MAX_VALUE);
        const want = ids.filter((id) => s.entry(fat.get(id)!, b, op.dir, op.maxT) <= limit);
        expect(got.sort((x, y) => x - y)).toEqual(want.sort((x, y) => x - y));
        // The first hit on the tight boxes, clipping as it goes.
        let best = INF;
        s.cast(b, op.dir, op.maxT, op.point, (id, maxT) => {
          const t = s.entry(tight.get(id)!, b, op.dir, maxT);
          if (t > maxT) return -1;
          if (t < best) best = t;
          return t;
        });
        let wantBest = INF;
        for (const id of ids)
          wantBest = Math.min(wantBest, s.entry(tight.get(id)!, b, op.dir, op.maxT));
        expect(best).toBe(wantBest);
        break;
      }
    }
    s.tree.validate();
    expect(s.tree.proxyCount).toBe(tight.size);
    const now = live();
    for (const id of now) expect(s.fat(id).map(zero)).toEqual(fat.get(id)!.map(zero));
    expect(collectPairs((cb) => s.tree.queryPairs(cb))).toEqual(
      brutePairs(now, (id) => fat.get(id)!, dim),
    );
    expect(collectPairs((cb) => s.tree.queryTightPairs(cb))).toEqual(
      brutePairs(now, (id) => tight.get(id)!, dim),
    );
  }
}

/**
 * The first t in [0, maxT] at which box `b` moved by t·d touches `box`, or Infinity: per axis the
 * interval of t where the projections overlap, from both quotients (min/max, not sign cases).
 */
function refEntry(box: number[], b: number[], d: number[], maxT: number, dim: number): number {
  let t0 = 0;
  let t1 = maxT;
  for (let k = 0; k < dim; k++) {
    const lo = box[k]! - b[dim + k]!;
    const hi = box[dim + k]! - b[k]!;
    if (d[k] === 0) {
      if (lo > 0 || hi < 0) return INF;
      continue;
    }
    t0 = Math.max(t0, Math.min(lo / d[k]!, hi / d[k]!));
    t1 = Math.min(t1, Math.max(lo / d[k]!, hi / d[k]!));
  }
  return t0 <= t1 ? t0 : INF;
}

/** -0 as 0 (the model and the tree may round a zero to different signs). */
const zero = (v: number): number => v + 0;

/** Whether box a lies inside box b. */
function overlapInside(a: number[], b: number[], dim: number): boolean {
  for (let k = 0; k < dim; k++) if (a[k]! < b[k]! || a[dim + k]! > b[dim + k]!) return false;
  return true;
}

describe("AabbTree against brute force", () => {
  // Short sequences (small trees, every corner case often) and long ones (deeper trees, where
  // rotations and the early stop of the refit walk matter).
  const lengths = [
    { maxLength: 60, runs: RUNS },
    { maxLength: 300, runs: Math.ceil(RUNS / 50) },
  ];
  for (const dim of [2, 3] as const) {
    for (const { maxLength, runs } of lengths) {
      it(`${dim}D: random sequences of up to ${maxLength} steps keep every invariant and answer`, () => {
        const seed = seedFor(`aabb tree ${dim}D, up to ${maxLength} steps`, runs);
        fc.assert(
          fc.property(
            optionsArb,
            fc.array(opArb(dim), { minLength: 1, maxLength, size: "max" }),
            (options, ops) => {
              runSequence(dim === 2 ? subject2(options) : subject3(options), options, ops);
            },
          ),
          { seed, numRuns: runs },
        );
      });
    }
  }

  it("2D: 1500 moving boxes over 30 frames: tight pairs equal brute force every frame", () => {
    const rnd = prng(7);
    const n = 1500;
    const tree = new AabbTree2({ margin: 0.1 });
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    const w = new Float64Array(n);
    const vx = new Float64Array(n);
    const vy = new Float64Array(n);
    const ids: number[] = [];
    const side = Math.sqrt(n) * 2;
    const b = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
    const d = { x: 0, y: 0 };
    for (let i = 0; i < n; i++) {
      x[i] = rnd() * side;
      y[i] = rnd() * side;
      w[i] = 0.5 + rnd();
      vx[i] = (rnd() - 0.5) * 0.4;
      vy[i] = (rnd() - 0.5) * 0.4;
      b.min.x = x[i]!;
      b.min.y = y[i]!;
      b.max.x = x[i]! + w[i]!;
      b.max.y = y[i]! + w[i]!;
      ids.push(tree.createProxy(b, i));
    }
    for (let frame = 0; frame < 30; frame++) {
      for (let i = 0; i < n; i++) {
        x[i] = x[i]! + vx[i]!;
        y[i] = y[i]! + vy[i]!;
        b.min.x = x[i]!;
        b.min.y = y[i]!;
        b.max.x = x[i]! + w[i]!;
        b.max.y = y[i]! + w[i]!;
        d.x = vx[i]!;
        d.y = vy[i]!;
        tree.move(ids[i]!, b, d);
      }
      const got: number[] = [];
      tree.queryTightPairs((p, q) => {
        const i = tree.getUserData(p);
        const j = tree.getUserData(q);
        got.push(i < j ? i * n + j : j * n + i);
      });
      got.sort((p, q) => p - q);
      const want: number[] = [];
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          if (
            x[i]! <= x[j]! + w[j]! &&
            x[j]! <= x[i]! + w[i]! &&
            y[i]! <= y[j]! + w[j]! &&
            y[j]! <= y[i]! + w[i]!
          ) {
            want.push(i * n + j);
          }
        }
      }
      expect(got).toEqual(want);
    }
    tree.validate();
    // A good tree stays shallow: well under the 1500 of a degenerate one.
    expect(tree.height).toBeLessThan(40);
  });
});
