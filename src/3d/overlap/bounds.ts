/**
 * Float bounding boxes that certainly contain a rounded core (padded by a bound on their own
 * rounding), for the quick reject every 3D overlap pair tries before its exact test.
 */
import { EPS } from "../../exact/filter.ts";
import type { Aabb, Box, Hull, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_HULL,
  CORE_POINT,
  CORE_SEGMENT,
  CORE_TRIANGLE,
  type CoreShape,
} from "./exact.ts";

/** Relative padding: each bound below is a sum of at most 5 rounded terms. */
const PAD = 8 * EPS;
/** Absolute padding, for bounds near zero. */
const TINY = 2 ** -1000;

const ax: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/** Per-axis lower and upper bound of a core grown by r: [minx, miny, minz, maxx, maxy, maxz]. */
export function coreBounds(kind: number, s: CoreShape, r: number, out: Float64Array): void {
  switch (kind) {
    case CORE_POINT: {
      const p = s as Vec;
      span(out, 0, p.x, p.x, r);
      span(out, 1, p.y, p.y, r);
      span(out, 2, p.z, p.z, r);
      return;
    }
    case CORE_SEGMENT: {
      const { a, b } = s as { a: Vec; b: Vec };
      span(out, 0, Math.min(a.x, b.x), Math.max(a.x, b.x), r);
      span(out, 1, Math.min(a.y, b.y), Math.max(a.y, b.y), r);
      span(out, 2, Math.min(a.z, b.z), Math.max(a.z, b.z), r);
      return;
    }
    case CORE_TRIANGLE: {
      const { a, b, c } = s as Triangle;
      span(out, 0, Math.min(a.x, b.x, c.x), Math.max(a.x, b.x, c.x), r);
      span(out, 1, Math.min(a.y, b.y, c.y), Math.max(a.y, b.y, c.y), r);
      span(out, 2, Math.min(a.z, b.z, c.z), Math.max(a.z, b.z, c.z), r);
      return;
    }
    case CORE_AABB: {
      const { min, max } = s as Aabb;
      span(out, 0, min.x, max.x, r);
      span(out, 1, min.y, max.y, r);
      span(out, 2, min.z, max.z, r);
      return;
    }
    case CORE_BOX: {
      const b = s as Box;
      boxAxes(b, ax);
      const a0 = ax[0]!;
      const a1 = ax[1]!;
      const a2 = ax[2]!;
      const ex = Math.abs(a0.x) + Math.abs(a1.x) + Math.abs(a2.x);
      const ey = Math.abs(a0.y) + Math.abs(a1.y) + Math.abs(a2.y);
      const ez = Math.abs(a0.z) + Math.abs(a1.z) + Math.abs(a2.z);
      const c = b.center;
      span(out, 0, c.x - ex, c.x + ex, r + PAD * (Math.abs(c.x) + ex));
      span(out, 1, c.y - ey, c.y + ey, r + PAD * (Math.abs(c.y) + ey));
      span(out, 2, c.z - ez, c.z + ez, r + PAD * (Math.abs(c.z) + ez));
      return;
    }
    case CORE_HULL: {
      const pts = (s as Hull).points;
      let x0 = pts[0]!.x;
      let y0 = pts[0]!.y;
      let z0 = pts[0]!.z;
      let x1 = x0;
      let y1 = y0;
      let z1 = z0;
      for (let i = 1; i < pts.length; i++) {
        const p = pts[i]!;
        if (p.x < x0) x0 = p.x;
        else if (p.x > x1) x1 = p.x;
        if (p.y < y0) y0 = p.y;
        else if (p.y > y1) y1 = p.y;
        if (p.z < z0) z0 = p.z;
        else if (p.z > z1) z1 = p.z;
      }
      span(out, 0, x0, x1, r);
      span(out, 1, y0, y1, r);
      span(out, 2, z0, z1, r);
      return;
    }
  }
}

/** [lo - r, hi + r] widened by its own rounding. */
function span(out: Float64Array, k: number, lo: number, hi: number, r: number): void {
  out[k] = lo - r - PAD * (Math.abs(lo) + r) - TINY;
  out[k + 3] = hi + r + PAD * (Math.abs(hi) + r) + TINY;
}

/** True when two bounds from `coreBounds` are certainly apart on some axis. */
export function boundsApart(a: Float64Array, b: Float64Array): boolean {
  return (
    a[3]! < b[0]! ||
    b[3]! < a[0]! ||
    a[4]! < b[1]! ||
    b[4]! < a[1]! ||
    a[5]! < b[2]! ||
    b[5]! < a[2]!
  );
}
