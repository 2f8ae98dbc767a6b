/**
 * Exact reference for 2D sweeps: a bounded convex mover translated by t * motion, t in [0, 1],
 * against any static 2D shape. Written from the shape definitions alone: nothing from src/ is
 * imported (a box's corners are recomputed here with the library's documented float formula,
 * so they are the same doubles, and then taken as exact).
 *
 * Result: "never" (no contact for any t in [0, 1]), "initially" (they share a point at t = 0),
 * or a bracket lo < t* <= hi of the exact first time of contact t*, with hi - lo <= 2^-72
 * (hi = lo = t* when t* is found to be rational and isolated). Every decision is exact; the only
 * approximation is the width of the bracket.
 *
 * Method. Every input double (both shapes, the motion, the radii, box corners) goes onto one
 * integer grid (`onGrid`). Each shape is the convex hull of grid points grown by a radius, or a
 * union of those (a polyline's segments); a line or ray is first cut to a segment beyond which it
 * is provably farther than the sum of radii R from anywhere the mover can be. For two hulls HA
 * (moving) and HB, with R = rA + rB:
 * - t* = 0 iff dist(HA, HB) <= R (edges crossing, a corner inside the other hull, or a
 *   corner-to-edge distance <= R, all exact);
 * - otherwise t* is the minimum over the feature pairs (corner p of HA, edge cd of HB) and
 *   (corner q of HB, edge of HA) of the first t at which the moving point p + t m (resp. the
 *   point q - t m against the static edge of HA) comes within R of the segment: at the first
 *   contact of two disjoint convex sets their distance is realised by a corner and an edge.
 * For one feature, g(t) = dist(P(t), cd)^2 - R^2 has {t : g(t) <= 0} = an interval I (distance
 * to a convex set along a line is convex). Whether I meets [0, 1] is exact: it is the distance
 * of the segments [p, p + m] and [c, d] (a rational) against R, and the closest pair gives a
 * rational t_in in I. The first point t1 of I is one of a few closed forms (the smaller root
 * for each end disk, the two offset lines of the edge, the ends of the edge's slab), each of
 * the form (alpha + beta sqrt(gamma)) / delta with integers, bracketed by an integer square
 * root. A bracket lo < t1 <= hi is certified by two exact evaluations: g(lo) > 0 and g(hi) <= 0
 * with lo < hi imply t1 in (lo, hi] because I is an interval. Start from lo = 0, hi = t_in,
 * shrink with the candidates' bracket ends, and bisect if the candidates did not get there.
 */
import {
  add,
  bitLength,
  cmp,
  div,
  fromDouble,
  isqrt,
  mul,
  ONE,
  onGrid,
  pow2,
  type Rational,
  rat,
  sqrtApprox,
  sub,
  toDouble,
  ZERO,
} from "./bigrational.ts";

// ---------------------------------------------------------------------------------------------
// Input shapes (structural: the library's tagged shapes fit these types)

export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

export type SweepShape =
  | { readonly kind: "point"; readonly x: number; readonly y: number }
  | { readonly kind: "line"; readonly point: Vec2; readonly dir: Vec2 }
  | { readonly kind: "ray"; readonly origin: Vec2; readonly dir: Vec2 }
  | { readonly kind: "segment"; readonly a: Vec2; readonly b: Vec2 }
  | { readonly kind: "circle"; readonly center: Vec2; readonly radius: number }
  | { readonly kind: "capsule"; readonly a: Vec2; readonly b: Vec2; readonly radius: number }
  | { readonly kind: "aabb"; readonly min: Vec2; readonly max: Vec2 }
  | {
      readonly kind: "box";
      readonly center: Vec2;
      readonly halfExtents: Vec2;
      readonly angle: number;
    }
  | { readonly kind: "triangle"; readonly a: Vec2; readonly b: Vec2; readonly c: Vec2 }
  | { readonly kind: "polygon"; readonly points: readonly Vec2[] }
  | { readonly kind: "polyline"; readonly points: readonly Vec2[]; readonly closed: boolean };

/** The exact answer for one sweep. */
export interface SweepRef {
  /** They touch for some t in [0, 1]. */
  hit: boolean;
  /** They touch at t = 0 (then lo = hi = 0). */
  initially: boolean;
  /** lo < t* <= hi, or lo = hi = t* (hit only; both 0 when initially, 1 when never). */
  lo: Rational;
  hi: Rational;
  /**
   * When never: the smallest distance between the shapes over t in [0, 1] (approximate, a
   * relative 2^-50 or so; a line or ray counts only its part within reach). Else 0.
   */
  gap: number;
}

/**
 * The box's corners by the same float formula as the library's box-corners.ts (documented in
 * ARCHITECTURE.md: "every exact query on a box is exact for the quadrilateral with these
 * computed corners"): cos and sin once, then center -+ c hx -+ (-s hy) etc., in that order.
 */
export function boxCornersRef(b: {
  center: Vec2;
  halfExtents: Vec2;
  angle: number;
}): [number, number][] {
  const c = Math.cos(b.angle);
  const s = Math.sin(b.angle);
  const hx = b.halfExtents.x;
  const hy = b.halfExtents.y;
  const ax = c * hx;
  const ay = s * hx;
  const bx = -s * hy;
  const by = c * hy;
  const cx = b.center.x;
  const cy = b.center.y;
  return [
    [cx - ax - bx, cy - ay - by],
    [cx + ax - bx, cy + ay - by],
    [cx + ax + bx, cy + ay + by],
    [cx - ax + bx, cy - ay + by],
  ];
}

// ---------------------------------------------------------------------------------------------
// Integer geometry

interface P {
  x: bigint;
  y: bigint;
}

const orient = (a: P, b: P, c: P): bigint => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
const sgn = (v: bigint): number => (v > 0n ? 1 : v < 0n ? -1 : 0);
const babs = (v: bigint): bigint => (v < 0n ? -v : v);
const same = (a: P, b: P): boolean => a.x === b.x && a.y === b.y;
const lexLess = (a: P, b: P): boolean => a.x < b.x || (a.x === b.x && a.y < b.y);

/** c in the closed axis box of a and b. */
const inBox = (a: P, b: P, c: P): boolean =>
  (a.x <= b.x ? a.x <= c.x && c.x <= b.x : b.x <= c.x && c.x <= a.x) &&
  (a.y <= b.y ? a.y <= c.y && c.y <= b.y : b.y <= c.y && c.y <= a.y);

/** Closed segments ab and cd share a point (orientation signs, collinear ends by box). */
function segmentsMeet(a: P, b: P, c: P, d: P): boolean {
  const o1 = sgn(orient(a, b, c));
  const o2 = sgn(orient(a, b, d));
  const o3 = sgn(orient(c, d, a));
  const o4 = sgn(orient(c, d, b));
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (
    (o1 === 0 && inBox(a, b, c)) ||
    (o2 === 0 && inBox(a, b, d)) ||
    (o3 === 0 && inBox(c, d, a)) ||
    (o4 === 0 && inBox(c, d, b))
  );
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, no repeated or collinear points. */
function hull(points: readonly P[]): P[] {
  const sorted = [...points].sort((p, q) => (lexLess(p, q) ? -1 : lexLess(q, p) ? 1 : 0));
  const u: P[] = [];
  for (const p of sorted) if (u.length === 0 || !same(u[u.length - 1]!, p)) u.push(p);
  if (u.length <= 2) return u;
  const chain = (pts: P[]): P[] => {
    const out: P[] = [];
    for (const p of pts) {
      while (out.length >= 2 && orient(out[out.length - 2]!, out[out.length - 1]!, p) <= 0n)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  const h = chain(u).concat(chain([...u].reverse()));
  return h.length === 0 ? [u[0]!] : h;
}

/** The hull's edges: one degenerate edge for a point, one edge for a segment. */
function edgesOf(h: readonly P[]): [P, P][] {
  if (h.length === 1) return [[h[0]!, h[0]!]];
  if (h.length === 2) return [[h[0]!, h[1]!]];
  return h.map((p, i) => [p, h[(i + 1) % h.length]!]);
}

function inHull(h: readonly P[], p: P): boolean {
  if (h.length <= 2) {
    const [a, b] = edgesOf(h)[0]!;
    return orient(a, b, p) === 0n && inBox(a, b, p);
  }
  for (let i = 0; i < h.length; i++)
    if (orient(h[i]!, h[(i + 1) % h.length]!, p) < 0n) return false;
  return true;
}

/**
 * Squared distance from the point (X / D, Y / D) to segment ab (integers, D > 0), as
 * num / den with den > 0 (Ericson, Real-Time Collision Detection, 5.1.2).
 */
function dist2(X: bigint, Y: bigint, D: bigint, a: P, b: P): Rational {
  const ax = a.x * D;
  const ay = a.y * D;
  const dx = (b.x - a.x) * D;
  const dy = (b.y - a.y) * D;
  const px = X - ax;
  const py = Y - ay;
  const D2 = D * D;
  const len2 = dx * dx + dy * dy;
  const t = px * dx + py * dy;
  if (len2 === 0n || t <= 0n) return { num: px * px + py * py, den: D2 };
  if (t >= len2) {
    const qx = px - dx;
    const qy = py - dy;
    return { num: qx * qx + qy * qy, den: D2 };
  }
  const c = px * dy - py * dx;
  return { num: c * c, den: len2 * D2 };
}

const lessQ = (a: Rational, b: Rational): boolean => a.num * b.den < b.num * a.den;

// ---------------------------------------------------------------------------------------------
// One feature: the point p + t m against the closed segment cd, within R

/** dist(p + t m, cd)^2 > R^2 at rational t. */
function outsideAt(p: P, m: P, c: P, d: P, R2: bigint, t: Rational): boolean {
  const D = t.den;
  const q = dist2(p.x * D + t.num * m.x, p.y * D + t.num * m.y, D, c, d);
  return q.num > R2 * q.den;
}

/** The point of [p, p + m] nearest the segment cd: its t and the squared distance. */
function closestOnPath(p: P, m: P, c: P, d: P): { t: Rational; d2: Rational } {
  const ts: Rational[] = [ZERO];
  const mm = m.x * m.x + m.y * m.y;
  if (mm !== 0n) {
    ts.push(ONE);
    for (const e of [c, d]) {
      const n = (e.x - p.x) * m.x + (e.y - p.y) * m.y;
      if (n > 0n && n < mm) ts.push(rat(n, mm));
    }
    const ex = d.x - c.x;
    const ey = d.y - c.y;
    const k = m.x * ey - m.y * ex;
    if (k !== 0n) {
      // p + t m = c + s e: t = (c - p) x e / k, s = (c - p) x m / k.
      const wx = c.x - p.x;
      const wy = c.y - p.y;
      const tn = wx * ey - wy * ex;
      const sn = wx * m.y - wy * m.x;
      const inRange = (v: bigint): boolean => (k > 0n ? v >= 0n && v <= k : v <= 0n && v >= k);
      if (inRange(tn) && inRange(sn)) ts.push(rat(tn, k));
    }
  }
  let best: { t: Rational; d2: Rational } | null = null;
  for (const t of ts) {
    const D = t.den;
    const d2 = dist2(p.x * D + t.num * m.x, p.y * D + t.num * m.y, D, c, d);
    if (best === null || lessQ(d2, best.d2)) best = { t, d2 };
  }
  return best!;
}

/** A closed form (alpha + beta sqrt(gamma)) / delta, delta != 0, gamma >= 0, as [lo, hi]. */
function closedForm(
  alpha: bigint,
  beta: bigint,
  gamma: bigint,
  delta: bigint,
  bits: number,
): [Rational, Rational] {
  let sLo: Rational;
  let sHi: Rational;
  const r = isqrt(gamma);
  if (r * r === gamma) {
    sLo = sHi = rat(r);
  } else {
    const k = Math.max(0, bits - (bitLength(gamma) >> 1));
    const f = isqrt(gamma << BigInt(2 * k));
    sLo = rat(f, 1n << BigInt(k));
    sHi = rat(f + 1n, 1n << BigInt(k));
  }
  const a = div(add(rat(alpha), mul(rat(beta), sLo)), rat(delta));
  const b = div(add(rat(alpha), mul(rat(beta), sHi)), rat(delta));
  return cmp(a, b) <= 0 ? [a, b] : [b, a];
}

/** The closed forms among which the first contact time of the feature lies. */
function candidates(p: P, m: P, c: P, d: P, R2: bigint, bits: number): [Rational, Rational][] {
  const out: [Rational, Rational][] = [];
  const mm = m.x * m.x + m.y * m.y;
  for (const e of same(c, d) ? [c] : [c, d]) {
    // |p - e + t m|^2 = R^2: t = (-(w.m) - sqrt(|m|^2 R^2 - (w x m)^2)) / |m|^2.
    const wx = p.x - e.x;
    const wy = p.y - e.y;
    const cr = wx * m.y - wy * m.x;
    const disc = mm * R2 - cr * cr;
    if (disc >= 0n) out.push(closedForm(-(wx * m.x + wy * m.y), -1n, disc, mm, bits));
  }
  const ex = d.x - c.x;
  const ey = d.y - c.y;
  const L2 = ex * ex + ey * ey;
  if (L2 !== 0n) {
    // e x (p - c + t m) = +-R |e|.
    const o = ex * (p.y - c.y) - ey * (p.x - c.x);
    const k = ex * m.y - ey * m.x;
    if (k !== 0n) {
      out.push(closedForm(-o, 1n, R2 * L2, k, bits));
      out.push(closedForm(-o, -1n, R2 * L2, k, bits));
    }
    // e . (p - c + t m) = 0 or |e|^2.
    const pe = ex * (p.x - c.x) + ey * (p.y - c.y);
    const me = ex * m.x + ey * m.y;
    if (me !== 0n) {
      const a = rat(-pe, me);
      const b = rat(L2 - pe, me);
      out.push([a, a], [b, b]);
    }
  }
  return out;
}

const WIDTH = pow2(-72);

/** A dyadic rational near the middle of (lo, hi), lo < hi, with a short denominator. */
function dyadicBetween(lo: Rational, hi: Rational): Rational {
  const w = sub(hi, lo);
  // 2^-k <= w / 4: the nearest multiple of 2^-k to the midpoint is inside (lo, hi).
  const k = BigInt(Math.max(0, bitLength(w.den) - bitLength(w.num) + 3));
  const mid = add(lo, div(w, rat(2n)));
  const scaled = (mid.num << k) / mid.den;
  return rat(scaled, 1n << k);
}

/** What one feature (or one part, or the whole sweep) says. */
interface Partial {
  /** never in [0, 1]: the smallest squared core distance over the path (grid units). */
  never: boolean;
  at0: boolean;
  lo: Rational;
  hi: Rational;
  minD2: Rational;
}

function feature(p: P, m: P, c: P, d: P, R2: bigint): Partial {
  const close = closestOnPath(p, m, c, d);
  const base = { lo: ZERO, hi: ZERO, minD2: close.d2 };
  if (close.d2.num > R2 * close.d2.den) return { never: true, at0: false, ...base };
  if (!outsideAt(p, m, c, d, R2, ZERO)) return { never: false, at0: true, ...base };
  // g(lo) > 0 (lo not in I), g(hi) <= 0 (hi in I), lo < hi: the first point of I is in (lo, hi].
  let lo = ZERO;
  let hi = close.t;
  const probe = (x: Rational): void => {
    if (cmp(x, lo) <= 0 || cmp(x, hi) >= 0) return;
    if (outsideAt(p, m, c, d, R2, x)) lo = x;
    else hi = x;
  };
  for (let bits = 96; bits <= 1536; bits *= 4) {
    const cs = candidates(p, m, c, d, R2, bits);
    for (const [a, b] of cs) {
      probe(a);
      probe(b);
    }
    // The first point of I is one of the closed forms: when the only one left in (lo, hi] is
    // exactly hi, it is hi.
    const left = cs.filter(([a, b]) => cmp(b, lo) > 0 && cmp(a, hi) <= 0);
    if (left.length > 0 && left.every(([a, b]) => cmp(a, hi) === 0 && cmp(b, hi) === 0)) {
      return { never: false, at0: false, lo: hi, hi, minD2: close.d2 };
    }
    if (cmp(sub(hi, lo), WIDTH) <= 0) break;
  }
  // Bisection at dyadic points (a midpoint of two rationals would double their size each step).
  while (cmp(sub(hi, lo), WIDTH) > 0) probe(dyadicBetween(lo, hi));
  return { never: false, at0: false, lo, hi, minD2: close.d2 };
}

// ---------------------------------------------------------------------------------------------
// Pieces

interface Hull {
  pts: P[];
  r: bigint;
}

/** The hulls' distance is <= R (they touch at t = 0). */
function touching(a: readonly P[], b: readonly P[], R2: bigint): boolean {
  const ea = edgesOf(a);
  const eb = edgesOf(b);
  for (const [p, q] of ea) for (const [c, d] of eb) if (segmentsMeet(p, q, c, d)) return true;
  if (inHull(a, b[0]!) || inHull(b, a[0]!)) return true;
  if (R2 === 0n) return false;
  for (const p of a) {
    for (const [c, d] of eb) {
      const q = dist2(p.x, p.y, 1n, c, d);
      if (q.num <= R2 * q.den) return true;
    }
  }
  for (const p of b) {
    for (const [c, d] of ea) {
      const q = dist2(p.x, p.y, 1n, c, d);
      if (q.num <= R2 * q.den) return true;
    }
  }
  return false;
}

function min2(a: Partial, b: Partial): Partial {
  const minD2 = lessQ(a.minD2, b.minD2) ? a.minD2 : b.minD2;
  if (a.at0 || b.at0) return { never: false, at0: true, lo: ZERO, hi: ZERO, minD2 };
  if (a.never) return { ...b, minD2 };
  if (b.never) return { ...a, minD2 };
  const lo = cmp(a.lo, b.lo) <= 0 ? a.lo : b.lo;
  const hi = cmp(a.hi, b.hi) <= 0 ? a.hi : b.hi;
  return { never: false, at0: false, lo, hi, minD2 };
}

/** The moving hull a (by m) against the static hull b. */
function hullSweep(a: Hull, m: P, b: Hull): Partial {
  const R = a.r + b.r;
  const R2 = R * R;
  const ha = hull(a.pts);
  const hb = hull(b.pts);
  if (touching(ha, hb, R2)) return { never: false, at0: true, lo: ZERO, hi: ZERO, minD2: ZERO };
  let acc: Partial | null = null;
  const back = { x: -m.x, y: -m.y };
  const push = (f: Partial): void => {
    acc = acc === null ? f : min2(acc, f);
  };
  for (const p of ha) for (const [c, d] of edgesOf(hb)) push(feature(p, m, c, d, R2));
  for (const q of hb) for (const [c, d] of edgesOf(ha)) push(feature(q, back, c, d, R2));
  return acc!;
}

type Target = { kind: "hulls"; parts: Hull[] } | { kind: "linear"; o: P; d: P; ray: boolean };

/**
 * A line or ray o + s d cut to the segment holding every point within R of the swept mover:
 * with M bounding |coordinate| of o and of every corner of the mover at t = 0 and t = 1, and
 * T = 2M + R + 1, a point with |s| >= T has its coordinate along d's larger component (>= 1 on
 * the grid) at least T - M in size, so it is more than T - 2M > R from the mover's whole path.
 */
function cut(l: { o: P; d: P; ray: boolean }, mover: Hull, m: P, rTarget: bigint): Hull {
  let M = babs(l.o.x) > babs(l.o.y) ? babs(l.o.x) : babs(l.o.y);
  for (const p of mover.pts) {
    for (const q of [p, { x: p.x + m.x, y: p.y + m.y }]) {
      if (babs(q.x) > M) M = babs(q.x);
      if (babs(q.y) > M) M = babs(q.y);
    }
  }
  const T = 2n * M + mover.r + rTarget + 1n;
  const end = { x: l.o.x + T * l.d.x, y: l.o.y + T * l.d.y };
  const start = l.ray ? l.o : { x: l.o.x - T * l.d.x, y: l.o.y - T * l.d.y };
  return { pts: [start, end], r: 0n };
}

/** The doubles of a shape in a fixed order (read back by `build`). */
function valuesOf(s: SweepShape, out: number[]): void {
  const pt = (p: Vec2): void => {
    out.push(p.x, p.y);
  };
  switch (s.kind) {
    case "point":
      out.push(s.x, s.y);
      return;
    case "line":
      pt(s.point);
      pt(s.dir);
      return;
    case "ray":
      pt(s.origin);
      pt(s.dir);
      return;
    case "segment":
      pt(s.a);
      pt(s.b);
      return;
    case "circle":
      pt(s.center);
      out.push(s.radius);
      return;
    case "capsule":
      pt(s.a);
      pt(s.b);
      out.push(s.radius);
      return;
    case "aabb":
      pt(s.min);
      pt(s.max);
      return;
    case "box":
      for (const [x, y] of boxCornersRef(s)) out.push(x, y);
      return;
    case "triangle":
      pt(s.a);
      pt(s.b);
      pt(s.c);
      return;
    case "polygon":
    case "polyline":
      for (const p of s.points) pt(p);
      return;
  }
}

function build(s: SweepShape, ints: readonly bigint[], at: number): Target {
  let i = at;
  const next = (): P => {
    const p = { x: ints[i]!, y: ints[i + 1]! };
    i += 2;
    return p;
  };
  const one = (pts: P[], r = 0n): Target => ({ kind: "hulls", parts: [{ pts, r }] });
  switch (s.kind) {
    case "point":
      return one([next()]);
    case "line":
    case "ray": {
      const o = next();
      return { kind: "linear", o, d: next(), ray: s.kind === "ray" };
    }
    case "segment":
      return one([next(), next()]);
    case "circle": {
      const c = next();
      return one([c], ints[i]!);
    }
    case "capsule": {
      const pts = [next(), next()];
      return one(pts, ints[i]!);
    }
    case "aabb": {
      const lo = next();
      const hi = next();
      return one([lo, { x: hi.x, y: lo.y }, hi, { x: lo.x, y: hi.y }]);
    }
    case "box":
      return one([next(), next(), next(), next()]);
    case "triangle":
      return one([next(), next(), next()]);
    case "polygon":
      return one(s.points.map(next));
    case "polyline": {
      const pts = s.points.map(next);
      if (pts.length === 1) return one(pts);
      const parts: Hull[] = [];
      for (let k = 0; k + 1 < pts.length; k++) parts.push({ pts: [pts[k]!, pts[k + 1]!], r: 0n });
      if (s.closed && pts.length > 2) parts.push({ pts: [pts[pts.length - 1]!, pts[0]!], r: 0n });
      return { kind: "hulls", parts };
    }
  }
}

interface Scene {
  mover: Hull;
  m: P;
  parts: Hull[];
  exp: number;
}

function sceneOf(mover: SweepShape, motion: Vec2, target: SweepShape): Scene {
  if (mover.kind === "line" || mover.kind === "ray" || mover.kind === "polyline") {
    throw new TypeError(`not a convex mover: ${mover.kind}`);
  }
  const v: number[] = [motion.x, motion.y];
  valuesOf(mover, v);
  const split = v.length;
  valuesOf(target, v);
  const { ints, exp } = onGrid(v);
  const m = { x: ints[0]!, y: ints[1]! };
  const a = build(mover, ints, 2);
  if (a.kind !== "hulls" || a.parts.length !== 1) throw new TypeError("mover is not one hull");
  const ha = a.parts[0]!;
  const b = build(target, ints, split);
  const parts = b.kind === "hulls" ? b.parts : [cut(b, ha, m, 0n)];
  return { mover: ha, m, parts, exp };
}

/**
 * The exact first time of contact of `mover` translated by t * motion, t in [0, 1], with the
 * static `target`. The mover must be bounded and convex (not a line, ray or polyline).
 */
export function sweepExact(mover: SweepShape, motion: Vec2, target: SweepShape): SweepRef {
  const { mover: ha, m, parts, exp } = sceneOf(mover, motion, target);
  let acc: Partial | null = null;
  for (const part of parts) {
    const r = hullSweep(ha, m, part);
    acc = acc === null ? r : min2(acc, r);
    if (acc.at0) break;
  }
  const res = acc!;
  if (res.at0) return { hit: true, initially: true, lo: ZERO, hi: ZERO, gap: 0 };
  if (!res.never) return { hit: true, initially: false, lo: res.lo, hi: res.hi, gap: 0 };
  // gap = sqrt(minD2) - R, in the grid's units times 2^exp.
  const R = ha.r + (parts[0]?.r ?? 0n);
  const gapGrid = sub(sqrtApprox(res.minD2, 64), rat(R));
  return { hit: false, initially: false, lo: ONE, hi: ONE, gap: toDouble(mul(gapGrid, pow2(exp))) };
}

/**
 * The distance between the mover moved by t * motion (t exact, not rounded into the position)
 * and the target, 0 when they touch; the exact value rounded to about a relative 2^-50 (a line
 * or ray counts only its part within reach of the mover's path). For diagnosing failures.
 */
export function distanceAt(mover: SweepShape, motion: Vec2, target: SweepShape, t: number): number {
  const { mover: ha, m, parts, exp } = sceneOf(mover, motion, target);
  const tq = fromDouble(t);
  const D = tq.den;
  const scale = (p: P): P => ({ x: p.x * D, y: p.y * D });
  const moved = hull(ha.pts.map((p) => ({ x: p.x * D + tq.num * m.x, y: p.y * D + tq.num * m.y })));
  let best: Rational | null = null;
  for (const part of parts) {
    const hb = hull(part.pts.map(scale));
    if (touching(moved, hb, 0n)) {
      best = ZERO;
      break;
    }
    const R = (ha.r + part.r) * D;
    for (const [x, y] of [
      [moved, hb],
      [hb, moved],
    ] as const) {
      for (const p of x) {
        for (const [c, d] of edgesOf(y)) {
          const q = dist2(p.x, p.y, 1n, c, d);
          const gap = sub(sqrtApprox(q, 64), rat(R));
          if (best === null || cmp(gap, best) < 0) best = gap;
        }
      }
    }
  }
  const g = best!;
  return g.num <= 0n ? 0 : toDouble(mul(div(g, rat(D)), pow2(exp)));
}
