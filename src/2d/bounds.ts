import type {
  Aabb,
  Box,
  Capsule,
  Circle,
  Line,
  Polygon,
  Polyline,
  Ray,
  Segment,
  Triangle,
  Vec,
} from "./shapes.ts";

/** Any tagged 2D shape. */
export type Shape =
  | (Vec & { kind: "point" })
  | (Line & { kind: "line" })
  | (Ray & { kind: "ray" })
  | (Segment & { kind: "segment" })
  | (Circle & { kind: "circle" })
  | (Capsule & { kind: "capsule" })
  | (Aabb & { kind: "aabb" })
  | (Box & { kind: "box" })
  | (Triangle & { kind: "triangle" })
  | (Polygon & { kind: "polygon" })
  | (Polyline & { kind: "polyline" });

const MAX = Number.MAX_VALUE;

/** Rounds outward by a relative 2^-52 plus the smallest normal, so rounded bounds stay conservative. */
function down(x: number): number {
  return Math.max(x - Math.abs(x) * ULP - TINY, -MAX);
}

function up(x: number): number {
  return Math.min(x + Math.abs(x) * ULP + TINY, MAX);
}

const ULP = 2 ** -52;
const WIDEN = 1 + 2 ** -49;
const TINY = 2 ** -1022;

/*
 * The writers below keep their doubles in locals or in `B` (lo x, y, hi x, y): a helper that V8
 * does not inline would box each double it takes or returns into a fresh heap number, and the
 * world calls this for every moved body every frame.
 */
const B = new Float64Array(4);

function pointsBounds(points: readonly Vec[]): void {
  let x0 = MAX;
  let y0 = MAX;
  let x1 = -MAX;
  let y1 = -MAX;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  B[0] = x0;
  B[1] = y0;
  B[2] = x1;
  B[3] = y1;
}

function circleBounds(c: Circle): void {
  const x = c.center.x;
  const y = c.center.y;
  const r = c.radius;
  B[0] = down(x - r);
  B[1] = down(y - r);
  B[2] = up(x + r);
  B[3] = up(y + r);
}

function capsuleBounds(c: Capsule): void {
  const r = c.radius;
  B[0] = down(Math.min(c.a.x, c.b.x) - r);
  B[1] = down(Math.min(c.a.y, c.b.y) - r);
  B[2] = up(Math.max(c.a.x, c.b.x) + r);
  B[3] = up(Math.max(c.a.y, c.b.y) + r);
}

function boxBounds(b: Box): void {
  const c = Math.cos(b.angle);
  const s = Math.sin(b.angle);
  const hx = b.halfExtents.x;
  const hy = b.halfExtents.y;
  // Widened by 2^-49 relative: more than the rounding of these sums and of any corner formula.
  const ex = up((Math.abs(c) * hx + Math.abs(s) * hy) * WIDEN);
  const ey = up((Math.abs(s) * hx + Math.abs(c) * hy) * WIDEN);
  const x = b.center.x;
  const y = b.center.y;
  B[0] = down(x - ex);
  B[1] = down(y - ey);
  B[2] = up(x + ex);
  B[3] = up(y + ey);
}

/** A line or ray: unbounded on the sides its direction goes. */
function reachBounds(o: Vec, d: Vec, both: boolean): void {
  B[0] = d.x < 0 || (both && d.x !== 0) ? -MAX : o.x;
  B[2] = d.x > 0 || (both && d.x !== 0) ? MAX : o.x;
  B[1] = d.y < 0 || (both && d.y !== 0) ? -MAX : o.y;
  B[3] = d.y > 0 || (both && d.y !== 0) ? MAX : o.y;
}

/**
 * The smallest axis-aligned box holding the shape, widened outward by an ulp where it is computed
 * with rounding (circles, capsules, boxes), so it always contains the shape. Lines and rays are
 * unbounded along their direction: their boxes reach ±MAX_VALUE there.
 */
export function aabbOf(shape: Shape, out?: Aabb): Aabb {
  const box = out ?? { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  switch (shape.kind) {
    case "point":
      B[0] = B[2] = shape.x;
      B[1] = B[3] = shape.y;
      break;
    case "segment":
      B[0] = Math.min(shape.a.x, shape.b.x);
      B[2] = Math.max(shape.a.x, shape.b.x);
      B[1] = Math.min(shape.a.y, shape.b.y);
      B[3] = Math.max(shape.a.y, shape.b.y);
      break;
    case "triangle":
      B[0] = Math.min(shape.a.x, shape.b.x, shape.c.x);
      B[2] = Math.max(shape.a.x, shape.b.x, shape.c.x);
      B[1] = Math.min(shape.a.y, shape.b.y, shape.c.y);
      B[3] = Math.max(shape.a.y, shape.b.y, shape.c.y);
      break;
    case "polygon":
    case "polyline":
      pointsBounds(shape.points);
      break;
    case "aabb":
      B[0] = shape.min.x;
      B[1] = shape.min.y;
      B[2] = shape.max.x;
      B[3] = shape.max.y;
      break;
    case "circle":
      circleBounds(shape);
      break;
    case "capsule":
      capsuleBounds(shape);
      break;
    case "box":
      boxBounds(shape);
      break;
    case "line":
      reachBounds(shape.point, shape.dir, true);
      break;
    case "ray":
      reachBounds(shape.origin, shape.dir, false);
      break;
  }
  box.min.x = B[0]!;
  box.min.y = B[1]!;
  box.max.x = B[2]!;
  box.max.y = B[3]!;
  return box;
}
