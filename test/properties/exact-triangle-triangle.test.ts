/**
 * testTriangleTriangle / contactTriangleTriangle against the exact reference: the boolean exact,
 * symmetric and independent of winding; contact non-null exactly when test is true (both
 * orders); and the contact finite, with a unit normal and the exact penetration depth.
 *
 * Tolerances, with M the largest |coordinate| of the pair and r the exact depth:
 * - depth: |depth - r| <= 1e-9 r + 64 eps M (eps = 2^-52), in both orders;
 * - normal: |normal| within 1e-12 of 1, and, when r > that depth tolerance (a real overlap), the
 *   exact support gap along the normal, max_T1 p.n - min_T2 q.n (the distance T2 must move along
 *   n to be apart), is at most depth (1 + 1e-9) + the tolerance: moving T2 by normal * depth
 *   (plus a hair) separates them, checked in exact arithmetic at every scale;
 * - and literally, for non-degenerate triangles at game scale (no coordinate above 1e4 times
 *   the pair's extent, no triangle thinner than 1e-3 of its longest edge): T2 translated in
 *   doubles by normal * (depth (1 + 1e-9) + tiny) does not overlap T1 by the exact reference, and
 *   translated by normal * (depth (1 - 1e-9) - tiny) still does, with tiny = 64 eps M.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  contactTriangleTriangle,
  type Triangle,
  type TriangleTriangleContact,
  testTriangleTriangle,
} from "../../src/2d/index.ts";
import { makeContact } from "../../src/2d/results.ts";
import { toDouble } from "../reference/bigrational.ts";
import { supportGap, triangleContact, triangleTriangle } from "../reference/exact2d.ts";
import { expectFinite, fail, norm } from "./exact-checks.ts";
import {
  EPS,
  frameName,
  gamePointsArb,
  isTypical,
  type Material,
  magnitude,
  materialArb,
  nudge2,
  placePoint,
  snap,
  type V2,
} from "./exact-gen.ts";
import { assertProperty, Tally } from "./exact-setup.ts";

interface Case {
  t1: Triangle;
  t2: Triangle;
  typical: boolean;
  label: string;
}

const KINDS = [
  "random",
  "corner snapped onto an edge",
  "shared corner",
  "shared edge",
  "translated copy (overlap)",
  "slid along an edge's line",
  "degenerate t1 (collinear corners)",
  "two segments on nearly one line",
  "point triangle snapped onto an edge",
  "corners moved by ulps",
  "lattice translated copy",
] as const;

const tri = (a: V2, b: V2, c: V2): Triangle => ({ a, b, c });
const shift = (t: Triangle, dx: number, dy: number): Triangle => ({
  a: { x: t.a.x + dx, y: t.a.y + dy },
  b: { x: t.b.x + dx, y: t.b.y + dy },
  c: { x: t.c.x + dx, y: t.c.y + dy },
});

function build(m: Material): Case {
  const f = m.frame;
  const kind = m.kind % KINDS.length;
  const [k0, k1, k2, k3, k4, k5] = m.k as [number, number, number, number, number, number];
  const [t0, t1, t2] = m.t as [number, number, number];
  const P = [0, 1, 2, 3, 4, 5].map((i) => placePoint(f, m.p[i] as V2, i)) as [
    V2,
    V2,
    V2,
    V2,
    V2,
    V2,
  ];
  let A = tri(P[0], P[1], P[2]);
  let B = tri(P[3], P[4], P[5]);
  const edgeOf = (t: Triangle, i: number): [V2, V2] =>
    i === 0 ? [t.a, t.b] : i === 1 ? [t.b, t.c] : [t.c, t.a];
  const [e0, e1] = edgeOf(A, (m.kind >> 4) % 3);
  switch (kind) {
    case 1:
      B = tri(snap(e0, e1, t0, k0, k1), B.b, B.c);
      break;
    case 2:
      B = tri(B.a, m.uniform ? e0 : nudge2(e0, k0, k1), B.c);
      break;
    case 3:
      B = tri(e1, e0, B.c);
      break;
    case 4:
      B = shift(A, (B.a.x - A.a.x) * 0.1 * t0, (B.a.y - A.a.y) * 0.1 * t1);
      break;
    case 5: {
      const s = t0 * 2 - 1;
      B = shift(A, (e1.x - e0.x) * s, (e1.y - e0.y) * s);
      if (!m.uniform) B = tri(nudge2(B.a, k0, k1), B.b, B.c);
      break;
    }
    case 6:
      A = tri(e0, e1, snap(e0, e1, t0, k0, k1));
      if (m.uniform) B = tri(snap(e0, e1, t1, k2, k3), B.b, B.c);
      break;
    case 7:
      A = tri(A.a, A.b, snap(A.a, A.b, t0, 0, 0));
      B = tri(snap(A.a, A.b, t1, k0, k1), snap(A.a, A.b, t2, k2, k3), snap(A.a, A.b, t1, k2, k3));
      break;
    case 8: {
      const p = m.uniform ? snap(e0, e1, t0, k0, k1) : snap(snap(e0, e1, t0), A.c, t1 / 4, k0, k1);
      B = tri(p, p, p);
      break;
    }
    case 9:
      B = tri(nudge2(A.a, k0, k1), nudge2(A.b, k2, k3), nudge2(A.c, k4, k5));
      break;
    case 10: {
      // In base (lattice) coordinates, then placed: exact touching and overlapping copies.
      const q = m.p as V2[];
      const dx = Math.round(t0 * 4 - 2);
      const dy = Math.round(t1 * 4 - 2);
      B = tri(
        placePoint(f, { x: (q[0] as V2).x + dx, y: (q[0] as V2).y + dy }, 3),
        placePoint(f, { x: (q[1] as V2).x + dx, y: (q[1] as V2).y + dy }, 4),
        placePoint(f, { x: (q[2] as V2).x + dx, y: (q[2] as V2).y + dy }, 5),
      );
      break;
    }
  }
  return { t1: A, t2: B, typical: isTypical(f), label: `${KINDS[kind]} / ${frameName(f)}` };
}

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 12, arbitrary: materialArb(6).map(build) },
  {
    weight: 1,
    arbitrary: gamePointsArb(6).map((p) => {
      const [a, b, c, d, e, g] = p as [V2, V2, V2, V2, V2, V2];
      return { t1: tri(a, b, c), t2: tri(d, e, g), typical: true, label: "uniform game data" };
    }),
  },
);

/** Twice the area over the longest edge squared: 0 for degenerate, about 1 for fat triangles. */
function fatness(t: Triangle): number {
  const ux = t.b.x - t.a.x;
  const uy = t.b.y - t.a.y;
  const vx = t.c.x - t.a.x;
  const vy = t.c.y - t.a.y;
  const wx = t.c.x - t.b.x;
  const wy = t.c.y - t.b.y;
  const longest = Math.max(ux * ux + uy * uy, vx * vx + vy * vy, wx * wx + wy * wy);
  return longest === 0 ? 0 : Math.abs(ux * vy - uy * vx) / longest;
}

function extent(t1: Triangle, t2: Triangle): number {
  const xs = [t1.a.x, t1.b.x, t1.c.x, t2.a.x, t2.b.x, t2.c.x];
  const ys = [t1.a.y, t1.b.y, t1.c.y, t2.a.y, t2.b.y, t2.c.y];
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

function checkContact(
  t1: Triangle,
  t2: Triangle,
  c: TriangleTriangleContact,
  r: number,
  typical: boolean,
  tally?: Tally,
): void {
  const input = { t1, t2 };
  expectFinite("contact", [c.depth, c.normal.x, c.normal.y], input, c);
  if (!(c.depth >= 0)) fail("depth < 0", input, c);
  const n = norm(c.normal.x, c.normal.y);
  if (Math.abs(n - 1) > 1e-12) fail(`|normal| = ${n}, not 1 within 1e-12`, input, c);
  const M = magnitude(input);
  // 64 ulps of M; an ulp is never below the smallest subnormal (EPS * M underflows to 0 there).
  const tol = 1e-9 * r + 64 * Math.max(EPS * M, Number.MIN_VALUE);
  const e = Math.abs(c.depth - r);
  if (e > tol) fail(`depth is ${e} from the exact ${r} (tolerance ${tol})`, input, c);
  if (r <= tol) {
    tally?.add("touching or degenerate overlap (depth ~ 0)");
    return;
  }
  tally?.add("overlap");
  // Exact certificate: the support gap along the returned normal is the depth.
  const gap = toDouble(supportGap(t1, t2, c.normal));
  if (gap > c.depth * (1 + 1e-9) + tol)
    fail(
      `moving t2 by normal * depth does not separate: gap along the normal is ${gap} > depth ${c.depth}`,
      input,
      c,
    );
  // Literal translations, at game scale and for non-degenerate triangles.
  const size = extent(t1, t2);
  if (!typical || M > 1e4 * size || fatness(t1) < 1e-3 || fatness(t2) < 1e-3) return;
  tally?.add("overlap, translation checked");
  const tiny = 64 * EPS * M;
  const push = c.depth * (1 + 1e-9) + tiny;
  if (triangleTriangle(t1, shift(t2, c.normal.x * push, c.normal.y * push)))
    fail(`t2 moved by normal * (depth (1 + 1e-9) + ${tiny}) still overlaps t1`, input, c);
  const shrink = c.depth * (1 - 1e-9) - tiny;
  if (shrink > 0 && !triangleTriangle(t1, shift(t2, c.normal.x * shrink, c.normal.y * shrink)))
    fail(`t2 moved by normal * (depth (1 - 1e-9) - ${tiny}) no longer overlaps t1`, input, c);
}

function check({ t1, t2, typical }: Case, tally?: Tally): void {
  const input = { t1, t2 };
  const ref = triangleTriangle(t1, t2);
  const hit = testTriangleTriangle(t1, t2);
  if (hit !== ref) fail(`testTriangleTriangle = ${hit}, exact = ${ref}`, input);
  if (testTriangleTriangle(t2, t1) !== hit) fail("testTriangleTriangle(t2, t1) differs", input);
  if (testTriangleTriangle(tri(t1.a, t1.c, t1.b), tri(t2.b, t2.a, t2.c)) !== hit)
    fail("reversing the windings changes the test", input);
  const c = contactTriangleTriangle(t1, t2);
  const d = contactTriangleTriangle(t2, t1);
  if ((c !== null) !== hit)
    fail(`contactTriangleTriangle non-null = ${c !== null}, test = ${hit}`, input, c);
  if ((d !== null) !== hit)
    fail(`contactTriangleTriangle(t2, t1) non-null = ${d !== null}, test = ${hit}`, input, d);
  if (!c || !d) {
    tally?.add("apart");
    return;
  }
  const out: TriangleTriangleContact = makeContact();
  out.depth = -1;
  if (
    contactTriangleTriangle(t1, t2, out) !== out ||
    out.depth !== c.depth ||
    out.normal.x !== c.normal.x
  )
    fail("the out argument is not filled and returned like the plain result", input, { c, out });
  const exact = triangleContact(t1, t2);
  if (!exact) fail("reference contact is null for touching triangles", input);
  checkContact(t1, t2, c, exact.depth, typical, tally);
  checkContact(t2, t1, d, exact.depth, typical);
}

describe("triangle vs triangle against the exact reference", () => {
  it("boolean exact, symmetric, any winding; contact agrees, finite, unit normal, exact depth", async () => {
    const tally = new Tally("triangle-triangle");
    await assertProperty("triangle-triangle", cases, (c) => check(c, tally));
    tally.print();
  });
});
