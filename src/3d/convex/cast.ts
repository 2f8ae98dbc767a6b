import { makeVec3 } from "../results.ts";
import type { Vec } from "../shapes.ts";
import { gjkDistance, lastCoreDistance, lastSimplex, makeGjkResult } from "./gjk.ts";
import { type ConvexProxy, makeProxy } from "./proxy.ts";

/** The first contact found by `castProxies`. */
export interface ProxyCast {
  /** Time in [0, 1] at which A, moved by t * motion, comes within the radii (plus pad) of B. */
  t: number;
  /** A point on B's surface (core grown by its radius) nearest A at time t. */
  point: Vec;
  /** Unit normal at `point`, from B toward A (B's outward normal facing the mover). */
  normal: Vec;
  /** Advancement steps used. */
  iterations: number;
}

// A class, not a literal: a literal's hidden class is shared with every same-keyed literal in the
// process, and one with a non-number `t` would box each time written (see results.ts).
class Cast implements ProxyCast {
  t = 0;
  point: Vec = makeVec3();
  normal: Vec = makeVec3();
  iterations = 0;
}

/** Makes a `ProxyCast` with every field present. */
export function makeProxyCast(): ProxyCast {
  const c = new Cast();
  c.normal.x = 1;
  return c;
}

/**
 * castProxies' doubles, through a typed array (a double passed to a call V8 does not inline is
 * boxed: garbage on every call): the motion x y z, the pad that grows the radii, the scale.
 */
export const CAST_IN: Float64Array = new Float64Array(5);
export const IN_MX = 0;
export const IN_MY = 1;
export const IN_MZ = 2;
export const IN_PAD = 3;
export const IN_SCALE = 4;

const MAX_STEPS = 64;
const MOVED: ConvexProxy = makeProxy(8);
const G = makeGjkResult();
// The normal of the last advancement (from B toward A), and the current time; doubles in a
// Float64Array, since V8 boxes a double written to a module-level `let`.
const S = new Float64Array(4);
// GJK's last simplex, and the separating normal refined from it (A toward B), x y z.
const SIMPLEX = new Float64Array(12);
const N = new Float64Array(3);
// The size of the last simplex (set by separatingNormal).
const LAST_COUNT = new Int32Array(1);

/**
 * Writes into N the unit normal from A toward B of the last `gjkDistance` (apart cores). GJK's
 * own normal is its nearest point, a weighted sum of simplex vertices that cancels from the size
 * of the coordinates down to the distance: at 1e100 with a distance of 1e91 its direction keeps
 * only a few digits, enough to make a shape passing at a shallow angle look as if it moved away.
 * On a face of B - A the cross product of two edges (differences, exact to rounding) is exact
 * to rounding; on an edge, GJK's normal with its component along the edge removed loses only
 * the second order.
 */
function separatingNormal(): void {
  let nx = G.normal.x;
  let ny = G.normal.y;
  let nz = G.normal.z;
  const count = lastSimplex(SIMPLEX);
  LAST_COUNT[0] = count;
  const w = SIMPLEX;
  if (count === 3) {
    // Each edge scaled to unit size first, so the products neither overflow nor underflow.
    let ux = w[3]! - w[0]!;
    let uy = w[4]! - w[1]!;
    let uz = w[5]! - w[2]!;
    let vx = w[6]! - w[0]!;
    let vy = w[7]! - w[1]!;
    let vz = w[8]! - w[2]!;
    const mu = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz));
    const mv = Math.max(Math.abs(vx), Math.abs(vy), Math.abs(vz));
    if (mu > 0 && mv > 0 && mu < Number.POSITIVE_INFINITY && mv < Number.POSITIVE_INFINITY) {
      ux /= mu;
      uy /= mu;
      uz /= mu;
      vx /= mv;
      vy /= mv;
      vz /= mv;
      const cx = uy * vz - uz * vy;
      const cy = uz * vx - ux * vz;
      const cz = ux * vy - uy * vx;
      const len = Math.sqrt(cx * cx + cy * cy + cz * cz);
      // A sliver whose cross product is all rounding keeps GJK's normal.
      if (len > 1e-8) {
        const s = cx * nx + cy * ny + cz * nz < 0 ? -1 / len : 1 / len;
        nx = cx * s;
        ny = cy * s;
        nz = cz * s;
      }
    }
  } else if (count === 2) {
    let ex = w[3]! - w[0]!;
    let ey = w[4]! - w[1]!;
    let ez = w[5]! - w[2]!;
    const me = Math.max(Math.abs(ex), Math.abs(ey), Math.abs(ez));
    if (me > 0 && me < Number.POSITIVE_INFINITY) {
      ex /= me;
      ey /= me;
      ez /= me;
      const k = (nx * ex + ny * ey + nz * ez) / (ex * ex + ey * ey + ez * ez);
      const px = nx - k * ex;
      const py = ny - k * ey;
      const pz = nz - k * ez;
      const len = Math.sqrt(px * px + py * py + pz * pz);
      if (len > 0.5) {
        nx = px / len;
        ny = py / len;
        nz = pz / len;
      }
    }
  }
  N[0] = nx;
  N[1] = ny;
  N[2] = nz;
}

// For the rare path (featurePlanes): the best safe step, its normal (A toward B) and the best
// gap; the motion, r, stop and GJK's distance; a candidate direction; the normal with the best
// gap; two edges; the simplex's support indices in A and in B.
const BEST = new Float64Array(5);
const ARGS = new Float64Array(6);
const CAND = new Float64Array(3);
const NEAR = new Float64Array(3);
const EDGE = new Float64Array(6);
const IA = new Int32Array(4);
const IB = new Int32Array(4);
// Two directions and their support gaps for supportGap: n x y z, gap, then GJK's normal, gap.
const GV = new Float64Array(8);

/**
 * Tries the direction in CAND (either sign, unit length) as a separating plane of MOVED and b:
 * false when one sign separates them by more than r + stop while A does not close on it (no
 * contact ever); else BEST keeps the larger safe step (gap - r) / closing.
 */
function tryPlane(b: ConvexProxy): boolean {
  const r = ARGS[3]!;
  for (let sgn = -1; sgn <= 1; sgn += 2) {
    const nx = sgn * CAND[0]!;
    const ny = sgn * CAND[1]!;
    const nz = sgn * CAND[2]!;
    GV[0] = nx;
    GV[1] = ny;
    GV[2] = nz;
    supportGap(MOVED, b, GV, 0);
    const gap = GV[3]!;
    if (!(gap - r > 0)) continue;
    const closing = nx * ARGS[0]! + ny * ARGS[1]! + nz * ARGS[2]!;
    if (!(closing > 0)) {
      if (gap - r > ARGS[4]!) return false;
      continue;
    }
    const step = (gap - r) / closing;
    if (step > BEST[0]!) {
      BEST[0] = step;
      BEST[1] = nx;
      BEST[2] = ny;
      BEST[3] = nz;
    }
  }
  return true;
}

/**
 * CAND = the unit normal of EDGE's two vectors (cross product), or with `perp` the first vector's
 * part perpendicular to the second; each vector is scaled to unit size first. False when
 * degenerate.
 */
function candidate(perp: boolean): boolean {
  const mu = Math.max(Math.abs(EDGE[0]!), Math.abs(EDGE[1]!), Math.abs(EDGE[2]!));
  const mv = Math.max(Math.abs(EDGE[3]!), Math.abs(EDGE[4]!), Math.abs(EDGE[5]!));
  if (!(mu > 0 && mv > 0 && mu < Number.POSITIVE_INFINITY && mv < Number.POSITIVE_INFINITY)) {
    return false;
  }
  const ux = EDGE[0]! / mu;
  const uy = EDGE[1]! / mu;
  const uz = EDGE[2]! / mu;
  const vx = EDGE[3]! / mv;
  const vy = EDGE[4]! / mv;
  const vz = EDGE[5]! / mv;
  let cx: number;
  let cy: number;
  let cz: number;
  if (perp) {
    const k = (ux * vx + uy * vy + uz * vz) / (vx * vx + vy * vy + vz * vz);
    cx = ux - k * vx;
    cy = uy - k * vy;
    cz = uz - k * vz;
  } else {
    cx = uy * vz - uz * vy;
    cy = uz * vx - ux * vz;
    cz = ux * vy - uy * vx;
  }
  const len = Math.sqrt(cx * cx + cy * cy + cz * cz);
  if (!(len > 0)) return false;
  CAND[0] = cx / len;
  CAND[1] = cy / len;
  CAND[2] = cz / len;
  return true;
}

/** EDGE[0..2] = b's point j minus MOVED's point i (the offset of a vertex pair now). */
function offsetOf(b: ConvexProxy, j: number, i: number): void {
  const p = MOVED.xyz;
  const q = b.xyz;
  EDGE[0] = q[3 * j]! - p[3 * i]!;
  EDGE[1] = q[3 * j + 1]! - p[3 * i + 1]!;
  EDGE[2] = q[3 * j + 2]! - p[3 * i + 2]!;
}

/** EDGE[at..at+2] = proxy point j minus point i (one rounding each, exact translation). */
function edgeOf(p: ConvexProxy, i: number, j: number, at: number): void {
  const x = p.xyz;
  EDGE[at] = x[3 * j]! - x[3 * i]!;
  EDGE[at + 1] = x[3 * j + 1]! - x[3 * i + 1]!;
  EDGE[at + 2] = x[3 * j + 2]! - x[3 * i + 2]!;
}

/**
 * Adds to ids (holding `n`, at most 4) the points whose value along NEAR (times sgn:
 * 1 for B's lowest, -1 for A's highest) is within tol of the extreme; returns the new count.
 */
function nearSupport(
  xyz: Float64Array,
  count: number,
  sgn: number,
  tol: number,
  ids: Int32Array,
  n: number,
): number {
  const nx = sgn * NEAR[0]!;
  const ny = sgn * NEAR[1]!;
  const nz = sgn * NEAR[2]!;
  let lo = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const v = nx * xyz[3 * i]! + ny * xyz[3 * i + 1]! + nz * xyz[3 * i + 2]!;
    if (v < lo) lo = v;
  }
  for (let i = 0; i < count && n < 4; i++) {
    const v = nx * xyz[3 * i]! + ny * xyz[3 * i + 1]! + nz * xyz[3 * i + 2]!;
    if (!(v <= lo + tol)) continue;
    let seen = false;
    for (let q = 0; q < n; q++) if (ids[q] === i) seen = true;
    if (!seen) ids[n++] = i;
  }
  return n;
}

/**
 * The planes of the features GJK's last simplex spans, taken from the shapes' own edges rather
 * than from the simplex's vertices (differences of large coordinates): B's face, A's face, the
 * cross product of an edge of each, and a vertex's offset perpendicular to an edge. GJK stopped
 * by rounding on a simplex mixing vertices of two features has a tilted face whose plane misses
 * the distance; these recover the feature pair's own plane. Each is only a candidate: its support
 * gap is what is trusted. False when one proves no contact.
 */
function featurePlanes(a: ConvexProxy, b: ConvexProxy): boolean {
  const count = LAST_COUNT[0]!;
  const pa = MOVED.xyz;
  const pb = b.xyz;
  // The simplex vertices' indices (each w = b[ib] - a[ia] exactly as GJK rounded it).
  let na = 0;
  let nb = 0;
  for (let k = 0; k < count; k++) {
    let fa = -1;
    let fb = -1;
    for (let i = 0; i < MOVED.count && fa < 0; i++) {
      for (let j = 0; j < b.count; j++) {
        if (
          pb[3 * j]! - pa[3 * i]! === SIMPLEX[3 * k] &&
          pb[3 * j + 1]! - pa[3 * i + 1]! === SIMPLEX[3 * k + 1] &&
          pb[3 * j + 2]! - pa[3 * i + 2]! === SIMPLEX[3 * k + 2]
        ) {
          fa = i;
          fb = j;
          break;
        }
      }
    }
    if (fa < 0) continue;
    let seen = false;
    for (let q = 0; q < na; q++) if (IA[q] === fa) seen = true;
    if (!seen) IA[na++] = fa;
    seen = false;
    for (let q = 0; q < nb; q++) if (IB[q] === fb) seen = true;
    if (!seen) IB[nb++] = fb;
  }
  // With them, the vertices near the support planes of the best-gap normal, within a few
  // times the distance it misses (a face nearly parallel to the plane, which the simplex may
  // hold only part of), up to four on each side.
  const tol = 4 * (ARGS[5]! - BEST[4]!);
  nb = nearSupport(b.xyz, b.count, 1, tol, IB, nb);
  na = nearSupport(pa, MOVED.count, -1, tol, IA, na);
  if (nb >= 3) {
    edgeOf(b, IB[0]!, IB[1]!, 0);
    edgeOf(b, IB[0]!, IB[2]!, 3);
    if (candidate(false) && !tryPlane(b)) return false;
  }
  if (na >= 3) {
    edgeOf(a, IA[0]!, IA[1]!, 0);
    edgeOf(a, IA[0]!, IA[2]!, 3);
    if (candidate(false) && !tryPlane(b)) return false;
  }
  for (let i = 0; i < na; i++) {
    for (let j = i + 1; j < na; j++) {
      for (let k = 0; k < nb; k++) {
        for (let l = k + 1; l < nb; l++) {
          edgeOf(a, IA[i]!, IA[j]!, 0);
          edgeOf(b, IB[k]!, IB[l]!, 3);
          if (candidate(false) && !tryPlane(b)) return false;
        }
      }
      // A's edge against one of B's vertices: that vertex's offset from the edge's start.
      for (let k = 0; k < nb; k++) {
        offsetOf(b, IB[k]!, IA[i]!);
        edgeOf(a, IA[i]!, IA[j]!, 3);
        if (candidate(true) && !tryPlane(b)) return false;
      }
    }
  }
  for (let k = 0; k < nb; k++) {
    for (let l = k + 1; l < nb; l++) {
      for (let i = 0; i < na; i++) {
        offsetOf(b, IB[k]!, IA[i]!);
        edgeOf(b, IB[k]!, IB[l]!, 3);
        if (candidate(true) && !tryPlane(b)) return false;
      }
    }
  }
  return true;
}

/**
 * The support gap of two proxies' cores along the direction n = v[at..at + 2], A toward B: B's
 * lowest value minus A's highest (a lower bound on their distance times |n|, radii not
 * included), written to v[at + 3] (doubles cross the call in the array, unboxed).
 */
export function supportGap(a: ConvexProxy, b: ConvexProxy, v: Float64Array, at: number): void {
  const nx = v[at]!;
  const ny = v[at + 1]!;
  const nz = v[at + 2]!;
  // The support points found here, not by proxy.ts's `support`: its direction is three doubles,
  // boxed whenever the caller's inlining budget runs out (48 bytes per cast step).
  const p = a.xyz;
  const q = b.xyz;
  let ia = 0;
  let hi = nx * p[0]! + ny * p[1]! + nz * p[2]!;
  for (let i = 1; i < a.count; i++) {
    const s = nx * p[3 * i]! + ny * p[3 * i + 1]! + nz * p[3 * i + 2]!;
    if (s > hi) {
      hi = s;
      ia = i;
    }
  }
  let ib = 0;
  let lo = nx * q[0]! + ny * q[1]! + nz * q[2]!;
  for (let i = 1; i < b.count; i++) {
    const s = nx * q[3 * i]! + ny * q[3 * i + 1]! + nz * q[3 * i + 2]!;
    if (s < lo) {
      lo = s;
      ib = i;
    }
  }
  v[at + 3] =
    nx * (q[3 * ib]! - p[3 * ia]!) +
    ny * (q[3 * ib + 1]! - p[3 * ia + 1]!) +
    nz * (q[3 * ib + 2]! - p[3 * ia + 2]!);
}

/**
 * The first time t in [0, 1] at which proxy A translated by t * m comes within ra + rb + pad of
 * proxy B (m, pad and the scene's scale in CAST_IN), by conservative advancement on separating planes: for a unit n no
 * point of B is nearer A(t) along n than the support gap g, and A closes along n at speed n . m,
 * so t may advance by (g - r) / (n . m) without passing the first contact. Every step is such a
 * plane step (the largest over GJK's normal, its simplex's refined normal and, when both miss
 * GJK's distance, the planes of the features the simplex spans): GJK's distance is only an upper
 * bound, and stepping by it passed the contact where GJK stopped early on a sliver. The float
 * gap errs by a few ulps of the scale (the moved points rounded once, then a difference and a
 * dot product), so with pad 64 ulps of the scale t is never after the exact first contact. The
 * cast stops when the distance is within 2^-44 of the scene's scale of ra + rb + pad, reports
 * no contact on a separating plane A does not close on, or when t passes 1, and otherwise
 * keeps the (early) time reached when no plane advances or after 64 steps. Fills `out` and
 * returns true on contact; false leaves `out` partly written.
 * @see B. Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems", PhD thesis 1996
 * (conservative advancement); G. van den Bergen, "Ray Casting against General Convex Objects
 * with Application to Continuous Collision Detection", 2004 (the separating-plane step).
 */
export function castProxies(a: ConvexProxy, b: ConvexProxy, out: ProxyCast): boolean {
  const mx = CAST_IN[IN_MX]!;
  const my = CAST_IN[IN_MY]!;
  const mz = CAST_IN[IN_MZ]!;
  const pad = CAST_IN[IN_PAD]!;
  const scale = CAST_IN[IN_SCALE]!;
  const n = a.count;
  if (MOVED.xyz.length < 3 * n) MOVED.xyz = new Float64Array(3 * n);
  MOVED.count = n;
  MOVED.radius = a.radius;
  const ra = a.radius;
  const rb = b.radius;
  const r = ra + rb + pad;
  const stop = 2 ** -44 * scale;
  // |m| without overflow or underflow of the squares.
  const big = Math.max(Math.abs(mx), Math.abs(my), Math.abs(mz));
  const speed =
    big === 0 ? 0 : big * Math.sqrt((mx / big) ** 2 + (my / big) ** 2 + (mz / big) ** 2);
  const src = a.xyz;
  const dst = MOVED.xyz;
  S[0] = 0;
  let advanced = false;
  let steps = 0;
  let t = 0;
  let core = 0;
  for (;;) {
    for (let i = 0; i < n; i++) {
      dst[3 * i] = src[3 * i]! + t * mx;
      dst[3 * i + 1] = src[3 * i + 1]! + t * my;
      dst[3 * i + 2] = src[3 * i + 2]! + t * mz;
    }
    gjkDistance(MOVED, b, G);
    core = lastCoreDistance();
    if (core - r <= stop || steps >= MAX_STEPS) break;
    // Two candidate planes, the refined normal and GJK's own; each support gap is a lower bound
    // on the distance along its direction (GJK's distance is only an upper bound, so stepping by
    // it can pass the contact when GJK stops early on a sliver). The larger safe step wins.
    separatingNormal();
    const nx = N[0]!;
    const ny = N[1]!;
    const nz = N[2]!;
    const gx = G.normal.x;
    const gy = G.normal.y;
    const gz = G.normal.z;
    GV[0] = nx;
    GV[1] = ny;
    GV[2] = nz;
    GV[4] = gx;
    GV[5] = gy;
    GV[6] = gz;
    supportGap(MOVED, b, GV, 0);
    supportGap(MOVED, b, GV, 4);
    const gap = GV[3]!;
    const gapG = GV[7]!;
    const closing = nx * mx + ny * my + nz * mz;
    const closingG = gx * mx + gy * my + gz * mz;
    // A separating plane (clear of the stopping distance) that A does not close on: no contact.
    if ((gap - r > stop && !(closing > 0)) || (gapG - r > stop && !(closingG > 0))) return false;
    steps++;
    const stepN = closing > 0 ? (gap - r) / closing : 0;
    const stepG = closingG > 0 ? (gapG - r) / closingG : 0;
    BEST[0] = stepN >= stepG ? stepN : stepG;
    BEST[1] = stepN >= stepG ? nx : gx;
    BEST[2] = stepN >= stepG ? ny : gy;
    BEST[3] = stepN >= stepG ? nz : gz;
    // Both planes' gaps fall short of GJK's distance (a rounded normal, or GJK stopped on a
    // simplex that is not the nearest feature pair), or their step of the distance over the
    // speed: try the features' own planes.
    const short = core - r - (core - r) * 2 ** -10;
    if ((gap - r < short && gapG - r < short) || BEST[0]! < (core - r) / speed) {
      ARGS[0] = mx;
      ARGS[1] = my;
      ARGS[2] = mz;
      ARGS[3] = r;
      ARGS[4] = stop;
      ARGS[5] = core;
      BEST[4] = gap >= gapG ? gap : gapG;
      NEAR[0] = gap >= gapG ? nx : gx;
      NEAR[1] = gap >= gapG ? ny : gy;
      NEAR[2] = gap >= gapG ? nz : gz;
      if (!featurePlanes(a, b)) return false;
    }
    const step = BEST[0]!;
    if (!(step > 0)) break;
    t += step;
    if (!(t <= 1)) return false;
    S[1] = -BEST[1]!;
    S[2] = -BEST[2]!;
    S[3] = -BEST[3]!;
    advanced = true;
  }
  out.t = t;
  out.iterations = steps;
  // The GJK normal is reliable while the cores are clearly apart; at a touch of flat cores it is
  // the direction between two nearly equal points, and the last separating plane's is better.
  const nrm = out.normal;
  if (core > 2 ** -20 * scale || (!advanced && core > 0)) {
    nrm.x = -G.normal.x;
    nrm.y = -G.normal.y;
    nrm.z = -G.normal.z;
  } else if (advanced) {
    nrm.x = S[1]!;
    nrm.y = S[2]!;
    nrm.z = S[3]!;
  } else {
    nrm.x = -mx;
    nrm.y = -my;
    nrm.z = -mz;
  }
  const p = out.point;
  if (core > ra + rb) {
    // pointB = B's core point - rb * (A-to-B normal); moved onto B's surface along `normal`.
    const cx = G.pointB.x + rb * G.normal.x;
    const cy = G.pointB.y + rb * G.normal.y;
    const cz = G.pointB.z + rb * G.normal.z;
    p.x = cx + rb * nrm.x;
    p.y = cy + rb * nrm.y;
    p.z = cz + rb * nrm.z;
  } else {
    p.x = G.pointB.x;
    p.y = G.pointB.y;
    p.z = G.pointB.z;
  }
  return true;
}
