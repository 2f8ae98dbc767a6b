import { dot3Sign, pointDistanceSign3 } from "../../exact/distance3.ts";
import { castSphere3, insideHit } from "../query/linear-cast.ts";
import {
  formPointSign,
  type LinearForm3,
  lineForm3,
  makeLinearForm3,
  rayForm3,
  segmentOf3,
} from "../query/linear-form.ts";
import { makeShapeHit, type ShapeHit } from "../results.ts";
import type { Line, Ray, Segment, Sphere } from "../shapes.ts";
import { testLineSphere } from "./line-sphere.ts";

/*
 * Lines, rays and segments against spheres (closed balls). Hit-or-miss is the exact sign of the
 * distance from the center to the linear shape minus the radius; a ray's or segment's start
 * inside is the exact sign of |start - center|^2 - r^2.
 */

const F: LinearForm3 = makeLinearForm3();
const LINE: Line = { point: { x: 0, y: 0, z: 0 }, dir: { x: 1, y: 0, z: 0 } };

/**
 * Whether the ray meets the ball; exact. The ray's point nearest the center is its origin when
 * the center is behind it, else the foot on its line.
 * @see Ericson, Real-Time Collision Detection, §5.3.2.
 */
export function testRaySphere(a: Ray, b: Sphere): boolean {
  const o = a.origin;
  const d = a.dir;
  const c = b.center;
  if (dot3Sign(c.x, c.y, c.z, o.x, o.y, o.z, d.x, d.y, d.z, 0, 0, 0) <= 0) {
    return pointDistanceSign3(c.x, c.y, c.z, o.x, o.y, o.z, b.radius) <= 0;
  }
  LINE.point = o;
  LINE.dir = d;
  return testLineSphere(LINE, b);
}

/** Whether the segment meets the ball; exact (a zero-length segment is a point). */
export function testSegmentSphere(a: Segment, b: Sphere): boolean {
  const c = b.center;
  return formPointSign(segmentOf3(a, F), c.x, c.y, c.z, b.radius) <= 0;
}

/**
 * Where the line first enters the ball (the smaller root, possibly at negative t), with the
 * outward normal there, or null; a line has no start, so never `inside`.
 * @see Press et al., Numerical Recipes, §5.6 (the root without cancellation).
 */
export function intersectLineSphere(a: Line, b: Sphere, out?: ShapeHit): ShapeHit | null {
  if (!testLineSphere(a, b)) return null;
  const c = b.center;
  return castSphere3(lineForm3(a, F), c.x, c.y, c.z, b.radius, out ?? makeShapeHit());
}

/**
 * Where the ray first enters the ball (t >= 0, in units of its direction), with the outward
 * normal facing back along the ray, or null; an origin inside gives t = 0 and `inside`.
 */
export function intersectRaySphere(a: Ray, b: Sphere, out?: ShapeHit): ShapeHit | null {
  if (!testRaySphere(a, b)) return null;
  const c = b.center;
  const o = a.origin;
  const f = rayForm3(a, F);
  if (pointDistanceSign3(o.x, o.y, o.z, c.x, c.y, c.z, b.radius) <= 0) {
    return insideHit(f, out ?? makeShapeHit());
  }
  return castSphere3(f, c.x, c.y, c.z, b.radius, out ?? makeShapeHit());
}

/**
 * Where the segment first enters the ball (t in [0, 1]), with the outward normal facing back
 * along it, or null; a start inside gives t = 0 and `inside`.
 */
export function intersectSegmentSphere(a: Segment, b: Sphere, out?: ShapeHit): ShapeHit | null {
  if (!testSegmentSphere(a, b)) return null;
  const c = b.center;
  const s = a.a;
  const f = segmentOf3(a, F);
  if (pointDistanceSign3(s.x, s.y, s.z, c.x, c.y, c.z, b.radius) <= 0) {
    return insideHit(f, out ?? makeShapeHit());
  }
  return castSphere3(f, c.x, c.y, c.z, b.radius, out ?? makeShapeHit());
}
