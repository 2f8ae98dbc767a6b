/**
 * Float separating-axis pass for boxes (aabb or oriented) with an error bound on every axis
 * value, so its answers are exact: a certainly separating axis proves the boxes apart; all 15
 * axes certainly overlapping proves them touching when one box is solid (then A - B is a
 * full-dimensional polytope, whose facet normals are among the 15: face normals of each box and
 * cross products of an edge of each). Anything closer is left to the exact test (-1).
 * @see Gottschalk, Lin, Manocha, "OBBTree", SIGGRAPH 1996 (the 15 axes); Ericson, Real-Time
 * Collision Detection, §4.4.1.
 */
import { EPS, TAIL2 } from "../../exact/filter.ts";
import type { Aabb, Box, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/*
 * An axis n = u x v is computed with |n_k - n*_k| <= 2 eps nAbs_k (nAbs_k = |u_y v_z| + |u_z v_y|
 * and so on); each projection n . x then errs by at most about 5 eps nAbs . |x| plus its own
 * rounding, and the sum of the seven projections by 7 eps of the absolute total. 24 eps times the
 * absolute total covers all of it with room; TAIL2 (1 + total) covers underflow.
 */
const ERR = 24 * EPS;
/** Half extents outside [2^-400, 2^400] skip the float pass (products could underflow or overflow). */
const LO = 2 ** -400;
const HI = 2 ** 400;

const A: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];
const B: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/*
 * The pass's numbers in one typed array, since V8 boxes a double on every write to a module
 * `let`: d = center B - center A (0..2), bounds on |d| that also cover the rounding of d's terms
 * (3..5), and the bound's weights, componentwise sums of |a_i| + |b_j| plus |d| (6..8).
 */
const S = new Float64Array(9);
const DX = 0;
const DY = 1;
const DZ = 2;
const ADX = 3;
const ADY = 4;
const ADZ = 5;
const WX = 6;
const WY = 7;
const WZ = 8;
/** 1 when some axis certainly separates, and counts of axes certainly overlapping. */
let apart = false;
let sure = 0;

function solid(h: Vec): boolean {
  return h.x >= LO && h.y >= LO && h.z >= LO && h.x <= HI && h.y <= HI && h.z <= HI;
}

/** True when every product of u x v that is 0 has a zero factor (none underflowed). */
function productsExact(u: Vec, v: Vec): boolean {
  return (
    (u.y * v.z !== 0 || u.y === 0 || v.z === 0) &&
    (u.z * v.y !== 0 || u.z === 0 || v.y === 0) &&
    (u.z * v.x !== 0 || u.z === 0 || v.x === 0) &&
    (u.x * v.z !== 0 || u.x === 0 || v.z === 0) &&
    (u.x * v.y !== 0 || u.x === 0 || v.y === 0) &&
    (u.y * v.x !== 0 || u.y === 0 || v.x === 0)
  );
}

/** Sums of 1-norms above 2^300 skip the float pass (a triple product could overflow). */
const BIG = 2 ** 300;
/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;

/** True when u x v is exactly 0 as computed and no product underflowed (parallel edges). */
function zeroCross(u: Vec, v: Vec): boolean {
  return (
    u.y * v.z - u.z * v.y === 0 &&
    u.z * v.x - u.x * v.z === 0 &&
    u.x * v.y - u.y * v.x === 0 &&
    Math.abs(u.y * v.z) + Math.abs(u.z * v.y) === 0 &&
    Math.abs(u.z * v.x) + Math.abs(u.x * v.z) === 0 &&
    Math.abs(u.x * v.y) + Math.abs(u.y * v.x) === 0 &&
    productsExact(u, v)
  );
}

/*
 * Every value the 15 axes need is a triple product det(u, v, w) of the half axes and d, so run()
 * computes each once, as (u x v) . w, and shares it: for the edge axis n = a_i x b_j,
 * n . a_k = +-(A's normal m) . b_j and n . b_l = +-(B's normal p) . a_i (m, p the third indices),
 * only n . d = a_i . (b_j x d) being new; the face axes use the same normals. (Gottschalk's
 * rotation-matrix form of the 15 tests, without assuming orthonormal axes.) Each computed triple
 * product errs by at most 5 eps of its permanent (two roundings in the cross product, three in
 * the dot) and the permanent is at most the product of the three 1-norms; an axis's value sums
 * five triple products with four more roundings. So |error| <= 10 eps L_u L_v (sum of all
 * 1-norms, |d|'s bound included) for the two vectors u, v making the axis: ERR's 24 eps covers it
 * with the rounding of d (eps |d|) and of an aabb's center and half extents (aabbBoxFloat). An
 * underflowed product errs by 2^-1075 times at most one more factor: TAIL2 (1 + W) covers it.
 */

/**
 * Runs the 15 axes over A and B (axes filled, d = center B - center A and |d| bounds filled),
 * after the bounding boxes' cheap reject: 1 certainly meet, 0 certainly apart, -1 undecided.
 * Written out axis by axis with every value in a local: the loop form, which kept the normals and
 * the triple products in a typed array, took twice as long on touching boxes.
 */
function run(): number {
  const a0 = A[0]!;
  const a1 = A[1]!;
  const a2 = A[2]!;
  const b0 = B[0]!;
  const b1 = B[1]!;
  const b2 = B[2]!;
  const a0x = a0.x;
  const a0y = a0.y;
  const a0z = a0.z;
  const a1x = a1.x;
  const a1y = a1.y;
  const a1z = a1.z;
  const a2x = a2.x;
  const a2y = a2.y;
  const a2z = a2.z;
  const b0x = b0.x;
  const b0y = b0.y;
  const b0z = b0.z;
  const b1x = b1.x;
  const b1y = b1.y;
  const b1z = b1.z;
  const b2x = b2.x;
  const b2y = b2.y;
  const b2z = b2.z;
  const dx = S[DX]!;
  const dy = S[DY]!;
  const dz = S[DZ]!;
  // The boxes' exact bounding boxes are their sums of |components|: a world axis proves them
  // apart when |d_k| exceeds both. Sums and differences only, each rounding within eps of its
  // result: 24 eps of everything involved (and the tail for subnormal bounds) covers it.
  const ex =
    Math.abs(a0x) +
    Math.abs(b0x) +
    (Math.abs(a1x) + Math.abs(b1x)) +
    (Math.abs(a2x) + Math.abs(b2x));
  const ey =
    Math.abs(a0y) +
    Math.abs(b0y) +
    (Math.abs(a1y) + Math.abs(b1y)) +
    (Math.abs(a2y) + Math.abs(b2y));
  const ez =
    Math.abs(a0z) +
    Math.abs(b0z) +
    (Math.abs(a1z) + Math.abs(b1z)) +
    (Math.abs(a2z) + Math.abs(b2z));
  if (Math.abs(dx) - ex > ERR * (S[ADX]! + ex) + T2) return 0;
  if (Math.abs(dy) - ey > ERR * (S[ADY]! + ey) + T2) return 0;
  if (Math.abs(dz) - ez > ERR * (S[ADZ]! + ez) + T2) return 0;
  const ld = S[ADX]! + S[ADY]! + S[ADZ]!;
  const la0 = Math.abs(a0x) + Math.abs(a0y) + Math.abs(a0z);
  const la1 = Math.abs(a1x) + Math.abs(a1y) + Math.abs(a1z);
  const la2 = Math.abs(a2x) + Math.abs(a2y) + Math.abs(a2z);
  const sa = la0 + la1 + la2;
  const lb0 = Math.abs(b0x) + Math.abs(b0y) + Math.abs(b0z);
  const lb1 = Math.abs(b1x) + Math.abs(b1y) + Math.abs(b1z);
  const lb2 = Math.abs(b2x) + Math.abs(b2y) + Math.abs(b2z);
  const sb = lb0 + lb1 + lb2;
  if (!(sa <= BIG && sb <= BIG && ld <= BIG)) return -1;
  const w = sa + sb + ld;
  const tail = T2 * (1 + w);
  let certain = 0;
  // A's face axes n_m = a_(m+1) x a_(m+2) (indices mod 3); Pmj = n_m . b_j is kept for the edge
  // axes. A zero normal (a flat box) is no facet normal of A - B, so it certifies nothing.
  const na0x = a1y * a2z - a1z * a2y;
  const na0y = a1z * a2x - a1x * a2z;
  const na0z = a1x * a2y - a1y * a2x;
  const na1x = a2y * a0z - a2z * a0y;
  const na1y = a2z * a0x - a2x * a0z;
  const na1z = a2x * a0y - a2y * a0x;
  const na2x = a0y * a1z - a0z * a1y;
  const na2y = a0z * a1x - a0x * a1z;
  const na2z = a0x * a1y - a0y * a1x;
  const P00 = na0x * b0x + na0y * b0y + na0z * b0z;
  const P01 = na0x * b1x + na0y * b1y + na0z * b1z;
  const P02 = na0x * b2x + na0y * b2y + na0z * b2z;
  const va0 =
    Math.abs(na0x * dx + na0y * dy + na0z * dz) -
    (Math.abs(na0x * a0x + na0y * a0y + na0z * a0z) +
      Math.abs(P00) +
      Math.abs(P01) +
      Math.abs(P02));
  const fa0 = ERR * la1 * la2 * w + tail;
  if (va0 > fa0) return 0;
  if (-va0 > fa0 || zeroCross(a1, a2)) certain++;
  const P10 = na1x * b0x + na1y * b0y + na1z * b0z;
  const P11 = na1x * b1x + na1y * b1y + na1z * b1z;
  const P12 = na1x * b2x + na1y * b2y + na1z * b2z;
  const va1 =
    Math.abs(na1x * dx + na1y * dy + na1z * dz) -
    (Math.abs(na1x * a1x + na1y * a1y + na1z * a1z) +
      Math.abs(P10) +
      Math.abs(P11) +
      Math.abs(P12));
  const fa1 = ERR * la2 * la0 * w + tail;
  if (va1 > fa1) return 0;
  if (-va1 > fa1 || zeroCross(a2, a0)) certain++;
  const P20 = na2x * b0x + na2y * b0y + na2z * b0z;
  const P21 = na2x * b1x + na2y * b1y + na2z * b1z;
  const P22 = na2x * b2x + na2y * b2y + na2z * b2z;
  const va2 =
    Math.abs(na2x * dx + na2y * dy + na2z * dz) -
    (Math.abs(na2x * a2x + na2y * a2y + na2z * a2z) +
      Math.abs(P20) +
      Math.abs(P21) +
      Math.abs(P22));
  const fa2 = ERR * la0 * la1 * w + tail;
  if (va2 > fa2) return 0;
  if (-va2 > fa2 || zeroCross(a0, a1)) certain++;
  // B's face axes (B's normals only once A's have not separated the boxes); Qmj = n_m . a_j.
  const nb0x = b1y * b2z - b1z * b2y;
  const nb0y = b1z * b2x - b1x * b2z;
  const nb0z = b1x * b2y - b1y * b2x;
  const nb1x = b2y * b0z - b2z * b0y;
  const nb1y = b2z * b0x - b2x * b0z;
  const nb1z = b2x * b0y - b2y * b0x;
  const nb2x = b0y * b1z - b0z * b1y;
  const nb2y = b0z * b1x - b0x * b1z;
  const nb2z = b0x * b1y - b0y * b1x;
  const Q00 = nb0x * a0x + nb0y * a0y + nb0z * a0z;
  const Q01 = nb0x * a1x + nb0y * a1y + nb0z * a1z;
  const Q02 = nb0x * a2x + nb0y * a2y + nb0z * a2z;
  const vb0 =
    Math.abs(nb0x * dx + nb0y * dy + nb0z * dz) -
    (Math.abs(nb0x * b0x + nb0y * b0y + nb0z * b0z) +
      Math.abs(Q00) +
      Math.abs(Q01) +
      Math.abs(Q02));
  const fb0 = ERR * lb1 * lb2 * w + tail;
  if (vb0 > fb0) return 0;
  if (-vb0 > fb0 || zeroCross(b1, b2)) certain++;
  const Q10 = nb1x * a0x + nb1y * a0y + nb1z * a0z;
  const Q11 = nb1x * a1x + nb1y * a1y + nb1z * a1z;
  const Q12 = nb1x * a2x + nb1y * a2y + nb1z * a2z;
  const vb1 =
    Math.abs(nb1x * dx + nb1y * dy + nb1z * dz) -
    (Math.abs(nb1x * b1x + nb1y * b1y + nb1z * b1z) +
      Math.abs(Q10) +
      Math.abs(Q11) +
      Math.abs(Q12));
  const fb1 = ERR * lb2 * lb0 * w + tail;
  if (vb1 > fb1) return 0;
  if (-vb1 > fb1 || zeroCross(b2, b0)) certain++;
  const Q20 = nb2x * a0x + nb2y * a0y + nb2z * a0z;
  const Q21 = nb2x * a1x + nb2y * a1y + nb2z * a1z;
  const Q22 = nb2x * a2x + nb2y * a2y + nb2z * a2z;
  const vb2 =
    Math.abs(nb2x * dx + nb2y * dy + nb2z * dz) -
    (Math.abs(nb2x * b2x + nb2y * b2y + nb2z * b2z) +
      Math.abs(Q20) +
      Math.abs(Q21) +
      Math.abs(Q22));
  const fb2 = ERR * lb0 * lb1 * w + tail;
  if (vb2 > fb2) return 0;
  if (-vb2 > fb2 || zeroCross(b0, b1)) certain++;
  // Edges: n = a_i x b_j; |n . a_k| for k != i are P's other two rows in column j, |n . b_l| for
  // l != j are Q's other two rows in column i; only n . d = a_i . (b_j x d) is new.
  const c0x = b0y * dz - b0z * dy;
  const c0y = b0z * dx - b0x * dz;
  const c0z = b0x * dy - b0y * dx;
  const w0 = lb0 * w;
  const v00 =
    Math.abs(a0x * c0x + a0y * c0y + a0z * c0z) -
    (Math.abs(P10) + Math.abs(P20) + Math.abs(Q10) + Math.abs(Q20));
  const f00 = ERR * la0 * w0 + tail;
  if (v00 > f00) return 0;
  if (-v00 > f00 || zeroCross(a0, b0)) certain++;
  const v10 =
    Math.abs(a1x * c0x + a1y * c0y + a1z * c0z) -
    (Math.abs(P20) + Math.abs(P00) + Math.abs(Q11) + Math.abs(Q21));
  const f10 = ERR * la1 * w0 + tail;
  if (v10 > f10) return 0;
  if (-v10 > f10 || zeroCross(a1, b0)) certain++;
  const v20 =
    Math.abs(a2x * c0x + a2y * c0y + a2z * c0z) -
    (Math.abs(P00) + Math.abs(P10) + Math.abs(Q12) + Math.abs(Q22));
  const f20 = ERR * la2 * w0 + tail;
  if (v20 > f20) return 0;
  if (-v20 > f20 || zeroCross(a2, b0)) certain++;
  const c1x = b1y * dz - b1z * dy;
  const c1y = b1z * dx - b1x * dz;
  const c1z = b1x * dy - b1y * dx;
  const w1 = lb1 * w;
  const v01 =
    Math.abs(a0x * c1x + a0y * c1y + a0z * c1z) -
    (Math.abs(P11) + Math.abs(P21) + Math.abs(Q20) + Math.abs(Q00));
  const f01 = ERR * la0 * w1 + tail;
  if (v01 > f01) return 0;
  if (-v01 > f01 || zeroCross(a0, b1)) certain++;
  const v11 =
    Math.abs(a1x * c1x + a1y * c1y + a1z * c1z) -
    (Math.abs(P21) + Math.abs(P01) + Math.abs(Q21) + Math.abs(Q01));
  const f11 = ERR * la1 * w1 + tail;
  if (v11 > f11) return 0;
  if (-v11 > f11 || zeroCross(a1, b1)) certain++;
  const v21 =
    Math.abs(a2x * c1x + a2y * c1y + a2z * c1z) -
    (Math.abs(P01) + Math.abs(P11) + Math.abs(Q22) + Math.abs(Q02));
  const f21 = ERR * la2 * w1 + tail;
  if (v21 > f21) return 0;
  if (-v21 > f21 || zeroCross(a2, b1)) certain++;
  const c2x = b2y * dz - b2z * dy;
  const c2y = b2z * dx - b2x * dz;
  const c2z = b2x * dy - b2y * dx;
  const w2 = lb2 * w;
  const v02 =
    Math.abs(a0x * c2x + a0y * c2y + a0z * c2z) -
    (Math.abs(P12) + Math.abs(P22) + Math.abs(Q00) + Math.abs(Q10));
  const f02 = ERR * la0 * w2 + tail;
  if (v02 > f02) return 0;
  if (-v02 > f02 || zeroCross(a0, b2)) certain++;
  const v12 =
    Math.abs(a1x * c2x + a1y * c2y + a1z * c2z) -
    (Math.abs(P22) + Math.abs(P02) + Math.abs(Q01) + Math.abs(Q11));
  const f12 = ERR * la1 * w2 + tail;
  if (v12 > f12) return 0;
  if (-v12 > f12 || zeroCross(a1, b2)) certain++;
  const v22 =
    Math.abs(a2x * c2x + a2y * c2y + a2z * c2z) -
    (Math.abs(P02) + Math.abs(P12) + Math.abs(Q02) + Math.abs(Q12));
  const f22 = ERR * la2 * w2 + tail;
  if (v22 > f22) return 0;
  if (-v22 > f22 || zeroCross(a2, b2)) certain++;
  return certain === 15 ? 1 : -1;
}

/** 1 the boxes meet, 0 apart, -1 undecided in floats. */
export function boxBoxFloat(a: Box, b: Box): number {
  if (!solid(a.halfExtents) && !solid(b.halfExtents)) return -1;
  boxAxes(a, A);
  boxAxes(b, B);
  const dx = b.center.x - a.center.x;
  const dy = b.center.y - a.center.y;
  const dz = b.center.z - a.center.z;
  S[DX] = dx;
  S[DY] = dy;
  S[DZ] = dz;
  S[ADX] = Math.abs(dx);
  S[ADY] = Math.abs(dy);
  S[ADZ] = Math.abs(dz);
  return run();
}

/**
 * The same for an aabb and a box: the aabb as the box of center (min + max) / 2 and half axes
 * (max - min) / 2, each rounded once (the bound's 24 eps leaves room for it; halving is exact
 * above the subnormals, and the tail covers those).
 */
export function aabbBoxFloat(a: Aabb, b: Box): number {
  const hx = a.max.x / 2 - a.min.x / 2;
  const hy = a.max.y / 2 - a.min.y / 2;
  const hz = a.max.z / 2 - a.min.z / 2;
  const aSolid = hx >= LO && hy >= LO && hz >= LO && hx <= HI && hy <= HI && hz <= HI;
  if (!aSolid && !solid(b.halfExtents)) return -1;
  A[0]!.x = hx;
  A[0]!.y = 0;
  A[0]!.z = 0;
  A[1]!.x = 0;
  A[1]!.y = hy;
  A[1]!.z = 0;
  A[2]!.x = 0;
  A[2]!.y = 0;
  A[2]!.z = hz;
  boxAxes(b, B);
  const cx = a.max.x / 2 + a.min.x / 2;
  const cy = a.max.y / 2 + a.min.y / 2;
  const cz = a.max.z / 2 + a.min.z / 2;
  S[DX] = b.center.x - cx;
  S[DY] = b.center.y - cy;
  S[DZ] = b.center.z - cz;
  // The rounded center errs by eps |c|, which |d| alone would not cover.
  S[ADX] = Math.abs(b.center.x) + Math.abs(cx);
  S[ADY] = Math.abs(b.center.y) + Math.abs(cy);
  S[ADZ] = Math.abs(b.center.z) + Math.abs(cz);
  return run();
}

// Triangle corners relative to the box center (rounded differences) and its edges.
const T: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];
const E: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/**
 * One axis n = u x v (absolute companion nAbs) for box A (center at the origin) against the
 * triangle T: the triangle's values n . t_k against the box's [-ext, ext]. `skipA` marks box
 * axes whose projection is exactly 0 as polynomials.
 */
function triCross(u: Vec, v: Vec, skipA: number): void {
  const ax = Math.abs(u.y * v.z) + Math.abs(u.z * v.y);
  const ay = Math.abs(u.z * v.x) + Math.abs(u.x * v.z);
  const az = Math.abs(u.x * v.y) + Math.abs(u.y * v.x);
  if (ax === 0 && ay === 0 && az === 0) {
    if (productsExact(u, v)) sure++;
    return;
  }
  const nx = u.y * v.z - u.z * v.y;
  const ny = u.z * v.x - u.x * v.z;
  const nz = u.x * v.y - u.y * v.x;
  let ext = 0;
  for (let i = 0; i < 3; i++) {
    if (!(skipA & (1 << i))) {
      const a = A[i]!;
      ext += Math.abs(nx * a.x + ny * a.y + nz * a.z);
    }
  }
  const t0 = T[0]!;
  const t1 = T[1]!;
  const t2 = T[2]!;
  const p0 = nx * t0.x + ny * t0.y + nz * t0.z;
  const p1 = nx * t1.x + ny * t1.y + nz * t1.z;
  const p2 = nx * t2.x + ny * t2.y + nz * t2.z;
  const lo = Math.min(p0, p1, p2);
  const hi = Math.max(p0, p1, p2);
  const m = ax * S[WX]! + ay * S[WY]! + az * S[WZ]!;
  const bound = ERR * m + T2 * (1 + m);
  if (lo - ext > bound || -ext - hi > bound) apart = true;
  else if (lo - ext < -bound && -ext - hi < -bound) sure++;
}

/**
 * The 13 axes of a solid box (A filled, center c) against a triangle: the box's face normals,
 * the triangle's normal and the cross products of their edges (all facet normals of
 * box - triangle, Akenine-Möller, "Fast 3D Triangle-Box Overlap Testing", 2001). Edges are exact
 * differences of the corners: their rounding is inside the bound's margin, like d's.
 */
function runTriangle(tri: Triangle): number {
  apart = false;
  sure = 0;
  corner(0, tri.a, tri.b);
  corner(1, tri.b, tri.c);
  corner(2, tri.c, tri.a);
  // |t| plus |p| and |c|: the rounded differences err by eps of those.
  let wx = Math.abs(tri.a.x) + Math.abs(tri.b.x) + Math.abs(tri.c.x) + 3 * cAbs.x;
  let wy = Math.abs(tri.a.y) + Math.abs(tri.b.y) + Math.abs(tri.c.y) + 3 * cAbs.y;
  let wz = Math.abs(tri.a.z) + Math.abs(tri.b.z) + Math.abs(tri.c.z) + 3 * cAbs.z;
  // Edge differences enter the cross products: twice the corners' sizes bound them.
  const edx = 2 * wx;
  const edy = 2 * wy;
  const edz = 2 * wz;
  for (let i = 0; i < 3; i++) {
    const a = A[i]!;
    wx += Math.abs(a.x);
    wy += Math.abs(a.y);
    wz += Math.abs(a.z);
  }
  // The triangle normal's companion uses edge-sized entries; scale weights so its products fit.
  S[WX] = wx + edx;
  S[WY] = wy + edy;
  S[WZ] = wz + edz;
  triCross(A[1]!, A[2]!, 6);
  triCross(A[2]!, A[0]!, 5);
  triCross(A[0]!, A[1]!, 3);
  triCross(E[0]!, E[1]!, 0);
  if (apart) return 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      triCross(A[i]!, E[j]!, 1 << i);
      if (apart) return 0;
    }
  }
  return sure === 13 ? 1 : -1;
}

/** T[k] = p - center (rounded) and E[k] = q - p (rounded). */
function corner(k: number, p: Vec, q: Vec): void {
  const t = T[k]!;
  t.x = p.x - center.x;
  t.y = p.y - center.y;
  t.z = p.z - center.z;
  const e = E[k]!;
  e.x = q.x - p.x;
  e.y = q.y - p.y;
  e.z = q.z - p.z;
}

/** The box's center for runTriangle, and its magnitudes. */
const center: Vec = { x: 0, y: 0, z: 0 };
const cAbs: Vec = { x: 0, y: 0, z: 0 };

/** 1 the box and triangle meet, 0 apart, -1 undecided in floats. */
export function boxTriangleFloat(b: Box, t: Triangle): number {
  if (!solid(b.halfExtents)) return -1;
  boxAxes(b, A);
  center.x = b.center.x;
  center.y = b.center.y;
  center.z = b.center.z;
  cAbs.x = Math.abs(b.center.x);
  cAbs.y = Math.abs(b.center.y);
  cAbs.z = Math.abs(b.center.z);
  return runTriangle(t);
}

/** 1 the aabb and triangle meet, 0 apart, -1 undecided in floats. */
export function aabbTriangleFloat(a: Aabb, t: Triangle): number {
  // The triangle's bounding box against the aabb: comparisons of inputs, so exact, and most
  // far pairs stop here.
  const p = t.a;
  const q = t.b;
  const r = t.c;
  const lo = a.min;
  const hi = a.max;
  if (p.x > hi.x && q.x > hi.x && r.x > hi.x) return 0;
  if (p.x < lo.x && q.x < lo.x && r.x < lo.x) return 0;
  if (p.y > hi.y && q.y > hi.y && r.y > hi.y) return 0;
  if (p.y < lo.y && q.y < lo.y && r.y < lo.y) return 0;
  if (p.z > hi.z && q.z > hi.z && r.z > hi.z) return 0;
  if (p.z < lo.z && q.z < lo.z && r.z < lo.z) return 0;
  const hx = a.max.x / 2 - a.min.x / 2;
  const hy = a.max.y / 2 - a.min.y / 2;
  const hz = a.max.z / 2 - a.min.z / 2;
  if (!(hx >= LO && hy >= LO && hz >= LO && hx <= HI && hy <= HI && hz <= HI)) return -1;
  A[0]!.x = hx;
  A[0]!.y = 0;
  A[0]!.z = 0;
  A[1]!.x = 0;
  A[1]!.y = hy;
  A[1]!.z = 0;
  A[2]!.x = 0;
  A[2]!.y = 0;
  A[2]!.z = hz;
  const cx = a.max.x / 2 + a.min.x / 2;
  const cy = a.max.y / 2 + a.min.y / 2;
  const cz = a.max.z / 2 + a.min.z / 2;
  center.x = cx;
  center.y = cy;
  center.z = cz;
  cAbs.x = Math.abs(cx);
  cAbs.y = Math.abs(cy);
  cAbs.z = Math.abs(cz);
  return runTriangle(t);
}
