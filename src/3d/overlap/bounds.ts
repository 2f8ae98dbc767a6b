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
      out[0] = p.x;
      out[3] = p.x;
      out[1] = p.y;
      out[4] = p.y;
      out[2] = p.z;
      out[5] = p.z;
      break;
    }
    case CORE_SEGMENT: {
      const { a, b } = s as { a: Vec; b: Vec };
      out[0] = Math.min(a.x, b.x);
      out[3] = Math.max(a.x, b.x);
      out[1] = Math.min(a.y, b.y);
      out[4] = Math.max(a.y, b.y);
      out[2] = Math.min(a.z, b.z);
      out[5] = Math.max(a.z, b.z);
      break;
    }
    case CORE_TRIANGLE: {
      const { a, b, c } = s as Triangle;
      out[0] = Math.min(a.x, b.x, c.x);
      out[3] = Math.max(a.x, b.x, c.x);
      out[1] = Math.min(a.y, b.y, c.y);
      out[4] = Math.max(a.y, b.y, c.y);
      out[2] = Math.min(a.z, b.z, c.z);
      out[5] = Math.max(a.z, b.z, c.z);
      break;
    }
    case CORE_AABB: {
      const { min, max } = s as Aabb;
      out[0] = min.x;
      out[3] = max.x;
      out[1] = min.y;
      out[4] = max.y;
      out[2] = min.z;
      out[5] = max.z;
      break;
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
      // The corners' own rounding first; pad() adds the radius and the rounding of the sums.
      const px = PAD * (Math.abs(c.x) + ex);
      const py = PAD * (Math.abs(c.y) + ey);
      const pz = PAD * (Math.abs(c.z) + ez);
      out[0] = c.x - ex - px;
      out[3] = c.x + ex + px;
      out[1] = c.y - ey - py;
      out[4] = c.y + ey + py;
      out[2] = c.z - ez - pz;
      out[5] = c.z + ez + pz;
      break;
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
      out[0] = x0;
      out[3] = x1;
      out[1] = y0;
      out[4] = y1;
      out[2] = z0;
      out[5] = z1;
      break;
    }
  }
  // Grown by r and widened by its own rounding, in place, written out: lo and hi passed to a
  // helper V8 does not inline are boxed (96 bytes a call for two shapes' bounds).
  for (let k = 0; k < 3; k++) {
    const lo = out[k]!;
    const hi = out[k + 3]!;
    out[k] = lo - r - PAD * (Math.abs(lo) + r) - TINY;
    out[k + 3] = hi + r + PAD * (Math.abs(hi) + r) + TINY;
  }
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
