/**
 * Plain float64 ports of the seed articles' functions (../shared/seeds/), kept faithful to each
 * article's formula, epsilons and normalisations, and the textbook float formula where an article
 * gives none. They are the baselines collide is measured against, and the demo shows where they
 * answer differently. Outputs go into preallocated objects: no allocation per call.
 */

export interface V2 {
  x: number;
  y: number;
}
export interface V3 {
  x: number;
  y: number;
  z: number;
}

/** Article 000 (ColSegments): t by cross products, parallel is a miss, 1e-5 tolerance on t. */
export const segOut = { t1: 0, t2: 0, x: 0, y: 0 };
export function colSegments(a1: V2, b1: V2, a2: V2, b2: V2): boolean {
  const v1x = b1.x - a1.x;
  const v1y = b1.y - a1.y;
  const v2x = b2.x - a2.x;
  const v2y = b2.y - a2.y;
  const vx = a2.x - a1.x;
  const vy = a2.y - a1.y;
  const crsV1V2 = v1x * v2y - v1y * v2x;
  if (crsV1V2 === 0) return false;
  const crsVV1 = vx * v1y - vy * v1x;
  const crsVV2 = vx * v2y - vy * v2x;
  const t1 = crsVV2 / crsV1V2;
  const t2 = crsVV1 / crsV1V2;
  segOut.t1 = t1;
  segOut.t2 = t2;
  const eps = 0.00001;
  if (t1 + eps < 0 || t1 - eps > 1 || t2 + eps < 0 || t2 - eps > 1) return false;
  segOut.x = a1.x + v1x * t1;
  segOut.y = a1.y + v1y * t1;
  return true;
}

/**
 * Textbook float segment crossing with collide's outputs: the article's t1 and t2 (cross
 * products, parallel is a miss) on [0, 1] with no tolerance, the point, and s2's unit normal on
 * a1's side. ColSegments computes no normal, so the construction is also timed against this.
 */
export const crossOut = { t1: 0, t2: 0, x: 0, y: 0, nx: 0, ny: 0 };
export function intersectSegmentsTextbook(a1: V2, b1: V2, a2: V2, b2: V2): boolean {
  const v1x = b1.x - a1.x;
  const v1y = b1.y - a1.y;
  const v2x = b2.x - a2.x;
  const v2y = b2.y - a2.y;
  const wx = a2.x - a1.x;
  const wy = a2.y - a1.y;
  const den = v1x * v2y - v1y * v2x;
  if (den === 0) return false;
  const n1 = wx * v2y - wy * v2x;
  const t1 = n1 / den;
  const t2 = (wx * v1y - wy * v1x) / den;
  if (t1 < 0 || t1 > 1 || t2 < 0 || t2 > 1) return false;
  crossOut.t1 = t1;
  crossOut.t2 = t2;
  crossOut.x = a1.x + t1 * v1x;
  crossOut.y = a1.y + t1 * v1y;
  // n1 = cross(a2 - a1, v2) > 0: a1 is left of s2, so the left normal faces it.
  const k = (n1 > 0 ? 1 : -1) / Math.sqrt(v2x * v2x + v2y * v2y);
  crossOut.nx = -v2y * k;
  crossOut.ny = v2x * k;
  return true;
}

/** Article 001 (intercect): line vs ray, |cross| < EPSILON is parallel (a miss), t < 0 a miss. */
export const rayOut = { t: 0, x: 0, y: 0 };
const EPSILON = 0.00001;
export function intersectLineRayArticle(lp: V2, ld: V2, ro: V2, rd: V2): boolean {
  const cross = ld.x * rd.y - ld.y * rd.x;
  if (Math.abs(cross) < EPSILON) return false;
  const vx = ro.x - lp.x;
  const vy = ro.y - lp.y;
  const t = (vx * ld.y - vy * ld.x) / cross;
  if (t < 0) return false;
  rayOut.t = t;
  rayOut.x = ro.x + rd.x * t;
  rayOut.y = ro.y + rd.y * t;
  return true;
}

export interface Tri {
  a: V2;
  b: V2;
  c: V2;
}

/**
 * Article 002 (colTriangleTriangle2D): for each edge of each triangle, the normalised edge's
 * normal; project both triangles and look for a gap. The article's `vec(i)` is the edge facing
 * corner i, so projecting corner i and corner i+1 gives the first triangle's full shadow.
 */
export function colTriangleTriangle(t1: Tri, t2: Tri): boolean {
  return noSeparatingEdge(t1, t2) && noSeparatingEdge(t2, t1);
}

function noSeparatingEdge(ta: Tri, tb: Tri): boolean {
  return (
    shadowsOverlap(ta.b, ta.c, ta.a, ta.b, tb) &&
    shadowsOverlap(ta.c, ta.a, ta.b, ta.c, tb) &&
    shadowsOverlap(ta.a, ta.b, ta.c, ta.a, tb)
  );
}

/** Edge from e0 to e1 (facing corner p); projects p and q (a corner on the edge) and tb. */
function shadowsOverlap(e0: V2, e1: V2, p: V2, q: V2, tb: Tri): boolean {
  let vx = e1.x - e0.x;
  let vy = e1.y - e0.y;
  const len = Math.sqrt(vx * vx + vy * vy);
  vx /= len;
  vy /= len;
  const sx = vy;
  const sy = -vx;
  let s1min = sx * p.x + sy * p.y;
  let s1max = sx * q.x + sy * q.y;
  if (s1min > s1max) {
    const tmp = s1min;
    s1min = s1max;
    s1max = tmp;
  }
  let s2min = sx * tb.a.x + sy * tb.a.y;
  let s2max = sx * tb.b.x + sy * tb.b.y;
  if (s2min > s2max) {
    const tmp = s2min;
    s2min = s2max;
    s2max = tmp;
  }
  const d3 = sx * tb.c.x + sy * tb.c.y;
  if (d3 < s2min) s2min = d3;
  else if (d3 > s2max) s2max = d3;
  return (
    (s2min <= s1min && s1min <= s2max) ||
    (s2min <= s1max && s1max <= s2max) ||
    (s1min <= s2min && s2min <= s1max) ||
    (s1min <= s2max && s2max <= s1max)
  );
}

/** The article's circumcircle of a triangle (Wikipedia's formula it cites), for the pre-check. */
export function circumcircle(t: Tri, out: { x: number; y: number; r: number }): void {
  const ax = t.a.x;
  const ay = t.a.y;
  const bx = t.b.x - ax;
  const by = t.b.y - ay;
  const cx = t.c.x - ax;
  const cy = t.c.y - ay;
  const d = 2 * (bx * cy - by * cx);
  const b2 = bx * bx + by * by;
  const c2 = cx * cx + cy * cy;
  const ux = (cy * b2 - by * c2) / d;
  const uy = (bx * c2 - cx * b2) / d;
  out.x = ax + ux;
  out.y = ay + uy;
  out.r = Math.sqrt(ux * ux + uy * uy);
}

const cc1 = { x: 0, y: 0, r: 0 };
const cc2 = { x: 0, y: 0, r: 0 };

/** Article 002 with its circumcircle pre-check, the circles computed per call. */
export function colTriangleTriangleCircles(t1: Tri, t2: Tri): boolean {
  circumcircle(t1, cc1);
  circumcircle(t2, cc2);
  const dx = cc1.x - cc2.x;
  const dy = cc1.y - cc2.y;
  const r = cc1.r + cc2.r;
  if (dx * dx + dy * dy > r * r) return false;
  return colTriangleTriangle(t1, t2);
}

/** Article 002 with circumcircles precomputed once per triangle, as the article intends. */
export function colTriangleTrianglePrecomputed(
  t1: Tri,
  c1: { x: number; y: number; r: number },
  t2: Tri,
  c2: { x: number; y: number; r: number },
): boolean {
  const dx = c1.x - c2.x;
  const dy = c1.y - c2.y;
  const r = c1.r + c2.r;
  if (dx * dx + dy * dy > r * r) return false;
  return colTriangleTriangle(t1, t2);
}

/** Textbook float minimum translation for two triangles (normalised edge normals, SAT). */
export const mtvOut = { nx: 0, ny: 0, depth: 0 };
export function mtvTriangleTriangle(t1: Tri, t2: Tri): boolean {
  mtvOut.depth = Number.POSITIVE_INFINITY;
  return (
    mtvAxis(t1.a, t1.b, t1, t2) &&
    mtvAxis(t1.b, t1.c, t1, t2) &&
    mtvAxis(t1.c, t1.a, t1, t2) &&
    mtvAxis(t2.a, t2.b, t1, t2) &&
    mtvAxis(t2.b, t2.c, t1, t2) &&
    mtvAxis(t2.c, t2.a, t1, t2)
  );
}

/** One SAT axis, the normal of p->q: false on a gap, else keeps the smallest overlap. */
function mtvAxis(p: V2, q: V2, t1: Tri, t2: Tri): boolean {
  let nx = -(q.y - p.y);
  let ny = q.x - p.x;
  const len = Math.sqrt(nx * nx + ny * ny);
  nx /= len;
  ny /= len;
  const a0 = t1.a.x * nx + t1.a.y * ny;
  const a1 = t1.b.x * nx + t1.b.y * ny;
  const a2 = t1.c.x * nx + t1.c.y * ny;
  const b0 = t2.a.x * nx + t2.a.y * ny;
  const b1 = t2.b.x * nx + t2.b.y * ny;
  const b2 = t2.c.x * nx + t2.c.y * ny;
  const forward = Math.max(a0, a1, a2) - Math.min(b0, b1, b2);
  const backward = Math.max(b0, b1, b2) - Math.min(a0, a1, a2);
  if (forward < 0 || backward < 0) return false;
  const depth = forward < backward ? forward : backward;
  if (depth < mtvOut.depth) {
    mtvOut.depth = depth;
    mtvOut.nx = forward < backward ? nx : -nx;
    mtvOut.ny = forward < backward ? ny : -ny;
  }
  return true;
}

/** Article 003: segment vs circle by the normalised cross product, dot products, endpoint distances. */
export function segmentCircleArticle(a: V2, b: V2, c: V2, r: number): boolean {
  const scx = c.x - a.x;
  const scy = c.y - a.y;
  const ecx = c.x - b.x;
  const ecy = c.y - b.y;
  const sex = b.x - a.x;
  const sey = b.y - a.y;
  const len = Math.sqrt(sex * sex + sey * sey);
  const nx = sex / len;
  const ny = sey / len;
  const distance = scx * ny - nx * scy;
  if (Math.abs(distance) < r) {
    const dot01 = scx * sex + scy * sey;
    const dot02 = ecx * sex + ecy * sey;
    if (dot01 * dot02 <= 0) return true;
    if (Math.sqrt(scx * scx + scy * scy) < r || Math.sqrt(ecx * ecx + ecy * ecy) < r) return true;
  }
  return false;
}

/** Textbook float segment vs circle entry: the quadratic formula, t = 0 when a is inside. */
export const circleOut = { t: 0, x: 0, y: 0, nx: 0, ny: 0 };
export function intersectSegmentCircleTextbook(a: V2, b: V2, c: V2, r: number): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const fx = a.x - c.x;
  const fy = a.y - c.y;
  const qa = dx * dx + dy * dy;
  const qb = 2 * (fx * dx + fy * dy);
  const qc = fx * fx + fy * fy - r * r;
  let t: number;
  if (qc <= 0) t = 0;
  else {
    const disc = qb * qb - 4 * qa * qc;
    if (disc < 0) return false;
    t = (-qb - Math.sqrt(disc)) / (2 * qa);
    if (t < 0 || t > 1) return false;
  }
  circleOut.t = t;
  circleOut.x = a.x + t * dx;
  circleOut.y = a.y + t * dy;
  circleOut.nx = (circleOut.x - c.x) / r;
  circleOut.ny = (circleOut.y - c.y) / r;
  return true;
}

/** Article 004 (CalcSphereLineCollision): FLT_MAX when stopped or missing; overlap returns true. */
export const sphereOut = { t: 0, x: 0, y: 0, z: 0 };
const IKD_EPSIRON = 0.00001;
const FLT_MAX = 3.4028234663852886e38;
export function calcSphereLineCollision(r: number, pre: V3, pos: V3, lp: V3, ld: V3): boolean {
  const ex = pos.x - pre.x;
  const ey = pos.y - pre.y;
  const ez = pos.z - pre.z;
  const len = Math.sqrt(ld.x * ld.x + ld.y * ld.y + ld.z * ld.z);
  const vx = ld.x / len;
  const vy = ld.y / len;
  const vz = ld.z / len;
  const rx = lp.x - pre.x;
  const ry = lp.y - pre.y;
  const rz = lp.z - pre.z;
  const ev = ex * vx + ey * vy + ez * vz;
  const ax = ev * vx - ex;
  const ay = ev * vy - ey;
  const az = ev * vz - ez;
  const rv = rx * vx + ry * vy + rz * vz;
  const cx = rx - rv * vx;
  const cy = ry - rv * vy;
  const cz = rz - rv * vz;
  const alpha = ax * ax + ay * ay + az * az;
  const beta = ax * cx + ay * cy + az * cz;
  const omega = cx * cx + cy * cy + cz * cz - r * r;
  const tmp = beta * beta - alpha * omega;
  if (Math.abs(alpha) <= IKD_EPSIRON || tmp < 0) {
    sphereOut.t = FLT_MAX;
    sphereOut.x = pre.x;
    sphereOut.y = pre.y;
    sphereOut.z = pre.z;
    return omega < 0;
  }
  const t = (-Math.sqrt(tmp) - beta) / alpha;
  sphereOut.t = t;
  sphereOut.x = pre.x + t * ex;
  sphereOut.y = pre.y + t * ey;
  sphereOut.z = pre.z + t * ez;
  if (t >= 0 && t <= 1) return true;
  return omega < 0;
}
