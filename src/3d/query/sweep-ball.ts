import { normalize3 } from "../../math/vec3.ts";
import { makeSweepHit, type SweepHit } from "../results.ts";
import type { Sphere, Vec } from "../shapes.ts";
import { sweepConvex } from "./sweep-engine.ts";

/*
 * A sphere moving by m against a static sphere or point: its center's path c + t m against the
 * ball (b, R), R = ra + rb. With W = b - c, g(t) = |W - t m|^2 - R^2 = mm t^2 - 2 wm t + g0:
 * - touching at t = 0 when g0 = |W|^2 - R^2 <= 0;
 * - otherwise a later hit needs wm > 0 (approaching) and disc = R^2 mm - |W x m|^2 >= 0 (Lagrange's
 *   identity for wm^2 - mm g0, without the cancellation), and then the first root
 *   t0 = g0 / (wm + sqrt(disc)) (no cancellation: Press et al., Numerical Recipes §5.6) <= 1;
 * - receding (wm < 0) or falling short (g(1) > 0 with the vertex wm / mm at or after 1) is a miss
 *   without disc or a square root (missesQuickly, small enough for V8 to inline).
 * Each sign and t0 itself come with a proven error bound (exact/filter.ts: (d + 1) eps times the
 * expression on absolute values, plus an underflow tail); t0 minus its bound is never after the
 * exact touch, and a hit is certain when t0 plus its bound is <= 1. Anything the bounds cannot
 * settle (grazes, touches within rounding of t = 0 or t = 1, overflow, NaN) goes to the exact
 * engine (sweep-engine.ts), so null is exact.
 * @see Ericson, Real-Time Collision Detection, §5.5.5 (intersecting moving spheres).
 */

// Filter constants written out (a module constant read through its binding costs bytecode):
// 10 eps = 1.1102230246251565e-15, 2^-1000 = 9.332636185032189e-302, 2^-36.
const E10 = 1.1102230246251565e-15;
const TAIL = 9.332636185032189e-302;
const ACC = 1.4551915228366852e-11;
const EPS = 2 ** -53;

/** The float path's t (typed: a call not inlined boxes loose doubles). */
const BT = new Float64Array(1);
/** A vector for unitOfV. */
const V = new Float64Array(3);

/** The radius for missesQuickly (typed: a call not inlined boxes loose doubles). */
export const MISS_R: Float64Array = new Float64Array(1);

/**
 * True when the ball (c, MISS_R[0]) moving by m over t in [0, 1] certainly never touches the
 * point bc, by the tests that need neither the discriminant nor a root: apart at t = 0 and
 * receding, or falling short. False decides nothing. Small enough for V8 to inline.
 */
export function missesQuickly(c: Vec, m: Vec, bc: Vec): boolean {
  const wx = bc.x - c.x;
  const wy = bc.y - c.y;
  const wz = bc.z - c.z;
  const mx = m.x;
  const my = m.y;
  const mz = m.z;
  const R = MISS_R[0]!;
  const ww = wx * wx + wy * wy + wz * wz;
  const RR = R * R;
  // g0, e0, wm, eW as in ballSweep (constants written out, see there).
  const g0 = ww - RR;
  const e0 = 1.1102230246251565e-15 * (ww + RR) + 9.332636185032189e-302;
  if (!(g0 > e0)) return false;
  const p = wx * mx;
  const q = wy * my;
  const s = wz * mz;
  const wm = p + q + s;
  const eW =
    1.1102230246251565e-15 * (Math.abs(p) + Math.abs(q) + Math.abs(s)) + 9.332636185032189e-302;
  if (wm < -eW) return true;
  // Short of B: g falls all over [0, 1] (its vertex WM / MM at or after 1) and g(1) > 0, so no
  // root there. WM >= MM when wm - mm beats eW (twice wm's error, 2^-1000 covering mm's
  // underflow) and 10 eps of wm + mm (mm's 3 roundings, and this test's); that makes wm
  // positive, as g1's bound assumes: g1 = g0 - 2 wm + mm is off by at most e0 + 2 eW plus mm's
  // 3 roundings and the two sums' (5 eps of g0 + 2 wm + mm), doubled by 10 eps for the bound's
  // own roundings; e0's 2^-1000 covers mm's underflow (3 * 2^-1075).
  const mm = mx * mx + my * my + mz * mz;
  const e1 = e0 + 2 * eW + 1.1102230246251565e-15 * (g0 + 2 * wm + mm);
  return wm - mm > eW + 1.1102230246251565e-15 * (wm + mm) && g0 - 2 * wm + mm > e1;
}

/**
 * The first time of impact of the ball (a.center, a.radius) moving by m against the ball
 * (bc, rb) (rb = 0 for a point: b null), or null (exact).
 */
export function sweepBall(
  a: Sphere,
  m: Vec,
  bc: Vec,
  b: Sphere | null,
  out: SweepHit | undefined,
): SweepHit | null {
  MISS_R[0] = b === null ? a.radius : a.radius + b.radius;
  if (missesQuickly(a.center, m, bc)) return null;
  return ballSweep(a, m, bc, b, out);
}

/** sweepBall past its quick misses: the closed form above, each step certified. */
function ballSweep(
  a: Sphere,
  m: Vec,
  bc: Vec,
  b: Sphere | null,
  out: SweepHit | undefined,
): SweepHit | null {
  const c = a.center;
  const wx = bc.x - c.x;
  const wy = bc.y - c.y;
  const wz = bc.z - c.z;
  const mx = m.x;
  const my = m.y;
  const mz = m.z;
  const R = b === null ? a.radius : a.radius + b.radius;
  const ww = wx * wx + wy * wy + wz * wz;
  const RR = R * R;
  // g0: w and R rounded once, 5 more roundings: 10 eps of its absolute terms.
  const g0 = ww - RR;
  const e0 = E10 * (ww + RR) + TAIL;
  if (g0 < -e0) return ballTouching(a, m, bc, b, out);
  if (!(g0 > e0)) return sweepFallback(a, m, bc, b, out);
  if (mx === 0 && my === 0 && mz === 0) return null;
  // wm: 4 roundings deep (w's own included).
  const p = wx * mx;
  const q = wy * my;
  const s = wz * mz;
  const wm = p + q + s;
  const eW = E10 * (Math.abs(p) + Math.abs(q) + Math.abs(s)) + TAIL;
  if (wm < -eW) return null;
  const mm = mx * mx + my * my + mz * mz;
  const kx = wy * mz - wz * my;
  const ky = wz * mx - wx * mz;
  const kz = wx * my - wy * mx;
  const disc = RR * mm - (kx * kx + ky * ky + kz * kz);
  // 7 roundings deep; the absolute terms sum to at most (R^2 + 2 |w|^2) mm (Cauchy-Schwarz, as in
  // linear-sphere.ts's rayFilter), and the degree-4 underflow tail is rayFilter's.
  const eD = E10 * ((RR + ww + ww) * mm) + TAIL * (2 + 16 * (ww + mm + RR));
  if (disc < -eD) return null;
  if (!(wm > eW && disc > eD)) return sweepFallback(a, m, bc, b, out);
  const root = Math.sqrt(disc);
  const den = wm + root;
  // |sqrt(disc') - root| <= eD / root (disc' the exact value), plus the sqrt's and the sum's roundings.
  const eDen = eW + eD / root + 2 * EPS * den;
  const t0 = g0 / den;
  // |G0 / DEN - t0| <= (e0 + t0 eDen) / (den - eDen) + eps t0 <= 2 (e0 + t0 eDen) / den + eps t0
  // when eDen <= den / 2; 2.5 and 4 eps cover the roundings of the bound itself.
  const err = (2.5 * (e0 + t0 * eDen)) / den + 4 * EPS * t0;
  // Accurate to 2^-36 of t0 (or 2^-60 absolute near t = 0), and certainly within [0, 1].
  const sure = eDen < 0.5 * den;
  if (!(sure && err < ACC * t0 + 2 ** -60 && t0 + err <= 1)) {
    if (sure && t0 - err > 1) return null;
    return sweepFallback(a, m, bc, b, out);
  }
  // Strictly before the exact touch: t0 - err could round to it.
  BT[0] = t0 - 1.5 * err;
  return ballHit(a, m, bc, b, out);
}

/** The generic exact sweep (sweep-engine.ts), for what the floats above cannot settle. */
function sweepFallback(
  a: Sphere,
  m: Vec,
  bc: Vec,
  b: Sphere | null,
  out: SweepHit | undefined,
): SweepHit | null {
  return b === null
    ? sweepConvex("sphere", a, m, "point", bc, out)
    : sweepConvex("sphere", a, m, "sphere", b, out);
}

/** Touching at t = 0: B's point nearest A's center, the normal against the motion. */
function ballTouching(
  a: Sphere,
  m: Vec,
  bc: Vec,
  b: Sphere | null,
  out: SweepHit | undefined,
): SweepHit {
  const hit = out ?? makeSweepHit();
  const c = a.center;
  const rb = b === null ? 0 : b.radius;
  const n = hit.normal;
  V[0] = c.x - bc.x;
  V[1] = c.y - bc.y;
  V[2] = c.z - bc.z;
  unitOfV(m, n);
  V[0] = bc.x + rb * n.x;
  V[1] = bc.y + rb * n.y;
  V[2] = bc.z + rb * n.z;
  finiteOfV(hit.point);
  V[0] = -m.x;
  V[1] = -m.y;
  V[2] = -m.z;
  unitOfV(m, n);
  hit.t = 0;
  hit.position.x = c.x;
  hit.position.y = c.y;
  hit.position.z = c.z;
  hit.initiallyOverlapping = true;
  return hit;
}

/** A later hit at t = BT[0]: the normal from B's center to A's center then, the point on B. */
function ballHit(
  a: Sphere,
  m: Vec,
  bc: Vec,
  b: Sphere | null,
  out: SweepHit | undefined,
): SweepHit {
  const hit = out ?? makeSweepHit();
  const t = BT[0]! > 0 ? BT[0]! : 0;
  const c = a.center;
  const rb = b === null ? 0 : b.radius;
  const n = hit.normal;
  // Center at t minus B's center, as t m - (b - c): no rounding through the moved center.
  V[0] = t * m.x - (bc.x - c.x);
  V[1] = t * m.y - (bc.y - c.y);
  V[2] = t * m.z - (bc.z - c.z);
  unitOfV(m, n);
  hit.t = t;
  V[0] = c.x + t * m.x;
  V[1] = c.y + t * m.y;
  V[2] = c.z + t * m.z;
  finiteOfV(hit.position);
  V[0] = bc.x + rb * n.x;
  V[1] = bc.y + rb * n.y;
  V[2] = bc.z + rb * n.z;
  finiteOfV(hit.point);
  hit.initiallyOverlapping = false;
  return hit;
}

/**
 * Writes the unit vector along V into n, else against m, else +x. Normalised here within
 * [2^-1000, 2^1000] for |V|^2 (normalize3 not inlined would box its three arguments), else by
 * normalize3's rescaling.
 */
function unitOfV(m: Vec, n: Vec): void {
  const x = V[0]!;
  const y = V[1]!;
  const z = V[2]!;
  const n2 = x * x + y * y + z * z;
  if (n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301) {
    const inv = 1 / Math.sqrt(n2);
    n.x = x * inv + 0;
    n.y = y * inv + 0;
    n.z = z * inv + 0;
  } else if (!normalize3(x, y, z, n) && !normalize3(-m.x, -m.y, -m.z, n)) {
    n.x = 1;
    n.y = 0;
    n.z = 0;
  }
}

/**
 * Writes V into p with overflowed coordinates clamped to +-MAX_VALUE. Through V, not arguments:
 * whether V8 inlined a per-coordinate helper depended on when it compiled, and one call left out
 * of line boxed its double (16 B per call, seen only in some runs).
 */
function finiteOfV(p: Vec): void {
  const M = Number.MAX_VALUE;
  const x = V[0]!;
  const y = V[1]!;
  const z = V[2]!;
  p.x = x > M ? M : x < -M ? -M : x;
  p.y = y > M ? M : y < -M ? -M : y;
  p.z = z > M ? M : z < -M ? -M : z;
}
