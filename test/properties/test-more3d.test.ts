/**
 * The remaining exact 3D tests (src/3d/query/test-more.ts) against the BigInt references of
 * test/reference/overlap3d.ts. Inputs are lattice shapes (so ends, edges and faces touch often)
 * under one global placement p -> s p + o (scales 1e-100..1e100, offsets 1e9; frustum cases use
 * power-of-two scales so the frustum keeps its shape), then one coordinate moved by -3..3 ulps.
 * Run counts per property are set for about 8 s in CI in total (printed with the seed).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  type Frustum,
  mesh,
  type Plane,
  testCapsuleFrustum,
  testFrustumFrustum,
  testLineFrustum,
  testLineLine,
  testLineRay,
  testLineSegment,
  testMeshFrustum,
  testMeshMesh,
  testPlaneFrustum,
  testPlaneMesh,
  testPointFrustum,
  testRayFrustum,
  testRayRay,
  testRaySegment,
  testSegmentFrustum,
  testSegmentSegment,
  testTriangleFrustum,
  type Vec,
} from "../../src/3d/index.ts";
import { show, stepUlps } from "../reference/float-bits.ts";
import {
  linearLinearRef,
  linearOverlapRef,
  overlapRef,
  planeOverlapRef,
  type RefLinear,
  type Solid3,
} from "../reference/overlap3d.ts";
import { assertProperty } from "./exact-setup.ts";

interface Place {
  s: number;
  o: number;
}
const lat = fc.integer({ min: -3, max: 3 });
const latVec = fc.record({ x: lat, y: lat, z: lat });
const anyPlace: fc.Arbitrary<Place> = fc.record({
  s: fc.constantFrom(1, 1, 2 ** -30, 2 ** 40, 1e-7, 3e-100, 1e100),
  o: fc.constantFrom(0, 0, 1e9),
});
const framePlace: fc.Arbitrary<Place> = fc.oneof(
  fc.record({ s: fc.constantFrom(1, 2 ** -30, 2 ** 40, 2 ** -300, 2 ** 300), o: fc.constant(0) }),
  fc.constant({ s: 1, o: 1e9 }),
);
const at = (v: Vec, p: Place): Vec => ({
  x: v.x * p.s + p.o,
  y: v.y * p.s + p.o,
  z: v.z * p.s + p.o,
});
const scaled = (v: Vec, p: Place): Vec => ({ x: v.x * p.s, y: v.y * p.s, z: v.z * p.s });
/** Moves coordinate `c` (0..2) of v by k ulps. */
const nudge = (v: Vec, c: number, k: number): Vec => ({
  x: c === 0 ? stepUlps(v.x, k) : v.x,
  y: c === 1 ? stepUlps(v.y, k) : v.y,
  z: c === 2 ? stepUlps(v.z, k) : v.z,
});
const add = (u: Vec, v: Vec): Vec => ({ x: u.x + v.x, y: u.y + v.y, z: u.z + v.z });
const wiggle = fc.tuple(fc.nat(2), fc.integer({ min: -3, max: 3 }));

type Kind = "line" | "ray" | "segment";
/** A linear shape: a lattice origin and a lattice second point (segment) or direction (zero allowed for segments). */
function linearArb(kind: Kind): fc.Arbitrary<{ kind: Kind; o: Vec; e: Vec }> {
  const e = kind === "segment" ? latVec : latVec.filter((d) => d.x !== 0 || d.y !== 0 || d.z !== 0);
  return fc.record({ kind: fc.constant(kind), o: latVec, e });
}
function placeLinear(l: { kind: Kind; o: Vec; e: Vec }, p: Place, c: number, k: number): RefLinear {
  const o = nudge(at(l.o, p), c, k);
  if (l.kind === "segment") return { kind: "segment", o, e: at(l.e, p) };
  return { kind: l.kind, o, d: scaled(l.e, p) };
}
/** The library's shape for a reference linear shape. */
function lib(l: RefLinear): unknown {
  if (l.kind === "segment") return { a: l.o, b: l.e };
  if (l.kind === "ray") return { origin: l.o, dir: l.d };
  return { point: l.o, dir: l.d };
}

type Fn = (a: never, b: never) => boolean;
const LINEAR: [Kind, Kind, Fn, number][] = [
  ["line", "line", testLineLine, 6000],
  ["line", "ray", testLineRay, 6000],
  ["line", "segment", testLineSegment, 6000],
  ["ray", "ray", testRayRay, 6000],
  ["ray", "segment", testRaySegment, 6000],
  ["segment", "segment", testSegmentSegment, 6000],
];

describe("linear x linear equal the exact reference", () => {
  for (const [ka, kb, fn, runs] of LINEAR) {
    it(`${ka} vs ${kb}`, async () => {
      const arb = fc
        .tuple(linearArb(ka), linearArb(kb), anyPlace, wiggle, fc.nat(3))
        .map(([a, b, p, [c, k], m]) => {
          // Often start B on a lattice point of A (its origin, its end or 2 steps along), so they touch.
          const e = a.kind === "segment" ? a.e : add(a.o, a.e);
          const on = m === 1 ? a.o : m === 2 ? e : m === 3 ? add(a.o, add(a.e, a.e)) : b.o;
          const b2 = { ...b, o: on };
          return [placeLinear(a, p, 0, 0), placeLinear(b2, p, c, k)] as const;
        });
      await assertProperty(
        `test-more3d ${ka} ${kb}`,
        arb,
        ([a, b]) => {
          const want = linearLinearRef(a, b);
          const got = (fn as (x: unknown, y: unknown) => boolean)(lib(a), lib(b));
          if (got !== want)
            throw new Error(`test ${ka} ${kb} = ${got}, exact ${want}: ${show([a, b])}`);
        },
        runs,
      );
    }, 120_000);
  }
});

/**
 * Truncated pyramids with lattice apex t: |x - tx| <= q (z - tz), |y - ty| <= z - tz,
 * 1 <= z - tz <= f (q in 1, 2; f in 2, 3), planes left, right, bottom, top, near, far; and
 * lattice cubes. Placed exactly (power-of-two scale, or the offset 1e9 at scale 1).
 */
const frustumArb = fc.oneof(
  fc.tuple(latVec, fc.constantFrom(1, 2), fc.constantFrom(2, 3)).map(([t, q, f]) => [
    { normal: { x: -1, y: 0, z: -q }, offset: -t.x - q * t.z },
    { normal: { x: 1, y: 0, z: -q }, offset: t.x - q * t.z },
    { normal: { x: 0, y: -1, z: -1 }, offset: -t.y - t.z },
    { normal: { x: 0, y: 1, z: -1 }, offset: t.y - t.z },
    { normal: { x: 0, y: 0, z: -1 }, offset: -1 - t.z },
    { normal: { x: 0, y: 0, z: 1 }, offset: f + t.z },
  ]),
  fc.tuple(latVec, fc.constantFrom(1, 2)).map(([t, w]) => [
    { normal: { x: -1, y: 0, z: 0 }, offset: -t.x },
    { normal: { x: 1, y: 0, z: 0 }, offset: t.x + w },
    { normal: { x: 0, y: -1, z: 0 }, offset: -t.y },
    { normal: { x: 0, y: 1, z: 0 }, offset: t.y + w },
    { normal: { x: 0, y: 0, z: -1 }, offset: -t.z },
    { normal: { x: 0, y: 0, z: 1 }, offset: t.z + w },
  ]),
);
function placeFrustum(planes: Plane[], p: Place): Frustum {
  // n . q <= off with q = s x + o (1, 1, 1): n . q <= s off + o (nx + ny + nz), exact here.
  return {
    planes: planes.map((pl) => ({
      normal: pl.normal,
      offset: pl.offset * p.s + p.o * (pl.normal.x + pl.normal.y + pl.normal.z),
    })),
  };
}
const asSolid = (f: Frustum): Solid3 => ({ kind: "frustum", planes: f.planes });

type Other = "point" | "line" | "ray" | "segment" | "plane" | "capsule" | "triangle" | "frustum";
const radius = fc.constantFrom(0, 0.5, 1, 2);

/** One shape of the kind, placed, with one coordinate wiggled; and the exact verdict against f. */
function otherArb(kind: Other): fc.Arbitrary<{ f: Frustum; x: unknown; want: () => boolean }> {
  return fc
    .tuple(frustumArb, framePlace, latVec, latVec, latVec, radius, frustumArb, wiggle)
    .filter(
      ([, , , e]) => (kind !== "line" && kind !== "ray") || e.x !== 0 || e.y !== 0 || e.z !== 0,
    )
    .filter(([, , n]) => kind !== "plane" || n.x !== 0 || n.y !== 0 || n.z !== 0)
    .map(([fp, p, u, v, w, r, gp, [c, k]]) => {
      const f = placeFrustum(fp, p);
      const F = asSolid(f);
      const a = nudge(at(u, p), c, k);
      switch (kind) {
        case "point":
          return { f, x: a, want: () => overlapRef({ kind: "sphere", center: a, radius: 0 }, F) };
        case "line":
        case "ray": {
          const d = scaled(v, p);
          const x = kind === "ray" ? { origin: a, dir: d } : { point: a, dir: d };
          return { f, x, want: () => linearOverlapRef(a, d, kind === "ray", F) };
        }
        case "segment": {
          const b = at(v, p);
          return {
            f,
            x: { a, b },
            want: () => overlapRef({ kind: "capsule", a, b, radius: 0 }, F),
          };
        }
        case "plane": {
          // Normal u (before the wiggle), through the lattice point v.
          const off =
            stepUlps(u.x * v.x + u.y * v.y + u.z * v.z, k) * p.s + p.o * (u.x + u.y + u.z);
          const pl = { normal: u, offset: off };
          return { f, x: pl, want: () => planeOverlapRef(pl, F) };
        }
        case "capsule": {
          const b = at(v, p);
          const rr = r * p.s;
          return {
            f,
            x: { a, b, radius: rr },
            want: () => overlapRef({ kind: "capsule", a, b, radius: rr }, F),
          };
        }
        case "triangle": {
          const b = at(v, p);
          const cc = at(w, p);
          return {
            f,
            x: { a, b, c: cc },
            want: () => overlapRef({ kind: "triangle", a, b, c: cc }, F),
          };
        }
        default: {
          const g = placeFrustum(gp, p);
          return { f, x: g, want: () => overlapRef(asSolid(g), F) };
        }
      }
    });
}

const FRUSTUM: [Other, Fn, number][] = [
  ["point", testPointFrustum, 300],
  ["line", testLineFrustum, 200],
  ["ray", testRayFrustum, 200],
  ["segment", testSegmentFrustum, 200],
  ["plane", testPlaneFrustum, 1000],
  ["capsule", testCapsuleFrustum, 150],
  ["triangle", testTriangleFrustum, 60],
  ["frustum", testFrustumFrustum, 16],
];

describe("frustum pairs equal the exact reference", () => {
  for (const [kind, fn, runs] of FRUSTUM) {
    it(`${kind} vs frustum`, async () => {
      await assertProperty(
        `test-more3d ${kind} frustum`,
        otherArb(kind),
        ({ f, x, want }) => {
          const w = want();
          const got = (fn as (x: unknown, y: unknown) => boolean)(x, f);
          if (got !== w)
            throw new Error(`test ${kind} frustum = ${got}, exact ${w}: ${show([x, f])}`);
        },
        runs,
      );
    }, 120_000);
  }
});

/** A mesh of two lattice triangles sharing an edge, placed, one corner wiggled. */
const meshArb = fc.tuple(latVec, latVec, latVec, latVec);
function placeMesh([a, b, c, d]: [Vec, Vec, Vec, Vec], p: Place, ci: number, k: number): number[] {
  return [nudge(at(a, p), ci, k), at(b, p), at(c, p), at(d, p)].flatMap((v) => [v.x, v.y, v.z]);
}
const tris = (pos: number[]): Solid3[] =>
  [
    [0, 1, 2],
    [0, 2, 3],
  ].map(([i, j, l]) => ({
    kind: "triangle",
    a: { x: pos[3 * i!]!, y: pos[3 * i! + 1]!, z: pos[3 * i! + 2]! },
    b: { x: pos[3 * j!]!, y: pos[3 * j! + 1]!, z: pos[3 * j! + 2]! },
    c: { x: pos[3 * l!]!, y: pos[3 * l! + 1]!, z: pos[3 * l! + 2]! },
  }));
const IDX = [0, 1, 2, 0, 2, 3];

describe("mesh pairs equal the exact reference over their triangles", () => {
  it("plane vs mesh", async () => {
    const arb = fc
      .tuple(
        meshArb,
        latVec.filter((n) => n.x !== 0 || n.y !== 0 || n.z !== 0),
        latVec,
        anyPlace,
        wiggle,
      )
      .map(([m, n, q, p, [c, k]]) => {
        const pos = placeMesh(m, p, c, k);
        const offset = (n.x * q.x + n.y * q.y + n.z * q.z) * p.s + p.o * (n.x + n.y + n.z);
        return { pos, pl: { normal: n, offset } };
      });
    await assertProperty(
      "test-more3d plane mesh",
      arb,
      ({ pos, pl }) => {
        const want = tris(pos).some((t) => planeOverlapRef(pl, t));
        const got = testPlaneMesh(pl, mesh(pos, IDX));
        if (got !== want)
          throw new Error(`testPlaneMesh = ${got}, exact ${want}: ${show([pl, pos])}`);
      },
      2000,
    );
  }, 120_000);
  it("mesh vs mesh", async () => {
    const arb = fc
      .tuple(meshArb, meshArb, anyPlace, wiggle)
      .map(([m, n, p, [c, k]]) => [placeMesh(m, p, 0, 0), placeMesh(n, p, c, k)] as const);
    await assertProperty(
      "test-more3d mesh mesh",
      arb,
      ([pa, pb]) => {
        const ta = tris(pa);
        const tb = tris(pb);
        const want = ta.some((s) => tb.some((t) => overlapRef(s, t)));
        const got = testMeshMesh(mesh(pa, IDX), mesh(pb, IDX));
        if (got !== want)
          throw new Error(`testMeshMesh = ${got}, exact ${want}: ${show([pa, pb])}`);
      },
      200,
    );
  }, 120_000);
  it("mesh vs frustum", async () => {
    const arb = fc
      .tuple(meshArb, frustumArb, framePlace, wiggle)
      .map(([m, fp, p, [c, k]]) => ({ pos: placeMesh(m, p, c, k), f: placeFrustum(fp, p) }));
    await assertProperty(
      "test-more3d mesh frustum",
      arb,
      ({ pos, f }) => {
        const want = tris(pos).some((t) => overlapRef(t, asSolid(f)));
        const got = testMeshFrustum(mesh(pos, IDX), f);
        if (got !== want)
          throw new Error(`testMeshFrustum = ${got}, exact ${want}: ${show([pos, f])}`);
      },
      40,
    );
  }, 120_000);
});
