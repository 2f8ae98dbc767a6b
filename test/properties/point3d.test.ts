/**
 * testPoint<B> (collide/3d) against the exact reference test/reference/linear3d.ts: points placed
 * on each shape (on a segment or line by a parameter, on a face or edge of a box, on a sphere's
 * or capsule's surface along an axis or a 3-4-5 diagonal, at a triangle's edge or corner), then
 * nudged by up to 3 ulps per coordinate; degenerate shapes (zero radius, zero-length segments,
 * flat boxes, collinear triangles); frames plain, offset 1e9 and scaled 1e-7, 1e-100, 1e100.
 * RUNS cases per shape kind (fixed seed under CI), well under a second each.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Vec } from "../../src/3d/index.ts";
import * as c3 from "../../src/3d/index.ts";
import { stepUlps } from "../reference/float-bits.ts";
import {
  refLine,
  refPointInBox,
  refPointInCapsule,
  refPointInSphere,
  refPointInTriangle,
  refPointOnLinear,
  refPointOnPlane,
  refRay,
  refSegment,
  specBoxAxes,
} from "../reference/linear3d.ts";
import { defaultSeed } from "./config.ts";

const RUNS = process.env.COLLIDE_RUNS
  ? Number(process.env.COLLIDE_RUNS)
  : process.env.COLLIDE_DEEP
    ? 50_000
    : 1000;

const scaleArb = fc.constantFrom(
  (x: number) => x,
  (x: number) => x + 1e9,
  (x: number) => x * 1e-7,
  (x: number) => x * 1e-100,
  (x: number) => x * 1e100,
);
const coord = fc.oneof(
  fc.integer({ min: -4, max: 4 }),
  fc.integer({ min: -30, max: 30 }).map((k) => k / 10),
  fc.double({ min: -20, max: 20, noNaN: true }),
);
const p3 = fc.record({ x: coord, y: coord, z: coord });
const nudge = fc.oneof(fc.constant(0), fc.integer({ min: -3, max: 3 }));
const nudges = fc.tuple(nudge, nudge, nudge);
const param = fc.constantFrom(0, 1, 0.5, 0.25, -1, 2, 1 / 3, 0.1);
const dirs = fc.constantFrom<Vec>(
  { x: 1, y: 0, z: 0 },
  { x: 0, y: -1, z: 0 },
  { x: 0.6, y: 0.8, z: 0 },
  { x: 0, y: 0.6, z: -0.8 },
);
const map = (f: (x: number) => number, p: Vec): Vec => ({ x: f(p.x), y: f(p.y), z: f(p.z) });
const nudged = (p: Vec, n: [number, number, number]): Vec => ({
  x: stepUlps(p.x, n[0]),
  y: stepUlps(p.y, n[1]),
  z: stepUlps(p.z, n[2]),
});
const along = (a: Vec, b: Vec, t: number): Vec => ({
  x: a.x + t * (b.x - a.x),
  y: a.y + t * (b.y - a.y),
  z: a.z + t * (b.z - a.z),
});
const finite = (...vs: Vec[]): boolean => vs.every((v) => [v.x, v.y, v.z].every(Number.isFinite));

function run<T>(name: string, arb: fc.Arbitrary<T>, body: (v: T) => void): void {
  const seed = process.env.COLLIDE_SEED ? Number(process.env.COLLIDE_SEED) : defaultSeed();
  console.log(`[property] ${name}: seed ${seed}, ${RUNS} runs (replay: COLLIDE_SEED=${seed})`);
  fc.assert(fc.property(arb, body), { seed, numRuns: RUNS });
}

describe("testPoint<B> against the exact reference", () => {
  it("lines, rays, segments (zero length included)", () => {
    run(
      "point3d linear",
      fc.record({ f: scaleArb, a: p3, b: p3, same: fc.boolean(), t: param, n: nudges }),
      ({ f, a, b, same, t, n }) => {
        const A = map(f, a);
        const B = same ? A : map(f, b);
        const p = nudged(along(A, B, t), n);
        if (!finite(A, B, p)) return;
        expect(c3.testPointSegment(p, c3.segment(A, B))).toBe(
          refPointOnLinear(p, refSegment(A, B)),
        );
        const d = { x: B.x - A.x, y: B.y - A.y, z: B.z - A.z };
        if (!finite(d) || (d.x === 0 && d.y === 0 && d.z === 0)) return;
        expect(c3.testPointRay(p, c3.ray(A.x, A.y, A.z, d.x, d.y, d.z))).toBe(
          refPointOnLinear(p, refRay(A, d)),
        );
        expect(c3.testPointLine(p, c3.line(A.x, A.y, A.z, d.x, d.y, d.z))).toBe(
          refPointOnLinear(p, refLine(A, d)),
        );
      },
    );
  });

  it("spheres and capsules (zero radius, zero-length cores)", () => {
    run(
      "point3d rounded",
      fc.record({
        f: scaleArb,
        a: p3,
        b: p3,
        same: fc.boolean(),
        r: fc.constantFrom(0, 1, 0.5, 0.1),
        u: dirs,
        t: param,
        n: nudges,
      }),
      ({ f, a, b, same, r, u, t, n }) => {
        const A = map(f, a);
        const B = same ? A : map(f, b);
        const rr = f(r) - f(0);
        const core = along(a, same ? a : b, Math.min(1, Math.max(0, t)));
        const p = nudged(
          map(f, { x: core.x + r * u.x, y: core.y + r * u.y, z: core.z + r * u.z }),
          n,
        );
        if (!finite(A, B, p) || !(rr >= 0) || !Number.isFinite(rr)) return;
        expect(c3.testPointSphere(p, c3.sphere(A.x, A.y, A.z, rr))).toBe(
          refPointInSphere(p, A, rr),
        );
        expect(c3.testPointCapsule(p, c3.capsule(A, B, rr))).toBe(refPointInCapsule(p, A, B, rr));
      },
    );
  });

  it("aabbs, boxes (rotated, flat) and planes", () => {
    const quat = fc.oneof(
      fc.constant({ x: 0, y: 0, z: 0, w: 1 }),
      fc
        .record({ x: coord, y: coord, z: coord, w: coord })
        .filter((q) => q.x !== 0 || q.y !== 0 || q.z !== 0 || q.w !== 0),
    );
    const face = fc.constantFrom(-1, 1, 0, 0.5, -1, 1);
    run(
      "point3d boxes",
      fc.record({
        f: scaleArb,
        c: p3,
        h: fc.record({
          x: fc.constantFrom(0, 1, 2),
          y: fc.constantFrom(0, 1),
          z: fc.constantFrom(1, 0.5),
        }),
        q: quat,
        u: face,
        v: face,
        w: face,
        n: nudges,
      }),
      ({ f, c, h, q, u, v, w, n }) => {
        const C = map(f, c);
        const half = { x: f(h.x) - f(0), y: f(h.y) - f(0), z: f(h.z) - f(0) };
        if (!finite(C, half) || half.x < 0 || half.y < 0 || half.z < 0) return;
        const box = c3.box(C, half, q);
        const ax = specBoxAxes(box.halfExtents, box.rotation);
        const p = nudged(
          {
            x: C.x + u * ax[0]!.x + v * ax[1]!.x + w * ax[2]!.x,
            y: C.y + u * ax[0]!.y + v * ax[1]!.y + w * ax[2]!.y,
            z: C.z + u * ax[0]!.z + v * ax[1]!.z + w * ax[2]!.z,
          },
          n,
        );
        if (!finite(p)) return;
        expect(c3.testPointBox(p, box)).toBe(refPointInBox(p, C, ax));
        const lo = { x: C.x - half.x, y: C.y - half.y, z: C.z - half.z };
        const hi = { x: C.x + half.x, y: C.y + half.y, z: C.z + half.z };
        if (finite(lo, hi)) {
          const inAabb =
            p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y && p.z >= lo.z && p.z <= hi.z;
          expect(c3.testPointAabb(p, c3.aabb(lo, hi))).toBe(inAabb);
        }
        // The plane through C with normal ax[2] (or (0, 0, 1) when that is zero).
        const nrm =
          ax[2]!.x !== 0 || ax[2]!.y !== 0 || ax[2]!.z !== 0 ? ax[2]! : { x: 0, y: 0, z: 1 };
        const off = nrm.x * C.x + nrm.y * C.y + nrm.z * C.z;
        if (Number.isFinite(off) && finite(nrm)) {
          expect(c3.testPointPlane(p, c3.plane(nrm, off))).toBe(refPointOnPlane(p, nrm, off));
        }
      },
    );
  });

  it("triangles (proper, tilted, collinear, a point)", () => {
    run(
      "point3d triangle",
      fc.record({
        f: scaleArb,
        a: p3,
        b: p3,
        c: p3,
        kind: fc.constantFrom("proper", "collinear", "point"),
        s: param,
        t: param,
        n: nudges,
      }),
      ({ f, a, b, c, kind, s, t, n }) => {
        const A = map(f, a);
        const B = kind === "point" ? A : map(f, b);
        const Cc = kind === "proper" ? map(f, c) : kind === "point" ? A : along(A, B, 2);
        // On edge ab at s, then toward c by t: corners, edges and interior points.
        const onAB = along(A, B, s);
        const p = nudged(along(onAB, Cc, t), n);
        if (!finite(A, B, Cc, p)) return;
        expect(c3.testPointTriangle(p, c3.triangle(A, B, Cc))).toBe(
          refPointInTriangle(p, A, B, Cc),
        );
      },
    );
  });
});
