import { lastLiftExponent, lift, ratioToDouble } from "../../exact/bigint.ts";
import { dot3Sign, planeSide } from "../../exact/distance3.ts";
import { ACCURATE, ERR5, TAIL2 } from "../../exact/filter.ts";
import { clampFinite } from "../../math/scalar.ts";
import { normalize3 } from "../../math/vec3.ts";
import {
  type LinearForm3,
  lineForm3,
  makeLinearForm3,
  pointAt3,
  rayForm3,
  segmentOf3,
} from "../query/linear-form.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type { Line, Plane, Ray, Segment } from "../shapes.ts";

/*
 * Lines, rays and segments against planes. A plane is a surface (dot(n, p) = offset), so a hit
 * is a shared point, never `inside`. Hit-or-miss: the exact sides of the start (and a segment's
 * end) and the exact sign of dot(n, d). The crossing parameter is h(o) / (h(o) - h(b)) for a
 * segment (opposite signs: no cancellation) and -h(o) / dot(n, d) otherwise, h(x) = n.x - offset,
 * from exact values rounded once when the floats are not accurate.
 * @see Ericson, Real-Time Collision Detection, §5.3.1 (segment against plane).
 */

const F: LinearForm3 = makeLinearForm3();
const big: bigint[] = [];

/** Whether the linear form meets the plane; exact. */
function formMeetsPlane(f: LinearForm3, pl: Plane): boolean {
  const n = pl.normal;
  const so = planeSide(n.x, n.y, n.z, pl.offset, f.ox, f.oy, f.oz);
  if (so === 0) return true;
  if (f.hi === 1) return planeSide(n.x, n.y, n.z, pl.offset, f.px, f.py, f.pz) !== so;
  const sd = dot3Sign(n.x, n.y, n.z, 0, 0, 0, f.px, f.py, f.pz, f.qx, f.qy, f.qz);
  return f.lo === 0 ? sd === -so : sd !== 0;
}

/** Whether the line meets the plane (crosses it or lies in it); exact. */
export function testLinePlane(a: Line, b: Plane): boolean {
  return formMeetsPlane(lineForm3(a, F), b);
}

/** Whether the ray meets the plane; exact. */
export function testRayPlane(a: Ray, b: Plane): boolean {
  return formMeetsPlane(rayForm3(a, F), b);
}

/** Whether the segment meets the plane (its ends on opposite sides or on it); exact. */
export function testSegmentPlane(a: Segment, b: Plane): boolean {
  return formMeetsPlane(segmentOf3(a, F), b);
}

/**
 * h(x) = n.x - offset on the lifted integers: the true value is this times 2^e when the lift's
 * exponent e >= 0, times 2^2e otherwise.
 */
function hExact(n: bigint[], i: number): bigint {
  const e = lastLiftExponent();
  const dot = n[0]! * n[i]! + n[1]! * n[i + 1]! + n[2]! * n[i + 2]!;
  return e >= 0 ? (dot << BigInt(e)) - n[3]! : dot - (n[3]! << BigInt(-e));
}

/** The crossing parameter of f with the plane (the caller knows they cross at one point). */
function crossing(f: LinearForm3, pl: Plane): number {
  const n = pl.normal;
  const off = pl.offset;
  let l = n.x * f.ox;
  let m = n.y * f.oy;
  let k = n.z * f.oz;
  const ho = l + m + k - off;
  const eo = ERR5 * (Math.abs(l) + Math.abs(m) + Math.abs(k) + Math.abs(off)) + TAIL2;
  if (f.hi === 1) {
    l = n.x * f.px;
    m = n.y * f.py;
    k = n.z * f.pz;
    const hb = l + m + k - off;
    const eb = ERR5 * (Math.abs(l) + Math.abs(m) + Math.abs(k) + Math.abs(off)) + TAIL2;
    const den = ho - hb;
    // t in [0, 1]: an error small against the denominator is enough.
    if (eo + eb < ACCURATE * Math.abs(den)) return ho / den;
    const z = lift([n.x, n.y, n.z, off, f.ox, f.oy, f.oz, f.px, f.py, f.pz], big);
    const a = hExact(z, 4);
    const b = hExact(z, 7);
    return a - b > 0n ? ratioToDouble(a, a - b, 0) : ratioToDouble(-a, b - a, 0);
  }
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const dz = f.pz - f.qz;
  l = n.x * dx;
  m = n.y * dy;
  k = n.z * dz;
  const nd = l + m + k;
  const ed = ERR5 * (Math.abs(l) + Math.abs(m) + Math.abs(k)) + TAIL2;
  if (eo < ACCURATE * Math.abs(ho) && ed < ACCURATE * Math.abs(nd)) {
    const t = -ho / nd;
    if (t - t === 0) return t;
  }
  const z = lift([n.x, n.y, n.z, off, f.ox, f.oy, f.oz, dx, dy, dz], big);
  const a = hExact(z, 4);
  const b = z[0]! * z[7]! + z[1]! * z[8]! + z[2]! * z[9]!;
  // n.d carries 2^2e; h(o) carries 2^e for e >= 0 (2^2e otherwise), see hExact.
  const e = lastLiftExponent();
  const shift = e >= 0 ? -e : 0;
  return b > 0n ? ratioToDouble(-a, b, shift) : ratioToDouble(a, -b, shift);
}

function intersectForm(f: LinearForm3, pl: Plane, out: ShapeHit | undefined): ShapeHit | null {
  const n = pl.normal;
  const so = planeSide(n.x, n.y, n.z, pl.offset, f.ox, f.oy, f.oz);
  const sd = dot3Sign(n.x, n.y, n.z, 0, 0, 0, f.px, f.py, f.pz, f.qx, f.qy, f.qz);
  let t = 0;
  if (so !== 0) {
    if (f.hi === 1) {
      const sb = planeSide(n.x, n.y, n.z, pl.offset, f.px, f.py, f.pz);
      if (sb === so) return null;
      t = sb === 0 ? 1 : crossing(f, pl);
    } else {
      if (sd === 0 || (f.lo === 0 && sd !== -so)) return null;
      t = crossing(f, pl);
    }
  }
  const hit = out ?? makeShapeHit();
  hit.t = clampFinite(t < f.lo ? f.lo : t > f.hi ? f.hi : t);
  pointAt3(f, hit.t, hit.point);
  // Face the start's side; a start on the plane faces against d; a shape lying in it gets -d.
  const side = so !== 0 ? so : -sd;
  const nn = hit.normal;
  if (side === 0 && normalize3(f.qx - f.px, f.qy - f.py, f.qz - f.pz, nn)) {
    // In the plane (2D's collinear case): the cast reversed.
  } else {
    const s = side < 0 ? -1 : 1;
    normalize3(s * n.x, s * n.y, s * n.z, nn);
  }
  hit.inside = false;
  return hit;
}

/**
 * Where the line meets the plane, with the plane's unit normal facing against the line's
 * direction, or null; a line in the plane gives t = 0.
 */
export function intersectLinePlane(a: Line, b: Plane, out?: ShapeHit): ShapeHit | null {
  return intersectForm(lineForm3(a, F), b, out);
}

/** Where the ray meets the plane (t >= 0), normal facing the origin's side, or null; never `inside`. */
export function intersectRayPlane(a: Ray, b: Plane, out?: ShapeHit): ShapeHit | null {
  return intersectForm(rayForm3(a, F), b, out);
}

/** Where the segment meets the plane (t in [0, 1]), normal facing the start's side, or null; never `inside`. */
export function intersectSegmentPlane(a: Segment, b: Plane, out?: ShapeHit): ShapeHit | null {
  return intersectForm(segmentOf3(a, F), b, out);
}
