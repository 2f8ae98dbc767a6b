import { normalize3 } from "../../math/vec3.ts";
import { makeSweepHit, type SweepHit } from "../results.ts";
import type { Plane, Sphere, Vec } from "../shapes.ts";
import { sweepPlane } from "./sweep-engine.ts";

/*
 * A sphere (c, r) moving by m against a plane n . x = o (a surface): with L = |n|, its signed
 * value s(t) = n . c - o + t n . m, scaled by L, touches when |s(t)| <= r L.
 * - touching at t = 0 when |s0| <= r L; otherwise a later hit needs s0 + n . m past r L toward the
 *   plane on the side of s0, at t* = (|s0| - r L) / |n . m|.
 * Each of s0, n . m, s1 = s0 + n . m and r L comes with a proven error bound (the standard model
 * |fl(a op b) - a op b| <= eps |a op b|: k roundings deep, k eps times the sum of the absolute
 * terms, rounded up to 8 eps; L = sqrt of a positive sum, relative 3 eps; plus 2^-1060 for
 * underflow: a product that underflows is off by at most 2^-1075, sums of subnormals are exact), and each comparison is certain when its gap beats the sum of the bounds. t is the
 * numerator lowered by its bound over the denominator raised by its bound, so never after t*.
 * Anything the bounds cannot settle (touches within rounding of t = 0 or t = 1, moving along the
 * plane, out of range) goes to the generic plane sweep (sweep-engine.ts), so null is exact.
 * @see Ericson, Real-Time Collision Detection, §5.5.3 (intersecting a moving sphere against a plane).
 */

// 8 eps = 8.881784197001252e-16, 2^-1060 (subnormal), 2^-900 and 2^900 written out.
const E8 = 8.881784197001252e-16;
const TAIL = 8.095e-320;
const LO = 1.1830521861667747e-271;
const HI = 8.452712498170644e270;

/** The first time of impact of the sphere `a` moving by m against the plane p, or null (exact). */
export function sweepSphereOnPlane(
  a: Sphere,
  m: Vec,
  p: Plane,
  out: SweepHit | undefined,
): SweepHit | null {
  const n = p.normal;
  const c = a.center;
  const nx = n.x;
  const ny = n.y;
  const nz = n.z;
  const mx = m.x;
  const my = m.y;
  const mz = m.z;
  const o = p.offset;
  const px = nx * c.x;
  const py = ny * c.y;
  const pz = nz * c.z;
  const qx = nx * mx;
  const qy = ny * my;
  const qz = nz * mz;
  const nn = nx * nx + ny * ny + nz * nz;
  const L = Math.sqrt(nn);
  const rL = a.radius * L;
  // s0: 4 roundings deep; um: 3; s1 adds one to both; rL: relative 3 eps (nn) / 2 + 2.
  const s0 = px + py + pz - o;
  const um = qx + qy + qz;
  const e0 = E8 * (Math.abs(px) + Math.abs(py) + Math.abs(pz) + Math.abs(o)) + TAIL;
  const eU = E8 * (Math.abs(qx) + Math.abs(qy) + Math.abs(qz)) + TAIL;
  const eR = E8 * rL + TAIL;
  // Out of range (overflow, underflow of |n|, NaN): the generic sweep.
  if (!(nn > LO && nn < HI && e0 + eU + eR < HI)) return sweepPlane("sphere", a, m, p, out);
  const s1 = s0 + um;
  const e1 = e0 + eU + E8 * Math.abs(s1);
  const abs0 = s0 < 0 ? -s0 : s0;
  if (abs0 < rL - e0 - eR) return sphereOnPlaneTouching(a, m, p, out);
  if (!(abs0 > rL + e0 + eR)) return sweepPlane("sphere", a, m, p, out);
  // Apart at t = 0 on the side of s0: a hit when s1 reaches r L on that side.
  const above = s0 > 0;
  const reach = above ? s1 - rL : -s1 - rL;
  if (reach > e1 + eR) return null;
  if (!(reach < -e1 - eR)) return sweepPlane("sphere", a, m, p, out);
  // t* = (|s0| - r L) / |um|, both positive here; the bounds lower the numerator and raise the
  // denominator, and 8 eps of the numerator covers this subtraction and the division. (The
  // bounds' factor-2 slack over the roundings they cover also absorbs the comparisons' own.)
  const num = abs0 - rL;
  const lo = num - (e0 + eR + E8 * num);
  const den = (um < 0 ? -um : um) + eU;
  // Near underflow the tails would dominate t's error: the generic sweep, on the unit normal.
  if (!(num > 9.332636185032189e-302 && den > 9.332636185032189e-302)) {
    return sweepPlane("sphere", a, m, p, out);
  }
  // A quotient below 2^-1022 is rounded to a fixed 2^-1075, not 8 eps of itself: one unit of
  // 2^-1074 off covers it (and leaves any larger quotient as it is).
  const q = lo / den - 5e-324;
  const t = lo > 0 && q > 0 ? q : 0;
  const inv = 1 / L;
  const sign = above ? inv : -inv;
  const ux = nx * sign;
  const uy = ny * sign;
  const uz = nz * sign;
  const cx = c.x + t * mx;
  const cy = c.y + t * my;
  const cz = c.z + t * mz;
  // The center at t projected onto the plane: its value there over L along the unit normal.
  const d = (nx * cx + ny * cy + nz * cz - o) * inv;
  const k = above ? d : -d;
  const fx = cx - k * ux;
  const fy = cy - k * uy;
  const fz = cz - k * uz;
  // x - x is 0 only for finite x: an overflowed coordinate goes to the generic sweep.
  const all = cx + cy + cz + fx + fy + fz;
  if (!(all - all === 0)) return sweepPlane("sphere", a, m, p, out);
  const hit = out ?? makeSweepHit();
  hit.t = t;
  hit.position.x = cx;
  hit.position.y = cy;
  hit.position.z = cz;
  hit.normal.x = ux + 0;
  hit.normal.y = uy + 0;
  hit.normal.z = uz + 0;
  hit.point.x = fx;
  hit.point.y = fy;
  hit.point.z = fz;
  hit.initiallyOverlapping = false;
  return hit;
}

/** Touching at t = 0: the center projected onto the plane, the normal against the motion. */
function sphereOnPlaneTouching(a: Sphere, m: Vec, p: Plane, out: SweepHit | undefined): SweepHit {
  const hit = out ?? makeSweepHit();
  const n = p.normal;
  const c = a.center;
  // |n|^2 is in [2^-900, 2^900] here.
  const d = (n.x * c.x + n.y * c.y + n.z * c.z - p.offset) / (n.x * n.x + n.y * n.y + n.z * n.z);
  hit.t = 0;
  hit.position.x = c.x;
  hit.position.y = c.y;
  hit.position.z = c.z;
  hit.point.x = c.x - d * n.x;
  hit.point.y = c.y - d * n.y;
  hit.point.z = c.z - d * n.z;
  const u = hit.normal;
  if (!normalize3(-m.x, -m.y, -m.z, u)) {
    u.x = 1;
    u.y = 0;
    u.z = 0;
  }
  hit.initiallyOverlapping = true;
  return hit;
}
