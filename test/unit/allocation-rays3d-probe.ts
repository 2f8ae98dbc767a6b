/**
 * Garbage per call of the 3D ray queries, measured in a plain Node process:
 * `node --import tsx test/unit/allocation-rays3d-probe.ts` prints one JSON array of
 * { name, outcome, cases, wrong, bytes }, name "intersectRay <shape>" (with `out`) or
 * "testRay <shape>", outcome "hit" or "miss", wrong the pairs whose intersect result disagrees
 * with the outcome. A plain process for the reason allocation-2d-probe.ts gives, and so that a
 * row measured again runs in a fresh process (V8's compile order varies with load): under vitest
 * one fresh-clone CI run measured 64 B a call for the capsule hit, 0 on every other run.
 */
import { prng } from "../../bench/prng.ts";
import { intersectRayMesh, mesh, testRayMesh } from "../../src/3d/mesh.ts";
import { intersectRayAabb, testRayAabb } from "../../src/3d/pairs/linear-aabb.ts";
import { intersectRayBox, testRayBox } from "../../src/3d/pairs/linear-box.ts";
import { intersectRayCapsule, testRayCapsule } from "../../src/3d/pairs/linear-capsule.ts";
import { intersectRaySphere, testRaySphere } from "../../src/3d/pairs/linear-sphere.ts";
import { intersectRayTriangle, testRayTriangle } from "../../src/3d/pairs/linear-triangle.ts";
import { makeMeshHit, makeShapeHit } from "../../src/3d/results.ts";
import type { Ray } from "../../src/3d/shapes.ts";
import { aabb, box, capsule, ray, sphere, triangle, vec } from "../../src/3d/shapes.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

/** One measured outcome of one query. */
export interface RayProbeRow {
  name: string;
  outcome: string;
  cases: number;
  /** Pairs whose intersect result (null or not) disagrees with the outcome. */
  wrong: number;
  bytes: number;
}

const rnd = prng(0x4a75);
type Shape = unknown;
interface Row {
  name: string;
  make: (x: number, y: number, z: number, s: number) => Shape;
  /** testRay<Shape> and intersectRay<Shape> (with out undefined, a new result per call). */
  pair: [(r: Ray, s: Shape) => boolean, (r: Ray, s: Shape, out: never) => unknown];
  out?: () => unknown;
}

/** A random unit direction (uniform on the sphere: z uniform in [-1, 1], angle uniform). */
const unit = (): [number, number, number] => {
  const z = 2 * rnd() - 1;
  const a = 2 * Math.PI * rnd();
  const s = Math.sqrt(1 - z * z);
  return [s * Math.cos(a), s * Math.sin(a), z];
};

const ROWS: Row[] = [
  {
    name: "sphere",
    make: (x, y, z, s) => sphere(x, y, z, s / 2),
    pair: [testRaySphere, intersectRaySphere] as never,
  },
  {
    name: "aabb",
    make: (x, y, z, s) =>
      aabb(vec(x - s / 2, y - s / 3, z - s / 4), vec(x + s / 2, y + s / 3, z + s / 4)),
    pair: [testRayAabb, intersectRayAabb] as never,
  },
  {
    name: "box",
    make: (x, y, z, s) => {
      const [a, b, c] = unit();
      const w = rnd() * 2 - 1;
      const l = Math.sqrt(a * a + b * b + c * c + w * w);
      return box(vec(x, y, z), vec(s / 2, s / 3, s / 4), {
        x: a / l,
        y: b / l,
        z: c / l,
        w: w / l,
      });
    },
    pair: [testRayBox, intersectRayBox] as never,
  },
  {
    name: "triangle",
    make: (x, y, z, s) => {
      const c = () => vec(x + (rnd() - 0.5) * s, y + (rnd() - 0.5) * s, z + (rnd() - 0.5) * s);
      return triangle(c(), c(), c());
    },
    pair: [testRayTriangle, intersectRayTriangle] as never,
  },
  {
    name: "capsule",
    make: (x, y, z, s) => {
      const [a, b, c] = unit();
      const h = s / 3;
      return capsule(
        vec(x - h * a, y - h * b, z - h * c),
        vec(x + h * a, y + h * b, z + h * c),
        s / 4,
      );
    },
    pair: [testRayCapsule, intersectRayCapsule] as never,
  },
  {
    name: "mesh",
    // Four triangles, a shallow tent s across around (x, y, z).
    make: (x, y, z, s) => {
      const h = s / 2;
      return mesh(
        [
          x - h,
          y,
          z - h,
          x + h,
          y + 0.1 * h,
          z - h,
          x - h,
          y - 0.1 * h,
          z + h,
          x + h,
          y,
          z + h,
          x,
          y + 0.3 * h,
          z,
        ],
        [0, 1, 4, 1, 3, 4, 3, 2, 4, 2, 0, 4],
      );
    },
    pair: [testRayMesh, intersectRayMesh] as never,
    out: makeMeshHit,
  },
];

/** 512 hitting and 512 missing (ray, shape) pairs; rays aimed within about the shape's size. */
function pairs(row: Row): { hit: [Ray, Shape][]; miss: [Ray, Shape][] } {
  const hit: [Ray, Shape][] = [];
  const miss: [Ray, Shape][] = [];
  while (hit.length < 512 || miss.length < 512) {
    const x = (rnd() - 0.5) * 200;
    const y = (rnd() - 0.5) * 200;
    const z = (rnd() - 0.5) * 200;
    const s = 1 + rnd() * 49;
    const shape = row.make(x, y, z, s);
    const [ux, uy, uz] = unit();
    const dist = s + rnd() * 200;
    const tx = x + (rnd() - 0.5) * s;
    const ty = y + (rnd() - 0.5) * s;
    const tz = z + (rnd() - 0.5) * s;
    const ox = tx + ux * dist;
    const oy = ty + uy * dist;
    const oz = tz + uz * dist;
    // Unit directions for half the rays, lengths up to 3 for the others.
    const k = rnd() < 0.5 ? 1 : 0.2 + 2.8 * rnd();
    const r = ray(
      ox,
      oy,
      oz,
      ((tx - ox) / dist) * k,
      ((ty - oy) / dist) * k,
      ((tz - oz) / dist) * k,
    );
    const list = row.pair[0](r, shape) ? hit : miss;
    if (list.length < 512) list.push([r, shape]);
  }
  return { hit, miss };
}

/** Every row's calls, with and without `out`, before any is measured, as a game mixes them. */
function probe(): RayProbeRow[] {
  // Literals sharing keys with our results (V8 then shares their hidden class): this keeps the
  // figures independent of what else a process makes.
  const foreign: unknown[] = [
    { t: "a", b: 1, c: 2, d: 3 },
    { t: null, b: 1, c: 2, d: 3, e: 4 },
    { x: null, y: 0, z: 0 },
    { x: null, y: 0, z: 0, w: 0 },
    // The keys of the mesh cast's best hit (src/3d/mesh.ts), a literal until it became a class.
    { t: null, slot: 0, triangle: 0, u: 0, v: 0, side: 0 },
  ];
  const sets = ROWS.map(pairs);
  const outs = ROWS.map((r) => (r.out ?? makeShapeHit)());
  ROWS.forEach((row, j) => {
    for (const set of [sets[j]!.hit, sets[j]!.miss]) {
      for (const [r, s] of set) {
        row.pair[1](r, s, undefined as never);
        row.pair[1](r, s, outs[j] as never);
        row.pair[0](r, s);
      }
    }
  });
  const rows: RayProbeRow[] = [];
  ROWS.forEach((row, j) => {
    for (const outcome of ["hit", "miss"] as const) {
      const set = sets[j]![outcome];
      const out = outs[j] as never;
      let wrong = 0;
      for (const [r, s] of set)
        if ((row.pair[1](r, s, out) !== null) !== (outcome === "hit")) wrong++;
      const common = { outcome, cases: set.length, wrong };
      rows.push({
        name: `intersectRay ${row.name}`,
        ...common,
        bytes: warmGarbagePerCall((i) => {
          const p = set[i & 511]!;
          return row.pair[1](p[0], p[1], out);
        }),
      });
      rows.push({
        name: `testRay ${row.name}`,
        ...common,
        bytes: warmGarbagePerCall((i) => {
          const p = set[i & 511]!;
          return row.pair[0](p[0], p[1]);
        }),
      });
    }
  });
  if (foreign.length !== 5) throw new Error("unreachable");
  return rows;
}

/** The shapes the probe measures, in its order. */
export const RAY_SHAPES: string[] = ROWS.map((r) => r.name);

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ""))) {
  console.log(JSON.stringify(probe()));
}
