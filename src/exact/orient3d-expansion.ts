/*
 * The exact sign of orient3d on doubles by floating-point expansions, without BigInts (so without
 * allocation): det(b - a, c - a, d - a) with each difference split exactly into two doubles
 * (two-diff), each of the determinant's 6 x 8 triple products into four (two-product twice),
 * and all of them summed exactly into one nonoverlapping expansion (grow-expansion), whose
 * largest component carries the sign. Exact only while nothing overflows or underflows: every
 * input is 0 or of magnitude in [2^-250, 2^250], so every term is a multiple of 2^-906 below
 * 2^760; other inputs return UNDECIDED for the caller's BigInt path.
 * @see Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", DCG 1997 (two-sum, two-product with Dekker's split, grow-expansion).
 */

/** What `orient3dExpansion` returns for inputs outside its range. */
export const UNDECIDED = 2;

const LOW = 2 ** -250;
const HIGH = 2 ** 250;
/** Dekker's splitter for doubles: 2^27 + 1. */
const SPLITTER = 134217729;

/** The differences' high and low parts: (u, v, w) x (x, y, z), hi then lo. */
const D = new Float64Array(18);
/** The triple products' parts; then the running expansion. */
const TERMS = new Float64Array(192);
const EXP = new Float64Array(200);
/** Two-product result: product and its exact error. */
const TP = new Float64Array(2);

function inRange(x: number): boolean {
  const a = Math.abs(x);
  return a === 0 || (a >= LOW && a <= HIGH);
}

/** TP = (a * b, the exact error of that product) (Dekker; no overflow in range). */
function twoProduct(a: number, b: number): void {
  const p = a * b;
  let c = SPLITTER * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLITTER * b;
  const bh = c - (c - b);
  const bl = b - bh;
  TP[0] = p;
  TP[1] = al * bl - (p - ah * bh - al * bh - ah * bl);
}

/** D at 6 * row + 2 * axis: the difference q - o exactly, as hi + lo (two-diff). */
function twoDiff(at: number, q: number, o: number): void {
  const x = q - o;
  const bv = q - x;
  const av = x + bv;
  D[at] = x;
  D[at + 1] = q - av + (bv - o);
}

/** Permutations of (x, y, z) with their signs: the determinant's six terms. */
const PERM = [0, 1, 2, 1, 1, 2, 0, 1, 2, 0, 1, 1, 0, 2, 1, -1, 1, 0, 2, -1, 2, 1, 0, -1];

/**
 * The exact sign (1, -1 or 0) of orient3d(a, b, c, d) for the points at indices i, j, k, l of
 * the x y z array p, or UNDECIDED when some coordinate is outside the range this path is exact for.
 */
export function orient3dExpansion(
  p: Float64Array,
  i: number,
  j: number,
  k: number,
  l: number,
): number {
  for (let c = 0; c < 3; c++) {
    if (
      !inRange(p[3 * i + c]!) ||
      !inRange(p[3 * j + c]!) ||
      !inRange(p[3 * k + c]!) ||
      !inRange(p[3 * l + c]!)
    ) {
      return UNDECIDED;
    }
    twoDiff(2 * c, p[3 * j + c]!, p[3 * i + c]!);
    twoDiff(6 + 2 * c, p[3 * k + c]!, p[3 * i + c]!);
    twoDiff(12 + 2 * c, p[3 * l + c]!, p[3 * i + c]!);
  }
  // Every s * u_pi0 * v_pi1 * w_pi2 over the parts (hi or lo) of each factor: four doubles each.
  let n = 0;
  for (let t = 0; t < 24; t += 4) {
    const s = PERM[t + 3]!;
    for (let m = 0; m < 8; m++) {
      const u = D[2 * PERM[t]! + (m & 1)]!;
      const v = D[6 + 2 * PERM[t + 1]! + ((m >> 1) & 1)]!;
      const w = s * D[12 + 2 * PERM[t + 2]! + (m >> 2)]!;
      if (u === 0 || v === 0 || w === 0) continue;
      twoProduct(u, v);
      const e = TP[1]!;
      twoProduct(TP[0]!, w);
      TERMS[n++] = TP[0]!;
      TERMS[n++] = TP[1]!;
      if (e !== 0) {
        twoProduct(e, w);
        TERMS[n++] = TP[0]!;
        TERMS[n++] = TP[1]!;
      }
    }
  }
  // Grow-expansion with zero elimination: EXP stays nonoverlapping, in increasing magnitude.
  let m = 0;
  for (let t = 0; t < n; t++) {
    let q = TERMS[t]!;
    if (q === 0) continue;
    let w = 0;
    for (let c = 0; c < m; c++) {
      // Two-sum: q + EXP[c] = x + y exactly.
      const b = EXP[c]!;
      const x = q + b;
      const bv = x - q;
      const y = q - (x - bv) + (b - bv);
      if (y !== 0) EXP[w++] = y;
      q = x;
    }
    if (q !== 0) EXP[w++] = q;
    m = w;
  }
  if (m === 0) return 0;
  return EXP[m - 1]! > 0 ? 1 : -1;
}
