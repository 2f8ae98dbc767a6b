/**
 * The exact reference for the seed queries, over rationals (rational.ts). It follows the spec's
 * definitions directly (parameters solved as fractions, distances compared as squares), not the
 * library's orientation-sign formulation, so the two are independent.
 */
import {
  add,
  cmp,
  div,
  isZero,
  mul,
  ONE,
  type Q,
  q,
  sign,
  sqrtApprox,
  sub,
  toNumber,
  ZERO,
} from "./rational.ts";

export interface V2 {
  x: number;
  y: number;
}
export interface V3 {
  x: number;
  y: number;
  z: number;
}
interface P {
  x: Q;
  y: Q;
}
interface P3 {
  x: Q;
  y: Q;
  z: Q;
}

const p2 = (v: V2): P => ({ x: q(v.x), y: q(v.y) });
const p3 = (v: V3): P3 => ({ x: q(v.x), y: q(v.y), z: q(v.z) });
const d2 = (a: P, b: P): P => ({ x: sub(a.x, b.x), y: sub(a.y, b.y) });
const cross2 = (a: P, b: P): Q => sub(mul(a.x, b.y), mul(a.y, b.x));
const dot2 = (a: P, b: P): Q => add(mul(a.x, b.x), mul(a.y, b.y));
const inUnit = (t: Q): boolean => cmp(t, ZERO) >= 0 && cmp(t, ONE) <= 0;
const min = (a: Q, b: Q): Q => (cmp(a, b) <= 0 ? a : b);
const max = (a: Q, b: Q): Q => (cmp(a, b) >= 0 ? a : b);

export interface SegHit {
  t1: Q;
  t2: Q;
  collinear: boolean;
}

/** Parameter of p (on the line of a->b) along a->b; 0 for a zero-length a->b. */
function paramOn(p: P, a: P, v: P): Q {
  const vv = dot2(v, v);
  return isZero(vv) ? ZERO : div(dot2(d2(p, a), v), vv);
}

/** Whether p lies on the closed segment a + t v. */
function onSegment(p: P, a: P, v: P): boolean {
  const w = d2(p, a);
  if (isZero(dot2(v, v))) return isZero(w.x) && isZero(w.y);
  return isZero(cross2(v, w)) && inUnit(paramOn(p, a, v));
}

/** Segment vs segment per the spec: the crossing, or the shared point nearest s1.a. */
export function segSeg(a1v: V2, b1v: V2, a2v: V2, b2v: V2): SegHit | null {
  const a1 = p2(a1v);
  const a2 = p2(a2v);
  const v1 = d2(p2(b1v), a1);
  const v2 = d2(p2(b2v), a2);
  const w = d2(a2, a1);
  const D = cross2(v1, v2);
  if (!isZero(D)) {
    const t1 = div(cross2(w, v2), D);
    const t2 = div(cross2(w, v1), D);
    return inUnit(t1) && inUnit(t2) ? { t1, t2, collinear: false } : null;
  }
  // Parallel, zero-length included.
  if (isZero(dot2(v1, v1))) {
    return onSegment(a1, a2, v2) ? { t1: ZERO, t2: paramOn(a1, a2, v2), collinear: true } : null;
  }
  if (!isZero(cross2(w, v1)) || !isZero(cross2(d2(p2(b2v), a1), v1))) return null;
  const u = paramOn(a2, a1, v1);
  const u2 = paramOn(p2(b2v), a1, v1);
  const lo = max(ZERO, min(u, u2));
  const hi = min(ONE, max(u, u2));
  if (cmp(lo, hi) > 0) return null;
  const point = { x: add(a1.x, mul(lo, v1.x)), y: add(a1.y, mul(lo, v1.y)) };
  return { t1: lo, t2: paramOn(point, a2, v2), collinear: true };
}

export interface RayHit {
  t: Q;
  collinear: boolean;
}

/** Line vs ray per the spec. */
export function lineRay(lp: V2, ld: V2, ro: V2, rd: V2): RayHit | null {
  const u = p2(ld);
  const N = cross2(u, d2(p2(ro), p2(lp)));
  const D = cross2(u, p2(rd));
  if (isZero(N)) return { t: ZERO, collinear: isZero(D) };
  if (isZero(D)) return null;
  const t = div(N, D);
  const tt = { n: -t.n, d: t.d };
  return sign(tt) >= 0 ? { t: tt, collinear: false } : null;
}

export interface Tri {
  a: V2;
  b: V2;
  c: V2;
}

/** Whether p is in the closed proper triangle (or on a degenerate one's edges). */
function pointInTriangle(p: V2, t: Tri): boolean {
  const a = p2(t.a);
  const b = p2(t.b);
  const c = p2(t.c);
  const x = p2(p);
  const s1 = sign(cross2(d2(b, a), d2(x, a)));
  const s2 = sign(cross2(d2(c, b), d2(x, b)));
  const s3 = sign(cross2(d2(a, c), d2(x, c)));
  const area = sign(cross2(d2(b, a), d2(c, a)));
  if (area === 0) return false; // a degenerate triangle's points are on its edges, tested apart
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

/** Triangle vs triangle: some edges meet, or a corner of one lies in the other. */
export function triTri(t1: Tri, t2: Tri): boolean {
  const e1: [V2, V2][] = [
    [t1.a, t1.b],
    [t1.b, t1.c],
    [t1.c, t1.a],
  ];
  const e2: [V2, V2][] = [
    [t2.a, t2.b],
    [t2.b, t2.c],
    [t2.c, t2.a],
  ];
  for (const [p, r] of e1) for (const [s, u] of e2) if (segSeg(p, r, s, u)) return true;
  return pointInTriangle(t1.a, t2) || pointInTriangle(t2.a, t1);
}

/** Squared distance from p to the closed segment a-b, exactly. */
export function dist2PointSegment(pv: V2, av: V2, bv: V2): Q {
  const p = p2(pv);
  const a = p2(av);
  const v = d2(p2(bv), a);
  let t = paramOn(p, a, v);
  t = max(ZERO, min(ONE, t));
  const cx = add(a.x, mul(t, v.x));
  const cy = add(a.y, mul(t, v.y));
  const dx = sub(p.x, cx);
  const dy = sub(p.y, cy);
  return add(mul(dx, dx), mul(dy, dy));
}

/** Segment vs circle: the boolean, and the exact first t as a quadratic's root (approximated). */
export function segCircle(a: V2, b: V2, c: V2, r: number): { hit: boolean; t: number; disc: Q } {
  const rq = q(r);
  const hit = cmp(dist2PointSegment(c, a, b), mul(rq, rq)) <= 0;
  const A = p2(a);
  const d = d2(p2(b), A);
  const w = d2(A, p2(c));
  const alpha = dot2(d, d);
  const beta = dot2(w, d);
  const omega = sub(dot2(w, w), mul(rq, rq));
  const disc = sub(mul(beta, beta), mul(alpha, omega));
  if (!hit) return { hit, t: Number.NaN, disc };
  if (sign(omega) <= 0) return { hit, t: 0, disc };
  // f(0) > 0 and a hit: the first root (-beta - sqrt(disc)) / alpha lies in (0, 1].
  const t = div(sub({ n: -beta.n, d: beta.d }, sqrtApprox(disc)), alpha);
  return { hit, t: toNumber(t), disc };
}

/** Line vs sphere (3D): distance from the center to the line at most the radius. */
export function lineSphere(lp: V3, ld: V3, c: V3, r: number): boolean {
  const u = p3(ld);
  const w = sub3(p3(c), p3(lp));
  const cr = cross3(u, w);
  const rq = q(r);
  return cmp(dot3(cr, cr), mul(mul(rq, rq), dot3(u, u))) <= 0;
}

const sub3 = (a: P3, b: P3): P3 => ({ x: sub(a.x, b.x), y: sub(a.y, b.y), z: sub(a.z, b.z) });
const dot3 = (a: P3, b: P3): Q => add(add(mul(a.x, b.x), mul(a.y, b.y)), mul(a.z, b.z));
const cross3 = (a: P3, b: P3): P3 => ({
  x: sub(mul(a.y, b.z), mul(a.z, b.y)),
  y: sub(mul(a.z, b.x), mul(a.x, b.z)),
  z: sub(mul(a.x, b.y), mul(a.y, b.x)),
});

/**
 * Sphere sweep vs line: f(t) = |u x (w + t m)|^2 - r^2 |u|^2 (the squared distance times |u|^2,
 * minus r^2 |u|^2); the first t in [0, 1] with f(t) <= 0.
 */
export function sweep(
  c: V3,
  r: number,
  m: V3,
  lp: V3,
  ld: V3,
): { hit: boolean; initially: boolean; t: number; disc: Q } {
  const u = p3(ld);
  const w = sub3(p3(c), p3(lp));
  const A = cross3(u, p3(m));
  const C = cross3(u, w);
  const rq = q(r);
  const rr = mul(mul(rq, rq), dot3(u, u));
  const alpha = dot3(A, A);
  const beta = dot3(A, C);
  const omega = sub(dot3(C, C), rr);
  const disc = sub(mul(beta, beta), mul(alpha, omega));
  if (sign(omega) <= 0) return { hit: true, initially: true, t: 0, disc };
  if (isZero(alpha) || sign(disc) < 0) return { hit: false, initially: false, t: Number.NaN, disc };
  // f(0) > 0, so both roots have the sign of -beta; the smaller one is the first contact and
  // counts when it is <= 1.
  const hit = sign(beta) < 0 && rootAtMostOne(alpha, beta, disc);
  const t = div(sub({ n: -beta.n, d: beta.d }, sqrtApprox(disc)), alpha);
  return { hit, initially: false, t: hit ? toNumber(t) : Number.NaN, disc };
}

/** Whether the smaller root (-beta - sqrt(disc)) / alpha (alpha > 0) is <= 1, exactly. */
function rootAtMostOne(alpha: Q, beta: Q, disc: Q): boolean {
  // (-beta - s) / alpha <= 1  <=>  -beta - alpha <= s, with s = sqrt(disc) >= 0.
  const lhs = sub({ n: -beta.n, d: beta.d }, alpha);
  if (sign(lhs) <= 0) return true;
  return cmp(mul(lhs, lhs), disc) <= 0;
}

export { q };
