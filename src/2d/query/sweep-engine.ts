import { formsWithinRadii, RADII } from "../../exact/forms-within.ts";
import { normalize2 } from "../../math/vec2.ts";
import { windingOf } from "../convex/overlap.ts";
import { type ConvexProxy, coreBounds, makeProxy, segmentProxy } from "../convex/proxy.ts";
import {
  CAST_IN,
  castCapsuleIn,
  IN_AX,
  IN_AY,
  IN_BX,
  IN_BY,
  IN_DX,
  IN_DY,
  IN_OX,
  IN_OY,
  IN_R,
  IN_TMAX,
  IN_TMIN,
} from "../convex/raycast.ts";
import {
  makeClosestPoints,
  makeShapeHit,
  makeSweepHit,
  type ShapeHit,
  type SweepHit,
} from "../results.ts";
import type { Aabb, Box, Capsule, Circle, Line, Polygon, Polyline, Vec } from "../shapes.ts";
import { closestShapes, cutLinear } from "./closest-engine.ts";
import { type LinearForm, makeLinearForm } from "./linear.ts";
import { type AnyShape, type Kind, linearStart, proxyOfKind } from "./shape-kinds.ts";
import { testKinds } from "./test-engine.ts";

/*
 * sweep<Mover><B>: a convex mover translated by t * motion, t in [0, 1], against any static
 * shape. Two rounded convex shapes first touch where a corner of one core meets an edge of the
 * other, grown by both radii; so the sweep is a set of corner paths: each corner of the mover
 * moving along the motion against the target's edges, and each corner of the target moving
 * against the motion against the mover's edges. Whether any path comes within the radii is
 * exact (exact/forms-within.ts: the path's far end is never rounded), so null is exact; the
 * time is the first of the paths' hits, cast against capsules (convex/raycast.ts). Corners and
 * edges that face away from the motion cannot be first and are skipped. A polyline is its
 * segments; a line or ray is an edge without ends, or with its origin as the one corner.
 * Doubles cross calls through typed arrays (M here, CAST_IN, RADII), never as arguments or return
 * values, which V8 boxes when it does not inline the callee: no garbage per sweep.
 */

const MOVER = makeProxy();
const TARGET = makeProxy();
const REACH = makeProxy(4);
const CUT = makeProxy(2);
const PATH: LinearForm = makeLinearForm();
const EDGE: LinearForm = makeLinearForm();
const HIT: ShapeHit = makeShapeHit();
const CLOSEST = makeClosestPoints();
const EPS = 2 ** -52;
const BOUNDS = new Float64Array(4);

// The earliest contact found: time, point on the target's surface, the target's normal there.
// The doubles sit in a Float64Array: V8 (Node 20) boxes a double written to a module-level `let`.
const BEST = new Float64Array(5);
const BEST_T = 0;
const BEST_PX = 1;
const BEST_PY = 2;
const BEST_NX = 3;
const BEST_NY = 4;
let found = false;

// The motion, and the mover's and the target's radii.
const M = new Float64Array(4);
const MX = 0;
const MY = 1;
const RA = 2;
const RB = 3;

/**
 * Offers the cast's hit (HIT) as a contact: `fromMover` when a mover's corner hit a target's
 * edge (the point is then pulled back by the mover's radius onto the target), else a target's
 * corner hit a mover's edge (the normal is turned to be the target's, the point pushed out by
 * the target's radius).
 */
function offer(fromMover: boolean): void {
  const t = HIT.t;
  if (found && t >= BEST[BEST_T]!) return;
  found = true;
  BEST[BEST_T] = t;
  if (fromMover) {
    const nx = HIT.normal.x;
    const ny = HIT.normal.y;
    const ra = M[RA]!;
    BEST[BEST_PX] = HIT.point.x - ra * nx;
    BEST[BEST_PY] = HIT.point.y - ra * ny;
    BEST[BEST_NX] = nx;
    BEST[BEST_NY] = ny;
  } else {
    const nx = -HIT.normal.x;
    const ny = -HIT.normal.y;
    const rb = M[RB]!;
    BEST[BEST_PX] = CAST_IN[IN_OX]! + rb * nx;
    BEST[BEST_PY] = CAST_IN[IN_OY]! + rb * ny;
    BEST[BEST_NX] = nx;
    BEST[BEST_NY] = ny;
  }
}

/** The mover's reference point (see SweepHit.position). */
function referenceOf(kind: Kind, shape: AnyShape): Vec {
  switch (kind) {
    case "circle":
      return (shape as Circle).center;
    case "capsule":
      return (shape as Capsule).a;
    case "aabb":
      return (shape as Aabb).min;
    case "box":
      return (shape as Box).center;
    default:
      return (shape as Polygon).points[0]!;
  }
}

/** The axis-aligned box around the mover's whole path (radius included), as a 4-point proxy. */
function reachOf(p: ConvexProxy, out: ConvexProxy): ConvexProxy {
  const mx = M[MX]!;
  const my = M[MY]!;
  coreBounds(p, BOUNDS);
  let minX = BOUNDS[0]!;
  let minY = BOUNDS[1]!;
  let maxX = BOUNDS[2]!;
  let maxY = BOUNDS[3]!;
  if (mx < 0) minX += mx;
  else maxX += mx;
  if (my < 0) minY += my;
  else maxY += my;
  const r = p.radius;
  const o = out.xy;
  out.count = 4;
  out.radius = 0;
  o[0] = o[6] = minX - r;
  o[1] = o[3] = minY - r;
  o[2] = o[4] = maxX + r;
  o[5] = o[7] = maxY + r;
  return out;
}

/** Whether the boxes of the mover's reach and of q (radius included) are clearly apart. */
function clearlyApart(reach: ConvexProxy, q: ConvexProxy): boolean {
  coreBounds(q, BOUNDS);
  const minX = BOUNDS[0]!;
  const minY = BOUNDS[1]!;
  const maxX = BOUNDS[2]!;
  const maxY = BOUNDS[3]!;
  const r = reach.xy;
  const rq = q.radius;
  // Far more than the rounding of these sums.
  const tol =
    1e-9 *
    Math.max(
      Math.abs(r[0]!),
      Math.abs(r[1]!),
      Math.abs(r[4]!),
      Math.abs(r[5]!),
      Math.abs(minX),
      Math.abs(maxX),
      Math.abs(minY),
      Math.abs(maxY),
      rq,
    );
  return (
    r[2]! < minX - rq - tol ||
    r[0]! > maxX + rq + tol ||
    r[5]! < minY - rq - tol ||
    r[1]! > maxY + rq + tol
  );
}

function edgeCount(p: ConvexProxy): number {
  return p.count <= 2 ? 1 : p.count;
}

/** Edge k of p as a segment form (a one-point proxy's edge is its point). */
function edgeForm(p: ConvexProxy, k: number, out: LinearForm): LinearForm {
  const j = k + 1 >= p.count ? 0 : k + 1;
  out.ox = out.qx = p.xy[2 * k]!;
  out.oy = out.qy = p.xy[2 * k + 1]!;
  out.px = p.xy[2 * j]!;
  out.py = p.xy[2 * j + 1]!;
  out.lo = 0;
  out.hi = 1;
  return out;
}

// Relative slack on the facing tests, far above their rounding.
const SLACK = 1e-9;

/**
 * How edge k's outward normal leans along the motion: 1 when its cosine with the motion is above
 * SLACK, -1 when below -SLACK, else 0 (always 0 for points, segments and flat cores, whose every
 * edge and corner may lead).
 */
function lean(p: ConvexProxy, s: number, k: number): number {
  if (s === 0) return 0;
  const mx = M[MX]!;
  const my = M[MY]!;
  const j = k + 1 >= p.count ? 0 : k + 1;
  const ex = p.xy[2 * j]! - p.xy[2 * k]!;
  const ey = p.xy[2 * j + 1]! - p.xy[2 * k + 1]!;
  const d = s * (ey * mx - ex * my);
  // An overflowed or underflowed n gives 0 (may lead), which only skips less.
  const n = Math.sqrt((ex * ex + ey * ey) * (mx * mx + my * my));
  const c = n > 0 ? d / n : 0;
  return c > SLACK ? 1 : c < -SLACK ? -1 : 0;
}

/**
 * Casts the corner path o + t d, t in [0, 1] (o, d and the radius r already in CAST_IN), against
 * the capsule of the edge (EDGE, or the two-point `edge`) grown by r, into HIT. The capsule is
 * grown again by 64 ulps of the scene's scale, more than the cast's own rounding: so the time
 * found is never after the exact touch (which the exact test has already vouched for), and is
 * earlier only while the path is within that hair of touching, as when it slides along the
 * capsule or grazes it.
 */
function castPath(edge: ConvexProxy | null): void {
  const I = CAST_IN;
  const ax = edge === null ? EDGE.ox : edge.xy[0]!;
  const ay = edge === null ? EDGE.oy : edge.xy[1]!;
  const bx = edge === null ? EDGE.px : edge.xy[2]!;
  const by = edge === null ? EDGE.py : edge.xy[3]!;
  const r = I[IN_R]!;
  const s = Math.max(
    Math.abs(I[IN_OX]!) + Math.abs(I[IN_DX]!),
    Math.abs(I[IN_OY]!) + Math.abs(I[IN_DY]!),
    Math.abs(ax),
    Math.abs(ay),
    Math.abs(bx),
    Math.abs(by),
    r,
  );
  I[IN_TMIN] = 0;
  I[IN_TMAX] = 1;
  I[IN_AX] = ax;
  I[IN_AY] = ay;
  I[IN_BX] = bx;
  I[IN_BY] = by;
  I[IN_R] = r + 64 * EPS * s;
  castCapsuleIn(HIT);
}

/** Corner paths of `mover` (moving by M) against the edges of `q`, and back; offers each hit. */
function sweepPiece(mover: ConvexProxy, q: ConvexProxy): void {
  const mx = M[MX]!;
  const my = M[MY]!;
  const ra = mover.radius;
  const rb = q.radius;
  M[RA] = ra;
  M[RB] = rb;
  const I = CAST_IN;
  const sa = mover.count > 2 ? windingOf(mover) : 0;
  const sb = q.count > 2 ? windingOf(q) : 0;
  const na = mover.count;
  const nb = q.count;
  // The mover's leading corners against the target's edges that face the motion.
  for (let i = 0; i < na; i++) {
    const prev = i === 0 ? na - 1 : i - 1;
    if (sa !== 0 && lean(mover, sa, prev) < 0 && lean(mover, sa, i) < 0) continue;
    const px = mover.xy[2 * i]!;
    const py = mover.xy[2 * i + 1]!;
    PATH.ox = px;
    PATH.oy = py;
    PATH.px = mx;
    PATH.py = my;
    PATH.qx = 0;
    PATH.qy = 0;
    PATH.lo = 0;
    PATH.hi = 1;
    for (let k = 0; k < edgeCount(q); k++) {
      if (sb !== 0 && lean(q, sb, k) > 0) continue;
      RADII[0] = ra;
      RADII[1] = rb;
      if (!formsWithinRadii(PATH, edgeForm(q, k, EDGE))) continue;
      I[IN_OX] = px;
      I[IN_OY] = py;
      I[IN_DX] = mx;
      I[IN_DY] = my;
      I[IN_R] = ra + rb;
      castPath(null);
      offer(true);
    }
  }
  // The target's corners, moving against the motion, against the mover's edges.
  for (let j = 0; j < nb; j++) {
    const prev = j === 0 ? nb - 1 : j - 1;
    if (sb !== 0 && lean(q, sb, prev) > 0 && lean(q, sb, j) > 0) continue;
    const qx = q.xy[2 * j]!;
    const qy = q.xy[2 * j + 1]!;
    PATH.ox = qx;
    PATH.oy = qy;
    PATH.px = 0;
    PATH.py = 0;
    PATH.qx = mx;
    PATH.qy = my;
    PATH.lo = 0;
    PATH.hi = 1;
    for (let k = 0; k < edgeCount(mover); k++) {
      if (sa !== 0 && lean(mover, sa, k) < 0) continue;
      RADII[0] = rb;
      RADII[1] = ra;
      if (!formsWithinRadii(PATH, edgeForm(mover, k, EDGE))) continue;
      I[IN_OX] = qx;
      I[IN_OY] = qy;
      I[IN_DX] = -mx;
      I[IN_DY] = -my;
      I[IN_R] = ra + rb;
      castPath(null);
      offer(false);
    }
  }
}

/** A line or ray target: the mover's corners against it, and a ray's origin against the mover. */
function sweepLinear(mover: ConvexProxy, reach: ConvexProxy, o: Vec, d: Vec, isRay: boolean): void {
  const mx = M[MX]!;
  const my = M[MY]!;
  const ra = mover.radius;
  M[RA] = ra;
  const I = CAST_IN;
  const cut = cutLinear(o, d, isRay, reach, CUT);
  EDGE.ox = o.x;
  EDGE.oy = o.y;
  EDGE.px = d.x;
  EDGE.py = d.y;
  EDGE.qx = 0;
  EDGE.qy = 0;
  // Two stores, not `isRay ? 0 : -Infinity`: V8 boxed that merged constant on some compiles.
  EDGE.lo = Number.NEGATIVE_INFINITY;
  if (isRay) EDGE.lo = 0;
  EDGE.hi = Number.POSITIVE_INFINITY;
  for (let i = 0; i < mover.count; i++) {
    const px = mover.xy[2 * i]!;
    const py = mover.xy[2 * i + 1]!;
    PATH.ox = px;
    PATH.oy = py;
    PATH.px = mx;
    PATH.py = my;
    PATH.qx = 0;
    PATH.qy = 0;
    PATH.lo = 0;
    PATH.hi = 1;
    RADII[0] = ra;
    RADII[1] = 0;
    if (!formsWithinRadii(PATH, EDGE)) continue;
    I[IN_OX] = px;
    I[IN_OY] = py;
    I[IN_DX] = mx;
    I[IN_DY] = my;
    I[IN_R] = ra;
    castPath(cut);
    offer(true);
  }
  if (isRay) {
    // The origin is the ray's one corner: a point target of its own.
    sweepPiece(mover, segmentProxy(o, o, 0, CUT));
  }
}

/** Sweeps against every convex piece of the target, offering each hit. */
function sweepTarget(mover: ConvexProxy, kb: Kind, b: AnyShape): void {
  const reach = reachOf(mover, REACH);
  if (kb === "polyline") {
    const pts = (b as Polyline).points;
    const n = pts.length;
    const m = n === 1 ? 1 : (b as Polyline).closed ? n : n - 1;
    for (let i = 0; i < m; i++) {
      const q = segmentProxy(pts[i]!, n === 1 ? pts[i]! : pts[i + 1 === n ? 0 : i + 1]!, 0, CUT);
      if (!clearlyApart(reach, q)) sweepPiece(mover, q);
    }
    return;
  }
  if (kb === "line" || kb === "ray") {
    sweepLinear(mover, reach, linearStart(kb, b), (b as Line).dir, kb === "ray");
    return;
  }
  const q = proxyOfKind(kb, b, TARGET);
  if (q !== null && !clearlyApart(reach, q)) sweepPiece(mover, q);
}

/**
 * The first time of impact of a convex mover (kind `ka`) moving by `motion` against a static
 * shape of kind `kb`, or null when they do not touch for t in [0, 1].
 */
export function sweepShapes(
  ka: Kind,
  a: AnyShape,
  motion: Vec,
  kb: Kind,
  b: AnyShape,
  out?: SweepHit,
): SweepHit | null {
  const mover = proxyOfKind(ka, a, MOVER);
  if (mover === null) return null;
  M[MX] = motion.x;
  M[MY] = motion.y;
  const ref = referenceOf(ka, a);
  if (testKinds(ka, a, kb, b)) {
    // Touching at t = 0: the nearest point, and the direction against the motion.
    closestShapes(ka, a, kb, b, CLOSEST);
    return startHit(ref, out ?? makeSweepHit());
  }
  found = false;
  if (M[MX] !== 0 || M[MY] !== 0) sweepTarget(mover, kb, b);
  if (!found) return null;
  return bestHit(ref, out ?? makeSweepHit());
}

/*
 * The results are filled apart from sweepShapes, reading the motion from M and the contact from
 * BEST: sweepShapes spends V8's inlining budget on the engine, and a call it does not inline
 * would box every double passed to it (normalize2's here).
 */

/** The normal against the motion in M, or (1, 0) when there is none. */
function againstMotion(n: Vec): void {
  if (!normalize2(-M[MX]!, -M[MY]!, n)) {
    n.x = 1;
    n.y = 0;
  }
}

/** A start in contact (CLOSEST holds the nearest points). */
function startHit(ref: Vec, hit: SweepHit): SweepHit {
  hit.t = 0;
  hit.position.x = ref.x;
  hit.position.y = ref.y;
  hit.point.x = CLOSEST.pointB.x;
  hit.point.y = CLOSEST.pointB.y;
  againstMotion(hit.normal);
  hit.initiallyOverlapping = true;
  return hit;
}

/** The earliest contact found (BEST). */
function bestHit(ref: Vec, hit: SweepHit): SweepHit {
  const t = BEST[BEST_T]!;
  hit.t = t;
  hit.position.x = ref.x + t * M[MX]!;
  hit.position.y = ref.y + t * M[MY]!;
  hit.point.x = BEST[BEST_PX]!;
  hit.point.y = BEST[BEST_PY]!;
  if (!normalize2(BEST[BEST_NX]!, BEST[BEST_NY]!, hit.normal)) againstMotion(hit.normal);
  hit.initiallyOverlapping = false;
  return hit;
}
