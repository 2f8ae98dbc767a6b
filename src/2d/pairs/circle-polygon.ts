import type { Contact } from "../results.ts";
import type { Circle, Polygon } from "../shapes.ts";

/*
 * The float contact of a circle (A) and a proper convex polygon (B): the edge of greatest
 * separation of the center, then the Voronoi region of that edge or of one of its ends (Catto,
 * "Collision detection", GDC 2007; Box2D's polygon-circle manifold). A circle's contact has one
 * point. The caller falls back to the general manifold whenever this returns 0: polygons with
 * fewer than three corners or too little area, a scale (a sum of the magnitudes, at least each
 * coordinate) outside [2^-150, 2^150] (so the degree-6 edge comparison cannot overflow, and
 * underflows only for separations far inside the margin; Math.sqrt of a sum of squares needs no
 * Math.hypot), and a center so near a corner's region boundary, or so deep, that the choice
 * between face and corner is not clear in floats.
 */

const TOO_SMALL = 2 ** -150;
const TOO_BIG = 2 ** 150;
/**
 * A relative margin far above the rounding of the quantities compared: each separation or corner
 * distance is a handful of roundings on values below 4 scale (about 2^-47 scale in all), so a
 * comparison clear by 2^-30 scale has the exact sign, and overlap is decided here only then.
 */
const CLEAR = 2 ** -30;

/** The circle and the polygon are clearly apart. */
export const APART = 2;

/**
 * Returns APART when the shapes are clearly apart (leaving `out` alone), 0 when the general exact
 * path must decide, else fills `out` (normal from the circle to the polygon, depth, one point
 * midway between the surfaces) and returns 1 with the containment flags settled or -1 when a
 * flag needs the exact test. With `flags` false (a boolean test) the flags are left
 * unsettled and a touch returns 1.
 */
export function circlePolygonContact(a: Circle, b: Polygon, out: Contact, flags: boolean): number {
  const pts = b.points;
  const n = pts.length;
  if (n < 3) return 0;
  const cx = a.center.x;
  const cy = a.center.y;
  const r = a.radius;
  // The winding from three corners a third of the way apart: for a convex polygon in order, any
  // three distinct corners turn its way or are collinear, and this triangle lies inside it, so a
  // clear area here (checked after the pass, with the scale) is also a clear polygon area.
  const p0 = pts[0]!;
  const p1 = pts[(n / 3) | 0]!;
  const p2 = pts[((2 * n) / 3) | 0]!;
  const tri = (p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x);
  const ccw = tri > 0 ? 1 : -1;
  // One pass over the edges: the scale and the edge the center is farthest past on its outer
  // side. The separation s / len is compared without a square root or division per edge: with s the dot of the outward unnormalised normal ccw (ey, -ex), s|s| / len² orders
  // the edges as s / len does, and s|s| len'² > s'|s'| len² compares two of them (degree 6: the
  // scale limit checked after the pass keeps it finite; anything out of range returns 0 before it
  // is used). Edge i runs from corner i - 1 (carried in vx, vy) to corner i. The scale is a sum
  // of magnitudes, so at least each one (all the margins below need; it only makes them wider):
  // a running Math.max or Math.min in this loop measured a quarter of the function's time. It
  // starts with every point used before its turn in the pass (the circle, the winding's corners,
  // v); a sum that overflows fails the range checks.
  const last = pts[n - 1]!;
  let vx = last.x;
  let vy = last.y;
  let scale =
    Math.abs(cx) +
    Math.abs(cy) +
    r +
    (Math.abs(vx) + Math.abs(vy)) +
    (Math.abs(p0.x) + Math.abs(p0.y)) +
    (Math.abs(p1.x) + Math.abs(p1.y)) +
    (Math.abs(p2.x) + Math.abs(p2.y));
  const r2 = r * r;
  let hi = 0;
  let hiKey = Number.NEGATIVE_INFINITY;
  let hiL2 = 1;
  for (let i = 0; i < n; i++) {
    const w = pts[i]!;
    const wx = w.x;
    const wy = w.y;
    const ex = wx - vx;
    const ey = wy - vy;
    scale += Math.abs(wx) + Math.abs(wy);
    const l2 = ex * ex + ey * ey;
    const sep = ccw * (ey * (cx - vx) - ex * (cy - vy));
    const key = sep * Math.abs(sep);
    // The center past an edge by more than r ends the pass (Box2D's early out) when it is clear:
    // with the scale so far (which covers v, w, the circle and the winding's corners) in range,
    // the winding clear and the edge not short, sep and len are within 2^-45 scale len and
    // 2^-50 len of the exact values, so sep > (r + margin) len puts the whole circle strictly
    // outside the edge's line, hence outside the convex polygon. (key > r2 l2 >= 0 already
    // means sep > 0: no separate sign test in the pass.)
    if (key > r2 * l2) {
      const m = CLEAR * scale;
      const rm = r + m;
      if (
        scale < TOO_BIG &&
        scale > TOO_SMALL &&
        Math.abs(tri) > m * scale &&
        l2 > m * m &&
        key > rm * rm * l2
      ) {
        return APART;
      }
    }
    if (key * hiL2 > hiKey * l2) {
      hi = i;
      hiKey = key;
      hiL2 = l2;
    }
    vx = wx;
    vy = wy;
  }
  if (!(scale < TOO_BIG && scale > TOO_SMALL)) return 0;
  // Each edge length is at most 2 scale, so an area small next to scale² is a sliver (or a
  // collinear triple, whose winding is unknown).
  if (!(Math.abs(tri) > CLEAR * scale * scale)) return 0;
  const margin = CLEAR * scale;
  // A short edge's squares may have lost digits; leave it to the general path. A pass of its own:
  // no running minimum in the pass above.
  const mm = margin * margin;
  let px = last.x;
  let py = last.y;
  for (let i = 0; i < n; i++) {
    const w = pts[i]!;
    const ex = w.x - px;
    const ey = w.y - py;
    if (!(ex * ex + ey * ey > mm)) return 0;
    px = w.x;
    py = w.y;
  }
  // The chosen edge (corner best to corner best + 1), its unit normal and separation.
  const best = hi === 0 ? n - 1 : hi - 1;
  const bv = pts[best]!;
  const bw = pts[hi]!;
  const bex = bw.x - bv.x;
  const bey = bw.y - bv.y;
  const bLen = Math.sqrt(hiL2);
  const inv = ccw / bLen;
  const bnx = bey * inv;
  const bny = -bex * inv;
  const bestSep = bnx * (cx - bv.x) + bny * (cy - bv.y);
  let nx: number;
  let ny: number;
  let depth: number;
  if (bestSep <= 0) {
    if (bestSep >= -margin) return 0;
    // The center is clearly inside: push out through the nearest edge.
    nx = -bnx;
    ny = -bny;
    depth = r - bestSep;
  } else {
    // The center's reach past either end of the edge, times its length (no division).
    const u1 = (cx - bv.x) * bex + (cy - bv.y) * bey;
    const u2 = (bw.x - cx) * bex + (bw.y - cy) * bey;
    const mLen = margin * bLen;
    if (Math.abs(u1) <= mLen || Math.abs(u2) <= mLen) return 0;
    if (u1 < 0 || u2 < 0) {
      // A corner region: the normal runs from the center to the corner. The corner's region is
      // also bounded by its other edge; a center past that edge's end (collinear corners, where
      // the best edge is ambiguous) goes to the general path.
      const k = u1 < 0 ? bv : bw;
      const o = u1 < 0 ? pts[best === 0 ? n - 1 : best - 1]! : pts[hi + 1 === n ? 0 : hi + 1]!;
      const ox = o.x - k.x;
      const oy = o.y - k.y;
      if (!((cx - k.x) * ox + (cy - k.y) * oy < -margin * Math.sqrt(ox * ox + oy * oy))) return 0;
      const dx = k.x - cx;
      const dy = k.y - cy;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d - r > margin) return APART;
      if (!(d > margin) || d - r >= -margin) return 0;
      nx = dx / d;
      ny = dy / d;
      depth = r - d;
    } else {
      if (bestSep - r > margin) return APART;
      if (bestSep - r >= -margin) return 0;
      nx = -bnx;
      ny = -bny;
      depth = r - bestSep;
    }
  }
  if (depth < 0) depth = 0;
  out.normal.x = nx + 0;
  out.normal.y = ny + 0;
  out.depth = depth;
  // Midway between the surfaces along the normal: the circle's surface point less half the depth.
  const m = r - depth / 2;
  const p = out.points[0];
  p.point.x = cx + m * nx;
  p.point.y = cy + m * ny;
  p.depth = depth;
  out.count = 1;
  out.aInB = false;
  out.bInA = false;
  if (!flags) return 1;
  // The circle is inside only when the center is at least r inside every edge (bestSep, the
  // greatest separation, at most -r); then every corner, on those edges, is at least r away, so
  // the polygon is not inside. The polygon is inside only when every corner is within r of the
  // center; then the circle is not, as the center is less than r inside the best edge. Settled
  // here when clear either way (the exact containment tests cost far more than this function).
  if (bestSep < -r - margin) {
    out.aInB = true;
    return 1;
  }
  if (bestSep > -r + margin) {
    const reach = r + margin;
    const inner = r - margin;
    let allIn = inner > 0;
    for (let i = 0; i < n; i++) {
      const dx = pts[i]!.x - cx;
      const dy = pts[i]!.y - cy;
      const d2 = dx * dx + dy * dy;
      if (d2 > reach * reach) return 1;
      allIn = allIn && d2 < inner * inner;
    }
    if (allIn) {
      out.bInA = true;
      return 1;
    }
  }
  return -1;
}
