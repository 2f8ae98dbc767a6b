/**
 * Line / ray / segment vs triangle against the exact reference (test/reference/triangle3d.ts):
 * the boolean of test* and intersect* exact, t within 1e-9 relative of the exact first hit,
 * every field finite. Cases aim at corners, at points snapped onto edges and moved a few ulps,
 * at interior points, lie in the triangle's plane, use degenerate triangles, and run under
 * offsets of 1e9 and scales from 2^-900 to 1e300.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  intersectLineTriangle,
  intersectRayTriangle,
  intersectSegmentTriangle,
  makeShapeHit,
  testLineTriangle,
  testRayTriangle,
  testSegmentTriangle,
  type Vec,
} from "../../src/3d/index.ts";
import { toDouble } from "../reference/bigrational.ts";
import { firstHit, type RangeKind } from "../reference/triangle3d.ts";
import { coord, frame, nudge, ulps } from "./arbitraries.ts";
import { assertProperty } from "./exact-setup.ts";

/** 3000 cases (about 3 s in CI; the reference divides BigInt rationals). */
/** Cases per `fc.assert`: the CI count, so CI runs one chunk (its seed and count unchanged). */
const CI_RUNS = 3000;
const RUNS = process.env.COLLIDE_DEEP ? 100_000 : CI_RUNS;

const p3 = fc.record({ x: coord, y: coord, z: coord });
const w3 = fc.tuple(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.double({ min: 0, max: 1, noNaN: true }),
);

interface Case {
  kind: RangeKind;
  o: Vec;
  d: Vec;
  a: Vec;
  b: Vec;
  c: Vec;
}

const cases: fc.Arbitrary<Case> = fc
  .tuple(
    fc.constantFrom<RangeKind>(0, 1, 2),
    fc.integer({ min: 0, max: 5 }), // target: corner, edge, interior, in-plane, random, far side
    fc.integer({ min: 0, max: 3 }), // triangle: random, lattice-collinear, point, random
    p3,
    p3,
    p3,
    p3,
    p3,
    w3,
    fc.tuple(nudge, nudge, nudge),
    fc.integer({ min: 0, max: 2 }),
    frame,
  )
  .map(([kind, target, shape, a0, b0, c0, o0, r0, [s, w], [kx, ky, kz], corner, fr]) => {
    const a = a0;
    let b = b0;
    let c = c0;
    if (shape === 1) c = { x: 2 * b.x - a.x, y: 2 * b.y - a.y, z: 2 * b.z - a.z }; // collinear
    if (shape === 2) b = c = a;
    const corners = [a, b, c];
    const p = corners[corner]!;
    const q = corners[(corner + 1) % 3]!;
    let x: Vec;
    if (target === 0) x = p;
    else if (target === 1)
      x = { x: p.x + s * (q.x - p.x), y: p.y + s * (q.y - p.y), z: p.z + s * (q.z - p.z) };
    else {
      const u = s * (1 - w);
      const v = s * w;
      x = {
        x: a.x + u * (b.x - a.x) + v * (c.x - a.x),
        y: a.y + u * (b.y - a.y) + v * (c.y - a.y),
        z: a.z + u * (b.z - a.z) + v * (c.z - a.z),
      };
    }
    x = { x: ulps(x.x, kx), y: ulps(x.y, ky), z: ulps(x.z, kz) };
    let o = o0;
    if (target === 3) {
      // In the plane (up to rounding): start at a point of an edge line, aim at x.
      o = { x: 2 * p.x - q.x, y: 2 * p.y - q.y, z: 2 * p.z - q.z };
    }
    let d = { x: x.x - o.x, y: x.y - o.y, z: x.z - o.z };
    if (target === 4) d = r0;
    if (target === 5) d = { x: -d.x, y: -d.y, z: -d.z };
    const f = fr.f;
    const P = (v: Vec): Vec => ({ x: f(v.x), y: f(v.y), z: f(v.z) });
    const D = (v: Vec): Vec => ({ x: f(v.x) - f(0), y: f(v.y) - f(0), z: f(v.z) - f(0) });
    // A segment ends at the target itself (never rounded); rays and lines carry a direction.
    const dd = kind === 2 ? (target === 4 ? P(r0) : P(target === 5 ? o0 : x)) : D(d);
    return { kind, o: P(o), d: dd, a: P(a), b: P(b), c: P(c) };
  })
  .filter((k) => k.kind === 2 || k.d.x !== 0 || k.d.y !== 0 || k.d.z !== 0);

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? x.toString() : x));

const out = makeShapeHit();

function run(k: Case): { test: boolean; hit: ReturnType<typeof intersectRayTriangle> } {
  const tri = { a: k.a, b: k.b, c: k.c };
  if (k.kind === 0) {
    const l = { point: k.o, dir: k.d };
    return { test: testLineTriangle(l, tri), hit: intersectLineTriangle(l, tri, out) };
  }
  if (k.kind === 1) {
    const r = { origin: k.o, dir: k.d };
    return { test: testRayTriangle(r, tri), hit: intersectRayTriangle(r, tri, out) };
  }
  const s = { a: k.o, b: k.d };
  return { test: testSegmentTriangle(s, tri), hit: intersectSegmentTriangle(s, tri, out) };
}

describe("line / ray / segment vs triangle against the exact reference", () => {
  it("exact booleans, t within 1e-9 relative of the exact first hit, finite fields", async () => {
    let hits = 0;
    await assertProperty(
      "linear-triangle",
      cases,
      (k) => {
        const ref = firstHit(k.kind, k.o, k.d, k.a, k.b, k.c);
        const { test, hit } = run(k);
        const msg = show(k);
        expect(test, msg).toBe(ref !== null);
        expect(hit !== null, msg).toBe(ref !== null);
        if (!hit || !ref) return;
        hits++;
        const t = toDouble(ref);
        const tr = Math.abs(t) === Number.POSITIVE_INFINITY ? Math.sign(t) * Number.MAX_VALUE : t;
        expect(Math.abs(hit.t - tr), msg).toBeLessThanOrEqual(1e-9 * Math.abs(tr) + 1e-300);
        if (k.kind !== 0) expect(hit.t, msg).toBeGreaterThanOrEqual(0);
        if (k.kind === 2) expect(hit.t, msg).toBeLessThanOrEqual(1);
        for (const v of [hit.point, hit.normal]) {
          expect(Number.isFinite(v.x) && Number.isFinite(v.y) && Number.isFinite(v.z), msg).toBe(
            true,
          );
        }
        expect(Math.hypot(hit.normal.x, hit.normal.y, hit.normal.z), msg).toBeCloseTo(1, 12);
      },
      RUNS,
      CI_RUNS,
    );
    // The generator must produce hits, not only misses.
    expect(hits).toBeGreaterThan(RUNS / 10);
  });
});
