/**
 * Meshes: watertightness (rays and segments aimed exactly at corners and at exact points of edges
 * of closed lattice meshes, at offsets 1e6..1e9, always hit) and agreement with brute force over
 * every triangle (the same boolean; the same first t and triangle, ties to the lowest index).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  intersectLineMesh,
  intersectLineTriangle,
  intersectRayMesh,
  intersectRayTriangle,
  intersectSegmentMesh,
  intersectSegmentTriangle,
  type Mesh,
  type MeshHit,
  makeMeshHit,
  makeShapeHit,
  mesh,
  type ShapeHit,
  type Triangle,
  testLineMesh,
  testLineTriangle,
  testRayMesh,
  testRayTriangle,
  testSegmentMesh,
  testSegmentTriangle,
  type Vec,
} from "../../src/3d/index.ts";
import { cubeSphere, type MeshData, prng, seedFor, tessellatedBox } from "./mesh-gen.ts";

/** 300 watertight cases and 300 brute-force cases: about 5 s in CI together. */
const RUNS = process.env.COLLIDE_DEEP ? 5000 : 300;

type Kind = 0 | 1 | 2;

function triangleOf(m: Mesh, i: number): Triangle {
  const p = m.positions;
  const at = (k: number): Vec => {
    const v = 3 * m.indices[3 * i + k]!;
    return { x: p[v]!, y: p[v + 1]!, z: p[v + 2]! };
  };
  return { a: at(0), b: at(1), c: at(2) };
}

const tOut = makeShapeHit();
const mOut = makeMeshHit();

/** The brute-force first hit over all triangles: smallest t, ties to the lowest index. */
function bruteForce(kind: Kind, o: Vec, d: Vec, m: Mesh): { t: number; tri: number; any: boolean } {
  let best = Number.POSITIVE_INFINITY;
  let tri = -1;
  let any = false;
  for (let i = 0; i < m.triangleCount; i++) {
    const T = triangleOf(m, i);
    let h: ShapeHit | null;
    if (kind === 0) {
      any ||= testLineTriangle({ point: o, dir: d }, T);
      h = intersectLineTriangle({ point: o, dir: d }, T, tOut);
    } else if (kind === 1) {
      any ||= testRayTriangle({ origin: o, dir: d }, T);
      h = intersectRayTriangle({ origin: o, dir: d }, T, tOut);
    } else {
      any ||= testSegmentTriangle({ a: o, b: d }, T);
      h = intersectSegmentTriangle({ a: o, b: d }, T, tOut);
    }
    if (h && h.t < best) {
      best = h.t;
      tri = i;
    }
  }
  return { t: best, tri, any };
}

function viaMesh(kind: Kind, o: Vec, d: Vec, m: Mesh): { hit: MeshHit | null; test: boolean } {
  if (kind === 0) {
    const l = { point: o, dir: d };
    return { test: testLineMesh(l, m), hit: intersectLineMesh(l, m, mOut) };
  }
  if (kind === 1) {
    const r = { origin: o, dir: d };
    return { test: testRayMesh(r, m), hit: intersectRayMesh(r, m, mOut) };
  }
  const s = { a: o, b: d };
  return { test: testSegmentMesh(s, m), hit: intersectSegmentMesh(s, m, mOut) };
}

function agree(kind: Kind, o: Vec, d: Vec, m: Mesh, msg: string): MeshHit | null {
  const ref = bruteForce(kind, o, d, m);
  const { hit, test } = viaMesh(kind, o, d, m);
  expect(test, msg).toBe(ref.any);
  expect(hit !== null, msg).toBe(ref.tri >= 0);
  expect(ref.any, msg).toBe(ref.tri >= 0);
  if (hit) {
    expect(hit.t, msg).toBe(ref.t);
    expect(hit.triangle, msg).toBe(ref.tri);
    for (const v of [hit.point, hit.normal]) {
      expect(Number.isFinite(v.x) && Number.isFinite(v.y) && Number.isFinite(v.z), msg).toBe(true);
    }
    expect(hit.u >= 0 && hit.v >= 0 && hit.u + hit.v <= 1 + 1e-12, msg).toBe(true);
  }
  return hit;
}

const OFFSETS = [0, 1e6, 1e7 + 3, 1e8, 1e9 - 7, 1e9];

/** A closed lattice mesh (integer corners), a target on it exactly, and an integer origin. */
const watertight = fc
  .record({
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    sphere: fc.boolean(),
    n: fc.integer({ min: 1, max: 6 }),
    offset: fc.constantFrom(...OFFSETS),
    target: fc.integer({ min: 0, max: 1 }), // corner or edge point
    quarter: fc.integer({ min: 1, max: 3 }),
    inside: fc.boolean(),
    kind: fc.constantFrom<Kind | 3>(0, 1, 2, 3),
  })
  .map((c) => {
    const rand = prng(c.seed);
    const off = c.offset;
    const data: MeshData = c.sphere
      ? cubeSphere(
          c.n + 1,
          40 + Math.floor(rand() * 400),
          [off, off - 5, off + 11],
          0.2,
          rand,
          true,
        )
      : tessellatedBox(c.n, [off - 64, off - 32, off - 16], [off + 64, off + 96, off + 16]);
    const m = mesh(data.positions, data.indices);
    const i = Math.floor(rand() * m.triangleCount);
    const T = triangleOf(m, i);
    const corners = [T.a, T.b, T.c];
    const k = Math.floor(rand() * 3);
    const p = corners[k]!;
    const q = corners[(k + 1) % 3]!;
    const s = c.quarter / 4;
    // Integer corners: p + s (q - p) with s in quarters is an exact double.
    const x: Vec =
      c.target === 0
        ? p
        : { x: p.x + s * (q.x - p.x), y: p.y + s * (q.y - p.y), z: p.z + s * (q.z - p.z) };
    const dir = [rand() - 0.5, rand() - 0.5, rand() - 0.5];
    const far = 3000;
    const o: Vec = c.inside
      ? {
          x: Math.round(m.bounds.min.x * 0.5 + m.bounds.max.x * 0.5),
          y: Math.round(m.bounds.min.y * 0.5 + m.bounds.max.y * 0.5),
          z: Math.round(m.bounds.min.z * 0.5 + m.bounds.max.z * 0.5),
        }
      : {
          x: Math.round(x.x + dir[0]! * far),
          y: Math.round(x.y + dir[1]! * far),
          z: Math.round(x.z + dir[2]! * far),
        };
    return { ...c, m, x, o };
  })
  .filter((c) => c.o.x !== c.x.x || c.o.y !== c.x.y || c.o.z !== c.x.z);

describe("meshes: watertight", () => {
  it("rays, lines and segments aimed exactly at corners and edge points of closed meshes hit, as brute force says", () => {
    const seed = seedFor("mesh-watertight", RUNS);
    fc.assert(
      fc.property(watertight, ({ m, x, o, kind, offset, sphere }) => {
        const msg = JSON.stringify({ x, o, kind, offset, sphere });
        // All differences are exact: integers below 2^53, quarters of them.
        const d: Vec = { x: x.x - o.x, y: x.y - o.y, z: x.z - o.z };
        let hit: MeshHit | null;
        if (kind === 0) hit = agree(0, o, d, m, msg);
        else if (kind === 1) hit = agree(1, o, d, m, msg);
        else if (kind === 2) hit = agree(2, o, x, m, msg);
        else hit = agree(2, o, { x: 2 * x.x - o.x, y: 2 * x.y - o.y, z: 2 * x.z - o.z }, m, msg);
        expect(hit, msg).not.toBeNull();
        if (kind === 1 || kind === 2) expect(hit!.t, msg).toBeLessThanOrEqual(1);
      }),
      { seed, numRuns: RUNS },
    );
  });
});

const coord = fc.oneof(
  fc.double({ min: -300, max: 300, noNaN: true }),
  fc.integer({ min: -100, max: 100 }),
);
const v3 = fc.record({ x: coord, y: coord, z: coord });
const scales = [
  (v: number) => v,
  (v: number) => v + 1e9,
  (v: number) => v * 1e-7,
  (v: number) => v * 1e300,
  (v: number) => v * 2 ** -900,
];

describe("meshes: brute force", () => {
  it("random rays, lines and segments against noisy meshes (every split): the same boolean and first hit as brute force", () => {
    const seed = seedFor("mesh-brute-force", RUNS);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: scales.length - 1 }),
        fc.constantFrom<Kind>(0, 1, 2),
        v3,
        v3,
        fc.boolean(),
        fc.constantFrom<"sah" | "middle" | "morton">("sah", "middle", "morton"),
        (s, n, f, kind, o0, d0, aim, split) => {
          const rand = prng(s);
          const sc = scales[f]!;
          const raw = cubeSphere(
            n,
            50 + rand() * 100,
            [rand() * 40, rand() * 40, rand() * 40],
            0.3,
            rand,
            false,
          );
          const m = mesh(raw.positions.map(sc), raw.indices, { split });
          const o = { x: sc(o0.x), y: sc(o0.y), z: sc(o0.z) };
          // Either a random direction or one aimed at a corner (rounded: near-edge cases).
          const k = 3 * raw.indices[Math.floor(rand() * raw.indices.length)]!;
          const target = { x: m.positions[k]!, y: m.positions[k + 1]!, z: m.positions[k + 2]! };
          const d =
            kind === 2
              ? aim
                ? target
                : { x: sc(d0.x), y: sc(d0.y), z: sc(d0.z) }
              : aim
                ? { x: target.x - o.x, y: target.y - o.y, z: target.z - o.z }
                : { x: sc(d0.x) - sc(0), y: sc(d0.y) - sc(0), z: sc(d0.z) - sc(0) };
          if (kind !== 2 && d.x === 0 && d.y === 0 && d.z === 0) return;
          agree(kind, o, d, m, JSON.stringify({ s, n, f, kind, o, d, split }));
        },
      ),
      { seed, numRuns: RUNS },
    );
  });
});
