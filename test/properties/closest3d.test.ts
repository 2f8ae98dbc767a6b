/**
 * closestPoints/distance for bounded convex 3D pairs against the exact BigInt distance of
 * test/reference/overlap3d.ts (enumeration, imports nothing from src/).
 *
 * Shapes: integer lattice coordinates in [-4, 4] (so faces, edges and corners touch exactly),
 * zero radii, zero-length segments, flat boxes and collinear triangles, scaled by 1, 2^-30, 1e-7,
 * 1e-100 or 1e100, offset by 0 or 1e9, and one shape nudged by a few ulps half the time.
 * Checked per case:
 * - distance == 0 exactly when the reference says the closed shapes meet (hull pairs excepted:
 *   they have no exact test, GJK decides them);
 * - |distance - reference distance| <= tol, with tol = 1e-14 * M + 1e-10 * E (M the largest
 *   magnitude of any input, E the lattice scale): GJK stops at a relative progress of 1e-14 and
 *   its inputs (box corners, the differences) are rounded at magnitude M;
 * - |pointA - pointB| equals the distance within tol; each witness lies on (apart) or in
 *   (touching) its shape within tol, measured by the reference;
 * - symmetry: gjkDistance(a, b) and gjkDistance(b, a) agree within tol, and for same-kind pairs
 *   the exported function gives the same zero / non-zero answer both ways.
 * Runs: 500 in CI (fixed seed), about 7 s (the reference enumerates vertex subsets, slow for
 * two 8-corner boxes); COLLIDE_DEEP=1 runs 5000.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";
import type { ClosestPoints } from "../../src/3d/results.ts";
import { fromDouble, rat, sqrtToDouble, toDouble } from "../reference/bigrational.ts";
import { coreDistance2, coreOf, type P3 } from "../reference/overlap3d.ts";
import { assertProperty } from "./exact-setup.ts";

const KINDS = ["point", "segment", "sphere", "capsule", "aabb", "box", "triangle", "hull"] as const;
type Kind = (typeof KINDS)[number];
type Core = ReturnType<typeof coreOf>;
type Verts = Core["verts"];

interface Gen {
  kind: Kind;
  shape: c3.Shape;
  core: Core;
}

/** Cases per `fc.assert`: the CI counts, so CI runs one chunk (its seed and count unchanged). */
const CI_RUNS = 500;
const RUNS = process.env.COLLIDE_DEEP ? 5_000 : CI_RUNS;

const lattice = fc.integer({ min: -4, max: 4 });
const latticeVec = fc.tuple(lattice, lattice, lattice);
const scaleArb = fc.constantFrom(1, 2 ** -30, 1e-7, 1e-100, 1e100);
const offsetArb = fc.constantFrom(0, 1e9);
// Rotations with exact components (identity, a quarter turn about z) and one generic turn.
const rotArb = fc.constantFrom(
  { x: 0, y: 0, z: 0, w: 1 },
  { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 },
  { x: 0.1, y: 0.2, z: 0.3, w: 0.9 },
);

/** Nudges x by k ulps (k may be 0). */
function nudge(x: number, k: number): number {
  let y = x;
  for (let i = 0; i < Math.abs(k); i++) y = k > 0 ? nextUp(y) : -nextUp(-y);
  return y;
}
const buf = new Float64Array(1);
const bits = new BigInt64Array(buf.buffer);
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  buf[0] = x;
  bits[0] = x > 0 ? bits[0]! + 1n : bits[0]! - 1n;
  return buf[0]!;
}

interface Raw {
  kind: Kind;
  pts: [number, number, number][];
  r: number;
  rot: { x: number; y: number; z: number; w: number };
}

const rawArb: fc.Arbitrary<Raw> = fc.record({
  kind: fc.constantFrom(...KINDS),
  pts: fc.array(latticeVec, { minLength: 5, maxLength: 5 }),
  r: fc.integer({ min: 0, max: 3 }),
  rot: rotArb,
});

function build(raw: Raw, s: number, o: number, k: number): Gen {
  const P = raw.pts.map(([x, y, z]) => c3.vec(nudge(x * s + o, k), nudge(y * s + o, k), z * s + o));
  const r = raw.r * s;
  const [p0, p1, p2] = [P[0]!, P[1]!, P[2]!];
  const point = (p: P3) => coreOf({ kind: "sphere", center: p, radius: 0 }).verts[0]!;
  switch (raw.kind) {
    case "point": {
      const shape = c3.pointShape(p0.x, p0.y, p0.z);
      return { kind: "point", shape, core: coreOf({ kind: "sphere", center: p0, radius: 0 }) };
    }
    case "segment":
      return {
        kind: "segment",
        shape: c3.segment(p0, p1),
        core: coreOf({ kind: "capsule", a: p0, b: p1, radius: 0 }),
      };
    case "sphere": {
      const shape = c3.sphere(p0.x, p0.y, p0.z, r);
      return { kind: "sphere", shape, core: coreOf(shape) };
    }
    case "capsule": {
      const shape = c3.capsule(p0, p1, r);
      return { kind: "capsule", shape, core: coreOf(shape) };
    }
    case "aabb": {
      const min = c3.vec(Math.min(p0.x, p1.x), Math.min(p0.y, p1.y), Math.min(p0.z, p1.z));
      const max = c3.vec(Math.max(p0.x, p1.x), Math.max(p0.y, p1.y), Math.max(p0.z, p1.z));
      const shape = c3.aabb(min, max);
      return { kind: "aabb", shape, core: coreOf(shape) };
    }
    case "box": {
      // Half extents from the lattice, one of them possibly 0 (a flat box).
      const h = c3.vec(
        (Math.abs(raw.pts[1]![0]) % 3) * s,
        (Math.abs(raw.pts[1]![1]) % 3) * s,
        (Math.abs(raw.pts[1]![2]) % 3) * s,
      );
      const shape = c3.box(p0, h, raw.rot);
      return { kind: "box", shape, core: coreOf(shape) };
    }
    case "triangle": {
      const shape = c3.triangle(p0, p1, p2);
      return { kind: "triangle", shape, core: coreOf(shape) };
    }
    case "hull": {
      const pts = P.slice(0, 4);
      const shape = c3.hull(pts);
      return { kind: "hull", shape, core: { verts: pts.map(point) as Verts, radius: rat(0n) } };
    }
  }
}

const caseArb = fc.record({
  a: rawArb,
  b: rawArb,
  s: scaleArb,
  o: offsetArb,
  k: fc.constantFrom(0, 0, 1, -1, 3),
});

const cap = (k: string) => k[0]!.toUpperCase() + k.slice(1);
const api = c3 as unknown as Record<
  string,
  (a: unknown, b: unknown, out?: ClosestPoints) => unknown
>;

/** The exported closestPoints for the pair in canonical order (and whether it swapped). */
function closestOf(a: Gen, b: Gen): { r: ClosestPoints; swapped: boolean } {
  const swapped = KINDS.indexOf(a.kind) > KINDS.indexOf(b.kind);
  const [x, y] = swapped ? [b, a] : [a, b];
  const f = api[`closestPoints${cap(x.kind)}${cap(y.kind)}`]!;
  return { r: f(x.shape, y.shape) as ClosestPoints, swapped };
}

function refDistance(A: Core, B: Core): { d: number; meet: boolean } {
  const d2 = coreDistance2(A.verts, B.verts);
  const rs = toDouble(A.radius) + toDouble(B.radius);
  const rr = {
    num: A.radius.num * B.radius.den + B.radius.num * A.radius.den,
    den: A.radius.den * B.radius.den,
  };
  const meet = d2.num * rr.den * rr.den <= rr.num * rr.num * d2.den;
  const core = sqrtToDouble(rat(d2.num, d2.den));
  return { d: Math.max(0, core - rs), meet };
}

/** Reference distance from the point to the shape's core, minus its radius (<= 0: inside). */
function pointToShape(p: P3, g: Gen): number {
  const v = [fromDouble(p.x), fromDouble(p.y), fromDouble(p.z)] as Verts[number];
  const d2 = coreDistance2(g.core.verts, [v]);
  return sqrtToDouble(rat(d2.num, d2.den)) - toDouble(g.core.radius);
}

function magnitude(g: Gen): number {
  let m = 0;
  for (const v of g.core.verts) for (const c of v) m = Math.max(m, Math.abs(toDouble(c)));
  return m + Math.abs(toDouble(g.core.radius));
}

const P = c3.makeProxy();
const Q = c3.makeProxy();
const G1 = c3.makeGjkResult();
const G2 = c3.makeGjkResult();

describe("closest points 3D vs the exact reference", () => {
  it("zero iff touching, distance, witnesses, symmetry", async () => {
    await assertProperty(
      "closest3d",
      caseArb,
      ({ a: ra, b: rb, s, o, k }) => {
        const a = build(ra, s, o, 0);
        const b = build(rb, s, o, k);
        const { r, swapped } = closestOf(a, b);
        const pA = swapped ? r.pointB : r.pointA;
        const pB = swapped ? r.pointA : r.pointB;
        const ref = refDistance(a.core, b.core);
        const M = Math.max(magnitude(a), magnitude(b));
        const tol = 1e-14 * M + 1e-10 * s;
        const hulls = a.kind === "hull" || b.kind === "hull";
        const fail = (what: string) => {
          throw new Error(
            `${what}: ${a.kind} ${b.kind} d=${r.distance} ref=${ref.d} meet=${ref.meet} tol=${tol}`,
          );
        };
        if (!hulls && (r.distance === 0) !== ref.meet) fail("zero differs from the exact test");
        if (!(Math.abs(r.distance - ref.d) <= tol)) fail("distance");
        const gap = Math.hypot(pA.x - pB.x, pA.y - pB.y, pA.z - pB.z);
        if (!(Math.abs(gap - r.distance) <= tol)) fail(`|pA - pB| = ${gap}`);
        const ea = pointToShape(pA, a);
        const eb = pointToShape(pB, b);
        if (r.distance > 0 ? Math.abs(ea) > tol || Math.abs(eb) > tol : ea > tol || eb > tol) {
          fail(`witness off its shape (${ea}, ${eb})`);
        }
        c3.proxyOf(a.shape, P);
        c3.proxyOf(b.shape, Q);
        const d1 = c3.gjkDistance(P, Q, G1).distance;
        const d2 = c3.gjkDistance(Q, P, G2).distance;
        if (!(Math.abs(d1 - d2) <= tol)) fail(`gjk asymmetric ${d1} ${d2}`);
        if (a.kind === b.kind) {
          const back = api[`distance${cap(a.kind)}${cap(a.kind)}`]!(b.shape, a.shape) as number;
          if ((back === 0) !== (r.distance === 0)) fail(`same-kind asymmetric ${back}`);
        }
      },
      RUNS,
      CI_RUNS,
    );
  });
});

/** Support extent max over the core of n . x, plus the radius (from the reference's exact core). */
function extent(g: Gen, nx: number, ny: number, nz: number): number {
  let h = Number.NEGATIVE_INFINITY;
  for (const v of g.core.verts) {
    h = Math.max(h, nx * toDouble(v[0]) + ny * toDouble(v[1]) + nz * toDouble(v[2]));
  }
  return h + toDouble(g.core.radius);
}

let checked = 0;
const EPA_CI_RUNS = 2_000;
const EPA_RUNS = process.env.COLLIDE_DEEP ? 20_000 : EPA_CI_RUNS;
const PEN = c3.makePenetration();
const AXES = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const;

/*
 * EPA against the support extents: for overlapping shapes (distance 0), moving B by t along the
 * normal n separates them exactly when t >= hA(n) + hB(-n) (h the support extent, radius
 * included), so the depth must equal that overlap along n, and be no more than the overlap along
 * any coordinate axis (the depth is the least overlap over all directions). Tolerance
 * 1e-9 * E + 1e-14 * M (E the lattice scale, M the largest magnitude): EPA stops when the support
 * gains less than 1e-12 of the unit. Runs: 2000 in CI (about 2 s), 20000 with COLLIDE_DEEP=1.
 */
describe("EPA 3D vs support extents", () => {
  it("depth is the overlap along its normal and at most that along each axis", async () => {
    await assertProperty(
      "epa3d",
      caseArb,
      ({ a: ra, b: rb, s, o, k }) => {
        const a = build(ra, s, o, 0);
        const b = build(rb, s, o, k);
        if (closestOf(a, b).r.distance !== 0) return;
        checked++;
        c3.proxyOf(a.shape, P);
        c3.proxyOf(b.shape, Q);
        const pen = c3.epaPenetration(P, Q, PEN);
        const n = pen.normal;
        const M = Math.max(magnitude(a), magnitude(b));
        const tol = 1e-9 * s + 1e-14 * M;
        const along = extent(a, n.x, n.y, n.z) + extent(b, -n.x, -n.y, -n.z);
        const msg = `${a.kind} ${b.kind} depth=${pen.depth} along=${along} tol=${tol}`;
        if (!(Math.abs(Math.hypot(n.x, n.y, n.z) - 1) <= 1e-12)) throw new Error(`normal ${msg}`);
        if (!(Math.abs(pen.depth - along) <= tol)) throw new Error(`depth vs along n: ${msg}`);
        for (const [x, y, z] of AXES) {
          const ax = extent(a, x, y, z) + extent(b, -x, -y, -z);
          if (!(pen.depth <= ax + tol))
            throw new Error(`deeper than along (${x},${y},${z})=${ax}: ${msg}`);
        }
      },
      EPA_RUNS,
      EPA_CI_RUNS,
    );
    console.log(`[property] epa3d: ${checked} overlapping cases checked`);
  });
});
