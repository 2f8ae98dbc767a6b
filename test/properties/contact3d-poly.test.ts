/**
 * Polytope contacts (aabb, box, triangle, hull) against independent checks, on lattice shapes in
 * [-3, 3] (faces, edges and corners touching exactly; flat boxes, collinear triangles, coplanar
 * hull points), scaled by 1, 1e-100 or 1e100, offset by 0 or 1e9, B nudged a few ulps half the
 * time:
 * - null exactly when the BigInt reference (test/reference/overlap3d.ts) says apart;
 * - the depth equals epaPenetration's on the proxies within 1e-9 of the scale (plus 1e-14 of the
 *   largest magnitude for the offset's rounding), the normal is unit;
 * - the depth is the overlap of the support extents along the normal (within tol), and moving B
 *   by normal * (depth * (1 + 1e-9) + 2 tol) leaves the shapes apart (exact reference distance > 0);
 * - every point lies within depth + tol of both shapes (reference distances);
 * - aInB and bInA equal the reference containment (test/reference/contain3d.ts).
 * Runs: 50 in CI (about 12 s: the reference enumerates vertex subsets of 8-corner boxes), 1000
 * with COLLIDE_DEEP=1.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";
import { fromDouble, type Rational, rat, toDouble } from "../reference/bigrational.ts";
import { containedRef } from "../reference/contain3d.ts";
import { coreDistance2, coreOf } from "../reference/overlap3d.ts";
import { settings } from "./config.ts";

const KINDS = ["aabb", "box", "triangle", "hull"] as const;
type Kind = (typeof KINDS)[number];
type RV = [Rational, Rational, Rational];
const RUNS = process.env.COLLIDE_DEEP ? 1_000 : 50;

const lattice = fc.integer({ min: -3, max: 3 });
const latticeVec = fc.tuple(lattice, lattice, lattice);
const rotArb = fc.constantFrom(
  { x: 0, y: 0, z: 0, w: 1 },
  { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 },
  { x: 0.1, y: 0.2, z: 0.3, w: 0.9 },
);
const raw = fc.record({
  kind: fc.constantFrom(...KINDS),
  pts: fc.array(latticeVec, { minLength: 6, maxLength: 6 }),
  rot: rotArb,
});

const buf = new Float64Array(1);
const bits = new BigInt64Array(buf.buffer);
function nudge(x: number, k: number): number {
  let y = x;
  for (let i = 0; i < Math.abs(k); i++) {
    if (y === 0) {
      y = k > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
      continue;
    }
    buf[0] = y;
    bits[0] = y > 0 === k > 0 ? bits[0]! + 1n : bits[0]! - 1n;
    y = buf[0]!;
  }
  return y;
}

interface Gen {
  kind: Kind;
  shape: c3.Aabb | c3.Box | c3.Triangle | c3.Hull;
  verts: RV[];
}

const rv = (p: c3.Vec): RV => [fromDouble(p.x), fromDouble(p.y), fromDouble(p.z)];

function build(
  r: { kind: Kind; pts: [number, number, number][]; rot: c3.Quat },
  s: number,
  o: number,
  k: number,
): Gen {
  const P = r.pts.map(([x, y, z]) => c3.vec(nudge(x * s + o, k), nudge(y * s + o, k), z * s + o));
  const [p0, p1, p2] = [P[0]!, P[1]!, P[2]!];
  switch (r.kind) {
    case "aabb": {
      const shape = c3.aabb(
        c3.vec(Math.min(p0.x, p1.x), Math.min(p0.y, p1.y), Math.min(p0.z, p1.z)),
        c3.vec(Math.max(p0.x, p1.x), Math.max(p0.y, p1.y), Math.max(p0.z, p1.z)),
      );
      return { kind: r.kind, shape, verts: coreOf(shape).verts };
    }
    case "box": {
      const h = c3.vec(
        (Math.abs(r.pts[1]![0]) % 3) * s,
        (Math.abs(r.pts[1]![1]) % 3) * s,
        (Math.abs(r.pts[1]![2]) % 3) * s,
      );
      const shape = c3.box(p0, h, r.rot);
      return { kind: r.kind, shape, verts: coreOf(shape).verts };
    }
    case "triangle": {
      const shape = c3.triangle(p0, p1, p2);
      return { kind: r.kind, shape, verts: coreOf(shape).verts };
    }
    case "hull": {
      const pts = P.slice(0, 6);
      // Half the hulls carry faces from convexHull, half get them per call.
      const shape = r.pts[5]![0] > 0 ? c3.convexHull(pts) : c3.hull(pts);
      return { kind: r.kind, shape, verts: pts.map(rv) };
    }
  }
}

const cap = (k: string) => k[0]!.toUpperCase() + k.slice(1);
const api = c3 as unknown as Record<string, (a: unknown, b: unknown) => c3.Contact | null>;
const ORDER: Record<Kind, number> = { aabb: 0, box: 1, triangle: 2, hull: 3 };

/** contact(a, b) through the canonical-order function, flipped back when called reversed. */
function contactOf(a: Gen, b: Gen): c3.Contact | null {
  if (ORDER[a.kind] <= ORDER[b.kind]) {
    return api[`contact${cap(a.kind)}${cap(b.kind)}`]!(a.shape, b.shape);
  }
  const c = api[`contact${cap(b.kind)}${cap(a.kind)}`]!(b.shape, a.shape);
  if (c === null) return null;
  c.normal.x = -c.normal.x;
  c.normal.y = -c.normal.y;
  c.normal.z = -c.normal.z;
  [c.aInB, c.bInA] = [c.bInA, c.aInB];
  return c;
}

const dist = (A: RV[], B: RV[]): number => {
  const d = coreDistance2(A, B);
  return Math.sqrt(toDouble(rat(d.num, d.den)));
};
const shift = (V: RV[], x: number, y: number, z: number): RV[] =>
  V.map(([a, b, c]) => [add(a, x), add(b, y), add(c, z)] as RV);
function add(a: Rational, x: number): Rational {
  const b = fromDouble(x);
  return rat(a.num * b.den + b.num * a.den, a.den * b.den);
}
/** max over the vertices of n . v, in doubles. */
function extent(V: RV[], nx: number, ny: number, nz: number): number {
  let h = Number.NEGATIVE_INFINITY;
  for (const v of V)
    h = Math.max(h, nx * toDouble(v[0]) + ny * toDouble(v[1]) + nz * toDouble(v[2]));
  return h;
}
const P = c3.makeProxy();
const Q = c3.makeProxy();
const PEN = c3.makePenetration();

describe("polytope contacts against the exact reference and EPA", () => {
  it("null, depth, separation, points and containment", () => {
    const { seed } = settings("contact3d-poly");
    const arb = fc.record({
      a: raw,
      b: raw,
      s: fc.constantFrom(1, 1e-100, 1e100),
      o: fc.constantFrom(0, 1e9),
      k: fc.constantFrom(0, 0, 1, -1, 3),
    });
    fc.assert(
      fc.property(arb, ({ a: ra, b: rb, s, o, k }) => {
        const a = build(ra, s, o, 0);
        const b = build(rb, s, o, k);
        const c = contactOf(a, b);
        const meet = coreDistance2(a.verts, b.verts).num === 0n;
        expect(c !== null).toBe(meet);
        if (c === null) return;
        const M = Math.max(Math.abs(o), 3 * s);
        const tol = 1e-9 * s + 1e-14 * M;
        const n = c.normal;
        expect(Math.abs(Math.hypot(n.x, n.y, n.z) - 1)).toBeLessThan(1e-12);
        expect(c.depth).toBeGreaterThanOrEqual(0);
        c3.proxyOf(a.shape as c3.Shape, P);
        c3.proxyOf(b.shape as c3.Shape, Q);
        const pen = c3.epaPenetration(P, Q, PEN);
        expect(Math.abs(c.depth - Math.max(0, pen.depth))).toBeLessThanOrEqual(tol);
        // The depth is the overlap along its own normal (support extents of the exact vertices),
        // and moving B by it (plus 2 tol) leaves them exactly apart.
        const along = extent(a.verts, n.x, n.y, n.z) + extent(b.verts, -n.x, -n.y, -n.z);
        expect(Math.abs(along - c.depth)).toBeLessThanOrEqual(tol);
        const t = c.depth * (1 + 1e-9) + 2 * tol;
        expect(dist(a.verts, shift(b.verts, n.x * t, n.y * t, n.z * t))).toBeGreaterThan(0);
        for (let i = 0; i < c.count; i++) {
          const p = c.points[i]!;
          expect(p.depth).toBeGreaterThanOrEqual(0);
          const q = [rv(p.point)];
          expect(dist(q, a.verts)).toBeLessThanOrEqual(c.depth + tol);
          expect(dist(q, b.verts)).toBeLessThanOrEqual(c.depth + tol);
        }
        expect(c.aInB).toBe(containedRef(a.verts, b.verts));
        expect(c.bInA).toBe(containedRef(b.verts, a.verts));
      }),
      { seed, numRuns: RUNS },
    );
  });
});
