/**
 * `npm run demo`: each seed article's scenario with collide's answers, and the cases where the
 * article's float version (bench/articles.ts) answers differently.
 */
import * as art from "../bench/articles.ts";
import * as c2 from "../src/2d/index.ts";
import * as c3 from "../src/3d/index.ts";

const fmt = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? Number(x.toPrecision(12)) : x)).replace(
    /"/g,
    "",
  );

function title(s: string): void {
  console.log(`\n== ${s} ==`);
}

title("1. Segment vs segment (t1, t2 and the point)");
const crossA = c2.segment(0, 0, 10, 5);
const crossB = c2.segment(0, 5, 10, 0);
console.log("crossing:          ", fmt(c2.intersectSegmentSegment(crossA, crossB)));
console.log(
  "touching ends:     ",
  fmt(c2.intersectSegmentSegment(c2.segment(0, 0, 4, 4), c2.segment(4, 4, 8, 0))),
);
const over1 = c2.segment(0, 0, 8, 0);
const over2 = c2.segment(6, 0, 2, 0);
console.log("collinear overlap: ", fmt(c2.intersectSegmentSegment(over1, over2)));
console.log(
  "  the article says:",
  art.colSegments(over1.a, over1.b, over2.a, over2.b),
  "(parallel is always a miss there)",
);
const long = c2.segment(0, 0, 1e6, 0);
const gap = c2.segment(1e6 + 5, -1, 1e6 + 5, 1);
console.log("5-unit gap at 1e6: ", fmt(c2.intersectSegmentSegment(long, gap)));
console.log(
  "  the article says:",
  art.colSegments(long.a, long.b, gap.a, gap.b),
  "(its 1e-5 tolerance on t is 10 units here)",
);

title("2. A ray swinging across a line");
const ground = c2.line(0, 0, 1, 0);
for (const deg of [-135, -90, -45, 0, 45, 180]) {
  const a = (deg * Math.PI) / 180;
  const r = c2.ray(0, 3, Math.cos(a), Math.sin(a));
  console.log(`ray at ${String(deg).padStart(4)} deg:`, fmt(c2.intersectLineRay(ground, r)));
}
console.log("ray lying on it:   ", fmt(c2.intersectLineRay(ground, c2.ray(2, 0, -1, 0))));
const onLine = c2.line(0, 2, 1, -1);
const trap = c2.ray(0.2, 1.8, 1, 1);
console.log(
  "(0.2, 1.8) vs x + y = 2, ray going up:",
  fmt(c2.intersectLineRay(onLine, trap)),
  "(0.2 + 1.8 rounds to 2; exactly it is 2 + 2^-54)",
);

title("3. Two triangles (separating axes)");
const t1 = c2.triangle(0, 0, 4, 0, 0, 4);
for (const [name, t] of [
  ["overlapping", c2.triangle(1, 1, 5, 1, 1, 5)],
  ["separated", c2.triangle(3, 3, 6, 3, 3, 6)],
  ["touching at (2, 2)", c2.triangle(2, 2, 5, 5, 2, 5)],
] as const) {
  console.log(
    `${name.padEnd(19)}`,
    c2.testTriangleTriangle(t1, t),
    fmt(c2.contactTriangleTriangle(t1, t)),
  );
}
console.log(
  "bounding circle of an obtuse triangle:",
  fmt(c2.boundingCircle(c2.triangle(0, 0, 4, 0, 2, 1))),
  "(the circumcircle has radius 2.5)",
);

title("4. A laser against a round target");
const target = c2.circle(0, 0, 1);
for (const [name, laser] of [
  ["hit", c2.segment(-5, 0, 5, 0)],
  ["miss", c2.segment(-5, 2, 5, 2)],
  ["tangent", c2.segment(-5, 1, 5, 1)],
  ["start inside", c2.segment(0.5, 0, 5, 0)],
] as const) {
  console.log(`${name.padEnd(13)}`, fmt(c2.intersectSegmentCircle(laser, target)));
}
const tangent = c2.segment(-5, 1, 5, 1);
console.log(
  "  the article on the tangent laser:",
  art.segmentCircleArticle(tangent.a, tangent.b, target.center, 1),
  "(strict < misses the touch)",
);

title("5. A sphere moving past a line (time and place of impact)");
const xAxis = c3.line(0, 0, 0, 1, 0, 0);
const fall = { x: 0, y: -10, z: 0 };
for (const [name, s] of [
  ["falling onto it", c3.sphere(0, 5, 0, 1)],
  ["passing beside", c3.sphere(0, 5, 2, 1)],
  ["grazing", c3.sphere(0, 5, 1, 1)],
  ["already overlapping", c3.sphere(0, 0.5, 0, 1)],
] as const) {
  console.log(`${name.padEnd(20)}`, fmt(c3.sweepSphereLine(s, fall, xAxis)));
}
const start = { x: 0, y: 0.5, z: 0 };
const origin = { x: 0, y: 0, z: 0 };
const along = { x: 1, y: 0, z: 0 };
art.calcSphereLineCollision(1, start, { x: 0, y: 0.5 - 10, z: 0 }, origin, along);
console.log(
  "  the article on the overlapping sphere, moving: t =",
  art.sphereOut.t,
  "(before the move starts)",
);
art.calcSphereLineCollision(1, start, start, origin, along);
console.log("  the article on the overlapping sphere, still:  t =", art.sphereOut.t, "(FLT_MAX)");
console.log("  collide for both: t = 0, initiallyOverlapping: true");
