import { orient2d } from "../../exact/orient2d.ts";
import { normalize2 } from "../../math/vec2.ts";
import type { ShapeHit } from "../results.ts";
import type { ConvexProxy } from "./proxy.ts";

/*
 * Casting the linear shape o + t d, t in [tmin, tmax], against rounded convex shapes. Each cast
 * first finds the interval [en, ex] where the whole line o + t d meets the shape, then compares
 * it with the range: a hit at en, a start inside, or a miss filled with the nearest approach.
 * - Disks (circles, capsule ends, rounded corners): the closest-approach parameter b / |d|^2 and
 *   the half chord from r^2 |d|^2 - cross(d, c - o)^2 (Lagrange's identity), with the root that
 *   would cancel taken as (|c - o|^2 - r^2) / (b ± sqrt(disc)) (Numerical Recipes §5.6).
 * - Polygons: Cyrus-Beck clipping against the edge half-planes, winding found once (Cyrus and
 *   Beck, "Generalized two- and three-dimensional clipping", Computers & Graphics 1978). A radius
 *   pushes every edge out by r; an entry beyond an edge's ends lies in a corner's wedge, whose
 *   only way into the rounded shape is the corner's disk.
 * - Capsules and flat cores: the slab |cross(e, p - a)| <= r |e| cut by the band of the segment,
 *   and the end disks (Ericson, Real-Time Collision Detection, §5.3.7).
 * Hit-or-miss is decided by the callers' exact tests; this gives the numbers. Everything runs on
 * coordinates relative to o; when magnitudes leave [2^-240, 2^240] the problem is first rescaled
 * by powers of two (exact), so nothing overflows or underflows.
 */

const LO = 2 ** -240;
const HI = 2 ** 240;
const BIG = 2 ** 900;
const MAX = Number.MAX_VALUE;

/*
 * The scalar state shared by the functions below, in one typed array: V8 (Node 20) boxes every
 * double written to a module-level \`let\` into a new heap number (about 30 ns a write in a scratch
 * measurement), while a Float64Array slot is written in place.
 */
const V = new Float64Array(15);
/** The hit's t in working-frame units (when AT is 0). */
const TW = 0;
/** Unnormalised normal (or direction from the shape toward the point on a miss). */
const NX = 1;
const NY = 2;
/** The disk test: the line's interval [D0, D1] in the disk, c.d, cross(d, c), the entry normal. */
const D0 = 3;
const D1 = 4;
const DB = 5;
const DK = 6;
const DNX = 7;
const DNY = 8;
/** Nearest point of a segment or polygon core (working frame). */
const QX = 9;
const QY = 10;
/** Sum of |coordinate - origin| over the last polygon cast: a cheap range check of its data. */
const MAG = 11;
/** The rescaled radius and direction (the points are in S). */
const SR = 12;
const SDX = 13;
const SDY = 14;

// The cast's outcome in the working frame, read by `finish`.
let HIT = false;
let INSIDE = false;
/** -1: t is tmin, 1: t is tmax, 0: t is TW (working-frame units). */
let AT = 0;

function hitAt(t: number, nx: number, ny: number): void {
  HIT = true;
  INSIDE = false;
  AT = 0;
  V[TW] = t;
  V[NX] = nx;
  V[NY] = ny;
}

function insideAt(): void {
  HIT = true;
  INSIDE = true;
  AT = -1;
}

function missAt(t: number, at: number): void {
  HIT = false;
  INSIDE = false;
  AT = at;
  V[TW] = t;
}

/** NX, NY = a d + b perp(d) with perp(d) = (-dy, dx), scaled down first when a or b is huge. */
function combo(a: number, b: number, dx: number, dy: number): void {
  const m = Math.max(Math.abs(a), Math.abs(b));
  if (m > BIG) {
    a /= m;
    b /= m;
  }
  V[NX] = a * dx - b * dy;
  V[NY] = a * dy + b * dx;
}

const SETTLE_HIT = 0;
const SETTLE_INSIDE = 1;
const SETTLE_LO = 2;
const SETTLE_HI = 3;

/** Compares the line's interval [en, ex] in the shape with the range [lo, hi]. */
function settle(en: number, ex: number, lo: number, hi: number): number {
  if (ex < lo) return SETTLE_LO;
  if (en > hi) return SETTLE_HI;
  if (en < lo) return SETTLE_INSIDE;
  return SETTLE_HIT;
}

/**
 * Whether the line t d meets the disk of radius r at c (relative to the origin); sets D0, D1,
 * the entry normal, and DB = c.d, DK = cross(d, c) (also on a miss). `force` treats a slightly
 * negative discriminant as a touch (callers that already know the line is within r).
 */
function diskLine(
  cx: number,
  cy: number,
  r: number,
  dx: number,
  dy: number,
  dd: number,
  force: boolean,
): boolean {
  const b = cx * dx + cy * dy;
  const k = dx * cy - dy * cx;
  V[DB] = b;
  V[DK] = k;
  const rr = r * r;
  let disc = rr * dd - k * k;
  if (!(disc >= 0)) {
    if (!force) return false;
    disc = 0;
  }
  const root = Math.sqrt(disc);
  const omega = cx * cx + cy * cy - rr;
  V[D0] = b > 0 ? omega / (b + root) : (b - root) / dd;
  V[D1] = b < 0 ? omega / (b - root) : (b + root) / dd;
  // c = (b d + k perp(d)) / dd, so the entry point minus c is -(root d + k perp(d)) / dd.
  V[DNX] = -root * dx + k * dy;
  V[DNY] = -root * dy - k * dx;
  return true;
}

/** Circle (or point) at c relative to the origin. */
function circleCore(
  cx: number,
  cy: number,
  r: number,
  dx: number,
  dy: number,
  lo: number,
  hi: number,
): void {
  const dd = dx * dx + dy * dy;
  if (diskLine(cx, cy, r, dx, dy, dd, false)) {
    const code = settle(V[D0]!, V[D1]!, lo, hi);
    if (code === SETTLE_HIT) {
      hitAt(V[D0]!, V[DNX]!, V[DNY]!);
      return;
    }
    if (code === SETTLE_INSIDE) {
      insideAt();
      return;
    }
    const t = code === SETTLE_LO ? lo : hi;
    missAt(t, code === SETTLE_LO ? -1 : 1);
  } else {
    const tc = V[DB]! / dd;
    if (tc < lo) missAt(lo, -1);
    else if (tc > hi) missAt(hi, 1);
    else missAt(tc, 0);
  }
  // The point minus the center is (t - tc) d - (k / dd) perp(d).
  const t = AT < 0 ? lo : AT > 0 ? hi : V[TW]!;
  combo(t - V[DB]! / dd, -V[DK]! / dd, dx, dy);
}

/** NX, NY = t d - q: from the point q of the shape toward the point t d of the line. */
function awayFrom(t: number, qx: number, qy: number, dx: number, dy: number): void {
  const px = t * dx;
  const py = t * dy;
  if (Math.abs(px) + Math.abs(py) < BIG) {
    V[NX] = px - qx;
    V[NY] = py - qy;
  } else {
    V[NX] = t > 0 ? dx : -dx;
    V[NY] = t > 0 ? dy : -dy;
  }
}

/** The point of segment ab nearest p into QX, QY; returns the squared distance. */
function nearestOnSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const ex = bx - ax;
  const ey = by - ay;
  const ee = ex * ex + ey * ey;
  let u = ee > 0 ? ((px - ax) * ex + (py - ay) * ey) / ee : 0;
  u = u > 0 ? (u < 1 ? u : 1) : 0;
  V[QX] = u === 1 ? bx : ax + u * ex;
  V[QY] = u === 1 ? by : ay + u * ey;
  const wx = px - V[QX]!;
  const wy = py - V[QY]!;
  return wx * wx + wy * wy;
}

/** Fills the miss data of a capsule core at the range end `t` (already set by missAt). */
function capsuleMissNormal(
  t: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  dx: number,
  dy: number,
): void {
  nearestOnSegment(t * dx, t * dy, ax, ay, bx, by);
  awayFrom(t, V[QX]!, V[QY]!, dx, dy);
}

/** Miss data when the whole line passes the core (or the floats say so): nearest vertex. */
function lineMissVertex(
  vx: number,
  vy: number,
  k: number,
  dx: number,
  dy: number,
  dd: number,
  lo: number,
  hi: number,
): boolean {
  const tc = (vx * dx + vy * dy) / dd;
  if (tc < lo) missAt(lo, -1);
  else if (tc > hi) missAt(hi, 1);
  else {
    missAt(tc, 0);
    // The foot of the vertex on the line minus the vertex is -(k / dd) perp(d).
    combo(0, -k, dx, dy);
    return false;
  }
  return true;
}

/** Capsule (or segment for r = 0) with core ab relative to the origin. */
function capsuleCore(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  dx: number,
  dy: number,
  lo: number,
  hi: number,
): void {
  const ex = bx - ax;
  const ey = by - ay;
  const ee = ex * ex + ey * ey;
  if (ee === 0) {
    circleCore(ax, ay, r, dx, dy, lo, hi);
    return;
  }
  const dd = dx * dx + dy * dy;
  const g = ex * dy - ey * dx; // cross(e, d)
  const ca = ex * ay - ey * ax; // cross(e, a); along the line cross(e, p - a) = t g - ca
  const l = r === 0 ? 0 : r * Math.sqrt(ee);
  const de = dx * ex + dy * ey;
  let en: number;
  let ex1: number;
  let enNx: number;
  let enNy: number;
  let meets = true;
  if (g !== 0) {
    const ta = (ca - l) / g;
    const tb = (ca + l) / g;
    const t0 = ta < tb ? ta : tb;
    const t1 = ta < tb ? tb : ta;
    const ae = ax * ex + ay * ey;
    const h0 = t0 * de - ae;
    // The side facing the line: -sign(g) perp(e).
    en = t0;
    enNx = g > 0 ? ey : -ey;
    enNy = g > 0 ? -ex : ex;
    if (h0 < 0 || h0 > ee) {
      const end = h0 < 0;
      meets = diskLine(end ? ax : bx, end ? ay : by, r, dx, dy, dd, false);
      en = V[D0]!;
      enNx = V[DNX]!;
      enNy = V[DNY]!;
    }
    const h1 = t1 * de - ae;
    ex1 = t1;
    if (meets && (h1 < 0 || h1 > ee)) {
      const end = h1 < 0;
      meets = diskLine(end ? ax : bx, end ? ay : by, r, dx, dy, dd, false);
      ex1 = V[D1]!;
    }
  } else if (Math.abs(ca) <= l) {
    // Parallel within the slab: in through one end's disk, out through the other's.
    const first = de > 0;
    diskLine(first ? bx : ax, first ? by : ay, r, dx, dy, dd, true);
    ex1 = V[D1]!;
    diskLine(first ? ax : bx, first ? ay : by, r, dx, dy, dd, true);
    en = V[D0]!;
    enNx = V[DNX]!;
    enNy = V[DNY]!;
  } else {
    meets = false;
    en = 0;
    ex1 = 0;
    enNx = 0;
    enNy = 0;
  }
  if (meets && en <= ex1) {
    const code = settle(en, ex1, lo, hi);
    if (code === SETTLE_HIT) {
      hitAt(en, enNx, enNy);
      return;
    }
    if (code === SETTLE_INSIDE) {
      insideAt();
      return;
    }
    const t = code === SETTLE_LO ? lo : hi;
    missAt(t, code === SETTLE_LO ? -1 : 1);
    capsuleMissNormal(t, ax, ay, bx, by, dx, dy);
    return;
  }
  const kA = dx * ay - dy * ax;
  const kB = dx * by - dy * bx;
  const useA =
    Math.abs(kA) < Math.abs(kB) ||
    (Math.abs(kA) === Math.abs(kB) && ax * dx + ay * dy <= bx * dx + by * dy);
  if (lineMissVertex(useA ? ax : bx, useA ? ay : by, useA ? kA : kB, dx, dy, dd, lo, hi)) {
    capsuleMissNormal(AT < 0 ? lo : hi, ax, ay, bx, by, dx, dy);
  }
}

/** Miss data of a polygon core at a range end: from the nearest boundary point toward it. */
function polygonMissNormal(
  t: number,
  xy: Float64Array,
  n: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
): void {
  const px = t * dx;
  const py = t * dy;
  let best = Number.POSITIVE_INFINITY;
  let bx = 0;
  let by = 0;
  let ax = xy[2 * n - 2]! - ox;
  let ay = xy[2 * n - 1]! - oy;
  for (let i = 0; i < n; i++) {
    const cx = xy[2 * i]! - ox;
    const cy = xy[2 * i + 1]! - oy;
    const d2 = nearestOnSegment(px, py, ax, ay, cx, cy);
    if (d2 < best) {
      best = d2;
      bx = V[QX]!;
      by = V[QY]!;
    }
    ax = cx;
    ay = cy;
  }
  awayFrom(t, bx, by, dx, dy);
}

/** Miss data when the line passes a polygon core: its vertex nearest the line. */
function polygonLineMiss(
  xy: Float64Array,
  n: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  dd: number,
  lo: number,
  hi: number,
): void {
  let best = 0;
  let bestK = Number.POSITIVE_INFINITY;
  let bestT = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const vx = xy[2 * i]! - ox;
    const vy = xy[2 * i + 1]! - oy;
    const k = Math.abs(dx * vy - dy * vx);
    const s = vx * dx + vy * dy;
    if (k < bestK || (k === bestK && s < bestT)) {
      bestK = k;
      bestT = s;
      best = i;
    }
  }
  const vx = xy[2 * best]! - ox;
  const vy = xy[2 * best + 1]! - oy;
  if (lineMissVertex(vx, vy, dx * vy - dy * vx, dx, dy, dd, lo, hi)) {
    polygonMissNormal(AT < 0 ? lo : hi, xy, n, ox, oy, dx, dy);
  }
}

/**
 * A proper polygon (winding s = ±1) grown by r, vertices xy - o. Sets MAG for the caller's range
 * check before anything else can go wrong.
 */
function polygonCore(
  xy: Float64Array,
  n: number,
  ox: number,
  oy: number,
  s: number,
  r: number,
  dx: number,
  dy: number,
  lo: number,
  hi: number,
): void {
  let en = Number.NEGATIVE_INFINITY;
  let ex = Number.POSITIVE_INFINITY;
  let enI = -1;
  let exI = -1;
  let ax = xy[2 * n - 2]! - ox;
  let ay = xy[2 * n - 1]! - oy;
  let mag = r;
  let parallelOut = false;
  // Edge i runs from vertex i - 1 to vertex i; inside is s cross(f, p - a) >= -r |f|, which along
  // the line is t g >= c.
  for (let i = 0; i < n; i++) {
    const bx = xy[2 * i]! - ox;
    const by = xy[2 * i + 1]! - oy;
    mag += Math.abs(bx) + Math.abs(by);
    let fx = bx - ax;
    let fy = by - ay;
    if (fx !== 0 || fy !== 0) {
      // An edge far shorter than the rest is brought near unit length (t = c / g ignores its
      // scale): its products with d and a would lose their digits below the normal range.
      const fm = Math.abs(fx) + Math.abs(fy);
      if (fm < 4.9e-91) {
        const k = 2 ** Math.min(1000, -Math.floor(Math.log2(fm)));
        fx *= k;
        fy *= k;
      }
      const g = s * (fx * dy - fy * dx);
      let c = s * (fx * ay - fy * ax);
      if (r > 0) c -= r * Math.sqrt(fx * fx + fy * fy);
      if (g > 0) {
        const t = c / g;
        if (t > en) {
          en = t;
          enI = i;
        }
      } else if (g < 0) {
        const t = c / g;
        if (t < ex) {
          ex = t;
          exI = i;
        }
      } else if (c > 0) parallelOut = true;
    }
    ax = bx;
    ay = by;
  }
  V[MAG] = mag;
  const dd = dx * dx + dy * dy;
  if (parallelOut || !(en <= ex) || enI < 0 || exI < 0) {
    polygonLineMiss(xy, n, ox, oy, dx, dy, dd, lo, hi);
    return;
  }
  let p = enI === 0 ? n - 1 : enI - 1;
  ax = xy[2 * p]! - ox;
  ay = xy[2 * p + 1]! - oy;
  let bx = xy[2 * enI]! - ox;
  let by = xy[2 * enI + 1]! - oy;
  let enNx = s * (by - ay);
  let enNy = -s * (bx - ax);
  if (r > 0) {
    // An entry beyond the edge's ends is in a corner's wedge: the corner's disk decides.
    let h = (en * dx - ax) * (bx - ax) + (en * dy - ay) * (by - ay);
    let ee = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
    if (h < 0 || h > ee) {
      const end = h < 0;
      if (!diskLine(end ? ax : bx, end ? ay : by, r, dx, dy, dd, false)) {
        polygonLineMiss(xy, n, ox, oy, dx, dy, dd, lo, hi);
        return;
      }
      en = V[D0]!;
      enNx = V[DNX]!;
      enNy = V[DNY]!;
    }
    p = exI === 0 ? n - 1 : exI - 1;
    ax = xy[2 * p]! - ox;
    ay = xy[2 * p + 1]! - oy;
    bx = xy[2 * exI]! - ox;
    by = xy[2 * exI + 1]! - oy;
    h = (ex * dx - ax) * (bx - ax) + (ex * dy - ay) * (by - ay);
    ee = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
    if (h < 0 || h > ee) {
      const end = h < 0;
      if (!diskLine(end ? ax : bx, end ? ay : by, r, dx, dy, dd, false)) {
        polygonLineMiss(xy, n, ox, oy, dx, dy, dd, lo, hi);
        return;
      }
      ex = V[D1]!;
    }
  }
  const code = settle(en, ex, lo, hi);
  if (code === SETTLE_HIT) {
    hitAt(en, enNx, enNy);
    return;
  }
  if (code === SETTLE_INSIDE) {
    insideAt();
    return;
  }
  const t = code === SETTLE_LO ? lo : hi;
  missAt(t, code === SETTLE_LO ? -1 : 1);
  polygonMissNormal(t, xy, n, ox, oy, dx, dy);
}

/** x * 2^k for an integer k, in steps that cannot overflow the factor. */
function mul2(x: number, k: number): number {
  while (k > 1000) {
    x *= 2 ** 1000;
    k -= 1000;
  }
  while (k < -1000) {
    x *= 2 ** -1000;
    k += 1000;
  }
  return x * 2 ** k;
}

// The rescaled problem: points (relative to o), radius and direction.
let S = new Float64Array(16);

/**
 * Writes (xy - o) and r scaled by one power of two (largest about 1), and d scaled by another
 * (largest component about 1), into S, SR, SDX, SDY; returns e with t = t' 2^e.
 */
function prepare(
  xy: Float64Array,
  n: number,
  ox: number,
  oy: number,
  r: number,
  dx: number,
  dy: number,
): number {
  if (S.length < 2 * n) S = new Float64Array(2 * n);
  let pre = 1;
  let m = r;
  for (let i = 0; i < n; i++) {
    m = Math.max(m, Math.abs(xy[2 * i]! - ox), Math.abs(xy[2 * i + 1]! - oy));
  }
  if (!(m < Number.POSITIVE_INFINITY)) {
    // Differences of huge coordinates overflow: take them of quarters (exact at that size).
    pre = 0.25;
    m = r * pre;
    for (let i = 0; i < n; i++) {
      m = Math.max(
        m,
        Math.abs(xy[2 * i]! * pre - ox * pre),
        Math.abs(xy[2 * i + 1]! * pre - oy * pre),
      );
    }
  }
  const kw = m > 0 ? -Math.floor(Math.log2(m)) : 0;
  for (let i = 0; i < 2 * n; i += 2) {
    S[i] = mul2(xy[i]! * pre - ox * pre, kw);
    S[i + 1] = mul2(xy[i + 1]! * pre - oy * pre, kw);
  }
  V[SR] = mul2(r * pre, kw);
  const md = Math.max(Math.abs(dx), Math.abs(dy));
  const kd = md > 0 ? -Math.floor(Math.log2(md)) : 0;
  V[SDX] = mul2(dx, kd);
  V[SDY] = mul2(dy, kd);
  // p' = (p - o) pre 2^kw and d' = d 2^kd, so t' = t pre 2^(kw - kd).
  return kd - kw + (pre === 1 ? 0 : 2);
}

/** Writes the working-frame result into `out` (t = TW 2^e) and returns whether it hit. */
function finish(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  e: number,
  out: ShapeHit,
): boolean {
  let t: number;
  if (AT < 0) t = tmin;
  else if (AT > 0) t = tmax;
  else {
    t = e === 0 ? V[TW]! : mul2(V[TW]!, e);
    if (t < tmin) t = tmin;
    else if (t > tmax) t = tmax;
    if (!(t >= -MAX && t <= MAX)) {
      t = t > 0 ? MAX : t < 0 ? -MAX : tmin > -MAX ? tmin : tmax < MAX ? tmax : 0;
    }
  }
  out.t = t;
  let x = t === 0 ? ox : ox + t * dx;
  let y = t === 0 ? oy : oy + t * dy;
  if (!(x >= -MAX && x <= MAX)) x = x > 0 ? MAX : x < 0 ? -MAX : ox;
  if (!(y >= -MAX && y <= MAX)) y = y > 0 ? MAX : y < 0 ? -MAX : oy;
  out.point.x = x;
  out.point.y = y;
  out.inside = INSIDE;
  const nx = V[NX]!;
  const ny = V[NY]!;
  const n = out.normal;
  if (INSIDE || !(nx - nx === 0 && ny - ny === 0) || !normalize2(nx, ny, n)) {
    if (!normalize2(-dx, -dy, n)) {
      n.x = 1;
      n.y = 0;
    }
  }
  return HIT;
}

const S1 = new Float64Array(4);

/**
 * Casts o + t d, t in [tmin, tmax], against the disk of radius r at c (r = 0: a point). Returns
 * whether the floats say it hits; `out` is filled either way (see `raycastProxy`).
 */
export function raycastCircle(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  cx: number,
  cy: number,
  r: number,
  out: ShapeHit,
): boolean {
  const wx = cx - ox;
  const wy = cy - oy;
  const gw = Math.abs(wx) + Math.abs(wy) + r;
  const gd = Math.abs(dx) + Math.abs(dy);
  if (gw > LO && gw < HI && gd > LO && gd < HI) {
    circleCore(wx, wy, r, dx, dy, tmin, tmax);
    return finish(ox, oy, dx, dy, tmin, tmax, 0, out);
  }
  S1[0] = cx;
  S1[1] = cy;
  const e = prepare(S1, 1, ox, oy, r, dx, dy);
  circleCore(S[0]!, S[1]!, V[SR]!, V[SDX]!, V[SDY]!, mul2(tmin, -e), mul2(tmax, -e));
  return finish(ox, oy, dx, dy, tmin, tmax, e, out);
}

/**
 * Casts o + t d, t in [tmin, tmax], against the capsule with core ab and radius r (r = 0: the
 * segment ab). Returns whether the floats say it hits; `out` is filled either way.
 */
export function raycastCapsule(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  out: ShapeHit,
): boolean {
  const pax = ax - ox;
  const pay = ay - oy;
  const pbx = bx - ox;
  const pby = by - oy;
  const gw = Math.abs(pax) + Math.abs(pay) + Math.abs(pbx) + Math.abs(pby) + r;
  const gd = Math.abs(dx) + Math.abs(dy);
  if (gw > LO && gw < HI && gd > LO && gd < HI) {
    capsuleCore(pax, pay, pbx, pby, r, dx, dy, tmin, tmax);
    return finish(ox, oy, dx, dy, tmin, tmax, 0, out);
  }
  S1[0] = ax;
  S1[1] = ay;
  S1[2] = bx;
  S1[3] = by;
  const e = prepare(S1, 2, ox, oy, r, dx, dy);
  capsuleCore(S[0]!, S[1]!, S[2]!, S[3]!, V[SR]!, V[SDX]!, V[SDY]!, mul2(tmin, -e), mul2(tmax, -e));
  return finish(ox, oy, dx, dy, tmin, tmax, e, out);
}

/** Exact winding of a convex point list: 1 counter-clockwise, -1 clockwise, 0 flat. */
function windingOfPoints(xy: Float64Array, n: number): number {
  const x0 = xy[0]!;
  const y0 = xy[1]!;
  for (let i = 1; i + 1 < n; i++) {
    const o = orient2d(x0, y0, xy[2 * i]!, xy[2 * i + 1]!, xy[2 * i + 2]!, xy[2 * i + 3]!);
    if (o !== 0) return o;
  }
  return 0;
}

/** Any convex point list grown by r: a polygon, or its covering segment when flat. */
function castPoints(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  xy: Float64Array,
  n: number,
  r: number,
  out: ShapeHit,
): boolean {
  if (n <= 1) return raycastCircle(ox, oy, dx, dy, tmin, tmax, xy[0]!, xy[1]!, r, out);
  const s = n === 2 ? 0 : windingOfPoints(xy, n);
  if (s === 0) {
    // Collinear points: their lexicographic extremes are the ends of the segment they cover.
    let lo = 0;
    let hi = 0;
    for (let i = 1; i < n; i++) {
      const x = xy[2 * i]!;
      const y = xy[2 * i + 1]!;
      const lx = xy[2 * lo]!;
      const hx = xy[2 * hi]!;
      if (x < lx || (x === lx && y < xy[2 * lo + 1]!)) lo = i;
      if (x > hx || (x === hx && y > xy[2 * hi + 1]!)) hi = i;
    }
    return raycastCapsule(
      ox,
      oy,
      dx,
      dy,
      tmin,
      tmax,
      xy[2 * lo]!,
      xy[2 * lo + 1]!,
      xy[2 * hi]!,
      xy[2 * hi + 1]!,
      r,
      out,
    );
  }
  const gd = Math.abs(dx) + Math.abs(dy);
  if (gd > LO && gd < HI) {
    polygonCore(xy, n, ox, oy, s, r, dx, dy, tmin, tmax);
    if (V[MAG]! > LO && V[MAG]! < HI) return finish(ox, oy, dx, dy, tmin, tmax, 0, out);
  }
  const e = prepare(xy, n, ox, oy, r, dx, dy);
  polygonCore(S, n, 0, 0, s, V[SR]!, V[SDX]!, V[SDY]!, mul2(tmin, -e), mul2(tmax, -e));
  return finish(ox, oy, dx, dy, tmin, tmax, e, out);
}

/**
 * Casts o + t d, t in [tmin, tmax], against the convex polygon whose `count` points are stored
 * x0, y0, x1, y1, ... in `xy` (either winding; repeated, collinear or all collinear points
 * allowed). Returns whether the floats say it hits; `out` is filled either way.
 */
export function raycastPolygon(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  xy: Float64Array,
  count: number,
  out: ShapeHit,
): boolean {
  return castPoints(ox, oy, dx, dy, tmin, tmax, xy, count, 0, out);
}

/**
 * Casts the linear shape o + t d, t in [tmin, tmax] (tmin may be -inf for a line, tmax +inf for
 * rays and lines; d non-zero, not necessarily unit), against a rounded convex proxy.
 *
 * On a hit (in floats) returns true and fills `out` with the smallest t in range where the point
 * is in the shape, that point, and the unit outward normal there (facing back against d for a
 * point or flat core); when tmin is finite and o + tmin d is already inside, t = tmin,
 * `inside` = true and the normal is -d. On a miss returns false and fills `out` with the t in
 * range of closest approach, that point, and the unit direction from the shape's nearest point
 * toward it, so callers whose exact test says "touch" still get good data. Every field is finite.
 */
export function raycastProxy(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  tmin: number,
  tmax: number,
  proxy: ConvexProxy,
  out: ShapeHit,
): boolean {
  const xy = proxy.xy;
  const n = proxy.count;
  const r = proxy.radius;
  if (n === 2) {
    return raycastCapsule(ox, oy, dx, dy, tmin, tmax, xy[0]!, xy[1]!, xy[2]!, xy[3]!, r, out);
  }
  return castPoints(ox, oy, dx, dy, tmin, tmax, xy, n, r, out);
}
