import { pathToFileURL } from "node:url";
/**
 * 3D overlap booleans against the peers, standalone:
 *   node --expose-gc --import tsx bench/overlap-3d.ts
 * Sphere vs box and box vs box against rapier3d (`Collider.intersectsShape`, colliders in a World)
 * and three.js' OBB (examples/jsm/math/OBB.js, float SAT); sphere vs aabb and frustum vs aabb
 * against three.js (`Box3.intersectsSphere`, `Frustum.intersectsBox`). Seeded scenes, every
 * contender over the same pairs, median of 5 mitata measurements per contender, interleaved.
 * Prints ns per test, the ratio to collide, hit counts, disagreements with collide (whose
 * answers are exact) and how many pairs went to collide's BigInt path.
 */
import RAPIER from "@dimforge/rapier3d-compat";
import { do_not_optimize, measure } from "mitata";
import {
  Box3,
  Matrix3,
  Matrix4,
  PerspectiveCamera,
  Quaternion,
  Frustum as ThreeFrustum,
  Sphere as ThreeSphere,
  Triangle as ThreeTriangle,
  Vector3,
} from "three";
import { Capsule as ThreeCapsule } from "three/examples/jsm/math/Capsule.js";
import { OBB } from "three/examples/jsm/math/OBB.js";
import { Octree } from "three/examples/jsm/math/Octree.js";
import { ExtendedTriangle } from "three-mesh-bvh";
import {
  type Aabb,
  aabb,
  type Box,
  box,
  boxAxes,
  type Capsule,
  capsule,
  type Frustum,
  frustum,
  type Sphere,
  sphere,
  type Triangle,
  testAabbFrustum,
  testAabbTriangle,
  testBoxBox,
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsuleTriangle,
  testSphereAabb,
  testSphereBox,
  testSphereTriangle,
  testTriangleTriangle,
  triangle,
} from "../src/3d/index.ts";
import { exactEvaluations } from "../src/exact/bigint.ts";
import type { PeerContender } from "./peers-2d.ts";
import { prng } from "./prng.ts";
import { rapier3dReady } from "./rapier-init.ts";
import { relayout } from "./relayout.ts";

const N = 4096;
const ROUNDS = 5;
const rand = prng(20261123);
const range = (lo: number, hi: number): number => lo + (hi - lo) * rand();

function randomRotation(): { x: number; y: number; z: number; w: number } {
  const x = range(-1, 1);
  const y = range(-1, 1);
  const z = range(-1, 1);
  const w = range(-1, 1);
  const n = Math.hypot(x, y, z, w);
  return { x: x / n, y: y / n, z: z / n, w: w / n };
}

function randomBox(spread: number): Box {
  return box(
    { x: range(0, spread), y: range(0, spread), z: range(0, spread) },
    { x: range(0.25, 1), y: range(0.25, 1), z: range(0.25, 1) },
    randomRotation(),
  );
}

// Scenes packed so roughly half the pairs touch.
const boxesA: Box[] = [];
const boxesB: Box[] = [];
const spheres: Sphere[] = [];
const aabbs: Aabb[] = [];
for (let i = 0; i < N; i++) {
  boxesA.push(randomBox(3));
  boxesB.push(randomBox(3));
  spheres.push(sphere(range(0, 3), range(0, 3), range(0, 3), range(0.25, 1)));
  const c = { x: range(0, 3), y: range(0, 3), z: range(0, 3) };
  const h = { x: range(0.1, 0.6), y: range(0.1, 0.6), z: range(0.1, 0.6) };
  aabbs.push(
    aabb(
      { x: c.x - h.x, y: c.y - h.y, z: c.z - h.z },
      { x: c.x + h.x, y: c.y + h.y, z: c.z + h.z },
    ),
  );
}
const triangles: Triangle[] = [];
const capsA: Capsule[] = [];
const capsB: Capsule[] = [];
for (let i = 0; i < N; i++) {
  const c = { x: range(0, 3), y: range(0, 3), z: range(0, 3) };
  const p = () => ({ x: c.x + range(-1, 1), y: c.y + range(-1, 1), z: c.z + range(-1, 1) });
  triangles.push(triangle(p(), p(), p()));
  const q = () => ({ x: range(0, 3), y: range(0, 3), z: range(0, 3) });
  capsA.push(capsule(q(), q(), range(0.1, 0.4)));
  capsB.push(capsule(q(), q(), range(0.1, 0.4)));
}
const threeTriangles = triangles.map(
  (t) =>
    new ThreeTriangle(
      new Vector3(t.a.x, t.a.y, t.a.z),
      new Vector3(t.b.x, t.b.y, t.b.z),
      new Vector3(t.c.x, t.c.y, t.c.z),
    ),
);
// Near-contact scenes, from their own generator so the scenes above and below stay as they were: balls and capsules resting on triangles (gap or depth within 2% of the
// radius; the foot point's weights range over [-0.2, 1.2], so edges and corners too), and
// triangle pairs crossing or nearly touching.
const nearRand = prng(20261124);
const near = (lo: number, hi: number): number => lo + (hi - lo) * nearRand();
const restTris: Triangle[] = [];
const restSpheres: Sphere[] = [];
const restCaps: Capsule[] = [];
const crossTris: Triangle[] = [];
for (let i = 0; i < N; i++) {
  const c = { x: near(0, 3), y: near(0, 3), z: near(0, 3) };
  const p = () => ({ x: c.x + near(-1, 1), y: c.y + near(-1, 1), z: c.z + near(-1, 1) });
  const t = triangle(p(), p(), p());
  restTris.push(t);
  const ux = t.b.x - t.a.x;
  const uy = t.b.y - t.a.y;
  const uz = t.b.z - t.a.z;
  const wx = t.c.x - t.a.x;
  const wy = t.c.y - t.a.y;
  const wz = t.c.z - t.a.z;
  let nx = uy * wz - uz * wy;
  let ny = uz * wx - ux * wz;
  let nz = ux * wy - uy * wx;
  const nl = Math.hypot(nx, ny, nz) || 1;
  nx /= nl;
  ny /= nl;
  nz /= nl;
  let v = near(-0.2, 1.2);
  let w = near(-0.2, 1.2);
  if (v + w > 1.2) {
    v = 1.2 - v;
    w = 1.2 - w;
  }
  const f = { x: t.a.x + v * ux + w * wx, y: t.a.y + v * uy + w * wy, z: t.a.z + v * uz + w * wz };
  const r = near(0.1, 0.5);
  const h = r * (1 + near(-0.02, 0.02));
  const low = { x: f.x + h * nx, y: f.y + h * ny, z: f.z + h * nz };
  restSpheres.push(sphere(low.x, low.y, low.z, r));
  const len = near(0.5, 2);
  const tilt = () => near(-0.3, 0.3);
  restCaps.push(
    capsule(
      low,
      {
        x: low.x + len * (nx + tilt()),
        y: low.y + len * (ny + tilt()),
        z: low.z + len * (nz + tilt()),
      },
      r,
    ),
  );
  const q = () => {
    const k = near(-0.05, 0.3);
    return {
      x: f.x + k * nx + near(-1, 1),
      y: f.y + k * ny + near(-1, 1),
      z: f.z + k * nz + near(-1, 1),
    };
  };
  crossTris.push(triangle(q(), q(), q()));
}
// Capsules standing on aabbs' top faces and on boxes (foot over the face or just beside it, gap
// or depth within 2% of the radius; boxes: along their first axis's direction).
const standAabbs: Aabb[] = [];
const standCapsA: Capsule[] = [];
const standBoxes: Box[] = [];
const standCapsB: Capsule[] = [];
for (let i = 0; i < N; i++) {
  const b = aabbs[i]!;
  const r = near(0.1, 0.4);
  const fx = b.min.x + (b.max.x - b.min.x) * near(-0.2, 1.2);
  const fy = b.min.y + (b.max.y - b.min.y) * near(-0.2, 1.2);
  const z = b.max.z + r * (1 + near(-0.02, 0.02));
  standAabbs.push(b);
  const len = near(0.5, 2);
  standCapsA.push(
    capsule(
      { x: fx, y: fy, z },
      { x: fx + near(-0.5, 0.5), y: fy + near(-0.5, 0.5), z: z + len },
      r,
    ),
  );
  const o = boxesA[i]!;
  const a = { x: 0, y: 0, z: 0 };
  const ax = [a, { ...a }, { ...a }];
  boxAxes(o, ax);
  const u = ax[0]!;
  const ul = Math.hypot(u.x, u.y, u.z);
  const v = ax[1]!;
  const w = ax[2]!;
  const sv = near(-1.2, 1.2);
  const sw = near(-1.2, 1.2);
  const k = 1 + (r / ul) * (1 + near(-0.02, 0.02));
  const low = {
    x: o.center.x + k * u.x + sv * v.x + sw * w.x,
    y: o.center.y + k * u.y + sv * v.y + sw * w.y,
    z: o.center.z + k * u.z + sv * v.z + sw * w.z,
  };
  standBoxes.push(o);
  standCapsB.push(
    capsule(
      low,
      { x: low.x + (len * u.x) / ul, y: low.y + (len * u.y) / ul, z: low.z + (len * u.z) / ul },
      r,
    ),
  );
}
const threeStandCaps = standCapsA.map(
  (k) =>
    new ThreeCapsule(new Vector3(k.a.x, k.a.y, k.a.z), new Vector3(k.b.x, k.b.y, k.b.z), k.radius),
);
const threeStandAabbs = standAabbs.map(
  (b) => new Box3(new Vector3(b.min.x, b.min.y, b.min.z), new Vector3(b.max.x, b.max.y, b.max.z)),
);
const toThreeTri = (t: Triangle): ThreeTriangle =>
  new ThreeTriangle(
    new Vector3(t.a.x, t.a.y, t.a.z),
    new Vector3(t.b.x, t.b.y, t.b.z),
    new Vector3(t.c.x, t.c.y, t.c.z),
  );
const toExtTri = (t: Triangle): ExtendedTriangle => {
  const e = new ExtendedTriangle(
    new Vector3(t.a.x, t.a.y, t.a.z),
    new Vector3(t.b.x, t.b.y, t.b.z),
    new Vector3(t.c.x, t.c.y, t.c.z),
  );
  e.needsUpdate = true;
  return e;
};
const threeRestTris = restTris.map(toThreeTri);
const threeRestSpheres = restSpheres.map(
  (s) => new ThreeSphere(new Vector3(s.center.x, s.center.y, s.center.z), s.radius),
);
const threeRestCaps = restCaps.map(
  (k) =>
    new ThreeCapsule(new Vector3(k.a.x, k.a.y, k.a.z), new Vector3(k.b.x, k.b.y, k.b.z), k.radius),
);
const extA = restTris.map(toExtTri);
const extB = crossTris.map(toExtTri);
/** three-mesh-bvh's test with its third argument (no console warning on coplanar pairs). */
const quietIntersects = ExtendedTriangle.prototype.intersectsTriangle as unknown as (
  this: ExtendedTriangle,
  other: ExtendedTriangle,
  target: null,
  suppressLog: boolean,
) => boolean;
const octree = new Octree();
const closest = new Vector3();
function threeSphereTriangle(i: number): boolean {
  const s = threeRestSpheres[i]!;
  threeRestTris[i]!.closestPointToPoint(s.center, closest);
  return closest.distanceToSquared(s.center) <= s.radius * s.radius;
}

// Frustum scene: a camera at the origin looking down -z; boxes scattered around its view volume.
const camera = new PerspectiveCamera(60, 16 / 9, 0.5, 50);
camera.updateMatrixWorld();
const viewProj = new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
const view: Frustum = frustum(viewProj.elements);
const cullBoxes: Aabb[] = [];
for (let i = 0; i < N; i++) {
  const c = { x: range(-40, 40), y: range(-25, 25), z: range(-55, 5) };
  const h = range(0.5, 3);
  cullBoxes.push(
    aabb({ x: c.x - h, y: c.y - h, z: c.z - h }, { x: c.x + h, y: c.y + h, z: c.z + h }),
  );
}

relayout(
  boxesA,
  boxesB,
  spheres,
  aabbs,
  triangles,
  capsA,
  capsB,
  restTris,
  restSpheres,
  restCaps,
  crossTris,
  standAabbs,
  standCapsA,
  standBoxes,
  standCapsB,
  cullBoxes,
);

// Peers' copies of the same shapes.
const threeObb = (b: Box): OBB => {
  const q = new Quaternion(b.rotation.x, b.rotation.y, b.rotation.z, b.rotation.w);
  const m = new Matrix3().setFromMatrix4(new Matrix4().makeRotationFromQuaternion(q));
  return new OBB(
    new Vector3(b.center.x, b.center.y, b.center.z),
    new Vector3(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z),
    m,
  );
};
const obbA = boxesA.map(threeObb);
const obbB = boxesB.map(threeObb);
const threeSpheres = spheres.map(
  (s) => new ThreeSphere(new Vector3(s.center.x, s.center.y, s.center.z), s.radius),
);
const threeAabbs = aabbs.map(
  (b) => new Box3(new Vector3(b.min.x, b.min.y, b.min.z), new Vector3(b.max.x, b.max.y, b.max.z)),
);
const threeCull = cullBoxes.map(
  (b) => new Box3(new Vector3(b.min.x, b.min.y, b.min.z), new Vector3(b.max.x, b.max.y, b.max.z)),
);
const threeFrustum = new ThreeFrustum().setFromProjectionMatrix(viewProj);

await rapier3dReady;
const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
const colliderOf = (b: Box): RAPIER.Collider =>
  world.createCollider(
    RAPIER.ColliderDesc.cuboid(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z)
      .setTranslation(b.center.x, b.center.y, b.center.z)
      .setRotation(b.rotation),
  );
const rapierA = boxesA.map(colliderOf);
const rapierShapesB = boxesB.map(
  (b) => new RAPIER.Cuboid(b.halfExtents.x, b.halfExtents.y, b.halfExtents.z),
);
const rapierBallShapes = spheres.map((s) => new RAPIER.Ball(s.radius));
const identityRot = { x: 0, y: 0, z: 0, w: 1 };

interface Contender {
  name: string;
  hit: (i: number) => boolean;
}

function pass(c: Contender): number {
  let hits = 0;
  for (let i = 0; i < N; i++) if (c.hit(i)) hits++;
  return hits;
}

/**
 * A timing loop of its own for one contender: the loop's code is compiled fresh, so its call
 * `hit(i)` stays monomorphic and V8 may inline the contender's test into it, as it would in a
 * user's loop. One shared loop would see every contender and go megamorphic, which hides the
 * cost of a test too large to inline behind a call that every contender pays.
 */
function monoPass(c: Contender): () => number {
  const make = new Function(
    "hit",
    "n",
    "return () => { let h = 0; for (let i = 0; i < n; i++) if (hit(i)) h++; return h; };",
  ) as (hit: (i: number) => boolean, n: number) => () => number;
  return make(c.hit, N);
}

const NOTES: Record<string, string> = {
  "sphere vs box (3D)":
    "collide: exact boolean (touching counts), box = the parallelepiped of its computed axes. three.js: float OBB test. rapier3d: `intersectsShape` through WebAssembly (marshalling per call).",
  "box vs box (3D)":
    "collide: exact separating axes (float pass with per-axis error bounds, BigInt GJK behind it). three.js: float OBB SAT. rapier3d: `intersectsShape`.",
  "sphere vs aabb (3D)": "collide: exact. three.js: float Box3.intersectsSphere.",
  "aabb vs triangle (3D)": "collide: exact 13-axis SAT. three.js: float Box3.intersectsTriangle.",
  "capsule vs capsule (3D)": "collide only (three.js has no capsule test).",
  "sphere vs triangle (3D)":
    "Balls resting on triangles (gap within 2% of the radius). collide: exact. three.js: float Triangle.closestPointToPoint, then the squared distance.",
  "capsule vs triangle (3D)":
    "Capsules standing on triangles (gap within 2% of the radius). collide: exact. three.js: Octree.triangleCapsuleIntersect (examples/jsm; plane crossing then the three edges, strict comparison).",
  "capsule vs aabb (3D)":
    "Capsules standing on aabbs (gap within 2% of the radius). collide: exact. three.js: Capsule.intersectsBox (examples/jsm), three 2D projections, so it may call separated pairs hits.",
  "capsule vs box (3D)": "Capsules standing on boxes. collide only.",
  "triangle vs triangle (3D)":
    "Triangles crossing or nearly touching. collide: exact (touching counts). three-mesh-bvh: float ExtendedTriangle.intersectsTriangle with both triangles' update() (plane, bounds, axes) cached from the first pass, and with the second's redone per test as in its own intersectsGeometry's inner loop.",
  "frustum vs aabb (3D)":
    "collide: exact, so no false positives near the frustum's corners (three.js #27756). three.js: Frustum.intersectsBox, six plane tests, which call some boxes near the corners visible.",
};

const groups: [string, Contender[]][] = [
  [
    "sphere vs box",
    [
      { name: "collide testSphereBox", hit: (i) => testSphereBox(spheres[i]!, boxesA[i]!) },
      {
        name: "three OBB.intersectsSphere",
        hit: (i) => obbA[i]!.intersectsSphere(threeSpheres[i]!),
      },
      {
        name: "rapier3d intersectsShape",
        hit: (i) =>
          rapierA[i]!.intersectsShape(rapierBallShapes[i]!, spheres[i]!.center, identityRot),
      },
    ],
  ],
  [
    "box vs box",
    [
      { name: "collide testBoxBox", hit: (i) => testBoxBox(boxesA[i]!, boxesB[i]!) },
      { name: "three OBB.intersectsOBB", hit: (i) => obbA[i]!.intersectsOBB(obbB[i]!) },
      {
        name: "rapier3d intersectsShape",
        hit: (i) =>
          rapierA[i]!.intersectsShape(rapierShapesB[i]!, boxesB[i]!.center, boxesB[i]!.rotation),
      },
    ],
  ],
  [
    "sphere vs aabb",
    [
      { name: "collide testSphereAabb", hit: (i) => testSphereAabb(spheres[i]!, aabbs[i]!) },
      {
        name: "three Box3.intersectsSphere",
        hit: (i) => threeAabbs[i]!.intersectsSphere(threeSpheres[i]!),
      },
    ],
  ],
  [
    "aabb vs triangle",
    [
      { name: "collide testAabbTriangle", hit: (i) => testAabbTriangle(aabbs[i]!, triangles[i]!) },
      {
        name: "three Box3.intersectsTriangle",
        hit: (i) => threeAabbs[i]!.intersectsTriangle(threeTriangles[i]!),
      },
    ],
  ],
  [
    "capsule vs capsule",
    [{ name: "collide testCapsuleCapsule", hit: (i) => testCapsuleCapsule(capsA[i]!, capsB[i]!) }],
  ],
  [
    "sphere vs triangle",
    [
      {
        name: "collide testSphereTriangle",
        hit: (i) => testSphereTriangle(restSpheres[i]!, restTris[i]!),
      },
      { name: "three closestPointToPoint", hit: threeSphereTriangle },
    ],
  ],
  [
    "capsule vs triangle",
    [
      {
        name: "collide testCapsuleTriangle",
        hit: (i) => testCapsuleTriangle(restCaps[i]!, restTris[i]!),
      },
      {
        name: "three Octree.triangleCapsule",
        hit: (i) => octree.triangleCapsuleIntersect(threeRestCaps[i]!, threeRestTris[i]!) !== false,
      },
    ],
  ],
  [
    "capsule vs aabb",
    [
      {
        name: "collide testCapsuleAabb",
        hit: (i) => testCapsuleAabb(standCapsA[i]!, standAabbs[i]!),
      },
      {
        name: "three Capsule.intersectsBox",
        hit: (i) => threeStandCaps[i]!.intersectsBox(threeStandAabbs[i]!),
      },
    ],
  ],
  [
    "capsule vs box",
    [
      {
        name: "collide testCapsuleBox",
        hit: (i) => testCapsuleBox(standCapsB[i]!, standBoxes[i]!),
      },
    ],
  ],
  [
    "triangle vs triangle",
    [
      {
        name: "collide testTriangleTriangle",
        hit: (i) => testTriangleTriangle(restTris[i]!, crossTris[i]!),
      },
      {
        name: "three-mesh-bvh intersectsTri",
        hit: (i) => quietIntersects.call(extA[i]!, extB[i]!, null, true),
      },
      {
        // Its own mesh queries (intersectsGeometry) refresh the inner loop's triangle before
        // every test: one of the two pays its update() (plane, bounds, axes) per test.
        name: "three-mesh-bvh intersectsTri (one update per test)",
        hit: (i) => {
          const b = extB[i]!;
          b.needsUpdate = true;
          return quietIntersects.call(extA[i]!, b, null, true);
        },
      },
    ],
  ],
  [
    "frustum vs aabb",
    [
      { name: "collide testAabbFrustum", hit: (i) => testAabbFrustum(cullBoxes[i]!, view) },
      {
        name: "three Frustum.intersectsBox",
        hit: (i) => threeFrustum.intersectsBox(threeCull[i]!),
      },
    ],
  ],
];

/** The 3D overlap groups, in run.ts's peer-group shape. */
export const overlapPeerGroups: Record<string, PeerContender[]> = Object.fromEntries(
  groups.map(([title, list]) => [
    `${title} (3D)`,
    list.map((c) => ({ name: c.name, hit: c.hit, pass: monoPass(c) })),
  ]),
);

/** Notes and differing booleans, for BENCHMARKS.md. */
export function overlapPeerReport(query: string, list: readonly PeerContender[]): string[] {
  const md: string[] = [NOTES[query] ?? "", ""];
  const ref = list[0]!;
  for (const c of list.slice(1)) {
    let differ = 0;
    for (let i = 0; i < N; i++) if (ref.hit(i) !== c.hit(i)) differ++;
    md.push(`- ${c.name}: ${differ} of ${N} booleans differ from collide's`);
  }
  md.push("");
  return md;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [title, list] of groups) {
    const samples: number[][] = list.map(() => []);
    const passes = list.map(monoPass);
    const exactBefore = exactEvaluations();
    pass(list[0]!);
    const exactPerPass = exactEvaluations() - exactBefore;
    for (let round = 0; round < ROUNDS; round++) {
      const order = list.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const stats = await measure(() => do_not_optimize(passes[i]!()), { min_cpu_time: 250e6 });
        samples[i]!.push(stats.avg / N);
      }
    }
    const medians = samples.map((s) => [...s].sort((a, b) => a - b)[ROUNDS >> 1]!);
    console.log(`\n${title} (${N} pairs; collide BigInt evaluations per pass: ${exactPerPass})`);
    const ours = list[0]!;
    for (let k = 0; k < list.length; k++) {
      const c = list[k]!;
      let hits = 0;
      let differ = 0;
      for (let i = 0; i < N; i++) {
        const h = c.hit(i);
        if (h) hits++;
        if (h !== ours.hit(i)) differ++;
      }
      console.log(
        `  ${c.name.padEnd(30)} ${medians[k]!.toFixed(1).padStart(8)} ns  x${(medians[k]! / medians[0]!).toFixed(2)}  hits ${hits}  differs from collide on ${differ}`,
      );
    }
  }
}
