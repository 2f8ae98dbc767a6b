/**
 * testLineSphere and sweepSphereLine (3D) against the exact reference.
 *
 * testLineSphere: the boolean exact, unchanged by negating or doubling the line's direction.
 *
 * sweepSphereLine:
 * - non-null exactly when the exact sweep hits; initiallyOverlapping exact, and equal to
 *   testLineSphere at the start position; t = 0 and center = sphere.center exactly then;
 * - every field finite, t in [0, 1];
 * - t within 1e-9 of the exact first contact when the discriminant is not tiny: with
 *   f(t) = alpha t^2 + 2 beta t + omega (|u|^2 times the squared distance minus r^2 |u|^2),
 *   disc = beta^2 - alpha omega >= 1e-12 beta^2 (not grazing; see exact-segment-circle);
 * - center at sphere.center + t motion to 8 eps of the magnitudes (eps = 2^-52);
 * - point: the line's point nearest the returned center, to 32 eps (|line.point| + |center| +
 *   |motion|);
 * - normal of unit length within 1e-12, perpendicular to the line within 1e-9 (|n . u| / |u|),
 *   and within 1e-6 of the exact unit vector from that nearest point to the center when their
 *   distance is at least 1e-6 of |line.point| + |center| + |motion| (the center itself is only
 *   within ulps of those of the exact path, so a smaller distance has no reliable direction).
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  type Line,
  type Sphere,
  type SphereLineSweep,
  sweepSphereLine,
  testLineSphere,
  type Vec,
} from "../../src/3d/index.ts";
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
import {
  alongExact,
  distPointLine2,
  lineSphere,
  projectOnLine,
  sweepSphereLine as sweepExact,
  sweepMinDist2,
} from "../reference/exact3d.ts";
import { stepUlps } from "../reference/float-bits.ts";
import { clampedErr, expectFinite, fail, norm } from "./exact-checks.ts";
import {
  EPS,
  frameName,
  gamePoints3Arb,
  type Material3,
  magnitude,
  material3Arb,
  place,
  placePoint3,
  type V3,
} from "./exact-gen.ts";
import { assertProperty, Tally } from "./exact-setup.ts";

interface Case {
  sphere: Sphere;
  motion: Vec;
  line: Line;
  label: string;
}

const KINDS = [
  "random",
  "radius = distance at t = 0, +-ulps",
  "radius = distance at t = 1, +-ulps",
  "radius = closest approach, +-ulps (grazing)",
  "moving along the line, radius = distance +-ulps",
  "not moving, radius = distance +-ulps",
  "lattice: y = 5 down by 10 past the x axis",
  "center on the line",
  "moving straight at the line",
] as const;

const isZero = (v: V3): boolean => v.x === 0 && v.y === 0 && v.z === 0;
const ulpsOf = (r: number, k: number): number => Math.abs(stepUlps(r, k));

function build(m: Material3): Case {
  const f = m.frame;
  const kind = m.kind % KINDS.length;
  const [k0, k1] = m.k as [number, number];
  const [t0, t1] = m.t as [number, number];
  let c = placePoint3(f, m.p[0] as V3, 0);
  let mv = placePoint3(f, m.p[1] as V3, 1, true);
  let p = placePoint3(f, m.p[2] as V3, 2);
  let u = placePoint3(f, m.p[3] as V3, 3, true);
  if (isZero(u)) u = placePoint3(f, { x: 1, y: -0.5, z: 0.25 }, 3, true);
  let r = Math.abs(place(f, (m.p[4] as V3).x, 12, true));
  const at1 = { x: c.x + mv.x, y: c.y + mv.y, z: c.z + mv.z };
  switch (kind) {
    case 1:
      r = ulpsOf(sqrtToDouble(distPointLine2(c, p, u)), k0);
      break;
    case 2:
      r = ulpsOf(sqrtToDouble(distPointLine2(at1, p, u)), k0);
      break;
    case 3:
      r = ulpsOf(sqrtToDouble(sweepMinDist2(c, mv, p, u)), k0);
      break;
    case 4: {
      const s = [1, -1, 2, -0.5, 3, 0.1][(m.kind >> 4) % 6] as number;
      mv = { x: u.x * s, y: u.y * s, z: u.z * s };
      r = ulpsOf(sqrtToDouble(distPointLine2(c, p, u)), k0);
      break;
    }
    case 5:
      mv = { x: 0, y: 0, z: 0 };
      r = ulpsOf(sqrtToDouble(distPointLine2(c, p, u)), k0);
      break;
    case 6: {
      const x = (m.p[0] as V3).x;
      const k = 1 + ((m.kind >> 4) % 4);
      c = placePoint3(f, { x, y: 5 * k, z: m.uniform ? 0 : k }, 0);
      mv = placePoint3(f, { x: (m.p[1] as V3).x, y: -10 * k, z: 0 }, 1, true);
      p = placePoint3(f, { x: 0, y: 0, z: 0 }, 2);
      u = placePoint3(f, { x: 1 + (k1 & 1), y: 0, z: 0 }, 3, true);
      r = ulpsOf(place(f, k, 12, true), k0);
      break;
    }
    case 7: {
      const s = t0 * 4 - 2;
      c = { x: p.x + s * u.x, y: p.y + s * u.y, z: p.z + s * u.z };
      r = m.uniform ? 0 : ulpsOf(0, k0);
      break;
    }
    case 8: {
      const foot = projectOnLine(c, p, u);
      const g = 1 + t1;
      mv = {
        x: toDouble(mul(sub(foot.x, fromDouble(c.x)), rat(BigInt(Math.round(g * 1024)), 1024n))),
        y: toDouble(mul(sub(foot.y, fromDouble(c.y)), rat(BigInt(Math.round(g * 1024)), 1024n))),
        z: toDouble(mul(sub(foot.z, fromDouble(c.z)), rat(BigInt(Math.round(g * 1024)), 1024n))),
      };
      break;
    }
  }
  if (!Number.isFinite(r)) r = 1;
  for (const v of [mv.x, mv.y, mv.z]) if (!Number.isFinite(v)) mv = { x: 0, y: 0, z: 0 };
  return {
    sphere: { center: c, radius: r },
    motion: mv,
    line: { point: p, dir: u },
    label: `${KINDS[kind]} / ${frameName(f)}`,
  };
}

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 12, arbitrary: material3Arb(5).map(build) },
  {
    weight: 1,
    arbitrary: gamePoints3Arb(5)
      .filter((q) => !isZero(q[3] as V3))
      .map(([c, mv, p, u, r]) => ({
        sphere: { center: c as V3, radius: Math.abs((r as V3).x) },
        motion: mv as V3,
        line: { point: p as V3, dir: u as V3 },
        label: "uniform game data",
      })),
  },
);

const GRAZING = rat(1n, 10n ** 12n);

/** The unit vector along an exact (x, y, z), scaled by a power of two first. */
function unit3(x: Rational, y: Rational, z: Rational): [number, number, number] {
  const m = Math.max(Math.abs(toDouble(x)), Math.abs(toDouble(y)), Math.abs(toDouble(z)));
  const k = -Math.floor(Math.log2(m));
  const s = [x, y, z].map((v) => toDouble(mul(v, pow2(k)))) as [number, number, number];
  const l = norm(...s);
  return [s[0] / l, s[1] / l, s[2] / l];
}

function checkTest({ sphere, line }: Case, tally?: Tally): void {
  const input = { line, sphere };
  const ref = lineSphere(line.point, line.dir, sphere.center, sphere.radius);
  const hit = testLineSphere(line, sphere);
  if (hit !== ref) fail(`testLineSphere = ${hit}, exact = ${ref}`, input);
  const u = line.dir;
  const flipped = { point: line.point, dir: { x: -u.x, y: -u.y, z: -u.z } };
  if (testLineSphere(flipped, sphere) !== hit)
    fail("negating the line's direction changes the test", input);
  const doubled = { x: u.x * 2, y: u.y * 2, z: u.z * 2 };
  if (
    Number.isFinite(norm(doubled.x, doubled.y, doubled.z)) &&
    testLineSphere({ point: line.point, dir: doubled }, sphere) !== hit
  )
    fail("doubling the line's direction changes the test", input);
  tally?.add(hit ? "hit" : "miss");
}

function checkSweep({ sphere, motion, line }: Case, tally?: Tally): void {
  const input = { sphere, motion, line };
  const c = sphere.center;
  const ref = sweepExact(c, sphere.radius, motion, line.point, line.dir);
  const res = sweepSphereLine(sphere, motion, line);
  if ((res !== null) !== ref.hit)
    fail(`sweepSphereLine non-null = ${res !== null}, exact = ${ref.hit}`, input, res);
  if (testLineSphere(line, sphere) !== ref.initially)
    fail("testLineSphere at the start disagrees with the exact initial overlap", input, res);
  if (!res) {
    tally?.add("miss");
    return;
  }
  const out: SphereLineSweep = {
    t: -1,
    center: { x: 0, y: 0, z: 0 },
    point: { x: 0, y: 0, z: 0 },
    normal: { x: 0, y: 0, z: 0 },
    initiallyOverlapping: false,
  };
  if (
    sweepSphereLine(sphere, motion, line, out) !== out ||
    out.t !== res.t ||
    out.normal.z !== res.normal.z
  )
    fail("the out argument is not filled and returned like the plain result", input, { res, out });
  const { t, center, point, normal, initiallyOverlapping } = res;
  expectFinite(
    "sweep",
    [t, center.x, center.y, center.z, point.x, point.y, point.z, normal.x, normal.y, normal.z],
    input,
    res,
  );
  if (!(t >= 0 && t <= 1)) fail("t outside [0, 1]", input, res);
  if (initiallyOverlapping !== ref.initially)
    fail(`initiallyOverlapping = ${initiallyOverlapping}, exact = ${ref.initially}`, input, res);
  const nn = norm(normal.x, normal.y, normal.z);
  if (Math.abs(nn - 1) > 1e-12) fail(`|normal| = ${nn}, not 1 within 1e-12`, input, res);
  if (ref.initially) {
    tally?.add("hit at t = 0");
    if (t !== 0 || center.x !== c.x || center.y !== c.y || center.z !== c.z)
      fail("initially overlapping: t must be 0 and center the start", input, res);
  } else {
    const root = ref.root;
    if (!root) fail("reference hit without a root", input, res);
    const grazing = cmp(root.disc, mul(GRAZING, mul(root.beta, root.beta))) < 0;
    tally?.add(grazing ? "hit, grazing (t not checked)" : "hit, t > 0");
    if (!grazing) {
      const e = Math.max(clampedErr(t, root.lo), clampedErr(t, root.hi));
      if (e > 1e-9) fail(`t is ${e} from the exact first contact ${root.t} (> 1e-9)`, input, res);
    }
    const want = alongExact(c, motion, fromDouble(t));
    const tol = 8 * EPS * (magnitude(c) + magnitude(motion)) + 4 * Number.MIN_VALUE;
    const e = Math.max(
      clampedErr(center.x, want.x),
      clampedErr(center.y, want.y),
      clampedErr(center.z, want.z),
    );
    if (e > tol)
      fail(`center is ${e} from sphere.center + t motion (tolerance ${tol})`, input, res);
  }
  // The point: the nearest point of the line to the returned center.
  const foot = projectOnLine(center, line.point, line.dir);
  // (|motion| enters too: the center itself is only within ulps of |motion| of the exact path.)
  const ptol =
    32 * EPS * (magnitude(line.point) + magnitude(center) + magnitude(motion)) +
    4 * Number.MIN_VALUE;
  const ep = Math.max(
    clampedErr(point.x, foot.x),
    clampedErr(point.y, foot.y),
    clampedErr(point.z, foot.z),
  );
  if (ep > ptol)
    fail(`point is ${ep} from the line's point nearest the center (tolerance ${ptol})`, input, res);
  // The normal: perpendicular to the line, and from the foot to the center.
  const [ux, uy, uz] = unit3(
    fromDouble(line.dir.x),
    fromDouble(line.dir.y),
    fromDouble(line.dir.z),
  );
  const along = Math.abs(normal.x * ux + normal.y * uy + normal.z * uz);
  if (along > 1e-9)
    fail(`normal is not perpendicular to the line (|n . u| / |u| = ${along})`, input, res);
  const C = { x: fromDouble(center.x), y: fromDouble(center.y), z: fromDouble(center.z) };
  const dx = sub(C.x, foot.x);
  const dy = sub(C.y, foot.y);
  const dz = sub(C.z, foot.z);
  const d = norm(toDouble(dx), toDouble(dy), toDouble(dz));
  const scale = magnitude(line.point) + magnitude(center) + magnitude(motion);
  if (d === 0 || d < 1e-6 * scale) return;
  const [wx, wy, wz] = unit3(dx, dy, dz);
  const off = norm(normal.x - wx, normal.y - wy, normal.z - wz);
  if (off > 1e-6) fail(`normal is ${off} from the exact unit vector point -> center`, input, res);
}

describe("3D line vs sphere against the exact reference", () => {
  it("testLineSphere: boolean exact, independent of the direction's sign and length", async () => {
    const tally = new Tally("line-sphere");
    await assertProperty("line-sphere", cases, (c) => checkTest(c, tally));
    tally.print();
  });

  it("sweepSphereLine: hit and initial overlap exact, finite, t within 1e-9 unless grazing, consistent fields", async () => {
    const tally = new Tally("sphere-sweep");
    await assertProperty("sphere-sweep", cases, (c) => checkSweep(c, tally));
    tally.print();
  });
});
