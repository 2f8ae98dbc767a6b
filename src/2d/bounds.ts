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

/**
 * The smallest axis-aligned box holding the shape, widened outward by an ulp where it is computed
 * with rounding (circles, capsules, boxes), so it always contains the shape. Lines and rays are
 * unbounded along their direction: their boxes reach ±MAX_VALUE there.
 */
export function aabbOf(shape: Shape, out?: Aabb): Aabb {
  const box = out ?? { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  let x0: number;
  let y0: number;
  let x1: number;
  let y1: number;
  switch (shape.kind) {
    case "point":
      x0 = x1 = shape.x;
      y0 = y1 = shape.y;
      break;
    case "segment":
      x0 = Math.min(shape.a.x, shape.b.x);
      x1 = Math.max(shape.a.x, shape.b.x);
      y0 = Math.min(shape.a.y, shape.b.y);
      y1 = Math.max(shape.a.y, shape.b.y);
      break;
    case "triangle":
      x0 = Math.min(shape.a.x, shape.b.x, shape.c.x);
      x1 = Math.max(shape.a.x, shape.b.x, shape.c.x);
      y0 = Math.min(shape.a.y, shape.b.y, shape.c.y);
      y1 = Math.max(shape.a.y, shape.b.y, shape.c.y);
      break;
    case "polygon":
    case "polyline": {
      x0 = y0 = MAX;
      x1 = y1 = -MAX;
      for (const p of shape.points) {
        if (p.x < x0) x0 = p.x;
        if (p.x > x1) x1 = p.x;
        if (p.y < y0) y0 = p.y;
        if (p.y > y1) y1 = p.y;
      }
      break;
    }
    case "aabb":
      x0 = shape.min.x;
      y0 = shape.min.y;
      x1 = shape.max.x;
      y1 = shape.max.y;
      break;
    case "circle":
      x0 = down(shape.center.x - shape.radius);
      x1 = up(shape.center.x + shape.radius);
      y0 = down(shape.center.y - shape.radius);
      y1 = up(shape.center.y + shape.radius);
      break;
    case "capsule": {
      const r = shape.radius;
      x0 = down(Math.min(shape.a.x, shape.b.x) - r);
      x1 = up(Math.max(shape.a.x, shape.b.x) + r);
      y0 = down(Math.min(shape.a.y, shape.b.y) - r);
      y1 = up(Math.max(shape.a.y, shape.b.y) + r);
      break;
    }
    case "box": {
      const c = Math.cos(shape.angle);
      const s = Math.sin(shape.angle);
      // Widened by 2^-49 relative: more than the rounding of these sums and of any corner formula.
      const ex = (Math.abs(c) * shape.halfExtents.x + Math.abs(s) * shape.halfExtents.y) * WIDEN;
      const ey = (Math.abs(s) * shape.halfExtents.x + Math.abs(c) * shape.halfExtents.y) * WIDEN;
      x0 = down(shape.center.x - up(ex));
      x1 = up(shape.center.x + up(ex));
      y0 = down(shape.center.y - up(ey));
      y1 = up(shape.center.y + up(ey));
      break;
    }
    case "line":
    case "ray": {
      const o = shape.kind === "line" ? shape.point : shape.origin;
      const d = shape.dir;
      const both = shape.kind === "line";
      x0 = d.x < 0 || (both && d.x !== 0) ? -MAX : o.x;
      x1 = d.x > 0 || (both && d.x !== 0) ? MAX : o.x;
      y0 = d.y < 0 || (both && d.y !== 0) ? -MAX : o.y;
      y1 = d.y > 0 || (both && d.y !== 0) ? MAX : o.y;
      break;
    }
  }
  box.min.x = x0;
  box.min.y = y0;
  box.max.x = x1;
  box.max.y = y1;
  return box;
}
