import type { Vec } from "../shapes.ts";
import { type ConvexProxy, support } from "./proxy.ts";

/** Distance between two convex proxies, and the closest points. */
export interface GjkResult {
  /** Distance between the shapes (radii included), 0 when they overlap. */
  distance: number;
  /** The point of A nearest B (on the surface, radius included). */
  pointA: Vec;
  /** The point of B nearest A. */
  pointB: Vec;
  /** Unit vector from A toward B when apart; (1, 0) when the cores overlap. */
  normal: Vec;
  /** Iterations used. */
  iterations: number;
}

const MAX_ITERATIONS = 32;

// The simplex: up to three vertices of the Minkowski difference B - A, each with the support
// points it came from, their indices, and its barycentric weight.
const ax = new Float64Array(3);
const ay = new Float64Array(3);
const bx = new Float64Array(3);
const by = new Float64Array(3);
const wx = new Float64Array(3);
const wy = new Float64Array(3);
const weight = new Float64Array(3);
const indexA = new Int32Array(3);
const indexB = new Int32Array(3);
const savedA = new Int32Array(3);
const savedB = new Int32Array(3);
let count = 0;

function setVertex(k: number, a: ConvexProxy, ia: number, b: ConvexProxy, ib: number): void {
  indexA[k] = ia;
  indexB[k] = ib;
  ax[k] = a.xy[2 * ia]!;
  ay[k] = a.xy[2 * ia + 1]!;
  bx[k] = b.xy[2 * ib]!;
  by[k] = b.xy[2 * ib + 1]!;
  wx[k] = bx[k]! - ax[k]!;
  wy[k] = by[k]! - ay[k]!;
}

function copyVertex(to: number, from: number): void {
  indexA[to] = indexA[from]!;
  indexB[to] = indexB[from]!;
  ax[to] = ax[from]!;
  ay[to] = ay[from]!;
  bx[to] = bx[from]!;
  by[to] = by[from]!;
  wx[to] = wx[from]!;
  wy[to] = wy[from]!;
  weight[to] = weight[from]!;
}

// Numbers shared with helpers through a typed array, not arguments or return values: V8 boxes a
// double passed to or returned from a call it does not inline. SCALE: `scaleOf`'s factor.
const NUM = new Float64Array(1);
const SCALE = 0;
/** The search direction, to `support`. */
const DIR = new Float64Array(2);

/**
 * Sets NUM[SCALE] to a power of two that brings the magnitudes of the first `n` simplex vertices
 * into [2^-200, 2^200], or 1 when they are: the solvers multiply up to four coordinates, which
 * would underflow or overflow far from 1. Scaling by a power of two is exact, and the weights
 * are ratios that do not change with it.
 */
function scaleOf(n: number): void {
  let m = 0;
  for (let i = 0; i < n; i++) m = Math.max(m, Math.abs(wx[i]!), Math.abs(wy[i]!));
  if ((m >= 6.223015277861142e-61 && m <= 1.6069380442589903e60) || m === 0) {
    NUM[SCALE] = 1;
    return;
  }
  const e = Math.floor(Math.log2(m));
  NUM[SCALE] = 2 ** Math.max(-1000, Math.min(1000, -e));
}

/** Reduces a segment simplex to the feature nearest the origin (Voronoi regions of w1, w2). */
function solve2(): void {
  scaleOf(2);
  const k = NUM[SCALE]!;
  const w0x = wx[0]! * k;
  const w0y = wy[0]! * k;
  const w1x = wx[1]! * k;
  const w1y = wy[1]! * k;
  const ex = w1x - w0x;
  const ey = w1y - w0y;
  const d2 = -(w0x * ex + w0y * ey);
  if (d2 <= 0) {
    weight[0] = 1;
    count = 1;
    return;
  }
  const d1 = w1x * ex + w1y * ey;
  if (d1 <= 0) {
    weight[1] = 1;
    copyVertex(0, 1);
    count = 1;
    return;
  }
  const sum = d1 + d2;
  weight[0] = d1 / sum;
  weight[1] = d2 / sum;
  count = 2;
}

/** Reduces a triangle simplex to the feature nearest the origin. */
function solve3(): void {
  scaleOf(3);
  const k = NUM[SCALE]!;
  const w1x = wx[0]! * k;
  const w1y = wy[0]! * k;
  const w2x = wx[1]! * k;
  const w2y = wy[1]! * k;
  const w3x = wx[2]! * k;
  const w3y = wy[2]! * k;
  const e12x = w2x - w1x;
  const e12y = w2y - w1y;
  const d12a = w2x * e12x + w2y * e12y;
  const d12b = -(w1x * e12x + w1y * e12y);
  const e13x = w3x - w1x;
  const e13y = w3y - w1y;
  const d13a = w3x * e13x + w3y * e13y;
  const d13b = -(w1x * e13x + w1y * e13y);
  const e23x = w3x - w2x;
  const e23y = w3y - w2y;
  const d23a = w3x * e23x + w3y * e23y;
  const d23b = -(w2x * e23x + w2y * e23y);
  // Only the orientation's sign matters (the weights are ratios): no degree-4 products.
  const area = e12x * e13y - e12y * e13x;
  const n = area > 0 ? 1 : area < 0 ? -1 : 0;
  const d123a = n * (w2x * w3y - w2y * w3x);
  const d123b = n * (w3x * w1y - w3y * w1x);
  const d123c = n * (w1x * w2y - w1y * w2x);
  if (d12b <= 0 && d13b <= 0) {
    weight[0] = 1;
    count = 1;
  } else if (d12a > 0 && d12b > 0 && d123c <= 0) {
    const sum = d12a + d12b;
    weight[0] = d12a / sum;
    weight[1] = d12b / sum;
    count = 2;
  } else if (d13a > 0 && d13b > 0 && d123b <= 0) {
    const sum = d13a + d13b;
    weight[0] = d13a / sum;
    weight[2] = d13b / sum;
    copyVertex(1, 2);
    count = 2;
  } else if (d12a <= 0 && d23b <= 0) {
    weight[1] = 1;
    copyVertex(0, 1);
    count = 1;
  } else if (d13a <= 0 && d23a <= 0) {
    weight[2] = 1;
    copyVertex(0, 2);
    count = 1;
  } else if (d23a > 0 && d23b > 0 && d123a <= 0) {
    const sum = d23a + d23b;
    weight[1] = d23a / sum;
    weight[2] = d23b / sum;
    copyVertex(0, 2);
    count = 2;
  } else {
    const sum = d123a + d123b + d123c;
    // A triangle too thin for its area to survive in floats holds the origin on it: any weights.
    weight[0] = sum > 0 ? d123a / sum : 1 / 3;
    weight[1] = sum > 0 ? d123b / sum : 1 / 3;
    weight[2] = sum > 0 ? d123c / sum : 1 / 3;
    count = 3;
  }
}

/**
 * Distance and closest points of two convex proxies by the Gilbert-Johnson-Keerthi algorithm.
 * Not a decision procedure: the exact `test*` functions decide overlap; this gives the numbers.
 * @see Gilbert, Johnson, Keerthi, "A fast procedure for computing the distance between complex
 * objects in three-dimensional space", IEEE J. Robotics and Automation, 1988; Catto, "Computing
 * Distance", GDC 2010 (the barycentric simplex solver and search directions used here).
 */
export function gjkDistance(a: ConvexProxy, b: ConvexProxy, out?: GjkResult): GjkResult {
  const result = out ?? {
    distance: 0,
    pointA: { x: 0, y: 0 },
    pointB: { x: 0, y: 0 },
    normal: { x: 1, y: 0 },
    iterations: 0,
  };
  setVertex(0, a, 0, b, 0);
  weight[0] = 1;
  count = 1;
  let iterations = 0;
  while (iterations < MAX_ITERATIONS) {
    const saved = count;
    for (let k = 0; k < count; k++) {
      savedA[k] = indexA[k]!;
      savedB[k] = indexB[k]!;
    }
    if (count === 2) solve2();
    else if (count === 3) solve3();
    if (count === 3) break;
    // Search toward the origin from the simplex, perpendicular to an edge so no precision is lost.
    let dx: number;
    let dy: number;
    if (count === 1) {
      dx = -wx[0]!;
      dy = -wy[0]!;
    } else {
      scaleOf(2);
      const k = NUM[SCALE]!;
      const ex = (wx[1]! - wx[0]!) * k;
      const ey = (wy[1]! - wy[0]!) * k;
      const side = ex * -wy[0]! * k - ey * -wx[0]! * k;
      if (side > 0) {
        dx = -ey;
        dy = ex;
      } else {
        dx = ey;
        dy = -ex;
      }
    }
    if (dx === 0 && dy === 0) break;
    // Keep the direction near unit length: support values multiply it by coordinates.
    const m = Math.max(Math.abs(dx), Math.abs(dy));
    if (m < 2.3283064365386963e-10 || m > 4294967296) {
      dx /= m;
      dy /= m;
    }
    DIR[0] = dx;
    DIR[1] = dy;
    const ia = support(a, DIR, -1);
    const ib = support(b, DIR, 1);
    iterations++;
    let repeated = false;
    for (let k = 0; k < saved; k++) {
      if (savedA[k] === ia && savedB[k] === ib) {
        repeated = true;
        break;
      }
    }
    if (repeated) break;
    setVertex(count, a, ia, b, ib);
    count++;
  }
  // Witness points from the barycentric weights.
  // The gap vector from the differences themselves: far from the origin, subtracting the
  // witness points would round it away.
  let pax = 0;
  let pay = 0;
  let pbx = 0;
  let pby = 0;
  let gx = 0;
  let gy = 0;
  for (let k = 0; k < count; k++) {
    pax += weight[k]! * ax[k]!;
    pay += weight[k]! * ay[k]!;
    pbx += weight[k]! * bx[k]!;
    pby += weight[k]! * by[k]!;
    gx += weight[k]! * wx[k]!;
    gy += weight[k]! * wy[k]!;
  }
  if (count === 3) {
    pbx = pax;
    pby = pay;
    gx = 0;
    gy = 0;
  }
  // |g| without Math.hypot (slow): the plain root where the square is safely normal, else scaled.
  // The unit direction (ux, uy) comes from g / m when scaled: g / core loses the direction when
  // core is subnormal ((1, 1) came out for g = (m, m)).
  const g2 = gx * gx + gy * gy;
  let core = Math.sqrt(g2);
  let ux = gx / core;
  let uy = gy / core;
  if (!(g2 > 9.332636185032189e-302 && g2 < 1.0715086071862673e301)) {
    const m = Math.max(Math.abs(gx), Math.abs(gy));
    const sx = m === 0 ? 0 : gx / m;
    const sy = m === 0 ? 0 : gy / m;
    const len = Math.sqrt(sx * sx + sy * sy);
    core = m * len;
    ux = sx / len;
    uy = sy / len;
  }
  const ra = a.radius;
  const rb = b.radius;
  result.iterations = iterations;
  if (core > ra + rb && core > 0) {
    const nx = ux;
    const ny = uy;
    result.distance = core - ra - rb;
    result.normal.x = nx;
    result.normal.y = ny;
    result.pointA.x = pax + ra * nx;
    result.pointA.y = pay + ra * ny;
    result.pointB.x = pbx - rb * nx;
    result.pointB.y = pby - rb * ny;
  } else {
    // Overlapping: report a point of both shapes. With the cores apart, the one at min(ra, core)
    // from A's witness toward B's lies within ra of A's core and, since core <= ra + rb, within rb
    // of B's; with the cores meeting, their witnesses coincide (halfway covers rounding).
    let mx = pax / 2 + pbx / 2;
    let my = pay / 2 + pby / 2;
    result.distance = 0;
    if (core > 0) {
      result.normal.x = ux;
      result.normal.y = uy;
      const k = core <= ra ? core : ra;
      mx = pax + k * result.normal.x;
      my = pay + k * result.normal.y;
    } else {
      result.normal.x = 1;
      result.normal.y = 0;
    }
    result.pointA.x = result.pointB.x = mx;
    result.pointA.y = result.pointB.y = my;
  }
  return result;
}

/**
 * Copies the final simplex of the last `gjkDistance` call (vertices of the Minkowski difference
 * B - A of the cores and the support indices they came from) and returns its size, 1 to 3.
 * EPA starts from it.
 */
export function lastSimplex(xy: Float64Array, ia: Int32Array, ib: Int32Array): number {
  for (let k = 0; k < count; k++) {
    xy[2 * k] = wx[k]!;
    xy[2 * k + 1] = wy[k]!;
    ia[k] = indexA[k]!;
    ib[k] = indexB[k]!;
  }
  return count;
}
