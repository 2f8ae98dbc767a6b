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
 * The ray queries' hot paths (each under V8's 460-byte inlining limit) share one filter, cheaper
 * than classify's: with w = c - o and the rounded leaves w, d, r,
 *  - v = omega |d|^2 - beta^2 (Lagrange's identity, |d|^2 (dist(c, line)^2 - r^2)) is 7 roundings
 *    deep, so its error is below 8 eps M with M = (|w|^2 + r^2) |d|^2 + (sum |w_i d_i|)^2
 *    (filter.ts). By Cauchy-Schwarz (sum |w_i d_i|)^2 <= |w|^2 |d|^2, so M <= (2 |w|^2 + r^2) |d|^2,
 *    and E9 (10 eps) on the computed (2 ww + rr) dd covers 8 eps M with the computed sums' (1 - 4
 *    eps) slack; the underflow tail is classify's.
 *  - v > e: the line misses the ball, so the ray does (and the origin is outside).
 *  - v < -e, omega > eOmega (origin outside, line through the ball): the ray hits exactly when
 *    beta = w.d > 0. beta's error is below 3.01 eps sum |w_i d_i| + 3 * 2^-1075, whose square is
 *    below 18.1 eps^2 (ww + u)(dd + u) (1 + 6 eps) + 2^-2145 with u = 3 * 2^-1075 (the squares'
 *    roundings and underflow), so beta^2 > B2 ww dd + T2 (1 + ww + dd) with B2 = 2^-100 = 64 eps^2
 *    (which has a 3.5x margin for every rounding of both sides) certifies beta's sign.
 * Everything else (origin near the sphere, grazing lines, beta near 0, overflow, which makes some
 * value NaN or infinite and fails every comparison) goes to the exact classification.
 */
const B2 = 2 ** -100;
const UNSURE = 2;

/** The ray queries' filter (above): RAY_MISS, RAY_HIT, RAY_INSIDE, or UNSURE. */
function rayFilter(a: Ray, b: Sphere): number {
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
  const beta = wx * dx + wy * dy + wz * dz;
  const omega = ww - rr;
  const v = omega * dd - beta * beta;
  const e = E9 * ((ww + ww + rr) * dd) + T2 * (2 + 16 * (ww + dd + rr));
  if (v > e) return RAY_MISS;
  const eOmega = E5 * (ww + rr) + T2;
  if (omega < -eOmega) return RAY_INSIDE;
  if (v < -e && omega > eOmega && beta * beta > B2 * ww * dd + T2 * (1 + ww + dd)) {
    return beta > 0 ? RAY_HIT : RAY_MISS;
  }
  return UNSURE;
}

/**
 * Whether the ray meets the ball; exact. The ray's point nearest the center is its origin when
 * the center is behind it, else the foot on its line.
 * @see Ericson, Real-Time Collision Detection, §5.3.2.
 */
export function testRaySphere(a: Ray, b: Sphere): boolean {
  const s = rayFilter(a, b);
  return s === UNSURE ? classifySlow(a, b) !== RAY_MISS : s !== RAY_MISS;
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

/** intersectRaySphere's t for sphereEntry (typed: a call not inlined boxes no double). */
const RS = new Float64Array(1);

/**
 * Where the ray first enters the ball (t >= 0, in units of its direction), with the outward
 * normal facing back along the ray, or null; an origin inside gives t = 0 and `inside`.
 *
 * The hot path computes rayFilter's values once (the old entry recomputed them) in a body under
 * V8's 460-byte inlining limit (444 bytes; a call that is not inlined cost about as much as the
 * whole float path in a scratch bench): a certain miss returns at once; a certain entry from
 * outside with an accurate t is finished by sphereEntry (point, normal); anything else takes the
 * general path. The entry is t = omega / (beta + root),
 * root = sqrt(-v) (no cancellation), with omega's and beta's errors below ACCURATE of them (beta's
 * from rayFilter's sign bound over ACCURATE^2) and root within e / root of its exact value, so
 * den = beta + root is within ACCURATE of itself when e < ACCURATE den root. The normal is
 * t d - w = p - c (the point's offset from the center, not rounded through the point, so an
 * offset origin costs nothing), normalised: its error is that of t d (|t d| <= |w|), the same
 * order as the root's share in the unit normal. The constants are written out as numbers: a
 * module constant costs 6 bytes of bytecode per use and the budget is tight.
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
  const beta = wx * dx + wy * dy + wz * dz;
  const omega = ww - rr;
  const v = omega * dd - beta * beta;
  // rayFilter's e with E9 = 10 eps written out and its tail T2 (2 + 16 (ww + dd + rr)), T2 =
  // 2^-1000, raised to 2^-996 q (the tails here are for underflow only, and have room).
  const q = ww + dd + rr + 1;
  const e = 1.1102230246251565e-15 * ((ww + ww + rr) * dd) + 1.4932217896051502e-300 * q;
  if (v > e) return null;
  // Origin certainly outside (E5 = 6 eps over ACCURATE), beta certainly positive and accurate
  // (B2 = 2^-100 over ACCURATE^2 = 2^-72; its tail T2 (1 + ww + dd) over it, raised to q), the line
  // certainly through the ball: a certain entry,
  // and den accurate (e < ACCURATE den root, ACCURATE = 2^-36).
  if (
    v < -e &&
    beta > 0 &&
    4.57763671875e-5 * (ww + rr) + 6.413338752028713e-291 < omega &&
    beta * beta > 3.725290298461914e-9 * ww * dd + 4.407212831701244e-280 * q
  ) {
    const root = Math.sqrt(-v);
    const den = beta + root;
    if (e < 1.4551915228366852e-11 * den * root) {
      RS[0] = omega / den;
      return sphereEntry(a, b, out);
    }
  }
  return intersectRaySphereSlow(a, b, out);
}

/**
 * intersectRaySphere's entry from RS (t, see there): the point o + t d and the unit normal
 * (t d - w) / |t d - w|, or the general path when out of normalize3's range. The point needs no
 * finiteness test: ww and rr are finite (else the filter failed), so |w| and r are below 2^512,
 * and t is within 2^-35 of the exact entry, whose offset |t d| from o is at most |w| + r; so
 * |t d_i| < 2^514, far below half an ulp of the largest double (2^970), and o + t d cannot
 * overflow. Kept small (V8 inlines it into intersectRaySphere, and intersectRaySphere into its
 * caller only while both together stay under the cumulative budget).
 */
function sphereEntry(a: Ray, b: Sphere, out: ShapeHit | undefined): ShapeHit | null {
  const t = RS[0]!;
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const nx = t * dx - (c.x - o.x);
  const ny = t * dy - (c.y - o.y);
  const nz = t * dz - (c.z - o.z);
  const n2 = nx * nx + ny * ny + nz * nz;
  // normalize3's range [2^-1000, 2^1000].
  if (!(n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301)) {
    return intersectRaySphereSlow(a, b, out);
  }
  const hit = out ?? makeShapeHit();
  const inv = 1 / Math.sqrt(n2);
  hit.t = t;
  const p = hit.point;
  p.x = o.x + t * dx;
  p.y = o.y + t * dy;
  p.z = o.z + t * dz;
  const n = hit.normal;
  n.x = nx * inv + 0; // + 0 turns -0 into 0
  n.y = ny * inv + 0;
  n.z = nz * inv + 0;
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
