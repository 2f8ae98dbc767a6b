/**
 * Exact reference for a ray against a closed disk, from the spec alone (not from src/): the ray
 * o + t d, t >= 0, meets the disk (c, r) when f(t) = |w + t d|^2 - r^2 <= 0 for some t >= 0, with
 * w = o - c; f(t) = dd t^2 + 2 wd t + f0. Inside (f0 <= 0) reports t = 0; otherwise f decreases
 * from t = 0 only when wd < 0, and its minimum over t >= 0 is at the vertex -wd / dd, where
 * dd f = dd f0 - wd^2.
 */
import { onGrid } from "./bigrational.ts";
import { type FirstRoot, firstRoot, type V2 } from "./exact2d.ts";

export interface RayCircleRef {
  hit: boolean;
  /** The origin is in the closed disk (t = 0). */
  inside: boolean;
  /** The origin is in the open disk. */
  strictlyInside: boolean;
  /** The first t when hit and not inside. */
  root: FirstRoot | null;
}

export function rayCircle(o: V2, d: V2, c: V2, r: number): RayCircleRef {
  const { ints } = onGrid([o.x, o.y, d.x, d.y, c.x, c.y, r]);
  const [ox, oy, dx, dy, cx, cy, R] = ints as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  const wx = ox - cx;
  const wy = oy - cy;
  const dd = dx * dx + dy * dy;
  const wd = wx * dx + wy * dy;
  const f0 = wx * wx + wy * wy - R * R;
  if (f0 <= 0n) return { hit: true, inside: true, strictlyInside: f0 < 0n, root: null };
  const hit = dd !== 0n && wd < 0n && dd * f0 - wd * wd <= 0n;
  // t = -wd / dd - ...: a ratio of degree-0 in the grid scale, so the scale passed is 0.
  return { hit, inside: false, strictlyInside: false, root: hit ? firstRoot(dd, wd, f0, 0) : null };
}
