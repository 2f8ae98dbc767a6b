/**
 * Exact reference for line / ray / segment vs triangle in 3D, from the definition alone (BigInt
 * rationals; no import from src/). The set of parameters t with start + t dir in the closed
 * triangle is an interval; this computes it by a different route than the library: where the
 * line crosses the triangle's plane, solve for the point's barycentric coordinates (Cramer);
 * where the line is parallel to the plane (or the triangle has no plane), intersect it with each
 * edge segment and take the hull of what it meets.
 */
import {
  add,
  cmp,
  div,
  fromDouble,
  mul,
  ONE,
  type Rational,
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

const r3 = (v: V3): R3 => [fromDouble(v.x), fromDouble(v.y), fromDouble(v.z)];
const minus = (a: R3, b: R3): R3 => [sub(a[0], b[0]), sub(a[1], b[1]), sub(a[2], b[2])];
const plus = (a: R3, b: R3): R3 => [add(a[0], b[0]), add(a[1], b[1]), add(a[2], b[2])];
const times = (a: R3, s: Rational): R3 => [mul(a[0], s), mul(a[1], s), mul(a[2], s)];
const dot = (a: R3, b: R3): Rational => add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]));
const cross = (a: R3, b: R3): R3 => [
  sub(mul(a[1], b[2]), mul(a[2], b[1])),
  sub(mul(a[2], b[0]), mul(a[0], b[2])),
  sub(mul(a[0], b[1]), mul(a[1], b[0])),
];
const isZero = (a: R3): boolean => sign(a[0]) === 0 && sign(a[1]) === 0 && sign(a[2]) === 0;

/** The interval of t (lo <= hi) where o + t d lies in the closed triangle, or null. */
export function lineTriangleInterval(
  o: V3,
  d: V3,
  a: V3,
  b: V3,
  c: V3,
): { lo: Rational; hi: Rational } | null {
  return intervalR(r3(o), r3(d), r3(a), r3(b), r3(c));
}

function intervalR(O: R3, D: R3, A: R3, B: R3, C: R3): { lo: Rational; hi: Rational } | null {
  const e1 = minus(B, A);
  const e2 = minus(C, A);
  const n = cross(e1, e2);
  const nd = dot(n, D);
  if (isZero(D)) {
    // A point: every t if it is in the triangle (reported as t = 0 by the library).
    return pointIn(O, A, B, C, n) ? { lo: ZERO, hi: ZERO } : null;
  }
  if (sign(nd) !== 0) {
    const t = div(dot(n, minus(A, O)), nd);
    const x = plus(O, times(D, t));
    const w = minus(x, A);
    const nn = dot(n, n);
    // x - a = beta e1 + gamma e2; crossing with e2 and e1 isolates each.
    const beta = div(dot(cross(w, e2), n), nn);
    const gamma = div(dot(cross(e1, w), n), nn);
    if (sign(beta) < 0 || sign(gamma) < 0 || cmp(add(beta, gamma), ONE) > 0) return null;
    return { lo: t, hi: t };
  }
  if (!isZero(n) && sign(dot(n, minus(O, A))) !== 0) return null;
  let lo: Rational | null = null;
  let hi: Rational | null = null;
  for (const [p, q] of [
    [A, B],
    [B, C],
    [C, A],
  ] as [R3, R3][]) {
    const iv = lineSegment(O, D, p, q);
    if (!iv) continue;
    if (lo === null || cmp(iv.lo, lo) < 0) lo = iv.lo;
    if (hi === null || cmp(iv.hi, hi) > 0) hi = iv.hi;
  }
  return lo === null || hi === null ? null : { lo, hi };
}

/** t-interval where the line o + t d (d != 0) meets the segment p q. */
function lineSegment(O: R3, D: R3, P: R3, Q: R3): { lo: Rational; hi: Rational } | null {
  const e = minus(Q, P);
  const w = minus(P, O);
  const de = cross(D, e);
  const dd = dot(D, D);
  if (isZero(de)) {
    // Parallel (or e = 0): P must be on the line; then the segment's ends project to an interval.
    if (!isZero(cross(w, D))) return null;
    const tp = div(dot(D, w), dd);
    const tq = div(dot(D, minus(Q, O)), dd);
    return cmp(tp, tq) <= 0 ? { lo: tp, hi: tq } : { lo: tq, hi: tp };
  }
  // o + t d = p + s e  =>  t d - s e = w: coplanar needed, then t and s by crossing.
  if (sign(dot(w, de)) !== 0) return null;
  const de2 = dot(de, de);
  const t = div(dot(cross(w, e), de), de2);
  const s = div(dot(cross(w, D), de), de2);
  if (sign(s) < 0 || cmp(s, ONE) > 0) return null;
  return { lo: t, hi: t };
}

function pointIn(O: R3, A: R3, B: R3, C: R3, n: R3): boolean {
  if (!isZero(n)) {
    if (sign(dot(n, minus(O, A))) !== 0) return false;
    const nn = dot(n, n);
    const w = minus(O, A);
    const beta = div(dot(cross(w, minus(C, A)), n), nn);
    const gamma = div(dot(cross(minus(B, A), w), n), nn);
    return sign(beta) >= 0 && sign(gamma) >= 0 && cmp(add(beta, gamma), ONE) <= 0;
  }
  for (const [p, q] of [
    [A, B],
    [B, C],
    [C, A],
  ] as [R3, R3][]) {
    const e = minus(q, p);
    const w = minus(O, p);
    if (isZero(e)) {
      if (isZero(w)) return true;
      continue;
    }
    if (!isZero(cross(e, w))) continue;
    const s = dot(e, w);
    if (sign(s) >= 0 && cmp(s, dot(e, e)) <= 0) return true;
  }
  return false;
}

/** 0 = line, 1 = ray, 2 = segment (d = end - start, exactly). */
export type RangeKind = 0 | 1 | 2;

/**
 * The first parameter t at which the range meets the closed triangle, exactly, or null on a miss.
 * For a segment pass its ends as o and e: the direction e - o is taken exactly.
 */
export function firstHit(kind: RangeKind, o: V3, dOrEnd: V3, a: V3, b: V3, c: V3): Rational | null {
  const O = r3(o);
  const D = kind === 2 ? minus(r3(dOrEnd), O) : r3(dOrEnd);
  const iv = intervalR(O, D, r3(a), r3(b), r3(c));
  if (!iv) return null;
  if (kind === 0) return iv.lo;
  if (sign(iv.hi) < 0) return null;
  if (kind === 2 && cmp(iv.lo, ONE) > 0) return null;
  return sign(iv.lo) < 0 ? ZERO : iv.lo;
}
