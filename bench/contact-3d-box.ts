/**
 * Box vs box contact manifolds, 3D: collide's `contactBoxBox` (exact null, then up to 4 clipped
 * points) against cannon-es' narrowphase (`Narrowphase.getContacts` on two box bodies: SAT on
 * convex polyhedra, then clipping, up to 4 points as contact equations) and rapier3d's
 * `collider.contactCollider` (one deepest point, through the WASM boundary). Scene: 1024 seeded
 * pairs of unit-ish boxes with random rotations, most of them overlapping. Registered as a peer
 * group in bench/run.ts (`BENCH_ONLY="box vs box contact"`).
 */
import RAPIER from "@dimforge/rapier3d-compat";
import * as CANNON from "cannon-es";
import * as c3 from "../src/3d/index.ts";
import type { PeerContender } from "./peers-2d.ts";
import { prng } from "./prng.ts";
import { rapier3dReady } from "./rapier-init.ts";

await rapier3dReady;

const N = 4096;
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
const collideDepth = new Float64Array(N);
const cannonDepth = new Float64Array(N);
const rapierDepth = new Float64Array(N);

function collideHit(i: number): boolean {
  if (c3.contactBoxBox(A[i]!, B[i]!, out) === null) return false;
  collideDepth[i] = out.depth;
  return true;
}

function cannonHit(i: number): boolean {
  one1[0] = cA[i]!;
  one2[0] = cB[i]!;
  // Recycle the equations, as World.step does.
  while (result.length) old.push(result.pop()!);
  while (friction.length) frictionPool.push(friction.pop()!);
  narrow.getContacts(one1, one2, world, result, old, friction, frictionPool);
  if (result.length === 0) return false;
  // Each equation's penetration along its normal: (rj + bj.position) - (ri + bi.position), dot ni.
  let deepest = 0;
  for (const eq of result) {
    const bi = eq.bi.position;
    const bj = eq.bj.position;
    const d =
      (bj.x + eq.rj.x - bi.x - eq.ri.x) * eq.ni.x +
      (bj.y + eq.rj.y - bi.y - eq.ri.y) * eq.ni.y +
      (bj.z + eq.rj.z - bi.z - eq.ri.z) * eq.ni.z;
    if (-d > deepest) deepest = -d;
  }
  cannonDepth[i] = deepest;
  return true;
}

function rapierHit(i: number): boolean {
  const c = rA[i]!.contactCollider(rB[i]!, 0);
  if (c === null) return false;
  rapierDepth[i] = -c.distance;
  return true;
}

const entries: [string, (i: number) => boolean, Float64Array][] = [
  ["collide contactBoxBox (out)", collideHit, collideDepth],
  ["cannon-es Narrowphase.getContacts", cannonHit, cannonDepth],
  ["rapier3d collider.contactCollider", rapierHit, rapierDepth],
];

/** The group in run.ts's peer-group shape. */
export const contactBoxPeerGroups: Record<string, PeerContender[]> = {
  "box vs box contact (3D)": entries.map(([name, hit, depth]) => ({
    name,
    hit,
    pass: () => {
      let n = 0;
      for (let i = 0; i < N; i++) if (hit(i)) n++;
      return n;
    },
    value: (i: number) => (hit(i) ? depth[i]! : Number.NaN),
  })),
};

/** Differing hits and the largest depth difference on shared hits, for BENCHMARKS.md. */
export function contactBoxPeerReport(list: readonly PeerContender[]): string[] {
  const md = [
    "collide: exact null, then the least-overlap axis, up to 4 clipped points with their depths and exact containment flags into a reused `out`. cannon-es: `Narrowphase.getContacts` on two box bodies (SAT on convex polyhedra, clipping, contact equations recycled as `World.step` does; depth = its deepest equation). rapier3d: `collider.contactCollider` (one deepest point, through WebAssembly).",
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
