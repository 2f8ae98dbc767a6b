import { dot3Sign, pointDistanceSign3 } from "../../exact/distance3.ts";
import { ERR5, ERR9, TAIL2 } from "../../exact/filter.ts";
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

/*
 * The filter constants as module-local copies: V8 reads an imported binding through its module cell
 * on every use (with a hole check), while a local const folds into the code; a scratch loop went
 * from 23 to 17 ns a call.
 */
const E5 = ERR5;
const E9 = ERR9;
const T2 = TAIL2;

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
  const eOmega = E5 * (ww + rr) + T2;
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
  const eBeta = E5 * bm + T2;
  // Center behind the origin, origin outside: the origin is the nearest point, so a miss.
  if (beta < -eBeta) return RAY_MISS;
  if (!(beta > eBeta)) return classifySlow(a, b);
  // v = omega |d|^2 - beta^2 = |d|^2 (dist(c, line)^2 - r^2) (Lagrange's identity). As one
  // polynomial in the rounded differences w, d and r it is 7 roundings deep, so (filter.ts) its
  // error is below 8 eps M, M = (|w|^2 + r^2) |d|^2 + (|p| + |q| + |s|)^2 computed, and E9 covers
  // it. Its underflow tail, for degree 4, is a small multiple of 2^-1075 (1 + S)^2, S the sum of the
  // 7 leaves' absolute values; (1 + S)^2 <= 2 + 14 (|w|^2 + |d|^2 + r^2) by Cauchy-Schwarz, so
  // T2 (2^-1000) times 2 + 16 (ww + dd + rr) covers it with room.
  const dd = dx * dx + dy * dy + dz * dz;
  const v = omega * dd - beta * beta;
  const e = E9 * ((ww + rr) * dd + bm * bm) + T2 * (2 + 16 * (ww + dd + rr));
  if (v > e) return RAY_MISS;
  if (v < -e) return RAY_HIT;
  return classifySlow(a, b);
}

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

/*
 * The ray queries' hot paths share one float filter on v = omega |d|^2 - beta^2 (Lagrange's
 * identity: |d|^2 (dist(c, line)^2 - r^2)), with w = c - o, omega = |w|^2 - r^2, beta = w.d:
 *  - e bounds v's error. classify's bound E9 ((ww + rr) dd + (sum |w_i d_i|)^2) is below
 *    10 eps (2 ww + rr) dd by Cauchy-Schwarz, plus the underflow tail T2 (2 + 16 (ww + dd + rr)). Here
 *    e = 21 eps (ww + rr + c)(dd + c) with c = 2^-475: 21 (ww + rr) >= 10.5 (2 ww + rr), the extra
 *    half covering the rounding of e itself, and 21 eps c >= 16 T2, 21 eps c^2 >= 2 T2 cover the
 *    tail (where c is absorbed by a large ww + rr or dd, that term alone exceeds the tail's). Four
 *    operations where the old form took nine, which shows in a body this small.
 *  - v > e: the line misses the ball, so the ray does.
 *  - v < -e and omega > rr / 256 + 1e-290: the line crosses the ball, and the origin is certainly
 *    outside with omega accurate: omega's error, below 7 eps (ww + rr) + 2^-1073, is under
 *    7 * 514 eps = 2^-41.2 of omega since ww + rr < 514 omega. Then beta^2 > omega dd (v < 0), and
 *    omega > ww / 257, so |beta| > |w| |d| / 23 (with rounding and underflow slack: beta^2 > e
 *    >= 2^-998), while beta's error is below 5 eps |w| |d| + 2^-1073: beta's sign is certain, and
 *    it is accurate to 2^-46. The ray hits exactly when beta > 0.
 * Everything else (origin inside or within 1.004 r of the center's distance, grazing lines,
 * overflow, which makes e infinite or a value NaN and fails every comparison) goes to the exact
 * classification.
 */

/**
 * Whether the ray meets the ball; exact. The ray's point nearest the center is its origin when
 * the center is behind it, else the foot on its line.
 * @see Ericson, Real-Time Collision Detection, §5.3.2.
 */
export function testRaySphere(a: Ray, b: Sphere): boolean {
  // The filter's lines are intersectRaySphere's, written twice: a shared helper would hand back
  // several doubles, boxed unless V8 inlines it.
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  const r = b.radius;
  const wx = c.x - o.x;
  const wy = c.y - o.y;
  const wz = c.z - o.z;
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const ww = wx * wx + wy * wy + wz * wz;
  const dd = dx * dx + dy * dy + dz * dz;
  const rr = r * r;
  const omega = ww - rr;
  const beta = wx * dx + wy * dy + wz * dz;
  const v = omega * dd - beta * beta;
  // 21 eps and c = 2^-475 (above), written out: a module constant costs bytecode per use.
  const e =
    2.3314683517128287e-15 * (ww + rr + 1.0250665447337477e-143) * (dd + 1.0250665447337477e-143);
  if (v > e) return false;
  if (v < -e && omega > 0.00390625 * rr + 1e-290) return beta > 0;
  // An origin certainly inside (classify's bound E5 (ww + rr) + T2) is a hit.
  if (omega < -(E5 * (ww + rr) + T2)) return true;
  return classifySlow(a, b) !== RAY_MISS;
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
 *
 * The hot path (under V8's 460-byte inlining limit with sphereEntry inlined too: a call that is
 * not inlined costs as much as the whole float path) is the shared filter above; a certain entry
 * from outside then takes t = omega / (beta + root), root = sqrt(-v) (no cancellation). Its
 * error: omega's and beta's are below 2^-41.2 and 2^-46 of them (above), root's below e / root
 * plus a rounding, so with e < 2^-38 beta root, den = beta + root is within 2^-37.9 of itself and
 * t within 2^-37.7. |w| < 2^15 r (ww < 2^30 rr) bounds what sphereEntry needs. Anything else takes
 * the general path.
 * @see Ericson, Real-Time Collision Detection, §5.3.2; Press et al., Numerical Recipes, §5.6.
 */
export function intersectRaySphere(a: Ray, b: Sphere, out?: ShapeHit): ShapeHit | null {
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  const r = b.radius;
  const wx = c.x - o.x;
  const wy = c.y - o.y;
  const wz = c.z - o.z;
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const ww = wx * wx + wy * wy + wz * wz;
  const dd = dx * dx + dy * dy + dz * dz;
  const rr = r * r;
  const omega = ww - rr;
  const beta = wx * dx + wy * dy + wz * dz;
  const v = omega * dd - beta * beta;
  const e =
    2.3314683517128287e-15 * (ww + rr + 1.0250665447337477e-143) * (dd + 1.0250665447337477e-143);
  if (v > e) return null;
  if (!(v < -e && omega > 0.00390625 * rr + 1e-290 && ww < 1073741824 * rr)) {
    return intersectRaySphereSlow(a, b, out);
  }
  if (!(beta > 0)) return null;
  const root = Math.sqrt(-v);
  if (!(e < 3.637978807091713e-12 * beta * root)) return intersectRaySphereSlow(a, b, out);
  const hit = out ?? makeShapeHit();
  hit.t = omega / (beta + root);
  return sphereEntry(a, b, hit);
}

/**
 * intersectRaySphere's entry at hit.t: the point o + t d and the unit normal (t d - w) / r, the
 * point's offset from the center taken without rounding through the point (an offset origin
 * costs nothing), made unit by one Newton step s = (3 - |n|^2) / 2 in place of a square root and
 * a division (the shorter dependency chain showed in the benchmark). Before the step
 * ||n|^2 - 1| is below 2 ((tau + 2 eps)(|w| / r + 1) + 3 eps) < 2^-21.7 (t's error tau < 2^-37.7,
 * |w| < 2^15 r), so after it ||n| - 1| < 3/8 2^-43.4 + 4 eps < 2^-44.5. No finiteness test: r is
 * above 2^-1011 (else v >= -e), rr and ww are finite, |t d| < |w| + r < 2^513 cannot overflow
 * o + t d, and n is about unit. Kept small so V8 inlines it wherever it inlines its caller.
 */
function sphereEntry(a: Ray, b: Sphere, hit: ShapeHit): ShapeHit {
  const t = hit.t;
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  const f = 1 / b.radius;
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const nx = (t * dx - (c.x - o.x)) * f;
  const ny = (t * dy - (c.y - o.y)) * f;
  const nz = (t * dz - (c.z - o.z)) * f;
  const s = 1.5 - 0.5 * (nx * nx + ny * ny + nz * nz);
  const p = hit.point;
  p.x = o.x + t * dx;
  p.y = o.y + t * dy;
  p.z = o.z + t * dz;
  const n = hit.normal;
  n.x = nx * s + 0; // + 0 turns -0 into 0
  n.y = ny * s + 0;
  n.z = nz * s + 0;
  hit.inside = false;
  return hit;
}

/** The general path: exact classification, then the exact entry (or the float one when accurate). */
function intersectRaySphereSlow(a: Ray, b: Sphere, out: ShapeHit | undefined): ShapeHit | null {
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
