/**
 * 3D ray casts against the peers (PEERS.md): ray vs sphere, vs aabb and vs a rotated box, on one
 * seeded game-like scene per query (rays from 20 to 80 units away aimed within about twice the
 * shape's size of its center: about half hit), every contender through its fastest public path
 * with reused outputs, one literal loop each so call sites stay monomorphic. The groups have the
 * shape of peers-2d.ts's (first row collide's), so bench/run.ts times and reports them alike.
 */
import RAPIER from "@dimforge/rapier3d-compat";
import * as THREE from "three";
import { OBB } from "three/examples/jsm/math/OBB.js";
import * as c3 from "../src/3d/index.ts";
import type { PeerContender } from "./peers-2d.ts";
import { prng } from "./prng.ts";
import { rapier3dReady } from "./rapier-init.ts";
import { relayout } from "./relayout.ts";
import { N } from "./scenes.ts";

await rapier3dReady;

const rand = prng(20261123);
const between = (lo: number, hi: number): number => lo + (hi - lo) * rand();

function unit(): c3.Vec {
  for (;;) {
    const v = { x: between(-1, 1), y: between(-1, 1), z: between(-1, 1) };
    const l = Math.hypot(v.x, v.y, v.z);
    if (l > 0.1 && l <= 1) return { x: v.x / l, y: v.y / l, z: v.z / l };
  }
}

/** A ray from 20 to 80 units away from c, aimed at c + (a random point within `spread`); unit dir. */
function rayAt(c: c3.Vec, spread: number): c3.Ray {
  const u = unit();
  const dist = between(20, 80);
  const o = { x: c.x + dist * u.x, y: c.y + dist * u.y, z: c.z + dist * u.z };
  const k = unit();
  const s = spread * Math.cbrt(rand());
  const tx = c.x + s * k.x - o.x;
  const ty = c.y + s * k.y - o.y;
  const tz = c.z + s * k.z - o.z;
  const l = Math.hypot(tx, ty, tz);
  return c3.ray(o.x, o.y, o.z, tx / l, ty / l, tz / l);
}

const center = (): c3.Vec => ({
  x: between(-500, 500),
  y: between(-500, 500),
  z: between(-500, 500),
});

// ---- scenes ----------------------------------------------------------------------------------

const sphereRays: c3.Ray[] = [];
const spheres: c3.Sphere[] = [];
for (let i = 0; i < N; i++) {
  const c = center();
  const r = between(1, 10);
  spheres.push(c3.sphere(c.x, c.y, c.z, r));
  // Aimed within 1.6 r of the center: about half the rays pass within r.
  sphereRays.push(rayAt(c, 1.6 * r));
}

const boxRays: c3.Ray[] = [];
const aabbs: c3.Aabb[] = [];
const boxes: c3.Box[] = [];
for (let i = 0; i < N; i++) {
  const c = center();
  const h = { x: between(1, 10), y: between(1, 10), z: between(1, 10) };
  aabbs.push(
    c3.aabb(
      { x: c.x - h.x, y: c.y - h.y, z: c.z - h.z },
      { x: c.x + h.x, y: c.y + h.y, z: c.z + h.z },
    ),
  );
  const q = { x: between(-1, 1), y: between(-1, 1), z: between(-1, 1), w: between(-1, 1) };
  boxes.push(c3.box(c, h, q));
  boxRays.push(rayAt(c, 1.6 * Math.hypot(h.x, h.y, h.z) * 0.75));
}

relayout(sphereRays, spheres, boxRays, aabbs, boxes);

// ---- peers' objects, built once --------------------------------------------------------------

const v3 = (v: c3.Vec): THREE.Vector3 => new THREE.Vector3(v.x, v.y, v.z);
const threeSphereRays = sphereRays.map((r) => new THREE.Ray(v3(r.origin), v3(r.dir)));
const threeBoxRays = boxRays.map((r) => new THREE.Ray(v3(r.origin), v3(r.dir)));
const threeSpheres = spheres.map((s) => new THREE.Sphere(v3(s.center), s.radius));
const threeBoxes = aabbs.map((b) => new THREE.Box3(v3(b.min), v3(b.max)));
const rotations = boxes.map((b) =>
  new THREE.Matrix4().makeRotationFromQuaternion(
    new THREE.Quaternion(b.rotation.x, b.rotation.y, b.rotation.z, b.rotation.w),
  ),
);
const obbs = boxes.map(
  (b, i) =>
    new OBB(v3(b.center), v3(b.halfExtents), new THREE.Matrix3().setFromMatrix4(rotations[i]!)),
);
// A three.js user casting at a rotated mesh: the world matrix's inverse kept per object (Mesh.raycast
// itself inverts matrixWorld on every call, so this is three at its fastest).
const worldInverse = boxes.map((b, i) =>
  rotations[i]!.clone().setPosition(b.center.x, b.center.y, b.center.z).invert(),
);
const worldMatrix = worldInverse.map((m) => m.clone().invert());
const localBoxes = boxes.map((b) => new THREE.Box3(v3(b.halfExtents).negate(), v3(b.halfExtents)));
const target = new THREE.Vector3();
const threeNormal = new THREE.Vector3();
const localRay = new THREE.Ray();

const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
const rSpheres = spheres.map((s) =>
  world.createCollider(
    RAPIER.ColliderDesc.ball(s.radius).setTranslation(s.center.x, s.center.y, s.center.z),
  ),
);
const rAabbs = aabbs.map((b) =>
  world.createCollider(
    RAPIER.ColliderDesc.cuboid(
      (b.max.x - b.min.x) / 2,
      (b.max.y - b.min.y) / 2,
      (b.max.z - b.min.z) / 2,
    ).setTranslation((b.min.x + b.max.x) / 2, (b.min.y + b.max.y) / 2, (b.min.z + b.max.z) / 2),
  ),
);
const rBoxes = boxes.map((b) =>
  world.createCollider(
    RAPIER.ColliderDesc.cuboid(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z)
      .setTranslation(b.center.x, b.center.y, b.center.z)
      .setRotation(b.rotation),
  ),
);
const rRay = new RAPIER.Ray({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });
function rapierCast(collider: RAPIER.Collider, r: c3.Ray): number {
  rRay.origin = r.origin;
  rRay.dir = r.dir;
  return collider.castRay(rRay, 1e9, true);
}

const out = c3.makeShapeHit();

// ---- groups ----------------------------------------------------------------------------------

function passOf(hit: (i: number) => boolean): () => number {
  return () => {
    let h = 0;
    for (let i = 0; i < N; i++) if (hit(i)) h++;
    return h;
  };
}

const groups: Record<string, PeerContender[]> = {};

{
  const ours = (i: number): boolean =>
    c3.intersectRaySphere(sphereRays[i]!, spheres[i]!, out) !== null;
  const ourTest = (i: number): boolean => c3.testRaySphere(sphereRays[i]!, spheres[i]!);
  const three = (i: number): boolean =>
    threeSphereRays[i]!.intersectSphere(threeSpheres[i]!, target) !== null;
  const threeTest = (i: number): boolean => threeSphereRays[i]!.intersectsSphere(threeSpheres[i]!);
  const rapier = (i: number): boolean => rapierCast(rSpheres[i]!, sphereRays[i]!) >= 0;
  groups["ray vs sphere"] = [
    {
      name: "collide intersectRaySphere (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c3.intersectRaySphere(sphereRays[i]!, spheres[i]!, out) !== null) h++;
        return h;
      },
      hit: ours,
    },
    {
      name: "collide testRaySphere",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c3.testRaySphere(sphereRays[i]!, spheres[i]!)) h++;
        return h;
      },
      hit: ourTest,
    },
    {
      name: "three Ray.intersectSphere",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (threeSphereRays[i]!.intersectSphere(threeSpheres[i]!, target) !== null) h++;
        return h;
      },
      hit: three,
      // It constructs a point: collide's intersectRaySphere (a construction) is compared with it,
      // not with the boolean intersectsSphere below.
      value: (i) => (three(i) ? target.distanceTo(threeSphereRays[i]!.origin) : Number.NaN),
    },
    {
      // What a three.js user writes for collide's outputs (no `value`: the construction ratio
      // stays against the point-only row above).
      name: "three Ray.intersectSphere + normal (point - center, normalised)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = threeSphereRays[i]!.intersectSphere(threeSpheres[i]!, target);
          if (p !== null) {
            threeNormal.subVectors(p, threeSpheres[i]!.center).normalize();
            h++;
          }
        }
        return h;
      },
      hit: three,
    },
    {
      name: "three Ray.intersectsSphere",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (threeSphereRays[i]!.intersectsSphere(threeSpheres[i]!)) h++;
        return h;
      },
      hit: threeTest,
    },
    { name: "rapier3d collider.castRay", pass: passOf(rapier), hit: rapier },
  ];
}

{
  const ours = (i: number): boolean => c3.intersectRayAabb(boxRays[i]!, aabbs[i]!, out) !== null;
  const ourTest = (i: number): boolean => c3.testRayAabb(boxRays[i]!, aabbs[i]!);
  const three = (i: number): boolean =>
    threeBoxRays[i]!.intersectBox(threeBoxes[i]!, target) !== null;
  const rapier = (i: number): boolean => rapierCast(rAabbs[i]!, boxRays[i]!) >= 0;
  groups["ray vs aabb"] = [
    {
      name: "collide intersectRayAabb (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c3.intersectRayAabb(boxRays[i]!, aabbs[i]!, out) !== null) h++;
        return h;
      },
      hit: ours,
    },
    {
      name: "collide testRayAabb",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c3.testRayAabb(boxRays[i]!, aabbs[i]!)) h++;
        return h;
      },
      hit: ourTest,
    },
    {
      name: "three Ray.intersectBox",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (threeBoxRays[i]!.intersectBox(threeBoxes[i]!, target) !== null) h++;
        return h;
      },
      hit: three,
      value: (i) => (three(i) ? target.distanceTo(threeBoxRays[i]!.origin) : Number.NaN),
    },
    { name: "rapier3d collider.castRay (cuboid)", pass: passOf(rapier), hit: rapier },
  ];
}

{
  const ours = (i: number): boolean => c3.intersectRayBox(boxRays[i]!, boxes[i]!, out) !== null;
  const ourTest = (i: number): boolean => c3.testRayBox(boxRays[i]!, boxes[i]!);
  const threeObb = (i: number): boolean => obbs[i]!.intersectRay(threeBoxRays[i]!, target) !== null;
  const threeLocal = (i: number): boolean =>
    localRay
      .copy(threeBoxRays[i]!)
      .applyMatrix4(worldInverse[i]!)
      .intersectBox(localBoxes[i]!, target) !== null;
  const rapier = (i: number): boolean => rapierCast(rBoxes[i]!, boxRays[i]!) >= 0;
  groups["ray vs rotated box"] = [
    {
      name: "collide intersectRayBox (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c3.intersectRayBox(boxRays[i]!, boxes[i]!, out) !== null) h++;
        return h;
      },
      hit: ours,
    },
    {
      name: "collide testRayBox",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c3.testRayBox(boxRays[i]!, boxes[i]!)) h++;
        return h;
      },
      hit: ourTest,
    },
    {
      name: "three OBB.intersectRay",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (obbs[i]!.intersectRay(threeBoxRays[i]!, target) !== null) h++;
        return h;
      },
      hit: threeObb,
    },
    {
      name: "three Ray.applyMatrix4(kept inverse) + intersectBox",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (
            localRay
              .copy(threeBoxRays[i]!)
              .applyMatrix4(worldInverse[i]!)
              .intersectBox(localBoxes[i]!, target) !== null
          )
            h++;
        }
        return h;
      },
      hit: threeLocal,
    },
    {
      // three's hit above is in the box's frame; a construction in world space (what collide
      // returns, and what Mesh.raycast does next) also maps the point back by the world matrix.
      name: "three Ray.applyMatrix4(kept inverse) + intersectBox + point to world",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (
            localRay
              .copy(threeBoxRays[i]!)
              .applyMatrix4(worldInverse[i]!)
              .intersectBox(localBoxes[i]!, target) !== null
          ) {
            target.applyMatrix4(worldMatrix[i]!);
            h++;
          }
        }
        return h;
      },
      hit: threeLocal,
      value: (i) => (threeLocal(i) ? target.applyMatrix4(worldMatrix[i]!).x : Number.NaN),
    },
    { name: "rapier3d collider.castRay (rotated cuboid)", pass: passOf(rapier), hit: rapier },
  ];
}

/** The 3D peer groups, keyed by query; the first row is collide's. */
export const peerGroups3: Record<string, PeerContender[]> = groups;

const NOTES: Record<string, string> = {
  "ray vs sphere":
    "collide: exact hit-or-miss, then t, point, outward normal (t = 0 and `inside` for an origin inside). three.js: float `Ray.intersectSphere` (point only; an origin inside reports the exit point), the peer collide's construction is compared with, and `intersectsSphere` (boolean), the one its test is compared with; the `+ normal` row adds the normal a three.js user would compute, for the same outputs as collide's, and is not the ratio's base. rapier3d: `collider.castRay` on ball colliders (solid, through the WASM boundary).",
  "ray vs aabb":
    "collide: exact hit-or-miss by separating axes, then the slab entry and face normal. three.js: float slabs `Ray.intersectBox` on a Box3 (point only). rapier3d: `collider.castRay` on cuboid colliders.",
  "ray vs rotated box":
    "collide: exact hit-or-miss for the parallelepiped `boxAxes` spans, then slabs in the box frame. three.js has no rotated-box ray test in core: `OBB.intersectRay` (examples/jsm; rebuilds and inverts its matrix per call), and a ray moved into the box's frame by a kept inverse world matrix then `intersectBox` (what `Mesh.raycast` does, minus the `matrixWorld` inversion it repeats on every call: the fastest use of three), whose point is in the box's frame; the row that also maps it back to world space by the kept world matrix is the one collide's construction (world t, point, normal) is compared with. rapier3d: rotated cuboid colliders.",
};

/** Lines for BENCHMARKS.md under a 3D peer group's table: what each answers, and disagreements. */
export function peerReport3(query: string, list: readonly PeerContender[]): string[] {
  const note = NOTES[query];
  if (!note) return [];
  const md: string[] = [note, ""];
  const ref = list[0]!;
  for (const c of list.slice(1)) {
    let differ = 0;
    for (let i = 0; i < N; i++) if (c.hit(i) !== ref.hit(i)) differ++;
    md.push(`- ${c.name}: ${differ} of ${N} booleans differ from collide's`);
  }
  md.push("");
  return md;
}
