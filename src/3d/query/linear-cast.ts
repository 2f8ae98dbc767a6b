import { bitLength, isqrt, lift, ratioToDouble } from "../../exact/bigint.ts";
import { ACCURATE, EPS, ERR5 } from "../../exact/filter.ts";
import { clampFinite } from "../../math/scalar.ts";
import { normalize3 } from "../../math/vec3.ts";
import { makeVec3, type ShapeHit } from "../results.ts";
import { type Aabb, type Box, boxAxes, type Capsule, type Vec } from "../shapes.ts";
import {
  type B3,
  babs,
  bcross,
  bdet,
  bdot,
  isZero,
  type LinearForm3,
  liftFormBox,
  pointAtStored,
} from "./linear-form.ts";

/*
 * The numbers of a 3D cast (t, point, normal) once the exact test has said "hit". Each cast finds
 * where the whole line o + t d enters the shape, clamps that to the range [lo, hi], and faces the
 * normal back along d. A start inside (decided exactly by the caller) gives t = lo, the cast
 * reversed as normal, and `inside`.
 * - Spheres: the entry root (b - sqrt(disc)) / |d|^2 with b = d.(c - o), written as
 *   omega / (b + sqrt(disc)) when b > 0 (Press et al., Numerical Recipes §5.6), disc by
 *   Lagrange's identity r^2 |d|^2 - |d x (c - o)|^2; from exact values rounded once when the
 *   floats' error bounds exceed ACCURATE.
 * - Boxes: slabs in the box's frame (Kay and Kajiya, "Ray tracing complex scenes", SIGGRAPH 1986).
 * - Capsules: the cylinder's quadratic and the two end spheres (Ericson, Real-Time Collision
 *   Detection, §5.3.7).
 * Magnitudes outside [2^-240, 2^240] are first brought near 1 by powers of two (exact).
 */

const LO = 2 ** -240;
const HI = 2 ** 240;

/** A power of two bringing m near 1, or 1 when m is already in range (or 0). */
function scaleFor(m: number): number {
  if ((m > LO && m < HI) || m === 0 || !(m < Number.POSITIVE_INFINITY)) return 1;
  let e = -Math.floor(Math.log2(m));
  let s = 1;
  while (e > 1000) {
    s *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000) {
    s *= 2 ** -1000;
    e += 1000;
  }
  return s * 2 ** e;
}

/** Fills `out` for a start inside: t = lo (0), the start, the cast reversed, `inside`. */
export function insideHit(f: LinearForm3, out: ShapeHit): ShapeHit {
  out.t = 0;
  out.point.x = f.ox;
  out.point.y = f.oy;
  out.point.z = f.oz;
  reversedCast(f, out.normal);
  out.inside = true;
  return out;
}

/** Writes the unit vector against the cast's direction ((1, 0, 0) for a zero direction). */
function reversedCast(f: LinearForm3, n: Vec): void {
  if (!normalize3(f.qx - f.px, f.qy - f.py, f.qz - f.pz, n)) {
    n.x = 1;
    n.y = 0;
    n.z = 0;
  }
}

/**
 * finishCast's inputs t, nx, ny, nz: a typed array, since a call V8 does not inline boxes each
 * loose double argument into a fresh heap number (intersectRayBox's general path did: 64 B a call).
 */
export const FIN: Float64Array = new Float64Array(4);

/** Sets t (FIN[0], clamped to the range, finite), point, normal (from FIN[1..3], else against d). */
export function finishCast(f: LinearForm3, out: ShapeHit): ShapeHit {
  let t = FIN[0]!;
  const nx = FIN[1]!;
  const ny = FIN[2]!;
  const nz = FIN[3]!;
  if (!(t >= f.lo)) t = f.lo === Number.NEGATIVE_INFINITY ? (t > 0 ? t : -Number.MAX_VALUE) : f.lo;
  if (t > f.hi) t = f.hi;
  t = clampFinite(t);
  out.t = t;
  FIN[0] = t;
  pointAtStored(f, FIN, 0, out.point);
  if (!(nx - nx === 0 && ny - ny === 0 && nz - nz === 0) || !normalize3(nx, ny, nz, out.normal)) {
    reversedCast(f, out.normal);
  }
  out.inside = false;
  return out;
}

// The last sphere entry in the working frame (root, normal direction) and the last exact box entry
// (t, outward normal): module numbers live in a typed array, since a mutated `let` number is
// boxed per write.
const SC = new Float64Array(8);
/** Set when the float root is accurate to ACCURATE (else the caller computes it exactly). */
let ACC = true;

/**
 * A cast's float input relative to the line's start: ball centers or core ends at 0..2 and
 * 3..5, the direction d at 6..8, the radius at 9 (typed: a call V8 does not inline boxes each
 * loose double argument, 16 bytes each).
 */
export const CAP: Float64Array = new Float64Array(10);

/**
 * Entry of the line t d (CAP[6..8]) into the ball of radius CAP[9] at w = CAP[k..k+2], into
 * SC[0] and the outward direction SC[1..3]; returns false when the floats find no real root (a
 * graze: the closest approach stands in).
 */
function sphereEntry(k: number): boolean {
  const wx = CAP[k]!;
  const wy = CAP[k + 1]!;
  const wz = CAP[k + 2]!;
  const dx = CAP[6]!;
  const dy = CAP[7]!;
  const dz = CAP[8]!;
  const r = CAP[9]!;
  const b = wx * dx + wy * dy + wz * dz;
  const dd = dx * dx + dy * dy + dz * dz;
  // k = w x d; |k|^2 = |w|^2 |d|^2 - b^2 without the cancellation.
  const kx = wy * dz - wz * dy;
  const ky = wz * dx - wx * dz;
  const kz = wx * dy - wy * dx;
  const kk = kx * kx + ky * ky + kz * kz;
  const rr = r * r;
  const ww = wx * wx + wy * wy + wz * wz;
  const omega = ww - rr;
  let disc = rr * dd - kk;
  const real = disc >= 0;
  if (!real) disc = 0;
  const root = Math.sqrt(disc);
  const den = b > 0 ? b + root : root - b;
  SC[0] = b > 0 ? omega / den : -den / dd;
  // Error bounds (filter.ts): |b| and omega to ERR5, disc to 16 eps of its absolute terms.
  const ab = Math.abs(wx * dx) + Math.abs(wy * dy) + Math.abs(wz * dz);
  const mk =
    (Math.abs(wy * dz) + Math.abs(wz * dy)) ** 2 +
    (Math.abs(wz * dx) + Math.abs(wx * dz)) ** 2 +
    (Math.abs(wx * dy) + Math.abs(wy * dx)) ** 2;
  const eDisc = 16 * EPS * (mk + rr * dd);
  ACC =
    ERR5 * ab < ACCURATE * den &&
    // |sqrt(x + e) - sqrt(x)| <= min(sqrt(e), e / sqrt(x)).
    Math.min(Math.sqrt(eDisc), eDisc / root) < ACCURATE * den &&
    (b <= 0 || ERR5 * (ww + rr) < ACCURATE * Math.abs(omega)) &&
    den > 0;
  // Entry point minus center: -(d x (w x d) + root d) / dd.
  SC[1] = -(dy * kz - dz * ky) - root * dx;
  SC[2] = -(dz * kx - dx * kz) - root * dy;
  SC[3] = -(dx * ky - dy * kx) - root * dz;
  return real;
}

const big: bigint[] = [];

/** The entry root of the line o + t (p - q) into the ball (c, r), from exact values rounded once. */
function sphereRootExact(f: LinearForm3, cx: number, cy: number, cz: number, r: number): number {
  const n = lift([f.ox, f.oy, f.oz, f.px, f.py, f.pz, f.qx, f.qy, f.qz, cx, cy, cz, r], big);
  const dx = n[3]! - n[6]!;
  const dy = n[4]! - n[7]!;
  const dz = n[5]! - n[8]!;
  const wx = n[9]! - n[0]!;
  const wy = n[10]! - n[1]!;
  const wz = n[11]! - n[2]!;
  const rr = n[12]! * n[12]!;
  const b = wx * dx + wy * dy + wz * dz;
  const dd = dx * dx + dy * dy + dz * dz;
  if (dd === 0n) return 0;
  const kx = wy * dz - wz * dy;
  const ky = wz * dx - wx * dz;
  const kz = wx * dy - wy * dx;
  let disc = rr * dd - (kx * kx + ky * ky + kz * kz);
  if (disc < 0n) disc = 0n;
  const omega = wx * wx + wy * wy + wz * wz - rr;
  const k = 64n;
  const root = isqrt(disc << (2n * k));
  if (b > 0n) return ratioToDouble(omega << k, (b << k) + root, 0);
  return -ratioToDouble(root - (b << k), dd << k, 0);
}

/** Fills `out` with the entry of f into the ball (c, r), which the exact test says it meets. */
export function castSphere3(
  f: LinearForm3,
  cx: number,
  cy: number,
  cz: number,
  r: number,
  out: ShapeHit,
): ShapeHit {
  let wx = cx - f.ox;
  let wy = cy - f.oy;
  let wz = cz - f.oz;
  let dx = f.px - f.qx;
  let dy = f.py - f.qy;
  let dz = f.pz - f.qz;
  let rs = r;
  const mw = Math.max(Math.abs(wx), Math.abs(wy), Math.abs(wz), r);
  const md = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
  // In range takes no call: V8 boxes a double passed to a call it leaves out of line.
  const sw = mw > LO && mw < HI ? 1 : scaleFor(mw);
  const sd = md > LO && md < HI ? 1 : scaleFor(md);
  const fine = mw < Number.POSITIVE_INFINITY && md < Number.POSITIVE_INFINITY;
  if (sw !== 1 || sd !== 1) {
    wx *= sw;
    wy *= sw;
    wz *= sw;
    rs *= sw;
    dx *= sd;
    dy *= sd;
    dz *= sd;
  }
  CAP[0] = wx;
  CAP[1] = wy;
  CAP[2] = wz;
  CAP[6] = dx;
  CAP[7] = dy;
  CAP[8] = dz;
  CAP[9] = rs;
  sphereEntry(0);
  const t = SC[0]! * (sd / sw);
  // Each branch stores its own value: merging t with the exact path's call result boxes t.
  if (!ACC || !fine || !(t - t === 0)) FIN[0] = sphereRootExact(f, cx, cy, cz, r);
  else FIN[0] = t;
  FIN[1] = SC[1]!;
  FIN[2] = SC[2]!;
  FIN[3] = SC[3]!;
  return finishCast(f, out);
}

// The last slab cast: whether its entry may be off by more than ACCURATE (or the wrong slab).
let DOUBTFUL = false;

/**
 * The slab entry of the line o + t d (o relative to the center, both in the box frame) into the
 * box of half extents (hx, hy, hz), into out.t; returns the entry axis 0..2 (+3 when d > 0 on it).
 * Each slab's t = (+-h - o_k) / d_k carries an error of about 8 eps (h_k + |o|) / |d_k| (the
 * frame's rounding of o and d); DOUBTFUL is set when that could move the entry by more than
 * ACCURATE of itself, pick another slab, or empty the interval, or when a component of d is
 * within the frame's rounding of 0 (`fuzzy`).
 */
function castSlabs(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  hx: number,
  hy: number,
  hz: number,
  fuzzy: number,
  out: ShapeHit,
): number {
  let en = Number.NEGATIVE_INFINITY;
  let ex = Number.POSITIVE_INFINITY;
  let axis = -1;
  const big = 8 * EPS * (Math.abs(ox) + Math.abs(oy) + Math.abs(oz));
  let e0 = 0;
  let e1 = 0;
  let e2 = 0;
  let t0 = Number.NEGATIVE_INFINITY;
  let t1 = Number.NEGATIVE_INFINITY;
  let t2 = Number.NEGATIVE_INFINITY;
  let errEx = 0;
  let doubt = false;
  if (dx !== 0) {
    t0 = ((dx > 0 ? -hx : hx) - ox) / dx;
    const x = ((dx > 0 ? hx : -hx) - ox) / dx;
    e0 = (big + 8 * EPS * hx) / Math.abs(dx) + 4 * EPS * Math.abs(t0);
    if (x < ex) {
      ex = x;
      errEx = e0 + 4 * EPS * Math.abs(x);
    }
    if (t0 > en) {
      en = t0;
      axis = dx > 0 ? 3 : 0;
    }
  }
  if (dy !== 0) {
    t1 = ((dy > 0 ? -hy : hy) - oy) / dy;
    const x = ((dy > 0 ? hy : -hy) - oy) / dy;
    e1 = (big + 8 * EPS * hy) / Math.abs(dy) + 4 * EPS * Math.abs(t1);
    if (x < ex) {
      ex = x;
      errEx = e1 + 4 * EPS * Math.abs(x);
    }
    if (t1 > en) {
      en = t1;
      axis = dy > 0 ? 4 : 1;
    }
  }
  if (dz !== 0) {
    t2 = ((dz > 0 ? -hz : hz) - oz) / dz;
    const x = ((dz > 0 ? hz : -hz) - oz) / dz;
    e2 = (big + 8 * EPS * hz) / Math.abs(dz) + 4 * EPS * Math.abs(t2);
    if (x < ex) {
      ex = x;
      errEx = e2 + 4 * EPS * Math.abs(x);
    }
    if (t2 > en) {
      en = t2;
      axis = dz > 0 ? 5 : 2;
    }
  }
  const k = axis % 3;
  const errEn = k === 0 ? e0 : k === 1 ? e1 : e2;
  // Another slab within the errors of the entry could be the true one.
  if (k !== 0 && t0 + e0 >= en - errEn && e0 > ACCURATE * Math.abs(en)) doubt = true;
  if (k !== 1 && t1 + e1 >= en - errEn && e1 > ACCURATE * Math.abs(en)) doubt = true;
  if (k !== 2 && t2 + e2 >= en - errEn && e2 > ACCURATE * Math.abs(en)) doubt = true;
  if (fuzzy > 0 && (Math.abs(dx) <= fuzzy || Math.abs(dy) <= fuzzy || Math.abs(dz) <= fuzzy)) {
    doubt = true;
  }
  DOUBTFUL =
    doubt ||
    errEn > ACCURATE * Math.abs(en) ||
    en > ex - errEn - errEx ||
    !(errEn < Number.POSITIVE_INFINITY);
  out.t = en;
  return axis;
}

/** Fills `out` with the entry of f into the aabb, which the exact test says it meets. */
export function castAabb3(f: LinearForm3, b: Aabb, out: ShapeHit): ShapeHit {
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const dz = f.pz - f.qz;
  // The slab planes directly: entering x = min when d.x > 0, x = max when d.x < 0.
  let en = Number.NEGATIVE_INFINITY;
  let axis = -1;
  if (dx !== 0) {
    const t = ((dx > 0 ? b.min.x : b.max.x) - f.ox) / dx;
    if (t > en) {
      en = t;
      axis = dx > 0 ? 3 : 0;
    }
  }
  if (dy !== 0) {
    const t = ((dy > 0 ? b.min.y : b.max.y) - f.oy) / dy;
    if (t > en) {
      en = t;
      axis = dy > 0 ? 4 : 1;
    }
  }
  if (dz !== 0) {
    const t = ((dz > 0 ? b.min.z : b.max.z) - f.oz) / dz;
    if (t > en) {
      en = t;
      axis = dz > 0 ? 5 : 2;
    }
  }
  const s = axis >= 3 ? -1 : 1;
  const k = axis % 3;
  FIN[0] = en;
  FIN[1] = k === 0 ? s : 0;
  FIN[2] = k === 1 ? s : 0;
  FIN[3] = k === 2 ? s : 0;
  return finishCast(f, out);
}

// Box frame: unit columns of the rotation.
const FR = new Float64Array(9);

/** The rotation's unit columns (u, v, w) into FR[0]!..FR[8]!. */
export function boxFrame(b: Box): void {
  const { x, y, z, w } = b.rotation;
  FR[0] = 1 - 2 * (y * y + z * z);
  FR[1] = 2 * (x * y + w * z);
  FR[2] = 2 * (x * z - w * y);
  FR[3] = 2 * (x * y - w * z);
  FR[4] = 1 - 2 * (x * x + z * z);
  FR[5] = 2 * (y * z + w * x);
  FR[6] = 2 * (x * z + w * y);
  FR[7] = 2 * (y * z - w * x);
  FR[8] = 1 - 2 * (x * x + y * y);
}

/** Fills `out` with the entry of f into the box, which the exact test says it meets. */
export function castBox3(f: LinearForm3, b: Box, out: ShapeHit): ShapeHit {
  boxFrame(b);
  // Relative to the center, halved first when the difference would overflow (ratios unchanged).
  let s = 1;
  let rx = f.ox - b.center.x;
  let ry = f.oy - b.center.y;
  let rz = f.oz - b.center.z;
  let dx = f.px - f.qx;
  let dy = f.py - f.qy;
  let dz = f.pz - f.qz;
  if (!(Math.abs(rx) + Math.abs(ry) + Math.abs(rz) < Number.POSITIVE_INFINITY)) {
    s = 0.25;
    rx = f.ox * s - b.center.x * s;
    ry = f.oy * s - b.center.y * s;
    rz = f.oz * s - b.center.z * s;
  }
  if (!(Math.abs(dx) + Math.abs(dy) + Math.abs(dz) < Number.POSITIVE_INFINITY)) {
    dx = f.px * 0.5 - f.qx * 0.5;
    dy = f.py * 0.5 - f.qy * 0.5;
    dz = f.pz * 0.5 - f.qz * 0.5;
    s *= 2;
  }
  const h = b.halfExtents;
  const axis = castSlabs(
    rx * FR[0]! + ry * FR[1]! + rz * FR[2]!,
    rx * FR[3]! + ry * FR[4]! + rz * FR[5]!,
    rx * FR[6]! + ry * FR[7]! + rz * FR[8]!,
    dx * FR[0]! + dy * FR[1]! + dz * FR[2]!,
    dx * FR[3]! + dy * FR[4]! + dz * FR[5]!,
    dx * FR[6]! + dy * FR[7]! + dz * FR[8]!,
    h.x * s,
    h.y * s,
    h.z * s,
    isAxisFrame() ? 0 : 8 * EPS * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz)),
    out,
  );
  // A rotated frame is not exact: a slab nearly parallel to d, or floats that disagree with the
  // exact hit, take the entry and its face's normal from exact values (boxEntryExact). So does a
  // quaternion a user rescaled: castSlabs' bound is for a frame that is a rotation up to rounding,
  // and |q|^2 - 1 = delta skews the frame by about 2 |delta| (a property test found t off by 2%).
  const q = b.rotation;
  if (!(Math.abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1) <= 2 ** -50)) DOUBTFUL = true;
  if (DOUBTFUL && boxEntryExact(f, b)) {
    FIN[0] = SC[4]!;
    FIN[1] = SC[5]!;
    FIN[2] = SC[6]!;
    FIN[3] = SC[7]!;
    return finishCast(f, out);
  }
  const sign = axis >= 3 ? -1 : 1;
  const k = axis % 3;
  const cx = k === 0 ? FR[0]! : k === 1 ? FR[3]! : FR[6]!;
  const cy = k === 0 ? FR[1]! : k === 1 ? FR[4]! : FR[7]!;
  const cz = k === 0 ? FR[2]! : k === 1 ? FR[5]! : FR[8]!;
  FIN[0] = out.t;
  FIN[1] = axis < 0 ? 0 : sign * cx;
  FIN[2] = axis < 0 ? 0 : sign * cy;
  FIN[3] = axis < 0 ? 0 : sign * cz;
  return finishCast(f, out);
}

/**
 * Fills `out` with the entry of f into the capsule, which the exact test says it meets: the
 * first of the side's entry (when its foot is between the ends) and the end balls'.
 */
export function castCapsule3(f: LinearForm3, c: Capsule, out: ShapeHit): ShapeHit {
  const a = c.a;
  const b = c.b;
  const r = c.radius;
  const ax = a.x - f.ox;
  const ay = a.y - f.oy;
  const az = a.z - f.oz;
  const bx = b.x - f.ox;
  const by = b.y - f.oy;
  const bz = b.z - f.oz;
  const dx = f.px - f.qx;
  const dy = f.py - f.qy;
  const dz = f.pz - f.qz;
  const mw = Math.max(
    Math.abs(ax),
    Math.abs(ay),
    Math.abs(az),
    Math.abs(bx),
    Math.abs(by),
    Math.abs(bz),
    r,
  );
  const md = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
  if (!(mw < Number.POSITIVE_INFINITY && md < Number.POSITIVE_INFINITY)) {
    // Beyond the double range the ball casts alone give finite numbers.
    return castSphere3(f, a.x, a.y, a.z, r, out);
  }
  // In range takes no call: V8 boxes a double passed to a call it leaves out of line.
  const sw = mw > LO && mw < HI ? 1 : scaleFor(mw);
  const sd = md > LO && md < HI ? 1 : scaleFor(md);
  CAP[0] = ax * sw;
  CAP[1] = ay * sw;
  CAP[2] = az * sw;
  CAP[3] = bx * sw;
  CAP[4] = by * sw;
  CAP[5] = bz * sw;
  CAP[6] = dx * sd;
  CAP[7] = dy * sd;
  CAP[8] = dz * sd;
  CAP[9] = r * sw;
  // A zero radius makes every float root test an equality that rounding decides, and a graze has
  // no float root: both take the exact first point of nearest approach (for r = 0, the entry).
  if (r === 0 || !capsuleEntry(FIN)) {
    FIN[0] = nearestApproachExact(f, c);
    FIN[1] = 0;
    FIN[2] = 0;
    FIN[3] = 0;
  } else {
    // Each branch stores its own value: merging the float root with a call's result boxes it.
    if (ACC) FIN[0] = FIN[0]! * (sd / sw);
    else FIN[0] = sphereRootExactAt(f, c, FIN[0]! * (sd / sw));
  }
  return finishCast(f, out);
}

/**
 * The smallest t at which the line o + t (p - q) is nearest the core segment a b, from exact
 * values rounded once. With w = a - o, e = b - a, d = p - q and g = e x d, the nearest points of
 * the two lines solve t d - w - u e = lambda g, so t = -det(w, e, g) / |g|^2 and
 * u = -det(w, d, g) / |g|^2; a u outside [0, 1] puts the nearest core point at that end, whose
 * foot on the line is t = (end - o).d / |d|^2. Parallel (g = 0): the line is equally near along
 * the core, first at the end met first along d.
 * @see Ericson, Real-Time Collision Detection, §5.1.8 and §5.1.9.
 */
function nearestApproachExact(f: LinearForm3, c: Capsule): number {
  const a = c.a;
  const b = c.b;
  const n = lift(
    [f.ox, f.oy, f.oz, f.px, f.py, f.pz, f.qx, f.qy, f.qz, a.x, a.y, a.z, b.x, b.y, b.z],
    big,
  );
  const dx = n[3]! - n[6]!;
  const dy = n[4]! - n[7]!;
  const dz = n[5]! - n[8]!;
  const dd = dx * dx + dy * dy + dz * dz;
  if (dd === 0n) return 0;
  const wx = n[9]! - n[0]!;
  const wy = n[10]! - n[1]!;
  const wz = n[11]! - n[2]!;
  const vx = n[12]! - n[0]!;
  const vy = n[13]! - n[1]!;
  const vz = n[14]! - n[2]!;
  const ex = vx - wx;
  const ey = vy - wy;
  const ez = vz - wz;
  const gx = ey * dz - ez * dy;
  const gy = ez * dx - ex * dz;
  const gz = ex * dy - ey * dx;
  const gg = gx * gx + gy * gy + gz * gz;
  const wd = wx * dx + wy * dy + wz * dz;
  const vd = vx * dx + vy * dy + vz * dz;
  if (gg === 0n) return ratioToDouble(wd < vd ? wd : vd, dd, 0);
  // -det(w, d, g) = w.(g x d), the core parameter u times |g|^2.
  const u = wx * (gy * dz - gz * dy) + wy * (gz * dx - gx * dz) + wz * (gx * dy - gy * dx);
  if (u < 0n) return ratioToDouble(wd, dd, 0);
  if (u > gg) return ratioToDouble(vd, dd, 0);
  // -det(w, e, g) = w.(g x e).
  const t = wx * (gy * ez - gz * ey) + wy * (gz * ex - gx * ez) + wz * (gx * ey - gy * ex);
  return ratioToDouble(t, gg, 0);
}

/**
 * The float entry of the line t d (CAP[6..8]) into the capsule of core a, b (CAP[0..5], relative
 * to the line's start) and radius CAP[9]: the first of the end balls' entries and the side's
 * (where its foot falls between the ends), into e (t, then the outward direction there, not
 * unit), ACC false when a ball's root needs the exact path. Returns false when the floats find
 * none (a graze; e[0] is then +Infinity): the caller decides what stands in.
 * Shared by the casts here and the sphere-capsule sweep (sweep-capsule.ts).
 * @see Ericson, Real-Time Collision Detection, §5.3.7; Press et al., Numerical Recipes, §5.6.
 */
export function capsuleEntry(e: Float64Array): boolean {
  let best = Number.POSITIVE_INFINITY;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  let acc = true;
  if (sphereEntry(0)) {
    best = SC[0]!;
    nx = SC[1]!;
    ny = SC[2]!;
    nz = SC[3]!;
    acc = ACC;
  }
  if (sphereEntry(3) && SC[0]! < best) {
    best = SC[0]!;
    nx = SC[1]!;
    ny = SC[2]!;
    nz = SC[3]!;
    acc = ACC;
  }
  // The side: |e x (t d - a)|^2 = r^2 |e|^2 with e = b - a, a quadratic A t^2 - 2 B t + C.
  const ax = CAP[0]!;
  const ay = CAP[1]!;
  const az = CAP[2]!;
  const dx = CAP[6]!;
  const dy = CAP[7]!;
  const dz = CAP[8]!;
  const rs = CAP[9]!;
  const ex = CAP[3]! - ax;
  const ey = CAP[4]! - ay;
  const ez = CAP[5]! - az;
  const ee = ex * ex + ey * ey + ez * ez;
  const gx = ey * dz - ez * dy; // g = e x d
  const gy = ez * dx - ex * dz;
  const gz = ex * dy - ey * dx;
  const A = gx * gx + gy * gy + gz * gz;
  if (ee > 0 && A > 0) {
    const mx = ay * ez - az * ey; // m = a x e, so e x (t d - a) = t (e x d) + m
    const my = az * ex - ax * ez;
    const mz = ax * ey - ay * ex;
    const B = -(mx * gx + my * gy + mz * gz);
    const C = mx * mx + my * my + mz * mz - rs * rs * ee;
    // disc = B^2 - A C = ee (r^2 A - det(e, a, d)^2).
    const det = ax * gx + ay * gy + az * gz;
    const disc = ee * (rs * rs * A - det * det);
    if (disc >= 0) {
      const root = Math.sqrt(disc);
      const t = B > 0 ? C / (B + root) : (B - root) / A;
      // Foot of the entry point on the axis, as a fraction of e.
      const h = (t * dx - ax) * ex + (t * dy - ay) * ey + (t * dz - az) * ez;
      if (h >= 0 && h <= ee && t < best) {
        best = t;
        const k = h / ee;
        nx = t * dx - ax - k * ex;
        ny = t * dy - ay - k * ey;
        nz = t * dz - az - k * ez;
        acc = true;
      }
    }
  }
  e[0] = best;
  e[1] = nx;
  e[2] = ny;
  e[3] = nz;
  ACC = acc;
  return best < Number.POSITIVE_INFINITY;
}

/** The exact root for whichever end ball the float entry t came from. */
function sphereRootExactAt(f: LinearForm3, c: Capsule, t: number): number {
  const a = c.a;
  const b = c.b;
  const ta = sphereRootExact(f, a.x, a.y, a.z, c.radius);
  const tb = sphereRootExact(f, b.x, b.y, b.z, c.radius);
  return Math.abs(ta - t) <= Math.abs(tb - t) ? ta : tb;
}

/** Whether each frame column has two exact zeros (the frame maps coordinates exactly). */
function isAxisFrame(): boolean {
  const zu = (FR[0]! === 0 ? 1 : 0) + (FR[1]! === 0 ? 1 : 0) + (FR[2]! === 0 ? 1 : 0);
  const zv = (FR[3]! === 0 ? 1 : 0) + (FR[4]! === 0 ? 1 : 0) + (FR[5]! === 0 ? 1 : 0);
  const zw = (FR[6]! === 0 ? 1 : 0) + (FR[7]! === 0 ? 1 : 0) + (FR[8]! === 0 ? 1 : 0);
  return zu === 2 && zv === 2 && zw === 2;
}

// Filled before boxAxes sees them: its own literals would share a hidden class (results.ts).
const BOX_AXES: Vec[] = [makeVec3(), makeVec3(), makeVec3()];

/*
 * The exact entry so far, t = enNum / enDen (enDen > 0), and its face's outward normal, lifted
 * (null: none, the cast reversed stands in); module `let`s, as the exact path allocates anyway.
 */
let enNum = 0n;
let enDen = 1n;
let enHas = false;
let enNormal: B3 | null = null;

/**
 * Takes the slab |m.(s d - w)| <= h into the running entry: when m.d != 0 it is entered at
 * (m.w - sign(m.d) h) / m.d, through its face of outward normal -sign(m.d) m.
 */
function slabIn(m: B3, h: bigint, w: B3, d: B3): void {
  let dk = bdot(m, d);
  if (dk === 0n) return;
  let qk = bdot(m, w);
  const up = dk > 0n;
  if (!up) {
    dk = -dk;
    qk = -qk;
  }
  const en = qk - h;
  if (!enHas || en * enDen > enNum * dk) {
    enNum = en;
    enDen = dk;
    enHas = true;
    enNormal = up ? [-m[0], -m[1], -m[2]] : m;
  }
}

/** The entry at the one point num / den (den != 0), with normal n (null: the cast reversed). */
function pointIn(num: bigint, den: bigint, n: B3 | null): void {
  enNum = den > 0n ? num : -num;
  enDen = den > 0n ? den : -den;
  enHas = true;
  enNormal = n;
}

/**
 * The entry parameter of f into the box from exact values, rounded once, into SC[4] and its
 * outward normal (unit, or 0 for the cast reversed) into SC[5..7]. The box is the set
 * c + sum u_k A_k (|u_k| <= 1), the line o + s d meets it where s d - w (w = c - o) is in the
 * zonotope sum u_k A_k, an intersection of slabs |m.x| <= sum_k |m.A_k| over its facet normals m
 * (Ziegler, Lectures on Polytopes, §7.3), so the entry is the latest slab entry:
 * - rank 3: the face normals m_k = A_k+1 x A_k+2, each slab of half-width |V|, V = det(A0, A1, A2);
 * - rank 2 (a flat box, or a skewed frame of a rescaled quaternion) with normal N: a line across
 *   the plane meets it at N.w / N.d; a line in it enters through an edge, of in-plane normal
 *   N x A_k (a parallelogram or hexagon);
 * - rank 1 (a segment along g): a line across it meets it where s (d x g) = w x g; a line along
 *   it enters through an end, the slab of normal g;
 * - rank 0 (a point): s = d.w / d.d.
 * The caller's exact test said the line meets the box, so the other conditions hold. Returns
 * false when d = 0 on a line (every s is the same point; the float entry stays).
 */
function boxEntryExact(f: LinearForm3, b: Box): boolean {
  boxAxes(b, BOX_AXES);
  const { w, d, a: A } = liftFormBox(f, b.center, BOX_AXES[0]!, BOX_AXES[1]!, BOX_AXES[2]!);
  // Starting from the range's low end when it is 0 (a ray or segment).
  enNum = 0n;
  enDen = 1n;
  enHas = f.lo === 0;
  enNormal = null;
  const v = babs(bdet(A[0]!, A[1]!, A[2]!));
  if (v !== 0n) {
    for (let k = 0; k < 3; k++) slabIn(bcross(A[(k + 1) % 3]!, A[(k + 2) % 3]!), v, w, d);
  } else {
    let plane: B3 | null = null;
    for (let k = 0; k < 3 && !plane; k++) {
      const n = bcross(A[(k + 1) % 3]!, A[(k + 2) % 3]!);
      if (!isZero(n)) plane = n;
    }
    let g: B3 | null = null;
    for (let k = 0; k < 3 && !g; k++) if (!isZero(A[k]!)) g = A[k]!;
    if (plane) {
      const nd = bdot(plane, d);
      if (nd !== 0n) {
        pointIn(bdot(plane, w), nd, nd > 0n ? [-plane[0], -plane[1], -plane[2]] : plane);
      } else {
        for (let k = 0; k < 3; k++) {
          if (isZero(A[k]!)) continue;
          const m = bcross(plane, A[k]!);
          slabIn(m, babs(bdot(m, A[0]!)) + babs(bdot(m, A[1]!)) + babs(bdot(m, A[2]!)), w, d);
        }
      }
    } else if (g) {
      const c = bcross(d, g);
      if (!isZero(c)) {
        // Across the segment: the normal is the part of -d across g, (g.d) g - (g.g) d.
        const gd = bdot(g, d);
        const gg = bdot(g, g);
        const n: B3 = [gd * g[0] - gg * d[0], gd * g[1] - gg * d[1], gd * g[2] - gg * d[2]];
        pointIn(bdot(bcross(w, g), c), bdot(c, c), n);
      } else {
        slabIn(g, babs(bdot(g, A[0]!)) + babs(bdot(g, A[1]!)) + babs(bdot(g, A[2]!)), w, d);
      }
    } else if (!isZero(d)) {
      pointIn(bdot(d, w), bdot(d, d), null);
    }
  }
  if (!enHas) return false;
  SC[4] = ratioToDouble(enNum, enDen, 0);
  const n = enNormal;
  SC[5] = 0;
  SC[6] = 0;
  SC[7] = 0;
  if (n) {
    // Scaled to about 60 bits: only the direction matters.
    const e = 60 - Math.max(bitLength(n[0]), bitLength(n[1]), bitLength(n[2]));
    SC[5] = ratioToDouble(n[0], 1n, e);
    SC[6] = ratioToDouble(n[1], 1n, e);
    SC[7] = ratioToDouble(n[2], 1n, e);
  }
  return true;
}
