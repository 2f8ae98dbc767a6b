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
  // Every filter is written out here (no helper taking doubles), so V8 inlines this whole path.
  const a = seg.a;
  const b = seg.b;
  const c = circle.center;
  const ax = a.x;
  const ay = a.y;
  const bx = b.x;
  const by = b.y;
  const cx = c.x;
  const cy = c.y;
  const r = circle.radius;
  const dx = bx - ax;
  const dy = by - ay;
  const wx = cx - ax;
  const wy = cy - ay;
  // First the line: farther than r from the center rejects most misses at once.
  let l = dx * wy;
  let m = dy * wx;
  const cr = l - m;
  const crAbs = Math.abs(l) + Math.abs(m);
  const rr = r * r;
  const dd = dx * dx + dy * dy;
  const rd = rr * dd;
  const disc = rd - cr * cr;
  // ERR5 M, plus underflow: each degree-2 product that underflows errs by at most 2^-1075 and
  // is then multiplied by at most cross, |d|^2 or r^2 (see filter.ts).
  const eDisc = ERR5 * (rd + crAbs * crAbs) + TAIL2 * (1 + crAbs + dd + rr);
  if (disc < -eDisc) return false;
  // Then where the center projects: before a, after b, or strictly between.
  l = dx * wx;
  m = dy * wy;
  const sa = l + m;
  const ea = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
  if (sa < -ea) {
    // Nearest point a: |c - a|^2 - r^2, bounded as in `compareDistance2`.
    const w2 = wx * wx + wy * wy;
    const v = w2 - rr;
    const e = ERR3 * (w2 + rr) + TAIL2;
    if (v > e) return false;
    if (v < -e) return true;
    return testSegmentCircleSlow(seg, circle);
  }
  const ex = cx - bx;
  const ey = cy - by;
  l = dx * ex;
  m = dy * ey;
  const sb = l + m;
  const eb = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
  if (sb > eb) {
    const e2 = ex * ex + ey * ey;
    const v = e2 - rr;
    const e = ERR3 * (e2 + rr) + TAIL2;
    if (v > e) return false;
    if (v < -e) return true;
    return testSegmentCircleSlow(seg, circle);
  }
  if (sa > ea && sb < -eb && disc > eDisc) return true;
  return testSegmentCircleSlow(seg, circle);
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
  const ax = seg.a.x;
  const ay = seg.a.y;
  const cx = circle.center.x;
  const cy = circle.center.y;
  const r = circle.radius;
  const wx = ax - cx;
  const wy = ay - cy;
  const w2 = wx * wx + wy * wy;
  const r2 = r * r;
  const omega = w2 - r2;
  const eOmega = ERR3 * (w2 + r2) + TAIL2;
  if (omega < -eOmega) return startInside(seg, circle, out);
  const dx = seg.b.x - ax;
  const dy = seg.b.y - ay;
  let l = wx * dx;
  let m = wy * dy;
  const s = -(l + m);
  const es = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
  if (omega > eOmega && s < -es) return null;
  l = dx * wy;
  m = dy * wx;
  const cr = l - m;
  const crAbs = Math.abs(l) + Math.abs(m);
  const dd = dx * dx + dy * dy;
  const rd = r2 * dd;
  const disc = rd - cr * cr;
  const eDisc = ERR5 * (rd + crAbs * crAbs) + TAIL2 * (1 + crAbs + dd + r2);
  if (omega > eOmega && disc < -eDisc) return null;
  if (omega > eOmega && s > es && disc > eDisc) {
    // Entering from outside while approaching: hit when the vertex lies before b, or b is inside.
    const ex = seg.b.x - cx;
    const ey = seg.b.y - cy;
    l = ex * dx;
    m = ey * dy;
    const sb = l + m;
    const eb = ERR3 * (Math.abs(l) + Math.abs(m)) + TAIL2;
    // The vertex lies before b (sb > 0), or else b must be in the disk.
    let hits = sb > eb;
    if (!hits && sb < -eb) {
      // |b - c|^2 - r^2, bounded as in `compareDistance2`.
      const e2 = ex * ex + ey * ey;
      const v = e2 - r2;
      const e = ERR3 * (e2 + r2) + TAIL2;
      if (v > e) return null;
      if (!(v < -e)) return intersectSlow(seg, circle, out);
      hits = true;
    }
    if (hits) {
      if (es < ACCURATE * s && disc > 4 * eDisc) {
        // The root errs by about eDisc / (2 sqrt(disc)), which only has to be small next to the
        // whole denominator (a grazing line's s dominates it).
        const root = Math.sqrt(disc);
        const den = s + root;
        if (
          eOmega < ACCURATE * den &&
          eDisc < 2 * ACCURATE * den * root &&
          den < Number.POSITIVE_INFINITY
        ) {
          // Written out here rather than in `entry`, so no double crosses a call V8 might not
          // inline. d is finite on this path (else eDisc is not), so a + t d needs no lerp.
          const hit = out ?? result(out);
          const t = omega / den;
          const tc = t > 1 ? 1 : t;
          hit.t = tc;
          hit.point.x = ax + tc * dx;
          hit.point.y = ay + tc * dy;
          // The point minus the center is (-sqrt(disc) d + cross(d, w) perp(d)) / |d|^2.
          const nx = -root * dx - cr * dy;
          const ny = -root * dy + cr * dx;
          const n2 = nx * nx + ny * ny;
          if (n2 > 2 ** -1000 && n2 < 2 ** 1000) {
            const inv = 1 / Math.sqrt(n2);
            hit.normal.x = nx * inv + 0; // + 0 turns -0 into 0
            hit.normal.y = ny * inv + 0;
          } else if (!normalize2(nx, ny, hit.normal)) oppositeDirection(seg, hit.normal);
          return hit;
        }
      }
      return intersectSlow(seg, circle, out);
    }
  }
  return intersectSlow(seg, circle, out);
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
