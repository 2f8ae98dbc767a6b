/**
 * boundingCircle against the exact reference: finite, every corner exactly inside (dist^2 <= r^2
 * in rationals), and the radius at most (1 + 1e-12) times the exact minimal enclosing radius R,
 * plus the rounding of the center: the exact center is rarely a double, and a double center
 * off by its rounding needs that much more radius. The allowance is 4 eps |center|_max
 * (eps = 2^-52, about two ulps of the center's largest coordinate) + 4 times the smallest
 * subnormal (the quantum of both center and radius when the triangle is subnormal-sized).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { boundingCircle, type Circle, type Triangle } from "../../src/2d/index.ts";
import { cmp, fromDouble, mul, rat, sign, sub } from "../reference/bigrational.ts";
import { inDisk, minEnclosingRadius2 } from "../reference/exact2d.ts";
import { expectFinite, fail } from "./exact-checks.ts";
import {
  EPS,
  frameName,
  gamePointsArb,
  type Material,
  materialArb,
  nudge2,
  placePoint,
  placeVector,
  snap,
  type V2,
} from "./exact-gen.ts";
import { assertProperty, Tally } from "./exact-setup.ts";

interface Case {
  tri: Triangle;
  label: string;
}

const KINDS = [
  "random",
  "right angle on the lattice",
  "nearly right (a corner moved by ulps)",
  "collinear corners",
  "coincident corners",
  "nearly equilateral",
  "obtuse sliver",
  "isosceles on the lattice",
] as const;

function build(m: Material): Case {
  const f = m.frame;
  const kind = m.kind % KINDS.length;
  const [k0, k1, k2] = m.k as [number, number, number];
  const [t0, t1] = m.t as [number, number];
  const [b0, b1] = m.p as [V2, V2];
  let [a, b, c] = [0, 1, 2].map((i) => placePoint(f, m.p[i] as V2, i)) as [V2, V2, V2];
  const scale = 1 + ((m.kind >> 4) % 3);
  switch (kind) {
    case 1:
    case 2: {
      // Legs v and scale * perp(v) from b0, in base coordinates, then placed.
      const v = { x: b1.x - b0.x, y: b1.y - b0.y };
      b = placePoint(f, { x: b0.x + v.x, y: b0.y + v.y }, 1);
      c = placePoint(f, { x: b0.x - scale * v.y, y: b0.y + scale * v.x }, 2);
      a = placePoint(f, b0, 0);
      if (kind === 2) c = nudge2(c, k0 || 1, k1);
      break;
    }
    case 3:
      c = snap(a, b, t0 * 2 - 0.5, k0, k1);
      break;
    case 4:
      b = a;
      if (m.uniform) c = a;
      break;
    case 5: {
      const mid = snap(a, b, 0.5);
      const h = Math.sqrt(3) / 2;
      c = nudge2({ x: mid.x - (b.y - a.y) * h, y: mid.y + (b.x - a.x) * h }, k0, k2);
      break;
    }
    case 6: {
      const p = snap(a, b, t0);
      const off = placeVector(f, { x: (t1 - 0.5) * 1e-3, y: (t0 - 0.5) * 1e-3 }, 2);
      c = nudge2({ x: p.x + off.x, y: p.y + off.y }, k0, k1);
      break;
    }
    case 7: {
      const v = { x: b1.x - b0.x, y: b1.y - b0.y };
      a = placePoint(f, b0, 0);
      b = placePoint(f, { x: b0.x + v.x, y: b0.y + v.y }, 1);
      c = placePoint(f, { x: b0.x + v.x / 2 - scale * v.y, y: b0.y + v.y / 2 + scale * v.x }, 2);
      break;
    }
  }
  return { tri: { a, b, c }, label: `${KINDS[kind]} / ${frameName(f)}` };
}

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 12, arbitrary: materialArb(3).map(build) },
  {
    weight: 1,
    arbitrary: gamePointsArb(3).map(([a, b, c]) => ({
      tri: { a: a as V2, b: b as V2, c: c as V2 },
      label: "uniform game data",
    })),
  },
);

const FACTOR = rat(10n ** 12n + 1n, 10n ** 12n); // 1 + 1e-12, exactly

function check({ tri }: Case, tally?: Tally): void {
  const input = { tri };
  const circle = boundingCircle(tri);
  const { center, radius } = circle;
  expectFinite("boundingCircle", [center.x, center.y, radius], input, circle);
  if (!(radius >= 0)) fail("radius < 0", input, circle);
  const out: Circle = { center: { x: 0, y: 0 }, radius: -1 };
  if (boundingCircle(tri, out) !== out || out.radius !== radius || out.center.x !== center.x)
    fail("the out argument is not filled and returned like the plain result", input, {
      circle,
      out,
    });
  for (const p of [tri.a, tri.b, tri.c])
    if (!inDisk(p, center, radius)) fail("a corner is outside the circle (exact)", input, circle);
  const R2 = minEnclosingRadius2(tri);
  tally?.add(sign(R2) === 0 ? "one point" : "triangle");
  // radius - allowance <= R (1 + 1e-12), compared as squares when the left side is positive.
  const allowance =
    4 * EPS * Math.max(Math.abs(center.x), Math.abs(center.y)) + 4 * Number.MIN_VALUE;
  const excess = sub(fromDouble(radius), fromDouble(allowance));
  if (sign(excess) > 0 && cmp(mul(excess, excess), mul(R2, mul(FACTOR, FACTOR))) > 0)
    fail(
      "radius exceeds (1 + 1e-12) times the exact minimal radius (+ the center's rounding)",
      input,
      circle,
    );
}

describe("boundingCircle against the exact reference", () => {
  it("finite, every corner exactly inside, radius within (1 + 1e-12) of the minimum", async () => {
    const tally = new Tally("bounding-circle");
    await assertProperty("bounding-circle", cases, (c) => check(c, tally));
    tally.print();
  });
});
