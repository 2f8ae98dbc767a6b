import { orient2d } from "../../exact/orient2d.ts";
import type { Polygon, Vec } from "../shapes.ts";

/**
 * Whether the points, in order, are the corners of a convex polygon (either winding, collinear
 * runs and repeated corners allowed): every turn has the same sign or none, and the boundary
 * winds around once. Exact for every finite input.
 */
export function isConvex(given: readonly Vec[]): boolean {
  if (given.length < 4) return true;
  // Turns are taken between distinct corners: a repeated corner makes both turns around it
  // zero, and so hid a turn the wrong way (a sweep then met the polygon's spike, not its hull).
  const points = given.filter((p, i) => {
    const prev = given[(i + given.length - 1) % given.length]!;
    return p.x !== prev.x || p.y !== prev.y;
  });
  const n = points.length;
  if (n < 4) return true;
  let turn = 0;
  let xFlips = 0;
  let yFlips = 0;
  let lastDx = 0;
  let lastDy = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    const q = points[(i + 1) % n]!;
    const r = points[(i + 2) % n]!;
    const o = orient2d(p.x, p.y, q.x, q.y, r.x, r.y);
    if (o !== 0) {
      if (turn !== 0 && o !== turn) return false;
      turn = o;
    }
    // A convex boundary changes its x direction twice and its y direction twice per loop; a star
    // turns one way throughout but changes them more often.
    const dx = Math.sign(q.x - p.x);
    const dy = Math.sign(q.y - p.y);
    if (dx !== 0) {
      if (lastDx !== 0 && dx !== lastDx) xFlips++;
      lastDx = dx;
    }
    if (dy !== 0) {
      if (lastDy !== 0 && dy !== lastDy) yFlips++;
      lastDy = dy;
    }
  }
  return xFlips <= 2 && yFlips <= 2;
}

function lexLess(p: Vec, q: Vec): boolean {
  return p.x < q.x || (p.x === q.x && p.y < q.y);
}

/**
 * The convex hull of the points as a counter-clockwise polygon without collinear corners; one
 * distinct point gives a one-point polygon, collinear points their two extremes. Exact: every
 * turn is decided by an exact orientation test.
 * @see A. M. Andrew, "Another efficient algorithm for convex hulls in two dimensions", IPL 1979
 * (the monotone chain).
 */
export function convexHull(points: readonly Vec[]): Polygon & { kind: "polygon" } {
  const sorted = points
    .map((p) => ({ x: p.x, y: p.y }))
    .sort((p, q) => (lexLess(p, q) ? -1 : lexLess(q, p) ? 1 : 0));
  const unique: Vec[] = [];
  for (const p of sorted) {
    const last = unique[unique.length - 1];
    if (!last || last.x !== p.x || last.y !== p.y) unique.push(p);
  }
  if (unique.length <= 2) return { kind: "polygon", points: unique };
  const hull: Vec[] = [];
  // Lower chain left to right, then upper chain right to left; pop on any non-left turn.
  for (const pass of [unique, [...unique].reverse()]) {
    const start = hull.length;
    for (const p of pass) {
      while (hull.length >= start + 2) {
        const a = hull[hull.length - 2]!;
        const b = hull[hull.length - 1]!;
        if (orient2d(a.x, a.y, b.x, b.y, p.x, p.y) > 0) break;
        hull.pop();
      }
      hull.push(p);
    }
    hull.pop();
  }
  return { kind: "polygon", points: hull };
}
