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
 *
 * No double crosses a call here as an argument or a return value: V8 boxes those into new heap
 * numbers whenever the callee is not inlined, which made 100 to 1000 bytes of garbage per sweep.
 * The inputs sit in CAST_IN (hot callers write it and call the `...In` functions), the working
 * problem and every intermediate in V.
 */

const LO = 2 ** -240;
const HI = 2 ** 240;
const BIG = 2 ** 900;
const MAX = Number.MAX_VALUE;

/** The inputs of a cast: o, d, [tmin, tmax], the core's points a (a circle's center) and b, r. */
export const CAST_IN: Float64Array = new Float64Array(11);
export const IN_OX = 0;
export const IN_OY = 1;
export const IN_DX = 2;
export const IN_DY = 3;
export const IN_TMIN = 4;
export const IN_TMAX = 5;
export const IN_AX = 6;
export const IN_AY = 7;
export const IN_BX = 8;
export const IN_BY = 9;
export const IN_R = 10;
const I = CAST_IN;

/*
 * The working state, in one typed array: V8 (Node 20) boxes every double written to a
 * module-level `let` into a new heap number, while a Float64Array slot is written in place.
 */
const V = new Float64Array(40);
/** The hit's t in working-frame units (when AT is 0), or the miss's t. */
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
/** Nearest point of a segment or polygon core (working frame), and its squared distance. */
const QX = 9;
const QY = 10;
const Q2 = 11;
/** Sum of |coordinate - origin| over the last polygon cast: a cheap range check of its data. */
const MAG = 12;
/** The working problem: direction, |d|^2, range, radius. */
const WDX = 13;
const WDY = 14;
const WDD = 15;
const WLO = 16;
const WHI = 17;
const WR = 18;
/** A disk's center (diskLine, circleCore). */
const CX = 19;
const CY = 20;
/** A capsule core's ends. */
const AX = 21;
const AY = 22;
const BX = 23;
const BY = 24;
/** The interval compared by `settle`. */
const EN = 25;
const EX = 26;
/** nearestOnSegment: the point and the segment. */
const PX = 27;
const PY = 28;
const G0X = 29;
const G0Y = 30;
const G1X = 31;
const G1Y = 32;
/** lineMissVertex: the vertex and cross(d, vertex). */
const VX = 33;
const VY = 34;
const VK = 35;
/** The origin subtracted from a polygon's points. */
const POX = 36;
const POY = 37;

// The cast's outcome in the working frame, read by `finish`.
let HIT = false;
let INSIDE = false;
/** -1: t is tmin, 1: t is tmax, 0: t is TW (working-frame units). */
let AT = 0;

/** A hit at V[TW] with the normal V[NX], V[NY]. */
function hitAt(): void {
  HIT = true;
  INSIDE = false;
  AT = 0;
}

function insideAt(): void {
  HIT = true;
  INSIDE = true;
  AT = -1;
}

/** A miss at V[TW]. */
function missAt(at: number): void {
  HIT = false;
  INSIDE = false;
  AT = at;
}

/** NX, NY = a d + b perp(d) with perp(d) = (-dy, dx) for a, b = NX, NY; scaled down first when huge. */
function combo(): void {
  let a = V[NX]!;
  let b = V[NY]!;
  const dx = V[WDX]!;
  const dy = V[WDY]!;
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

/** Compares the line's interval [EN, EX] in the shape with the range [WLO, WHI]. */
function settle(): number {
  if (V[EX]! < V[WLO]!) return SETTLE_LO;
  if (V[EN]! > V[WHI]!) return SETTLE_HI;
  if (V[EN]! < V[WLO]!) return SETTLE_INSIDE;
  return SETTLE_HIT;
}

/** A miss at the range end that `settle` named (code SETTLE_LO or SETTLE_HI). */
function missAtEnd(code: number): void {
  V[TW] = code === SETTLE_LO ? V[WLO]! : V[WHI]!;
  missAt(code === SETTLE_LO ? -1 : 1);
}

/** A miss at the parameter tc of closest approach, clamped to the range; whether it was clamped. */
function missNear(tc: number): boolean {
  if (tc < V[WLO]!) {
    V[TW] = V[WLO]!;
    missAt(-1);
    return true;
  }
  if (tc > V[WHI]!) {
    V[TW] = V[WHI]!;
    missAt(1);
    return true;
  }
  V[TW] = tc;
  missAt(0);
  return false;
}

/**
 * Whether the line t d meets the disk of radius WR at (CX, CY) (relative to the origin); sets D0,
 * D1, the entry normal, and DB = c.d, DK = cross(d, c) (also on a miss). `force` treats a
 * slightly negative discriminant as a touch (callers that already know the line is within r).
 */
function diskLine(force: boolean): boolean {
  const cx = V[CX]!;
  const cy = V[CY]!;
  const r = V[WR]!;
  const dx = V[WDX]!;
  const dy = V[WDY]!;
  const dd = V[WDD]!;
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

/** Circle (or point) at (CX, CY) relative to the origin. */
function circleCore(): void {
  const dd = V[WDD]!;
  if (diskLine(false)) {
    V[EN] = V[D0]!;
    V[EX] = V[D1]!;
    const code = settle();
    if (code === SETTLE_HIT) {
      V[TW] = V[D0]!;
      V[NX] = V[DNX]!;
      V[NY] = V[DNY]!;
      hitAt();
      return;
    }
    if (code === SETTLE_INSIDE) {
      insideAt();
      return;
    }
    missAtEnd(code);
  } else {
    missNear(V[DB]! / dd);
  }
  // The point minus the center is (t - tc) d - (k / dd) perp(d).
  V[NX] = V[TW]! - V[DB]! / dd;
  V[NY] = -V[DK]! / dd;
  combo();
}

/** NX, NY = t d - q for t = TW: from the point q = (QX, QY) of the shape toward the line's point. */
function awayFrom(): void {
  const t = V[TW]!;
  const dx = V[WDX]!;
  const dy = V[WDY]!;
  const px = t * dx;
  const py = t * dy;
  if (Math.abs(px) + Math.abs(py) < BIG) {
    V[NX] = px - V[QX]!;
    V[NY] = py - V[QY]!;
  } else {
    V[NX] = t > 0 ? dx : -dx;
    V[NY] = t > 0 ? dy : -dy;
  }
}

/** The point of segment G0 G1 nearest P into QX, QY, the squared distance into Q2. */
function nearestOnSegment(): void {
  const px = V[PX]!;
  const py = V[PY]!;
  const ax = V[G0X]!;
  const ay = V[G0Y]!;
  const bx = V[G1X]!;
  const by = V[G1Y]!;
  const ex = bx - ax;
  const ey = by - ay;
  const ee = ex * ex + ey * ey;
  let u = ee > 0 ? ((px - ax) * ex + (py - ay) * ey) / ee : 0;
  u = u > 0 ? (u < 1 ? u : 1) : 0;
  const qx = u === 1 ? bx : ax + u * ex;
  const qy = u === 1 ? by : ay + u * ey;
  V[QX] = qx;
  V[QY] = qy;
  const wx = px - qx;
  const wy = py - qy;
  V[Q2] = wx * wx + wy * wy;
}

/** Fills the miss data of the capsule core at the range end TW (already set by missAt). */
function capsuleMissNormal(): void {
  V[PX] = V[TW]! * V[WDX]!;
  V[PY] = V[TW]! * V[WDY]!;
  V[G0X] = V[AX]!;
  V[G0Y] = V[AY]!;
  V[G1X] = V[BX]!;
  V[G1Y] = V[BY]!;
  nearestOnSegment();
  awayFrom();
}

/**
 * Miss data when the whole line passes the core (or the floats say so): the vertex (VX, VY) with
 * VK = cross(d, vertex). Returns true when the miss is at a range end (normal still to fill).
 */
function lineMissVertex(): boolean {
  if (missNear((V[VX]! * V[WDX]! + V[VY]! * V[WDY]!) / V[WDD]!)) return true;
  // The foot of the vertex on the line minus the vertex is -(k / dd) perp(d).
  V[NX] = 0;
  V[NY] = -V[VK]!;
  combo();
  return false;
}

/** Capsule (or segment for WR = 0) with core (AX, AY) (BX, BY) relative to the origin. */
function capsuleCore(): void {
  const ax = V[AX]!;
  const ay = V[AY]!;
  const bx = V[BX]!;
  const by = V[BY]!;
  const ex = bx - ax;
  const ey = by - ay;
  const ee = ex * ex + ey * ey;
  if (ee === 0) {
    V[CX] = ax;
    V[CY] = ay;
    circleCore();
    return;
  }
  const r = V[WR]!;
  const dx = V[WDX]!;
  const dy = V[WDY]!;
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
      V[CX] = end ? ax : bx;
      V[CY] = end ? ay : by;
      meets = diskLine(false);
      en = V[D0]!;
      enNx = V[DNX]!;
      enNy = V[DNY]!;
    }
    const h1 = t1 * de - ae;
    ex1 = t1;
    if (meets && (h1 < 0 || h1 > ee)) {
      const end = h1 < 0;
      V[CX] = end ? ax : bx;
      V[CY] = end ? ay : by;
      meets = diskLine(false);
      ex1 = V[D1]!;
    }
  } else if (Math.abs(ca) <= l) {
    // Parallel within the slab: in through one end's disk, out through the other's.
    const first = de > 0;
    V[CX] = first ? bx : ax;
    V[CY] = first ? by : ay;
    diskLine(true);
    ex1 = V[D1]!;
    V[CX] = first ? ax : bx;
    V[CY] = first ? ay : by;
    diskLine(true);
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
    V[EN] = en;
    V[EX] = ex1;
    const code = settle();
    if (code === SETTLE_HIT) {
      V[TW] = en;
      V[NX] = enNx;
      V[NY] = enNy;
      hitAt();
      return;
    }
    if (code === SETTLE_INSIDE) {
      insideAt();
      return;
    }
    missAtEnd(code);
    capsuleMissNormal();
    return;
  }
  const kA = dx * ay - dy * ax;
  const kB = dx * by - dy * bx;
  const useA =
    Math.abs(kA) < Math.abs(kB) ||
    (Math.abs(kA) === Math.abs(kB) && ax * dx + ay * dy <= bx * dx + by * dy);
  V[VX] = useA ? ax : bx;
  V[VY] = useA ? ay : by;
  V[VK] = useA ? kA : kB;
  if (lineMissVertex()) capsuleMissNormal();
}

/** Miss data of a polygon core at the range end TW: from the nearest boundary point toward it. */
function polygonMissNormal(xy: Float64Array, n: number): void {
  const ox = V[POX]!;
  const oy = V[POY]!;
  V[PX] = V[TW]! * V[WDX]!;
  V[PY] = V[TW]! * V[WDY]!;
  let best = Number.POSITIVE_INFINITY;
  let bx = 0;
  let by = 0;
  V[G0X] = xy[2 * n - 2]! - ox;
  V[G0Y] = xy[2 * n - 1]! - oy;
  for (let i = 0; i < n; i++) {
    V[G1X] = xy[2 * i]! - ox;
    V[G1Y] = xy[2 * i + 1]! - oy;
    nearestOnSegment();
    if (V[Q2]! < best) {
      best = V[Q2]!;
      bx = V[QX]!;
      by = V[QY]!;
    }
    V[G0X] = V[G1X]!;
    V[G0Y] = V[G1Y]!;
  }
  V[QX] = bx;
  V[QY] = by;
  awayFrom();
}

/** Miss data when the line passes a polygon core: its vertex nearest the line. */
function polygonLineMiss(xy: Float64Array, n: number): void {
  const ox = V[POX]!;
  const oy = V[POY]!;
  const dx = V[WDX]!;
  const dy = V[WDY]!;
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
  V[VX] = vx;
  V[VY] = vy;
  V[VK] = dx * vy - dy * vx;
  if (lineMissVertex()) polygonMissNormal(xy, n);
}

/**
 * A proper polygon (winding s = ±1) grown by WR, vertices xy - (POX, POY). Sets MAG for the
 * caller's range check before anything else can go wrong.
 */
function polygonCore(xy: Float64Array, n: number, s: number): void {
  const ox = V[POX]!;
  const oy = V[POY]!;
  const r = V[WR]!;
  const dx = V[WDX]!;
  const dy = V[WDY]!;
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
    let fx = EDGES[2 * i]!;
    let fy = EDGES[2 * i + 1]!;
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
  if (parallelOut || !(en <= ex) || enI < 0 || exI < 0) {
    polygonLineMiss(xy, n);
    return;
  }
  let p = enI === 0 ? n - 1 : enI - 1;
  ax = xy[2 * p]! - ox;
  ay = xy[2 * p + 1]! - oy;
  let bx = xy[2 * enI]! - ox;
  let by = xy[2 * enI + 1]! - oy;
  let fx = EDGES[2 * enI]!;
  let fy = EDGES[2 * enI + 1]!;
  let enNx = s * fy;
  let enNy = -s * fx;
  if (r > 0) {
    // An entry beyond the edge's ends is in a corner's wedge: the corner's disk decides.
    let h = (en * dx - ax) * fx + (en * dy - ay) * fy;
    let ee = fx * fx + fy * fy;
    if (h < 0 || h > ee) {
      const end = h < 0;
      V[CX] = end ? ax : bx;
      V[CY] = end ? ay : by;
      if (!diskLine(false)) {
        polygonLineMiss(xy, n);
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
    fx = EDGES[2 * exI]!;
    fy = EDGES[2 * exI + 1]!;
    h = (ex * dx - ax) * fx + (ex * dy - ay) * fy;
    ee = fx * fx + fy * fy;
    if (h < 0 || h > ee) {
      const end = h < 0;
      V[CX] = end ? ax : bx;
      V[CY] = end ? ay : by;
      if (!diskLine(false)) {
        polygonLineMiss(xy, n);
        return;
      }
      ex = V[D1]!;
    }
  }
  V[EN] = en;
  V[EX] = ex;
  const code = settle();
  if (code === SETTLE_HIT) {
    V[TW] = en;
    V[NX] = enNx;
    V[NY] = enNy;
    hitAt();
    return;
  }
  if (code === SETTLE_INSIDE) {
    insideAt();
    return;
  }
  missAtEnd(code);
  polygonMissNormal(xy, n);
}

/** x * 2^k for an integer k, in steps that cannot overflow the factor (rare path: it boxes). */
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

/** The working problem is the input itself (relative to o): direction, range and radius. */
function workAsIs(): void {
  const dx = I[IN_DX]!;
  const dy = I[IN_DY]!;
  V[WDX] = dx;
  V[WDY] = dy;
  V[WDD] = dx * dx + dy * dy;
  V[WLO] = I[IN_TMIN]!;
  V[WHI] = I[IN_TMAX]!;
  V[WR] = I[IN_R]!;
}

// The rescaled problem's points (relative to o).
let S = new Float64Array(16);
/**
 * The polygon's edge vectors (vertex i minus vertex i - 1) in the working frame, taken from the
 * input's own coordinates: a difference of origin-relative points loses a short edge's direction
 * to each point's rounded offset (an edge of 1e-323 at 1.8e-30 from the origin came out vertical,
 * and its half-plane cut the cast at the wrong place).
 */
let EDGES = new Float64Array(16);

/** EDGES for the working frame `xy - o` as is. */
function edgesAsIs(xy: Float64Array, n: number): void {
  if (EDGES.length < 2 * n) EDGES = new Float64Array(2 * n);
  let px = xy[2 * n - 2]!;
  let py = xy[2 * n - 1]!;
  for (let i = 0; i < n; i++) {
    const x = xy[2 * i]!;
    const y = xy[2 * i + 1]!;
    EDGES[2 * i] = x - px;
    EDGES[2 * i + 1] = y - py;
    px = x;
    py = y;
  }
}

/**
 * Writes (xy - o) and r scaled by one power of two (largest about 1) into S and WR, d scaled by
 * another (largest component about 1) into WDX, WDY, and the range to match; returns e with
 * t = t' 2^e. The rare path (magnitudes outside [2^-240, 2^240]).
 */
function prepare(xy: Float64Array, n: number): number {
  const ox = I[IN_OX]!;
  const oy = I[IN_OY]!;
  const r = I[IN_R]!;
  const dx = I[IN_DX]!;
  const dy = I[IN_DY]!;
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
  if (EDGES.length < 2 * n) EDGES = new Float64Array(2 * n);
  for (let i = 0, j = 2 * n - 2; i < 2 * n; j = i, i += 2) {
    EDGES[i] = mul2(xy[i]! * pre - xy[j]! * pre, kw);
    EDGES[i + 1] = mul2(xy[i + 1]! * pre - xy[j + 1]! * pre, kw);
  }
  V[WR] = mul2(r * pre, kw);
  const md = Math.max(Math.abs(dx), Math.abs(dy));
  const kd = md > 0 ? -Math.floor(Math.log2(md)) : 0;
  const sdx = mul2(dx, kd);
  const sdy = mul2(dy, kd);
  V[WDX] = sdx;
  V[WDY] = sdy;
  V[WDD] = sdx * sdx + sdy * sdy;
  // p' = (p - o) pre 2^kw and d' = d 2^kd, so t' = t pre 2^(kw - kd).
  const e = kd - kw + (pre === 1 ? 0 : 2);
  V[WLO] = mul2(I[IN_TMIN]!, -e);
  V[WHI] = mul2(I[IN_TMAX]!, -e);
  return e;
}

/** Writes the working-frame result into `out` (t = TW 2^e) and returns whether it hit. */
function finish(e: number, out: ShapeHit): boolean {
  const ox = I[IN_OX]!;
  const oy = I[IN_OY]!;
  const dx = I[IN_DX]!;
  const dy = I[IN_DY]!;
  const tmin = I[IN_TMIN]!;
  const tmax = I[IN_TMAX]!;
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

/** Whether |d| (as |dx| + |dy|) is in the range where nothing needs rescaling. */
function directionInRange(): boolean {
  const gd = Math.abs(I[IN_DX]!) + Math.abs(I[IN_DY]!);
  return gd > LO && gd < HI;
}

/** `raycastCircle` on CAST_IN: the center is (IN_AX, IN_AY). */
export function castCircleIn(out: ShapeHit): boolean {
  const wx = I[IN_AX]! - I[IN_OX]!;
  const wy = I[IN_AY]! - I[IN_OY]!;
  const gw = Math.abs(wx) + Math.abs(wy) + I[IN_R]!;
  if (gw > LO && gw < HI && directionInRange()) {
    workAsIs();
    V[CX] = wx;
    V[CY] = wy;
    circleCore();
    return finish(0, out);
  }
  S1[0] = I[IN_AX]!;
  S1[1] = I[IN_AY]!;
  const e = prepare(S1, 1);
  V[CX] = S[0]!;
  V[CY] = S[1]!;
  circleCore();
  return finish(e, out);
}

/** `raycastCapsule` on CAST_IN. */
export function castCapsuleIn(out: ShapeHit): boolean {
  const pax = I[IN_AX]! - I[IN_OX]!;
  const pay = I[IN_AY]! - I[IN_OY]!;
  const pbx = I[IN_BX]! - I[IN_OX]!;
  const pby = I[IN_BY]! - I[IN_OY]!;
  const gw = Math.abs(pax) + Math.abs(pay) + Math.abs(pbx) + Math.abs(pby) + I[IN_R]!;
  if (gw > LO && gw < HI && directionInRange()) {
    workAsIs();
    V[AX] = pax;
    V[AY] = pay;
    V[BX] = pbx;
    V[BY] = pby;
    capsuleCore();
    return finish(0, out);
  }
  S1[0] = I[IN_AX]!;
  S1[1] = I[IN_AY]!;
  S1[2] = I[IN_BX]!;
  S1[3] = I[IN_BY]!;
  const e = prepare(S1, 2);
  V[AX] = S[0]!;
  V[AY] = S[1]!;
  V[BX] = S[2]!;
  V[BY] = S[3]!;
  capsuleCore();
  return finish(e, out);
}

/** Writes o, d and the range into CAST_IN. */
function setRay(ox: number, oy: number, dx: number, dy: number, tmin: number, tmax: number): void {
  I[IN_OX] = ox;
  I[IN_OY] = oy;
  I[IN_DX] = dx;
  I[IN_DY] = dy;
  I[IN_TMIN] = tmin;
  I[IN_TMAX] = tmax;
}

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
  setRay(ox, oy, dx, dy, tmin, tmax);
  I[IN_AX] = cx;
  I[IN_AY] = cy;
  I[IN_R] = r;
  return castCircleIn(out);
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
  setRay(ox, oy, dx, dy, tmin, tmax);
  I[IN_AX] = ax;
  I[IN_AY] = ay;
  I[IN_BX] = bx;
  I[IN_BY] = by;
  I[IN_R] = r;
  return castCapsuleIn(out);
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

/** Any convex point list grown by IN_R, cast on CAST_IN: a polygon, or its covering segment when flat. */
function castPointsIn(xy: Float64Array, n: number, out: ShapeHit): boolean {
  if (n <= 1) {
    I[IN_AX] = xy[0]!;
    I[IN_AY] = xy[1]!;
    return castCircleIn(out);
  }
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
    I[IN_AX] = xy[2 * lo]!;
    I[IN_AY] = xy[2 * lo + 1]!;
    I[IN_BX] = xy[2 * hi]!;
    I[IN_BY] = xy[2 * hi + 1]!;
    return castCapsuleIn(out);
  }
  if (directionInRange()) {
    workAsIs();
    V[POX] = I[IN_OX]!;
    V[POY] = I[IN_OY]!;
    edgesAsIs(xy, n);
    polygonCore(xy, n, s);
    if (V[MAG]! > LO && V[MAG]! < HI) return finish(0, out);
  }
  const e = prepare(xy, n);
  V[POX] = 0;
  V[POY] = 0;
  polygonCore(S, n, s);
  return finish(e, out);
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
  setRay(ox, oy, dx, dy, tmin, tmax);
  I[IN_R] = 0;
  return castPointsIn(xy, count, out);
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
  setRay(ox, oy, dx, dy, tmin, tmax);
  return castProxyIn(proxy, out);
}

/** `raycastProxy` with o, d and the range already in CAST_IN. */
export function castProxyIn(proxy: ConvexProxy, out: ShapeHit): boolean {
  const xy = proxy.xy;
  const n = proxy.count;
  I[IN_R] = proxy.radius;
  if (n === 2) {
    I[IN_AX] = xy[0]!;
    I[IN_AY] = xy[1]!;
    I[IN_BX] = xy[2]!;
    I[IN_BY] = xy[3]!;
    return castCapsuleIn(out);
  }
  return castPointsIn(xy, n, out);
}
