import type { Contact } from "../results.ts";
import type { Box } from "../shapes.ts";

/*
 * The dedicated contact manifold of two oriented boxes known to touch (the caller decides that
 * exactly). The 15 separating axes in closed form from the half extents and the 3x3 matrix R of
 * dot products between the boxes' axes (Gottschalk, Lin, Manocha, "OBBTree", SIGGRAPH 1996;
 * Ericson, Real-Time Collision Detection §4.4.1); the axis of least overlap wins, B's faces must
 * beat A's by a hair and an edge pair must beat the faces by 1e-9 of the boxes' size, so near
 * ties keep a face (Gregorius, "The Separating Axis Test between Convex Polyhedra", GDC 2013).
 * A face axis: the most anti-parallel face of the other box is clipped in the reference face's
 * plane coordinates to its rectangle (Sutherland-Hodgman; Gregorius, "Robust Contact Creation
 * for Physics Simulations", GDC 2015), points on or below the reference face are kept with their
 * depths and cut to 4 (the deepest, the farthest from it, the largest triangle either side). An
 * edge axis: the midpoint of the two supporting edges' closest points (Ericson §5.1.9). Nearly
 * parallel edges (axis length 1e-12 to 1e-6), where the closed form loses digits, are measured
 * by projection instead.
 * Everything is relative to A's center, with unit directions, so no product has more than two
 * lengths and 1e-100 or 1e100 sized boxes far from the origin keep their digits.
 */

// Unit axes as rows: A's in AX, B's in BX (axis k at 3k).
const AX = new Float64Array(9);
const BX = new Float64Array(9);
// R[3i + j] = A_i . B_j and its absolute value.
const R = new Float64Array(9);
const AR = new Float64Array(9);
// Half extents, B's center minus A's (world and in either frame), and the chosen axis.
const S = new Float64Array(20);
const EA = 0;
const EB = 3;
const D = 6;
const TA = 9;
const TB = 12;
// The chosen overlap and, for an edge axis, its signed length (doubles passed through here, not
// as arguments, so calls do not box them).
const BEST = 15;
const LEN = 16;
// The pair's size: |B's center - A's| (1-norm) plus every half extent.
const SPAN = 17;
// A nearly parallel edge pair's overlap and signed axis length (slimEdge).
const SLIM = 18;
// Clipped polygon, u v h per point: at most 8 points after 4 clips of a quadrilateral.
let POLY = new Float64Array(3 * 16);
let POLY2 = new Float64Array(3 * 16);
// Reference frame of a face contact: tangents T1, T2, normal (outward from the reference box),
// the face center relative to A's center, and the half extents along T1, T2.
const F = new Float64Array(14);
const PICK = new Int32Array(4);
// A's center: the points are written relative to it.
const ORIGIN = new Float64Array(3);

/**
 * Containment decided in floats by the last `boxBoxManifold`: CONTAIN[0] for A in B, [1] for B
 * in A; 1 inside, 0 not, -1 undecided (the caller asks the exact test).
 */
export const CONTAIN: Int32Array = new Int32Array(2);

/**
 * Extra margin for those float containment decisions, in world units, read and cleared by the
 * next `boxBoxManifold`: a caller passing a box rounded from other data (an aabb's center and
 * half extents) adds that rounding here.
 */
export const MARGIN: Float64Array = new Float64Array(1);

function axesOf(b: Box, out: Float64Array): number {
  const { x, y, z, w } = b.rotation;
  // Rows of the unit axes: the rotation matrix's columns, as boxAxes writes them.
  out[0] = 1 - 2 * (y * y + z * z);
  out[1] = 2 * (x * y + w * z);
  out[2] = 2 * (x * z - w * y);
  out[3] = 2 * (x * y - w * z);
  out[4] = 1 - 2 * (x * x + z * z);
  out[5] = 2 * (y * z + w * x);
  out[6] = 2 * (x * z + w * y);
  out[7] = 2 * (y * z - w * x);
  out[8] = 1 - 2 * (x * x + y * y);
  return x * x + y * y + z * z + w * w;
}

/**
 * Fills `out` (normal from A to B, depth, points and count; not the containment flags, which go
 * to CONTAIN) for two boxes known to touch, and returns true; returns false, leaving `out`
 * unspecified, when the closed form does not apply (a rotation that is not a unit quaternion, or
 * sizes beyond 1e±140) and the caller should take the general path.
 * @see Ericson, Real-Time Collision Detection, §4.4.1 (OBB separating axes).
 */
export function boxBoxManifold(a: Box, b: Box, out: Contact): boolean {
  const qa = axesOf(a, AX);
  const qb = axesOf(b, BX);
  if (!(Math.abs(qa - 1) < 1e-12 && Math.abs(qb - 1) < 1e-12)) {
    MARGIN[0] = 0;
    return false;
  }
  S[EA] = a.halfExtents.x;
  S[EA + 1] = a.halfExtents.y;
  S[EA + 2] = a.halfExtents.z;
  S[EB] = b.halfExtents.x;
  S[EB + 1] = b.halfExtents.y;
  S[EB + 2] = b.halfExtents.z;
  const dx = b.center.x - a.center.x;
  const dy = b.center.y - a.center.y;
  const dz = b.center.z - a.center.z;
  S[D] = dx;
  S[D + 1] = dy;
  S[D + 2] = dz;
  ORIGIN[0] = a.center.x;
  ORIGIN[1] = a.center.y;
  ORIGIN[2] = a.center.z;
  const span =
    Math.abs(dx) + Math.abs(dy) + Math.abs(dz) + S[0]! + S[1]! + S[2]! + S[3]! + S[4]! + S[5]!;
  S[SPAN] = span;
  // Beyond this range products of two lengths could overflow or lose digits to underflow.
  if (!(span < 1e140 && span > 1e-140)) {
    MARGIN[0] = 0;
    return false;
  }
  for (let i = 0; i < 3; i++) {
    const ax = AX[3 * i]!;
    const ay = AX[3 * i + 1]!;
    const az = AX[3 * i + 2]!;
    S[TA + i] = dx * ax + dy * ay + dz * az;
    S[TB + i] = dx * BX[3 * i]! + dy * BX[3 * i + 1]! + dz * BX[3 * i + 2]!;
    for (let j = 0; j < 3; j++) {
      const r = ax * BX[3 * j]! + ay * BX[3 * j + 1]! + az * BX[3 * j + 2]!;
      R[3 * i + j] = r;
      AR[3 * i + j] = Math.abs(r);
    }
  }
  // Face axes of A (code i), then of B (code 3 + j): overlap = both radii less the distance.
  let best = Number.POSITIVE_INFINITY;
  let code = -1;
  let inA = 1;
  let inB = 1;
  const tol = 1e-10 * span + MARGIN[0]!;
  MARGIN[0] = 0;
  for (let i = 0; i < 3; i++) {
    const rb = S[EB]! * AR[3 * i]! + S[EB + 1]! * AR[3 * i + 1]! + S[EB + 2]! * AR[3 * i + 2]!;
    const t = Math.abs(S[TA + i]!);
    const o = S[EA + i]! + rb - t;
    if (o < best) {
      best = o;
      code = i;
    }
    // B in A along A_i: its extent must fit in A's slab.
    const slack = S[EA + i]! - t - rb;
    if (slack < -tol) inA = 0;
    else if (!(slack > tol) && inA === 1) inA = -1;
  }
  const faceBias = 1e-12 * span;
  for (let j = 0; j < 3; j++) {
    const ra = S[EA]! * AR[j]! + S[EA + 1]! * AR[3 + j]! + S[EA + 2]! * AR[6 + j]!;
    const t = Math.abs(S[TB + j]!);
    const o = S[EB + j]! + ra - t;
    if (o < best - faceBias) {
      best = o;
      code = 3 + j;
    }
    const slack = S[EB + j]! - t - ra;
    if (slack < -tol) inB = 0;
    else if (!(slack > tol) && inB === 1) inB = -1;
  }
  CONTAIN[0] = inB;
  CONTAIN[1] = inA;
  // Edge pairs A_i x B_j, in A's frame (0, ..., -R[i2][j], R[i1][j]) at places i1, i2. Nearly
  // parallel edges (the axis shorter than 1e-6), where the closed form loses digits, are measured
  // by projection on their world cross product instead; below 1e-12 the face axes cover them.
  let edge = -1;
  let edgeBest = Number.POSITIVE_INFINITY;
  let edgeLen = 1;
  for (let i = 0; i < 3; i++) {
    const i1 = i === 2 ? 0 : i + 1;
    const i2 = i === 0 ? 2 : i - 1;
    for (let j = 0; j < 3; j++) {
      const j1 = j === 2 ? 0 : j + 1;
      const j2 = j === 0 ? 2 : j - 1;
      const r1 = R[3 * i1 + j]!;
      const r2 = R[3 * i2 + j]!;
      const len = Math.sqrt(r1 * r1 + r2 * r2);
      let o = Number.POSITIVE_INFINITY;
      let signed = len;
      if (len > 1e-6) {
        const ra = S[EA + i1]! * AR[3 * i2 + j]! + S[EA + i2]! * AR[3 * i1 + j]!;
        const rb = S[EB + j1]! * AR[3 * i + j2]! + S[EB + j2]! * AR[3 * i + j1]!;
        const dist = S[TA + i2]! * r1 - S[TA + i1]! * r2;
        o = (ra + rb - Math.abs(dist)) / len;
        if (dist < 0) signed = -len;
      } else if (len > 1e-12) {
        slimEdge(i, j);
        o = S[SLIM]!;
        signed = S[SLIM + 1]!;
      }
      if (o < edgeBest) {
        edgeBest = o;
        edge = 3 * i + j;
        edgeLen = signed;
      }
    }
  }
  if (edge >= 0 && edgeBest < best - 1e-9 * span) {
    S[BEST] = edgeBest;
    S[LEN] = edgeLen;
    edgeContact(edge, out);
  } else if (code < 3) {
    S[BEST] = best;
    faceContact(AX, BX, EA, EB, code, S[TA + code]! < 0 ? -1 : 1, 0, out);
  } else {
    const k = code - 3;
    S[BEST] = best;
    // B's outward face toward A is -s B_k; the normal from A to B is s B_k.
    faceContact(BX, AX, EB, EA, k, S[TB + k]! < 0 ? 1 : -1, 1, out);
  }
  return true;
}

/**
 * Nearly parallel edges A_i and B_j: the overlap along their unit world cross product n, by
 * projecting both boxes and the centers' offset on n, into S[SLIM]; the cross product's length,
 * negative when B lies on the -n side, into S[SLIM + 1] (infinite overlap when it is 0).
 */
function slimEdge(i: number, j: number): void {
  const ux = AX[3 * i]!;
  const uy = AX[3 * i + 1]!;
  const uz = AX[3 * i + 2]!;
  const vx = BX[3 * j]!;
  const vy = BX[3 * j + 1]!;
  const vz = BX[3 * j + 2]!;
  const cx = uy * vz - uz * vy;
  const cy = uz * vx - ux * vz;
  const cz = ux * vy - uy * vx;
  const l = Math.sqrt(cx * cx + cy * cy + cz * cz);
  if (!(l > 0)) {
    S[SLIM] = Number.POSITIVE_INFINITY;
    S[SLIM + 1] = 1;
    return;
  }
  const nx = cx / l;
  const ny = cy / l;
  const nz = cz / l;
  let r = 0;
  for (let k = 0; k < 3; k++) {
    r += S[EA + k]! * Math.abs(AX[3 * k]! * nx + AX[3 * k + 1]! * ny + AX[3 * k + 2]! * nz);
    r += S[EB + k]! * Math.abs(BX[3 * k]! * nx + BX[3 * k + 1]! * ny + BX[3 * k + 2]! * nz);
  }
  const dist = S[D]! * nx + S[D + 1]! * ny + S[D + 2]! * nz;
  S[SLIM] = r - Math.abs(dist);
  S[SLIM + 1] = dist < 0 ? -l : l;
}

/**
 * Axis A_i x B_j (edge = 3i + j), oriented from A to B by the sign of `len`: the supporting edge
 * of A along n and of B along -n, the midpoint of their closest points.
 */
function edgeContact(edge: number, out: Contact): void {
  const len = S[LEN]!;
  const depth = S[BEST]!;
  const i = (edge / 3) | 0;
  const j = edge - 3 * i;
  const ux = AX[3 * i]!;
  const uy = AX[3 * i + 1]!;
  const uz = AX[3 * i + 2]!;
  const vx = BX[3 * j]!;
  const vy = BX[3 * j + 1]!;
  const vz = BX[3 * j + 2]!;
  // Normalised by the cross product's own length (the closed form's may differ in its last
  // digits), turned by the sign of `len`.
  const cx0 = uy * vz - uz * vy;
  const cy0 = uz * vx - ux * vz;
  const cz0 = ux * vy - uy * vx;
  const l = Math.sqrt(cx0 * cx0 + cy0 * cy0 + cz0 * cz0);
  const g = len < 0 ? -l : l;
  const nx = cx0 / g;
  const ny = cy0 / g;
  const nz = cz0 / g;
  // Edge centers relative to A's center: A's corner side along n, B's along -n.
  let px = 0;
  let py = 0;
  let pz = 0;
  let qx = S[D]!;
  let qy = S[D + 1]!;
  let qz = S[D + 2]!;
  for (let k = 0; k < 3; k++) {
    if (k !== i) {
      const x = AX[3 * k]!;
      const y = AX[3 * k + 1]!;
      const z = AX[3 * k + 2]!;
      const e = x * nx + y * ny + z * nz < 0 ? -S[EA + k]! : S[EA + k]!;
      px += e * x;
      py += e * y;
      pz += e * z;
    }
    if (k !== j) {
      const x = BX[3 * k]!;
      const y = BX[3 * k + 1]!;
      const z = BX[3 * k + 2]!;
      const e = x * nx + y * ny + z * nz > 0 ? -S[EB + k]! : S[EB + k]!;
      qx += e * x;
      qy += e * y;
      qz += e * z;
    }
  }
  // Closest points of p + s u (|s| <= ha) and q + t v (|t| <= hb), unit u and v.
  const ha = S[EA + i]!;
  const hb = S[EB + j]!;
  const rx = px - qx;
  const ry = py - qy;
  const rz = pz - qz;
  const bb = R[3 * i + j]!;
  const c = ux * rx + uy * ry + uz * rz;
  const f = vx * rx + vy * ry + vz * rz;
  const denom = 1 - bb * bb;
  let s = denom > 0 ? (bb * f - c) / denom : 0;
  s = s > ha ? ha : s < -ha ? -ha : s;
  let t = f + bb * s;
  if (t > hb || t < -hb) {
    t = t > hb ? hb : -hb;
    s = bb * t - c;
    s = s > ha ? ha : s < -ha ? -ha : s;
  }
  const cx = out.points[0]!;
  cx.point.x = ORIGIN[0]! + (px + s * ux + qx + t * vx) / 2;
  cx.point.y = ORIGIN[1]! + (py + s * uy + qy + t * vy) / 2;
  cx.point.z = ORIGIN[2]! + (pz + s * uz + qz + t * vz) / 2;
  const d = depth > 0 ? depth : 0;
  cx.depth = d;
  out.count = 1;
  out.depth = d;
  out.normal.x = nx + 0;
  out.normal.y = ny + 0;
  out.normal.z = nz + 0;
}

/**
 * Face k of the reference box (axes RX, half extents at S[er]) on side s, against the incident
 * box (axes IX, half extents at S[ei]); `ref` 0 when the reference is A (its center at the
 * origin, the incident's at D), 1 when it is B.
 */
function faceContact(
  RX: Float64Array,
  IX: Float64Array,
  er: number,
  ei: number,
  k: number,
  s: number,
  ref: number,
  out: Contact,
): void {
  const ek = S[er + k]!;
  const k1 = k === 2 ? 0 : k + 1;
  const k2 = k === 0 ? 2 : k - 1;
  // Outward reference normal and tangents.
  const nx = s * RX[3 * k]!;
  const ny = s * RX[3 * k + 1]!;
  const nz = s * RX[3 * k + 2]!;
  const ax = RX[3 * k1]!;
  const ay = RX[3 * k1 + 1]!;
  const az = RX[3 * k1 + 2]!;
  const bx = RX[3 * k2]!;
  const by = RX[3 * k2 + 1]!;
  const bz = RX[3 * k2 + 2]!;
  // Reference face center (relative to A's center) and the incident box's center relative to it.
  const sd = ref === 0 ? 1 : -1;
  const rcx = ref === 0 ? nx * ek : S[D]! + nx * ek;
  const rcy = ref === 0 ? ny * ek : S[D + 1]! + ny * ek;
  const rcz = ref === 0 ? nz * ek : S[D + 2]! + nz * ek;
  const cx = sd * S[D]! - nx * ek;
  const cy = sd * S[D + 1]! - ny * ek;
  const cz = sd * S[D + 2]! - nz * ek;
  // Incident face: the other box's axis most parallel to n, its face turned against n.
  let m = 0;
  let most = -1;
  for (let c = 0; c < 3; c++) {
    const p = Math.abs(nx * IX[3 * c]! + ny * IX[3 * c + 1]! + nz * IX[3 * c + 2]!);
    if (p > most) {
      most = p;
      m = c;
    }
  }
  const m1 = m === 2 ? 0 : m + 1;
  const m2 = m === 0 ? 2 : m - 1;
  const em = S[ei + m]!;
  const fs = nx * IX[3 * m]! + ny * IX[3 * m + 1]! + nz * IX[3 * m + 2]! > 0 ? -em : em;
  const fx = cx + fs * IX[3 * m]!;
  const fy = cy + fs * IX[3 * m + 1]!;
  const fz = cz + fs * IX[3 * m + 2]!;
  // The face center and its two half edges in (T1, T2, n) coordinates.
  const u0 = fx * ax + fy * ay + fz * az;
  const v0 = fx * bx + fy * by + fz * bz;
  const h0 = fx * nx + fy * ny + fz * nz;
  const g1 = S[ei + m1]!;
  const g2 = S[ei + m2]!;
  const px = g1 * IX[3 * m1]!;
  const py = g1 * IX[3 * m1 + 1]!;
  const pz = g1 * IX[3 * m1 + 2]!;
  const qx = g2 * IX[3 * m2]!;
  const qy = g2 * IX[3 * m2 + 1]!;
  const qz = g2 * IX[3 * m2 + 2]!;
  const pu = px * ax + py * ay + pz * az;
  const pv = px * bx + py * by + pz * bz;
  const ph = px * nx + py * ny + pz * nz;
  const qu = qx * ax + qy * ay + qz * az;
  const qv = qx * bx + qy * by + qz * bz;
  const qh = qx * nx + qy * ny + qz * nz;
  const P = POLY;
  P[0] = u0 + pu + qu;
  P[1] = v0 + pv + qv;
  P[2] = h0 + ph + qh;
  P[3] = u0 - pu + qu;
  P[4] = v0 - pv + qv;
  P[5] = h0 - ph + qh;
  P[6] = u0 - pu - qu;
  P[7] = v0 - pv - qv;
  P[8] = h0 - ph - qh;
  P[9] = u0 + pu - qu;
  P[10] = v0 + pv - qv;
  P[11] = h0 + ph - qh;
  let n = 4;
  n = clip(n, 0, 1, er + k1);
  n = clip(n, 0, -1, er + k1);
  n = clip(n, 1, 1, er + k2);
  n = clip(n, 1, -1, er + k2);
  F[0] = ax;
  F[1] = ay;
  F[2] = az;
  F[3] = bx;
  F[4] = by;
  F[5] = bz;
  F[6] = nx;
  F[7] = ny;
  F[8] = nz;
  F[9] = rcx;
  F[10] = rcy;
  F[11] = rcz;
  // Keep the points on or below the reference face (h <= 0, up to rounding of the pair's size).
  const keep = 1e-12 * S[SPAN]!;
  const Q = POLY;
  let kept = 0;
  for (let c = 0; c < n; c++) {
    const h = Q[3 * c + 2]!;
    if (h > keep) continue;
    Q[3 * kept] = Q[3 * c]!;
    Q[3 * kept + 1] = Q[3 * c + 1]!;
    Q[3 * kept + 2] = h;
    kept++;
  }
  if (kept === 0 && n > 0) {
    // Every clipped point a hair above the face (the boxes touch): the lowest stands in.
    let c0 = 0;
    for (let c = 1; c < n; c++) if (Q[3 * c + 2]! < Q[3 * c0 + 2]!) c0 = c;
    Q[0] = Q[3 * c0]!;
    Q[1] = Q[3 * c0 + 1]!;
    Q[2] = Q[3 * c0 + 2]!;
    kept = 1;
  } else if (kept === 0) {
    // Rounding clipped everything away: the incident face's lowest corner, pulled onto the face.
    let c0 = 0;
    for (let c = 1; c < 4; c++)
      if (cornerHeight(c, h0, ph, qh) < cornerHeight(c0, h0, ph, qh)) c0 = c;
    const su = c0 === 0 || c0 === 3 ? 1 : -1;
    const sv = c0 < 2 ? 1 : -1;
    const e1 = S[er + k1]!;
    const e2 = S[er + k2]!;
    const u = u0 + su * pu + sv * qu;
    const v = v0 + su * pv + sv * qv;
    Q[0] = u > e1 ? e1 : u < -e1 ? -e1 : u;
    Q[1] = v > e2 ? e2 : v < -e2 ? -e2 : v;
    Q[2] = cornerHeight(c0, h0, ph, qh);
    kept = 1;
  }
  reduce(kept, out);
  const depth = S[BEST]!;
  out.depth = depth > 0 ? depth : 0;
  const sn = ref === 0 ? 1 : -1;
  out.normal.x = sn * nx + 0;
  out.normal.y = sn * ny + 0;
  out.normal.z = sn * nz + 0;
}

/** Height of incident corner c (0: +p +q, 1: -p +q, 2: -p -q, 3: +p -q); a rare path. */
function cornerHeight(c: number, h0: number, ph: number, qh: number): number {
  return h0 + (c === 0 || c === 3 ? ph : -ph) + (c < 2 ? qh : -qh);
}

/**
 * Sutherland-Hodgman on POLY (n points u v h) against side * coord[axis] <= e with e = S[at],
 * back into POLY.
 */
function clip(n: number, axis: number, side: number, at: number): number {
  const e = S[at]!;
  const P = POLY;
  const Q = POLY2;
  let m = 0;
  for (let c = 0; c < n; c++) {
    const d = c + 1 < n ? c + 1 : 0;
    const dp = side * P[3 * c + axis]! - e;
    const dq = side * P[3 * d + axis]! - e;
    if (dp <= 0) {
      Q[3 * m] = P[3 * c]!;
      Q[3 * m + 1] = P[3 * c + 1]!;
      Q[3 * m + 2] = P[3 * c + 2]!;
      m++;
    }
    if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
      const t = dp / (dp - dq);
      Q[3 * m] = P[3 * c]! + t * (P[3 * d]! - P[3 * c]!);
      Q[3 * m + 1] = P[3 * c + 1]! + t * (P[3 * d + 1]! - P[3 * c + 1]!);
      Q[3 * m + 2] = P[3 * c + 2]! + t * (P[3 * d + 2]! - P[3 * c + 2]!);
      // The crossing lies on the side line exactly.
      Q[3 * m + axis] = side * e;
      m++;
    }
  }
  POLY = Q;
  POLY2 = P;
  return m;
}

/**
 * Writes at most 4 of the kept points (POLY, u v h): the deepest, the farthest from it, then the
 * largest triangle on either side of that pair; each midway between its height and the face.
 */
function reduce(kept: number, out: Contact): void {
  const P = POLY;
  if (kept <= 4) {
    for (let c = 0; c < kept; c++) writePoint(out, c, c);
    out.count = kept;
    return;
  }
  let p0 = 0;
  for (let c = 1; c < kept; c++) if (P[3 * c + 2]! < P[3 * p0 + 2]!) p0 = c;
  let p1 = p0;
  let far = 0;
  for (let c = 0; c < kept; c++) {
    const du = P[3 * c]! - P[3 * p0]!;
    const dv = P[3 * c + 1]! - P[3 * p0 + 1]!;
    const d = du * du + dv * dv;
    if (d > far) {
      far = d;
      p1 = c;
    }
  }
  let p2 = -1;
  let p3 = -1;
  let hi = 0;
  let lo = 0;
  const ou = P[3 * p0]!;
  const ov = P[3 * p0 + 1]!;
  const wu = P[3 * p1]! - ou;
  const wv = P[3 * p1 + 1]! - ov;
  for (let c = 0; c < kept; c++) {
    const area = wu * (P[3 * c + 1]! - ov) - wv * (P[3 * c]! - ou);
    if (area > hi) {
      hi = area;
      p2 = c;
    }
    if (area < lo) {
      lo = area;
      p3 = c;
    }
  }
  PICK[0] = p0;
  let m = 1;
  if (p1 !== p0) PICK[m++] = p1;
  if (p2 >= 0) PICK[m++] = p2;
  if (p3 >= 0) PICK[m++] = p3;
  for (let c = 0; c < m; c++) writePoint(out, c, PICK[c]!);
  out.count = m;
}

/** Point c of POLY into out.points[i]: face coordinates to world, midway below the face. */
function writePoint(out: Contact, i: number, c: number): void {
  const P = POLY;
  const u = P[3 * c]!;
  const v = P[3 * c + 1]!;
  const h = P[3 * c + 2]!;
  const w = h < 0 ? h / 2 : h;
  const pt = out.points[i]!;
  pt.point.x = ORIGIN[0]! + (F[9]! + u * F[0]! + v * F[3]! + w * F[6]!);
  pt.point.y = ORIGIN[1]! + (F[10]! + u * F[1]! + v * F[4]! + w * F[7]!);
  pt.point.z = ORIGIN[2]! + (F[11]! + u * F[2]! + v * F[5]! + w * F[8]!);
  pt.depth = h < 0 ? -h : 0;
}
