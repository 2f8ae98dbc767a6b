import { lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, ERR3, TAIL2 } from "../../exact/filter.ts";
import { orient2d } from "../../exact/orient2d.ts";
import { lerp } from "../../math/scalar.ts";
import { normalize2 } from "../../math/vec2.ts";
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
 * The float path of both queries: the four orientations o1, o2 (s1's endpoints against s2) and
 * o3, o4 (s2's endpoints against s1). `straddle` computes one pair with one shared bound: each
 * orientation l - r errs by at most ERR3 (|l| + |r|) + TAIL2 (filter.ts), so the sum of both
 * pairs' |l| + |r| bounds either. It returns a small integer (no double crosses the call, inlined
 * or not) and leaves the two values and the bound in `F` for the construction.
 */

// Module-level copies: each use in a hot function is then one short context load, not a property
// read (bytecode size decides whether V8 inlines a function into its caller's loop).
const abs = Math.abs;
const E3 = ERR3;
const T2 = TAIL2;
const ACC = ACCURATE;

/** o1, o2, their bound, o3, o4, their bound (the last `straddle` calls at 0 and 3). */
const F = new Float64Array(6);

/**
 * The certain sides of u and v against the line p->q, multiplied: 1 both strictly on one side,
 * -1 strictly on opposite sides, 0 when either side is not certain. Writes o(u), o(v) and the
 * bound to F[at..at + 2].
 */
function straddle(p: Vec, q: Vec, u: Vec, v: Vec, at: number): number {
  const px = p.x;
  const py = p.y;
  const ex = q.x - px;
  const ey = q.y - py;
  let l = ex * (u.y - py);
  let r = ey * (u.x - px);
  const ou = l - r;
  const m = abs(l) + abs(r);
  l = ex * (v.y - py);
  r = ey * (v.x - px);
  const ov = l - r;
  const err = E3 * (m + abs(l) + abs(r)) + T2;
  const f = F;
  f[at] = ou;
  f[at + 1] = ov;
  f[at + 2] = err;
  // NaN or an infinite bound fails both comparisons: overflow lands in "not certain".
  if (!(abs(ou) > err && abs(ov) > err)) return 0;
  return ou > 0 === ov > 0 ? 1 : -1;
}

/**
 * Whether the closed segments share a point; exact for every finite input, touching included.
 * @see Ericson, Real-Time Collision Detection, §5.1.9.1 (the four orientation tests).
 */
export function testSegmentSegment(s1: Segment, s2: Segment): boolean {
  const k = straddle(s2.a, s2.b, s1.a, s1.b, 0);
  if (k > 0) return false;
  const k2 = straddle(s1.a, s1.b, s2.a, s2.b, 3);
  if (k2 > 0) return false;
  if (k + k2 === -2) return true;
  return testSegmentSegmentSlow(s1, s2);
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
 * t1 = o1 / (o1 - o2), where o1, o2 are the orientations of s1's endpoints against s2: they have
 * opposite signs on a hit, so the denominator never cancels.
 * @see Ericson, Real-Time Collision Detection, §5.1.9.1; CGAL kernel ("exact predicates, inexact
 * constructions").
 */
export function intersectSegmentSegment(
  s1: Segment,
  s2: Segment,
  out?: SegmentSegmentHit,
): SegmentSegmentHit | null {
  const k = straddle(s2.a, s2.b, s1.a, s1.b, 0);
  if (k > 0) return null;
  const k2 = straddle(s1.a, s1.b, s2.a, s2.b, 3);
  if (k2 > 0) return null;
  if (k + k2 === -2) {
    // Both certainly cross; |o1 - o2| = |o1| + |o2| (opposite signs), so the ratios are accurate
    // when the bounds are small next to it. o1 - o2 can overflow even when both are finite.
    const f = F;
    const o1 = f[0]!;
    const d1 = o1 - f[1]!;
    const d2 = f[3]! - f[4]!;
    // d1 - d1 is 0 unless o1 - o2 overflowed (it can, with both finite).
    if (2 * f[2]! < ACC * abs(d1) && 2 * f[5]! < ACC * abs(d2) && d1 - d1 + (d2 - d2) === 0) {
      const a1 = s1.a;
      const e1x = s1.b.x - a1.x;
      const e1y = s1.b.y - a1.y;
      const hit = result(out);
      const t1 = o1 / d1;
      hit.t1 = t1;
      hit.t2 = f[3]! / d2;
      // e1 is finite here (else the bound of o3 is not), so a1 + t1 e1 needs no lerp.
      hit.point.x = a1.x + t1 * e1x;
      hit.point.y = a1.y + t1 * e1y;
      hit.collinear = false;
      // s2's unit normal on s1.a's side (o1 > 0: left of s2); s2 has nonzero length (o1 is
      // not 0), so normalize2 succeeds.
      const side = o1 > 0 ? 1 : -1;
      normalize2(side * (s2.a.y - s2.b.y), side * (s2.b.x - s2.a.x), hit.normal);
      return hit;
    }
  }
  return intersectSlowWithNormal(s1, s2, out);
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
