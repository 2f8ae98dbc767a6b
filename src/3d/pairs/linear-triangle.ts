import { lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, EPS, TAIL2 } from "../../exact/filter.ts";

import { det3Sign } from "../../exact/orient3d.ts";
import { clampFinite, lerp, rescaleFor } from "../../math/scalar.ts";
import { normalize3 } from "../../math/vec3.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type { Line, Ray, Segment, Triangle, Vec } from "../shapes.ts";

/*
 * Watertight line / ray / segment vs triangle (Woop, Benthin, Wald, "Watertight Ray/Triangle
 * Intersection", JCGT 2013, make the case; here exact signs make it hold by construction).
 *
 * With o the start, d the direction and A = a - o, B = b - o, C = c - o, the three edge forms
 *   s_ab = det(d, A, B), s_bc = det(d, B, C), s_ca = det(d, C, A)
 * are the signed volumes telling on which side of each edge the line passes (Plücker sides). They
 * sum to D = d · n with n = (b - a) × (c - a). The line meets the closed triangle at one point
 * exactly when no two of them have opposite strict signs and not all are zero; all zero means the
 * line and the triangle lie in one plane. A shared edge gives its two triangles the same form with
 * opposite signs, decided exactly, so a line through it is inside at least one of them.
 * The hit is at t = N / D with N = n · (a - o) = det(A, B, C); a ray needs N D >= 0 and a segment
 * also (N - D) D <= 0, where N - D = n · (a - (o + d)) is the orientation of the segment's end.
 * Barycentric weights are s_bc, s_ca, s_ab over D (for a, b, c).
 */

/** Kinds of range along the linear shape. */
export const LINE = 0;
/** t >= 0. */
export const RAY = 1;
/** 0 <= t <= 1. */
export const SEGMENT = 2;

// The edge forms' filter uses max norms (cheap) instead of the componentwise sums of abs values:
// |det(d, A, B)| terms sum to at most 2 |d|_1 |A|_max |B|_max, and the form is 7 roundings deep.
// The bound is 4 |A|_max |B|_max first, then |d|_1, then ERR_EDGE / 4: a cross product term that
// overflowed (leaving the form infinite) then makes the bound infinite too, rounding included.
const ERR_EDGE = 16 * EPS;
const ERR_EDGE4 = ERR_EDGE / 4;
// N = n · (a - o) and D = n · d with n = e1 × e2: 6 roundings deep on componentwise sums.
const ERR_ND = 8 * EPS;

/**
 * The result of the last `castTriangle` that hit (t and barycentric weights of b and c). A class,
 * not a literal: literals with the same keys share V8's hidden class process-wide, and a foreign
 * `{ t: "a", ... }` would make every double stored here a fresh heap number (results.ts).
 */
class CastResult {
  t = 0;
  u = 0;
  v = 0;
  // Sign of d · n: positive when the line goes along the triangle's normal (b - a) × (c - a).
  side = 0;
  coplanar = false;
}
export const cast: CastResult = new CastResult();

const big: bigint[] = [];
const flat: number[] = new Array(18).fill(0);

/** The 18 inputs of a cast lifted to integers on one grid (the rare exact paths). */
function liftAll(r: Float64Array, tri: Float64Array, j: number): bigint[] {
  for (let i = 0; i < 9; i++) {
    flat[i] = r[i]!;
    flat[9 + i] = tri[j + i]!;
  }
  return lift(flat, big);
}

/** The range's start, direction ends (p - q) and triangle corners, for the public functions. */
const rangeBuf = new Float64Array(9);
const triBuf = new Float64Array(9);

/** Loads a range (start o, direction p - q) into `out` (9 values). */
export function loadRange(out: Float64Array, o: Vec, p: Vec, q: Vec | null): Float64Array {
  out[0] = o.x;
  out[1] = o.y;
  out[2] = o.z;
  out[3] = p.x;
  out[4] = p.y;
  out[5] = p.z;
  out[6] = q ? q.x : 0;
  out[7] = q ? q.y : 0;
  out[8] = q ? q.z : 0;
  return out;
}

function loadTriangle(t: Triangle): Float64Array {
  const b = triBuf;
  b[0] = t.a.x;
  b[1] = t.a.y;
  b[2] = t.a.z;
  b[3] = t.b.x;
  b[4] = t.b.y;
  b[5] = t.b.z;
  b[6] = t.c.x;
  b[7] = t.c.y;
  b[8] = t.c.z;
  return b;
}

/**
 * Casts o + t (p - q) against the triangle (a, b, c) over the range `range` (LINE, RAY, SEGMENT;
 * a segment passes q = o = its start and p = its end, a ray or a line p = dir and q = 0). Returns
 * whether they meet, exactly; when `want` is set and they do, writes t (the first point of the
 * triangle along the range), the barycentric weights and the side into `cast`.
 */
export function castTriangle(
  range: number,
  want: boolean,
  r: Float64Array,
  tri: Float64Array,
  j: number,
): boolean {
  const ox = r[0]!;
  const oy = r[1]!;
  const oz = r[2]!;
  const px = r[3]!;
  const py = r[4]!;
  const pz = r[5]!;
  const qx = r[6]!;
  const qy = r[7]!;
  const qz = r[8]!;
  const ax = tri[j]!;
  const ay = tri[j + 1]!;
  const az = tri[j + 2]!;
  const bx = tri[j + 3]!;
  const by = tri[j + 4]!;
  const bz = tri[j + 5]!;
  const cx = tri[j + 6]!;
  const cy = tri[j + 7]!;
  const cz = tri[j + 8]!;
  const dx = px - qx;
  const dy = py - qy;
  const dz = pz - qz;
  if (dx === 0 && dy === 0 && dz === 0) {
    return castSlow(range, want, r, tri, j);
  }
  const Ax = ax - ox;
  const Ay = ay - oy;
  const Az = az - oz;
  const Bx = bx - ox;
  const By = by - oy;
  const Bz = bz - oz;
  const Cx = cx - ox;
  const Cy = cy - oy;
  const Cz = cz - oz;
  const mA = Math.max(Math.abs(Ax), Math.abs(Ay), Math.abs(Az));
  const mB = Math.max(Math.abs(Bx), Math.abs(By), Math.abs(Bz));
  const mC = Math.max(Math.abs(Cx), Math.abs(Cy), Math.abs(Cz));
  const mD = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
  const tail = TAIL2 * (1 + mD + 3 * (mA + mB + mC));
  let sab = dx * (Ay * Bz - Az * By) + dy * (Az * Bx - Ax * Bz) + dz * (Ax * By - Ay * Bx);
  const eab = 4 * mA * mB * mD * ERR_EDGE4 + tail;
  let gab = sab > eab ? 1 : -sab > eab ? -1 : 0;
  let sbc = dx * (By * Cz - Bz * Cy) + dy * (Bz * Cx - Bx * Cz) + dz * (Bx * Cy - By * Cx);
  const ebc = 4 * mB * mC * mD * ERR_EDGE4 + tail;
  let gbc = sbc > ebc ? 1 : -sbc > ebc ? -1 : 0;
  // Signs decided by the filter (0 = open); exit as soon as two decided ones disagree.
  if (gab * gbc < 0) return false;
  let sca = dx * (Cy * Az - Cz * Ay) + dy * (Cz * Ax - Cx * Az) + dz * (Cx * Ay - Cy * Ax);
  const eca = 4 * mC * mA * mD * ERR_EDGE4 + tail;
  let gca = sca > eca ? 1 : -sca > eca ? -1 : 0;
  if (gbc * gca < 0 || gca * gab < 0) return false;
  if (gab === 0) {
    gab = exactSign(r, tri, j, 0);
    if (gab === 0) sab = 0;
  }
  if (gbc === 0) {
    gbc = exactSign(r, tri, j, 1);
    if (gbc === 0) sbc = 0;
  }
  if (gca === 0) {
    gca = exactSign(r, tri, j, 2);
    if (gca === 0) sca = 0;
  }
  if (gab * gbc < 0 || gbc * gca < 0 || gca * gab < 0) return false;
  const side = gab + gbc + gca > 0 ? 1 : gab + gbc + gca < 0 ? -1 : 0;
  if (side === 0) {
    return castSlow(range, want, r, tri, j);
  }
  if (range === LINE && !want) return true;
  // n = (b - a) x (c - a) with the absolute values of its products for the bounds.
  const e1x = bx - ax;
  const e1y = by - ay;
  const e1z = bz - az;
  const e2x = cx - ax;
  const e2y = cy - ay;
  const e2z = cz - az;
  let l = e1y * e2z;
  let w = e1z * e2y;
  const nx = l - w;
  const mx = Math.abs(l) + Math.abs(w);
  l = e1z * e2x;
  w = e1x * e2z;
  const ny = l - w;
  const my = Math.abs(l) + Math.abs(w);
  l = e1x * e2y;
  w = e1y * e2x;
  const nz = l - w;
  const mz = Math.abs(l) + Math.abs(w);
  const tailN = TAIL2 * (1 + mD + mA + Math.abs(e1x) + Math.abs(e1y) + Math.abs(e1z)) * 4;
  const N = nx * Ax + ny * Ay + nz * Az;
  const eN = ERR_ND * (mx * Math.abs(Ax) + my * Math.abs(Ay) + mz * Math.abs(Az)) + tailN;
  if (range !== LINE) {
    // t >= 0: N has the side's sign or is 0.
    let gN = N > eN ? 1 : -N > eN ? -1 : 0;
    if (gN === -side) return false;
    if (gN === 0) {
      gN = exactSign(r, tri, j, 3);
      if (gN === -side) return false;
    }
    if (range === SEGMENT) {
      // t <= 1: the end's orientation N - D = n · (a - p) is 0 or of the opposite sign.
      const Fx = ax - px;
      const Fy = ay - py;
      const Fz = az - pz;
      const F = nx * Fx + ny * Fy + nz * Fz;
      const eF = ERR_ND * (mx * Math.abs(Fx) + my * Math.abs(Fy) + mz * Math.abs(Fz)) + tailN;
      let gF = F > eF ? 1 : -F > eF ? -1 : 0;
      if (gF === side) return false;
      if (gF === 0) {
        gF = exactSign(r, tri, j, 4);
        if (gF === side) return false;
      }
    }
  }
  if (!want) return true;
  const D = nx * dx + ny * dy + nz * dz;
  const eD = ERR_ND * (mx * Math.abs(dx) + my * Math.abs(dy) + mz * Math.abs(dz)) + tailN;
  cast.side = side;
  cast.coplanar = false;
  // (An overflowed N or D has an infinite bound, which fails the finiteness test.)
  if (eN <= ACCURATE * Math.abs(N) && eD <= ACCURATE * Math.abs(D) && eN + eD < Infinity) {
    let t = N / D;
    if (range !== LINE && t < 0) t = 0;
    if (range === SEGMENT && t > 1) t = 1;
    cast.t = t;
  } else {
    exactT(range, r, tri, j);
  }
  // The edge forms have the side's sign (or are 0), so their float sum has no cancellation.
  const sum = sab + sbc + sca;
  if (sum - sum === 0 && sum !== 0) {
    // Clamps written out: an un-inlined clamp01 call boxes its argument and result.
    const u = sca / sum;
    const v = sab / sum;
    cast.u = u > 0 ? (u < 1 ? u : 1) : 0;
    cast.v = v > 0 ? (v < 1 ? v : 1) : 0;
  } else {
    exactWeights(r, tri, j);
  }
  return true;
}

/**
 * The exact sign of one of the kernel's forms (kept out of the hot function): 0, 1, 2 the edge
 * forms det(d, A, B), det(d, B, C), det(d, C, A); 3 det(a - o, b - o, c - o); 4 the same about
 * the segment's end p.
 */
function exactSign(r: Float64Array, tri: Float64Array, j: number, form: number): number {
  const ox = form === 4 ? r[3]! : r[0]!;
  const oy = form === 4 ? r[4]! : r[1]!;
  const oz = form === 4 ? r[5]! : r[2]!;
  const ax = tri[j]!;
  const ay = tri[j + 1]!;
  const az = tri[j + 2]!;
  const bx = tri[j + 3]!;
  const by = tri[j + 4]!;
  const bz = tri[j + 5]!;
  const cx = tri[j + 6]!;
  const cy = tri[j + 7]!;
  const cz = tri[j + 8]!;
  if (form >= 3)
    return det3Sign(ax, ox, ay, oy, az, oz, bx, ox, by, oy, bz, oz, cx, ox, cy, oy, cz, oz);
  const px = r[3]!;
  const py = r[4]!;
  const pz = r[5]!;
  const qx = r[6]!;
  const qy = r[7]!;
  const qz = r[8]!;
  if (form === 0)
    return det3Sign(px, qx, py, qy, pz, qz, ax, ox, ay, oy, az, oz, bx, ox, by, oy, bz, oz);
  if (form === 1)
    return det3Sign(px, qx, py, qy, pz, qz, bx, ox, by, oy, bz, oz, cx, ox, cy, oy, cz, oz);
  return det3Sign(px, qx, py, qy, pz, qz, cx, ox, cy, oy, cz, oz, ax, ox, ay, oy, az, oz);
}

function clamp01(x: number): number {
  return x > 0 ? (x < 1 ? x : 1) : 0;
}

/** t = N / D from exact N and D, rounded once (the ill-conditioned cases). */
function exactT(range: number, r: Float64Array, tri: Float64Array, j: number): void {
  const v = liftAll(r, tri, j);
  const dX = v[3]! - v[6]!;
  const dY = v[4]! - v[7]!;
  const dZ = v[5]! - v[8]!;
  const e1x = v[12]! - v[9]!;
  const e1y = v[13]! - v[10]!;
  const e1z = v[14]! - v[11]!;
  const e2x = v[15]! - v[9]!;
  const e2y = v[16]! - v[10]!;
  const e2z = v[17]! - v[11]!;
  const nx = e1y * e2z - e1z * e2y;
  const ny = e1z * e2x - e1x * e2z;
  const nz = e1x * e2y - e1y * e2x;
  let N = nx * (v[9]! - v[0]!) + ny * (v[10]! - v[1]!) + nz * (v[11]! - v[2]!);
  let D = nx * dX + ny * dY + nz * dZ;
  if (D < 0n) {
    N = -N;
    D = -D;
  }
  // D != 0 here (the line crosses the plane); both are degree 3, so the scale cancels.
  let t = D === 0n ? 0 : clampFinite(ratioToDouble(N, D, 0));
  if (range !== LINE && t < 0) t = 0;
  if (range === SEGMENT && t > 1) t = 1;
  cast.t = t;
}

/** Barycentric weights of b and c from exact edge forms (when the float ones overflowed). */
function exactWeights(r: Float64Array, tri: Float64Array, j: number): void {
  const v = liftAll(r, tri, j);
  const d: B3 = [v[3]! - v[6]!, v[4]! - v[7]!, v[5]! - v[8]!];
  const A: B3 = [v[9]! - v[0]!, v[10]! - v[1]!, v[11]! - v[2]!];
  const B: B3 = [v[12]! - v[0]!, v[13]! - v[1]!, v[14]! - v[2]!];
  const C: B3 = [v[15]! - v[0]!, v[16]! - v[1]!, v[17]! - v[2]!];
  let sab = det3(d, A, B);
  let sca = det3(d, C, A);
  let sum = sab + det3(d, B, C) + sca;
  if (sum < 0n) {
    sab = -sab;
    sca = -sca;
    sum = -sum;
  }
  cast.u = sum === 0n ? 0 : clamp01(ratioToDouble(sca, sum, 0));
  cast.v = sum === 0n ? 0 : clamp01(ratioToDouble(sab, sum, 0));
}

type B3 = [bigint, bigint, bigint];

const det3 = (u: B3, v: B3, w: B3): bigint =>
  u[0] * (v[1] * w[2] - v[2] * w[1]) +
  u[1] * (v[2] * w[0] - v[0] * w[2]) +
  u[2] * (v[0] * w[1] - v[1] * w[0]);

const crossB = (u: B3, v: B3): B3 => [
  u[1] * v[2] - u[2] * v[1],
  u[2] * v[0] - u[0] * v[2],
  u[0] * v[1] - u[1] * v[0],
];

const dotB = (u: B3, v: B3): bigint => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];

const subB = (u: B3, v: B3): B3 => [u[0] - v[0], u[1] - v[1], u[2] - v[2]];

const isZeroB = (u: B3): boolean => u[0] === 0n && u[1] === 0n && u[2] === 0n;

/** A rational num / den with den > 0. */
interface Q {
  num: bigint;
  den: bigint;
}

const lessQ = (a: Q, b: Q): boolean => a.num * b.den < b.num * a.den;

/**
 * The rare cases, all in BigInt: a zero direction (the start as a point, hit at t = 0 when it is
 * in the closed triangle) and a line lying in the triangle's plane (or a collinear triangle met by
 * the line), where the hit is the first point of the triangle along the range.
 */
function castSlow(
  range: number,
  want: boolean,
  r: Float64Array,
  tri: Float64Array,
  j: number,
): boolean {
  const v = liftAll(r, tri, j);
  const ox = r[0]!;
  const oy = r[1]!;
  const oz = r[2]!;
  const px = r[3]!;
  const py = r[4]!;
  const pz = r[5]!;
  const qx = r[6]!;
  const qy = r[7]!;
  const qz = r[8]!;
  const O: B3 = [v[0]!, v[1]!, v[2]!];
  const d: B3 = [v[3]! - v[6]!, v[4]! - v[7]!, v[5]! - v[8]!];
  const corners: B3[] = [
    [v[9]!, v[10]!, v[11]!],
    [v[12]!, v[13]!, v[14]!],
    [v[15]!, v[16]!, v[17]!],
  ];
  const a = corners[0]!;
  const n = crossB(subB(corners[1]!, a), subB(corners[2]!, a));
  let first: Q;
  if (isZeroB(d)) {
    if (!pointInTriangle(O, corners, n)) return false;
    first = { num: 0n, den: 1n };
  } else {
    // The line and the triangle share a plane: the side of each corner within it is the sign of
    // (d x (corner - o)) . k, for k any non-zero such cross product (they are all parallel).
    const ks = corners.map((c) => crossB(d, subB(c, O)));
    const k = ks.find((x) => !isZeroB(x));
    const dd = dotB(d, d);
    const along = corners.map((c) => dotB(d, subB(c, O)));
    let lo: Q | null = null;
    let hi: Q | null = null;
    const take = (q: Q): void => {
      if (lo === null || lessQ(q, lo)) lo = q;
      if (hi === null || lessQ(hi, q)) hi = q;
    };
    if (!k) {
      // Every corner lies on the line: the triangle is a segment or point on it.
      for (const s of along) take({ num: s, den: dd });
    } else {
      const side = ks.map((x) => dotB(x, k));
      for (let i = 0; i < 3; i++) {
        if (side[i] === 0n) take({ num: along[i]!, den: dd });
        const j = (i + 1) % 3;
        const si = side[i]!;
        const sj = side[j]!;
        if ((si > 0n && sj < 0n) || (si < 0n && sj > 0n)) {
          // The crossing point c_i + s (c_j - c_i), s = si / (si - sj).
          let den = dd * (si - sj);
          let num = along[i]! * (si - sj) + si * (along[j]! - along[i]!);
          if (den < 0n) {
            den = -den;
            num = -num;
          }
          take({ num, den });
        }
      }
    }
    if (lo === null || hi === null) return false;
    const l: Q = lo;
    const h: Q = hi;
    if (range !== LINE && h.num < 0n) return false;
    if (range === SEGMENT && l.num > l.den) return false;
    first = range !== LINE && l.num < 0n ? { num: 0n, den: 1n } : l;
  }
  if (!want) return true;
  cast.t = clampFinite(ratioToDouble(first.num, first.den, 0));
  cast.side = 0;
  cast.coplanar = true;
  // Weights of the point on the triangle (a float projection; the triangle may be degenerate).
  const t = cast.t;
  weightsAt(
    isZeroB(d) ? ox : lerpOrAlong(range, ox, px, qx, t),
    isZeroB(d) ? oy : lerpOrAlong(range, oy, py, qy, t),
    isZeroB(d) ? oz : lerpOrAlong(range, oz, pz, qz, t),
    tri,
    j,
  );
  return true;
}

function lerpOrAlong(range: number, o: number, p: number, q: number, t: number): number {
  return range === SEGMENT ? lerp(o, p, t) : clampFinite(o + t * (p - q));
}

/** Whether O lies in the closed triangle (with normal n = (b - a) x (c - a)), exactly. */
function pointInTriangle(O: B3, c: B3[], n: B3): boolean {
  const [a, b, e] = c as [B3, B3, B3];
  if (!isZeroB(n)) {
    if (dotB(n, subB(O, a)) !== 0n) return false;
    return (
      dotB(crossB(subB(b, a), subB(O, a)), n) >= 0n &&
      dotB(crossB(subB(e, b), subB(O, b)), n) >= 0n &&
      dotB(crossB(subB(a, e), subB(O, e)), n) >= 0n
    );
  }
  // Collinear corners: O on the segment they cover (all three edges span it).
  for (let i = 0; i < 3; i++) {
    const p = c[i]!;
    const q = c[(i + 1) % 3]!;
    const pq = subB(q, p);
    const po = subB(O, p);
    if (isZeroB(pq)) {
      if (isZeroB(po)) return true;
      continue;
    }
    if (!isZeroB(crossB(pq, po))) continue;
    const s = dotB(pq, po);
    if (s >= 0n && s <= dotB(pq, pq)) return true;
  }
  return false;
}

/** Barycentric weights (of b, c) of a point on the triangle, in floats at unit scale. */
function weightsAt(x: number, y: number, z: number, tri: Float64Array, j: number): void {
  const ax = tri[j]!;
  const ay = tri[j + 1]!;
  const az = tri[j + 2]!;
  const bx = tri[j + 3]!;
  const by = tri[j + 4]!;
  const bz = tri[j + 5]!;
  const cx = tri[j + 6]!;
  const cy = tri[j + 7]!;
  const cz = tri[j + 8]!;
  const m = Math.max(
    Math.abs(bx - ax),
    Math.abs(by - ay),
    Math.abs(bz - az),
    Math.abs(cx - ax),
    Math.abs(cy - ay),
    Math.abs(cz - az),
  );
  // The in-range test here, not in the call: a double passed to a call left out of line is boxed.
  const s = m >= 2 ** -100 && m <= 2 ** 100 ? 1 : rescaleFor(m);
  const e1x = (bx - ax) * s;
  const e1y = (by - ay) * s;
  const e1z = (bz - az) * s;
  const e2x = (cx - ax) * s;
  const e2y = (cy - ay) * s;
  const e2z = (cz - az) * s;
  const wx = (x - ax) * s;
  const wy = (y - ay) * s;
  const wz = (z - az) * s;
  const d11 = e1x * e1x + e1y * e1y + e1z * e1z;
  const d12 = e1x * e2x + e1y * e2y + e1z * e2z;
  const d22 = e2x * e2x + e2y * e2y + e2z * e2z;
  const w1 = wx * e1x + wy * e1y + wz * e1z;
  const w2 = wx * e2x + wy * e2y + wz * e2z;
  const det = d11 * d22 - d12 * d12;
  let u = 0;
  let v = 0;
  if (det > 1e-12 * d11 * d22 && det - det === 0) {
    // Cramer on the normal equations (Ericson, Real-Time Collision Detection, §3.4).
    u = (d22 * w1 - d12 * w2) / det;
    v = (d11 * w2 - d12 * w1) / det;
  } else if (d11 >= d22 && d11 > 0) {
    u = w1 / d11;
  } else if (d22 > 0) {
    v = w2 / d22;
  }
  u = clamp01(u);
  v = clamp01(v);
  if (u + v > 1) {
    const sum = u + v;
    u /= sum;
    v /= sum;
  }
  cast.u = u;
  cast.v = v;
}

/**
 * Writes into `out` the unit normal of the triangle at tri[j..j + 8] facing against the direction
 * p - q of the range `r` (side = sign of d · n; 0 when the line lies in its plane: then
 * (b - a) x (c - a) as it is); a triangle without a normal (collinear corners) gets -d.
 */
export function facingTriangleNormal(
  side: number,
  r: Float64Array,
  tri: Float64Array,
  j: number,
  out: Vec,
): void {
  const ax = tri[j]!;
  const ay = tri[j + 1]!;
  const az = tri[j + 2]!;
  const bx = tri[j + 3]!;
  const by = tri[j + 4]!;
  const bz = tri[j + 5]!;
  const cx = tri[j + 6]!;
  const cy = tri[j + 7]!;
  const cz = tri[j + 8]!;
  let e1x = bx - ax;
  let e1y = by - ay;
  let e1z = bz - az;
  let e2x = cx - ax;
  let e2y = cy - ay;
  let e2z = cz - az;
  const f = side > 0 ? -1 : 1;
  // Common case first: a finite cross product well above underflow, normalised as it is.
  const nx = e1y * e2z - e1z * e2y;
  const ny = e1z * e2x - e1x * e2z;
  const nz = e1x * e2y - e1y * e2x;
  const sn = Math.abs(nx) + Math.abs(ny) + Math.abs(nz);
  // (Products near underflow lost bits: those take the rescaled path below.)
  if (sn > 2 ** -900 && sn < Number.POSITIVE_INFINITY && normalize3(f * nx, f * ny, f * nz, out)) {
    return;
  }
  let m = Math.max(
    Math.abs(e1x),
    Math.abs(e1y),
    Math.abs(e1z),
    Math.abs(e2x),
    Math.abs(e2y),
    Math.abs(e2z),
  );
  if (!(m < Number.POSITIVE_INFINITY)) {
    // The differences overflowed: take them from halved corners (exact halving).
    e1x = bx * 0.5 - ax * 0.5;
    e1y = by * 0.5 - ay * 0.5;
    e1z = bz * 0.5 - az * 0.5;
    e2x = cx * 0.5 - ax * 0.5;
    e2y = cy * 0.5 - ay * 0.5;
    e2z = cz * 0.5 - az * 0.5;
    m = Math.max(
      Math.abs(e1x),
      Math.abs(e1y),
      Math.abs(e1z),
      Math.abs(e2x),
      Math.abs(e2y),
      Math.abs(e2z),
    );
  }
  const s = m >= 2 ** -100 && m <= 2 ** 100 ? 1 : rescaleFor(m);
  e1x *= s;
  e1y *= s;
  e1z *= s;
  e2x *= s;
  e2y *= s;
  e2z *= s;
  if (
    normalize3(
      f * (e1y * e2z - e1z * e2y),
      f * (e1z * e2x - e1x * e2z),
      f * (e1x * e2y - e1y * e2x),
      out,
    )
  ) {
    return;
  }
  if (!normalize3(r[6]! - r[3]!, r[7]! - r[4]!, r[8]! - r[5]!, out)) {
    out.x = 1;
    out.y = 0;
    out.z = 0;
  }
}

/** Writes the range's point at t into `out`: exact ends for segments, overflow-safe otherwise. */
export function pointAlong(range: number, r: Float64Array, t: number, out: Vec): void {
  out.x = lerpOrAlong(range, r[0]!, r[3]!, r[6]!, t);
  out.y = lerpOrAlong(range, r[1]!, r[4]!, r[7]!, t);
  out.z = lerpOrAlong(range, r[2]!, r[5]!, r[8]!, t);
}

/** Fills `out` from `cast` for the range in `r` (start, direction p - q) hitting `tri`. */
function fillHit(range: number, r: Float64Array, tri: Float64Array, out: ShapeHit): ShapeHit {
  const t = cast.t;
  out.t = t;
  pointAlong(range, r, t, out.point);
  facingTriangleNormal(cast.side, r, tri, 0, out.normal);
  out.inside = false;
  return out;
}

/**
 * Whether the line meets the closed triangle (edges and corners count; a collinear triangle is the
 * segment or point it covers); exact for every finite input and watertight across shared edges.
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function testLineTriangle(line: Line, tri: Triangle): boolean {
  return castTriangle(
    LINE,
    false,
    loadRange(rangeBuf, line.point, line.dir, null),
    loadTriangle(tri),
    0,
  );
}

/*
 * The ray's float pass (Ericson, Real-Time Collision Detection, §5.3.4): e1 = b - a, e2 = c - a,
 * q = o - a, n = e1 x e2, r = d x q and the forms
 *   D = d . n,  u = e2 . r,  v = -(e1 . r),  w = D - u - v,  N = -(q . n),
 * which are the edge forms s_ca, s_ab, s_bc and the numerator of t = N / D above, written as other
 * polynomials in the same inputs (u and v share r, so they cost 12 products, not 18). Each of D,
 * u, v, N is at most 6 roundings deep (a leaf difference, a product, a difference, a product, two
 * sums), so its error is below 7 eps M (filter.ts), M the sum of its six terms' magnitudes, and
 * M <= P, the product of its three vectors' 1-norms (the product's expansion holds every term).
 * K = 16 eps on P (written as 8 eps on 2P) covers that with the computed norms' rounding, and w
 * is within the three bounds' sum (the two extra roundings are 2.01 eps (|D| + |u| + |v|), below
 * the slack). The forms are of degree 3, so their underflow is below 2^-1075 times a small
 * multiple of 1 + S, S the leaves' 1-norms' sum: T2 (1 + S) covers it. The line crosses the
 * triangle's interior when D is certainly non-zero and u, v, w certainly have its sign, and misses
 * it when one certainly has the other sign; the ray then hits when N certainly has D's sign too.
 * Anything else is UNSURE, and castTriangle decides exactly.
 */
const K_HALF = 8 * EPS;
/** TAIL2 and ACCURATE as local copies: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;
const ACC = ACCURATE;
const TRI_HIT = 1;
const TRI_MISS = 0;
const TRI_UNSURE = -1;
/**
 * The ray's float pass against the triangle (above): TRI_HIT (with `out` filled when given),
 * TRI_MISS or TRI_UNSURE (also a hit whose t or normal needs the general path).
 */
function rayTriangleFast(ray: Ray, tri: Triangle, out: ShapeHit | null): number {
  const o = ray.origin;
  const d = ray.dir;
  const a = tri.a;
  const b = tri.b;
  const c = tri.c;
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const ax = a.x;
  const ay = a.y;
  const az = a.z;
  const e1x = b.x - ax;
  const e1y = b.y - ay;
  const e1z = b.z - az;
  const e2x = c.x - ax;
  const e2y = c.y - ay;
  const e2z = c.z - az;
  const nx = e1y * e2z - e1z * e2y;
  const ny = e1z * e2x - e1x * e2z;
  const nz = e1x * e2y - e1y * e2x;
  const D = dx * nx + dy * ny + dz * nz;
  const sd = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
  const s1 = Math.abs(e1x) + Math.abs(e1y) + Math.abs(e1z);
  const s2 = Math.abs(e2x) + Math.abs(e2y) + Math.abs(e2z);
  const qx = o.x - ax;
  const qy = o.y - ay;
  const qz = o.z - az;
  const sq = Math.abs(qx) + Math.abs(qy) + Math.abs(qz);
  // One bound for every form: each one's P is at most S^3, S the four 1-norms' sum (every factor
  // is at most S), so 16 eps S^3 covers each of D, u, v, N as K does its own P (above), and three
  // times it covers w. Looser than a bound per form, which only the accuracy of t needs (below);
  // five bounds cost this kernel about 10% of its time. 2 S^3 is formed before K_HALF scales it,
  // so when any product overflowed (every one is below S^3) E is infinite, and UNSURE.
  const S = sd + s1 + s2 + sq;
  const tl = T2 * (1 + S);
  const E = 2 * S * S * S * K_HALF + tl;
  const side = D > E ? 1 : D < -E ? -1 : 0;
  if (side === 0) return TRI_UNSURE;
  const rx = dy * qz - dz * qy;
  const ry = dz * qx - dx * qz;
  const rz = dx * qy - dy * qx;
  const u = side * (e2x * rx + e2y * ry + e2z * rz);
  if (u < -E) return TRI_MISS;
  const v = -side * (e1x * rx + e1y * ry + e1z * rz);
  if (v < -E) return TRI_MISS;
  const w = side * D - u - v;
  if (w < -3 * E) return TRI_MISS;
  if (!(u > E && v > E && w > 3 * E)) return TRI_UNSURE;
  const N = -(qx * nx + qy * ny + qz * nz);
  if (side * N < -E) return TRI_MISS;
  if (!(side * N > E)) return TRI_UNSURE;
  if (out === null) return TRI_HIT;
  // The hit: t = N / D when both are within ACCURATE of themselves, the point o + t d and the
  // normal facing against d (D > 0: d goes along n); anything else takes the general path.
  // Each bound multiplies its cross product's pair of norms first, doubled, and K_HALF last, so an
  // intermediate that overflowed (which leaves its form infinite) makes the bound infinite too.
  const p12 = 2 * s1 * s2;
  const eD = p12 * sd * K_HALF + tl;
  const eN = p12 * sq * K_HALF + tl;
  const t = N / D;
  const px = o.x + t * dx;
  const py = o.y + t * dy;
  const pz = o.z + t * dz;
  const n2 = nx * nx + ny * ny + nz * nz;
  if (
    eN <= ACC * Math.abs(N) &&
    eD <= ACC * Math.abs(D) &&
    n2 > 2 ** -1000 &&
    n2 < 2 ** 1000 &&
    px + py + pz - (px + py + pz) === 0
  ) {
    const f = -side / Math.sqrt(n2);
    out.t = t;
    const p = out.point;
    p.x = px;
    p.y = py;
    p.z = pz;
    const m = out.normal;
    m.x = nx * f + 0; // + 0 turns -0 into 0
    m.y = ny * f + 0;
    m.z = nz * f + 0;
    out.inside = false;
    return TRI_HIT;
  }
  return TRI_UNSURE;
}

/**
 * Whether the ray meets the closed triangle; exact for every finite input and watertight across
 * shared edges.
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function testRayTriangle(ray: Ray, tri: Triangle): boolean {
  const s = rayTriangleFast(ray, tri, null);
  if (s !== TRI_UNSURE) return s === TRI_HIT;
  return castTriangle(
    RAY,
    false,
    loadRange(rangeBuf, ray.origin, ray.dir, null),
    loadTriangle(tri),
    0,
  );
}

/**
 * Whether the segment meets the closed triangle; exact for every finite input (the end is never
 * rounded: every sign is taken on differences of the given corners).
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function testSegmentTriangle(seg: Segment, tri: Triangle): boolean {
  return castTriangle(
    SEGMENT,
    false,
    loadRange(rangeBuf, seg.a, seg.b, seg.a),
    loadTriangle(tri),
    0,
  );
}

/**
 * Where the line first meets the closed triangle (smallest t, in units of `line.dir`, any sign),
 * with the unit triangle normal facing against the direction; null when they do not meet (exact).
 * A line in the triangle's plane hits at the first point of the triangle along it.
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function intersectLineTriangle(
  line: Line,
  tri: Triangle,
  out: ShapeHit = makeShapeHit(),
): ShapeHit | null {
  const r = loadRange(rangeBuf, line.point, line.dir, null);
  const t = loadTriangle(tri);
  return castTriangle(LINE, true, r, t, 0) ? fillHit(LINE, r, t, out) : null;
}

/**
 * Where the ray first meets the closed triangle (t >= 0 in units of `ray.dir`; an origin on the
 * triangle is t = 0), with the unit triangle normal facing against the ray; null on a miss (exact).
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function intersectRayTriangle(
  ray: Ray,
  tri: Triangle,
  out: ShapeHit = makeShapeHit(),
): ShapeHit | null {
  const s = rayTriangleFast(ray, tri, out);
  if (s === TRI_MISS) return null;
  return s === TRI_HIT ? out : intersectRayTriangleSlow(ray, tri, out);
}

/** The general path of intersectRayTriangle: the exact kernel, t from exact N and D when needed. */
function intersectRayTriangleSlow(ray: Ray, tri: Triangle, out: ShapeHit): ShapeHit | null {
  const r = loadRange(rangeBuf, ray.origin, ray.dir, null);
  const t = loadTriangle(tri);
  return castTriangle(RAY, true, r, t, 0) ? fillHit(RAY, r, t, out) : null;
}

/**
 * Where the segment first meets the closed triangle (t in [0, 1] from `a` to `b`), with the unit
 * triangle normal facing against the segment; null on a miss (exact).
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function intersectSegmentTriangle(
  seg: Segment,
  tri: Triangle,
  out: ShapeHit = makeShapeHit(),
): ShapeHit | null {
  const r = loadRange(rangeBuf, seg.a, seg.b, seg.a);
  const t = loadTriangle(tri);
  return castTriangle(SEGMENT, true, r, t, 0) ? fillHit(SEGMENT, r, t, out) : null;
}
