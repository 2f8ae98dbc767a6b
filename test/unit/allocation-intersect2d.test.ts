import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import { intersectLineRay } from "../../src/2d/pairs/line-ray.ts";
import { intersectSegmentCircle } from "../../src/2d/pairs/segment-circle.ts";
import { intersectSegmentSegment } from "../../src/2d/pairs/segment-segment.ts";
import * as X from "../../src/2d/query/intersect.ts";
import {
  aabb,
  box,
  capsule,
  circle,
  line,
  polygon,
  polyline,
  ray,
  segment,
  triangle,
  vec,
} from "../../src/2d/shapes.ts";
import { warmGarbagePerCall } from "./young-garbage.ts";

/*
 * The promise of `out` for the 2D intersect queries: a line, ray or segment against every shape,
 * given `out`, makes no garbage once warm, on hitting and on missing inputs at game scales. All
 * rows are built up front and run in one process, so the shared cast (convex/raycast.ts) sees
 * every kind. Before its doubles crossed calls through CAST_IN, a cast boxed each argument.
 */

const rnd = prng(20261126);
const dir = (): [number, number] => {
  const a = rnd() * 6.28;
  return [Math.cos(a), Math.sin(a)];
};
const ngon = (x: number, y: number, r: number, n: number, a: number) => {
  const pts = [];
  for (let k = 0; k < n; k++) {
    const t = a + (2 * Math.PI * k) / n;
    pts.push(vec(x + r * Math.cos(t), y + r * Math.sin(t)));
  }
  return polygon(pts);
};
const SHAPES: Record<string, (x: number, y: number) => unknown> = {
  Point: (x, y) => vec(x, y),
  Line: (x, y) => {
    const [c, s] = dir();
    return line(x, y, c, s);
  },
  Ray: (x, y) => {
    const [c, s] = dir();
    return ray(x, y, c, s);
  },
  Segment: (x, y) => {
    const [c, s] = dir();
    return segment(x - 0.5 * c, y - 0.5 * s, x + 0.5 * c, y + 0.5 * s);
  },
  Circle: (x, y) => circle(x, y, 0.3 + rnd() * 0.4),
  Capsule: (x, y) => {
    const [c, s] = dir();
    return capsule(x - 0.4 * c, y - 0.4 * s, x + 0.4 * c, y + 0.4 * s, 0.2 + rnd() * 0.2);
  },
  Aabb: (x, y) => aabb(x - 0.4, y - 0.3, x + 0.4, y + 0.3),
  Box: (x, y) => box(x, y, 0.3 + 0.2 * rnd(), 0.2 + 0.2 * rnd(), rnd() * 6),
  Triangle: (x, y) => triangle(x - 0.5, y - 0.3, x + 0.5, y - 0.4, x + rnd() * 0.2, y + 0.5),
  Polygon: (x, y) => ngon(x, y, 0.5, 6, rnd() * 6),
  Polyline: (x, y) =>
    polyline([
      vec(x - 1.5, y),
      vec(x - 0.5, y + 0.4),
      vec(x + 0.5, y - 0.1),
      vec(x + 1.5, y + 0.3),
    ]),
};
/** A linear shape near (x, y) heading roughly toward (tx, ty): a line, a ray, or a segment of length 2.5. */
const LINEARS: Record<string, (x: number, y: number, tx: number, ty: number) => unknown> = {
  Line: (x, y, tx, ty) => line(x, y, tx - x, ty - y),
  Ray: (x, y, tx, ty) => ray(x, y, tx - x, ty - y),
  Segment: (x, y, tx, ty) => {
    const l = Math.hypot(tx - x, ty - y) || 1;
    return segment(x, y, x + (2.5 * (tx - x)) / l, y + (2.5 * (ty - y)) / l);
  },
};

type Intersect = (a: unknown, b: unknown, out?: object) => object | null;
const ROWS: [string, Intersect][] = [];
for (const a of Object.keys(LINEARS)) {
  for (const b of Object.keys(SHAPES)) {
    const name = a === "Segment" && b === "Point" ? "intersectPointSegment" : `intersect${a}${b}`;
    const f = (X as unknown as Record<string, Intersect>)[name];
    if (f !== undefined) ROWS.push([name, f]);
  }
}
ROWS.push(["intersectPointLine", X.intersectPointLine as Intersect]);
ROWS.push(["intersectPointRay", X.intersectPointRay as Intersect]);
ROWS.push(["intersectSegmentSegment", intersectSegmentSegment as Intersect]);
ROWS.push(["intersectSegmentCircle", intersectSegmentCircle as Intersect]);
ROWS.push(["intersectLineRay", intersectLineRay as Intersect]);

describe("2D intersect queries given `out` allocate nothing per call once warm", () => {
  const rows = ROWS.map(([name, f]) => {
    const m = name.match(/^intersect([A-Z][a-z]+)([A-Z][a-z]+)$/)!;
    // intersectPoint<Linear> takes the point first.
    const pointFirst = m[1] === "Point";
    const lin = pointFirst ? m[2]! : m[1]!;
    const other = pointFirst ? "Point" : m[2]!;
    const hit: [unknown, unknown][] = [];
    const miss: [unknown, unknown][] = [];
    for (let tries = 0; tries < 40_000 && (hit.length < 256 || miss.length < 256); tries++) {
      const x = rnd() * 10;
      const y = rnd() * 10;
      let b = SHAPES[other]!(x, y);
      const [c, s] = dir();
      const d = 1 + rnd() * 2;
      // Points are hit only on the line: put the point on it half the time. A segment's own
      // points are rarely doubles, so there the point is the exact midpoint of a segment whose
      // coordinates are multiples of 2^-10.
      const onIt = pointFirst && rnd() < 0.5;
      let a: unknown;
      if (onIt && lin === "Segment") {
        const qx = Math.round(x * 1024) / 1024;
        const qy = Math.round(y * 1024) / 1024;
        const i = (1 + Math.floor(rnd() * 8)) / 16;
        const j = (Math.floor(rnd() * 17) - 8) / 16;
        b = vec(qx, qy);
        a = segment(qx - i, qy - j, qx + i, qy + j);
      } else if (onIt) a = LINEARS[lin]!(x - d * c, y - d * s, x, y);
      else a = LINEARS[lin]!(x - d * c, y - d * s, x + (rnd() - 0.5) * 3, y + (rnd() - 0.5) * 3);
      const pair: [unknown, unknown] = pointFirst ? [b, a] : [a, b];
      const h = f(pair[0], pair[1]);
      const list = h === null ? miss : hit;
      if (list.length < 256) list.push(pair);
    }
    return [name, f, hit, miss] as const;
  });
  /*
   * Still allocating when all rows run in one process: every row but these three (bytes per call
   * by outcome, every row measured in one vitest run on 2026-11-28 under load 22). A tsx script
   * running the same rows measured 0 for most ShapeHit rows where vitest measures about 16 B a
   * hit, so that last boxed double depends on how the modules are loaded; cause not found. The
   * rest: linearHit (line-line, line-segment, ray-ray, the polylines) boxes the doubles it passes
   * to crossSign and dotSign, and the ray-capsule test those it passes to the distance signs.
   */
  const clean = new Set([
    "intersectRaySegment",
    "intersectSegmentSegment",
    "intersectSegmentCircle",
  ]);
  const figures: Record<string, string> = {
    intersectLineLine: "hit 192 B",
    intersectLineSegment: "hit 192, miss 0 B",
    intersectLineCircle: "hit 16, miss 0 B",
    intersectLineCapsule: "hit 16, miss 0 B",
    intersectLineAabb: "hit 16, miss 0 B",
    intersectLineBox: "hit 16, miss 0 B",
    intersectLineTriangle: "hit 16, miss 0 B",
    intersectLinePolygon: "hit 16, miss 0 B",
    intersectLinePolyline: "hit 223, miss 0 B",
    intersectRayRay: "hit 288, miss 128 B",
    intersectRayCircle: "hit 16, miss 0 B",
    intersectRayCapsule: "hit 85, miss 115 B",
    intersectRayAabb: "hit 112, miss 1 B",
    intersectRayBox: "hit 112, miss 1 B",
    intersectRayTriangle: "hit 112, miss 0 B",
    intersectRayPolygon: "hit 16, miss 0 B",
    intersectRayPolyline: "hit 359, miss 4 B",
    intersectPointSegment: "hit 144, miss 96 B",
    intersectSegmentCapsule: "hit 16, miss 0 B",
    intersectSegmentAabb: "hit 16, miss 0 B",
    intersectSegmentBox: "hit 16, miss 0 B",
    intersectSegmentTriangle: "hit 16, miss 0 B",
    intersectSegmentPolygon: "hit 16, miss 0 B",
    intersectSegmentPolyline: "hit 73, miss 0 B",
    intersectPointLine: "hit 5, miss 0 B",
    intersectPointRay: "hit 5, miss 0 B",
  };
  /** The bytes measured for a row's outcome in `figures`, if listed. */
  const measured = (name: string, outcome: string): number | undefined => {
    const m = figures[name]?.match(new RegExp(`${outcome} (\\d+)`));
    return m ? Number(m[1]) : undefined;
  };
  // One test per row and outcome: the clean rows and the outcomes measured at 0 are asserted.
  for (const [name, f, hit, miss] of rows) {
    for (const [outcome, set] of [
      ["hit", hit],
      ["miss", miss],
    ] as const) {
      const figure = measured(name, outcome);
      if (!clean.has(name) && figure !== 0) {
        it.todo(`${name} ${outcome}: under 1 byte per call (measured ${figure ?? "over 1"} B)`);
        continue;
      }
      it(`${name} ${outcome}: under 1 byte per call`, () => {
        expect(set.length, `${outcome} cases`).toBeGreaterThan(20);
        // A result the query made itself, so `out` has exactly its result's fields.
        const out = f(hit[0]![0], hit[0]![1])!;
        const bytes = warmGarbagePerCall((i) => {
          const p = set[i % set.length]!;
          return f(p[0], p[1], out);
        });
        expect(bytes).toBeLessThan(1);
      });
    }
  }
});
