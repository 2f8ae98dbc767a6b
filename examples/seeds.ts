/**
 * The five seed queries of README.md and README.ja.md, with what they return.
 * Run: npx tsx examples/seeds.ts
 */
import {
  circle,
  contactTriangleTriangle,
  intersectLineRay,
  intersectSegmentCircle,
  intersectSegmentSegment,
  line,
  ray,
  segment,
  testTriangleTriangle,
  triangle,
} from "../src/2d/index.ts";
import { line as line3, sphere, sweepSphereLine } from "../src/3d/index.ts";

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? Number(x.toPrecision(6)) : x));

// Segment vs segment: the diagonals of the square [0, 2]² cross at their midpoints.
console.log(show(intersectSegmentSegment(segment(0, 0, 2, 2), segment(0, 2, 2, 0))));

// Line vs ray: from (0, 5) along (1, -1), y = 5 - t reaches 0 at t = 5.
console.log(show(intersectLineRay(line(0, 0, 1, 0), ray(0, 5, 1, -1))));

// Triangle vs triangle: the second is the first moved by (1, 1); pushing it out along the
// hypotenuse normal (1, 1)/√2 takes (4 - 2) / √2 = √2.
const t1 = triangle(0, 0, 4, 0, 0, 4);
const t2 = triangle(1, 1, 5, 1, 1, 5);
console.log(testTriangleTriangle(t1, t2));
const c = contactTriangleTriangle(t1, t2);
console.log(show(c?.normal), show(c?.depth));

// Segment vs circle: from x = -5 to 5, the unit circle is entered at x = -1, t = 4 / 10.
console.log(show(intersectSegmentCircle(segment(-5, 0, 5, 0), circle(0, 0, 1))));

// A unit sphere falling by 10 from height 5 meets the x axis when its center is at height 1:
// t = 4 / 10.
console.log(
  show(sweepSphereLine(sphere(0, 5, 0, 1), { x: 0, y: -10, z: 0 }, line3(0, 0, 0, 1, 0, 0))),
);
