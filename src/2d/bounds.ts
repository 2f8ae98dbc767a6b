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

/**
 * Rounds B outward by a relative 2^-52 plus the smallest normal, so rounded bounds stay
 * conservative. It works in place: a double passed to or returned from a call V8 does not inline
 * is boxed, and these run for every moved body of a world.
 */
function roundOut(): void {
  const x0 = B[0]!;
  const y0 = B[1]!;
  const x1 = B[2]!;
  const y1 = B[3]!;
  B[0] = Math.max(x0 - Math.abs(x0) * ULP - TINY, -MAX);
  B[1] = Math.max(y0 - Math.abs(y0) * ULP - TINY, -MAX);
  B[2] = Math.min(x1 + Math.abs(x1) * ULP + TINY, MAX);
  B[3] = Math.min(y1 + Math.abs(y1) * ULP + TINY, MAX);
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
  B[0] = x - r;
  B[1] = y - r;
  B[2] = x + r;
  B[3] = y + r;
  roundOut();
}

function capsuleBounds(c: Capsule): void {
  const r = c.radius;
  B[0] = Math.min(c.a.x, c.b.x) - r;
  B[1] = Math.min(c.a.y, c.b.y) - r;
  B[2] = Math.max(c.a.x, c.b.x) + r;
  B[3] = Math.max(c.a.y, c.b.y) + r;
  roundOut();
}

function boxBounds(b: Box): void {
  const c = Math.cos(b.angle);
  const s = Math.sin(b.angle);
  const hx = b.halfExtents.x;
  const hy = b.halfExtents.y;
  // Widened by 2^-49 relative: more than the rounding of these sums and of any corner formula.
  const wx = (Math.abs(c) * hx + Math.abs(s) * hy) * WIDEN;
  const wy = (Math.abs(s) * hx + Math.abs(c) * hy) * WIDEN;
  const ex = Math.min(wx + wx * ULP + TINY, MAX);
  const ey = Math.min(wy + wy * ULP + TINY, MAX);
  const x = b.center.x;
  const y = b.center.y;
  B[0] = x - ex;
  B[1] = y - ey;
  B[2] = x + ex;
  B[3] = y + ey;
  roundOut();
}

/** A line or ray: unbounded on the sides its direction goes. */
function reachBounds(o: Vec, d: Vec, both: boolean): void {
  B[0] = d.x < 0 || (both && d.x !== 0) ? -MAX : o.x;
  B[2] = d.x > 0 || (both && d.x !== 0) ? MAX : o.x;
  B[1] = d.y < 0 || (both && d.y !== 0) ? -MAX : o.y;
  B[3] = d.y > 0 || (both && d.y !== 0) ? MAX : o.y;
}

/**
 * Writes the shape's bounds to B. It takes the kind apart from the shape: read from the shape in
 * the same function, the kind check lets TurboFan assume every shape map it has seen there, and
 * a field only some kinds have (a circle's radius, a box's angle) is then read as a boxed number.
 */
function boundsOf(kind: Shape["kind"], shape: Shape): void {
  switch (kind) {
    case "point": {
      const p = shape as Vec;
      B[0] = B[2] = p.x;
      B[1] = B[3] = p.y;
      break;
    }
    case "segment": {
      const { a, b } = shape as Segment;
      B[0] = Math.min(a.x, b.x);
      B[2] = Math.max(a.x, b.x);
      B[1] = Math.min(a.y, b.y);
      B[3] = Math.max(a.y, b.y);
      break;
    }
    case "triangle": {
      const { a, b, c } = shape as Triangle;
      B[0] = Math.min(a.x, b.x, c.x);
      B[2] = Math.max(a.x, b.x, c.x);
      B[1] = Math.min(a.y, b.y, c.y);
      B[3] = Math.max(a.y, b.y, c.y);
      break;
    }
    case "polygon":
    case "polyline":
      pointsBounds((shape as Polygon | Polyline).points);
      break;
    case "aabb": {
      const { min, max } = shape as Aabb;
      B[0] = min.x;
      B[1] = min.y;
      B[2] = max.x;
      B[3] = max.y;
      break;
    }
    case "circle":
      circleBounds(shape as Circle);
      break;
    case "capsule":
      capsuleBounds(shape as Capsule);
      break;
    case "box":
      boxBounds(shape as Box);
      break;
    case "line": {
      const l = shape as Line;
      reachBounds(l.point, l.dir, true);
      break;
    }
    case "ray": {
      const r = shape as Ray;
      reachBounds(r.origin, r.dir, false);
      break;
    }
  }
}

/**
 * The smallest axis-aligned box holding the shape, widened outward by an ulp where it is computed
 * with rounding (circles, capsules, boxes), so it always contains the shape. Lines and rays are
 * unbounded along their direction: their boxes reach ±MAX_VALUE there.
 */
export function aabbOf(shape: Shape, out?: Aabb): Aabb {
  const box = out ?? { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  boundsOf(shape.kind, shape);
  box.min.x = B[0]!;
  box.min.y = B[1]!;
  box.max.x = B[2]!;
  box.max.y = B[3]!;
  return box;
}
