/**
 * collide/3d: a contact manifold, a sweep against a box and against a mesh, the generic
 * functions, and a world step (see docs/guide.md, "3D"). Run: npx tsx examples/three-d.ts
 */
import * as c3 from "../src/3d/index.ts";

const f = (x: number): string => x.toFixed(6);
const v = (p: c3.Vec): string => `(${f(p.x)}, ${f(p.y)}, ${f(p.z)})`;

// A capsule lying 0.25 deep on the top face (y = 1) of a box: two points, midway between surfaces.
const crate = c3.box({ x: 0, y: 0, z: 0 }, { x: 1, y: 1, z: 1 });
const lying = c3.capsule({ x: -0.5, y: 1.25, z: 0 }, { x: 0.5, y: 1.25, z: 0 }, 0.5);
const c = c3.contactCapsuleBox(lying, crate);
if (c) {
  console.log("contact:", v(c.normal), f(c.depth), c.count);
  for (let i = 0; i < c.count; i++) console.log("  point:", v(c.points[i]!.point));
}

// A ball falling on the box: it touches when its center reaches y = 1 + 1 = 2.
const ball = c3.sphere(0, 5, 0, 1);
const fall = { x: 0, y: -10, z: 0 };
const s = c3.sweepSphereBox(ball, fall, crate);
if (s) console.log("sweep:", f(s.t), v(s.position), v(s.point), v(s.normal));

// A floor mesh of two triangles; a fast ball never passes through it.
const floor = c3.mesh(
  new Float32Array([-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1]),
  new Uint32Array([0, 1, 2, 0, 2, 3]),
);
const m = c3.sweepSphereMesh(c3.sphere(0.2, 3, 0.1, 0.5), { x: 0, y: -100, z: 0 }, floor);
if (m) console.log("mesh sweep:", f(m.t), v(m.point), m.triangle);

// The generic functions take tagged shapes in either order.
console.log("distance:", c3.distance(c3.sphere(0, 4, 0, 1), crate), c3.test(crate, ball));

// A world: bodies, one step, this frame's contacts.
const world = c3.createWorld({ broadphase: "grid" });
const a = world.add(crate);
const b = world.add(c3.sphere(0, 1.5, 0, 1));
world.add(c3.sphere(10, 0, 0, 1));
world.step();
for (let i = 0; i < world.contactCount; i++) {
  const k = world.getContact(i);
  console.log("world contact:", k.a === a && k.b === b, v(k.normal), f(k.depth));
}
