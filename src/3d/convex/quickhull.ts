import { orient2d } from "../../exact/orient2d.ts";
import { orient3d } from "../../exact/orient3d.ts";
import { rescaleFor } from "../../math/scalar.ts";
import type { Hull, Plane, Vec } from "../shapes.ts";
import { hull as makeHull } from "../shapes.ts";

/**
 * A hull with its boundary: `faces` are loops of indices into `points`, counter-clockwise seen
 * from outside, and `planes[i]` holds face i's outward unit normal and offset (dot(normal, p) =
 * offset on the face). `dimension` is that of the points' affine span: 3 for a solid, 2 for a flat
 * hull (two faces, one loop each way round), 1 or 0 for a segment or a point (no faces). Points
 * that are not corners stay in `points` and appear in no loop.
 */
export interface ConvexHull extends Hull {
  kind: "hull";
  faces: readonly (readonly number[])[];
  planes: readonly Plane[];
  dimension: 0 | 1 | 2 | 3;
}

/** Faces of a hull in flat arrays (filled by `hullOf`, grown as needed, reusable). */
export interface HullFaces {
  /** Face loops: face f is loop[start[f] .. start[f + 1]), indices into the points. */
  loop: Int32Array;
  /** Start of each face loop in `loop` (faceCount + 1 entries). */
  start: Int32Array;
  /** Unit outward normal and offset of each face, 4 per face. */
  planes: Float64Array;
  /** Number of faces. */
  faceCount: number;
  /** Affine dimension of the points: 0 to 3. */
  dimension: number;
  /** For dimensions 0 and 1: the two extreme points' indices. */
  extremes: Int32Array;
}

/** Makes an empty `HullFaces`. */
export function makeHullFaces(): HullFaces {
  return {
    loop: new Int32Array(0),
    start: new Int32Array(1),
    planes: new Float64Array(0),
    faceCount: 0,
    dimension: 0,
    extremes: new Int32Array(2),
  };
}

let cap = 0;
let PT = new Float64Array(0); // the input points, scaled about the first one (float choices)
let owner = new Int32Array(0); // triangle whose outside set holds each point, -1 for none
let TV = new Int32Array(0); // triangle corners, 3 per triangle
let alive = new Uint8Array(0);
let nt = 0;
let EDGES = new Int32Array(0);
let ne = 0;
let GROUP = new Int32Array(0);
let DIR = new Int32Array(0); // directed boundary edges of one group: from, to
let H: HullFaces = makeHullFaces();
const SCALE = new Float64Array(1);

function grow(n: number): void {
  if (n <= cap) return;
  cap = Math.max(n, 2 * cap, 16);
  PT = new Float64Array(3 * cap);
  owner = new Int32Array(cap);
  // A hull of n points has at most 2n - 4 triangles; the working set holds dead ones too.
  TV = new Int32Array(3 * 8 * cap);
  alive = new Uint8Array(8 * cap);
  EDGES = new Int32Array(2 * 6 * cap);
  GROUP = new Int32Array(8 * cap);
  DIR = new Int32Array(2 * 6 * cap);
}

function growFaces(n: number): void {
  if (H.loop.length >= 6 * n) return;
  H.loop = new Int32Array(6 * n);
  H.start = new Int32Array(4 * n + 1);
  H.planes = new Float64Array(4 * 4 * n);
}

function orientPts(i: number, j: number, k: number, l: number, pts: readonly Vec[]): number {
  const a = pts[i]!;
  const b = pts[j]!;
  const c = pts[k]!;
  const d = pts[l]!;
  return orient3d(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z);
}

/** Exact: are the three points collinear ((b - a) x (c - a) = 0 in every projection)? */
function collinear(a: Vec, b: Vec, c: Vec): boolean {
  return (
    orient2d(a.x, a.y, b.x, b.y, c.x, c.y) === 0 &&
    orient2d(a.y, a.z, b.y, b.z, c.y, c.z) === 0 &&
    orient2d(a.z, a.x, b.z, b.x, c.z, c.x) === 0
  );
}

function sameVec(a: Vec, b: Vec): boolean {
  return a.x === b.x && a.y === b.y && a.z === b.z;
}

function addTriangle(i: number, j: number, k: number): number {
  const t = nt++;
  TV[3 * t] = i;
  TV[3 * t + 1] = j;
  TV[3 * t + 2] = k;
  alive[t] = 1;
  return t;
}

function addEdge(i: number, j: number): void {
  // An edge between two visible triangles appears once each way: drop both.
  for (let e = 0; e < ne; e++) {
    if (EDGES[2 * e] === j && EDGES[2 * e + 1] === i) {
      ne--;
      EDGES[2 * e] = EDGES[2 * ne]!;
      EDGES[2 * e + 1] = EDGES[2 * ne + 1]!;
      return;
    }
  }
  EDGES[2 * ne] = i;
  EDGES[2 * ne + 1] = j;
  ne++;
}

/** Float distance (scaled) of point p above triangle t's plane, unnormalised: for choosing only. */
function height(t: number, p: number): number {
  const i = 3 * TV[3 * t]!;
  const j = 3 * TV[3 * t + 1]!;
  const k = 3 * TV[3 * t + 2]!;
  const ux = PT[j]! - PT[i]!;
  const uy = PT[j + 1]! - PT[i + 1]!;
  const uz = PT[j + 2]! - PT[i + 2]!;
  const vx = PT[k]! - PT[i]!;
  const vy = PT[k + 1]! - PT[i + 1]!;
  const vz = PT[k + 2]! - PT[i + 2]!;
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const q = 3 * p;
  return nx * (PT[q]! - PT[i]!) + ny * (PT[q + 1]! - PT[i + 1]!) + nz * (PT[q + 2]! - PT[i + 2]!);
}

/** Gives p to the first live triangle from `from` on that it lies strictly above, exactly. */
function assign(p: number, from: number, pts: readonly Vec[]): void {
  owner[p] = -1;
  for (let t = from; t < nt; t++) {
    if (alive[t] && orientPts(TV[3 * t]!, TV[3 * t + 1]!, TV[3 * t + 2]!, p, pts) > 0) {
      owner[p] = t;
      return;
    }
  }
}

/** Writes face f's plane from the loop's Newell normal (scaled coordinates), offset the max. */
function setPlane(f: number, start: number, end: number): void {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  const o = 3 * H.loop[start]!;
  for (let s = start; s < end; s++) {
    const i = 3 * H.loop[s]!;
    const j = 3 * H.loop[s + 1 < end ? s + 1 : start]!;
    const ax = PT[i]! - PT[o]!;
    const ay = PT[i + 1]! - PT[o + 1]!;
    const az = PT[i + 2]! - PT[o + 2]!;
    const bx = PT[j]! - PT[o]!;
    const by = PT[j + 1]! - PT[o + 1]!;
    const bz = PT[j + 2]! - PT[o + 2]!;
    nx += ay * bz - az * by;
    ny += az * bx - ax * bz;
    nz += ax * by - ay * bx;
  }
  writePlane(f, nx, ny, nz, start, end);
}

const ORIGIN = new Float64Array(3);

function writePlane(
  f: number,
  nx: number,
  ny: number,
  nz: number,
  start: number,
  end: number,
): void {
  const m = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
  if (m > 0) {
    nx /= m;
    ny /= m;
    nz /= m;
  }
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const ux = len > 0 ? nx / len + 0 : 0;
  const uy = len > 0 ? ny / len + 0 : 0;
  const uz = len > 0 ? nz / len + 0 : 0;
  // Offset in the caller's units: the largest n . p over the loop, from the original points.
  let d = Number.NEGATIVE_INFINITY;
  const k = SCALE[0]!;
  for (let s = start; s < end; s++) {
    const i = 3 * H.loop[s]!;
    const h =
      ux * (PT[i]! / k + ORIGIN[0]!) +
      uy * (PT[i + 1]! / k + ORIGIN[1]!) +
      uz * (PT[i + 2]! / k + ORIGIN[2]!);
    if (h > d) d = h;
  }
  H.planes[4 * f] = ux;
  H.planes[4 * f + 1] = uy;
  H.planes[4 * f + 2] = uz;
  H.planes[4 * f + 3] = d;
}

/**
 * Computes the hull of `pts` into this module's arrays (LOOP, H.start, PLANES, H.faceCount,
 * H.dimension): quickhull with every above/below decision by exact orient3d, so coplanar,
 * collinear and repeated points never break it; coplanar triangles are merged into polygon faces
 * and corners on a face's edge dropped from its loop. Allocates only to grow its scratch arrays.
 * @see Barber, Dobkin, Huhdanpaa, "The Quickhull Algorithm for Convex Hulls", ACM TOMS 1996.
 */
export function hullOf(pts: readonly Vec[], out: HullFaces): HullFaces {
  H = out;
  const n = pts.length;
  grow(n);
  growFaces(n);
  H.faceCount = 0;
  H.start[0] = 0;
  // Scaled copies about the first point (for float choices only): differences near unit size.
  const p0 = pts[0]!;
  let span = 0;
  for (let p = 0; p < n; p++) {
    const q = pts[p]!;
    span = Math.max(span, Math.abs(q.x - p0.x), Math.abs(q.y - p0.y), Math.abs(q.z - p0.z));
  }
  const k = span > 0 && span < Number.POSITIVE_INFINITY ? rescaleFor(span) : 1;
  SCALE[0] = k;
  ORIGIN[0] = p0.x;
  ORIGIN[1] = p0.y;
  ORIGIN[2] = p0.z;
  for (let p = 0; p < n; p++) {
    const q = pts[p]!;
    PT[3 * p] = (q.x - p0.x) * k;
    PT[3 * p + 1] = (q.y - p0.y) * k;
    PT[3 * p + 2] = (q.z - p0.z) * k;
  }
  // Start: the lexicographically least point, then the farthest distinct one, the farthest off
  // their line, the farthest off their plane; exact tests confirm each step.
  let i0 = 0;
  for (let p = 1; p < n; p++) {
    const a = pts[p]!;
    const b = pts[i0]!;
    if (a.x < b.x || (a.x === b.x && (a.y < b.y || (a.y === b.y && a.z < b.z)))) i0 = p;
  }
  let i1 = -1;
  let best = -1;
  for (let p = 0; p < n; p++) {
    if (sameVec(pts[p]!, pts[i0]!)) continue;
    const dx = PT[3 * p]! - PT[3 * i0]!;
    const dy = PT[3 * p + 1]! - PT[3 * i0 + 1]!;
    const dz = PT[3 * p + 2]! - PT[3 * i0 + 2]!;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > best) {
      best = d;
      i1 = p;
    }
  }
  if (i1 < 0) {
    H.dimension = 0;
    H.extremes[0] = i0;
    H.extremes[1] = i0;
    return out;
  }
  let i2 = -1;
  best = -1;
  for (let p = 0; p < n; p++) {
    if (collinear(pts[i0]!, pts[i1]!, pts[p]!)) continue;
    const ux = PT[3 * i1]! - PT[3 * i0]!;
    const uy = PT[3 * i1 + 1]! - PT[3 * i0 + 1]!;
    const uz = PT[3 * i1 + 2]! - PT[3 * i0 + 2]!;
    const vx = PT[3 * p]! - PT[3 * i0]!;
    const vy = PT[3 * p + 1]! - PT[3 * i0 + 1]!;
    const vz = PT[3 * p + 2]! - PT[3 * i0 + 2]!;
    const cx = uy * vz - uz * vy;
    const cy = uz * vx - ux * vz;
    const cz = ux * vy - uy * vx;
    const d = cx * cx + cy * cy + cz * cz;
    if (d > best) {
      best = d;
      i2 = p;
    }
  }
  if (i2 < 0) {
    // Collinear: the extremes along the line (i0 is lexicographically least, so one end).
    H.dimension = 1;
    H.extremes[0] = i0;
    let far = i1;
    for (let p = 0; p < n; p++) {
      const a = pts[p]!;
      const b = pts[far]!;
      if (a.x > b.x || (a.x === b.x && (a.y > b.y || (a.y === b.y && a.z > b.z)))) far = p;
    }
    H.extremes[1] = far;
    return out;
  }
  nt = 0;
  addTriangle(i0, i1, i2);
  let i3 = -1;
  best = -1;
  for (let p = 0; p < n; p++) {
    if (orientPts(i0, i1, i2, p, pts) === 0) continue;
    const h = Math.abs(height(0, p));
    if (h > best) {
      best = h;
      i3 = p;
    }
  }
  if (i3 < 0) {
    flatHull(pts, i0, i1, i2);
    return out;
  }
  H.dimension = 3;
  nt = 0;
  if (orientPts(i0, i1, i2, i3, pts) > 0) {
    addTriangle(i0, i2, i1);
    addTriangle(i0, i1, i3);
    addTriangle(i1, i2, i3);
    addTriangle(i2, i0, i3);
  } else {
    addTriangle(i0, i1, i2);
    addTriangle(i0, i3, i1);
    addTriangle(i1, i3, i2);
    addTriangle(i2, i3, i0);
  }
  for (let p = 0; p < n; p++) assign(p, 0, pts);
  owner[i0] = owner[i1] = owner[i2] = owner[i3] = -1;
  for (;;) {
    // The farthest point of the first triangle that has an outside set.
    let apex = -1;
    let far = -1;
    let face = -1;
    for (let p = 0; p < n; p++) {
      const t = owner[p]!;
      if (t < 0) continue;
      if (face < 0) face = t;
      if (t !== face) continue;
      const h = height(t, p);
      if (h > far) {
        far = h;
        apex = p;
      }
    }
    if (apex < 0) break;
    // Every triangle the apex sees (exact) goes; the horizon is what is left of their edges.
    ne = 0;
    const first = nt;
    for (let t = 0; t < first; t++) {
      if (!alive[t]) continue;
      if (orientPts(TV[3 * t]!, TV[3 * t + 1]!, TV[3 * t + 2]!, apex, pts) > 0) {
        alive[t] = 0;
        addEdge(TV[3 * t]!, TV[3 * t + 1]!);
        addEdge(TV[3 * t + 1]!, TV[3 * t + 2]!);
        addEdge(TV[3 * t + 2]!, TV[3 * t]!);
      }
    }
    if (nt + ne > alive.length) compact();
    const from = nt;
    for (let e = 0; e < ne; e++) addTriangle(EDGES[2 * e]!, EDGES[2 * e + 1]!, apex);
    owner[apex] = -1;
    for (let p = 0; p < n; p++) {
      const t = owner[p]!;
      if (t >= 0 && !alive[t]) assign(p, from, pts);
    }
  }
  compact();
  mergeFaces(pts);
  return out;
}

/** Drops dead triangles (renumbering the owners) when the triangle store is full. */
function compact(): void {
  const map = GROUP;
  let w = 0;
  for (let t = 0; t < nt; t++) {
    map[t] = alive[t] ? w : -1;
    if (!alive[t]) continue;
    TV[3 * w] = TV[3 * t]!;
    TV[3 * w + 1] = TV[3 * t + 1]!;
    TV[3 * w + 2] = TV[3 * t + 2]!;
    alive[w] = 1;
    w++;
  }
  for (let p = 0; p < owner.length; p++) {
    const t = owner[p]!;
    if (t >= 0 && t < nt) owner[p] = map[t]!;
  }
  nt = w;
}

/** Index of the live triangle other than t holding the directed edge (j, i), or -1. */
function across(t: number, i: number, j: number): number {
  for (let u = 0; u < nt; u++) {
    if (u === t || !alive[u]) continue;
    for (let c = 0; c < 3; c++) {
      if (TV[3 * u + c] === j && TV[3 * u + ((c + 1) % 3)] === i) return u;
    }
  }
  return -1;
}

function root(t: number): number {
  let r = t;
  while (GROUP[r] !== r) r = GROUP[r]!;
  return r;
}

/** Groups exactly coplanar neighbouring triangles and writes each group's boundary loop. */
function mergeFaces(pts: readonly Vec[]): void {
  for (let t = 0; t < nt; t++) GROUP[t] = t;
  for (let t = 0; t < nt; t++) {
    if (!alive[t]) continue;
    for (let c = 0; c < 3; c++) {
      const i = TV[3 * t + c]!;
      const j = TV[3 * t + ((c + 1) % 3)]!;
      const u = across(t, i, j);
      if (u < 0) continue;
      // u's corner off the shared edge lies in t's plane: one face.
      let o = -1;
      for (let d = 0; d < 3; d++) {
        const v = TV[3 * u + d]!;
        if (v !== i && v !== j) o = v;
      }
      if (orientPts(TV[3 * t]!, TV[3 * t + 1]!, TV[3 * t + 2]!, o, pts) === 0) {
        const a = root(t);
        const b = root(u);
        if (a !== b) GROUP[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }
  let at = 0;
  for (let g = 0; g < nt; g++) {
    if (!alive[g] || root(g) !== g) continue;
    // The group's directed edges whose reverse is not in the group form its boundary loop.
    let nd = 0;
    for (let t = g; t < nt; t++) {
      if (!alive[t] || root(t) !== g) continue;
      for (let c = 0; c < 3; c++) {
        const i = TV[3 * t + c]!;
        const j = TV[3 * t + ((c + 1) % 3)]!;
        let inner = false;
        for (let e = 0; e < nd; e++) {
          if (DIR[2 * e] === j && DIR[2 * e + 1] === i) {
            nd--;
            DIR[2 * e] = DIR[2 * nd]!;
            DIR[2 * e + 1] = DIR[2 * nd + 1]!;
            inner = true;
            break;
          }
        }
        if (!inner) {
          DIR[2 * nd] = i;
          DIR[2 * nd + 1] = j;
          nd++;
        }
      }
    }
    const start = at;
    let v = DIR[0]!;
    for (let s = 0; s < nd; s++) {
      H.loop[at++] = v;
      let next = -1;
      for (let e = 0; e < nd; e++) {
        if (DIR[2 * e] === v) {
          next = DIR[2 * e + 1]!;
          break;
        }
      }
      v = next;
      if (v === H.loop[start]) break;
    }
    at = dropCollinear(start, at, pts);
    setPlane(H.faceCount, start, at);
    H.faceCount++;
    H.start[H.faceCount] = at;
  }
}

/** Removes loop corners that lie on the segment between their neighbours (exact). */
function dropCollinear(start: number, end: number, pts: readonly Vec[]): number {
  let count = end - start;
  let removed = true;
  while (removed && count > 3) {
    removed = false;
    for (let s = 0; s < count && count > 3; s++) {
      const prev = H.loop[start + ((s + count - 1) % count)]!;
      const cur = H.loop[start + s]!;
      const next = H.loop[start + ((s + 1) % count)]!;
      if (!collinear(pts[prev]!, pts[cur]!, pts[next]!)) continue;
      for (let r = start + s; r < start + count - 1; r++) H.loop[r] = H.loop[r + 1]!;
      count--;
      removed = true;
    }
  }
  return start + count;
}

/** A flat hull: the 2D hull of the coplanar points in a projection that keeps orientation. */
function flatHull(pts: readonly Vec[], i0: number, i1: number, i2: number): void {
  H.dimension = 2;
  const a = pts[i0]!;
  const b = pts[i1]!;
  const c = pts[i2]!;
  // Drop the axis whose projection of (i0, i1, i2) is not collinear: orientation there is exact.
  let axis = 2;
  let sign = orient2d(a.x, a.y, b.x, b.y, c.x, c.y);
  if (sign === 0) {
    axis = 0;
    sign = orient2d(a.y, a.z, b.y, b.z, c.y, c.z);
  }
  if (sign === 0) {
    axis = 1;
    sign = orient2d(a.z, a.x, b.z, b.x, c.z, c.x);
  }
  // Gift wrapping from the point least in the projection's coordinates (a corner).
  const n = pts.length;
  let start = 0;
  for (let p = 1; p < n; p++) {
    const q = pts[p]!;
    const s = pts[start]!;
    const qu = axis === 2 ? q.x : axis === 0 ? q.y : q.z;
    const qv = axis === 2 ? q.y : axis === 0 ? q.z : q.x;
    const su = axis === 2 ? s.x : axis === 0 ? s.y : s.z;
    const sv = axis === 2 ? s.y : axis === 0 ? s.z : s.x;
    if (qu < su || (qu === su && qv < sv)) start = p;
  }
  let at = 0;
  let cur = start;
  for (let guard = 0; guard <= n; guard++) {
    H.loop[at++] = cur;
    // The next corner: every other point on its left (counter-clockwise in the projection);
    // among collinear candidates the farthest.
    let next = -1;
    for (let p = 0; p < n; p++) {
      if (sameVec(pts[p]!, pts[cur]!)) continue;
      if (next < 0) {
        next = p;
        continue;
      }
      const s = orientProjected(pts[cur]!, pts[next]!, pts[p]!, axis);
      if (s < 0 || (s === 0 && farther(pts[cur]!, pts[p]!, pts[next]!))) next = p;
    }
    if (next < 0 || sameVec(pts[next]!, pts[start]!)) break;
    cur = next;
  }
  // The loop runs counter-clockwise in the projection; seen from outside along the plane's
  // normal (b - a) x (c - a) that is counter-clockwise when the projection kept orientation.
  const ux = PT[3 * i1]! - PT[3 * i0]!;
  const uy = PT[3 * i1 + 1]! - PT[3 * i0 + 1]!;
  const uz = PT[3 * i1 + 2]! - PT[3 * i0 + 2]!;
  const vx = PT[3 * i2]! - PT[3 * i0]!;
  const vy = PT[3 * i2 + 1]! - PT[3 * i0 + 1]!;
  const vz = PT[3 * i2 + 2]! - PT[3 * i0 + 2]!;
  let nx = uy * vz - uz * vy;
  let ny = uz * vx - ux * vz;
  let nz = ux * vy - uy * vx;
  // The loop turns counter-clockwise in the projection, so about the normal whose component on
  // the dropped axis is positive (that component has the projected orientation's sign).
  if (sign < 0) {
    nx = -nx;
    ny = -ny;
    nz = -nz;
  }
  const count = at;
  H.start[0] = 0;
  writePlane(0, nx, ny, nz, 0, count);
  H.start[1] = count;
  // The back face: the same loop reversed.
  for (let s = 0; s < count; s++) H.loop[count + s] = H.loop[count - 1 - s]!;
  writePlane(1, -nx, -ny, -nz, count, 2 * count);
  H.start[2] = 2 * count;
  H.faceCount = 2;
}

function orientProjected(a: Vec, b: Vec, c: Vec, axis: number): number {
  if (axis === 2) return orient2d(a.x, a.y, b.x, b.y, c.x, c.y);
  if (axis === 0) return orient2d(a.y, a.z, b.y, b.z, c.y, c.z);
  return orient2d(a.z, a.x, b.z, b.x, c.z, c.x);
}

/** Is p farther from o than q (both on one ray from o)? Compared by coordinates: exact. */
function farther(o: Vec, p: Vec, q: Vec): boolean {
  return (
    Math.abs(p.x - o.x) > Math.abs(q.x - o.x) ||
    Math.abs(p.y - o.y) > Math.abs(q.y - o.y) ||
    Math.abs(p.z - o.z) > Math.abs(q.z - o.z)
  );
}

/**
 * The convex hull of `points` (at least 1) with its faces: quickhull with exact orientation, so
 * coplanar, collinear and repeated points never break it. A flat input gives two faces (the
 * polygon each way round), a collinear one or a single point none. The points are copied.
 * @see Barber, Dobkin, Huhdanpaa, "The Quickhull Algorithm for Convex Hulls", ACM TOMS 1996.
 */
export function convexHull(points: readonly Vec[]): ConvexHull {
  const base = makeHull(points);
  const h = hullOf(base.points, makeHullFaces());
  const faces: number[][] = [];
  const planes: Plane[] = [];
  for (let f = 0; f < h.faceCount; f++) {
    const loop: number[] = [];
    for (let s = h.start[f]!; s < h.start[f + 1]!; s++) loop.push(h.loop[s]!);
    faces.push(loop);
    planes.push({
      normal: { x: h.planes[4 * f]!, y: h.planes[4 * f + 1]!, z: h.planes[4 * f + 2]! },
      offset: h.planes[4 * f + 3]!,
    });
  }
  return {
    kind: "hull",
    points: base.points,
    faces,
    planes,
    dimension: h.dimension as 0 | 1 | 2 | 3,
  };
}
