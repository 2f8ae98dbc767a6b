import { rescaleFor } from "../../math/scalar.ts";
import { type HullFaces, hullOf, makeHullFaces, newellNormal } from "../convex/quickhull.ts";
import type { Aabb, Box, Hull, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/*
 * Polytopes for the contact manifolds: vertices, faces (outward unit planes and vertex loops
 * counter-clockwise from outside) and edges, in a local frame: coordinates are (p - origin) * scale,
 * with origin a point of the pair and scale a power of two, so shapes far from 0 or at extreme
 * scales keep their digits and products neither overflow nor underflow.
 */

/** A polytope in the contact frame; `faces` 0 means flat with no area (segment or point). */
export interface Poly {
  v: Float64Array;
  nv: number;
  /** Unit outward normal and offset per face, 4 per face. */
  planes: Float64Array;
  /** Face f's loop is loop[start[f] .. start[f + 1]). */
  start: Int32Array;
  loop: Int32Array;
  faces: number;
  /** Edges as vertex index pairs. */
  edges: Int32Array;
  ne: number;
}

/** Makes an empty polytope with room for a box (it grows for hulls). */
export function makePoly(): Poly {
  return {
    v: new Float64Array(24),
    nv: 0,
    planes: new Float64Array(24),
    start: new Int32Array(7),
    loop: new Int32Array(24),
    faces: 0,
    edges: new Int32Array(24),
    ne: 0,
  };
}

/** The frame: origin (3) and scale (1), shared by both polytopes of a pair. */
export const FRAME: Float64Array = new Float64Array(4);

/** Sets the frame's origin (a point of the pair) with scale 1; `rescalePair` picks the scale. */
export function setFrame(o: Vec): void {
  FRAME[0] = o.x;
  FRAME[1] = o.y;
  FRAME[2] = o.z;
  FRAME[3] = 1;
}

/** Scales both polytopes (coordinates and offsets) by one power of two to unit size. */
export function rescalePair(a: Poly, b: Poly): void {
  let m = 0;
  for (let i = 0; i < 3 * a.nv; i++) m = Math.max(m, Math.abs(a.v[i]!));
  for (let i = 0; i < 3 * b.nv; i++) m = Math.max(m, Math.abs(b.v[i]!));
  const k = m > 0 ? rescaleFor(m) : 1;
  FRAME[3] = k;
  if (k === 1) return;
  for (let i = 0; i < 3 * a.nv; i++) a.v[i] = a.v[i]! * k;
  for (let i = 0; i < 3 * b.nv; i++) b.v[i] = b.v[i]! * k;
  for (let f = 0; f < a.faces; f++) a.planes[4 * f + 3] = a.planes[4 * f + 3]! * k;
  for (let f = 0; f < b.faces; f++) b.planes[4 * f + 3] = b.planes[4 * f + 3]! * k;
}

/** Vertex i of p from the point q (a Vec, not three doubles: a call V8 does not inline boxes them). */
function put(p: Poly, i: number, q: Vec): void {
  p.v[3 * i] = q.x - FRAME[0]!;
  p.v[3 * i + 1] = q.y - FRAME[1]!;
  p.v[3 * i + 2] = q.z - FRAME[2]!;
}

// Box faces by corner bits (bit 0: +u, bit 1: +v, bit 2: +w): +u, -u, +v, -v, +w, -w, each
// counter-clockwise seen from outside for a right-handed (u, v, w).
const BOX_LOOPS = [1, 3, 7, 5, 0, 4, 6, 2, 2, 6, 7, 3, 0, 1, 5, 4, 4, 5, 7, 6, 0, 2, 3, 1];
const BOX_EDGES = [0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7];
const AXES: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];
const UNIT_BOX: Box = {
  center: { x: 0, y: 0, z: 0 },
  halfExtents: { x: 1, y: 1, z: 1 },
  rotation: { x: 0, y: 0, z: 0, w: 1 },
};
// Unit face normals of the box being built: +u, +v, +w.
const UNIT = new Float64Array(9);

function boxTopology(p: Poly): void {
  p.faces = 6;
  for (let i = 0; i < 24; i++) p.loop[i] = BOX_LOOPS[i]!;
  for (let f = 0; f <= 6; f++) p.start[f] = 4 * f;
  for (let i = 0; i < 24; i++) p.edges[i] = BOX_EDGES[i]!;
  p.ne = 12;
  p.nv = 8;
  for (let f = 0; f < 6; f++) {
    const axis = f >> 1;
    const s = f & 1 ? -1 : 1;
    const nx = s * UNIT[3 * axis]!;
    const ny = s * UNIT[3 * axis + 1]!;
    const nz = s * UNIT[3 * axis + 2]!;
    let d = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < 4; c++) {
      const i = 3 * BOX_LOOPS[4 * f + c]!;
      d = Math.max(d, nx * p.v[i]! + ny * p.v[i + 1]! + nz * p.v[i + 2]!);
    }
    p.planes[4 * f] = nx + 0;
    p.planes[4 * f + 1] = ny + 0;
    p.planes[4 * f + 2] = nz + 0;
    p.planes[4 * f + 3] = d;
  }
}

/** The axis-aligned box as a polytope in the frame. */
export function polyAabb(b: Aabb, p: Poly): Poly {
  for (let c = 0; c < 8; c++) {
    p.v[3 * c] = (c & 1 ? b.max.x : b.min.x) - FRAME[0]!;
    p.v[3 * c + 1] = (c & 2 ? b.max.y : b.min.y) - FRAME[1]!;
    p.v[3 * c + 2] = (c & 4 ? b.max.z : b.min.z) - FRAME[2]!;
  }
  UNIT.fill(0);
  UNIT[0] = UNIT[4] = UNIT[8] = 1;
  boxTopology(p);
  return p;
}

/** The box (corners center ± u ± v ± w of `boxAxes`) as a polytope in the frame. */
export function polyBox(b: Box, p: Poly): Poly {
  boxAxes(b, AXES);
  const cx = b.center.x - FRAME[0]!;
  const cy = b.center.y - FRAME[1]!;
  const cz = b.center.z - FRAME[2]!;
  const u = AXES[0]!;
  const v = AXES[1]!;
  const w = AXES[2]!;
  for (let c = 0; c < 8; c++) {
    const su = c & 1 ? 1 : -1;
    const sv = c & 2 ? 1 : -1;
    const sw = c & 4 ? 1 : -1;
    p.v[3 * c] = cx + su * u.x + sv * v.x + sw * w.x;
    p.v[3 * c + 1] = cy + su * u.y + sv * v.y + sw * w.y;
    p.v[3 * c + 2] = cz + su * u.z + sv * v.z + sw * w.z;
  }
  // Face normals from the rotation alone (a zero half extent leaves its axis zero): the axes of
  // a unit box turned the same way.
  UNIT_BOX.rotation = b.rotation;
  boxAxes(UNIT_BOX, AXES);
  for (let a = 0; a < 3; a++) {
    const e = AXES[a]!;
    const l = Math.sqrt(e.x * e.x + e.y * e.y + e.z * e.z);
    UNIT[3 * a] = e.x / l;
    UNIT[3 * a + 1] = e.y / l;
    UNIT[3 * a + 2] = e.z / l;
  }
  boxTopology(p);
  return p;
}

/**
 * Only the vertices of a triangle or hull in the frame (no faces, no edges): enough for a plane's
 * contact, which skips the face normals (and quickhull for a hull given without faces).
 */
export function polyVertices(s: Triangle | Hull, triangle: boolean, p: Poly): Poly {
  p.faces = 0;
  p.ne = 0;
  if (triangle) {
    const t = s as Triangle;
    put(p, 0, t.a);
    put(p, 1, t.b);
    put(p, 2, t.c);
    p.nv = 3;
    return p;
  }
  const pts = (s as Hull).points;
  const n = pts.length;
  if (p.v.length < 3 * n) p.v = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) put(p, i, pts[i]!);
  p.nv = n;
  return p;
}

/** The triangle as a flat polytope: its two sides as faces (none when collinear), three edges. */
export function polyTriangle(t: Triangle, p: Poly): Poly {
  polyVertices(t, true, p);
  for (let i = 0; i < 6; i++) p.edges[i] = TRIANGLE_EDGES[i]!;
  p.ne = 3;
  for (let i = 0; i < 6; i++) p.loop[i] = TRIANGLE_LOOPS[i]!;
  p.start[0] = 0;
  p.start[1] = 3;
  p.start[2] = 6;
  p.faces = 2;
  planesFromLoops(p);
  // A collinear triangle has no area: no faces, only its edges.
  if (p.planes[0] === 0 && p.planes[1] === 0 && p.planes[2] === 0) p.faces = 0;
  return p;
}

const TRIANGLE_EDGES = [0, 1, 1, 2, 2, 0];
// Both sides: a b c counter-clockwise about the normal (b - a) x (c - a), then reversed.
const TRIANGLE_LOOPS = [0, 1, 2, 0, 2, 1];

/** Face data of hulls given without faces, computed per call into this scratch. */
const HULL_SCRATCH: HullFaces = makeHullFaces();

/** A hull made by `convexHull` carries its faces; anything else has them computed per call. */
interface FacedHull extends Hull {
  faces?: readonly (readonly number[])[];
  dimension?: number;
}

function ensure(p: Poly, nv: number, loops: number, faces: number, edges: number): void {
  if (p.v.length < 3 * nv) p.v = new Float64Array(3 * nv);
  if (p.loop.length < loops) p.loop = new Int32Array(loops);
  if (p.start.length < faces + 1) p.start = new Int32Array(faces + 1);
  if (p.planes.length < 4 * faces) p.planes = new Float64Array(4 * faces);
  if (p.edges.length < 2 * edges) p.edges = new Int32Array(2 * edges);
}

/**
 * The hull as a polytope. Faces come from the hull itself when `convexHull` made it, else from
 * quickhull run on the points in this call (allocation-free once the scratch has grown).
 */
export function polyHull(h: FacedHull, p: Poly): Poly {
  const pts = h.points;
  const n = pts.length;
  let faces = 0;
  let loops = 0;
  const given = h.faces !== undefined && h.dimension !== undefined;
  const hf = HULL_SCRATCH;
  if (given) {
    faces = h.faces!.length;
    for (let f = 0; f < faces; f++) loops += h.faces![f]!.length;
  } else {
    hullOf(pts, hf);
    faces = hf.faceCount;
    loops = hf.start[faces]!;
  }
  ensure(p, n, loops, faces, Math.max(loops, 2));
  for (let i = 0; i < n; i++) put(p, i, pts[i]!);
  p.nv = n;
  p.faces = faces;
  p.start[0] = 0;
  let at = 0;
  for (let f = 0; f < faces; f++) {
    if (given) {
      const loop = h.faces![f]!;
      for (let s = 0; s < loop.length; s++) p.loop[at++] = loop[s]!;
    } else {
      for (let s = hf.start[f]!; s < hf.start[f + 1]!; s++) p.loop[at++] = hf.loop[s]!;
    }
    p.start[f + 1] = at;
  }
  planesFromLoops(p);
  // Edges: each directed loop edge with from < to (every edge is in two loops, once each way).
  let ne = 0;
  for (let f = 0; f < faces; f++) {
    const s0 = p.start[f]!;
    const s1 = p.start[f + 1]!;
    for (let s = s0; s < s1; s++) {
      const i = p.loop[s]!;
      const j = p.loop[s + 1 < s1 ? s + 1 : s0]!;
      if (i < j) {
        p.edges[2 * ne] = i;
        p.edges[2 * ne + 1] = j;
        ne++;
      }
    }
  }
  const dim = given ? h.dimension! : hf.dimension;
  if (dim === 1) {
    // A segment: its extremes (the farthest pair from the first point) make the one edge.
    const e = given ? segmentEnds(p) : hf.extremes;
    p.edges[0] = e[0]!;
    p.edges[1] = e[1]!;
    ne = 1;
  }
  p.ne = ne;
  return p;
}

const ENDS = new Int32Array(2);

function segmentEnds(p: Poly): Int32Array {
  let a = 0;
  let best = -1;
  for (let i = 0; i < p.nv; i++) {
    const d = (p.v[3 * i]! - p.v[0]!) ** 2 + (p.v[3 * i + 1]! - p.v[1]!) ** 2;
    const e = d + (p.v[3 * i + 2]! - p.v[2]!) ** 2;
    if (e > best) {
      best = e;
      a = i;
    }
  }
  let b = a;
  best = -1;
  for (let i = 0; i < p.nv; i++) {
    const d = (p.v[3 * i]! - p.v[3 * a]!) ** 2 + (p.v[3 * i + 1]! - p.v[3 * a + 1]!) ** 2;
    const e = d + (p.v[3 * i + 2]! - p.v[3 * a + 2]!) ** 2;
    if (e > best) {
      best = e;
      b = i;
    }
  }
  ENDS[0] = a;
  ENDS[1] = b;
  return ENDS;
}

const NORMAL: Vec = { x: 0, y: 0, z: 0 };

/** Unit outward planes of every face from its loop (Newell's normal; offset the largest n . v). */
function planesFromLoops(p: Poly): void {
  const v = p.v;
  for (let f = 0; f < p.faces; f++) {
    const s0 = p.start[f]!;
    const s1 = p.start[f + 1]!;
    newellNormal(v, p.loop, s0, s1, NORMAL);
    const nx = NORMAL.x;
    const ny = NORMAL.y;
    const nz = NORMAL.z;
    let d = Number.NEGATIVE_INFINITY;
    for (let s = s0; s < s1; s++) {
      const i = 3 * p.loop[s]!;
      d = Math.max(d, nx * v[i]! + ny * v[i + 1]! + nz * v[i + 2]!);
    }
    p.planes[4 * f] = nx + 0;
    p.planes[4 * f + 1] = ny + 0;
    p.planes[4 * f + 2] = nz + 0;
    p.planes[4 * f + 3] = d;
  }
}
