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
  setCorner(out, 0, cx - ax - bx, cy - ay - by);
  setCorner(out, 1, cx + ax - bx, cy + ay - by);
  setCorner(out, 2, cx + ax + bx, cy + ay + by);
  setCorner(out, 3, cx - ax + bx, cy - ay + by);
  return out;
}

function setCorner(out: Vec[], i: number, x: number, y: number): void {
  const p = out[i];
  if (p) {
    p.x = x;
    p.y = y;
  } else out[i] = { x, y };
}
