/**
 * contact(a, b) for two convex polygons (the one-pass float path of convex/manifold.ts and its
 * exact fallback) against BigInt references that import nothing from src/:
 * - null exactly when the exact overlap reference (test/reference/overlap2d.ts) says apart;
 * - aInB / bInA equal exact containment (every corner on the inner side of every edge line);
 * - the depth is the exact penetration depth (the least over all edge normals, both signs, of the
 *   support gap; see exact2d.ts `triangleContact` for why that minimum is exact), and the reported
 *   normal attains it: its exact support gap equals the depth;
 * both argument orders. Cases come from shapes2d-gen.ts (touching and nearly touching placements,
 * lattice data, ulp nudges, 1e9 offsets, scales 1e-100 to 1e100, collinear triangles, polygons
 * with repeated corners, either winding).
 *
 * Posed polygons: contact and test with two poses equal those of the corners moved by hand.
 *
 * Runs: 1500 per kind pair, 4 pairs, plus 2000 posed pairs (8000 cases; about 10 s of
 * CPU under CI=1 on 2 cores).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { contact, test } from "../../src/2d/dispatch.ts";
import type { Pose } from "../../src/2d/pose.ts";
import {
  cmp,
  mul,
  onGrid,
  pow2,
  type Rational,
  rat,
  sqrtToDouble,
} from "../reference/bigrational.ts";
import { show } from "../reference/float-bits.ts";
import { overlapExact } from "../reference/overlap2d.ts";
import { assertProperty } from "./exact-setup.ts";
import { shapePairOf } from "./shapes2d-gen.ts";

const RUNS_PER_PAIR = 1500;
const POSED_RUNS = 2000;

type P = { x: number; y: number };
type IP = [bigint, bigint];

/** The corners of a polygon-like shape (triangle, aabb, polygon), as given. */
function cornersOf(s: Shape): readonly P[] {
  switch (s.kind) {
    case "triangle":
      return [s.a, s.b, s.c];
    case "aabb":
      return [
        { x: s.min.x, y: s.min.y },
        { x: s.max.x, y: s.min.y },
        { x: s.max.x, y: s.max.y },
        { x: s.min.x, y: s.max.y },
      ];
    case "polygon":
      return s.points;
    default:
      throw new Error(`not a polygon: ${s.kind}`);
  }
}

const dot = (p: IP, n: IP): bigint => p[0] * n[0] + p[1] * n[1];
const cross = (a: IP, b: IP, c: IP): bigint =>
  (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** 1 counter-clockwise, -1 clockwise, 0 flat: the sign of the first turn that is not straight. */
function winding(p: IP[]): number {
  for (let i = 1; i + 1 < p.length; i++) {
    const o = cross(p[0]!, p[i]!, p[i + 1]!);
    if (o !== 0n) return o > 0n ? 1 : -1;
  }
  return 0;
}

/** Whether every point of `inner` is in the closed convex polygon `outer` (which has area). */
function inside(inner: IP[], outer: IP[]): boolean {
  const s = BigInt(winding(outer));
  if (s === 0n) return false; // not used for flat outers (checked separately below)
  for (let i = 0; i < outer.length; i++) {
    const a = outer[i]!;
    const b = outer[(i + 1) % outer.length]!;
    if (a[0] === b[0] && a[1] === b[1]) continue;
    for (const q of inner) if (s * cross(a, b, q) < 0n) return false;
  }
  return true;
}

/** max over p of p.n minus min over q of q.n: how far q must move along n to clear p. */
function gap(p: IP[], q: IP[], n: IP): bigint {
  let hi = dot(p[0]!, n);
  for (const v of p) if (dot(v, n) > hi) hi = dot(v, n);
  let lo = dot(q[0]!, n);
  for (const v of q) if (dot(v, n) < lo) lo = dot(v, n);
  return hi - lo;
}

/** The exact squared penetration depth on the grid (units of 2^exp): least gap^2 / |n|^2. */
function depth2(p: IP[], q: IP[]): Rational {
  let best: Rational | null = null;
  for (const poly of [p, q]) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      const n: IP = [b[1] - a[1], a[0] - b[0]];
      if (n[0] === 0n && n[1] === 0n) continue;
      for (const m of [n, [-n[0], -n[1]] as IP]) {
        const g = gap(p, q, m);
        const v = rat(g < 0n ? 0n : g * g, dot(m, m));
        if (best === null || cmp(v, best) < 0) best = v;
      }
    }
  }
  return best ?? rat(0n);
}

function check([a, b]: [Shape, Shape]): void {
  const pa = cornersOf(a);
  const pb = cornersOf(b);
  const { ints, exp } = onGrid([...pa, ...pb].flatMap((v) => [v.x, v.y]));
  const grid = (k: number): IP => [ints[2 * k]!, ints[2 * k + 1]!];
  const ga = pa.map((_, k) => grid(k));
  const gb = pb.map((_, k) => grid(pa.length + k));
  const meet = overlapExact(a, b);
  const wa = winding(ga);
  const wb = winding(gb);
  const extent = Math.max(
    ...[...pa, ...pb].flatMap((v) => [Math.abs(v.x - pa[0]!.x), Math.abs(v.y - pa[0]!.y)]),
  );
  const big = Math.max(...[...pa, ...pb].flatMap((v) => [Math.abs(v.x), Math.abs(v.y)]));
  const want = meet ? sqrtToDouble(mul(depth2(ga, gb), pow2(2 * exp))) : 0;
  for (const flip of [false, true]) {
    const c = flip ? contact(b, a) : contact(a, b);
    const tag = `${flip ? "b, a" : "a, b"}: ${show([a, b])}`;
    if ((c !== null) !== meet) throw new Error(`contact ${c !== null}, exact ${meet} (${tag})`);
    if (c === null) continue;
    // Containment: exact for proper outers; a flat polygon holds only flat (zero-area) insides.
    const [gi, go, wo] = flip ? [gb, ga, wa] : [ga, gb, wb];
    const [gi2, go2, wo2] = flip ? [ga, gb, wb] : [gb, ga, wa];
    if (wo !== 0 && c.aInB !== inside(gi, go)) throw new Error(`aInB ${c.aInB} (${tag})`);
    if (wo2 !== 0 && c.bInA !== inside(gi2, go2)) throw new Error(`bInA ${c.bInA} (${tag})`);
    if (!(Number.isFinite(c.depth) && Number.isFinite(c.normal.x) && Number.isFinite(c.normal.y)))
      throw new Error(`not finite (${tag})`);
    // Depth: rounding in the coordinates' own scale (the general path projects absolute
    // coordinates) plus a relative hair of the pair's extent.
    const tol = 1e-9 * extent + 1e-13 * big;
    if (Math.abs(c.depth - want) > tol) throw new Error(`depth ${c.depth}, exact ${want} (${tag})`);
    // The normal attains the depth: its exact support gap (a's max minus b's min) is the depth.
    if (wa !== 0 && wb !== 0) {
      const n = onGrid([c.normal.x, c.normal.y]);
      const [gp, gq] = flip ? [gb, ga] : [ga, gb];
      const g = sqrtToDouble(
        mul(rat(gap(gp, gq, [n.ints[0]!, n.ints[1]!]) ** 2n), pow2(2 * (exp + n.exp))),
      );
      if (Math.abs(g - want) > tol + 1e-12 * extent)
        throw new Error(`normal's gap ${g}, depth ${want} (${tag})`);
    }
  }
}

describe("contact of two convex polygons against the exact references", () => {
  for (const [ka, kb] of [
    ["polygon", "polygon"],
    ["triangle", "polygon"],
    ["aabb", "polygon"],
    ["polygon", "triangle"],
  ] as const) {
    it(`${ka} vs ${kb}: null, containment, depth and normal exact or within rounding`, async () => {
      await assertProperty(`contact ${ka} ${kb}`, shapePairOf(ka, kb), check, RUNS_PER_PAIR);
    });
  }
});

/** A pose: angle 0, a quarter turn, or any; offsets near 0 or near 1e9. */
const poseArb: fc.Arbitrary<Pose> = fc.record({
  x: fc.oneof(fc.double({ min: -10, max: 10, noNaN: true }), fc.constant(1e9)),
  y: fc.oneof(fc.double({ min: -10, max: 10, noNaN: true }), fc.constant(-1e9)),
  angle: fc.oneof(
    fc.constant(0),
    fc.constant(Math.PI / 2),
    fc.double({ min: -4, max: 4, noNaN: true }),
  ),
});

/** The polygon's corners moved by the pose, as Pose documents it (rotate about 0, then move). */
function moved(s: Shape, p: Pose): Shape {
  const c = Math.cos(p.angle);
  const n = Math.sin(p.angle);
  const points = cornersOf(s).map((v) => ({
    x: c * v.x - n * v.y + p.x,
    y: n * v.x + c * v.y + p.y,
  }));
  return { kind: "polygon", points };
}

describe("posed polygons: contact(a, b, poseA, poseB) is the contact of the moved corners", () => {
  it("test and every contact field identical (Object.is), including null", async () => {
    const arb = fc.tuple(shapePairOf("polygon", "polygon"), poseArb, poseArb);
    await assertProperty(
      "posed polygon contact",
      arb,
      ([[a, b], pa, pb]) => {
        const ma = moved(a, pa);
        const mb = moved(b, pb);
        const tag = show([a, b, pa, pb]);
        if (test(a, b, pa, pb) !== test(ma, mb)) throw new Error(`test differs: ${tag}`);
        const got = contact(a, b, pa, pb);
        const want = contact(ma, mb);
        if ((got === null) !== (want === null)) throw new Error(`null differs: ${tag}`);
        if (got === null || want === null) return;
        const same =
          Object.is(got.depth, want.depth) &&
          Object.is(got.normal.x, want.normal.x) &&
          Object.is(got.normal.y, want.normal.y) &&
          got.count === want.count &&
          got.aInB === want.aInB &&
          got.bInA === want.bInA &&
          got.points.every(
            (q, k) =>
              k >= got.count ||
              (Object.is(q.point.x, want.points[k]!.point.x) &&
                Object.is(q.point.y, want.points[k]!.point.y) &&
                Object.is(q.depth, want.points[k]!.depth)),
          );
        if (!same) throw new Error(`contact differs: ${tag}`);
      },
      POSED_RUNS,
    );
  });
});
