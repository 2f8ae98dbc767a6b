import { bitLength, isqrt, lift, ratioToDouble, signOf } from "../../exact/bigint.ts";
import { compareDistance2 } from "../../exact/disk.ts";
import { ACCURATE, ERR3, ERR5, TAIL2 } from "../../exact/filter.ts";
import { dotSign } from "../../exact/orient2d.ts";
import { lerp } from "../../math/scalar.ts";
import { normalize2 } from "../../math/vec2.ts";
import type { Circle, Segment, Vec } from "../shapes.ts";

/** Where a segment first enters a circle. */
export interface SegmentCircleHit {
  /** Segment parameter in [0, 1] of the first point in the closed disk (0 when `a` is inside). */
  t: number;
  /** That point: seg.a + t (seg.b - seg.a). */
  point: Vec;
  /** Unit vector from the center toward the point (see `intersectSegmentCircle` for ties). */
  normal: Vec;
}

/*
 * With d = b - a and w = a - c, the squared distance from c to a + t d, minus r^2, is
 *   f(t) = |d|^2 t^2 + 2 (w.d) t + |w|^2 - r^2,
 * whose discriminant is r^2 |d|^2 - cross(d, w)^2 (Lagrange's identity), written that way so it
 * does not cancel. Every decision below is the exact sign of one such polynomial.
 */

const big: bigint[] = [];

// Module-level copies: each use in a hot function is then one short context load, not a property
// read (bytecode size decides whether V8 inlines a function into its caller's loop).
const abs = Math.abs;
const sqrt = Math.sqrt;
const E3 = ERR3;
const E5 = ERR5;
const T2 = TAIL2;
const ACC = ACCURATE;

/** Exact sign of r^2 |b - a|^2 - cross(b - a, c - a)^2: >= 0 when the line ab meets the disk. */
function lineMeetsDiskSign(seg: Segment, circle: Circle): number {
  const n = lift(
    [seg.a.x, seg.a.y, seg.b.x, seg.b.y, circle.center.x, circle.center.y, circle.radius],
    big,
  );
  const dx = n[2]! - n[0]!;
  const dy = n[3]! - n[1]!;
  const cr = dx * (n[5]! - n[1]!) - dy * (n[4]! - n[0]!);
  const r = n[6]!;
  return signOf(r * r * (dx * dx + dy * dy) - cr * cr);
}

/** Exact: the center projects strictly inside the segment (beyond a, before b). */
function projectsInside(seg: Segment, c: Vec): boolean {
  const a = seg.a;
  const b = seg.b;
  return (
    dotSign(c.x, a.x, c.y, a.y, b.x, a.x, b.y, a.y) > 0 &&
    dotSign(c.x, b.x, c.y, b.y, b.x, a.x, b.y, a.y) < 0
  );
}

/**
 * Whether the closed segment meets the closed disk (distance from the center to the segment at
 * most the radius); exact for every finite input.
 * @see Ericson, Real-Time Collision Detection, §5.1.2 (closest point on a segment).
 */
export function testSegmentCircle(seg: Segment, circle: Circle): boolean {
  // The common path only, kept under V8's 460-byte bytecode limit so that it inlines into the
  // caller's loop; the endpoint cases and the exact fallback take the shapes, not doubles.
  const a = seg.a;
  const c = circle.center;
  const ax = a.x;
  const ay = a.y;
  const dx = seg.b.x - ax;
  const dy = seg.b.y - ay;
  const wx = c.x - ax;
  const wy = c.y - ay;
  const r = circle.radius;
  // First the line: farther than r from the center rejects most misses at once.
  let l = dx * wy;
  let m = dy * wx;
  const cr = l - m;
  const crAbs = abs(l) + abs(m);
  const rr = r * r;
  const dd = dx * dx + dy * dy;
  const rd = rr * dd;
  const disc = rd - cr * cr;
  // ERR5 M, plus underflow: each degree-2 product that underflows errs by at most 2^-1075 and
  // is then multiplied by at most cross, |d|^2 or r^2 (see filter.ts).
  const eDisc = E5 * (rd + crAbs * crAbs) + T2 * (1 + crAbs + dd + rr);
  if (disc < -eDisc) return false;
  // Then where the center projects: before a (a is nearest), after b (b is), or between.
  l = dx * wx;
  m = dy * wy;
  const sa = l + m;
  const ea = E3 * (abs(l) + abs(m)) + T2;
  if (sa < -ea) return endInDisk(a, circle);
  const b = seg.b;
  l = dx * (c.x - b.x);
  m = dy * (c.y - b.y);
  const sb = l + m;
  const eb = E3 * (abs(l) + abs(m)) + T2;
  if (sb > eb) return endInDisk(b, circle);
  return (sa > ea && sb < -eb && disc > eDisc) || testSegmentCircleSlow(seg, circle);
}

/** Exact: the point is in the closed disk (the filtered `compareDistance2`). */
function endInDisk(p: Vec, circle: Circle): boolean {
  const c = circle.center;
  return compareDistance2(p.x, p.y, c.x, c.y, circle.radius) <= 0;
}

/** The exact decision, for inputs near a boundary of the float filters. */
function testSegmentCircleSlow(seg: Segment, circle: Circle): boolean {
  const c = circle.center;
  const r = circle.radius;
  return (
    compareDistance2(seg.a.x, seg.a.y, c.x, c.y, r) <= 0 ||
    compareDistance2(seg.b.x, seg.b.y, c.x, c.y, r) <= 0 ||
    (projectsInside(seg, c) && lineMeetsDiskSign(seg, circle) >= 0)
  );
}

/**
 * The first point of the segment in the closed disk, or null; exact hit-or-miss. t is the
 * smaller root of f, taken in the cancellation-free form t = (|w|^2 - r^2) / (-w.d + sqrt(disc)),
 * from floats when their error bounds allow about 1e-12, else from exact values (grazing lines,
 * starts on the circle). The normal is built from the same accurate pieces, not from
 * point - center, which cancels when the circle is small and far away.
 * Ties: where the point is the center (radius 0, or `a` at the center) the normal is opposite the
 * segment's direction, or (1, 0) for a zero-length segment.
 * @see Ericson, Real-Time Collision Detection, §5.3.2; Press et al., Numerical Recipes, §5.6
 * (the stable quadratic root).
 */
export function intersectSegmentCircle(
  seg: Segment,
  circle: Circle,
  out?: SegmentCircleHit,
): SegmentCircleHit | null {
  // The common path only, under V8's 460-byte inlining limit: the filter constants are literals
  // (a module const costs a TDZ check per use), and q = |w|^2 |d|^2 stands in for the squared
  // absolute sums of cross(d, w) and w.d in the bounds (Cauchy-Schwarz), so no Math.abs. Starts
  // inside, moving away and whatever these bounds leave undecided go to `enter`.
  const a = seg.a;
  const b = seg.b;
  const c = circle.center;
  const ax = a.x;
  const ay = a.y;
  const dx = b.x - ax;
  const dy = b.y - ay;
  const wx = ax - c.x;
  const wy = ay - c.y;
  const r = circle.radius;
  const r2 = r * r;
  const dd = dx * dx + dy * dy;
  const w2 = wx * wx + wy * wy;
  const cr = dx * wy - dy * wx;
  const rd = r2 * dd;
  const disc = rd - cr * cr;
  const q = w2 * dd;
  // ERR5 (r^2 |d|^2 + q), plus the underflow tail TAIL2 (1 + |w|^2 + |d|^2 + r^2), which holds
  // the |cross| of the tail in `testSegmentCircle` since |cross| <= (|w|^2 + |d|^2) / 2.
  const eDisc = 6.661338147750939e-16 * (rd + q) + 9.332636185032189e-302 * (1 + w2 + dd + r2);
  if (disc < -eDisc) return null; // the line misses the disk
  const omega = w2 - r2;
  // ERR5 M + TAIL2: omega = (w.w) - r^2 is four roundings deep (a difference, squares, two sums).
  const eOmega = 6.661338147750939e-16 * (w2 + r2) + 9.332636185032189e-302;
  if (omega > eOmega && disc > eDisc && dd > 9.332636185032189e-302) {
    // a is certainly outside and the line certainly meets the disk: the entry is t = omega / den.
    const root = Math.sqrt(disc);
    const s = -(wx * dx + wy * dy);
    const den = s + root;
    const lim = 1.4551915228366852e-11 * den; // ACCURATE den
    // Exactly s >= sqrt(disc) when a is outside (s^2 - disc = |d|^2 omega), so s >= root costs
    // only starts on the circle. Then omega errs by less than lim, s by less than 1.5 lim (the
    // ERR3 sqrt(q) bound below lim / 2, plus TAIL2 < eOmega), sqrt(disc) by less than 2 lim
    // (eDisc / root), and s >= den / 2 makes "approaching" certain. So t errs by at most about
    // ACCURATE (1 + 3.5 t): t clear of 1 by 2^-32 = 16 ACCURATE decides whether b is reached.
    if (
      s >= root &&
      eOmega < lim &&
      7.888609052210118e-31 * q < lim * lim && // (2 ERR3)^2 q
      eDisc < 2 * lim * root
    ) {
      const t = omega / den;
      if (t > 1.0000000002328306) return null; // 1 + 2^-32
      // 1 - 2^-32; r |d|^2 is at least min(|d|^2, r^2 |d|^2) > 2^-1000, so 1 / (r |d|^2) is finite.
      if (t < 0.9999999997671694) return hitAt(result(out), ax, ay, dx, dy, t, root, cr, r * dd);
    }
  }
  return enter(seg, circle, out);
}

/**
 * Fills the hit at t on the path a + t d from sqrt(disc), cross(d, w) and r |d|^2. Small, so V8
 * inlines it into `intersectSegmentCircle` (its doubles are then not boxed), which itself stays
 * small enough to inline into the caller.
 */
function hitAt(
  hit: SegmentCircleHit,
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  t: number,
  root: number,
  cr: number,
  rdd: number,
): SegmentCircleHit {
  hit.t = t;
  // d is finite on this path (else eDisc is not), so a + t d needs no lerp.
  const p = hit.point;
  p.x = ax + t * dx;
  p.y = ay + t * dy;
  // The point minus the center is v / |d|^2 with v = -sqrt(disc) d + cross(d, w) perp(d), and
  // |v|^2 = |d|^2 (disc + cross^2) = r^2 |d|^4 for the computed disc and cross up to a few ulps:
  // dividing by r |d|^2 gives the unit normal with no square root.
  const k = 1 / rdd;
  const n = hit.normal;
  n.x = (-root * dx - cr * dy) * k + 0; // + 0 turns -0 into 0
  n.y = (cr * dx - root * dy) * k + 0;
  return hit;
}

/**
 * The uncommon rest of `intersectSegmentCircle`, with the tighter per-term bounds: a start
 * inside, certain misses, or the entry point from floats when a is certainly outside, approaching
 * a line that certainly meets the disk, b is reached (exact) and t is accurate; else the exact
 * path.
 */
function enter(
  seg: Segment,
  circle: Circle,
  out: SegmentCircleHit | undefined,
): SegmentCircleHit | null {
  const a = seg.a;
  const c = circle.center;
  const wx = a.x - c.x;
  const wy = a.y - c.y;
  const r = circle.radius;
  const w2 = wx * wx + wy * wy;
  const r2 = r * r;
  const omega = w2 - r2;
  const eOmega = E5 * (w2 + r2) + T2;
  if (omega < -eOmega) return startInside(seg, circle, out);
  const dx = seg.b.x - a.x;
  const dy = seg.b.y - a.y;
  let l = wx * dx;
  let m = wy * dy;
  const s = -(l + m);
  const es = E3 * (abs(l) + abs(m)) + T2;
  l = dx * wy;
  m = dy * wx;
  const cr = l - m;
  const crAbs = abs(l) + abs(m);
  const dd = dx * dx + dy * dy;
  const rd = r2 * dd;
  const disc = rd - cr * cr;
  const eDisc = E5 * (rd + crAbs * crAbs) + T2 * (1 + crAbs + dd + r2);
  if (omega > eOmega) {
    // a is certainly outside: moving away, or a line that misses the disk, is a certain miss.
    if (s < -es || disc < -eDisc) return null;
    if (s > es && disc > eDisc) {
      const reach = reachesB(seg, circle);
      if (reach === 0) return null;
      // The root errs by about eDisc / (2 sqrt(disc)), which only has to be small next to the
      // whole denominator (a grazing line's s dominates it).
      const root = sqrt(disc);
      const den = s + root;
      if (
        reach > 0 &&
        eOmega < ACC * den &&
        es < ACC * den &&
        eDisc < 2 * ACC * den * root &&
        den < 1 / 0
      ) {
        // d is finite on this path (else eDisc is not), so a + t d needs no lerp.
        const hit = result(out);
        const t = omega / den;
        const tc = t > 1 ? 1 : t;
        hit.t = tc;
        hit.point.x = a.x + tc * dx;
        hit.point.y = a.y + tc * dy;
        // The point minus the center is (-sqrt(disc) d + cross(d, w) perp(d)) / |d|^2.
        if (!normalize2(-root * dx - cr * dy, -root * dy + cr * dx, hit.normal))
          oppositeDirection(seg, hit.normal);
        return hit;
      }
    }
  }
  return intersectSlow(seg, circle, out);
}

/**
 * For a segment entering the disk from outside while approaching the center: 1 when it certainly
 * reaches the disk (the vertex of f lies before b, or b is in the disk; exact), 0 when it
 * certainly does not, -1 when the float sign of the vertex test is not certain.
 */
function reachesB(seg: Segment, circle: Circle): number {
  const b = seg.b;
  const c = circle.center;
  const dx = b.x - seg.a.x;
  const dy = b.y - seg.a.y;
  const ex = b.x - c.x;
  const ey = b.y - c.y;
  const l = ex * dx;
  const m = ey * dy;
  const sb = l + m;
  const eb = E3 * (abs(l) + abs(m)) + T2;
  if (sb > eb) return 1;
  if (sb < -eb) return endInDisk(b, circle) ? 1 : 0;
  return -1;
}

function result(out: SegmentCircleHit | undefined): SegmentCircleHit {
  return out ?? { t: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 } };
}

function startInside(
  seg: Segment,
  circle: Circle,
  out: SegmentCircleHit | undefined,
): SegmentCircleHit {
  const hit = result(out);
  hit.t = 0;
  hit.point.x = seg.a.x;
  hit.point.y = seg.a.y;
  if (!normalize2(seg.a.x - circle.center.x, seg.a.y - circle.center.y, hit.normal)) {
    oppositeDirection(seg, hit.normal);
  }
  return hit;
}

function oppositeDirection(seg: Segment, normal: Vec): void {
  if (!normalize2(seg.a.x - seg.b.x, seg.a.y - seg.b.y, normal)) {
    normal.x = 1;
    normal.y = 0;
  }
}

/**
 * The hit at parameter t in (0, 1], given sqrt(disc) and cross(d, w): the point minus the center
 * is (-sqrt(disc) d + cross(d, w) perp(d)) / |d|^2, so its direction needs no subtraction of
 * nearby points.
 */
function entry(
  seg: Segment,
  t: number,
  root: number,
  cr: number,
  out: SegmentCircleHit | undefined,
): SegmentCircleHit {
  const hit = result(out);
  const dx = seg.b.x - seg.a.x;
  const dy = seg.b.y - seg.a.y;
  const clamped = t > 1 ? 1 : t;
  hit.t = clamped;
  hit.point.x = lerp(seg.a.x, seg.b.x, clamped);
  hit.point.y = lerp(seg.a.y, seg.b.y, clamped);
  if (!normalize2(-root * dx - cr * dy, -root * dy + cr * dx, hit.normal))
    oppositeDirection(seg, hit.normal);
  return hit;
}

/** Exact decisions, and t and the normal from exact values rounded once. */
function intersectSlow(
  seg: Segment,
  circle: Circle,
  out: SegmentCircleHit | undefined,
): SegmentCircleHit | null {
  const a = seg.a;
  const b = seg.b;
  const c = circle.center;
  const r = circle.radius;
  if (compareDistance2(a.x, a.y, c.x, c.y, r) <= 0) return startInside(seg, circle, out);
  if (dotSign(c.x, a.x, c.y, a.y, b.x, a.x, b.y, a.y) <= 0) return null;
  const bInside = compareDistance2(b.x, b.y, c.x, c.y, r) <= 0;
  if (!bInside) {
    if (dotSign(c.x, b.x, c.y, b.y, b.x, a.x, b.y, a.y) >= 0) return null;
    if (lineMeetsDiskSign(seg, circle) < 0) return null;
  }
  const n = lift([a.x, a.y, b.x, b.y, c.x, c.y, r], big);
  const dx = n[2]! - n[0]!;
  const dy = n[3]! - n[1]!;
  const wx = n[0]! - n[4]!;
  const wy = n[1]! - n[5]!;
  const rr = n[6]! * n[6]!;
  const omega = wx * wx + wy * wy - rr;
  const s = -(wx * dx + wy * dy);
  const cr = dx * wy - dy * wx;
  const disc = rr * (dx * dx + dy * dy) - cr * cr;
  // sqrt(disc) with 64 extra bits, so truncation costs less than 2^-64 relative.
  const k = 64n;
  const root = isqrt(disc << (2n * k));
  const t = ratioToDouble(omega << k, (s << k) + root, 0);
  // The normal's direction, scaled down to double range as a whole.
  const crk = cr << k;
  const vx = -root * dx - crk * dy;
  const vy = -root * dy + crk * dx;
  const shift = Math.max(bitLength(vx), bitLength(vy)) - 60;
  const hit = entry(seg, t, 0, 0, out);
  if (!normalize2(ratioToDouble(vx, 1n, -shift), ratioToDouble(vy, 1n, -shift), hit.normal)) {
    oppositeDirection(seg, hit.normal);
  }
  return hit;
}
