import type { Vec } from "./shapes.ts";

/*
 * Result objects shared by the 3D queries. Every field is always present, so code that reuses
 * one `out` object keeps it monomorphic.
 */

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

/** Where a line, ray or segment first meets a triangle mesh. */
export interface MeshHit extends ShapeHit {
  /** Index of the triangle hit (its corners are indices[3i], [3i + 1], [3i + 2]). */
  triangle: number;
  /** Barycentric weight of the triangle's second corner at `point`. */
  u: number;
  /** Barycentric weight of the triangle's third corner at `point` (the first has 1 - u - v). */
  v: number;
}

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
  /** Contact points; the first `count` (1 to 4) are valid, the rest keep stale values. */
  points: [ContactPoint, ContactPoint, ContactPoint, ContactPoint];
  /** How many of `points` are valid: 1 to 4. */
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

/** The first time of impact of a moving shape against a static one. */
export interface SweepHit {
  /** First time of contact in [0, 1]; 0 when initially overlapping. */
  t: number;
  /** The mover's reference point at time t (the center of a sphere or box, `a` of a capsule). */
  position: Vec;
  /** A point of contact at time t, on the static shape's surface. */
  point: Vec;
  /** Unit outward normal of the static shape at `point`, facing the mover. */
  normal: Vec;
  /** The shapes touch or overlap at t = 0. */
  initiallyOverlapping: boolean;
}

/*
 * Result objects come from classes, not object literals: V8 gives every literal with the same keys
 * in one process the same hidden class, so one `{ x: null, y, z }` or `{ t: "a", b, c, d }`
 * anywhere (a user's, a library's) turns that field to "tagged" for ours too, and then every double
 * a query stores into it is a fresh heap number (16 bytes per field per hit: the 15 bytes per
 * intersectRayTriangle call of the full benchmark). A class's instances have their own.
 */
// (Fields start as numbers: a declared field without a value starts undefined, which is tagged.)
class Vec3 implements Vec {
  x = 0;
  y = 0;
  z = 0;
}

/** Makes a zero vector of this module's own hidden class, for scratch that queries write into. */
export function makeVec3(): Vec {
  return new Vec3();
}

const v0 = makeVec3;
const xAxis = (): Vec => {
  const v = new Vec3();
  v.x = 1;
  return v;
};

class Hit implements ShapeHit {
  t = 0;
  point: Vec = v0();
  normal: Vec = xAxis();
  inside = false;
}

class MeshHitRecord extends Hit implements MeshHit {
  triangle = 0;
  u = 0;
  v = 0;
}

/** Makes a `ShapeHit` with every field present. */
export function makeShapeHit(): ShapeHit {
  return new Hit();
}

/** Makes a `MeshHit` with every field present. */
export function makeMeshHit(): MeshHit {
  return new MeshHitRecord();
}

/** Makes a `Contact` with every field present. */
export function makeContact(): Contact {
  return {
    normal: xAxis(),
    depth: 0,
    points: [
      { point: v0(), depth: 0 },
      { point: v0(), depth: 0 },
      { point: v0(), depth: 0 },
      { point: v0(), depth: 0 },
    ],
    count: 1,
    aInB: false,
    bInA: false,
  };
}

/** Makes a `ClosestPoints` with every field present. */
export function makeClosestPoints(): ClosestPoints {
  return { pointA: v0(), pointB: v0(), distance: 0 };
}

// A class, as Hit: a foreign `{ t: "a", position, point, normal, initiallyOverlapping }` (the 2D
// sweep hit has these keys) made the sphere sweeps box t, 16 bytes per hit, in the full suite.
class SweepRecord implements SweepHit {
  t = 0;
  position: Vec = v0();
  point: Vec = v0();
  normal: Vec = xAxis();
  initiallyOverlapping = false;
}

/** Makes a `SweepHit` with every field present. */
export function makeSweepHit(): SweepHit {
  return new SweepRecord();
}

/** The first time of impact of a moving shape against a triangle mesh. */
export interface MeshSweepHit extends SweepHit {
  /** Index of the triangle hit (its corners are indices[3i], [3i + 1], [3i + 2]). */
  triangle: number;
}

class MeshSweepRecord extends SweepRecord implements MeshSweepHit {
  triangle = 0;
}

/** Makes a `MeshSweepHit` with every field present. */
export function makeMeshSweepHit(): MeshSweepHit {
  return new MeshSweepRecord();
}
