import type { Vec } from "../3d/shapes.ts";

/**
 * Writes the unit vector along (x, y, z) into `out` and returns true, or returns false and leaves
 * `out` alone when (x, y, z) is zero. Safe for components near the overflow and underflow limits.
 */
export function normalize3(x: number, y: number, z: number, out: Vec): boolean {
  let n2 = x * x + y * y + z * z;
  if (!(n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301)) {
    // Outside [2^-1000, 2^1000] the squares lost precision or overflowed: rescale.
    const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    if (m === 0) return false;
    x /= m;
    y /= m;
    z /= m;
    n2 = x * x + y * y + z * z;
  }
  const inv = 1 / Math.sqrt(n2);
  out.x = x * inv + 0; // + 0 turns -0 into 0
  out.y = y * inv + 0;
  out.z = z * inv + 0;
  return true;
}

/** Writes into `out` a unit vector perpendicular to the non-zero (x, y, z). */
export function anyPerpendicular3(x: number, y: number, z: number, out: Vec): void {
  // Cross with the axis of the smallest component, which is never parallel to (x, y, z).
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  if (ax <= ay && ax <= az) normalize3(0, z, -y, out);
  else if (ay <= az) normalize3(-z, 0, x, out);
  else normalize3(y, -x, 0, out);
}
