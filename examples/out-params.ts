/**
 * Reusing result objects: pass `out` and nothing is allocated (see docs/guide.md, "Results
 * without allocation"). Run: npx tsx examples/out-params.ts
 */
import {
  circle,
  intersectSegmentCircle,
  makeShapeHit,
  makeSweepHit,
  type SegmentCircleHit,
  segment,
  sweepCircleCircle,
} from "../src/2d/index.ts";

// Make the result object once, with every field present, then reuse it every frame.
const hit: SegmentCircleHit = { t: 0, point: { x: 0, y: 0 }, normal: { x: 0, y: 0 } };
const target = circle(0, 0, 1);

// A laser from (-5, 0) to (5, 0) enters the unit circle at x = -1: t = 4 / 10 = 0.4.
const got = intersectSegmentCircle(segment(-5, 0, 5, 0), target, hit);
console.log("same object:", got === hit, "t:", hit.t, "point:", hit.point.x, hit.point.y);

// A miss returns null and leaves `out` as it was.
const miss = intersectSegmentCircle(segment(-5, 2, 5, 2), target, hit);
console.log("miss:", miss, "out kept t:", hit.t);

// The make* factories build an `out` of the right shape for the generic result types.
const sweepOut = makeSweepHit();
// A unit circle moving from (-5, 0) by (10, 0) meets a unit circle at the origin when the
// centers are 2 apart: center x = -2, t = 3 / 10 = 0.3.
const s = sweepCircleCircle(circle(-5, 0, 1), { x: 10, y: 0 }, target, sweepOut);
console.log("sweep same object:", s === sweepOut, "t:", sweepOut.t.toFixed(9));
console.log("shape hit fields:", Object.keys(makeShapeHit()).join(","));
