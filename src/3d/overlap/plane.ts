/**
 * Shapes against a plane (the surface dot(n, p) = offset): the shape meets it when its values
 * dot(n, p) - offset take both signs, or the nearest value is within r |n| (compared squared).
 * Floats decide with an error bound; the rest goes to the exact test of exact.ts.
 * @see Ericson, Real-Time Collision Detection, §5.2.2-5.2.3 (spheres and boxes against planes).
 */
import { lift } from "../../exact/bigint.ts";
import { EPS, TAIL2 } from "../../exact/filter.ts";
import type { Aabb, Box, Capsule, Hull, Plane, Sphere, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_HULL,
  CORE_POINT,
  CORE_SEGMENT,
  CORE_TRIANGLE,
  type CoreShape,
  exactPlaneWithin,
} from "./exact.ts";

/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;

/** A dot product and a difference: at most 5 roundings; 8 eps leaves room for the sums of ranges. */
const ERR = 8 * EPS;
/** Slack on the squared comparison: both sides are a few roundings off. */
const REL = 2 ** -44;

/**
 * The range [lo, hi] of values (0, 1), its error bound (2) and the radius (3): a Float64Array, as a
 * double written to a module-level `let`, or passed to a call V8 does not inline, is boxed.
 */
const RG = new Float64Array(4);

/** Starts a range with the value of vertex p (the plane, not its offset: a double argument of a
 * call V8 does not inline is boxed). */
function first(pl: Plane, p: Vec): void {
  const n = pl.normal;
  const o = pl.offset;
  const a = n.x * p.x;
  const b = n.y * p.y;
  const c = n.z * p.z;
  RG[0] = RG[1] = a + b + c - o;
  RG[2] = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(o)) + T2;
}

/** Widens the range by the value of vertex p. */
function next(pl: Plane, p: Vec): void {
  const n = pl.normal;
  const o = pl.offset;
  const a = n.x * p.x;
  const b = n.y * p.y;
  const c = n.z * p.z;
  const d = a + b + c - o;
  if (d < RG[0]!) RG[0] = d;
  if (d > RG[1]!) RG[1] = d;
  const e = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(o)) + T2;
  if (e > RG[2]!) RG[2] = e;
}

/**
 * 1 meets, 0 apart, -1 undecided, for the range [lo, hi] (each within err) grown by r |n|, all
 * in RG. Non-finite values fail every comparison and come out undecided.
 */
function decide(n: Vec): number {
  const lo = RG[0]!;
  const hi = RG[1]!;
  const err = RG[2]!;
  const r = RG[3]!;
  if (lo < -err && hi > err) return 1;
  let gap: number;
  if (lo > err) gap = lo;
  else if (hi < -err) gap = -hi;
  else return -1;
  if (r === 0) return 0;
  const rn = r * r * (n.x * n.x + n.y * n.y + n.z * n.z);
  const far = gap - err;
  const near = gap + err;
  if (far * far > rn * (1 + REL) + T2) return 0;
  if (near * near + T2 < rn * (1 - REL)) return 1;
  return -1;
}

/** The decision d of `decide`, or the exact test when undecided (the radius read from RG). */
function settle(d: number, kind: number, s: CoreShape, p: Plane): boolean {
  return d === 1 ? true : d === 0 ? false : exactPlaneWithin(kind, s, RG[3]!, p);
}

/** Exact: does the plane cut or touch the ball? */
export function planeSphere(p: Plane, s: Sphere): boolean {
  first(p, s.center);
  RG[3] = s.radius;
  return settle(decide(p.normal), CORE_POINT, s.center, p);
}

/** Exact: does the plane meet the capsule? */
export function planeCapsule(p: Plane, c: Capsule): boolean {
  first(p, c.a);
  next(p, c.b);
  RG[3] = c.radius;
  return settle(decide(p.normal), CORE_SEGMENT, c, p);
}

/** Exact: does the plane meet the triangle (a collinear one included)? */
export function planeTriangle(p: Plane, t: Triangle): boolean {
  first(p, t.a);
  next(p, t.b);
  next(p, t.c);
  RG[3] = 0;
  return settle(decide(p.normal), CORE_TRIANGLE, t, p);
}

/** Exact: does the plane cut or touch the hull (the hull of its points)? */
export function planeHull(p: Plane, h: Hull): boolean {
  const pts = h.points;
  first(p, pts[0]!);
  for (let i = 1; i < pts.length; i++) next(p, pts[i]!);
  RG[3] = 0;
  return settle(decide(p.normal), CORE_HULL, h, p);
}

/** Exact: does the plane meet the closed axis-aligned box? */
export function planeAabb(p: Plane, b: Aabb): boolean {
  aabbRange(p, b);
  RG[3] = 0;
  return settle(decide(p.normal), CORE_AABB, b, p);
}

/**
 * The range of the plane's values over the box and its error bound, written to RG[0..2] (also
 * returned, for the frustum's corner enclosures).
 */
export function aabbRange(p: Plane, b: Aabb): Float64Array {
  const n = p.normal;
  // The corners with the smallest and largest value: per axis, by the sign of n.
  const a0 = n.x * b.min.x;
  const a1 = n.x * b.max.x;
  const b0 = n.y * b.min.y;
  const b1 = n.y * b.max.y;
  const c0 = n.z * b.min.z;
  const c1 = n.z * b.max.z;
  const o = p.offset;
  RG[0] = Math.min(a0, a1) + Math.min(b0, b1) + Math.min(c0, c1) - o;
  RG[1] = Math.max(a0, a1) + Math.max(b0, b1) + Math.max(c0, c1) - o;
  RG[2] =
    ERR *
      (Math.max(Math.abs(a0), Math.abs(a1)) +
        Math.max(Math.abs(b0), Math.abs(b1)) +
        Math.max(Math.abs(c0), Math.abs(c1)) +
        Math.abs(o)) +
    T2;
  return RG;
}

const ax: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/** Exact: does the plane meet the box (the parallelepiped of `boxAxes`)? */
export function planeBox(p: Plane, b: Box): boolean {
  const n = p.normal;
  boxAxes(b, ax);
  first(p, b.center);
  let ext = 0;
  let extAbs = 0;
  for (let i = 0; i < 3; i++) {
    const a = ax[i]!;
    const u = n.x * a.x;
    const v = n.y * a.y;
    const w = n.z * a.z;
    ext += Math.abs(u + v + w);
    extAbs += Math.abs(u) + Math.abs(v) + Math.abs(w);
  }
  RG[0] = RG[0]! - ext;
  RG[1] = RG[1]! + ext;
  RG[2] = RG[2]! + ERR * extAbs;
  RG[3] = 0;
  return settle(decide(n), CORE_BOX, b, p);
}

const pp: number[] = [];
const ppInts: bigint[] = [];

/** Exact: do two planes meet (not parallel, or the same plane)? */
export function planePlane(p: Plane, q: Plane): boolean {
  const a = p.normal;
  const b = q.normal;
  // Not parallel when a component of a x b is certainly non-zero (2 roundings on products).
  const x1 = a.y * b.z;
  const x2 = a.z * b.y;
  const y1 = a.z * b.x;
  const y2 = a.x * b.z;
  const z1 = a.x * b.y;
  const z2 = a.y * b.x;
  const e = 3 * EPS;
  if (Math.abs(x1 - x2) > e * (Math.abs(x1) + Math.abs(x2)) + T2) return true;
  if (Math.abs(y1 - y2) > e * (Math.abs(y1) + Math.abs(y2)) + T2) return true;
  if (Math.abs(z1 - z2) > e * (Math.abs(z1) + Math.abs(z2)) + T2) return true;
  pp.length = 0;
  pp.push(a.x, a.y, a.z, p.offset, b.x, b.y, b.z, q.offset);
  const n = lift(pp, ppInts);
  const ax0 = n[0]!;
  const ay0 = n[1]!;
  const az0 = n[2]!;
  const bx0 = n[4]!;
  const by0 = n[5]!;
  const bz0 = n[6]!;
  if (ay0 * bz0 !== az0 * by0 || az0 * bx0 !== ax0 * bz0 || ax0 * by0 !== ay0 * bx0) return true;
  // Parallel: the same plane when offset_p * b = offset_q * a.
  const op = n[3]!;
  const oq = n[7]!;
  return op * bx0 === oq * ax0 && op * by0 === oq * ay0 && op * bz0 === oq * az0;
}
