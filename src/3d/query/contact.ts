/**
 * Contacts between 3D polytopes (axis-aligned boxes, boxes, triangles, hulls) and of a plane
 * against them: null exactly when the exact test says the closed shapes do not meet; otherwise
 * the unit normal from A to B, the depth (moving B by normal * depth makes them only touch; 0
 * when touching), up to 4 points midway between the surfaces with their own depths, and exact
 * containment flags.
 * @see src/3d/contact/poly-manifold.ts for the separating axes and clipping.
 */

import { boxBoxManifold, CONTAIN, MARGIN } from "../contact/box-box.ts";
import {
  containedExact,
  containedFloat,
  KIND_AABB,
  KIND_BOX,
  KIND_HULL,
  KIND_TRIANGLE,
  onPlaneExact,
} from "../contact/poly-contain.ts";
import { FORCE, GATHER, keepFour, polyManifold } from "../contact/poly-manifold.ts";
import {
  makePoly,
  type Poly,
  polyAabb,
  polyBox,
  polyHull,
  polyTriangle,
  polyVertices,
  rescalePair,
  setFrame,
} from "../contact/poly-shape.ts";
import type { Mesh } from "../mesh.ts";
import { planeAabb, planeBox, planeHull, planeTriangle } from "../overlap/plane.ts";
import { type Contact, makeContact } from "../results.ts";
import type { Aabb, Box, Hull, Plane, Triangle, Vec } from "../shapes.ts";
import {
  testAabbAabb,
  testAabbBox,
  testAabbTriangle,
  testBoxBox,
  testBoxTriangle,
  testTriangleTriangle,
} from "./test.ts";
import { testAabbHull, testBoxHull, testHullHull, testTriangleHull } from "./test-hull.ts";

type PolyShape = Aabb | Box | Triangle | Hull;

const PA: Poly = makePoly();
const PB: Poly = makePoly();

function originOf(kind: number, s: PolyShape): Vec {
  if (kind === KIND_AABB) return (s as Aabb).min;
  if (kind === KIND_BOX) return (s as Box).center;
  if (kind === KIND_TRIANGLE) return (s as Triangle).a;
  return (s as Hull).points[0]!;
}

function build(kind: number, s: PolyShape, p: Poly): Poly {
  if (kind === KIND_AABB) return polyAabb(s as Aabb, p);
  if (kind === KIND_BOX) return polyBox(s as Box, p);
  if (kind === KIND_TRIANGLE) return polyTriangle(s as Triangle, p);
  return polyHull(s as Hull, p);
}

function contained(
  kindA: number,
  a: PolyShape,
  pa: Poly,
  kindB: number,
  b: PolyShape,
  pb: Poly,
): boolean {
  const f = containedFloat(pa, pb);
  if (f >= 0) return f === 1;
  return containedExact(kindA, a, kindB, b);
}

// Axis-aligned boxes as boxes (identity rotation) for the dedicated box-box manifold.
const BOX_A: Box = {
  center: { x: 0, y: 0, z: 0 },
  halfExtents: { x: 0, y: 0, z: 0 },
  rotation: { x: 0, y: 0, z: 0, w: 1 },
};
const BOX_B: Box = {
  center: { x: 0, y: 0, z: 0 },
  halfExtents: { x: 0, y: 0, z: 0 },
  rotation: { x: 0, y: 0, z: 0, w: 1 },
};

/**
 * The aabb as a box: center and half extents halved first, so no sum overflows; the center's
 * rounding (half an ulp of its coordinates) goes to the containment margin.
 */
function aabbAsBox(a: Aabb, out: Box): Box {
  const c = out.center;
  const h = out.halfExtents;
  c.x = a.min.x / 2 + a.max.x / 2;
  c.y = a.min.y / 2 + a.max.y / 2;
  c.z = a.min.z / 2 + a.max.z / 2;
  MARGIN[0] = MARGIN[0]! + 2 ** -50 * (Math.abs(c.x) + Math.abs(c.y) + Math.abs(c.z));
  h.x = a.max.x / 2 - a.min.x / 2;
  h.y = a.max.y / 2 - a.min.y / 2;
  h.z = a.max.z / 2 - a.min.z / 2;
  return out;
}

function inside(a: Aabb, b: Aabb): boolean {
  const p = a.min;
  const q = a.max;
  return (
    b.min.x <= p.x &&
    b.min.y <= p.y &&
    b.min.z <= p.z &&
    q.x <= b.max.x &&
    q.y <= b.max.y &&
    q.z <= b.max.z
  );
}

/**
 * Containment after `boxBoxManifold`: its float slabs when clear (their margin, 1e-10 of the
 * pair's size, covers an aabb's rounding into a box), else the exact test polyContact uses.
 */
function boxFlags(kindA: number, a: Aabb | Box, kindB: number, b: Aabb | Box, o: Contact): Contact {
  const inB = CONTAIN[0]!;
  const inA = CONTAIN[1]!;
  o.aInB = inB >= 0 ? inB === 1 : containedExact(kindA, a, kindB, b);
  o.bInA = inA >= 0 ? inA === 1 : containedExact(kindB, b, kindA, a);
  return o;
}

/** The manifold of two shapes known to touch. */
function polyContact(
  kindA: number,
  a: PolyShape,
  kindB: number,
  b: PolyShape,
  out: Contact,
): Contact {
  setFrame(originOf(kindA, a));
  build(kindA, a, PA);
  build(kindB, b, PB);
  rescalePair(PA, PB);
  polyManifold(PA, PB, out);
  out.aInB = contained(kindA, a, PA, kindB, b, PB);
  out.bInA = contained(kindB, b, PB, kindA, a, PA);
  return out;
}

/** Exact: does the polytope A meet hull b (test-hull.ts: float certificates, then exact)? */
function hullsMeet(kindA: number, a: PolyShape, b: Hull): boolean {
  if (kindA === KIND_AABB) return testAabbHull(a as Aabb, b);
  if (kindA === KIND_BOX) return testBoxHull(a as Box, b);
  if (kindA === KIND_TRIANGLE) return testTriangleHull(a as Triangle, b);
  return testHullHull(a as Hull, b);
}

function hullPair(
  kindA: number,
  a: PolyShape,
  kindB: number,
  b: PolyShape,
  out?: Contact,
): Contact | null {
  // The exact overlap test (floats first, then the hull-exact engine), then the manifold.
  if (!hullsMeet(kindA, a, b as Hull)) return null;
  return polyContact(kindA, a, kindB, b, out ?? makeContact());
}

/** Contact of two axis-aligned boxes (normal from A to B along an axis), or null when apart. @see Ericson §4.2. */
export function contactAabbAabb(a: Aabb, b: Aabb, out?: Contact): Contact | null {
  if (!testAabbAabb(a, b)) return null;
  const o = out ?? makeContact();
  if (!boxBoxManifold(aabbAsBox(a, BOX_A), aabbAsBox(b, BOX_B), o)) {
    return polyContact(KIND_AABB, a, KIND_AABB, b, o);
  }
  // Nesting of aabbs is a comparison per bound, exact as it is.
  o.aInB = inside(a, b);
  o.bInA = inside(b, a);
  return o;
}

/** Contact of an axis-aligned box and a box, or null when apart. @see Gregorius, GDC 2013. */
export function contactAabbBox(a: Aabb, b: Box, out?: Contact): Contact | null {
  if (!testAabbBox(a, b)) return null;
  const o = out ?? makeContact();
  if (!boxBoxManifold(aabbAsBox(a, BOX_A), b, o)) return polyContact(KIND_AABB, a, KIND_BOX, b, o);
  return boxFlags(KIND_AABB, a, KIND_BOX, b, o);
}

/** Contact of an axis-aligned box and a triangle, or null when apart. @see Gregorius, GDC 2013. */
export function contactAabbTriangle(a: Aabb, b: Triangle, out?: Contact): Contact | null {
  if (!testAabbTriangle(a, b)) return null;
  return polyContact(KIND_AABB, a, KIND_TRIANGLE, b, out ?? makeContact());
}

/** Contact of an axis-aligned box and a hull, or null when apart. @see Gregorius, GDC 2013. */
export function contactAabbHull(a: Aabb, b: Hull, out?: Contact): Contact | null {
  return hullPair(KIND_AABB, a, KIND_HULL, b, out);
}

/**
 * contactBoxBox through the general polytope manifold (every face and edge pair); the property
 * tests check the dedicated box-box manifold against it. Not part of the public surface.
 * @internal
 */
export function contactBoxBoxGeneral(a: Box, b: Box, out?: Contact): Contact | null {
  if (!testBoxBox(a, b)) return null;
  return polyContact(KIND_BOX, a, KIND_BOX, b, out ?? makeContact());
}

/** Contact of two boxes (up to 4 points for face contacts), or null when apart. @see Gregorius, GDC 2013. */
export function contactBoxBox(a: Box, b: Box, out?: Contact): Contact | null {
  if (!testBoxBox(a, b)) return null;
  const o = out ?? makeContact();
  if (!boxBoxManifold(a, b, o)) return polyContact(KIND_BOX, a, KIND_BOX, b, o);
  return boxFlags(KIND_BOX, a, KIND_BOX, b, o);
}

/** Contact of a box and a triangle, or null when apart. @see Gregorius, GDC 2013. */
export function contactBoxTriangle(a: Box, b: Triangle, out?: Contact): Contact | null {
  if (!testBoxTriangle(a, b)) return null;
  return polyContact(KIND_BOX, a, KIND_TRIANGLE, b, out ?? makeContact());
}

/** Contact of a box and a hull, or null when apart. @see Gregorius, GDC 2013. */
export function contactBoxHull(a: Box, b: Hull, out?: Contact): Contact | null {
  return hullPair(KIND_BOX, a, KIND_HULL, b, out);
}

/** Contact of two triangles (flat: depth across the thinner direction), or null when apart. */
export function contactTriangleTriangle(a: Triangle, b: Triangle, out?: Contact): Contact | null {
  if (!testTriangleTriangle(a, b)) return null;
  return polyContact(KIND_TRIANGLE, a, KIND_TRIANGLE, b, out ?? makeContact());
}

/** Contact of a triangle and a hull, or null when apart. @see Gregorius, GDC 2013. */
export function contactTriangleHull(a: Triangle, b: Hull, out?: Contact): Contact | null {
  return hullPair(KIND_TRIANGLE, a, KIND_HULL, b, out);
}

/** Contact of two hulls (faces from `convexHull`, else computed per call), or null when apart. */
export function contactHullHull(a: Hull, b: Hull, out?: Contact): Contact | null {
  return hullPair(KIND_HULL, a, KIND_HULL, b, out);
}

/*
 * Plane (a surface, both sides outside) against a polytope: the normal is the plane's unit normal
 * or its reverse, whichever moves B off the plane the shorter way, and the depth is that distance
 * (how far B reaches past the plane on the other side); the points are B's vertices on the far side (up to 4: the deepest, then the widest
 * spread), each midway between itself and the plane.
 */
const PLANE_PTS = new Float64Array(4 * 64);

function planeContact(p: Plane, kind: number, s: PolyShape, out: Contact): Contact {
  setFrame(originOf(kind, s));
  // Vertices only for triangles and hulls: their face normals are not needed here.
  const q =
    kind === KIND_TRIANGLE || kind === KIND_HULL
      ? polyVertices(s as Triangle | Hull, kind === KIND_TRIANGLE, PB)
      : build(kind, s, PB);
  const n = p.normal;
  const len = Math.sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
  const nx = n.x / len;
  const ny = n.y / len;
  const nz = n.z / len;
  // Signed height of the frame origin above the plane, then of each vertex.
  const o = originOf(kind, s);
  const h0 = (n.x * o.x + n.y * o.y + n.z * o.z - p.offset) / len;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < q.nv; i++) {
    const h = h0 + nx * q.v[3 * i]! + ny * q.v[3 * i + 1]! + nz * q.v[3 * i + 2]!;
    if (h < lo) lo = h;
    if (h > hi) hi = h;
  }
  // Push B out on the side it reaches least past the plane: up when less lies below.
  const up = -lo <= hi;
  const sgn = up ? 1 : -1;
  out.normal.x = sgn * nx + 0;
  out.normal.y = sgn * ny + 0;
  out.normal.z = sgn * nz + 0;
  const depth = Math.max(0, up ? -lo : hi);
  out.depth = depth;
  let m = 0;
  for (let i = 0; i < q.nv && m < 64; i++) {
    const h = sgn * (h0 + nx * q.v[3 * i]! + ny * q.v[3 * i + 1]! + nz * q.v[3 * i + 2]!);
    if (h > 0) continue;
    const d = Math.max(0, -h);
    // Midway between the vertex and the plane along the normal.
    PLANE_PTS[4 * m] = q.v[3 * i]! + o.x + (sgn * nx * d) / 2;
    PLANE_PTS[4 * m + 1] = q.v[3 * i + 1]! + o.y + (sgn * ny * d) / 2;
    PLANE_PTS[4 * m + 2] = q.v[3 * i + 2]! + o.z + (sgn * nz * d) / 2;
    PLANE_PTS[4 * m + 3] = d;
    m++;
  }
  if (m === 0) {
    // Rounding put every vertex a hair off the plane: the nearest one stands in.
    let best = 0;
    let bh = Number.POSITIVE_INFINITY;
    for (let i = 0; i < q.nv; i++) {
      const h = sgn * (h0 + nx * q.v[3 * i]! + ny * q.v[3 * i + 1]! + nz * q.v[3 * i + 2]!);
      if (h < bh) {
        bh = h;
        best = i;
      }
    }
    PLANE_PTS[0] = q.v[3 * best]! + o.x;
    PLANE_PTS[1] = q.v[3 * best + 1]! + o.y;
    PLANE_PTS[2] = q.v[3 * best + 2]! + o.z;
    PLANE_PTS[3] = 0;
    m = 1;
  }
  keepFour(PLANE_PTS, m, out);
  // A plane has no volume: it lies in no bounded B, and holds B only when B lies in it.
  out.aInB = false;
  out.bInA = onPlaneExact(p, kind, s);
  return out;
}

/** Contact of a plane (a surface) and an axis-aligned box: B leaves the plane the shorter way. */
export function contactPlaneAabb(p: Plane, b: Aabb, out?: Contact): Contact | null {
  if (!planeAabb(p, b)) return null;
  return planeContact(p, KIND_AABB, b, out ?? makeContact());
}

/** Contact of a plane (a surface) and a box: B leaves the plane the shorter way. */
export function contactPlaneBox(p: Plane, b: Box, out?: Contact): Contact | null {
  if (!planeBox(p, b)) return null;
  return planeContact(p, KIND_BOX, b, out ?? makeContact());
}

/** Contact of a plane (a surface) and a triangle (the hull of its corners): B leaves the plane the shorter way. */
export function contactPlaneTriangle(p: Plane, t: Triangle, out?: Contact): Contact | null {
  if (!planeTriangle(p, t)) return null;
  return planeContact(p, KIND_TRIANGLE, t, out ?? makeContact());
}

/** Contact of a plane (a surface) and a hull: B leaves the plane the shorter way. */
export function contactPlaneHull(p: Plane, b: Hull, out?: Contact): Contact | null {
  if (!planeHull(p, b)) return null;
  return planeContact(p, KIND_HULL, b, out ?? makeContact());
}

/*
 * Solids against a static mesh (a surface: a solid wholly inside a closed mesh does not touch
 * it). Triangles whose exact bounds meet the solid's bounds (widened 2^-40 relative, so rounding
 * of box corners never culls a touching one) are gathered through the BVH and each is contacted
 * exactly as a triangle; null when none touches. The deepest triangle's normal is reported, with
 * up to 4 points from every triangle contact whose normal agrees with it (so a box across the
 * seams of a flat floor gets one normal and its 4 corners). `aInB` is true when A lies in one
 * triangle; `bInA` when every triangle of the mesh lies in A.
 */
const MESH_PTS = new Float64Array(4 * 256);
const TRI: Triangle = { a: { x: 0, y: 0, z: 0 }, b: { x: 0, y: 0, z: 0 }, c: { x: 0, y: 0, z: 0 } };
const ONE: Contact = makeContact();
const BEST_N = new Float64Array(4);
const BOUNDS = new Float64Array(6);

function boundsOf(kind: number, s: PolyShape): void {
  setFrame(originOf(kind, s));
  const p = build(kind, s, PA);
  const o = originOf(kind, s);
  let lx = Number.POSITIVE_INFINITY;
  let ly = lx;
  let lz = lx;
  let hx = Number.NEGATIVE_INFINITY;
  let hy = hx;
  let hz = hx;
  for (let i = 0; i < p.nv; i++) {
    const x = p.v[3 * i]! + o.x;
    const y = p.v[3 * i + 1]! + o.y;
    const z = p.v[3 * i + 2]! + o.z;
    lx = Math.min(lx, x);
    ly = Math.min(ly, y);
    lz = Math.min(lz, z);
    hx = Math.max(hx, x);
    hy = Math.max(hy, y);
    hz = Math.max(hz, z);
  }
  const w = 2 ** -40 * Math.max(hx - lx, hy - ly, hz - lz, Math.abs(lx), Math.abs(hx)) + 2 ** -1000;
  const wy = 2 ** -40 * Math.max(Math.abs(ly), Math.abs(hy), Math.abs(lz), Math.abs(hz));
  BOUNDS[0] = lx - w - wy;
  BOUNDS[1] = ly - w - wy;
  BOUNDS[2] = lz - w - wy;
  BOUNDS[3] = hx + w + wy;
  BOUNDS[4] = hy + w + wy;
  BOUNDS[5] = hz + w + wy;
}

function triangleContact(kind: number, s: PolyShape, t: Triangle, out: Contact): Contact | null {
  if (kind === KIND_AABB) return contactAabbTriangle(s as Aabb, t, out);
  if (kind === KIND_BOX) return contactBoxTriangle(s as Box, t, out);
  if (kind === KIND_TRIANGLE) return contactTriangleTriangle(s as Triangle, t, out);
  // Hull vs triangle: the triangle-hull contact reversed.
  const c = contactTriangleHull(t, s as Hull, out);
  if (c === null) return null;
  c.normal.x = 0 - c.normal.x;
  c.normal.y = 0 - c.normal.y;
  c.normal.z = 0 - c.normal.z;
  const f = c.aInB;
  c.aInB = c.bInA;
  c.bInA = f;
  return c;
}

function meshContact(kind: number, s: PolyShape, m: Mesh, out: Contact): Contact | null {
  boundsOf(kind, s);
  const { boxes, nodes, triangles, stack } = m.bvh;
  let sp = 0;
  stack[sp++] = 0;
  let hits = 0;
  let visited = 0;
  let allIn = true;
  let aIn = false;
  let np = 0;
  BEST_N[3] = Number.NEGATIVE_INFINITY;
  // Two passes: the first finds the deepest normal, the second gathers the agreeing points.
  for (let pass = 0; pass < 2; pass++) {
    sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const node = stack[--sp]!;
      const b = 6 * node;
      if (
        boxes[b]! > BOUNDS[3]! ||
        boxes[b + 3]! < BOUNDS[0]! ||
        boxes[b + 1]! > BOUNDS[4]! ||
        boxes[b + 4]! < BOUNDS[1]! ||
        boxes[b + 2]! > BOUNDS[5]! ||
        boxes[b + 5]! < BOUNDS[2]!
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
      for (let slot = first; slot < first + count; slot++) {
        const r = 9 * slot;
        TRI.a.x = triangles[r]!;
        TRI.a.y = triangles[r + 1]!;
        TRI.a.z = triangles[r + 2]!;
        TRI.b.x = triangles[r + 3]!;
        TRI.b.y = triangles[r + 4]!;
        TRI.b.z = triangles[r + 5]!;
        TRI.c.x = triangles[r + 6]!;
        TRI.c.y = triangles[r + 7]!;
        TRI.c.z = triangles[r + 8]!;
        if (pass === 0) visited++;
        GATHER.on = pass === 1;
        GATHER.count = 0;
        // The second pass contacts every triangle along the deepest normal.
        FORCE[3] = pass;
        const c = triangleContact(kind, s, TRI, ONE);
        FORCE[3] = 0;
        GATHER.on = false;
        if (c === null) {
          if (pass === 0) allIn = false;
          continue;
        }
        if (pass === 0) {
          hits++;
          if (c.aInB) aIn = true;
          if (!c.bInA) allIn = false;
          if (c.depth > BEST_N[3]!) {
            BEST_N[0] = c.normal.x;
            BEST_N[1] = c.normal.y;
            BEST_N[2] = c.normal.z;
            BEST_N[3] = c.depth;
          }
          continue;
        }
        const agree = c.normal.x * BEST_N[0]! + c.normal.y * BEST_N[1]! + c.normal.z * BEST_N[2]!;
        if (!(agree >= 1 - 1e-6)) continue;
        if (GATHER.count > 0) {
          // A face contact: all its clipped points, not just its own 4.
          for (let k = 0; k < GATHER.count && np < 256; k++) {
            for (let j = 0; j < 4; j++) MESH_PTS[4 * np + j] = GATHER.pts[4 * k + j]!;
            np++;
          }
          continue;
        }
        for (let k = 0; k < c.count && np < 256; k++) {
          const q = c.points[k]!;
          MESH_PTS[4 * np] = q.point.x;
          MESH_PTS[4 * np + 1] = q.point.y;
          MESH_PTS[4 * np + 2] = q.point.z;
          MESH_PTS[4 * np + 3] = q.depth;
          np++;
        }
      }
    }
    if (hits === 0) return null;
    // Hull contacts run reversed (triangle first): their forced normal is reversed too.
    const r = kind === KIND_HULL ? -1 : 1;
    FORCE[0] = r * BEST_N[0]!;
    FORCE[1] = r * BEST_N[1]!;
    FORCE[2] = r * BEST_N[2]!;
  }
  out.normal.x = BEST_N[0]!;
  out.normal.y = BEST_N[1]!;
  out.normal.z = BEST_N[2]!;
  out.depth = BEST_N[3]!;
  keepFour(MESH_PTS, np, out);
  out.aInB = aIn;
  out.bInA = allIn && visited === m.triangleCount;
  return out;
}

/** Contact of an axis-aligned box with a mesh's surface (deepest triangle's normal, up to 4 points), or null. */
export function contactAabbMesh(a: Aabb, m: Mesh, out?: Contact): Contact | null {
  return meshContact(KIND_AABB, a, m, out ?? makeContact());
}

/** Contact of a box with a mesh's surface (deepest triangle's normal, up to 4 points), or null. */
export function contactBoxMesh(a: Box, m: Mesh, out?: Contact): Contact | null {
  return meshContact(KIND_BOX, a, m, out ?? makeContact());
}

/** Contact of a triangle with a mesh's surface (deepest triangle's normal, up to 4 points), or null. */
export function contactTriangleMesh(a: Triangle, m: Mesh, out?: Contact): Contact | null {
  return meshContact(KIND_TRIANGLE, a, m, out ?? makeContact());
}

/** Contact of a hull with a mesh's surface (deepest triangle's normal, up to 4 points), or null. */
export function contactHullMesh(a: Hull, m: Mesh, out?: Contact): Contact | null {
  return meshContact(KIND_HULL, a, m, out ?? makeContact());
}
