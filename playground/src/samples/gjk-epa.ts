import {
  contactPolygonPolygon,
  convexHull,
  distancePolygonPolygon,
  testPolygonPolygon,
} from "../../../src/2d/index.ts";
import { call, num, pointsLiteral, type XY } from "../format.ts";
import { COLORS } from "../view.ts";
import { at, type Evaluation, message, type Sample } from "./types.ts";

/*
 * GJK and EPA, one step at a time, on the Minkowski difference A - B. The steps are recomputed
 * here in plain floats for the figure only (like the triangle sample's separating axis); the
 * verdict, the distance and the depth in the table come from collide's exact test, distance and
 * contact.
 * GJK: E. G. Gilbert, D. W. Johnson, S. S. Keerthi, "A fast procedure for computing the distance
 * between complex objects in three-dimensional space", IEEE J. Robotics and Automation, 1988; the
 * simplex reduction by Voronoi regions as in Ericson, Real-Time Collision Detection, 5.1.5 and 9.5.
 * EPA: G. van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game
 * Objects", GDC 2001 (in 2D the polytope is a polygon and each step splits its closest edge).
 */

/** One step of the figure: the simplex (GJK) or polytope (EPA), with what this step found. */
export interface Step {
  phase: "GJK" | "EPA";
  /** The simplex's points (1 to 3) or the polytope's corners, counter-clockwise. */
  points: XY[];
  /** GJK: the point of the simplex nearest the origin; EPA: the nearest point of the closest edge. */
  nearest: XY;
  /** GJK: the search direction (toward the origin); EPA: the closest edge's outward normal. */
  dir: XY;
  /** The support point of A - B found in `dir`, or null on the last step. */
  support: XY | null;
  /** EPA: indices of the closest edge's corners. */
  edge?: [number, number];
  /** What happened, one line. */
  text: string;
}

const MAX_GJK = 24;
const MAX_EPA = 32;

const sub = (a: XY, b: XY): XY => ({ x: a.x - b.x, y: a.y - b.y });
const dot = (a: XY, b: XY): number => a.x * b.x + a.y * b.y;
const cross = (a: XY, b: XY): number => a.x * b.y - a.y * b.x;

/** The corner of `pts` farthest along `d` (the support function of their hull). */
function farthest(pts: readonly XY[], d: XY): XY {
  let best = pts[0]!;
  let bestDot = dot(best, d);
  for (const p of pts) {
    const v = dot(p, d);
    if (v > bestDot) {
      best = p;
      bestDot = v;
    }
  }
  return best;
}

/** Support of A - B in direction d: farthest of A along d minus farthest of B along -d. */
function support(a: readonly XY[], b: readonly XY[], d: XY): XY {
  return sub(farthest(a, d), farthest(b, { x: -d.x, y: -d.y }));
}

/** The point of segment pq nearest the origin, and which end(s) it needs. */
function nearestOnSegment(p: XY, q: XY): { point: XY; keep: XY[] } {
  const e = sub(q, p);
  const ee = dot(e, e);
  const t = ee === 0 ? 0 : -dot(p, e) / ee;
  if (t <= 0) return { point: p, keep: [p] };
  if (t >= 1) return { point: q, keep: [q] };
  return { point: { x: p.x + t * e.x, y: p.y + t * e.y }, keep: [p, q] };
}

/**
 * Reduces the simplex to the smallest subset whose hull holds its point nearest the origin
 * (Voronoi regions of the triangle's edges; the corners come out of the edge tests). Returns
 * null for the nearest point when a triangle encloses the origin.
 */
function reduce(s: XY[]): { point: XY | null; keep: XY[] } {
  if (s.length === 1) return { point: s[0]!, keep: s };
  if (s.length === 2) return nearestOnSegment(s[0]!, s[1]!);
  const [a, b, c] = s as [XY, XY, XY];
  const area = cross(sub(b, a), sub(c, a));
  const o = { x: 0, y: 0 };
  if (area !== 0) {
    const s1 = cross(sub(b, a), sub(o, a)) * area;
    const s2 = cross(sub(c, b), sub(o, b)) * area;
    const s3 = cross(sub(a, c), sub(o, c)) * area;
    if (s1 >= 0 && s2 >= 0 && s3 >= 0) return { point: null, keep: s };
  }
  // Outside (or a flat triangle): the nearest of the three edges.
  let best: { point: XY; keep: XY[] } | null = null;
  for (const [p, q] of [
    [a, b],
    [b, c],
    [c, a],
  ] as const) {
    const r = nearestOnSegment(p, q);
    if (best === null || dot(r.point, r.point) < dot(best.point, best.point)) best = r;
  }
  return best!;
}

/** GJK then, when the origin is enclosed, EPA: every step, for drawing. Plain floats. */
export function gjkEpaSteps(a: readonly XY[], b: readonly XY[]): Step[] {
  const steps: Step[] = [];
  let simplex: XY[] = [support(a, b, { x: 1, y: 0 })];
  let v = simplex[0]!;
  for (let i = 0; i < MAX_GJK; i++) {
    const vv = dot(v, v);
    if (vv === 0) {
      steps.push({
        phase: "GJK",
        points: simplex,
        nearest: v,
        dir: { x: 0, y: 0 },
        support: null,
        text: "the simplex touches the origin: A and B touch (distance 0)",
      });
      return steps;
    }
    const d = { x: -v.x, y: -v.y };
    const w = support(a, b, d);
    // No support point gets nearer the origin than v does: v is the nearest point of A - B.
    const done = vv - dot(v, w) <= 1e-12 * vv;
    steps.push({
      phase: "GJK",
      points: simplex,
      nearest: v,
      dir: d,
      support: done ? null : w,
      text: done
        ? `no support point beyond the simplex: apart, distance ${Math.sqrt(vv).toPrecision(6)}`
        : `search toward the origin from the nearest point; add the support point`,
    });
    if (done) return steps;
    const r = reduce([...simplex, w]);
    if (r.point === null) {
      simplex = r.keep;
      steps.push({
        phase: "GJK",
        points: simplex,
        nearest: { x: 0, y: 0 },
        dir: { x: 0, y: 0 },
        support: null,
        text: "the triangle encloses the origin: A and B overlap; EPA starts from it",
      });
      return epa(a, b, simplex, steps);
    }
    simplex = r.keep;
    v = r.point;
  }
  return steps;
}

/** EPA from an enclosing triangle: split the edge nearest the origin until it is on the boundary. */
function epa(a: readonly XY[], b: readonly XY[], tri: XY[], steps: Step[]): Step[] {
  const poly =
    cross(sub(tri[1]!, tri[0]!), sub(tri[2]!, tri[0]!)) < 0 ? [...tri].reverse() : [...tri];
  for (let k = 0; k < MAX_EPA; k++) {
    let bestI = 0;
    let bestDist = Number.POSITIVE_INFINITY;
    let bestN = { x: 1, y: 0 };
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const e = sub(q, p);
      const len = Math.hypot(e.x, e.y);
      if (len === 0) continue;
      const n = { x: e.y / len, y: -e.x / len }; // outward for a counter-clockwise polygon
      const dist = dot(n, p);
      if (dist < bestDist) {
        bestDist = dist;
        bestI = i;
        bestN = n;
      }
    }
    const j = (bestI + 1) % poly.length;
    const w = support(a, b, bestN);
    const done = dot(w, bestN) - bestDist <= 1e-12 * Math.max(1, Math.abs(bestDist));
    steps.push({
      phase: "EPA",
      points: [...poly],
      nearest: { x: bestN.x * bestDist, y: bestN.y * bestDist },
      dir: bestN,
      support: done ? null : w,
      edge: [bestI, j],
      text: done
        ? `the closest edge is on the boundary: depth ${bestDist.toPrecision(6)} along its normal`
        : "push out the edge nearest the origin: add the support point along its normal",
    });
    if (done) return steps;
    poly.splice(bestI + 1, 0, w);
  }
  return steps;
}

/** B's corners in every preset: the square [0, 3] x [-1, 2]. */
const SQUARE: Record<string, [number, number]> = {
  b1: [0, -1],
  b2: [3, -1],
  b3: [3, 2],
  b4: [0, 2],
};

const CHOICES = Array.from({ length: MAX_GJK + MAX_EPA }, (_, i) => String(i + 1));

/** GJK and EPA step by step on two draggable convex polygons (each the hull of its handles). */
export const gjkEpa: Sample = {
  id: "gjk-epa",
  title: "GJK / EPA stepping",
  category: "Generic 2D",
  blurb:
    "Drag the corners of A (3) and B (4); each shape is the convex hull of its corners. Grey: the " +
    "Minkowski difference A − B, which holds the origin (+) exactly when they overlap. Pick a step: " +
    "GJK's simplex walks toward the origin (arrow: search direction, dot: support point); if it " +
    "encloses the origin, EPA grows a polygon until its edge nearest the origin lies on A − B. " +
    "The steps are drawn in floats; the verdict, distance and depth come from collide.",
  options: [{ id: "step", label: "step", choices: CHOICES, value: "1" }],
  camera: { x: -1, y: 0, span: 16 },
  handles: [
    { id: "a1", x: -3, y: -1, label: "A" },
    { id: "a2", x: 1.5, y: 0, label: "" },
    { id: "a3", x: -1, y: 2, label: "" },
    { id: "b1", x: 0, y: -1, label: "B" },
    { id: "b2", x: 3, y: -1, label: "" },
    { id: "b3", x: 3, y: 2, label: "" },
    { id: "b4", x: 0, y: 2, label: "" },
  ],
  presets: [
    {
      id: "overlap",
      label: "overlapping",
      handles: {
        a1: [-3, -1],
        a2: [1.5, 0],
        a3: [-1, 2],
        ...SQUARE,
      },
      options: { step: "1" },
    },
    {
      id: "apart",
      label: "apart",
      handles: {
        a1: [-6, -1],
        a2: [-1.5, 0],
        a3: [-4, 2],
        ...SQUARE,
      },
      options: { step: "1" },
    },
    {
      id: "touching",
      label: "touching (corner on edge)",
      handles: {
        a1: [-3, -1],
        a2: [0, 0.5],
        a3: [-1, 2],
        ...SQUARE,
      },
      options: { step: "1" },
      note: "A's corner (0, 0.5) lies on B's edge x = 0: a hit with distance 0 and depth 0.",
    },
    {
      id: "inside",
      label: "A inside B",
      handles: {
        a1: [0.5, -0.5],
        a2: [2.5, -0.5],
        a3: [1.5, 1.5],
        ...SQUARE,
      },
      options: { step: "1" },
    },
    {
      id: "flat",
      label: "flat A (collinear corners)",
      handles: {
        a1: [-3, 0.5],
        a2: [-1, 0.5],
        a3: [1, 0.5],
        ...SQUARE,
      },
      options: { step: "1" },
      note: "A's corners are on one line: its hull is the segment from (-3, 0.5) to (1, 0.5).",
    },
  ],
  evaluate({ h, options }): Evaluation {
    const pa = ["a1", "a2", "a3"].map((k) => at(h, k));
    const pb = ["b1", "b2", "b3", "b4"].map((k) => at(h, k));
    const imports = 'import { contactPolygonPolygon, convexHull } from "collide/2d";';
    const code = call(
      "contactPolygonPolygon",
      call("convexHull", pointsLiteral(pa)),
      call("convexHull", pointsLiteral(pb)),
    );
    let A: ReturnType<typeof convexHull>;
    let B: ReturnType<typeof convexHull>;
    try {
      A = convexHull(pa);
      B = convexHull(pb);
    } catch (e) {
      return { hit: "error", error: message(e), fields: [], code, imports, calls: [], draw() {} };
    }
    const test = testPolygonPolygon(A, B);
    const dist = distancePolygonPolygon(A, B);
    const c = contactPolygonPolygon(A, B);
    // The figure works relative to A's first corner so that large offsets keep their digits.
    const o = A.points[0]!;
    const rel = (p: XY): XY => ({ x: p.x - o.x, y: p.y - o.y });
    const steps = gjkEpaSteps(A.points.map(rel), B.points.map(rel));
    // A - B is unchanged by moving both by -o, so the steps are in A - B's own coordinates.
    const k = Math.min(Number(options["step"] ?? "1"), steps.length);
    const step = steps[k - 1]!;
    const cso: XY[] = [];
    for (const p of A.points) for (const q of B.points) cso.push(sub(p, q));
    const diff = convexHull(cso).points;
    return {
      hit: test,
      code,
      imports,
      calls: [
        { module: "2d", name: "testPolygonPolygon", args: [A, B], result: test },
        { module: "2d", name: "distancePolygonPolygon", args: [A, B], result: dist },
        { module: "2d", name: "contactPolygonPolygon", args: [A, B], result: c },
      ],
      fields: [
        { id: "test", label: "testPolygonPolygon", value: test },
        { id: "distance", label: "distance", value: dist },
        { id: "depth", label: "contact depth", value: c?.depth ?? null },
        { id: "normal", label: "contact normal", value: c?.normal ?? null },
        { id: "step", label: "step (figure)", value: k, text: `${k} of ${steps.length}` },
        { id: "phase", label: "phase (figure)", value: step.phase, text: step.phase },
        {
          id: "simplex",
          label: step.phase === "GJK" ? "simplex size" : "polytope size",
          value: step.points.length,
        },
        { id: "what", label: "this step", value: step.text, text: step.text },
      ],
      draw(d) {
        d.poly(diff, true, COLORS.muted, COLORS.faint, 1);
        d.cross({ x: 0, y: 0 }, COLORS.ink, 7);
        d.label({ x: 0, y: 0 }, "origin", COLORS.muted, 8, 16);
        d.poly(
          A.points,
          true,
          test ? COLORS.hit : COLORS.a,
          test ? COLORS.hitFill : COLORS.aFill,
          2,
        );
        d.poly(
          B.points,
          true,
          test ? COLORS.hit : COLORS.b,
          test ? COLORS.hitFill : COLORS.bFill,
          2,
        );
        const pts = step.points;
        const col = step.phase === "GJK" ? COLORS.accent : COLORS.miss;
        if (pts.length === 1) d.dot(pts[0]!, col, 5);
        else d.poly(pts, pts.length > 2, col, undefined, 2.5);
        for (const p of pts) d.dot(p, col, 4);
        if (step.edge) d.segment(pts[step.edge[0]]!, pts[step.edge[1]]!, COLORS.hit, 4);
        d.dot(step.nearest, COLORS.ink, 3);
        if (step.dir.x !== 0 || step.dir.y !== 0) d.arrowPx(step.nearest, step.dir, 50, col, 2);
        if (step.support) {
          d.dot(step.support, COLORS.hit, 6);
          d.label(step.support, "support", COLORS.hit);
        }
        d.label(diff[0]!, "A − B", COLORS.muted, -8, 18);
        if (c) d.label(c.points[0].point, `depth = ${num(c.depth)}`, COLORS.hit, 10, 16);
      },
    };
  },
};
