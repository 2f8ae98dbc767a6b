/**
 * testLineRay / intersectLineRay against the exact reference: the boolean exact, intersect
 * non-null exactly when test is true, collinear exact, t >= 0 within 1e-9 relative of the exact
 * t (clamped to MAX_VALUE beyond range), t = 0 and point = origin exactly when the origin is on
 * the line, and the point at origin + t dir.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  intersectLineRay,
  type Line,
  type LineRayHit,
  type Ray,
  testLineRay,
} from "../../src/2d/index.ts";
import { add, fromDouble, mul, type Rational, toDouble } from "../reference/bigrational.ts";
import { exactPoint, lineRay } from "../reference/exact2d.ts";
import { absErr, clampedErr, expectFinite, fail } from "./exact-checks.ts";
import {
  EPS,
  frameName,
  gamePointsArb,
  type Material,
  magnitude,
  materialArb,
  nudge2,
  placePoint,
  placeVector,
  snap,
  type V2,
} from "./exact-gen.ts";
import { assertProperty, Tally } from "./exact-setup.ts";

interface Case {
  line: Line;
  ray: Ray;
  label: string;
}

const KINDS = [
  "random",
  "origin snapped onto the line",
  "parallel (dir times a factor)",
  "nearly parallel (dir moved by ulps)",
  "on the line and parallel",
  "aimed at a snapped line point",
  "tenths near x + y = 2",
] as const;

const nonZero = (v: V2, fallback: V2): V2 => (v.x === 0 && v.y === 0 ? fallback : v);

function build(m: Material): Case {
  const f = m.frame;
  const kind = m.kind % KINDS.length;
  const [k0, k1, k2, k3] = m.k as [number, number, number, number];
  const [t0, t1] = m.t as [number, number];
  let p = placePoint(f, m.p[0] as V2, 0);
  let u = nonZero(placeVector(f, m.p[1] as V2, 1), placeVector(f, { x: 1, y: 0.5 }, 1));
  let o = placePoint(f, m.p[2] as V2, 2);
  let d = nonZero(placeVector(f, m.p[3] as V2, 3), placeVector(f, { x: -0.5, y: 1 }, 3));
  const factor = [1, -1, 2, -0.5, 3, -0.1][(m.kind >> 4) % 6] as number;
  const far = 4 * t0 - 2; // where on the line, in units of u
  const end = { x: p.x + u.x, y: p.y + u.y };
  switch (kind) {
    case 1:
      o = snap(p, end, far, k0, k1);
      break;
    case 2:
      d = { x: u.x * factor, y: u.y * factor };
      break;
    case 3:
      d = nudge2({ x: u.x * factor, y: u.y * factor }, k0 || 1, k1);
      break;
    case 4:
      o = snap(p, end, far, 0, 0);
      d = { x: u.x * factor, y: u.y * factor };
      if (!m.uniform) d = nudge2(d, k2, k3);
      break;
    case 5: {
      const q = snap(p, end, far, k2, k3);
      d = nonZero({ x: (q.x - o.x) * (1 + t1), y: (q.y - o.y) * (1 + t1) }, d);
      break;
    }
    case 6: {
      // The line x + y = 2 through (0, 2) along (1, -1), and an origin (k/10, 2 - k/10).
      const k = (m.kind >> 4) % 31;
      p = placePoint(f, { x: 0, y: 2 }, 0);
      u = placeVector(f, { x: 1, y: -1 }, 1);
      o = placePoint(f, { x: k / 10, y: 2 - k / 10 }, 2);
      break;
    }
  }
  if (u.x === 0 && u.y === 0) u = { x: 1, y: 0 };
  if (d.x === 0 && d.y === 0) d = { x: 0, y: 1 };
  return {
    line: { point: p, dir: u },
    ray: { origin: o, dir: d },
    label: `${KINDS[kind]} / ${frameName(f)}`,
  };
}

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 12, arbitrary: materialArb(4).map(build) },
  {
    weight: 1,
    arbitrary: gamePointsArb(4)
      .filter(([, u, , d]) => (u as V2).x !== 0 && (d as V2).x !== 0)
      .map(([p, u, o, d]) => ({
        line: { point: p as V2, dir: u as V2 },
        ray: { origin: o as V2, dir: d as V2 },
        label: "uniform game data",
      })),
  },
);

const MAX = Number.MAX_VALUE;

function check({ line, ray }: Case, tally?: Tally): void {
  const input = { line, ray };
  const ref = lineRay(line.point, line.dir, ray.origin, ray.dir);
  const hit = testLineRay(line, ray);
  if (hit !== (ref !== null)) fail(`testLineRay = ${hit}, exact = ${ref !== null}`, input);
  const res = intersectLineRay(line, ray);
  if ((res !== null) !== hit)
    fail(`intersectLineRay non-null = ${res !== null}, test = ${hit}`, input, res);
  if (!res || !ref) {
    tally?.add("miss");
    return;
  }
  const out: LineRayHit = {
    t: -1,
    point: { x: 0, y: 0 },
    normal: { x: 0, y: 0 },
    collinear: false,
  };
  if (intersectLineRay(line, ray, out) !== out || out.t !== res.t || out.point.y !== res.point.y)
    fail("the out argument is not filled and returned like the plain result", input, { res, out });
  const { t, point, collinear } = res;
  expectFinite("line-ray", [t, point.x, point.y], input, res);
  if (collinear !== ref.collinear)
    fail(`collinear = ${collinear}, exact = ${ref.collinear}`, input, res);
  if (ref.t.num === 0n) {
    tally?.add(collinear ? "hit on the line" : "hit at the origin");
    if (t !== 0 || point.x !== ray.origin.x || point.y !== ray.origin.y)
      fail("origin on the line: t must be 0 and point the origin", input, res);
    return;
  }
  const exactT = toDouble(ref.t);
  tally?.add(exactT > MAX ? "hit beyond double range" : exactT > 1e6 ? "hit t > 1e6" : "hit");
  if (!(t >= 0)) fail("t < 0", input, res);
  // |t - t_exact| <= 1e-9 max(1, |t_exact|); beyond the double range, t = MAX_VALUE.
  if (exactT > MAX) {
    if (t !== MAX) fail(`exact t is beyond range, so t must be MAX_VALUE`, input, res);
  } else {
    const e = absErr(t, ref.t);
    if (e > 1e-9 * Math.max(1, exactT))
      fail(`t is ${e} from the exact ${exactT} (> 1e-9 relative)`, input, res);
  }
  // point = origin + t dir, for the returned t (or the exact t when t was clamped), to a few ulps.
  const tt: Rational = t === MAX ? ref.t : fromDouble(t);
  const o = exactPoint(ray.origin);
  const d = exactPoint(ray.dir);
  const px = add(o.x, mul(tt, d.x));
  const py = add(o.y, mul(tt, d.y));
  const reach = Math.min(MAX, Math.abs(toDouble(px)) + Math.abs(toDouble(py)));
  const tol = 8 * EPS * (magnitude(ray.origin) + reach) + 4 * Number.MIN_VALUE;
  const ex = clampedErr(point.x, px);
  const ey = clampedErr(point.y, py);
  if (ex > tol || ey > tol)
    fail(`point is ${Math.max(ex, ey)} from origin + t dir (tolerance ${tol})`, input, res);
}

describe("line vs ray against the exact reference", () => {
  it("boolean exact; intersect agrees, finite, t >= 0 within 1e-9 relative, point at t", async () => {
    const tally = new Tally("line-ray");
    await assertProperty("line-ray", cases, (c) => check(c, tally));
    tally.print();
  });
});
