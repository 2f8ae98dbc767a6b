/**
 * Rounded and flat pairs of bounded 3D shapes: a float quick reject on padded bounding boxes, a
 * float filter where the pair has a cheap closed form (sphere-sphere, sphere-aabb), and the exact
 * BigInt GJK of exact.ts for everything the floats cannot certify.
 * @see Ericson, Real-Time Collision Detection, §4.2 and §5.2.5 (sphere vs aabb by clamping).
 */
import { EPS, ERR5, TAIL2 } from "../../exact/filter.ts";
import type { Box, Segment, Sphere, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";
import { boundsApart, coreBounds } from "./bounds.ts";
import {
  CORE_BOX,
  CORE_POINT,
  CORE_SEGMENT,
  type CoreShape,
  exactWithin,
  exactWithinSwept,
} from "./exact.ts";

const boundsA = new Float64Array(6);
const boundsB = new Float64Array(6);
/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;

/**
 * Exact: is dist(core A, core B) <= ra + rb? Padded bounding boxes reject far pairs in floats;
 * the rest is decided exactly.
 */
export function coresWithin(
  kindA: number,
  a: CoreShape,
  ra: number,
  kindB: number,
  b: CoreShape,
  rb: number,
): boolean {
  coreBounds(kindA, a, ra, boundsA);
  coreBounds(kindB, b, rb, boundsB);
  if (boundsApart(boundsA, boundsB)) return false;
  return exactWithin(kindA, a, ra, kindB, b, rb);
}

/**
 * Exact: does core A moved by t m for some t in [0, 1] (grown by ra) meet core B (grown by rb)?
 * A's padded bounds grown by the motion reject far pairs in floats; the rest is decided exactly.
 * A frustum is not sweepable.
 */
export function coresWithinSwept(
  kindA: number,
  a: CoreShape,
  ra: number,
  mx: number,
  my: number,
  mz: number,
  kindB: number,
  b: CoreShape,
  rb: number,
): boolean {
  coreBounds(kindA, a, ra, boundsA);
  coreBounds(kindB, b, rb, boundsB);
  sweepBounds(0, mx);
  sweepBounds(1, my);
  sweepBounds(2, mz);
  if (boundsApart(boundsA, boundsB)) return false;
  return exactWithinSwept(kindA, a, ra, mx, my, mz, kindB, b, rb);
}

/** Grows boundsA on axis k by the motion m along it, padded by the one rounding of each sum. */
function sweepBounds(k: number, m: number): void {
  if (m < 0) {
    const lo = boundsA[k]! + m;
    boundsA[k] = lo - 2 * EPS * Math.abs(lo) - 2 ** -1000;
  } else if (m > 0) {
    const hi = boundsA[k + 3]! + m;
    boundsA[k + 3] = hi + 2 * EPS * Math.abs(hi) + 2 ** -1000;
  }
}

/** Exact: do two closed balls meet (|c1 - c2| <= r1 + r2)? */
export function sphereSphere(a: Sphere, b: Sphere): boolean {
  const dx = a.center.x - b.center.x;
  const dy = a.center.y - b.center.y;
  const dz = a.center.z - b.center.z;
  const r = a.radius + b.radius;
  const d2 = dx * dx + dy * dy + dz * dz;
  const rr = r * r;
  // d2 is 4 roundings deep on rounded differences; r (1) squared (2): ERR5 covers both.
  const v = d2 - rr;
  const bound = ERR5 * (d2 + rr) + T2;
  if (v > bound) return false;
  if (-v > bound) return true;
  return exactWithin(CORE_POINT, a.center, a.radius, CORE_POINT, b.center, b.radius);
}

const ax: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];
/** Relative slack on squared comparisons whose sides are each a few roundings off. */
const REL = 2 ** -44;
/** A dot product of rounded differences, summed with a few more: 8 eps of the absolute sum. */
const ERR8 = 8 * EPS;
/** A sum of a rounded difference and two rounded products, plus eps for v + w past 1. */
const ERR10 = 10 * EPS;

/**
 * Exact: does the ball meet the box (the parallelepiped of `boxAxes`)? Floats find the box point
 * q = center + sum(u_i a_i), |u_i| <= 1, nearest the ball's center (the axes are nearly
 * orthogonal, so clamped projections); q is exactly in the box, so |c - q| <= r certifies a hit,
 * and n = c - q as an axis certifies a miss when the box's projection stays beyond r |n|.
 */
export function sphereBox(s: Sphere, b: Box): boolean {
  boxAxes(b, ax);
  const c = s.center;
  const r = s.radius;
  const dx = c.x - b.center.x;
  const dy = c.y - b.center.y;
  const dz = c.z - b.center.z;
  // Early miss: the box lies in the axis-aligned box of half extents bx, by, bz (the sums of
  // its axes' components) about its center; the ball missing that one by a margin misses it.
  // Each gap |d| - b is lowered by 8 eps of its terms (|d| one rounding, b two), so it is below
  // the exact one; their squares' sum, 3 roundings, is then lowered by REL.
  const a0 = ax[0]!;
  const a1 = ax[1]!;
  const a2 = ax[2]!;
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  const adz = Math.abs(dz);
  const bx = Math.abs(a0.x) + Math.abs(a1.x) + Math.abs(a2.x);
  const by = Math.abs(a0.y) + Math.abs(a1.y) + Math.abs(a2.y);
  const bz = Math.abs(a0.z) + Math.abs(a1.z) + Math.abs(a2.z);
  const gx = adx - bx - ERR8 * (adx + bx);
  const gy = ady - by - ERR8 * (ady + by);
  const gz = adz - bz - ERR8 * (adz + bz);
  const qx = gx > 0 ? gx : 0;
  const qy = gy > 0 ? gy : 0;
  const qz = gz > 0 ? gz : 0;
  if ((qx * qx + qy * qy + qz * qz) * (1 - REL) > r * r * (1 + REL) + T2) return false;
  let nx = dx;
  let ny = dy;
  let nz = dz;
  // |d| per component bounds the terms of n; ex, ey, ez collect |u_i a_i|.
  let ex = adx;
  let ey = ady;
  let ez = adz;
  for (let i = 0; i < 3; i++) {
    const a = ax[i]!;
    const aa = a.x * a.x + a.y * a.y + a.z * a.z;
    if (!(aa > 0) || !Number.isFinite(aa)) continue;
    // Clamped first: no division for an axis the center is beyond (the same u as dividing then
    // clamping, since fl(dot / aa) > 1 only when dot > aa, and dot = aa divides to 1).
    const dot = dx * a.x + dy * a.y + dz * a.z;
    let u: number;
    if (dot >= aa) u = 1;
    else if (dot <= -aa) u = -1;
    else {
      u = dot / aa;
      if (Number.isNaN(u)) u = 0;
    }
    const px = u * a.x;
    const py = u * a.y;
    const pz = u * a.z;
    nx -= px;
    ny -= py;
    nz -= pz;
    ex += Math.abs(px);
    ey += Math.abs(py);
    ez += Math.abs(pz);
  }
  const rr = r * r;
  // Hit: |c - q| <= r with each component of n within ERR8 * e of the exact one.
  const hx = Math.abs(nx) + ERR8 * ex;
  const hy = Math.abs(ny) + ERR8 * ey;
  const hz = Math.abs(nz) + ERR8 * ez;
  if ((hx * hx + hy * hy + hz * hz) * (1 + REL) + T2 < rr * (1 - REL)) return true;
  // Miss: along n, the box's values n . (p - c) stay below -r |n|.
  const nd = nx * dx + ny * dy + nz * dz;
  let m = Math.abs(nx * dx) + Math.abs(ny * dy) + Math.abs(nz * dz);
  let ext = 0;
  for (let i = 0; i < 3; i++) {
    const a = ax[i]!;
    const u = nx * a.x;
    const v = ny * a.y;
    const w = nz * a.z;
    ext += Math.abs(u + v + w);
    m += Math.abs(u) + Math.abs(v) + Math.abs(w);
  }
  const gap = nd - ext - ERR8 * m - T2;
  if (gap > 0 && gap * gap > rr * (nx * nx + ny * ny + nz * nz) * (1 + REL) + T2) return false;
  return coresWithin(CORE_POINT, c, r, CORE_BOX, b, 0);
}

/**
 * Exact: are the segments p = ab and q = cd within r1 + r2? Floats find the closest parameters s, t
 * (Ericson, Real-Time Collision Detection, §5.1.9) clamped to [0, 1], so P = a + s (b - a) and
 * Q = c + t (d - c) lie exactly on the segments: |P - Q| <= r certifies a hit, and n = P - Q as
 * an axis certifies a miss when the segments' values along n stay more than r |n| apart.
 */
export function segmentsWithin(p: Segment, r1: number, q: Segment, r2: number): boolean {
  // Small enough for V8 to inline: the radii go through a Float64Array, so they are not boxed
  // into fresh heap numbers on the call to the large body below.
  RADII[0] = r1;
  RADII[1] = r2;
  return segmentsWithinRadii(p, q);
}

/** The radii r1, r2 of segmentsWithin, for segmentsWithinRadii. */
const RADII = new Float64Array(2);

/** segmentsWithin with r1 = RADII[0] and r2 = RADII[1]. */
function segmentsWithinRadii(p: Segment, q: Segment): boolean {
  const r1 = RADII[0]!;
  const r2 = RADII[1]!;
  const a = p.a;
  const b = p.b;
  const c = q.a;
  const d = q.b;
  const ux = b.x - a.x;
  const uy = b.y - a.y;
  const uz = b.z - a.z;
  const vx = d.x - c.x;
  const vy = d.y - c.y;
  const vz = d.z - c.z;
  const wx = a.x - c.x;
  const wy = a.y - c.y;
  const wz = a.z - c.z;
  const uu = ux * ux + uy * uy + uz * uz;
  const vv = vx * vx + vy * vy + vz * vz;
  const uv = ux * vx + uy * vy + uz * vz;
  const uw = ux * wx + uy * wy + uz * wz;
  const vw = vx * wx + vy * wy + vz * wz;
  let s = 0;
  let t = 0;
  // Clamps written out (x > 1 ? 1 : x > 0 ? x : 0, NaN to 0): a rarely taken call to a clamp
  // helper is left un-inlined by V8 and boxes its argument and result.
  if (uu > 0 && vv > 0) {
    const den = uu * vv - uv * uv;
    s = den > 0 ? (uv * vw - vv * uw) / den : 0;
    s = s > 1 ? 1 : s > 0 ? s : 0;
    t = (uv * s + vw) / vv;
    if (t < 0) {
      t = 0;
      s = -uw / uu;
    } else if (t > 1) {
      t = 1;
      s = (uv - uw) / uu;
    }
  } else if (uu > 0) s = -uw / uu;
  else if (vv > 0) t = vw / vv;
  s = s > 1 ? 1 : s > 0 ? s : 0;
  t = t > 1 ? 1 : t > 0 ? t : 0;
  // n = P - Q = w + s u - t v, each term within ERR8 of its absolute size.
  const sx = s * ux;
  const sy = s * uy;
  const sz = s * uz;
  const tx = t * vx;
  const ty = t * vy;
  const tz = t * vz;
  const nx = wx + sx - tx;
  const ny = wy + sy - ty;
  const nz = wz + sz - tz;
  const r = r1 + r2;
  const rr = r * r;
  const hx = Math.abs(nx) + ERR8 * (Math.abs(wx) + Math.abs(sx) + Math.abs(tx));
  const hy = Math.abs(ny) + ERR8 * (Math.abs(wy) + Math.abs(sy) + Math.abs(ty));
  const hz = Math.abs(nz) + ERR8 * (Math.abs(wz) + Math.abs(sz) + Math.abs(tz));
  if ((hx * hx + hy * hy + hz * hz) * (1 + REL) + T2 < rr * (1 - REL)) return true;
  // Along n, ab's values minus c's: n . (a - c) = n . w and n . (b - c) = n . (w + u); cd's: 0
  // and n . v.
  const pa = nx * wx + ny * wy + nz * wz;
  const bx = wx + ux;
  const by = wy + uy;
  const bz = wz + uz;
  const pb = nx * bx + ny * by + nz * bz;
  const pd = nx * vx + ny * vy + nz * vz;
  const m =
    Math.abs(nx) * (Math.abs(wx) + Math.abs(bx) + Math.abs(ux) + Math.abs(vx)) +
    Math.abs(ny) * (Math.abs(wy) + Math.abs(by) + Math.abs(uy) + Math.abs(vy)) +
    Math.abs(nz) * (Math.abs(wz) + Math.abs(bz) + Math.abs(uz) + Math.abs(vz));
  const gap = Math.min(pa, pb) - Math.max(0, pd) - ERR8 * m - T2;
  if (gap > 0 && gap * gap > rr * (nx * nx + ny * ny + nz * nz) * (1 + REL) + T2) return false;
  return exactWithin(CORE_SEGMENT, p, r1, CORE_SEGMENT, q, r2);
}

/**
 * Float pass for the ball against the closed triangle: 1 certainly meeting, 0 certainly apart,
 * -1 undecided. The point case of witness.ts's segment pass, written inline so V8 compiles it
 * as one body: Q = a + v (b - a) + w (c - a) with v, w >= 0 and v + w <= 1 (+ eps), the triangle
 * point nearest the center in floats (Ericson §5.1.5), is exactly a point of the triangle, so
 * |c - Q| <= r certifies a hit and n = c - Q as an axis a miss, with witness.ts's bounds: each
 * component of n within ERR10 of its three terms (4 roundings deep, and eps for v + w rounding
 * past 1), each value along n (a dot with rounded differences, 5 deep) within ERR8.
 */
export function sphereTriangleFloat(s: Sphere, t: Triangle): number {
  const r = s.radius;
  const c = s.center;
  const a = t.a;
  const px = c.x - a.x;
  const py = c.y - a.y;
  const pz = c.z - a.z;
  const ux = t.b.x - a.x;
  const uy = t.b.y - a.y;
  const uz = t.b.z - a.z;
  const wx = t.c.x - a.x;
  const wy = t.c.y - a.y;
  const wz = t.c.z - a.z;
  // Voronoi regions of the corners, then the edges, then the face (Ericson §5.1.5).
  let v = 0;
  let w = 0;
  const d1 = ux * px + uy * py + uz * pz;
  const d2 = wx * px + wy * py + wz * pz;
  if (d1 > 0 || d2 > 0) {
    const bx = px - ux;
    const by = py - uy;
    const bz = pz - uz;
    const d3 = ux * bx + uy * by + uz * bz;
    const d4 = wx * bx + wy * by + wz * bz;
    const qx = px - wx;
    const qy = py - wy;
    const qz = pz - wz;
    const d5 = ux * qx + uy * qy + uz * qz;
    const d6 = wx * qx + wy * qy + wz * qz;
    const vc = d1 * d4 - d3 * d2;
    const vb = d5 * d2 - d1 * d6;
    const va = d3 * d6 - d5 * d4;
    if (d3 >= 0 && d4 <= d3) v = 1;
    else if (d6 >= 0 && d5 <= d6) w = 1;
    else if (vc <= 0 && d1 >= 0 && d3 <= 0) v = d1 / (d1 - d3);
    else if (vb <= 0 && d2 >= 0 && d6 <= 0) w = d2 / (d2 - d6);
    else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      v = 1 - w;
    } else {
      const den = va + vb + vc;
      v = vb / den;
      w = vc / den;
    }
    // Clamps written out (NaN to 0); fl(v + fl(1 - v)) <= 1, so v + w <= 1 + eps after them.
    v = v > 1 ? 1 : v > 0 ? v : 0;
    w = w > 1 ? 1 : w > 0 ? w : 0;
    if (v + w > 1) w = 1 - v;
  }
  const vx = v * ux;
  const vy = v * uy;
  const vz = v * uz;
  const tx = w * wx;
  const ty = w * wy;
  const tz = w * wz;
  const nx = px - vx - tx;
  const ny = py - vy - ty;
  const nz = pz - vz - tz;
  const rr = r * r;
  const nn = nx * nx + ny * ny + nz * nz;
  // The hit test's left side is at least nn (|h_k| >= |n_k|): skip it when nn alone fails.
  if (nn < rr) {
    const hx = Math.abs(nx) + ERR10 * (Math.abs(px) + Math.abs(vx) + Math.abs(tx));
    const hy = Math.abs(ny) + ERR10 * (Math.abs(py) + Math.abs(vy) + Math.abs(ty));
    const hz = Math.abs(nz) + ERR10 * (Math.abs(pz) + Math.abs(vz) + Math.abs(tz));
    if ((hx * hx + hy * hy + hz * hz) * (1 + REL) + T2 < rr * (1 - REL)) return 1;
  }
  // Along n, relative to a: the center's n . p; the triangle's 0, n . u, n . w.
  const np = nx * px + ny * py + nz * pz;
  const nb = nx * ux + ny * uy + nz * uz;
  const nc = nx * wx + ny * wy + nz * wz;
  const m =
    Math.abs(nx) * (Math.abs(px) + Math.abs(ux) + Math.abs(wx)) +
    Math.abs(ny) * (Math.abs(py) + Math.abs(uy) + Math.abs(wy)) +
    Math.abs(nz) * (Math.abs(pz) + Math.abs(uz) + Math.abs(wz));
  const gap = np - Math.max(0, nb, nc) - ERR8 * m - T2;
  if (gap > 0 && gap * gap > rr * nn * (1 + REL) + T2) return 0;
  return -1;
}
