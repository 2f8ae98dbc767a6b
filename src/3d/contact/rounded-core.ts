/**
 * The contact engine for a rounded segment core (a capsule; a sphere when its ends coincide)
 * against a polytope core (a parallelepiped: aabb or box; or a triangle), in coordinates relative
 * to an origin so that offsets cost no precision.
 *
 * - Separating axes of the Minkowski difference: the polytope's face normals and the segment's
 *   direction crossed with the polytope's edges. When the cores overlap, the least overlap over
 *   these (which are all its facet normals) is the cores' penetration depth, and the radii add.
 * - Cores apart: GJK's closest points give the distance; when a face normal of the polytope
 *   carries that distance (face contact) the face normal is used instead, which is exact in
 *   direction where a difference of nearly equal points would be noise.
 * - Face contact: the segment is clipped to the face's side planes (Sutherland-Hodgman on a
 *   segment): two points when it lies along the face, else one. Edge contact: one point, where
 *   the cores are nearest (GJK).
 * Depths include both radii; each point lies midway between the two surfaces.
 * @see Catto, "Contact Manifolds", GDC 2007 (reference face, clipping); Gregorius, "The Separating
 * Axis Test between Convex Polyhedra", GDC 2013 (face and edge axes); Ericson, Real-Time Collision
 * Detection, §5.1.9 (closest points of two segments).
 */
import { anyPerpendicular3 } from "../../math/vec3.ts";
import { type GjkResult, gjkDistance, makeGjkResult } from "../convex/gjk.ts";
import { makeProxy } from "../convex/proxy.ts";
import type { Contact } from "../results.ts";
import type { Vec } from "../shapes.ts";

/** Core B is the parallelepiped o + sum u_i a_i (|u_i| <= 1): POLY holds o, a0, a1, a2. */
export const B_PAR = 0;
/** Core B is an axis-aligned box, held as B_PAR (center, diagonal half axes); its face normals
 * and edges are the coordinate axes even where an extent is 0. */
export const B_AABB = 2;
/** Core B is the triangle p0 p1 p2: POLY holds p0, p1, p2. */
export const B_TRI = 1;

/** A's segment (s0, s1), relative to ORIGIN, then A's radius (6). */
export const SEG: Float64Array = new Float64Array(7);
/** B's core data, relative to ORIGIN (see B_PAR, B_AABB, B_TRI). */
export const POLY: Float64Array = new Float64Array(12);
/** The origin every local coordinate is relative to (added back to the contact points). */
export const ORIGIN: Float64Array = new Float64Array(3);

const VERT = new Float64Array(24);
let nVert = 0;
// Best axis: normal (from A to B), overlap of the cores along it (negative: a gap).
const BEST = new Float64Array(4);
let bestKind = -1; // -1 none, 0..2 face index, 3..5 edge index + 3
const N = { x: 0, y: 0, z: 0 };
const G: GjkResult = makeGjkResult();
const PA = makeProxy(2);
const PB = makeProxy(8);
const T = new Float64Array(2);
/** The edge-axis slack (0). Doubles cross calls in Float64Arrays: an argument or a module-level
 * `let` that V8 does not keep unboxed is a fresh heap number per call. */
const SC = new Float64Array(1);
/** A point (0..2, relative to ORIGIN) and its depth (3) for `emit`. */
const PT = new Float64Array(4);
/** `clipPlane`'s plane: normal w (0..2) and a point c on it (3..5). */
const CP = new Float64Array(6);
/** `unitCross`'s input: u (0..2) and v (3..5). */
export const UV: Float64Array = new Float64Array(6);

function loadVerts(kind: number): void {
  const p = POLY;
  if (kind === B_TRI) {
    for (let i = 0; i < 9; i++) VERT[i] = p[i]!;
    nVert = 3;
    return;
  }
  for (let c = 0; c < 8; c++) {
    const su = c & 1 ? 1 : -1;
    const sv = c & 2 ? 1 : -1;
    const sw = c & 4 ? 1 : -1;
    for (let k = 0; k < 3; k++) {
      VERT[3 * c + k] = p[k]! + su * p[3 + k]! + sv * p[6 + k]! + sw * p[9 + k]!;
    }
  }
  nVert = 8;
}

/** Unit normal of B's face pair f into N; false when it is zero (a degenerate face). */
function faceNormal(kind: number, f: number): boolean {
  if (kind === B_AABB) {
    N.x = f === 0 ? 1 : 0;
    N.y = f === 1 ? 1 : 0;
    N.z = f === 2 ? 1 : 0;
    return true;
  }
  const p = POLY;
  if (kind === B_TRI) {
    for (let i = 0; i < 3; i++) {
      UV[i] = p[3 + i]! - p[i]!;
      UV[3 + i] = p[6 + i]! - p[i]!;
    }
  } else {
    const j = 3 + 3 * ((f + 1) % 3);
    const k = 3 + 3 * ((f + 2) % 3);
    for (let i = 0; i < 3; i++) {
      UV[i] = p[j + i]!;
      UV[3 + i] = p[k + i]!;
    }
  }
  return unitCross(UV, N);
}

/**
 * out = unit (u x v) for u = w[0..2], v = w[3..5], computed after scaling each by its largest
 * component (then normalised as `normalize3` does); false when zero.
 */
export function unitCross(w: Float64Array, out: Vec): boolean {
  let ux = w[0]!;
  let uy = w[1]!;
  let uz = w[2]!;
  let vx = w[3]!;
  let vy = w[4]!;
  let vz = w[5]!;
  const mu = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz));
  const mv = Math.max(Math.abs(vx), Math.abs(vy), Math.abs(vz));
  if (mu === 0 || mv === 0) return false;
  ux /= mu;
  uy /= mu;
  uz /= mu;
  vx /= mv;
  vy /= mv;
  vz /= mv;
  // normalize3, written out: its double arguments would be boxed when it is not inlined.
  let x = uy * vz - uz * vy;
  let y = uz * vx - ux * vz;
  let z = ux * vy - uy * vx;
  let n2 = x * x + y * y + z * z;
  if (!(n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301)) {
    const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    if (m === 0) return false;
    x /= m;
    y /= m;
    z /= m;
    n2 = x * x + y * y + z * z;
  }
  const inv = 1 / Math.sqrt(n2);
  out.x = x * inv + 0;
  out.y = y * inv + 0;
  out.z = z * inv + 0;
  return true;
}

/** Direction of B's edge e (not normalised) into EDGE. */
const EDGE = new Float64Array(3);
function edgeDir(kind: number, e: number): void {
  if (kind === B_AABB) {
    EDGE[0] = e === 0 ? 1 : 0;
    EDGE[1] = e === 1 ? 1 : 0;
    EDGE[2] = e === 2 ? 1 : 0;
    return;
  }
  const p = POLY;
  if (kind === B_TRI) {
    const i = 3 * e;
    const j = 3 * ((e + 1) % 3);
    EDGE[0] = p[j]! - p[i]!;
    EDGE[1] = p[j + 1]! - p[i + 1]!;
    EDGE[2] = p[j + 2]! - p[i + 2]!;
  } else {
    EDGE[0] = p[3 + 3 * e]!;
    EDGE[1] = p[4 + 3 * e]!;
    EDGE[2] = p[5 + 3 * e]!;
  }
}

/**
 * Overlap along N of A's segment and B's vertices, both signs; keeps the least in BEST (by more
 * than SC[0] when `withSlack`).
 */
function tryAxis(kind: number, withSlack: boolean): void {
  const slack = withSlack ? SC[0]! : 0;
  const nx = N.x;
  const ny = N.y;
  const nz = N.z;
  const a0 = nx * SEG[0]! + ny * SEG[1]! + nz * SEG[2]!;
  const a1 = nx * SEG[3]! + ny * SEG[4]! + nz * SEG[5]!;
  const minA = Math.min(a0, a1);
  const maxA = Math.max(a0, a1);
  let minB = Number.POSITIVE_INFINITY;
  let maxB = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < nVert; i++) {
    const v = nx * VERT[3 * i]! + ny * VERT[3 * i + 1]! + nz * VERT[3 * i + 2]!;
    if (v < minB) minB = v;
    if (v > maxB) maxB = v;
  }
  // Pushing B along +N by maxA - minB, or along -N by maxB - minA, separates the cores.
  const up = maxA - minB;
  const down = maxB - minA;
  const o = Math.min(up, down);
  if (bestKind < 0 || o < BEST[3]! - slack) {
    const s = up <= down ? 1 : -1;
    BEST[0] = s * nx;
    BEST[1] = s * ny;
    BEST[2] = s * nz;
    BEST[3] = o;
    bestKind = kind;
  }
}

/** Writes PT (a local point and its depth) as out's point k, moved back by ORIGIN. */
function emit(out: Contact, k: number): void {
  const p = out.points[k]!;
  p.point.x = PT[0]! + ORIGIN[0]!;
  p.point.y = PT[1]! + ORIGIN[1]!;
  p.point.z = PT[2]! + ORIGIN[2]!;
  p.depth = PT[3]!;
}

/**
 * Fills `out` (normal, depth, points; not the containment flags) with the contact of A's segment
 * SEG grown by A's radius SEG[6] and B's core POLY of `kind`, which touch (the caller decided
 * that exactly); `coresMeet` says (exactly) whether the cores themselves touch.
 */
export function segmentPolytopeContact(kind: number, coresMeet: boolean, out: Contact): Contact {
  loadVerts(kind);
  const ra = SEG[6]!;
  // The problem's scale: the largest local coordinate, plus the radius.
  let scale = 0;
  for (let i = 0; i < 6; i++) scale = Math.max(scale, Math.abs(SEG[i]!));
  for (let i = 0; i < 3 * nVert; i++) scale = Math.max(scale, Math.abs(VERT[i]!));
  scale = scale + ra + 0;
  const slack = 2 ** -30 * scale;
  SC[0] = slack;
  const R = ra + 0;
  const ux = SEG[3]! - SEG[0]!;
  const uy = SEG[4]! - SEG[1]!;
  const uz = SEG[5]! - SEG[2]!;
  bestKind = -1;
  const faces = kind === B_TRI ? 1 : 3;
  for (let f = 0; f < faces; f++) if (faceNormal(kind, f)) tryAxis(f, false);
  const faceBest = bestKind;
  // Edge axes must beat the faces by a margin, so a tie keeps the face (and its manifold).
  for (let e = 0; e < 3; e++) {
    edgeDir(kind, e);
    UV[0] = ux;
    UV[1] = uy;
    UV[2] = uz;
    UV[3] = EDGE[0]!;
    UV[4] = EDGE[1]!;
    UV[5] = EDGE[2]!;
    if (unitCross(UV, N)) tryAxis(3 + e, faceBest >= 0);
  }
  if (!coresMeet) {
    loadProxies();
    gjkDistance(PA, PB, G);
    const gap = G.distance;
    // An axis whose separation is the distance gives the direction exactly; so does any axis
    // when the gap is at rounding level (a difference of nearly equal points is noise there).
    const axisCarries = bestKind >= 0 && (-BEST[3]! >= gap - slack - 1e-9 * gap || gap <= slack);
    if (!axisCarries && gap > 0) {
      // Nearest at an edge or corner: along the line between the closest core points.
      const n = out.normal;
      n.x = G.normal.x;
      n.y = G.normal.y;
      n.z = G.normal.z;
      out.depth = Math.max(0, R - gap);
      return nearestAtG(out);
    }
  }
  if (bestKind < 0) return noAxis(kind, out);
  const nx = BEST[0]!;
  const ny = BEST[1]!;
  const nz = BEST[2]!;
  const overlap = coresMeet ? Math.max(0, BEST[3]!) : BEST[3]!;
  const depth = Math.max(0, R + overlap);
  out.normal.x = nx;
  out.normal.y = ny;
  out.normal.z = nz;
  out.depth = depth;
  // B's supporting value along n: its face toward A.
  let minB = Number.POSITIVE_INFINITY;
  for (let i = 0; i < nVert; i++) {
    minB = Math.min(minB, nx * VERT[3 * i]! + ny * VERT[3 * i + 1]! + nz * VERT[3 * i + 2]!);
  }
  if (bestKind < 3) {
    if (clipToFace(kind, bestKind)) {
      let count = 0;
      const twoEnds = T[0] !== T[1] && (ux !== 0 || uy !== 0 || uz !== 0);
      for (let k = 0; k < (twoEnds ? 2 : 1); k++) {
        const t = T[k]!;
        const px = SEG[0]! + t * ux;
        const py = SEG[1]! + t * uy;
        const pz = SEG[2]! + t * uz;
        const d = nx * px + ny * py + nz * pz - minB + R;
        if (d < 0) continue;
        const m = ra - d / 2;
        PT[0] = px + m * nx;
        PT[1] = py + m * ny;
        PT[2] = pz + m * nz;
        PT[3] = d;
        emit(out, count++);
      }
      if (count > 0) {
        out.count = count;
        return out;
      }
    }
    // Nothing of the segment over the face (or no point deep enough): the cores' closest or
    // shared point.
    return nearestPoint(out);
  }
  // Edge axis: one point, where the cores are nearest (or shared).
  return nearestPoint(out);
}

/** One point at GJK's point of A's core nearest B's, with the contact's normal and depth. */
function nearestPoint(out: Contact): Contact {
  loadProxies();
  gjkDistance(PA, PB, G);
  return nearestAtG(out);
}

/** One point: G's point of A's core moved along out's normal to midway at out's depth. */
function nearestAtG(out: Contact): Contact {
  const n = out.normal;
  const depth = out.depth;
  const m = SEG[6]! - depth / 2;
  PT[0] = G.pointA.x + m * n.x;
  PT[1] = G.pointA.y + m * n.y;
  PT[2] = G.pointA.z + m * n.z;
  PT[3] = depth;
  emit(out, 0);
  out.count = 1;
  return out;
}

/** Cores meet and no axis exists (all directions degenerate): any perpendicular, depth R. */
function noAxis(kind: number, out: Contact): Contact {
  const n = out.normal;
  const ux = SEG[3]! - SEG[0]!;
  const uy = SEG[4]! - SEG[1]!;
  const uz = SEG[5]! - SEG[2]!;
  if (ux !== 0 || uy !== 0 || uz !== 0) anyPerpendicular3(ux, uy, uz, n);
  else {
    // The segment is a point: perpendicular to B's longest edge when it has one.
    let best = 0;
    let ex = 0;
    let ey = 0;
    let ez = 0;
    for (let e = 0; e < 3; e++) {
      edgeDir(kind, e);
      const l = Math.abs(EDGE[0]!) + Math.abs(EDGE[1]!) + Math.abs(EDGE[2]!);
      if (l > best) {
        best = l;
        ex = EDGE[0]!;
        ey = EDGE[1]!;
        ez = EDGE[2]!;
      }
    }
    if (best > 0) anyPerpendicular3(ex, ey, ez, n);
    else {
      n.x = 1;
      n.y = 0;
      n.z = 0;
    }
  }
  out.depth = SEG[6]! + 0;
  return nearestPoint(out);
}

function loadProxies(): void {
  PA.count = 2;
  PA.radius = 0;
  for (let i = 0; i < 6; i++) PA.xyz[i] = SEG[i]!;
  PB.count = nVert;
  PB.radius = 0;
  for (let i = 0; i < 3 * nVert; i++) PB.xyz[i] = VERT[i]!;
}

/**
 * Parameters (s on p, t on q) of the closest points of the segments p = (p0, p1) and q = (q0, q1)
 * (6 numbers each) into `out`, clamped to [0, 1] (Ericson §5.1.9). The differences are scaled by
 * a power of two first, so the products neither overflow nor underflow.
 */
export function closestParams(p: Float64Array, q: Float64Array, out: Float64Array): void {
  let m = 0;
  for (let i = 0; i < 6; i++) m = Math.max(m, Math.abs(p[i]!), Math.abs(q[i]!));
  // Degree-4 products: keep m within [2^-200, 2^200].
  const k = m > 0 && (m > 2 ** 200 || m < 2 ** -200) ? 2 ** -Math.floor(Math.log2(m)) : 1;
  const d1x = (p[3]! - p[0]!) * k;
  const d1y = (p[4]! - p[1]!) * k;
  const d1z = (p[5]! - p[2]!) * k;
  const d2x = (q[3]! - q[0]!) * k;
  const d2y = (q[4]! - q[1]!) * k;
  const d2z = (q[5]! - q[2]!) * k;
  const rx = (p[0]! - q[0]!) * k;
  const ry = (p[1]! - q[1]!) * k;
  const rz = (p[2]! - q[2]!) * k;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  let s = 0;
  let t = 0;
  if (a > 0 && e > 0) {
    const c = d1x * rx + d1y * ry + d1z * rz;
    const b = d1x * d2x + d1y * d2y + d1z * d2z;
    const den = a * e - b * b;
    // Clamps to [0, 1] written out: a call not inlined boxes the double it takes and returns.
    s = den > 0 ? (b * f - c * e) / den : 0;
    s = s > 1 ? 1 : s > 0 ? s : 0;
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = -c / a;
      s = s > 1 ? 1 : s > 0 ? s : 0;
    } else if (t > 1) {
      t = 1;
      s = (b - c) / a;
      s = s > 1 ? 1 : s > 0 ? s : 0;
    }
  } else if (a > 0) {
    s = -(d1x * rx + d1y * ry + d1z * rz) / a;
    s = s > 1 ? 1 : s > 0 ? s : 0;
  } else if (e > 0) {
    t = f / e;
  }
  out[0] = s;
  out[1] = t > 1 ? 1 : t > 0 ? t : 0;
}

/**
 * Clips A's segment to the side planes of B's face whose outward normal is -n (n = BEST's
 * normal: the face toward A), writing the kept parameter range into T; false when nothing is left.
 */
function clipToFace(kind: number, f: number): boolean {
  const nx = BEST[0]!;
  const ny = BEST[1]!;
  const nz = BEST[2]!;
  T[0] = 0;
  T[1] = 1;
  const p = POLY;
  if (kind === B_TRI) {
    // Side planes through each edge, normal (edge x n) turned away from the third corner.
    for (let e = 0; e < 3; e++) {
      const i = 3 * e;
      const j = 3 * ((e + 1) % 3);
      const k = 3 * ((e + 2) % 3);
      const ex = p[j]! - p[i]!;
      const ey = p[j + 1]! - p[i + 1]!;
      const ez = p[j + 2]! - p[i + 2]!;
      let wx = ey * nz - ez * ny;
      let wy = ez * nx - ex * nz;
      let wz = ex * ny - ey * nx;
      if (wx * (p[k]! - p[i]!) + wy * (p[k + 1]! - p[i + 1]!) + wz * (p[k + 2]! - p[i + 2]!) > 0) {
        wx = -wx;
        wy = -wy;
        wz = -wz;
      }
      CP[0] = wx;
      CP[1] = wy;
      CP[2] = wz;
      CP[3] = p[i]!;
      CP[4] = p[i + 1]!;
      CP[5] = p[i + 2]!;
      if (!clipPlane()) return false;
    }
    return true;
  }
  // The face u_f = s (s = -sign(n . a_f)): side planes u_g = +-1 for the other two axes, each
  // with normal (n x a_h) turned toward a_g, through o + s a_f +- a_g.
  const af = 3 + 3 * f;
  const s = nx * p[af]! + ny * p[af + 1]! + nz * p[af + 2]! > 0 ? -1 : 1;
  for (let q = 1; q <= 2; q++) {
    const g = 3 + 3 * ((f + q) % 3);
    const h = 3 + 3 * ((f + 3 - q) % 3);
    // Along the edge direction h (the unit axis for an aabb, which may have zero extent).
    const hIdx = (h - 3) / 3;
    const hx = kind === B_AABB ? (hIdx === 0 ? 1 : 0) : p[h]!;
    const hy = kind === B_AABB ? (hIdx === 1 ? 1 : 0) : p[h + 1]!;
    const hz = kind === B_AABB ? (hIdx === 2 ? 1 : 0) : p[h + 2]!;
    const gIdx = (g - 3) / 3;
    const gx = kind === B_AABB ? (gIdx === 0 ? 1 : 0) : p[g]!;
    const gy = kind === B_AABB ? (gIdx === 1 ? 1 : 0) : p[g + 1]!;
    const gz = kind === B_AABB ? (gIdx === 2 ? 1 : 0) : p[g + 2]!;
    let wx = ny * hz - nz * hy;
    let wy = nz * hx - nx * hz;
    let wz = nx * hy - ny * hx;
    if (wx * gx + wy * gy + wz * gz < 0) {
      wx = -wx;
      wy = -wy;
      wz = -wz;
    }
    for (let side = -1; side <= 1; side += 2) {
      const cx = p[0]! + s * p[af]! + side * p[g]!;
      const cy = p[1]! + s * p[af + 1]! + side * p[g + 1]!;
      const cz = p[2]! + s * p[af + 2]! + side * p[g + 2]!;
      CP[0] = side * wx;
      CP[1] = side * wy;
      CP[2] = side * wz;
      CP[3] = cx;
      CP[4] = cy;
      CP[5] = cz;
      if (!clipPlane()) return false;
    }
  }
  return true;
}

/** Keeps the part of T where w . (x(t) - c) <= 0 (w, c in CP) along A's segment; false when empty. */
function clipPlane(): boolean {
  const wx = CP[0]!;
  const wy = CP[1]!;
  const wz = CP[2]!;
  const cx = CP[3]!;
  const cy = CP[4]!;
  const cz = CP[5]!;
  if (wx === 0 && wy === 0 && wz === 0) return true;
  const f0 = wx * (SEG[0]! - cx) + wy * (SEG[1]! - cy) + wz * (SEG[2]! - cz);
  const f1 = wx * (SEG[3]! - cx) + wy * (SEG[4]! - cy) + wz * (SEG[5]! - cz);
  if (f0 > 0 && f1 > 0) return false;
  if (f0 > 0) T[0] = Math.max(T[0]!, f0 / (f0 - f1));
  else if (f1 > 0) T[1] = Math.min(T[1]!, f0 / (f0 - f1));
  if (T[0]! > T[1]!) {
    // A single touching point can come out as an empty range by rounding.
    if (T[0]! - T[1]! > 2 ** -40) return false;
    T[0] = T[1] = (T[0]! + T[1]!) / 2;
  }
  return true;
}

/** Writes v - ORIGIN into `arr` at `at`. */
export function putLocal(arr: Float64Array, at: number, v: Vec): void {
  arr[at] = v.x - ORIGIN[0]!;
  arr[at + 1] = v.y - ORIGIN[1]!;
  arr[at + 2] = v.z - ORIGIN[2]!;
}
