/**
 * Exact containment for the rounded contacts' `aInB` / `bInA` flags: is a core grown by ri inside
 * another shape? Each test runs a float pass that decides only when its value is clear of the
 * threshold by 2^-40 of the problem's scale (the floats' own error is below 2^-48 of it: a few
 * roundings on differences and one square root), and lifts everything to BigInts otherwise.
 * A shape with no volume (triangle, plane, mesh, flat box) holds no solid with r > 0.
 * @see Ericson, Real-Time Collision Detection, §5.1.2 (point to segment) and §5.2.5 (the
 * separating-plane view of containment in a convex polytope).
 */
import { lift } from "../../exact/bigint.ts";
import { orient3d } from "../../exact/orient3d.ts";
import { testPointAabb, testPointBox, testPointTriangle } from "../pairs/point-shapes.ts";
import type { Aabb, Box, Hull, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";

/**
 * A sphere or capsule: only its radius is read. Radii travel inside their shapes (and the float
 * filter's reach in `NEAR`) because a call V8 does not inline boxes each double argument.
 */
export interface Rounded {
  radius: number;
}

/** `pointsNearFloat`'s inputs: ro - ri, ro + ri, the extra error allowance of the points. */
const NEAR = new Float64Array(3);

/** Margin of the clear-by-far float pass, relative to the problem's scale. */
const MARGIN = 2 ** -40;
/** Scales outside [2^-400, 2^400] go to BigInt (squares would leave the normal range). */
const LOW = 2 ** -400;
const HIGH = 2 ** 400;

const IN = 1;
const OUT = 0;
const UNSURE = -1;

const vals: number[] = [];
const ints: bigint[] = [];
const axes: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];
const corners = new Float64Array(24);
const P: Vec = { x: 0, y: 0, z: 0 };
const B: Vec = { x: 0, y: 0, z: 0 };
const ZERO: Vec = { x: 0, y: 0, z: 0 };

/**
 * Float pass of "every point within ro - ri of the segment ab" (a point when a = b), with ro - ri,
 * ro + ri and `extra` read from NEAR; `extra` is added to the scale (the rounding of points that
 * were themselves computed).
 */
function pointsNearFloat(xyz: Float64Array, count: number, a: Vec, b: Vec): number {
  const r = NEAR[0]!;
  const radii = NEAR[1]!;
  const extra = NEAR[2]!;
  const ux = b.x - a.x;
  const uy = b.y - a.y;
  const uz = b.z - a.z;
  const uu = ux * ux + uy * uy + uz * uz;
  const su = Math.abs(ux) + Math.abs(uy) + Math.abs(uz) + radii + extra;
  let verdict = IN;
  for (let i = 0; i < count; i++) {
    const wx = xyz[3 * i]! - a.x;
    const wy = xyz[3 * i + 1]! - a.y;
    const wz = xyz[3 * i + 2]! - a.z;
    const s = Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + su;
    if (!(s < HIGH) || (s > 0 && s < LOW)) {
      verdict = UNSURE;
      continue;
    }
    let t = uu > 0 ? (wx * ux + wy * uy + wz * uz) / uu : 0;
    t = t > 1 ? 1 : t > 0 ? t : 0;
    const ex = wx - t * ux;
    const ey = wy - t * uy;
    const ez = wz - t * uz;
    const d = Math.sqrt(ex * ex + ey * ey + ez * ez);
    const m = MARGIN * s;
    if (d > r + m) return OUT;
    if (!(d < r - m)) verdict = UNSURE;
  }
  return verdict;
}

/**
 * Exact: is every lifted point (ints from `at`, `count` triples) within R of the lifted segment
 * (a at 0, b at 3)? All values share one power of two; R is an integer too.
 */
function pointsNearExact(at: number, count: number, R: bigint): boolean {
  if (R < 0n) return false;
  const n = ints;
  const ax = n[0]!;
  const ay = n[1]!;
  const az = n[2]!;
  const ux = n[3]! - ax;
  const uy = n[4]! - ay;
  const uz = n[5]! - az;
  const uu = ux * ux + uy * uy + uz * uz;
  const RR = R * R;
  for (let i = 0; i < count; i++) {
    const k = at + 3 * i;
    const wx = n[k]! - ax;
    const wy = n[k + 1]! - ay;
    const wz = n[k + 2]! - az;
    const ww = wx * wx + wy * wy + wz * wz;
    const wu = wx * ux + wy * uy + wz * uz;
    let inside: boolean;
    if (uu === 0n || wu <= 0n) inside = ww <= RR;
    else if (wu >= uu) {
      const vx = wx - ux;
      const vy = wy - uy;
      const vz = wz - uz;
      inside = vx * vx + vy * vy + vz * vz <= RR;
    } else inside = ww * uu - wu * wu <= RR * uu;
    if (!inside) return false;
  }
  return true;
}

/**
 * Exact: does the segment ab grown by ro (a capsule; a sphere when a = b) contain every point of
 * `xyz` (count triples) grown by ri? The distance to a segment is convex, so the points' hull
 * grown by ri is inside exactly when each point is within ro - ri.
 */
export function pointsInRounded(
  xyz: Float64Array,
  count: number,
  inner: Rounded | null,
  a: Vec,
  b: Vec,
  outer: Rounded,
): boolean {
  const ri = inner === null ? 0 : inner.radius;
  const ro = outer.radius;
  if (ri > ro) return false;
  NEAR[0] = ro - ri;
  NEAR[1] = ro + ri;
  NEAR[2] = 0;
  const f = pointsNearFloat(xyz, count, a, b);
  if (f !== UNSURE) return f === IN;
  vals.length = 0;
  vals.push(a.x, a.y, a.z, b.x, b.y, b.z, ro, ri);
  for (let i = 0; i < 3 * count; i++) vals.push(xyz[i]!);
  lift(vals, ints);
  return pointsNearExact(8, count, ints[6]! - ints[7]!);
}

/** Exact: does the segment ab grown by ro (a sphere when a = b) contain the box? */
export function boxInRounded(box: Box, a: Vec, b: Vec, outer: Rounded): boolean {
  const ro = outer.radius;
  boxAxes(box, axes);
  const c = box.center;
  const u = axes[0]!;
  const v = axes[1]!;
  const w = axes[2]!;
  // Quick reject for a ball (a = b): antipodal corners c +- h have |x + h|^2 + |x - h|^2 >= 2 |h|^2,
  // so some corner is at least |h| = |u + v + w| (any sign choice) from the center.
  if (a.x === b.x && a.y === b.y && a.z === b.z) {
    let far = 0;
    for (let k = 0; k < 4; k++) {
      const sv = k === 1 ? -1 : 1;
      const sw = k === 2 ? -1 : 1;
      const su = k === 3 ? -1 : 1;
      const hx = su * u.x + sv * v.x + sw * w.x;
      const hy = su * u.y + sv * v.y + sw * w.y;
      const hz = su * u.z + sv * v.z + sw * w.z;
      far = Math.max(far, hx * hx + hy * hy + hz * hz);
    }
    if (far > ro * ro * (1 + 2 ** -40) && ro * ro > 2 ** -900) return false;
  }
  // Corners relative to a, so their rounding is relative to the box's distance from a.
  const ox = c.x - a.x;
  const oy = c.y - a.y;
  const oz = c.z - a.z;
  for (let k = 0; k < 8; k++) {
    const su = k & 1 ? 1 : -1;
    const sv = k & 2 ? 1 : -1;
    const sw = k & 4 ? 1 : -1;
    corners[3 * k] = ox + su * u.x + sv * v.x + sw * w.x;
    corners[3 * k + 1] = oy + su * u.y + sv * v.y + sw * w.y;
    corners[3 * k + 2] = oz + su * u.z + sv * v.z + sw * w.z;
  }
  B.x = b.x - a.x;
  B.y = b.y - a.y;
  B.z = b.z - a.z;
  // The corners and b - a are off by a few ulps of these magnitudes: widen the margin by them.
  const extra =
    Math.abs(ox) +
    Math.abs(oy) +
    Math.abs(oz) +
    Math.abs(B.x) +
    Math.abs(B.y) +
    Math.abs(B.z) +
    Math.abs(u.x) +
    Math.abs(u.y) +
    Math.abs(u.z) +
    Math.abs(v.x) +
    Math.abs(v.y) +
    Math.abs(v.z) +
    Math.abs(w.x) +
    Math.abs(w.y) +
    Math.abs(w.z);
  NEAR[0] = ro;
  NEAR[1] = ro;
  NEAR[2] = extra;
  const f = pointsNearFloat(corners, 8, ZERO, B);
  if (f !== UNSURE) return f === IN;
  vals.length = 0;
  vals.push(a.x, a.y, a.z, b.x, b.y, b.z, ro, 0);
  vals.push(c.x, c.y, c.z, u.x, u.y, u.z, v.x, v.y, v.z, w.x, w.y, w.z);
  lift(vals, ints);
  // Replace the box data (ints 8..19) by its 8 exact corners from index 8 on.
  const n = ints;
  const base = n.slice(8, 20);
  n.length = 8;
  for (let k = 0; k < 8; k++) {
    for (let j = 0; j < 3; j++) {
      const su = k & 1 ? base[3 + j]! : -base[3 + j]!;
      const sv = k & 2 ? base[6 + j]! : -base[6 + j]!;
      const sw = k & 4 ? base[9 + j]! : -base[9 + j]!;
      n.push(base[j]! + su + sv + sw);
    }
  }
  return pointsNearExact(8, 8, n[6]!);
}

/** Exact: is every point of `xyz` grown by the inner radius inside the closed axis-aligned box? */
export function pointsInAabb(xyz: Float64Array, count: number, inner: Rounded, box: Aabb): boolean {
  const ri = inner.radius;
  const lo = box.min;
  const hi = box.max;
  if (ri === 0) return everyPoint(xyz, count, box, testPointAabb);
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < 3; k++) {
      const v = xyz[3 * i + k]!;
      const l = k === 0 ? lo.x : k === 1 ? lo.y : lo.z;
      const h = k === 0 ? hi.x : k === 1 ? hi.y : hi.z;
      // v - ri >= l and v + ri <= h, each the sign of a sum of three doubles: the float pass of
      // `sumNonNegative` written out (its double arguments would be boxed), which decides all
      // but sums within rounding of 0.
      const s1 = v + -l + -ri;
      const m1 = 4 * 2 ** -53 * (Math.abs(v) + Math.abs(l) + Math.abs(ri));
      if (-s1 > m1) return false;
      if (!(s1 > m1) && !sumNonNegative(v, -l, -ri)) return false;
      const s2 = h + -v + -ri;
      const m2 = 4 * 2 ** -53 * (Math.abs(h) + Math.abs(v) + Math.abs(ri));
      if (-s2 > m2) return false;
      if (!(s2 > m2) && !sumNonNegative(h, -v, -ri)) return false;
    }
  }
  return true;
}

/** Exact sign test p + q + r >= 0 for doubles (float with margin, else BigInt). */
function sumNonNegative(p: number, q: number, r: number): boolean {
  const s = p + q + r;
  const m = 4 * 2 ** -53 * (Math.abs(p) + Math.abs(q) + Math.abs(r));
  if (s > m) return true;
  if (-s > m) return false;
  vals.length = 0;
  vals.push(p, q, r);
  lift(vals, ints);
  return ints[0]! + ints[1]! + ints[2]! >= 0n;
}

/**
 * Exact: is every point of `xyz` grown by ri inside the box (the parallelepiped c + sum u_i a_i,
 * |u_i| <= 1)? Face pair i has normal n_i = a_j x a_k; p is inside by ri when
 * |det| - |(p - c) . n_i| >= ri |n_i| for each i (det = a_i . n_i).
 */
export function pointsInBox(xyz: Float64Array, count: number, inner: Rounded, box: Box): boolean {
  const ri = inner.radius;
  if (ri === 0) return everyPoint(xyz, count, box, testPointBox);
  boxAxes(box, axes);
  // Quick reject: each half-width of the box is at most its half axis' length (and within
  // rounding of it), so a ball wider than the shortest axis does not fit.
  let shortest = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const a = axes[k]!;
    const len = Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
    // Where the squares leave the normal range, the 1-norm (>= the length) stands in.
    const bound =
      len > 2 ** -500 && len < 2 ** 500 ? len : Math.abs(a.x) + Math.abs(a.y) + Math.abs(a.z);
    shortest = Math.min(shortest, bound);
  }
  if (ri > shortest * (1 + 2 ** -40)) return false;
  const c = box.center;
  let unsure = false;
  for (let f = 0; f < 3; f++) {
    const ai = axes[f]!;
    const aj = axes[(f + 1) % 3]!;
    const ak = axes[(f + 2) % 3]!;
    let nx = aj.y * ak.z - aj.z * ak.y;
    let ny = aj.z * ak.x - aj.x * ak.z;
    let nz = aj.x * ak.y - aj.y * ak.x;
    const nm = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
    // A flat box (or one whose face normal rounds to 0) holds no ball with ri > 0 in floats'
    // view; let the exact pass decide.
    if (!(nm > 0) || !Number.isFinite(nm)) {
      unsure = true;
      break;
    }
    nx /= nm;
    ny /= nm;
    nz /= nm;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx /= len;
    ny /= len;
    nz /= len;
    const half = Math.abs(ai.x * nx + ai.y * ny + ai.z * nz);
    const sa =
      Math.abs(ai.x) +
      Math.abs(ai.y) +
      Math.abs(ai.z) +
      Math.abs(aj.x) +
      Math.abs(aj.y) +
      Math.abs(aj.z) +
      Math.abs(ak.x) +
      Math.abs(ak.y) +
      Math.abs(ak.z) +
      ri;
    for (let i = 0; i < count; i++) {
      const dx = xyz[3 * i]! - c.x;
      const dy = xyz[3 * i + 1]! - c.y;
      const dz = xyz[3 * i + 2]! - c.z;
      const s = sa + Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
      if (!(s < HIGH) || s < LOW) {
        unsure = true;
        continue;
      }
      const slack = half - Math.abs(dx * nx + dy * ny + dz * nz) - ri;
      const m = MARGIN * s;
      if (slack < -m) return false;
      if (!(slack > m)) unsure = true;
    }
  }
  if (!unsure) return true;
  vals.length = 0;
  vals.push(c.x, c.y, c.z);
  for (let k = 0; k < 3; k++) vals.push(axes[k]!.x, axes[k]!.y, axes[k]!.z);
  vals.push(ri);
  for (let i = 0; i < 3 * count; i++) vals.push(xyz[i]!);
  lift(vals, ints);
  const n = ints;
  const R = n[12]!;
  for (let f = 0; f < 3; f++) {
    const i = 3 + 3 * f;
    const j = 3 + 3 * ((f + 1) % 3);
    const k = 3 + 3 * ((f + 2) % 3);
    const nx = n[j + 1]! * n[k + 2]! - n[j + 2]! * n[k + 1]!;
    const ny = n[j + 2]! * n[k]! - n[j]! * n[k + 2]!;
    const nz = n[j]! * n[k + 1]! - n[j + 1]! * n[k]!;
    let det = n[i]! * nx + n[i + 1]! * ny + n[i + 2]! * nz;
    if (det < 0n) det = -det;
    if (det === 0n) return false;
    const nn = nx * nx + ny * ny + nz * nz;
    for (let p = 0; p < count; p++) {
      const q = 13 + 3 * p;
      let d = (n[q]! - n[0]!) * nx + (n[q + 1]! - n[1]!) * ny + (n[q + 2]! - n[2]!) * nz;
      if (d < 0n) d = -d;
      const x = det - d;
      if (x < 0n || x * x < R * R * nn) return false;
    }
  }
  return true;
}

/** Exact: is every point of `xyz` grown by the inner radius inside the closed triangle (only
 * when it is 0)? */
export function pointsInTriangle(
  xyz: Float64Array,
  count: number,
  inner: Rounded,
  t: Triangle,
): boolean {
  return inner.radius === 0 && everyPoint(xyz, count, t, testPointTriangle);
}

/** Whether `test(p, shape)` holds for every point p of `xyz`. */
function everyPoint<T>(
  xyz: Float64Array,
  count: number,
  shape: T,
  test: (p: Vec, shape: T) => boolean,
): boolean {
  for (let i = 0; i < count; i++) {
    P.x = xyz[3 * i]!;
    P.y = xyz[3 * i + 1]!;
    P.z = xyz[3 * i + 2]!;
    if (!test(P, shape)) return false;
  }
  return true;
}

/**
 * Exact: is every point of `xyz` grown by ri (the inner radius) inside the hull? The hull's supporting planes are
 * found by brute force (every triple of points whose plane has all the others on one side, by
 * exact orient3d), so this costs O(n^4) for n hull points: meant for small hulls. A float quick
 * reject on the bounding boxes comes first. A flat hull holds nothing with ri > 0; with ri = 0,
 * `onFlat` decides each point (exactly, through the caller's exact distance).
 */
export function pointsInHull(
  xyz: Float64Array,
  count: number,
  inner: Rounded,
  h: Hull,
  onFlat: (p: Vec, h: Hull) => boolean,
): boolean {
  const ri = inner.radius;
  const pts = h.points;
  const n = pts.length;
  // Bounds first: a point whose ball leaves the hull's box by more than rounding is outside.
  let minX = Number.POSITIVE_INFINITY;
  let minY = minX;
  let minZ = minX;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = maxX;
  let maxZ = maxX;
  for (let i = 0; i < n; i++) {
    const p = pts[i]!;
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    minZ = Math.min(minZ, p.z);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
    maxZ = Math.max(maxZ, p.z);
  }
  for (let i = 0; i < count; i++) {
    const x = xyz[3 * i]!;
    const y = xyz[3 * i + 1]!;
    const z = xyz[3 * i + 2]!;
    if (x < minX || x > maxX || y < minY || y > maxY || z < minZ || z > maxZ) return false;
    // Its ball must fit in the box too: x - ri >= minX and so on, each side off by one rounding
    // of at most 2^-52 (|x| + ri) (a NaN from overflow rejects nothing).
    const e = 2 ** -52 * (Math.abs(x) + Math.abs(y) + Math.abs(z) + ri);
    if (x - ri + e < minX || y - ri + e < minY || z - ri + e < minZ) return false;
    if (x + ri - e > maxX || y + ri - e > maxY || z + ri - e > maxZ) return false;
  }
  let facets = 0;
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    for (let j = i + 1; j < n; j++) {
      const b = pts[j]!;
      for (let k = j + 1; k < n; k++) {
        const c = pts[k]!;
        let side = 0;
        let support = true;
        for (let m = 0; m < n && support; m++) {
          if (m === i || m === j || m === k) continue;
          const p = pts[m]!;
          const o = orient3d(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, p.x, p.y, p.z);
          if (o === 0) continue;
          if (side === 0) side = o;
          else if (o !== side) support = false;
        }
        if (!support || side === 0) continue;
        facets++;
        // Inside means on the side of the other points, by at least ri.
        for (let q = 0; q < count; q++) {
          if (!planeKeeps(a, b, c, side, xyz, q, inner)) return false;
        }
      }
    }
  }
  if (facets > 0) return true;
  // No supporting plane with points off it: the hull is flat.
  return ri === 0 && everyPoint(xyz, count, h, onFlat);
}

/**
 * Exact: is point q of `xyz` on the `side` of plane abc (the sign of orient3d(a, b, c, .) for the
 * hull's other points) by at least ri: side * n . (p - a) >= ri |n| with n = (b - a) x (c - a)?
 */
function planeKeeps(
  a: Vec,
  b: Vec,
  c: Vec,
  side: number,
  xyz: Float64Array,
  q: number,
  inner: Rounded,
): boolean {
  const ri = inner.radius;
  const px = xyz[3 * q]!;
  const py = xyz[3 * q + 1]!;
  const pz = xyz[3 * q + 2]!;
  const o = orient3d(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, px, py, pz);
  if (o === -side) return false;
  if (ri === 0) return true;
  if (o === 0) return false;
  vals.length = 0;
  vals.push(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, px, py, pz, ri);
  lift(vals, ints);
  const n = ints;
  const ux = n[3]! - n[0]!;
  const uy = n[4]! - n[1]!;
  const uz = n[5]! - n[2]!;
  const vx = n[6]! - n[0]!;
  const vy = n[7]! - n[1]!;
  const vz = n[8]! - n[2]!;
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const d = (n[9]! - n[0]!) * nx + (n[10]! - n[1]!) * ny + (n[11]! - n[2]!) * nz;
  // side * d > 0 here; compare d^2 with ri^2 |n|^2.
  return d * d >= n[12]! * n[12]! * (nx * nx + ny * ny + nz * nz);
}
