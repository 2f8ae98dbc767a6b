/**
 * Rounded and flat pairs of bounded 3D shapes: a float quick reject on padded bounding boxes, a
 * float filter where the pair has a cheap closed form (sphere-sphere, sphere-aabb), and the exact
 * BigInt GJK of exact.ts for everything the floats cannot certify.
 * @see Ericson, Real-Time Collision Detection, §4.2 and §5.2.5 (sphere vs aabb by clamping).
 */
import { ERR5, TAIL2 } from "../../exact/filter.ts";
import type { Aabb, Sphere } from "../shapes.ts";
import { boundsApart, coreBounds } from "./bounds.ts";
import { CORE_AABB, CORE_POINT, type CoreShape, exactWithin } from "./exact.ts";

const boundsA = new Float64Array(6);
const boundsB = new Float64Array(6);

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
  const bound = ERR5 * (d2 + rr) + TAIL2;
  if (v > bound) return false;
  if (-v > bound) return true;
  return exactWithin(CORE_POINT, a.center, a.radius, CORE_POINT, b.center, b.radius);
}

/** Exact: does the closed ball meet the box (squared distance from the center to it <= r^2)? */
export function sphereAabb(s: Sphere, b: Aabb): boolean {
  const c = s.center;
  const dx = c.x < b.min.x ? b.min.x - c.x : c.x > b.max.x ? c.x - b.max.x : 0;
  const dy = c.y < b.min.y ? b.min.y - c.y : c.y > b.max.y ? c.y - b.max.y : 0;
  const dz = c.z < b.min.z ? b.min.z - c.z : c.z > b.max.z ? c.z - b.max.z : 0;
  const d2 = dx * dx + dy * dy + dz * dz;
  const rr = s.radius * s.radius;
  const v = d2 - rr;
  const bound = ERR5 * (d2 + rr) + TAIL2;
  if (v > bound) return false;
  if (-v > bound) return true;
  return exactWithin(CORE_POINT, c, s.radius, CORE_AABB, b, 0);
}
