import { makeVec3 } from "../results.ts";
import type { Vec } from "../shapes.ts";
import type { ConvexProxy } from "./proxy.ts";
import { support } from "./proxy.ts";

/** Distance between two convex 3D proxies, and the closest points. */
export interface GjkResult {
  /** Distance between the shapes (radii included), 0 when they overlap. */
  distance: number;
  /** The point of A nearest B (on the surface, radius included). */
  pointA: Vec;
  /** The point of B nearest A. */
  pointB: Vec;
  /** Unit vector from A toward B when apart; (1, 0, 0) when the cores meet at one point or overlap. */
  normal: Vec;
  /** Iterations used. */
  iterations: number;
}

/** Makes a `GjkResult` with every field present. */
export function makeGjkResult(): GjkResult {
  // Vectors of results.ts's class: a literal { x, y, z } shares its hidden class with every such
  // literal in the process, and one holding a non-number makes each write a fresh heap number.
  const normal = makeVec3();
  normal.x = 1;
  return { distance: 0, pointA: makeVec3(), pointB: makeVec3(), normal, iterations: 0 };
}

const MAX_ITERATIONS = 64;

// The simplex: up to four vertices w = b - a of the Minkowski difference B - A, each with the
// support points it came from (a, b: 3 doubles each), their indices and its barycentric weight.
const A = new Float64Array(12);
const B = new Float64Array(12);
const W = new Float64Array(12);
const weight = new Float64Array(4);
const indexA = new Int32Array(4);
const indexB = new Int32Array(4);
let count = 0;
// A saved copy to fall back to when an iteration rounds the distance up instead of down.
const sA = new Float64Array(12);
const sB = new Float64Array(12);
const sW = new Float64Array(12);
const sWeight = new Float64Array(4);
const sIndexA = new Int32Array(4);
const sIndexB = new Int32Array(4);
let sCount = 0;
// Scaled copy of W for the solvers, candidate and best weights, and a small vector scratch.
const S = new Float64Array(12);
const tw = new Float64Array(4);
const bw = new Float64Array(4);
const V = new Float64Array(5);
// The last call's distance between the cores (radii not included).
const LAST = new Float64Array(1);
/** The search direction, to `support` (a typed array: no double crosses the call). */
const DIR = new Float64Array(3);

function save(): void {
  sA.set(A);
  sB.set(B);
  sW.set(W);
  sWeight.set(weight);
  sIndexA.set(indexA);
  sIndexB.set(indexB);
  sCount = count;
}

function restore(): void {
  A.set(sA);
  B.set(sB);
  W.set(sW);
  weight.set(sWeight);
  indexA.set(sIndexA);
  indexB.set(sIndexB);
  count = sCount;
}

function setVertex(k: number, a: ConvexProxy, ia: number, b: ConvexProxy, ib: number): void {
  indexA[k] = ia;
  indexB[k] = ib;
  for (let c = 0; c < 3; c++) {
    const x = a.xyz[3 * ia + c]!;
    const y = b.xyz[3 * ib + c]!;
    A[3 * k + c] = x;
    B[3 * k + c] = y;
    W[3 * k + c] = y - x;
  }
}

/**
 * Scalar results of the helpers below, kept in a typed array: a double returned from (or passed
 * to) a call V8 does not inline is boxed into a fresh heap number on every call.
 * 0: candidateNorm2's squared norm; 1..5: tetraVolumes' vol, v0..v3 (see there).
 */
const R = new Float64Array(6);

/** R[0] = squared norm of sum tw[k] S[k] over k < 4 (scaled units). */
function candidateNorm2(): void {
  let x = 0;
  let y = 0;
  let z = 0;
  for (let k = 0; k < 4; k++) {
    const t = tw[k]!;
    if (t === 0) continue;
    x += t * S[3 * k]!;
    y += t * S[3 * k + 1]!;
    z += t * S[3 * k + 2]!;
  }
  R[0] = x * x + y * y + z * z;
}

/** Closest point of segment S[i] S[j] to the origin: weights into tw (others 0). */
function segmentWeights(i: number, j: number): void {
  tw.fill(0);
  // t along i -> j: -(s_i . e) / (e . e), clamped by the Voronoi regions of the ends.
  const ix = S[3 * i]!;
  const iy = S[3 * i + 1]!;
  const iz = S[3 * i + 2]!;
  const jx = S[3 * j]!;
  const jy = S[3 * j + 1]!;
  const jz = S[3 * j + 2]!;
  const ii = ix * ix + iy * iy + iz * iz;
  const ij = ix * jx + iy * jy + iz * jz;
  const jj = jx * jx + jy * jy + jz * jz;
  const di = ii - ij; // -(s_i . e) with e = s_j - s_i, negated: s_i . (s_i - s_j)
  const dj = jj - ij; // s_j . (s_j - s_i)
  if (di <= 0) tw[i] = 1;
  else if (dj <= 0) tw[j] = 1;
  else {
    tw[i] = dj / (di + dj);
    tw[j] = di / (di + dj);
  }
}

/**
 * Closest point of triangle S[i] S[j] S[k] to the origin by its Voronoi regions (Ericson,
 * "Real-Time Collision Detection", 2005, §5.1.5): weights into tw. A triangle too flat for its
 * face region to be trusted falls back to the nearest of its edges.
 */
function triangleWeights(i: number, j: number, k: number): void {
  const ax = S[3 * i]!;
  const ay = S[3 * i + 1]!;
  const az = S[3 * i + 2]!;
  const abx = S[3 * j]! - ax;
  const aby = S[3 * j + 1]! - ay;
  const abz = S[3 * j + 2]! - az;
  const acx = S[3 * k]! - ax;
  const acy = S[3 * k + 1]! - ay;
  const acz = S[3 * k + 2]! - az;
  const d1 = -(abx * ax + aby * ay + abz * az);
  const d2 = -(acx * ax + acy * ay + acz * az);
  tw.fill(0);
  if (d1 <= 0 && d2 <= 0) {
    tw[i] = 1;
    return;
  }
  const bx = S[3 * j]!;
  const by = S[3 * j + 1]!;
  const bz = S[3 * j + 2]!;
  const d3 = -(abx * bx + aby * by + abz * bz);
  const d4 = -(acx * bx + acy * by + acz * bz);
  if (d3 >= 0 && d4 <= d3) {
    tw[j] = 1;
    return;
  }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0 && d1 - d3 > 0) {
    const v = d1 / (d1 - d3);
    tw[i] = 1 - v;
    tw[j] = v;
    return;
  }
  const cx = S[3 * k]!;
  const cy = S[3 * k + 1]!;
  const cz = S[3 * k + 2]!;
  const d5 = -(abx * cx + aby * cy + abz * cz);
  const d6 = -(acx * cx + acy * cy + acz * cz);
  if (d6 >= 0 && d5 <= d6) {
    tw[k] = 1;
    return;
  }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0 && d2 - d6 > 0) {
    const w = d2 / (d2 - d6);
    tw[i] = 1 - w;
    tw[k] = w;
    return;
  }
  const va = d3 * d6 - d5 * d4;
  const e = d4 - d3;
  const f = d5 - d6;
  if (va <= 0 && e >= 0 && f >= 0 && e + f > 0) {
    const w = e / (e + f);
    tw[j] = 1 - w;
    tw[k] = w;
    return;
  }
  const denom = va + vb + vc;
  if (va >= 0 && vb >= 0 && vc >= 0 && denom > 0) {
    tw[i] = va / denom;
    tw[j] = vb / denom;
    tw[k] = vc / denom;
    return;
  }
  // Rounding put the origin in no region (a sliver): the nearest edge.
  bestOf3Segments(i, j, k);
}

function bestOf3Segments(i: number, j: number, k: number): void {
  segmentWeights(i, j);
  candidateNorm2();
  let best = R[0]!;
  bw.set(tw);
  segmentWeights(j, k);
  candidateNorm2();
  let d = R[0]!;
  if (d < best) {
    best = d;
    bw.set(tw);
  }
  segmentWeights(i, k);
  candidateNorm2();
  d = R[0]!;
  if (d < best) bw.set(tw);
  tw.set(bw);
}

/**
 * Signed volumes (times 6) of the tetrahedron S[0..3] into R[1], and of it with the origin in
 * place of vertex k into R[2 + k]: R[2] + R[3] + R[4] + R[5] = R[1] up to rounding. Written out
 * in one function: a helper returning a double (or taking nine) boxes them when not inlined.
 */
function tetraVolumes(): void {
  const ax = S[0]!;
  const ay = S[1]!;
  const az = S[2]!;
  const bx = S[3]!;
  const by = S[4]!;
  const bz = S[5]!;
  const cx = S[6]!;
  const cy = S[7]!;
  const cz = S[8]!;
  const dx = S[9]!;
  const dy = S[10]!;
  const dz = S[11]!;
  // vol = orient(a - d, b - d, c - d).
  const ux = ax - dx;
  const uy = ay - dy;
  const uz = az - dz;
  const vx = bx - dx;
  const vy = by - dy;
  const vz = bz - dz;
  const wx = cx - dx;
  const wy = cy - dy;
  const wz = cz - dz;
  R[1] = ux * (vy * wz - vz * wy) + uy * (vz * wx - vx * wz) + uz * (vx * wy - vy * wx);
  // The origin in place of each vertex, orient(p, q, r) = p . (q x r) each (as vol's arithmetic):
  // v0 = -orient(b, c, d), v1 = orient(a, c, d), v2 = -orient(a, b, d), v3 = orient(a, b, c).
  R[2] = -(bx * (cy * dz - cz * dy) + by * (cz * dx - cx * dz) + bz * (cx * dy - cy * dx));
  R[3] = ax * (cy * dz - cz * dy) + ay * (cz * dx - cx * dz) + az * (cx * dy - cy * dx);
  R[4] = -(ax * (by * dz - bz * dy) + ay * (bz * dx - bx * dz) + az * (bx * dy - by * dx));
  R[5] = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
}

// The four faces of a tetrahedron 0..3, each with its opposite vertex last.
const FACES = [1, 2, 3, 0, 0, 2, 3, 1, 0, 1, 3, 2, 0, 1, 2, 3];

/**
 * Closest point of the tetrahedron to the origin (Ericson §5.1.6): the origin is inside when it
 * is on the inner side of every face; else the nearest of the faces it is outside of. A flat
 * tetrahedron (volume lost to rounding) is the union of its four faces.
 * Returns true when the origin is inside.
 */
function tetraWeights(): boolean {
  tetraVolumes();
  const vol = R[1]!;
  let m = 0;
  for (let c = 0; c < 12; c++) m = Math.max(m, Math.abs(S[c]!));
  // The volume's rounding error is below about 1e-14 m^3; below that its sign means nothing.
  const flat = Math.abs(vol) <= 1e-13 * m * m * m;
  if (!flat) {
    // Barycentric weights of the origin: sub-volumes with the origin replacing each vertex.
    const v0 = R[2]!;
    const v1 = R[3]!;
    const v2 = R[4]!;
    const v3 = R[5]!;
    // vol = v0 + v1 + v2 + v3 (each: det with the origin substituted); same sign -> inside.
    const s = vol > 0 ? 1 : -1;
    if (s * v0 >= 0 && s * v1 >= 0 && s * v2 >= 0 && s * v3 >= 0) {
      const sum = v0 + v1 + v2 + v3;
      tw[0] = v0 / sum;
      tw[1] = v1 / sum;
      tw[2] = v2 / sum;
      tw[3] = v3 / sum;
      return true;
    }
  }
  let best = Number.POSITIVE_INFINITY;
  for (let f = 0; f < 4; f++) {
    const p = FACES[4 * f]!;
    const q = FACES[4 * f + 1]!;
    const r = FACES[4 * f + 2]!;
    triangleWeights(p, q, r);
    candidateNorm2();
    const d = R[0]!;
    if (d < best) {
      best = d;
      bw.set(tw);
    }
  }
  tw.set(bw);
  return false;
}

/** Keeps the vertices with positive weight, in order. */
function compact(): void {
  let n = 0;
  for (let k = 0; k < count; k++) {
    if (tw[k]! <= 0) continue;
    if (n !== k) {
      for (let c = 0; c < 3; c++) {
        A[3 * n + c] = A[3 * k + c]!;
        B[3 * n + c] = B[3 * k + c]!;
        W[3 * n + c] = W[3 * k + c]!;
      }
      indexA[n] = indexA[k]!;
      indexB[n] = indexB[k]!;
    }
    weight[n] = tw[k]!;
    n++;
  }
  count = n;
}

/**
 * Reduces the simplex to the smallest face holding its point nearest the origin and sets the
 * weights; returns true when the origin is inside a full tetrahedron.
 */
function solve(): boolean {
  let m = 0;
  for (let c = 0; c < 3 * count; c++) m = Math.max(m, Math.abs(W[c]!));
  // A power of two that brings m to about 1 (1 when m = 0 or near 1): the solvers multiply up
  // to four coordinates, which would underflow or overflow far from 1. Scaling by a power of two
  // is exact and the weights are ratios that do not change with it. Written here, not in a
  // helper: a double returned from a call V8 does not inline is boxed.
  const k =
    m === 0 || (m >= 2 ** -100 && m <= 2 ** 100)
      ? 1
      : 2 ** Math.max(-1000, Math.min(1000, -Math.floor(Math.log2(m))));
  for (let c = 0; c < 3 * count; c++) S[c] = W[c]! * k;
  let inside = false;
  if (count === 1) {
    tw.fill(0);
    tw[0] = 1;
  } else if (count === 2) segmentWeights(0, 1);
  else if (count === 3) triangleWeights(0, 1, 2);
  else inside = tetraWeights();
  compact();
  return inside;
}

/**
 * v = sum of weight * W into V[0..2]; V[3] = its largest magnitude m; V[4] = |v|^2 / m^2 (the
 * squared norm measured without overflow or underflow; 0 when m = 0).
 */
function closest(): void {
  let x = 0;
  let y = 0;
  let z = 0;
  for (let k = 0; k < count; k++) {
    const t = weight[k]!;
    x += t * W[3 * k]!;
    y += t * W[3 * k + 1]!;
    z += t * W[3 * k + 2]!;
  }
  V[0] = x;
  V[1] = y;
  V[2] = z;
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  V[3] = m;
  if (m === 0) {
    V[4] = 0;
    return;
  }
  const sx = x / m;
  const sy = y / m;
  const sz = z / m;
  V[4] = sx * sx + sy * sy + sz * sz;
}

/**
 * Distance, closest points and normal of two convex proxies by the Gilbert-Johnson-Keerthi
 * algorithm, with Johnson's sub-algorithm done by Voronoi regions on a copy scaled to unit size
 * by a power of two. Not a decision procedure: the exact `test*` functions decide overlap; this
 * gives the numbers. No allocation when `out` is given.
 * @see Gilbert, Johnson, Keerthi, "A fast procedure for computing the distance between complex
 * objects in three-dimensional space", IEEE J. Robotics and Automation, 1988; Ericson,
 * "Real-Time Collision Detection", 2005, §9.5 and §5.1.5-5.1.6.
 */
export function gjkDistance(a: ConvexProxy, b: ConvexProxy, out?: GjkResult): GjkResult {
  const result = out ?? makeGjkResult();
  setVertex(0, a, 0, b, 0);
  weight[0] = 1;
  count = 1;
  let iterations = 0;
  let inside = false;
  closest();
  let prevM = V[3]!;
  let prevN = V[4]!;
  while (iterations < MAX_ITERATIONS && prevM > 0) {
    // Search direction -v, kept near unit length: support values multiply it by coordinates.
    const dx = -V[0]! / prevM;
    const dy = -V[1]! / prevM;
    const dz = -V[2]! / prevM;
    DIR[0] = dx;
    DIR[1] = dy;
    DIR[2] = dz;
    const ia = support(a, DIR, -1);
    const ib = support(b, DIR, 1);
    iterations++;
    let repeated = false;
    for (let k = 0; k < count; k++) {
      if (indexA[k] === ia && indexB[k] === ib) {
        repeated = true;
        break;
      }
    }
    if (repeated) break;
    // Progress test in units of |v|: (v . v - v . w) / |v| <= tiny means v is optimal.
    const wx = b.xyz[3 * ib]! - a.xyz[3 * ia]!;
    const wy = b.xyz[3 * ib + 1]! - a.xyz[3 * ia + 1]!;
    const wz = b.xyz[3 * ib + 2]! - a.xyz[3 * ia + 2]!;
    const vw = -(dx * wx + dy * wy + dz * wz) / prevM; // (v . w) / m^2
    if (prevN - vw <= 1e-14 * prevN) break;
    save();
    setVertex(count, a, ia, b, ib);
    count++;
    inside = solve();
    if (inside) break;
    closest();
    const m = V[3]!;
    if (m === 0) break;
    const n = V[4]!;
    // Rounding can make the new simplex's point no nearer: keep the old one and stop.
    if (m * Math.sqrt(n) >= prevM * Math.sqrt(prevN)) {
      restore();
      closest();
      break;
    }
    prevM = m;
    prevN = n;
  }
  // Witness points from the barycentric weights; the gap vector from the differences themselves
  // (far from the origin, subtracting the witness points would round it away).
  let pax = 0;
  let pay = 0;
  let paz = 0;
  let pbx = 0;
  let pby = 0;
  let pbz = 0;
  for (let k = 0; k < count; k++) {
    const t = weight[k]!;
    pax += t * A[3 * k]!;
    pay += t * A[3 * k + 1]!;
    paz += t * A[3 * k + 2]!;
    pbx += t * B[3 * k]!;
    pby += t * B[3 * k + 1]!;
    pbz += t * B[3 * k + 2]!;
  }
  const gm = inside ? 0 : V[3]!;
  const core = gm === 0 ? 0 : gm * Math.sqrt(V[4]!);
  LAST[0] = core;
  const ra = a.radius;
  const rb = b.radius;
  result.iterations = iterations;
  const pA = result.pointA;
  const pB = result.pointB;
  const nrm = result.normal;
  if (core > 0) {
    // v / m over |v / m|: v / core loses the direction when core is subnormal ((1, 1, 0) came out).
    const len = Math.sqrt(V[4]!);
    nrm.x = V[0]! / gm / len;
    nrm.y = V[1]! / gm / len;
    nrm.z = V[2]! / gm / len;
  } else {
    nrm.x = 1;
    nrm.y = 0;
    nrm.z = 0;
  }
  if (core > ra + rb) {
    result.distance = core - ra - rb;
    pA.x = pax + ra * nrm.x;
    pA.y = pay + ra * nrm.y;
    pA.z = paz + ra * nrm.z;
    pB.x = pbx - rb * nrm.x;
    pB.y = pby - rb * nrm.y;
    pB.z = pbz - rb * nrm.z;
  } else {
    // Overlapping: a shared point on the segment between the cores' witnesses, split in the
    // ratio of the radii so it lies within ra of A's core and within rb of B's (A's when inside).
    result.distance = 0;
    const rs = ra + rb;
    const t = inside ? 0 : rs > 0 ? ra / rs : 0.5;
    const mx = pax + t * (pbx - pax);
    const my = pay + t * (pby - pay);
    const mz = paz + t * (pbz - paz);
    pA.x = pB.x = mx;
    pA.y = pB.y = my;
    pA.z = pB.z = mz;
  }
  return result;
}

/**
 * Copies the final simplex of the last `gjkDistance` call (vertices of the Minkowski difference
 * B - A of the cores, x y z each) and returns its size, 1 to 4. EPA starts from it.
 */
export function lastSimplex(xyz: Float64Array): number {
  for (let c = 0; c < 3 * count; c++) xyz[c] = W[c]!;
  return count;
}

/** Copies the barycentric weights of `lastSimplex`'s vertices (their order) and returns their count. */
export function lastWeights(out: Float64Array): number {
  for (let k = 0; k < count; k++) out[k] = weight[k]!;
  return count;
}

/** The distance between the cores (radii not included) found by the last `gjkDistance` call. */
export function lastCoreDistance(): number {
  return LAST[0]!;
}
