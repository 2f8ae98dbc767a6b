/**
 * testTriangleTriangle against the BigInt reference (test/reference/overlap3d.ts) on pairs in
 * or near general position, where the orientation-sign pass answers alone: lattice triangles
 * whose corners are then moved a few ulps (so a corner sits just off the other's plane, or the
 * two cut segments just touch), scaled by powers of two, 1e-7 or 1e100, or offset by 1e9.
 * The reference enumerates vertex subsets.
 * testSphereTriangle is checked the same way, with balls resting on flat triangles then lifted
 * by a few ulps. Runs: 1000 each in CI, about 4 s together.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { testSphereTriangle, testTriangleTriangle, type Vec } from "../../src/3d/index.ts";
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

/** Triangles in a plane z = k, so lattice balls rest on their faces exactly. */
const flatTri = fc.tuple(lat, lat, lat, lat, lat, lat, lat).map(([k, x0, y0, x1, y1, x2, y2]) => ({
  a: { x: x0, y: y0, z: k },
  b: { x: x1, y: y1, z: k },
  c: { x: x2, y: y2, z: k },
}));

describe("testSphereTriangle equals the exact reference", () => {
  // Lattice centers and triangles, radii whose squares are sums of lattice squares (so balls
  // touch corners, edges and faces exactly), a few coordinates moved by ulps, then scaled or
  // offset. Runs: NUM_RUNS / 100 (1000 in CI, about 3 s).
  it("lattice balls and triangles nudged by ulps, scaled and offset", async () => {
    await assertProperty(
      "sphere-triangle3d nudged",
      fc.tuple(
        vec,
        fc.constantFrom(0, 0.5, 1, 2, 3, 5),
        fc.oneof(tri, flatTri),
        place,
        fc.array(nudge, { maxLength: 2 }),
        fc.integer({ min: -3, max: 3 }),
      ),
      ([c0, r, t, p, moves, lift]) => {
        // Half the centers sit r above or below a flat triangle's plane (resting exactly), and
        // every center's z moves by lift ulps.
        const c =
          t.a.z === t.b.z && t.a.z === t.c.z && c0.x % 2 === 0
            ? { ...c0, z: t.a.z + (c0.y > 0 ? r : -r) }
            : c0;
        // The center rides as the second triangle's first corner so build() moves it too.
        const [tr, pts] = build(t, { a: c, b: c, c }, p, [...moves, [11, lift]]);
        const s = { kind: "sphere" as const, center: pts.a, radius: r * p.s };
        const want = overlapRef(s as Solid3, tr as Solid3);
        const got = testSphereTriangle(s, tr);
        if (got !== want)
          throw new Error(`testSphereTriangle = ${got}, exact ${want}: ${show([s, tr])}`);
      },
      RUNS,
    );
  }, 120_000);
});
