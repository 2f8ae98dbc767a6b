import { dot3Sign, pointDistanceSign3 } from "../../exact/distance3.ts";
import { ACCURATE, ERR5, ERR9, TAIL2 } from "../../exact/filter.ts";
import { normalize3 } from "../../math/vec3.ts";
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
  const bm = Math.abs(p) + Math.abs(q) + Math.abs(s);
  const eBeta = ERR5 * bm + TAIL2;
  // Center behind the origin, origin outside: the origin is the nearest point, so a miss.
  if (beta < -eBeta) return RAY_MISS;
  if (!(beta > eBeta)) return classifySlow(a, b);
  // v = omega |d|^2 - beta^2 = |d|^2 (dist(c, line)^2 - r^2) (Lagrange's identity). As one
  // polynomial in the rounded differences w, d and r it is 7 roundings deep, so (filter.ts) its
  // error is below 8 eps M, M = (|w|^2 + r^2) |d|^2 + (|p| + |q| + |s|)^2 computed, and ERR9 covers
  // it. Its underflow tail, for degree 4, is a small multiple of 2^-1075 (1 + S)^2, S the sum of the
  // 7 leaves' absolute values; (1 + S)^2 <= 2 + 14 (|w|^2 + |d|^2 + r^2) by Cauchy-Schwarz, so
  // TAIL2 (2^-1000) times 2 + 16 (ww + dd + rr) covers it with room.
  const dd = dx * dx + dy * dy + dz * dz;
  const v = omega * dd - beta * beta;
  const e = ERR9 * ((ww + rr) * dd + bm * bm) + TAIL2 * (2 + 16 * (ww + dd + rr));
  if (v > e) return RAY_MISS;
  if (v < -e) {
    // Keep what the entry needs: disc = -v, beta, omega and their error bounds.
    RS[0] = -v;
    RS[1] = e;
    RS[2] = beta;
    RS[3] = eBeta;
    RS[4] = omega;
    RS[5] = eOmega;
    RS[9] = 1;
    return RAY_HIT;
  }
  return classifySlow(a, b);
}

/** The float path's last hit data (RS[9] = 1 when it decided); a typed array, so no boxing. */
const RS = new Float64Array(10);

function classifySlow(a: Ray, b: Sphere): number {
  RS[9] = 0;
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
  if (code === RAY_HIT && RS[9] === 1) {
    // The entry omega / (beta + sqrt(disc)) from the filter's own values when they are accurate.
    const disc = RS[0]!;
    const eDisc = RS[1]!;
    const beta = RS[2]!;
    const omega = RS[4]!;
    const root = Math.sqrt(disc);
    const den = beta + root;
    const t = omega / den;
    if (
      RS[5]! < ACCURATE * omega &&
      RS[3]! < ACCURATE * beta &&
      Math.min(Math.sqrt(eDisc), eDisc / root) < ACCURATE * den &&
      t < Number.POSITIVE_INFINITY
    ) {
      const hit = out ?? makeShapeHit();
      const o = a.origin;
      const d = a.dir;
      hit.t = t;
      hit.point.x = o.x + t * d.x;
      hit.point.y = o.y + t * d.y;
      hit.point.z = o.z + t * d.z;
      // Entry point minus center: -(d x k + root d) / |d|^2 with k = w x d (no cancellation).
      const c = b.center;
      const wx = c.x - o.x;
      const wy = c.y - o.y;
      const wz = c.z - o.z;
      const kx = wy * d.z - wz * d.y;
      const ky = wz * d.x - wx * d.z;
      const kz = wx * d.y - wy * d.x;
      const nx = -(d.y * kz - d.z * ky) - root * d.x;
      const ny = -(d.z * kx - d.x * kz) - root * d.y;
      const nz = -(d.x * ky - d.y * kx) - root * d.z;
      hit.inside = false;
      if (
        normalize3(nx, ny, nz, hit.normal) &&
        Number.isFinite(hit.point.x + hit.point.y + hit.point.z)
      ) {
        return hit;
      }
    }
  }
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
