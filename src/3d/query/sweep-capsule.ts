import { normalize3 } from "../../math/vec3.ts";
import { makeSweepHit, type SweepHit } from "../results.ts";
import type { Capsule, Segment, Sphere, Vec } from "../shapes.ts";
import { CAP, capsuleEntry } from "./linear-cast.ts";
import { MISS_R, missesQuickly } from "./sweep-ball.ts";
import { sweepConvex } from "./sweep-engine.ts";

/*
 * A sphere against a segment or capsule, and a capsule against a point or sphere (the same sweep
 * with the motion reversed): a point P moving by d over t in [0, 1] against the segment AB grown
 * by R = ra + rb.
 * - Touching at t = 0 and touching at all are certified in floats from the closest points of P
 *   (then of the path P + s d) and AB (Ericson §5.1.2, §5.1.9): a pair of points within
 *   R - margin of each other is a hit; a gap along their difference n, min over the path of n.x
 *   minus max over AB, above (R + margin) |n| is a miss. The points and dots are off by a few tens
 *   of ulps of the scale S (the largest |coordinate| or R), margin = 2^-40 S.
 * - The time is the ray cast of P along d into the capsule (linear-cast.ts), moved earlier by 64
 *   ulps of S over |d|, and certified never after the touch: not touching at that time (a gap as
 *   above, 64 ulps of S over R) while touching at the closest approach s found before (contact
 *   times form an interval, so it lies before it). That also certifies apart at t = 0, so such a
 *   hit skips the t = 0 test, as a miss of the whole path does.
 * - Before all that, a certain miss of a ball holding the capsule (sweep-ball.ts's
 *   missesQuickly: receding or falling short, no root) settles most misses in a few products.
 * Whatever the floats cannot certify goes to the exact engine (sweep-engine.ts). The scale guard
 * [2^-240, 2^240] keeps every product and every reported coordinate finite.
 * @see Ericson, Real-Time Collision Detection, §5.3.7 (ray against capsule), §5.5 (sweeps).
 */

const SPHERE_CAPSULE = 0;
const SPHERE_SEGMENT = 1;
const CAPSULE_SPHERE = 2;
const CAPSULE_POINT = 3;

const EPS = 2 ** -53;
const MARGIN = 2 ** -40;
const SLACK = 64 * EPS;
const MIN_SCALE = 2 ** -240;
const MAX_SCALE = 2 ** 240;

/*
 * Doubles between the helpers go through typed arrays: a call V8 does not inline boxes each loose
 * double argument into a fresh heap number.
 * IN: P (0..2), d (3..5), r (6), the certificate's slack (7).
 * Q: the closest points, x1 on the path (0..2) and x2 on AB (3..5), s (6), the reported t (7).
 */
const IN = new Float64Array(8);
const Q = new Float64Array(8);
/** The float entry: t (0) and the outward direction there (1..3). */
const E = new Float64Array(4);
const D: Vec = { x: 0, y: 0, z: 0 };
/** The center of a ball holding the capsule. */
const O: Vec = { x: 0, y: 0, z: 0 };

/**
 * Closest points of the path P + s d (s in [0, 1]) and the segment AB, into Q (Ericson §5.1.9,
 * clamping s then the segment's parameter).
 */
function closestPoints(a: Vec, b: Vec): void {
  const px = IN[0]!;
  const py = IN[1]!;
  const pz = IN[2]!;
  const dx = IN[3]!;
  const dy = IN[4]!;
  const dz = IN[5]!;
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const ez = b.z - a.z;
  const rx = px - a.x;
  const ry = py - a.y;
  const rz = pz - a.z;
  const aa = dx * dx + dy * dy + dz * dz;
  const ee = ex * ex + ey * ey + ez * ez;
  const f = ex * rx + ey * ry + ez * rz;
  // Clamps to [0, 1] written out (NaN to 0): a clamp helper left out of line where its call had
  // no type feedback yet boxed its double, 16 B per hit.
  let s = 0;
  let u = 0;
  let v = 0;
  if (ee > 0 && aa > 0) {
    const c = dx * rx + dy * ry + dz * rz;
    const bb = dx * ex + dy * ey + dz * ez;
    const den = aa * ee - bb * bb;
    v = den > 0 ? (bb * f - c * ee) / den : 0;
    s = v > 0 ? (v < 1 ? v : 1) : 0;
    u = (bb * s + f) / ee;
    if (u < 0) {
      u = 0;
      v = -c / aa;
      s = v > 0 ? (v < 1 ? v : 1) : 0;
    } else if (u > 1) {
      u = 1;
      v = (bb - c) / aa;
      s = v > 0 ? (v < 1 ? v : 1) : 0;
    }
  } else if (ee > 0) {
    v = f / ee;
    u = v > 0 ? (v < 1 ? v : 1) : 0;
  } else if (aa > 0) {
    v = -(dx * rx + dy * ry + dz * rz) / aa;
    s = v > 0 ? (v < 1 ? v : 1) : 0;
  }
  Q[0] = px + s * dx;
  Q[1] = py + s * dy;
  Q[2] = pz + s * dz;
  Q[3] = a.x + u * ex;
  Q[4] = a.y + u * ey;
  Q[5] = a.z + u * ez;
  Q[6] = s;
}

/**
 * From the closest points in Q: 1 when the path in IN (P to P + d, d zero for a point) certainly
 * comes within r of AB, 0 when it certainly does not, -1 unsure; IN[7] covers the floats' error.
 */
function certify(a: Vec, b: Vec): number {
  const px = IN[0]!;
  const py = IN[1]!;
  const pz = IN[2]!;
  const r = IN[6]!;
  const slack = IN[7]!;
  const nx = Q[0]! - Q[3]!;
  const ny = Q[1]! - Q[4]!;
  const nz = Q[2]! - Q[5]!;
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (len <= r - slack) return 1;
  if (!(len > 0)) return -1;
  const n0 = nx * px + ny * py + nz * pz;
  const n1 = nx * (px + IN[3]!) + ny * (py + IN[4]!) + nz * (pz + IN[5]!);
  const na = nx * a.x + ny * a.y + nz * a.z;
  const nb = nx * b.x + ny * b.y + nz * b.z;
  const gap = (n0 < n1 ? n0 : n1) - (na > nb ? na : nb);
  return gap > (r + slack) * len ? 0 : -1;
}

/**
 * P moving by d against AB grown by r = IN[6]: 0 miss, 1 touching at t = 0, 2 a later hit (t in
 * Q[7], the capsule's outward direction in E[1..3]), -1 unsure. For 1, Q[3..5] is the core point
 * nearest P.
 */
function pointCapsule(p: Vec, d: Vec, a: Vec, b: Vec): number {
  const px = p.x;
  const py = p.y;
  const pz = p.z;
  const dx = d.x;
  const dy = d.y;
  const dz = d.z;
  const r = IN[6]!;
  // A ball holding the capsule, missed by sweep-ball.ts's quick tests, is a miss. Center M,
  // (a + b) / 2 rounded; radius r + max(|a - M|, |b - M|) rounded up: hh is within 6 eps of the
  // exact max^2, plus 2^-1072 of underflow (the root's 2^-536 is under 2^-480); the root and the
  // sum lose 2 eps more, and (1 + 16 eps) then 2^-480 restore the slack (that sum rounding off
  // 2^-480 only when 13 eps of the radius already exceeds it). Before the scale guard: an
  // overflow makes the radius or the distance infinite, and missesQuickly false.
  const ox = 0.5 * (a.x + b.x);
  const oy = 0.5 * (a.y + b.y);
  const oz = 0.5 * (a.z + b.z);
  const ax = a.x - ox;
  const ay = a.y - oy;
  const az = a.z - oz;
  const bx = b.x - ox;
  const by = b.y - oy;
  const bz = b.z - oz;
  const ha = ax * ax + ay * ay + az * az;
  const hb = bx * bx + by * by + bz * bz;
  MISS_R[0] = (r + Math.sqrt(ha > hb ? ha : hb)) * (1 + 16 * EPS) + 2 ** -480;
  O.x = ox;
  O.y = oy;
  O.z = oz;
  if (missesQuickly(p, d, O)) return 0;
  const scale = Math.max(
    Math.abs(px),
    Math.abs(py),
    Math.abs(pz),
    Math.abs(dx),
    Math.abs(dy),
    Math.abs(dz),
    Math.abs(a.x),
    Math.abs(a.y),
    Math.abs(a.z),
    Math.abs(b.x),
    Math.abs(b.y),
    Math.abs(b.z),
    r,
  );
  if (!(scale >= MIN_SCALE && scale <= MAX_SCALE)) return -1;
  IN[0] = px;
  IN[1] = py;
  IN[2] = pz;
  IN[3] = dx;
  IN[4] = dy;
  IN[5] = dz;
  IN[7] = MARGIN * scale;
  // The whole path first: apart from it is apart at t = 0 too, so most misses need one pass.
  closestPoints(a, b);
  const s = Q[6]!;
  const swept = certify(a, b);
  if (swept === 0) return 0;
  // A later hit: 1 certified at t > 0, 0 when the float entry is at or before t = 0, -1 unsure.
  let later = -1;
  if (swept === 1 && entryOf(a, b)) {
    // Earlier by twice the certificate's slack over the closing speed along the normal.
    const nx = E[1]!;
    const ny = E[2]!;
    const nz = E[3]!;
    const closing = -(nx * dx + ny * dy + nz * dz) / Math.sqrt(nx * nx + ny * ny + nz * nz);
    const t = E[0]! - 4 * EPS * E[0]! - (2 * SLACK * scale) / closing;
    if (closing > 0) {
      if (!(t > 0)) later = 0;
      else if (t < s) {
        // Not touching at t (the floats' error is under the slack) while touching at the closest
        // approach s > t: contact times form an interval, so it starts after t, and after 0.
        IN[0] = px + t * dx;
        IN[1] = py + t * dy;
        IN[2] = pz + t * dz;
        IN[3] = 0;
        IN[4] = 0;
        IN[5] = 0;
        IN[7] = SLACK * scale;
        closestPoints(a, b);
        if (certify(a, b) === 0) {
          Q[7] = t > 1 ? 1 : t;
          return 2;
        }
      }
    }
  }
  IN[0] = px;
  IN[1] = py;
  IN[2] = pz;
  IN[3] = 0;
  IN[4] = 0;
  IN[5] = 0;
  IN[7] = MARGIN * scale;
  closestPoints(a, b);
  const at0 = certify(a, b);
  if (at0 !== 0) return at0 === 1 ? 1 : -1;
  if (later !== 0) return -1;
  Q[7] = 0;
  return 2;
}

/**
 * The float entry of the ray P + t d (IN) into the capsule AB grown by r (linear-cast.ts's
 * capsuleEntry), into E (t, then the outward direction at the entry, not unit); false when the
 * floats find none (a graze).
 */
function entryOf(a: Vec, b: Vec): boolean {
  const px = IN[0]!;
  const py = IN[1]!;
  const pz = IN[2]!;
  CAP[0] = a.x - px;
  CAP[1] = a.y - py;
  CAP[2] = a.z - pz;
  CAP[3] = b.x - px;
  CAP[4] = b.y - py;
  CAP[5] = b.z - pz;
  CAP[6] = IN[3]!;
  CAP[7] = IN[4]!;
  CAP[8] = IN[5]!;
  CAP[9] = IN[6]!;
  return capsuleEntry(E);
}

function sweepFallback(
  mode: number,
  mover: Sphere | Capsule,
  m: Vec,
  target: Vec | Segment | Capsule | Sphere,
  out: SweepHit | undefined,
): SweepHit | null {
  switch (mode) {
    case SPHERE_CAPSULE:
      return sweepConvex("sphere", mover, m, "capsule", target, out);
    case SPHERE_SEGMENT:
      return sweepConvex("sphere", mover, m, "segment", target, out);
    case CAPSULE_SPHERE:
      return sweepConvex("capsule", mover, m, "sphere", target, out);
    default:
      return sweepConvex("capsule", mover, m, "point", target, out);
  }
}

/** Writes the unit vector along sign * E[1..3] (normalize3 when out of the plain range). */
function entryNormal(sign: number, m: Vec, n: Vec): void {
  const x = sign * E[1]!;
  const y = sign * E[2]!;
  const z = sign * E[3]!;
  const n2 = x * x + y * y + z * z;
  if (n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301) {
    const inv = 1 / Math.sqrt(n2);
    n.x = x * inv + 0;
    n.y = y * inv + 0;
    n.z = z * inv + 0;
  } else unitOr(x, y, z, m, n);
}

/** Writes the unit vector against m, else +x. */
function againstMotion(m: Vec, n: Vec): void {
  E[1] = -m.x;
  E[2] = -m.y;
  E[3] = -m.z;
  entryNormal(1, m, n);
}

/** Writes the unit vector along (x, y, z), else against m, else +x. */
function unitOr(x: number, y: number, z: number, m: Vec, n: Vec): void {
  if (!normalize3(x, y, z, n) && !normalize3(-m.x, -m.y, -m.z, n)) {
    n.x = 1;
    n.y = 0;
    n.z = 0;
  }
}

/** A sphere moving by m against a static segment or capsule `cap` (null for a segment). */
export function sweepSphereCore(
  a: Sphere,
  m: Vec,
  b: Segment,
  cap: Capsule | null,
  out: SweepHit | undefined,
): SweepHit | null {
  const rb = cap === null ? 0 : cap.radius;
  const ra = a.radius;
  IN[6] = ra + rb;
  const code = pointCapsule(a.center, m, b.a, b.b);
  if (code === -1) {
    return cap === null
      ? sweepFallback(SPHERE_SEGMENT, a, m, b, out)
      : sweepFallback(SPHERE_CAPSULE, a, m, cap, out);
  }
  if (code === 0) return null;
  const hit = out ?? makeSweepHit();
  const c = a.center;
  const n = hit.normal;
  if (code === 1) {
    // B's point nearest the center: the core point pushed out by rb toward it.
    E[1] = c.x - Q[3]!;
    E[2] = c.y - Q[4]!;
    E[3] = c.z - Q[5]!;
    entryNormal(1, m, n);
    hit.point.x = Q[3]! + rb * n.x;
    hit.point.y = Q[4]! + rb * n.y;
    hit.point.z = Q[5]! + rb * n.z;
    againstMotion(m, n);
  } else {
    const t = Q[7]!;
    entryNormal(1, m, n);
    hit.point.x = c.x + t * m.x - ra * n.x;
    hit.point.y = c.y + t * m.y - ra * n.y;
    hit.point.z = c.z + t * m.z - ra * n.z;
  }
  // t from Q, not read back from `hit` (a double field read back can be boxed).
  const t = code === 1 ? 0 : Q[7]!;
  hit.t = t;
  hit.position.x = c.x + t * m.x;
  hit.position.y = c.y + t * m.y;
  hit.position.z = c.z + t * m.z;
  hit.initiallyOverlapping = code === 1;
  return hit;
}

/**
 * A capsule moving by m against a static sphere or point (rb = 0 for a point): the sphere's
 * center moving by -m against the capsule, then moved back.
 */
export function sweepCapsuleBall(
  a: Capsule,
  m: Vec,
  bc: Vec,
  b: Sphere | null,
  out: SweepHit | undefined,
): SweepHit | null {
  const rb = b === null ? 0 : b.radius;
  D.x = -m.x;
  D.y = -m.y;
  D.z = -m.z;
  IN[6] = a.radius + rb;
  const code = pointCapsule(bc, D, a.a, a.b);
  if (code === -1) {
    return b === null
      ? sweepFallback(CAPSULE_POINT, a, m, bc, out)
      : sweepFallback(CAPSULE_SPHERE, a, m, b, out);
  }
  if (code === 0) return null;
  const hit = out ?? makeSweepHit();
  const n = hit.normal;
  if (code === 1) {
    // The sphere's point nearest the capsule's core.
    E[1] = Q[3]! - bc.x;
    E[2] = Q[4]! - bc.y;
    E[3] = Q[5]! - bc.z;
    entryNormal(1, m, n);
  } else {
    // The capsule's outward normal toward the sphere, reversed, is the sphere's toward the mover.
    entryNormal(-1, m, n);
  }
  hit.point.x = bc.x + rb * n.x;
  hit.point.y = bc.y + rb * n.y;
  hit.point.z = bc.z + rb * n.z;
  if (code === 1) againstMotion(m, n);
  const t = code === 1 ? 0 : Q[7]!;
  hit.t = t;
  hit.position.x = a.a.x + t * m.x;
  hit.position.y = a.a.y + t * m.y;
  hit.position.z = a.a.z + t * m.z;
  hit.initiallyOverlapping = code === 1;
  return hit;
}
