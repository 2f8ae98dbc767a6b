/**
 * testSegmentSegment / intersectSegmentSegment against the exact reference: the boolean exact,
 * both orders and both orientations agreeing, intersect non-null exactly when test is true, and
 * the construction finite, in range, within 1e-9 of the exact parameters, its point on s1 at t1.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  intersectSegmentSegment,
  type Segment,
  type SegmentSegmentHit,
  testSegmentSegment,
} from "../../src/2d/index.ts";
import { fromDouble } from "../reference/bigrational.ts";
import { lerpExact, segmentSegment } from "../reference/exact2d.ts";
import { absErr, expectFinite, fail } from "./exact-checks.ts";
import {
  EPS,
  frameName,
  gamePointsArb,
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
  s1: Segment;
  s2: Segment;
  label: string;
}

const KINDS = [
  "random",
  "end snapped onto s1",
  "both ends snapped onto s1's line",
  "collinear lattice multiples",
  "shared endpoint",
  "s2 zero-length on s1",
  "s1 zero-length on s2",
  "both zero-length",
  "ends moved by ulps (nearly parallel)",
  "through a snapped point",
] as const;

function build(m: Material): Case {
  const f = m.frame;
  const kind = m.kind % KINDS.length;
  const [k0, k1, k2, k3] = m.k as [number, number, number, number];
  const [t0, t1] = m.t as [number, number];
  const [b0, b1] = m.p as [V2, V2];
  let [a1, c1, a2, c2] = [0, 1, 2, 3].map((i) => placePoint(f, m.p[i] as V2, i)) as [
    V2,
    V2,
    V2,
    V2,
  ];
  switch (kind) {
    case 1:
      a2 = snap(a1, c1, t0, k0, k1);
      break;
    case 2:
      a2 = snap(a1, c1, t0, k0, k1);
      c2 = snap(a1, c1, t1, k2, k3);
      break;
    case 3: {
      // Multiples of half of s1's direction, in base coordinates (exact on the lattice), placed.
      const at = (j: number): V2 => ({
        x: b0.x + (j / 2) * (b1.x - b0.x),
        y: b0.y + (j / 2) * (b1.y - b0.y),
      });
      a2 = placePoint(f, at(k0 + 1), 2);
      c2 = placePoint(f, at(k1 + (m.uniform ? 2 : -1)), 3);
      break;
    }
    case 4:
      a2 = k0 > 0 ? a1 : c1;
      if (!m.uniform) a2 = nudge2(a2, k1, k2);
      break;
    case 5:
      a2 = snap(a1, c1, t0, k0, k1);
      c2 = a2;
      break;
    case 6:
      a1 = snap(a2, c2, t0, k0, k1);
      c1 = a1;
      break;
    case 7:
      c1 = a1;
      a2 = m.uniform ? a1 : nudge2(a1, k0, k1);
      c2 = a2;
      break;
    case 8:
      a2 = nudge2(a1, k0, k1);
      c2 = nudge2(c1, k2, k3);
      break;
    case 9: {
      const p = snap(a1, c1, t0, 0, 0);
      c2 = snap(a2, p, 1 + Math.abs(t1), k0, k1);
      break;
    }
  }
  return { s1: { a: a1, b: c1 }, s2: { a: a2, b: c2 }, label: `${KINDS[kind]} / ${frameName(f)}` };
}

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 12, arbitrary: materialArb(4).map(build) },
  {
    weight: 1,
    arbitrary: gamePointsArb(4).map(([a, b, c, d]) => ({
      s1: { a: a as V2, b: b as V2 },
      s2: { a: c as V2, b: d as V2 },
      label: "uniform game data",
    })),
  },
);

/** The textbook float test (orientation signs), to show how often the cases defeat it. */
function naive(s1: Segment, s2: Segment): boolean {
  const o = (p: V2, q: V2, r: V2) =>
    Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  const d1 = o(s1.a, s1.b, s2.a);
  const d2 = o(s1.a, s1.b, s2.b);
  const d3 = o(s2.a, s2.b, s1.a);
  const d4 = o(s2.a, s2.b, s1.b);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  const within = (p: V2, q: V2, r: V2) =>
    Math.min(p.x, q.x) <= r.x &&
    r.x <= Math.max(p.x, q.x) &&
    Math.min(p.y, q.y) <= r.y &&
    r.y <= Math.max(p.y, q.y);
  return (
    (d1 === 0 && within(s1.a, s1.b, s2.a)) ||
    (d2 === 0 && within(s1.a, s1.b, s2.b)) ||
    (d3 === 0 && within(s2.a, s2.b, s1.a)) ||
    (d4 === 0 && within(s2.a, s2.b, s1.b))
  );
}

const isPoint = (s: Segment): boolean => s.a.x === s.b.x && s.a.y === s.b.y;

function check({ s1, s2 }: Case, tally?: Tally): void {
  const input = { s1, s2 };
  const ref = segmentSegment(s1.a, s1.b, s2.a, s2.b);
  if (tally && naive(s1, s2) !== (ref !== null)) tally.add("naive float test wrong");
  const hit = testSegmentSegment(s1, s2);
  if (hit !== (ref !== null)) fail(`testSegmentSegment = ${hit}, exact = ${ref !== null}`, input);
  if (testSegmentSegment(s2, s1) !== hit) fail("testSegmentSegment(s2, s1) differs", input);
  if (testSegmentSegment({ a: s1.b, b: s1.a }, s2) !== hit)
    fail("reversing s1 changes test", input);
  const res = intersectSegmentSegment(s1, s2);
  if ((res !== null) !== hit)
    fail(`intersectSegmentSegment non-null = ${res !== null}, test = ${hit}`, input, res);
  if (!res || !ref) {
    tally?.add("miss");
    return;
  }
  tally?.add(ref.collinear ? "hit collinear" : "hit crossing");
  const out: SegmentSegmentHit = {
    t1: -1,
    t2: -1,
    point: { x: 0, y: 0 },
    normal: { x: 0, y: 0 },
    collinear: false,
  };
  const filled = intersectSegmentSegment(s1, s2, out);
  if (filled !== out || out.t1 !== res.t1 || out.t2 !== res.t2 || out.point.x !== res.point.x)
    fail("the out argument is not filled and returned like the plain result", input, { res, out });
  const { t1, t2, point, collinear } = res;
  expectFinite("segment-segment", [t1, t2, point.x, point.y], input, res);
  if (!(t1 >= 0 && t1 <= 1 && t2 >= 0 && t2 <= 1)) fail("t1 or t2 outside [0, 1]", input, res);
  if (collinear !== ref.collinear)
    fail(`collinear = ${collinear}, exact = ${ref.collinear}`, input, res);
  if (isPoint(s1) && t1 !== 0) fail("zero-length s1 must give t1 = 0", input, res);
  if (isPoint(s2) && t2 !== 0) fail("zero-length s2 must give t2 = 0", input, res);
  const e1 = absErr(t1, ref.t1);
  const e2 = absErr(t2, ref.t2);
  if (e1 > 1e-9 || e2 > 1e-9) fail(`t off the exact value by ${e1}, ${e2} (> 1e-9)`, input, res);
  // The point is s1.a + t1 (s1.b - s1.a) for the returned t1, to a few ulps of s1's magnitude.
  const exact = lerpExact(s1.a, s1.b, fromDouble(t1));
  const tol = 8 * EPS * magnitude(s1) + 4 * Number.MIN_VALUE;
  const ex = absErr(point.x, exact.x);
  const ey = absErr(point.y, exact.y);
  if (ex > tol || ey > tol)
    fail(
      `point is ${Math.max(ex, ey)} from s1.a + t1 (s1.b - s1.a) (tolerance ${tol})`,
      input,
      res,
    );
}

describe("segment vs segment against the exact reference", () => {
  it("boolean exact and symmetric; intersect agrees, finite, t within 1e-9, point at t1", async () => {
    const tally = new Tally("segment-segment");
    await assertProperty("segment-segment", cases, (c) => check(c, tally));
    tally.print();
  });
});
