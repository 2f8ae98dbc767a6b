import type { Vec } from "./shapes.ts";

/**
 * Where a body is: its local shape is rotated by `angle` radians counter-clockwise about the local
 * origin, then moved by (x, y). The angle goes through Math.cos and Math.sin once per query, and
 * exact tests are exact for the shape with those transformed coordinates.
 */
export interface Pose {
  x: number;
  y: number;
  angle: number;
}

/** The pose that leaves a shape where it is. */
export const IDENTITY: Readonly<Pose> = Object.freeze({ x: 0, y: 0, angle: 0 });

/** Cosine and sine of a pose's angle, computed once and reused for every point. */
export interface Rotation {
  c: number;
  s: number;
}

/** Fills `out` with the rotation of `pose`. An angle of 0 gives exactly (1, 0). */
export function rotationOf(pose: Pose, out: Rotation): Rotation {
  out.c = Math.cos(pose.angle);
  out.s = Math.sin(pose.angle);
  return out;
}

/** Writes pose applied to the local point (x, y) into `out`. */
export function transformPoint(pose: Pose, rot: Rotation, x: number, y: number, out: Vec): Vec {
  out.x = rot.c * x - rot.s * y + pose.x;
  out.y = rot.s * x + rot.c * y + pose.y;
  return out;
}

/** Writes the local direction (x, y) rotated by the pose into `out` (no translation). */
export function rotateVector(rot: Rotation, x: number, y: number, out: Vec): Vec {
  out.x = rot.c * x - rot.s * y;
  out.y = rot.s * x + rot.c * y;
  return out;
}
