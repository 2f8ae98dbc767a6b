import { normalize2 } from "../../math/vec2.ts";
import type { Contact } from "../results.ts";
import { type GjkResult, gjkDistance } from "./gjk.ts";
import { coresOverlap, windingOf } from "./overlap.ts";
import type { ConvexProxy } from "./proxy.ts";

/*
 * Contact data for two rounded convex proxies that touch (the callers decide that exactly).
 * Overlapping cores: the axis of least penetration among the edge normals of both cores (for
 * polygons the Minkowski difference has no other face normals), a reference edge on its owner,
 * the most anti-parallel incident edge of the other, clipped to the reference edge's side
 * planes: up to two points. Disjoint cores within the radii use the same clipping when an edge
 * normal carries their distance (face to face), else GJK's closest points: one point.
 * Depths include the radii.
 * @see Catto, "Contact Manifolds", GDC 2007 (reference and incident faces, clipping); Ericson,
 * Real-Time Collision Detection, §5.2.1 (separating axes).
 */

const G: GjkResult = {
  distance: 0,
  pointA: { x: 0, y: 0 },
  pointB: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  iterations: 0,
};
const U = { x: 0, y: 0 };

// The best axis found: its owner (0 = A, 1 = B), edge index, outward unit normal, depth. The
// doubles sit in a Float64Array: V8 (Node 20) boxes a double written to a module-level `let`.
const BEST = new Float64Array(3);
const BEST_NX = 0;
const BEST_NY = 1;
const BEST_DEPTH = 2;
let bestOwner = -1;
let bestEdge = 0;
/** Whether a core is a polygon with area, whose edge normals (with the other's) are every axis. */
let properCore = false;

/** Tries every edge normal of `ref` (both sides for a flat core) against `inc`. */
function axesOf(ref: ConvexProxy, inc: ConvexProxy, owner: number): void {
  const n = ref.count;
  if (n < 2) return;
  const s = windingOf(ref);
  if (s !== 0) properCore = true;
  const edges = n === 2 ? 1 : n;
  const xy = ref.xy;
  const ixy = inc.xy;
  const r = ref.radius + inc.radius;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    if (!normalize2(xy[2 * j + 1]! - ay, ax - xy[2 * j]!, U)) continue;
    // (ey, -ex) is outward for a counter-clockwise polygon; a flat core tries both sides.
    for (let side = 0; side < 2; side++) {
      const sign = s === 0 ? (side === 0 ? 1 : -1) : s > 0 ? 1 : -1;
      if (s !== 0 && side === 1) break;
      const nx = sign * U.x;
      const ny = sign * U.y;
      const h = nx * ax + ny * ay;
      let low = Number.POSITIVE_INFINITY;
      for (let k = 0; k < inc.count; k++) {
        const v = nx * ixy[2 * k]! + ny * ixy[2 * k + 1]!;
        if (v < low) low = v;
      }
      const depth = h - low + r;
      if (bestOwner < 0 || depth < BEST[BEST_DEPTH]!) {
        bestOwner = owner;
        bestEdge = i;
        BEST[BEST_NX] = nx;
        BEST[BEST_NY] = ny;
        BEST[BEST_DEPTH] = depth;
      }
    }
  }
}

function setPoint(out: Contact, k: number, x: number, y: number, depth: number): void {
  const p = out.points[k]!;
  p.point.x = x;
  p.point.y = y;
  p.depth = depth;
}

/**
 * Writes the points of incident core `inc` against the reference face (outward unit normal
 * (nx, ny) at offset h, side planes at u in [u0, u1] along (tx, ty)): clipped, with depths.
 */
function clip(
  inc: ConvexProxy,
  nx: number,
  ny: number,
  h: number,
  tx: number,
  ty: number,
  u0: number,
  u1: number,
  r: number,
  rInc: number,
  out: Contact,
): void {
  const xy = inc.xy;
  const n = inc.count;
  // The incident feature: the point, the segment, or the edge most against the normal.
  let i = 0;
  let j = 0;
  if (n === 2) j = 1;
  else if (n > 2) {
    const w = windingOf(inc);
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const l = k + 1 === n ? 0 : k + 1;
      const big = Math.max(
        Math.abs(xy[2 * l]! - xy[2 * k]!),
        Math.abs(xy[2 * l + 1]! - xy[2 * k + 1]!),
      );
      if (big === 0) continue;
      // Scaled by the larger component first, so the length neither overflows nor underflows.
      const ex = (xy[2 * l]! - xy[2 * k]!) / big;
      const ey = (xy[2 * l + 1]! - xy[2 * k + 1]!) / big;
      const len = Math.sqrt(ex * ex + ey * ey);
      // The outward normal is (ey, -ex) for a counter-clockwise core; a flat one compares both ways.
      const d = ((w > 0 ? 1 : -1) * (nx * ey - ny * ex)) / len;
      const score = w === 0 ? -Math.abs(d) : d;
      if (score < best) {
        best = score;
        i = k;
        j = l;
      }
    }
  }
  let px = xy[2 * i]!;
  let py = xy[2 * i + 1]!;
  let qx = xy[2 * j]!;
  let qy = xy[2 * j + 1]!;
  // Clip p-q to the slab u0 <= t.x <= u1.
  const up = tx * px + ty * py;
  const uq = tx * qx + ty * qy;
  if (up !== uq) {
    const lo = Math.min(u0, u1);
    const hi = Math.max(u0, u1);
    const f0 = (Math.min(Math.max(up, lo), hi) - up) / (uq - up);
    const f1 = (Math.min(Math.max(uq, lo), hi) - up) / (uq - up);
    const dx = qx - px;
    const dy = qy - py;
    const x0 = px + f0 * dx;
    const y0 = py + f0 * dy;
    qx = px + f1 * dx;
    qy = py + f1 * dy;
    px = x0;
    py = y0;
  }
  let count = 0;
  let deepest = -1;
  let deepestDepth = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < (i === j ? 1 : 2); k++) {
    const x = k === 0 ? px : qx;
    const y = k === 0 ? py : qy;
    const depth = h + r - (nx * x + ny * y);
    if (depth > deepestDepth) {
      deepestDepth = depth;
      deepest = k;
    }
    if (depth >= 0) {
      // Midway between the incident surface (x - rInc n) and the reference one.
      const m = depth / 2 - rInc;
      setPoint(out, count++, x + m * nx, y + m * ny, depth);
    }
  }
  if (count === 0) {
    const x = deepest === 0 ? px : qx;
    const y = deepest === 0 ? py : qy;
    setPoint(out, count++, x - rInc * nx, y - rInc * ny, 0);
  }
  out.count = count;
}

/** Fills `out` with the contact of two touching rounded convex proxies (normal from a to b). */
export function manifold(a: ConvexProxy, b: ConvexProxy, out: Contact): Contact {
  const ra = a.radius;
  const rb = b.radius;
  out.aInB = false;
  out.bInA = false;
  bestOwner = -1;
  properCore = false;
  axesOf(a, b, 0);
  axesOf(b, a, 1);
  // Every edge axis overlapping the cores clearly means the cores overlap, provided one of them
  // has area (points and segments also separate along their own direction); otherwise GJK.
  let scale = ra + rb;
  for (let k = 0; k < 2 * a.count; k++) scale = Math.max(scale, Math.abs(a.xy[k]!));
  for (let k = 0; k < 2 * b.count; k++) scale = Math.max(scale, Math.abs(b.xy[k]!));
  const tolerance = 1e-10 * scale;
  let gap = 0;
  if (bestOwner < 0 || BEST[BEST_DEPTH]! - (ra + rb) <= tolerance || !properCore) {
    a.radius = 0;
    b.radius = 0;
    gjkDistance(a, b, G);
    a.radius = ra;
    b.radius = rb;
    gap = G.distance;
    // Rounding leaves crossing cores a hair apart; the exact test says whether they touch.
    if (gap > 0 && gap <= tolerance && coresOverlap(a, b)) gap = 0;
  }
  // An edge axis as deep as GJK's (which is the least when the cores are apart): face contact.
  const faceToFace =
    bestOwner >= 0 && (gap === 0 || BEST[BEST_DEPTH]! <= ra + rb - gap + tolerance);
  if (!faceToFace && gap > 0) {
    // Cores apart, nearest at a corner: along the line between the closest core points.
    // Renormalised: at subnormal scale GJK's normal has lost length.
    if (!normalize2(G.normal.x, G.normal.y, U)) {
      U.x = G.normal.x;
      U.y = G.normal.y;
    }
    const nx = U.x;
    const ny = U.y;
    const depth = Math.max(0, ra + rb - gap);
    out.normal.x = nx;
    out.normal.y = ny;
    out.depth = depth;
    const m = ra - depth / 2;
    setPoint(out, 0, G.pointA.x + m * nx, G.pointA.y + m * ny, depth);
    out.count = 1;
    return out;
  }
  if (bestOwner < 0) {
    // Two point cores in the same place.
    out.normal.x = 1;
    out.normal.y = 0;
    out.depth = ra + rb;
    setPoint(out, 0, a.xy[0]!, a.xy[1]!, ra + rb);
    out.count = 1;
    return out;
  }
  const ref = bestOwner === 0 ? a : b;
  const inc = bestOwner === 0 ? b : a;
  const nx = BEST[BEST_NX]!;
  const ny = BEST[BEST_NY]!;
  const depth = Math.max(0, BEST[BEST_DEPTH]!);
  out.normal.x = bestOwner === 0 ? nx : -nx;
  out.normal.y = bestOwner === 0 ? ny : -ny;
  out.depth = depth;
  const xy = ref.xy;
  const i = bestEdge;
  const j = i + 1 === ref.count ? 0 : i + 1;
  const ax = xy[2 * i]!;
  const ay = xy[2 * i + 1]!;
  const bx = xy[2 * j]!;
  const by = xy[2 * j + 1]!;
  const tx = ny;
  const ty = -nx;
  clip(
    inc,
    nx,
    ny,
    nx * ax + ny * ay + ref.radius,
    tx,
    ty,
    tx * ax + ty * ay,
    tx * bx + ty * by,
    inc.radius,
    inc.radius,
    out,
  );
  return out;
}
