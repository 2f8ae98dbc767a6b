/**
 * Frustums against spheres, aabbs and boxes, exact (no false positives near the frustum's corners
 * and edges, where testing the six planes alone reports boxes that are outside, three.js #27756).
 * Fast path: a plane with the whole shape certainly beyond it rejects (the usual culling test);
 * a point of the shape certainly inside all six planes accepts. Whatever is left (a shape near an
 * edge or corner of the frustum) is decided exactly by GJK on the frustum's rational corners.
 * @see Ericson, Real-Time Collision Detection, §5.2.3 and §5.5 (plane tests; separating axes).
 */
import { EPS, TAIL2 } from "../../exact/filter.ts";
import type { Aabb, Box, Frustum, Plane, Sphere, Vec } from "../shapes.ts";
import { boxAxes, PACKED_PLANES } from "../shapes.ts";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_FRUSTUM,
  CORE_POINT,
  exactPlaneWithin,
  exactWithin,
  frustumCornerDoubles,
} from "./exact.ts";
import { aabbRange } from "./plane.ts";

/** TAIL2 as a local copy: V8 folds a module's own const, not an imported binding. */
const T2 = TAIL2;

const ERR = 8 * EPS;
/** frustumAabb's bound: its values are about 11 roundings off; 16 eps with slack. */
const ERR16 = 16 * EPS;
const REL = 2 ** -44;

/** A float point near the middle of a frustum, kept per frustum and recomputed when its planes change. */
interface Middle {
  planes: Float64Array;
  /** The 8 corners rounded to nearest, and enclosures of the exact ones. */
  corners: Float64Array;
  lo: Float64Array;
  hi: Float64Array;
  x: number;
  y: number;
  z: number;
}

const middles = new WeakMap<Frustum, Middle>();

/** The frustum's corners (exact, rounded once, cached) and their mean (a candidate witness). */
function middleOf(f: Frustum): Middle {
  let m = middles.get(f);
  if (m) {
    const q = m.planes;
    let same = true;
    for (let i = 0; i < 6 && same; i++) {
      const p = f.planes[i] as Plane;
      same =
        q[4 * i] === p.normal.x &&
        q[4 * i + 1] === p.normal.y &&
        q[4 * i + 2] === p.normal.z &&
        q[4 * i + 3] === p.offset;
    }
    if (same) return m;
  } else {
    m = {
      planes: new Float64Array(24),
      corners: new Float64Array(24),
      lo: new Float64Array(24),
      hi: new Float64Array(24),
      x: 0,
      y: 0,
      z: 0,
    };
    middles.set(f, m);
  }
  const q = m.planes;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    q[4 * i] = p.normal.x;
    q[4 * i + 1] = p.normal.y;
    q[4 * i + 2] = p.normal.z;
    q[4 * i + 3] = p.offset;
  }
  const k = frustumCornerDoubles(f, m.corners);
  let sx = 0;
  let sy = 0;
  let sz = 0;
  const cs = m.corners;
  for (let i = 0; i < 3 * k; i += 3) {
    sx += cs[i]! / 8;
    sy += cs[i + 1]! / 8;
    sz += cs[i + 2]! / 8;
    // Each rounded corner is within half an ulp (2^-53 relative, or 2^-1075) of the exact one.
    for (let j = 0; j < 3; j++) {
      const r = cs[i + j]!;
      const pad = Math.abs(r) * 2 ** -51 + 2 ** -1000;
      m.lo[i + j] = r - pad;
      m.hi[i + j] = r + pad;
    }
  }
  // Corners beyond 2^1000 could have been clamped when rounded: no float shortcuts then.
  let sane = k === 8;
  for (let i = 0; i < 24 && sane; i++) sane = Math.abs(cs[i]!) < 2 ** 1000;
  m.x = sane ? sx : Number.NaN;
  m.y = sy;
  m.z = sz;
  return m;
}

/**
 * surelyInside's and packedInside's point (0 to 2) and packedInside's bound (3), written by the
 * caller: V8 boxes double arguments of calls it does not inline, and a small setter taking
 * (x, y, z) was inlined at only one call site once the inlining budget ran out.
 */
const PT = new Float64Array(4);

/** True when the point PT is certainly inside (or on) all six planes. */
function surelyInside(f: Frustum): boolean {
  const x = PT[0]!;
  const y = PT[1]!;
  const z = PT[2]!;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    const a = p.normal.x * x;
    const b = p.normal.y * y;
    const c = p.normal.z * z;
    const d = a + b + c - p.offset;
    const e = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(p.offset)) + T2;
    if (!(d + e <= 0)) return false;
  }
  return true;
}

/** True when a shape whose values over plane p lie in [lo, ...] (within err), grown by r, is certainly beyond p. */
function surelyBeyond(n: Vec, lo: number, err: number, r: number): boolean {
  if (!(lo > err)) return false;
  if (r === 0) return true;
  const far = lo - err;
  return far * far > r * r * (n.x * n.x + n.y * n.y + n.z * n.z) * (1 + REL) + T2;
}

/** Exact: does the frustum meet the closed ball? */
export function frustumSphere(f: Frustum, s: Sphere): boolean {
  const c = s.center;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    const n = p.normal;
    const a = n.x * c.x;
    const b = n.y * c.y;
    const d = n.z * c.z;
    const e = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(d) + Math.abs(p.offset)) + T2;
    if (surelyBeyond(n, a + b + d - p.offset, e, s.radius)) return false;
  }
  PT[0] = c.x;
  PT[1] = c.y;
  PT[2] = c.z;
  if (surelyInside(f)) return true;
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_POINT, c, s.radius);
}

/**
 * The error bound of a + b + c - d over its terms (a plane's value at a point): a tiny helper
 * that V8 inlines, keeping frustumAabb under its inlining size.
 */
function bound4(a: number, b: number, c: number, d: number): number {
  return ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(d)) + T2;
}

/**
 * Exact: does the frustum meet the closed axis-aligned box? One branch-free pass over the planes
 * packed by `frustum()`, with the box as center c and half extents e: per plane, d = n . c - o
 * and r = sum |n_k| e_k give the box's least value d - r (beyond the plane: the usual culling
 * reject) and its greatest d + r (the box wholly inside the plane). A box wholly inside all six
 * planes is a hit; so is one wholly inside five whose least corner along the sixth's normal is
 * inside the sixth (the usual straddling box), that corner being in all six. Both values are
 * within E = 16 eps (N (S + TAIL2) + O) + TAIL2 of the exact ones (`packedBound`; the dot
 * 4 roundings deep, r 3, c and e one rounding each after exact halving, with N and O the
 * largest |nx| + |ny| + |nz| and |offset| per frustum and S the box's largest |coordinate|). The
 * boxes it cannot settle (straddling two planes, near the frustum's edges and corners) go to
 * frustumAabbStraddling. Boxes have min <= max (`aabb()` checks).
 * @see Ericson §5.2.3 (the center-extent box-plane test), three.js #27756 (the false positives
 * a plane-only test gives near the corners).
 */
export function frustumAabb(f: Frustum, b: Aabb): boolean {
  const P = (f as Packed)[PACKED_PLANES];
  if (P === undefined) return frustumAabbPlanes(f, b);
  const lo = b.min;
  const hi = b.max;
  // Halves first: no overflow, and exact but below 2^-1021.
  const lx = 0.5 * lo.x;
  const ly = 0.5 * lo.y;
  const lz = 0.5 * lo.z;
  const hx = 0.5 * hi.x;
  const hy = 0.5 * hi.y;
  const hz = 0.5 * hi.z;
  const cx = hx + lx;
  const cy = hy + ly;
  const cz = hz + lz;
  const ex = hx - lx;
  const ey = hy - ly;
  const ez = hz - lz;
  const E = packedBound(P, b);
  // k: the one plane the box is not certainly wholly inside (-1: none, -2: more than one); vk:
  // the box's least value there.
  let k = -1;
  let vk = 0;
  for (let i = 0; i < 24; i += 4) {
    const nx = P[i]!;
    const ny = P[i + 1]!;
    const nz = P[i + 2]!;
    const d = nx * cx + ny * cy + nz * cz - P[i + 3]!;
    const r = Math.abs(nx) * ex + Math.abs(ny) * ey + Math.abs(nz) * ez;
    const v = d - r;
    if (v > E) return false;
    // NaN fails the test, for the rare path.
    if (!(d + r + E <= 0)) {
      k = k === -1 ? i : -2;
      vk = v;
    }
  }
  return k === -1 || (k >= 0 && vk + E <= 0) || frustumAabbStraddling(f, P, b);
}

/**
 * The rare path of frustumAabb with packed planes (a box straddling two planes or more, near
 * the frustum's edges and corners): box points certified against the packed planes with the
 * box's bound E (`packedInside`): the center pushed into the plane it is furthest beyond (as in
 * pushedInside), the box point nearest the frustum's middle, the box's corners; then separating
 * edge axes, then the exact test.
 */
function frustumAabbStraddling(f: Frustum, P: Float64Array, b: Aabb): boolean {
  const lo = b.min;
  const hi = b.max;
  PT[3] = packedBound(P, b);
  // Halves first (no overflow); clamped below where the center itself is the candidate.
  const cx = 0.5 * lo.x + 0.5 * hi.x;
  const cy = 0.5 * lo.y + 0.5 * hi.y;
  const cz = 0.5 * lo.z + 0.5 * hi.z;
  let worst = 0;
  let k = -1;
  for (let i = 0; i < 24; i += 4) {
    const s = P[i]! * cx + P[i + 1]! * cy + P[i + 2]! * cz - P[i + 3]!;
    if (s > worst) {
      worst = s;
      k = i;
    }
  }
  if (k >= 0) {
    pushTowards(b, P[k]!, P[k + 1]!, P[k + 2]!, P[k + 3]!, worst);
  } else {
    PT[0] = cx < lo.x ? lo.x : cx > hi.x ? hi.x : cx;
    PT[1] = cy < lo.y ? lo.y : cy > hi.y ? hi.y : cy;
    PT[2] = cz < lo.z ? lo.z : cz > hi.z ? hi.z : cz;
  }
  if (packedInside(P)) return true;
  const m = packedMiddle(f);
  if (!Number.isNaN(m.x)) {
    PT[0] = m.x < lo.x ? lo.x : m.x > hi.x ? hi.x : m.x;
    PT[1] = m.y < lo.y ? lo.y : m.y > hi.y ? hi.y : m.y;
    PT[2] = m.z < lo.z ? lo.z : m.z > hi.z ? hi.z : m.z;
    if (packedInside(P)) return true;
    for (let c = 0; c < 8; c++) {
      PT[0] = c & 1 ? hi.x : lo.x;
      PT[1] = c & 2 ? hi.y : lo.y;
      PT[2] = c & 4 ? hi.z : lo.z;
      if (packedInside(P)) return true;
    }
    if (edgeAxesSeparate(m, b)) return false;
  }
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_AABB, b, 0);
}

/**
 * True when the box point PT[0..2] is certainly inside the packed planes, PT[3] being the box's
 * bound E on a plane's value at its points.
 */
function packedInside(P: Float64Array): boolean {
  const x = PT[0]!;
  const y = PT[1]!;
  const z = PT[2]!;
  const E = PT[3]!;
  for (let i = 0; i < 24; i += 4) {
    if (!(P[i]! * x + P[i + 1]! * y + P[i + 2]! * z - P[i + 3]! + E <= 0)) return false;
  }
  return true;
}

/** The last frustum with packed planes given to packedMiddle, and its middle. */
let lastPacked: Frustum | null = null;
let lastMiddle: Middle | null = null;

/**
 * middleOf for a frustum made by `frustum()`, whose frozen planes cannot go stale: the last one
 * asked for is kept, so a culling loop over one frustum skips the WeakMap and the staleness check.
 */
function packedMiddle(f: Frustum): Middle {
  if (f !== lastPacked || lastMiddle === null) {
    lastMiddle = middleOf(f);
    lastPacked = f;
  }
  return lastMiddle;
}

/**
 * The error bound E of frustumAabb's values over the box (and of a packed plane's value at any
 * box point): 16 eps (N (S + TAIL2) + O) + TAIL2, with S at least the largest |coordinate| of
 * the box's points (the sum of the six |min|, |max|), TAIL2 inside for the underflow of the
 * halved coordinates times |n|. Infinite when N S + O reaches 2^1000, so no sum of the values
 * can overflow where E decides. Its own function so frustumAabb stays under V8's inlining size
 * (this one is inlined too, so its double result is not boxed).
 */
function packedBound(P: Float64Array, b: Aabb): number {
  const lo = b.min;
  const hi = b.max;
  // A rounded sum of non-negative terms is at least its largest term (rounding is monotone), so
  // S <= this sum: a few times looser than the max, but branch-free (Math.max's compares
  // mispredict on scattered boxes).
  const S =
    Math.abs(hi.x) +
    Math.abs(hi.y) +
    Math.abs(hi.z) +
    (Math.abs(lo.x) + Math.abs(lo.y) + Math.abs(lo.z));
  const X = P[24]! * (S + T2) + P[25]!;
  return X < 2 ** 1000 ? ERR16 * X + T2 : Number.POSITIVE_INFINITY;
}

/** A frustum made by `frustum()`: its packed planes. */
interface Packed {
  [PACKED_PLANES]?: Float64Array;
}

/** frustumAabb for a frustum given as a literal (no packed planes): the same tests on its planes. */
function frustumAabbPlanes(f: Frustum, b: Aabb): boolean {
  const lo = b.min;
  const hi = b.max;
  const planes = f.planes;
  for (let i = 0; i < 6; i++) {
    const p = planes[i] as Plane;
    const n = p.normal;
    const nx = n.x;
    const ny = n.y;
    const nz = n.z;
    // The box corner with the least value along n: beyond the plane, the box is. The bound is
    // only needed (and only computed) when the float value is positive.
    const a = nx * (nx >= 0 ? lo.x : hi.x);
    const c = ny * (ny >= 0 ? lo.y : hi.y);
    const d = nz * (nz >= 0 ? lo.z : hi.z);
    const v = a + c + d - p.offset;
    if (v > 0 && v > bound4(a, c, d, p.offset)) return false;
  }
  // No plane rejects: the box's center, certainly inside all six, proves a hit. In a loop of its
  // own, so rejected boxes skip it. (min + max) / 2 as rounded lies in [min, max] (the rounded
  // sum between 2 min and 2 max, halving monotone); an overflowing one fails the NaN-safe test.
  const cx = (lo.x + hi.x) * 0.5;
  const cy = (lo.y + hi.y) * 0.5;
  const cz = (lo.z + hi.z) * 0.5;
  for (let i = 0; i < 6; i++) {
    const p = planes[i] as Plane;
    const n = p.normal;
    const u = n.x * cx;
    const w = n.y * cy;
    const t = n.z * cz;
    const s = u + w + t - p.offset;
    if (!(s <= 0 && s + bound4(u, w, t, p.offset) <= 0)) return frustumAabbNear(f, b);
  }
  return true;
}

/**
 * True when a candidate box point is certainly inside: the box center pushed into the plane it is
 * furthest beyond, towards that plane's deepest box corner, to halfway between the plane and that
 * corner's value (a convex combination of box points, clamped into the box against rounding; the
 * push only picks the candidate, surelyInside certifies it). Settles most boxes straddling one
 * plane, before the frustum's corners are needed.
 */
function pushedInside(f: Frustum, b: Aabb): boolean {
  const lo = b.min;
  const hi = b.max;
  const cx = (lo.x + hi.x) * 0.5;
  const cy = (lo.y + hi.y) * 0.5;
  const cz = (lo.z + hi.z) * 0.5;
  let worst = 0;
  let k = -1;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    const n = p.normal;
    const s = n.x * cx + n.y * cy + n.z * cz - p.offset;
    if (s > worst) {
      worst = s;
      k = i;
    }
  }
  if (k >= 0) {
    const p = f.planes[k] as Plane;
    const n = p.normal;
    pushTowards(b, n.x, n.y, n.z, p.offset, worst);
    return surelyInside(f);
  }
  return false;
}

/**
 * Writes to PT the box point between the center (value `worst` > 0 over the plane n . x = o) and
 * the box corner least along n, halfway from the plane to that corner's value (clamped into the
 * box against rounding). Small, so V8 inlines it (its arguments are doubles).
 */
function pushTowards(b: Aabb, nx: number, ny: number, nz: number, o: number, worst: number): void {
  const lo = b.min;
  const hi = b.max;
  const cx = (lo.x + hi.x) * 0.5;
  const cy = (lo.y + hi.y) * 0.5;
  const cz = (lo.z + hi.z) * 0.5;
  const px = nx >= 0 ? lo.x : hi.x;
  const py = ny >= 0 ? lo.y : hi.y;
  const pz = nz >= 0 ? lo.z : hi.z;
  const v = nx * px + ny * py + nz * pz - o;
  let l = (worst - 0.5 * v) / (worst - v);
  l = l > 1 ? 1 : l > 0 ? l : 0;
  const qx = cx + l * (px - cx);
  const qy = cy + l * (py - cy);
  const qz = cz + l * (pz - cz);
  PT[0] = qx < lo.x ? lo.x : qx > hi.x ? hi.x : qx;
  PT[1] = qy < lo.y ? lo.y : qy > hi.y ? hi.y : qy;
  PT[2] = qz < lo.z ? lo.z : qz > hi.z ? hi.z : qz;
}

/**
 * frustumAabb for a box no plane certainly rejects and whose center is not certainly inside:
 * witnesses (the pushed center, the box point nearest the frustum's middle, the corners),
 * separating edge axes, then the exact test.
 */
function frustumAabbNear(f: Frustum, b: Aabb): boolean {
  const lo = b.min;
  const hi = b.max;
  if (pushedInside(f, b)) return true;
  // Then the box point nearest the frustum's middle (clamped into the box) and the corners.
  const m = middleOf(f);
  if (!Number.isNaN(m.x)) {
    const x = m.x < lo.x ? lo.x : m.x > hi.x ? hi.x : m.x;
    const y = m.y < lo.y ? lo.y : m.y > hi.y ? hi.y : m.y;
    const z = m.z < lo.z ? lo.z : m.z > hi.z ? hi.z : m.z;
    PT[0] = x;
    PT[1] = y;
    PT[2] = z;
    if (surelyInside(f)) return true;
    for (let c = 0; c < 8; c++) {
      PT[0] = c & 1 ? hi.x : lo.x;
      PT[1] = c & 2 ? hi.y : lo.y;
      PT[2] = c & 4 ? hi.z : lo.z;
      if (surelyInside(f)) {
        return true;
      }
    }
    if (edgeAxesSeparate(m, b)) return false;
  }
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_AABB, b, 0);
}

const ax: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/** Exact: does the frustum meet the box (the parallelepiped of `boxAxes`)? */
export function frustumBox(f: Frustum, b: Box): boolean {
  boxAxes(b, ax);
  const c = b.center;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    const n = p.normal;
    const u = n.x * c.x;
    const v = n.y * c.y;
    const w = n.z * c.z;
    let abs = Math.abs(u) + Math.abs(v) + Math.abs(w) + Math.abs(p.offset);
    let ext = 0;
    for (let k = 0; k < 3; k++) {
      const a = ax[k]!;
      const x = n.x * a.x;
      const y = n.y * a.y;
      const z = n.z * a.z;
      ext += Math.abs(x + y + z);
      abs += Math.abs(x) + Math.abs(y) + Math.abs(z);
    }
    if (surelyBeyond(n, u + v + w - p.offset - ext, ERR * abs + T2, 0)) return false;
  }
  PT[0] = c.x;
  PT[1] = c.y;
  PT[2] = c.z;
  if (surelyInside(f)) return true;
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_BOX, b, 0);
}

/** Frustum edges as corner index pairs: the 4 side edges and one edge of each direction of the near face. */
const EDGES = [0, 4, 1, 5, 2, 6, 3, 7, 0, 1, 0, 2];

/**
 * True when some axis e_k x d (a coordinate axis crossed with a frustum edge direction d, taken
 * from the rounded corners: any axis is a valid certificate) certainly separates the box from
 * the enclosures of the frustum's exact corners.
 */
function edgeAxesSeparate(m: Middle, b: Aabb): boolean {
  const c = m.corners;
  for (let e = 0; e < EDGES.length; e += 2) {
    const i = 3 * EDGES[e]!;
    const j = 3 * EDGES[e + 1]!;
    const ux = c[j]! - c[i]!;
    const uy = c[j + 1]! - c[i + 1]!;
    const uz = c[j + 2]! - c[i + 2]!;
    // x cross u = (0, -uz, uy); y cross u = (uz, 0, -ux); z cross u = (-uy, ux, 0).
    if (separates(m, b, 0, -uz, uy)) return true;
    if (separates(m, b, uz, 0, -ux)) return true;
    if (separates(m, b, -uy, ux, 0)) return true;
  }
  return false;
}

/** True when the axis n certainly separates the box from every corner enclosure. */
function separates(m: Middle, b: Aabb, nx: number, ny: number, nz: number): boolean {
  const bx0 = nx * b.min.x;
  const bx1 = nx * b.max.x;
  const by0 = ny * b.min.y;
  const by1 = ny * b.max.y;
  const bz0 = nz * b.min.z;
  const bz1 = nz * b.max.z;
  const boxLo = Math.min(bx0, bx1) + Math.min(by0, by1) + Math.min(bz0, bz1);
  const boxHi = Math.max(bx0, bx1) + Math.max(by0, by1) + Math.max(bz0, bz1);
  let abs =
    Math.max(Math.abs(bx0), Math.abs(bx1)) +
    Math.max(Math.abs(by0), Math.abs(by1)) +
    Math.max(Math.abs(bz0), Math.abs(bz1));
  let fLo = Number.POSITIVE_INFINITY;
  let fHi = Number.NEGATIVE_INFINITY;
  const lo = m.lo;
  const hi = m.hi;
  for (let i = 0; i < 24; i += 3) {
    const x0 = nx * lo[i]!;
    const x1 = nx * hi[i]!;
    const y0 = ny * lo[i + 1]!;
    const y1 = ny * hi[i + 1]!;
    const z0 = nz * lo[i + 2]!;
    const z1 = nz * hi[i + 2]!;
    const a = Math.min(x0, x1) + Math.min(y0, y1) + Math.min(z0, z1);
    const c = Math.max(x0, x1) + Math.max(y0, y1) + Math.max(z0, z1);
    if (a < fLo) fLo = a;
    if (c > fHi) fHi = c;
    const s =
      Math.max(Math.abs(x0), Math.abs(x1)) +
      Math.max(Math.abs(y0), Math.abs(y1)) +
      Math.max(Math.abs(z0), Math.abs(z1));
    if (s > abs) abs = s;
  }
  // Each side is a 3-term sum of products: 4 eps of twice the largest absolute sum covers both.
  const err = ERR * abs + T2;
  return fHi + err < boxLo - err || boxHi + err < fLo - err;
}

/** One corner's enclosure, as a box for aabbRange. */
const ENCL: Aabb = { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };

/**
 * Exact: does the plane (a surface) meet the frustum (the hull of its corners)? Float filter
 * first: over each corner's enclosure (cached per frustum) the plane's value is bounded as in
 * planeAabb; a corner certainly below and one certainly above prove a crossing, all corners
 * certainly on one side prove a miss. Touching and near-touching planes go to the exact test.
 */
export function frustumPlane(f: Frustum, p: Plane): boolean {
  const m = middleOf(f);
  if (!Number.isNaN(m.x)) {
    const lo = m.lo;
    const hi = m.hi;
    let below = 0;
    let above = 0;
    for (let i = 0; i < 24; i += 3) {
      ENCL.min.x = lo[i]!;
      ENCL.min.y = lo[i + 1]!;
      ENCL.min.z = lo[i + 2]!;
      ENCL.max.x = hi[i]!;
      ENCL.max.y = hi[i + 1]!;
      ENCL.max.z = hi[i + 2]!;
      const r = aabbRange(p, ENCL);
      if (r[1]! < -r[2]!) below++;
      else if (r[0]! > r[2]!) above++;
    }
    if (below > 0 && above > 0) return true;
    if (below === 8 || above === 8) return false;
  }
  return exactPlaneWithin(CORE_FRUSTUM, f, 0, p);
}
