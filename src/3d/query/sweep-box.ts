/**
 * Float swept separating-axis test for two boxes (aabb or oriented), the mover translated by
 * t m, t in [0, 1]. Each box is a parallelepiped: its center plus or minus its three half axes
 * (boxAxes' doubles, exactly; an aabb's rounded center and half extents, with their rounding in
 * the bound). A - B is then a zonotope whose facet normals are the 15 cross products of two of
 * the six half axes; the boxes touch at t exactly when every one of them overlaps at t.
 * - On any direction L the projections overlap for t in one interval that contains every contact
 *   time, so a rigorous lower bound of its entry (the float values less their error bound) is a
 *   lower bound of the first contact t*, and entry bounds past exit bounds prove a miss.
 * - A touch is certified at one time t1 (the middle of that bracket) when all 15 exact axes
 *   overlap: each float axis L is within eta of the exact cross product's direction, which moves
 *   the projections by at most eta times the 1-norms involved.
 * - The reported t is the largest entry bound less a pad: strictly before t*, and on the axes
 *   that decide it, later than t* by only the error bound over the closing speed.
 * Anything the floats cannot certify (touching at t = 0 exactly, grazes, parallel edges whose
 * cross product is rounding noise) returns -1 for the generic exact cast.
 * @see Ericson, Real-Time Collision Detection, §5.5.8 (moving aabbs, interval per axis) and
 * §4.4.1 (the 15 box axes); Gottschalk, Lin, Manocha, "OBBTree", SIGGRAPH 1996.
 */
import { EPS } from "../../exact/filter.ts";
import type { Aabb, Box, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/*
 * Bounds, with |L_k| <= 1 + 3 eps after scaling by 1 / max |n_k| and S1 the sum of the 1-norms
 * of d = cA - cB (rounded), m and the six half axes: each projection L . x (3 products, 2 sums)
 * errs by 3.01 eps |x|_1, the radius (six of them, five sums) by 8.1 eps of its 1-norms, the
 * center's value at t (L . d with d's rounding, plus t (L . m)) by 5.2 eps (|d|_1 + |m|_1), and
 * the final difference by eps S1: 16 eps S1 in all; 24 eps S1 leaves room for S1's own rounding.
 * An aabb's rounded center and half extents move its corners by 2 eps (|c| + |h|) (PERT).
 */
const ERR = 24 * EPS;
/** Error of |L . m|, 3 products and 2 sums. */
const ERR_V = 4 * EPS;
/** Strict margin of the reported time: 8 eps S1 before the entry bound. */
const PAD = 8 * EPS;
/** Rounding down or up of a quotient of positive floats. */
const DOWN = 1 - 4 * EPS;
const UP = 1 + 4 * EPS;
/** Keeps every product of half axis components normal (no underflow), and none overflows. */
const LO = 2 ** -450;
const HI = 2 ** 450;
const TAIL = 2 ** -1000;

/** The half axes a0 a1 a2 (A, 0..8) then b0 b1 b2 (B, 9..17). */
const V = new Float64Array(18);
/** d = cA - cB, m, cB; then PERT and S1 (9, 10). */
const W = new Float64Array(11);
/** Per axis (15): L (3), c = L . d, v = L . m, R, eta (7 each). */
const AX = new Float64Array(105);
/** Pairs of half axes making the 15 axes: A's faces, B's faces, then a_i x b_j. */
const PAIRS = new Int8Array([
  1, 2, 2, 0, 0, 1, 4, 5, 5, 3, 3, 4, 0, 3, 0, 4, 0, 5, 1, 3, 1, 4, 1, 5, 2, 3, 2, 4, 2, 5,
]);
/** Which axes are usable for the touch certificate: 1 reliable, 0 exactly zero (skip), -1 noise. */
const OK = new Int8Array(15);
const AXES: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/**
 * Writes a box's half axes into V at `o` and its center (rounded for an aabb) into `cen` at
 * `co`; returns 2 eps (|c|_1 + |h|_1) for an aabb (its rounding), else 0.
 */
function loadBox(kind: string, s: unknown, o: number, cen: Float64Array, co: number): number {
  if (kind === "box") {
    const b = s as Box;
    boxAxes(b, AXES);
    for (let k = 0; k < 3; k++) {
      const a = AXES[k]!;
      V[o + 3 * k] = a.x;
      V[o + 3 * k + 1] = a.y;
      V[o + 3 * k + 2] = a.z;
    }
    cen[co] = b.center.x;
    cen[co + 1] = b.center.y;
    cen[co + 2] = b.center.z;
    return 0;
  }
  const a = s as Aabb;
  // Halving is exact above the subnormals, which the range guard keeps out.
  const hx = a.max.x / 2 - a.min.x / 2;
  const hy = a.max.y / 2 - a.min.y / 2;
  const hz = a.max.z / 2 - a.min.z / 2;
  const cx = a.max.x / 2 + a.min.x / 2;
  const cy = a.max.y / 2 + a.min.y / 2;
  const cz = a.max.z / 2 + a.min.z / 2;
  V.fill(0, o, o + 9);
  V[o] = hx;
  V[o + 4] = hy;
  V[o + 8] = hz;
  cen[co] = cx;
  cen[co + 1] = cy;
  cen[co + 2] = cz;
  return (
    2 *
    EPS *
    (Math.abs(cx) + Math.abs(cy) + Math.abs(cz) + Math.abs(hx) + Math.abs(hy) + Math.abs(hz))
  );
}

/** Scratch centers: cA (0..2), cB (3..5). */
const CEN = new Float64Array(6);

/** True when every nonzero |x| of V, d and m is within [LO, HI]. */
function inRange(): boolean {
  for (let i = 0; i < 18; i++) {
    const x = Math.abs(V[i]!);
    if (x !== 0 && !(x >= LO && x <= HI)) return false;
  }
  for (let i = 0; i < 6; i++) {
    const x = Math.abs(W[i]!);
    if (!(x <= HI)) return false;
  }
  return true;
}

/**
 * Fills AX and OK for the 15 axes; returns false when an axis certainly separates the boxes for
 * every t in [0, 1] (a miss). Leaves the entry bound in BR[0] (with its axis in IBR[0]) and the
 * exit bound in BR[1].
 */
function axes(): boolean {
  const E = ERR * W[10]! + W[9]! + TAIL;
  const pad = PAD * W[10]! + TAIL;
  const dx = W[0]!;
  const dy = W[1]!;
  const dz = W[2]!;
  const mx = W[3]!;
  const my = W[4]!;
  const mz = W[5]!;
  const ev = ERR_V * (Math.abs(mx) + Math.abs(my) + Math.abs(mz)) + TAIL;
  let lo = 0;
  let hi = 1;
  let arg = -1;
  for (let k = 0; k < 15; k++) {
    const u = 3 * PAIRS[2 * k]!;
    const w = 3 * PAIRS[2 * k + 1]!;
    const ux = V[u]!;
    const uy = V[u + 1]!;
    const uz = V[u + 2]!;
    const wx = V[w]!;
    const wy = V[w + 1]!;
    const wz = V[w + 2]!;
    let nx = uy * wz - uz * wy;
    let ny = uz * wx - ux * wz;
    let nz = ux * wy - uy * wx;
    const ex = Math.abs(uy * wz) + Math.abs(uz * wy);
    const ey = Math.abs(uz * wx) + Math.abs(ux * wz);
    const ez = Math.abs(ux * wy) + Math.abs(uy * wx);
    const big = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
    const o = 7 * k;
    if (!(big > 0)) {
      // Exactly zero when every product is (no product underflows in range): parallel edges or
      // a flat box, no facet of A - B; else rounding noise of an unknown direction.
      OK[k] = ex + ey + ez === 0 ? 0 : -1;
      AX[o + 6] = 1;
      continue;
    }
    const s = 1 / big;
    nx *= s;
    ny *= s;
    nz *= s;
    const eta = 2.5 * EPS * s * Math.max(ex, ey, ez) * UP + 2 * EPS;
    OK[k] = eta < 0.25 ? 1 : -1;
    let r = 0;
    for (let j = 0; j < 18; j += 3) {
      r += Math.abs(nx * V[j]! + ny * V[j + 1]! + nz * V[j + 2]!);
    }
    const c = nx * dx + ny * dy + nz * dz;
    const v = nx * mx + ny * my + nz * mz;
    AX[o] = nx;
    AX[o + 1] = ny;
    AX[o + 2] = nz;
    AX[o + 3] = c;
    AX[o + 4] = v;
    AX[o + 5] = r;
    AX[o + 6] = eta;
    const av = Math.abs(v);
    if (av > ev) {
      // Sign of v known: overlap for t in [(p - r) / |v|, (p + r) / |v|], p = -sign(v) c.
      const p = v > 0 ? -c : c;
      const enter = p - r - E - pad;
      if (enter > 0) {
        const t = (enter / (av + ev)) * DOWN;
        if (t > 1) return false;
        if (t > lo) {
          lo = t;
          arg = k;
        }
      }
      const exit = p + r + E;
      if (exit < 0) return false;
      const t = (exit / (av - ev)) * UP + TAIL;
      if (t < hi) hi = t;
    } else {
      const g = Math.abs(c) - r - E - pad;
      if (g > 0) {
        // Apart at t = 0 and barely (or not) moving along L.
        if (av + ev === 0) return false;
        const t = (g / (av + ev)) * DOWN;
        if (t > 1) return false;
        if (t > lo) {
          lo = t;
          arg = k;
        }
      }
    }
  }
  BR[0] = lo;
  BR[1] = hi;
  IBR[0] = arg;
  return lo <= hi;
}

/**
 * The bracket: entry lower bound, exit upper bound; then the time touchesAt tests and a point
 * (x y z) for nearestOnB and unitInto (doubles passed to a call V8 does not inline are boxed).
 */
const BR = new Float64Array(6);
const IBR = new Int32Array(1);

/**
 * True when at time t every exact facet normal of A - B overlaps (the boxes touch), certified
 * in floats; false when unsure (or when A - B might be flat: neither box certainly solid).
 */
function touchesAt(): boolean {
  const t = BR[2]!;
  const S1 = W[10]!;
  const E = ERR * S1 + W[9]! + TAIL;
  for (let k = 0; k < 15; k++) {
    if (OK[k]! < 0) return false;
  }
  // Solid: a box's first face normal certainly has a nonzero value on its third axis.
  let solid = false;
  for (let b = 0; b < 2 && !solid; b++) {
    const k = 3 * b;
    if (OK[k]! !== 1) continue;
    const o = 7 * k;
    const j = 9 * b;
    const vol = Math.abs(AX[o]! * V[j]! + AX[o + 1]! * V[j + 1]! + AX[o + 2]! * V[j + 2]!);
    if (vol > E + AX[o + 6]! * S1 * UP) solid = true;
  }
  if (!solid) return false;
  for (let k = 0; k < 15; k++) {
    if (OK[k] === 0) continue;
    const o = 7 * k;
    const margin = AX[o + 5]! - Math.abs(AX[o + 3]! + t * AX[o + 4]!);
    if (!(margin > E + AX[o + 6]! * S1 * UP)) return false;
  }
  return true;
}

/**
 * Writes into out (at 1..3) a point of box B (half axes V[9..17], center cB) near q = BR[3..5],
 * clamping q's coordinates along B's axes: the nearest for orthogonal axes, and inside B always.
 */
function nearestOnB(out: Float64Array): void {
  const qx = BR[3]!;
  const qy = BR[4]!;
  const qz = BR[5]!;
  let px = W[6]!;
  let py = W[7]!;
  let pz = W[8]!;
  const rx = qx - px;
  const ry = qy - py;
  const rz = qz - pz;
  for (let j = 9; j < 18; j += 3) {
    const bx = V[j]!;
    const by = V[j + 1]!;
    const bz = V[j + 2]!;
    const bb = bx * bx + by * by + bz * bz;
    if (!(bb > 0)) continue;
    let s = (rx * bx + ry * by + rz * bz) / bb;
    s = s > 1 ? 1 : s < -1 ? -1 : s;
    px += s * bx;
    py += s * by;
    pz += s * bz;
  }
  out[1] = px;
  out[2] = py;
  out[3] = pz;
}

/**
 * The swept test of two boxes in floats: 0 certainly never touching, 1 certainly touching at
 * t = 0, 2 certainly first touching later, -1 undecided. On 1 and 2 writes t, a point on B and
 * the unit normal from B toward A into out[0..6] (the normal against the motion on 1).
 */
export function sweepBoxesFloat(
  ka: string,
  a: unknown,
  m: Vec,
  kb: string,
  b: unknown,
  out: Float64Array,
): number {
  const mx = m.x;
  const my = m.y;
  const mz = m.z;
  const pert = loadBox(ka, a, 0, CEN, 0) + loadBox(kb, b, 9, CEN, 3);
  W[0] = CEN[0]! - CEN[3]!;
  W[1] = CEN[1]! - CEN[4]!;
  W[2] = CEN[2]! - CEN[5]!;
  W[3] = mx;
  W[4] = my;
  W[5] = mz;
  W[6] = CEN[3]!;
  W[7] = CEN[4]!;
  W[8] = CEN[5]!;
  W[9] = pert;
  if (!inRange()) return -1;
  let s1 = 0;
  for (let i = 0; i < 18; i++) s1 += Math.abs(V[i]!);
  for (let i = 0; i < 6; i++) s1 += Math.abs(W[i]!);
  W[10] = s1 * UP;
  if (!(s1 <= HI && Number.isFinite(pert))) return -1;
  if (!axes()) return 0;
  const lo = BR[0]!;
  const hi = BR[1]!;
  const arg = IBR[0]!;
  if (arg < 0) {
    // No axis proves them apart at t = 0.
    BR[2] = 0;
    if (!touchesAt()) return -1;
    out[0] = 0;
    BR[3] = CEN[0]!;
    BR[4] = CEN[1]!;
    BR[5] = CEN[2]!;
    nearestOnB(out);
    BR[3] = -mx;
    BR[4] = -my;
    BR[5] = -mz;
    unitInto(out);
    return 1;
  }
  BR[2] = 0.5 * lo + 0.5 * hi;
  if (!touchesAt()) return -1;
  // A's corner deepest along the axis at t = lo, clamped onto B; the normal from B toward A.
  const o = 7 * arg;
  const sg = AX[o + 3]! >= 0 ? 1 : -1;
  const nx = sg * AX[o]!;
  const ny = sg * AX[o + 1]!;
  const nz = sg * AX[o + 2]!;
  let qx = CEN[0]! + lo * mx;
  let qy = CEN[1]! + lo * my;
  let qz = CEN[2]! + lo * mz;
  for (let j = 0; j < 9; j += 3) {
    // A's face or edge square to the axis (an edge-edge or face contact) gives its middle.
    const p = nx * V[j]! + ny * V[j + 1]! + nz * V[j + 2]!;
    const flat = 2 ** -30 * (Math.abs(V[j]!) + Math.abs(V[j + 1]!) + Math.abs(V[j + 2]!));
    const k = p > flat ? -1 : p < -flat ? 1 : 0;
    qx += k * V[j]!;
    qy += k * V[j + 1]!;
    qz += k * V[j + 2]!;
  }
  out[0] = lo;
  BR[3] = qx;
  BR[4] = qy;
  BR[5] = qz;
  nearestOnB(out);
  BR[3] = nx;
  BR[4] = ny;
  BR[5] = nz;
  unitInto(out);
  return 2;
}

/** out[4..6] = BR[3..5] scaled to unit length, else +x. */
function unitInto(out: Float64Array): void {
  const x = BR[3]!;
  const y = BR[4]!;
  const z = BR[5]!;
  const big = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (!(big > 0 && big < Number.POSITIVE_INFINITY)) {
    out[4] = 1;
    out[5] = 0;
    out[6] = 0;
    return;
  }
  const ux = x / big;
  const uy = y / big;
  const uz = z / big;
  const len = Math.sqrt(ux * ux + uy * uy + uz * uz);
  out[4] = ux / len;
  out[5] = uy / len;
  out[6] = uz / len;
}
