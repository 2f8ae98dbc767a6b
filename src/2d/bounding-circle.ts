import { compareDistance2 } from "../exact/disk.ts";
import { EPS } from "../exact/filter.ts";
import { rescaleFor } from "../math/scalar.ts";
import type { Circle, Triangle } from "./shapes.ts";

/**
 * The smallest circle enclosing the triangle: on the longest edge as a diameter when the angle
 * facing it is right or obtuse (degenerate triangles included), else the circumcircle. The radius
 * is then rounded up until every corner is exactly inside, so a quick reject built on it never
 * rejects a hit.
 * @see Ericson, Real-Time Collision Detection, §4.3.4 (minimum bounding circle of a triangle).
 */
export function boundingCircle(triangle: Triangle, out?: Circle): Circle {
  const a = triangle.a;
  const b = triangle.b;
  const c = triangle.c;
  // Relative to a, at unit scale by a power of two so squares stay finite and normal.
  let bx = b.x - a.x;
  let by = b.y - a.y;
  let cx = c.x - a.x;
  let cy = c.y - a.y;
  const scale = rescaleFor(Math.max(Math.abs(bx), Math.abs(by), Math.abs(cx), Math.abs(cy)));
  bx *= scale;
  by *= scale;
  cx *= scale;
  cy *= scale;
  const ab = bx * bx + by * by;
  const ac = cx * cx + cy * cy;
  const bc = (cx - bx) * (cx - bx) + (cy - by) * (cy - by);
  let ux: number;
  let uy: number;
  // The longest edge, and the dot product at the corner facing it (<= 0: right or obtuse).
  if (bc >= ab && bc >= ac && bx * cx + by * cy <= 0) {
    ux = (bx + cx) / 2;
    uy = (by + cy) / 2;
  } else if (ac >= ab && ac >= bc && -bx * (cx - bx) + -by * (cy - by) <= 0) {
    ux = cx / 2;
    uy = cy / 2;
  } else if (ab >= ac && ab >= bc && -cx * (bx - cx) + -cy * (by - cy) <= 0) {
    ux = bx / 2;
    uy = by / 2;
  } else {
    // Acute: the circumcenter, from the perpendicular-bisector equations relative to a.
    const d = 2 * (bx * cy - by * cx);
    ux = (cy * ab - by * ac) / d;
    uy = (bx * ac - cx * ab) / d;
  }
  const r2 = Math.max(
    ux * ux + uy * uy,
    (ux - bx) ** 2 + (uy - by) ** 2,
    (ux - cx) ** 2 + (uy - cy) ** 2,
  );
  const circle = out ?? { center: { x: 0, y: 0 }, radius: 0 };
  let centerX = a.x + ux / scale;
  let centerY = a.y + uy / scale;
  // The corners lie on the unpadded circle, where no float filter can decide containment. A
  // margin just above the filter's error bound (about 4 ulps of the radius) plus the rounding of
  // the center lets the exact check below pass in floats; the loop stays as the guarantee.
  let radius =
    r2 === 0
      ? 0
      : (Math.sqrt(r2) / scale) * (1 + 10 * EPS) +
        3 * EPS * (Math.abs(centerX) + Math.abs(centerY));
  if (!(Math.abs(centerX) + Math.abs(centerY) + radius < Number.POSITIVE_INFINITY)) {
    // Corners more than MAX_VALUE apart: no finite circle holds them; return the largest one.
    centerX = Math.min(a.x, b.x, c.x) / 2 + Math.max(a.x, b.x, c.x) / 2;
    centerY = Math.min(a.y, b.y, c.y) / 2 + Math.max(a.y, b.y, c.y) / 2;
    radius = Number.MAX_VALUE;
  }
  // Round up until each corner is exactly inside; one or two steps of a few ulps in practice.
  while (
    radius < Number.MAX_VALUE &&
    (compareDistance2(a.x, a.y, centerX, centerY, radius) > 0 ||
      compareDistance2(b.x, b.y, centerX, centerY, radius) > 0 ||
      compareDistance2(c.x, c.y, centerX, centerY, radius) > 0)
  ) {
    radius = Math.min(radius * (1 + 4 * EPS) + Number.MIN_VALUE, Number.MAX_VALUE);
  }
  circle.center.x = centerX;
  circle.center.y = centerY;
  circle.radius = radius;
  return circle;
}
