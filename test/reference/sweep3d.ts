/**
 * Exact reference for 3D sweeps (test only; imports nothing from src/): a convex mover (sphere,
 * capsule, aabb, box, hull) translated by t * motion, t in [0, 1], against a static point,
 * segment, plane, sphere, capsule, aabb, box, triangle, hull or triangle mesh.
 *
 * Every shape is a convex core (vertices as exact rationals; a box's axes by the documented
 * `boxAxes` formula in doubles, then its corners summed exactly) grown by a radius; a mesh is the
 * union of its triangles. For one convex pair the set of contact times {t : dist(A + t m, B) <= R}
 * is an interval I (a line through the convex set B - A grown by R), so:
 * - `contactAt(t)` is the exact within-test at a rational t (A's vertices + t m summed exactly);
 * - `sweptExact` decides whether I meets [0, 1] from the swept core (the hull of A and A + m,
 *   exact), and when it does returns a rational t_in in I from the witness weights: the closest
 *   point sum(lambda_k (a_k + sigma_k m)) - b lies in A + sigma m with sigma = sum(lambda_k
 *   sigma_k);
 * - `sweepBracket` bisects [0, t_in] with `contactAt`: lo < t* <= hi, certified by two exact
 *   evaluations (contact at hi, none at lo) and the interval property. A mesh takes the smallest
 *   bracket over its triangles.
 * The distance uses its own exact GJK on integers (all values on one dyadic grid): v is the
 * minimum-norm point of the current simplex, found by solving every face's affine projection by
 * Cramer's rule and keeping those with non-negative weights; the loop ends when v . w >= v . v
 * (v optimal) or, for the within-test, as soon as |v| <= R. Exact, so it terminates.
 * @see Gilbert, Johnson, Keerthi 1988 (the iteration); Ericson, Real-Time Collision Detection,
 * §5.5 (a swept convex shape is the hull of its start and end copies).
 */
import { cmp, fromDouble, type Rational, rat, toDouble } from "./bigrational.ts";
import { refBoxAxes } from "./overlap3d.ts";

export interface P3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Movers: plain data as in the library. */
export type Mover3 =
  | { readonly kind: "sphere"; readonly center: P3; readonly radius: number }
  | { readonly kind: "capsule"; readonly a: P3; readonly b: P3; readonly radius: number }
  | { readonly kind: "aabb"; readonly min: P3; readonly max: P3 }
  | {
      readonly kind: "box";
      readonly center: P3;
      readonly halfExtents: P3;
      readonly rotation: { x: number; y: number; z: number; w: number };
    }
  | { readonly kind: "hull"; readonly points: readonly P3[] };

/** Static shapes. */
export type Target3 =
  | Mover3
  | { readonly kind: "point"; readonly x: number; readonly y: number; readonly z: number }
  | { readonly kind: "segment"; readonly a: P3; readonly b: P3 }
  | { readonly kind: "plane"; readonly normal: P3; readonly offset: number }
  | { readonly kind: "triangle"; readonly a: P3; readonly b: P3; readonly c: P3 }
  | {
      readonly kind: "mesh";
      readonly positions: ArrayLike<number>;
      readonly indices: ArrayLike<number>;
    };

type RV = [Rational, Rational, Rational];

const radd = (a: Rational, b: Rational): Rational =>
  a.den === b.den ? rat(a.num + b.num, a.den) : rat(a.num * b.den + b.num * a.den, a.den * b.den);
const rmul = (a: Rational, b: Rational): Rational => rat(a.num * b.num, a.den * b.den);
const rv = (p: P3): RV => [fromDouble(p.x), fromDouble(p.y), fromDouble(p.z)];
const ZERO = rat(0n);

/** A convex piece: exact core vertices and radius. */
interface Piece {
  verts: RV[];
  radius: Rational;
}

function pieceOf(s: Mover3 | Exclude<Target3, { kind: "plane" } | { kind: "mesh" }>): Piece {
  switch (s.kind) {
    case "point":
      return { verts: [rv(s)], radius: ZERO };
    case "segment":
      return { verts: [rv(s.a), rv(s.b)], radius: ZERO };
    case "sphere":
      return { verts: [rv(s.center)], radius: fromDouble(s.radius) };
    case "capsule":
      return { verts: [rv(s.a), rv(s.b)], radius: fromDouble(s.radius) };
    case "triangle":
      return { verts: [rv(s.a), rv(s.b), rv(s.c)], radius: ZERO };
    case "hull":
      return { verts: s.points.map(rv), radius: ZERO };
    case "aabb": {
      const verts: RV[] = [];
      for (const x of [s.min.x, s.max.x])
        for (const y of [s.min.y, s.max.y])
          for (const z of [s.min.z, s.max.z]) verts.push(rv({ x, y, z }));
      return { verts, radius: ZERO };
    }
    case "box": {
      const ax = refBoxAxes(s).map(rv);
      const c = rv(s.center);
      const verts: RV[] = [];
      for (const s0 of [1n, -1n])
        for (const s1 of [1n, -1n])
          for (const s2 of [1n, -1n]) {
            const v: RV = [c[0], c[1], c[2]];
            for (let k = 0; k < 3; k++) {
              v[k] = radd(v[k]!, rat(s0 * ax[0]![k]!.num, ax[0]![k]!.den));
              v[k] = radd(v[k]!, rat(s1 * ax[1]![k]!.num, ax[1]![k]!.den));
              v[k] = radd(v[k]!, rat(s2 * ax[2]![k]!.num, ax[2]![k]!.den));
            }
            verts.push(v);
          }
      return { verts, radius: ZERO };
    }
  }
}

/** The mesh's triangles as pieces, with their indices. */
function meshPieces(m: Extract<Target3, { kind: "mesh" }>): Piece[] {
  const out: Piece[] = [];
  const p = (i: number): P3 => ({
    x: m.positions[3 * i]!,
    y: m.positions[3 * i + 1]!,
    z: m.positions[3 * i + 2]!,
  });
  for (let t = 0; t < m.indices.length / 3; t++) {
    out.push({
      verts: [p(m.indices[3 * t]!), p(m.indices[3 * t + 1]!), p(m.indices[3 * t + 2]!)].map(rv),
      radius: ZERO,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Exact GJK on one integer grid

type IV = [bigint, bigint, bigint];

/** All rationals (dyadic or not) over one common denominator L: value = int / L. */
function onCommonGrid(all: Rational[]): { ints: bigint[]; den: bigint } {
  let den = 1n;
  for (const r of all) if (den % r.den !== 0n) den = lcm(den, r.den);
  return { ints: all.map((r) => r.num * (den / r.den)), den };
}

function lcm(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return (a / x) * b;
}

const dot = (a: IV, b: IV): bigint => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** det of a k x k matrix, k <= 3. */
function det(m: bigint[][]): bigint {
  const k = m.length;
  if (k === 0) return 1n;
  if (k === 1) return m[0]![0]!;
  if (k === 2) return m[0]![0]! * m[1]![1]! - m[0]![1]! * m[1]![0]!;
  const [a, b, c] = m as [bigint[], bigint[], bigint[]];
  return (
    a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) -
    a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) +
    a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!)
  );
}

interface Vertex {
  w: IV;
  ia: number;
  ib: number;
}

/** The minimum-norm point of conv(simplex): weights lambda / D (D > 0) and the face kept. */
function minNorm(s: Vertex[]): { keep: Vertex[]; lambda: bigint[]; D: bigint; V: IV } {
  let best: { keep: Vertex[]; lambda: bigint[]; D: bigint; V: IV; nn: bigint } | null = null;
  for (let mask = 1; mask < 1 << s.length; mask++) {
    const face = s.filter((_, i) => mask & (1 << i));
    const p0 = face[0]!.w;
    const e = face.slice(1).map((f): IV => [f.w[0] - p0[0], f.w[1] - p0[1], f.w[2] - p0[2]]);
    const g = e.map((a) => e.map((b) => dot(a, b)));
    const h = e.map((a) => -dot(a, p0));
    let D = det(g);
    if (D === 0n) continue;
    let mu = e.map((_, col) => det(g.map((row, r) => row.map((v, c) => (c === col ? h[r]! : v)))));
    if (D < 0n) {
      D = -D;
      mu = mu.map((v) => -v);
    }
    const l0 = D - mu.reduce((a, b) => a + b, 0n);
    const lambda = [l0, ...mu];
    if (lambda.some((l) => l < 0n)) continue;
    const V: IV = [0n, 0n, 0n];
    for (let i = 0; i < face.length; i++) {
      const w = face[i]!.w;
      const l = lambda[i]!;
      V[0] += l * w[0];
      V[1] += l * w[1];
      V[2] += l * w[2];
    }
    const nn = dot(V, V);
    // nn / D^2 < best.nn / best.D^2.
    if (best === null || nn * best.D * best.D < best.nn * D * D) {
      best = { keep: face, lambda, D, V, nn };
    }
  }
  if (best === null) throw new Error("minNorm: no face (cannot happen for a point)");
  return best;
}

interface GjkOut {
  within: boolean;
  /** Squared distance |V|^2 / D^2 (exact when `within` is false or `early` was off). */
  nn: bigint;
  D: bigint;
  keep: Vertex[];
  lambda: bigint[];
}

/** Exact GJK between integer point sets; `RR` the squared radius sum (grid units). */
function gjk(A: IV[], B: IV[], RR: bigint, early: boolean): GjkOut {
  const w0: IV = [A[0]![0] - B[0]![0], A[0]![1] - B[0]![1], A[0]![2] - B[0]![2]];
  let s: Vertex[] = [{ w: w0, ia: 0, ib: 0 }];
  let V: IV = w0;
  let D = 1n;
  let lambda = [1n];
  for (let iter = 0; iter < 10000; iter++) {
    const vv = dot(V, V);
    if (early && vv <= RR * D * D) return { within: true, nn: vv, D, keep: s, lambda };
    let ia = 0;
    let lo = 0n;
    for (let i = 0; i < A.length; i++) {
      const d = dot(V, A[i]!);
      if (i === 0 || d < lo) {
        lo = d;
        ia = i;
      }
    }
    let ib = 0;
    let hi = 0n;
    for (let j = 0; j < B.length; j++) {
      const d = dot(V, B[j]!);
      if (j === 0 || d > hi) {
        hi = d;
        ib = j;
      }
    }
    // v . w >= v . v: v is optimal. (V . w) / D >= vv / D^2.
    if ((lo - hi) * D >= vv || s.some((x) => x.ia === ia && x.ib === ib)) {
      return { within: vv <= RR * D * D, nn: vv, D, keep: s, lambda };
    }
    const w: IV = [A[ia]![0] - B[ib]![0], A[ia]![1] - B[ib]![1], A[ia]![2] - B[ib]![2]];
    const r = minNorm([...s, { w, ia, ib }]);
    s = r.keep;
    V = r.V;
    D = r.D;
    lambda = r.lambda;
  }
  throw new Error("reference GJK did not terminate");
}

// ---------------------------------------------------------------------------------------------
// Contact at a time, swept contact, bracket

/** Exact: A's core + t m within rA + rB + extra of B's core (one convex pair). */
function pieceContact(a: Piece, m: RV, t: Rational, b: Piece, extra: Rational): boolean {
  const moved = a.verts.map(
    (v): RV => [radd(v[0], rmul(t, m[0])), radd(v[1], rmul(t, m[1])), radd(v[2], rmul(t, m[2]))],
  );
  const R = radd(radd(a.radius, b.radius), extra);
  const { ints, den } = onCommonGrid([...moved.flat(), ...b.verts.flat(), R]);
  void den;
  const A = toIV(ints, 0, moved.length);
  const B = toIV(ints, 3 * moved.length, b.verts.length);
  const Ri = ints[ints.length - 1]!;
  return gjk(A, B, Ri * Ri, true).within;
}

function toIV(ints: bigint[], at: number, n: number): IV[] {
  const out: IV[] = [];
  for (let i = 0; i < n; i++)
    out.push([ints[at + 3 * i]!, ints[at + 3 * i + 1]!, ints[at + 3 * i + 2]!]);
  return out;
}

/** Exact: does A swept over [0, 1] come within R of B? And a rational time t_in of contact. */
function pieceSwept(a: Piece, m: RV, b: Piece): { hit: boolean; tIn: Rational } {
  const end = a.verts.map((v): RV => [radd(v[0], m[0]), radd(v[1], m[1]), radd(v[2], m[2])]);
  const R = radd(a.radius, b.radius);
  const { ints } = onCommonGrid([...a.verts.flat(), ...end.flat(), ...b.verts.flat(), R]);
  const n = a.verts.length;
  const A = toIV(ints, 0, 2 * n);
  const B = toIV(ints, 6 * n, b.verts.length);
  const Ri = ints[ints.length - 1]!;
  const g = gjk(A, B, Ri * Ri, true);
  if (!g.within) return { hit: false, tIn: ZERO };
  let sigma = 0n;
  for (let k = 0; k < g.keep.length; k++) if (g.keep[k]!.ia >= n) sigma += g.lambda[k]!;
  return { hit: true, tIn: rat(sigma, g.D) };
}

/** Exact squared distance between A + t m and B, minus nothing: for messages (approximate double). */
function pieceDistance(a: Piece, m: RV, t: Rational, b: Piece): number {
  const moved = a.verts.map(
    (v): RV => [radd(v[0], rmul(t, m[0])), radd(v[1], rmul(t, m[1])), radd(v[2], rmul(t, m[2]))],
  );
  const { ints, den } = onCommonGrid([...moved.flat(), ...b.verts.flat()]);
  const g = gjk(
    toIV(ints, 0, moved.length),
    toIV(ints, 3 * moved.length, b.verts.length),
    0n,
    false,
  );
  const d2 = toDouble(rat(g.nn, g.D * g.D * den * den));
  return Math.sqrt(d2) - toDouble(radd(a.radius, b.radius));
}

/** Plane values n . v - offset of the core's vertices at time t, and |n|^2. */
function planeRange(
  a: Piece,
  m: RV,
  t: Rational,
  p: Extract<Target3, { kind: "plane" }>,
): { lo: Rational; hi: Rational; nn: Rational } {
  const n = rv(p.normal);
  const o = fromDouble(p.offset);
  let lo: Rational | null = null;
  let hi: Rational | null = null;
  for (const v of a.verts) {
    let s = rat(-o.num, o.den);
    for (let k = 0; k < 3; k++) s = radd(s, rmul(n[k]!, radd(v[k]!, rmul(t, m[k]!))));
    if (lo === null || cmp(s, lo) < 0) lo = s;
    if (hi === null || cmp(s, hi) > 0) hi = s;
  }
  const nn = radd(radd(rmul(n[0], n[0]), rmul(n[1], n[1])), rmul(n[2], n[2]));
  return { lo: lo!, hi: hi!, nn };
}

/** lo - R |n| <= 0 <= hi + R |n|, exactly (squares compared where a side is positive). */
function planeTouches(lo: Rational, hi: Rational, R: Rational, nn: Rational): boolean {
  const rr = rmul(rmul(R, R), nn);
  const within = (v: Rational): boolean => cmp(rmul(v, v), rr) <= 0;
  if (lo.num > 0n) return within(lo);
  if (hi.num < 0n) return within(hi);
  return true;
}

const moverPiece = (s: Mover3): Piece => pieceOf(s);

function motionOf(m: P3): RV {
  return rv(m);
}

/**
 * Exact: does the mover, moved by t * motion (t rational, any value), touch the target within
 * the radii plus `extra` (>= 0)?
 */
export function contactAt(
  mover: Mover3,
  motion: P3,
  target: Target3,
  t: Rational,
  extra: Rational = ZERO,
): boolean {
  const a = moverPiece(mover);
  const m = motionOf(motion);
  if (target.kind === "plane") {
    const { lo, hi, nn } = planeRange(a, m, t, target);
    return planeTouches(lo, hi, radd(a.radius, extra), nn);
  }
  if (target.kind === "mesh")
    return meshPieces(target).some((b) => pieceContact(a, m, t, b, extra));
  return pieceContact(a, m, t, pieceOf(target), extra);
}

/** The distance (approximate double) between the mover at time t and a convex target or mesh. */
export function distanceAt(mover: Mover3, motion: P3, target: Target3, t: number): number {
  const a = moverPiece(mover);
  const m = motionOf(motion);
  const tr = fromDouble(t);
  if (target.kind === "plane") {
    const { lo, hi, nn } = planeRange(a, m, tr, target);
    const v = lo.num > 0n ? toDouble(lo) : hi.num < 0n ? -toDouble(hi) : 0;
    return v / Math.sqrt(toDouble(nn)) - toDouble(a.radius);
  }
  if (target.kind === "mesh") {
    return Math.min(...meshPieces(target).map((b) => pieceDistance(a, m, tr, b)));
  }
  return pieceDistance(a, m, tr, pieceOf(target));
}

/** The exact answer of a convex (or plane) sweep: touching at 0, touching at all, and t_in. */
export interface SweptRef {
  hit: boolean;
  initially: boolean;
  /** A rational time in the contact interval (hit only; for a mesh: of the first triangle's). */
  tIn: Rational;
}

/** Exact: whether they touch for some t in [0, 1], at t = 0, and one contact time (convex/plane). */
export function sweptExact(mover: Mover3, motion: P3, target: Target3): SweptRef {
  const a = moverPiece(mover);
  const m = motionOf(motion);
  if (contactAt(mover, motion, target, ZERO)) return { hit: true, initially: true, tIn: ZERO };
  if (target.kind === "plane") {
    const at1 = planeRange(a, m, rat(1n), target);
    if (planeTouches(at1.lo, at1.hi, a.radius, at1.nn)) {
      return { hit: true, initially: false, tIn: rat(1n) };
    }
    // Crossing the plane: the value nearest it reaches 0 at lo0 / -(n . m) (or hi0 / -(n . m)).
    const at0 = planeRange(a, m, ZERO, target);
    const nm = radd(at1.lo, rat(-at0.lo.num, at0.lo.den));
    const s = at0.lo.num > 0n ? at0.lo : at0.hi;
    if (nm.num === 0n || s.num * nm.num > 0n) return { hit: false, initially: false, tIn: ZERO };
    const tc = rat(-s.num * nm.den, s.den * nm.num);
    if (cmp(tc, rat(1n)) <= 0) return { hit: true, initially: false, tIn: tc };
    return { hit: false, initially: false, tIn: ZERO };
  }
  if (target.kind === "mesh") {
    for (const b of meshPieces(target)) {
      const r = pieceSwept(a, m, b);
      if (r.hit) return { hit: true, initially: false, tIn: r.tIn };
    }
    return { hit: false, initially: false, tIn: ZERO };
  }
  const r = pieceSwept(a, m, pieceOf(target));
  return { hit: r.hit, initially: false, tIn: r.tIn };
}

/** A bracket lo < t* <= hi of the first contact time (or initially / never). */
export interface SweepBracket {
  hit: boolean;
  initially: boolean;
  lo: Rational;
  hi: Rational;
}

/**
 * Bisects [0, tIn] of one convex pair (contact interval property) down to 2^-bits: the ends are
 * tIn * a / 2^k, so the numbers stay the size of tIn's plus k bits.
 */
function bisect(test: (t: Rational) => boolean, tIn: Rational, bits: number): [Rational, Rational] {
  let a = 0n; // lo = tIn * a / 2^k, hi = tIn * (a + 1) / 2^k
  let k = 0n;
  const at = (n: bigint, e: bigint): Rational => rat(tIn.num * n, tIn.den << e);
  for (let i = 0; i < bits; i++) {
    k += 1n;
    a *= 2n;
    if (!test(at(a + 1n, k))) a += 1n;
  }
  return [at(a, k), at(a + 1n, k)];
}

/**
 * The first contact time bracketed exactly: lo < t* <= hi with hi - lo <= 2^-bits, by bisection
 * on [0, t_in] with the exact within-test (for a mesh, the smallest bracket over its triangles).
 */
export function sweepBracket(mover: Mover3, motion: P3, target: Target3, bits = 60): SweepBracket {
  const never = { hit: false, initially: false, lo: rat(1n), hi: rat(1n) };
  if (contactAt(mover, motion, target, ZERO)) {
    return { hit: true, initially: true, lo: ZERO, hi: ZERO };
  }
  if (target.kind === "mesh") {
    const a = moverPiece(mover);
    const m = motionOf(motion);
    let best: [Rational, Rational] | null = null;
    for (const b of meshPieces(target)) {
      const r = pieceSwept(a, m, b);
      if (!r.hit) continue;
      const br = bisect((t) => pieceContact(a, m, t, b, ZERO), r.tIn, bits);
      // t* = min t*_i lies in (min lo_i, min hi_i].
      best =
        best === null
          ? br
          : [cmp(br[0], best[0]) < 0 ? br[0] : best[0], cmp(br[1], best[1]) < 0 ? br[1] : best[1]];
    }
    return best === null ? never : { hit: true, initially: false, lo: best[0], hi: best[1] };
  }
  const s = sweptExact(mover, motion, target);
  if (!s.hit) return never;
  const [lo, hi] = bisect((t) => contactAt(mover, motion, target, t), s.tIn, bits);
  return { hit: true, initially: false, lo, hi };
}

/** The target's convex pieces: a mesh's triangles (in index order), else the target itself. */
export function convexPieces(target: Target3): Target3[] {
  if (target.kind !== "mesh") return [target];
  const out: Target3[] = [];
  const p = (i: number): P3 => ({
    x: target.positions[3 * i]!,
    y: target.positions[3 * i + 1]!,
    z: target.positions[3 * i + 2]!,
  });
  for (let t = 0; t < target.indices.length / 3; t++) {
    out.push({
      kind: "triangle",
      a: p(target.indices[3 * t]!),
      b: p(target.indices[3 * t + 1]!),
      c: p(target.indices[3 * t + 2]!),
    });
  }
  return out;
}
