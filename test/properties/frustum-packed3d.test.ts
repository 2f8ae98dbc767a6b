/**
 * Frustums made by `frustum(matrix)` carry their planes packed for the float filters
 * (PACKED_PLANES); frustums written as literals take the plane-object path. Both against the
 * exact reference (test/reference/overlap3d.ts) on the frustum z in [-3s, -s], |x|, |y| <= -z
 * (the matrix below, scale s a power of two or 1e-100): aabbs on a 1/8 grid around its corner
 * (3, 3, -3) s, where many boxes pass every plane test while outside, nudged by a few ulps.
 * Then the packed and literal paths against each other on many cheap cases (boxes anywhere
 * around the frustum), the literal path being checked against the reference in overlap3d.test.ts.
 * Planes against the frustum (the float filter of testPlaneFrustum): lattice normals, offsets
 * through a corner of the frustum or between, nudged by a few ulps, against the reference.
 * Runs: NUM_RUNS / 5000 against the reference (20 in CI), NUM_RUNS / 50 for the comparison and
 * for planes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";
import { show, stepUlps } from "../reference/float-bits.ts";
import { overlapRef, planeOverlapRef } from "../reference/overlap3d.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";

/**
 * Rows (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, -2, -3s), (0, 0, -1, 0), column-major: the planes
 * -x + z <= 0, x + z <= 0, -y + z <= 0, y + z <= 0, 3z <= -3s, -z <= 3s.
 */
const matrix = (s: number): number[] => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -2, -1, 0, 0, -3 * s, 0];

const SCALES = [1, 2 ** -30, 2 ** 30, 1e-100];
const made = SCALES.map((s) => c3.frustum(matrix(s)));
/** The same planes as a literal: no packed planes. */
const literal = made.map((f) => ({ planes: f.planes.map((p) => ({ ...p })) }));

/** The usual culling test: no plane has the whole box strictly outside. */
function planesOnly(f: c3.Frustum, b: c3.Aabb): boolean {
  return f.planes.every((p) => {
    const n = p.normal;
    const v =
      n.x * (n.x >= 0 ? b.min.x : b.max.x) +
      n.y * (n.y >= 0 ? b.min.y : b.max.y) +
      n.z * (n.z >= 0 ? b.min.z : b.max.z);
    return v <= p.offset;
  });
}

const eighth = fc.integer({ min: -6, max: 6 }).map((n) => n / 8);
const size = fc.integer({ min: 0, max: 6 }).map((n) => n / 8);
/** A box near the corner (3, 3, -3) s, its min.x nudged by k ulps. */
const cornerBox = fc
  .tuple(eighth, eighth, eighth, size, size, size, fc.integer({ min: -2, max: 2 }), fc.nat(3))
  .map(([x, y, z, sx, sy, sz, k, i]) => {
    const s = SCALES[i]!;
    const lo = { x: stepUlps((3 + x) * s, k), y: (3 + y) * s, z: (-3 + z) * s };
    const b = c3.aabb(lo, { x: lo.x + sx * s, y: lo.y + sy * s, z: lo.z + sz * s });
    return { b, i };
  });

describe("frustum(): packed planes", () => {
  it("are the planes, and the planes are frozen", () => {
    const f = made[0]!;
    expect(f.planes.map((p) => [p.normal, p.offset])).toEqual([
      [{ x: -1, y: 0, z: 1 }, 0],
      [{ x: 1, y: 0, z: 1 }, 0],
      [{ x: 0, y: -1, z: 1 }, 0],
      [{ x: 0, y: 1, z: 1 }, 0],
      [{ x: 0, y: 0, z: 3 }, -3],
      [{ x: 0, y: 0, z: -1 }, 3],
    ]);
    expect(Object.isFrozen(f.planes)).toBe(true);
    expect(Object.isFrozen(f.planes[0]!.normal)).toBe(true);
    expect(Object.keys(f)).toEqual(["kind", "planes"]);
  });

  it("aabbs near a corner: exact against the reference, both paths", async () => {
    let fooled = 0;
    await assertProperty(
      "frustum-packed3d corner",
      cornerBox.filter(({ b, i }) => planesOnly(made[i]!, b)),
      ({ b, i }) => {
        const want = overlapRef({ kind: "aabb", min: b.min, max: b.max }, made[i]!);
        if (!want) fooled++;
        const got = c3.testAabbFrustum(b, made[i]!);
        if (got !== want) throw new Error(`packed ${got}, exact ${want}: ${show(b)} scale ${i}`);
        if (c3.testAabbFrustum(b, literal[i]!) !== want) throw new Error(`literal: ${show(b)}`);
      },
      Math.max(1, Math.floor(NUM_RUNS / 5000)),
    );
    expect(fooled).toBeGreaterThan(0);
  }, 120_000);

  it("aabbs anywhere around the frustum: the packed path equals the literal one", async () => {
    const anywhere = fc
      .tuple(
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 8 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: -2, max: 2 }),
        fc.nat(3),
      )
      .map(([x, y, z, h, k, i]) => {
        const s = SCALES[i]! / 8;
        const lo = { x: stepUlps(x * s, k), y: y * s, z: z * s };
        return { b: c3.aabb(lo, { x: lo.x + h * s, y: lo.y + h * s, z: lo.z + h * s }), i };
      });
    await assertProperty(
      "frustum-packed3d anywhere",
      anywhere,
      ({ b, i }) => {
        const a = c3.testAabbFrustum(b, made[i]!);
        const l = c3.testAabbFrustum(b, literal[i]!);
        if (a !== l) throw new Error(`packed ${a}, literal ${l}: ${show(b)} scale ${i}`);
      },
      Math.max(1, Math.floor(NUM_RUNS / 50)),
    );
  }, 120_000);

  it("planes through corners or nearly: testPlaneFrustum equals the reference", async () => {
    const small = fc.integer({ min: -3, max: 3 });
    // Corners (+-1, +-1, -1) s and (+-3, +-3, -3) s: n . corner is an integer times s.
    const planeCase = fc
      .tuple(
        small,
        small,
        small,
        fc.integer({ min: -12, max: 12 }),
        fc.integer({ min: -3, max: 3 }),
        fc.nat(3),
      )
      .filter(([x, y, z]) => x !== 0 || y !== 0 || z !== 0)
      .map(([x, y, z, o, k, i]) => ({
        p: c3.plane(c3.vec(x, y, z), stepUlps(o * SCALES[i]!, k)),
        i,
      }));
    await assertProperty(
      "frustum-packed3d plane",
      planeCase,
      ({ p, i }) => {
        const want = planeOverlapRef(p, made[i]!);
        const got = c3.testPlaneFrustum(p, made[i]!);
        if (got !== want)
          throw new Error(`testPlaneFrustum ${got}, exact ${want}: ${show(p)} scale ${i}`);
        if (c3.testPlaneFrustum(p, literal[i]!) !== want) throw new Error(`literal: ${show(p)}`);
      },
      Math.max(1, Math.floor(NUM_RUNS / 50)),
    );
  }, 120_000);
});
