/**
 * Engine vectors used as they are: any object with numeric x, y (z) is a collide vector (see
 * docs/guide.md, "Your engine's vectors"). Run: npx tsx examples/interop.ts
 */
import { Vec2 } from "planck";
import { Vector2, Vector3 } from "three";
import { circle, type Segment, testSegmentCircle } from "../src/2d/index.ts";
import { type Line, type Sphere, type SphereLineSweep, sweepSphereLine } from "../src/3d/index.ts";

// A segment made of three.js Vector2 ends, tested against a circle: no copy, no conversion.
const laser: Segment = { a: new Vector2(-5, 1), b: new Vector2(5, 1) };
console.log("three Vector2 segment touches:", testSegmentCircle(laser, circle(0, 0, 1)));

// The same with planck.js Vec2: the segment y = 1.5 passes above the unit circle.
const high: Segment = { a: new Vec2(-5, 1.5), b: new Vec2(5, 1.5) };
console.log("planck Vec2 segment touches:", testSegmentCircle(high, circle(0, 0, 1)));

// 3D: three.js Vector3 for the sphere, the motion, the line and even the `out` object's fields.
const ball: Sphere = { center: new Vector3(0, 5, 0), radius: 1 };
const rail: Line = { point: new Vector3(0, 0, 0), dir: new Vector3(1, 0, 0) };
const out: SphereLineSweep = {
  t: 0,
  center: new Vector3(),
  point: new Vector3(),
  normal: new Vector3(),
  initiallyOverlapping: false,
};
// Falling by 10 from height 5, the unit sphere meets the x axis when its center is at height 1:
// t = (5 - 1) / 10 = 0.4.
sweepSphereLine(ball, new Vector3(0, -10, 0), rail, out);
const c = out.center as Vector3;
console.log("t:", out.t, "center is a Vector3:", c instanceof Vector3, "y:", c.y);
console.log("three methods work on it:", c.clone().add(out.normal as Vector3).y);
