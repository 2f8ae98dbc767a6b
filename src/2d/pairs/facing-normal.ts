import { crossSign } from "../../exact/orient2d.ts";
import { normalize2 } from "../../math/vec2.ts";
import type { Vec } from "../shapes.ts";

/**
 * The unit normal of a line along (ex, ey) that faces a point at orientation `side` from it
 * (positive: left), or, when side is 0, that faces against the direction (dx, dy) arriving at
 * it; for collinear arrivals (or a zero-length line) it is -d itself. Writes `out`.
 */
export function facingNormal(
  ex: number,
  ey: number,
  side: number,
  dx: number,
  dy: number,
  out: Vec,
): Vec {
  let s = side;
  if (s === 0) s = -crossSign(ex, 0, ey, 0, dx, 0, dy, 0);
  if (s === 0 || !normalize2(s > 0 ? -ey : ey, s > 0 ? ex : -ex, out)) {
    if (!normalize2(-dx, -dy, out)) {
      out.x = 1;
      out.y = 0;
    }
  }
  return out;
}
