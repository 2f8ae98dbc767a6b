/**
 * The closed-form circle sweeps (query/sweep-circle.ts) against the generic corner-path sweep
 * (sweep-engine.ts, which the exact reference checks in sweep2d.test.ts), on the same inputs:
 * null and initiallyOverlapping identical (both exact); otherwise the times within
 * 1e-9 * scale / |motion| + 2^-40 scale / v of each other (v the closing speed along the normal:
 * the conditioning of a grazing approach), and the normals within 1e-6 where v is not small and
 * the hit is not within that tolerance of t = 0, and the radii are not tiny (a corner's normal).
 * Cases: shapes2d-gen.ts targets (lattice data, tangents, scales 1e-100 to 1e100, degenerate
 * shapes) and circles in the same frame, with lattice, any and tiny motions.
 * Runs: 2000 per target kind; COLLIDE_RUNS overrides.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import * as S from "../../src/2d/query/sweep.ts";
import { sweepShapes } from "../../src/2d/query/sweep-engine.ts";
import type { SweepHit } from "../../src/2d/results.ts";
import type { Circle, Vec } from "../../src/2d/shapes.ts";
import { show } from "../reference/float-bits.ts";
import { assertProperty } from "./exact-setup.ts";
import { coordArb, frameArb, type Kind, shapeIn } from "./shapes2d-gen.ts";

const RUNS = process.env.COLLIDE_RUNS ? Number(process.env.COLLIDE_RUNS) : 2000;
const TARGETS = ["point", "segment", "circle", "capsule", "polyline"] as const;
type Sweep = (a: Circle, m: Vec, b: Shape, out?: SweepHit) => SweepHit | null;

const scaleOf = (...v: number[]): number => Math.max(...v.map(Math.abs));

function check(kb: Kind, a: Circle, m: Vec, b: Shape): void {
  const name = `sweepCircle${kb[0]!.toUpperCase()}${kb.slice(1)}`;
  const got = (S as unknown as Record<string, Sweep>)[name]!(a, m, b);
  const ref = sweepShapes("circle", a, m, kb, b);
  const fail = (why: string): never => {
    throw new Error(`${name}: ${why}\n  closed form ${show(got)}\n  generic ${show(ref)}`);
  };
  if ((got === null) !== (ref === null)) fail("hit or miss differs");
  if (got === null || ref === null) return;
  if (got.initiallyOverlapping !== ref.initiallyOverlapping) fail("initiallyOverlapping differs");
  const all = [got.t, got.position.x, got.position.y, got.point.x, got.point.y];
  if (!all.every(Number.isFinite) || got.t < 0 || got.t > 1) fail("not finite or t out of [0, 1]");
  if (Math.abs(Math.hypot(got.normal.x, got.normal.y) - 1) > 1e-9) fail("normal not unit");
  if (got.initiallyOverlapping) {
    if (got.t !== 0) fail("a start hit has t = 0");
    return;
  }
  const mlen = Math.hypot(m.x, m.y);
  const scale = scaleOf(a.center.x, a.center.y, a.radius, m.x, m.y, got.point.x, got.point.y);
  const v = Math.abs(got.normal.x * m.x + got.normal.y * m.y);
  const tol = (1e-9 * scale) / mlen + (2 ** -40 * scale) / v;
  if (!(Math.abs(got.t - ref.t) <= tol)) fail(`t differs by ${Math.abs(got.t - ref.t)} > ${tol}`);
  // A hit at t within tol of 0 starts inside the generic cast's grown capsule, which then
  // reports minus the motion as the normal; the closed form gives the geometric one.
  // With radii within the casts' 2^-46 growth of the scale, the normal is that of a corner and
  // either answer is right.
  const rb = "radius" in b ? (b as { radius: number }).radius : 0;
  if (v > 1e-3 * mlen && got.t > tol && ref.t > tol && a.radius + rb > 1e-6 * scale) {
    const dn = Math.hypot(got.normal.x - ref.normal.x, got.normal.y - ref.normal.y);
    if (dn > 1e-6) fail(`normals differ by ${dn}`);
  }
}

const caseArb = (kb: Kind) =>
  frameArb.chain((f) =>
    fc.tuple(
      shapeIn("circle", f),
      fc
        .oneof(
          fc.record({ x: coordArb, y: coordArb }),
          fc.record({ x: fc.integer({ min: -9, max: 9 }), y: fc.integer({ min: -9, max: 9 }) }),
        )
        .map((m) => ({ x: m.x * f.scale, y: m.y * f.scale })),
      shapeIn(kb, f),
    ),
  );

describe("closed-form circle sweeps agree with the generic sweep", () => {
  for (const kb of TARGETS) {
    it(`circle vs ${kb}`, async () => {
      await assertProperty(
        `sweepCircle vs ${kb}`,
        caseArb(kb),
        ([a, m, b]) => check(kb, a as Circle, m, b),
        RUNS,
      );
    });
  }
});
