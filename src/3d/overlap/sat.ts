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

/*
 * run()'s determinant scratch: A's face normals a1 x a2, a2 x a0, a0 x a1 (0..8), B's (9..17),
 * P[m][j] = A's normal m . b_j (18..26), Q[p][i] = B's normal p . a_i (27..35), the 1-norms of
 * a_i (36..38) and their sum (39), of b_j (40..42) and their sum (43), then w and the tail
 * (44, 45).
 */
const G = new Float64Array(46);
const NA = 0;
const NB = 9;
const PM = 18;
const QM = 27;
const LA = 36;
const LB = 40;
/** run()'s weight w (every 1-norm, |d|'s bound included) and underflow tail, for faces(). */
const WT = 44;
const TL = 45;
/** Sums of 1-norms above 2^300 skip the float pass (a triple product could overflow). */
const BIG = 2 ** 300;

/**
 * X's 1-norms into G at l and their sum at l + 3 (a typed-array slot, not a return value: a
 * double returned from a call V8 does not inline is boxed into a fresh heap number).
 */
function oneNorms(X: Vec[], l: number): void {
  const a = X[0]!;
  const b = X[1]!;
  const c = X[2]!;
  const na = Math.abs(a.x) + Math.abs(a.y) + Math.abs(a.z);
  const nb = Math.abs(b.x) + Math.abs(b.y) + Math.abs(b.z);
  const nc = Math.abs(c.x) + Math.abs(c.y) + Math.abs(c.z);
  G[l] = na;
  G[l + 1] = nb;
  G[l + 2] = nc;
  G[l + 3] = na + nb + nc;
}

/** The face normals of X (x_{m+1} x x_{m+2} for m = 0, 1, 2) into G at o. */
function faceNormals(X: Vec[], o: number): void {
  for (let m = 0; m < 3; m++) {
    const u = X[m === 2 ? 0 : m + 1]!;
    const v = X[m === 0 ? 2 : m - 1]!;
    G[o + 3 * m] = u.y * v.z - u.z * v.y;
    G[o + 3 * m + 1] = u.z * v.x - u.x * v.z;
    G[o + 3 * m + 2] = u.x * v.y - u.y * v.x;
  }
}

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

/**
 * X's three face axes against X and Y (X's normals at G[no], X's 1-norms at G[l]; d, w and the
 * tail in S and G): -1 when one certainly separates, else how many certainly overlap. Stores
 * normal m . y_j at G[pq + 3 m + j] for the edge axes.
 */
function faces(X: Vec[], Y: Vec[], no: number, pq: number, l: number): number {
  const dx = S[DX]!;
  const dy = S[DY]!;
  const dz = S[DZ]!;
  let certain = 0;
  for (let m = 0; m < 3; m++) {
    const o = no + 3 * m;
    const nx = G[o]!;
    const ny = G[o + 1]!;
    const nz = G[o + 2]!;
    // n . x_m is X's volume; n . y_j is stored.
    const xm = X[m]!;
    let ext = Math.abs(nx * xm.x + ny * xm.y + nz * xm.z);
    for (let j = 0; j < 3; j++) {
      const y = Y[j]!;
      const p = nx * y.x + ny * y.y + nz * y.z;
      G[pq + 3 * m + j] = p;
      ext += Math.abs(p);
    }
    const val = Math.abs(nx * dx + ny * dy + nz * dz) - ext;
    const m1 = m === 2 ? 0 : m + 1;
    const m2 = m === 0 ? 2 : m - 1;
    const bound = ERR * G[l + m1]! * G[l + m2]! * G[WT]! + G[TL]!;
    if (val > bound) return -1;
    // A zero normal (a flat box) is no facet normal of A - B.
    if (-val > bound || zeroCross(X[m1]!, X[m2]!)) certain++;
  }
  return certain;
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
 */
function run(): number {
  const dx = S[DX]!;
  const dy = S[DY]!;
  const dz = S[DZ]!;
  // The boxes' exact bounding boxes are their sums of |components|: a world axis proves them
  // apart when |d_k| exceeds both. Sums and differences only, each rounding within eps of its
  // result: 24 eps of everything involved (and the tail for subnormal bounds) covers it.
  let ex = 0;
  let ey = 0;
  let ez = 0;
  for (let i = 0; i < 3; i++) {
    const a = A[i]!;
    const b = B[i]!;
    ex += Math.abs(a.x) + Math.abs(b.x);
    ey += Math.abs(a.y) + Math.abs(b.y);
    ez += Math.abs(a.z) + Math.abs(b.z);
  }
  if (Math.abs(dx) - ex > ERR * (S[ADX]! + ex) + TAIL2) return 0;
  if (Math.abs(dy) - ey > ERR * (S[ADY]! + ey) + TAIL2) return 0;
  if (Math.abs(dz) - ez > ERR * (S[ADZ]! + ez) + TAIL2) return 0;
  const ld = S[ADX]! + S[ADY]! + S[ADZ]!;
  oneNorms(A, LA);
  oneNorms(B, LB);
  const sa = G[LA + 3]!;
  const sb = G[LB + 3]!;
  if (!(sa <= BIG && sb <= BIG && ld <= BIG)) return -1;
  const w = sa + sb + ld;
  const tail = TAIL2 * (1 + w);
  G[WT] = w;
  G[TL] = tail;
  // B's normals only once A's face axes have not separated the boxes.
  faceNormals(A, NA);
  const sa3 = faces(A, B, NA, PM, LA);
  if (sa3 < 0) return 0;
  faceNormals(B, NB);
  const sb3 = faces(B, A, NB, QM, LB);
  if (sb3 < 0) return 0;
  let certain = sa3 + sb3;
  // Edges: n = a_i x b_j; |n . a_k| for k != i are P's other two rows in column j, |n . b_l| for
  // l != j are Q's other two rows in column i.
  for (let j = 0; j < 3; j++) {
    const b = B[j]!;
    const cx = b.y * dz - b.z * dy;
    const cy = b.z * dx - b.x * dz;
    const cz = b.x * dy - b.y * dx;
    const j1 = j === 2 ? 0 : j + 1;
    const j2 = j === 0 ? 2 : j - 1;
    const lb = G[LB + j]! * w;
    for (let i = 0; i < 3; i++) {
      const a = A[i]!;
      const i1 = i === 2 ? 0 : i + 1;
      const i2 = i === 0 ? 2 : i - 1;
      const ext =
        Math.abs(G[PM + 3 * i1 + j]!) +
        Math.abs(G[PM + 3 * i2 + j]!) +
        Math.abs(G[QM + 3 * j1 + i]!) +
        Math.abs(G[QM + 3 * j2 + i]!);
      const val = Math.abs(a.x * cx + a.y * cy + a.z * cz) - ext;
      const bound = ERR * G[LA + i]! * lb + tail;
      if (val > bound) return 0;
      if (-val > bound || zeroCross(a, b)) certain++;
    }
  }
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
  const bound = ERR * m + TAIL2 * (1 + m);
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
