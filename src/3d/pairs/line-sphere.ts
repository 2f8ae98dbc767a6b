import { bitLength, isqrt, lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, EPS, ERR9, TAIL6_SQ, tail6 } from "../../exact/filter.ts";
import { clampFinite } from "../../math/scalar.ts";
import { anyPerpendicular3, normalize3 } from "../../math/vec3.ts";
import type { Line, Sphere, Vec } from "../shapes.ts";

/** The first contact of a sphere moving against a line. */
export interface SphereLineSweep {
  /** Time of first contact in [0, 1]; 0 when already touching. */
  t: number;
  /** The sphere's center at time t. */
  center: Vec;
  /** The point of the line nearest that center. */
  point: Vec;
  /** Unit vector from `point` toward `center` (perpendicular to the line). */
  normal: Vec;
  /** True when the sphere touches or overlaps the line at t = 0. */
  initiallyOverlapping: boolean;
}

/*
 * Let u = line.dir, w = center - line.point, m = motion, A = u x m, C = u x w. The squared distance
 * from the center at time t to the line, times |u|^2, minus r^2 |u|^2, is
 *   f(t) = alpha t^2 + 2 beta t + omega,  alpha = |A|^2, beta = A.C, omega = |C|^2 - r^2 |u|^2,
 * and its discriminant is beta^2 - alpha omega = |u|^2 (r^2 alpha - det(u, m, w)^2) (because
 * A x C = det(u, m, w) u), a degree-6 form that does not cancel the way the textbook one does.
 * Every decision is the exact sign of one of these polynomials.
 */

/**
 * Whether the line passes within the sphere's radius of its center (closed ball); exact for
 * every finite input.
 * @see Ericson, Real-Time Collision Detection, §5.1.2 (distance of a point to a line).
 */
export function testLineSphere(line: Line, sphere: Sphere): boolean {
  const ux = line.dir.x;
  const uy = line.dir.y;
  const uz = line.dir.z;
  const wx = sphere.center.x - line.point.x;
  const wy = sphere.center.y - line.point.y;
  const wz = sphere.center.z - line.point.z;
  const r = sphere.radius;
  let l = uy * wz;
  let k = uz * wy;
  const cx = l - k;
  const dx = Math.abs(l) + Math.abs(k);
  l = uz * wx;
  k = ux * wz;
  const cy = l - k;
  const dy = Math.abs(l) + Math.abs(k);
  l = ux * wy;
  k = uy * wx;
  const cz = l - k;
  const dz = Math.abs(l) + Math.abs(k);
  const r2uu = r * r * (ux * ux + uy * uy + uz * uz);
  const v = cx * cx + cy * cy + cz * cz - r2uu;
  const bound =
    ERR9 * (dx * dx + dy * dy + dz * dz + r2uu) +
    tail6(
      Math.abs(ux) + Math.abs(uy) + Math.abs(uz) + Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + r,
    );
  if (v > bound) return false;
  if (-v > bound) return true;
  const n = lift(
    [
      ux,
      uy,
      uz,
      sphere.center.x,
      sphere.center.y,
      sphere.center.z,
      line.point.x,
      line.point.y,
      line.point.z,
      r,
    ],
    big,
  );
  const ex = n[3]! - n[6]!;
  const ey = n[4]! - n[7]!;
  const ez = n[5]! - n[8]!;
  const c0 = n[1]! * ez - n[2]! * ey;
  const c1 = n[2]! * ex - n[0]! * ez;
  const c2 = n[0]! * ey - n[1]! * ex;
  const uuB = n[0]! * n[0]! + n[1]! * n[1]! + n[2]! * n[2]!;
  return c0 * c0 + c1 * c1 + c2 * c2 - n[9]! * n[9]! * uuB <= 0n;
}

/**
 * The first time in [0, 1] at which a sphere moving by `motion` touches an infinite line, or null;
 * exact hit-or-miss. An overlap at t = 0 gives t = 0 and `initiallyOverlapping`. t is the smaller
 * root in the cancellation-free form omega / (-beta + sqrt(disc)), from floats when their error
 * bounds allow about 1e-12, else from exact values rounded once (grazing passes, starts on the
 * surface). `motion` = 0 is valid.
 * @see Ericson, Real-Time Collision Detection, §5.5 (swept tests); Press et al., Numerical
 * Recipes, §5.6 (the stable quadratic root).
 */
export function sweepSphereLine(
  sphere: Sphere,
  motion: Vec,
  line: Line,
  out?: SphereLineSweep,
): SphereLineSweep | null {
  // The common hit and miss only, kept under V8's 460-byte inlining limit (see HOT_BOUNDS for the
  // error bounds, written from |u|^2, |m|^2 and |w|^2 instead of absolute values). Anything the
  // coarse bounds leave undecided or inaccurate goes to `sweepCareful` with the shapes.
  const u = line.dir;
  const c = sphere.center;
  const lp = line.point;
  const ux = u.x;
  const uy = u.y;
  const uz = u.z;
  const mx = motion.x;
  const my = motion.y;
  const mz = motion.z;
  const wx = c.x - lp.x;
  const wy = c.y - lp.y;
  const wz = c.z - lp.z;
  const r = sphere.radius;
  const ax = uy * mz - uz * my;
  const ay = uz * mx - ux * mz;
  const az = ux * my - uy * mx;
  const cx = uy * wz - uz * wy;
  const cy = uz * wx - ux * wz;
  const cz = ux * wy - uy * wx;
  const uu = ux * ux + uy * uy + uz * uz;
  const mm = mx * mx + my * my + mz * mz;
  const ww = wx * wx + wy * wy + wz * wz;
  const r2 = r * r;
  const r2uu = r2 * uu;
  const q = 1 + 10 * (uu + mm + ww + r2);
  const tail = T6 * q * q;
  const uLen = Math.sqrt(uu);
  const mw = Math.sqrt(mm * ww);
  const mOmega = uu * (2 * ww + r2);
  const mBeta = 2 * uu * mw;
  const mAlpha = 2 * uu * mm;
  const omega = cx * cx + cy * cy + cz * cz - r2uu;
  const beta = ax * cx + ay * cy + az * cz;
  const eOmega = E * mOmega + tail;
  const eBeta = E * mBeta + tail;
  if (!(omega > eOmega && beta < -eBeta)) {
    return omega > eOmega && beta > eBeta ? null : sweepCareful(sphere, motion, line, out);
  }
  const alpha = ax * ax + ay * ay + az * az;
  const eAlpha = E * mAlpha + tail;
  const f1 = alpha + 2 * beta + omega;
  const eF1 = E * (mAlpha + 2 * mBeta + mOmega) + tail;
  const ab = alpha + beta;
  const eAb = eAlpha + eBeta;
  const det = mx * cx + my * cy + mz * cz; // -det(u, m, w); only its square is used
  const eDet = E * SQRT2 * uLen * mw + tail; // sqrt(2 mm uu ww), from the roots already taken
  const disc = r2 * alpha - det * det;
  const eDisc =
    (r2 * eAlpha + eDet * (2 * Math.abs(det) + eDet)) * (1 + 2 ** -40) +
    4 * EPS * (r2 * alpha + det * det) +
    tail;
  if (f1 > eF1 && (ab < -eAb || disc < -eDisc)) return null;
  const root = Math.sqrt(disc);
  const den = -beta + uLen * root;
  if (
    (f1 < -eF1 || ab > eAb) &&
    disc > 4 * eDisc &&
    eBeta < -ACC * beta &&
    eOmega < ACC * den &&
    uLen * eDisc < 2 * ACC * den * root &&
    den < 1 / 0
  ) {
    const s = S;
    s[0] = omega / den;
    s[1] = root;
    s[2] = -det;
    s[3] = uLen;
    return hitAt(sphere, motion, line, out);
  }
  return sweepCareful(sphere, motion, line, out);
}

/*
 * HOT_BOUNDS. With d_x = |uy wz| + |uz wy| (and cyclic) the absolute twins of C = u x w, and b_i
 * those of A = u x m, Cauchy-Schwarz gives d_x^2 <= (uy^2 + uz^2)(wy^2 + wz^2), and summing the
 * three, sum d_i^2 <= 2 |u|^2 |w|^2 (each u_i^2 w_i^2 appears twice, each u_i^2 w_j^2 once); so
 * likewise sum b_i^2 <= 2 |u|^2 |m|^2, sum b_i d_i <= 2 |u|^2 |m| |w| and
 * sum |m_i| d_i <= |m| sqrt(2 |u|^2 |w|^2). These majorise the M of omega, alpha, beta and det
 * in `sweepCareful`, so the same error analysis (Higham §3.1, filter.ts) holds with them: E is
 * one eps above ERR9, so a majorant computed up to 9% low still gives the bound; these take at
 * most a dozen roundings (|m| |w| sqrt(2) |u| from two square roots), a few ulps low at worst; and
 * TAIL6_SQ (1 + 10 q)^2 covers tail6 of the ten leaves (filter.ts). Overflow makes a bound
 * infinite or NaN, and every test is written so that this falls to `sweepCareful`.
 */
const E = ERR9 + EPS;
const T6 = TAIL6_SQ;
const ACC = ACCURATE;

/** sqrt(2) rounded up (the double nearest it is above it). */
const SQRT2 = Math.SQRT2;

// t (0), sqrt(disc) (1), det(u, m, w) (2) and |u| (3) from `sweepSphereLine` to `hitAt`, unboxed.
const S = new Float64Array(4);

/** Writes the hit at t = S[0] (accurate; clamped to 1) into out: center, normal and point. */
function hitAt(
  sphere: Sphere,
  motion: Vec,
  line: Line,
  out: SphereLineSweep | undefined,
): SphereLineSweep {
  const u = line.dir;
  const c = sphere.center;
  const r = sphere.radius;
  const ux = u.x;
  const uy = u.y;
  const uz = u.z;
  const mx = motion.x;
  const my = motion.y;
  const mz = motion.z;
  const ax = uy * mz - uz * my;
  const ay = uz * mx - ux * mz;
  const az = ux * my - uy * mx;
  const uu = ux * ux + uy * uy + uz * uz;
  const alpha = ax * ax + ay * ay + az * az;
  const t = S[0]!;
  const root = S[1]!;
  const det = S[2]!;
  const disc = root * root;
  const hit = out ?? result(out);
  const tc = t > 1 ? 1 : t;
  hit.t = tc;
  hit.initiallyOverlapping = false;
  const px = c.x + tc * mx;
  const py = c.y + tc * my;
  const pz = c.z + tc * mz;
  hit.center.x = px;
  hit.center.y = py;
  hit.center.z = pz;
  // The normal's direction, -sqrt(r^2 alpha - det^2) (A x u) + det |u| A: the center's offset
  // from the line at the first root, written without subtracting nearby points. Its two parts are
  // orthogonal, of lengths root |A| |u| and |det| |u| |A|, so its length is |A| |u| sqrt(root^2 +
  // det^2) = alpha |u| r (root^2 + det^2 is r^2 alpha to a few ulps, disc being their rounded difference), and
  // no square root is needed to normalise it. With u, A and root within 2^+-95 and |det| |u| below
  // 2^100 (checked on |u|^2, |A|^2 = alpha and disc, each within rounding of the exact value) no
  // product overflows, that length is within [2^-285, 2^575], and underflow errs by nothing that
  // shows next to 2^-300; outside that, `entryNormal` rescales first.
  const uLen = S[3]!;
  const du = det * uLen;
  let nx: number;
  let ny: number;
  let nz: number;
  if (
    uu > 2 ** -190 &&
    uu < 2 ** 190 &&
    alpha > 2 ** -190 &&
    alpha < 2 ** 190 &&
    disc > 2 ** -190 &&
    disc < 2 ** 190 &&
    du < 2 ** 100 &&
    du > -(2 ** 100)
  ) {
    const inv = 1 / (alpha * uLen * r);
    nx = (-root * (ay * uz - az * uy) + du * ax) * inv;
    ny = (-root * (az * ux - ax * uz) + du * ay) * inv;
    nz = (-root * (ax * uy - ay * ux) + du * az) * inv;
  } else {
    scratch[0] = ax;
    scratch[1] = ay;
    scratch[2] = az;
    scratch[3] = root;
    scratch[4] = det;
    entryNormal(line, hit.normal);
    nx = hit.normal.x;
    ny = hit.normal.y;
    nz = hit.normal.z;
  }
  hit.normal.x = nx + 0; // + 0 turns -0 into 0
  hit.normal.y = ny + 0;
  hit.normal.z = nz + 0;
  const qx = px - r * nx;
  const qy = py - r * ny;
  const qz = pz - r * nz;
  hit.point.x = qx;
  hit.point.y = qy;
  hit.point.z = qz;
  if (!(px - px + py - py + pz - pz + qx - qx + qy - qy + qz - qz === 0)) clampResult(hit);
  return hit;
}

/** The full float path with the tight (absolute-value) error bounds, then `sweepSlow`. */
function sweepCareful(
  sphere: Sphere,
  motion: Vec,
  line: Line,
  out?: SphereLineSweep,
): SphereLineSweep | null {
  // One function with every quantity in a local: a call V8 does not inline boxes each double
  // passed or returned, and the allocation showed in the profile (10% in the collector).
  const u = line.dir;
  const c = sphere.center;
  const lp = line.point;
  const ux = u.x;
  const uy = u.y;
  const uz = u.z;
  const mx = motion.x;
  const my = motion.y;
  const mz = motion.z;
  const wx = c.x - lp.x;
  const wy = c.y - lp.y;
  const wz = c.z - lp.z;
  const r = sphere.radius;
  // A = u x m and C = u x w, each with its absolute-value twin for the error bound.
  let l = uy * mz;
  let k = uz * my;
  const ax = l - k;
  const bx = Math.abs(l) + Math.abs(k);
  l = uz * mx;
  k = ux * mz;
  const ay = l - k;
  const by = Math.abs(l) + Math.abs(k);
  l = ux * my;
  k = uy * mx;
  const az = l - k;
  const bz = Math.abs(l) + Math.abs(k);
  l = uy * wz;
  k = uz * wy;
  const cx = l - k;
  const dx = Math.abs(l) + Math.abs(k);
  l = uz * wx;
  k = ux * wz;
  const cy = l - k;
  const dy = Math.abs(l) + Math.abs(k);
  l = ux * wy;
  k = uy * wx;
  const cz = l - k;
  const dz = Math.abs(l) + Math.abs(k);
  const uu = ux * ux + uy * uy + uz * uz;
  const r2 = r * r;
  const r2uu = r2 * uu;
  const omega = cx * cx + cy * cy + cz * cz - r2uu;
  const tail = tail6(
    Math.abs(ux) +
      Math.abs(uy) +
      Math.abs(uz) +
      Math.abs(mx) +
      Math.abs(my) +
      Math.abs(mz) +
      Math.abs(wx) +
      Math.abs(wy) +
      Math.abs(wz) +
      r,
  );
  const mOmega = dx * dx + dy * dy + dz * dz + r2uu;
  const eOmega = ERR9 * mOmega + tail;
  if (omega < -eOmega) return touching(sphere, line, out);
  if (!(omega > eOmega)) return sweepSlow(sphere, motion, line, out);
  const beta = ax * cx + ay * cy + az * cz;
  const mBeta = bx * dx + by * dy + bz * dz;
  const eBeta = ERR9 * mBeta + tail;
  if (beta > eBeta) return null;
  if (!(beta < -eBeta)) return sweepSlow(sphere, motion, line, out);
  // Approaching: a hit if inside at t = 1, or if the closest approach is before 1 and close enough.
  const alpha = ax * ax + ay * ay + az * az;
  const mAlpha = bx * bx + by * by + bz * bz;
  const eAlpha = ERR9 * mAlpha + tail;
  const f1 = alpha + 2 * beta + omega;
  const eF1 = ERR9 * (mAlpha + 2 * mBeta + mOmega) + tail;
  // det(u, m, w) = u . (m x w) = -m . C, with C's error bounds carried by its absolute twins.
  const det = -(mx * cx + my * cy + mz * cz);
  const eDet = ERR9 * (Math.abs(mx) * dx + Math.abs(my) * dy + Math.abs(mz) * dz) + tail;
  const disc = r2 * alpha - det * det;
  // Running error bound of disc from those of alpha and det (see DISC_BOUND below), not the
  // a-priori ERR9 (r^2 M_alpha + M_det^2), which is far too loose when det cancels (a sphere aimed
  // at the line) and sent such sweeps to BigInt.
  const eDisc =
    (r2 * eAlpha + eDet * (2 * Math.abs(det) + eDet)) * (1 + 2 ** -40) +
    4 * EPS * (r2 * alpha + det * det) +
    tail;
  if (f1 > eF1) {
    const ab = alpha + beta;
    const eAb = eAlpha + eBeta;
    if (ab < -eAb || disc < -eDisc) return null;
    if (!(ab > eAb && disc > eDisc)) return sweepSlow(sphere, motion, line, out);
  } else if (!(f1 < -eF1)) return sweepSlow(sphere, motion, line, out);
  if (!(eBeta < -ACCURATE * beta && disc > 4 * eDisc)) return sweepSlow(sphere, motion, line, out);
  // The root's error is about |u| eDisc / (2 sqrt(disc)); it only has to be small next to the
  // whole denominator, which a grazing pass's -beta dominates.
  const root = Math.sqrt(disc);
  const uLen = Math.sqrt(uu);
  const den = -beta + uLen * root;
  if (
    !(
      eOmega < ACCURATE * den &&
      uLen * eDisc < 2 * ACCURATE * den * root &&
      den < Number.POSITIVE_INFINITY
    )
  ) {
    return sweepSlow(sphere, motion, line, out);
  }
  const s = S;
  s[0] = omega / den;
  s[1] = root;
  s[2] = det;
  s[3] = uLen;
  return hitAt(sphere, motion, line, out);
}

/*
 * DISC_BOUND. With |alpha - a| <= eAlpha and |det - d| <= eDet (a, d exact), r2 = r^2 (1 + d1),
 * P = fl(r2 alpha), Q = fl(det det):
 *   |r^2 a - P| <= r^2 eAlpha + 3 eps P,   |d^2 - Q| <= eDet (2 |det| + eDet) + eps Q,
 * and the subtraction adds eps |P - Q| <= eps (P + Q). So |disc - exact| is below
 * r2 eAlpha + eDet (2 |det| + eDet) + 4 eps (P + Q) up to factors (1 + eps)^k, k < 12, which the
 * (1 + 2^-40) covers, as it covers rounding in evaluating the bound itself. Underflow in the new
 * products (r r, r2 alpha, det det: at most 2^-1075 times a degree-4 factor each) is covered by
 * `tail` (see filter.ts). Overflow makes the bound infinite or NaN, failing the filter.
 */

// Doubles handed to the rare-path helper without boxing: A (0-2), sqrt(disc) (3), det (4).
const scratch = new Float64Array(5);

/** The entry normal (see sweepSphereLine) for inputs outside the plain path's ranges. */
function entryNormal(line: Line, out: Vec): void {
  const u = line.dir;
  // Dividing (not multiplying by a reciprocal, which overflows for subnormals) keeps this finite;
  // common factors of A and u only scale the direction.
  const su = Math.max(Math.abs(u.x), Math.abs(u.y), Math.abs(u.z), Number.MIN_VALUE);
  const ux = u.x / su;
  const uy = u.y / su;
  const uz = u.z / su;
  const sa = Math.max(
    Math.abs(scratch[0]!),
    Math.abs(scratch[1]!),
    Math.abs(scratch[2]!),
    Number.MIN_VALUE,
  );
  const ax = scratch[0]! / sa;
  const ay = scratch[1]! / sa;
  const az = scratch[2]! / sa;
  const root = scratch[3]!;
  const du = scratch[4]! * Math.sqrt(ux * ux + uy * uy + uz * uz);
  const nx = -root * (ay * uz - az * uy) + du * ax;
  const ny = -root * (az * ux - ax * uz) + du * ay;
  const nz = -root * (ax * uy - ay * ux) + du * az;
  if (!normalize3(nx, ny, nz, out)) anyPerpendicular3(u.x, u.y, u.z, out);
}

function clampResult(hit: SphereLineSweep): void {
  hit.center.x = clampFinite(hit.center.x);
  hit.center.y = clampFinite(hit.center.y);
  hit.center.z = clampFinite(hit.center.z);
  hit.point.x = clampFinite(hit.point.x);
  hit.point.y = clampFinite(hit.point.y);
  hit.point.z = clampFinite(hit.point.z);
}

function result(out: SphereLineSweep | undefined): SphereLineSweep {
  return (
    out ?? {
      t: 0,
      center: { x: 0, y: 0, z: 0 },
      point: { x: 0, y: 0, z: 0 },
      normal: { x: 1, y: 0, z: 0 },
      initiallyOverlapping: false,
    }
  );
}

/** The result at t = 0: nearest point and the normal from C x u. */
function touching(sphere: Sphere, line: Line, out: SphereLineSweep | undefined): SphereLineSweep {
  const hit = result(out);
  const c = sphere.center;
  const u = line.dir;
  hit.t = 0;
  hit.initiallyOverlapping = true;
  hit.center.x = c.x;
  hit.center.y = c.y;
  hit.center.z = c.z;
  nearestOnLine(line, c, hit.point);
  // Normal along (C x u) with C = u x (c - p): the part of c - p perpendicular to u. The direction
  // is all that matters, so u and c - p are first brought to unit size to keep products finite.
  const su = Math.max(Math.abs(u.x), Math.abs(u.y), Math.abs(u.z), Number.MIN_VALUE);
  const ux = u.x / su;
  const uy = u.y / su;
  const uz = u.z / su;
  let wx = c.x - line.point.x;
  let wy = c.y - line.point.y;
  let wz = c.z - line.point.z;
  const sw = Math.max(Math.abs(wx), Math.abs(wy), Math.abs(wz));
  if (sw > 0 && sw < Number.POSITIVE_INFINITY) {
    wx /= sw;
    wy /= sw;
    wz /= sw;
  }
  const cx = uy * wz - uz * wy;
  const cy = uz * wx - ux * wz;
  const cz = ux * wy - uy * wx;
  if (!normalize3(cy * uz - cz * uy, cz * ux - cx * uz, cx * uy - cy * ux, hit.normal)) {
    anyPerpendicular3(u.x, u.y, u.z, hit.normal);
  }
  return hit;
}

/** Writes the point of the line nearest to c into out. */
function nearestOnLine(line: Line, c: Vec, out: Vec): void {
  const u = line.dir;
  const p = line.point;
  // Scale u to unit size first (exactly, by its largest component) so nothing overflows.
  const s = Math.max(Math.abs(u.x), Math.abs(u.y), Math.abs(u.z));
  if (s === 0) {
    // A zero direction is invalid input; answer its one point rather than NaN.
    out.x = p.x;
    out.y = p.y;
    out.z = p.z;
    return;
  }
  const ux = u.x / s;
  const uy = u.y / s;
  const uz = u.z / s;
  const k =
    ((c.x - p.x) * ux + (c.y - p.y) * uy + (c.z - p.z) * uz) / (ux * ux + uy * uy + uz * uz);
  out.x = clampFinite(p.x + k * ux);
  out.y = clampFinite(p.y + k * uy);
  out.z = clampFinite(p.z + k * uz);
}

/** The result at the entry time t > 0 (the slow path writes the normal and point after). */
function entry(
  sphere: Sphere,
  motion: Vec,
  t: number,
  out: SphereLineSweep | undefined,
): SphereLineSweep {
  const hit = result(out);
  const clamped = t > 1 ? 1 : t;
  hit.t = clamped;
  hit.initiallyOverlapping = false;
  hit.center.x = clampFinite(sphere.center.x + clamped * motion.x);
  hit.center.y = clampFinite(sphere.center.y + clamped * motion.y);
  hit.center.z = clampFinite(sphere.center.z + clamped * motion.z);
  return hit;
}

/** point = center - radius * normal: on the line at the moment of contact. */
function placePoint(hit: SphereLineSweep, r: number): void {
  hit.point.x = clampFinite(hit.center.x - r * hit.normal.x);
  hit.point.y = clampFinite(hit.center.y - r * hit.normal.y);
  hit.point.z = clampFinite(hit.center.z - r * hit.normal.z);
}

const big: bigint[] = [];

/** Exact decisions, and t and the normal from exact values rounded once. */
function sweepSlow(
  sphere: Sphere,
  motion: Vec,
  line: Line,
  out: SphereLineSweep | undefined,
): SphereLineSweep | null {
  const c = sphere.center;
  const p = line.point;
  const u = line.dir;
  const n = lift(
    [u.x, u.y, u.z, motion.x, motion.y, motion.z, c.x, c.y, c.z, p.x, p.y, p.z, sphere.radius],
    big,
  );
  const ux = n[0]!;
  const uy = n[1]!;
  const uz = n[2]!;
  const mx = n[3]!;
  const my = n[4]!;
  const mz = n[5]!;
  const wx = n[6]! - n[9]!;
  const wy = n[7]! - n[10]!;
  const wz = n[8]! - n[11]!;
  const r = n[12]!;
  const ax = uy * mz - uz * my;
  const ay = uz * mx - ux * mz;
  const az = ux * my - uy * mx;
  const cx = uy * wz - uz * wy;
  const cy = uz * wx - ux * wz;
  const cz = ux * wy - uy * wx;
  const uu = ux * ux + uy * uy + uz * uz;
  const r2uu = r * r * uu;
  const alpha = ax * ax + ay * ay + az * az;
  const beta = ax * cx + ay * cy + az * cz;
  const omega = cx * cx + cy * cy + cz * cz - r2uu;
  if (omega <= 0n) return touching(sphere, line, out);
  if (beta >= 0n) return null;
  const det = ux * (my * wz - mz * wy) + uy * (mz * wx - mx * wz) + uz * (mx * wy - my * wx);
  const disc = r * r * alpha - det * det;
  const f1 = alpha + 2n * beta + omega;
  if (f1 > 0n && (alpha + beta <= 0n || disc < 0n)) return null;
  // t = omega / (-beta + sqrt(uu * disc)), the root carried with 64 extra bits.
  const k = 64n;
  const rootAll = isqrt((uu * disc) << (2n * k));
  const t = ratioToDouble(omega << k, (-beta << k) + rootAll, 0);
  const hit = entry(sphere, motion, t, out);
  // Normal direction -sqrt(disc) (A x u) + det |u| A, all carried with k extra bits.
  const rootDisc = isqrt(disc << (2n * k));
  const detU = det * isqrt(uu << (2n * k));
  const nx = -rootDisc * (ay * uz - az * uy) + detU * ax;
  const ny = -rootDisc * (az * ux - ax * uz) + detU * ay;
  const nz = -rootDisc * (ax * uy - ay * ux) + detU * az;
  const shift = Math.max(bitLength(nx), bitLength(ny), bitLength(nz)) - 60;
  if (
    !normalize3(
      ratioToDouble(nx, 1n, -shift),
      ratioToDouble(ny, 1n, -shift),
      ratioToDouble(nz, 1n, -shift),
      hit.normal,
    )
  ) {
    anyPerpendicular3(u.x, u.y, u.z, hit.normal);
  }
  placePoint(hit, sphere.radius);
  return hit;
}
