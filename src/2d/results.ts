import type { Vec } from "./shapes.ts";

/*
 * Result objects shared by many 2D queries. Every field is always present, so engines that reuse
 * one `out` object keep it monomorphic.
 */

/** One point of a contact manifold. */
export interface ContactPoint {
  /** Midway between the two surfaces along the contact normal. */
  point: Vec;
  /** Penetration at this point, >= 0. */
  depth: number;
}

/** The penetration of two solids. */
export interface Contact {
  /** Unit normal from A to B: moving B by normal * depth makes them touch only. */
  normal: Vec;
  /** The minimum translation distance, >= 0. */
  depth: number;
  /** Contact points; the first `count` (1 or 2) are valid, the rest keep stale values. */
  points: [ContactPoint, ContactPoint];
  /** How many of `points` are valid: 1 or 2. */
  count: number;
  /** A lies entirely inside B (exact). */
  aInB: boolean;
  /** B lies entirely inside A (exact). */
  bInA: boolean;
}

/** The closest points of two shapes. */
export interface ClosestPoints {
  /** The point of A nearest B (a shared point when they overlap). */
  pointA: Vec;
  /** The point of B nearest A. */
  pointB: Vec;
  /** The distance between them, 0 when the shapes overlap. */
  distance: number;
}

/** Where a line, ray or segment first meets a shape. */
export interface ShapeHit {
  /** Parameter along the line, ray or segment (in units of its direction; 0 to 1 on a segment). */
  t: number;
  /** The point hit: start + t dir. */
  point: Vec;
  /** Unit outward normal of the shape at `point`, facing back along the cast. */
  normal: Vec;
  /** The start lies inside a solid (then t = 0 and `normal` is the cast reversed). */
  inside: boolean;
}

/** The first time of impact of a moving shape against a static one. */
export interface SweepHit {
  /** First time of contact in [0, 1]; 0 when initially overlapping. */
  t: number;
  /**
   * The mover's reference point at time t: the center of a circle or box, `a` of a capsule,
   * `min` of an aabb, the first point of a polygon, or the pose's position for a posed shape.
   */
  position: Vec;
  /** A point of contact at time t, on the static shape's surface. */
  point: Vec;
  /** Unit outward normal of the static shape at `point`, facing the mover. */
  normal: Vec;
  /** The shapes touch or overlap at t = 0. */
  initiallyOverlapping: boolean;
}

/** Makes a `Contact` with every field present. */
export function makeContact(): Contact {
  return {
    normal: { x: 1, y: 0 },
    depth: 0,
    points: [
      { point: { x: 0, y: 0 }, depth: 0 },
      { point: { x: 0, y: 0 }, depth: 0 },
    ],
    count: 1,
    aInB: false,
    bInA: false,
  };
}

/** Makes a `ClosestPoints` with every field present. */
export function makeClosestPoints(): ClosestPoints {
  return { pointA: { x: 0, y: 0 }, pointB: { x: 0, y: 0 }, distance: 0 };
}

/** Makes a `ShapeHit` with every field present. */
export function makeShapeHit(): ShapeHit {
  return { t: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 }, inside: false };
}

/** Makes a `SweepHit` with every field present. */
export function makeSweepHit(): SweepHit {
  return {
    t: 0,
    position: { x: 0, y: 0 },
    point: { x: 0, y: 0 },
    normal: { x: 1, y: 0 },
    initiallyOverlapping: false,
  };
}
