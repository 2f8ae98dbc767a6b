import { EPS, TAIL2 } from "../../exact/filter.ts";
import { castBox3, insideHit } from "../query/linear-cast.ts";
import {
  type B3,
  type LinearForm3,
  liftFormBox,
  lineForm3,
  makeLinearForm3,
  rayForm3,
  segmentOf3,
} from "../query/linear-form.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import { type Box, boxAxes, type Line, type Ray, type Segment, type Vec } from "../shapes.ts";

/*
 * Lines, rays and segments against oriented boxes, exact for the parallelepiped c + sum u_k A_k
 * (|u_k| <= 1) spanned by `boxAxes`. The form o + s d meets it when w = c - o lies in the set
 * {s d + sum u_k A_k}, a zonotope (or prism, for rays and lines) whose facet normals are the
 * cross products of its generators: the face normals A_i x A_j and the d x A_k. On each axis n
 * the test is whether n.w is within sum |n.A_k| of {s n.d}; every quantity is a 3x3 determinant
 * of the inputs. When all four generators lie in one plane (flat boxes, d along a flat box) the
 * exact path adds that plane's normal N and the in-plane normals N x g.
 * @see Ericson, Real-Time Collision Detection, §5.2.1 (separating axes); Ziegler, Lectures on
 * Polytopes, §7.3 (zonotopes and their facets).
 */

const F: LinearForm3 = makeLinearForm3();
const AX: Vec[] = [];

/** The last 3x3 determinant det(u, v, w) (rows) and its error bound (a typed array: no boxing). */
const DS = new Float64Array(2);
const ERR_DET = 8 * EPS;
/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;
/** The round-off coefficient of axisState's sums (4 eps). */
const ERR_SUM = 4 * EPS;

/*
 * The generators in one typed array (A_0, A_1, A_2 at 0, 3, 6, w at 9, d at 12): det and axisState
 * take small-integer offsets or nothing, since V8 does not inline them here and would box every
 * double argument of a call (nine per determinant).
 */
const G = new Float64Array(15);
const A0 = 0;
const A1 = 3;
const A2 = 6;
const W = 9;
const D = 12;

function det(u: number, v: number, w: number): void {
  const ux = G[u]!;
  const uy = G[u + 1]!;
  const uz = G[u + 2]!;
  const vx = G[v]!;
  const vy = G[v + 1]!;
  const vz = G[v + 2]!;
  const wx = G[w]!;
  const wy = G[w + 1]!;
  const wz = G[w + 2]!;
  const a = vy * wz;
  const b = vz * wy;
  const c = vz * wx;
  const d = vx * wz;
  const e = vx * wy;
  const f = vy * wx;
  DS[0] = ux * (a - b) + uy * (c - d) + uz * (e - f);
  const m =
    Math.abs(ux) * (Math.abs(a) + Math.abs(b)) +
    Math.abs(uy) * (Math.abs(c) + Math.abs(d)) +
    Math.abs(uz) * (Math.abs(e) + Math.abs(f));
  const s = Math.abs(ux) + Math.abs(uy) + Math.abs(uz) + Math.abs(vx) + Math.abs(vy) + Math.abs(vz);
  DS[1] = ERR_DET * m + T2 * (1 + s + Math.abs(wx) + Math.abs(wy) + Math.abs(wz));
}

/** axisState's other inputs: H, its bound, D, its bound, the form's lo and hi. */
const AS = new Float64Array(6);

const CERTAIN = 1;
const APART = 0;
const UNSURE = -1;

/**
 * Whether Q (DS) is within H of {s D : s in the form's range} (AS), each value with its error
 * bound: CERTAIN, APART or UNSURE.
 */
function axisState(): number {
  const q = DS[0]!;
  const eq = DS[1]!;
  const h = AS[0]!;
  const eh = AS[1]!;
  const d = AS[2]!;
  const ed = AS[3]!;
  const lo = AS[4]!;
  const hi = AS[5]!;
  const round = ERR_SUM * (Math.abs(q) + h + Math.abs(d));
  const err = eq + eh + round;
  if (d === 0 && ed === 0) {
    // D is exactly zero (the cross axes): |Q| <= H.
    const v = h - Math.abs(q);
    if (v > err) return CERTAIN;
    return v < -err ? APART : UNSURE;
  }
  const dSure = Math.abs(d) > ed;
  if (hi === 1) {
    const e2 = err + ed;
    const v1 = (d > 0 ? d : 0) + h - q;
    const v2 = q + h - (d < 0 ? d : 0);
    if (v1 < -e2 || v2 < -e2) return APART;
    return v1 > e2 && v2 > e2 ? CERTAIN : UNSURE;
  }
  if (dSure && lo !== 0) return CERTAIN; // a line crossing the slab
  if (dSure) {
    const v = d > 0 ? q + h : h - q;
    if (v > err) return CERTAIN;
    return v < -err ? APART : UNSURE;
  }
  return h - Math.abs(q) > err ? CERTAIN : UNSURE;
}

/**
 * Set by formMeetsBox when its start o is certainly outside the box: some face axis has
 * |Q| > H for Q = det(w, A_i, A_j), H = |V| (every point of the box has |Q| <= H there). The
 * computed |q| - h is within eps (|q| + h) of its rounded inputs, which are within eq and eh of
 * the exact ones, so |q| - h > eq + eh + 4 eps (|q| + h) is certain.
 */
let ORIGIN_OUT = false;

/** Whether the linear form meets the box; exact. */
export function formMeetsBox(f: LinearForm3, box: Box): boolean {
  boxAxes(box, AX);
  const a0 = AX[0]!;
  const a1 = AX[1]!;
  const a2 = AX[2]!;
  const wx = box.center.x - f.ox;
  const wy = box.center.y - f.oy;
  const wz = box.center.z - f.oz;
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const dz = f.pz - f.qz;
  G[0] = a0.x;
  G[1] = a0.y;
  G[2] = a0.z;
  G[3] = a1.x;
  G[4] = a1.y;
  G[5] = a1.z;
  G[6] = a2.x;
  G[7] = a2.y;
  G[8] = a2.z;
  G[9] = wx;
  G[10] = wy;
  G[11] = wz;
  G[12] = dx;
  G[13] = dy;
  G[14] = dz;
  ORIGIN_OUT = false;
  det(A0, A1, A2);
  const v = DS[0]!;
  const ev = DS[1]!;
  const h = Math.abs(v);
  det(D, A1, A2);
  const d0 = DS[0]!;
  const e0 = DS[1]!;
  det(D, A2, A0);
  const d1 = DS[0]!;
  const e1 = DS[1]!;
  det(D, A0, A1);
  const d2 = DS[0]!;
  const e2 = DS[1]!;
  let unsure = false;
  // An axis with an exactly zero generator in its cross product is trivially met: skipped.
  const z0 = a0.x === 0 && a0.y === 0 && a0.z === 0;
  const z1 = a1.x === 0 && a1.y === 0 && a1.z === 0;
  const z2 = a2.x === 0 && a2.y === 0 && a2.z === 0;
  const zd = dx === 0 && dy === 0 && dz === 0;
  let s = CERTAIN;
  let aq = 0;
  AS[0] = h;
  AS[1] = ev;
  AS[4] = f.lo;
  AS[5] = f.hi;
  // Face axes A_{k+1} x A_{k+2}: Q = det(w, A_{k+1}, A_{k+2}), H = |V|, D = Df_k.
  if (!z1 && !z2) {
    det(W, A1, A2);
    aq = Math.abs(DS[0]!);
    if (aq - h > DS[1]! + ev + ERR_SUM * (aq + h)) ORIGIN_OUT = true;
    AS[2] = d0;
    AS[3] = e0;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  if (!z2 && !z0) {
    det(W, A2, A0);
    aq = Math.abs(DS[0]!);
    if (aq - h > DS[1]! + ev + ERR_SUM * (aq + h)) ORIGIN_OUT = true;
    AS[2] = d1;
    AS[3] = e1;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  if (!z0 && !z1) {
    det(W, A0, A1);
    aq = Math.abs(DS[0]!);
    if (aq - h > DS[1]! + ev + ERR_SUM * (aq + h)) ORIGIN_OUT = true;
    AS[2] = d2;
    AS[3] = e2;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  // Cross axes d x A_k: Q = det(d, A_k, w), D = 0, H = |Df_{k+1}| + |Df_{k+2}|.
  AS[2] = 0;
  AS[3] = 0;
  AS[4] = 0;
  AS[5] = Number.POSITIVE_INFINITY;
  const ad0 = Math.abs(d0);
  const ad1 = Math.abs(d1);
  const ad2 = Math.abs(d2);
  if (!zd && !z0) {
    det(D, A0, W);
    AS[0] = ad1 + ad2;
    AS[1] = e1 + e2;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  if (!zd && !z1) {
    det(D, A1, W);
    AS[0] = ad2 + ad0;
    AS[1] = e2 + e0;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  if (!zd && !z2) {
    det(D, A2, W);
    AS[0] = ad0 + ad1;
    AS[1] = e0 + e1;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  // The six axes are complete when the generators span space.
  const full = h > ev || ad0 > e0 || ad1 > e1 || ad2 > e2;
  if (!unsure && full) return true;
  return formMeetsBoxExact(f, box, a0, a1, a2);
}

const bdet = (u: B3, v: B3, w: B3): bigint =>
  u[0] * (v[1] * w[2] - v[2] * w[1]) +
  u[1] * (v[2] * w[0] - v[0] * w[2]) +
  u[2] * (v[0] * w[1] - v[1] * w[0]);
const bcross = (u: B3, v: B3): B3 => [
  u[1] * v[2] - u[2] * v[1],
  u[2] * v[0] - u[0] * v[2],
  u[0] * v[1] - u[1] * v[0],
];
const bdot = (u: B3, v: B3): bigint => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const babs = (x: bigint): bigint => (x < 0n ? -x : x);
const isZero = (u: B3): boolean => u[0] === 0n && u[1] === 0n && u[2] === 0n;

/** Whether Q is within H of {s D : s in [lo, hi]}; exact. */
function meets(q: bigint, h: bigint, d: bigint, lo: number, hi: number): boolean {
  if (hi === 1) return q - h <= (d > 0n ? d : 0n) && q + h >= (d < 0n ? d : 0n);
  if (d !== 0n && lo !== 0) return true;
  if (d > 0n) return q + h >= 0n;
  if (d < 0n) return q <= h;
  return babs(q) <= h;
}

/** The support test on axis n: n.w within sum |n.A_k| of {s n.d}. */
function meetsOn(n: B3, w: B3, d: B3, a: B3[], lo: number, hi: number): boolean {
  const h = babs(bdot(n, a[0]!)) + babs(bdot(n, a[1]!)) + babs(bdot(n, a[2]!));
  return meets(bdot(n, w), h, bdot(n, d), lo, hi);
}

function formMeetsBoxExact(f: LinearForm3, box: Box, a0: Vec, a1: Vec, a2: Vec): boolean {
  const c = box.center;
  const { w, d, a } = liftFormBox(f, c, a0, a1, a2);
  const gens: B3[] = [a[0]!, a[1]!, a[2]!, d];
  let full = false;
  let plane: B3 | null = null;
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const axis = bcross(gens[i]!, gens[j]!);
      if (isZero(axis)) continue;
      if (!meetsOn(axis, w, d, a, f.lo, f.hi)) return false;
      plane ??= axis;
      for (let k = 0; k < 4; k++)
        if (k !== i && k !== j && bdet(gens[i]!, gens[j]!, gens[k]!) !== 0n) full = true;
    }
  }
  if (full) return true;
  if (plane) {
    // The generators span a plane of normal N: w must lie in it, then the in-plane normals.
    if (bdot(plane, w) !== 0n) return false;
    for (const g of gens) {
      const axis = bcross(plane, g);
      if (!isZero(axis) && !meetsOn(axis, w, d, a, f.lo, f.hi)) return false;
    }
    return true;
  }
  // All generators along one line (or zero).
  const g = gens.find((v) => !isZero(v));
  if (!g) return isZero(w);
  if (!isZero(bcross(g, w))) return false;
  return meetsOn(g, w, d, a, f.lo, f.hi);
}

/** Whether the line meets the box; exact for the parallelepiped `boxAxes` spans. */
export function testLineBox(a: Line, b: Box): boolean {
  return formMeetsBox(lineForm3(a, F), b);
}

/** Whether the ray meets the box; exact for the parallelepiped `boxAxes` spans. */
export function testRayBox(a: Ray, b: Box): boolean {
  return formMeetsBox(rayForm3(a, F), b);
}

/** Whether the segment meets the box; exact for the parallelepiped `boxAxes` spans. */
export function testSegmentBox(a: Segment, b: Box): boolean {
  return formMeetsBox(segmentOf3(a, F), b);
}

const START: LinearForm3 = makeLinearForm3();

function intersectForm(f: LinearForm3, b: Box, out: ShapeHit | undefined): ShapeHit | null {
  if (!formMeetsBox(f, b)) return null;
  if (f.lo === 0 && !ORIGIN_OUT) {
    // The start inside: the zero-length segment at o meets the box.
    START.ox = START.px = START.qx = f.ox;
    START.oy = START.py = START.qy = f.oy;
    START.oz = START.pz = START.qz = f.oz;
    START.lo = 0;
    START.hi = 1;
    if (formMeetsBox(START, b)) return insideHit(f, out ?? makeShapeHit());
  }
  return castBox3(f, b, out ?? makeShapeHit());
}

/**
 * Where the line enters the box (smallest t, possibly negative) with the outward normal of the
 * face entered, or null; never `inside`.
 * @see Kay and Kajiya, "Ray tracing complex scenes", SIGGRAPH 1986 (slabs, here in the box frame).
 */
export function intersectLineBox(a: Line, b: Box, out?: ShapeHit): ShapeHit | null {
  return intersectForm(lineForm3(a, F), b, out);
}

/** Where the ray enters the box (t >= 0) with the face's outward normal, or null; a start inside gives t = 0, `inside`. */
export function intersectRayBox(a: Ray, b: Box, out?: ShapeHit): ShapeHit | null {
  return intersectForm(rayForm3(a, F), b, out);
}

/** Where the segment enters the box (t in [0, 1]) with the face's outward normal, or null; a start inside gives t = 0, `inside`. */
export function intersectSegmentBox(a: Segment, b: Box, out?: ShapeHit): ShapeHit | null {
  return intersectForm(segmentOf3(a, F), b, out);
}
