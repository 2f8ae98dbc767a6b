import { lastLiftExponent, lift, ratioToDouble } from "../exact/bigint.ts";
import { compareDistance2 } from "../exact/disk.ts";
import { EPS } from "../exact/filter.ts";
import { rescaleFor } from "../math/scalar.ts";
import type { Circle, Triangle } from "./shapes.ts";

// Module-level copies of imported bindings: one context load each, where an import can compile
// to a getter call per use (tsx's module interop), which measured 150 ns -> 90 ns a call here.
const U = EPS;
const within = compareDistance2;
const rescale = rescaleFor;
const SLIVER = 2 ** -20;
const TINY = 2 ** -900;
// The range that needs no rescaling (rescaleFor's own).
const LOW = 2 ** -100;
const HIGH = 2 ** 100;
const big: bigint[] = [];

/** The circumcircle of an acute sliver triangle, its center from exact values rounded once. */
function slivercircle(t: Triangle, out: Circle | undefined): Circle {
  const n = lift([t.a.x, t.a.y, t.b.x, t.b.y, t.c.x, t.c.y], big);
  const e = lastLiftExponent();
  const bx = n[2]! - n[0]!;
  const by = n[3]! - n[1]!;
  const cx = n[4]! - n[0]!;
  const cy = n[5]! - n[1]!;
  const ab = bx * bx + by * by;
  const ac = cx * cx + cy * cy;
  let d = 2n * (bx * cy - by * cx);
  let nx = cy * ab - by * ac;
  let ny = bx * ac - cx * ab;
  if (d < 0n) {
    d = -d;
    nx = -nx;
    ny = -ny;
  }
  const circle = out ?? { center: { x: 0, y: 0 }, radius: 0 };
  // center = a + (nx, ny) / d, rounded once per coordinate.
  circle.center.x = ratioToDouble(n[0]! * d + nx, d, e);
  circle.center.y = ratioToDouble(n[1]! * d + ny, d, e);
  const r = Math.max(
    Math.hypot(t.a.x - circle.center.x, t.a.y - circle.center.y),
    Math.hypot(t.b.x - circle.center.x, t.b.y - circle.center.y),
    Math.hypot(t.c.x - circle.center.x, t.c.y - circle.center.y),
  );
  circle.radius = growUntilInside(t, circle.center.x, circle.center.y, r * (1 + 4 * EPS));
  return circle;
}

/** Rounds r up until every corner is exactly inside the circle around (cx, cy). */
function growUntilInside(t: Triangle, cx: number, cy: number, r: number): number {
  while (
    r < Number.MAX_VALUE &&
    (within(t.a.x, t.a.y, cx, cy, r) > 0 ||
      within(t.b.x, t.b.y, cx, cy, r) > 0 ||
      within(t.c.x, t.c.y, cx, cy, r) > 0)
  ) {
    r = Math.min(r * (1 + 4 * U) + Number.MIN_VALUE, Number.MAX_VALUE);
  }
  return r;
}

/**
 * The smallest circle enclosing the triangle (Ericson §4.3.4): the side facing a right or obtuse
 * corner as a diameter (degenerate triangles included), else the circumcircle. Its radius is
 * rounded up so that every corner is exactly inside: a quick reject built on it never rejects a
 * hit. One function, too large for V8 to inline: inlined, it took half a caller's inlining budget,
 * and a caller that also ran testTriangleTriangle measured 1.5x slower for it.
 * @see Ericson, Real-Time Collision Detection, §4.3.4 (minimum bounding circle of a triangle).
 */
export function boundingCircle(triangle: Triangle, out?: Circle): Circle {
  const a = triangle.a;
  let bx = triangle.b.x - a.x;
  let by = triangle.b.y - a.y;
  let cx = triangle.c.x - a.x;
  let cy = triangle.c.y - a.y;
  // The sum (not Math.max, whose branches on random data cost a third of this function) is in
  // range for game data; a sum that overflows is rescaled too. Sides far from unit scale are
  // scaled by a power of two (exact), so that no square below overflows or underflows to nothing.
  const span = Math.abs(bx) + Math.abs(by) + Math.abs(cx) + Math.abs(cy);
  let unscale = 1;
  if (!(span >= LOW && span <= HIGH)) {
    const scale = rescale(Math.max(Math.abs(bx), Math.abs(by), Math.abs(cx), Math.abs(cy)));
    bx *= scale;
    by *= scale;
    cx *= scale;
    cy *= scale;
    // A power of two: multiplying by its reciprocal is exact.
    unscale = 1 / scale;
  }
  const ab = bx * bx + by * by;
  const ac = cx * cx + cy * cy;
  // A right or obtuse corner (at most one) puts the opposite side on the diameter. With d the
  // dot product of the sides at a, the corner at a is obtuse when d <= 0, at b when d >= |ab|^2
  // and at c when d >= |ac|^2 (law of cosines). Float signs suffice: a misjudged corner is within
  // rounding of a right angle, where the diameter circle and the circumcircle differ in radius
  // only to second order, and the radius reaches every corner whichever was chosen.
  const d = bx * cx + by * cy;
  let ux: number;
  let uy: number;
  if (d <= 0) {
    ux = (bx + cx) / 2;
    uy = (by + cy) / 2;
  } else if (d >= ab) {
    ux = cx / 2;
    uy = cy / 2;
  } else if (d >= ac) {
    ux = bx / 2;
    uy = by / 2;
  } else {
    // Acute: the circumcenter, from the perpendicular-bisector equations. A sliver (cross product
    // tiny next to the sides, or near underflow) would cancel.
    const cross = bx * cy - by * cx;
    if (!(ab > TINY && ac > TINY && Math.abs(cross) > TINY)) return slivercircle(triangle, out);
    // |cross| > SLIVER sqrt(ab ac), squared (no square root; ab and ac are near unit scale).
    if (!(cross * cross > SLIVER * SLIVER * ab * ac)) return slivercircle(triangle, out);
    // One division: the center then errs by one more rounding, which the padding covers.
    const inv = 0.5 / cross;
    ux = (cy * ab - by * ac) * inv;
    uy = (bx * ac - cx * ab) * inv;
  }
  // The squared distance to the farthest corner. Products, not ** 2, which V8 compiles to a call
  // of the general power function; and no Math.max, which measured slower than two comparisons.
  const vx = ux - bx;
  const vy = uy - by;
  const wx = ux - cx;
  const wy = uy - cy;
  let r2 = ux * ux + uy * uy;
  const rb = vx * vx + vy * vy;
  const rc = wx * wx + wy * wy;
  if (rb > r2) r2 = rb;
  if (rc > r2) r2 = rc;
  const centerX = a.x + ux * unscale;
  const centerY = a.y + uy * unscale;
  // The corners lie on the unpadded circle, where no float filter can decide containment; this
  // padding makes every corner exactly inside without a check. Proof, with e = 2^-53, S the
  // computed square root, q a corner's exact offset from a and q' its rounded one
  // (|q - q'| <= sqrt(2) e |q'|; a subnormal difference is exact): the rounded differences and
  // squares give |u - q'| <= S (1 + e) / (1 - e)^3 <= S (1 + 4.1e); the corner a (q' = 0) gives
  // |u| <= S (1 + 4.1e), so |q'| <= 2.01 S and |q - q'| <= 2.9e S; the center's rounding adds
  // e (|centerX| + |centerY|). So |corner - center| <= S (1 + 7.1e) + e (|centerX| + |centerY|),
  // below the computed radius even after its own three roundings. With span in [2^-100, 2^100] S
  // is above 2^-104 and every square is finite, so underflow (under 2^-1070 a square) is far
  // inside the slack. Rescaled sides are checked corner by corner instead (growUntilInside).
  const size = Math.abs(centerX) + Math.abs(centerY);
  const radius = r2 === 0 ? 0 : Math.sqrt(r2) * unscale * (1 + 10 * U) + 3 * U * size;
  if (!(size + radius < Number.POSITIVE_INFINITY)) return hugeCircle(triangle, out);
  const circle = out ?? { center: { x: 0, y: 0 }, radius: 0 };
  circle.center.x = centerX;
  circle.center.y = centerY;
  // Rescaled: one or two steps of a few ulps in practice.
  circle.radius = unscale === 1 ? radius : growUntilInside(triangle, centerX, centerY, radius);
  return circle;
}

/** Corners more than MAX_VALUE apart: no finite circle holds them; the largest one. */
function hugeCircle(triangle: Triangle, out: Circle | undefined): Circle {
  const { a, b, c } = triangle;
  const circle = out ?? { center: { x: 0, y: 0 }, radius: 0 };
  circle.center.x = Math.min(a.x, b.x, c.x) / 2 + Math.max(a.x, b.x, c.x) / 2;
  circle.center.y = Math.min(a.y, b.y, c.y) / 2 + Math.max(a.y, b.y, c.y) / 2;
  circle.radius = Number.MAX_VALUE;
  return circle;
}
