import { normalize2 } from "../../math/vec2.ts";
import type { Vec } from "../shapes.ts";
import { type GjkResult, gjkDistance, lastSimplex } from "./gjk.ts";
import { type ConvexProxy, support } from "./proxy.ts";

/*
 * Penetration of two rounded convex proxies through their support functions alone. Cores apart:
 * GJK's distance, taken from the sum of the radii. Cores overlapping: the Expanding Polytope
 * Algorithm grows a polygon inside the Minkowski difference B - A of the cores, from GJK's final
 * simplex, until its edge nearest the origin is an edge of the difference; that edge's distance
 * is the cores' penetration and its outward normal the direction.
 * @see van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game Objects",
 * GDC 2001 (EPA); Ericson, Real-Time Collision Detection, §9.5.
 */

/** How far two convex shapes overlap, and along which direction. */
export interface Penetration {
  /**
   * The minimum translation: moving B by normal * depth makes them touch only. Negative when
   * they are apart (minus their distance).
   */
  depth: number;
  /** Unit vector from A toward B. */
  normal: Vec;
  /** The point of A deepest in B (nearest B when apart). */
  pointA: Vec;
  /** The point of B deepest in A; pointA = pointB + depth * normal. */
  pointB: Vec;
}

/** A fresh result object, to pass as `out`. */
export function makePenetration(): Penetration {
  return { depth: 0, normal: { x: 1, y: 0 }, pointA: { x: 0, y: 0 }, pointB: { x: 0, y: 0 } };
}

const CAPACITY = 64;
const G: GjkResult = {
  distance: 0,
  pointA: { x: 0, y: 0 },
  pointB: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  iterations: 0,
};
const U = { x: 0, y: 0 };
/** The search direction, to `support` and `pushSupport` (no double crosses those calls). */
const DIR = new Float64Array(2);

// The polygon, counter-clockwise: vertices of B - A and the support indices behind them.
const W = new Float64Array(2 * CAPACITY);
const IA = new Int32Array(CAPACITY);
const IB = new Int32Array(CAPACITY);
let size = 0;
/** A power of two that brings the polygon near unit size: its areas multiply two coordinates. */
let K = 1;

function setVertex(k: number, a: ConvexProxy, ia: number, b: ConvexProxy, ib: number): void {
  IA[k] = ia;
  IB[k] = ib;
  W[2 * k] = (b.xy[2 * ib]! - a.xy[2 * ia]!) * K;
  W[2 * k + 1] = (b.xy[2 * ib + 1]! - a.xy[2 * ia + 1]!) * K;
}

function insertAfter(i: number, a: ConvexProxy, ia: number, b: ConvexProxy, ib: number): void {
  for (let k = size; k > i + 1; k--) {
    W[2 * k] = W[2 * k - 2]!;
    W[2 * k + 1] = W[2 * k - 1]!;
    IA[k] = IA[k - 1]!;
    IB[k] = IB[k - 1]!;
  }
  setVertex(i + 1, a, ia, b, ib);
  size++;
}

function removeAt(k: number): void {
  size--;
  for (let i = k; i < size; i++) {
    W[2 * i] = W[2 * i + 2]!;
    W[2 * i + 1] = W[2 * i + 3]!;
    IA[i] = IA[i + 1]!;
    IB[i] = IB[i + 1]!;
  }
}

/** Whether vertex k turns clockwise or goes straight: not a corner of a convex polygon. */
function reflex(k: number): boolean {
  const p = k === 0 ? size - 1 : k - 1;
  const n = k + 1 === size ? 0 : k + 1;
  const x = W[2 * k]!;
  const y = W[2 * k + 1]!;
  return (x - W[2 * p]!) * (W[2 * n + 1]! - y) - (y - W[2 * p + 1]!) * (W[2 * n]! - x) <= 0;
}

/**
 * Drops the neighbours of the new vertex k that it makes reflex (the 2D horizon of 3D EPA): GJK's
 * first simplex vertex need not be a corner of the difference, so the polygon can dent there.
 * Dropping a dent only grows the polygon, so it still holds the origin.
 */
function convexAround(k: number): void {
  while (size > 3) {
    const p = k === 0 ? size - 1 : k - 1;
    if (!reflex(p)) break;
    removeAt(p);
    if (p < k) k--;
  }
  while (size > 3) {
    const n = k + 1 === size ? 0 : k + 1;
    if (!reflex(n)) break;
    removeAt(n);
    if (n < k) k--;
  }
}

function has(ia: number, ib: number): boolean {
  for (let k = 0; k < size; k++) if (IA[k] === ia && IB[k] === ib) return true;
  return false;
}

/** Appends the support vertex of B - A along s DIR (s = 1 or -1) unless it is already there. */
function pushSupport(a: ConvexProxy, b: ConvexProxy, s: number): void {
  const ia = support(a, DIR, -s);
  const ib = support(b, DIR, s);
  if (!has(ia, ib)) {
    setVertex(size, a, ia, b, ib);
    size++;
  }
}

/**
 * Grows GJK's final simplex (which holds the origin) into a counter-clockwise polygon with a
 * non-zero area, or returns false when the difference is flat (a segment or a point): then the
 * origin is on its boundary and the cores' penetration is 0 along `U`.
 */
function seed(a: ConvexProxy, b: ConvexProxy): boolean {
  size = lastSimplex(W, IA, IB);
  for (let k = 0; k < 2 * size; k++) W[k] = W[k]! * K;
  if (size === 3) {
    const area = (W[2]! - W[0]!) * (W[5]! - W[1]!) - (W[3]! - W[1]!) * (W[4]! - W[0]!);
    if (area < 0) {
      const x = W[2]!;
      const y = W[3]!;
      const ia = IA[1]!;
      const ib = IB[1]!;
      W[2] = W[4]!;
      W[3] = W[5]!;
      IA[1] = IA[2]!;
      IB[1] = IB[2]!;
      W[4] = x;
      W[5] = y;
      IA[2] = ia;
      IB[2] = ib;
    }
    if (area !== 0) return true;
    size = 2;
  }
  // A point: find a second vertex along the axes.
  for (let k = 0; size === 1 && k < 4; k++) {
    DIR[0] = k === 0 ? 1 : k === 2 ? -1 : 0;
    DIR[1] = k === 1 ? 1 : k === 3 ? -1 : 0;
    pushSupport(a, b, 1);
  }
  if (size === 1) {
    U.x = 1;
    U.y = 0;
    return false;
  }
  // A segment: the extreme vertices on either side of it.
  const x0 = W[0]!;
  const y0 = W[1]!;
  const ex = W[2]! - x0;
  const ey = W[3]! - y0;
  const right = size;
  DIR[0] = ey;
  DIR[1] = -ex;
  pushSupport(a, b, 1);
  const rightExtent = size > right ? (W[2 * right]! - x0) * ey - (W[2 * right + 1]! - y0) * ex : 0;
  if (!(rightExtent > 0)) size = right;
  const left = size;
  pushSupport(a, b, -1);
  const leftExtent = size > left ? (W[2 * left + 1]! - y0) * ex - (W[2 * left]! - x0) * ey : 0;
  if (!(leftExtent > 0)) size = left;
  if (size === 2) {
    normalize2(-ey, ex, U);
    return false;
  }
  // Order w0, right, w1, left.
  const hasRight = rightExtent > 0;
  if (hasRight) {
    // Move the right vertex (at index 2) between w0 and w1.
    const x = W[4]!;
    const y = W[5]!;
    const ia = IA[2]!;
    const ib = IB[2]!;
    W[4] = W[2]!;
    W[5] = W[3]!;
    IA[2] = IA[1]!;
    IB[2] = IB[1]!;
    W[2] = x;
    W[3] = y;
    IA[1] = ia;
    IB[1] = ib;
  }
  // The simplex's first vertex need not be a corner of the difference: drop it if dented.
  for (let k = 0; size > 3 && k < size; k++) {
    if (reflex(k)) {
      removeAt(k);
      k = -1;
    }
  }
  return true;
}

/**
 * The penetration of two rounded convex proxies (`depth` < 0 when apart), from their support
 * functions: GJK when the cores are apart, EPA when they overlap. Not a decision procedure: the
 * exact `test*` functions decide overlap; this is the general method and the cross-check of the
 * specialised contacts.
 */
export function epaPenetration(
  a: ConvexProxy,
  b: ConvexProxy,
  out: Penetration = makePenetration(),
): Penetration {
  const ra = a.radius;
  const rb = b.radius;
  a.radius = 0;
  b.radius = 0;
  gjkDistance(a, b, G);
  a.radius = ra;
  b.radius = rb;
  let scale = 0;
  for (let k = 0; k < 2 * a.count; k++) scale = Math.max(scale, Math.abs(a.xy[k]!));
  for (let k = 0; k < 2 * b.count; k++) scale = Math.max(scale, Math.abs(b.xy[k]!));
  // A gap within rounding of 0 may hide an overlap: EPA decides those.
  if (G.distance > 1e-13 * scale) {
    // Cores apart: the rounded parts reach across their gap.
    if (!normalize2(G.pointB.x - G.pointA.x, G.pointB.y - G.pointA.y, U)) {
      U.x = G.normal.x;
      U.y = G.normal.y;
    }
    return finish(G.pointA.x, G.pointA.y, G.pointB.x, G.pointB.y, U.x, U.y, -G.distance, a, b, out);
  }
  let edge = 0;
  let fx = 1;
  let fy = 0;
  let h = 0;
  // A flat difference has the origin on its boundary: depth 0 across it (edge 0, or a point).
  K = scale > 0 ? 2 ** Math.max(-1000, Math.min(1000, -Math.floor(Math.log2(scale)))) : 1;
  if (seed(a, b)) {
    const tolerance = 1e-13 * scale * K;
    while (true) {
      // The edge nearest the origin (outward normals on the right of counter-clockwise edges).
      h = Number.POSITIVE_INFINITY;
      for (let i = 0; i < size; i++) {
        const j = i + 1 === size ? 0 : i + 1;
        const x = W[2 * i]!;
        const y = W[2 * i + 1]!;
        if (!normalize2(W[2 * j + 1]! - y, x - W[2 * j]!, U)) continue;
        const d = U.x * x + U.y * y;
        if (d < h) {
          h = d;
          edge = i;
          fx = U.x;
          fy = U.y;
        }
      }
      DIR[0] = fx;
      DIR[1] = fy;
      const ia = support(a, DIR, -1);
      const ib = support(b, DIR, 1);
      if (size === CAPACITY || has(ia, ib)) break;
      const reach =
        (fx * (b.xy[2 * ib]! - a.xy[2 * ia]!) + fy * (b.xy[2 * ib + 1]! - a.xy[2 * ia + 1]!)) * K;
      if (reach - h <= tolerance) break;
      insertAfter(edge, a, ia, b, ib);
      convexAround(edge + 1);
    }
  } else {
    fx = -U.x;
    fy = -U.y;
  }
  // The point of the nearest edge closest to the origin, and the core points behind it.
  const i = edge;
  const j = i + 1 === size ? 0 : i + 1;
  const ex = W[2 * j]! - W[2 * i]!;
  const ey = W[2 * j + 1]! - W[2 * i + 1]!;
  const ee = ex * ex + ey * ey;
  let s = ee > 0 ? -(W[2 * i]! * ex + W[2 * i + 1]! * ey) / ee : 0;
  s = s < 0 ? 0 : s > 1 ? 1 : s;
  const pax = a.xy[2 * IA[i]!]! + s * (a.xy[2 * IA[j]!]! - a.xy[2 * IA[i]!]!);
  const pay = a.xy[2 * IA[i]! + 1]! + s * (a.xy[2 * IA[j]! + 1]! - a.xy[2 * IA[i]! + 1]!);
  const pbx = b.xy[2 * IB[i]!]! + s * (b.xy[2 * IB[j]!]! - b.xy[2 * IB[i]!]!);
  const pby = b.xy[2 * IB[i]! + 1]! + s * (b.xy[2 * IB[j]! + 1]! - b.xy[2 * IB[i]! + 1]!);
  return finish(pax, pay, pbx, pby, -fx, -fy, Math.max(0, h) / K, a, b, out);
}

/** Adds the radii: the surface points lie ra and rb beyond the core points along the normal. */
function finish(
  pax: number,
  pay: number,
  pbx: number,
  pby: number,
  nx: number,
  ny: number,
  coreDepth: number,
  a: ConvexProxy,
  b: ConvexProxy,
  out: Penetration,
): Penetration {
  out.depth = coreDepth + a.radius + b.radius;
  out.normal.x = nx;
  out.normal.y = ny;
  out.pointA.x = pax + a.radius * nx;
  out.pointA.y = pay + a.radius * ny;
  out.pointB.x = pbx - b.radius * nx;
  out.pointB.y = pby - b.radius * ny;
  return out;
}
