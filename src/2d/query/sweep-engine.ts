import { normalize2 } from "../../math/vec2.ts";
import { type CastResult, castProxies } from "../convex/cast.ts";
import { type ConvexProxy, makeProxy, segmentProxy } from "../convex/proxy.ts";
import { makeSweepHit, type SweepHit } from "../results.ts";
import type { Aabb, Box, Capsule, Circle, Line, Polygon, Polyline, Vec } from "../shapes.ts";
import { cutLinear } from "./closest-engine.ts";
import { type AnyShape, type Kind, linearStart, proxyOfKind } from "./shape-kinds.ts";
import { testKinds } from "./test-engine.ts";

/*
 * sweep<Mover><B>: a convex mover translated by t * motion, t in [0, 1], against any static
 * shape. Whether they touch at t = 0 is the exact test; the time of impact comes from the convex
 * cast (convex/cast.ts). A line or ray is cut to the stretch the mover can reach, and a polyline
 * is its earliest segment.
 */

const MOVER = makeProxy();
const TARGET = makeProxy();
const REACH = makeProxy(4);
const CUT = makeProxy(2);
const CAST: CastResult = {
  t: 0,
  point: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  initiallyOverlapping: false,
};
const BEST: CastResult = {
  t: 0,
  point: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  initiallyOverlapping: false,
};

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

/** The axis-aligned box around the mover's whole path, as a 4-point proxy. */
function reachOf(p: ConvexProxy, mx: number, my: number, out: ConvexProxy): ConvexProxy {
  const xy = p.xy;
  let minX = xy[0]!;
  let maxX = minX;
  let minY = xy[1]!;
  let maxY = minY;
  for (let k = 1; k < p.count; k++) {
    const x = xy[2 * k]!;
    const y = xy[2 * k + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
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

function copyCast(from: CastResult, to: CastResult): void {
  to.t = from.t;
  to.point.x = from.point.x;
  to.point.y = from.point.y;
  to.normal.x = from.normal.x;
  to.normal.y = from.normal.y;
  to.initiallyOverlapping = from.initiallyOverlapping;
}

/** The earliest cast of the mover against the static shape, into BEST; false for none. */
function castAgainst(mover: ConvexProxy, mx: number, my: number, kb: Kind, b: AnyShape): boolean {
  if (kb === "polyline") {
    const pts = (b as Polyline).points;
    const n = pts.length;
    const m = n === 1 ? 1 : (b as Polyline).closed ? n : n - 1;
    let found = false;
    for (let i = 0; i < m; i++) {
      const q = segmentProxy(pts[i]!, n === 1 ? pts[i]! : pts[i + 1 === n ? 0 : i + 1]!, 0, CUT);
      if (castProxies(mover, mx, my, q, CAST) !== null && (!found || CAST.t < BEST.t)) {
        copyCast(CAST, BEST);
        found = true;
      }
    }
    return found;
  }
  let target = proxyOfKind(kb, b, TARGET);
  if (target === null) {
    const o = linearStart(kb, b);
    const d = (b as Line).dir;
    target = cutLinear(o.x, o.y, d.x, d.y, kb === "ray", reachOf(mover, mx, my, REACH), CUT);
  }
  if (castProxies(mover, mx, my, target, CAST) === null) return false;
  copyCast(CAST, BEST);
  return true;
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
  const mx = motion.x;
  const my = motion.y;
  const initially = testKinds(ka, a, kb, b);
  const found = castAgainst(mover, mx, my, kb, b);
  if (!found && !initially) return null;
  const hit = out ?? makeSweepHit();
  const t = initially ? 0 : BEST.t;
  const ref = referenceOf(ka, a);
  hit.t = t;
  hit.position.x = t === 0 ? ref.x : ref.x + t * mx;
  hit.position.y = t === 0 ? ref.y : ref.y + t * my;
  hit.initiallyOverlapping = initially;
  if (found && (!initially || BEST.t === 0)) {
    hit.point.x = BEST.point.x;
    hit.point.y = BEST.point.y;
    hit.normal.x = BEST.normal.x;
    hit.normal.y = BEST.normal.y;
  } else {
    // Touching at t = 0 by the exact test while the float cast saw a hair's gap or none: the
    // mover's reference point and the direction against the motion stand in.
    hit.point.x = ref.x;
    hit.point.y = ref.y;
    if (!normalize2(-mx, -my, hit.normal)) {
      hit.normal.x = 1;
      hit.normal.y = 0;
    }
  }
  return hit;
}
