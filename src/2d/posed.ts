import type { Shape } from "./bounds.ts";
import { type Pose, type Rotation, rotationOf } from "./pose.ts";
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

/*
 * World-space copies of posed shapes, written into reusable scratch objects so that the generic
 * queries move a body without allocating and without the caller rewriting its points.
 */

/** Reusable world-space shapes of every kind, one set per argument slot. */
export interface PoseScratch {
  rot: Rotation;
  point: Vec & { kind: "point" };
  line: { kind: "line"; point: Vec; dir: Vec };
  ray: { kind: "ray"; origin: Vec; dir: Vec };
  segment: { kind: "segment"; a: Vec; b: Vec };
  circle: { kind: "circle"; center: Vec; radius: number };
  capsule: { kind: "capsule"; a: Vec; b: Vec; radius: number };
  aabb: { kind: "aabb"; min: Vec; max: Vec };
  box: { kind: "box"; center: Vec; halfExtents: Vec; angle: number };
  triangle: { kind: "triangle"; a: Vec; b: Vec; c: Vec };
  polygon: { kind: "polygon"; points: Vec[] };
  polyline: { kind: "polyline"; points: Vec[]; closed: boolean };
}

const v = (): Vec => ({ x: 0, y: 0 });

/** Makes one slot of scratch shapes. */
export function makePoseScratch(): PoseScratch {
  return {
    rot: { c: 1, s: 0 },
    point: { kind: "point", x: 0, y: 0 },
    line: { kind: "line", point: v(), dir: v() },
    ray: { kind: "ray", origin: v(), dir: v() },
    segment: { kind: "segment", a: v(), b: v() },
    circle: { kind: "circle", center: v(), radius: 0 },
    capsule: { kind: "capsule", a: v(), b: v(), radius: 0 },
    aabb: { kind: "aabb", min: v(), max: v() },
    box: { kind: "box", center: v(), halfExtents: v(), angle: 0 },
    triangle: { kind: "triangle", a: v(), b: v(), c: v() },
    polygon: { kind: "polygon", points: [] },
    polyline: { kind: "polyline", points: [], closed: false },
  };
}

// pose.ts's transformPoint and rotateVector written out on objects: V8 boxes each double passed
// to a call it does not inline.
function place(pose: Pose, rot: Rotation, p: Vec, out: Vec): Vec {
  const x = p.x;
  const y = p.y;
  out.x = rot.c * x - rot.s * y + pose.x;
  out.y = rot.s * x + rot.c * y + pose.y;
  return out;
}

function turn(rot: Rotation, d: Vec, out: Vec): Vec {
  const x = d.x;
  const y = d.y;
  out.x = rot.c * x - rot.s * y;
  out.y = rot.s * x + rot.c * y;
  return out;
}

function placeAll(pose: Pose, rot: Rotation, points: readonly Vec[], out: Vec[]): Vec[] {
  const n = points.length;
  while (out.length < n) out.push(v());
  // Only when it changes: assigning an array's length goes through a slow runtime path.
  if (out.length !== n) out.length = n;
  for (let i = 0; i < n; i++) place(pose, rot, points[i]!, out[i]!);
  return out;
}

/**
 * The shape moved by the pose, as world-space data in `s` (or the shape itself for no pose). An
 * axis-aligned box that is turned (angle not 0) becomes an oriented box; a box's angle adds the pose's.
 */
export function placeShape(shape: Shape, pose: Pose | undefined, s: PoseScratch): Shape {
  if (pose === undefined) return shape;
  return placeKind(shape.kind, shape, pose, rotationOf(pose, s.rot), s);
}

/**
 * `placeShape` by kind. The kind comes apart from the shape: read from the shape in the same
 * function, the kind check lets TurboFan assume every shape map it has seen there, and a field
 * only some kinds have (a circle's radius, a box's angle) is then read as a boxed number.
 */
function placeKind(
  kind: Shape["kind"],
  sh: Shape,
  pose: Pose,
  rot: Rotation,
  s: PoseScratch,
): Shape {
  switch (kind) {
    case "point":
      place(pose, rot, sh as Vec, s.point);
      return s.point;
    case "line": {
      const l = sh as Line;
      place(pose, rot, l.point, s.line.point);
      turn(rot, l.dir, s.line.dir);
      return s.line;
    }
    case "ray": {
      const r = sh as Ray;
      place(pose, rot, r.origin, s.ray.origin);
      turn(rot, r.dir, s.ray.dir);
      return s.ray;
    }
    case "segment": {
      const g = sh as Segment;
      place(pose, rot, g.a, s.segment.a);
      place(pose, rot, g.b, s.segment.b);
      return s.segment;
    }
    case "circle": {
      const c = sh as Circle;
      place(pose, rot, c.center, s.circle.center);
      s.circle.radius = c.radius;
      return s.circle;
    }
    case "capsule": {
      const c = sh as Capsule;
      place(pose, rot, c.a, s.capsule.a);
      place(pose, rot, c.b, s.capsule.b);
      s.capsule.radius = c.radius;
      return s.capsule;
    }
    case "aabb": {
      const a = sh as Aabb;
      if (pose.angle === 0) {
        place(pose, rot, a.min, s.aabb.min);
        place(pose, rot, a.max, s.aabb.max);
        return s.aabb;
      }
      const b = s.box;
      const cx = a.min.x / 2 + a.max.x / 2;
      const cy = a.min.y / 2 + a.max.y / 2;
      b.center.x = rot.c * cx - rot.s * cy + pose.x;
      b.center.y = rot.s * cx + rot.c * cy + pose.y;
      b.halfExtents.x = a.max.x / 2 - a.min.x / 2;
      b.halfExtents.y = a.max.y / 2 - a.min.y / 2;
      b.angle = pose.angle;
      return b;
    }
    case "box": {
      const b = sh as Box;
      place(pose, rot, b.center, s.box.center);
      s.box.halfExtents.x = b.halfExtents.x;
      s.box.halfExtents.y = b.halfExtents.y;
      s.box.angle = b.angle + pose.angle;
      return s.box;
    }
    case "triangle": {
      const t = sh as Triangle;
      place(pose, rot, t.a, s.triangle.a);
      place(pose, rot, t.b, s.triangle.b);
      place(pose, rot, t.c, s.triangle.c);
      return s.triangle;
    }
    case "polygon":
      placeAll(pose, rot, (sh as Polygon).points, s.polygon.points);
      return s.polygon;
    case "polyline": {
      const l = sh as Polyline;
      placeAll(pose, rot, l.points, s.polyline.points);
      s.polyline.closed = l.closed;
      return s.polyline;
    }
  }
}
