import { lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, ERR3, TAIL2 } from "../../exact/filter.ts";
import { CROSS, crossSignStored } from "../../exact/orient2d.ts";
import { clampFinite, lerp } from "../../math/scalar.ts";
import { normalizeInPlace } from "../../math/vec2.ts";
import type { Vec } from "../shapes.ts";

/*
 * Where two linear shapes (lines, rays, segments) meet. A linear shape is o + t (p - q) for t in
 * [lo, hi]: a segment ab is o = a, p = b, q = a on [0, 1]; a ray or line has q = 0 and p its
 * direction, on [0, inf) or (-inf, inf). Keeping the direction as a difference keeps every sign
 * exact. Callers decide hit-or-miss with the exact tests first.
 */

/** Where a line, ray or segment meets another one. */
export interface LinearHit {
  /** Parameter on the first shape (its `t`; 0 to 1 on a segment). */
  t1: number;
  /** Parameter on the second shape. */
  t2: number;
  /** The shared point. */
  point: Vec;
  /** Unit normal of the second shape's line at the point, facing the first shape's start (or against its direction). */
  normal: Vec;
  /** True when the two lie on one line (then the point is the first shared one). */
  collinear: boolean;
}

/** Makes a `LinearHit` with every field present. */
export function makeLinearHit(): LinearHit {
  return { t1: 0, t2: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 }, collinear: false };
}

/** A linear shape in the form above, filled by the pair functions. */
export interface LinearForm {
  ox: number;
  oy: number;
  px: number;
  py: number;
  qx: number;
  qy: number;
  lo: number;
  hi: number;
}

/** Makes a `LinearForm`. */
export function makeLinearForm(): LinearForm {
  return { ox: 0, oy: 0, px: 0, py: 0, qx: 0, qy: 0, lo: 0, hi: 0 };
}

/** Fills `f` with a segment. */
export function segmentForm(a: Vec, b: Vec, f: LinearForm): LinearForm {
  f.ox = a.x;
  f.oy = a.y;
  f.px = b.x;
  f.py = b.y;
  f.qx = a.x;
  f.qy = a.y;
  f.lo = 0;
  f.hi = 1;
  return f;
}

/** Fills `f` with a ray (`lo` 0) or a line (`lo` -inf). */
export function directedForm(o: Vec, d: Vec, isLine: boolean, f: LinearForm): LinearForm {
  f.ox = o.x;
  f.oy = o.y;
  f.px = d.x;
  f.py = d.y;
  f.qx = 0;
  f.qy = 0;
  // Two stores, not `isLine ? -Infinity : 0`: V8 boxed that merged constant on some compiles.
  f.lo = 0;
  if (isLine) f.lo = Number.NEGATIVE_INFINITY;
  f.hi = Number.POSITIVE_INFINITY;
  return f;
}

const big: bigint[] = [];

/**
 * cross(v - o, p - q) / cross(d, p - q) where d = dp - dq: the parameter along the first shape
 * where it crosses the second's line (o, p, q from the second), from floats when accurate,
 * written to TS[i].
 */
function crossingParameter(a: LinearForm, b: LinearForm, i: number): void {
  const dx = a.px - a.qx;
  const dy = a.py - a.qy;
  const ex = b.px - b.qx;
  const ey = b.py - b.qy;
  const wx = b.ox - a.ox;
  const wy = b.oy - a.oy;
  let l = wx * ey;
  let r = wy * ex;
  const num = l - r;
  const errN = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  l = dx * ey;
  r = dy * ex;
  const den = l - r;
  const errD = ERR3 * (Math.abs(l) + Math.abs(r)) + TAIL2;
  const an = Math.abs(num);
  const ad = Math.abs(den);
  // On a segment t lives in [0, 1], so an error small against 1 is fine; a ray's or line's t has
  // no such scale (its hit may lie 1e-87 away along a unit direction): there t itself must be.
  const scaleN = a.hi === 1 && an < ad ? ad : an;
  if (errD < ACCURATE * ad && errN < ACCURATE * scaleN) {
    const t = num / den;
    if (t - t === 0) {
      TS[i] = t;
      return;
    }
  }
  const n = lift([a.ox, a.oy, a.px, a.py, a.qx, a.qy, b.ox, b.oy, b.px, b.py, b.qx, b.qy], big);
  const ddx = n[2]! - n[4]!;
  const ddy = n[3]! - n[5]!;
  const eex = n[8]! - n[10]!;
  const eey = n[9]! - n[11]!;
  const vx = n[6]! - n[0]!;
  const vy = n[7]! - n[1]!;
  // The lifted numbers share one scale, which cancels in the ratio.
  const N = vx * eey - vy * eex;
  const D = ddx * eey - ddy * eex;
  TS[i] = D > 0n ? ratioToDouble(N, D, 0) : ratioToDouble(-N, -D, 0);
}

function clampTo(t: number, lo: number, hi: number): number {
  return t < lo ? lo : t > hi ? hi : t;
}

/** The point at parameter t: exact ends for segments, overflow-safe for rays and lines. */
export function pointAt(f: LinearForm, t: number, out: Vec): Vec {
  TS[0] = t;
  return pointAtStored(f, 0, out);
}

/**
 * pointAt at the hit's own t, into its point. The double stays in the object: passed to a call
 * V8 leaves out of line (castForm's budget often runs out), it would be boxed.
 */
export function pointAtHit(f: LinearForm, hit: { t: number; point: Vec }): void {
  TS[0] = hit.t;
  pointAtStored(f, 0, hit.point);
}

/**
 * Parameters passed between the functions here: a double passed to or returned from a call V8
 * does not inline is boxed (16 bytes of garbage), and once every 2D kind has run these are not.
 */
const TS = new Float64Array(2);

/** pointAt at t = TS[i]. */
function pointAtStored(f: LinearForm, i: number, out: Vec): Vec {
  const t = TS[i]!;
  if (f.hi === 1) {
    // scalar.ts's lerp written out (a call left out of line would box its doubles).
    const dx = f.px - f.ox;
    const dy = f.py - f.oy;
    if (dx - dx === 0 && dy - dy === 0) {
      out.x = f.ox + t * dx;
      out.y = f.oy + t * dy;
    } else {
      out.x = lerp(f.ox, f.px, t);
      out.y = lerp(f.oy, f.py, t);
    }
  } else {
    out.x = t === 0 ? f.ox : clampFinite(f.ox + t * f.px);
    out.y = t === 0 ? f.oy : clampFinite(f.oy + t * f.py);
  }
  return out;
}

/** Parameter of point (x, y), which lies on the line of f, along f (exact ends for segments). */
export function parameterOf(f: LinearForm, x: number, y: number): number {
  PS[0] = x;
  PS[1] = y;
  parameterOfStored(f);
  return PS[2]!;
}

/** `parameterOf` of the point p, written to `out.t`: no double crosses the call. */
export function parameterInto(f: LinearForm, p: Vec, out: { t: number }): void {
  PS[0] = p.x;
  PS[1] = p.y;
  parameterOfStored(f);
  out.t = PS[2]!;
}

/** The point (PS[0], PS[1]) and its parameter PS[2], passed as TS is. */
const PS = new Float64Array(3);

function parameterOfStored(f: LinearForm): void {
  const x = PS[0]!;
  const y = PS[1]!;
  if (x === f.ox && y === f.oy) {
    PS[2] = 0;
    return;
  }
  if (f.hi === 1 && x === f.px && y === f.py) {
    PS[2] = 1;
    return;
  }
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const m = Math.max(Math.abs(dx), Math.abs(dy));
  // A zero-length segment is a point: its only parameter is 0 (0 / 0 would be NaN).
  if (m === 0) {
    PS[2] = 0;
    return;
  }
  const ux = dx / m;
  const uy = dy / m;
  PS[2] = ((x - f.ox) * ux + (y - f.oy) * uy) / (ux * ux + uy * uy) / m;
}

/*
 * The exact signs linearHit needs, from the forms themselves: linearHit is too large for V8 to
 * inline everything it calls, and each double passed to a call left out of line is boxed.
 */

/** Exact sign of cross(u.p - u.q, v.p - v.q): positive when v's direction turns left of u's. */
function directionCross(u: LinearForm, v: LinearForm): number {
  const c = CROSS;
  c[0] = u.px;
  c[1] = u.qx;
  c[2] = u.py;
  c[3] = u.qy;
  c[4] = v.px;
  c[5] = v.qx;
  c[6] = v.py;
  c[7] = v.qy;
  return crossSignStored();
}

/** Exact sign of dot(u.p - u.q, v.p - v.q), as cross(v's direction, u's turned a quarter left). */
function directionDot(u: LinearForm, v: LinearForm): number {
  const c = CROSS;
  c[0] = v.px;
  c[1] = v.qx;
  c[2] = v.py;
  c[3] = v.qy;
  c[4] = u.qy;
  c[5] = u.py;
  c[6] = u.px;
  c[7] = u.qx;
  return crossSignStored();
}

/** Exact sign of cross(v.p - v.q, u.o - v.o): positive when u starts left of v's line. */
function startSide(v: LinearForm, u: LinearForm): number {
  const c = CROSS;
  c[0] = v.px;
  c[1] = v.qx;
  c[2] = v.py;
  c[3] = v.qy;
  c[4] = u.ox;
  c[5] = v.ox;
  c[6] = u.oy;
  c[7] = v.oy;
  return crossSignStored();
}

/** Writes into out.normal the unit normal of b's line facing a's start (or against a's direction). */
function facingNormal(a: LinearForm, b: LinearForm, collinear: boolean, out: LinearHit): void {
  const n = out.normal;
  if (collinear) {
    // Against a's direction; a zero-length a (a point) has none, and gets (1, 0).
    n.x = a.qx - a.px;
    n.y = a.qy - a.py;
    if (!normalizeInPlace(n)) {
      n.x = 1;
      n.y = 0;
    }
    return;
  }
  const ex = b.px - b.qx;
  const ey = b.py - b.qy;
  // Left of b is (-ey, ex). A start strictly to one side picks that side; else face against d.
  let side = a.lo === 0 ? startSide(b, a) : 0;
  if (side === 0) side = -directionCross(b, a);
  n.x = side >= 0 ? -ey : ey;
  n.y = side >= 0 ? ex : -ex;
  normalizeInPlace(n);
}

/**
 * Fills `out` with where a meets b, which the caller has decided exactly that they do: their
 * crossing, or for collinear shapes the first shared point along a (for a line, the shared
 * point nearest its `point`).
 */
export function linearHit(a: LinearForm, b: LinearForm, out: LinearHit): LinearHit {
  const parallel = directionCross(a, b) === 0;
  if (!parallel) {
    crossingParameter(a, b, 0);
    crossingParameter(b, a, 1);
    const t1 = clampTo(TS[0]!, a.lo, a.hi);
    TS[0] = t1;
    out.t1 = t1;
    out.t2 = clampTo(TS[1]!, b.lo, b.hi);
    pointAtStored(a, 0, out.point);
    out.collinear = false;
    facingNormal(a, b, false, out);
    return out;
  }
  // Collinear: b's ends as parameters along a, cut to a's range.
  let l = Number.NEGATIVE_INFINITY;
  let h = Number.POSITIVE_INFINITY;
  const same = directionDot(a, b) >= 0;
  if (b.lo !== Number.NEGATIVE_INFINITY) {
    const s = parameterOf(a, b.ox, b.oy);
    if (same) l = s;
    else h = s;
  }
  if (b.hi === 1) {
    const s = parameterOf(a, b.px, b.py);
    if (same) h = s;
    else l = s;
  }
  if (l < a.lo) l = a.lo;
  if (h > a.hi) h = a.hi;
  if (h < l) h = l;
  const t1 = a.lo !== Number.NEGATIVE_INFINITY ? l : clampTo(0, l, h);
  out.t1 = clampFinite(t1);
  pointAt(a, out.t1, out.point);
  out.t2 = clampTo(parameterOf(b, out.point.x, out.point.y), b.lo, b.hi);
  out.collinear = true;
  facingNormal(a, b, true, out);
  return out;
}
