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
import { boxAxes } from "../shapes.ts";
import { CORE_AABB, CORE_BOX, CORE_FRUSTUM, CORE_POINT, exactWithin } from "./exact.ts";

const ERR = 8 * EPS;
const REL = 2 ** -44;

/** A float point near the middle of a frustum, kept per frustum and recomputed when its planes change. */
interface Middle {
  planes: Float64Array;
  x: number;
  y: number;
  z: number;
}

const middles = new WeakMap<Frustum, Middle>();

/** The mean of the frustum's float corners (only a candidate witness, so rounding is harmless). */
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
    m = { planes: new Float64Array(24), x: 0, y: 0, z: 0 };
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
  let sx = 0;
  let sy = 0;
  let sz = 0;
  let k = 0;
  for (let c = 0; c < 8; c++) {
    const i = (c & 1) * 4;
    const j = (2 + ((c >> 1) & 1)) * 4;
    const l = (4 + ((c >> 2) & 1)) * 4;
    const jkx = q[j + 1]! * q[l + 2]! - q[j + 2]! * q[l + 1]!;
    const jky = q[j + 2]! * q[l]! - q[j]! * q[l + 2]!;
    const jkz = q[j]! * q[l + 1]! - q[j + 1]! * q[l]!;
    const kix = q[l + 1]! * q[i + 2]! - q[l + 2]! * q[i + 1]!;
    const kiy = q[l + 2]! * q[i]! - q[l]! * q[i + 2]!;
    const kiz = q[l]! * q[i + 1]! - q[l + 1]! * q[i]!;
    const ijx = q[i + 1]! * q[j + 2]! - q[i + 2]! * q[j + 1]!;
    const ijy = q[i + 2]! * q[j]! - q[i]! * q[j + 2]!;
    const ijz = q[i]! * q[j + 1]! - q[i + 1]! * q[j]!;
    const det = q[i]! * jkx + q[i + 1]! * jky + q[i + 2]! * jkz;
    if (det === 0 || !Number.isFinite(det)) continue;
    const x = (q[i + 3]! * jkx + q[j + 3]! * kix + q[l + 3]! * ijx) / det;
    const y = (q[i + 3]! * jky + q[j + 3]! * kiy + q[l + 3]! * ijy) / det;
    const z = (q[i + 3]! * jkz + q[j + 3]! * kiz + q[l + 3]! * ijz) / det;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    sx += x / 8;
    sy += y / 8;
    sz += z / 8;
    k++;
  }
  m.x = k === 8 && Number.isFinite(sx + sy + sz) ? sx : Number.NaN;
  m.y = sy;
  m.z = sz;
  return m;
}

/** True when the point is certainly inside (or on) all six planes. */
function surelyInside(f: Frustum, x: number, y: number, z: number): boolean {
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    const a = p.normal.x * x;
    const b = p.normal.y * y;
    const c = p.normal.z * z;
    const d = a + b + c - p.offset;
    const e = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(p.offset)) + TAIL2;
    if (!(d + e <= 0)) return false;
  }
  return true;
}

/** True when a shape whose values over plane p lie in [lo, ...] (within err), grown by r, is certainly beyond p. */
function surelyBeyond(n: Vec, lo: number, err: number, r: number): boolean {
  if (!(lo > err)) return false;
  if (r === 0) return true;
  const far = lo - err;
  return far * far > r * r * (n.x * n.x + n.y * n.y + n.z * n.z) * (1 + REL) + TAIL2;
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
    const e = ERR * (Math.abs(a) + Math.abs(b) + Math.abs(d) + Math.abs(p.offset)) + TAIL2;
    if (surelyBeyond(n, a + b + d - p.offset, e, s.radius)) return false;
  }
  if (surelyInside(f, c.x, c.y, c.z)) return true;
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_POINT, c, s.radius);
}

/** Exact: does the frustum meet the closed axis-aligned box? */
export function frustumAabb(f: Frustum, b: Aabb): boolean {
  const lo = b.min;
  const hi = b.max;
  for (let i = 0; i < 6; i++) {
    const p = f.planes[i] as Plane;
    const n = p.normal;
    // The box corner with the least value along n.
    const a = n.x * (n.x >= 0 ? lo.x : hi.x);
    const c = n.y * (n.y >= 0 ? lo.y : hi.y);
    const d = n.z * (n.z >= 0 ? lo.z : hi.z);
    const e = ERR * (Math.abs(a) + Math.abs(c) + Math.abs(d) + Math.abs(p.offset)) + TAIL2;
    if (surelyBeyond(n, a + c + d - p.offset, e, 0)) return false;
  }
  // Witness: the box point nearest the frustum's middle (a double inside the box by clamping).
  const m = middleOf(f);
  if (!Number.isNaN(m.x)) {
    const x = m.x < lo.x ? lo.x : m.x > hi.x ? hi.x : m.x;
    const y = m.y < lo.y ? lo.y : m.y > hi.y ? hi.y : m.y;
    const z = m.z < lo.z ? lo.z : m.z > hi.z ? hi.z : m.z;
    if (surelyInside(f, x, y, z)) return true;
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
    if (surelyBeyond(n, u + v + w - p.offset - ext, ERR * abs + TAIL2, 0)) return false;
  }
  if (surelyInside(f, c.x, c.y, c.z)) return true;
  return exactWithin(CORE_FRUSTUM, f, 0, CORE_BOX, b, 0);
}
