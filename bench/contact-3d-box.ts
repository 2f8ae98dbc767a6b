/**
 * Box vs box contact manifolds, 3D: collide's `contactBoxBox` (exact null, then up to 4 clipped
 * points) against cannon-es' narrowphase (`Narrowphase.getContacts` on two box bodies: SAT on
 * convex polyhedra, then clipping, up to 4 points as contact equations) and rapier3d's
 * `collider.contactCollider` (one deepest point, through the WASM boundary). Scene: 1024 seeded
 * pairs of unit-ish boxes with random rotations, about half overlapping. Run alone:
 * `npx tsx bench/contact-3d-box.ts`.
 */
import RAPIER from "@dimforge/rapier3d-compat";
import * as CANNON from "cannon-es";
import { bench, group, run } from "mitata";
import * as c3 from "../src/3d/index.ts";
import { prng } from "./prng.ts";
import { rapier3dReady } from "./rapier-init.ts";

await rapier3dReady;

const N = 1024;
const rnd = prng(20261123);
const quat = () => {
  const x = rnd() - 0.5;
  const y = rnd() - 0.5;
  const z = rnd() - 0.5;
  const w = rnd() - 0.5;
  const l = Math.hypot(x, y, z, w);
  return { x: x / l, y: y / l, z: z / l, w: w / l };
};
const A: c3.Box[] = [];
const B: c3.Box[] = [];
for (let i = 0; i < N; i++) {
  const h = () => 0.5 + rnd();
  A.push(c3.box(c3.vec(0, 0, 0), c3.vec(h(), h(), h()), quat()));
  B.push(
    c3.box(
      c3.vec(3 * rnd() - 1.5, 3 * rnd() - 1.5, 3 * rnd() - 1.5),
      c3.vec(h(), h(), h()),
      quat(),
    ),
  );
}

// cannon-es: one body per box, a narrowphase reused, its output arrays cleared per call.
const world = new CANNON.World();
const narrow = new CANNON.Narrowphase(world);
const bodyOf = (b: c3.Box) => {
  const body = new CANNON.Body({ mass: 1 });
  body.addShape(new CANNON.Box(new CANNON.Vec3(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z)));
  body.position.set(b.center.x, b.center.y, b.center.z);
  body.quaternion.set(b.rotation.x, b.rotation.y, b.rotation.z, b.rotation.w);
  body.updateAABB();
  return body;
};
const cA = A.map(bodyOf);
const cB = B.map(bodyOf);
const result: CANNON.ContactEquation[] = [];
const old: CANNON.ContactEquation[] = [];
const friction: CANNON.FrictionEquation[] = [];
const frictionPool: CANNON.FrictionEquation[] = [];
const one1: CANNON.Body[] = [cA[0]!];
const one2: CANNON.Body[] = [cB[0]!];

// rapier3d: cuboid colliders in one world.
const rworld = new RAPIER.World({ x: 0, y: 0, z: 0 });
const colliderOf = (b: c3.Box) =>
  rworld.createCollider(
    RAPIER.ColliderDesc.cuboid(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z)
      .setTranslation(b.center.x, b.center.y, b.center.z)
      .setRotation(b.rotation),
  );
const rA = A.map(colliderOf);
const rB = B.map(colliderOf);

const out = c3.makeContact();
let hits = 0;
for (let i = 0; i < N; i++) if (c3.contactBoxBox(A[i]!, B[i]!, out) !== null) hits++;
console.log(`${hits} of ${N} pairs touch`);

group("3D box vs box contact manifold", () => {
  bench("collide contactBoxBox", () => {
    let n = 0;
    for (let i = 0; i < N; i++) if (c3.contactBoxBox(A[i]!, B[i]!, out) !== null) n += out.count;
    return n;
  });
  bench("cannon-es Narrowphase.getContacts", () => {
    let n = 0;
    for (let i = 0; i < N; i++) {
      one1[0] = cA[i]!;
      one2[0] = cB[i]!;
      // Recycle the equations, as World.step does.
      while (result.length) old.push(result.pop()!);
      while (friction.length) frictionPool.push(friction.pop()!);
      narrow.getContacts(one1, one2, world, result, old, friction, frictionPool);
      n += result.length;
    }
    return n;
  });
  bench("rapier3d collider.contactCollider", () => {
    let n = 0;
    for (let i = 0; i < N; i++) if (rA[i]!.contactCollider(rB[i]!, 0) !== null) n++;
    return n;
  });
});

await run();
