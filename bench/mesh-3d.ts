/**
 * 3D ray vs triangle and ray vs a 100k-triangle mesh against the peers (PEERS.md): three.js
 * `Ray.intersectTriangle`, rapier3d's triangle collider `castRay`, three-mesh-bvh
 * `MeshBVH.raycastFirst`, plus the BVH build against `new MeshBVH(geometry)`. Same seeded data
 * for everyone (the mesh positions are one Float32Array shared by both builds); one literal loop
 * per contender; booleans that differ from collide's are counted.
 *
 * Standalone: `node --expose-gc --import tsx bench/mesh-3d.ts`; `npm run bench` runs the groups
 * through `meshPeerGroups` / `meshPeerReport`.
 */
import { pathToFileURL } from "node:url";
import RAPIER from "@dimforge/rapier3d-compat";
import { do_not_optimize, measure } from "mitata";
import * as THREE from "three";
import { CENTER, MeshBVH, SAH } from "three-mesh-bvh";
import * as c3 from "../src/3d/index.ts";
import { exactEvaluations } from "../src/exact/bigint.ts";
import { cubeSphere } from "../test/properties/mesh-gen.ts";
import type { PeerContender } from "./peers-2d.ts";
import { prng } from "./prng.ts";
import { rapier3dReady } from "./rapier-init.ts";
import { relayout } from "./relayout.ts";

/** Queries per pass (the same count as the other groups, so run.ts's per-pair division holds). */
export const N3 = 4096;

await rapier3dReady;

// --- ray vs triangle: triangles within ±100, sides 5..50; rays from ~200 away aimed at a point
// near the triangle so about half hit; dir normalised so every contender's t is a distance.
const rand = prng(0x3d7e1);
const tris: c3.Triangle[] = [];
const rays: c3.Ray[] = [];
for (let i = 0; i < N3; i++) {
  const cx = (rand() - 0.5) * 200;
  const cy = (rand() - 0.5) * 200;
  const cz = (rand() - 0.5) * 200;
  const s = 5 + rand() * 45;
  const corner = (): c3.Vec => ({
    x: cx + (rand() - 0.5) * s,
    y: cy + (rand() - 0.5) * s,
    z: cz + (rand() - 0.5) * s,
  });
  const t = c3.triangle(corner(), corner(), corner());
  tris.push(t);
  // Aim at the centroid plus a jitter of about the triangle's size.
  const tx = (t.a.x + t.b.x + t.c.x) / 3 + (rand() - 0.5) * s * 0.5;
  const ty = (t.a.y + t.b.y + t.c.y) / 3 + (rand() - 0.5) * s * 0.5;
  const tz = (t.a.z + t.b.z + t.c.z) / 3 + (rand() - 0.5) * s * 0.5;
  const ox = tx + (rand() - 0.5) * 400;
  const oy = ty + (rand() - 0.5) * 400;
  const oz = tz + (rand() - 0.5) * 400;
  const len = Math.hypot(tx - ox, ty - oy, tz - oz);
  rays.push(c3.ray(ox, oy, oz, (tx - ox) / len, (ty - oy) / len, (tz - oz) / len));
}
relayout(tris, rays);

const shapeOut = c3.makeShapeHit();
const meshOut = c3.makeMeshHit();
const threeRays = rays.map(
  (r) =>
    new THREE.Ray(
      new THREE.Vector3(r.origin.x, r.origin.y, r.origin.z),
      new THREE.Vector3(r.dir.x, r.dir.y, r.dir.z),
    ),
);
const v3 = (p: c3.Vec): THREE.Vector3 => new THREE.Vector3(p.x, p.y, p.z);
const threeTris = tris.map((t) => [v3(t.a), v3(t.b), v3(t.c)] as const);
const target = new THREE.Vector3();
const threeNormal = new THREE.Vector3();

const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
const rapierTris = tris.map((t) =>
  world.createCollider(RAPIER.ColliderDesc.triangle(t.a, t.b, t.c)),
);
const rapierRay = new RAPIER.Ray({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });

// --- ray vs mesh: a noisy cube sphere of radius 100, 6 x 91^2 x 2 = 99,372 triangles; rays from
// 300 away aimed within 1.4 radii of the center (about half hit).
const R = 100;
const sphereData = cubeSphere(91, R, [0, 0, 0], 0.02, prng(0x5eed), false);
const positions = Float32Array.from(sphereData.positions);
const indices = Uint32Array.from(sphereData.indices);
const theMesh = c3.mesh(positions, indices);
const middleMesh = c3.mesh(positions, indices, { split: "middle" });
const mortonMesh = c3.mesh(positions, indices, { split: "morton" });
function threeGeometry(): THREE.BufferGeometry {
  const g = new THREE.BufferGeometry();
  g.setAttribute("position", new THREE.BufferAttribute(positions, 3));
  // MeshBVH reorders the index in place, so each build gets its own copy.
  g.setIndex(new THREE.BufferAttribute(indices.slice(), 1));
  return g;
}
const bvh = new MeshBVH(threeGeometry());
const meshRays: c3.Ray[] = [];
const rm = prng(0xb17);
for (let i = 0; i < N3; i++) {
  const u = 2 * rm() - 1;
  const phi = 2 * Math.PI * rm();
  const s = Math.sqrt(1 - u * u);
  const o = { x: 3 * R * s * Math.cos(phi), y: 3 * R * s * Math.sin(phi), z: 3 * R * u };
  const aim = {
    x: (rm() - 0.5) * 2.8 * R,
    y: (rm() - 0.5) * 2.8 * R,
    z: (rm() - 0.5) * 2.8 * R,
  };
  const len = Math.hypot(aim.x - o.x, aim.y - o.y, aim.z - o.z);
  meshRays.push({
    origin: o,
    dir: { x: (aim.x - o.x) / len, y: (aim.y - o.y) / len, z: (aim.z - o.z) / len },
  });
}
const threeMeshRays = meshRays.map(
  (r) =>
    new THREE.Ray(
      new THREE.Vector3(r.origin.x, r.origin.y, r.origin.z),
      new THREE.Vector3(r.dir.x, r.dir.y, r.dir.z),
    ),
);

const groups: Record<string, PeerContender[]> = {
  "ray vs triangle (3D)": [
    {
      name: "collide intersectRayTriangle (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) if (c3.intersectRayTriangle(rays[i]!, tris[i]!, shapeOut)) h++;
        return h;
      },
      hit: (i) => c3.intersectRayTriangle(rays[i]!, tris[i]!) !== null,
      value: (i) => c3.intersectRayTriangle(rays[i]!, tris[i]!)?.t ?? Number.NaN,
    },
    {
      name: "collide testRayTriangle",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) if (c3.testRayTriangle(rays[i]!, tris[i]!)) h++;
        return h;
      },
      hit: (i) => c3.testRayTriangle(rays[i]!, tris[i]!),
    },
    {
      name: "three Ray.intersectTriangle (double-sided, reused target)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) {
          const t = threeTris[i]!;
          if (threeRays[i]!.intersectTriangle(t[0], t[1], t[2], false, target)) h++;
        }
        return h;
      },
      hit: (i) => {
        const t = threeTris[i]!;
        return threeRays[i]!.intersectTriangle(t[0], t[1], t[2], false, target) !== null;
      },
      value: (i) => {
        const t = threeTris[i]!;
        const p = threeRays[i]!.intersectTriangle(t[0], t[1], t[2], false, target);
        return p ? p.distanceTo(threeRays[i]!.origin) : Number.NaN;
      },
    },
    {
      // What a three.js user writes for collide's outputs (no `value`: the construction ratio
      // stays against the point-only row above).
      name: "three Ray.intersectTriangle + facing normal (Triangle.getNormal)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) {
          const t = threeTris[i]!;
          const r = threeRays[i]!;
          if (r.intersectTriangle(t[0], t[1], t[2], false, target)) {
            THREE.Triangle.getNormal(t[0], t[1], t[2], threeNormal);
            if (threeNormal.dot(r.direction) > 0) threeNormal.negate();
            h++;
          }
        }
        return h;
      },
      hit: (i) => {
        const t = threeTris[i]!;
        return threeRays[i]!.intersectTriangle(t[0], t[1], t[2], false, target) !== null;
      },
    },
    {
      name: "rapier3d triangle collider castRay",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) {
          rapierRay.origin = rays[i]!.origin;
          rapierRay.dir = rays[i]!.dir;
          if (rapierTris[i]!.castRay(rapierRay, 1e9, true) >= 0) h++;
        }
        return h;
      },
      hit: (i) => {
        rapierRay.origin = rays[i]!.origin;
        rapierRay.dir = rays[i]!.dir;
        return rapierTris[i]!.castRay(rapierRay, 1e9, true) >= 0;
      },
      value: (i) => {
        rapierRay.origin = rays[i]!.origin;
        rapierRay.dir = rays[i]!.dir;
        return rapierTris[i]!.castRay(rapierRay, 1e9, true);
      },
    },
  ],
  "ray vs 100k-triangle mesh (3D)": [
    {
      name: "collide intersectRayMesh (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) if (c3.intersectRayMesh(meshRays[i]!, theMesh, meshOut)) h++;
        return h;
      },
      hit: (i) => c3.intersectRayMesh(meshRays[i]!, theMesh) !== null,
      value: (i) => c3.intersectRayMesh(meshRays[i]!, theMesh)?.t ?? Number.NaN,
    },
    {
      name: 'collide intersectRayMesh (out), split "middle"',
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++)
          if (c3.intersectRayMesh(meshRays[i]!, middleMesh, meshOut)) h++;
        return h;
      },
      hit: (i) => c3.intersectRayMesh(meshRays[i]!, middleMesh) !== null,
      value: (i) => c3.intersectRayMesh(meshRays[i]!, middleMesh)?.t ?? Number.NaN,
    },
    {
      name: 'collide intersectRayMesh (out), split "morton"',
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++)
          if (c3.intersectRayMesh(meshRays[i]!, mortonMesh, meshOut)) h++;
        return h;
      },
      hit: (i) => c3.intersectRayMesh(meshRays[i]!, mortonMesh) !== null,
      value: (i) => c3.intersectRayMesh(meshRays[i]!, mortonMesh)?.t ?? Number.NaN,
    },
    {
      name: "collide testRayMesh",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) if (c3.testRayMesh(meshRays[i]!, theMesh)) h++;
        return h;
      },
      hit: (i) => c3.testRayMesh(meshRays[i]!, theMesh),
    },
    {
      name: "three-mesh-bvh raycastFirst (DoubleSide)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N3; i++) if (bvh.raycastFirst(threeMeshRays[i]!, THREE.DoubleSide)) h++;
        return h;
      },
      hit: (i) => bvh.raycastFirst(threeMeshRays[i]!, THREE.DoubleSide) !== null,
      value: (i) => bvh.raycastFirst(threeMeshRays[i]!, THREE.DoubleSide)?.distance ?? Number.NaN,
    },
  ],
};

const NOTES: Record<string, string> = {
  "ray vs triangle (3D)":
    "collide: exact hit or miss, t, point, facing normal. three.js: Möller-Trumbore-style float test (Ericson's form) returning the point; the `+ facing normal` row adds the normal a three.js user would compute, for the same outputs as collide's, and is not the ratio's base. rapier3d: `castRay` on a triangle collider in a World (WASM; marshalling included), returning the time of impact. Rays are unit length, so every t is a distance.",
  "ray vs 100k-triangle mesh (3D)":
    'collide: `mesh(positions, indices)` (a BVH: binned SAH for nodes of more than 128 triangles, middle splits below; the middle row: every node split at the middle of its box, `{ split: "middle" }`; the morton row: the linear BVH, every node split at the middle of its Morton cell, `{ split: "morton" }`) and the first hit with triangle index and barycentrics, exact boolean. three-mesh-bvh: `new MeshBVH(geometry)` (its default CENTER split) and `raycastFirst(ray, DoubleSide)`, float. The same Float32Array of positions feeds both.',
};

/** Build times in ms, each the median of `rounds` (collide's mesh() includes validation). */
interface BuildTimes {
  collideSah: number;
  collideMiddle: number;
  collideMorton: number;
  threeSah: number;
  threeCenter: number;
}

/** Median ms to build each BVH over the same positions, the builders interleaved per round. */
export function buildTimes(rounds = 7): BuildTimes {
  const t: number[][] = [[], [], [], [], []];
  const time = (k: number, build: () => unknown): void => {
    const t0 = performance.now();
    do_not_optimize(build());
    t[k]!.push(performance.now() - t0);
  };
  for (let r = 0; r < rounds; r++) {
    time(0, () => c3.mesh(positions, indices));
    time(1, () => c3.mesh(positions, indices, { split: "middle" }));
    const g1 = threeGeometry();
    time(2, () => new MeshBVH(g1, { strategy: SAH }));
    const g2 = threeGeometry();
    time(3, () => new MeshBVH(g2, { strategy: CENTER }));
    time(4, () => c3.mesh(positions, indices, { split: "morton" }));
  }
  const med = (x: number[]): number => x.sort((p, q) => p - q)[x.length >> 1]!;
  return {
    collideSah: med(t[0]!),
    collideMiddle: med(t[1]!),
    threeSah: med(t[2]!),
    threeCenter: med(t[3]!),
    collideMorton: med(t[4]!),
  };
}

/** The mesh groups, in run.ts's peer-group shape. */
export const meshPeerGroups: Record<string, PeerContender[]> = groups;

/** Notes, differing booleans and the largest t difference where both hit, for BENCHMARKS.md. */
export function meshPeerReport(query: string, list: readonly PeerContender[]): string[] {
  const md: string[] = [NOTES[query] ?? "", ""];
  const ref = list[0]!;
  for (const c of list.slice(1)) {
    let differ = 0;
    let maxDiff = 0;
    for (let i = 0; i < N3; i++) {
      const ours = ref.hit(i);
      if (ours !== c.hit(i)) differ++;
      else if (ours && c.value && ref.value) {
        maxDiff = Math.max(maxDiff, Math.abs(c.value(i) - ref.value(i)));
      }
    }
    md.push(
      `- ${c.name}: ${differ} of ${N3} booleans differ from collide's${c.value ? `; largest distance difference where both hit: ${maxDiff.toExponential(2)}` : ""}`,
    );
  }
  if (query.includes("mesh")) {
    const b = buildTimes();
    const ms = (x: number): string => `${x.toFixed(1)} ms`;
    md.push(
      `- BVH build over ${theMesh.triangleCount} triangles (median of 7), like with like: collide mesh() (binned SAH) ${ms(b.collideSah)} against three-mesh-bvh SAH ${ms(b.threeSah)} (ratio ${(b.collideSah / b.threeSah).toFixed(2)}x); collide split "middle" ${ms(b.collideMiddle)} against three-mesh-bvh CENTER, its default, ${ms(b.threeCenter)} (ratio ${(b.collideMiddle / b.threeCenter).toFixed(2)}x); collide split "morton" (the linear BVH, collide's fastest build) ${ms(b.collideMorton)} against the same CENTER build (ratio ${(b.collideMorton / b.threeCenter).toFixed(2)}x).`,
    );
  }
  md.push("");
  return md;
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  for (const [query, list] of Object.entries(groups)) {
    if (only && !query.includes(only)) continue;
    const samples: number[][] = list.map(() => []);
    const exact: number[] = list.map(() => 0);
    for (let round = 0; round < 5; round++) {
      const order = list.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const before = exactEvaluations();
        const stats = await measure(() => do_not_optimize(list[i]!.pass()), {
          min_cpu_time: 250e6,
        });
        exact[i]! += exactEvaluations() - before;
        samples[i]!.push(stats.avg / N3);
      }
    }
    const ns = samples.map((s) => s.sort((a, b) => a - b)[2]!);
    const fastestPeer = Math.min(...ns.filter((_, i) => !list[i]!.name.startsWith("collide")));
    console.log(`## ${query}\n`);
    console.log(
      "| contender | ns/op | ratio to the fastest peer | hit rate | BigInt evaluations |",
    );
    console.log("|---|---:|---:|---:|---:|");
    for (const [i, c] of list.entries()) {
      let hits = 0;
      for (let k = 0; k < N3; k++) if (c.hit(k)) hits++;
      console.log(
        `| ${c.name} | ${ns[i]!.toFixed(1)} | ${(ns[i]! / fastestPeer).toFixed(2)}x | ${((100 * hits) / N3).toFixed(1)}% | ${exact[i]} |`,
      );
    }
    console.log("");
    console.log(meshPeerReport(query, list).join("\n"));
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    for (let i = 0; i < 20_000; i++) c3.intersectRayMesh(meshRays[i & (N3 - 1)]!, theMesh, meshOut);
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200_000; i++)
      c3.intersectRayMesh(meshRays[i & (N3 - 1)]!, theMesh, meshOut);
    gc();
    gc();
    console.log(
      `Heap growth over 200,000 intersectRayMesh calls with out: ${process.memoryUsage().heapUsed - before} bytes`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
