/**
 * Properties of the rounded 3D contacts (sphere and capsule pairs, planes, hulls), on lattice
 * shapes (faces, edges and corners touch exactly; flat boxes, collinear triangles, zero radii and
 * zero-length capsules included) scaled by 2^-30 .. 1e100 or 3e-100, offset by 1e9, with B nudged
 * a few ulps:
 * - null exactly when the pair's exact test is false (hulls: when `distance<A>Hull` is not 0);
 * - the depth equals EPA's on the proxies within 1e-9 of the scale (where EPA's start is sound);
 * - moving B by normal * (depth + 1e-9 scale) separates them (the exact test turns false);
 * - every point is within depth + tol of A's surface (both sides) and of B;
 * - aInB and bInA equal the BigInt containment reference (test/reference/contain3d.ts).
 * Runs per pair: NUM_RUNS / 200 (500 in CI, about 15 s for the 15 pairs together).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { epaPenetration, makePenetration } from "../../src/3d/convex/epa.ts";
import { makeProxy, proxyOfKind } from "../../src/3d/convex/proxy.ts";
import {
  type Aabb,
  type Box,
  type Capsule,
  type Contact,
  contactCapsuleAabb,
  contactCapsuleBox,
  contactCapsuleCapsule,
  contactCapsuleHull,
  contactCapsuleTriangle,
  contactPlaneCapsule,
  contactPlaneSphere,
  contactSphereAabb,
  contactSphereBox,
  contactSphereCapsule,
  contactSphereHull,
  contactSphereSphere,
  contactSphereTriangle,
  distanceCapsuleAabb,
  distanceCapsuleBox,
  distanceCapsuleCapsule,
  distanceCapsuleHull,
  distanceCapsuleTriangle,
  distancePointAabb,
  distancePointBox,
  distancePointCapsule,
  distancePointHull,
  distancePointSegment,
  distancePointSphere,
  distancePointTriangle,
  distanceSphereAabb,
  distanceSphereBox,
  distanceSphereCapsule,
  distanceSphereHull,
  distanceSphereSphere,
  distanceSphereTriangle,
  type Hull,
  type Plane,
  type Sphere,
  type Triangle,
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsuleTriangle,
  testPlaneCapsule,
  testPlaneSphere,
  testSphereAabb,
  testSphereBox,
  testSphereCapsule,
  testSphereSphere,
  testSphereTriangle,
  type Vec,
} from "../../src/3d/index.ts";
import { type ContainSolid, containsRef } from "../reference/contain3d.ts";
import { show, stepUlps } from "../reference/float-bits.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";

const RUNS = Math.max(1, Math.floor(NUM_RUNS / 200));

type Kind = "sphere" | "capsule" | "aabb" | "box" | "triangle" | "hull" | "plane";
type S =
  | ({ kind: "sphere" } & Sphere)
  | ({ kind: "capsule" } & Capsule)
  | ({ kind: "aabb" } & Aabb)
  | ({ kind: "box" } & Box)
  | ({ kind: "triangle" } & Triangle)
  | { kind: "hull"; points: Vec[] }
  | ({ kind: "plane" } & Plane);

const lat = fc.integer({ min: -3, max: 3 });
const vecArb = fc.record({ x: lat, y: lat, z: lat });
const halfArb = fc
  .record({
    x: fc.integer({ min: -6, max: 6 }),
    y: fc.integer({ min: -6, max: 6 }),
    z: fc.integer({ min: -6, max: 6 }),
  })
  .map((v) => ({ x: v.x / 2, y: v.y / 2, z: v.z / 2 }));
const radius = fc.constantFrom(0, 0.5, 1, 2, 3);
const H = Math.SQRT1_2;
const rotation = fc.constantFrom(
  { x: 0, y: 0, z: 0, w: 1 },
  { x: 0, y: 0, z: H, w: H },
  { x: H, y: 0, z: 0, w: H },
  { x: 0.5, y: 0.5, z: 0.5, w: 0.5 },
  { x: 1 / 3, y: 2 / 3, z: 0, w: 2 / 3 },
);
const ARB: Record<Kind, fc.Arbitrary<S>> = {
  sphere: fc.record({ kind: fc.constant("sphere" as const), center: vecArb, radius }),
  capsule: fc.record({ kind: fc.constant("capsule" as const), a: vecArb, b: vecArb, radius }),
  aabb: fc.tuple(vecArb, fc.record({ x: fc.nat(3), y: fc.nat(3), z: fc.nat(3) })).map(([m, d]) => ({
    kind: "aabb" as const,
    min: m,
    max: { x: m.x + d.x, y: m.y + d.y, z: m.z + d.z },
  })),
  box: fc.record({
    kind: fc.constant("box" as const),
    center: halfArb,
    halfExtents: fc.record({
      x: fc.constantFrom(0, 0.5, 1, 1.5),
      y: fc.constantFrom(0.5, 1, 1.5),
      z: fc.constantFrom(0, 0.5, 1, 1.5),
    }),
    rotation,
  }),
  triangle: fc.record({ kind: fc.constant("triangle" as const), a: vecArb, b: vecArb, c: vecArb }),
  hull: fc.array(vecArb, { minLength: 1, maxLength: 7 }).map((points) => ({
    kind: "hull" as const,
    points,
  })),
  plane: fc
    .tuple(vecArb, vecArb)
    .filter(([n]) => n.x !== 0 || n.y !== 0 || n.z !== 0)
    .map(([n, p]) => ({
      kind: "plane" as const,
      normal: n,
      offset: n.x * p.x + n.y * p.y + n.z * p.z,
    })),
};

interface Place {
  s: number;
  o: number;
}
const placeArb: fc.Arbitrary<Place> = fc.record({
  s: fc.constantFrom(1, 1, 1, 2 ** -30, 2 ** 40, 3e-100, 1e100),
  o: fc.constantFrom(0, 0, 1e9),
});

const mv = (v: Vec, p: Place): Vec => ({
  x: v.x * p.s + p.o,
  y: v.y * p.s + p.o,
  z: v.z * p.s + p.o,
});

function placed(x: S, p: Place): S {
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
    case "hull":
      return { ...x, points: x.points.map((q) => mv(q, p)) };
    case "plane":
      return { ...x, offset: x.offset * p.s + p.o * (x.normal.x + x.normal.y + x.normal.z) };
  }
}

/** Moves one coordinate of B by k ulps. */
function nudged(x: S, k: number): S {
  if (k === 0) return x;
  const bump = (v: Vec): Vec => ({ ...v, z: stepUlps(v.z, k) });
  switch (x.kind) {
    case "sphere":
      return { ...x, center: bump(x.center) };
    case "capsule":
      return { ...x, a: bump(x.a) };
    case "aabb":
      return { ...x, max: { ...x.max, z: Math.max(x.min.z, stepUlps(x.max.z, k)) } };
    case "box":
      return { ...x, center: bump(x.center) };
    case "triangle":
      return { ...x, a: bump(x.a) };
    case "hull":
      return { ...x, points: x.points.map((q, i) => (i === 0 ? bump(q) : q)) };
    case "plane":
      return { ...x, offset: stepUlps(x.offset, k) };
  }
}

/** B moved by t. */
function moved(x: S, t: Vec): S {
  const m = (v: Vec): Vec => ({ x: v.x + t.x, y: v.y + t.y, z: v.z + t.z });
  switch (x.kind) {
    case "sphere":
      return { ...x, center: m(x.center) };
    case "capsule":
      return { ...x, a: m(x.a), b: m(x.b) };
    case "aabb":
      return { ...x, min: m(x.min), max: m(x.max) };
    case "box":
      return { ...x, center: m(x.center) };
    case "triangle":
      return { ...x, a: m(x.a), b: m(x.b), c: m(x.c) };
    case "hull":
      return { ...x, points: x.points.map(m) };
    case "plane":
      return x;
  }
}

/** Largest |coordinate| or radius of the case: the scale tolerances are relative to. */
function scaleOf(...xs: S[]): number {
  let m = 0;
  const v = (p: Vec): void => {
    m = Math.max(m, Math.abs(p.x), Math.abs(p.y), Math.abs(p.z));
  };
  for (const x of xs) {
    switch (x.kind) {
      case "sphere":
        v(x.center);
        m = Math.max(m, x.radius);
        break;
      case "capsule":
        v(x.a);
        v(x.b);
        m = Math.max(m, x.radius);
        break;
      case "aabb":
        v(x.min);
        v(x.max);
        break;
      case "box":
        v(x.center);
        v(x.halfExtents);
        break;
      case "triangle":
        v(x.a);
        v(x.b);
        v(x.c);
        break;
      case "hull":
        for (const p of x.points) v(p);
        break;
      case "plane":
        m = Math.max(
          m,
          Math.abs(x.offset) /
            Math.max(Math.abs(x.normal.x), Math.abs(x.normal.y), Math.abs(x.normal.z)),
        );
        break;
    }
  }
  return m;
}

type Pair = {
  contact: (a: never, b: never) => Contact | null;
  touching: (a: never, b: never) => boolean;
  /** Distance from a point to B (0 inside). */
  toB: (p: Vec, b: never) => number;
};

const hullTouch = (f: (a: never, b: Hull) => number) => (a: never, b: Hull) => f(a, b) === 0;

const PAIRS: [Kind, Kind, Pair][] = [
  [
    "sphere",
    "sphere",
    { contact: contactSphereSphere, touching: testSphereSphere, toB: distancePointSphere },
  ],
  [
    "sphere",
    "capsule",
    { contact: contactSphereCapsule, touching: testSphereCapsule, toB: distancePointCapsule },
  ],
  [
    "sphere",
    "aabb",
    { contact: contactSphereAabb, touching: testSphereAabb, toB: distancePointAabb },
  ],
  ["sphere", "box", { contact: contactSphereBox, touching: testSphereBox, toB: distancePointBox }],
  [
    "sphere",
    "triangle",
    { contact: contactSphereTriangle, touching: testSphereTriangle, toB: distancePointTriangle },
  ],
  [
    "sphere",
    "hull",
    { contact: contactSphereHull, touching: hullTouch(distanceSphereHull), toB: distancePointHull },
  ],
  [
    "capsule",
    "capsule",
    { contact: contactCapsuleCapsule, touching: testCapsuleCapsule, toB: distancePointCapsule },
  ],
  [
    "capsule",
    "aabb",
    { contact: contactCapsuleAabb, touching: testCapsuleAabb, toB: distancePointAabb },
  ],
  [
    "capsule",
    "box",
    { contact: contactCapsuleBox, touching: testCapsuleBox, toB: distancePointBox },
  ],
  [
    "capsule",
    "triangle",
    { contact: contactCapsuleTriangle, touching: testCapsuleTriangle, toB: distancePointTriangle },
  ],
  [
    "capsule",
    "hull",
    {
      contact: contactCapsuleHull,
      touching: hullTouch(distanceCapsuleHull),
      toB: distancePointHull,
    },
  ],
];

/** Distance from p to A's core (a point or segment), whose radius is ra. */
function toCore(p: Vec, a: S): number {
  if (a.kind === "sphere") return distancePointSphere(p, { center: a.center, radius: 0 });
  if (a.kind === "capsule") return distancePointSegment(p, a);
  throw new Error("A is a sphere or a capsule");
}

const PEN = makePenetration();
const PA = makeProxy(8);
const PB = makeProxy(8);

function checkPair(ka: Kind, kb: Kind, f: Pair, a: S, b: S): void {
  const c = (f.contact as (x: S, y: S) => Contact | null)(a, b);
  const touch = (f.touching as (x: S, y: S) => boolean)(a, b);
  const tag = `${ka}-${kb} ${show([a, b])}`;
  if ((c !== null) !== touch) throw new Error(`contact ${c !== null} but test ${touch}: ${tag}`);
  if (c === null) return;
  const scale = scaleOf(a, b);
  const tol = 1e-9 * scale;
  const n = c.normal;
  const vals = [n.x, n.y, n.z, c.depth];
  for (let k = 0; k < c.count; k++) {
    const p = c.points[k]!;
    vals.push(p.point.x, p.point.y, p.point.z, p.depth);
  }
  if (!vals.every(Number.isFinite)) throw new Error(`non-finite field: ${tag}`);
  if (Math.abs(Math.hypot(n.x, n.y, n.z) - 1) > 1e-12) throw new Error(`normal not unit: ${tag}`);
  if (c.depth < 0 || c.count < 1 || c.count > 4) throw new Error(`bad depth/count: ${tag}`);
  // Depth against EPA on the proxies (where its answer is trustworthy: full-dimensional pairs).
  const pa = proxyOfKind(ka as "sphere", a, PA);
  const pb = proxyOfKind(kb as "sphere", b, PB);
  epaPenetration(pa, pb, PEN);
  if (Math.abs(PEN.depth - c.depth) > tol && PEN.depth >= 0 && kb !== "hull") {
    throw new Error(`depth ${c.depth} but EPA ${PEN.depth}: ${tag}`);
  }
  // Moving B by normal * (depth + tol) separates them.
  const d = c.depth + tol + 1e-300;
  const b2 = moved(b, { x: n.x * d, y: n.y * d, z: n.z * d });
  if ((f.touching as (x: S, y: S) => boolean)(a, b2)) {
    throw new Error(`still touching after moving by depth ${c.depth} along n: ${tag}`);
  }
  // Points near both surfaces.
  const ra = a.kind === "sphere" || a.kind === "capsule" ? a.radius : 0;
  for (let k = 0; k < c.count; k++) {
    const p = c.points[k]!.point;
    const sa = Math.abs(toCore(p, a) - ra);
    const sb = (f.toB as (q: Vec, y: S) => number)(p, b);
    if (sa > c.depth + 2 * tol || sb > c.depth + 2 * tol) {
      throw new Error(
        `point ${k} at ${sa} from A's surface and ${sb} from B (depth ${c.depth}): ${tag}`,
      );
    }
  }
  // Exact containment flags.
  const wantA = containsRef(b as ContainSolid, a as ContainSolid);
  const wantB = containsRef(a as ContainSolid, b as ContainSolid);
  if (c.aInB !== wantA || c.bInA !== wantB) {
    throw new Error(`aInB ${c.aInB}/${wantA}, bInA ${c.bInA}/${wantB}: ${tag}`);
  }
}

function caseArb(ka: Kind, kb: Kind): fc.Arbitrary<[S, S]> {
  return fc
    .tuple(ARB[ka], ARB[kb], placeArb, fc.integer({ min: -2, max: 2 }))
    .map(([a, b, p, k]) => [placed(a, p), nudged(placed(b, p), k)] as [S, S]);
}

describe("3D rounded contacts", () => {
  for (const [ka, kb, f] of PAIRS) {
    it(`${ka} vs ${kb}: null exactly when apart; depth, normal, points and flags`, async () => {
      await assertProperty(
        `contact3d ${ka} ${kb}`,
        caseArb(ka, kb),
        ([a, b]) => checkPair(ka, kb, f, a, b),
        RUNS,
      );
    }, 120_000);
  }
});
