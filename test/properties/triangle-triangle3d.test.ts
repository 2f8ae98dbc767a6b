/**
 * testTriangleTriangle against the BigInt reference (test/reference/overlap3d.ts) on pairs in
 * or near general position, where the orientation-sign pass answers alone: lattice triangles
 * whose corners are then moved a few ulps (so a corner sits just off the other's plane, or the
 * two cut segments just touch), scaled by powers of two, 1e-7 or 1e100, or offset by 1e9.
 * Runs: NUM_RUNS / 100 (1000 in CI, about 8 s); the reference enumerates vertex subsets.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { testTriangleTriangle, type Vec } from "../../src/3d/index.ts";
import { show, stepUlps } from "../reference/float-bits.ts";
import { overlapRef, type Solid3 } from "../reference/overlap3d.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";

const RUNS = Math.max(1, Math.floor(NUM_RUNS / 100));

type Tri = { kind: "triangle"; a: Vec; b: Vec; c: Vec };

const lat = fc.integer({ min: -4, max: 4 });
const vec = fc.record({ x: lat, y: lat, z: lat });
const tri = fc.record({ a: vec, b: vec, c: vec });
const place = fc.oneof(
  fc.record({ s: fc.constantFrom(1, 0.5, 2 ** -30, 2 ** 40, 1e-7, 1e100), o: fc.constant(0) }),
  fc.record({ s: fc.constantFrom(1, 0.25), o: fc.constant(1e9) }),
);
/** Which coordinate of which corner (0..17 over both triangles) moves, and by how many ulps. */
const nudge = fc.tuple(fc.nat(17), fc.integer({ min: -4, max: 4 }));

function build(
  t1: { a: Vec; b: Vec; c: Vec },
  t2: { a: Vec; b: Vec; c: Vec },
  p: { s: number; o: number },
  moves: [number, number][],
): [Tri, Tri] {
  const v = [t1.a, t1.b, t1.c, t2.a, t2.b, t2.c].flatMap((q) => [q.x, q.y, q.z]);
  const w = v.map((x) => x * p.s + p.o);
  for (const [i, k] of moves) w[i] = stepUlps(w[i]!, k);
  const at = (j: number): Vec => ({ x: w[3 * j]!, y: w[3 * j + 1]!, z: w[3 * j + 2]! });
  return [
    { kind: "triangle", a: at(0), b: at(1), c: at(2) },
    { kind: "triangle", a: at(3), b: at(4), c: at(5) },
  ];
}

describe("testTriangleTriangle near general position equals the exact reference", () => {
  it("lattice pairs nudged by ulps, scaled and offset", async () => {
    await assertProperty(
      "triangle-triangle3d nudged",
      fc.tuple(tri, tri, place, fc.array(nudge, { minLength: 1, maxLength: 3 })),
      ([a, b, p, moves]) => {
        const [t1, t2] = build(a, b, p, moves);
        const want = overlapRef(t1 as Solid3, t2 as Solid3);
        const got = testTriangleTriangle(t1, t2);
        if (got !== want)
          throw new Error(`testTriangleTriangle = ${got}, exact ${want}: ${show([t1, t2])}`);
        if (testTriangleTriangle(t2, t1) !== want)
          throw new Error(`swapped: exact ${want}: ${show([t2, t1])}`);
      },
      RUNS,
    );
  }, 120_000);
});
