import { lift, signOf } from "./bigint.ts";
import { ERR3, TAIL2 } from "./filter.ts";

const big: bigint[] = [];

/**
 * Exact sign of |p - c|^2 - r^2: negative inside the circle of radius r around c, 0 on it,
 * positive outside.
 */
export function compareDistance2(
  px: number,
  py: number,
  cx: number,
  cy: number,
  r: number,
): number {
  const dx = px - cx;
  const dy = py - cy;
  const d2 = dx * dx + dy * dy;
  const r2 = r * r;
  const v = d2 - r2;
  const bound = ERR3 * (d2 + r2) + TAIL2;
  if (v > bound) return 1;
  if (-v > bound) return -1;
  return compareDistance2Exact(px, py, cx, cy, r);
}

function compareDistance2Exact(px: number, py: number, cx: number, cy: number, r: number): number {
  const n = lift([px, py, cx, cy, r], big);
  const ex = n[0]! - n[2]!;
  const ey = n[1]! - n[3]!;
  return signOf(ex * ex + ey * ey - n[4]! * n[4]!);
}
