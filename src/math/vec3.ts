import type { Vec } from "../3d/shapes.ts";

/**
 * Writes the unit vector along (x, y, z) into `out` and returns true, or returns false and leaves
 * `out` alone when (x, y, z) is zero. Safe for components near the overflow and underflow limits.
 */
export function normalize3(x: number, y: number, z: number, out: Vec): boolean {
  if (x === 0 && y === 0 && z === 0) return false;
  out.x = x;
  out.y = y;
  out.z = z;
  return normalize3InPlace(out);
}

/**
 * Scales `v` to unit length and returns true, or returns false when it is zero. It takes no
 * double, so a caller too large to inline it boxes nothing (V8 boxes each double passed to a
 * call it does not inline). Safe for components near the overflow and underflow limits.
 */
export function normalize3InPlace(v: Vec): boolean {
  let x = v.x;
  let y = v.y;
  let z = v.z;
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
  v.x = x * inv + 0; // + 0 turns -0 into 0
  v.y = y * inv + 0;
  v.z = z * inv + 0;
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
