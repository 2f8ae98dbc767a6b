/**
 * contact<A><B> for every 3D pair with a sphere or a capsule (and a plane against either): null
 * exactly when the pair's exact test is false; otherwise the unit normal from A to B, the depth
 * (moving B by normal * depth leaves them only touching), up to two points midway between the
 * surfaces with their own depths, and exact `aInB` / `bInA`.
 *
 * Shallow contacts (cores apart) come from the cores' closest points, deep ones from the cores'
 * penetration (nearest face of a box, the plane of a triangle, the common perpendicular of two
 * crossing segments), plus both radii. Where the direction is free (concentric spheres, a center
 * on a segment or triangle), the choice is documented on the function.
 * @see Ericson, Real-Time Collision Detection, §4.4.1, §5.1.2-5.1.9 (closest points), §5.2.5;
 * Catto, "Contact Manifolds", GDC 2007.
 */
import { planeSide } from "../../exact/distance3.ts";
import { anyPerpendicular3 } from "../../math/vec3.ts";
import { epaPenetration, makePenetration, type Penetration } from "../convex/epa.ts";
import { type GjkResult, gjkDistance, lastCoreDistance, makeGjkResult } from "../convex/gjk.ts";
import { type ConvexProxy, makeProxy, proxyOfKind } from "../convex/proxy.ts";
import { segmentsWithin } from "../overlap/rounded.ts";
import { testSegmentAabb } from "../pairs/linear-aabb.ts";
import { testSegmentBox } from "../pairs/linear-box.ts";
import { testSegmentTriangle } from "../pairs/linear-triangle.ts";
import { testPointTriangle } from "../pairs/point-shapes.ts";
import {
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsuleTriangle,
  testPlaneCapsule,
  testPlaneSphere,
  testSphereAabb,
  testSphereBox,
  testSphereCapsule,
  testSphereSphere,
  testSphereTriangle,
} from "../query/test.ts";
import { testCapsuleHull, testPointHull, testSphereHull } from "../query/test-hull.ts";
import { type Contact, makeContact } from "../results.ts";
import type { Aabb, Box, Capsule, Hull, Plane, Segment, Sphere, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";
import {
  boxInRounded,
  pointsInAabb,
  pointsInBox,
  pointsInHull,
  pointsInRounded,
  pointsInTriangle,
  type Rounded,
} from "./rounded-contain.ts";
import {
  B_AABB,
  B_PAR,
  B_TRI,
  closestParams,
  ORIGIN,
  POLY,
  putLocal,
  SEG,
  segmentPolytopeContact,
  UV,
  unitCross,
} from "./rounded-core.ts";

/** Points of A (1 or 2, and room for a hull's or box's) for the containment tests. */
let XA = new Float64Array(24);
let XB = new Float64Array(24);
const U: Vec = { x: 0, y: 0, z: 0 };
const seg: Segment = { a: U, b: U };
const axes: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

function pts1(arr: Float64Array, p: Vec): Float64Array {
  arr[0] = p.x;
  arr[1] = p.y;
  arr[2] = p.z;
  return arr;
}

function pts2(arr: Float64Array, p: Vec, q: Vec): Float64Array {
  arr[0] = p.x;
  arr[1] = p.y;
  arr[2] = p.z;
  arr[3] = q.x;
  arr[4] = q.y;
  arr[5] = q.z;
  return arr;
}

function ptsTri(arr: Float64Array, t: Triangle): Float64Array {
  pts2(arr, t.a, t.b);
  arr[6] = t.c.x;
  arr[7] = t.c.y;
  arr[8] = t.c.z;
  return arr;
}

function ptsAabb(arr: Float64Array, b: Aabb): Float64Array {
  for (let c = 0; c < 8; c++) {
    arr[3 * c] = c & 1 ? b.max.x : b.min.x;
    arr[3 * c + 1] = c & 2 ? b.max.y : b.min.y;
    arr[3 * c + 2] = c & 4 ? b.max.z : b.min.z;
  }
  return arr;
}

function ptsHull(which: 0 | 1, h: Hull): Float64Array {
  const n = h.points.length;
  let arr = which === 0 ? XA : XB;
  if (arr.length < 3 * n) {
    arr = new Float64Array(3 * n);
    if (which === 0) XA = arr;
    else XB = arr;
  }
  for (let i = 0; i < n; i++) {
    const p = h.points[i]!;
    arr[3 * i] = p.x;
    arr[3 * i + 1] = p.y;
    arr[3 * i + 2] = p.z;
  }
  return arr;
}

/** `emitOne`'s input: a non-zero direction (0..2), normalised there, and the depth (3). */
const ND = new Float64Array(4);

/**
 * `onePoint` with its doubles in ND, for hot callers: a call V8 does not inline boxes each double
 * argument. The direction is normalised as `normalize3` does.
 */
function emitOne(out: Contact, c: Vec, a: Rounded): void {
  let x = ND[0]!;
  let y = ND[1]!;
  let z = ND[2]!;
  let n2 = x * x + y * y + z * z;
  if (!(n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301)) {
    const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    x /= m;
    y /= m;
    z /= m;
    n2 = x * x + y * y + z * z;
  }
  const inv = 1 / Math.sqrt(n2);
  const nx = x * inv + 0;
  const ny = y * inv + 0;
  const nz = z * inv + 0;
  const depth = ND[3]!;
  out.normal.x = nx;
  out.normal.y = ny;
  out.normal.z = nz;
  out.depth = depth;
  const k = a.radius - depth / 2;
  const q = out.points[0]!;
  q.point.x = c.x + k * nx;
  q.point.y = c.y + k * ny;
  q.point.z = c.z + k * nz;
  q.depth = depth;
  out.count = 1;
}

/** `onePoint`'s input: the unit normal from A to B (0..2), A's radius ra (3) and the depth (4). */
const NP = new Float64Array(5);

/**
 * One-point contact of a core point c (grown by ra) and B, with the unit normal n from A to B and
 * the depth in NP: the point midway, c + (ra - depth / 2)·n. Its doubles come in NP: a call V8
 * does not inline boxes each double argument.
 */
function onePoint(out: Contact, c: Vec): Contact {
  const nx = NP[0]!;
  const ny = NP[1]!;
  const nz = NP[2]!;
  const depth = NP[4]!;
  out.normal.x = nx;
  out.normal.y = ny;
  out.normal.z = nz;
  out.depth = depth;
  const m = NP[3]! - depth / 2;
  const q = out.points[0]!;
  q.point.x = c.x + m * nx;
  q.point.y = c.y + m * ny;
  q.point.z = c.z + m * nz;
  q.depth = depth;
  out.count = 1;
  return out;
}

/**
 * The contact of two spheres, or null when they do not touch (exact). Concentric spheres get the
 * normal (1, 0, 0) and depth ra + rb.
 */
export function contactSphereSphere(a: Sphere, b: Sphere, out?: Contact): Contact | null {
  if (!testSphereSphere(a, b)) return null;
  const c = out ?? makeContact();
  const ex = b.center.x - a.center.x;
  const ey = b.center.y - a.center.y;
  const ez = b.center.z - a.center.z;
  // length3, written out: a call that is not inlined boxes the doubles it takes and returns.
  const m = Math.max(Math.abs(ex), Math.abs(ey), Math.abs(ez));
  let d = 0;
  if (m > 0) {
    const x = ex / m;
    const y = ey / m;
    const z = ez / m;
    d = Math.sqrt(x * x + y * y + z * z) * m;
  }
  ND[0] = d > 0 ? ex : 1;
  ND[1] = d > 0 ? ey : 0;
  ND[2] = d > 0 ? ez : 0;
  ND[3] = Math.max(0, a.radius + b.radius - d);
  emitOne(c, a.center, a);
  c.aInB = sphereInSphere(a, b);
  c.bInA = sphereInSphere(b, a);
  return c;
}

/**
 * Exact: is `inner` inside `outer`? First a float reject: a center offset, on one axis, wider
 * than ro - ri cannot fit. Each difference is rounded once and the margin 2^-40 exceeds their
 * joint relative error (subnormal differences are exact), so the reject never drops a fit.
 */
function sphereInSphere(inner: Sphere, outer: Sphere): boolean {
  const ri = inner.radius;
  const ro = outer.radius;
  if (ri > ro) return false;
  const s = (ro - ri) * (1 + 2 ** -40);
  const p = inner.center;
  const o = outer.center;
  if (Math.abs(p.x - o.x) > s || Math.abs(p.y - o.y) > s || Math.abs(p.z - o.z) > s) return false;
  return pointsInRounded(pts1(XA, p), 1, inner, o, o, outer);
}

/**
 * The contact of a sphere and a capsule, or null when they do not touch (exact). A center on the
 * capsule's segment gets a normal perpendicular to it (`anyPerpendicular3`); on a zero-length
 * capsule, (1, 0, 0).
 */
export function contactSphereCapsule(a: Sphere, b: Capsule, out?: Contact): Contact | null {
  if (!testSphereCapsule(a, b)) return null;
  const c = out ?? makeContact();
  const p = a.center;
  const ux = b.b.x - b.a.x;
  const uy = b.b.y - b.a.y;
  const uz = b.b.z - b.a.z;
  const wx = p.x - b.a.x;
  const wy = p.y - b.a.y;
  const wz = p.z - b.a.z;
  const uu = ux * ux + uy * uy + uz * uz;
  let t = uu > 0 ? (wx * ux + wy * uy + wz * uz) / uu : 0;
  t = t > 1 ? 1 : t > 0 ? t : 0;
  // e from the center to the nearest core point; inside the segment it is perpendicular to u.
  let ex = t * ux - wx;
  let ey = t * uy - wy;
  let ez = t * uz - wz;
  if (t > 0 && t < 1) {
    const k = (ex * ux + ey * uy + ez * uz) / uu;
    ex -= k * ux;
    ey -= k * uy;
    ez -= k * uz;
  }
  // length3, written out: a call that is not inlined boxes the doubles it takes and returns.
  const em = Math.max(Math.abs(ex), Math.abs(ey), Math.abs(ez));
  let d = 0;
  if (em > 0) {
    const x = ex / em;
    const y = ey / em;
    const z = ez / em;
    d = Math.sqrt(x * x + y * y + z * z) * em;
  }
  const R = a.radius + b.radius;
  // A gap at rounding level has no trustworthy direction: the center is on the segment, so any
  // perpendicular of it separates them after a move of R.
  const scale =
    Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + Math.abs(ux) + Math.abs(uy) + Math.abs(uz);
  if (d <= 2 ** -40 * scale) d = 0;
  const depth = Math.max(0, R - d);
  if (d > 0) {
    NP[0] = ex / d;
    NP[1] = ey / d;
    NP[2] = ez / d;
  } else {
    if (uu > 0) anyPerpendicular3(ux, uy, uz, U);
    else {
      U.x = 1;
      U.y = 0;
      U.z = 0;
    }
    NP[0] = U.x;
    NP[1] = U.y;
    NP[2] = U.z;
  }
  NP[3] = a.radius;
  NP[4] = depth;
  onePoint(c, p);
  c.aInB = pointsInRounded(pts1(XA, p), 1, a, b.a, b.b, b);
  c.bInA = pointsInRounded(pts2(XB, b.a, b.b), 2, b, p, p, a);
  return c;
}

/**
 * The contact of a sphere and an axis-aligned box, or null when they do not touch (exact). A
 * center inside the box is pushed out through the nearest face (ties: x before y before z, the
 * min face before the max face).
 */
export function contactSphereAabb(a: Sphere, b: Aabb, out?: Contact): Contact | null {
  if (!testSphereAabb(a, b)) return null;
  const c = out ?? makeContact();
  const p = a.center;
  const r = a.radius;
  const lo = b.min;
  const hi = b.max;
  const qx = p.x < lo.x ? lo.x : p.x > hi.x ? hi.x : p.x;
  const qy = p.y < lo.y ? lo.y : p.y > hi.y ? hi.y : p.y;
  const qz = p.z < lo.z ? lo.z : p.z > hi.z ? hi.z : p.z;
  const ex = qx - p.x;
  const ey = qy - p.y;
  const ez = qz - p.z;
  if (ex !== 0 || ey !== 0 || ez !== 0) {
    // length3, written out (see contactSphereSphere); ex, ey, ez are not all 0.
    const em = Math.max(Math.abs(ex), Math.abs(ey), Math.abs(ez));
    const x = ex / em;
    const y = ey / em;
    const z = ez / em;
    const h = Math.sqrt(x * x + y * y + z * z);
    const d = h * em;
    // The normal from the scaled offset: ex / d loses its length when d is subnormal.
    NP[0] = x / h;
    NP[1] = y / h;
    NP[2] = z / h;
    NP[3] = r;
    NP[4] = Math.max(0, r - d);
    onePoint(c, p);
  } else {
    // Inside: the face nearest the center; the box moves away from it, so the normal points
    // from that face into the box.
    let best = p.x - lo.x;
    let axis = 0;
    let sign = 1;
    for (let k = 1; k < 6; k++) {
      const g =
        k === 1
          ? hi.x - p.x
          : k === 2
            ? p.y - lo.y
            : k === 3
              ? hi.y - p.y
              : k === 4
                ? p.z - lo.z
                : hi.z - p.z;
      if (g < best) {
        best = g;
        axis = k >> 1;
        sign = k & 1 ? -1 : 1;
      }
    }
    NP[0] = axis === 0 ? sign : 0;
    NP[1] = axis === 1 ? sign : 0;
    NP[2] = axis === 2 ? sign : 0;
    NP[3] = r;
    NP[4] = best + r;
    onePoint(c, p);
  }
  c.aInB = pointsInAabb(pts1(XA, p), 1, a, b);
  c.bInA = pointsInRounded(ptsAabb(XB, b), 8, null, p, p, a);
  return c;
}

/**
 * The contact of a sphere and a box, or null when they do not touch (exact). Clamped in the box's
 * frame (its unit axes); a center inside leaves through the nearest face (ties: the first axis,
 * the max face when the center is on the mid-plane).
 */
export function contactSphereBox(a: Sphere, b: Box, out?: Contact): Contact | null {
  if (!testSphereBox(a, b)) return null;
  const c = out ?? makeContact();
  const p = a.center;
  const r = a.radius;
  const { x, y, z, w } = b.rotation;
  // Unit columns of the rotation (boxAxes without the half extents).
  const c0x = 1 - 2 * (y * y + z * z);
  const c0y = 2 * (x * y + w * z);
  const c0z = 2 * (x * z - w * y);
  const c1x = 2 * (x * y - w * z);
  const c1y = 1 - 2 * (x * x + z * z);
  const c1z = 2 * (y * z + w * x);
  const c2x = 2 * (x * z + w * y);
  const c2y = 2 * (y * z - w * x);
  const c2z = 1 - 2 * (x * x + y * y);
  const dx = p.x - b.center.x;
  const dy = p.y - b.center.y;
  const dz = p.z - b.center.z;
  const l0 = dx * c0x + dy * c0y + dz * c0z;
  const l1 = dx * c1x + dy * c1y + dz * c1z;
  const l2 = dx * c2x + dy * c2y + dz * c2z;
  const h0 = b.halfExtents.x;
  const h1 = b.halfExtents.y;
  const h2 = b.halfExtents.z;
  // e (box frame) from the center to the nearest box point.
  const e0 = l0 > h0 ? h0 - l0 : l0 < -h0 ? -h0 - l0 : 0;
  const e1 = l1 > h1 ? h1 - l1 : l1 < -h1 ? -h1 - l1 : 0;
  const e2 = l2 > h2 ? h2 - l2 : l2 < -h2 ? -h2 - l2 : 0;
  // A gap at the rounding level of the frame coordinates has no trustworthy direction (an edge
  // normal could come out for a face contact): then the nearest face, as for a center inside.
  const noise = 2 ** -40 * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz) + h0 + h1 + h2);
  // length3, written out: a call that is not inlined boxes the doubles it takes and returns.
  const m = Math.max(Math.abs(e0), Math.abs(e1), Math.abs(e2));
  let d = 0;
  let f0 = 0;
  let f1 = 0;
  let f2 = 0;
  let h = 1;
  if (m > 0) {
    f0 = e0 / m;
    f1 = e1 / m;
    f2 = e2 / m;
    h = Math.sqrt(f0 * f0 + f1 * f1 + f2 * f2);
    d = h * m;
  }
  if (d > noise) {
    // The normal from the scaled offset: e / d loses its length when d is subnormal.
    const k0 = f0 / h;
    const k1 = f1 / h;
    const k2 = f2 / h;
    ND[0] = k0 * c0x + k1 * c1x + k2 * c2x;
    ND[1] = k0 * c0y + k1 * c1y + k2 * c2y;
    ND[2] = k0 * c0z + k1 * c1z + k2 * c2z;
    ND[3] = Math.max(0, r - d);
  } else {
    const g0 = h0 - Math.abs(l0);
    const g1 = h1 - Math.abs(l1);
    const g2 = h2 - Math.abs(l2);
    let axis = 0;
    let best = g0;
    if (g1 < best) {
      best = g1;
      axis = 1;
    }
    if (g2 < best) {
      best = g2;
      axis = 2;
    }
    const l = axis === 0 ? l0 : axis === 1 ? l1 : l2;
    // The center is nearer the face on l's side; the box moves the other way.
    const s = l < 0 ? 1 : -1;
    ND[0] = s * (axis === 0 ? c0x : axis === 1 ? c1x : c2x);
    ND[1] = s * (axis === 0 ? c0y : axis === 1 ? c1y : c2y);
    ND[2] = s * (axis === 0 ? c0z : axis === 1 ? c1z : c2z);
    ND[3] = Math.max(0, best) + r;
  }
  emitOne(c, p, a);
  c.aInB = pointsInBox(pts1(XA, p), 1, a, b);
  c.bInA = boxInRounded(b, p, p, a);
  return c;
}

/** Loads a triangle as B's core for the engine. */
function loadTriangle(t: Triangle): void {
  putLocal(POLY, 0, t.a);
  putLocal(POLY, 3, t.b);
  putLocal(POLY, 6, t.c);
}

/** Loads an aabb as B's core (center and half extents, rounded once each). */
function loadAabb(b: Aabb): void {
  const hx = b.max.x / 2 - b.min.x / 2;
  const hy = b.max.y / 2 - b.min.y / 2;
  const hz = b.max.z / 2 - b.min.z / 2;
  POLY[0] = b.min.x + hx - ORIGIN[0]!;
  POLY[1] = b.min.y + hy - ORIGIN[1]!;
  POLY[2] = b.min.z + hz - ORIGIN[2]!;
  for (let i = 3; i < 12; i++) POLY[i] = 0;
  POLY[3] = hx;
  POLY[7] = hy;
  POLY[11] = hz;
}

/** Loads a box as B's core (center and the `boxAxes` half axes). */
function loadBox(b: Box): void {
  boxAxes(b, axes);
  putLocal(POLY, 0, b.center);
  for (let k = 0; k < 3; k++) {
    POLY[3 + 3 * k] = axes[k]!.x;
    POLY[4 + 3 * k] = axes[k]!.y;
    POLY[5 + 3 * k] = axes[k]!.z;
  }
}

/** Sets ORIGIN to p and A's segment to (a, b) relative to it. */
function loadSegment(a: Vec, b: Vec): void {
  ORIGIN[0] = a.x;
  ORIGIN[1] = a.y;
  ORIGIN[2] = a.z;
  putLocal(SEG, 0, a);
  putLocal(SEG, 3, b);
}

/**
 * The contact of a sphere and a triangle, or null when they do not touch (exact). A center on the
 * triangle gets the normal +unit((b - a) x (c - a)) and depth r (the sphere is taken as lying on
 * the triangle's back side); on a collinear triangle, a perpendicular of its longest edge.
 */
export function contactSphereTriangle(a: Sphere, b: Triangle, out?: Contact): Contact | null {
  const c = sphereTriangleManifold(a, b, out ?? SPARE);
  if (c === null) return null;
  const r = out ?? copyContact(SPARE, makeContact());
  r.aInB = pointsInTriangle(pts1(XA, a.center), 1, a, b);
  r.bInA = pointsInRounded(ptsTri(XB, b), 3, null, a.center, a.center, a);
  return r;
}

/** `contactSphereTriangle` without the containment flags (left as they were): for meshes. */
export function sphereTriangleManifold(a: Sphere, b: Triangle, c: Contact): Contact | null {
  if (!testSphereTriangle(a, b)) return null;
  loadSegment(a.center, a.center);
  SEG[6] = a.radius;
  loadTriangle(b);
  return segmentPolytopeContact(B_TRI, testPointTriangle(a.center, b), c);
}

const SPARE: Contact = makeContact();

/** Copies the normal, depth and points of `from` into `to` and returns `to`. */
function copyContact(from: Contact, to: Contact): Contact {
  to.normal.x = from.normal.x;
  to.normal.y = from.normal.y;
  to.normal.z = from.normal.z;
  to.depth = from.depth;
  to.count = from.count;
  for (let k = 0; k < from.count; k++) {
    const p = from.points[k]!;
    const q = to.points[k]!;
    q.point.x = p.point.x;
    q.point.y = p.point.y;
    q.point.z = p.point.z;
    q.depth = p.depth;
  }
  return to;
}

const GA = makeProxy(2);
const GB = makeProxy(8);
const GR: GjkResult = makeGjkResult();
const PEN: Penetration = makePenetration();

/**
 * Contact of the proxies GA (a point or segment with radius) and GB (a hull), for a pair known to
 * touch: cores apart, GJK's closest points (one point); cores overlapping, EPA (one point, at A's
 * core point GJK shared, depth the overlap along EPA's normal). The hull has no faces, so a
 * capsule on one gets one point.
 */
function hullContact(out: Contact): Contact {
  // The radii from the proxies (A's own, the hull's 0): a double argument would be boxed.
  const ra = GA.radius;
  const rb = GB.radius;
  // Relative to A's first point, so an offset costs no precision.
  const ox = GA.xyz[0]!;
  const oy = GA.xyz[1]!;
  const oz = GA.xyz[2]!;
  shift(GA, GB);
  const scale = SH[0]!;
  gjkDistance(GA, GB, GR);
  // A core gap at the rounding level of GJK is overlap (the caller's test said they touch).
  const core = lastCoreDistance() > 2 ** -40 * scale ? lastCoreDistance() : 0;
  const R = ra + rb;
  let nx: number;
  let ny: number;
  let nz: number;
  let depth: number;
  let px: number;
  let py: number;
  let pz: number;
  if (core > 0 && GR.distance === 0 && core <= R) {
    // Cores apart, radii overlapping: GJK's normal; its points sit on the segment between cores.
    nx = GR.normal.x;
    ny = GR.normal.y;
    nz = GR.normal.z;
    depth = R - core;
    // A's core witness: back from the shared point along -n by its share of the gap.
    const t = R > 0 ? ra / R : 0.5;
    px = GR.pointA.x - t * core * nx;
    py = GR.pointA.y - t * core * ny;
    pz = GR.pointA.z - t * core * nz;
  } else if (core > 0 && GR.distance > 0) {
    // Exactly touching while floats see a hair of gap.
    nx = GR.normal.x;
    ny = GR.normal.y;
    nz = GR.normal.z;
    depth = 0;
    px = GR.pointA.x - ra * nx;
    py = GR.pointA.y - ra * ny;
    pz = GR.pointA.z - ra * nz;
  } else {
    // Shared core point (GJK's, on A's core), before EPA reuses GJK's state.
    px = GR.pointA.x;
    py = GR.pointA.y;
    pz = GR.pointA.z;
    epaPenetration(GA, GB, PEN);
    nx = PEN.normal.x;
    ny = PEN.normal.y;
    nz = PEN.normal.z;
    // The overlap along EPA's normal separates exactly; EPA's own depth can fall short of it on
    // flat differences, so report this one (>= the minimum, equal when EPA's normal is right).
    overlapAlong(GA, GB, PEN.normal);
    depth = Math.max(0, SH[1]! + R);
  }
  out.normal.x = nx;
  out.normal.y = ny;
  out.normal.z = nz;
  out.depth = depth;
  const m = ra - depth / 2;
  const q = out.points[0]!;
  q.point.x = px + m * nx + ox;
  q.point.y = py + m * ny + oy;
  q.point.z = pz + m * nz + oz;
  q.depth = depth;
  out.count = 1;
  return out;
}

/** `shift`'s largest coordinate (0) and `overlapAlong`'s result (1): doubles do not cross calls. */
const SH = new Float64Array(2);

/**
 * Moves both proxies' points by minus A's first point; SH[0] = their largest coordinate
 * magnitude after the move.
 */
function shift(a: ConvexProxy, b: ConvexProxy): void {
  const ox = a.xyz[0]!;
  const oy = a.xyz[1]!;
  const oz = a.xyz[2]!;
  let m = 0;
  for (let k = 0; k < 2; k++) {
    const g = k === 0 ? a : b;
    const x = g.xyz;
    for (let i = 0; i < 3 * g.count; i += 3) {
      x[i] = x[i]! - ox;
      x[i + 1] = x[i + 1]! - oy;
      x[i + 2] = x[i + 2]! - oz;
      m = Math.max(m, Math.abs(x[i]!), Math.abs(x[i + 1]!), Math.abs(x[i + 2]!));
    }
  }
  SH[0] = m;
}

/** Exact: is p on the flat hull h? */
function onHull(p: Vec, h: Hull): boolean {
  return testPointHull(p, h);
}

/** SH[1] = max over A's points of n . x minus min over B's points of n . y (B pushed along n). */
function overlapAlong(a: ConvexProxy, b: ConvexProxy, n: Vec): void {
  const nx = n.x;
  const ny = n.y;
  const nz = n.z;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < a.count; i++) {
    hi = Math.max(hi, nx * a.xyz[3 * i]! + ny * a.xyz[3 * i + 1]! + nz * a.xyz[3 * i + 2]!);
  }
  let lo = Number.POSITIVE_INFINITY;
  for (let i = 0; i < b.count; i++) {
    lo = Math.min(lo, nx * b.xyz[3 * i]! + ny * b.xyz[3 * i + 1]! + nz * b.xyz[3 * i + 2]!);
  }
  SH[1] = hi - lo;
}

/**
 * The contact of a sphere and a hull, or null when they do not touch (exact, `testSphereHull`,
 * which also decides `distanceSphereHull`'s zero). Deep: EPA's normal and depth.
 */
export function contactSphereHull(a: Sphere, b: Hull, out?: Contact): Contact | null {
  if (!testSphereHull(a, b)) return null;
  const c = out ?? makeContact();
  proxyOfKind("sphere", a, GA);
  proxyOfKind("hull", b, GB);
  hullContact(c);
  c.aInB = pointsInHull(pts1(XA, a.center), 1, a, b, onHull);
  const hb = ptsHull(1, b);
  c.bInA = pointsInRounded(hb, b.points.length, null, a.center, a.center, a);
  return c;
}

/**
 * The contact of two capsules, or null when they do not touch (exact). Parallel segments whose
 * projections overlap give two points (the ends of the overlap); crossing segments get the normal
 * along u x v (turned from A's midpoint toward B's) and depth ra + rb; collinear overlapping ones
 * a perpendicular of the segment.
 */
export function contactCapsuleCapsule(a: Capsule, b: Capsule, out?: Contact): Contact | null {
  if (!testCapsuleCapsule(a, b)) return null;
  const c = out ?? makeContact();
  const ra = a.radius;
  const rb = b.radius;
  const R = ra + rb;
  loadSegment(a.a, a.b);
  putLocal(Q2, 0, b.a);
  putLocal(Q2, 3, b.b);
  const ux = SEG[3]!;
  const uy = SEG[4]!;
  const uz = SEG[5]!;
  const vx = Q2[3]! - Q2[0]!;
  const vy = Q2[4]! - Q2[1]!;
  const vz = Q2[5]! - Q2[2]!;
  closestParams(SEG, Q2, ST2);
  const s = ST2[0]!;
  const t = ST2[1]!;
  const px = s * ux;
  const py = s * uy;
  const pz = s * uz;
  let ex = Q2[0]! + t * vx - px;
  let ey = Q2[1]! + t * vy - py;
  let ez = Q2[2]! + t * vz - pz;
  const meet = segmentsWithin(a, 0, b, 0);
  // length3, written out: a call that is not inlined boxes the doubles it takes and returns.
  let d = 0;
  const em = Math.max(Math.abs(ex), Math.abs(ey), Math.abs(ez));
  if (!meet && em > 0) {
    const x = ex / em;
    const y = ey / em;
    const z = ez / em;
    d = Math.sqrt(x * x + y * y + z * z) * em;
  }
  const n = c.normal;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < 6; i++) {
    sa = Math.max(sa, Math.abs(SEG[i]!));
    sb = Math.max(sb, Math.abs(Q2[i]!));
  }
  const slack = 2 ** -30 * (sa + sb);
  UV[0] = ux;
  UV[1] = uy;
  UV[2] = uz;
  UV[3] = vx;
  UV[4] = vy;
  UV[5] = vz;
  const par = parallelUV();
  const skew = !par && unitCross(UV, n);
  if (d > 0 && skew) {
    // The common perpendicular n separates the segments' projections by `sep`: when that is the
    // distance (closest points inside both), or the gap is rounding noise, n is the direction.
    const a1 = n.x * ux + n.y * uy + n.z * uz;
    const b0 = n.x * Q2[0]! + n.y * Q2[1]! + n.z * Q2[2]!;
    const b1 = n.x * Q2[3]! + n.y * Q2[4]! + n.z * Q2[5]!;
    const up = Math.min(b0, b1) - Math.max(0, a1);
    const down = Math.min(0, a1) - Math.max(b0, b1);
    const sep = Math.max(up, down);
    if (sep >= d - slack - 1e-9 * d || d <= slack) {
      const k = up >= down ? 1 : -1;
      n.x *= k;
      n.y *= k;
      n.z *= k;
      d = Math.max(0, sep);
    } else {
      n.x = ex / d;
      n.y = ey / d;
      n.z = ez / d;
    }
  } else if (d > 0) {
    n.x = ex / d;
    n.y = ey / d;
    n.z = ez / d;
  } else {
    d = 0;
    // Crossing: along u x v, turned toward B; else perpendicular to the longer direction.
    if (!skew) {
      const uLen = Math.abs(ux) + Math.abs(uy) + Math.abs(uz);
      const vLen = Math.abs(vx) + Math.abs(vy) + Math.abs(vz);
      if (uLen >= vLen && uLen > 0) anyPerpendicular3(ux, uy, uz, n);
      else if (vLen > 0) anyPerpendicular3(vx, vy, vz, n);
      else {
        n.x = 1;
        n.y = 0;
        n.z = 0;
      }
    } else {
      const mx = Q2[0]! + Q2[3]! - ux;
      const my = Q2[1]! + Q2[4]! - uy;
      const mz = Q2[2]! + Q2[5]! - uz;
      if (n.x * mx + n.y * my + n.z * mz < 0) {
        n.x = -n.x;
        n.y = -n.y;
        n.z = -n.z;
      }
    }
  }
  const depth = Math.max(0, R - d);
  c.depth = depth;
  ex = n.x;
  ey = n.y;
  ez = n.z;
  let count = 0;
  if (d > 0 && par) {
    // Overlap of B's projection on A's parameter range: a point at each end.
    const uu = ux * ux + uy * uy + uz * uz;
    const t0 = (Q2[0]! * ux + Q2[1]! * uy + Q2[2]! * uz) / uu;
    const t1 = (Q2[3]! * ux + Q2[4]! * uy + Q2[5]! * uz) / uu;
    const lo = Math.max(0, Math.min(t0, t1));
    const hi = Math.min(1, Math.max(t0, t1));
    if (lo < hi) {
      for (let k = 0; k < 2; k++) {
        const tt = k === 0 ? lo : hi;
        const qx = tt * ux;
        const qy = tt * uy;
        const qz = tt * uz;
        // Distance from q to B's segment (written out, as length3 above).
        const wx = qx - Q2[0]!;
        const wy = qy - Q2[1]!;
        const wz = qz - Q2[2]!;
        const vv = vx * vx + vy * vy + vz * vz;
        let w = vv > 0 ? (wx * vx + wy * vy + wz * vz) / vv : 0;
        w = w > 1 ? 1 : w > 0 ? w : 0;
        const fx = wx - w * vx;
        const fy = wy - w * vy;
        const fz = wz - w * vz;
        const fm = Math.max(Math.abs(fx), Math.abs(fy), Math.abs(fz));
        let dd = 0;
        if (fm > 0) {
          const x = fx / fm;
          const y = fy / fm;
          const z = fz / fm;
          dd = Math.sqrt(x * x + y * y + z * z) * fm;
        }
        const dep = R - dd;
        if (dep < 0) continue;
        const m = ra - dep / 2;
        const q = c.points[count++]!;
        q.point.x = qx + m * ex + ORIGIN[0]!;
        q.point.y = qy + m * ey + ORIGIN[1]!;
        q.point.z = qz + m * ez + ORIGIN[2]!;
        q.depth = dep;
      }
    }
  }
  if (count === 0) {
    const m = ra - depth / 2;
    const q = c.points[0]!;
    q.point.x = px + m * ex + ORIGIN[0]!;
    q.point.y = py + m * ey + ORIGIN[1]!;
    q.point.z = pz + m * ez + ORIGIN[2]!;
    q.depth = depth;
    count = 1;
  }
  c.count = count;
  c.aInB = pointsInRounded(pts2(XA, a.a, a.b), 2, a, b.a, b.b, b);
  c.bInA = pointsInRounded(pts2(XB, b.a, b.b), 2, b, a.a, a.b, a);
  return c;
}

const Q2 = new Float64Array(6);
const ST2 = new Float64Array(2);

/**
 * Whether u = UV[0..2] and v = UV[3..5] are parallel within 2^-20 rad
 * (|u x v|^2 <= 2^-40 |u|^2 |v|^2), both non-zero.
 */
function parallelUV(): boolean {
  let ux = UV[0]!;
  let uy = UV[1]!;
  let uz = UV[2]!;
  let vx = UV[3]!;
  let vy = UV[4]!;
  let vz = UV[5]!;
  const mu = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz));
  const mv = Math.max(Math.abs(vx), Math.abs(vy), Math.abs(vz));
  if (mu === 0 || mv === 0) return false;
  ux /= mu;
  uy /= mu;
  uz /= mu;
  vx /= mv;
  vy /= mv;
  vz /= mv;
  const cx = uy * vz - uz * vy;
  const cy = uz * vx - ux * vz;
  const cz = ux * vy - uy * vx;
  const uu = ux * ux + uy * uy + uz * uz;
  const vv = vx * vx + vy * vy + vz * vz;
  return cx * cx + cy * cy + cz * cz <= 2 ** -40 * uu * vv;
}

/** The contact of a capsule and an axis-aligned box, or null when they do not touch (exact). */
export function contactCapsuleAabb(a: Capsule, b: Aabb, out?: Contact): Contact | null {
  if (!testCapsuleAabb(a, b)) return null;
  const c = out ?? makeContact();
  loadSegment(a.a, a.b);
  SEG[6] = a.radius;
  loadAabb(b);
  segmentPolytopeContact(B_AABB, testSegmentAabb(a, b), c);
  c.aInB = pointsInAabb(pts2(XA, a.a, a.b), 2, a, b);
  c.bInA = pointsInRounded(ptsAabb(XB, b), 8, null, a.a, a.b, a);
  return c;
}

/** The contact of a capsule and a box, or null when they do not touch (exact). */
export function contactCapsuleBox(a: Capsule, b: Box, out?: Contact): Contact | null {
  if (!testCapsuleBox(a, b)) return null;
  const c = out ?? makeContact();
  loadSegment(a.a, a.b);
  SEG[6] = a.radius;
  loadBox(b);
  segmentPolytopeContact(B_PAR, testSegmentBox(a, b), c);
  c.aInB = pointsInBox(pts2(XA, a.a, a.b), 2, a, b);
  c.bInA = boxInRounded(b, a.a, a.b, a);
  return c;
}

/**
 * The contact of a capsule and a triangle, or null when they do not touch (exact). A segment
 * lying in the triangle's plane across it gets the normal +unit((b - a) x (c - a)), depth r.
 */
export function contactCapsuleTriangle(a: Capsule, b: Triangle, out?: Contact): Contact | null {
  const c = capsuleTriangleManifold(a, b, out ?? SPARE);
  if (c === null) return null;
  const r = out ?? copyContact(SPARE, makeContact());
  r.aInB = pointsInTriangle(pts2(XA, a.a, a.b), 2, a, b);
  r.bInA = pointsInRounded(ptsTri(XB, b), 3, null, a.a, a.b, a);
  return r;
}

/** `contactCapsuleTriangle` without the containment flags (left as they were): for meshes. */
export function capsuleTriangleManifold(a: Capsule, b: Triangle, c: Contact): Contact | null {
  if (!testCapsuleTriangle(a, b)) return null;
  loadSegment(a.a, a.b);
  SEG[6] = a.radius;
  loadTriangle(b);
  seg.a = a.a;
  seg.b = a.b;
  return segmentPolytopeContact(B_TRI, testSegmentTriangle(seg, b), c);
}

/**
 * The contact of a capsule and a hull, or null when they do not touch (exact, `testCapsuleHull`,
 * which also decides `distanceCapsuleHull`'s zero). One point: hulls carry no faces to clip against.
 */
export function contactCapsuleHull(a: Capsule, b: Hull, out?: Contact): Contact | null {
  if (!testCapsuleHull(a, b)) return null;
  const c = out ?? makeContact();
  proxyOfKind("capsule", a, GA);
  proxyOfKind("hull", b, GB);
  hullContact(c);
  c.aInB = pointsInHull(pts2(XA, a.a, a.b), 2, a, b, onHull);
  const hb = ptsHull(1, b);
  c.bInA = pointsInRounded(hb, b.points.length, null, a.a, a.b, a);
  return c;
}

/**
 * A plane's frame for the contacts: the unit normal (0..2, as `normalize3` makes it), the normal
 * scaled by its largest component m (3..5), offset / m (6) and the scaled normal's length (7).
 * Kept in a Float64Array: doubles passed to or returned from a call V8 does not inline are boxed.
 */
const PL = new Float64Array(8);

function loadPlane(p: Plane): void {
  const n = p.normal;
  const m = Math.max(Math.abs(n.x), Math.abs(n.y), Math.abs(n.z));
  const nx = n.x / m;
  const ny = n.y / m;
  const nz = n.z / m;
  PL[3] = nx;
  PL[4] = ny;
  PL[5] = nz;
  PL[6] = p.offset / m;
  PL[7] = Math.sqrt(nx * nx + ny * ny + nz * nz);
  // normalize3, written out (the plane's normal is non-zero).
  let x = n.x;
  let y = n.y;
  let z = n.z;
  let n2 = x * x + y * y + z * z;
  if (!(n2 > 9.332636185032189e-302 && n2 < 1.0715086071862673e301)) {
    x /= m;
    y /= m;
    z /= m;
    n2 = x * x + y * y + z * z;
  }
  const inv = 1 / Math.sqrt(n2);
  PL[0] = x * inv + 0;
  PL[1] = y * inv + 0;
  PL[2] = z * inv + 0;
}

/**
 * The contact of a plane (a surface) and a sphere, or null when they do not touch (exact). B is
 * pushed to the side of the plane its center is on (the normal's side when on the plane).
 */
export function contactPlaneSphere(a: Plane, b: Sphere, out?: Contact): Contact | null {
  if (!testPlaneSphere(a, b)) return null;
  const c = out ?? makeContact();
  const p = b.center;
  loadPlane(a);
  // Signed distance of p in units of |n|: (n . p - offset) / |n|, after scaling n by m.
  const s = (PL[3]! * p.x + PL[4]! * p.y + PL[5]! * p.z - PL[6]!) / PL[7]!;
  const side = s < 0 ? -1 : 1;
  const nx = side * PL[0]!;
  const ny = side * PL[1]!;
  const nz = side * PL[2]!;
  const depth = Math.max(0, b.radius - Math.abs(s));
  c.normal.x = nx;
  c.normal.y = ny;
  c.normal.z = nz;
  c.depth = depth;
  // Midway between the plane's point (p - |s| n) and the sphere's deepest (p - r n).
  const m = (Math.abs(s) + b.radius) / 2;
  const q = c.points[0]!;
  q.point.x = p.x - m * nx;
  q.point.y = p.y - m * ny;
  q.point.z = p.z - m * nz;
  q.depth = depth;
  c.count = 1;
  c.aInB = false;
  c.bInA = b.radius === 0 && onPlane(a, p);
  return c;
}

/** Exact: is p on the plane? (The doubles go to `planeSide` only here, off the hot path.) */
function onPlane(a: Plane, p: Vec): boolean {
  return planeSide(a.normal.x, a.normal.y, a.normal.z, a.offset, p.x, p.y, p.z) === 0;
}

/**
 * The contact of a plane (a surface) and a capsule, or null when they do not touch (exact). B is
 * pushed to whichever side needs the shorter move; each end within reach of the plane on that side
 * is a point (two when the capsule lies along it).
 */
export function contactPlaneCapsule(a: Plane, b: Capsule, out?: Contact): Contact | null {
  if (!testPlaneCapsule(a, b)) return null;
  const c = out ?? makeContact();
  const r = b.radius;
  loadPlane(a);
  // Signed distances of the ends in units of |n| (as in contactPlaneSphere).
  const sa = (PL[3]! * b.a.x + PL[4]! * b.a.y + PL[5]! * b.a.z - PL[6]!) / PL[7]!;
  const sb = (PL[3]! * b.b.x + PL[4]! * b.b.y + PL[5]! * b.b.z - PL[6]!) / PL[7]!;
  // To the + side the capsule moves r - min(sa, sb); to the - side r + max(sa, sb).
  const up = r - Math.min(sa, sb);
  const down = r + Math.max(sa, sb);
  const side = up <= down ? 1 : -1;
  const nx = side * PL[0]!;
  const ny = side * PL[1]!;
  const nz = side * PL[2]!;
  const depth = Math.max(0, Math.min(up, down));
  c.normal.x = nx;
  c.normal.y = ny;
  c.normal.z = nz;
  c.depth = depth;
  let count = 0;
  for (let k = 0; k < 2; k++) {
    const e = k === 0 ? b.a : b.b;
    const s = side * (k === 0 ? sa : sb);
    const d = r - s;
    if (d < 0 || (k === 1 && b.a.x === b.b.x && b.a.y === b.b.y && b.a.z === b.b.z)) continue;
    // Between the plane's point (e - s n) and the capsule's deepest (e - r n).
    const m = (s + r) / 2;
    const q = c.points[count++]!;
    q.point.x = e.x - m * nx;
    q.point.y = e.y - m * ny;
    q.point.z = e.z - m * nz;
    q.depth = d;
  }
  if (count === 0) {
    // Rounding left no end within reach: the deeper end, at the contact's depth.
    const e = side * sa < side * sb ? b.a : b.b;
    const s = Math.min(side * sa, side * sb);
    const m = (s + r) / 2;
    const q = c.points[0]!;
    q.point.x = e.x - m * nx;
    q.point.y = e.y - m * ny;
    q.point.z = e.z - m * nz;
    q.depth = depth;
    count = 1;
  }
  c.count = count;
  c.aInB = false;
  c.bInA = r === 0 && onPlane(a, b.a) && onPlane(a, b.b);
  return c;
}
