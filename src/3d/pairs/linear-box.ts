import { ACCURATE, EPS, TAIL2 } from "../../exact/filter.ts";
import { castBox3, FIN, finishCast, insideHit } from "../query/linear-cast.ts";
import {
  type B3,
  babs,
  bcross,
  bdet,
  bdot,
  isZero,
  type LinearForm3,
  liftFormBox,
  lineForm3,
  makeLinearForm3,
  rayForm3,
  segmentOf3,
} from "../query/linear-form.ts";
import { makeShapeHit, makeVec3, type ShapeHit } from "../results.ts";
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
// Filled before boxAxes sees them: its own literals would share a hidden class (results.ts).
const AX: Vec[] = [makeVec3(), makeVec3(), makeVec3()];

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

/** boxFast's verdicts, and what it learnt about the form's start (for the casts). */
const HIT = 1;
const MISS = 0;
/** 1: the start is certainly inside, 0: certainly outside, -1: not known. */
let START_IN = -1;
/** Set by boxFast (asked to cast) when BC holds the entry t and the unnormalised face normal. */
let CAST_OK = false;
const BC = new Float64Array(4);

/**
 * The float pass of formMeetsBox: HIT, MISS, or UNSURE (then the full test decides). With
 * n_k = A_{k+1} x A_{k+2}, V = A_0.n_0, Q_k = n_k.w and D_k = n_k.d, the point o + s d is in the
 * box when |Q_k - s D_k| <= |V| for each k (the slabs; Kay and Kajiya 1986, in the box's own
 * coordinates u_k = (s D_k - Q_k) / V). Floats find the slabs' common s-interval; a hit is
 * certified by its midpoint s, whose |Q_k - s D_k| plus every error bound stays below |V|; a miss
 * by one separating axis with its bound: a face axis n_k when the range ends before slab k, or,
 * when slabs i and j do not overlap, the cross axis d x A_k (k the third index), on which the box
 * reaches |D_i| + |D_j| and the form projects to det(d, A_k, w). Each value's bound is det's.
 */
function boxFast(f: LinearForm3, box: Box, cast: boolean): number {
  // The axes exactly as boxAxes rounds them (the exact set is spanned by those doubles).
  const r = box.rotation;
  const x = r.x;
  const y = r.y;
  const z = r.z;
  const ww = r.w;
  const he = box.halfExtents;
  const hx = he.x;
  const hy = he.y;
  const hz = he.z;
  const a0x = (1 - 2 * (y * y + z * z)) * hx;
  const a0y = 2 * (x * y + ww * z) * hx;
  const a0z = 2 * (x * z - ww * y) * hx;
  const a1x = 2 * (x * y - ww * z) * hy;
  const a1y = (1 - 2 * (x * x + z * z)) * hy;
  const a1z = 2 * (y * z + ww * x) * hy;
  const a2x = 2 * (x * z + ww * y) * hz;
  const a2y = 2 * (y * z - ww * x) * hz;
  const a2z = (1 - 2 * (x * x + y * y)) * hz;
  const c = box.center;
  const wx = c.x - f.ox;
  const wy = c.y - f.oy;
  const wz = c.z - f.oz;
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const dz = f.pz - f.qz;
  // n_k and, beside it, the sums of its products' magnitudes (det's m, per component).
  let p = a1y * a2z;
  let q = a1z * a2y;
  const n0x = p - q;
  const m0x = Math.abs(p) + Math.abs(q);
  p = a1z * a2x;
  q = a1x * a2z;
  const n0y = p - q;
  const m0y = Math.abs(p) + Math.abs(q);
  p = a1x * a2y;
  q = a1y * a2x;
  const n0z = p - q;
  const m0z = Math.abs(p) + Math.abs(q);
  p = a2y * a0z;
  q = a2z * a0y;
  const n1x = p - q;
  const m1x = Math.abs(p) + Math.abs(q);
  p = a2z * a0x;
  q = a2x * a0z;
  const n1y = p - q;
  const m1y = Math.abs(p) + Math.abs(q);
  p = a2x * a0y;
  q = a2y * a0x;
  const n1z = p - q;
  const m1z = Math.abs(p) + Math.abs(q);
  p = a0y * a1z;
  q = a0z * a1y;
  const n2x = p - q;
  const m2x = Math.abs(p) + Math.abs(q);
  p = a0z * a1x;
  q = a0x * a1z;
  const n2y = p - q;
  const m2y = Math.abs(p) + Math.abs(q);
  p = a0x * a1y;
  q = a0y * a1x;
  const n2z = p - q;
  const m2z = Math.abs(p) + Math.abs(q);
  const l0 = Math.abs(a0x) + Math.abs(a0y) + Math.abs(a0z);
  const l1 = Math.abs(a1x) + Math.abs(a1y) + Math.abs(a1z);
  const l2 = Math.abs(a2x) + Math.abs(a2y) + Math.abs(a2z);
  const lw = Math.abs(wx) + Math.abs(wy) + Math.abs(wz);
  const ld = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
  const awx = Math.abs(wx);
  const awy = Math.abs(wy);
  const awz = Math.abs(wz);
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  const adz = Math.abs(dz);
  // det's underflow tails: T2 (1 + |u|_1 + |v|_1 + |w|_1) for each determinant's three rows.
  const t12 = T2 * (1 + l1 + l2);
  const t20 = T2 * (1 + l2 + l0);
  const t01 = T2 * (1 + l0 + l1);
  const v = a0x * n0x + a0y * n0y + a0z * n0z;
  const h = Math.abs(v);
  const eh =
    ERR_DET * (Math.abs(a0x) * m0x + Math.abs(a0y) * m0y + Math.abs(a0z) * m0z) + t12 + T2 * l0;
  const q0 = wx * n0x + wy * n0y + wz * n0z;
  const q1 = wx * n1x + wy * n1y + wz * n1z;
  const q2 = wx * n2x + wy * n2y + wz * n2z;
  const eq0 = ERR_DET * (awx * m0x + awy * m0y + awz * m0z) + t12 + T2 * lw;
  const eq1 = ERR_DET * (awx * m1x + awy * m1y + awz * m1z) + t20 + T2 * lw;
  const eq2 = ERR_DET * (awx * m2x + awy * m2y + awz * m2z) + t01 + T2 * lw;
  const d0 = dx * n0x + dy * n0y + dz * n0z;
  const d1 = dx * n1x + dy * n1y + dz * n1z;
  const d2 = dx * n2x + dy * n2y + dz * n2z;
  const ed0 = ERR_DET * (adx * m0x + ady * m0y + adz * m0z) + t12 + T2 * ld;
  const ed1 = ERR_DET * (adx * m1x + ady * m1y + adz * m1z) + t20 + T2 * ld;
  const ed2 = ERR_DET * (adx * m2x + ady * m2y + adz * m2z) + t01 + T2 * ld;
  const aq0 = Math.abs(q0);
  const aq1 = Math.abs(q1);
  const aq2 = Math.abs(q2);
  // The start: inside when every |Q_k| is below |V| by the bounds, outside when one is above.
  const s0 = h - aq0;
  const s1 = h - aq1;
  const s2 = h - aq2;
  const g0 = eq0 + eh + ERR_SUM * (aq0 + h);
  const g1 = eq1 + eh + ERR_SUM * (aq1 + h);
  const g2 = eq2 + eh + ERR_SUM * (aq2 + h);
  START_IN = s0 > g0 && s1 > g1 && s2 > g2 ? 1 : s0 < -g0 || s1 < -g1 || s2 < -g2 ? 0 : -1;
  const lo = f.lo;
  const hi = f.hi;
  CAST_OK = false;
  if (START_IN === 1 && lo === 0) return HIT;
  // The slabs' common interval [en, ex] of s, clipped to the range; which slab set each end.
  let en = lo;
  let ex = hi;
  let ien = -1;
  let iex = -1;
  if (d0 !== 0) {
    const u = (q0 - h) / d0;
    const w = (q0 + h) / d0;
    const a = u < w ? u : w;
    const b = u < w ? w : u;
    if (a > en) {
      en = a;
      ien = 0;
    }
    if (b < ex) {
      ex = b;
      iex = 0;
    }
  } else if (!(s0 > g0)) return UNSURE;
  if (d1 !== 0) {
    const u = (q1 - h) / d1;
    const w = (q1 + h) / d1;
    const a = u < w ? u : w;
    const b = u < w ? w : u;
    if (a > en) {
      en = a;
      ien = 1;
    }
    if (b < ex) {
      ex = b;
      iex = 1;
    }
  } else if (!(s1 > g1)) return UNSURE;
  if (d2 !== 0) {
    const u = (q2 - h) / d2;
    const w = (q2 + h) / d2;
    const a = u < w ? u : w;
    const b = u < w ? w : u;
    if (a > en) {
      en = a;
      ien = 2;
    }
    if (b < ex) {
      ex = b;
      iex = 2;
    }
  } else if (!(s2 > g2)) return UNSURE;
  if (en <= ex) {
    // The witness: the interval's midpoint (its finite end for a half-line), within the range.
    let s =
      en === Number.NEGATIVE_INFINITY
        ? ex === Number.POSITIVE_INFINITY
          ? 0
          : ex
        : ex === Number.POSITIVE_INFINITY
          ? en
          : 0.5 * en + 0.5 * ex;
    if (s < lo) s = lo;
    if (s > hi) s = hi;
    if (!(s - s === 0)) return UNSURE;
    const as = Math.abs(s);
    const k0 = s * d0;
    const k1 = s * d1;
    const k2 = s * d2;
    if (
      h - Math.abs(q0 - k0) > eq0 + as * ed0 + eh + ERR_SUM * (aq0 + Math.abs(k0) + h) &&
      h - Math.abs(q1 - k1) > eq1 + as * ed1 + eh + ERR_SUM * (aq1 + Math.abs(k1) + h) &&
      h - Math.abs(q2 - k2) > eq2 + as * ed2 + eh + ERR_SUM * (aq2 + Math.abs(k2) + h)
    ) {
      if (cast && ien >= 0 && (lo !== 0 || START_IN === 0) && d0 !== 0 && d1 !== 0 && d2 !== 0) {
        // The entry is slab ien's (Q - sign(D) |V|) / D. With |D - d| <= ed <= |d| / 2, each
        // slab's entry is within (eq + eh + 4 eps (|q| + h)) / |d| + 2 |t| ed / |d| + 4 eps |t|
        // of the exact one; the float t is kept when that is within ACCURATE of it, for the
        // entry slab and for any slab whose entry could be the true maximum.
        const t0 = (d0 > 0 ? q0 - h : q0 + h) / d0;
        const t1 = (d1 > 0 ? q1 - h : q1 + h) / d1;
        const t2 = (d2 > 0 ? q2 - h : q2 + h) / d2;
        const e0 =
          (eq0 + eh + ERR_SUM * (aq0 + h) + 2 * Math.abs(t0) * ed0) / Math.abs(d0) +
          ERR_SUM * Math.abs(t0);
        const e1 =
          (eq1 + eh + ERR_SUM * (aq1 + h) + 2 * Math.abs(t1) * ed1) / Math.abs(d1) +
          ERR_SUM * Math.abs(t1);
        const e2 =
          (eq2 + eh + ERR_SUM * (aq2 + h) + 2 * Math.abs(t2) * ed2) / Math.abs(d2) +
          ERR_SUM * Math.abs(t2);
        const tol = ACCURATE * Math.abs(en);
        const ee = ien === 0 ? e0 : ien === 1 ? e1 : e2;
        CAST_OK =
          2 * ed0 <= Math.abs(d0) &&
          2 * ed1 <= Math.abs(d1) &&
          2 * ed2 <= Math.abs(d2) &&
          ee <= tol &&
          (e0 <= tol || t0 + e0 < en - ee) &&
          (e1 <= tol || t1 + e1 < en - ee) &&
          (e2 <= tol || t2 + e2 < en - ee) &&
          v > eh;
        if (CAST_OK) {
          BC[0] = en;
          // Face ien's outward normal, the rotation's column ien (boxFrame's), against d.
          const sg = (ien === 0 ? d0 : ien === 1 ? d1 : d2) > 0 ? -1 : 1;
          BC[1] =
            sg *
            (ien === 0
              ? 1 - 2 * (y * y + z * z)
              : ien === 1
                ? 2 * (x * y - ww * z)
                : 2 * (x * z + ww * y));
          BC[2] =
            sg *
            (ien === 0
              ? 2 * (x * y + ww * z)
              : ien === 1
                ? 1 - 2 * (x * x + z * z)
                : 2 * (y * z - ww * x));
          BC[3] =
            sg *
            (ien === 0
              ? 2 * (x * z - ww * y)
              : ien === 1
                ? 2 * (y * z + ww * x)
                : 1 - 2 * (x * x + y * y));
        }
      }
      return HIT;
    }
    return UNSURE;
  }
  if (ien >= 0 && iex >= 0) {
    // Slabs ien and iex do not overlap: the cross axis d x A_k, k the third index, where the
    // box reaches |D_ien| + |D_iex| and the form projects to det(d, A_k, w) = d.(A_k x w).
    const k = 3 - ien - iex;
    const ax = k === 0 ? a0x : k === 1 ? a1x : a2x;
    const ay = k === 0 ? a0y : k === 1 ? a1y : a2y;
    const az = k === 0 ? a0z : k === 1 ? a1z : a2z;
    p = ay * wz;
    q = az * wy;
    let cq = dx * (p - q);
    let cm = adx * (Math.abs(p) + Math.abs(q));
    p = az * wx;
    q = ax * wz;
    cq += dy * (p - q);
    cm += ady * (Math.abs(p) + Math.abs(q));
    p = ax * wy;
    q = ay * wx;
    cq += dz * (p - q);
    cm += adz * (Math.abs(p) + Math.abs(q));
    const lk = k === 0 ? l0 : k === 1 ? l1 : l2;
    const ecq = ERR_DET * cm + T2 * (1 + ld + lk + lw);
    const di = ien === 0 ? d0 : ien === 1 ? d1 : d2;
    const dj = iex === 0 ? d0 : iex === 1 ? d1 : d2;
    const edi = ien === 0 ? ed0 : ien === 1 ? ed1 : ed2;
    const edj = iex === 0 ? ed0 : iex === 1 ? ed1 : ed2;
    const hh = Math.abs(di) + Math.abs(dj);
    const acq = Math.abs(cq);
    return acq - hh > ecq + edi + edj + ERR_SUM * (acq + hh) ? MISS : UNSURE;
  }
  // The range ends before (or starts after) one slab: its face axis.
  const k = ien >= 0 ? ien : iex;
  if (k < 0) return UNSURE;
  const qk = k === 0 ? q0 : k === 1 ? q1 : q2;
  const dk = k === 0 ? d0 : k === 1 ? d1 : d2;
  DS[0] = qk;
  DS[1] = k === 0 ? eq0 : k === 1 ? eq1 : eq2;
  AS[0] = h;
  AS[1] = eh;
  AS[2] = dk;
  AS[3] = k === 0 ? ed0 : k === 1 ? ed1 : ed2;
  AS[4] = lo;
  AS[5] = hi;
  return axisState() === APART ? MISS : UNSURE;
}

/** Whether the linear form meets the box; exact. */
export function formMeetsBox(f: LinearForm3, box: Box): boolean {
  const fast = boxFast(f, box, false);
  return fast === UNSURE ? formMeetsBoxSlow(f, box) : fast === HIT;
}

/** formMeetsBox past the float pass: every separating axis with its bound, then BigInt. */
function formMeetsBoxSlow(f: LinearForm3, box: Box): boolean {
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
  AS[0] = h;
  AS[1] = ev;
  AS[4] = f.lo;
  AS[5] = f.hi;
  // Face axes A_{k+1} x A_{k+2}: Q = det(w, A_{k+1}, A_{k+2}), H = |V|, D = Df_k.
  if (!z1 && !z2) {
    det(W, A1, A2);
    AS[2] = d0;
    AS[3] = e0;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  if (!z2 && !z0) {
    det(W, A2, A0);
    AS[2] = d1;
    AS[3] = e1;
    s = axisState();
    if (s === APART) return false;
    if (s === UNSURE) unsure = true;
  }
  if (!z0 && !z1) {
    det(W, A0, A1);
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

/*
 * The ray's float pass in the box's frame (what three.js users do with a kept inverse matrix, Kay
 * and Kajiya's slabs there), with a proven bound instead of the cross products of boxFast. Let C
 * be the rotation columns as boxAxes computes them (before the half extents h), w = c - o, and B
 * the matrix with A_k = fl(C_k h_k) = (C_k + Delta_k) h_k; o + s d is in the box exactly when
 * |X_k(s)| <= h_k for X(s) = B^-1 (o + s d - c) = s B^-1 d - B^-1 w. The floats take C^T for B^-1:
 *  - With delta = |q|^2 - 1 the exact matrix of the formula is R = (1 + delta) Q - delta I, Q a
 *    rotation, so |R - Q| <= 2 |delta|; C's entries are within 3.01 eps (1 + 2 |q|^2) <= 9.1 eps of
 *    R's (|delta| <= 2^-10), 27.3 eps in Frobenius norm; |Delta| <= 1.8 eps (h_k 0 or >= 2^-900,
 *    so no A_k underflows relative to h_k). Then B = Q + G with |G| <= 2 |delta| + 29.1 eps,
 *    |B^-1 - Q^T| <= 1.002 |G|, |C^T - Q^T| <= 2 |delta| + 27.3 eps, and with |delta| within 4.1
 *    eps of the computed one, |B^-1 - C^T| <= 5 |delta~| + 73 eps <= kappa = 5 |delta~| + 2^-45.
 *  - W_k = C_k . fl(c - o) and D_k = C_k . d are then within eta_w = (kappa + 2^-49) |w|_1 + T2
 *    and eta_d = (kappa + 2^-49) |d|_1 + T2 of [B^-1 w]_k, [B^-1 d]_k (2^-49 = 16 eps covers the
 *    rounded difference and the three-term dot product, T2 their underflow).
 *  - A slab end t = (W_k -+ h_k) / D_k, computed as (W - h) * fl(1 / D) (three roundings, with
 *    |D| in (4 eta_d, 2^1000) so 1 / D neither overflows nor underflows) is within
 *    (eta_w + |t| eta_d) / |D| + 3.05 eps |t| + 2^-1074 of the exact end; solving for |t| (with
 *    eta_d / |D| < 1/4) gives err(t) <= 2 (eta_w + |t~| eta_d) m + 8 eps |t~| + T2, m the largest
 *    |1 / D| of the three slabs, the factors' slack covering the rounding of err and of en +- err.
 *    err is increasing in |t| with slope below 1 / 2 + 8 eps, so it bounds the max of the entries
 *    and the min of the exits too, not just the slab that set them.
 * A slab nearly parallel to d, a far-off quaternion, tiny half extents or overflow: UNSURE.
 */
const KAPPA0 = 2 ** -45;
const ETA = 2 ** -49;
const ERR_RB = 8 * EPS;
const DELTA_MAX = 2 ** -10;
const H_MIN = 2 ** -900;
const D_MAX = 2 ** 1000;
/** rayBoxFast's entry t, its error bound, the entered face's code (2 k + 1 for face -C_k, d along
 * C_k; 2 k for +C_k; -1 for none) and C_k. */
const RB = new Float64Array(6);

/*
 * The slabs' interval is clipped to [0, inf) after slab 0 and checked for emptiness after slabs 0
 * and 1 already (a miss there is a miss of the box; err with m over those slabs bounds their ends),
 * so most misses skip slab 2. Each slab branches once on the sign of D, which orders its ends.
 * The slabs are unrolled: a shared helper would return seven doubles through scratch memory.
 */
/** The ray's slabs in the box frame (above): HIT, MISS or UNSURE; on HIT, RB holds the entry. */
function rayBoxFast(a: Ray, b: Box): number {
  const r = b.rotation;
  const x = r.x;
  const y = r.y;
  const z = r.z;
  const ww = r.w;
  const delta = Math.abs(x * x + y * y + z * z + ww * ww - 1);
  const he = b.halfExtents;
  const hx = he.x;
  const hy = he.y;
  const hz = he.z;
  if (
    !(
      delta <= DELTA_MAX &&
      (hx >= H_MIN || hx === 0) &&
      (hy >= H_MIN || hy === 0) &&
      (hz >= H_MIN || hz === 0)
    )
  ) {
    return UNSURE;
  }
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  const wx = c.x - o.x;
  const wy = c.y - o.y;
  const wz = c.z - o.z;
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const kappa = 5 * delta + (KAPPA0 + ETA);
  const ew = kappa * (Math.abs(wx) + Math.abs(wy) + Math.abs(wz)) + T2;
  const ed = kappa * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz)) + T2;
  const lo = 4 * ed;
  const xx = x * x;
  const yy = y * y;
  const zz = z * z;
  const xy = x * y;
  const xz = x * z;
  const yz = y * z;
  const wxq = ww * x;
  const wyq = ww * y;
  const wzq = ww * z;
  // Slab 0, along C_0 = (1 - 2 (y^2 + z^2), 2 (x y + w z), 2 (x z - w y)).
  let cx = 1 - 2 * (yy + zz);
  let cy = 2 * (xy + wzq);
  let cz = 2 * (xz - wyq);
  let dk = cx * dx + cy * dy + cz * dz;
  let wk = cx * wx + cy * wy + cz * wz;
  let ad = Math.abs(dk);
  if (!(ad > lo && ad < D_MAX)) return UNSURE;
  let inv = 1 / dk;
  let m = Math.abs(inv);
  let en: number;
  let ex: number;
  let axis: number;
  // The entered face's column C_k (its sign is axis & 1).
  let nx = cx;
  let ny = cy;
  let nz = cz;
  if (dk > 0) {
    en = (wk - hx) * inv;
    ex = (wk + hx) * inv;
    axis = 1;
  } else {
    en = (wk + hx) * inv;
    ex = (wk - hx) * inv;
    axis = 0;
  }
  if (!(en > 0)) {
    en = 0;
    axis = -1;
    if (ex < 0 && -ex > 2 * (ew + -ex * ed) * m + ERR_RB * -ex + T2) return MISS;
  }
  // Slab 1, along C_1 = (2 (x y - w z), 1 - 2 (x^2 + z^2), 2 (y z + w x)).
  cx = 2 * (xy - wzq);
  cy = 1 - 2 * (xx + zz);
  cz = 2 * (yz + wxq);
  dk = cx * dx + cy * dy + cz * dz;
  wk = cx * wx + cy * wy + cz * wz;
  ad = Math.abs(dk);
  if (!(ad > lo && ad < D_MAX)) return UNSURE;
  inv = 1 / dk;
  if (Math.abs(inv) > m) m = Math.abs(inv);
  let t1 = (wk - hy) * inv;
  let t2 = (wk + hy) * inv;
  if (dk > 0) {
    if (t1 > en) {
      en = t1;
      axis = 3;
      nx = cx;
      ny = cy;
      nz = cz;
    }
    if (t2 < ex) ex = t2;
  } else {
    if (t2 > en) {
      en = t2;
      axis = 2;
      nx = cx;
      ny = cy;
      nz = cz;
    }
    if (t1 < ex) ex = t1;
  }
  let errEn: number;
  let aex: number;
  let errEx: number;
  if (en > ex) {
    errEn = 2 * (ew + en * ed) * m + ERR_RB * en + T2;
    aex = Math.abs(ex);
    errEx = 2 * (ew + aex * ed) * m + ERR_RB * aex + T2;
    if (en - errEn > ex + errEx) return MISS;
  }
  // Slab 2, along C_2 = (2 (x z + w y), 2 (y z - w x), 1 - 2 (x^2 + y^2)).
  cx = 2 * (xz + wyq);
  cy = 2 * (yz - wxq);
  cz = 1 - 2 * (xx + yy);
  dk = cx * dx + cy * dy + cz * dz;
  wk = cx * wx + cy * wy + cz * wz;
  ad = Math.abs(dk);
  if (!(ad > lo && ad < D_MAX)) return UNSURE;
  inv = 1 / dk;
  if (Math.abs(inv) > m) m = Math.abs(inv);
  t1 = (wk - hz) * inv;
  t2 = (wk + hz) * inv;
  if (dk > 0) {
    if (t1 > en) {
      en = t1;
      axis = 5;
      nx = cx;
      ny = cy;
      nz = cz;
    }
    if (t2 < ex) ex = t2;
  } else {
    if (t2 > en) {
      en = t2;
      axis = 4;
      nx = cx;
      ny = cy;
      nz = cz;
    }
    if (t1 < ex) ex = t1;
  }
  errEn = 2 * (ew + en * ed) * m + ERR_RB * en + T2;
  aex = Math.abs(ex);
  errEx = 2 * (ew + aex * ed) * m + ERR_RB * aex + T2;
  if (en + errEn < ex - errEx) {
    RB[0] = en;
    RB[1] = errEn;
    RB[2] = axis;
    RB[3] = nx;
    RB[4] = ny;
    RB[5] = nz;
    return HIT;
  }
  return en - errEn > ex + errEx ? MISS : UNSURE;
}

/** Whether the ray meets the box; exact for the parallelepiped `boxAxes` spans. */
export function testRayBox(a: Ray, b: Box): boolean {
  const s = rayBoxFast(a, b);
  return s === UNSURE ? formMeetsBox(rayForm3(a, F), b) : s === HIT;
}

/** Whether the segment meets the box; exact for the parallelepiped `boxAxes` spans. */
export function testSegmentBox(a: Segment, b: Box): boolean {
  return formMeetsBox(segmentOf3(a, F), b);
}

const START: LinearForm3 = makeLinearForm3();

function intersectForm(f: LinearForm3, b: Box, out: ShapeHit | undefined): ShapeHit | null {
  const fast = boxFast(f, b, true);
  if (fast === MISS || (fast === UNSURE && !formMeetsBoxSlow(f, b))) return null;
  if (fast === HIT && CAST_OK) {
    FIN[0] = BC[0]!;
    FIN[1] = BC[1]!;
    FIN[2] = BC[2]!;
    FIN[3] = BC[3]!;
    return finishCast(f, out ?? makeShapeHit());
  }
  if (f.lo === 0 && START_IN === 1) return insideHit(f, out ?? makeShapeHit());
  if (f.lo === 0 && START_IN === -1) {
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
  const s = rayBoxFast(a, b);
  if (s === MISS) return null;
  // The entry within ACCURATE of the exact one (so above 0: the origin is outside).
  if (s === HIT && RB[1]! <= ACCURATE * RB[0]!) return rayBoxHit(a, b, out ?? makeShapeHit());
  return intersectForm(rayForm3(a, F), b, out);
}

/** Writes rayBoxFast's entry: the point o + t d and the entered face's unit outward normal. */
function rayBoxHit(a: Ray, b: Box, hit: ShapeHit): ShapeHit | null {
  const t = RB[0]!;
  const o = a.origin;
  const d = a.dir;
  const px = o.x + t * d.x;
  const py = o.y + t * d.y;
  const pz = o.z + t * d.z;
  if (!(px + py + pz - (px + py + pz) === 0)) return intersectForm(rayForm3(a, F), b, hit);
  // The entered face's rotation column C_k against d; |q| is within 2^-10 of 1, so |n| is within
  // 2^-9 of 1.
  const sg = 1 - 2 * ((RB[2]! | 0) & 1);
  const nx = sg * RB[3]!;
  const ny = sg * RB[4]!;
  const nz = sg * RB[5]!;
  const n2 = nx * nx + ny * ny + nz * nz;
  // Near 1 (a unit quaternion), one Newton step from 1 for 1 / sqrt(n2): the error 3/8 (n2 - 1)^2
  // is below 2^-53.
  const f = n2 > 1 - 2 ** -26 && n2 < 1 + 2 ** -26 ? 1.5 - 0.5 * n2 : 1 / Math.sqrt(n2);
  hit.t = t;
  hit.point.x = px;
  hit.point.y = py;
  hit.point.z = pz;
  hit.normal.x = nx * f + 0; // + 0 turns -0 into 0
  hit.normal.y = ny * f + 0;
  hit.normal.z = nz * f + 0;
  hit.inside = false;
  return hit;
}

/** Where the segment enters the box (t in [0, 1]) with the face's outward normal, or null; a start inside gives t = 0, `inside`. */
export function intersectSegmentBox(a: Segment, b: Box, out?: ShapeHit): ShapeHit | null {
  return intersectForm(segmentOf3(a, F), b, out);
}
