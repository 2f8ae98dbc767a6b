/**
 * Exact reference for the 3D linear queries (lines, rays, segments against spheres, capsules,
 * aabbs, boxes and planes), from the definitions alone, with BigInt rationals; it imports nothing
 * from src/. Algorithms are chosen to differ from the library's:
 * - polytopes (aabb, box): the feasibility of o + s d = c + sum u_k A_k with s in range and
 *   |u_k| <= 1, by Gaussian elimination then Fourier-Motzkin elimination down to an interval of s;
 *   its lower end is the entry;
 * - rounded shapes (sphere = capsule with a zero core): the minimum of the squared distance over
 *   the parameter rectangle (interior critical point or an edge), and the entry by bisection on the
 *   exact predicate "point(s) within r of the core";
 * - planes: the signed values h = n.x - offset at the ends, and the crossing -h(o) / n.d.
 */
import {
  add,
  cmp,
  div,
  fromDouble,
  max,
  min,
  mul,
  neg,
  ONE,
  type Rational,
  rat,
  sign,
  sub,
  ZERO,
} from "./bigrational.ts";

export interface V3 {
  x: number;
  y: number;
  z: number;
}

type R3 = [Rational, Rational, Rational];

/** A linear shape: `kind`, start o and direction d (a segment: o = a, d = b - a, exact). */
export interface RefLinear {
  kind: "line" | "ray" | "segment";
  o: R3;
  d: R3;
}

const r3 = (v: V3): R3 => [fromDouble(v.x), fromDouble(v.y), fromDouble(v.z)];
const sub3 = (a: R3, b: R3): R3 => [sub(a[0], b[0]), sub(a[1], b[1]), sub(a[2], b[2])];
const add3 = (a: R3, b: R3): R3 => [add(a[0], b[0]), add(a[1], b[1]), add(a[2], b[2])];
const scale3 = (a: R3, k: Rational): R3 => [mul(a[0], k), mul(a[1], k), mul(a[2], k)];
const dot3 = (a: R3, b: R3): Rational =>
  add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]));

/** The reference form of a line {point, dir}, a ray {origin, dir} or a segment {a, b}. */
export function refLine(point: V3, dir: V3): RefLinear {
  return { kind: "line", o: r3(point), d: r3(dir) };
}
export function refRay(origin: V3, dir: V3): RefLinear {
  return { kind: "ray", o: r3(origin), d: r3(dir) };
}
export function refSegment(a: V3, b: V3): RefLinear {
  return { kind: "segment", o: r3(a), d: sub3(r3(b), r3(a)) };
}

/** The parameter range: [lo, hi] with null for an infinite end. */
function range(l: RefLinear): [Rational | null, Rational | null] {
  if (l.kind === "line") return [null, null];
  return [ZERO, l.kind === "segment" ? ONE : null];
}

const at = (l: RefLinear, s: Rational): R3 => add3(l.o, scale3(l.d, s));

/** The reference answer: hit, the start inside, and the exact (or 2^-150-bracketed) entry t. */
export interface RefHit {
  hit: boolean;
  inside: boolean;
  /** The entry parameter (0 when inside); ZERO on a miss. */
  t: Rational;
  /**
   * How far above the exact entry `t` may be, when it is a bisection's inner end (curved
   * surfaces): the final bracket's width. Absent when `t` is exact.
   */
  span?: Rational;
}

const MISS: RefHit = { hit: false, inside: false, t: ZERO };

// ---- polytopes: Gaussian elimination, then Fourier-Motzkin -------------------------------------

/** a . y <= b over the variables (s, u0, u1, u2). */
interface Ineq {
  a: Rational[];
  b: Rational;
}

/**
 * The interval of s for which some u with lo_k <= u_k <= hi_k solves s d - sum u_k A_k = w, s in
 * [sLo, sHi] (null = unbounded); null when empty.
 */
function feasibleS(
  d: R3,
  axes: R3[],
  w: R3,
  uLo: Rational,
  uHi: Rational,
  sLo: Rational | null,
  sHi: Rational | null,
): [Rational | null, Rational | null] | null {
  // Rows: [s, u0, u1, u2 | rhs]; columns ordered u0, u1, u2, s for pivoting.
  const rows: Rational[][] = [0, 1, 2].map((i) => [
    d[i]!,
    neg(axes[0]![i]!),
    neg(axes[1]![i]!),
    neg(axes[2]![i]!),
    w[i]!,
  ]);
  const pivotOf: number[] = [];
  let r = 0;
  for (const col of [1, 2, 3, 0]) {
    const p = rows.findIndex((row, i) => i >= r && sign(row[col]!) !== 0);
    if (p < 0) continue;
    [rows[r], rows[p]] = [rows[p]!, rows[r]!];
    const pr = rows[r]!;
    const inv = div(ONE, pr[col]!);
    for (let j = 0; j < 5; j++) pr[j] = mul(pr[j]!, inv);
    for (let i = 0; i < 3; i++) {
      if (i === r || sign(rows[i]![col]!) === 0) continue;
      const k = rows[i]![col]!;
      for (let j = 0; j < 5; j++) rows[i]![j] = sub(rows[i]![j]!, mul(k, pr[j]!));
    }
    pivotOf[col] = r;
    r++;
  }
  // Rows past the rank are 0 = rhs.
  for (let i = r; i < 3; i++) if (sign(rows[i]![4]!) !== 0) return null;
  const lo = [sLo, uLo, uLo, uLo];
  const hi = [sHi, uHi, uHi, uHi];
  const ineqs: Ineq[] = [];
  const unit = (j: number, k: Rational): Rational[] =>
    [0, 1, 2, 3].map((i) => (i === j ? k : ZERO));
  for (let v = 0; v < 4; v++) {
    const pr = pivotOf[v];
    if (pr === undefined) {
      // A free variable: its own bounds.
      if (hi[v]) ineqs.push({ a: unit(v, ONE), b: hi[v]! });
      if (lo[v]) ineqs.push({ a: unit(v, neg(ONE)), b: neg(lo[v]!) });
      continue;
    }
    // x_v = rhs - sum over free j of row[j] x_j.
    const row = rows[pr]!;
    const coef = [0, 1, 2, 3].map((j) => (j === v || pivotOf[j] !== undefined ? ZERO : row[j]!));
    if (hi[v]) ineqs.push({ a: coef.map((c) => neg(c)), b: sub(hi[v]!, row[4]!) });
    if (lo[v]) ineqs.push({ a: coef, b: sub(row[4]!, lo[v]!) });
  }
  // If s is a pivot it is a constant (its column is last): fix it, then check feasibility.
  const sPivot = pivotOf[0];
  let sys = ineqs;
  for (const v of [1, 2, 3]) sys = eliminate(sys, v);
  if (sPivot !== undefined) {
    sys = eliminate(sys, 0);
    for (const q of sys) if (sign(q.b) < 0) return null;
    const s = rows[sPivot]![4]!;
    return [s, s];
  }
  let l: Rational | null = null;
  let h: Rational | null = null;
  for (const q of sys) {
    const a = q.a[0]!;
    if (sign(a) === 0) {
      if (sign(q.b) < 0) return null;
    } else if (sign(a) > 0) {
      const v = div(q.b, a);
      h = h === null ? v : min(h, v);
    } else {
      const v = div(q.b, a);
      l = l === null ? v : max(l, v);
    }
  }
  if (l !== null && h !== null && cmp(l, h) > 0) return null;
  return [l, h];
}

/** Fourier-Motzkin elimination of variable v. */
function eliminate(sys: Ineq[], v: number): Ineq[] {
  const pos = sys.filter((q) => sign(q.a[v]!) > 0);
  const negs = sys.filter((q) => sign(q.a[v]!) < 0);
  const out = sys.filter((q) => sign(q.a[v]!) === 0);
  for (const p of pos) {
    for (const n of negs) {
      const kp = div(ONE, p.a[v]!);
      const kn = div(ONE, neg(n.a[v]!));
      out.push({
        a: p.a.map((x, i) => (i === v ? ZERO : add(mul(x, kp), mul(n.a[i]!, kn)))),
        b: add(mul(p.b, kp), mul(n.b, kn)),
      });
    }
  }
  return out;
}

/** The linear shape against the parallelepiped c + sum u_k A_k, |u_k| <= 1. */
function polytope(l: RefLinear, c: R3, axes: R3[], contains: (p: R3) => boolean): RefHit {
  const [sLo, sHi] = range(l);
  const s = feasibleS(l.d, axes, sub3(c, l.o), neg(ONE), ONE, sLo, sHi);
  if (!s) return MISS;
  const inside = l.kind !== "line" && contains(l.o);
  return { hit: true, inside, t: inside ? ZERO : (s[0] ?? ZERO) };
}

const HALF = rat(1n, 2n);

/** A line, ray or segment against the closed aabb. */
export function refAabb(l: RefLinear, lo: V3, hi: V3): RefHit {
  const a = r3(lo);
  const b = r3(hi);
  const c = scale3(add3(a, b), HALF);
  const h = scale3(sub3(b, a), HALF);
  const axes: R3[] = [
    [h[0], ZERO, ZERO],
    [ZERO, h[1], ZERO],
    [ZERO, ZERO, h[2]],
  ];
  return polytope(l, c, axes, (p) => p.every((x, i) => cmp(a[i]!, x) <= 0 && cmp(x, b[i]!) <= 0));
}

/** The box's half-axis vectors as the library's spec defines them (shapes.ts, `boxAxes`). */
export function specBoxAxes(
  halfExtents: V3,
  q: { x: number; y: number; z: number; w: number },
): V3[] {
  const { x, y, z, w } = q;
  const hx = halfExtents.x;
  const hy = halfExtents.y;
  const hz = halfExtents.z;
  return [
    { x: (1 - 2 * (y * y + z * z)) * hx, y: 2 * (x * y + w * z) * hx, z: 2 * (x * z - w * y) * hx },
    { x: 2 * (x * y - w * z) * hy, y: (1 - 2 * (x * x + z * z)) * hy, z: 2 * (y * z + w * x) * hy },
    { x: 2 * (x * z + w * y) * hz, y: 2 * (y * z - w * x) * hz, z: (1 - 2 * (x * x + y * y)) * hz },
  ];
}

/** A line, ray or segment against the parallelepiped center + sum u_k axes[k], |u_k| <= 1. */
export function refBox(l: RefLinear, center: V3, axes: V3[]): RefHit {
  const c = r3(center);
  const ax = axes.map(r3);
  const pointIn = (p: R3): boolean =>
    feasibleS([ZERO, ZERO, ZERO], ax, sub3(c, p), neg(ONE), ONE, ZERO, ZERO) !== null;
  return polytope(l, c, ax, pointIn);
}

/** Whether p is in the parallelepiped (closed). */
export function refPointInBox(p: V3, center: V3, axes: V3[]): boolean {
  return (
    feasibleS(
      [ZERO, ZERO, ZERO],
      axes.map(r3),
      sub3(r3(center), r3(p)),
      neg(ONE),
      ONE,
      ZERO,
      ZERO,
    ) !== null
  );
}

// ---- rounded shapes --------------------------------------------------------------------------

/** Squared distance from p to the segment a + t e, t in [0, 1]. */
function dist2PointSeg(p: R3, a: R3, e: R3): Rational {
  const ee = dot3(e, e);
  let t = ZERO;
  if (sign(ee) > 0) {
    t = div(dot3(sub3(p, a), e), ee);
    t = max(ZERO, min(ONE, t));
  }
  const v = sub3(p, add3(a, scale3(e, t)));
  return dot3(v, v);
}

/** min over s in range of |o + s d - q|^2 where q runs over the segment a + t e. */
function minDist2(l: RefLinear, a: R3, e: R3): Rational {
  const [lo, hi] = range(l);
  const clampS = (s: Rational): Rational => {
    let v = s;
    if (lo && cmp(v, lo) < 0) v = lo;
    if (hi && cmp(v, hi) > 0) v = hi;
    return v;
  };
  const dd = dot3(l.d, l.d);
  // The best s for a fixed point q: the projection, clamped.
  const bestFor = (q: R3): Rational => {
    if (sign(dd) === 0) return ZERO;
    return clampS(div(dot3(sub3(q, l.o), l.d), dd));
  };
  const cands: Rational[] = [];
  const tryPair = (s: Rational): void => {
    cands.push(dist2PointSeg(at(l, s), a, e));
  };
  // Edges t = 0 and t = 1 (s free in range), and s at a finite end (t free).
  tryPair(bestFor(a));
  tryPair(bestFor(add3(a, e)));
  if (lo) tryPair(lo);
  if (hi) tryPair(hi);
  // Interior critical point of the two lines.
  const ee = dot3(e, e);
  const de = dot3(l.d, e);
  const den = sub(mul(dd, ee), mul(de, de));
  if (sign(den) !== 0) {
    const w = sub3(l.o, a);
    const dw = dot3(l.d, w);
    const ew = dot3(e, w);
    const s = div(sub(mul(de, ew), mul(ee, dw)), den);
    const t = div(sub(mul(dd, ew), mul(de, dw)), den);
    const inS = (!lo || cmp(s, lo) >= 0) && (!hi || cmp(s, hi) <= 0);
    if (inS && cmp(t, ZERO) >= 0 && cmp(t, ONE) <= 0) {
      const v = sub3(at(l, s), add3(a, scale3(e, t)));
      cands.push(dot3(v, v));
    }
  }
  return cands.reduce((m, x) => min(m, x));
}

const BISECT = 200;

/** The linear shape against the capsule with core a..b and radius r (a sphere when a = b). */
export function refCapsule(l: RefLinear, a: V3, b: V3, r: number): RefHit {
  const A = r3(a);
  const E = sub3(r3(b), A);
  const rr = mul(fromDouble(r), fromDouble(r));
  const within = (p: R3): boolean => cmp(dist2PointSeg(p, A, E), rr) <= 0;
  if (cmp(minDist2(l, A, E), rr) > 0) return MISS;
  if (l.kind !== "line" && within(l.o)) return { hit: true, inside: true, t: ZERO };
  // A parameter inside: the projection of the nearest core point found by sampling the candidates.
  const dd = dot3(l.d, l.d);
  let sIn: Rational | null = null;
  const [lo, hi] = range(l);
  const probe = (s: Rational): void => {
    if (sIn === null && (!lo || cmp(s, lo) >= 0) && (!hi || cmp(s, hi) <= 0) && within(at(l, s))) {
      sIn = s;
    }
  };
  const clampS = (s: Rational): Rational => {
    let v = s;
    if (lo && cmp(v, lo) < 0) v = lo;
    if (hi && cmp(v, hi) > 0) v = hi;
    return v;
  };
  if (sign(dd) > 0) {
    probe(clampS(div(dot3(sub3(A, l.o), l.d), dd)));
    probe(clampS(div(dot3(sub3(add3(A, E), l.o), l.d), dd)));
    const ee = dot3(E, E);
    const de = dot3(l.d, E);
    const den = sub(mul(dd, ee), mul(de, de));
    if (sign(den) !== 0) {
      const w = sub3(l.o, A);
      probe(clampS(div(sub(mul(de, dot3(E, w)), mul(ee, dot3(l.d, w))), den)));
    }
  }
  if (hi) probe(hi);
  if (sIn === null) throw new Error("reference: no inner parameter found");
  // Left end of the bracket: the range start, or far enough back along a line.
  let left: Rational;
  if (lo) left = lo;
  else {
    let k = ONE;
    while (within(at(l, sub(sIn, k)))) k = mul(k, rat(1n << 64n));
    left = dyadic(sub(sIn, k));
  }
  let right: Rational = sIn;
  // Invariant: left outside, right inside.
  for (let i = 0; i < BISECT; i++) {
    const mid = dyadic(scale1(add(left, right)));
    if (within(at(l, mid))) right = mid;
    else left = mid;
  }
  return { hit: true, inside: false, t: right, span: sub(right, left) };
}

const scale1 = (x: Rational): Rational => mul(x, HALF);

/** x rounded down to a multiple of 2^-2200 (keeps the bisection's denominators powers of two). */
function dyadic(x: Rational): Rational {
  const k = 2200n;
  const n = x.num << k;
  let q = n / x.den;
  if (q * x.den > n) q -= 1n;
  return rat(q, 1n << k);
}

/** A line, ray or segment against the ball. */
export function refSphere(l: RefLinear, c: V3, r: number): RefHit {
  return refCapsule(l, c, c, r);
}

// ---- planes ----------------------------------------------------------------------------------

/** A line, ray or segment against the plane dot(n, p) = offset (a surface). */
export function refPlane(l: RefLinear, n: V3, offset: number): RefHit {
  const N = r3(n);
  const off = fromDouble(offset);
  const ho = sub(dot3(N, l.o), off);
  const nd = dot3(N, l.d);
  if (sign(ho) === 0) return { hit: true, inside: false, t: ZERO };
  if (sign(nd) === 0) return MISS;
  const t = neg(div(ho, nd));
  const [lo, hi] = range(l);
  if ((lo && cmp(t, lo) < 0) || (hi && cmp(t, hi) > 0)) return MISS;
  return { hit: true, inside: false, t };
}

// ---- points ----------------------------------------------------------------------------------

/** Whether p lies on the linear shape. */
export function refPointOnLinear(p: V3, l: RefLinear): boolean {
  const w = sub3(r3(p), l.o);
  const d = l.d;
  const cross: R3 = [
    sub(mul(d[1], w[2]), mul(d[2], w[1])),
    sub(mul(d[2], w[0]), mul(d[0], w[2])),
    sub(mul(d[0], w[1]), mul(d[1], w[0])),
  ];
  if (cross.some((x) => sign(x) !== 0)) return false;
  const dd = dot3(d, d);
  if (sign(dd) === 0) return w.every((x) => sign(x) === 0);
  const s = div(dot3(w, d), dd);
  const [lo, hi] = range(l);
  return (!lo || cmp(s, lo) >= 0) && (!hi || cmp(s, hi) <= 0);
}

/** Whether p is in the closed triangle (barycentric coordinates, exact; degenerate: on an edge). */
export function refPointInTriangle(p: V3, a: V3, b: V3, c: V3): boolean {
  const A = r3(a);
  const e1 = sub3(r3(b), A);
  const e2 = sub3(r3(c), A);
  const w = sub3(r3(p), A);
  const n: R3 = [
    sub(mul(e1[1], e2[2]), mul(e1[2], e2[1])),
    sub(mul(e1[2], e2[0]), mul(e1[0], e2[2])),
    sub(mul(e1[0], e2[1]), mul(e1[1], e2[0])),
  ];
  const nn = dot3(n, n);
  if (sign(nn) === 0) {
    return (
      refPointOnLinear(p, refSegment(a, b)) ||
      refPointOnLinear(p, refSegment(b, c)) ||
      refPointOnLinear(p, refSegment(c, a))
    );
  }
  if (sign(dot3(w, n)) !== 0) return false;
  // w = u e1 + v e2: u = (w x e2) . n / |n|^2, v = (e1 x w) . n / |n|^2.
  const crossR = (x: R3, y: R3): R3 => [
    sub(mul(x[1], y[2]), mul(x[2], y[1])),
    sub(mul(x[2], y[0]), mul(x[0], y[2])),
    sub(mul(x[0], y[1]), mul(x[1], y[0])),
  ];
  const u = div(dot3(crossR(w, e2), n), nn);
  const v = div(dot3(crossR(e1, w), n), nn);
  return sign(u) >= 0 && sign(v) >= 0 && cmp(add(u, v), ONE) <= 0;
}

/** |p - q| <= r for the closed ball. */
export function refPointInSphere(p: V3, c: V3, r: number): boolean {
  const v = sub3(r3(p), r3(c));
  return cmp(dot3(v, v), mul(fromDouble(r), fromDouble(r))) <= 0;
}

/** Whether p is within r of the segment ab. */
export function refPointInCapsule(p: V3, a: V3, b: V3, r: number): boolean {
  const A = r3(a);
  return cmp(dist2PointSeg(r3(p), A, sub3(r3(b), A)), mul(fromDouble(r), fromDouble(r))) <= 0;
}

/** Whether dot(n, p) = offset exactly. */
export function refPointOnPlane(p: V3, n: V3, offset: number): boolean {
  return sign(sub(dot3(r3(n), r3(p)), fromDouble(offset))) === 0;
}
