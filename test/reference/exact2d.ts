/**
 * Exact reference for the 2D queries, written from the spec alone (not from src/).
 *
 * Each query first puts all its input doubles on one integer grid (`onGrid`: every value is an
 * integer times the same power of two), so predicates are signs of integer polynomials, and
 * parameters are ratios of them (scale-free). Square roots appear only in results: they are given
 * as an exact quadratic plus a bracket [lo, hi] of width about 2^-128 relative, and a double.
 */
import {
  add,
  div,
  fromDouble,
  mul,
  ONE,
  onGrid,
  pow2,
  type Rational,
  rat,
  sqrtApprox,
  sub,
  toDouble,
  ZERO,
} from "./bigrational.ts";

export interface V2 {
  x: number;
  y: number;
}

/** An exact point. */
export interface RV2 {
  x: Rational;
  y: Rational;
}

export const exactPoint = (p: V2): RV2 => ({ x: fromDouble(p.x), y: fromDouble(p.y) });

/** a + t (b - a), exactly. */
export const lerpExact = (a: V2, b: V2, t: Rational): RV2 => {
  const A = exactPoint(a);
  const B = exactPoint(b);
  return { x: add(A.x, mul(t, sub(B.x, A.x))), y: add(A.y, mul(t, sub(B.y, A.y))) };
};

const cross = (ax: bigint, ay: bigint, bx: bigint, by: bigint): bigint => ax * by - ay * bx;
const dot = (ax: bigint, ay: bigint, bx: bigint, by: bigint): bigint => ax * bx + ay * by;

/** n / d in [0, 1] for d !== 0, by signs only. */
const inUnit = (n: bigint, d: bigint): boolean => (d > 0n ? n >= 0n && n <= d : n <= 0n && n >= d);

/** Unpacks grid integers in the order given. */
function grid(...values: number[]): bigint[] {
  return onGrid(values).ints;
}

// ---------------------------------------------------------------------------------------------
// Segment vs segment

export interface SegSegRef {
  t1: Rational;
  t2: Rational;
  collinear: boolean;
}

/**
 * The closed segments s1 = a1 b1 and s2 = a2 b2 per the spec: the single crossing when they are
 * not parallel, else (collinear) the shared point with the smallest t1; null when disjoint.
 */
export function segmentSegment(a1: V2, b1: V2, a2: V2, b2: V2): SegSegRef | null {
  const [a1x, a1y, b1x, b1y, a2x, a2y, b2x, b2y] = grid(
    a1.x,
    a1.y,
    b1.x,
    b1.y,
    a2.x,
    a2.y,
    b2.x,
    b2.y,
  ) as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
  const v1x = b1x - a1x;
  const v1y = b1y - a1y;
  const v2x = b2x - a2x;
  const v2y = b2y - a2y;
  const wx = a2x - a1x;
  const wy = a2y - a1y;
  const D = cross(v1x, v1y, v2x, v2y);
  if (D !== 0n) {
    // a1 + t1 v1 = a2 + t2 v2: cross with v2 and with v1.
    const n1 = cross(wx, wy, v2x, v2y);
    const n2 = cross(wx, wy, v1x, v1y);
    if (!inUnit(n1, D) || !inUnit(n2, D)) return null;
    return { t1: rat(n1, D), t2: rat(n2, D), collinear: false };
  }
  const len1 = dot(v1x, v1y, v1x, v1y);
  const len2 = dot(v2x, v2y, v2x, v2y);
  if (len1 === 0n && len2 === 0n) {
    return wx === 0n && wy === 0n ? { t1: ZERO, t2: ZERO, collinear: true } : null;
  }
  if (len1 === 0n) {
    // s1 is the point a1: on s2 when a1 - a2 is along v2 within [0, |v2|^2].
    const px = -wx;
    const py = -wy;
    if (cross(v2x, v2y, px, py) !== 0n) return null;
    const n = dot(px, py, v2x, v2y);
    return inUnit(n, len2) ? { t1: ZERO, t2: rat(n, len2), collinear: true } : null;
  }
  if (len2 === 0n) {
    if (cross(v1x, v1y, wx, wy) !== 0n) return null;
    const n = dot(wx, wy, v1x, v1y);
    return inUnit(n, len1) ? { t1: rat(n, len1), t2: ZERO, collinear: true } : null;
  }
  // Parallel, both of positive length: they share points only on one line.
  if (cross(v1x, v1y, wx, wy) !== 0n) return null;
  // s2's ends as parameters on s1: u0 for a2, u1 for b2.
  const u0 = rat(dot(wx, wy, v1x, v1y), len1);
  const u1 = rat(dot(b2x - a1x, b2y - a1y, v1x, v1y), len1);
  const lo = maxQ(ZERO, minQ(u0, u1));
  const hi = minQ(ONE, maxQ(u0, u1));
  if (cmpQ(lo, hi) > 0) return null;
  // The point at t1 = lo is on s2 at the parameter interpolating u0 -> 0, u1 -> 1.
  return { t1: lo, t2: div(sub(lo, u0), sub(u1, u0)), collinear: true };
}

function cmpQ(a: Rational, b: Rational): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}
const minQ = (a: Rational, b: Rational): Rational => (cmpQ(a, b) <= 0 ? a : b);
const maxQ = (a: Rational, b: Rational): Rational => (cmpQ(a, b) >= 0 ? a : b);

// ---------------------------------------------------------------------------------------------
// Line vs ray

export interface LineRayRef {
  t: Rational;
  collinear: boolean;
}

/**
 * Line (p, u) vs ray (o, d): origin + t d is on the line when u x (o + t d - p) = 0, i.e.
 * N + t D = 0 with N = u x (o - p), D = u x d.
 */
export function lineRay(p: V2, u: V2, o: V2, d: V2): LineRayRef | null {
  const [px, py, ux, uy, ox, oy, dx, dy] = grid(p.x, p.y, u.x, u.y, o.x, o.y, d.x, d.y) as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  const N = cross(ux, uy, ox - px, oy - py);
  const D = cross(ux, uy, dx, dy);
  if (N === 0n) return { t: ZERO, collinear: D === 0n };
  if (D === 0n) return null;
  // t = -N / D >= 0 exactly when N and D have opposite signs.
  if (N > 0n === D > 0n) return null;
  return { t: rat(-N, D), collinear: false };
}

// ---------------------------------------------------------------------------------------------
// Triangles

export interface Tri {
  a: V2;
  b: V2;
  c: V2;
}

type IP = [bigint, bigint];

function triGrid(t1: Tri, t2: Tri): { p: IP[]; q: IP[]; exp: number } {
  const { ints, exp } = onGrid([
    t1.a.x,
    t1.a.y,
    t1.b.x,
    t1.b.y,
    t1.c.x,
    t1.c.y,
    t2.a.x,
    t2.a.y,
    t2.b.x,
    t2.b.y,
    t2.c.x,
    t2.c.y,
  ]);
  const i = (k: number): bigint => ints[k] as bigint;
  return {
    p: [
      [i(0), i(1)],
      [i(2), i(3)],
      [i(4), i(5)],
    ],
    q: [
      [i(6), i(7)],
      [i(8), i(9)],
      [i(10), i(11)],
    ],
    exp,
  };
}

function edges(p: IP[]): IP[] {
  const out: IP[] = [];
  for (let i = 0; i < 3; i++) {
    const s = p[i] as IP;
    const e = p[(i + 1) % 3] as IP;
    out.push([e[0] - s[0], e[1] - s[1]]);
  }
  return out;
}

function range(p: IP[], n: IP): [bigint, bigint] {
  let lo: bigint | undefined;
  let hi: bigint | undefined;
  for (const [x, y] of p) {
    const v = x * n[0] + y * n[1];
    if (lo === undefined || v < lo) lo = v;
    if (hi === undefined || v > hi) hi = v;
  }
  return [lo as bigint, hi as bigint];
}

/**
 * Separating axes over the grid points, and the penetration depth from the same projections.
 *
 * Whether the closed triangles meet: T1 and T2 meet iff 0 is in the convex polygon T1 - T2. If
 * that polygon has area, its edges are parallel to edges of T1 or T2, so the edge normals
 * separate whenever 0 is outside. It has no area only when all edges of both triangles are
 * parallel (or zero): then it is a segment along that direction or a point, and the edge
 * directions plus the x and y axes separate. Extra axes never hurt, so in that case all are used.
 *
 * The depth (see triangleContact) is the minimum over the edge normals n, both signs, of
 * (max_T1 p.n - min_T2 q.n)^2 / |n|^2, which the same projections give.
 */
function sat(p: IP[], q: IP[], wantDepth: boolean): { meet: boolean; depth2: Rational } {
  const all = [...edges(p), ...edges(q)].filter(([x, y]) => x !== 0n || y !== 0n);
  const normals: IP[] = all.map(([x, y]) => [-y, x]);
  const first = all[0];
  const flat = first === undefined || all.every(([x, y]) => cross(first[0], first[1], x, y) === 0n);
  const extra: IP[] = flat ? [[1n, 0n], [0n, 1n], ...all] : [];
  // The best depth so far as bestNum / bestDen (squared gap over |n|^2).
  let bestNum = -1n;
  let bestDen = 1n;
  for (const n of normals) {
    const [lo1, hi1] = range(p, n);
    const [lo2, hi2] = range(q, n);
    if (hi1 < lo2 || hi2 < lo1) return { meet: false, depth2: ZERO };
    if (!wantDepth) continue;
    const nn = n[0] * n[0] + n[1] * n[1];
    for (const g of [hi1 - lo2, hi2 - lo1]) {
      if (bestNum < 0n || g * g * bestDen < bestNum * nn) {
        bestNum = g * g;
        bestDen = nn;
      }
    }
  }
  for (const n of extra) {
    const [lo1, hi1] = range(p, n);
    const [lo2, hi2] = range(q, n);
    if (hi1 < lo2 || hi2 < lo1) return { meet: false, depth2: ZERO };
  }
  // Zero-area difference (or no edge at all): 0 is on its boundary, depth 0.
  return { meet: true, depth2: flat || bestNum < 0n ? ZERO : rat(bestNum, bestDen) };
}

/** Whether the closed triangles (any winding; degenerate ones are what they cover) meet. */
export function triangleTriangle(t1: Tri, t2: Tri): boolean {
  const { p, q } = triGrid(t1, t2);
  return sat(p, q, false).meet;
}

export interface ContactRef {
  /** The exact squared penetration depth (0 when touching or when T1 - T2 has no area). */
  depth2: Rational;
  /** depth as a double (sqrt to 2^-128, then rounded). */
  depth: number;
}

/**
 * Penetration depth: the distance from 0 to the boundary of T1 - T2 (the length of the shortest
 * translation of T2 after which they only touch). For convex P containing 0 that distance is the
 * minimum over unit n of h_P(n) = max_{p in P} p.n, attained at a face normal of P; the face
 * normals of T1 - T2 are edge normals of T1 or T2, and every other n gives h_P(n) >= the
 * distance, so the minimum over all edge normals, both signs, is exact. With n an integer edge
 * normal, h(n) / |n| = (max_T1 p.n - min_T2 q.n) / |n|, compared as squares. null when apart.
 */
export function triangleContact(t1: Tri, t2: Tri): ContactRef | null {
  const { p, q, exp } = triGrid(t1, t2);
  const { meet, depth2: g } = sat(p, q, true);
  if (!meet) return null;
  const depth2 = mul(g, pow2(2 * exp));
  return { depth2, depth: toDouble(sqrtApprox(depth2)) };
}

/**
 * h(n) = max_{T1} p.n - min_{T2} q.n for a given (double) direction n, exactly: how far T2 must
 * move along n (times |n|) to be separated along that axis. Moving T2 by n * delta with
 * delta |n|^2 > h(n) leaves them apart; this certifies a contact normal and depth exactly.
 */
export function supportGap(t1: Tri, t2: Tri, n: V2): Rational {
  const { p, q, exp } = triGrid(t1, t2);
  const { ints, exp: nexp } = onGrid([n.x, n.y]);
  const axis = ints as IP;
  const [, hi1] = range(p, axis);
  const [lo2] = range(q, axis);
  return mul(rat(hi1 - lo2), pow2(exp + nexp));
}

// ---------------------------------------------------------------------------------------------
// Bounding circle

/**
 * The exact squared radius of the smallest circle enclosing the triangle: when the angle facing
 * the longest side is right or obtuse (collinear and coincident corners included), that side is
 * a diameter, r^2 = L^2 / 4; otherwise the circumcircle, R^2 = a^2 b^2 c^2 / (4 (2 area)^2).
 */
export function minEnclosingRadius2(t: Tri): Rational {
  const { ints, exp } = onGrid([t.a.x, t.a.y, t.b.x, t.b.y, t.c.x, t.c.y]);
  const [ax, ay, bx, by, cx, cy] = ints as [bigint, bigint, bigint, bigint, bigint, bigint];
  const ab = dot(bx - ax, by - ay, bx - ax, by - ay);
  const bc = dot(cx - bx, cy - by, cx - bx, cy - by);
  const ca = dot(ax - cx, ay - cy, ax - cx, ay - cy);
  const sides = [ab, bc, ca].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const [s0, s1, s2] = sides as [bigint, bigint, bigint];
  let r2: Rational;
  if (s2 >= s0 + s1) r2 = rat(s2, 4n);
  else {
    const area2 = cross(bx - ax, by - ay, cx - ax, cy - ay);
    r2 = rat(ab * bc * ca, 4n * area2 * area2);
  }
  return mul(r2, pow2(2 * exp));
}

/** Whether p is in the closed disk (center, radius), exactly. */
export function inDisk(p: V2, center: V2, radius: number): boolean {
  const [px, py, cx, cy, r] = grid(p.x, p.y, center.x, center.y, radius) as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  return dot(px - cx, py - cy, px - cx, py - cy) <= r * r;
}

// ---------------------------------------------------------------------------------------------
// Segment vs circle

/**
 * The first parameter of a quadratic f(t) = alpha t^2 + 2 beta t + omega with f(0) = omega > 0
 * that reaches 0 in (0, 1]: the root (-beta - sqrt(disc)) / alpha = omega / (-beta + sqrt(disc)),
 * disc = beta^2 - alpha omega (the second form has no cancellation; beta < 0 here). Returned as
 * the exact coefficients in the caller's units (grid integers times 2^scale), a bracket
 * lo <= t <= hi with hi - lo <= 2^-120 t, and the double nearest the bracket.
 */
export interface FirstRoot {
  alpha: Rational;
  beta: Rational;
  omega: Rational;
  disc: Rational;
  lo: Rational;
  hi: Rational;
  t: number;
}

export function firstRoot(alpha: bigint, beta: bigint, omega: bigint, scale = 0): FirstRoot {
  const disc = beta * beta - alpha * omega;
  const sLo = sqrtApprox(rat(disc), 128);
  // sqrtApprox is below sqrt by at most 2^-128 relative; 2^-126 above it is safely above.
  const sHi = mul(sLo, rat((1n << 126n) + 1n, 1n << 126n));
  const nb = rat(-beta);
  const om = rat(omega);
  const lo = div(om, add(nb, sHi));
  const hi = div(om, add(nb, sLo));
  const k = pow2(scale);
  return {
    alpha: mul(rat(alpha), k),
    beta: mul(rat(beta), k),
    omega: mul(om, k),
    disc: mul(rat(disc), mul(k, k)),
    lo,
    hi,
    t: toDouble(hi),
  };
}

export interface SegCircleRef {
  /** The closed segment and disk share a point. */
  hit: boolean;
  /** a is in the closed disk (then t = 0). */
  inside: boolean;
  /** The first t when hit and not inside. */
  root: FirstRoot | null;
}

/**
 * Segment a-b vs the closed disk (c, r). With d = b - a and w = a - c, the point at t is inside
 * when f(t) = |w + t d|^2 - r^2 = dd t^2 + 2 wd t + (ww - rr) <= 0, so a hit is min over [0, 1]
 * of f <= 0, with the minimum at t = 0, t = 1, or the vertex -wd / dd.
 */
export function segmentCircle(a: V2, b: V2, c: V2, r: number): SegCircleRef {
  const { ints, exp } = onGrid([a.x, a.y, b.x, b.y, c.x, c.y, r]);
  const [ax, ay, bx, by, cx, cy, R] = ints as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  const dx = bx - ax;
  const dy = by - ay;
  const wx = ax - cx;
  const wy = ay - cy;
  const dd = dot(dx, dy, dx, dy);
  const wd = dot(wx, wy, dx, dy);
  const f0 = dot(wx, wy, wx, wy) - R * R;
  if (f0 <= 0n) return { hit: true, inside: true, root: null };
  let hit: boolean;
  if (dd === 0n || wd >= 0n)
    hit = false; // f increases from f(0) > 0
  else if (-wd >= dd)
    hit = dd + 2n * wd + f0 <= 0n; // decreasing on [0, 1]: f(1)
  else hit = dd * f0 - wd * wd <= 0n; // dd f(vertex) = dd f0 - wd^2
  return { hit, inside: false, root: hit ? firstRoot(dd, wd, f0, 2 * exp) : null };
}

/** Squared distance from p to the closed segment a-b, exactly (for building tangent radii). */
export function distPointSegment2(p: V2, a: V2, b: V2): Rational {
  const { ints, exp } = onGrid([p.x, p.y, a.x, a.y, b.x, b.y]);
  const [px, py, ax, ay, bx, by] = ints as [bigint, bigint, bigint, bigint, bigint, bigint];
  const dx = bx - ax;
  const dy = by - ay;
  const wx = px - ax;
  const wy = py - ay;
  const dd = dot(dx, dy, dx, dy);
  const wd = dot(wx, wy, dx, dy);
  let g: Rational;
  if (dd === 0n || wd <= 0n) g = rat(dot(wx, wy, wx, wy));
  else if (wd >= dd) g = rat(dot(px - bx, py - by, px - bx, py - by));
  else {
    const c = cross(dx, dy, wx, wy);
    g = rat(c * c, dd);
  }
  return mul(g, pow2(2 * exp));
}
