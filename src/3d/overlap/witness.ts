/**
 * Float passes for a ball or capsule against a triangle, certified by witness points. Floats pick
 * a point P = p + s (q - p) of the segment and a point Q = a + v (b - a) + w (c - a) of the
 * triangle with s, v, w >= 0 and v + w <= 1 (so P and Q, read with those float weights, lie
 * exactly on the cores). With n = P - Q computed in floats:
 * - hit: |n| plus its rounding error (per component) <= r certifies dist <= r;
 * - miss: n as an axis certifies dist > r when the segment's values along n exceed the triangle's
 *   by more than r |n|, each value with its own rounding error.
 * Anything else (touching, or a witness too poor near a degenerate triangle) returns -1, for the
 * exact path.
 * @see Ericson, Real-Time Collision Detection, §5.1.5 (closest point on a triangle), §5.1.9
 * (closest points of two segments).
 */
import { EPS, TAIL2 } from "../../exact/filter.ts";
import { orient3d } from "../../exact/orient3d.ts";
import type { Aabb, Box, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;

/**
 * Per-component error of n: four terms (a rounded difference, times a weight in [0, 1]) summed,
 * 5 roundings deep, so 6 eps of their absolute sum (Higham §3.1); plus eps for v + w exceeding 1
 * by the rounding of their sum (the point a + (v u + w w') / (v + w) is in the triangle and within
 * eps (|v u| + |w w'|) of Q). 10 eps covers both.
 */
const ERRN = 10 * EPS;
/** Dot products of n with rounded differences: 4 roundings deep, 5 eps; 8 eps with slack. */
const ERRD = 8 * EPS;
/** Relative slack on squared sums of a few rounded terms. */
const REL = 2 ** -44;

/**
 * The radius r of the float passes below, written by the caller: a double passed to a function V8
 * does not inline is boxed into a fresh heap number on every call.
 */
export const FLOAT_RADIUS: Float64Array = new Float64Array(1);

/** Scratch: [s, t] of the last closest-parameter call, and [v, w] of the last triangle call. */
const st = new Float64Array(4);

/** The candidate witness [s, v, w] with its float squared distance. */
const best = new Float64Array(4);

/*
 * The helpers' inputs, in one typed array rather than as arguments: V8 does not inline them and
 * would box each double passed (nine to fifteen per call). P, D: the segment's start and
 * direction; U, W: the triangle's edges from its first corner; X: the point for
 * nearestOnTriangle; E, R: nearestOnSegments' second direction and r = o1 - o2 (its first is D);
 * C: consider's (s, v, w); N: keepAxis's axis.
 */
const K = new Float64Array(27);
const P = 0;
const D = 3;
const U = 6;
const W = 9;
const X = 12;
const E = 15;
const R = 18;
const C = 21;
const N = 24;

/**
 * Barycentric weights (v, w) of the point X of triangle (0, U, W) nearest to it, into st[2], st[3]
 * (Ericson §5.1.5, by Voronoi regions). Weights are clamped to v, w >= 0, v + w <= 1 in floats.
 */
function nearestOnTriangle(): void {
  const px = K[X]!;
  const py = K[X + 1]!;
  const pz = K[X + 2]!;
  const ux = K[U]!;
  const uy = K[U + 1]!;
  const uz = K[U + 2]!;
  const wx = K[W]!;
  const wy = K[W + 1]!;
  const wz = K[W + 2]!;
  let v = 0;
  let w = 0;
  const d1 = ux * px + uy * py + uz * pz;
  const d2 = wx * px + wy * py + wz * pz;
  const bx = px - ux;
  const by = py - uy;
  const bz = pz - uz;
  const d3 = ux * bx + uy * by + uz * bz;
  const d4 = wx * bx + wy * by + wz * bz;
  const cx = px - wx;
  const cy = py - wy;
  const cz = pz - wz;
  const d5 = ux * cx + uy * cy + uz * cz;
  const d6 = wx * cx + wy * cy + wz * cz;
  const vc = d1 * d4 - d3 * d2;
  const vb = d5 * d2 - d1 * d6;
  const va = d3 * d6 - d5 * d4;
  if (d1 <= 0 && d2 <= 0) {
    // Vertex a.
  } else if (d3 >= 0 && d4 <= d3) v = 1;
  else if (d6 >= 0 && d5 <= d6) w = 1;
  else if (vc <= 0 && d1 >= 0 && d3 <= 0) v = d1 / (d1 - d3);
  else if (vb <= 0 && d2 >= 0 && d6 <= 0) w = d2 / (d2 - d6);
  else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    v = 1 - w;
  } else {
    const den = va + vb + vc;
    v = vb / den;
    w = vc / den;
  }
  // Clamps written out (NaN to 0): a call V8 leaves un-inlined boxes its double.
  v = v > 1 ? 1 : v > 0 ? v : 0;
  w = w > 1 ? 1 : w > 0 ? w : 0;
  // fl(v + fl(1 - v)) <= 1 under round-to-nearest, so the clamp below leaves v + w <= 1 + eps.
  if (v + w > 1) w = 1 - v;
  st[2] = v;
  st[3] = w;
}

/**
 * Parameters (s, t) of the closest points of segments o + s D and o2 + t E, where R = o - o2,
 * into st[0], st[1], both clamped to [0, 1] (Ericson §5.1.9).
 */
function nearestOnSegments(): void {
  const d1x = K[D]!;
  const d1y = K[D + 1]!;
  const d1z = K[D + 2]!;
  const d2x = K[E]!;
  const d2y = K[E + 1]!;
  const d2z = K[E + 2]!;
  const rx = K[R]!;
  const ry = K[R + 1]!;
  const rz = K[R + 2]!;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const b = d1x * d2x + d1y * d2y + d1z * d2z;
  const c = d1x * rx + d1y * ry + d1z * rz;
  const f = d2x * rx + d2y * ry + d2z * rz;
  // Clamps written out (x > 1 ? 1 : x > 0 ? x : 0, NaN to 0): a rarely taken clamping call
  // is left un-inlined by V8 and boxes its argument and result.
  let s = 0;
  let t = 0;
  if (a > 0 && e > 0) {
    const den = a * e - b * b;
    s = den > 0 ? (b * f - c * e) / den : 0;
    s = s > 1 ? 1 : s > 0 ? s : 0;
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = -c / a;
    } else if (t > 1) {
      t = 1;
      s = (b - c) / a;
    }
  } else if (a > 0) s = -c / a;
  else if (e > 0) t = f / e;
  st[0] = s > 1 ? 1 : s > 0 ? s : 0;
  st[1] = t > 1 ? 1 : t > 0 ? t : 0;
}

/**
 * Keeps (s, v, w) = C when its float squared distance beats the best so far. The callers write C
 * themselves: a helper taking (s, v, w) was inlined at only some call sites once V8's inlining
 * budget ran out, and boxed three doubles per call at the others.
 */
function consider(): void {
  const s = K[C]!;
  const v = K[C + 1]!;
  const w = K[C + 2]!;
  const px = K[P]!;
  const py = K[P + 1]!;
  const pz = K[P + 2]!;
  const dx = K[D]!;
  const dy = K[D + 1]!;
  const dz = K[D + 2]!;
  const ux = K[U]!;
  const uy = K[U + 1]!;
  const uz = K[U + 2]!;
  const wx = K[W]!;
  const wy = K[W + 1]!;
  const wz = K[W + 2]!;
  const nx = px + s * dx - v * ux - w * wx;
  const ny = py + s * dy - v * uy - w * wy;
  const nz = pz + s * dz - v * uz - w * wz;
  const d = nx * nx + ny * ny + nz * nz;
  if (d < best[3]!) {
    best[0] = s;
    best[1] = v;
    best[2] = w;
    best[3] = d;
  }
}

/**
 * Float pass for dist(segment pq, triangle) <= r (p === q allowed: a point): 1 certainly within,
 * 0 certainly apart, -1 undecided. r = FLOAT_RADIUS[0] is used as given (never a rounded sum).
 */
export function segmentTriangleFloat(p: Vec, q: Vec, t: Triangle): number {
  const r = FLOAT_RADIUS[0]!;
  const a = t.a;
  // Everything relative to a: p - a, q - p, b - a, c - a, each one rounding.
  const px = p.x - a.x;
  const py = p.y - a.y;
  const pz = p.z - a.z;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const dz = q.z - p.z;
  const ux = t.b.x - a.x;
  const uy = t.b.y - a.y;
  const uz = t.b.z - a.z;
  const wx = t.c.x - a.x;
  const wy = t.c.y - a.y;
  const wz = t.c.z - a.z;
  // The cheap reject first: both ends certainly more than r beyond the triangle's plane, on one
  // side. h = m . (p - a) with m = u x w is orient3d(a, b, c, p): within ERRD (Shewchuk: 7 eps) of its
  // permanent |p - a| . mAbs (Shewchuk's bound, differences' rounding included), q's the same
  // with its own difference; the exact normal is within 5 eps mAbs of m per component (two
  // roundings in u and w, two in the cross product), so |M| <= |(|m_k| + ERRD mAbs_k)|.
  const mx = uy * wz - uz * wy;
  const my = uz * wx - ux * wz;
  const mz = ux * wy - uy * wx;
  const hp = mx * px + my * py + mz * pz;
  const mAx = Math.abs(uy * wz) + Math.abs(uz * wy);
  const mAy = Math.abs(uz * wx) + Math.abs(ux * wz);
  const mAz = Math.abs(ux * wy) + Math.abs(uy * wx);
  const ep = ERRD * (Math.abs(px) * mAx + Math.abs(py) * mAy + Math.abs(pz) * mAz) + T2;
  const fp = Math.abs(hp) - ep;
  if (fp > 0) {
    // r |M| squared, r multiplied in before squaring so r^2 cannot underflow alone.
    const rx = r * (Math.abs(mx) + ERRD * mAx);
    const ry = r * (Math.abs(my) + ERRD * mAy);
    const rz = r * (Math.abs(mz) + ERRD * mAz);
    const rm = (rx * rx + ry * ry + rz * rz) * (1 + REL) + T2;
    if (fp * fp > rm) {
      // A point (a ball's center): q's test below would repeat p's.
      if (q === p) return 0;
      const qax = q.x - a.x;
      const qay = q.y - a.y;
      const qaz = q.z - a.z;
      const hq = mx * qax + my * qay + mz * qaz;
      const eq = ERRD * (Math.abs(qax) * mAx + Math.abs(qay) * mAy + Math.abs(qaz) * mAz) + T2;
      const fq = Math.abs(hq) - eq;
      if (fq > 0 && hp > 0 === hq > 0 && fq * fq > rm) return 0;
    }
  }
  K[U] = ux;
  K[U + 1] = uy;
  K[U + 2] = uz;
  K[W] = wx;
  K[W + 1] = wy;
  K[W + 2] = wz;
  K[X] = px;
  K[X + 1] = py;
  K[X + 2] = pz;
  nearestOnTriangle();
  // The witness (s, v, w): for a point, p's nearest triangle point; for a segment, the best of
  // the candidates below.
  let s = 0;
  let v = st[2]!;
  let w = st[3]!;
  if (dx !== 0 || dy !== 0 || dz !== 0) {
    K[P] = px;
    K[P + 1] = py;
    K[P + 2] = pz;
    K[D] = dx;
    K[D + 1] = dy;
    K[D + 2] = dz;
    best[3] = Number.POSITIVE_INFINITY;
    K[C] = 0;
    K[C + 1] = v;
    K[C + 2] = w;
    consider();
    const qx = px + dx;
    const qy = py + dy;
    const qz = pz + dz;
    K[X] = qx;
    K[X + 1] = qy;
    K[X + 2] = qz;
    nearestOnTriangle();
    K[C] = 1;
    K[C + 1] = st[2]!;
    K[C + 2] = st[3]!;
    consider();
    // Edge ab (v = t, w = 0), edge ac (v = 0, w = t), edge bc (v = 1 - t, w = t: v + w is 1
    // within eps, as ERRN allows).
    K[E] = ux;
    K[E + 1] = uy;
    K[E + 2] = uz;
    K[R] = px;
    K[R + 1] = py;
    K[R + 2] = pz;
    nearestOnSegments();
    K[C] = st[0]!;
    K[C + 1] = st[1]!;
    K[C + 2] = 0;
    consider();
    K[E] = wx;
    K[E + 1] = wy;
    K[E + 2] = wz;
    nearestOnSegments();
    K[C] = st[0]!;
    K[C + 1] = 0;
    K[C + 2] = st[1]!;
    consider();
    K[E] = wx - ux;
    K[E + 1] = wy - uy;
    K[E + 2] = wz - uz;
    K[R] = px - ux;
    K[R + 1] = py - uy;
    K[R + 2] = pz - uz;
    nearestOnSegments();
    const tb = st[1]!;
    K[C] = st[0]!;
    K[C + 1] = 1 - tb;
    K[C + 2] = tb;
    consider();
    // The segment crossing the triangle's plane (normal m = u x w): P at s = hp / (hp - hq).
    const hq = mx * qx + my * qy + mz * qz;
    if ((hp <= 0 && hq >= 0) || (hp >= 0 && hq <= 0)) {
      let s = hp / (hp - hq);
      s = s > 1 ? 1 : s > 0 ? s : 0;
      K[X] = px + s * dx;
      K[X + 1] = py + s * dy;
      K[X + 2] = pz + s * dz;
      nearestOnTriangle();
      K[C] = s;
      K[C + 1] = st[2]!;
      K[C + 2] = st[3]!;
      consider();
    }
    s = best[0]!;
    v = best[1]!;
    w = best[2]!;
  }
  // n = (p - a) + s (q - p) - v (b - a) - w (c - a), components within ERRN of their terms.
  const sx = s * dx;
  const sy = s * dy;
  const sz = s * dz;
  const vx = v * ux;
  const vy = v * uy;
  const vz = v * uz;
  const tx = w * wx;
  const ty = w * wy;
  const tz = w * wz;
  const nx = px + sx - vx - tx;
  const ny = py + sy - vy - ty;
  const nz = pz + sz - vz - tz;
  const rr = r * r;
  const hx = Math.abs(nx) + ERRN * (Math.abs(px) + Math.abs(sx) + Math.abs(vx) + Math.abs(tx));
  const hy = Math.abs(ny) + ERRN * (Math.abs(py) + Math.abs(sy) + Math.abs(vy) + Math.abs(ty));
  const hz = Math.abs(nz) + ERRN * (Math.abs(pz) + Math.abs(sz) + Math.abs(vz) + Math.abs(tz));
  if ((hx * hx + hy * hy + hz * hz) * (1 + REL) + T2 < rr * (1 - REL)) return 1;
  // Along n (from the triangle towards the segment), relative to a: the segment's values n . (p - a)
  // and n . (q - a), the triangle's 0, n . (b - a), n . (c - a). q - a is p - a + (q - p), one
  // more rounding, which the slack of ERRD covers.
  const qx = px + dx;
  const qy = py + dy;
  const qz = pz + dz;
  const np = nx * px + ny * py + nz * pz;
  const nq = nx * qx + ny * qy + nz * qz;
  const nb = nx * ux + ny * uy + nz * uz;
  const nc = nx * wx + ny * wy + nz * wz;
  const m =
    Math.abs(nx) * (Math.abs(px) + Math.abs(qx) + Math.abs(dx) + Math.abs(ux) + Math.abs(wx)) +
    Math.abs(ny) * (Math.abs(py) + Math.abs(qy) + Math.abs(dy) + Math.abs(uy) + Math.abs(wy)) +
    Math.abs(nz) * (Math.abs(pz) + Math.abs(qz) + Math.abs(dz) + Math.abs(uz) + Math.abs(wz));
  const gap = Math.min(np, nq) - Math.max(0, nb, nc) - ERRD * m - T2;
  if (gap > 0 && gap * gap > rr * (nx * nx + ny * ny + nz * nz) * (1 + REL) + T2) return 0;
  return -1;
}

/** planeOf's normal (b - a) x (c - a) (0..2) and its absolute companion (3..5). */
const PL = new Float64Array(6);

/** Sets PL for triangle abc, so sideOf can test several points against one normal. */
function planeOf(a: Vec, b: Vec, c: Vec): void {
  const ux = b.x - a.x;
  const uy = b.y - a.y;
  const uz = b.z - a.z;
  const vx = c.x - a.x;
  const vy = c.y - a.y;
  const vz = c.z - a.z;
  PL[0] = uy * vz - uz * vy;
  PL[1] = uz * vx - ux * vz;
  PL[2] = ux * vy - uy * vx;
  PL[3] = Math.abs(uy * vz) + Math.abs(uz * vy);
  PL[4] = Math.abs(uz * vx) + Math.abs(ux * vz);
  PL[5] = Math.abs(ux * vy) + Math.abs(uy * vx);
}

/**
 * Exact sign of orient3d(a, b, c, d), PL holding planeOf(a, b, c): the same determinant as
 * orient's, (u x v) . (d - a), with Shewchuk's permanent bound (ERRD above his 7 eps), and an
 * underflowed product of u x v magnified by at most |d - a| (the tail).
 */
function sideOf(a: Vec, b: Vec, c: Vec, d: Vec): number {
  const px = d.x - a.x;
  const py = d.y - a.y;
  const pz = d.z - a.z;
  const h = PL[0]! * px + PL[1]! * py + PL[2]! * pz;
  const ax = Math.abs(px);
  const ay = Math.abs(py);
  const az = Math.abs(pz);
  const bound = ERRD * (ax * PL[3]! + ay * PL[4]! + az * PL[5]!) + T2 * (1 + ax + ay + az);
  if (h > bound) return 1;
  if (-h > bound) return -1;
  return orient3d(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z);
}

/** Exact sign of orient3d(a, b, c, d), filtered in floats; exact orient3d only near zero. */
function orient(a: Vec, b: Vec, c: Vec, d: Vec): number {
  planeOf(a, b, c);
  return sideOf(a, b, c, d);
}

/** True when the open segment de crosses the triangle abc's relative interior (exact signs). */
function pierces(d: Vec, e: Vec, sd: number, se: number, a: Vec, b: Vec, c: Vec): boolean {
  if (sd * se >= 0) return false;
  const s1 = orient(d, e, a, b);
  if (s1 === 0) return false;
  const s2 = orient(d, e, b, c);
  if (s2 !== s1) return false;
  return orient(d, e, c, a) === s1;
}

/** Triangle vertices relative to t1.a: t1's (0, b - a, c - a), then t2's, as x, y, z rows. */
const tv = new Float64Array(18);
const nBest = new Float64Array(4);

/** Keeps the axis N when it is shorter than the best so far. */
function keepAxis(): void {
  const nx = K[N]!;
  const ny = K[N + 1]!;
  const nz = K[N + 2]!;
  const d = nx * nx + ny * ny + nz * nz;
  if (d < nBest[3]!) {
    nBest[0] = nx;
    nBest[1] = ny;
    nBest[2] = nz;
    nBest[3] = d;
  }
}

/**
 * Float pass for two closed triangles meeting: 1 certainly (an edge of one crosses the other's
 * interior, by exact orientation signs), 0 certainly not (one lies strictly on one side of the
 * other's plane, or the axis between float closest points separates them with margin), -1
 * undecided (touching, coplanar or degenerate pairs).
 * @see Möller, "A fast triangle-triangle intersection test", JGT 1997 (plane rejection first);
 * Ericson §5.1.5 and §5.1.9 for the closest points.
 */
export function triangleTriangleFloat(t1: Triangle, t2: Triangle): number {
  const a1 = t1.a;
  const b1 = t1.b;
  const c1 = t1.c;
  const a2 = t2.a;
  const b2 = t2.b;
  const c2 = t2.c;
  // t2's vertices against t1's plane, then t1's against t2's (each normal computed once).
  planeOf(a1, b1, c1);
  const sa2 = sideOf(a1, b1, c1, a2);
  const sb2 = sideOf(a1, b1, c1, b2);
  const sc2 = sideOf(a1, b1, c1, c2);
  if (sa2 === sb2 && sb2 === sc2 && sa2 !== 0) return 0;
  planeOf(a2, b2, c2);
  const sa1 = sideOf(a2, b2, c2, a1);
  const sb1 = sideOf(a2, b2, c2, b1);
  const sc1 = sideOf(a2, b2, c2, c1);
  if (sa1 === sb1 && sb1 === sc1 && sa1 !== 0) return 0;
  if (
    pierces(a1, b1, sa1, sb1, a2, b2, c2) ||
    pierces(b1, c1, sb1, sc1, a2, b2, c2) ||
    pierces(c1, a1, sc1, sa1, a2, b2, c2) ||
    pierces(a2, b2, sa2, sb2, a1, b1, c1) ||
    pierces(b2, c2, sb2, sc2, a1, b1, c1) ||
    pierces(c2, a2, sc2, sa2, a1, b1, c1)
  ) {
    return 1;
  }
  // Both planes straddled and no crossing: apart or touching. Closest points in floats give an
  // axis n (from t2 to t1); it need not be accurate, only the projections' errors count.
  const v = tv;
  v[0] = 0;
  v[1] = 0;
  v[2] = 0;
  v[3] = b1.x - a1.x;
  v[4] = b1.y - a1.y;
  v[5] = b1.z - a1.z;
  v[6] = c1.x - a1.x;
  v[7] = c1.y - a1.y;
  v[8] = c1.z - a1.z;
  v[9] = a2.x - a1.x;
  v[10] = a2.y - a1.y;
  v[11] = a2.z - a1.z;
  v[12] = b2.x - a1.x;
  v[13] = b2.y - a1.y;
  v[14] = b2.z - a1.z;
  v[15] = c2.x - a1.x;
  v[16] = c2.y - a1.y;
  v[17] = c2.z - a1.z;
  nBest[3] = Number.POSITIVE_INFINITY;
  for (let side = 0; side < 2; side++) {
    // Vertices of one triangle against the other (o = the other's first vertex).
    const o = side === 0 ? 9 : 0;
    const ox = v[o]!;
    const oy = v[o + 1]!;
    const oz = v[o + 2]!;
    const ux = v[o + 3]! - ox;
    const uy = v[o + 4]! - oy;
    const uz = v[o + 5]! - oz;
    const wx = v[o + 6]! - ox;
    const wy = v[o + 7]! - oy;
    const wz = v[o + 8]! - oz;
    const sgn = side === 0 ? 1 : -1;
    K[U] = ux;
    K[U + 1] = uy;
    K[U + 2] = uz;
    K[W] = wx;
    K[W + 1] = wy;
    K[W + 2] = wz;
    for (let k = 9 - o; k < 18 - o; k += 3) {
      const px = v[k]! - ox;
      const py = v[k + 1]! - oy;
      const pz = v[k + 2]! - oz;
      K[X] = px;
      K[X + 1] = py;
      K[X + 2] = pz;
      nearestOnTriangle();
      const tv2 = st[2]!;
      const tw = st[3]!;
      K[N] = sgn * (px - tv2 * ux - tw * wx);
      K[N + 1] = sgn * (py - tv2 * uy - tw * wy);
      K[N + 2] = sgn * (pz - tv2 * uz - tw * wz);
      keepAxis();
    }
  }
  for (let i = 0; i < 9; i += 3) {
    const j = i === 6 ? 0 : i + 3;
    const ex = v[i]!;
    const ey = v[i + 1]!;
    const ez = v[i + 2]!;
    const dx = v[j]! - ex;
    const dy = v[j + 1]! - ey;
    const dz = v[j + 2]! - ez;
    K[D] = dx;
    K[D + 1] = dy;
    K[D + 2] = dz;
    for (let k = 9; k < 18; k += 3) {
      const l = k === 15 ? 9 : k + 3;
      const fx = v[k]!;
      const fy = v[k + 1]!;
      const fz = v[k + 2]!;
      const gx = v[l]! - fx;
      const gy = v[l + 1]! - fy;
      const gz = v[l + 2]! - fz;
      K[E] = gx;
      K[E + 1] = gy;
      K[E + 2] = gz;
      K[R] = ex - fx;
      K[R + 1] = ey - fy;
      K[R + 2] = ez - fz;
      nearestOnSegments();
      const s = st[0]!;
      const t = st[1]!;
      K[N] = ex + s * dx - fx - t * gx;
      K[N + 1] = ey + s * dy - fy - t * gy;
      K[N + 2] = ez + s * dz - fz - t * gz;
      keepAxis();
    }
  }
  const nx = nBest[0]!;
  const ny = nBest[1]!;
  const nz = nBest[2]!;
  // Values n . v of the 6 rows, each a dot with rounded differences: 4 roundings deep (ERRD).
  let lo1 = Number.POSITIVE_INFINITY;
  let hi2 = Number.NEGATIVE_INFINITY;
  let m = 0;
  for (let k = 0; k < 18; k += 3) {
    const x = v[k]!;
    const y = v[k + 1]!;
    const z = v[k + 2]!;
    const d = nx * x + ny * y + nz * z;
    m += Math.abs(nx * x) + Math.abs(ny * y) + Math.abs(nz * z);
    if (k < 9) lo1 = d < lo1 ? d : lo1;
    else hi2 = d > hi2 ? d : hi2;
  }
  return lo1 - hi2 - ERRD * m - T2 > 0 ? 0 : -1;
}

/** Rounds of alternating projection (segment -> box -> segment) for the witness pair. */
const ROUNDS = 6;

/**
 * `nearestOnBox`'s problem, per axis k of three: the segment's coordinate a + s b along it (0, 1),
 * the box's bounds lo, hi on it (2, 3) and the axis's weight w (4), at 5 k. BRK: its breakpoints.
 */
const LIN = new Float64Array(15);
const BRK = new Float64Array(8);

/**
 * The minimiser s in [0, 1] of f(s) = sum_k w_k dist(a_k + s b_k, [lo_k, hi_k])^2 (the problem
 * in LIN) into st[0]. f is convex and piecewise quadratic: its half-derivative
 * g(s) = sum_k w_k b_k (x_k - clamp(x_k)) is nondecreasing and linear between the breakpoints
 * where a coordinate meets a bound, so the minimum lies where g changes sign, found by walking
 * the sorted breakpoints and solved on that piece. Alternating projections, which the float
 * passes try first, converge slowly when the segment runs nearly parallel to a face; this is the
 * witness they fall back to before the exact path.
 * @see Ericson §5.1.3 and §5.1.2 (the projections this replaces).
 */
function nearestOnBox(): void {
  let n = 0;
  BRK[n++] = 0;
  for (let k = 0; k < 15; k += 5) {
    const a = LIN[k]!;
    const b = LIN[k + 1]!;
    if (b === 0) continue;
    const t0 = (LIN[k + 2]! - a) / b;
    const t1 = (LIN[k + 3]! - a) / b;
    if (t0 > 0 && t0 < 1) BRK[n++] = t0;
    if (t1 > 0 && t1 < 1) BRK[n++] = t1;
  }
  BRK[n++] = 1;
  // Insertion sort of at most 8.
  for (let i = 1; i < n; i++) {
    const t = BRK[i]!;
    let j = i - 1;
    while (j >= 0 && BRK[j]! > t) {
      BRK[j + 1] = BRK[j]!;
      j--;
    }
    BRK[j + 1] = t;
  }
  // The first breakpoint where g >= 0.
  let j = 0;
  for (; j < n; j++) {
    const t = BRK[j]!;
    let g = 0;
    for (let k = 0; k < 15; k += 5) {
      const x = LIN[k]! + t * LIN[k + 1]!;
      const lo = LIN[k + 2]!;
      const hi = LIN[k + 3]!;
      const e = x < lo ? x - lo : x > hi ? x - hi : 0;
      g += LIN[k + 4]! * LIN[k + 1]! * e;
    }
    if (g >= 0) break;
  }
  if (j === 0 || j === n) {
    st[0] = j === 0 ? 0 : 1;
    return;
  }
  // On (BRK[j - 1], BRK[j]) every coordinate keeps its side: g(s) = A + B s there.
  const t0 = BRK[j - 1]!;
  const t1 = BRK[j]!;
  const mid = t0 / 2 + t1 / 2;
  let A = 0;
  let B = 0;
  for (let k = 0; k < 15; k += 5) {
    const a = LIN[k]!;
    const b = LIN[k + 1]!;
    const x = a + mid * b;
    const lo = LIN[k + 2]!;
    const hi = LIN[k + 3]!;
    if (x >= lo && x <= hi) continue;
    const c = x < lo ? lo : hi;
    const w = LIN[k + 4]!;
    A += w * b * (a - c);
    B += w * b * b;
  }
  const t = B > 0 ? -A / B : mid;
  // Clamped to the piece (NaN, from an overflow, to its start): any s in [0, 1] is a witness.
  st[0] = t >= t0 && t <= t1 ? t : t > t1 ? t1 : t0;
}

/**
 * Float pass for dist(segment pq, aabb) <= r = FLOAT_RADIUS[0]: 1 within, 0 apart, -1 undecided. The witness pair
 * comes from alternating projections (clamp to the box, project onto the segment), and when they
 * certify nothing, from the exact minimiser of `nearestOnBox`; Q = clamp(P) is exactly a point of
 * the box, P = p + s (q - p) exactly one of the segment, so the hit and miss certificates of the
 * file's header apply, the box's value along n being its corner's.
 * @see Ericson §5.1.3 (closest point on an aabb) and §5.1.2 (on a segment).
 */
export function segmentAabbFloat(p: Vec, q: Vec, b: Aabb): number {
  const r = FLOAT_RADIUS[0]!;
  const lo = b.min;
  const hi = b.max;
  // The cheap reject first: both ends more than r beyond one face's plane. Each difference is
  // one rounding (within eps of it, and normal, being above TAIL2), so beating r (1 + 2^-50)
  // certifies the exact one beats r.
  const R = r * (1 + 2 ** -50) + T2;
  if (
    (p.z - hi.z > R && q.z - hi.z > R) ||
    (lo.z - p.z > R && lo.z - q.z > R) ||
    (p.x - hi.x > R && q.x - hi.x > R) ||
    (lo.x - p.x > R && lo.x - q.x > R) ||
    (p.y - hi.y > R && q.y - hi.y > R) ||
    (lo.y - p.y > R && lo.y - q.y > R)
  ) {
    return 0;
  }
  // The start end's ball first (a capsule standing on the box): Q = clamp(p) is a box point, and
  // |p - Q| (each difference one rounding, squared and summed 5 roundings deep, ERR5 < 2^-49;
  // r^2 two roundings) certainly within r settles a hit before the general witness.
  let Qx = p.x < lo.x ? lo.x : p.x > hi.x ? hi.x : p.x;
  let Qy = p.y < lo.y ? lo.y : p.y > hi.y ? hi.y : p.y;
  let Qz = p.z < lo.z ? lo.z : p.z > hi.z ? hi.z : p.z;
  const ux = Qx - p.x;
  const uy = Qy - p.y;
  const uz = Qz - p.z;
  if ((ux * ux + uy * uy + uz * uz) * (1 + REL) + T2 < r * r * (1 - REL)) return 1;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const dz = q.z - p.z;
  const dd = dx * dx + dy * dy + dz * dz;
  // When the segment leaves Q's side ((Q - p) . d <= 0), s = 0 is already a fixed point of the
  // projections below: the start end and Q are the witness pair. Else start from the segment
  // point nearest the box's center. Parameters are clamped to [0, 1] before dividing: a capsule
  // beside the box mostly clamps to an end, and then skips the division (NaN, from an overflow,
  // clamps to 0).
  let s = 0;
  if (dd > 0 && ux * dx + uy * dy + uz * dz > 0) {
    const cx = 0.5 * lo.x + 0.5 * hi.x - p.x;
    const cy = 0.5 * lo.y + 0.5 * hi.y - p.y;
    const cz = 0.5 * lo.z + 0.5 * hi.z - p.z;
    const t = cx * dx + cy * dy + cz * dz;
    s = t >= dd ? 1 : t > 0 ? t / dd : 0;
    for (let k = 0; k < ROUNDS; k++) {
      const Px = p.x + s * dx;
      const Py = p.y + s * dy;
      const Pz = p.z + s * dz;
      Qx = Px < lo.x ? lo.x : Px > hi.x ? hi.x : Px;
      Qy = Py < lo.y ? lo.y : Py > hi.y ? hi.y : Py;
      Qz = Pz < lo.z ? lo.z : Pz > hi.z ? hi.z : Pz;
      const t = (Qx - p.x) * dx + (Qy - p.y) * dy + (Qz - p.z) * dz;
      const next = t >= dd ? 1 : t > 0 ? t / dd : 0;
      // A fixed point: every further round would give the same s and Q.
      if (next === s) break;
      s = next;
    }
  }
  for (let pass = 0; ; pass++) {
    // n = (p - Q) + s d: p - Q one rounding, s d two, the sum three; ERRN covers it.
    const sx = s * dx;
    const sy = s * dy;
    const sz = s * dz;
    const ex = p.x - Qx;
    const ey = p.y - Qy;
    const ez = p.z - Qz;
    const nx = ex + sx;
    const ny = ey + sy;
    const nz = ez + sz;
    const rr = r * r;
    const hx = Math.abs(nx) + ERRN * (Math.abs(ex) + Math.abs(sx));
    const hy = Math.abs(ny) + ERRN * (Math.abs(ey) + Math.abs(sy));
    const hz = Math.abs(nz) + ERRN * (Math.abs(ez) + Math.abs(sz));
    if ((hx * hx + hy * hy + hz * hz) * (1 + REL) + T2 < rr * (1 - REL)) return 1;
    // Along n, relative to p: the segment's 0 and n . d; the box's largest is at the corner
    // picked by n's signs, n . (corner - p), each corner coordinate minus p one rounding.
    const kx = (nx >= 0 ? hi.x : lo.x) - p.x;
    const ky = (ny >= 0 ? hi.y : lo.y) - p.y;
    const kz = (nz >= 0 ? hi.z : lo.z) - p.z;
    const nd = nx * dx + ny * dy + nz * dz;
    const nk = nx * kx + ny * ky + nz * kz;
    const m =
      Math.abs(nx) * (Math.abs(dx) + Math.abs(kx)) +
      Math.abs(ny) * (Math.abs(dy) + Math.abs(ky)) +
      Math.abs(nz) * (Math.abs(dz) + Math.abs(kz));
    const gap = Math.min(0, nd) - nk - ERRD * m - T2;
    if (gap > 0 && gap * gap > rr * (nx * nx + ny * ny + nz * nz) * (1 + REL) + T2) return 0;
    if (pass === 1 || !(dd > 0)) return -1;
    // Undecided: the exact minimiser along the segment (in floats) as the witness, once.
    LIN[0] = p.x;
    LIN[1] = dx;
    LIN[2] = lo.x;
    LIN[3] = hi.x;
    LIN[5] = p.y;
    LIN[6] = dy;
    LIN[7] = lo.y;
    LIN[8] = hi.y;
    LIN[10] = p.z;
    LIN[11] = dz;
    LIN[12] = lo.z;
    LIN[13] = hi.z;
    LIN[4] = LIN[9] = LIN[14] = 1;
    nearestOnBox();
    s = st[0]!;
    const Px = p.x + s * dx;
    const Py = p.y + s * dy;
    const Pz = p.z + s * dz;
    Qx = Px < lo.x ? lo.x : Px > hi.x ? hi.x : Px;
    Qy = Py < lo.y ? lo.y : Py > hi.y ? hi.y : Py;
    Qz = Pz < lo.z ? lo.z : Pz > hi.z ? hi.z : Pz;
  }
}

const bx: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/**
 * Float pass for dist(segment pq, box) <= r = FLOAT_RADIUS[0]: 1 within, 0 apart, -1 undecided. As segmentAabbFloat,
 * with Q = c + sum u_i a_i, |u_i| <= 1 (the clamped projections onto the box's nearly orthogonal
 * axes: exactly a point of the box for any float u_i), and the box's largest value along n being
 * n . c + sum |n . a_i|; the fallback witness minimises over s in the box's frame, axis i
 * weighted by |a_i|^2.
 */
export function segmentBoxFloat(p: Vec, q: Vec, b: Box): number {
  const r = FLOAT_RADIUS[0]!;
  boxAxes(b, bx);
  const a0 = bx[0]!;
  const a1 = bx[1]!;
  const a2 = bx[2]!;
  const aa0 = a0.x * a0.x + a0.y * a0.y + a0.z * a0.z;
  const aa1 = a1.x * a1.x + a1.y * a1.y + a1.z * a1.z;
  const aa2 = a2.x * a2.x + a2.y * a2.y + a2.z * a2.z;
  const c = b.center;
  // Relative to the center: e = p - c, d = q - p.
  const ex = p.x - c.x;
  const ey = p.y - c.y;
  const ez = p.z - c.z;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const dz = q.z - p.z;
  const dd = dx * dx + dy * dy + dz * dz;
  let s = dd > 0 ? -(ex * dx + ey * dy + ez * dz) / dd : 0;
  s = s > 1 ? 1 : s > 0 ? s : 0;
  let u0 = 0;
  let u1 = 0;
  let u2 = 0;
  for (let k = 0; k < ROUNDS; k++) {
    const Px = ex + s * dx;
    const Py = ey + s * dy;
    const Pz = ez + s * dz;
    // Clamps written out (a call V8 leaves un-inlined boxes its double); NaN (a degenerate
    // axis) gives -1: any weight in [-1, 1] names a point of the box.
    u0 = (Px * a0.x + Py * a0.y + Pz * a0.z) / aa0;
    u0 = u0 > 1 ? 1 : u0 > -1 ? u0 : -1;
    u1 = (Px * a1.x + Py * a1.y + Pz * a1.z) / aa1;
    u1 = u1 > 1 ? 1 : u1 > -1 ? u1 : -1;
    u2 = (Px * a2.x + Py * a2.y + Pz * a2.z) / aa2;
    u2 = u2 > 1 ? 1 : u2 > -1 ? u2 : -1;
    if (!(dd > 0)) break;
    const Qx = u0 * a0.x + u1 * a1.x + u2 * a2.x - ex;
    const Qy = u0 * a0.y + u1 * a1.y + u2 * a2.y - ey;
    const Qz = u0 * a0.z + u1 * a1.z + u2 * a2.z - ez;
    s = (Qx * dx + Qy * dy + Qz * dz) / dd;
    s = s > 1 ? 1 : s > 0 ? s : 0;
  }
  for (let pass = 0; ; pass++) {
    // n = e + s d - sum u_i a_i: five terms, 6 roundings deep; ERRN of their absolute sum.
    const sx = s * dx;
    const sy = s * dy;
    const sz = s * dz;
    const t0x = u0 * a0.x;
    const t0y = u0 * a0.y;
    const t0z = u0 * a0.z;
    const t1x = u1 * a1.x;
    const t1y = u1 * a1.y;
    const t1z = u1 * a1.z;
    const t2x = u2 * a2.x;
    const t2y = u2 * a2.y;
    const t2z = u2 * a2.z;
    const nx = ex + sx - t0x - t1x - t2x;
    const ny = ey + sy - t0y - t1y - t2y;
    const nz = ez + sz - t0z - t1z - t2z;
    const rr = r * r;
    const hx =
      Math.abs(nx) +
      ERRN * (Math.abs(ex) + Math.abs(sx) + Math.abs(t0x) + Math.abs(t1x) + Math.abs(t2x));
    const hy =
      Math.abs(ny) +
      ERRN * (Math.abs(ey) + Math.abs(sy) + Math.abs(t0y) + Math.abs(t1y) + Math.abs(t2y));
    const hz =
      Math.abs(nz) +
      ERRN * (Math.abs(ez) + Math.abs(sz) + Math.abs(t0z) + Math.abs(t1z) + Math.abs(t2z));
    if ((hx * hx + hy * hy + hz * hz) * (1 + REL) + T2 < rr * (1 - REL)) return 1;
    // Along n, relative to c: the segment's n . e and n . (e + d); the box's largest
    // sum |n . a_i| (each a dot of n with exact axes, 3 roundings, then |.| summed: 5 deep).
    const fx = ex + dx;
    const fy = ey + dy;
    const fz = ez + dz;
    const ne = nx * ex + ny * ey + nz * ez;
    const nf = nx * fx + ny * fy + nz * fz;
    const ext =
      Math.abs(nx * a0.x + ny * a0.y + nz * a0.z) +
      Math.abs(nx * a1.x + ny * a1.y + nz * a1.z) +
      Math.abs(nx * a2.x + ny * a2.y + nz * a2.z);
    const m =
      Math.abs(nx) *
        (Math.abs(ex) +
          Math.abs(fx) +
          Math.abs(dx) +
          Math.abs(a0.x) +
          Math.abs(a1.x) +
          Math.abs(a2.x)) +
      Math.abs(ny) *
        (Math.abs(ey) +
          Math.abs(fy) +
          Math.abs(dy) +
          Math.abs(a0.y) +
          Math.abs(a1.y) +
          Math.abs(a2.y)) +
      Math.abs(nz) *
        (Math.abs(ez) +
          Math.abs(fz) +
          Math.abs(dz) +
          Math.abs(a0.z) +
          Math.abs(a1.z) +
          Math.abs(a2.z));
    const gap = Math.min(ne, nf) - ext - ERRD * m - T2;
    if (gap > 0 && gap * gap > rr * (nx * nx + ny * ny + nz * nz) * (1 + REL) + T2) return 0;
    if (pass === 1 || !(dd > 0) || !(aa0 > 0 && aa1 > 0 && aa2 > 0)) return -1;
    // Undecided: the minimiser along the segment in the box's frame (coordinates along a_i in
    // units of a_i, weighted by |a_i|^2) as the witness, once.
    for (let i = 0; i < 3; i++) {
      const ai = i === 0 ? a0 : i === 1 ? a1 : a2;
      const aai = i === 0 ? aa0 : i === 1 ? aa1 : aa2;
      LIN[5 * i] = (ex * ai.x + ey * ai.y + ez * ai.z) / aai;
      LIN[5 * i + 1] = (dx * ai.x + dy * ai.y + dz * ai.z) / aai;
      LIN[5 * i + 2] = -1;
      LIN[5 * i + 3] = 1;
      LIN[5 * i + 4] = aai;
    }
    nearestOnBox();
    s = st[0]!;
    const Px = ex + s * dx;
    const Py = ey + s * dy;
    const Pz = ez + s * dz;
    u0 = (Px * a0.x + Py * a0.y + Pz * a0.z) / aa0;
    u0 = u0 > 1 ? 1 : u0 > -1 ? u0 : -1;
    u1 = (Px * a1.x + Py * a1.y + Pz * a1.z) / aa1;
    u1 = u1 > 1 ? 1 : u1 > -1 ? u1 : -1;
    u2 = (Px * a2.x + Py * a2.y + Pz * a2.z) / aa2;
    u2 = u2 > 1 ? 1 : u2 > -1 ? u2 : -1;
  }
}
