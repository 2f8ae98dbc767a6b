import { bitLength, isqrt, lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, ERR9, tail6 } from "../../exact/filter.ts";
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

// Coefficients of the last evaluation, shared by the float path and its helpers.
const q = { alpha: 0, beta: 0, omega: 0, det: 0, disc: 0, f1: 0, uu: 0 };
const e = { alpha: 0, beta: 0, omega: 0, det: 0, disc: 0, f1: 0 };
const vA = { x: 0, y: 0, z: 0 };

/** Evaluates the coefficients and their error bounds in floats (into q and e). */
function coefficients(sphere: Sphere, motion: Vec, line: Line): void {
  const ux = line.dir.x;
  const uy = line.dir.y;
  const uz = line.dir.z;
  const mx = motion.x;
  const my = motion.y;
  const mz = motion.z;
  const wx = sphere.center.x - line.point.x;
  const wy = sphere.center.y - line.point.y;
  const wz = sphere.center.z - line.point.z;
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
  const r2uu = r * r * uu;
  const alpha = ax * ax + ay * ay + az * az;
  const beta = ax * cx + ay * cy + az * cz;
  const omega = cx * cx + cy * cy + cz * cz - r2uu;
  // det(u, m, w) = u . (m x w)
  const det = ux * (my * wz - mz * wy) + uy * (mz * wx - mx * wz) + uz * (mx * wy - my * wx);
  const aux = Math.abs(ux);
  const auy = Math.abs(uy);
  const auz = Math.abs(uz);
  const amx = Math.abs(mx);
  const amy = Math.abs(my);
  const amz = Math.abs(mz);
  const awx = Math.abs(wx);
  const awy = Math.abs(wy);
  const awz = Math.abs(wz);
  const mDet =
    aux * (amy * awz + amz * awy) + auy * (amz * awx + amx * awz) + auz * (amx * awy + amy * awx);
  const mAlpha = bx * bx + by * by + bz * bz;
  const mBeta = bx * dx + by * dy + bz * dz;
  const mOmega = dx * dx + dy * dy + dz * dz + r2uu;
  const r2 = r * r;
  const tail = tail6(aux + auy + auz + amx + amy + amz + awx + awy + awz + r);
  q.alpha = alpha;
  q.beta = beta;
  q.omega = omega;
  q.det = det;
  q.disc = r2 * alpha - det * det;
  q.f1 = alpha + 2 * beta + omega;
  q.uu = uu;
  e.alpha = ERR9 * mAlpha + tail;
  e.beta = ERR9 * mBeta + tail;
  e.omega = ERR9 * mOmega + tail;
  e.det = ERR9 * mDet + tail;
  e.disc = ERR9 * (r2 * mAlpha + mDet * mDet) + tail;
  e.f1 = ERR9 * (mAlpha + 2 * mBeta + mOmega) + tail;
  vA.x = ax;
  vA.y = ay;
  vA.z = az;
}

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
  coefficients(sphere, motion, line);
  const { alpha, beta, omega, disc, f1 } = q;
  if (omega < -e.omega) return touching(sphere, line, out);
  if (omega > e.omega) {
    if (beta > -e.beta) {
      if (beta > e.beta) return null;
      return sweepSlow(sphere, motion, line, out);
    }
    // Approaching: a hit if inside at t = 1, or if the closest approach is before 1 and close enough.
    let hit: boolean;
    if (f1 < -e.f1) hit = true;
    else if (f1 > e.f1 && alpha + beta < -(e.alpha + e.beta)) hit = false;
    else if (f1 > e.f1 && alpha + beta > e.alpha + e.beta && disc > e.disc) hit = true;
    else if (f1 > e.f1 && alpha + beta > e.alpha + e.beta && disc < -e.disc) hit = false;
    else return sweepSlow(sphere, motion, line, out);
    if (!hit) return null;
    if (e.beta < -ACCURATE * beta && disc > 4 * e.disc) {
      // The root's error is about |u| e.disc / (2 sqrt(disc)); it only has to be small next to the
      // whole denominator, which a grazing pass's -beta dominates.
      const root = Math.sqrt(disc);
      const uLen = Math.sqrt(q.uu);
      const den = -beta + uLen * root;
      if (
        e.omega < ACCURATE * den &&
        uLen * e.disc < 2 * ACCURATE * den * root &&
        den < Number.POSITIVE_INFINITY
      ) {
        return entry(sphere, motion, line, omega / den, root, q.det, out);
      }
    }
  }
  return sweepSlow(sphere, motion, line, out);
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

/**
 * The result at the entry time t > 0. The normal's direction is
 * -sqrt(r^2 alpha - det^2) (A x u) + det |u| A: the center's offset from the line at the first
 * root, written without subtracting nearby points.
 */
function entry(
  sphere: Sphere,
  motion: Vec,
  line: Line,
  t: number,
  root: number,
  det: number,
  out: SphereLineSweep | undefined,
): SphereLineSweep {
  const hit = result(out);
  const clamped = t > 1 ? 1 : t;
  hit.t = clamped;
  hit.initiallyOverlapping = false;
  hit.center.x = clampFinite(sphere.center.x + clamped * motion.x);
  hit.center.y = clampFinite(sphere.center.y + clamped * motion.y);
  hit.center.z = clampFinite(sphere.center.z + clamped * motion.z);
  // Common factors of A and u are dropped (they only scale the direction), keeping products finite.
  const u = line.dir;
  // Dividing (not multiplying by a reciprocal, which overflows for subnormals) keeps this finite.
  const su = Math.max(Math.abs(u.x), Math.abs(u.y), Math.abs(u.z), Number.MIN_VALUE);
  const ux = u.x / su;
  const uy = u.y / su;
  const uz = u.z / su;
  const sa = Math.max(Math.abs(vA.x), Math.abs(vA.y), Math.abs(vA.z), Number.MIN_VALUE);
  const ax = vA.x / sa;
  const ay = vA.y / sa;
  const az = vA.z / sa;
  const du = det * Math.sqrt(ux * ux + uy * uy + uz * uz);
  const nx = -root * (ay * uz - az * uy) + du * ax;
  const ny = -root * (az * ux - ax * uz) + du * ay;
  const nz = -root * (ax * uy - ay * ux) + du * az;
  if (!normalize3(nx, ny, nz, hit.normal)) anyPerpendicular3(u.x, u.y, u.z, hit.normal);
  placePoint(hit, sphere.radius);
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
  const hit = entry(sphere, motion, line, t, 0, 0, out);
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
