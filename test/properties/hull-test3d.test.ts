/**
 * Hull tests and contacts against the exact reference (test/reference/overlap3d.ts, enumeration
 * over BigInt rationals), for the float hit certificates of src/3d/query/test-hull.ts (GJK's
 * simplex around the origin, a hull vertex inside) and the plane-hull filter:
 * - lattice shapes in [-3, 3] (faces, edges and corners touching exactly), scaled by 1, 2^-30,
 *   1e-100 or 1e100, offset by 0 or 1e9, one shape nudged by a few ulps half the time;
 * - random doubles (generic positions: mostly deep overlaps or clear misses, where the float
 *   certificates decide).
 * Checked: `test(a, hull)` and `test(hull, a)` equal the reference; `contact` is null exactly when
 * apart (polytopes and the plane).
 * Runs: 200 per family in CI (fixed seed); COLLIDE_DEEP=1 runs 3000. The random family goes in
 * chunks of 25 (about 7 s each): one synchronous run of 200 took a minute, which times out
 * vitest's worker RPC.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";
import { stepUlps } from "../reference/float-bits.ts";
import {
  overlapRef,
  type P3,
  planeOverlapRef,
  refBox,
  type Solid3,
} from "../reference/overlap3d.ts";
import { assertProperty } from "./exact-setup.ts";

const CI_RUNS = 200;
const RUNS = process.env.COLLIDE_DEEP ? 3_000 : CI_RUNS;
const KINDS = ["point", "segment", "sphere", "capsule", "aabb", "box", "triangle", "hull"];
const ROT = [
  { x: 0, y: 0, z: 0, w: 1 },
  { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 },
  { x: 0.1, y: 0.2, z: 0.3, w: 0.9 },
];

/** The library's shape and the reference's solid (null for a plane: see planeOf). */
function build(kind: string, P: P3[], r: number, rot: number): { shape: c3.Shape; ref: Solid3 } {
  const [p0, p1, p2] = [P[0]!, P[1]!, P[2]!];
  switch (kind) {
    case "point":
      return {
        shape: c3.pointShape(p0.x, p0.y, p0.z),
        ref: { kind: "sphere", center: p0, radius: 0 },
      };
    case "segment":
      return { shape: c3.segment(p0, p1), ref: { kind: "capsule", a: p0, b: p1, radius: 0 } };
    case "sphere":
      return {
        shape: c3.sphere(p0.x, p0.y, p0.z, r),
        ref: { kind: "sphere", center: p0, radius: r },
      };
    case "capsule":
      return { shape: c3.capsule(p0, p1, r), ref: { kind: "capsule", a: p0, b: p1, radius: r } };
    case "aabb": {
      const min = c3.vec(Math.min(p0.x, p1.x), Math.min(p0.y, p1.y), Math.min(p0.z, p1.z));
      const max = c3.vec(Math.max(p0.x, p1.x), Math.max(p0.y, p1.y), Math.max(p0.z, p1.z));
      return { shape: c3.aabb(min, max), ref: { kind: "aabb", min, max } };
    }
    case "box": {
      const h = c3.vec(
        Math.abs(p1.x - p0.x) / 2,
        Math.abs(p1.y - p0.y) / 2,
        Math.abs(p1.z - p0.z) / 2,
      );
      const shape = c3.box(p0, h, ROT[rot]!);
      return { shape, ref: refBox(p0, h, ROT[rot]!) };
    }
    case "triangle":
      return { shape: c3.triangle(p0, p1, p2), ref: { kind: "triangle", a: p0, b: p1, c: p2 } };
    default: {
      // Half the hulls carry faces from convexHull, half are bare point lists.
      const shape = rot === 0 ? c3.hull(P) : c3.convexHull(P);
      return { shape, ref: { kind: "hull", points: P } };
    }
  }
}

const POLY = new Set(["aabb", "box", "triangle", "hull"]);
const OUT = c3.makeContact();

/** Checks a against the hull b both ways, contacts included, and the plane through a's points. */
function check(kind: string, A: P3[], r: number, rot: number, B: P3[]): void {
  const a = build(kind, A, r, rot);
  const b = build("hull", B, 0, rot);
  const want = overlapRef(a.ref, b.ref);
  const fail = (what: string) => {
    throw new Error(
      `${what}: ${kind} ${JSON.stringify(A)} r=${r} rot=${rot} vs ${JSON.stringify(B)}, ref ${want}`,
    );
  };
  if (c3.test(a.shape, b.shape) !== want) fail("test(a, hull)");
  if (c3.test(b.shape, a.shape) !== want) fail("test(hull, a)");
  if (POLY.has(kind) && (c3.contact(a.shape, b.shape, OUT) !== null) !== want) fail("contact");
  // A plane through a's first point with a normal from a's other points.
  const n = c3.vec(A[1]!.x - A[2]!.x, A[1]!.y - A[2]!.y, A[1]!.z - A[2]!.z);
  if (n.x === 0 && n.y === 0 && n.z === 0) return;
  const o = n.x * A[0]!.x + n.y * A[0]!.y + n.z * A[0]!.z;
  if (!Number.isFinite(o)) return;
  const pl = c3.plane(n, o);
  const pw = planeOverlapRef({ normal: n, offset: o }, b.ref);
  if (c3.test(pl, b.shape) !== pw) fail(`test(plane, hull) ${JSON.stringify(n)} ${o}`);
  if ((c3.contact(pl, b.shape, OUT) !== null) !== pw) fail("contact(plane, hull)");
}

const lattice = fc.integer({ min: -3, max: 3 });
const latticeVec = fc.tuple(lattice, lattice, lattice);
const latticeCase = fc.record({
  kind: fc.constantFrom(...KINDS),
  a: fc.array(latticeVec, { minLength: 3, maxLength: 3 }),
  b: fc.array(latticeVec, { minLength: 4, maxLength: 6 }),
  r: fc.integer({ min: 0, max: 2 }),
  rot: fc.integer({ min: 0, max: 2 }),
  s: fc.constantFrom(1, 2 ** -30, 1e-100, 1e100),
  o: fc.constantFrom(0, 1e9),
  k: fc.constantFrom(0, 0, 1, -1, 3),
});

const unit = fc.double({ min: -1.5, max: 1.5, noNaN: true });
const floatVec = fc.tuple(unit, unit, unit);
const floatCase = fc.record({
  kind: fc.constantFrom(...KINDS),
  a: fc.array(floatVec, { minLength: 3, maxLength: 3 }),
  b: fc.array(floatVec, { minLength: 4, maxLength: 10 }),
  r: fc.double({ min: 0, max: 0.5, noNaN: true }),
  rot: fc.integer({ min: 0, max: 2 }),
});

const vec = ([x, y, z]: [number, number, number]): P3 => c3.vec(x, y, z);

describe("hull tests against the exact reference (float hit certificates)", () => {
  it("lattice shapes, touching exactly or a few ulps off, at extreme scales", async () => {
    await assertProperty(
      "hull-test3d lattice",
      latticeCase,
      ({ kind, a, b, r, rot, s, o, k }) => {
        const A = a.map(([x, y, z]) => c3.vec(x * s + o, y * s + o, z * s + o));
        const B = b.map(([x, y, z]) =>
          c3.vec(stepUlps(x * s + o, k), stepUlps(y * s + o, k), stepUlps(z * s + o, k)),
        );
        check(kind, A, r * s, rot, B);
      },
      RUNS,
      CI_RUNS,
    );
  });

  it("random doubles: deep overlaps and clear misses", async () => {
    await assertProperty(
      "hull-test3d float",
      floatCase,
      ({ kind, a, b, r, rot }) => check(kind, a.map(vec), r, rot, b.map(vec)),
      RUNS,
      25,
    );
  });
});
