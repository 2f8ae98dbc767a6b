/**
 * Float pass for two closed triangles meeting, decided by exact orientation signs alone in the
 * general position: each triangle's corners strictly on both sides of the other's plane. Then
 * each triangle cuts the line where the planes meet in a segment, and the triangles meet exactly
 * when those segments overlap, which two more orientations decide (Guigue and Devillers). Every
 * sign is a float filter with Shewchuk's bound and the exact orient3d behind it, so the answer is
 * exact; a corner on the other's plane (touching, coplanar or degenerate pairs) returns -1 for
 * the complete test.
 * @see P. Guigue, O. Devillers, "Fast and Robust Triangle-Triangle Overlap Test Using Orientation
 * Predicates", Journal of Graphics Tools 8(1), 2003; Möller, "A fast triangle-triangle
 * intersection test", JGT 1997 (the plane rejection first); Shewchuk, DCG 1997 (the filter).
 */
import { EPS, TAIL2 } from "../../exact/filter.ts";
import { orient3d } from "../../exact/orient3d.ts";
import type { Triangle, Vec } from "../shapes.ts";

/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;

/**
 * orient3d as (b - a) x (c - a) . (d - a) on rounded differences: Shewchuk's errboundA is
 * (7 + 56 eps) eps times the permanent computed from the same products; 8 eps covers it. An
 * underflowed product errs by at most 2^-1075, magnified by one factor |d - a| later: the tail
 * TAIL2 (1 + |d - a|_1) covers it. Overflow makes the bound infinite (or NaN), and the exact
 * orient3d decides.
 */
const ERR = 8 * EPS;

/** A plane's normal (b - a) x (c - a) (0..2) and its absolute companion (3..5). */
const NORMAL = new Float64Array(6);

/** NORMAL for the triangle abc. */
function normalOf(t: Triangle): void {
  const a = t.a;
  const ux = t.b.x - a.x;
  const uy = t.b.y - a.y;
  const uz = t.b.z - a.z;
  const vx = t.c.x - a.x;
  const vy = t.c.y - a.y;
  const vz = t.c.z - a.z;
  NORMAL[0] = uy * vz - uz * vy;
  NORMAL[1] = uz * vx - ux * vz;
  NORMAL[2] = ux * vy - uy * vx;
  NORMAL[3] = Math.abs(uy * vz) + Math.abs(uz * vy);
  NORMAL[4] = Math.abs(uz * vx) + Math.abs(ux * vz);
  NORMAL[5] = Math.abs(ux * vy) + Math.abs(uy * vx);
}

/** Exact sign of orient3d(t.a, t.b, t.c, d), NORMAL holding normalOf(t). */
function sideOf(t: Triangle, d: Vec): number {
  const a = t.a;
  const px = d.x - a.x;
  const py = d.y - a.y;
  const pz = d.z - a.z;
  const h = NORMAL[0]! * px + NORMAL[1]! * py + NORMAL[2]! * pz;
  const ax = Math.abs(px);
  const ay = Math.abs(py);
  const az = Math.abs(pz);
  const bound =
    ERR * (ax * NORMAL[3]! + ay * NORMAL[4]! + az * NORMAL[5]!) + T2 * (1 + ax + ay + az);
  if (h > bound) return 1;
  if (-h > bound) return -1;
  return orient3d(a.x, a.y, a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z, d.x, d.y, d.z);
}

/** Exact sign of orient3d(a, b, c, d), filtered as sideOf. */
function orient(a: Vec, b: Vec, c: Vec, d: Vec): number {
  const ux = b.x - a.x;
  const uy = b.y - a.y;
  const uz = b.z - a.z;
  const vx = c.x - a.x;
  const vy = c.y - a.y;
  const vz = c.z - a.z;
  const px = d.x - a.x;
  const py = d.y - a.y;
  const pz = d.z - a.z;
  const h = (uy * vz - uz * vy) * px + (uz * vx - ux * vz) * py + (ux * vy - uy * vx) * pz;
  const ax = Math.abs(px);
  const ay = Math.abs(py);
  const az = Math.abs(pz);
  const bound =
    ERR *
      (ax * (Math.abs(uy * vz) + Math.abs(uz * vy)) +
        ay * (Math.abs(uz * vx) + Math.abs(ux * vz)) +
        az * (Math.abs(ux * vy) + Math.abs(uy * vx))) +
    T2 * (1 + ax + ay + az);
  if (h > bound) return 1;
  if (-h > bound) return -1;
  return orient3d(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z);
}

/**
 * 1 the closed triangles meet, 0 apart, -1 when some corner lies on the other triangle's plane
 * (then the general-position argument below does not apply).
 */
export function triangleTriangleSigns(t1: Triangle, t2: Triangle): number {
  // t2's corners against t1's plane: all strictly on one side, apart.
  normalOf(t1);
  const da = sideOf(t1, t2.a);
  const db = sideOf(t1, t2.b);
  const dc = sideOf(t1, t2.c);
  if (da === db && db === dc) return da === 0 ? -1 : 0;
  normalOf(t2);
  const ea = sideOf(t2, t1.a);
  const eb = sideOf(t2, t1.b);
  const ec = sideOf(t2, t1.c);
  if (ea === eb && eb === ec) return ea === 0 ? -1 : 0;
  if (da * db * dc === 0 || ea * eb * ec === 0) return -1;
  // Each triangle now has one corner alone on its side of the other's plane: p1 (t1's) and p2
  // (t2's), the cyclic order kept, so the planes keep their orientation.
  let p1: Vec;
  let q1: Vec;
  let r1: Vec;
  let s1: number;
  if (ea !== eb && ea !== ec) {
    p1 = t1.a;
    q1 = t1.b;
    r1 = t1.c;
    s1 = ea;
  } else if (eb !== ea && eb !== ec) {
    p1 = t1.b;
    q1 = t1.c;
    r1 = t1.a;
    s1 = eb;
  } else {
    p1 = t1.c;
    q1 = t1.a;
    r1 = t1.b;
    s1 = ec;
  }
  let p2: Vec;
  let q2: Vec;
  let r2: Vec;
  let s2: number;
  if (da !== db && da !== dc) {
    p2 = t2.a;
    q2 = t2.b;
    r2 = t2.c;
    s2 = da;
  } else if (db !== da && db !== dc) {
    p2 = t2.b;
    q2 = t2.c;
    r2 = t2.a;
    s2 = db;
  } else {
    p2 = t2.c;
    q2 = t2.a;
    r2 = t2.b;
    s2 = dc;
  }
  // Put p1 on the positive side of t2's plane and p2 on the positive side of t1's, flipping a
  // triangle's orientation (swapping its other two corners) where needed.
  if (s1 < 0) {
    const k = q2;
    q2 = r2;
    r2 = k;
  }
  if (s2 < 0) {
    const k = q1;
    q1 = r1;
    r1 = k;
  }
  // The segments on the planes' common line overlap exactly when both hold (touching counts).
  return orient(p1, q1, p2, q2) <= 0 && orient(p1, r1, r2, p2) <= 0 ? 1 : 0;
}
