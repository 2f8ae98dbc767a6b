/**
 * The generic convex sweeps (sweep-engine.ts: hulls, capsules against triangles and meshes)
 * allocate nothing per call with `out` (young-generation bytes, warm), on each path: a later
 * hit, a miss, touching at t = 0. A file of its own, like allocation-3d.test.ts, so the optimised
 * code is not shaped by the other tests' shapes. Before this test, a hull vs hull hit made about
 * 200 bytes and a miss 8 (proxy.ts's `support` boxing its direction once the cast's inlining
 * budget ran out, and doubles passed between the sweep's helpers), capsule vs triangle 27.
 */
import { describe, expect, it } from "vitest";
import {
  capsule,
  makeMeshSweepHit,
  makeSweepHit,
  mesh,
  sphere,
  sweepCapsuleMesh,
  sweepCapsuleTriangle,
  sweepHullHull,
  sweepSphereMesh,
  triangle,
  vec,
} from "../../src/3d/index.ts";
import { exactEvaluations } from "../../src/exact/bigint.ts";
import { type Measured, runAllocationProbe } from "./probe-process.ts";
import { CASES, cube, MOTIONS } from "./sweep3d-overlap-probe.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

const V = vec;

/** A reported time is never after the derived one, and at most a hair (1e-12) before it. */
const expectTime = (t: number, exact: number) => {
  expect(t).toBeLessThanOrEqual(exact);
  expect(t).toBeGreaterThan(exact - 1e-12);
};

// Literals with the results' keys and non-number fields, as a user's code or another library may
// hold: a result that were a literal too would share their hidden class and box every double.
const foreign: unknown[] = [
  { t: "a", position: 1, point: 2, normal: 3, initiallyOverlapping: 4 },
  { t: "a", position: 1, point: 2, normal: 3, initiallyOverlapping: 4, triangle: "b" },
  { t: "a", point: 1, normal: 2, iterations: "c" },
  { x: null, y: 0, z: 0 },
];

describe("no garbage with `out`", () => {
  it("hull vs hull: a hit and a miss allocate nothing when warm", () => {
    expect(foreign).toHaveLength(4);
    const out = makeSweepHit();
    const b = cube(0, 0, 0);
    const cases: [string, ReturnType<typeof cube>, ReturnType<typeof V>, boolean | null][] = [
      // Bottom face at 5 - 8t reaches the top face y = 2 at t = 3/8.
      ["hit", cube(0.5, 5, 0.25), V(0, -8, 0), false],
      // x spans -5 + 8t .. -3 + 8t and y 6 - 4t .. 8 - 4t: x reaches 0 at t = 3/8 when y > 2.
      ["miss", cube(-5, 6, 0), V(8, -4, 0), null],
    ];
    for (const [name, a, m, init] of cases) {
      const hit = sweepHullHull(a, m, b, out);
      expect(hit === null ? null : hit.initiallyOverlapping, name).toBe(init);
      if (init === false) expectTime(hit!.t, 3 / 8);
      expect(
        warmGarbagePerCall(() => sweepHullHull(a, m, b, out)),
        name,
      ).toBeLessThan(1);
    }
  });

  // Overlapping cubes fail the first float inside certificate (GJK's last tetrahedron ends with
  // the origin on a face or an edge: the difference of two cubes has many coplanar points) and
  // went to the BigInt test, about 750 B a call; EPA's polytope now certifies them. The answer
  // and the BigInt count are checked here; the garbage in a plain Node child (see the probe).
  it("hull vs hull overlapping at t = 0: t = 0, no BigInt, and no garbage in plain Node", async () => {
    const out = makeSweepHit();
    const b = cube(0, 0, 0);
    for (const [name, a] of CASES) {
      for (const m of MOTIONS) {
        const hit = sweepHullHull(a, m, b, out);
        expect(hit?.t, name).toBe(0);
        expect(hit?.initiallyOverlapping, name).toBe(true);
        const before = exactEvaluations();
        sweepHullHull(a, m, b, out);
        expect(exactEvaluations() - before, `${name}: BigInt evaluations`).toBe(0);
      }
    }
    const rows = await runAllocationProbe<Measured>("test/unit/sweep3d-overlap-probe.ts", []);
    expect(rows).toHaveLength(CASES.length * MOTIONS.length);
    for (const r of rows) expect(r.bytes, `${r.name}, ${r.outcome}`).toBeLessThan(1);
  }, 120_000);

  it("capsule vs triangle: a hit, a miss and a touch at t = 0 allocate nothing when warm", () => {
    const out = makeSweepHit();
    // The triangle lies in y = 0; each capsule lies along x at height y, radius 1.
    const tri = triangle(V(-5, 0, -5), V(5, 0, -5), V(0, 0, 5));
    const cap = (x: number, y: number) => capsule(V(x, y, 0), V(x + 1, y, 0), 1);
    const cases: [string, ReturnType<typeof cap>, boolean | null][] = [
      // The axis at y = 3 falls by 4: its bottom 2 - 4t reaches 0 at t = 1/2.
      ["hit", cap(0, 3), false],
      // 20 to the side: the triangle spans x in [-5, 5].
      ["miss", cap(20, 3), null],
      // Half a radius above the plane, over the triangle.
      ["touch at 0", cap(0, 0.5), true],
    ];
    const m = V(0, -4, 0);
    for (const [name, a, init] of cases) {
      const hit = sweepCapsuleTriangle(a, m, tri, out);
      expect(hit === null ? null : hit.initiallyOverlapping, name).toBe(init);
      if (init === false) expectTime(hit!.t, 1 / 2);
      expect(
        warmGarbagePerCall(() => sweepCapsuleTriangle(a, m, tri, out)),
        name,
      ).toBeLessThan(1);
    }
  });

  it("capsule and sphere vs mesh: a hit, a miss and a touch at t = 0 allocate nothing when warm", () => {
    const out = makeMeshSweepHit();
    // A floor y = 0 over [-4, 4]^2, two triangles.
    const floor = mesh([-4, 0, -4, 4, 0, -4, 4, 0, 4, -4, 0, 4], [0, 2, 1, 0, 3, 2]);
    const m = V(1, -4, 0);
    const cases: [string, number, number, boolean | null][] = [
      // The bottom 2 - 4t reaches the floor at t = 1/2, over it (x in [0.5, 1.5]).
      ["hit", 0, 3, false],
      ["miss", 20, 3, null],
      ["touch at 0", 0, 0.5, true],
    ];
    for (const [name, x, y, init] of cases) {
      const c = capsule(V(x, y, 0), V(x + 1, y, 0), 1);
      const s = sphere(x, y, 0, 1);
      const hc = sweepCapsuleMesh(c, m, floor, out);
      expect(hc === null ? null : hc.initiallyOverlapping, `capsule ${name}`).toBe(init);
      if (init === false) expectTime(hc!.t, 1 / 2);
      const hs = sweepSphereMesh(s, m, floor, out);
      expect(hs === null ? null : hs.initiallyOverlapping, `sphere ${name}`).toBe(init);
      if (init === false) expectTime(hs!.t, 1 / 2);
      expect(
        warmGarbagePerCall(() => sweepCapsuleMesh(c, m, floor, out)),
        `capsule ${name}`,
      ).toBeLessThan(1);
      expect(
        warmGarbagePerCall(() => sweepSphereMesh(s, m, floor, out)),
        `sphere ${name}`,
      ).toBeLessThan(1);
    }
  });
});
