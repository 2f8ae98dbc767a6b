import { lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, ERR3, ERR5, TAIL2 } from "../../exact/filter.ts";
import { orient2d } from "../../exact/orient2d.ts";
import { lerp } from "../../math/scalar.ts";
import type { Segment, Vec } from "../shapes.ts";
import { facingNormal } from "./facing-normal.ts";

/** Where two segments meet: the shared point nearest `s1.a`. */
export interface SegmentSegmentHit {
  /** Parameter on s1, in [0, 1]: point = s1.a + t1 (s1.b - s1.a). */
  t1: number;
  /** Parameter on s2, in [0, 1]. */
  t2: number;
  /** The shared point. */
  point: Vec;
  /** Unit normal of s2 at the point, facing s1.a (or against s1's direction when s1.a is on s2's line). */
  normal: Vec;
  /** True when the segments are parallel (zero-length ones included) and share points. */
  collinear: boolean;
}

/*
 * The float path of both queries, from three cross products of rounded input differences:
 * with v1 = b1 - a1, v2 = b2 - a2 and w = a2 - a1,
 *   d = cross(v1, v2),  n1 = cross(w, v2),  n2 = cross(w, v1).
 * The four orientations are o1 = orient(a2, b2, a1) = n1, o2 = orient(a2, b2, b1) = n1 - d,
 * o3 = orient(a1, b1, a2) = -n2 and o4 = orient(a1, b1, b2) = d - n2, so the segments cross
 * exactly when n1 and n1 - d, and n2 and n2 - d, do not have the same strict sign, and then
 * t1 = o1 / (o1 - o2) = n1 / d and t2 = o3 / (o3 - o4) = n2 / d (the article's formula).
 *
 * One bound for all four: n1 - d, computed as fl(fl(n1) - fl(d)), is a polynomial in the inputs
 * with at most 4 roundings on any path (difference, product, the cross product's subtraction,
 * this subtraction); n1, n2, d and n2 - d have at most as many. Each errs by at most
 * gamma_4 M <= 5 eps M (filter.ts), where M, its absolute-value twin, is at most the sum of the
 * six products' absolute values. Its computed value m is low by a factor of at most (1 - eps)^7
 * (three roundings in each product of differences, four in the sums), which ERR5 = 6 eps covers
 * with room, as it covers the rounding of ERR5 * m and of adding T2. Underflow adds at most
 * 2^-1075 per product (four per expression), which T2 covers; overflow makes m infinite or NaN,
 * and every comparison with the bound fails.
 */

// Module-level copies: each use in a hot function is then one short context load, not a property
// read (bytecode size decides whether V8 inlines a function into its caller's loop).
const abs = Math.abs;
const sqrt = Math.sqrt;
const E5 = ERR5;
const T2 = TAIL2;
const ACC = ACCURATE;

/** Within these bounds a squared length is a normal double with no overflow (2^-1000, 2^1000). */
const LO = 2 ** -1000;
const HI = 2 ** 1000;

/**
 * The float path of `intersectSegmentSegment`'s orientation test: -1 when the segments certainly do not meet, 1 when they
 * certainly cross (both orientation pairs strictly opposite), 0 when undecided. On 1 it leaves
 * n1, n2, d and the bound in F. It returns a small integer, so no double crosses the call,
 * inlined or not.
 */
function classify(s1: Segment, s2: Segment): number {
  const a1 = s1.a;
  const a2 = s2.a;
  const a1x = a1.x;
  const a1y = a1.y;
  const v1x = s1.b.x - a1x;
  const v1y = s1.b.y - a1y;
  const v2x = s2.b.x - a2.x;
  const v2y = s2.b.y - a2.y;
  const wx = a2.x - a1x;
  const wy = a2.y - a1y;
  let l = v1x * v2y;
  let r = v1y * v2x;
  const d = l - r;
  let m = abs(l) + abs(r);
  l = wx * v2y;
  r = wy * v2x;
  const n1 = l - r;
  m += abs(l) + abs(r);
  l = wx * v1y;
  r = wy * v1x;
  const n2 = l - r;
  const e = E5 * (m + abs(l) + abs(r)) + T2;
  const q1 = n1 - d;
  const q2 = n2 - d;
  // x x > e e is a sound stand-in for |x| > e (rounding is monotone; e e >= 0 when it underflows)
  // and takes fewer bytes than a call of abs: the inlining limit counts bytes.
  const ee = e * e;
  // A pair whose signs are both certain and equal puts one segment strictly on one side.
  const c1 = n1 * n1 > ee && q1 * q1 > ee;
  if (c1 && n1 > 0 === q1 > 0) return -1;
  const c2 = n2 * n2 > ee && q2 * q2 > ee;
  if (c2 && n2 > 0 === q2 > 0) return -1;
  if (!(c1 && c2)) return 0;
  const f = F;
  f[0] = n1;
  f[1] = n2;
  f[2] = d;
  f[3] = e;
  return 1;
}

/** n1, n2, d and their shared bound e from `classify` (or t1, t2, n1) to the hit builders. */
const F = new Float64Array(4);

/**
 * Whether the closed segments share a point; exact for every finite input, touching included.
 * @see Ericson, Real-Time Collision Detection, §5.1.9.1 (the four orientation tests); Shewchuk
 * 1997 (the filter).
 */
export function testSegmentSegment(s1: Segment, s2: Segment): boolean {
  // The four orientations one pair at a time, s1's endpoints against s2's line first, so about
  // half the misses stop after two (`classify` computes all three cross products at once, which
  // the intersection needs). Each orientation o = l - r is three roundings deep and errs by at
  // most err = ERR3 (|l| + |r|) plus an underflow tail. A pair is decided by its product alone:
  // if |o| <= err for one of them, |o o'| <= 2 ERR3 |(l, r)| |(l', r')| (1 + eps) <= 4 eps q (1 +
  // eps), q = l^2 + r^2 + l'^2 + r'^2 (Cauchy-Schwarz, then 2xy <= x^2 + y^2), so o o' beyond
  // 2^-49 q + 2^-1000 (16 eps, room for the roundings of q and the product, and the tails) puts
  // both orientations clear of their errors: same signs certainly, or opposite ones. One product
  // and one bound per pair, no Math.abs (V8 inlines by bytecode size). An infinite q makes the
  // bound infinite and the pair undecided; with q finite, o o' is finite up to a rounding that
  // keeps its sign. An undecided first pair still lets the second rule a miss out; one call site
  // for the exact path (two measured slower).
  const a1 = s1.a;
  const b1 = s1.b;
  const a2 = s2.a;
  const b2 = s2.b;
  const a1x = a1.x;
  const a1y = a1.y;
  const a2x = a2.x;
  const a2y = a2.y;
  let vx = b2.x - a2x;
  let vy = b2.y - a2y;
  // o1 = orient(a2, b2, a1), o2 = orient(a2, b2, b1).
  let l = vx * (a1y - a2y);
  let r = vy * (a1x - a2x);
  let o = l - r;
  let q = l * l + r * r;
  l = vx * (b1.y - a2y);
  r = vy * (b1.x - a2x);
  o *= l - r;
  q = 1.7763568394002505e-15 * (q + l * l + r * r) + 9.332636185032189e-302;
  // Both certain and alike: s1 is strictly on one side of s2's line.
  if (o > q) return false;
  const sure = o < -q;
  vx = b1.x - a1x;
  vy = b1.y - a1y;
  // o3 = orient(a1, b1, a2), o4 = orient(a1, b1, b2).
  l = vx * (a2y - a1y);
  r = vy * (a2x - a1x);
  o = l - r;
  q = l * l + r * r;
  l = vx * (b2.y - a1y);
  r = vy * (b2.x - a1x);
  o *= l - r;
  q = 1.7763568394002505e-15 * (q + l * l + r * r) + 9.332636185032189e-302;
  if (o > q) return false;
  // Both pairs certain and opposite: a crossing.
  return (sure && o < -q) || testSegmentSegmentSlow(s1, s2);
}

/** The exact decision, for touching, collinear and near-degenerate inputs. */
function testSegmentSegmentSlow(s1: Segment, s2: Segment): boolean {
  const a1 = s1.a;
  const b1 = s1.b;
  const a2 = s2.a;
  const b2 = s2.b;
  const o1 = orient2d(a2.x, a2.y, b2.x, b2.y, a1.x, a1.y);
  const o2 = orient2d(a2.x, a2.y, b2.x, b2.y, b1.x, b1.y);
  if (o1 * o2 > 0) return false;
  const o3 = orient2d(a1.x, a1.y, b1.x, b1.y, a2.x, a2.y);
  const o4 = orient2d(a1.x, a1.y, b1.x, b1.y, b2.x, b2.y);
  if (o3 * o4 > 0) return false;
  if (o1 === 0 && o2 === 0) return collinearOverlap(a1, b1, a2, b2);
  return true;
}

/**
 * The shared point of two closed segments nearest `s1.a`, or null; exact hit-or-miss, and t1, t2
 * within about 1e-12 of the exact values even for nearly parallel segments.
 *
 * The common path is the article's t1 = n1 / d, t2 = n2 / d, taken when the shared error bound
 * e = E5 m + T2 of n1, n2 and d (m the sum of the six products' absolute values) is below
 * 2^-37 |d|. Then each t errs by at most (e + |t| e) / |d| + eps |t|, about 2^-36 for t near
 * [0, 1], so t's clearly outside [0, 1] decide a miss and t's clearly inside a crossing (d is
 * certainly nonzero: the lines cross once, at those parameters).
 * The test is written with squares, which cost fewer bytes than six calls of Math.abs (V8 inlines
 * by bytecode size): m^2 <= 6 q, q the sum of the products' squares (Cauchy-Schwarz), so
 * e^2 <= 12 E5^2 q + 2 T2^2 = 2^-74 (2^-23.25 q + 2^-1925), and the computed d^2 > 2^-23 q +
 * 2^-963 gives e < 2^-37 |d|: the factor 2^0.25 covers the roundings of q, d^2 and the bound
 * (below 10 eps, d^2 being normal), and 2^-963 covers the tail and an underflowing product.
 * Overflow makes q or d^2 infinite and the test false, or leaves |d| < 2^512 and all finite.
 * The rest (ends, near-parallel, touching, collinear) goes to the orientation signs: t1 =
 * o1 / (o1 - o2), where o1, o2 are the orientations of s1's endpoints against s2, which have
 * opposite signs on a hit, so the denominator never cancels.
 * @see Ericson, Real-Time Collision Detection, §5.1.9.1; CGAL kernel ("exact predicates, inexact
 * constructions").
 */
export function intersectSegmentSegment(
  s1: Segment,
  s2: Segment,
  out?: SegmentSegmentHit,
): SegmentSegmentHit | null {
  const a1 = s1.a;
  const a2 = s2.a;
  const a1x = a1.x;
  const a1y = a1.y;
  const v1x = s1.b.x - a1x;
  const v1y = s1.b.y - a1y;
  const v2x = s2.b.x - a2.x;
  const v2y = s2.b.y - a2.y;
  const wx = a2.x - a1x;
  const wy = a2.y - a1y;
  let l = v1x * v2y;
  let r = v1y * v2x;
  const d = l - r;
  let q = l * l + r * r;
  l = wx * v2y;
  r = wy * v2x;
  const n1 = l - r;
  q += l * l + r * r;
  l = wx * v1y;
  r = wy * v1x;
  const n2 = l - r;
  // 2^-23 and 2^-963, written out: a module constant costs bytes per use.
  if (d * d > 1.1920928955078125e-7 * (q + l * l + r * r) + 1.2826677504057426e-290) {
    // |t| < 2^14 here (|n| <= m <= e / E5), and t (1 - t) > 2^-32 puts t inside [0, 1] by more
    // than 2^-32; below -2^-32, outside by more than 2^-33 (rounding adds about 2 eps): either way
    // clear of t's error, about 2^-36.
    const t1 = n1 / d;
    const t2 = n2 / d;
    const p1 = t1 * (1 - t1);
    const p2 = t2 * (1 - t2);
    if (p1 < -2.3283064365386963e-10 || p2 < -2.3283064365386963e-10) return null;
    if (p1 > 2.3283064365386963e-10 && p2 > 2.3283064365386963e-10) {
      const hit = out ?? result(out);
      hit.t1 = t1;
      hit.t2 = t2;
      return finishCrossing(s1, s2, hit, n1 > 0);
    }
  }
  return intersectSegmentSegmentSlow(s1, s2, out);
}

/** The orientation-sign path of `intersectSegmentSegment`: float signs, then exact ones. */
function intersectSegmentSegmentSlow(
  s1: Segment,
  s2: Segment,
  out: SegmentSegmentHit | undefined,
): SegmentSegmentHit | null {
  const k = classify(s1, s2);
  if (k < 0) return null;
  return k > 0 ? crossingHit(s1, s2, out) : intersectSlowWithNormal(s1, s2, out);
}

/**
 * The rest of `intersectSegmentSegmentSlow` for a certain crossing, reading F from `classify`.
 * |d| = |o1| + |o2| there, so n / d errs by at most 2e / |d| + eps for n = n1, n2 (|t| <= 1); and
 * n, n - d of opposite computed signs keep n / d in [0, 1] (rounding keeps signs and order).
 */
function crossingHit(
  s1: Segment,
  s2: Segment,
  out: SegmentSegmentHit | undefined,
): SegmentSegmentHit | null {
  const f = F;
  const d = f[2]!;
  if (!(2 * f[3]! < ACC * abs(d))) return intersectSlowWithNormal(s1, s2, out);
  const hit = out ?? result(out);
  hit.t1 = f[0]! / d;
  hit.t2 = f[1]! / d;
  return finishCrossing(s1, s2, hit, f[0]! > 0);
}

/**
 * The point and normal of a certain crossing whose t1 and t2 are in `hit` (so no double crosses
 * the call); `left` is whether s1.a is left of s2 (o1 > 0). The normal divides by |v2| directly
 * when its square is within [2^-1000, 2^1000]; the exact path builds the rest.
 */
function finishCrossing(
  s1: Segment,
  s2: Segment,
  hit: SegmentSegmentHit,
  left: boolean,
): SegmentSegmentHit | null {
  const a2 = s2.a;
  const ux = s2.b.x - a2.x;
  const uy = s2.b.y - a2.y;
  const uu = ux * ux + uy * uy;
  if (!(uu > LO && uu < HI)) return intersectSlowWithNormal(s1, s2, hit);
  const a = s1.a;
  const t = hit.t1;
  // v1 is finite here (else the bound is not), so a + t v1 needs no lerp.
  const p = hit.point;
  p.x = a.x + t * (s1.b.x - a.x);
  p.y = a.y + t * (s1.b.y - a.y);
  hit.collinear = false;
  // s2's unit normal on s1.a's side.
  const k = (left ? 1 : -1) / sqrt(uu);
  const n = hit.normal;
  n.x = -uy * k + 0; // + 0 turns -0 into 0
  n.y = ux * k + 0;
  return hit;
}

/** The uncommon path with s2's facing normal (exact side of s1.a). */
function intersectSlowWithNormal(
  s1: Segment,
  s2: Segment,
  out: SegmentSegmentHit | undefined,
): SegmentSegmentHit | null {
  const hit = intersectSlow(s1, s2, out);
  if (hit === null) return null;
  const a = s1.a;
  const a2 = s2.a;
  const b2 = s2.b;
  const side = hit.collinear ? 0 : orient2d(a2.x, a2.y, b2.x, b2.y, a.x, a.y);
  facingNormal(b2.x - a2.x, b2.y - a2.y, side, s1.b.x - a.x, s1.b.y - a.y, hit.normal);
  return hit;
}

/** The uncommon path: exact signs, and t from exact values where the float ones are not accurate. */
function intersectSlow(
  s1: Segment,
  s2: Segment,
  out: SegmentSegmentHit | undefined,
): SegmentSegmentHit | null {
  const a1 = s1.a;
  const b1 = s1.b;
  const a2 = s2.a;
  const b2 = s2.b;
  const o1 = orient2d(a2.x, a2.y, b2.x, b2.y, a1.x, a1.y);
  const o2 = orient2d(a2.x, a2.y, b2.x, b2.y, b1.x, b1.y);
  if (o1 * o2 > 0) return null;
  const o3 = orient2d(a1.x, a1.y, b1.x, b1.y, a2.x, a2.y);
  const o4 = orient2d(a1.x, a1.y, b1.x, b1.y, b2.x, b2.y);
  if (o3 * o4 > 0) return null;
  if (o1 === 0 && o2 === 0) return collinearHit(a1, b1, a2, b2, out);
  const t1 = o1 === 0 ? 0 : o2 === 0 ? 1 : crossingParameter(b2, a2, a1, b1);
  const t2 = o3 === 0 ? 0 : o4 === 0 ? 1 : crossingParameter(b1, a1, a2, b2);
  return crossing(s1, t1, t2, out);
}

const big: bigint[] = [];

/**
 * The parameter on segment p->q where it crosses the line through a and b, given that p and q
 * are strictly on opposite sides: o(p) / (o(p) - o(q)), from floats when accurate, else exact.
 */
function crossingParameter(b: Vec, a: Vec, p: Vec, q: Vec): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  let l = ex * (p.y - a.y);
  let r = ey * (p.x - a.x);
  const op = l - r;
  const errP = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  l = ex * (q.y - a.y);
  r = ey * (q.x - a.x);
  const oq = l - r;
  const errQ = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  const d = Math.abs(op) + Math.abs(oq);
  if (errP + errQ < ACCURATE * d && op * oq < 0 && d < Number.POSITIVE_INFINITY) {
    return op / (op - oq);
  }
  const n = lift([a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y], big);
  const bx = n[2]! - n[0]!;
  const by = n[3]! - n[1]!;
  const exactP = bx * (n[5]! - n[1]!) - by * (n[4]! - n[0]!);
  const exactQ = bx * (n[7]! - n[1]!) - by * (n[6]! - n[0]!);
  const den = exactP - exactQ;
  return den > 0n ? ratioToDouble(exactP, den, 0) : ratioToDouble(-exactP, -den, 0);
}

function result(out: SegmentSegmentHit | undefined): SegmentSegmentHit {
  return out ?? { t1: 0, t2: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 }, collinear: false };
}

function crossing(
  s1: Segment,
  t1: number,
  t2: number,
  out: SegmentSegmentHit | undefined,
): SegmentSegmentHit {
  const hit = result(out);
  hit.t1 = t1;
  hit.t2 = t2;
  hit.point.x = lerp(s1.a.x, s1.b.x, t1);
  hit.point.y = lerp(s1.a.y, s1.b.y, t1);
  hit.collinear = false;
  return hit;
}

/** Lexicographic order (x, then y): along any line it orders points by position. */
function lexLess(p: Vec, q: Vec): boolean {
  return p.x < q.x || (p.x === q.x && p.y < q.y);
}

/** Whether p lies between a and b (inclusive), all three on one line. */
function between(p: Vec, a: Vec, b: Vec): boolean {
  return lexLess(a, b) ? !lexLess(p, a) && !lexLess(b, p) : !lexLess(p, b) && !lexLess(a, p);
}

/** Whether two segments on one line share a point. */
function collinearOverlap(a1: Vec, b1: Vec, a2: Vec, b2: Vec): boolean {
  return between(a1, a2, b2) || between(a2, a1, b1) || between(b2, a1, b1);
}

/** The parameter of p along a->b, all on one line, exact in ratio form: no products to overflow. */
function parameterAlong(p: Vec, a: Vec, b: Vec): number {
  if (a.x === b.x && a.y === b.y) return 0;
  const useX = Math.abs(b.x - a.x) >= Math.abs(b.y - a.y);
  const pa = useX ? p.x - a.x : p.y - a.y;
  const ba = useX ? b.x - a.x : b.y - a.y;
  let t = pa / ba;
  if (!Number.isFinite(pa) || !Number.isFinite(ba)) {
    // A difference overflowed: halving every term first is exact for such magnitudes.
    t = useX
      ? (p.x / 2 - a.x / 2) / (b.x / 2 - a.x / 2)
      : (p.y / 2 - a.y / 2) / (b.y / 2 - a.y / 2);
  }
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

function collinearHit(
  a1: Vec,
  b1: Vec,
  a2: Vec,
  b2: Vec,
  out: SegmentSegmentHit | undefined,
): SegmentSegmentHit | null {
  let p: Vec;
  let t1: number;
  let t2: number;
  if (between(a1, a2, b2)) {
    p = a1;
    t1 = 0;
    t2 = parameterAlong(a1, a2, b2);
  } else {
    const a2In = between(a2, a1, b1);
    const b2In = between(b2, a1, b1);
    if (!a2In && !b2In) return null;
    // s1.a is outside s2, so the shared part starts at whichever end of s2 lies on s1 nearer s1.a.
    const pickA2 = a2In && (!b2In || lexLess(a1, b1) === lexLess(a2, b2) || equal(a2, b2));
    p = pickA2 ? a2 : b2;
    t1 = parameterAlong(p, a1, b1);
    t2 = pickA2 ? 0 : 1;
  }
  const hit = result(out);
  hit.t1 = t1;
  hit.t2 = t2;
  hit.point.x = p.x;
  hit.point.y = p.y;
  hit.collinear = true;
  return hit;
}

function equal(p: Vec, q: Vec): boolean {
  return p.x === q.x && p.y === q.y;
}
