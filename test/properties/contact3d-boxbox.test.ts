/**
 * The dedicated box-box manifold (contactBoxBox) on random and aimed pairs: rotations from a set
 * (identity, quarter and eighth turns, a generic one) or drawn at random; half extents on a
 * half-unit lattice from 0 (flat boxes) to 2; B's center on a lattice, or aimed: placed touching A
 * along a face normal of A or B or an edge-edge axis, then pushed in by 0, 1e-9, 1% or 30% of the
 * two radii and moved a few ulps; everything scaled by 1, 1e-100 or 1e100 and offset by 0 or 1e9.
 * Checks, with tol = 5e-8 of the scale (the manifold prefers faces to edges by 1e-9 of the boxes'
 * summed sizes) plus 1e-14 of the largest coordinate (the offset's rounding):
 * 1. null exactly when testBoxBox says apart;
 * 2. the depth equals the least overlap over the 15 separating axes, computed here in doubles from
 *    test/reference's box axes (face normals and every edge cross product longer than 1e-9);
 * 3. moving B by normal * (depth (1 + 1e-9) + 2 tol) leaves the boxes apart, by
 *    normal * (depth (1 - 1e-6) - 2 tol) still meeting (testBoxBox, exact);
 * 4. every point lies within depth + tol of both boxes, its depth in [0, depth + tol];
 * 5. the general polytope path (contactBoxBoxGeneral: every face and edge pair) finds the same
 *    depth;
 * 6. with A unturned, contactAabbBox on A's bounds (and contactAabbAabb when B is unturned too)
 *    gives null exactly when testAabbBox / testAabbAabb say so, the same depth, points near both.
 * Runs: 3000 in CI (about 10 s on the shared 2-core machine), 30000 with COLLIDE_DEEP=1.
 * Containment flags against the exact reference (for boxes, and for an unturned A as an aabb):
 * 40 runs of nested or near-nested pairs in CI (about 5 s: the reference enumerates vertex
 * triples), 600 deep. Each runs in chunks of its CI count (the CI run is one chunk, so its seed
 * and cases are those of one fc.assert), so a deep run yields to vitest between chunks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";
import { contactBoxBoxGeneral } from "../../src/3d/query/contact.ts";
import { containedRef } from "../reference/contain3d.ts";
import { coreOf, refBoxAxes } from "../reference/overlap3d.ts";
import { assertProperty } from "./exact-setup.ts";

/** Cases per `fc.assert`: the CI counts, so CI runs one chunk (its seed and count unchanged). */
const CI_RUNS = 3_000;
const CONTAIN_CI_RUNS = 40;
const RUNS = process.env.COLLIDE_DEEP ? 30_000 : CI_RUNS;
const CONTAIN_RUNS = process.env.COLLIDE_DEEP ? 600 : CONTAIN_CI_RUNS;

type Q = { x: number; y: number; z: number; w: number };
const s8 = Math.sin(Math.PI / 8);
const c8 = Math.cos(Math.PI / 8);
const rotArb: fc.Arbitrary<Q> = fc.oneof(
  fc.constantFrom<Q>(
    { x: 0, y: 0, z: 0, w: 1 },
    { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 },
    { x: Math.SQRT1_2, y: 0, z: 0, w: Math.SQRT1_2 },
    { x: 0, y: s8, z: 0, w: c8 },
    { x: s8, y: 0, z: 0, w: c8 },
    { x: 0.1, y: 0.2, z: 0.3, w: 0.9 },
  ),
  fc
    .tuple(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
    )
    .map(([x, y, z, w]) =>
      Math.hypot(x, y, z, w) > 0.1 ? { x, y, z, w } : { x: 0, y: 0, z: 0, w: 1 },
    ),
);
const half = fc.integer({ min: 0, max: 4 }).map((k) => k / 2);
const halfVec = fc.tuple(half, half, half);
const lattice = fc.integer({ min: -8, max: 8 }).map((k) => k / 2);

const raw = fc.record({
  ra: rotArb,
  rb: rotArb,
  ha: halfVec,
  hb: halfVec,
  // B's center: a lattice point, or aimed along an axis (0-2 A's faces, 3-5 B's, 6-14 edges).
  aim: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 14 })),
  cb: fc.tuple(lattice, lattice, lattice),
  push: fc.constantFrom(0, 0, 1e-9, 0.01, 0.3),
  slide: fc.tuple(fc.constantFrom(0, 0.5, -1), fc.constantFrom(0, 0.25, -1.5)),
  s: fc.constantFrom(1, 1e-100, 1e100),
  o: fc.constantFrom(0, 1e9),
  k: fc.constantFrom(0, 0, 1, -1, 3),
});
type Raw = typeof raw extends fc.Arbitrary<infer T> ? T : never;

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

type V = { x: number; y: number; z: number };
const dot = (a: V, b: V) => a.x * b.x + a.y * b.y + a.z * b.z;
const crs = (a: V, b: V): V => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});
const len = (a: V) => Math.hypot(a.x, a.y, a.z);
const unitAxes = (q: Q): V[] =>
  refBoxAxes({
    kind: "box",
    center: { x: 0, y: 0, z: 0 },
    halfExtents: { x: 1, y: 1, z: 1 },
    rotation: q,
  });
/** Support radius of a box (unit axes u, half extents h) along the unit n. */
const radius = (u: V[], h: number[], n: V) =>
  h[0]! * Math.abs(dot(u[0]!, n)) +
  h[1]! * Math.abs(dot(u[1]!, n)) +
  h[2]! * Math.abs(dot(u[2]!, n));

/** The 15 candidate axes (unit), edge crosses shorter than 1e-9 left out. */
function axes(ua: V[], ub: V[]): V[] {
  const out: V[] = [...ua, ...ub];
  for (const e of ua)
    for (const f of ub) {
      const n = crs(e, f);
      const l = len(n);
      if (l > 1e-9) out.push({ x: n.x / l, y: n.y / l, z: n.z / l });
    }
  return out;
}

interface Pair {
  a: c3.Box;
  b: c3.Box;
  s: number;
  M: number;
}

function build(r: Raw): Pair {
  const { s, o } = r;
  const ua = unitAxes(r.ra);
  const ub = unitAxes(r.rb);
  const ha = r.ha as number[];
  const hb = r.hb as number[];
  let c: V = { x: r.cb[0], y: r.cb[1], z: r.cb[2] };
  if (r.aim >= 0) {
    let n: V;
    if (r.aim < 3) n = ua[r.aim]!;
    else if (r.aim < 6) n = ub[r.aim - 3]!;
    else {
      n = crs(ua[((r.aim - 6) / 3) | 0]!, ub[(r.aim - 6) % 3]!);
      const l = len(n);
      n = l > 1e-3 ? { x: n.x / l, y: n.y / l, z: n.z / l } : ua[0]!;
    }
    const t = (radius(ua, ha, n) + radius(ub, hb, n)) * (1 - r.push);
    // Slide along a tangent of A's face for variety (still touching when the faces overlap).
    const tan = Math.abs(n.x) < 0.9 ? crs(n, { x: 1, y: 0, z: 0 }) : crs(n, { x: 0, y: 1, z: 0 });
    const tl = len(tan);
    c = {
      x: n.x * t + (r.slide[0] * tan.x) / tl,
      y: n.y * t + (r.slide[0] * tan.y) / tl,
      z: n.z * t + (r.slide[0] * tan.z) / tl,
    };
  }
  const a = c3.box(c3.vec(o, o, o), c3.vec(ha[0]! * s, ha[1]! * s, ha[2]! * s), r.ra);
  const b = c3.box(
    c3.vec(nudge(c.x * s + o, r.k), nudge(c.y * s + o, -r.k), c.z * s + o),
    c3.vec(hb[0]! * s, hb[1]! * s, hb[2]! * s),
    r.rb,
  );
  return { a, b, s, M: Math.max(o, 12 * s) };
}

/** The least overlap over the separating axes, in doubles. */
function leastOverlap(a: c3.Box, b: c3.Box): number {
  const ua = unitAxes(a.rotation);
  const ub = unitAxes(b.rotation);
  const ha = [a.halfExtents.x, a.halfExtents.y, a.halfExtents.z];
  const hb = [b.halfExtents.x, b.halfExtents.y, b.halfExtents.z];
  const d = { x: b.center.x - a.center.x, y: b.center.y - a.center.y, z: b.center.z - a.center.z };
  let best = Number.POSITIVE_INFINITY;
  for (const n of axes(ua, ub)) {
    best = Math.min(best, radius(ua, ha, n) + radius(ub, hb, n) - Math.abs(dot(d, n)));
  }
  return best;
}

/** Distance from p to the box, in doubles (local coordinates clamped to the extents). */
function boxDistance(p: V, b: c3.Box): number {
  const u = unitAxes(b.rotation);
  const h = [b.halfExtents.x, b.halfExtents.y, b.halfExtents.z];
  const d = { x: p.x - b.center.x, y: p.y - b.center.y, z: p.z - b.center.z };
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const e = Math.max(0, Math.abs(dot(d, u[k]!)) - h[k]!);
    s += e * e;
  }
  return Math.sqrt(s);
}

// A plain object, not box(): the constructor would normalise the rotation again and change it.
const moved = (b: c3.Box, n: V, t: number): c3.Box => ({
  center: c3.vec(b.center.x + n.x * t, b.center.y + n.y * t, b.center.z + n.z * t),
  halfExtents: b.halfExtents,
  rotation: b.rotation,
});

const unturned = (q: Q) => q.x === 0 && q.y === 0 && q.z === 0;
const asAabb = (b: c3.Box): c3.Aabb =>
  c3.aabb(
    c3.vec(
      b.center.x - b.halfExtents.x,
      b.center.y - b.halfExtents.y,
      b.center.z - b.halfExtents.z,
    ),
    c3.vec(
      b.center.x + b.halfExtents.x,
      b.center.y + b.halfExtents.y,
      b.center.z + b.halfExtents.z,
    ),
  );

describe("contactBoxBox, the dedicated manifold, on random and aimed pairs", () => {
  it("null, least-overlap depth, separation, points, agreement with the polytope path", async () => {
    const seen = { pairs: 0, hits: 0, touching: 0, single: 0, four: 0 };
    await assertProperty(
      "contact3d-boxbox",
      raw,
      (r) => {
        const { a, b, s, M } = build(r);
        const c = c3.contactBoxBox(a, b);
        // 1. null decided by the exact test.
        expect(c !== null).toBe(c3.testBoxBox(a, b));
        seen.pairs++;
        if (c === null) return;
        seen.hits++;
        if (c.depth === 0) seen.touching++;
        if (c.count === 1) seen.single++;
        if (c.count === 4) seen.four++;
        const tol = 5e-8 * s + 1e-14 * M;
        const n = c.normal;
        expect(Math.abs(len(n) - 1)).toBeLessThan(1e-12);
        expect(c.depth).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(c.depth)).toBe(true);
        // 2. the least overlap over the 15 axes.
        const least = Math.max(0, leastOverlap(a, b));
        expect(Math.abs(c.depth - least)).toBeLessThanOrEqual(tol);
        // 3. pushed out by the depth: apart; by a little less: still meeting.
        expect(c3.testBoxBox(a, moved(b, n, c.depth * (1 + 1e-9) + 2 * tol))).toBe(false);
        const inside = c.depth * (1 - 1e-6) - 2 * tol;
        expect(c3.testBoxBox(a, moved(b, n, Math.max(0, inside)))).toBe(true);
        // 4. points near both boxes.
        expect(c.count).toBeGreaterThanOrEqual(1);
        expect(c.count).toBeLessThanOrEqual(4);
        for (let i = 0; i < c.count; i++) {
          const p = c.points[i]!;
          expect(p.depth).toBeGreaterThanOrEqual(0);
          expect(p.depth).toBeLessThanOrEqual(c.depth + tol);
          expect(boxDistance(p.point, a)).toBeLessThanOrEqual(c.depth + tol);
          expect(boxDistance(p.point, b)).toBeLessThanOrEqual(c.depth + tol);
        }
        // 5. the general polytope path (every face and edge pair) agrees.
        const g = contactBoxBoxGeneral(a, b)!;
        expect(Math.abs(g.depth - c.depth)).toBeLessThanOrEqual(tol);
        // 6. an unturned A as an aabb (its bounds rounded), and B too when unturned: the same
        // depth through contactAabbBox / contactAabbAabb, null exactly when their tests say so.
        if (!unturned(r.ra)) return;
        const ab = asAabb(a);
        const ca = c3.contactAabbBox(ab, b);
        expect(ca !== null).toBe(c3.testAabbBox(ab, b));
        if (ca !== null) expect(Math.abs(ca.depth - c.depth)).toBeLessThanOrEqual(tol);
        if (!unturned(r.rb)) return;
        const bb = asAabb(b);
        const cc = c3.contactAabbAabb(ab, bb);
        expect(cc !== null).toBe(c3.testAabbAabb(ab, bb));
        if (cc === null) return;
        expect(Math.abs(cc.depth - c.depth)).toBeLessThanOrEqual(tol);
        for (let i = 0; i < cc.count; i++) {
          const p = cc.points[i]!.point;
          expect(boxDistance(p, a)).toBeLessThanOrEqual(cc.depth + tol);
          expect(boxDistance(p, b)).toBeLessThanOrEqual(cc.depth + tol);
        }
      },
      RUNS,
      CI_RUNS,
    );
    // The mix the runs covered (hits, exact touching, one-point and four-point manifolds).
    console.log(`[property] contact3d-boxbox mix: ${JSON.stringify(seen)}`);
    expect(seen.touching).toBeGreaterThan(0);
    expect(seen.single).toBeGreaterThan(0);
  });

  it("containment flags equal the exact reference on nested and near-nested pairs", async () => {
    const nested = fc.record({
      ra: rotArb,
      rb: rotArb,
      ha: fc.tuple(fc.constantFrom(2, 3), fc.constantFrom(2, 3), fc.constantFrom(2, 3)),
      hb: halfVec,
      c: fc.tuple(lattice, lattice, lattice),
      s: fc.constantFrom(1, 1e-100, 1e100),
      o: fc.constantFrom(0, 1e9),
      k: fc.constantFrom(0, 1, -1),
    });
    await assertProperty(
      "contact3d-boxbox containment",
      nested,
      (r) => {
        const { s, o } = r;
        const a = c3.box(c3.vec(o, o, o), c3.vec(r.ha[0] * s, r.ha[1] * s, r.ha[2] * s), r.ra);
        const b = c3.box(
          c3.vec(nudge((r.c[0] / 4) * s + o, r.k), (r.c[1] / 4) * s + o, (r.c[2] / 4) * s + o),
          c3.vec(r.hb[0] * s, r.hb[1] * s, r.hb[2] * s),
          r.rb,
        );
        const c = c3.contactBoxBox(a, b);
        if (c === null) return;
        const va = coreOf(a).verts;
        const vb = coreOf(b).verts;
        expect(c.bInA).toBe(containedRef(vb, va));
        expect(c.aInB).toBe(containedRef(va, vb));
        // An unturned A as an aabb: the same flags against its exact corners.
        if (unturned(r.ra)) {
          const ab = asAabb(a);
          const cb = c3.contactAabbBox(ab, b)!;
          const vab = coreOf({ kind: "aabb", min: ab.min, max: ab.max }).verts;
          expect(cb.bInA).toBe(containedRef(vb, vab));
          expect(cb.aInB).toBe(containedRef(vab, vb));
        }
        // B against an equal copy of itself (the same numbers): each in the other exactly.
        const copy = {
          center: { ...b.center },
          halfExtents: { ...b.halfExtents },
          rotation: { ...b.rotation },
        };
        const e = c3.contactBoxBox(b, copy)!;
        expect([e.aInB, e.bInA]).toEqual([true, true]);
      },
      CONTAIN_RUNS,
      CONTAIN_CI_RUNS,
    );
  });
});
