/**
 * Hulls and meshes against the exact references.
 *
 * - test<X>Hull equals the BigInt enumeration of test/reference/overlap3d.ts (overlapRef,
 *   planeOverlapRef, linearOverlapRef), and distance<X>Hull is 0 exactly when the test is true.
 * - test<X>Mesh equals "some triangle meets it" by the exact test<X>Triangle over every triangle,
 *   and distance<X>Mesh equals the least distance<X>Triangle over them, to the last bit (the BVH
 *   walk skips only what cannot be nearer); 0 exactly when the test is true.
 *
 * Cases sit on the integer lattice (hulls of 1 to 5 lattice points, so flat, collinear and
 * repeated points are common, and faces, edges and corners touch exactly), scaled by 1, 2^-30,
 * 2^40, 1e-7, 3e-100 or 1e100, offset by 0 or 1e9, then one number nudged by up to 3 ulps.
 * - Swept cores (exactWithinSwept, coresWithinSwept) equal the reference's hull of the start and
 *   end vertices (exact sums), with motions whose vertex + m is usually not a double.
 * - intersect{Line,Ray,Segment}Hull: null exactly on a miss; on a hit the entry is on the hull
 *   and the exact reference finds nothing of the hull before it.
 *
 * Runs per property in CI (NUM_RUNS = 1e5): 250 where the reference is cheap, 62 for aabbs,
 * boxes, meshes and most sweeps, 12 for sweeps of 8-vertex cores and hull-hull sweeps.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  type Aabb,
  type Box,
  type Capsule,
  closestPointsAabbMesh,
  closestPointsAabbTriangle,
  closestPointsBoxMesh,
  closestPointsBoxTriangle,
  closestPointsCapsuleMesh,
  closestPointsCapsuleTriangle,
  closestPointsHullMesh,
  closestPointsPointMesh,
  closestPointsPointTriangle,
  closestPointsSegmentMesh,
  closestPointsSegmentTriangle,
  closestPointsSphereMesh,
  closestPointsSphereTriangle,
  closestPointsTriangleHull,
  closestPointsTriangleMesh,
  closestPointsTriangleTriangle,
  distanceAabbHull,
  distanceBoxHull,
  distanceCapsuleHull,
  distanceHullHull,
  distancePointHull,
  distanceSegmentHull,
  distanceSphereHull,
  distanceTriangleHull,
  type Hull,
  intersectLineHull,
  intersectRayHull,
  intersectSegmentHull,
  mesh,
  type Plane,
  type Segment,
  type Sphere,
  type Triangle,
  testAabbHull,
  testAabbMesh,
  testAabbTriangle,
  testBoxHull,
  testBoxMesh,
  testBoxTriangle,
  testCapsuleHull,
  testCapsuleMesh,
  testCapsuleTriangle,
  testHullHull,
  testHullMesh,
  testLineHull,
  testPlaneHull,
  testPointHull,
  testPointMesh,
  testPointTriangle,
  testRayHull,
  testSegmentHull,
  testSegmentMesh,
  testSegmentTriangle,
  testSphereHull,
  testSphereMesh,
  testSphereTriangle,
  testTriangleHull,
  testTriangleMesh,
  testTriangleTriangle,
  type Vec,
} from "../../src/3d/index.ts";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_HULL,
  CORE_POINT,
  CORE_SEGMENT,
  CORE_TRIANGLE,
  exactWithinSwept,
} from "../../src/3d/overlap/exact.ts";
import { coresWithinSwept } from "../../src/3d/overlap/rounded.ts";
import { show, stepUlps } from "../reference/float-bits.ts";
import {
  linearOverlapRef,
  overlapRef,
  planeOverlapRef,
  type Solid3,
  sweptOverlapRef,
} from "../reference/overlap3d.ts";
import { assertProperty, NUM_RUNS, Tally } from "./exact-setup.ts";

const RUNS = Math.max(1, Math.floor(NUM_RUNS / 400));
const MID = Math.max(1, Math.floor(NUM_RUNS / 1600));
/** Swept boxes, aabbs and hulls: the reference enumerates subsets of 10 to 16 vertices. */
const FEW = Math.max(1, Math.floor(NUM_RUNS / 8000));

const lat = fc.integer({ min: -3, max: 3 });
const latHalf = fc.integer({ min: -6, max: 6 }).map((n) => n / 2);
const vecArb = fc.record({ x: lat, y: lat, z: lat });
const radius = fc.constantFrom(0, 0.5, 1, 2, 3, 5, 7);
const SQ = Math.SQRT1_2;
const rotation = fc.constantFrom(
  { x: 0, y: 0, z: 0, w: 1 },
  { x: 0, y: 0, z: 1, w: 0 },
  { x: 0, y: 0, z: SQ, w: SQ },
  { x: SQ, y: 0, z: 0, w: SQ },
  { x: 0.5, y: 0.5, z: 0.5, w: 0.5 },
);

type Kind = "point" | "segment" | "sphere" | "capsule" | "aabb" | "box" | "triangle" | "hull";
type Shape =
  | { kind: "point"; p: Vec }
  | { kind: "segment"; a: Vec; b: Vec }
  | { kind: "sphere"; center: Vec; radius: number }
  | { kind: "capsule"; a: Vec; b: Vec; radius: number }
  | { kind: "aabb"; min: Vec; max: Vec }
  | { kind: "box"; center: Vec; halfExtents: Vec; rotation: Box["rotation"] }
  | { kind: "triangle"; a: Vec; b: Vec; c: Vec }
  | { kind: "hull"; points: Vec[] };

const hullArb = fc
  .array(vecArb, { minLength: 1, maxLength: 5 })
  .map((points) => ({ kind: "hull" as const, points }));

const ARB: Record<Kind, fc.Arbitrary<Shape>> = {
  point: vecArb.map((p) => ({ kind: "point" as const, p })),
  segment: fc.record({ kind: fc.constant("segment" as const), a: vecArb, b: vecArb }),
  sphere: fc.record({ kind: fc.constant("sphere" as const), center: vecArb, radius }),
  capsule: fc.record({ kind: fc.constant("capsule" as const), a: vecArb, b: vecArb, radius }),
  aabb: fc.tuple(vecArb, fc.record({ x: fc.nat(3), y: fc.nat(3), z: fc.nat(3) })).map(([m, d]) => ({
    kind: "aabb" as const,
    min: m,
    max: { x: m.x + d.x, y: m.y + d.y, z: m.z + d.z },
  })),
  box: fc.record({
    kind: fc.constant("box" as const),
    center: fc.record({ x: latHalf, y: latHalf, z: latHalf }),
    halfExtents: fc.record({
      x: fc.constantFrom(0, 0.5, 1, 1.5),
      y: fc.constantFrom(0, 0.5, 1, 1.5),
      z: fc.constantFrom(0, 0.5, 1, 1.5),
    }),
    rotation,
  }),
  triangle: fc.record({ kind: fc.constant("triangle" as const), a: vecArb, b: vecArb, c: vecArb }),
  hull: hullArb,
};

/** p -> s p + o on every coordinate; lengths times s. */
interface Place {
  s: number;
  o: number;
}
const placeArb: fc.Arbitrary<Place> = fc.record({
  s: fc.constantFrom(1, 1, 2 ** -30, 2 ** 40, 1e-7, 3e-100, 1e100),
  o: fc.constantFrom(0, 0, 1e9),
});
const mv = (v: Vec, p: Place): Vec => ({
  x: v.x * p.s + p.o,
  y: v.y * p.s + p.o,
  z: v.z * p.s + p.o,
});

function placed(x: Shape, p: Place): Shape {
  switch (x.kind) {
    case "point":
      return { ...x, p: mv(x.p, p) };
    case "segment":
      return { ...x, a: mv(x.a, p), b: mv(x.b, p) };
    case "sphere":
      return { ...x, center: mv(x.center, p), radius: x.radius * p.s };
    case "capsule":
      return { ...x, a: mv(x.a, p), b: mv(x.b, p), radius: x.radius * p.s };
    case "aabb":
      return { ...x, min: mv(x.min, p), max: mv(x.max, p) };
    case "box": {
      const h = x.halfExtents;
      return {
        ...x,
        center: mv(x.center, p),
        halfExtents: { x: h.x * p.s, y: h.y * p.s, z: h.z * p.s },
      };
    }
    case "triangle":
      return { ...x, a: mv(x.a, p), b: mv(x.b, p), c: mv(x.c, p) };
    case "hull":
      return { ...x, points: x.points.map((q) => mv(q, p)) };
  }
}

/** Moves one coordinate of the first point-like field by k ulps (a radius when `which` >= 3). */
function nudged(x: Shape, which: number, k: number): Shape {
  if (k === 0) return x;
  const c = which % 3;
  const bump = (v: Vec): Vec => ({
    x: c === 0 ? stepUlps(v.x, k) : v.x,
    y: c === 1 ? stepUlps(v.y, k) : v.y,
    z: c === 2 ? stepUlps(v.z, k) : v.z,
  });
  switch (x.kind) {
    case "point":
      return { ...x, p: bump(x.p) };
    case "segment":
    case "capsule":
      if (x.kind === "capsule" && which >= 3)
        return { ...x, radius: Math.max(0, stepUlps(x.radius, k)) };
      return { ...x, a: bump(x.a) };
    case "sphere":
      return which >= 3
        ? { ...x, radius: Math.max(0, stepUlps(x.radius, k)) }
        : { ...x, center: bump(x.center) };
    case "aabb": {
      const m = bump(x.min);
      return {
        ...x,
        min: { x: Math.min(m.x, x.max.x), y: Math.min(m.y, x.max.y), z: Math.min(m.z, x.max.z) },
      };
    }
    case "box":
      return { ...x, center: bump(x.center) };
    case "triangle":
      return { ...x, a: bump(x.a) };
    case "hull":
      return {
        ...x,
        points: x.points.map((q, i) => (i === which % x.points.length ? bump(q) : q)),
      };
  }
}

const mid = (a: Vec, b: Vec): Vec => ({
  x: (a.x + b.x) / 2,
  y: (a.y + b.y) / 2,
  z: (a.z + b.z) / 2,
});

/** The reference's view of a shape. */
function solid(x: Shape): Solid3 {
  switch (x.kind) {
    case "point":
      return { kind: "sphere", center: x.p, radius: 0 };
    case "segment":
      return { kind: "capsule", a: x.a, b: x.b, radius: 0 };
    default:
      return x;
  }
}

/** The library's argument for a shape. */
const arg = (x: Shape): unknown => (x.kind === "point" ? x.p : x);

type Fn = (a: never, b: never) => unknown;
const HULL_PAIRS: [Kind, Fn, Fn, number][] = [
  ["point", testPointHull, distancePointHull, RUNS],
  ["segment", testSegmentHull, distanceSegmentHull, RUNS],
  ["sphere", testSphereHull, distanceSphereHull, RUNS],
  ["capsule", testCapsuleHull, distanceCapsuleHull, RUNS],
  ["aabb", testAabbHull, distanceAabbHull, MID],
  ["box", testBoxHull, distanceBoxHull, MID],
  ["triangle", testTriangleHull, distanceTriangleHull, RUNS],
  ["hull", testHullHull, distanceHullHull, RUNS],
];

describe("test<X>Hull equals the exact reference; distance is 0 exactly when it is true", () => {
  for (const [kind, test, dist, runs] of HULL_PAIRS) {
    it(`${kind} vs hull`, async () => {
      const tally = new Tally(`hull ${kind}`);
      await assertProperty(
        `hull-mesh3d ${kind} hull`,
        fc
          .tuple(
            ARB[kind],
            hullArb,
            placeArb,
            fc.nat(5),
            fc.integer({ min: -3, max: 3 }),
            fc.boolean(),
          )
          .map(([a0, h, p, w, k, which]) => {
            // Points: half the time the midpoint of two hull points (on its edge or inside).
            const a =
              a0.kind === "point" && w < 3
                ? { kind: "point" as const, p: mid(h.points[0]!, h.points[h.points.length - 1]!) }
                : a0;
            const A = placed(a, p);
            const H = placed(h, p);
            return which ? ([nudged(A, w, k), H] as const) : ([A, nudged(H, w, k)] as const);
          }),
        ([a, h]) => {
          const want = overlapRef(solid(a), h as Solid3);
          const got = (test as (x: unknown, y: unknown) => boolean)(arg(a), h);
          if (got !== want)
            throw new Error(`test${kind}Hull = ${got}, exact ${want}: ${show([a, h])}`);
          const d = (dist as (x: unknown, y: unknown) => number)(arg(a), h);
          if ((d === 0) !== want || !(d >= 0 && d < Number.POSITIVE_INFINITY)) {
            throw new Error(`distance${kind}Hull = ${d}, touching ${want}: ${show([a, h])}`);
          }
          tally.add(want ? "hit" : "miss");
        },
        runs,
      );
      tally.print();
    }, 120_000);
  }

  it("plane vs hull", async () => {
    await assertProperty(
      "hull-mesh3d plane hull",
      fc
        .tuple(vecArb, vecArb, hullArb, placeArb, fc.nat(5), fc.integer({ min: -3, max: 3 }))
        .filter(([n]) => n.x !== 0 || n.y !== 0 || n.z !== 0)
        .map(([n, q, h, p, w, k]) => {
          // A plane through a lattice point, moved with the case: n . x = s (n . q) + o (nx + ny + nz).
          const offset = (n.x * q.x + n.y * q.y + n.z * q.z) * p.s + p.o * (n.x + n.y + n.z);
          const pl: Plane = { normal: n, offset: stepUlps(offset, w === 0 ? k : 0) };
          return [pl, nudged(placed(h, p), w, k) as Hull] as const;
        }),
      ([pl, h]) => {
        const want = planeOverlapRef(pl, { kind: "hull", points: h.points });
        const got = testPlaneHull(pl, h);
        if (got !== want)
          throw new Error(`testPlaneHull = ${got}, exact ${want}: ${show([pl, h])}`);
      },
      RUNS,
    );
  }, 120_000);

  it("ray and line vs hull", async () => {
    const tally = new Tally("ray/line hull");
    await assertProperty(
      "hull-mesh3d ray line hull",
      fc
        .tuple(vecArb, vecArb, hullArb, placeArb, fc.nat(5), fc.integer({ min: -3, max: 3 }))
        .map(([o, d, h, p, w, k]) => {
          const origin = nudged({ kind: "point", p: mv(o, p) }, w, k) as { p: Vec };
          const dir = { x: d.x * p.s, y: d.y * p.s, z: d.z * p.s };
          return [origin.p, dir, placed(h, p) as Hull] as const;
        }),
      ([o, d, h]) => {
        const s: Solid3 = { kind: "hull", points: h.points };
        const wantRay = linearOverlapRef(o, d, true, s);
        const wantLine = linearOverlapRef(o, d, false, s);
        const gotRay = testRayHull({ origin: o, dir: d }, h);
        const gotLine = testLineHull({ point: o, dir: d }, h);
        if (gotRay !== wantRay)
          throw new Error(`testRayHull = ${gotRay}, exact ${wantRay}: ${show([o, d, h])}`);
        if (gotLine !== wantLine)
          throw new Error(`testLineHull = ${gotLine}, exact ${wantLine}: ${show([o, d, h])}`);
        tally.add(`ray ${wantRay}`);
        tally.add(`line ${wantLine}`);
      },
      RUNS,
    );
    tally.print();
  }, 120_000);
});

describe("intersect{Line,Ray,Segment}Hull: null exactly on a miss, an accurate entry on a hit", () => {
  it("entry on the hull, nothing of the hull earlier, t in range", async () => {
    const tally = new Tally("intersect hull");
    await assertProperty(
      "hull-mesh3d intersect hull",
      fc
        .tuple(
          vecArb,
          vecArb,
          hullArb,
          placeArb,
          fc.constantFrom(0, 1, 2),
          fc.nat(5),
          fc.integer({ min: -3, max: 3 }),
        )
        .map(([o, e0, h, p, form, w, k]) => {
          // Aimed at the midpoint of two hull points (often a vertex or an edge: grazing) unless w = 5.
          const q = mid(h.points[0]!, h.points[h.points.length - 1]!);
          const aim = { x: 2 * (q.x - o.x), y: 2 * (q.y - o.y), z: 2 * (q.z - o.z) };
          const e =
            w === 5 ? e0 : form === 2 ? { x: o.x + aim.x, y: o.y + aim.y, z: o.z + aim.z } : aim;
          const a = nudged({ kind: "point", p: mv(o, p) }, w, k) as { p: Vec };
          const end = form === 2 ? mv(e, p) : { x: e.x * p.s, y: e.y * p.s, z: e.z * p.s };
          return [a.p, end, placed(h, p) as Hull, form] as const;
        }),
      ([o, e, h, form]) => {
        const s: Solid3 = { kind: "hull", points: h.points };
        // form 0: line o + t e; 1: ray; 2: segment o -> e (d = e - o, exact in the reference).
        const d = form === 2 ? { x: e.x - o.x, y: e.y - o.y, z: e.z - o.z } : e;
        const hit =
          form === 0
            ? intersectLineHull({ point: o, dir: e }, h)
            : form === 1
              ? intersectRayHull({ origin: o, dir: e }, h)
              : intersectSegmentHull({ a: o, b: e }, h);
        const want =
          form === 2
            ? overlapRef({ kind: "capsule", a: o, b: e, radius: 0 }, s)
            : linearOverlapRef(o, e, form === 1, s);
        if ((hit !== null) !== want)
          throw new Error(
            `intersect form ${form}: ${hit !== null}, exact ${want}: ${show([o, e, h])}`,
          );
        if (hit === null) return;
        tally.add(hit.inside ? "inside" : `form ${form}`);
        const vals = [
          hit.t,
          hit.point.x,
          hit.point.y,
          hit.point.z,
          hit.normal.x,
          hit.normal.y,
          hit.normal.z,
        ];
        if (!vals.every((v) => Number.isFinite(v))) throw new Error(`non-finite hit ${show(hit)}`);
        if (form > 0 && hit.t < 0) throw new Error(`t ${hit.t} < 0`);
        if (form === 2 && hit.t > 1) throw new Error(`t ${hit.t} > 1`);
        if (hit.inside) return;
        const m = Math.max(
          ...[o, e, ...h.points].flatMap((q) => [Math.abs(q.x), Math.abs(q.y), Math.abs(q.z)]),
        );
        const dist = distancePointHull(hit.point, h);
        if (!(dist <= 2 ** -36 * m))
          throw new Error(`entry ${dist} from the hull (scale ${m}): ${show([o, e, h, hit])}`);
        // Nothing of the hull before t - delta along the cast (exact, on the segment from there back).
        const dn = Math.max(Math.abs(d.x), Math.abs(d.y), Math.abs(d.z));
        const delta = 1e-6 * (1 + Math.abs(hit.t)) + (2 ** -30 * m) / dn;
        const t0 = hit.t - delta;
        const lo = form === 0 ? t0 - 1e3 * (1 + Math.abs(t0)) : 0;
        if (t0 <= lo) return;
        const at = (t: number): Vec => ({ x: o.x + t * d.x, y: o.y + t * d.y, z: o.z + t * d.z });
        if (form === 0) {
          // For a line, everything before t0: the ray from at(t0) backwards.
          const back = { x: -d.x, y: -d.y, z: -d.z };
          if (linearOverlapRef(at(t0), back, true, s))
            throw new Error(`line meets the hull before t = ${hit.t}: ${show([o, e, h])}`);
        } else if (overlapRef({ kind: "capsule", a: o, b: at(t0), radius: 0 }, s)) {
          throw new Error(`form ${form} meets the hull before t = ${hit.t}: ${show([o, e, h])}`);
        }
      },
      RUNS,
    );
    tally.print();
  }, 120_000);
});

/** The exact core of a shape: kind, core data, radius. */
function coreOf(x: Shape): [number, object, number] {
  switch (x.kind) {
    case "point":
      return [CORE_POINT, x.p, 0];
    case "segment":
      return [CORE_SEGMENT, x, 0];
    case "sphere":
      return [CORE_POINT, x.center, x.radius];
    case "capsule":
      return [CORE_SEGMENT, x, x.radius];
    case "aabb":
      return [CORE_AABB, x, 0];
    case "box":
      return [CORE_BOX, x, 0];
    case "triangle":
      return [CORE_TRIANGLE, x, 0];
    case "hull":
      return [CORE_HULL, x, 0];
  }
}

const SWEPT: [Kind, Kind, number][] = [
  ["sphere", "hull", MID],
  ["capsule", "triangle", MID],
  ["hull", "sphere", MID],
  ["hull", "hull", FEW],
  ["triangle", "capsule", MID],
  ["box", "sphere", FEW],
  ["aabb", "segment", FEW],
];

describe("swept cores (exactWithinSwept, coresWithinSwept) equal the exact reference", () => {
  for (const [ka, kb, runs] of SWEPT) {
    it(`${ka} swept against ${kb}`, async () => {
      const tally = new Tally(`swept ${ka} ${kb}`);
      await assertProperty(
        `hull-mesh3d swept ${ka} ${kb}`,
        fc
          .tuple(
            ARB[ka],
            ARB[kb],
            vecArb,
            placeArb,
            fc.nat(5),
            fc.integer({ min: -3, max: 3 }),
            fc.boolean(),
          )
          .map(([a, b, m, p, w, k, tiny]) => {
            // The motion: lattice * s, one component nudged, or 2^-60 * lattice * s (so that
            // vertex + m is usually not a double).
            const f = tiny ? 2 ** -60 * p.s : p.s;
            const mm = { x: m.x * f, y: m.y * f, z: m.z * f };
            if (w < 3)
              mm[w === 0 ? "x" : w === 1 ? "y" : "z"] = stepUlps(
                mm[w === 0 ? "x" : w === 1 ? "y" : "z"],
                k,
              );
            return [placed(a, p), mm, nudged(placed(b, p), w, k)] as const;
          }),
        ([a, m, b]) => {
          const want = sweptOverlapRef(solid(a), m, solid(b));
          const [ca, sa, ra] = coreOf(a);
          const [cb, sb, rb] = coreOf(b);
          const got = exactWithinSwept(ca, sa as never, ra, m.x, m.y, m.z, cb, sb as never, rb);
          const cheap = coresWithinSwept(ca, sa as never, ra, m.x, m.y, m.z, cb, sb as never, rb);
          if (got !== want || cheap !== want) {
            throw new Error(`swept ${got} / ${cheap}, exact ${want}: ${show([a, m, b])}`);
          }
          tally.add(want ? "hit" : "miss");
        },
        runs,
      );
      tally.print();
    }, 120_000);
  }
});

/** Every BVH build, so each query's traversal meets each kind of tree. */
const SPLITS = ["sah", "middle", "morton"] as const;

/** Small lattice meshes: 1 to 24 triangles (the BVH splits above 4), placed like the shapes. */
const meshArb = fc.array(fc.tuple(vecArb, vecArb, vecArb), { minLength: 1, maxLength: 24 });

type MeshFns = {
  test: (s: unknown, m: ReturnType<typeof mesh>) => boolean;
  closest: (s: unknown, m: ReturnType<typeof mesh>) => { distance: number };
  testTri: (s: unknown, t: Triangle) => boolean;
  closestTri: (s: unknown, t: Triangle) => { distance: number };
};
const MESH_FNS: Record<Kind, MeshFns> = {
  point: {
    test: (s, m) => testPointMesh(s as Vec, m),
    closest: (s, m) => closestPointsPointMesh(s as Vec, m),
    testTri: (s, t) => testPointTriangle(s as Vec, t),
    closestTri: (s, t) => closestPointsPointTriangle(s as Vec, t),
  },
  segment: {
    test: (s, m) => testSegmentMesh(s as Segment, m),
    closest: (s, m) => closestPointsSegmentMesh(s as Segment, m),
    testTri: (s, t) => testSegmentTriangle(s as Segment, t),
    closestTri: (s, t) => closestPointsSegmentTriangle(s as Segment, t),
  },
  sphere: {
    test: (s, m) => testSphereMesh(s as Sphere, m),
    closest: (s, m) => closestPointsSphereMesh(s as Sphere, m),
    testTri: (s, t) => testSphereTriangle(s as Sphere, t),
    closestTri: (s, t) => closestPointsSphereTriangle(s as Sphere, t),
  },
  capsule: {
    test: (s, m) => testCapsuleMesh(s as Capsule, m),
    closest: (s, m) => closestPointsCapsuleMesh(s as Capsule, m),
    testTri: (s, t) => testCapsuleTriangle(s as Capsule, t),
    closestTri: (s, t) => closestPointsCapsuleTriangle(s as Capsule, t),
  },
  aabb: {
    test: (s, m) => testAabbMesh(s as Aabb, m),
    closest: (s, m) => closestPointsAabbMesh(s as Aabb, m),
    testTri: (s, t) => testAabbTriangle(s as Aabb, t),
    closestTri: (s, t) => closestPointsAabbTriangle(s as Aabb, t),
  },
  box: {
    test: (s, m) => testBoxMesh(s as Box, m),
    closest: (s, m) => closestPointsBoxMesh(s as Box, m),
    testTri: (s, t) => testBoxTriangle(s as Box, t),
    closestTri: (s, t) => closestPointsBoxTriangle(s as Box, t),
  },
  triangle: {
    test: (s, m) => testTriangleMesh(s as Triangle, m),
    closest: (s, m) => closestPointsTriangleMesh(s as Triangle, m),
    testTri: (s, t) => testTriangleTriangle(s as Triangle, t),
    closestTri: (s, t) => closestPointsTriangleTriangle(s as Triangle, t),
  },
  hull: {
    test: (s, m) => testHullMesh(s as Hull, m),
    closest: (s, m) => closestPointsHullMesh(s as Hull, m),
    testTri: (s, t) => testTriangleHull(t, s as Hull),
    closestTri: (s, t) => closestPointsTriangleHull(t, s as Hull),
  },
};

describe("<X> vs mesh equals brute force over its triangles", () => {
  for (const kind of Object.keys(MESH_FNS) as Kind[]) {
    it(`${kind} vs mesh`, async () => {
      const fns = MESH_FNS[kind];
      const tally = new Tally(`mesh ${kind}`);
      await assertProperty(
        `hull-mesh3d ${kind} mesh`,
        fc
          .tuple(ARB[kind], meshArb, placeArb, fc.nat(5), fc.integer({ min: -3, max: 3 }))
          .map(([a0, tris, p, w, k]) => {
            // Points: half the time the midpoint of a triangle's edge (on the surface at scale 1).
            const t0 = tris[tris.length - 1]!;
            const a =
              a0.kind === "point" && w < 3
                ? { kind: "point" as const, p: mid(t0[0], t0[w as 0 | 1 | 2]) }
                : a0;
            const pos: number[] = [];
            for (const [u, v, x] of tris)
              for (const q of [u, v, x]) pos.push(...Object.values(mv(q, p)));
            return [nudged(placed(a, p), w, k), pos, SPLITS[(w + k + 3) % 3]!] as const;
          }),
        ([a, pos, split]) => {
          const m = mesh(
            pos,
            Array.from({ length: pos.length / 3 }, (_, i) => i),
            { split },
          );
          const s = arg(a);
          let want = false;
          let best = Number.POSITIVE_INFINITY;
          for (let i = 0; i < pos.length; i += 9) {
            const t: Triangle = {
              a: { x: pos[i]!, y: pos[i + 1]!, z: pos[i + 2]! },
              b: { x: pos[i + 3]!, y: pos[i + 4]!, z: pos[i + 5]! },
              c: { x: pos[i + 6]!, y: pos[i + 7]!, z: pos[i + 8]! },
            };
            if (fns.testTri(s, t)) want = true;
            best = Math.min(best, fns.closestTri(s, t).distance);
          }
          const got = fns.test(s, m);
          if (got !== want)
            throw new Error(
              `test${kind}Mesh = ${got}, brute force ${want}: ${show([a, pos, split])}`,
            );
          const d = fns.closest(s, m).distance;
          if ((d === 0) !== want) throw new Error(`${kind} mesh distance ${d}, touching ${want}`);
          if (d !== best)
            throw new Error(
              `${kind} mesh distance ${d}, brute force ${best}: ${show([a, pos, split])}`,
            );
          tally.add(want ? "touch" : "apart");
        },
        MID,
      );
      tally.print();
    }, 120_000);
  }
});
