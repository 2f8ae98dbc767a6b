import type { Shape } from "./bounds.ts";
import { type Pose, type Rotation, rotationOf } from "./pose.ts";
import type { Vec } from "./shapes.ts";

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
  const rot = rotationOf(pose, s.rot);
  switch (shape.kind) {
    case "point":
      place(pose, rot, shape, s.point);
      return s.point;
    case "line":
      place(pose, rot, shape.point, s.line.point);
      turn(rot, shape.dir, s.line.dir);
      return s.line;
    case "ray":
      place(pose, rot, shape.origin, s.ray.origin);
      turn(rot, shape.dir, s.ray.dir);
      return s.ray;
    case "segment":
      place(pose, rot, shape.a, s.segment.a);
      place(pose, rot, shape.b, s.segment.b);
      return s.segment;
    case "circle":
      place(pose, rot, shape.center, s.circle.center);
      s.circle.radius = shape.radius;
      return s.circle;
    case "capsule":
      place(pose, rot, shape.a, s.capsule.a);
      place(pose, rot, shape.b, s.capsule.b);
      s.capsule.radius = shape.radius;
      return s.capsule;
    case "aabb": {
      if (pose.angle === 0) {
        place(pose, rot, shape.min, s.aabb.min);
        place(pose, rot, shape.max, s.aabb.max);
        return s.aabb;
      }
      const b = s.box;
      const cx = shape.min.x / 2 + shape.max.x / 2;
      const cy = shape.min.y / 2 + shape.max.y / 2;
      b.center.x = rot.c * cx - rot.s * cy + pose.x;
      b.center.y = rot.s * cx + rot.c * cy + pose.y;
      b.halfExtents.x = shape.max.x / 2 - shape.min.x / 2;
      b.halfExtents.y = shape.max.y / 2 - shape.min.y / 2;
      b.angle = pose.angle;
      return b;
    }
    case "box":
      place(pose, rot, shape.center, s.box.center);
      s.box.halfExtents.x = shape.halfExtents.x;
      s.box.halfExtents.y = shape.halfExtents.y;
      s.box.angle = shape.angle + pose.angle;
      return s.box;
    case "triangle":
      place(pose, rot, shape.a, s.triangle.a);
      place(pose, rot, shape.b, s.triangle.b);
      place(pose, rot, shape.c, s.triangle.c);
      return s.triangle;
    case "polygon":
      placeAll(pose, rot, shape.points, s.polygon.points);
      return s.polygon;
    case "polyline":
      placeAll(pose, rot, shape.points, s.polyline.points);
      s.polyline.closed = shape.closed;
      return s.polyline;
  }
}
