/**
 * Every exact 3D overlap test of solids against the BigInt enumeration reference
 * (test/reference/overlap3d.ts). Cases are built on the integer lattice (so faces, edges,
 * corners and Pythagorean distances touch exactly), with flat and collinear shapes, then scaled
 * (powers of two, 1e-7, 1e100), offset by 1e9 and nudged by a few ulps.
 *
 * Runs per pair (CI / COLLIDE_DEEP=1): 250 / 2500 where the reference is cheap, 40 / 400 for a
 * box, aabb or triangle against a point or segment core, 10 / 100 for two 8-vertex cores or a
 * frustum (the reference enumerates thousands of vertex subsets for those). About 20 s in CI.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  type Plane,
  testAabbAabb,
  testAabbBox,
  testAabbFrustum,
  testAabbTriangle,
  testBoxBox,
  testBoxFrustum,
  testBoxTriangle,
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsuleTriangle,
  testPlaneAabb,
  testPlaneBox,
  testPlaneCapsule,
  testPlanePlane,
  testPlaneSphere,
  testPlaneTriangle,
  testSphereAabb,
  testSphereBox,
  testSphereCapsule,
  testSphereFrustum,
  testSphereSphere,
  testSphereTriangle,
  testTriangleTriangle,
  type Vec,
} from "../../src/3d/index.ts";
import { show, stepUlps } from "../reference/float-bits.ts";
import { overlapRef, planeOverlapRef, planePlaneRef, type Solid3 } from "../reference/overlap3d.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";

/** Pairs whose reference is cheap (few core vertices). */
const RUNS = Math.max(1, Math.floor(NUM_RUNS / 400));
/** A box, an aabb or a triangle against a point or segment core: about 20-40 ms a case. */
const MID = Math.max(1, Math.floor(NUM_RUNS / 2500));
/** Two 8-vertex cores (or a triangle or frustum with one): about 100-250 ms a case. */
const FEW = Math.max(1, Math.floor(NUM_RUNS / 10000));

type Kind = "sphere" | "capsule" | "aabb" | "box" | "triangle" | "frustum" | "plane";
type Any = (Solid3 | ({ kind: "plane" } & Plane)) & { kind: Kind };

/** A global map applied to the whole case: p -> s p + o (radii and half extents times s). */
interface Place {
  s: number;
  o: number;
}

const lat = fc.integer({ min: -3, max: 3 });
const latHalf = fc.integer({ min: -6, max: 6 }).map((n) => n / 2);
const vecArb = fc.record({ x: lat, y: lat, z: lat });
const halfVec = fc.record({ x: latHalf, y: latHalf, z: latHalf });
const radius = fc.constantFrom(0, 0.5, 1, 2, 3, 5, 7);
const SQ = Math.SQRT1_2;
const rotation = fc.oneof(
  fc.constant({ x: 0, y: 0, z: 0, w: 1 }),
  fc.constantFrom(
    { x: 0, y: 0, z: 1, w: 0 },
    { x: 1, y: 0, z: 0, w: 0 },
    { x: 0, y: 0, z: SQ, w: SQ },
    { x: SQ, y: 0, z: 0, w: SQ },
  ),
  fc.tuple(lat, lat, lat, fc.integer({ min: 1, max: 3 })).map(([x, y, z, w]) => {
    const n = Math.hypot(x, y, z, w);
    return { x: x / n, y: y / n, z: z / n, w: w / n };
  }),
);

const sphereArb = fc.record({ kind: fc.constant("sphere" as const), center: vecArb, radius });
const capsuleArb = fc.record({
  kind: fc.constant("capsule" as const),
  a: vecArb,
  b: vecArb,
  radius,
});
const aabbArb = fc
  .tuple(vecArb, fc.record({ x: fc.nat(3), y: fc.nat(3), z: fc.nat(3) }))
  .map(([m, d]) => ({
    kind: "aabb" as const,
    min: m,
    max: { x: m.x + d.x, y: m.y + d.y, z: m.z + d.z },
  }));
const boxArb = fc.record({
  kind: fc.constant("box" as const),
  center: halfVec,
  halfExtents: fc.record({
    x: fc.constantFrom(0, 0.5, 1, 1.5),
    y: fc.constantFrom(0, 0.5, 1, 1.5),
    z: fc.constantFrom(0, 0.5, 1, 1.5),
  }),
  rotation,
});
const triArb = fc.record({
  kind: fc.constant("triangle" as const),
  a: vecArb,
  b: vecArb,
  c: vecArb,
});
/** Planes through a lattice point with a small integer normal, so they pass through corners. */
const planeArb = fc
  .tuple(vecArb, vecArb)
  .filter(([n]) => n.x !== 0 || n.y !== 0 || n.z !== 0)
  .map(([n, p]) => ({
    kind: "plane" as const,
    normal: n,
    offset: n.x * p.x + n.y * p.y + n.z * p.z,
  }));

/**
 * Frustums from perspective matrices (90-degree or 2:1 aspect, near/far 1/3 or 1/2), moved by a
 * lattice translation: planes through lattice corners.
 */
const frustumArb = fc
  .tuple(fc.constantFrom(1, 0.5), fc.constantFrom([-2, -3], [-3, -4]), vecArb)
  .map(([sx, [a, b], t]) => {
    // Rows of P: (sx,0,0,0), (0,1,0,0), (0,0,a,b), (0,0,-1,0); the view moves by t: P (p - t).
    const rows = [
      [sx, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, a, b],
      [0, 0, -1, 0],
    ];
    const planes: Plane[] = [];
    for (const [r, sg] of [
      [0, -1],
      [0, 1],
      [1, -1],
      [1, 1],
      [2, -1],
      [2, 1],
    ] as const) {
      const n = [0, 1, 2, 3].map((c) => sg * rows[r]![c]! - rows[3]![c]!);
      const normal = { x: n[0]!, y: n[1]!, z: n[2]! };
      // Inside: n . (p - t) + n[3] <= 0.
      planes.push({ normal, offset: normal.x * t.x + normal.y * t.y + normal.z * t.z - n[3]! });
    }
    return { kind: "frustum" as const, planes };
  });

const ARB: Record<Kind, fc.Arbitrary<Any>> = {
  sphere: sphereArb,
  capsule: capsuleArb,
  aabb: aabbArb,
  box: boxArb,
  triangle: triArb,
  frustum: frustumArb,
  plane: planeArb,
};

const placeArb: fc.Arbitrary<Place> = fc.record({
  s: fc.constantFrom(1, 1, 1, 2 ** -30, 2 ** 40, 1e-7, 3e-100, 1e100),
  o: fc.constantFrom(0, 0, 1e9),
});

const mv = (v: Vec, p: Place): Vec => ({
  x: v.x * p.s + p.o,
  y: v.y * p.s + p.o,
  z: v.z * p.s + p.o,
});

function placed(x: Any, p: Place): Any {
  switch (x.kind) {
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
    case "frustum": {
      // n . q <= off with q = s p + o(1,1,1): n . q <= s off + o (nx + ny + nz), rounded.
      const planes = x.planes.map((pl) => ({
        normal: pl.normal,
        offset: pl.offset * p.s + p.o * (pl.normal.x + pl.normal.y + pl.normal.z),
      }));
      return { ...x, planes };
    }
    case "plane": {
      const n = x.normal;
      return { ...x, offset: x.offset * p.s + p.o * (n.x + n.y + n.z) };
    }
  }
}

/** Moves one number of the shape by k ulps (k may be 0). */
function nudged(x: Any, which: number, k: number): Any {
  if (k === 0) return x;
  const bump = (v: Vec): Vec => {
    const c = which % 3;
    return {
      x: c === 0 ? stepUlps(v.x, k) : v.x,
      y: c === 1 ? stepUlps(v.y, k) : v.y,
      z: c === 2 ? stepUlps(v.z, k) : v.z,
    };
  };
  switch (x.kind) {
    case "sphere":
      return which >= 3
        ? { ...x, radius: Math.max(0, stepUlps(x.radius, k)) }
        : { ...x, center: bump(x.center) };
    case "capsule":
      return which >= 3 ? { ...x, b: bump(x.b) } : { ...x, a: bump(x.a) };
    case "aabb": {
      const min = bump(x.min);
      return {
        ...x,
        min: {
          x: Math.min(min.x, x.max.x),
          y: Math.min(min.y, x.max.y),
          z: Math.min(min.z, x.max.z),
        },
      };
    }
    case "box":
      return { ...x, center: bump(x.center) };
    case "triangle":
      return which >= 3 ? { ...x, c: bump(x.c) } : { ...x, a: bump(x.a) };
    case "frustum":
      return x;
    case "plane":
      return { ...x, offset: stepUlps(x.offset, k) };
  }
}

/** Frustums keep their shape: power-of-two scales, or the 1e9 offset at scale 1. */
const framePlaceArb: fc.Arbitrary<Place> = fc.oneof(
  fc.record({ s: fc.constantFrom(1, 2 ** -30, 2 ** 40, 2 ** -300, 2 ** 300), o: fc.constant(0) }),
  fc.constant({ s: 1, o: 1e9 }),
);

function caseArb(ka: Kind, kb: Kind): fc.Arbitrary<[Any, Any]> {
  return fc
    .tuple(
      ARB[ka],
      ARB[kb],
      kb === "frustum" ? framePlaceArb : placeArb,
      fc.nat(5),
      fc.integer({ min: -3, max: 3 }),
    )
    .map(([a, b, p, which, k]) => [placed(a, p), nudged(placed(b, p), which, k)] as [Any, Any]);
}

type Tester = (a: never, b: never) => boolean;

const PAIRS: [Kind, Kind, Tester, number][] = [
  ["sphere", "sphere", testSphereSphere, RUNS],
  ["sphere", "capsule", testSphereCapsule, RUNS],
  ["sphere", "aabb", testSphereAabb, MID],
  ["sphere", "box", testSphereBox, MID],
  ["sphere", "triangle", testSphereTriangle, MID],
  ["capsule", "capsule", testCapsuleCapsule, RUNS],
  ["capsule", "aabb", testCapsuleAabb, MID],
  ["capsule", "box", testCapsuleBox, MID],
  ["capsule", "triangle", testCapsuleTriangle, MID],
  ["aabb", "aabb", testAabbAabb, FEW],
  ["aabb", "box", testAabbBox, FEW],
  ["box", "box", testBoxBox, FEW],
  ["aabb", "triangle", testAabbTriangle, MID],
  ["box", "triangle", testBoxTriangle, FEW],
  ["triangle", "triangle", testTriangleTriangle, MID],
  ["plane", "sphere", testPlaneSphere, RUNS],
  ["plane", "capsule", testPlaneCapsule, RUNS],
  ["plane", "aabb", testPlaneAabb, RUNS],
  ["plane", "box", testPlaneBox, RUNS],
  ["plane", "triangle", testPlaneTriangle, RUNS],
  ["plane", "plane", testPlanePlane, RUNS],
  ["sphere", "frustum", testSphereFrustum, FEW],
  ["aabb", "frustum", testAabbFrustum, FEW],
  ["box", "frustum", testBoxFrustum, FEW],
];

function expected(a: Any, b: Any): boolean {
  if (a.kind === "plane") {
    return b.kind === "plane" ? planePlaneRef(a, b) : planeOverlapRef(a, b as Solid3);
  }
  return overlapRef(a as Solid3, b as Solid3);
}

describe("3D overlap tests equal the exact reference", () => {
  for (const [ka, kb, fn, runs] of PAIRS) {
    it(`${ka} vs ${kb}`, async () => {
      await assertProperty(
        `overlap3d ${ka} ${kb}`,
        caseArb(ka, kb),
        ([a, b]) => {
          const want = expected(a, b);
          const got = (fn as (x: Any, y: Any) => boolean)(a, b);
          if (got !== want)
            throw new Error(`test${ka}${kb} = ${got}, exact ${want}: ${show([a, b])}`);
        },
        runs,
      );
    }, 120_000);
  }
});

/**
 * The frustum z in [-3, -1], |x|, |y| <= -z, and aabbs placed around its corner (3, 3, -3) on a
 * 1/8 grid: many pass every plane test (three.js' culling) while being outside. Runs: NUM_RUNS /
 * 5000 (20 in CI); the tally asserts that such boxes were generated, and every one is rejected.
 */
const CORNER_PLANES: Plane[] = [
  { normal: { x: -1, y: 0, z: 1 }, offset: 0 },
  { normal: { x: 1, y: 0, z: 1 }, offset: 0 },
  { normal: { x: 0, y: -1, z: 1 }, offset: 0 },
  { normal: { x: 0, y: 1, z: 1 }, offset: 0 },
  { normal: { x: 0, y: 0, z: 3 }, offset: -3 },
  { normal: { x: 0, y: 0, z: -1 }, offset: 3 },
];

/** The usual culling test: no plane has the whole box strictly outside. */
function planesOnly(b: { min: Vec; max: Vec }): boolean {
  return CORNER_PLANES.every((p) => {
    const n = p.normal;
    const v =
      n.x * (n.x >= 0 ? b.min.x : b.max.x) +
      n.y * (n.y >= 0 ? b.min.y : b.max.y) +
      n.z * (n.z >= 0 ? b.min.z : b.max.z);
    return v <= p.offset;
  });
}

describe("frustum corners: boxes every plane lets through", () => {
  it("are rejected exactly when outside", async () => {
    const eighth = fc.integer({ min: -6, max: 6 }).map((n) => n / 8);
    const size = fc.integer({ min: 0, max: 6 }).map((n) => n / 8);
    const arb = fc
      .tuple(eighth, eighth, eighth, size, size, size, fc.integer({ min: -2, max: 2 }))
      .map(([x, y, z, sx, sy, sz, k]) => ({
        kind: "aabb" as const,
        min: { x: stepUlps(3 + x, k), y: 3 + y, z: -3 + z },
        max: { x: stepUlps(3 + x, k) + sx, y: 3 + y + sy, z: -3 + z + sz },
      }))
      .filter((b) => planesOnly(b));
    const f = { kind: "frustum" as const, planes: CORNER_PLANES };
    let fooled = 0;
    await assertProperty(
      "overlap3d frustum corner",
      arb,
      (b) => {
        const want = overlapRef(b, f);
        if (!want) fooled++;
        const got = testAabbFrustum(b, f);
        if (got !== want) throw new Error(`testAabbFrustum = ${got}, exact ${want}: ${show(b)}`);
      },
      Math.max(1, Math.floor(NUM_RUNS / 5000)),
    );
    if (fooled === 0) throw new Error("no box outside the frustum passed the plane tests");
  }, 120_000);
});

/**
 * Resting contact, where the float passes of sphere/capsule/triangle vs triangle must hand over to
 * the exact path: a lattice triangle in the plane z = 0, and a ball (or a capsule's lower end, or
 * a second triangle's vertex) at height r over a half-lattice point (inside, on an edge or a
 * corner, or beside the triangle), so the distance is r exactly when the foot is inside; the
 * height is nudged by up to 3 ulps and the case rotated by a coordinate permutation, then scaled
 * and offset. Runs: NUM_RUNS / 250 per triangle pair (400 in CI), a quarter of that against an aabb or a
 * box (whose reference costs more); about 6 s in all in CI.
 */
describe("resting contact on a triangle equals the exact reference", () => {
  const NEAR = Math.max(1, Math.floor(NUM_RUNS / 250));
  const flatTri = fc.record({
    a: fc.record({ x: lat, y: lat, z: fc.constant(0) }),
    b: fc.record({ x: lat, y: lat, z: fc.constant(0) }),
    c: fc.record({ x: lat, y: lat, z: fc.constant(0) }),
  });
  const foot = fc.record({ x: latHalf, y: latHalf });
  const perm = fc.constantFrom(0, 1, 2);
  const turn = (v: Vec, k: number): Vec =>
    k === 0 ? v : k === 1 ? { x: v.z, y: v.x, z: v.y } : { x: v.y, y: v.z, z: v.x };
  const base = fc.tuple(flatTri, foot, radius, fc.integer({ min: -3, max: 3 }), perm, placeArb);
  const rest = (t: { a: Vec; b: Vec; c: Vec }, k: number, p: Place): Any => ({
    kind: "triangle",
    a: mv(turn(t.a, k), p),
    b: mv(turn(t.b, k), p),
    c: mv(turn(t.c, k), p),
  });
  const cases: [string, fc.Arbitrary<[Any, Any]>, Tester][] = [
    [
      "sphere",
      base.map(([t, f, r, u, k, p]) => [
        {
          kind: "sphere",
          center: mv(turn({ x: f.x, y: f.y, z: stepUlps(r, u) }, k), p),
          radius: r * p.s,
        },
        rest(t, k, p),
      ]),
      testSphereTriangle,
    ],
    [
      "capsule",
      fc.tuple(base, vecArb).map(([[t, f, r, u, k, p], d]) => [
        {
          kind: "capsule",
          a: mv(turn({ x: f.x, y: f.y, z: stepUlps(r, u) }, k), p),
          b: mv(turn({ x: f.x + d.x, y: f.y + d.y, z: r + Math.abs(d.z) }, k), p),
          radius: r * p.s,
        },
        rest(t, k, p),
      ]),
      testCapsuleTriangle,
    ],
    [
      "triangle",
      fc.tuple(base, vecArb, vecArb).map(([[t, f, _r, u, k, p], d, e]) => {
        const z = stepUlps(0, u);
        const g = { x: f.x, y: f.y, z };
        const lift = (w: Vec): Vec => ({ x: f.x + w.x, y: f.y + w.y, z: z + Math.abs(w.z) });
        return [
          {
            kind: "triangle",
            a: mv(turn(g, k), p),
            b: mv(turn(lift(d), k), p),
            c: mv(turn(lift(e), k), p),
          },
          rest(t, k, p),
        ];
      }),
      testTriangleTriangle,
    ],
  ];
  // A capsule standing on the top face z = 0 of an aabb, or of a box turned about z (whose top
  // face is then z = 0 up to the rounding of its axes; unpermuted cases only).
  const standing = fc.tuple(base, vecArb).map(([[, f, r, u, k, p], d]) => ({
    kind: "capsule" as const,
    a: mv(turn({ x: f.x, y: f.y, z: stepUlps(r, u) }, k), p),
    b: mv(turn({ x: f.x + d.x, y: f.y + d.y, z: r + Math.abs(d.z) }, k), p),
    radius: r * p.s,
    k,
    p,
  }));
  cases.push(
    [
      "capsule on an aabb",
      fc.tuple(standing, vecArb, halfVec).map(([c, m, h]) => {
        const lo = turn({ x: m.x, y: m.y, z: -1 - Math.abs(h.z) }, c.k);
        const hi = turn({ x: m.x + 1 + Math.abs(h.x), y: m.y + 1 + Math.abs(h.y), z: 0 }, c.k);
        const min = mv(
          { x: Math.min(lo.x, hi.x), y: Math.min(lo.y, hi.y), z: Math.min(lo.z, hi.z) },
          c.p,
        );
        const max = mv(
          { x: Math.max(lo.x, hi.x), y: Math.max(lo.y, hi.y), z: Math.max(lo.z, hi.z) },
          c.p,
        );
        return [
          { kind: "capsule", a: c.a, b: c.b, radius: c.radius },
          { kind: "aabb", min, max },
        ];
      }),
      testCapsuleAabb,
    ],
    [
      "capsule on a box",
      fc
        .tuple(
          standing.filter((c) => c.k === 0),
          halfVec,
          fc.constantFrom(0.5, 1, 1.5),
          fc.constantFrom({ x: 0, y: 0, z: 0, w: 1 }, { x: 0, y: 0, z: SQ, w: SQ }),
        )
        .map(([c, m, hz, rot]) => {
          const box = placed(
            {
              kind: "box",
              center: { x: m.x, y: m.y, z: -hz },
              halfExtents: { x: 1, y: 1.5, z: hz },
              rotation: rot,
            },
            c.p,
          );
          return [{ kind: "capsule", a: c.a, b: c.b, radius: c.radius }, box] as [Any, Any];
        }),
      testCapsuleBox,
    ],
  );
  for (const [kind, arb, fn] of cases) {
    it(kind.includes(" on ") ? kind : `${kind} on a triangle`, async () => {
      await assertProperty(
        `overlap3d resting ${kind}`,
        arb,
        ([a, b]) => {
          const want = expected(a, b);
          const got = (fn as (x: Any, y: Any) => boolean)(a, b);
          if (got !== want) throw new Error(`${kind} = ${got}, exact ${want}: ${show([a, b])}`);
        },
        kind.includes(" on ") ? Math.max(1, NEAR >> 2) : NEAR,
      );
    }, 120_000);
  }
});
