/**
 * Exact reference for a ray against a closed convex polygon, from the spec alone (not from src/):
 * Cyrus-Beck clipping in exact integers. All inputs go on one grid; with s the sign of the
 * polygon's area (shoelace), the ray's point o + t d is inside edge p -> q when
 * s cross(q - p, o + t d - p) = a + t b >= 0. The ray meets the polygon when the t >= 0 meeting
 * every such constraint form a non-empty interval; its first point is at `enter`.
 */
import { cmp, onGrid, type Rational, rat } from "./bigrational.ts";
import type { V2 } from "./exact2d.ts";

export interface RayPolygonRef {
  hit: boolean;
  /** The origin is in the closed polygon (then `enter` is 0). */
  inside: boolean;
  /** The origin is strictly inside every edge. */
  strictlyInside: boolean;
  /** The first t in the polygon, when hit. */
  enter: Rational;
}

/** Null for a flat polygon (all corners on one line: zero area). */
export function rayPolygon(o: V2, d: V2, pts: readonly V2[]): RayPolygonRef | null {
  const n = pts.length;
  const vals = [o.x, o.y, d.x, d.y];
  for (const p of pts) vals.push(p.x, p.y);
  const g = onGrid(vals).ints;
  const ox = g[0]!;
  const oy = g[1]!;
  const dx = g[2]!;
  const dy = g[3]!;
  const X = (i: number): bigint => g[4 + 2 * i]!;
  const Y = (i: number): bigint => g[5 + 2 * i]!;
  let area = 0n;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area += X(i) * Y(j) - Y(i) * X(j);
  }
  if (area === 0n) return null;
  const s = area > 0n ? 1n : -1n;
  let enter = rat(0n);
  let exit: Rational | null = null;
  let inside = true;
  let strictlyInside = true;
  let hit = true;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = X(j) - X(i);
    const ey = Y(j) - Y(i);
    const a = s * (ex * (oy - Y(i)) - ey * (ox - X(i)));
    const b = s * (ex * dy - ey * dx);
    if (a < 0n) inside = false;
    if (a <= 0n) strictlyInside = false;
    if (b === 0n) {
      if (a < 0n) hit = false;
    } else if (b > 0n) {
      const t = rat(-a, b);
      if (cmp(t, enter) > 0) enter = t;
    } else {
      const t = rat(a, -b);
      if (exit === null || cmp(t, exit) < 0) exit = t;
    }
  }
  if (exit !== null && cmp(enter, exit) > 0) hit = false;
  return { hit, inside, strictlyInside, enter };
}
