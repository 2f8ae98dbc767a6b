import { pathToFileURL } from "node:url";
/**
 * Sphere vs box contacts against the peers, standalone:
 *   node --expose-gc --import tsx bench/contact-3d-sphere.ts
 * collide's `contactSphereBox` (exact null, normal, depth, point, exact containment flags, into a
 * reused `out`) against cannon-es' `Narrowphase.sphereBox` (the contact equations it makes for a
 * step, returned to its pool after each call) and rapier3d's `Collider.contactCollider` (ball
 * and cuboid colliders made once in a World, prediction 0, through WebAssembly). Seeded scene, every
 * contender over the same pairs, median of 5 mitata measurements per contender, interleaved.
 * Prints ns per contact, the ratio to collide, hit counts, how many hits differ from collide's
 * (whose answers are exact) and the largest depth difference on shared hits.
 */
import RAPIER from "@dimforge/rapier3d-compat";
import * as CANNON from "cannon-es";
import { do_not_optimize, measure } from "mitata";
import { contactSphereBox } from "../src/3d/contact/rounded.ts";
import { type Box, box, type Sphere, sphere } from "../src/3d/index.ts";
import { makeContact } from "../src/3d/results.ts";
import type { PeerContender } from "./peers-2d.ts";
import { prng } from "./prng.ts";
import { rapier3dReady } from "./rapier-init.ts";

const N = 4096;
const ROUNDS = 5;
const rand = prng(20261125);
const range = (lo: number, hi: number): number => lo + (hi - lo) * rand();

const spheres: Sphere[] = [];
const boxes: Box[] = [];
for (let i = 0; i < N; i++) {
  const x = range(-1, 1);
  const y = range(-1, 1);
  const z = range(-1, 1);
  const w = range(-1, 1);
  const n = Math.hypot(x, y, z, w);
  boxes.push(
    box(
      { x: range(0, 2), y: range(0, 2), z: range(0, 2) },
      { x: range(0.25, 1), y: range(0.25, 1), z: range(0.25, 1) },
      { x: x / n, y: y / n, z: z / n, w: w / n },
    ),
  );
  spheres.push(sphere(range(0, 2), range(0, 2), range(0, 2), range(0.1, 0.6)));
}

// collide: one reused result.
const out = makeContact();
const collideDepth = new Float64Array(N);

// cannon-es: the narrowphase of a world, with two bodies whose poses are passed per call.
const cworld = new CANNON.World();
const np = cworld.narrowphase;
np.currentContactMaterial = cworld.defaultContactMaterial;
const bodyA = new CANNON.Body({ mass: 1 });
const bodyB = new CANNON.Body({ mass: 0 });
const cSpheres = spheres.map((s) => new CANNON.Sphere(s.radius));
const cBoxes = boxes.map(
  (b) => new CANNON.Box(new CANNON.Vec3(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z)),
);
const cSpherePos = spheres.map((s) => new CANNON.Vec3(s.center.x, s.center.y, s.center.z));
const cBoxPos = boxes.map((b) => new CANNON.Vec3(b.center.x, b.center.y, b.center.z));
const cBoxRot = boxes.map(
  (b) => new CANNON.Quaternion(b.rotation.x, b.rotation.y, b.rotation.z, b.rotation.w),
);
const cIdentity = new CANNON.Quaternion();
const cannonDepth = new Float64Array(N);

function cannonContact(i: number): boolean {
  np.result.length = 0;
  np.sphereBox(
    cSpheres[i]!,
    cBoxes[i]!,
    cSpherePos[i]!,
    cBoxPos[i]!,
    cIdentity,
    cBoxRot[i]!,
    bodyA,
    bodyB,
  );
  const hit = np.result.length > 0;
  if (hit) {
    // Penetration along the normal from the two contact points (ri, rj relative to the bodies).
    const c = np.result[0]!;
    const n = c.ni;
    const dx = c.ri.x - c.rj.x + bodyA.position.x - bodyB.position.x;
    const dy = c.ri.y - c.rj.y + bodyA.position.y - bodyB.position.y;
    const dz = c.ri.z - c.rj.z + bodyA.position.z - bodyB.position.z;
    cannonDepth[i] = Math.abs(dx * n.x + dy * n.y + dz * n.z);
  }
  while (np.result.length > 0) np.contactPointPool.push(np.result.pop()!);
  return hit;
}

await rapier3dReady;
const rworld = new RAPIER.World({ x: 0, y: 0, z: 0 });
const rBalls = spheres.map((s) =>
  rworld.createCollider(
    RAPIER.ColliderDesc.ball(s.radius).setTranslation(s.center.x, s.center.y, s.center.z),
  ),
);
const rCuboids = boxes.map((b) =>
  rworld.createCollider(
    RAPIER.ColliderDesc.cuboid(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z)
      .setTranslation(b.center.x, b.center.y, b.center.z)
      .setRotation(b.rotation),
  ),
);
const rapierDepth = new Float64Array(N);

function rapierContact(i: number): boolean {
  const c = rBalls[i]!.contactCollider(rCuboids[i]!, 0);
  if (c === null) return false;
  rapierDepth[i] = -c.distance;
  return true;
}

interface Contender {
  name: string;
  hit: (i: number) => boolean;
  depth: Float64Array;
}

const contenders: Contender[] = [
  {
    name: "collide contactSphereBox (out)",
    hit: (i) => {
      const c = contactSphereBox(spheres[i]!, boxes[i]!, out);
      if (c === null) return false;
      collideDepth[i] = c.depth;
      return true;
    },
    depth: collideDepth,
  },
  { name: "cannon-es Narrowphase.sphereBox", hit: cannonContact, depth: cannonDepth },
  { name: "rapier3d contactCollider", hit: rapierContact, depth: rapierDepth },
];

function pass(c: Contender): number {
  let hits = 0;
  for (let i = 0; i < N; i++) if (c.hit(i)) hits++;
  return hits;
}

/** The group in run.ts's peer-group shape. */
export const contactSpherePeerGroups: Record<string, PeerContender[]> = {
  "sphere vs box contact (3D)": contenders.map((c) => ({
    name: c.name,
    hit: c.hit,
    pass: () => pass(c),
    value: (i: number) => (c.hit(i) ? c.depth[i]! : Number.NaN),
  })),
};

/** Differing hits and the largest depth difference on shared hits, for BENCHMARKS.md. */
export function contactSpherePeerReport(list: readonly PeerContender[]): string[] {
  const md = [
    "collide: exact null, then normal, depth, point and exact containment flags into a reused `out`. cannon-es: `Narrowphase.sphereBox` (float; the contact equations go back to its pool). rapier3d: `Collider.contactCollider` (ball and cuboid colliders in a World, through WebAssembly).",
    "",
  ];
  const ref = list[0]!;
  for (const c of list.slice(1)) {
    let differ = 0;
    let worst = 0;
    for (let i = 0; i < N; i++) {
      const a = ref.hit(i);
      if (a !== c.hit(i)) differ++;
      else if (a) worst = Math.max(worst, Math.abs(ref.value!(i) - c.value!(i)));
    }
    md.push(
      `- ${c.name}: ${differ} of ${N} hits differ from collide's; largest depth difference on shared hits ${worst.toExponential(2)}`,
    );
  }
  md.push("");
  return md;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const samples: number[][] = contenders.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = contenders.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const stats = await measure(() => do_not_optimize(pass(contenders[i]!)), {
        min_cpu_time: 250e6,
      });
      samples[i]!.push(stats.avg / N);
    }
  }
  const medians = samples.map((s) => [...s].sort((a, b) => a - b)[ROUNDS >> 1]!);
  console.log(`\nsphere vs box contact (${N} pairs)`);
  for (let k = 0; k < contenders.length; k++) {
    const c = contenders[k]!;
    console.log(
      `  ${c.name.padEnd(34)} ${medians[k]!.toFixed(1).padStart(8)} ns  x${(medians[k]! / medians[0]!).toFixed(2)}  hits ${pass(c)}`,
    );
  }
  for (const line of contactSpherePeerReport(
    contactSpherePeerGroups["sphere vs box contact (3D)"]!,
  )) {
    if (line) console.log(`  ${line}`);
  }
}
