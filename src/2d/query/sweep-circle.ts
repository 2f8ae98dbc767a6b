import { formsWithin } from "../../exact/forms-within.ts";
import { makeSweepHit, type SweepHit } from "../results.ts";
import type { Capsule, Circle, Polyline, Segment, Vec } from "../shapes.ts";
import { type LinearForm, makeLinearForm } from "./linear.ts";
import type { AnyShape, Kind } from "./shape-kinds.ts";
import { sweepShapes } from "./sweep-engine.ts";
import { testKinds } from "./test-engine.ts";

/*
 * A circle's sweep against a point, circle, segment, capsule or polyline in closed form: the
 * center's path c + t m, t in [0, 1], against the target's core (a point or a segment) grown by
 * both radii, which is a capsule (Ericson, Real-Time Collision Detection, §5.5: a moving sphere is
 * a ray against the target grown by its radius; §5.3.2 for the disk's quadratic).
 *
 * Exactness: two segments that do not cross are nearest at an end of one of them, so the path
 * comes within R = ra + rb of the core iff they cross or one of four end-to-segment distances is
 * at most R. Each is computed in floats within 2^-48 S of the exact value (S the largest
 * coordinate, motion or radius), and orientations within 2^-47 S^2; decisions clear by 2^-40 S
 * (or S^2) are exact, the rest go to the exact `formsWithin` (and `testKinds` at t = 0). The time
 * is computed against the capsule grown by 2^-46 S as in sweep-engine.ts, so it is never after
 * the exact touch. Every double crosses calls through K (no boxing, no garbage on the common
 * path); the rare cases (undecided, out of range, no float root) take the exact or generic path.
 */

const K = new Float64Array(24);
// Inputs: center, motion, core a and b, radii.
const CX = 0;
const CY = 1;
const MX = 2;
const MY = 3;
const AX = 4;
const AY = 5;
const BX = 6;
const BY = 7;
const RA = 8;
const RB = 9;
// Derived: the path's far end (rounded), the core's direction b - a, the scale.
const EX = 10;
const EY = 11;
const DX = 12;
const DY = 13;
const SC = 14;
// Output of `endDistance`.
const DSQ = 15;
// The earliest contact: time, nearest core point, unnormalised normal.
const T = 16;
const QX = 17;
const QY = 18;
const NX = 19;
const NY = 20;
// The grown radius of `contactTime`.
const RG = 21;

const PATH: LinearForm = makeLinearForm();
const EDGE: LinearForm = makeLinearForm();
const BIG = 2 ** 200;
const SMALL = 2 ** -200;
const CLEAR = 2 ** -40;
/** Squared lengths below this (2^-300 squared) may underflow the float pass's distances. */
const TINY_SQ = 2 ** -600;
const GROW = 2 ** -46;

/** Squared distance from the point at K[p] to the segment K[o] + s K[d], s in [0, 1], into K[DSQ]. */
function endDistance(p: number, o: number, d: number): void {
  const wx = K[p]! - K[o]!;
  const wy = K[p + 1]! - K[o + 1]!;
  const dx = K[d]!;
  const dy = K[d + 1]!;
  const dot = wx * dx + wy * dy;
  const l2 = dx * dx + dy * dy;
  if (dot <= 0) {
    K[DSQ] = wx * wx + wy * wy;
  } else if (dot >= l2) {
    const ux = wx - dx;
    const uy = wy - dy;
    K[DSQ] = ux * ux + uy * uy;
  } else {
    const cr = wx * dy - wy * dx;
    K[DSQ] = (cr * cr) / l2;
  }
}

// `classify` results.
const MISS = 0;
const HIT = 1;
const UNSURE = -1;
/** Set by `classify`: whether the circle touches the target at t = 0 (HIT, MISS or UNSURE). */
let start = MISS;

/**
 * With the inputs in K: whether the path comes within R of the core (HIT, MISS, UNSURE), and
 * `start` for t = 0 (when `start` is HIT the path's answer is left UNSURE). The caller checks
 * the scale K[SC] first: out of range (or NaN, for a core or motion too short), both answers are
 * UNSURE.
 */
function classify(): number {
  const cx = K[CX]!;
  const cy = K[CY]!;
  const mx = K[MX]!;
  const my = K[MY]!;
  const ax = K[AX]!;
  const ay = K[AY]!;
  const bx = K[BX]!;
  const by = K[BY]!;
  const r = K[RA]! + K[RB]!;
  const ex = cx + mx;
  const ey = cy + my;
  const dx = bx - ax;
  const dy = by - ay;
  K[EX] = ex;
  K[EY] = ey;
  K[DX] = dx;
  K[DY] = dy;
  const s = Math.max(
    Math.abs(cx),
    Math.abs(cy),
    Math.abs(ex),
    Math.abs(ey),
    Math.abs(mx),
    Math.abs(my),
    Math.abs(ax),
    Math.abs(ay),
    Math.abs(bx),
    Math.abs(by),
    r,
  );
  K[SC] = s;
  // A core or a motion shorter than 2^-300 (but not 0) can underflow the squared distances below
  // (cr^2 / l2 read 0 for a ball 6e-61 from a core 2e-154 long, and the start a hit): like a
  // scale out of range, it leaves the float pass (K[SC] NaN sends the caller to the generic sweep).
  const dd = dx * dx + dy * dy;
  const mm = mx * mx + my * my;
  if ((dd < TINY_SQ && (dx !== 0 || dy !== 0)) || (mm < TINY_SQ && (mx !== 0 || my !== 0))) {
    K[SC] = Number.NaN;
  }
  if (!(K[SC]! < BIG && K[SC]! > SMALL)) {
    start = UNSURE;
    return UNSURE;
  }
  const band = CLEAR * s;
  const hi = (r + band) * (r + band);
  const lo = r > band ? (r - band) * (r - band) : -1;
  endDistance(CX, AX, DX);
  const d0 = K[DSQ]!;
  start = d0 > hi ? MISS : d0 < lo ? HIT : UNSURE;
  if (start === HIT) return UNSURE;
  if (dx === 0 && dy === 0) {
    // A point core: its distance to the path decides.
    endDistance(AX, CX, MX);
    const dp = K[DSQ]!;
    return dp < lo ? HIT : dp > hi ? MISS : UNSURE;
  }
  // Orientations of a, b about the path's line and of c, c + m about the core's line.
  const err = CLEAR * s * s;
  const o1 = mx * (ay - cy) - my * (ax - cx);
  const o2 = mx * (by - cy) - my * (bx - cx);
  const o3 = dx * (cy - ay) - dy * (cx - ax);
  const o4 = dx * (ey - ay) - dy * (ex - ax);
  const apart =
    (o1 > err && o2 > err) ||
    (o1 < -err && o2 < -err) ||
    (o3 > err && o4 > err) ||
    (o3 < -err && o4 < -err);
  let d = d0;
  endDistance(EX, AX, DX);
  d = Math.min(d, K[DSQ]!);
  endDistance(AX, CX, MX);
  d = Math.min(d, K[DSQ]!);
  endDistance(BX, CX, MX);
  d = Math.min(d, K[DSQ]!);
  if (d < lo) return HIT;
  if (apart) return d > hi ? MISS : UNSURE;
  // Not apart: both pairs straddle (a crossing) when all four signs are clear.
  const clear =
    Math.abs(o1) > err && Math.abs(o2) > err && Math.abs(o3) > err && Math.abs(o4) > err;
  return clear ? HIT : UNSURE;
}

/** The exact answer for the path when `classify` could not decide. */
function pathWithinExact(): boolean {
  PATH.ox = K[CX]!;
  PATH.oy = K[CY]!;
  PATH.px = K[MX]!;
  PATH.py = K[MY]!;
  PATH.qx = 0;
  PATH.qy = 0;
  PATH.lo = 0;
  PATH.hi = 1;
  EDGE.ox = EDGE.qx = K[AX]!;
  EDGE.oy = EDGE.qy = K[AY]!;
  EDGE.px = K[BX]!;
  EDGE.py = K[BY]!;
  EDGE.lo = 0;
  EDGE.hi = 1;
  return formsWithin(PATH, EDGE, K[RA]!, K[RB]!);
}

/** Offers the cap at K[p] (radius K[RG]) to the earliest contact: the disk's first root in [0, 1]. */
function capTime(p: number): void {
  const rg = K[RG]!;
  const mx = K[MX]!;
  const my = K[MY]!;
  const wx = K[CX]! - K[p]!;
  const wy = K[CY]! - K[p + 1]!;
  const c = wx * wx + wy * wy - rg * rg;
  let t: number;
  if (c <= 0) {
    t = 0;
  } else {
    const b = wx * mx + wy * my;
    if (!(b < 0)) return;
    // b^2 - |m|^2 c by Lagrange's identity: no cancellation of the large b^2 and |m|^2 |w|^2.
    const cr = wx * my - wy * mx;
    const disc = rg * rg * (mx * mx + my * my) - cr * cr;
    if (!(disc >= 0)) return;
    // The smaller root without cancellation (b < 0).
    t = c / (Math.sqrt(disc) - b);
    if (!(t <= 1)) return;
  }
  if (t >= K[T]!) return;
  K[T] = t;
  K[QX] = K[p]!;
  K[QY] = K[p + 1]!;
  K[NX] = wx + t * mx;
  K[NY] = wy + t * my;
}

/**
 * The earliest time the path reaches the capsule of the core grown by R + 2^-46 S (after
 * `classify`), into K[T] (Infinity when the floats find none), with the core point and normal.
 */
function contactTime(): void {
  const cx = K[CX]!;
  const cy = K[CY]!;
  const mx = K[MX]!;
  const my = K[MY]!;
  const ax = K[AX]!;
  const ay = K[AY]!;
  const dx = K[DX]!;
  const dy = K[DY]!;
  const rg = K[RA]! + K[RB]! + GROW * K[SC]!;
  K[RG] = rg;
  K[T] = Number.POSITIVE_INFINITY;
  const l2 = dx * dx + dy * dy;
  if (l2 > 0) {
    // The side facing the center: the first contact when its foot lies on the core.
    const inv = 1 / Math.sqrt(l2);
    let nx = dy * inv;
    let ny = -dx * inv;
    let s0 = nx * (cx - ax) + ny * (cy - ay);
    if (s0 < 0) {
      nx = -nx;
      ny = -ny;
      s0 = -s0;
    }
    const vn = nx * mx + ny * my;
    let t = -1;
    if (s0 <= rg) t = 0;
    else if (vn < 0 && s0 - rg <= -vn) t = (s0 - rg) / -vn;
    if (t >= 0) {
      const u = ((cx + t * mx - ax) * dx + (cy + t * my - ay) * dy) / l2;
      if (u >= 0 && u <= 1) {
        K[T] = t;
        K[QX] = ax + u * dx;
        K[QY] = ay + u * dy;
        K[NX] = nx;
        K[NY] = ny;
        return;
      }
    }
    capTime(BX);
  }
  capTime(AX);
}

/**
 * Writes the unit vector along K[i], K[i + 1] into n; when that is 0, along minus the motion;
 * when that is 0 too, (1, 0). normalize2's job, written here so that no double crosses a call
 * (dividing by the largest component first keeps tiny and huge vectors in range).
 */
function unitInto(i: number, n: Vec): void {
  let x = K[i]!;
  let y = K[i + 1]!;
  if (x === 0 && y === 0) {
    x = -K[MX]!;
    y = -K[MY]!;
  }
  const m = Math.max(Math.abs(x), Math.abs(y));
  if (!(m > 0)) {
    n.x = 1;
    n.y = 0;
    return;
  }
  x /= m;
  y /= m;
  const inv = 1 / Math.sqrt(x * x + y * y);
  n.x = x * inv + 0; // + 0 turns -0 into 0
  n.y = y * inv + 0;
}

/** Fills `hit` from K's earliest contact for a circle of radius ra (ra = K[RA]). */
function fill(hit: SweepHit): SweepHit {
  const t = K[T]!;
  const mx = K[MX]!;
  const my = K[MY]!;
  hit.t = t;
  hit.position.x = K[CX]! + t * mx;
  hit.position.y = K[CY]! + t * my;
  const n = hit.normal;
  unitInto(NX, n);
  // On the target's surface: the core point moved out by the target's radius.
  const rb = K[RB]!;
  hit.point.x = K[QX]! + rb * n.x;
  hit.point.y = K[QY]! + rb * n.y;
  hit.initiallyOverlapping = false;
  return hit;
}

/**
 * Fills `hit` for a circle that touches the target at t = 0: the point of the target nearest the
 * center (the core's nearest point moved toward the center by up to rb), which lies in both
 * shapes; the normal against the motion, as the generic sweep gives.
 */
function fillStart(hit: SweepHit): SweepHit {
  const cx = K[CX]!;
  const cy = K[CY]!;
  const ax = K[AX]!;
  const ay = K[AY]!;
  const dx = K[BX]! - ax;
  const dy = K[BY]! - ay;
  const l2 = dx * dx + dy * dy;
  let u = l2 > 0 ? ((cx - ax) * dx + (cy - ay) * dy) / l2 : 0;
  u = u > 0 ? (u < 1 ? u : 1) : 0;
  const qx = ax + u * dx;
  const qy = ay + u * dy;
  const wx = cx - qx;
  const wy = cy - qy;
  const d = Math.sqrt(wx * wx + wy * wy);
  const rb = K[RB]!;
  const k = d > rb ? rb / d : d > 0 ? 1 : 0;
  hit.t = 0;
  hit.position.x = cx;
  hit.position.y = cy;
  hit.point.x = qx + k * wx;
  hit.point.y = qy + k * wy;
  K[NX] = 0;
  K[NY] = 0;
  unitInto(NX, hit.normal);
  hit.initiallyOverlapping = true;
  return hit;
}

/** The start hit against the polyline's segment nearest the center (the circle touches it). */
function startOnPolyline(b: Polyline, out: SweepHit | undefined): SweepHit {
  const pts = b.points;
  const n = pts.length;
  const m = n === 1 ? 1 : b.closed ? n : n - 1;
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 0; i < m; i++) {
    loadCore(pts[i]!, n === 1 ? pts[i]! : pts[i + 1 === n ? 0 : i + 1]!);
    K[DX] = K[BX]! - K[AX]!;
    K[DY] = K[BY]! - K[AY]!;
    endDistance(CX, AX, DX);
    if (K[DSQ]! < bestD) {
      bestD = K[DSQ]!;
      best = i;
    }
  }
  loadCore(pts[best]!, n === 1 ? pts[best]! : pts[best + 1 === n ? 0 : best + 1]!);
  return fillStart(out ?? makeSweepHit());
}

/** Loads the circle and the motion into K (the caller sets the target's radius K[RB]). */
function load(a: Circle, motion: Vec): void {
  K[CX] = a.center.x;
  K[CY] = a.center.y;
  K[MX] = motion.x;
  K[MY] = motion.y;
  K[RA] = a.radius;
}

/** Loads the core segment p q into K. */
function loadCore(p: Vec, q: Vec): void {
  K[AX] = p.x;
  K[AY] = p.y;
  K[BX] = q.x;
  K[BY] = q.y;
}

/** The sweep of the circle in K against one core (a target of kind `kb`). */
function sweepCore(
  a: Circle,
  motion: Vec,
  kb: Kind,
  b: AnyShape,
  out: SweepHit | undefined,
): SweepHit | null {
  const path = classify();
  if (!(K[SC]! < BIG && K[SC]! > SMALL)) return sweepShapes("circle", a, motion, kb, b, out);
  if (start === HIT || (start === UNSURE && testKinds("circle", a, kb, b))) {
    return fillStart(out ?? makeSweepHit());
  }
  if (K[MX] === 0 && K[MY] === 0) return null;
  if (path === MISS || (path === UNSURE && !pathWithinExact())) return null;
  contactTime();
  if (!(K[T]! <= 1)) return sweepShapes("circle", a, motion, kb, b, out);
  return fill(out ?? makeSweepHit());
}

/** The first time of impact of a circle moving by `motion` against a static point, or null. */
export function sweepCirclePoint(a: Circle, motion: Vec, b: Vec, out?: SweepHit): SweepHit | null {
  load(a, motion);
  K[RB] = 0;
  loadCore(b, b);
  return sweepCore(a, motion, "point", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static segment, or null. */
export function sweepCircleSegment(
  a: Circle,
  motion: Vec,
  b: Segment,
  out?: SweepHit,
): SweepHit | null {
  load(a, motion);
  K[RB] = 0;
  loadCore(b.a, b.b);
  return sweepCore(a, motion, "segment", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static circle, or null. */
export function sweepCircleCircle(
  a: Circle,
  motion: Vec,
  b: Circle,
  out?: SweepHit,
): SweepHit | null {
  load(a, motion);
  K[RB] = b.radius;
  loadCore(b.center, b.center);
  return sweepCore(a, motion, "circle", b, out);
}

/** The first time of impact of a circle moving by `motion` against a static capsule, or null. */
export function sweepCircleCapsule(
  a: Circle,
  motion: Vec,
  b: Capsule,
  out?: SweepHit,
): SweepHit | null {
  load(a, motion);
  K[RB] = b.radius;
  loadCore(b.a, b.b);
  return sweepCore(a, motion, "capsule", b, out);
}

/**
 * The first time of impact of a circle moving by `motion` against a static polyline, or null:
 * the earliest over its segments, each culled first by the boxes of the path and the segment.
 */
export function sweepCirclePolyline(
  a: Circle,
  motion: Vec,
  b: Polyline,
  out?: SweepHit,
): SweepHit | null {
  const pts = b.points;
  const n = pts.length;
  const m = n === 1 ? 1 : b.closed ? n : n - 1;
  load(a, motion);
  K[RB] = 0;
  const cx = a.center.x;
  const cy = a.center.y;
  const mx = motion.x;
  const my = motion.y;
  // The path's box grown by the radius and a margin far above the rounding of these sums.
  const reach =
    a.radius +
    CLEAR * (Math.abs(cx) + Math.abs(cy) + Math.abs(mx) + Math.abs(my) + a.radius) +
    SMALL;
  const minX = Math.min(cx, cx + mx) - reach;
  const maxX = Math.max(cx, cx + mx) + reach;
  const minY = Math.min(cy, cy + my) - reach;
  const maxY = Math.max(cy, cy + my) + reach;
  // Whether the exact test at t = 0 has been run (and found the polyline apart).
  let startChecked = false;
  let found = false;
  let bt = 0;
  let bqx = 0;
  let bqy = 0;
  let bnx = 0;
  let bny = 0;
  for (let i = 0; i < m; i++) {
    const p = pts[i]!;
    const q = n === 1 ? p : pts[i + 1 === n ? 0 : i + 1]!;
    if (Math.max(p.x, q.x) < minX || Math.min(p.x, q.x) > maxX) continue;
    if (Math.max(p.y, q.y) < minY || Math.min(p.y, q.y) > maxY) continue;
    loadCore(p, q);
    const path = classify();
    if (!(K[SC]! < BIG && K[SC]! > SMALL))
      return sweepShapes("circle", a, motion, "polyline", b, out);
    if (start === HIT) return fillStart(out ?? makeSweepHit());
    if (start === UNSURE && !startChecked) {
      // The exact test on the whole polyline; when it touches, the nearest segment gives the point.
      if (testKinds("circle", a, "polyline", b)) return startOnPolyline(b, out);
      startChecked = true;
    }
    if (mx === 0 && my === 0) continue;
    if (path === MISS || (path === UNSURE && !pathWithinExact())) continue;
    contactTime();
    if (!(K[T]! <= 1)) return sweepShapes("circle", a, motion, "polyline", b, out);
    if (!found || K[T]! < bt) {
      found = true;
      bt = K[T]!;
      bqx = K[QX]!;
      bqy = K[QY]!;
      bnx = K[NX]!;
      bny = K[NY]!;
    }
  }
  if (!found) return null;
  K[T] = bt;
  K[QX] = bqx;
  K[QY] = bqy;
  K[NX] = bnx;
  K[NY] = bny;
  return fill(out ?? makeSweepHit());
}
