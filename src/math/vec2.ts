import type { Vec } from "../2d/shapes.ts";

/**
 * Writes the unit vector along (x, y) into `out` and returns true, or returns false and leaves
 * `out` alone when (x, y) is zero. Safe for components near the overflow and underflow limits.
 */
export function normalize2(x: number, y: number, out: Vec): boolean {
  let n2 = x * x + y * y;
  if (!(n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301)) {
    // Outside [2^-1000, 2^1000] the squares lost precision or overflowed: rescale.
    const m = Math.max(Math.abs(x), Math.abs(y));
    if (m === 0) return false;
    x /= m;
    y /= m;
    n2 = x * x + y * y;
  }
  const inv = 1 / Math.sqrt(n2);
  out.x = x * inv + 0; // + 0 turns -0 into 0
  out.y = y * inv + 0;
  return true;
}
