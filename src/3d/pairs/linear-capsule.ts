import { castCapsule3, insideHit } from "../query/linear-cast.ts";
import {
  formStartInCapsule,
  formWithinCapsule,
  type LinearForm3,
  lineForm3,
  makeLinearForm3,
  rayForm3,
  segmentOf3,
} from "../query/linear-form.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type { Capsule, Line, Ray, Segment } from "../shapes.ts";

/*
 * Lines, rays and segments against capsules: the linear shape comes within r of the core
 * segment, decided exactly (query/linear-form.ts); a start inside is the exact sign of its
 * distance to the core minus r.
 */

const F: LinearForm3 = makeLinearForm3();

function meets(f: LinearForm3, b: Capsule): boolean {
  return formWithinCapsule(f, b);
}

/** Whether the line meets the closed capsule; exact. */
export function testLineCapsule(a: Line, b: Capsule): boolean {
  return meets(lineForm3(a, F), b);
}

/** Whether the ray meets the closed capsule; exact. */
export function testRayCapsule(a: Ray, b: Capsule): boolean {
  return meets(rayForm3(a, F), b);
}

/** Whether the segment meets the closed capsule; exact (zero-length segments and cores included). */
export function testSegmentCapsule(a: Segment, b: Capsule): boolean {
  return meets(segmentOf3(a, F), b);
}

function intersectForm(f: LinearForm3, b: Capsule, out: ShapeHit | undefined): ShapeHit | null {
  if (!meets(f, b)) return null;
  if (f.lo === 0 && formStartInCapsule(f, b)) return insideHit(f, out ?? makeShapeHit());
  return castCapsule3(f, b, out ?? makeShapeHit());
}

/**
 * Where the line enters the capsule (smallest t, possibly negative) with the outward normal
 * there, or null; never `inside`.
 * @see Ericson, Real-Time Collision Detection, §5.3.7 (ray against cylinder and caps).
 */
export function intersectLineCapsule(a: Line, b: Capsule, out?: ShapeHit): ShapeHit | null {
  return intersectForm(lineForm3(a, F), b, out);
}

/** Where the ray enters the capsule (t >= 0) with the outward normal, or null; a start inside gives t = 0, `inside`. */
export function intersectRayCapsule(a: Ray, b: Capsule, out?: ShapeHit): ShapeHit | null {
  return intersectForm(rayForm3(a, F), b, out);
}

/** Where the segment enters the capsule (t in [0, 1]) with the outward normal, or null; a start inside gives t = 0, `inside`. */
export function intersectSegmentCapsule(a: Segment, b: Capsule, out?: ShapeHit): ShapeHit | null {
  return intersectForm(segmentOf3(a, F), b, out);
}
