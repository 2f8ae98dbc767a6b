import type { Box, Vec } from "./shapes.ts";

/**
 * Writes the box's corners, counter-clockwise when its half extents are positive, into `out`
 * (4 entries) and returns it. The angle goes through Math.cos and Math.sin once; every exact
 * query on a box is exact for the quadrilateral with these computed corners.
 */
export function boxCorners(box: Box, out: Vec[]): Vec[] {
  const c = Math.cos(box.angle);
  const s = Math.sin(box.angle);
  const hx = box.halfExtents.x;
  const hy = box.halfExtents.y;
  const ax = c * hx;
  const ay = s * hx;
  const bx = -s * hy;
  const by = c * hy;
  const cx = box.center.x;
  const cy = box.center.y;
  // Written out, not through a helper taking doubles (a call that is not inlined boxes them).
  while (out.length < 4) out.push({ x: 0, y: 0 });
  const p0 = out[0]!;
  const p1 = out[1]!;
  const p2 = out[2]!;
  const p3 = out[3]!;
  p0.x = cx - ax - bx;
  p0.y = cy - ay - by;
  p1.x = cx + ax - bx;
  p1.y = cy + ay - by;
  p2.x = cx + ax + bx;
  p2.y = cy + ay + by;
  p3.x = cx - ax + bx;
  p3.y = cy - ay + by;
  return out;
}
