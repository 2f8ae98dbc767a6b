/**
 * 3D sweeps (sweep<Mover><Static>): ns per query on seeded scenes where about half the movers
 * hit. No peer library has 3D sweeps of these shapes, so sphere vs sphere and sphere vs plane run
 * beside the textbook float formulas (Ericson, Real-Time Collision Detection, §5.5.3 and §5.5.5:
 * the quadratic in t with its discriminant, no exact fallback), and the rest report collide alone.
 *
 * Part of `npm run bench` (BENCH_ONLY="sweep" for these groups); standalone:
 * `node --expose-gc --import tsx bench/sweep-3d.ts`.
 */
import { pathToFileURL } from "node:url";
import { do_not_optimize, measure } from "mitata";
import * as c3 from "../src/3d/index.ts";
import { exactEvaluations } from "../src/exact/bigint.ts";
import { cubeSphere } from "../test/properties/mesh-gen.ts";
import { prng } from "./prng.ts";

const N = 1024;
const rand = prng(0x5e3d);
const r = (lo: number, hi: number): number => lo + rand() * (hi - lo);
const at = (): c3.Vec => ({ x: r(-100, 100), y: r(-100, 100), z: r(-100, 100) });

/** A motion of length 20..80 from `from` toward `to` plus a jitter of `spread`. */
function aim(from: c3.Vec, to: c3.Vec, spread: number): c3.Vec {
  const tx = to.x + r(-spread, spread) - from.x;
  const ty = to.y + r(-spread, spread) - from.y;
  const tz = to.z + r(-spread, spread) - from.z;
  const k = r(20, 80) / Math.hypot(tx, ty, tz);
  return { x: tx * k, y: ty * k, z: tz * k };
}

const near = (c: c3.Vec, d: number): c3.Vec => {
  const u = { x: r(-1, 1), y: r(-1, 1), z: r(-1, 1) };
  const k = d / Math.hypot(u.x, u.y, u.z);
  return { x: c.x + u.x * k, y: c.y + u.y * k, z: c.z + u.z * k };
};

const movers: c3.Sphere[] = [];
const targets: c3.Sphere[] = [];
const motions: c3.Vec[] = [];
const planes: c3.Plane[] = [];
const boxesA: c3.Box[] = [];
const boxesB: c3.Box[] = [];
const capsules: c3.Capsule[] = [];
const tris: c3.Triangle[] = [];
const hullsA: c3.Hull[] = [];
const hullsB: c3.Hull[] = [];
const quat = (): c3.Quat => {
  const q = { x: r(-1, 1), y: r(-1, 1), z: r(-1, 1), w: r(-1, 1) };
  const n = Math.hypot(q.x, q.y, q.z, q.w);
  return { x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n };
};
const cloud = (c: c3.Vec, s: number): c3.Hull => ({
  points: Array.from({ length: 12 }, () => near(c, s * r(0.5, 1))),
});
for (let i = 0; i < N; i++) {
  const c = at();
  const start = near(c, 60);
  targets.push({ center: c, radius: r(1, 10) });
  movers.push({ center: start, radius: r(1, 10) });
  motions.push(aim(start, c, 15));
  const n = { x: r(-1, 1), y: r(-1, 1), z: r(-1, 1) };
  planes.push({ normal: n, offset: n.x * c.x + n.y * c.y + n.z * c.z });
  boxesA.push(c3.box(start, { x: r(1, 8), y: r(1, 8), z: r(1, 8) }, quat()));
  boxesB.push(c3.box(c, { x: r(1, 8), y: r(1, 8), z: r(1, 8) }, quat()));
  const d = { x: r(-5, 5), y: r(-5, 5), z: r(-5, 5) };
  capsules.push({
    a: start,
    b: { x: start.x + d.x, y: start.y + d.y, z: start.z + d.z },
    radius: r(0.5, 3),
  });
  tris.push({ a: near(c, 10), b: near(c, 10), c: near(c, 10) });
  hullsA.push(cloud(start, 6));
  hullsB.push(cloud(c, 6));
}
// Sphere vs mesh: a cube sphere of radius 50 (40 x 40 x 2 x 6 = 19200 triangles), movers from outside.
const sphereMeshData = cubeSphere(40, 50, [0, 0, 0], 0, rand, false);
const theMesh = c3.mesh(sphereMeshData.positions, sphereMeshData.indices);
const meshMovers: c3.Sphere[] = [];
const meshMotions: c3.Vec[] = [];
for (let i = 0; i < N; i++) {
  const s = near({ x: 0, y: 0, z: 0 }, 90);
  meshMovers.push({ center: s, radius: r(0.5, 3) });
  meshMotions.push(aim(s, { x: 0, y: 0, z: 0 }, 60));
}

// Static capsules around the sphere targets' centers (drawn after the other scenes, so
// their draws are unchanged).
const targetCapsules: c3.Capsule[] = [];
for (let i = 0; i < N; i++) {
  const c = targets[i]!.center;
  const d = { x: r(-6, 6), y: r(-6, 6), z: r(-6, 6) };
  targetCapsules.push({
    a: { x: c.x - d.x, y: c.y - d.y, z: c.z - d.z },
    b: { x: c.x + d.x, y: c.y + d.y, z: c.z + d.z },
    radius: r(1, 5),
  });
}

// Aabbs with the boxes' centers and half extents (no new draws).
const aabbOf = (b: c3.Box): c3.Aabb => ({
  min: {
    x: b.center.x - b.halfExtents.x,
    y: b.center.y - b.halfExtents.y,
    z: b.center.z - b.halfExtents.z,
  },
  max: {
    x: b.center.x + b.halfExtents.x,
    y: b.center.y + b.halfExtents.y,
    z: b.center.z + b.halfExtents.z,
  },
});
const aabbsA = boxesA.map(aabbOf);
const aabbsB = boxesB.map(aabbOf);

const out = c3.makeSweepHit();
const meshOut = c3.makeMeshSweepHit();

/** Textbook moving spheres (Ericson §5.5.5): the quadratic's smaller root in [0, 1], floats only. */
function floatSphereSphere(a: c3.Sphere, m: c3.Vec, b: c3.Sphere): number {
  const sx = b.center.x - a.center.x;
  const sy = b.center.y - a.center.y;
  const sz = b.center.z - a.center.z;
  const rr = a.radius + b.radius;
  const c = sx * sx + sy * sy + sz * sz - rr * rr;
  if (c <= 0) return 0;
  const aa = m.x * m.x + m.y * m.y + m.z * m.z;
  const bb = m.x * sx + m.y * sy + m.z * sz;
  if (bb <= 0) return -1;
  const d = bb * bb - aa * c;
  if (d < 0) return -1;
  const t = (bb - Math.sqrt(d)) / aa;
  return t <= 1 ? t : -1;
}

/** Textbook moving sphere vs plane (Ericson §5.5.3), floats only. */
function floatSpherePlane(s: c3.Sphere, m: c3.Vec, p: c3.Plane): number {
  const n = p.normal;
  const len = Math.hypot(n.x, n.y, n.z);
  const dist = (n.x * s.center.x + n.y * s.center.y + n.z * s.center.z - p.offset) / len;
  if (Math.abs(dist) <= s.radius) return 0;
  const denom = (n.x * m.x + n.y * m.y + n.z * m.z) / len;
  if (denom * dist >= 0) return -1;
  const rr = dist > 0 ? s.radius : -s.radius;
  const t = (rr - dist) / denom;
  return t <= 1 ? t : -1;
}

/** The first root in [0, 1] of |w + t d|^2 = r^2 (w = start - center), or -1: floats only. */
function floatBall(wx: number, wy: number, wz: number, d: c3.Vec, r: number): number {
  const a = d.x * d.x + d.y * d.y + d.z * d.z;
  const b = wx * d.x + wy * d.y + wz * d.z;
  const c = wx * wx + wy * wy + wz * wz - r * r;
  if (c <= 0) return 0;
  if (b >= 0) return -1;
  const disc = b * b - a * c;
  if (disc < 0) return -1;
  const t = (-b - Math.sqrt(disc)) / a;
  return t <= 1 ? t : -1;
}

/**
 * Textbook moving sphere vs capsule, floats only: the center's path against the capsule grown by
 * the sphere's radius, as the side's quadratic where its foot is between the ends, else the end
 * balls' (Ericson §5.3.7, ray vs capsule).
 */
function floatSphereCapsule(s: c3.Sphere, m: c3.Vec, k: c3.Capsule): number {
  const r = s.radius + k.radius;
  const ax = s.center.x - k.a.x;
  const ay = s.center.y - k.a.y;
  const az = s.center.z - k.a.z;
  const ex = k.b.x - k.a.x;
  const ey = k.b.y - k.a.y;
  const ez = k.b.z - k.a.z;
  const ee = ex * ex + ey * ey + ez * ez;
  const md = ax * ex + ay * ey + az * ez;
  const nd = m.x * ex + m.y * ey + m.z * ez;
  const nn = m.x * m.x + m.y * m.y + m.z * m.z;
  const mn = ax * m.x + ay * m.y + az * m.z;
  const a = ee * nn - nd * nd;
  const cc = ee * (ax * ax + ay * ay + az * az - r * r) - md * md;
  let best = -1;
  if (cc <= 0 && md >= 0 && md <= ee) return 0;
  if (a > 0) {
    const b = ee * mn - nd * md;
    const disc = b * b - a * cc;
    if (disc >= 0) {
      const t = (-b - Math.sqrt(disc)) / a;
      const h = md + t * nd;
      if (t >= 0 && t <= 1 && h >= 0 && h <= ee) best = t;
    }
  }
  if (best < 0) {
    const t0 = floatBall(ax, ay, az, m, r);
    const t1 = floatBall(s.center.x - k.b.x, s.center.y - k.b.y, s.center.z - k.b.z, m, r);
    best = t0 < 0 ? t1 : t1 < 0 ? t0 : Math.min(t0, t1);
  }
  return best;
}

interface Contender {
  name: string;
  pass: () => number;
}

const groups: Record<string, Contender[]> = {
  "sweep sphere vs sphere": [
    {
      name: "collide sweepSphereSphere",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (c3.sweepSphereSphere(movers[i]!, motions[i]!, targets[i]!, out)) h++;
        }
        return h;
      },
    },
    {
      name: "textbook float (Ericson §5.5.5)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (floatSphereSphere(movers[i]!, motions[i]!, targets[i]!) >= 0) h++;
        }
        return h;
      },
    },
  ],
  "sweep sphere vs plane": [
    {
      name: "collide sweepSpherePlane",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (c3.sweepSpherePlane(movers[i]!, motions[i]!, planes[i]!, out)) h++;
        }
        return h;
      },
    },
    {
      name: "textbook float (Ericson §5.5.3)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (floatSpherePlane(movers[i]!, motions[i]!, planes[i]!) >= 0) h++;
        }
        return h;
      },
    },
  ],
  "sweep sphere vs capsule": [
    {
      name: "collide sweepSphereCapsule",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (c3.sweepSphereCapsule(movers[i]!, motions[i]!, targetCapsules[i]!, out)) h++;
        }
        return h;
      },
    },
    {
      name: "textbook float (Ericson §5.3.7)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (floatSphereCapsule(movers[i]!, motions[i]!, targetCapsules[i]!) >= 0) h++;
        }
        return h;
      },
    },
  ],
  "sweep box vs box (no peer)": [
    {
      name: "collide sweepBoxBox",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c3.sweepBoxBox(boxesA[i]!, motions[i]!, boxesB[i]!, out)) h++;
        return h;
      },
    },
  ],
  "sweep aabb vs aabb (no peer)": [
    {
      name: "collide sweepAabbAabb",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c3.sweepAabbAabb(aabbsA[i]!, motions[i]!, aabbsB[i]!, out)) h++;
        return h;
      },
    },
  ],
  "sweep capsule vs triangle (no peer)": [
    {
      name: "collide sweepCapsuleTriangle",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (c3.sweepCapsuleTriangle(capsules[i]!, motions[i]!, tris[i]!, out)) h++;
        }
        return h;
      },
    },
  ],
  "sweep hull vs hull, 12 points each (no peer)": [
    {
      name: "collide sweepHullHull",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c3.sweepHullHull(hullsA[i]!, motions[i]!, hullsB[i]!, out)) h++;
        return h;
      },
    },
  ],
  [`sweep sphere vs mesh, ${theMesh.triangleCount} triangles (no peer)`]: [
    {
      name: "collide sweepSphereMesh",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (c3.sweepSphereMesh(meshMovers[i]!, meshMotions[i]!, theMesh, meshOut)) h++;
        }
        return h;
      },
    },
  ],
};

/** Times every sweep group whose name contains `only` (all when absent); markdown lines. */
export async function benchSweep3d(only?: string): Promise<string[]> {
  const md: string[] = [];
  for (const [query, list] of Object.entries(groups)) {
    if (only && !query.includes(only)) continue;
    md.push(`## ${query}`, "");
    md.push("| contender | ns/op | ratio to collide | hit rate | BigInt evaluations per pass |");
    md.push("|---|---:|---:|---:|---:|");
    const ns: number[] = [];
    const rows: [string, string, number][] = [];
    for (const c of list) {
      const before = exactEvaluations();
      const hits = c.pass();
      const exact = exactEvaluations() - before;
      const stats = await measure(() => do_not_optimize(c.pass()), { min_cpu_time: 500e6 });
      ns.push(stats.avg / N);
      rows.push([c.name, `${((100 * hits) / N).toFixed(1)}%`, exact]);
    }
    for (const [i, [name, rate, exact]] of rows.entries()) {
      md.push(
        `| ${name} | ${ns[i]!.toFixed(0)} | ${(ns[i]! / ns[0]!).toFixed(2)}x | ${rate} | ${exact} |`,
      );
    }
    md.push("");
    console.log(`${query}: done`);
  }
  return md;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await benchSweep3d(process.env.BENCH_ONLY)).join("\n"));
}
