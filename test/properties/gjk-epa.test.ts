/**
 * The specialised queries against the general convex machinery, which knows the shapes only by
 * their support points:
 * - for every ordered pair of solids: `test` agrees with EPA's signed depth wherever that depth
 *   is clear of 0 by more than the tolerance; `contact`'s depth equals EPA's within it, and the
 *   overlap of the two shapes' support extents along `contact`'s normal is that depth;
 * - for a ray or segment against every convex shape: `intersect*`'s first point equals the first
 *   contact of a point proxy moved along it by the convex cast (conservative advancement), and
 *   where the two disagree on hit or miss the linear shape only grazes the other.
 * Tolerance: 1e-9 of the largest coordinate of the pair (depths, distances), 1e-6 of it (cast
 * points, which conservative advancement reaches from outside and stops short at grazes; a larger
 * gap is allowed only when the path up to the hit does not cross B), plus 1e-300. Shapes come
 * from the hard-case generators.
 */
import { describe, it } from "vitest";
import { type CastResult, castProxies } from "../../src/2d/convex/cast.ts";
import { epaPenetration, makePenetration } from "../../src/2d/convex/epa.ts";
import { gjkDistance } from "../../src/2d/convex/gjk.ts";
import {
  type ConvexProxy,
  makeProxy,
  pointProxy,
  segmentProxy,
} from "../../src/2d/convex/proxy.ts";
import { contact, INTERSECT_TABLE, test } from "../../src/2d/dispatch.ts";
import { type AnyShape, proxyOfKind } from "../../src/2d/query/shape-kinds.ts";
import type { Ray, Segment, Vec } from "../../src/2d/shapes.ts";
import { NUM_RUNS } from "./config.ts";
import { assertProperty } from "./exact-setup.ts";
import { type Kind, shapePairOf } from "./shapes2d-gen.ts";

const SOLIDS: Kind[] = ["circle", "capsule", "aabb", "box", "triangle", "polygon"];
const TARGETS: Kind[] = ["point", "segment", ...SOLIDS];
const RUNS = Math.max(1, Math.floor(NUM_RUNS / 100));
/** Cases per `fc.assert`: the CI count, so CI runs one chunk (its seed and count unchanged). */
const CI_RUNS = 1000;

/** Below this, floats keep too few digits for any comparison of float methods. */
const FLOOR = 1e-300;
const PA = makeProxy();
const PB = makeProxy();
const PEN = makePenetration();

function proxy(kind: Kind, shape: unknown, out: ConvexProxy): ConvexProxy {
  const p = proxyOfKind(kind, shape as AnyShape, out);
  if (p === null) throw new Error(`no proxy for ${kind}`);
  return p;
}

/** The largest coordinate or radius of a proxy. */
function scaleOf(p: ConvexProxy): number {
  let s = p.radius;
  for (let k = 0; k < 2 * p.count; k++) s = Math.max(s, Math.abs(p.xy[k]!));
  return s;
}

/** How far A and B overlap along the unit n: A's reach along n minus B's lowest point along it. */
function overlapAlong(a: ConvexProxy, b: ConvexProxy, nx: number, ny: number): number {
  let high = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < a.count; k++)
    high = Math.max(high, nx * a.xy[2 * k]! + ny * a.xy[2 * k + 1]!);
  let low = Number.POSITIVE_INFINITY;
  for (let k = 0; k < b.count; k++) low = Math.min(low, nx * b.xy[2 * k]! + ny * b.xy[2 * k + 1]!);
  return high + a.radius - (low - b.radius);
}

describe("contact and test against EPA, for every ordered pair of solids", () => {
  for (const ka of SOLIDS) {
    for (const kb of SOLIDS) {
      it(`${ka} vs ${kb}`, async () => {
        await assertProperty(
          `gjk-epa ${ka} vs ${kb}`,
          shapePairOf(ka, kb),
          ([a, b]) => {
            const pa = proxy(ka, a, PA);
            const pb = proxy(kb, b, PB);
            const tol = 1e-9 * Math.max(scaleOf(pa), scaleOf(pb)) + FLOOR;
            const pen = epaPenetration(pa, pb, PEN);
            const hit = test(a, b);
            if (pen.depth > tol && !hit) throw new Error(`EPA depth ${pen.depth} but test false`);
            if (pen.depth < -tol && hit) throw new Error(`EPA depth ${pen.depth} but test true`);
            const c = contact(a, b);
            if (c === null) return;
            if (!(Math.abs(c.depth - pen.depth) <= tol))
              throw new Error(`contact depth ${c.depth}, EPA ${pen.depth}`);
            const along = overlapAlong(pa, pb, c.normal.x, c.normal.y);
            if (!(Math.abs(along - c.depth) <= tol))
              throw new Error(`overlap along the normal ${along}, depth ${c.depth}`);
          },
          RUNS,
          CI_RUNS,
        );
      });
    }
  }
});

const MOVER = makeProxy(2);
const LINEAR = makeProxy(2);
const CAST: CastResult = {
  t: 0,
  point: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  initiallyOverlapping: false,
};
const GAP = {
  distance: 0,
  pointA: { x: 0, y: 0 },
  pointB: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  iterations: 0,
};

type Hit = { point: Vec; inside?: boolean } | null;

describe("intersect against the convex cast, for a ray or segment and every convex shape", () => {
  for (const ka of ["ray", "segment"] as const) {
    for (const kb of TARGETS) {
      const fn = INTERSECT_TABLE.byKind[ka]?.[kb] as ((a: unknown, b: unknown) => Hit) | undefined;
      if (fn === undefined) continue;
      it(`${ka} vs ${kb}`, async () => {
        await assertProperty(
          `cast ${ka} vs ${kb}`,
          shapePairOf(ka, kb),
          ([a, b]) => {
            const pb = proxy(kb, b, PB);
            // The stretch of the linear shape that can reach B, as a motion of its start.
            let ox: number;
            let oy: number;
            let mx: number;
            let my: number;
            if (ka === "ray") {
              const r = a as Ray;
              ox = r.origin.x;
              oy = r.origin.y;
              let reach = pb.radius;
              for (let k = 0; k < pb.count; k++)
                reach = Math.max(reach, Math.hypot(pb.xy[2 * k]! - ox, pb.xy[2 * k + 1]! - oy));
              const s = (2 * (reach + pb.radius)) / Math.hypot(r.dir.x, r.dir.y);
              mx = r.dir.x * s;
              my = r.dir.y * s;
            } else {
              const g = a as Segment;
              ox = g.a.x;
              oy = g.a.y;
              mx = g.b.x - ox;
              my = g.b.y - oy;
            }
            if (!Number.isFinite(mx) || !Number.isFinite(my)) return;
            const scale = Math.max(
              scaleOf(pb),
              Math.abs(ox),
              Math.abs(oy),
              Math.abs(mx),
              Math.abs(my),
            );
            const hit = fn(a, b);
            const cast = castProxies(pointProxy(ox, oy, 0, MOVER), mx, my, pb, CAST);
            if ((hit !== null) !== (cast !== null)) {
              // Only a graze may split them: the path touches B with no depth, or misses by a hair.
              segmentProxy({ x: ox, y: oy }, { x: ox + mx, y: oy + my }, 0, LINEAR);
              const gap = gjkDistance(LINEAR, pb, GAP).distance;
              const depth = epaPenetration(LINEAR, pb, PEN).depth;
              if (!(gap <= 1e-9 * scale + FLOOR && depth <= 1e-9 * scale + FLOOR))
                throw new Error(`intersect ${hit !== null}, cast ${cast !== null}, gap ${gap}`);
              return;
            }
            if (hit === null || cast === null) return;
            const tol = 1e-9 * scale + FLOOR;
            const onB = gjkDistance(pointProxy(hit.point.x, hit.point.y, 0, MOVER), pb, GAP);
            if (!(onB.distance <= tol)) throw new Error(`hit point ${onB.distance} off B`);
            const px = ox + cast.t * mx;
            const py = oy + cast.t * my;
            const off = Math.hypot(hit.point.x - px, hit.point.y - py);
            if (off <= 1e-6 * scale || hit.inside === true) return;
            // The cast stopped at a near graze before the hit: then the path up to the hit only
            // touches B, it does not cross it.
            segmentProxy({ x: ox, y: oy }, hit.point, 0, LINEAR);
            const depth = epaPenetration(LINEAR, pb, PEN).depth;
            if (!(depth <= tol))
              throw new Error(`intersect point off the cast's by ${off}, path depth ${depth}`);
          },
          RUNS,
          CI_RUNS,
        );
      });
    }
  }
});
