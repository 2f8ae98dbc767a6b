import { dot3Sign, pointDistanceSign3 } from "../../exact/distance3.ts";
import { EPS, ERR5, TAIL2 } from "../../exact/filter.ts";
import { castSphere3, insideHit } from "../query/linear-cast.ts";
import {
  formPointSign,
  type LinearForm3,
  lineForm3,
  makeLinearForm3,
  rayForm3,
  segmentOf3,
} from "../query/linear-form.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type { Line, Ray, Segment, Sphere } from "../shapes.ts";
import { testLineSphere } from "./line-sphere.ts";

/*
 * Lines, rays and segments against spheres (closed balls). Hit-or-miss is the exact sign of the
 * distance from the center to the linear shape minus the radius; a ray's or segment's start
 * inside is the exact sign of |start - center|^2 - r^2.
 */

const F: LinearForm3 = makeLinearForm3();
const LINE: Line = { point: { x: 0, y: 0, z: 0 }, dir: { x: 1, y: 0, z: 0 } };

const RAY_MISS = -1;
const RAY_HIT = 0;
const RAY_INSIDE = 1;

/**
 * Classifies a ray against a ball: RAY_MISS, RAY_HIT (from outside) or RAY_INSIDE (origin in the
 * closed ball). The float filter is written inline (a call to a helper holding a BigInt fallback
 * keeps V8 from inlining); doubtful signs go to `classifySlow`.
 */
function classify(a: Ray, b: Sphere): number {
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  const r = b.radius;
  const wx = c.x - o.x;
  const wy = c.y - o.y;
  const wz = c.z - o.z;
  const ww = wx * wx + wy * wy + wz * wz;
  const rr = r * r;
  const omega = ww - rr;
  const eOmega = ERR5 * (ww + rr) + TAIL2;
  if (omega < -eOmega) return RAY_INSIDE;
  if (!(omega > eOmega)) return classifySlow(a, b);
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const p = wx * dx;
  const q = wy * dy;
  const s = wz * dz;
  const beta = p + q + s;
  const eBeta = ERR5 * (Math.abs(p) + Math.abs(q) + Math.abs(s)) + TAIL2;
  // Center behind the origin, origin outside: the origin is the nearest point, so a miss.
  if (beta < -eBeta) return RAY_MISS;
  if (!(beta > eBeta)) return classifySlow(a, b);
  // |w x d|^2 - r^2 |d|^2: the squared distance from the center to the line, times |d|^2.
  let l = wy * dz;
  let k = wz * dy;
  const kx = l - k;
  const mx = Math.abs(l) + Math.abs(k);
  l = wz * dx;
  k = wx * dz;
  const ky = l - k;
  const my = Math.abs(l) + Math.abs(k);
  l = wx * dy;
  k = wy * dx;
  const kz = l - k;
  const mz = Math.abs(l) + Math.abs(k);
  const rdd = rr * (dx * dx + dy * dy + dz * dz);
  const v = kx * kx + ky * ky + kz * kz - rdd;
  const e = ERR_LINE * (mx * mx + my * my + mz * mz + rdd) + TAIL_LINE;
  if (v > e) return RAY_MISS;
  if (v < -e) return RAY_HIT;
  return classifySlow(a, b);
}

/** 16 eps: the cross product's error squared plus the sums (as in exact/distance3.ts). */
const ERR_LINE = 16 * EPS;
/** Products below 2^-1000 go exact (filter.ts); squares of them add at most this. */
const TAIL_LINE = 2 ** -900;

function classifySlow(a: Ray, b: Sphere): number {
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  if (pointDistanceSign3(o.x, o.y, o.z, c.x, c.y, c.z, b.radius) <= 0) return RAY_INSIDE;
  if (dot3Sign(c.x, c.y, c.z, o.x, o.y, o.z, d.x, d.y, d.z, 0, 0, 0) <= 0) return RAY_MISS;
  LINE.point = o;
  LINE.dir = d;
  return testLineSphere(LINE, b) ? RAY_HIT : RAY_MISS;
}

/**
 * Whether the ray meets the ball; exact. The ray's point nearest the center is its origin when
 * the center is behind it, else the foot on its line.
 * @see Ericson, Real-Time Collision Detection, §5.3.2.
 */
export function testRaySphere(a: Ray, b: Sphere): boolean {
  return classify(a, b) !== RAY_MISS;
}

/** Whether the segment meets the ball; exact (a zero-length segment is a point). */
export function testSegmentSphere(a: Segment, b: Sphere): boolean {
  const c = b.center;
  return formPointSign(segmentOf3(a, F), c.x, c.y, c.z, b.radius) <= 0;
}

/**
 * Where the line first enters the ball (the smaller root, possibly at negative t), with the
 * outward normal there, or null; a line has no start, so never `inside`.
 * @see Press et al., Numerical Recipes, §5.6 (the root without cancellation).
 */
export function intersectLineSphere(a: Line, b: Sphere, out?: ShapeHit): ShapeHit | null {
  if (!testLineSphere(a, b)) return null;
  const c = b.center;
  return castSphere3(lineForm3(a, F), c.x, c.y, c.z, b.radius, out ?? makeShapeHit());
}

/**
 * Where the ray first enters the ball (t >= 0, in units of its direction), with the outward
 * normal facing back along the ray, or null; an origin inside gives t = 0 and `inside`.
 */
export function intersectRaySphere(a: Ray, b: Sphere, out?: ShapeHit): ShapeHit | null {
  const code = classify(a, b);
  if (code === RAY_MISS) return null;
  const f = rayForm3(a, F);
  if (code === RAY_INSIDE) return insideHit(f, out ?? makeShapeHit());
  const c = b.center;
  return castSphere3(f, c.x, c.y, c.z, b.radius, out ?? makeShapeHit());
}

/**
 * Where the segment first enters the ball (t in [0, 1]), with the outward normal facing back
 * along it, or null; a start inside gives t = 0 and `inside`.
 */
export function intersectSegmentSphere(a: Segment, b: Sphere, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentSphere(a, b)) return null;
  const c = b.center;
  const s = a.a;
  const f = segmentOf3(a, F);
  if (pointDistanceSign3(s.x, s.y, s.z, c.x, c.y, c.z, b.radius) <= 0) {
    return insideHit(f, out ?? makeShapeHit());
  }
  return castSphere3(f, c.x, c.y, c.z, b.radius, out ?? makeShapeHit());
}
