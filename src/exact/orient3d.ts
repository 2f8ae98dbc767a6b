import { lift, signOf } from "./bigint.ts";
import { EPS, TAIL2 } from "./filter.ts";
import { orient3dExpansion, UNDECIDED } from "./orient3d-expansion.ts";

/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;

/*
 * det(u, v, w) = u · (v × w) with rounded-difference entries is 6 roundings deep: difference (1),
 * product (2), difference of products (3), product with u's entry (4), two additions (6); so 7ε
 * times the absolute expression bounds it (filter.ts). Each underflowing product adds at most
 * 2^-1075, magnified by at most one factor later, so TAIL2 · (1 + sum of |entries|) covers
 * underflow with a wide margin.
 */
const ERR_DET3 = 7 * EPS;

const scratch: bigint[] = [];

/** The rows u, v, w of the determinant (3 each), for `filterDiff`. */
const DIFF = new Float64Array(9);

/**
 * The float filter on DIFF's rounded differences: 1 or -1 when certain, 0 when undecided. Its
 * inputs stay in the typed array: a call V8 does not inline would box each double argument.
 */
function filterDiff(): number {
  const ux = DIFF[0]!;
  const uy = DIFF[1]!;
  const uz = DIFF[2]!;
  const vx = DIFF[3]!;
  const vy = DIFF[4]!;
  const vz = DIFF[5]!;
  const wx = DIFF[6]!;
  const wy = DIFF[7]!;
  const wz = DIFF[8]!;
  const vywz = vy * wz;
  const vzwy = vz * wy;
  const vzwx = vz * wx;
  const vxwz = vx * wz;
  const vxwy = vx * wy;
  const vywx = vy * wx;
  const det = ux * (vywz - vzwy) + uy * (vzwx - vxwz) + uz * (vxwy - vywx);
  const m =
    Math.abs(ux) * (Math.abs(vywz) + Math.abs(vzwy)) +
    Math.abs(uy) * (Math.abs(vzwx) + Math.abs(vxwz)) +
    Math.abs(uz) * (Math.abs(vxwy) + Math.abs(vywx));
  const s = Math.abs(ux) + Math.abs(uy) + Math.abs(uz) + Math.abs(vx) + Math.abs(vy) + Math.abs(vz);
  const bound = ERR_DET3 * m + T2 * (1 + s + Math.abs(wx) + Math.abs(wy) + Math.abs(wz));
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return 0;
}

/**
 * Exact sign of the 3x3 determinant of the rows u, v, w, where every entry is a difference p - q
 * of two doubles (pass q = 0 for a plain value): u = (u0 - u1, u2 - u3, u4 - u5), likewise v, w.
 * Positive when (u, v, w) is a right-handed frame.
 *
 * orient3d(a, b, c, d) is det(b - a, c - a, d - a); a ray from o along dir against the edge
 * (p, q) is det(dir, p - o, q - o), exact where rounding o + dir would not be.
 * @see Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", DCG 1997 (the filtered orientation test this follows).
 */
export function det3Sign(
  u0: number,
  u1: number,
  u2: number,
  u3: number,
  u4: number,
  u5: number,
  v0: number,
  v1: number,
  v2: number,
  v3: number,
  v4: number,
  v5: number,
  w0: number,
  w1: number,
  w2: number,
  w3: number,
  w4: number,
  w5: number,
): number {
  DIFF[0] = u0 - u1;
  DIFF[1] = u2 - u3;
  DIFF[2] = u4 - u5;
  DIFF[3] = v0 - v1;
  DIFF[4] = v2 - v3;
  DIFF[5] = v4 - v5;
  DIFF[6] = w0 - w1;
  DIFF[7] = w2 - w3;
  DIFF[8] = w4 - w5;
  const f = filterDiff();
  if (f !== 0) return f;
  return det3SignSlow(u0, u1, u2, u3, u4, u5, v0, v1, v2, v3, v4, v5, w0, w1, w2, w3, w4, w5);
}

function det3SignSlow(
  u0: number,
  u1: number,
  u2: number,
  u3: number,
  u4: number,
  u5: number,
  v0: number,
  v1: number,
  v2: number,
  v3: number,
  v4: number,
  v5: number,
  w0: number,
  w1: number,
  w2: number,
  w3: number,
  w4: number,
  w5: number,
): number {
  const n = lift([u0, u1, u2, u3, u4, u5, v0, v1, v2, v3, v4, v5, w0, w1, w2, w3, w4, w5], scratch);
  const ux = n[0]! - n[1]!;
  const uy = n[2]! - n[3]!;
  const uz = n[4]! - n[5]!;
  const vx = n[6]! - n[7]!;
  const vy = n[8]! - n[9]!;
  const vz = n[10]! - n[11]!;
  const wx = n[12]! - n[13]!;
  const wy = n[14]! - n[15]!;
  const wz = n[16]! - n[17]!;
  return signOf(ux * (vy * wz - vz * wy) + uy * (vz * wx - vx * wz) + uz * (vx * wy - vy * wx));
}

/**
 * Exact sign of orient3d(a, b, c, d) = det(b - a, c - a, d - a): positive when d lies on the side
 * of the plane through a, b, c that (b - a) × (c - a) points to, 0 when the four are coplanar.
 */
export function orient3d(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  return det3Sign(bx, ax, by, ay, bz, az, cx, ax, cy, ay, cz, az, dx, ax, dy, ay, dz, az);
}

/**
 * `orient3d` of the points at indices i, j, k, l of the x y z array `p` (a, b, c, d), allocating
 * nothing in the usual range. The float filter reads the array (a caller V8 does not inline it
 * into passes no doubles, each of which would be boxed); an undecided sign goes to expansions,
 * and only coordinates beyond 2^±250 to BigInts.
 */
export function orient3dOf(p: Float64Array, i: number, j: number, k: number, l: number): number {
  for (let c = 0; c < 3; c++) {
    const o = p[3 * i + c]!;
    DIFF[c] = p[3 * j + c]! - o;
    DIFF[3 + c] = p[3 * k + c]! - o;
    DIFF[6 + c] = p[3 * l + c]! - o;
  }
  const f = filterDiff();
  if (f !== 0) return f;
  return orient3dOfSlow(p, i, j, k, l);
}

function orient3dOfSlow(p: Float64Array, i: number, j: number, k: number, l: number): number {
  const e = orient3dExpansion(p, i, j, k, l);
  if (e !== UNDECIDED) return e;
  const ax = p[3 * i]!;
  const ay = p[3 * i + 1]!;
  const az = p[3 * i + 2]!;
  return det3SignSlow(
    p[3 * j]!,
    ax,
    p[3 * j + 1]!,
    ay,
    p[3 * j + 2]!,
    az,
    p[3 * k]!,
    ax,
    p[3 * k + 1]!,
    ay,
    p[3 * k + 2]!,
    az,
    p[3 * l]!,
    ax,
    p[3 * l + 1]!,
    ay,
    p[3 * l + 2]!,
    az,
  );
}
