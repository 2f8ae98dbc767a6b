import type { Contact } from "../results.ts";
import { FRAME, type Poly } from "./poly-shape.ts";

/*
 * The contact manifold of two touching polytopes (the callers decide "touching" exactly). The
 * axis of least overlap among the face normals of both and the cross products of their edges
 * (separating axis test), faces preferred over edge pairs unless an edge pair is clearly shallower;
 * a face axis gives a reference face on its owner and the most anti-parallel incident face on the
 * other, clipped by the reference face's side planes (Sutherland-Hodgman) and cut to 4 points
 * (the deepest, the farthest from it, then the largest triangle and quadrilateral); an edge pair
 * gives the midpoint of the edges' closest points. Depths are clamped at 0 (touching).
 * @see Gregorius, "The Separating Axis Test between Convex Polyhedra", GDC 2013; Ericson,
 * Real-Time Collision Detection, §5.1.9 (closest points of segments) and §8.3 (clipping).
 */

const N = new Float64Array(3);
// Best axis: overlap, normal (from A to B), plus owner/feature in the lets below.
const BEST = new Float64Array(4);
// Clipping buffers: up to 64 points x y z each.
const CAP = 64;
let CLIP_A = new Float64Array(3 * CAP);
let CLIP_B = new Float64Array(3 * CAP);
// Kept points: x y z depth.
const KEEP = new Float64Array(4 * CAP);
const SEG = new Float64Array(6);

function support(p: Poly, nx: number, ny: number, nz: number): number {
  let h = Number.NEGATIVE_INFINITY;
  const v = p.v;
  for (let i = 0; i < p.nv; i++) {
    const d = nx * v[3 * i]! + ny * v[3 * i + 1]! + nz * v[3 * i + 2]!;
    if (d > h) h = d;
  }
  return h;
}

/**
 * Fills `out` (normal, depth, points, count; not the containment flags) for polytopes A and B in
 * the frame of poly-shape.ts, which are known to touch. Returns `out`.
 */
export function polyManifold(a: Poly, b: Poly, out: Contact): Contact {
  const k = FRAME[3]!;
  let span = 0;
  for (let i = 0; i < 3 * a.nv; i++) span = Math.max(span, Math.abs(a.v[i]!));
  for (let i = 0; i < 3 * b.nv; i++) span = Math.max(span, Math.abs(b.v[i]!));
  BEST[0] = Number.POSITIVE_INFINITY;
  let owner = -1;
  let feature = -1;
  if (FORCE[3] === 1) {
    forcedFace(a, b, out);
    return out;
  }
  // Face normals of A: B must move along n by A's offset minus B's lowest point.
  for (let f = 0; f < a.faces; f++) {
    const nx = a.planes[4 * f]!;
    const ny = a.planes[4 * f + 1]!;
    const nz = a.planes[4 * f + 2]!;
    if (nx === 0 && ny === 0 && nz === 0) continue;
    let low = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 3 * b.nv; k += 3) {
      const h = nx * b.v[k]! + ny * b.v[k + 1]! + nz * b.v[k + 2]!;
      if (h < low) low = h;
    }
    const o = a.planes[4 * f + 3]! - low;
    if (o < BEST[0]!) {
      BEST[0] = o;
      BEST[1] = nx;
      BEST[2] = ny;
      BEST[3] = nz;
      owner = 0;
      feature = f;
    }
  }
  // Face normals of B (B leaves along minus them); a tie keeps A's face.
  const faceBias = 1e-12 * span;
  for (let f = 0; f < b.faces; f++) {
    const nx = b.planes[4 * f]!;
    const ny = b.planes[4 * f + 1]!;
    const nz = b.planes[4 * f + 2]!;
    if (nx === 0 && ny === 0 && nz === 0) continue;
    let low = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 3 * a.nv; k += 3) {
      const h = nx * a.v[k]! + ny * a.v[k + 1]! + nz * a.v[k + 2]!;
      if (h < low) low = h;
    }
    const o = b.planes[4 * f + 3]! - low;
    if (o < BEST[0]! - faceBias) {
      BEST[0] = o;
      BEST[1] = -nx;
      BEST[2] = -ny;
      BEST[3] = -nz;
      owner = 1;
      feature = f;
    }
  }
  // Edge pairs: an axis e_a x e_b counts only with both edges supporting along it (so the pair
  // is the Minkowski face the axis came from); it must beat the faces clearly.
  const faceBest = BEST[0]!;
  const edgeMargin = 1e-9 * span;
  let edgeA = -1;
  let edgeB = -1;
  let edgeBest = Number.POSITIVE_INFINITY;
  const av = a.v;
  const bv = b.v;
  for (let i = 0; i < a.ne; i++) {
    const a0 = 3 * a.edges[2 * i]!;
    const a1 = 3 * a.edges[2 * i + 1]!;
    const ex = av[a1]! - av[a0]!;
    const ey = av[a1 + 1]! - av[a0 + 1]!;
    const ez = av[a1 + 2]! - av[a0 + 2]!;
    const el = Math.sqrt(ex * ex + ey * ey + ez * ez);
    if (!(el > 0)) continue;
    for (let j = 0; j < b.ne; j++) {
      const b0 = 3 * b.edges[2 * j]!;
      const b1 = 3 * b.edges[2 * j + 1]!;
      const fx = bv[b1]! - bv[b0]!;
      const fy = bv[b1 + 1]! - bv[b0 + 1]!;
      const fz = bv[b1 + 2]! - bv[b0 + 2]!;
      let nx = ey * fz - ez * fy;
      let ny = ez * fx - ex * fz;
      let nz = ex * fy - ey * fx;
      const fl = Math.sqrt(fx * fx + fy * fy + fz * fz);
      const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
      // Nearly parallel edges: the face axes cover them.
      if (!(nl > 1e-6 * el * fl)) continue;
      nx /= nl;
      ny /= nl;
      nz /= nl;
      // Orient n from A to B: A's edge must be extreme along s n and B's along -s n. Scans
      // stop as soon as a vertex lies beyond the edge on both sides (most pairs, at once).
      const ha = nx * av[a0]! + ny * av[a0 + 1]! + nz * av[a0 + 2]!;
      const hb = nx * bv[b0]! + ny * bv[b0 + 1]! + nz * bv[b0 + 2]!;
      const tol = 1e-12 * span;
      let aAbove = false;
      let aBelow = false;
      for (let k = 0; k < 3 * a.nv && !(aAbove && aBelow); k += 3) {
        const d = nx * av[k]! + ny * av[k + 1]! + nz * av[k + 2]! - ha;
        if (d > tol) aAbove = true;
        else if (d < -tol) aBelow = true;
      }
      if (aAbove && aBelow) continue;
      let bAbove = false;
      let bBelow = false;
      for (let k = 0; k < 3 * b.nv && !(bAbove && bBelow); k += 3) {
        const d = nx * bv[k]! + ny * bv[k + 1]! + nz * bv[k + 2]! - hb;
        if (d > tol) bAbove = true;
        else if (d < -tol) bBelow = true;
      }
      // s = 1: A below its edge, B above its own; s = -1: the reverse.
      let s = 0;
      if (!aAbove && !bBelow) s = 1;
      if (!aBelow && !bAbove && (s === 0 || hb - ha < ha - hb)) s = -1;
      const o = s * (ha - hb);
      if (s !== 0 && o < edgeBest) {
        edgeBest = o;
        edgeA = i;
        edgeB = j;
        N[0] = s * nx;
        N[1] = s * ny;
        N[2] = s * nz;
      }
    }
  }
  // The edge pair stands in for the face when clipping keeps nothing, if it is as deep.
  EDGE[0] = edgeA >= 0 && edgeBest <= faceBest + edgeMargin ? edgeA : -1;
  EDGE[1] = edgeB;
  EDGE[2] = owner;
  if (edgeA >= 0 && (owner < 0 || edgeBest < faceBest - edgeMargin)) {
    BEST[0] = edgeBest;
    edgeContact(a, b, edgeA, edgeB, out);
  } else if (owner >= 0) {
    faceContact(owner === 0 ? a : b, owner === 0 ? b : a, feature, out);
  } else {
    // Neither has a face nor a usable edge pair (points, parallel segments): the deepest
    // vertex of A along the centroid direction stands in.
    vertexContact(a, b, out);
  }
  const depth = Math.max(0, BEST[0]!) / k;
  out.depth = depth < Number.POSITIVE_INFINITY ? depth : 0;
  return out;
}

/**
 * FORCE[0..2]: a normal (from A to B) to use instead of the separating-axis search, when FORCE[3]
 * is 1: the face of A or B whose axis is nearest it becomes the reference (mesh triangles take
 * the mesh's deepest normal, so small pieces of a floor do not push sideways).
 */
export const FORCE: Float64Array = new Float64Array(4);

/** The edge pair that may stand in for a face contact (A's edge, B's edge; -1: none) and the face's owner (0: A). */
const EDGE = new Int32Array(3);

function forcedFace(a: Poly, b: Poly, out: Contact): void {
  let best = Number.NEGATIVE_INFINITY;
  let owner = -1;
  let feature = -1;
  for (let w = 0; w < 2; w++) {
    const p = w === 0 ? a : b;
    const s = w === 0 ? 1 : -1;
    for (let f = 0; f < p.faces; f++) {
      const d =
        s *
        (FORCE[0]! * p.planes[4 * f]! +
          FORCE[1]! * p.planes[4 * f + 1]! +
          FORCE[2]! * p.planes[4 * f + 2]!);
      if (d > best + 1e-12) {
        best = d;
        owner = w;
        feature = f;
      }
    }
  }
  EDGE[0] = -1;
  if (owner < 0) {
    vertexContact(a, b, out);
  } else {
    const ref = owner === 0 ? a : b;
    const inc = owner === 0 ? b : a;
    const s = owner === 0 ? 1 : -1;
    const nx = ref.planes[4 * feature]!;
    const ny = ref.planes[4 * feature + 1]!;
    const nz = ref.planes[4 * feature + 2]!;
    BEST[0] = ref.planes[4 * feature + 3]! + support(inc, -nx, -ny, -nz);
    BEST[1] = s * nx;
    BEST[2] = s * ny;
    BEST[3] = s * nz;
    faceContact(ref, inc, feature, out);
  }
  const depth = Math.max(0, BEST[0]!) / FRAME[3]!;
  out.depth = depth < Number.POSITIVE_INFINITY ? depth : 0;
}

/** Writes the normal in N (from A to B) into `out`. */
// The writers and the clipper read their doubles from typed arrays: a call V8 does not inline
// boxes every double argument into a fresh heap number.

/** The normal src[at..at+2] into `out` (+ 0 turns -0 into 0). */
function writeNormal(out: Contact, src: Float64Array, at: number): void {
  out.normal.x = src[at]! + 0;
  out.normal.y = src[at + 1]! + 0;
  out.normal.z = src[at + 2]! + 0;
}

/** Point i of `out` from the frame point src[at..at+2] with depth src[at+3]. */
function writePoint(out: Contact, i: number, src: Float64Array, at: number): void {
  const k = FRAME[3]!;
  const c = out.points[i]!;
  c.point.x = src[at]! / k + FRAME[0]!;
  c.point.y = src[at + 1]! / k + FRAME[1]!;
  c.point.z = src[at + 2]! / k + FRAME[2]!;
  c.depth = Math.max(0, src[at + 3]!) / k;
}

/** Scratch for a point to write (x, y, z, depth) and for a clipping plane (normal, offset). */
const PT = new Float64Array(4);
const PLANE = new Float64Array(4);

function edgeContact(a: Poly, b: Poly, i: number, j: number, out: Contact): void {
  writeNormal(out, N, 0);
  const a0 = 3 * a.edges[2 * i]!;
  const a1 = 3 * a.edges[2 * i + 1]!;
  const b0 = 3 * b.edges[2 * j]!;
  const b1 = 3 * b.edges[2 * j + 1]!;
  closestOnSegments(a.v, a0, a1, b.v, b0, b1);
  PT[0] = (SEG[0]! + SEG[3]!) / 2;
  PT[1] = (SEG[1]! + SEG[4]!) / 2;
  PT[2] = (SEG[2]! + SEG[5]!) / 2;
  PT[3] = BEST[0]!;
  writePoint(out, 0, PT, 0);
  out.count = 1;
}

/** Closest points of segments p0-p1 and q0-q1 into SEG (Ericson §5.1.9). */
function closestOnSegments(
  pv: Float64Array,
  p0: number,
  p1: number,
  qv: Float64Array,
  q0: number,
  q1: number,
): void {
  const d1x = pv[p1]! - pv[p0]!;
  const d1y = pv[p1 + 1]! - pv[p0 + 1]!;
  const d1z = pv[p1 + 2]! - pv[p0 + 2]!;
  const d2x = qv[q1]! - qv[q0]!;
  const d2y = qv[q1 + 1]! - qv[q0 + 1]!;
  const d2z = qv[q1 + 2]! - qv[q0 + 2]!;
  const rx = pv[p0]! - qv[q0]!;
  const ry = pv[p0 + 1]! - qv[q0 + 1]!;
  const rz = pv[p0 + 2]! - qv[q0 + 2]!;
  const aa = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  let s = 0;
  let t = 0;
  if (aa <= 0 && e <= 0) {
    s = 0;
    t = 0;
  } else if (aa <= 0) {
    t = clamp01(f / e);
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e <= 0) {
      s = clamp01(-c / aa);
    } else {
      const bb = d1x * d2x + d1y * d2y + d1z * d2z;
      const denom = aa * e - bb * bb;
      s = denom > 0 ? clamp01((bb * f - c * e) / denom) : 0;
      t = (bb * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / aa);
      } else if (t > 1) {
        t = 1;
        s = clamp01((bb - c) / aa);
      }
    }
  }
  SEG[0] = pv[p0]! + s * d1x;
  SEG[1] = pv[p0 + 1]! + s * d1y;
  SEG[2] = pv[p0 + 2]! + s * d1z;
  SEG[3] = qv[q0]! + t * d2x;
  SEG[4] = qv[q0 + 1]! + t * d2y;
  SEG[5] = qv[q0 + 2]! + t * d2z;
}

function clamp01(x: number): number {
  return x > 0 ? (x < 1 ? x : 1) : 0;
}

function vertexContact(a: Poly, b: Poly, out: Contact): void {
  // Direction between centroids (or +x): B's lowest vertex along it, midway by the overlap.
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (let i = 0; i < b.nv; i++) {
    cx += b.v[3 * i]! / b.nv;
    cy += b.v[3 * i + 1]! / b.nv;
    cz += b.v[3 * i + 2]! / b.nv;
  }
  for (let i = 0; i < a.nv; i++) {
    cx -= a.v[3 * i]! / a.nv;
    cy -= a.v[3 * i + 1]! / a.nv;
    cz -= a.v[3 * i + 2]! / a.nv;
  }
  let l = Math.sqrt(cx * cx + cy * cy + cz * cz);
  if (!(l > 0)) {
    cx = 1;
    cy = 0;
    cz = 0;
    l = 1;
  }
  const nx = cx / l;
  const ny = cy / l;
  const nz = cz / l;
  const o = support(a, nx, ny, nz) + support(b, -nx, -ny, -nz);
  BEST[0] = o;
  PT[0] = nx;
  PT[1] = ny;
  PT[2] = nz;
  writeNormal(out, PT, 0);
  let best = 0;
  let low = Number.POSITIVE_INFINITY;
  for (let i = 0; i < b.nv; i++) {
    const h = nx * b.v[3 * i]! + ny * b.v[3 * i + 1]! + nz * b.v[3 * i + 2]!;
    if (h < low) {
      low = h;
      best = i;
    }
  }
  const h = Math.max(0, o) / 2;
  PT[0] = b.v[3 * best]! - nx * h;
  PT[1] = b.v[3 * best + 1]! - ny * h;
  PT[2] = b.v[3 * best + 2]! - nz * h;
  PT[3] = o;
  writePoint(out, 0, PT, 0);
  out.count = 1;
}

/**
 * Reference face f of `ref` against `inc`; the normal from A to B is BEST[1..3]. Points: the
 * incident face (or the whole of a faceless `inc`) clipped by the reference's side planes, each
 * midway between its own depth below the reference plane and the plane.
 */
function faceContact(ref: Poly, inc: Poly, f: number, out: Contact): void {
  writeNormal(out, BEST, 1);
  const rnx = ref.planes[4 * f]!;
  const rny = ref.planes[4 * f + 1]!;
  const rnz = ref.planes[4 * f + 2]!;
  const rd = ref.planes[4 * f + 3]!;
  // Incident polygon: the most anti-parallel face of inc, or all its vertices when faceless.
  let n = 0;
  if (inc.faces > 0) {
    let g = 0;
    let low = Number.POSITIVE_INFINITY;
    for (let h = 0; h < inc.faces; h++) {
      const d =
        rnx * inc.planes[4 * h]! + rny * inc.planes[4 * h + 1]! + rnz * inc.planes[4 * h + 2]!;
      if (d < low) {
        low = d;
        g = h;
      }
    }
    const s0 = inc.start[g]!;
    const s1 = inc.start[g + 1]!;
    if (CLIP_A.length < 6 * (s1 - s0 + ref.start[f + 1]! - ref.start[f]!)) grow(s1 - s0 + 64);
    for (let s = s0; s < s1; s++) {
      const i = 3 * inc.loop[s]!;
      CLIP_A[3 * n] = inc.v[i]!;
      CLIP_A[3 * n + 1] = inc.v[i + 1]!;
      CLIP_A[3 * n + 2] = inc.v[i + 2]!;
      n++;
    }
  } else {
    // A segment or point: its extreme vertices (a segment's edge), else every vertex.
    if (inc.ne > 0) {
      for (let c = 0; c < 2; c++) {
        const i = 3 * inc.edges[c]!;
        CLIP_A[3 * n] = inc.v[i]!;
        CLIP_A[3 * n + 1] = inc.v[i + 1]!;
        CLIP_A[3 * n + 2] = inc.v[i + 2]!;
        n++;
      }
    } else {
      CLIP_A[0] = inc.v[0]!;
      CLIP_A[1] = inc.v[1]!;
      CLIP_A[2] = inc.v[2]!;
      n = 1;
    }
  }
  // Clip by each side plane of the reference loop: keep (e x n) . (x - p) <= 0.
  const s0 = ref.start[f]!;
  const s1 = ref.start[f + 1]!;
  const rv = ref.v;
  let degenerate = s1 - s0 < 3;
  for (let s = s0; s < s1 && n > 0; s++) {
    const i = 3 * ref.loop[s]!;
    const j = 3 * ref.loop[s + 1 < s1 ? s + 1 : s0]!;
    const ex = rv[j]! - rv[i]!;
    const ey = rv[j + 1]! - rv[i + 1]!;
    const ez = rv[j + 2]! - rv[i + 2]!;
    const sx = ey * rnz - ez * rny;
    const sy = ez * rnx - ex * rnz;
    const sz = ex * rny - ey * rnx;
    if (sx === 0 && sy === 0 && sz === 0) {
      degenerate = true;
      continue;
    }
    const off = sx * rv[i]! + sy * rv[i + 1]! + sz * rv[i + 2]!;
    PLANE[0] = sx;
    PLANE[1] = sy;
    PLANE[2] = sz;
    PLANE[3] = off;
    n = clipPolygon(n);
  }
  // Then by the reference polytope's other faces (not the opposite one): where the reference face
  // has zero-length edges (flat or point-like boxes) these bound what its side planes cannot.
  for (let g = 0; degenerate && g < ref.faces && n > 0; g++) {
    if (g === f) continue;
    const gx = ref.planes[4 * g]!;
    const gy = ref.planes[4 * g + 1]!;
    const gz = ref.planes[4 * g + 2]!;
    if (gx * rnx + gy * rny + gz * rnz < -0.999) continue;
    PLANE[0] = gx;
    PLANE[1] = gy;
    PLANE[2] = gz;
    PLANE[3] = ref.planes[4 * g + 3]!;
    n = clipPolygon(n);
  }
  // Keep points on or below the reference plane; each at its own depth.
  let kept = 0;
  for (let c = 0; c < n; c++) {
    const x = CLIP_A[3 * c]!;
    const y = CLIP_A[3 * c + 1]!;
    const z = CLIP_A[3 * c + 2]!;
    const d = rd - (rnx * x + rny * y + rnz * z);
    if (d < -1e-12 * Math.max(1, Math.abs(rd))) continue;
    const h = Math.max(0, d) / 2;
    KEEP[4 * kept] = x + rnx * h;
    KEEP[4 * kept + 1] = y + rny * h;
    KEEP[4 * kept + 2] = z + rnz * h;
    KEEP[4 * kept + 3] = d;
    kept++;
    if (kept === CAP) break;
  }
  if (kept === 0 && EDGE[0]! >= 0) {
    // Nothing survived the clip (a reference face of zero width, such as a segment-like aabb's,
    // leaves a sliver that rounding can cut away): the edge pair as deep as the face stands in,
    // at the middle of its closest points, which lies on both shapes.
    const a = EDGE[2] === 0 ? ref : inc;
    const b = EDGE[2] === 0 ? inc : ref;
    const i = EDGE[0]!;
    const j = EDGE[1]!;
    closestOnSegments(
      a.v,
      3 * a.edges[2 * i]!,
      3 * a.edges[2 * i + 1]!,
      b.v,
      3 * b.edges[2 * j]!,
      3 * b.edges[2 * j + 1]!,
    );
    KEEP[0] = (SEG[0]! + SEG[3]!) / 2;
    KEEP[1] = (SEG[1]! + SEG[4]!) / 2;
    KEEP[2] = (SEG[2]! + SEG[5]!) / 2;
    KEEP[3] = BEST[0]!;
    kept = 1;
  }
  if (kept === 0) {
    // Rounding clipped everything away: the incident polytope's deepest vertex stands in.
    let best = 0;
    let low = Number.POSITIVE_INFINITY;
    for (let i = 0; i < inc.nv; i++) {
      const h = rnx * inc.v[3 * i]! + rny * inc.v[3 * i + 1]! + rnz * inc.v[3 * i + 2]!;
      if (h < low) {
        low = h;
        best = i;
      }
    }
    const d = rd - low;
    const h = Math.max(0, d) / 2;
    KEEP[0] = inc.v[3 * best]! + rnx * h;
    KEEP[1] = inc.v[3 * best + 1]! + rny * h;
    KEEP[2] = inc.v[3 * best + 2]! + rnz * h;
    KEEP[3] = d;
    kept = 1;
  }
  if (GATHER.on) {
    // Every clipped point, for a caller merging several manifolds (mesh triangles).
    const k = FRAME[3]!;
    for (let c = 0; c < kept && GATHER.count < 256; c++) {
      const g = 4 * GATHER.count++;
      GATHER.pts[g] = KEEP[4 * c]! / k + FRAME[0]!;
      GATHER.pts[g + 1] = KEEP[4 * c + 1]! / k + FRAME[1]!;
      GATHER.pts[g + 2] = KEEP[4 * c + 2]! / k + FRAME[2]!;
      GATHER.pts[g + 3] = Math.max(0, KEEP[4 * c + 3]!) / k;
    }
  }
  RN[0] = rnx;
  RN[1] = rny;
  RN[2] = rnz;
  reduce(kept, out);
}

/** When `on`, face contacts also append all their clipped points (world units) to `pts`. */
export const GATHER: { on: boolean; pts: Float64Array; count: number } = {
  on: false,
  pts: new Float64Array(4 * 256),
  count: 0,
};

function grow(n: number): void {
  CLIP_A = new Float64Array(6 * n);
  CLIP_B = new Float64Array(6 * n);
}

/** Sutherland-Hodgman: CLIP_A (n points) against PLANE (s . x <= off), result back in CLIP_A. */
function clipPolygon(n: number): number {
  const sx = PLANE[0]!;
  const sy = PLANE[1]!;
  const sz = PLANE[2]!;
  const off = PLANE[3]!;
  let m = 0;
  if (CLIP_B.length < 3 * (2 * n)) CLIP_B = new Float64Array(6 * n);
  for (let c = 0; c < n; c++) {
    const d = c + 1 < n ? c + 1 : 0;
    const px = CLIP_A[3 * c]!;
    const py = CLIP_A[3 * c + 1]!;
    const pz = CLIP_A[3 * c + 2]!;
    const qx = CLIP_A[3 * d]!;
    const qy = CLIP_A[3 * d + 1]!;
    const qz = CLIP_A[3 * d + 2]!;
    const dp = sx * px + sy * py + sz * pz - off;
    const dq = sx * qx + sy * qy + sz * qz - off;
    if (dp <= 0) {
      CLIP_B[3 * m] = px;
      CLIP_B[3 * m + 1] = py;
      CLIP_B[3 * m + 2] = pz;
      m++;
    }
    if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
      // n === 1 or 2 still works: a point has no crossing, a segment crosses once each way.
      const t = dp / (dp - dq);
      CLIP_B[3 * m] = px + t * (qx - px);
      CLIP_B[3 * m + 1] = py + t * (qy - py);
      CLIP_B[3 * m + 2] = pz + t * (qz - pz);
      m++;
    }
  }
  if (n === 2) m = dedupeSegment(m);
  const t = CLIP_A;
  CLIP_A = CLIP_B;
  CLIP_B = t;
  if (CLIP_B.length < CLIP_A.length) CLIP_B = new Float64Array(CLIP_A.length);
  return m;
}

/** A clipped segment visits its crossing twice (once per direction): keep at most two points. */
function dedupeSegment(m: number): number {
  if (m <= 2) return m;
  // Keep the two points farthest apart.
  let bi = 0;
  let bj = 1;
  let best = -1;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      const dx = CLIP_B[3 * i]! - CLIP_B[3 * j]!;
      const dy = CLIP_B[3 * i + 1]! - CLIP_B[3 * j + 1]!;
      const dz = CLIP_B[3 * i + 2]! - CLIP_B[3 * j + 2]!;
      const d = dx * dx + dy * dy + dz * dz;
      if (d > best) {
        best = d;
        bi = i;
        bj = j;
      }
    }
  }
  for (let c = 0; c < 3; c++) {
    const x = CLIP_B[3 * bi + c]!;
    const y = CLIP_B[3 * bj + c]!;
    CLIP_B[c] = x;
    CLIP_B[3 + c] = y;
  }
  return 2;
}

const PICK = new Int32Array(4);
/** The reference face's normal for `reduce` (a typed array: double arguments would be boxed). */
const RN = new Float64Array(3);

/** Writes at most 4 of the kept points: deepest, farthest from it, largest triangle, largest quad. */
function reduce(kept: number, out: Contact): void {
  if (kept <= 4) {
    for (let c = 0; c < kept; c++) {
      writePoint(out, c, KEEP, 4 * c);
    }
    out.count = kept;
    return;
  }
  let p0 = 0;
  for (let c = 1; c < kept; c++) if (KEEP[4 * c + 3]! > KEEP[4 * p0 + 3]!) p0 = c;
  let p1 = p0;
  let best = -1;
  for (let c = 0; c < kept; c++) {
    const dx = KEEP[4 * c]! - KEEP[4 * p0]!;
    const dy = KEEP[4 * c + 1]! - KEEP[4 * p0 + 1]!;
    const dz = KEEP[4 * c + 2]! - KEEP[4 * p0 + 2]!;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > best) {
      best = d;
      p1 = c;
    }
  }
  // Signed area about the normal of triangle (p0, p1, c): the largest either side.
  let p2 = -1;
  let p3 = -1;
  let hi = 0;
  let lo = 0;
  for (let c = 0; c < kept; c++) {
    const a = area(p0, p1, c);
    if (a > hi) {
      hi = a;
      p2 = c;
    }
    if (a < lo) {
      lo = a;
      p3 = c;
    }
  }
  PICK[0] = p0;
  let m = 1;
  if (p1 !== p0) PICK[m++] = p1;
  if (p2 >= 0) PICK[m++] = p2;
  if (p3 >= 0) PICK[m++] = p3;
  for (let c = 0; c < m; c++) {
    const i = PICK[c]!;
    writePoint(out, c, KEEP, 4 * i);
  }
  out.count = m;
}

/** Signed area of kept points (i, j, c) about RN; its caller only compares it with 0 and peers. */
function area(i: number, j: number, c: number): number {
  const nx = RN[0]!;
  const ny = RN[1]!;
  const nz = RN[2]!;
  const ux = KEEP[4 * j]! - KEEP[4 * i]!;
  const uy = KEEP[4 * j + 1]! - KEEP[4 * i + 1]!;
  const uz = KEEP[4 * j + 2]! - KEEP[4 * i + 2]!;
  const vx = KEEP[4 * c]! - KEEP[4 * i]!;
  const vy = KEEP[4 * c + 1]! - KEEP[4 * i + 1]!;
  const vz = KEEP[4 * c + 2]! - KEEP[4 * i + 2]!;
  return nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
}

const SPREAD = new Int32Array(4);

/**
 * Writes at most 4 of the m points in `pts` (x, y, z, depth each, world units) into `out`: the
 * deepest, then each next the one farthest from those already taken (greedy spread).
 */
export function keepFour(pts: Float64Array, m: number, out: Contact): void {
  // The deepest; among (near) ties the one farthest from the centroid, so a resting face
  // starts from a corner.
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let deep = 0;
  for (let c = 0; c < m; c++) {
    cx += pts[4 * c]! / m;
    cy += pts[4 * c + 1]! / m;
    cz += pts[4 * c + 2]! / m;
    deep = Math.max(deep, pts[4 * c + 3]!);
  }
  let p0 = 0;
  let far = -1;
  for (let c = 0; c < m; c++) {
    if (!(pts[4 * c + 3]! >= deep * (1 - 1e-9))) continue;
    const dx = pts[4 * c]! - cx;
    const dy = pts[4 * c + 1]! - cy;
    const dz = pts[4 * c + 2]! - cz;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > far) {
      far = d;
      p0 = c;
    }
  }
  SPREAD[0] = p0;
  let count = 1;
  for (let r = 1; r < 4 && r < m; r++) {
    let best = -1;
    let bestD = -1;
    for (let c = 0; c < m; c++) {
      let dmin = Number.POSITIVE_INFINITY;
      for (let k = 0; k < count; k++) {
        const i = SPREAD[k]!;
        const dx = pts[4 * c]! - pts[4 * i]!;
        const dy = pts[4 * c + 1]! - pts[4 * i + 1]!;
        const dz = pts[4 * c + 2]! - pts[4 * i + 2]!;
        dmin = Math.min(dmin, dx * dx + dy * dy + dz * dz);
      }
      if (dmin > bestD) {
        bestD = dmin;
        best = c;
      }
    }
    if (!(bestD > 0)) break;
    SPREAD[count++] = best;
  }
  for (let c = 0; c < count; c++) {
    const i = SPREAD[c]!;
    const pt = out.points[c]!;
    pt.point.x = pts[4 * i]!;
    pt.point.y = pts[4 * i + 1]!;
    pt.point.z = pts[4 * i + 2]!;
    pt.depth = pts[4 * i + 3]!;
  }
  out.count = count;
}
