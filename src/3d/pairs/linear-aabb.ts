import { EPS } from "../../exact/filter.ts";
import { crossSign } from "../../exact/orient2d.ts";
import { castAabb3, insideHit } from "../query/linear-cast.ts";
import {
  type LinearForm3,
  lineForm3,
  makeLinearForm3,
  pointAt3,
  rayForm3,
  segmentOf3,
} from "../query/linear-form.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type { Aabb, Line, Ray, Segment } from "../shapes.ts";
import { testPointAabb } from "./point-shapes.ts";

/*
 * Lines, rays and segments against axis-aligned boxes, exact by separating axes: the three face
 * normals (coordinate comparisons of the shape's range on each axis) and the three d x e_k, on
 * which the test is the 2D one of the shape's line against the box's projected rectangle
 * (orientations of its two extreme corners, with the direction kept as a difference). Those six
 * axes are complete for every box, flat ones included, since e_x, e_y, e_z span space.
 * @see Ericson, Real-Time Collision Detection, §5.2.1 (separating axes) and §5.3.3.
 */

const F: LinearForm3 = makeLinearForm3();

/** Whether the form's coordinate range on one axis meets [lo, hi]; exact comparisons. */
function axisOverlaps(
  o: number,
  p: number,
  q: number,
  lo: number,
  hi: number,
  f: LinearForm3,
): boolean {
  // The sign of p - q is exact (a rounded difference is 0 exactly when p = q).
  if (p === q) return lo <= o && o <= hi;
  const up = p > q;
  if (f.lo === 0 && (up ? o > hi : o < lo)) return false;
  // A segment's far end is p.
  if (f.hi === 1 && (up ? p < lo : p > hi)) return false;
  return true;
}

/**
 * Whether the 2D line through (oi, oj) along (pi - qi, pj - qj) meets the rectangle
 * [li, hi] x [lj, hj]: not all corners strictly on one side. Exact.
 */
function lineMeetsRect(
  oi: number,
  oj: number,
  pi: number,
  qi: number,
  pj: number,
  qj: number,
  li: number,
  hi: number,
  lj: number,
  hj: number,
): boolean {
  if (pi === qi && pj === qj) return true;
  // cross(d, c - o) is largest at c = (dj > 0 ? li : hi, di > 0 ? hj : lj), smallest opposite.
  const di = pi > qi;
  const dj = pj > qj;
  const xMax = dj ? li : hi;
  const yMax = di ? hj : lj;
  const xMin = dj ? hi : li;
  const yMin = di ? lj : hj;
  if (crossSign(pi, qi, pj, qj, xMax, oi, yMax, oj) < 0) return false;
  return crossSign(pi, qi, pj, qj, xMin, oi, yMin, oj) <= 0;
}

/**
 * The float pass's entry t and axis code, in an object's fields (a module `let` would box every
 * double written; a field starting at a non-integer stays a double field, written in place).
 */
class SlabEntry {
  t = 0.5;
  axis = -1;
}
const SL = new SlabEntry();
const CERTAIN_HIT = 1;
const CERTAIN_MISS = 0;
const UNSURE = -1;
/** Relative error of a slab parameter (lo - o) / (p - q): three roundings, with slack. */
const ERR_T = 4 * EPS;
/** Absolute error of a quotient that underflows. */
const TINY = 2 ** -1000;

/**
 * Slabs in floats (Kay and Kajiya 1986): each parameter (plane - o) / d is within 4 eps of itself,
 * so the interval is certainly non-empty or empty unless its ends are that close; then UNSURE.
 * On CERTAIN_HIT, SL holds the entry t and its axis code (as castAabb3's, -1 for the range start).
 */
function slabsFloat(f: LinearForm3, b: Aabb): number {
  let en = f.lo;
  let ex = f.hi;
  let errEn = 0;
  let errEx = 0;
  let axis = -1;
  for (let k = 0; k < 3; k++) {
    const o = k === 0 ? f.ox : k === 1 ? f.oy : f.oz;
    const d = k === 0 ? f.px - f.qx : k === 1 ? f.py - f.qy : f.pz - f.qz;
    const lo = k === 0 ? b.min.x : k === 1 ? b.min.y : b.min.z;
    const hi = k === 0 ? b.max.x : k === 1 ? b.max.y : b.max.z;
    if (d === 0) {
      // p = q exactly on this axis: the coordinate stays o.
      if (o < lo || o > hi) return CERTAIN_MISS;
      continue;
    }
    const t1 = (lo - o) / d;
    const t2 = (hi - o) / d;
    const near = d > 0 ? t1 : t2;
    const far = d > 0 ? t2 : t1;
    if (near > en) {
      en = near;
      errEn = ERR_T * Math.abs(near) + TINY;
      axis = d > 0 ? k + 3 : k;
    }
    if (far < ex) {
      ex = far;
      errEx = ERR_T * Math.abs(far) + TINY;
    }
  }
  if (en + errEn < ex - errEx) {
    SL.t = en;
    SL.axis = axis;
    return CERTAIN_HIT;
  }
  return en - errEn > ex + errEx ? CERTAIN_MISS : UNSURE;
}

/** Whether the linear form meets the aabb; exact. */
export function formMeetsAabb(f: LinearForm3, b: Aabb): boolean {
  const s = slabsFloat(f, b);
  if (s !== UNSURE) return s === CERTAIN_HIT;
  return formMeetsAabbExact(f, b);
}

/** The separating-axis decision with exact signs. */
function formMeetsAabbExact(f: LinearForm3, b: Aabb): boolean {
  const lo = b.min;
  const hi = b.max;
  return (
    axisOverlaps(f.ox, f.px, f.qx, lo.x, hi.x, f) &&
    axisOverlaps(f.oy, f.py, f.qy, lo.y, hi.y, f) &&
    axisOverlaps(f.oz, f.pz, f.qz, lo.z, hi.z, f) &&
    lineMeetsRect(f.ox, f.oy, f.px, f.qx, f.py, f.qy, lo.x, hi.x, lo.y, hi.y) &&
    lineMeetsRect(f.oy, f.oz, f.py, f.qy, f.pz, f.qz, lo.y, hi.y, lo.z, hi.z) &&
    lineMeetsRect(f.oz, f.ox, f.pz, f.qz, f.px, f.qx, lo.z, hi.z, lo.x, hi.x)
  );
}

/** Whether the line meets the closed aabb; exact. */
export function testLineAabb(a: Line, b: Aabb): boolean {
  return formMeetsAabb(lineForm3(a, F), b);
}

/**
 * The ray's slabs in floats, unrolled and read straight from the shapes (no form, no loop), kept
 * under V8's 460-byte inlining limit so it is inlined into both ray queries. Each parameter
 * (plane - o) / d is computed as (plane - o) * (1 / d), one division per axis instead of two: three
 * roundings, and 1 / d is subnormal (4 eps relative) only when |d| >= 2^1022, so it is within
 * (1 + eps)^2 (1 + 4 eps) - 1 < 6.01 eps of itself relative, plus 2^-1075 absolute if it
 * underflows. 8 eps relative and TINY absolute per end, summed over both ends, bound
 * the gap ex - en; their slack covers rounding the gap and the bound. The closed interval
 * [max(0, near), min(far)] is then certainly non-empty or empty unless its ends are within the
 * bounds (UNSURE). A zero or subnormal component needs no branch: 1 / d is infinite, so its
 * products are infinite (an infinite end has an infinite bound, so UNSURE) or NaN when the origin
 * is on that slab's plane. A NaN entry is ignored (NaN never wins `>`; the true one is 0 there, and
 * en >= 0 already), but a NaN exit is kept (`!(x <= Infinity)`, true for NaN only): for a
 * subnormal d the true exit is 0, so it goes UNSURE to the exact test. A product that overflows makes its bound infinite, so UNSURE
 * too. On CERTAIN_HIT, SL holds the entry t and its axis code (as castAabb3's, -1 for the origin).
 * @see Williams et al., "An Efficient and Robust Ray-Box Intersection Algorithm", JGT 2005.
 */
function raySlabs(a: Ray, b: Aabb): number {
  const o = a.origin;
  const d = a.dir;
  const lo = b.min;
  const hi = b.max;
  // Each axis: the products for its two planes, then near and far by the direction's sign.
  let k = d.x;
  let r = 1 / k;
  let n = (lo.x - o.x) * r;
  let x = (hi.x - o.x) * r;
  let en = k < 0 ? x : n;
  let ex = k < 0 ? n : x;
  let axis = k < 0 ? 0 : 3;
  if (!(en > 0)) {
    en = 0;
    axis = -1;
  }
  k = d.y;
  r = 1 / k;
  n = (lo.y - o.y) * r;
  x = (hi.y - o.y) * r;
  if (k < 0) {
    r = n;
    n = x;
    x = r;
  }
  if (n > en) {
    en = n;
    axis = k < 0 ? 1 : 4;
  }
  if (x < ex || !(x <= Infinity)) ex = x;
  k = d.z;
  r = 1 / k;
  n = (lo.z - o.z) * r;
  x = (hi.z - o.z) * r;
  if (k < 0) {
    r = n;
    n = x;
    x = r;
  }
  if (n > en) {
    en = n;
    axis = k < 0 ? 2 : 5;
  }
  if (x < ex || !(x <= Infinity)) ex = x;
  // en is 0 (exact) or a product; ex a product (infinite or NaN for a zero direction: UNSURE).
  // One bound for the gap ex - en (above): 8 eps and TINY per end, written out (a module constant
  // costs bytecode per use).
  const err = 8.881784197001252e-16 * (en + Math.abs(ex)) + 1.8665272370064378e-301;
  const gap = ex - en;
  if (gap > err) {
    SL.t = en;
    SL.axis = axis;
    return 1; // CERTAIN_HIT
  }
  return -gap > err ? 0 : -1; // CERTAIN_MISS : UNSURE
}

/** Whether the ray meets the closed aabb; exact. */
export function testRayAabb(a: Ray, b: Aabb): boolean {
  const s = raySlabs(a, b);
  if (s !== UNSURE) return s === CERTAIN_HIT;
  return formMeetsAabbExact(rayForm3(a, F), b);
}

/** Whether the segment meets the closed aabb; exact (a zero-length segment is a point). */
export function testSegmentAabb(a: Segment, b: Aabb): boolean {
  return formMeetsAabb(segmentOf3(a, F), b);
}

function intersectForm(f: LinearForm3, b: Aabb, out: ShapeHit | undefined): ShapeHit | null {
  const s = slabsFloat(f, b);
  if (s === CERTAIN_MISS || (s === UNSURE && !formMeetsAabbExact(f, b))) return null;
  if (f.lo === 0) {
    START.x = f.ox;
    START.y = f.oy;
    START.z = f.oz;
    if (testPointAabb(START, b)) return insideHit(f, out ?? makeShapeHit());
  }
  const axis = SL.axis;
  if (s === UNSURE || axis < 0) return castAabb3(f, b, out ?? makeShapeHit());
  // The float entry is the answer: the face entered, its outward normal against d.
  const hit = out ?? makeShapeHit();
  hit.t = SL.t;
  pointAt3(f, hit.t, hit.point);
  const k = axis % 3;
  const n = axis >= 3 ? -1 : 1;
  hit.normal.x = k === 0 ? n : 0;
  hit.normal.y = k === 1 ? n : 0;
  hit.normal.z = k === 2 ? n : 0;
  hit.inside = false;
  return hit;
}

const START = { x: 0, y: 0, z: 0 };

/**
 * Where the line enters the aabb (smallest t, possibly negative), with the outward normal of the
 * face entered, or null; never `inside`.
 * @see Kay and Kajiya, "Ray tracing complex scenes", SIGGRAPH 1986 (slabs).
 */
export function intersectLineAabb(a: Line, b: Aabb, out?: ShapeHit): ShapeHit | null {
  return intersectForm(lineForm3(a, F), b, out);
}

/** Where the ray enters the aabb (t >= 0) with the face's outward normal, or null; a start inside gives t = 0, `inside`. */
export function intersectRayAabb(a: Ray, b: Aabb, out?: ShapeHit): ShapeHit | null {
  const s = raySlabs(a, b);
  if (s === 0) return null; // CERTAIN_MISS
  const en = SL.t;
  // Not UNSURE, and a float entry certainly above 0 puts the origin outside its slab, so outside
  // the box: en - (8 eps en + TINY) > 0 holds when en > TINY / (1 - 8 eps), below 1e-301.
  if (s < 0 || !(en > 1e-301)) return intersectRayAabbSlow(a, b, out);
  const o = a.origin;
  const d = a.dir;
  // The entry is accurate (8 eps); the point is finite unless a coordinate overflowed.
  const px = o.x + en * d.x;
  const py = o.y + en * d.y;
  const pz = o.z + en * d.z;
  if (!(px + py + pz - (px + py + pz) === 0)) return intersectRayAabbSlow(a, b, out);
  const hit = out ?? makeShapeHit();
  hit.t = en;
  const p = hit.point;
  p.x = px;
  p.y = py;
  p.z = pz;
  // The face entered has its outward normal against d.
  const axis = SL.axis;
  const n = hit.normal;
  n.x = axis === 0 ? 1 : axis === 3 ? -1 : 0;
  n.y = axis === 1 ? 1 : axis === 4 ? -1 : 0;
  n.z = axis === 2 ? 1 : axis === 5 ? -1 : 0;
  hit.inside = false;
  return hit;
}

/** The general path: exact decision, exact containment of the origin, exact entry when in doubt. */
function intersectRayAabbSlow(a: Ray, b: Aabb, out: ShapeHit | undefined): ShapeHit | null {
  return intersectForm(rayForm3(a, F), b, out);
}

/** Where the segment enters the aabb (t in [0, 1]) with the face's outward normal, or null; a start inside gives t = 0, `inside`. */
export function intersectSegmentAabb(a: Segment, b: Aabb, out?: ShapeHit): ShapeHit | null {
  return intersectForm(segmentOf3(a, F), b, out);
}
