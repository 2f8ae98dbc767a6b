import type { Vec } from "../2d/shapes.ts";

/**
 * Writes the unit vector along (x, y) into `out` and returns true, or returns false and leaves
 * `out` alone when (x, y) is zero. Safe for components near the overflow and underflow limits.
 */
export function normalize2(x: number, y: number, out: Vec): boolean {
  if (x === 0 && y === 0) return false;
  out.x = x;
  out.y = y;
  return normalizeInPlace(out);
}

/**
 * Scales `v` to unit length and returns true, or returns false when it is zero. It takes no
 * double, so a caller too large to inline it boxes nothing (V8 boxes each double passed to a
 * call it does not inline). Safe for components near the overflow and underflow limits.
 */
export function normalizeInPlace(v: Vec): boolean {
  let x = v.x;
  let y = v.y;
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
  v.x = x * inv + 0; // + 0 turns -0 into 0
  v.y = y * inv + 0;
  return true;
}

/**
 * |(x, y)|, within a couple of ulps. Not Math.hypot: V8 (Node 20) does not inline it, so each
 * call returns a fresh heap number (about 48 bytes of garbage). Rescales outside [2^-1000, 2^1000].
 * Every return is computed here, none by a call: where V8 inlines length2, a callee's result (a
 * tagged value) merged with the plain root would make it box the root on every call.
 */
export function length2(x: number, y: number): number {
  const n2 = x * x + y * y;
  if (n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301) return Math.sqrt(n2);
  const m = Math.max(Math.abs(x), Math.abs(y));
  if (!(m > 0 && m < Number.POSITIVE_INFINITY)) return m;
  const a = x / m;
  const b = y / m;
  return m * Math.sqrt(a * a + b * b);
}
