/**
 * Contacts of a sphere or a capsule (A) against a static triangle mesh (B, a surface). The mesh's
 * BVH is walked with the shape's bounding box (rounded outward, so no touching triangle is ever
 * culled); each triangle whose box meets it gets the exact sphere or capsule contact. Null exactly
 * when no triangle touches. The result takes the deepest triangle's normal and depth; points are
 * grouped by normal (within 1e-9), each group keeps its deepest point, then the points farthest from those taken; groups fill the 4 slots deepest first. On a flat floor cut into triangles every face
 * contact has the same normal, so a shape resting across a seam gets the floor's normal.
 * @see Ericson, Real-Time Collision Detection, §6.2 (bounding volume hierarchy traversal).
 */
import type { Mesh } from "../mesh.ts";
import { testPointTriangle } from "../pairs/point-shapes.ts";
import { type Contact, makeContact } from "../results.ts";
import type { Capsule, Sphere, Triangle, Vec } from "../shapes.ts";
import { capsuleTriangleManifold, sphereTriangleManifold } from "./rounded.ts";
import { pointsInRounded, type Rounded } from "./rounded-contain.ts";

/** The query box (min 0..2, max 3..5) and the radius it is grown by (6). */
const QB = new Float64Array(7);
const TRI: Triangle = { a: { x: 0, y: 0, z: 0 }, b: { x: 0, y: 0, z: 0 }, c: { x: 0, y: 0, z: 0 } };
const TC: Contact = makeContact();
const SPH: Sphere = { center: { x: 0, y: 0, z: 0 }, radius: 0 };
const CAP: Capsule = { a: { x: 0, y: 0, z: 0 }, b: { x: 0, y: 0, z: 0 }, radius: 0 };

/** Collected points: up to MAX, each nx ny nz depth px py pz pointDepth group. */
const MAX = 64;
const STRIDE = 8;
const PTS = new Float64Array(MAX * STRIDE);
let nPts = 0;
// Deepest triangle contact so far: normal and depth.
const TOP = new Float64Array(4);
let hits = 0;
/** Zero-radius capsule: whether one triangle holds both ends (a sufficient test of aInB). */
let heldByOne = false;
const SLOT = new Int32Array(4);

/**
 * The query box of segment ab grown by r = QB[6], rounded outward, into QB: each bound moves out
 * by (|x| + r) 2^-50 + 2^-1070 more. Written out: a helper taking and returning doubles would box
 * them when V8 does not inline it.
 */
function queryBox(a: Vec, b: Vec): void {
  const r = QB[6]!;
  const lx = Math.min(a.x, b.x);
  const ly = Math.min(a.y, b.y);
  const lz = Math.min(a.z, b.z);
  const hx = Math.max(a.x, b.x);
  const hy = Math.max(a.y, b.y);
  const hz = Math.max(a.z, b.z);
  QB[0] = lx - r - ((Math.abs(lx) + r) * 2 ** -50 + 2 ** -1070);
  QB[1] = ly - r - ((Math.abs(ly) + r) * 2 ** -50 + 2 ** -1070);
  QB[2] = lz - r - ((Math.abs(lz) + r) * 2 ** -50 + 2 ** -1070);
  QB[3] = hx + r + ((Math.abs(hx) + r) * 2 ** -50 + 2 ** -1070);
  QB[4] = hy + r + ((Math.abs(hy) + r) * 2 ** -50 + 2 ** -1070);
  QB[5] = hz + r + ((Math.abs(hz) + r) * 2 ** -50 + 2 ** -1070);
}

function loadTriangle(t: Float64Array, i: number): void {
  TRI.a.x = t[i]!;
  TRI.a.y = t[i + 1]!;
  TRI.a.z = t[i + 2]!;
  TRI.b.x = t[i + 3]!;
  TRI.b.y = t[i + 4]!;
  TRI.b.z = t[i + 5]!;
  TRI.c.x = t[i + 6]!;
  TRI.c.y = t[i + 7]!;
  TRI.c.z = t[i + 8]!;
}

/** Adds the triangle contact TC to the collection. */
function collect(): void {
  const n = TC.normal;
  hits++;
  if (hits === 1 || TC.depth > TOP[3]!) {
    TOP[0] = n.x;
    TOP[1] = n.y;
    TOP[2] = n.z;
    TOP[3] = TC.depth;
  }
  for (let k = 0; k < TC.count && nPts < MAX; k++) {
    const p = TC.points[k]!;
    const o = STRIDE * nPts++;
    PTS[o] = n.x;
    PTS[o + 1] = n.y;
    PTS[o + 2] = n.z;
    PTS[o + 3] = TC.depth;
    PTS[o + 4] = p.point.x;
    PTS[o + 5] = p.point.y;
    PTS[o + 6] = p.point.z;
    PTS[o + 7] = p.depth;
  }
}

/** Walks the BVH with QB; runs the sphere (kind 0) or capsule (1) contact on each candidate. */
function walk(m: Mesh, kind: number): void {
  const { boxes, nodes, triangles, stack } = m.bvh;
  nPts = 0;
  hits = 0;
  heldByOne = false;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const node = stack[--sp]!;
    const b = 6 * node;
    if (
      boxes[b]! > QB[3]! ||
      boxes[b + 3]! < QB[0]! ||
      boxes[b + 1]! > QB[4]! ||
      boxes[b + 4]! < QB[1]! ||
      boxes[b + 2]! > QB[5]! ||
      boxes[b + 5]! < QB[2]!
    ) {
      continue;
    }
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count < 0) {
      stack[sp++] = first;
      stack[sp++] = first + 1;
      continue;
    }
    for (let s = first; s < first + count; s++) {
      loadTriangle(triangles, 9 * s);
      const c =
        kind === 0 ? sphereTriangleManifold(SPH, TRI, TC) : capsuleTriangleManifold(CAP, TRI, TC);
      if (c === null) continue;
      collect();
      if (kind === 1 && CAP.radius === 0 && !heldByOne) {
        heldByOne = testPointTriangle(CAP.a, TRI) && testPointTriangle(CAP.b, TRI);
      }
    }
  }
}

/** Whether normals i and j (point slots) agree within 1e-9. */
function sameNormal(i: number, j: number): boolean {
  const a = STRIDE * i;
  const b = STRIDE * j;
  return PTS[a]! * PTS[b]! + PTS[a + 1]! * PTS[b + 1]! + PTS[a + 2]! * PTS[b + 2]! >= 1 - 1e-9;
}

const USED = new Uint8Array(MAX);

/** Fills `out` from the collection: TOP's normal and depth, up to 4 points by group. */
function assemble(out: Contact): Contact {
  out.normal.x = TOP[0]!;
  out.normal.y = TOP[1]!;
  out.normal.z = TOP[2]!;
  out.depth = TOP[3]!;
  USED.fill(0, 0, nPts);
  let count = 0;
  while (count < 4) {
    // The deepest unused point starts the next group (by its triangle's depth, then its own).
    let lead = -1;
    for (let i = 0; i < nPts; i++) {
      if (USED[i]) continue;
      if (
        lead < 0 ||
        PTS[STRIDE * i + 3]! > PTS[STRIDE * lead + 3]! ||
        (PTS[STRIDE * i + 3]! === PTS[STRIDE * lead + 3]! &&
          PTS[STRIDE * i + 7]! > PTS[STRIDE * lead + 7]!)
      ) {
        lead = i;
      }
    }
    if (lead < 0) break;
    // Then the group's points farthest from those already taken (the ends of its contact
    // region), while slots remain and they are not repeats.
    const start = count;
    SLOT[count++] = lead;
    while (count < 4) {
      let far = -1;
      let farD = 0;
      for (let i = 0; i < nPts; i++) {
        if (USED[i] || !sameNormal(i, lead)) continue;
        let near = Number.POSITIVE_INFINITY;
        for (let k = start; k < count; k++) {
          // Squared distance between the points in slots i and SLOT[k].
          const a = STRIDE * i;
          const b = STRIDE * SLOT[k]!;
          const dx = PTS[a + 4]! - PTS[b + 4]!;
          const dy = PTS[a + 5]! - PTS[b + 5]!;
          const dz = PTS[a + 6]! - PTS[b + 6]!;
          near = Math.min(near, dx * dx + dy * dy + dz * dz);
        }
        if (near > farD) {
          farD = near;
          far = i;
        }
      }
      if (far < 0) break;
      SLOT[count++] = far;
    }
    for (let i = 0; i < nPts; i++) if (sameNormal(i, lead)) USED[i] = 1;
  }
  for (let k = 0; k < count; k++) {
    const o = STRIDE * SLOT[k]!;
    const p = out.points[k]!;
    p.point.x = PTS[o + 4]!;
    p.point.y = PTS[o + 5]!;
    p.point.z = PTS[o + 6]!;
    p.depth = PTS[o + 7]!;
  }
  out.count = count;
  return out;
}

function copyVec(from: Vec, to: Vec): void {
  to.x = from.x;
  to.y = from.y;
  to.z = from.z;
}

/**
 * The contact of a sphere (A) and a static triangle mesh (B, a surface), or null when no triangle
 * touches the ball (exact). A ball inside a closed mesh without touching it gives null. `aInB`
 * holds for a zero-radius sphere (a point on the surface); `bInA` when every triangle corner is
 * in the ball (exact).
 */
export function contactSphereMesh(a: Sphere, m: Mesh, out?: Contact): Contact | null {
  copyVec(a.center, SPH.center);
  SPH.radius = a.radius;
  QB[6] = a.radius;
  queryBox(a.center, a.center);
  walk(m, 0);
  if (hits === 0) return null;
  const c = assemble(out ?? makeContact());
  c.aInB = a.radius === 0;
  c.bInA = meshInside(m, a.center, a.center, a);
  return c;
}

/**
 * The contact of a capsule (A) and a static triangle mesh (B, a surface), or null when no
 * triangle touches it (exact). `aInB` for a zero-radius capsule is true when one triangle holds
 * both ends (a segment spanning several coplanar triangles reads false); `bInA` when every
 * triangle corner is in the capsule (exact).
 */
export function contactCapsuleMesh(a: Capsule, m: Mesh, out?: Contact): Contact | null {
  copyVec(a.a, CAP.a);
  copyVec(a.b, CAP.b);
  CAP.radius = a.radius;
  QB[6] = a.radius;
  queryBox(a.a, a.b);
  walk(m, 1);
  if (hits === 0) return null;
  const c = assemble(out ?? makeContact());
  c.aInB = a.radius === 0 && heldByOne;
  c.bInA = meshInside(m, a.a, a.b, a);
  return c;
}

/** Exact: is every triangle corner of the mesh within r of the segment ab? */
function meshInside(m: Mesh, a: Vec, b: Vec, outer: Rounded): boolean {
  const lo = m.bounds.min;
  const hi = m.bounds.max;
  // QB is rounded outward: a corner beyond it is beyond the exact box of the shape.
  if (lo.x < QB[0]! || lo.y < QB[1]! || lo.z < QB[2]!) return false;
  if (hi.x > QB[3]! || hi.y > QB[4]! || hi.z > QB[5]!) return false;
  return pointsInRounded(m.bvh.triangles, 3 * m.triangleCount, null, a, b, outer);
}
