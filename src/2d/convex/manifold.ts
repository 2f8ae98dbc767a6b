import { ERR3, TAIL2 } from "../../exact/filter.ts";
import type { Contact } from "../results.ts";
import { type GjkResult, gjkDistance } from "./gjk.ts";
import { containsProxy, coresOverlap, windingOf } from "./overlap.ts";
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
// A vector to normalise in place (`normalizeUV`), and a contact point (x, y, depth) for
// `setPoint`: numbers pass through typed arrays, since V8 boxes doubles passed to a call it does
// not inline.
const UV = new Float64Array(2);
const PT = new Float64Array(3);

/**
 * Scales UV to unit length and returns true, or returns false for the zero vector; as
 * math/vec2.ts's normalize2 (rescaled outside [2^-1000, 2^1000], -0 turned into 0).
 */
function normalizeUV(): boolean {
  let x = UV[0]!;
  let y = UV[1]!;
  let n2 = x * x + y * y;
  if (!(n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301)) {
    const m = Math.max(Math.abs(x), Math.abs(y));
    if (m === 0) return false;
    x /= m;
    y /= m;
    n2 = x * x + y * y;
  }
  const inv = 1 / Math.sqrt(n2);
  UV[0] = x * inv + 0;
  UV[1] = y * inv + 0;
  return true;
}

// The best axis found: its owner (0 = A, 1 = B), edge index, outward unit normal, depth. The
// doubles sit in a Float64Array: V8 (Node 20) boxes a double written to a module-level `let`.
const BEST = new Float64Array(5);
const BEST_NX = 0;
const BEST_NY = 1;
const BEST_DEPTH = 2;
// The polygon fast path's box around both polygons (width, height), read by `edgePass`.
const BOX_W = 3;
const BOX_H = 4;
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
    UV[0] = xy[2 * j + 1]! - ay;
    UV[1] = ax - xy[2 * j]!;
    if (!normalizeUV()) continue;
    // (ey, -ex) is outward for a counter-clockwise polygon; a flat core tries both sides.
    for (let side = 0; side < 2; side++) {
      const sign = s === 0 ? (side === 0 ? 1 : -1) : s > 0 ? 1 : -1;
      if (s !== 0 && side === 1) break;
      const nx = sign * UV[0]!;
      const ny = sign * UV[1]!;
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

/** Writes the point held in PT (x, y, depth) as contact point k of `out`. */
function setPoint(out: Contact, k: number): void {
  const p = out.points[k]!;
  p.point.x = PT[0]!;
  p.point.y = PT[1]!;
  p.depth = PT[2]!;
}

/** Edge endpoints chosen by `incidentEdge` (equal for a point core). */
let incI = 0;
let incJ = 0;

/**
 * Picks the incident feature of core `inc` (winding w) against the best axis's normal: the point,
 * the segment, or the edge most against the normal; sets `incI`, `incJ`.
 */
function incidentEdge(inc: ConvexProxy, w: number): void {
  const nx = BEST[BEST_NX]!;
  const ny = BEST[BEST_NY]!;
  const xy = inc.xy;
  const n = inc.count;
  incI = 0;
  incJ = n === 2 ? 1 : 0;
  if (n <= 2) return;
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
      incI = k;
      incJ = l;
    }
  }
}

/**
 * Writes the points of edge incI-incJ of incident core `inc` against the reference edge
 * `bestEdge` of `ref` (outward unit normal n in BEST; side planes at its ends along t = (ny, -nx)):
 * clipped, with depths. Reads its numbers from BEST, not from arguments: V8 boxes doubles passed to
 * a call it does not inline.
 */
function clip(ref: ConvexProxy, inc: ConvexProxy, out: Contact): void {
  const nx = BEST[BEST_NX]!;
  const ny = BEST[BEST_NY]!;
  const tx = ny;
  const ty = -nx;
  const rxy = ref.xy;
  const e0 = bestEdge;
  const e1 = e0 + 1 === ref.count ? 0 : e0 + 1;
  const h = nx * rxy[2 * e0]! + ny * rxy[2 * e0 + 1]! + ref.radius;
  const u0 = tx * rxy[2 * e0]! + ty * rxy[2 * e0 + 1]!;
  const u1 = tx * rxy[2 * e1]! + ty * rxy[2 * e1 + 1]!;
  const rInc = inc.radius;
  const r = rInc;
  const xy = inc.xy;
  const i = incI;
  const j = incJ;
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
      PT[0] = x + m * nx;
      PT[1] = y + m * ny;
      PT[2] = depth;
      setPoint(out, count++);
    }
  }
  if (count === 0) {
    const x = deepest === 0 ? px : qx;
    const y = deepest === 0 ? py : qy;
    PT[0] = x - rInc * nx;
    PT[1] = y - rInc * ny;
    PT[2] = 0;
    setPoint(out, count++);
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
    UV[0] = G.normal.x;
    UV[1] = G.normal.y;
    if (!normalizeUV()) {
      UV[0] = G.normal.x;
      UV[1] = G.normal.y;
    }
    const nx = UV[0]!;
    const ny = UV[1]!;
    const depth = Math.max(0, ra + rb - gap);
    out.normal.x = nx;
    out.normal.y = ny;
    out.depth = depth;
    const m = ra - depth / 2;
    PT[0] = G.pointA.x + m * nx;
    PT[1] = G.pointA.y + m * ny;
    PT[2] = depth;
    setPoint(out, 0);
    out.count = 1;
    return out;
  }
  if (bestOwner < 0) {
    // Two point cores in the same place.
    out.normal.x = 1;
    out.normal.y = 0;
    out.depth = ra + rb;
    PT[0] = a.xy[0]!;
    PT[1] = a.xy[1]!;
    PT[2] = ra + rb;
    setPoint(out, 0);
    out.count = 1;
    return out;
  }
  const inc = bestOwner === 0 ? b : a;
  return writeFace(a, b, windingOf(inc), null, out);
}

/**
 * Fills `out` from the best axis (`bestOwner`, `bestEdge`, BEST): the normal from a to b, the
 * depth, and the incident core (winding wInc) clipped to the reference edge. `inv` holds the
 * incident core's inverse edge lengths (0 for a zero-length edge) when known, else null.
 */
function writeFace(
  a: ConvexProxy,
  b: ConvexProxy,
  wInc: number,
  inv: Float64Array | null,
  out: Contact,
): Contact {
  const ref = bestOwner === 0 ? a : b;
  const inc = bestOwner === 0 ? b : a;
  const nx = BEST[BEST_NX]!;
  const ny = BEST[BEST_NY]!;
  const depth = Math.max(0, BEST[BEST_DEPTH]!);
  out.normal.x = bestOwner === 0 ? nx : -nx;
  out.normal.y = bestOwner === 0 ? ny : -ny;
  out.depth = depth;
  if (inv === null) incidentEdge(inc, wInc);
  else incidentEdgeOfPolygon(inc, wInc, inv);
  clip(ref, inc, out);
  return out;
}

/** `incidentEdge` for a proper polygon (winding w = ±1) whose inverse edge lengths are known. */
function incidentEdgeOfPolygon(inc: ConvexProxy, w: number, inv: Float64Array): void {
  const nx = BEST[BEST_NX]!;
  const ny = BEST[BEST_NY]!;
  const xy = inc.xy;
  const n = inc.count;
  let best = Number.POSITIVE_INFINITY;
  incI = 0;
  incJ = 0;
  for (let k = 0; k < n; k++) {
    const f = inv[k]!;
    if (f === 0) continue;
    const l = k + 1 === n ? 0 : k + 1;
    const score = w * (nx * (xy[2 * l + 1]! - xy[2 * k + 1]!) - ny * (xy[2 * l]! - xy[2 * k]!)) * f;
    if (score < best) {
      best = score;
      incI = k;
      incJ = l;
    }
  }
}

/*
 * The fast path for two proper polygons (radius 0, with area): one float pass over both edge sets
 * gives every separating-axis decision with its error bound and the least penetration axis at once,
 * so the exact test and the manifold's axis search become one loop (Box2D's reference face by
 * maximum separation, then clipping once; Catto, "Contact Manifolds", GDC 2007). For edge e = b - a
 * and a vertex q of the other polygon, o = e x (q - a) is orient2d(a, b, q), bounded as in
 * exact/orient2d.ts; s o / |e| (s the winding) is q's depth behind the edge line, and the edge
 * separates exactly when every s o < 0.
 */

/** Result of `polygonContact`: the polygons are apart (exact). */
export const POLYGONS_APART = -1;
/** Result of `polygonContact`: the floats could not decide; use the exact test and `manifold`. */
export const POLYGONS_UNDECIDED = 0;
/** Result of `polygonContact`: they touch (exact) and `out` holds the contact. */
export const POLYGONS_TOUCH = 1;

// A float pass's verdict for one polygon's edges.
const PASS_OVERLAP = 0;
const PASS_UNDECIDED = 1;
const PASS_APART = 2;
const PASS_UNSAFE = 3;

// Squared edge lengths inside [2^-600, 2^600] keep 1 / |e| and the depths normal and finite.
const LEN2_MIN = 2 ** -600;
const LEN2_MAX = 2 ** 600;
const SIZE_MAX = 2 ** 600;

let INV_A = new Float64Array(16);
let INV_B = new Float64Array(16);
/** Whether the last `edgePass` saw a vertex of `inc` certainly outside an edge line of `ref`. */
let incPokesOut = false;
/**
 * Whether the last `edgePass` found every vertex of `inc` certainly on the inner side of (or on)
 * every edge line of `ref`: `inc` lies in `ref` (exact, as `containsProxy` would find).
 */
let incInside = false;

/**
 * One float pass over the edges of proper polygon `ref` (winding s) against the vertices of
 * `inc`: the best axis into BEST (owner `owner`), inverse edge lengths into `inv`, and a verdict.
 * BEST[BOX_W] and BEST[BOX_H] are the width and height of a box holding both polygons.
 */
function edgePass(
  ref: ConvexProxy,
  s: number,
  inc: ConvexProxy,
  owner: number,
  inv: Float64Array,
): number {
  const w = BEST[BOX_W]!;
  const h = BEST[BOX_H]!;
  const xy = ref.xy;
  const ixy = inc.xy;
  const n = ref.count;
  const m = inc.count;
  let verdict = PASS_OVERLAP;
  let pokes = false;
  let inside = true;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    const ex = xy[2 * j]! - ax;
    const ey = xy[2 * j + 1]! - ay;
    if (ex === 0 && ey === 0) {
      inv[i] = 0;
      continue;
    }
    const len2 = ex * ex + ey * ey;
    if (!(len2 > LEN2_MIN && len2 < LEN2_MAX)) return PASS_UNSAFE;
    let most = Number.NEGATIVE_INFINITY;
    let least = Number.POSITIVE_INFINITY;
    for (let k = 0; k < m; k++) {
      const v = s * (ex * (ixy[2 * k + 1]! - ay) - ey * (ixy[2 * k]! - ax));
      if (v > most) most = v;
      if (v < least) least = v;
    }
    // |q - a| is at most the union box's size per axis, so the per-vertex orient2d bound
    // ERR3 (|ex dy| + |ey dx|) is below this per-edge one (the factor 2 covers the roundings
    // of the box and of the differences). Written as most + err and most - err so that
    // overflow (inf - inf = NaN) decides nothing.
    const err = 2 * ERR3 * (Math.abs(ex) * h + Math.abs(ey) * w) + TAIL2;
    if (most + err < 0) return PASS_APART;
    if (!(most - err >= 0)) verdict = PASS_UNDECIDED;
    if (least + err < 0) pokes = true;
    if (!(least - err >= 0)) inside = false;
    const f = 1 / Math.sqrt(len2);
    inv[i] = f;
    const depth = most * f;
    if (bestOwner < 0 || depth < BEST[BEST_DEPTH]!) {
      bestOwner = owner;
      bestEdge = i;
      BEST[BEST_NX] = s * ey * f + 0; // + 0 turns -0 into 0, as normalize2 does
      BEST[BEST_NY] = -s * ex * f + 0;
      BEST[BEST_DEPTH] = depth;
    }
  }
  incPokesOut = pokes;
  incInside = inside;
  return verdict;
}

/**
 * `edgePass` for an `inc` of three vertices (triangles, the commonest polygon pair): the vertices
 * held in locals and the winding folded into the edge vector (exact: s = +-1), no inner loop.
 */
function edgePass3(
  ref: ConvexProxy,
  s: number,
  inc: ConvexProxy,
  owner: number,
  inv: Float64Array,
): number {
  const w = BEST[BOX_W]!;
  const h = BEST[BOX_H]!;
  const xy = ref.xy;
  const ixy = inc.xy;
  const x0 = ixy[0]!;
  const y0 = ixy[1]!;
  const x1 = ixy[2]!;
  const y1 = ixy[3]!;
  const x2 = ixy[4]!;
  const y2 = ixy[5]!;
  const n = ref.count;
  let verdict = PASS_OVERLAP;
  let pokes = false;
  let inside = true;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i]!;
    const ay = xy[2 * i + 1]!;
    const ex = xy[2 * j]! - ax;
    const ey = xy[2 * j + 1]! - ay;
    if (ex === 0 && ey === 0) {
      inv[i] = 0;
      continue;
    }
    const len2 = ex * ex + ey * ey;
    if (!(len2 > LEN2_MIN && len2 < LEN2_MAX)) return PASS_UNSAFE;
    const sx = s * ex;
    const sy = s * ey;
    const v0 = sx * (y0 - ay) - sy * (x0 - ax);
    const v1 = sx * (y1 - ay) - sy * (x1 - ax);
    const v2 = sx * (y2 - ay) - sy * (x2 - ax);
    const most = v0 > v1 ? (v0 > v2 ? v0 : v2) : v1 > v2 ? v1 : v2;
    const least = v0 < v1 ? (v0 < v2 ? v0 : v2) : v1 < v2 ? v1 : v2;
    // As in `edgePass`.
    const err = 2 * ERR3 * (Math.abs(ex) * h + Math.abs(ey) * w) + TAIL2;
    if (most + err < 0) return PASS_APART;
    if (!(most - err >= 0)) verdict = PASS_UNDECIDED;
    if (least + err < 0) pokes = true;
    if (!(least - err >= 0)) inside = false;
    const f = 1 / Math.sqrt(len2);
    inv[i] = f;
    const depth = most * f;
    if (bestOwner < 0 || depth < BEST[BEST_DEPTH]!) {
      bestOwner = owner;
      bestEdge = i;
      BEST[BEST_NX] = sy * f + 0; // + 0 turns -0 into 0, as normalize2 does
      BEST[BEST_NY] = -sx * f + 0;
      BEST[BEST_DEPTH] = depth;
    }
  }
  incPokesOut = pokes;
  incInside = inside;
  return verdict;
}

/**
 * The contact of two proper polygons (radius 0, nonzero winding) by one float pass: apart or
 * touching when the float bounds decide it (exact either way, `out` filled on touch with normal
 * from a to b, depth, points and exact containment flags), else undecided.
 */
export function polygonContact(a: ConvexProxy, b: ConvexProxy, out: Contact): number {
  if (a.radius !== 0 || b.radius !== 0) return POLYGONS_UNDECIDED;
  if (INV_A.length < a.count) INV_A = new Float64Array(2 * a.count);
  if (INV_B.length < b.count) INV_B = new Float64Array(2 * b.count);
  // Each polygon's box: disjoint boxes are an exact miss (comparisons only), and the box around
  // both bounds every vertex difference (for the error bounds).
  const axy = a.xy;
  const bxy = b.xy;
  let minX = axy[0]!;
  let maxX = minX;
  let minY = axy[1]!;
  let maxY = minY;
  for (let k = 1; k < a.count; k++) {
    const x = axy[2 * k]!;
    const y = axy[2 * k + 1]!;
    if (x < minX) minX = x;
    else if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    else if (y > maxY) maxY = y;
  }
  let minXb = bxy[0]!;
  let maxXb = minXb;
  let minYb = bxy[1]!;
  let maxYb = minYb;
  for (let k = 1; k < b.count; k++) {
    const x = bxy[2 * k]!;
    const y = bxy[2 * k + 1]!;
    if (x < minXb) minXb = x;
    else if (x > maxXb) maxXb = x;
    if (y < minYb) minYb = y;
    else if (y > maxYb) maxYb = y;
  }
  if (maxX < minXb || maxXb < minX || maxY < minYb || maxYb < minY) return POLYGONS_APART;
  if (minXb < minX) minX = minXb;
  if (maxXb > maxX) maxX = maxXb;
  if (minYb < minY) minY = minYb;
  if (maxYb > maxY) maxY = maxYb;
  const sa = windingOf(a);
  const sb = windingOf(b);
  if (sa === 0 || sb === 0) return POLYGONS_UNDECIDED;
  const w = maxX - minX;
  const h = maxY - minY;
  // With the box below 2^600 and edges below 2^300, no product overflows (else: exact path).
  if (!(w < SIZE_MAX && h < SIZE_MAX)) return POLYGONS_UNDECIDED;
  BEST[BOX_W] = w;
  BEST[BOX_H] = h;
  bestOwner = -1;
  const va = b.count === 3 ? edgePass3(a, sa, b, 0, INV_A) : edgePass(a, sa, b, 0, INV_A);
  if (va === PASS_APART) return POLYGONS_APART;
  if (va === PASS_UNSAFE) return POLYGONS_UNDECIDED;
  const bOut = incPokesOut;
  const bIn = incInside;
  const vb = a.count === 3 ? edgePass3(b, sb, a, 1, INV_B) : edgePass(b, sb, a, 1, INV_B);
  if (vb === PASS_APART) return POLYGONS_APART;
  if (vb === PASS_UNSAFE || va === PASS_UNDECIDED || vb === PASS_UNDECIDED) {
    return POLYGONS_UNDECIDED;
  }
  if (bestOwner < 0 || !Number.isFinite(BEST[BEST_DEPTH]!)) return POLYGONS_UNDECIDED;
  writeFace(a, b, bestOwner === 0 ? sb : sa, bestOwner === 0 ? INV_B : INV_A, out);
  // A vertex certainly outside an edge line rules containment out, every vertex certainly inside
  // every edge line settles it; otherwise decide exactly (a cold path, so rarely run that it
  // stays unoptimised).
  out.aInB = incPokesOut ? false : incInside ? true : containsProxy(b, a);
  out.bInA = bOut ? false : bIn ? true : containsProxy(a, b);
  return POLYGONS_TOUCH;
}
