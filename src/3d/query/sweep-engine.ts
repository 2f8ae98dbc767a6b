import { lastLiftExponent, lift } from "../../exact/bigint.ts";
import { normalize3, normalize3InPlace } from "../../math/vec3.ts";
import { unitCross } from "../contact/rounded-core.ts";
import {
  CAST_IN,
  castProxies,
  IN_MX,
  IN_MY,
  IN_MZ,
  IN_PAD,
  IN_SCALE,
  makeProxyCast,
  supportGap,
} from "../convex/cast.ts";
import { certainTripleSign } from "../convex/certain-triple.ts";
import { epaPenetration, makePenetration, originInsidePolytope } from "../convex/epa.ts";
import { gjkDistance, lastCoreDistance, lastSimplex, makeGjkResult } from "../convex/gjk.ts";
import { type ConvexKind, type ConvexProxy, makeProxy, proxyOfKind } from "../convex/proxy.ts";
import type { Mesh } from "../mesh.ts";
import {
  CORE_AABB,
  CORE_BOX,
  CORE_HULL,
  CORE_POINT,
  CORE_SEGMENT,
  CORE_TRIANGLE,
  type CoreShape,
} from "../overlap/exact.ts";
import { coresWithinSwept } from "../overlap/rounded.ts";
import {
  type MeshSweepHit,
  makeMeshSweepHit,
  makeSweepHit,
  makeVec3,
  type SweepHit,
} from "../results.ts";
import type { Aabb, Box, Capsule, Hull, Plane, Sphere, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";
import { sweepBoxesFloat } from "./sweep-box.ts";

/*
 * sweep<Mover><B> in 3D: a convex mover (sphere, capsule, aabb, box, hull) translated by t * m,
 * t in [0, 1], against a static shape.
 * - Whether they touch is exact: the mover's core swept over [0, 1] is the hull of the core and
 *   the core + m (Ericson §5.5), and it touches B when its distance to B's core is at most the
 *   sum of radii. GJK on the swept proxy decides when it is clear by 2^-30 of the scene's scale
 *   (far above the rounding of any point it uses); the rest goes to the exact swept test of
 *   overlap/exact.ts, where m is lifted with the inputs so core + m is never rounded.
 *   GJK's "inside" is certain when the origin is certainly inside its last tetrahedron
 *   (originInside), so shapes without radii (hulls) also decide touches in floats.
 * - Two boxes (aabb or oriented) go first to the float swept separating-axis test of
 *   sweep-box.ts; other pairs first reject on their padded bounding boxes.
 * - The time is a conservative-advancement cast (convex/cast.ts) against radii grown by 64 ulps
 *   of the scale: never after the exact first touch, earlier only while the shapes are within
 *   that hair of touching.
 * - Planes have a closed form: the core's values dot(n, v) - offset move by t dot(n, m).
 * - Meshes: a BVH walk over the mover's swept box, nearest node first by its entry time, pruning
 *   nodes entered after the best time found; each candidate triangle is a convex sweep.
 */

/** Movers: the bounded convex shapes a sweep moves. */
export type MoverKind = "sphere" | "capsule" | "aabb" | "box" | "hull";

const EPS = 2 ** -52;
const MARGIN = 2 ** -30;
const MIN_SCALE = 2 ** -900;
const MAX_SCALE = 2 ** 900;

const MOVER = makeProxy();
const TARGET = makeProxy();
const SWEPT = makeProxy(16);
const G = makeGjkResult();
const CAST = makeProxyCast();

// The result of the last piece: t, point, normal (doubles kept in a Float64Array: V8 boxes a
// double written to a module-level `let`).
const RES = new Float64Array(7);
const R_T = 0;
// A piece's motion x y z and scale: doubles cross calls in this array, never as arguments or
// return values (a call V8 does not inline boxes them: garbage per call).
const M = new Float64Array(4);
const M_SCALE = 3;
// A direction and its support gap (supportGap's in-out array).
const GAP = new Float64Array(4);

/** The mover's reference point (see SweepHit.position). */
function referenceOf(kind: MoverKind, shape: unknown): Vec {
  switch (kind) {
    case "sphere":
      return (shape as Sphere).center;
    case "capsule":
      return (shape as Capsule).a;
    case "aabb":
      return (shape as Aabb).min;
    case "box":
      return (shape as Box).center;
    default:
      return (shape as Hull).points[0]!;
  }
}

/** The exact test's core kind of a bounded convex kind. */
function coreKind(kind: ConvexKind): number {
  switch (kind) {
    case "point":
    case "sphere":
      return CORE_POINT;
    case "segment":
    case "capsule":
      return CORE_SEGMENT;
    case "aabb":
      return CORE_AABB;
    case "box":
      return CORE_BOX;
    case "triangle":
      return CORE_TRIANGLE;
    default:
      return CORE_HULL;
  }
}

function coreOf(kind: ConvexKind, shape: unknown): CoreShape {
  return kind === "sphere" ? (shape as Sphere).center : (shape as CoreShape);
}

/** The largest |coordinate| of a proxy's points, plus its radius. */
function proxyScale(p: ConvexProxy): number {
  let s = p.radius;
  const xyz = p.xyz;
  for (let i = 0; i < 3 * p.count; i++) {
    const v = Math.abs(xyz[i]!);
    if (v > s) s = v;
  }
  return s;
}

/** M[M_SCALE] = the largest |coordinate| of either proxy (radius included) or of the motion. */
function pieceScale(pa: ConvexProxy, pb: ConvexProxy): void {
  let s = Math.max(Math.abs(M[0]!), Math.abs(M[1]!), Math.abs(M[2]!), pa.radius, pb.radius);
  for (let k = 0; k < 2; k++) {
    const p = k === 0 ? pa : pb;
    const xyz = p.xyz;
    for (let i = 0; i < 3 * p.count; i++) {
      const v = Math.abs(xyz[i]!);
      if (v > s) s = v;
    }
  }
  M[M_SCALE] = s;
}

/** The proxy `p` and its copy moved by M's motion, in SWEPT (or `p` itself without `swept`). */
function sweptProxy(p: ConvexProxy, swept: boolean): ConvexProxy {
  const mx = M[0]!;
  const my = M[1]!;
  const mz = M[2]!;
  if (!swept || (mx === 0 && my === 0 && mz === 0)) return p;
  const n = p.count;
  if (SWEPT.xyz.length < 6 * n) SWEPT.xyz = new Float64Array(6 * n);
  const s = p.xyz;
  const d = SWEPT.xyz;
  for (let i = 0; i < 3 * n; i++) d[i] = s[i]!;
  for (let i = 0; i < n; i++) {
    d[3 * (n + i)] = s[3 * i]! + mx;
    d[3 * (n + i) + 1] = s[3 * i + 1]! + my;
    d[3 * (n + i) + 2] = s[3 * i + 2]! + mz;
  }
  SWEPT.count = 2 * n;
  SWEPT.radius = p.radius;
  return SWEPT;
}

/**
 * Float decision of "does the mover's core swept by t m, t in [0, 1], come within ra + rb of B's
 * core" (not `swept`: at t = 0; m and the scale in M): 1 yes, 0 no, -1 unsure. GJK on the float proxies decides when the
 * answer is clear by 2^-30 of the scale: its distance is that of a point of the (rounded) swept
 * set, an upper bound, and its normal a separating direction whose support gap is a lower bound,
 * each off by a few ulps of the scale (box corners and core + m are rounded once). GJK's
 * "inside" (distance 0) is certain only when originInside certifies its last tetrahedron.
 * Leaves GJK's result in G.
 */
function floatWithin(pa: ConvexProxy, swept: boolean, pb: ConvexProxy): number {
  const scale = M[M_SCALE]!;
  const q = sweptProxy(pa, swept);
  const r = pa.radius + pb.radius;
  if (FACE[3] === 1 && scale >= MIN_SCALE && scale <= MAX_SCALE) {
    // A triangle's plane first: a separating axis costs two support scans, GJK several.
    for (let sgn = -1; sgn <= 1; sgn += 2) {
      GAP[0] = sgn * FACE[0]!;
      GAP[1] = sgn * FACE[1]!;
      GAP[2] = sgn * FACE[2]!;
      supportGap(q, pb, GAP, 0);
      if (GAP[3]! - r > MARGIN * scale) return 0;
    }
  }
  gjkDistance(q, pb, G);
  const core = lastCoreDistance();
  if (!(scale >= MIN_SCALE && scale <= MAX_SCALE)) return -1;
  // Inside: certain when the origin is certainly inside GJK's last tetrahedron (the swept
  // points a + m are rounded once, as originInside allows for t = 1).
  if (!(core > 0)) {
    TET[12] = scale;
    // The swept test's doubt costs a cast (which settles most); only the one at t = 0 expands.
    return core === 0 && scale >= 2 ** -300 && scale <= 2 ** 300 && insideCertain(q, pb, swept)
      ? 1
      : -1;
  }
  const margin = MARGIN * scale;
  if (core <= r - margin) return 1;
  GAP[0] = G.normal.x;
  GAP[1] = G.normal.y;
  GAP[2] = G.normal.z;
  supportGap(q, pb, GAP, 0);
  if (GAP[3]! - r > margin) return 0;
  return -1;
}

/**
 * FACE = the unit normal of a triangle proxy's plane and 1, or 0 at FACE[3] when degenerate (or
 * not a triangle). Any unit direction's support gap bounds the distance as GJK's normal does
 * (floatWithin), so the normal need only be unit to rounding.
 */
function faceOf(pb: ConvexProxy, triangle: boolean): void {
  FACE[3] = 0;
  if (!triangle) return;
  const p = pb.xyz;
  for (let k = 0; k < 3; k++) {
    EDGES[k] = p[3 + k]! - p[k]!;
    EDGES[3 + k] = p[6 + k]! - p[k]!;
  }
  // A NaN normal (edges overflowed) only fails every gap test, leaving the decision to GJK.
  if (!unitCross(EDGES, UNIT)) return;
  FACE[0] = UNIT.x;
  FACE[1] = UNIT.y;
  FACE[2] = UNIT.z;
  FACE[3] = 1;
}
/** A triangle's two edges (unitCross's input). */
const EDGES = new Float64Array(6);
/** A triangle's unit normal x y z, then 1 when set (faceOf). */
const FACE = new Float64Array(4);

/** The exact swept test (not `swept`: at t = 0) of overlap/exact.ts, M's motion lifted with the shapes. */
function exactWithin(
  ka: ConvexKind,
  a: unknown,
  pa: ConvexProxy,
  swept: boolean,
  kb: ConvexKind,
  b: unknown,
  pb: ConvexProxy,
): boolean {
  return coresWithinSwept(
    coreKind(ka),
    coreOf(ka, a),
    pa.radius,
    swept ? M[0]! : 0,
    swept ? M[1]! : 0,
    swept ? M[2]! : 0,
    coreKind(kb),
    coreOf(kb, b),
    pb.radius,
  );
}

/**
 * A float certificate that the shapes touch: at t2 = t + 4 margins over the closing speed (the
 * cast's time t, just before the touch) a rounded mover is within its radii less a margin of B,
 * measured by GJK on the moved proxy (the same argument as floatWithin's).
 */
function touchesAfter(pa: ConvexProxy, pb: ConvexProxy): boolean {
  const mx = M[0]!;
  const my = M[1]!;
  const mz = M[2]!;
  const scale = M[M_SCALE]!;
  const r = pa.radius + pb.radius;
  const margin = MARGIN * scale;
  if (!(scale >= MIN_SCALE && scale <= MAX_SCALE)) return false;
  const closing = -(CAST.normal.x * mx + CAST.normal.y * my + CAST.normal.z * mz);
  if (!(closing > 0)) return false;
  // Thin radii: the cores must overlap, which GJK's distance cannot show; go 2^-16 of the scale
  // deeper (at most to t = 1) and certify the origin inside GJK's last tetrahedron.
  const thin = !(r > 4 * margin);
  if (thin && !(scale >= 2 ** -300 && scale <= 2 ** 300)) return false;
  let t2 = CAST.t + (thin ? 2 ** -16 * scale : 4 * margin) / closing;
  if (thin && t2 > 1) t2 = 1;
  if (!(t2 <= 1)) return false;
  const n = pa.count;
  if (SWEPT.xyz.length < 3 * n) SWEPT.xyz = new Float64Array(6 * n);
  const s = pa.xyz;
  const d = SWEPT.xyz;
  for (let i = 0; i < n; i++) {
    d[3 * i] = s[3 * i]! + t2 * mx;
    d[3 * i + 1] = s[3 * i + 1]! + t2 * my;
    d[3 * i + 2] = s[3 * i + 2]! + t2 * mz;
  }
  SWEPT.count = n;
  SWEPT.radius = pa.radius;
  gjkDistance(SWEPT, pb, G);
  const core = lastCoreDistance();
  TET[12] = scale;
  if (thin) return core === 0 && originInside();
  return core > 0 && core <= r - margin;
}

/** GJK's last simplex (4 points x y z), then the scale (a double passed to a call is boxed). */
const TET = new Float64Array(13);

/**
 * True when the origin is certainly inside the exact tetrahedron of GJK's last simplex: its
 * points are b_j - fl(a_i + t m) rounded, each within 20 eps of the scale of the exact point
 * b_j - (a_i + t m) of B - A(t): 8 eps for those roundings (|a + t m| <= 2 scale, |w| <= 3 scale)
 * and 3 eps for each box corner's sum of center and half axes. The origin's barycentric
 * weights are the triple products of the other three points, with alternating signs, each
 * certain by `certainTripleSign`.
 */
function originInside(): boolean {
  SLACK[0] = 20 * EPS * TET[12]!;
  if (lastSimplex(TET) !== 4) return false;
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    // Weight k is (-1)^k det of the three points other than k, in order: all four the same sign,
    // and certain.
    const s = certainTripleSign(TET, k === 0 ? 3 : 0, k <= 1 ? 6 : 3, k <= 2 ? 9 : 6, SLACK);
    if (s === 0) return false;
    const w = k & 1 ? -s : s;
    if (sign === 0) sign = w;
    else if (w !== sign) return false;
  }
  return true;
}

/** certainTripleSign's per-coordinate slack. */
const SLACK = new Float64Array(1);

/**
 * `originInside`, else (at t = 0) `insideExpanded`: one call, so `floatWithin` stays small enough
 * to inline.
 */
function insideCertain(q: ConvexProxy, pb: ConvexProxy, swept: boolean): boolean {
  return originInside() || (!swept && insideExpanded(q, pb));
}

/**
 * The origin certainly inside B - A by the polytope EPA grows from GJK's simplex (the same
 * vertex slack as `originInside`), for when GJK's last tetrahedron has it on a face or an edge.
 */
function insideExpanded(q: ConvexProxy, pb: ConvexProxy): boolean {
  epaPenetration(q, pb, PEN);
  SLACK[0] = 20 * EPS * TET[12]!;
  return originInsidePolytope(SLACK);
}
const PEN = makePenetration();

/** Writes the unit vector along (x, y, z), else along -m, else +x, into RES[4..6]. */
function putNormal(x: number, y: number, z: number, mx: number, my: number, mz: number): void {
  RES[4] = x;
  RES[5] = y;
  RES[6] = z;
  M[0] = mx;
  M[1] = my;
  M[2] = mz;
  unitNormal();
}

/** RES[4..6] made unit length, else the unit vector along -M's motion, else +x. */
function unitNormal(): void {
  // In place: doubles passed to a call V8 leaves out of line are boxed.
  const u = UNIT;
  u.x = RES[4]!;
  u.y = RES[5]!;
  u.z = RES[6]!;
  if (!normalize3InPlace(u)) {
    u.x = -M[0]!;
    u.y = -M[1]!;
    u.z = -M[2]!;
    if (!normalize3InPlace(u)) {
      u.x = 1;
      u.y = 0;
      u.z = 0;
    }
  }
  RES[4] = UNIT.x;
  RES[5] = UNIT.y;
  RES[6] = UNIT.z;
}
const UNIT: Vec = makeVec3();

/** Clamps a finite coordinate; a non-finite one (overflow) becomes the nearest finite. */
function finite(v: number, fallback: number): number {
  return Number.isFinite(v)
    ? v
    : Number.isNaN(v)
      ? fallback
      : v > 0
        ? Number.MAX_VALUE
        : -Number.MAX_VALUE;
}

/**
 * One convex piece, the mover moving by M's motion: 0 when they never touch, 1 when touching at
 * t = 0, 2 for a later first contact; t, point and normal in RES.
 */
function sweepPiece(
  ka: ConvexKind,
  a: unknown,
  pa: ConvexProxy,
  kb: ConvexKind,
  b: unknown,
  pb: ConvexProxy,
): number {
  pieceScale(pa, pb);
  faceOf(pb, kb === "triangle");
  const moving = M[0] !== 0 || M[1] !== 0 || M[2] !== 0;
  // The swept set holds the mover at t = 0: a certain miss over [0, 1] needs no test at 0.
  const swept = moving ? floatWithin(pa, true, pb) : -1;
  if (swept === 0) return 0;
  const at0 = floatWithin(pa, false, pb);
  if (at0 === 1 || (at0 === -1 && exactWithin(ka, a, pa, false, kb, b, pb))) {
    // Touching at t = 0: B's point nearest A, and the direction against the motion.
    RES[R_T] = 0;
    RES[1] = G.pointB.x;
    RES[2] = G.pointB.y;
    RES[3] = G.pointB.z;
    RES[4] = -M[0]!;
    RES[5] = -M[1]!;
    RES[6] = -M[2]!;
    unitNormal();
    return 1;
  }
  if (!moving) return 0;
  // The time: the cast against radii grown by 64 ulps of the scale; should the floats still
  // miss (a graze within their rounding), a wider hair, and at worst t = 0.
  const scale = M[M_SCALE]!;
  CAST_IN[IN_MX] = M[0]!;
  CAST_IN[IN_MY] = M[1]!;
  CAST_IN[IN_MZ] = M[2]!;
  CAST_IN[IN_SCALE] = scale;
  CAST_IN[IN_PAD] = 64 * EPS * scale;
  let ok = castProxies(pa, pb, CAST);
  if (swept === -1 && !(ok && touchesAfter(pa, pb))) {
    if (!exactWithin(ka, a, pa, true, kb, b, pb)) return 0;
  }
  if (!ok) {
    CAST_IN[IN_PAD] = 2 ** -20 * scale;
    ok = castProxies(pa, pb, CAST);
  }
  if (ok) {
    RES[R_T] = Math.min(Math.max(CAST.t, 0), 1);
    // finite() only off the common path: a call the inlining budget leaves out boxes its doubles.
    const px = CAST.point.x;
    const py = CAST.point.y;
    const pz = CAST.point.z;
    RES[1] = px - px === 0 ? px : finite(px, 0);
    RES[2] = py - py === 0 ? py : finite(py, 0);
    RES[3] = pz - pz === 0 ? pz : finite(pz, 0);
    RES[4] = CAST.normal.x;
    RES[5] = CAST.normal.y;
    RES[6] = CAST.normal.z;
  } else {
    gjkDistance(pa, pb, G);
    RES[R_T] = 0;
    RES[1] = G.pointB.x;
    RES[2] = G.pointB.y;
    RES[3] = G.pointB.z;
    RES[4] = -G.normal.x;
    RES[5] = -G.normal.y;
    RES[6] = -G.normal.z;
  }
  unitNormal();
  return 2;
}

function fill(
  hit: SweepHit,
  ref: Vec,
  mx: number,
  my: number,
  mz: number,
  initially: boolean,
): SweepHit {
  M[0] = mx;
  M[1] = my;
  M[2] = mz;
  return fillHit(hit, ref, initially);
}

/** Fills `hit` from RES, the mover's reference point moved by t times M's motion. */
function fillHit(hit: SweepHit, ref: Vec, initially: boolean): SweepHit {
  const mx = M[0]!;
  const my = M[1]!;
  const mz = M[2]!;
  const t = RES[R_T]!;
  hit.t = t;
  const px = ref.x + t * mx;
  const py = ref.y + t * my;
  const pz = ref.z + t * mz;
  // finite() only off the common path (see sweepPiece).
  hit.position.x = px - px === 0 ? px : finite(px, ref.x);
  hit.position.y = py - py === 0 ? py : finite(py, ref.y);
  hit.position.z = pz - pz === 0 ? pz : finite(pz, ref.z);
  hit.point.x = RES[1]!;
  hit.point.y = RES[2]!;
  hit.point.z = RES[3]!;
  hit.normal.x = RES[4]!;
  hit.normal.y = RES[5]!;
  hit.normal.z = RES[6]!;
  hit.initiallyOverlapping = initially;
  return hit;
}

/** Each proxy's bounding box (radius included, padded outward): min x y z, max x y z. */
const BOXES = new Float64Array(12);

function paddedBox(p: ConvexProxy, at: number): void {
  const xyz = p.xyz;
  const r = p.radius;
  for (let k = 0; k < 3; k++) {
    let lo = xyz[k]!;
    let hi = lo;
    for (let i = 1; i < p.count; i++) {
      const v = xyz[3 * i + k]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    BOXES[at + k] = lo - r - (Math.abs(lo) + r) * 4 * EPS - TINY;
    BOXES[at + 3 + k] = hi + r + (Math.abs(hi) + r) * 4 * EPS + TINY;
  }
}

/**
 * True when the proxies' padded bounding boxes never meet for t in [0, 1] (so neither do the
 * shapes): the mover's box is set up as sweepMesh's, and B's box is a node for entryTime.
 */
function boxesNeverMeet(pa: ConvexProxy, m: Vec, pb: ConvexProxy): boolean {
  moverBoxes(pa, m);
  paddedBox(pb, 6);
  for (let k = 6; k < 12; k++) if (!(BOXES[k]! - BOXES[k]! === 0)) return false;
  entryTime(BOXES, 6, 0);
  return ENTRY[0] === Number.POSITIVE_INFINITY;
}

/** BOX0 = the mover's padded box at t = 0, REACH = over the whole motion, MOTION = m. */
function moverBoxes(pa: ConvexProxy, m: Vec): void {
  MOTION[0] = m.x;
  MOTION[1] = m.y;
  MOTION[2] = m.z;
  paddedBox(pa, 0);
  for (let k = 0; k < 3; k++) {
    const lo = BOXES[k]!;
    const hi = BOXES[k + 3]!;
    BOX0[k] = lo;
    BOX0[k + 3] = hi;
    const v = k === 0 ? m.x : k === 1 ? m.y : m.z;
    REACH[k] = v < 0 ? lo + v - Math.abs(lo + v) * 4 * EPS - TINY : lo;
    REACH[k + 3] = v > 0 ? hi + v + Math.abs(hi + v) * 4 * EPS + TINY : hi;
  }
}

/** M's motion = m. */
function setMotion(m: Vec): void {
  M[0] = m.x;
  M[1] = m.y;
  M[2] = m.z;
}

/**
 * The first time of impact of a convex mover moving by `motion` against a static bounded convex
 * shape, or null when they do not touch for t in [0, 1] (exact).
 */
export function sweepConvex(
  ka: MoverKind,
  a: unknown,
  motion: Vec,
  kb: ConvexKind,
  b: unknown,
  out?: SweepHit,
): SweepHit | null {
  if ((ka === "box" || ka === "aabb") && (kb === "box" || kb === "aabb")) {
    // Two boxes: the float swept separating-axis test decides nearly every case.
    const code = sweepBoxesFloat(ka, a, motion, kb, b, RES);
    if (code === 0) return null;
    if (code > 0) {
      setMotion(motion);
      return fillHit(out ?? makeSweepHit(), referenceOf(ka, a), code === 1);
    }
  }
  const pa = proxyOfKind(ka, a, MOVER);
  const pb = proxyOfKind(kb, b, TARGET);
  if (boxesNeverMeet(pa, motion, pb)) return null;
  setMotion(motion);
  const code = sweepPiece(ka, a, pa, kb, b, pb);
  if (code === 0) return null;
  return fillHit(out ?? makeSweepHit(), referenceOf(ka, a), code === 1);
}

// ---------------------------------------------------------------------------------------------
// Planes

const planeValues: number[] = [];
const planeInts: bigint[] = [];
const geoValues: number[] = [];
const geoInts: bigint[] = [];
const axes: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/**
 * Exact: does the mover's core, moved by t m for some t in [0, tMax] (tMax 0 or 1), come within
 * r |n| of the plane? The values s_i = n . v_i - offset of the core's corners move by t (n . m);
 * the swept values span [lo, hi], and they meet the plane when lo - r |n| <= 0 <= hi + r |n|
 * (compared squared). The plane and the geometry are lifted apart (the plane is homogeneous).
 */
function exactPlaneSweep(
  ka: MoverKind,
  a: unknown,
  r: number,
  m: Vec,
  p: Plane,
  swept: boolean,
): boolean {
  planeValues.length = 0;
  planeValues.push(p.normal.x, p.normal.y, p.normal.z, p.offset);
  const N = lift(planeValues, planeInts);
  const nx = N[0]!;
  const ny = N[1]!;
  const nz = N[2]!;
  const o = N[3]!;
  geoValues.length = 0;
  geoValues.push(m.x, m.y, m.z, r);
  pushMoverCore(ka, a);
  const V = lift(geoValues, geoInts);
  const e2 = lastLiftExponent();
  const f = e2 >= 0 ? 1n << BigInt(e2) : 1n;
  const g = e2 >= 0 ? 1n : 1n << BigInt(-e2);
  const nm = (nx * V[0]! + ny * V[1]! + nz * V[2]!) * f;
  const R = V[3]! * f;
  let lo = 0n;
  let hi = 0n;
  let first = true;
  const take = (x: bigint, y: bigint, z: bigint): void => {
    const s = (nx * x + ny * y + nz * z) * f - o * g;
    const s0 = swept && nm < 0n ? s + nm : s;
    const s1 = swept && nm > 0n ? s + nm : s;
    if (first || s0 < lo) lo = s0;
    if (first || s1 > hi) hi = s1;
    first = false;
  };
  if (ka === "box") {
    // center, then the three half axes: corners center +- a0 +- a1 +- a2, exactly.
    for (let c = 0; c < 8; c++) {
      const s0 = c & 1 ? 1n : -1n;
      const s1 = c & 2 ? 1n : -1n;
      const s2 = c & 4 ? 1n : -1n;
      take(
        V[4]! + s0 * V[7]! + s1 * V[10]! + s2 * V[13]!,
        V[5]! + s0 * V[8]! + s1 * V[11]! + s2 * V[14]!,
        V[6]! + s0 * V[9]! + s1 * V[12]! + s2 * V[15]!,
      );
    }
  } else if (ka === "aabb") {
    for (let c = 0; c < 8; c++) {
      take(V[c & 1 ? 7 : 4]!, V[c & 2 ? 8 : 5]!, V[c & 4 ? 9 : 6]!);
    }
  } else {
    for (let i = 4; i < V.length; i += 3) take(V[i]!, V[i + 1]!, V[i + 2]!);
  }
  if (lo <= 0n && hi >= 0n) return true;
  const near = lo > 0n ? lo : -hi;
  return near * near <= R * R * (nx * nx + ny * ny + nz * nz);
}

/** Pushes the doubles of the mover's core after m and r: vertices, or a box's center and axes. */
function pushMoverCore(ka: MoverKind, a: unknown): void {
  switch (ka) {
    case "sphere": {
      const c = (a as Sphere).center;
      geoValues.push(c.x, c.y, c.z);
      break;
    }
    case "capsule": {
      const s = a as Capsule;
      geoValues.push(s.a.x, s.a.y, s.a.z, s.b.x, s.b.y, s.b.z);
      break;
    }
    case "aabb": {
      const s = a as Aabb;
      geoValues.push(s.min.x, s.min.y, s.min.z, s.max.x, s.max.y, s.max.z);
      break;
    }
    case "box": {
      const s = a as Box;
      boxAxes(s, axes);
      geoValues.push(s.center.x, s.center.y, s.center.z);
      for (let k = 0; k < 3; k++) geoValues.push(axes[k]!.x, axes[k]!.y, axes[k]!.z);
      break;
    }
    default: {
      const pts = (a as Hull).points;
      for (let i = 0; i < pts.length; i++) geoValues.push(pts[i]!.x, pts[i]!.y, pts[i]!.z);
    }
  }
}

/**
 * The first time of impact of a convex mover against a plane (a surface: both sides are
 * outside), or null (exact). Floats decide when clear by 2^-30 of the values' scale; t is the
 * closed form (gap - r |n|) / closing speed, biased early by 64 ulps of that scale.
 * @see Ericson, Real-Time Collision Detection, §5.5.3 (a sphere moving against a plane).
 */
export function sweepPlane(
  ka: MoverKind,
  a: unknown,
  motion: Vec,
  p: Plane,
  out?: SweepHit,
): SweepHit | null {
  const pa = proxyOfKind(ka, a, MOVER);
  const mx = motion.x;
  const my = motion.y;
  const mz = motion.z;
  const n = p.normal;
  const xyz = pa.xyz;
  // Values along the unit normal: dot(u, v) - offset / |n|, each a few ulps of `size` off.
  if (!normalize3(n.x, n.y, n.z, UNIT)) return null;
  const ux = UNIT.x;
  const uy = UNIT.y;
  const uz = UNIT.z;
  const nn = Math.sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
  const off = Number.isFinite(nn) && nn > 0 ? p.offset / nn : Number.NaN;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let iLo = 0;
  let iHi = 0;
  for (let i = 0; i < pa.count; i++) {
    const s = ux * xyz[3 * i]! + uy * xyz[3 * i + 1]! + uz * xyz[3 * i + 2]! - off;
    if (s < lo) {
      lo = s;
      iLo = i;
    }
    if (s > hi) {
      hi = s;
      iHi = i;
    }
  }
  const um = ux * mx + uy * my + uz * mz;
  const r = pa.radius;
  const size = Math.max(proxyScale(pa), Math.abs(mx), Math.abs(my), Math.abs(mz), Math.abs(off));
  const margin = MARGIN * size;
  const clear = size >= MIN_SCALE && size <= MAX_SCALE && Number.isFinite(lo + hi + um);
  // At t = 0, then swept: lo - r <= 0 <= hi + r.
  let initially: boolean;
  if (clear && lo - r < -margin && hi + r > margin) initially = true;
  else if (clear && (lo - r > margin || hi + r < -margin)) initially = false;
  else initially = exactPlaneSweep(ka, a, r, motion, p, false);
  const ref = referenceOf(ka, a);
  if (initially) {
    RES[R_T] = 0;
    // The core's corner nearest the plane, projected onto it.
    const i = Math.abs(lo) <= Math.abs(hi) ? iLo : iHi;
    projectOnPlane(xyz[3 * i]!, xyz[3 * i + 1]!, xyz[3 * i + 2]!, ux, uy, uz, off);
    putNormal(-mx, -my, -mz, mx, my, mz);
    return fill(out ?? makeSweepHit(), ref, mx, my, mz, true);
  }
  if (mx === 0 && my === 0 && mz === 0) return null;
  const sLo = lo + Math.min(0, um);
  const sHi = hi + Math.max(0, um);
  let hit: boolean;
  if (clear && sLo - r < -margin && sHi + r > margin) hit = true;
  else if (clear && (sLo - r > margin || sHi + r < -margin)) hit = false;
  else hit = exactPlaneSweep(ka, a, r, motion, p, true);
  if (!hit) return null;
  // Above the plane (lo > r) moving down, or below it moving up.
  // Not touching at t = 0 but later: the values move toward 0, so the motion's sign tells the
  // side (the values' own signs can be rounding noise when the gap is tiny).
  const above = um < 0;
  const pad = 64 * EPS * size;
  let t = above ? (lo - r - pad) / -um : (-r - hi - pad) / um;
  t = t >= 0 ? (t <= 1 ? t : 1) : 0;
  const i = above ? iLo : iHi;
  projectOnPlane(
    xyz[3 * i]! + t * mx,
    xyz[3 * i + 1]! + t * my,
    xyz[3 * i + 2]! + t * mz,
    ux,
    uy,
    uz,
    off,
  );
  RES[R_T] = t;
  putNormal(above ? ux : -ux, above ? uy : -uy, above ? uz : -uz, mx, my, mz);
  return fill(out ?? makeSweepHit(), ref, mx, my, mz, false);
}

/** RES[1..3] = q moved along the unit normal u onto the plane u . x = off. */
function projectOnPlane(
  qx: number,
  qy: number,
  qz: number,
  ux: number,
  uy: number,
  uz: number,
  off: number,
): void {
  const d = ux * qx + uy * qy + uz * qz - off;
  const k = Number.isFinite(d) ? d : 0;
  RES[1] = finite(qx - k * ux, qx);
  RES[2] = finite(qy - k * uy, qy);
  RES[3] = finite(qz - k * uz, qz);
}

// ---------------------------------------------------------------------------------------------
// Meshes

const TRI: Triangle = { a: makeVec3(), b: makeVec3(), c: makeVec3() };
const BOX0 = new Float64Array(6);
const REACH = new Float64Array(6);
const BEST = new Float64Array(7);
const ENTRY_SLACK = 2 ** -40;
const TINY = 2 ** -1000;

/**
 * The time the mover's box BOX0, moving by m, first meets node box b, or Infinity when it never
 * does for t in [0, 1]: the slab test of the box grown by the mover's (Kay and Kajiya, "Ray
 * Tracing Complex Scenes", SIGGRAPH 1986). Each slab time is one subtraction and one division
 * (relative 2 ulps), so entry and exit are widened by a relative 2^-40: never culls a node the
 * padded box meets.
 */
function entryTime(boxes: Float64Array, b: number, at: number): void {
  let enter = 0;
  let exit = 1;
  ENTRY[at] = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const m = MOTION[k]!;
    const lo = boxes[b + k]!;
    const hi = boxes[b + 3 + k]!;
    if (REACH[k]! > hi || REACH[k + 3]! < lo) return;
    if (m === 0) continue;
    let e = (lo - BOX0[k + 3]!) / m;
    let x = (hi - BOX0[k]!) / m;
    if (m < 0) {
      const w = e;
      e = x;
      x = w;
    }
    e -= Math.abs(e) * ENTRY_SLACK + TINY;
    x += Math.abs(x) * ENTRY_SLACK + TINY;
    if (e > enter) enter = e;
    if (x < exit) exit = x;
  }
  if (enter <= exit) ENTRY[at] = enter;
}
/** The motion for entryTime, and its results (a double returned from a call is boxed). */
const MOTION = new Float64Array(3);
const ENTRY = new Float64Array(2);

function loadTriangle(tris: Float64Array, s: number, p: ConvexProxy): void {
  const o = 9 * s;
  TRI.a.x = tris[o]!;
  TRI.a.y = tris[o + 1]!;
  TRI.a.z = tris[o + 2]!;
  TRI.b.x = tris[o + 3]!;
  TRI.b.y = tris[o + 4]!;
  TRI.b.z = tris[o + 5]!;
  TRI.c.x = tris[o + 6]!;
  TRI.c.y = tris[o + 7]!;
  TRI.c.z = tris[o + 8]!;
  proxyOfKind("triangle", TRI, p);
}

/**
 * The first time of impact of a convex mover against a triangle mesh (its triangles as closed
 * surfaces), or null (exact, so a mover never passes through a triangle at any speed). Ties go to
 * the lowest triangle index, touching at t = 0 first.
 */
export function sweepMesh(
  ka: MoverKind,
  a: unknown,
  motion: Vec,
  mesh: Mesh,
  out?: MeshSweepHit,
): MeshSweepHit | null {
  const pa = proxyOfKind(ka, a, MOVER);
  // The mover's box at t = 0 (radius included) and over the whole motion, padded outward.
  moverBoxes(pa, motion);
  const { boxes, nodes, triangles, order, stack } = mesh.bvh;
  let bestTri = -1;
  let bestInit = false;
  // Beyond any time in [0, 1], so nodes never entered (Infinity) are culled from the start.
  BEST[0] = 2;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const node = stack[--sp]!;
    entryTime(boxes, 6 * node, 0);
    if (ENTRY[0]! > BEST[0]!) continue;
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count < 0) {
      // The child entered first is pushed last, so it is popped first.
      entryTime(boxes, 6 * first, 0);
      entryTime(boxes, 6 * (first + 1), 1);
      const t0 = ENTRY[0]!;
      const t1 = ENTRY[1]!;
      if (t0 <= t1) {
        if (t1 <= BEST[0]!) stack[sp++] = first + 1;
        if (t0 <= BEST[0]!) stack[sp++] = first;
      } else {
        if (t0 <= BEST[0]!) stack[sp++] = first;
        if (t1 <= BEST[0]!) stack[sp++] = first + 1;
      }
      continue;
    }
    for (let s = first; s < first + count; s++) {
      loadTriangle(triangles, s, TARGET);
      setMotion(motion);
      const code = sweepPiece(ka, a, pa, "triangle", TRI, TARGET);
      if (code === 0) continue;
      const t = RES[R_T]!;
      const tri = order[s]!;
      const init = code === 1;
      const best = BEST[0]!;
      if (
        t < best ||
        (t === best && ((init && !bestInit) || (init === bestInit && tri < bestTri)))
      ) {
        BEST.set(RES);
        bestTri = tri;
        bestInit = init;
      }
    }
  }
  if (bestTri < 0) return null;
  RES.set(BEST);
  const hit = out ?? makeMeshSweepHit();
  setMotion(motion);
  fillHit(hit, referenceOf(ka, a), bestInit);
  hit.triangle = bestTri;
  return hit;
}
