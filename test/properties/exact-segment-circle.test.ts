/**
 * testSegmentCircle / intersectSegmentCircle against the exact reference.
 *
 * - the boolean exact, for both orientations of the segment; intersect non-null exactly then;
 * - every field finite, t in [0, 1]; t = 0 and point = a exactly when a is in the disk (exact);
 * - t within 1e-9 of the exact first root when the discriminant is not tiny: with
 *   f(t) = alpha t^2 + 2 beta t + omega, disc = beta^2 - alpha omega >= 1e-12 beta^2 (the
 *   segment is not within about 1e-6 of tangent; grazing roots are ill-conditioned: a relative
 *   error e in the data moves them by about e |beta| / sqrt(disc));
 * - the point at a + t (b - a) to a few ulps of the segment's magnitude;
 * - the normal of unit length within 1e-12; exactly -dir / |dir| (or (1, 0) for a zero-length
 *   segment) within 1e-12 when the exact point is the center; otherwise within 1e-6 of the exact
 *   unit vector from the center to the exact point, checked when that distance is at least 1e-6
 *   of the largest coordinate and the root is not grazing.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  type Circle,
  intersectSegmentCircle,
  type Segment,
  type SegmentCircleHit,
  testSegmentCircle,
} from "../../src/2d/index.ts";
import {
  cmp,
  fromDouble,
  mul,
  pow2,
  type Rational,
  rat,
  sqrtToDouble,
  sub,
  toDouble,
} from "../reference/bigrational.ts";
import { distPointSegment2, lerpExact, segmentCircle } from "../reference/exact2d.ts";
import { stepUlps } from "../reference/float-bits.ts";
import { absErr, expectFinite, fail, norm } from "./exact-checks.ts";
import {
  EPS,
  frameName,
  gamePointsArb,
  type Material,
  magnitude,
  materialArb,
  place,
  placePoint,
  snap,
  type V2,
} from "./exact-gen.ts";
import { assertProperty, Tally } from "./exact-setup.ts";

interface Case {
  seg: Segment;
  circle: Circle;
  label: string;
}

const KINDS = [
  "random",
  "radius = distance to the segment, +-ulps (tangent)",
  "radius = |a - c| +-ulps (a on the circle)",
  "radius = |b - c| +-ulps (b on the circle)",
  "center snapped onto the segment, radius 0 or tiny",
  "zero-length segment, radius = distance +-ulps",
  "3-4-5 lattice",
  "grazing a long segment",
  "a at the center",
] as const;

const dist = (p: V2, a: V2, b: V2): number => sqrtToDouble(distPointSegment2(p, a, b));

function build(m: Material): Case {
  const f = m.frame;
  const kind = m.kind % KINDS.length;
  const [k0, k1, k2] = m.k as [number, number, number];
  const [t0, t1] = m.t as [number, number];
  let a = placePoint(f, m.p[0] as V2, 0);
  let b = placePoint(f, m.p[1] as V2, 1);
  let c = placePoint(f, m.p[2] as V2, 2);
  let r = Math.abs(place(f, (m.p[3] as V2).x, 6, true));
  switch (kind) {
    case 1:
      r = stepUlps(dist(c, a, b), k0);
      break;
    case 2:
      r = stepUlps(dist(a, c, c), k0);
      break;
    case 3:
      r = stepUlps(dist(b, c, c), k0);
      break;
    case 4:
      c = snap(a, b, t0, k0, k1);
      r = m.uniform ? 0 : Math.abs(stepUlps(0, k2));
      break;
    case 5:
      b = a;
      r = stepUlps(dist(c, a, a), k0);
      break;
    case 6: {
      // Base lattice center, a = center + k (3, 4) (or (4, -3)), radius 5k; b anywhere.
      const base = m.p[2] as V2;
      const k = 1 + ((m.kind >> 4) % 3);
      const off = m.uniform ? { x: 3 * k, y: 4 * k } : { x: 4 * k, y: -3 * k };
      c = placePoint(f, base, 2);
      a = placePoint(f, { x: base.x + off.x, y: base.y + off.y }, 0);
      r = stepUlps(place(f, 5 * k, 6, true), k0);
      if (k1 > 1) b = placePoint(f, { x: base.x - off.x, y: base.y - off.y }, 1);
      break;
    }
    case 7: {
      const p = a;
      const q = b;
      a = snap(p, q, -1 - t0);
      b = snap(p, q, 2 + t1);
      r = stepUlps(dist(c, a, b), k0);
      break;
    }
    case 8:
      c = a;
      if (m.uniform) b = a;
      break;
  }
  if (!Number.isFinite(r)) r = 1;
  return {
    seg: { a, b },
    circle: { center: c, radius: r },
    label: `${KINDS[kind]} / ${frameName(f)}`,
  };
}

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 12, arbitrary: materialArb(4).map(build) },
  {
    weight: 1,
    arbitrary: gamePointsArb(4).map(([a, b, c, r]) => ({
      seg: { a: a as V2, b: b as V2 },
      circle: { center: c as V2, radius: Math.abs((r as V2).x) },
      label: "uniform game data",
    })),
  },
);

const GRAZING = rat(1n, 10n ** 12n);

/** The unit vector along an exact (x, y), scaled by a power of two first so hypot is accurate. */
function unit(x: Rational, y: Rational): [number, number] {
  const m = Math.max(Math.abs(toDouble(x)), Math.abs(toDouble(y)));
  const k = -Math.floor(Math.log2(m));
  const sx = toDouble(mul(x, pow2(k)));
  const sy = toDouble(mul(y, pow2(k)));
  const l = norm(sx, sy);
  return [sx / l, sy / l];
}

function check({ seg, circle }: Case, tally?: Tally): void {
  const input = { seg, circle };
  const { a, b } = seg;
  const c = circle.center;
  const ref = segmentCircle(a, b, c, circle.radius);
  const hit = testSegmentCircle(seg, circle);
  if (hit !== ref.hit) fail(`testSegmentCircle = ${hit}, exact = ${ref.hit}`, input);
  if (testSegmentCircle({ a: b, b: a }, circle) !== hit)
    fail("reversing the segment changes the test", input);
  const res = intersectSegmentCircle(seg, circle);
  if ((res !== null) !== hit)
    fail(`intersectSegmentCircle non-null = ${res !== null}, test = ${hit}`, input, res);
  if (!res) {
    tally?.add("miss");
    return;
  }
  const out: SegmentCircleHit = { t: -1, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 } };
  if (
    intersectSegmentCircle(seg, circle, out) !== out ||
    out.t !== res.t ||
    out.normal.x !== res.normal.x
  )
    fail("the out argument is not filled and returned like the plain result", input, { res, out });
  const { t, point, normal } = res;
  expectFinite("segment-circle", [t, point.x, point.y, normal.x, normal.y], input, res);
  if (!(t >= 0 && t <= 1)) fail("t outside [0, 1]", input, res);
  const n = norm(normal.x, normal.y);
  if (Math.abs(n - 1) > 1e-12) fail(`|normal| = ${n}, not 1 within 1e-12`, input, res);
  const M = magnitude(input);
  let grazing = false;
  if (ref.inside) {
    tally?.add("hit, a inside");
    if (t !== 0 || point.x !== a.x || point.y !== a.y)
      fail("a is in the disk: t must be 0 and point a", input, res);
  } else {
    const root = ref.root;
    if (!root) fail("reference hit without a root", input, res);
    grazing = cmp(root.disc, mul(GRAZING, mul(root.beta, root.beta))) < 0;
    tally?.add(grazing ? "hit, grazing (t not checked)" : "hit, entering");
    if (!grazing) {
      const e = Math.max(absErr(t, root.lo), absErr(t, root.hi));
      if (e > 1e-9) fail(`t is ${e} from the exact first root ${root.t} (> 1e-9)`, input, res);
    }
    const exact = lerpExact(a, b, fromDouble(t));
    const tol = 8 * EPS * magnitude(seg) + 4 * Number.MIN_VALUE;
    const ep = Math.max(absErr(point.x, exact.x), absErr(point.y, exact.y));
    if (ep > tol) fail(`point is ${ep} from a + t (b - a) (tolerance ${tol})`, input, res);
  }
  // The normal: where the exact point is the center, minus the direction (or (1, 0)).
  const pointIsCenter = ref.inside ? a.x === c.x && a.y === c.y : circle.radius === 0;
  if (pointIsCenter) {
    const zero = a.x === b.x && a.y === b.y;
    const [wx, wy] = zero
      ? [1, 0]
      : unit(sub(fromDouble(a.x), fromDouble(b.x)), sub(fromDouble(a.y), fromDouble(b.y)));
    if (norm(normal.x - wx, normal.y - wy) > 1e-12)
      fail(
        `the point is the center: normal must be ${zero ? "(1, 0)" : "-dir / |dir|"}`,
        input,
        res,
      );
    return;
  }
  if (grazing) return;
  const tExact = ref.inside ? rat(0n) : (ref.root?.hi ?? rat(0n));
  const P = lerpExact(a, b, tExact);
  const ex = sub(P.x, fromDouble(c.x));
  const ey = sub(P.y, fromDouble(c.y));
  const d = norm(toDouble(ex), toDouble(ey));
  if (!Number.isFinite(d) || d < 1e-6 * M) return;
  const [ux, uy] = unit(ex, ey);
  const off = norm(normal.x - ux, normal.y - uy);
  if (off > 1e-6) fail(`normal is ${off} from the exact unit vector center -> point`, input, res);
}

describe("segment vs circle against the exact reference", () => {
  it("boolean exact; intersect agrees, finite, t within 1e-9 unless grazing, point at t, unit normal", async () => {
    const tally = new Tally("segment-circle");
    await assertProperty("segment-circle", cases, (c) => check(c, tally));
    tally.print();
  });
});
