import { lastLiftExponent, lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, ERR3, TAIL2 } from "../../exact/filter.ts";
import { crossSign } from "../../exact/orient2d.ts";
import { clampFinite } from "../../math/scalar.ts";
import { normalize2 } from "../../math/vec2.ts";
import type { Line, Ray, Vec } from "../shapes.ts";
import { facingNormal } from "./facing-normal.ts";

// Module-level copies: each use in a hot function is then one short context load, not a property
// read (bytecode size decides whether V8 inlines the function into its caller's loop).
const abs = Math.abs;
const E3 = ERR3;
const T2 = TAIL2;
const ACC = ACCURATE;

/** Beyond this t, origin + t dir may overflow: such hits take the exact path. */
const FAR = 2 ** 900;

/** Where a ray first meets a line. */
export interface LineRayHit {
  /** Ray parameter, >= 0, in units of `ray.dir`: point = ray.origin + t ray.dir. */
  t: number;
  /** The point on both. */
  point: Vec;
  /** Unit normal of the line facing the ray's origin (against the ray when the origin is on it). */
  normal: Vec;
  /** True when the ray lies on the line (then t = 0 and point = origin). */
  collinear: boolean;
}

/*
 * The signed side of the ray's point at t is N + t D, with N = cross(line.dir, origin - line.point)
 * and D = cross(line.dir, ray.dir). It reaches zero for some t >= 0 exactly when N = 0 or N and D
 * have opposite signs, at t = -N / D.
 */

/** Whether the ray meets the line; exact for every finite input. */
export function testLineRay(line: Line, ray: Ray): boolean {
  const ld = line.dir;
  const o = ray.origin;
  const lp = line.point;
  const rd = ray.dir;
  let l = ld.x * (o.y - lp.y);
  let r = ld.y * (o.x - lp.x);
  const n = l - r;
  const errN = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  l = ld.x * rd.y;
  r = ld.y * rd.x;
  const d = l - r;
  const errD = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  if (n > errN) {
    if (d < -errD) return true;
    if (d > errD) return false;
  } else if (n < -errN) {
    if (d > errD) return true;
    if (d < -errD) return false;
  }
  return testLineRaySlow(line, ray);
}

/** The exact decision, for the rare inputs the filter leaves open. */
function testLineRaySlow(line: Line, ray: Ray): boolean {
  const ld = line.dir;
  const n = crossSign(ld.x, 0, ld.y, 0, ray.origin.x, line.point.x, ray.origin.y, line.point.y);
  if (n === 0) return true;
  return n * crossSign(ld.x, 0, ld.y, 0, ray.dir.x, 0, ray.dir.y, 0) < 0;
}

/**
 * The first point of the ray on the line, or null; exact hit-or-miss, t within about 1e-12
 * relative of the exact value (a nearly parallel ray may hit at a t beyond the double range, and
 * then t and the point are clamped to ±MAX_VALUE).
 * @see Ericson, Real-Time Collision Detection, §5.1.9 (intersection of two lines).
 */
export function intersectLineRay(line: Line, ray: Ray, out?: LineRayHit): LineRayHit | null {
  // The common path only, kept under V8's 460-byte bytecode limit so that it inlines into the
  // caller's loop; every undecided or inaccurate case goes to `intersectSlow` with the shapes.
  const ld = line.dir;
  const o = ray.origin;
  const rd = ray.dir;
  const ldx = ld.x;
  const ldy = ld.y;
  const ox = o.x;
  const oy = o.y;
  const rdx = rd.x;
  const rdy = rd.y;
  let l = ldx * (oy - line.point.y);
  let r = ldy * (ox - line.point.x);
  const n = l - r;
  const errN = E3 * (abs(l) + abs(r)) + T2;
  l = ldx * rdy;
  r = ldy * rdx;
  const d = l - r;
  const errD = E3 * (abs(l) + abs(r)) + T2;
  // Both bounds below 2^-36 of their values: both signs are certain and t = -n / d is accurate
  // (see `ACCURATE`). t < 0 is then a certain miss (compared through t, not n d, which can
  // underflow to 0).
  if (errN < ACC * abs(n) && errD < ACC * abs(d)) {
    const t = -n / d;
    if (t < 0) return null;
    const px = ox + t * rdx;
    const py = oy + t * rdy;
    // t short of the exact path's far range (and not underflowed to 0), the point finite.
    if (t > 0 && t < FAR && px - px + (py - py) === 0) {
      const hit = out ?? newHit();
      hit.t = t;
      hit.point.x = px;
      hit.point.y = py;
      hit.collinear = false;
      // The line's unit normal on the origin's side (n > 0: left of the line); ld is not zero
      // (d is not), so normalize2 succeeds.
      normalize2(n > 0 ? -ldy : ldy, n > 0 ? ldx : -ldx, hit.normal);
      return hit;
    }
  }
  return intersectSlow(line, ray, out);
}

const big: bigint[] = [];

function intersectSlow(line: Line, ray: Ray, out: LineRayHit | undefined): LineRayHit | null {
  const ld = line.dir;
  const o = ray.origin;
  const rd = ray.dir;
  const sn = crossSign(ld.x, 0, ld.y, 0, o.x, line.point.x, o.y, line.point.y);
  const sd = crossSign(ld.x, 0, ld.y, 0, rd.x, 0, rd.y, 0);
  if (sn === 0) return hitAt(line, ray, 0, sd === 0, out);
  if (sn * sd >= 0) return null;
  const v = lift([ld.x, ld.y, o.x, o.y, line.point.x, line.point.y, rd.x, rd.y], big);
  const exactN = v[0]! * (v[3]! - v[5]!) - v[1]! * (v[2]! - v[4]!);
  const exactD = v[0]! * v[7]! - v[1]! * v[6]!;
  // t = -N / D: N is degree 2 in the lifted integers and D too, so the common scale cancels.
  const sign = exactD > 0n ? 1n : -1n;
  const den = exactD * sign;
  const t = ratioToDouble(-exactN * sign, den, 0);
  // Read before hitAt, whose exact normal side test may lift again.
  const e = lastLiftExponent();
  const hit = hitAt(line, ray, t, false, out);
  if (t >= FAR) {
    // So far out that origin + t dir may overflow, or t itself was clamped: the point is
    // (origin D - N dir) / D, rounded once per coordinate (its exact value may well be in range).
    hit.point.x = ratioToDouble((v[2]! * exactD - exactN * v[6]!) * sign, den, e);
    hit.point.y = ratioToDouble((v[3]! * exactD - exactN * v[7]!) * sign, den, e);
  }
  return hit;
}

function newHit(): LineRayHit {
  return { t: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 }, collinear: false };
}

function hitAt(
  line: Line,
  ray: Ray,
  t: number,
  collinear: boolean,
  out: LineRayHit | undefined,
): LineRayHit {
  const hit = out ?? newHit();
  hit.t = t;
  hit.point.x = t === 0 ? ray.origin.x : clampFinite(ray.origin.x + t * ray.dir.x);
  hit.point.y = t === 0 ? ray.origin.y : clampFinite(ray.origin.y + t * ray.dir.y);
  hit.collinear = collinear;
  const ld = line.dir;
  const o = ray.origin;
  const side = t === 0 ? 0 : crossSign(ld.x, 0, ld.y, 0, o.x, line.point.x, o.y, line.point.y);
  facingNormal(ld.x, ld.y, side, ray.dir.x, ray.dir.y, hit.normal);
  return hit;
}
