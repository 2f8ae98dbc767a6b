/**
 * The seed articles' functions (float ports in bench/articles.ts) next to collide's calls, on the
 * cases where they answer differently (see docs/from-the-articles.md).
 * Run: npx tsx examples/articles.ts
 */
import * as art from "../bench/articles.ts";
import * as c2 from "../src/2d/index.ts";
import * as c3 from "../src/3d/index.ts";

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? Number(x.toPrecision(12)) : x));

// ColSegments: collinear segments sharing [2, 6] on the x axis.
const s1 = c2.segment(0, 0, 8, 0);
const s2 = c2.segment(2, 0, 6, 0);
console.log("collinear, article:", art.colSegments(s1.a, s1.b, s2.a, s2.b));
console.log("collinear, collide:", show(c2.intersectSegmentSegment(s1, s2)));

// ColSegments: a 5-unit gap past the end of a segment 1e6 long; t1 = 1.000005 passes 1 + 1e-5.
const long = c2.segment(0, 0, 1e6, 0);
const post = c2.segment(1e6 + 5, -1, 1e6 + 5, 1);
console.log("gap, article:", art.colSegments(long.a, long.b, post.a, post.b));
console.log("gap, collide:", c2.intersectSegmentSegment(long, post));

// intercect (line vs ray): a ray lying on the line, and a ray that meets it 1e9 units away.
const ground = c2.line(0, 0, 1, 0);
const lying = c2.ray(2, 0, -1, 0);
console.log(
  "on the line, article:",
  art.intersectLineRayArticle(ground.point, ground.dir, lying.origin, lying.dir),
);
console.log("on the line, collide:", show(c2.intersectLineRay(ground, lying)));
const shallow = c2.ray(0, 1, 1, -1e-9);
console.log(
  "shallow, article:",
  art.intersectLineRayArticle(ground.point, ground.dir, shallow.origin, shallow.dir),
);
console.log("shallow, collide t:", c2.intersectLineRay(ground, shallow)?.t.toPrecision(12));

// colTriangleTriangle2D: two flat triangles on the x axis, 3 apart; and a triangle with a
// repeated corner lying inside another.
const flatA = c2.triangle(0, 0, 1, 0, 2, 0);
const flatB = c2.triangle(5, 0, 6, 0, 7, 0);
console.log("flat apart, article:", art.colTriangleTriangle(flatA, flatB));
console.log("flat apart, collide:", c2.testTriangleTriangle(flatA, flatB));
const pinched = c2.triangle(1, 1, 1, 1, 2, 1);
const big = c2.triangle(0, 0, 4, 0, 0, 4);
console.log("repeated corner, article:", art.colTriangleTriangle(pinched, big));
console.log("repeated corner, collide:", c2.testTriangleTriangle(pinched, big));

// Segment vs circle: a tangent laser, and a zero-length laser inside the circle.
const target = c2.circle(0, 0, 1);
const tangent = c2.segment(-5, 1, 5, 1);
console.log("tangent, article:", art.segmentCircleArticle(tangent.a, tangent.b, target.center, 1));
console.log("tangent, collide:", show(c2.intersectSegmentCircle(tangent, target)));
const dot = c2.segment(0.5, 0, 0.5, 0);
console.log("zero length, article:", art.segmentCircleArticle(dot.a, dot.b, target.center, 1));
console.log("zero length, collide:", show(c2.intersectSegmentCircle(dot, target)));

// CalcSphereLineCollision: already overlapping (moving across, then moving along the line), and
// a slow sphere that truly reaches the line.
const xAxis = c3.line(0, 0, 0, 1, 0, 0);
const sweepArt = (c: c3.Vec, m: c3.Vec): string => {
  const end = { x: c.x + m.x, y: c.y + m.y, z: c.z + m.z };
  const hit = art.calcSphereLineCollision(1, c, end, xAxis.point, xAxis.dir);
  return `${hit} t=${art.sphereOut.t}`;
};
const inside = c3.sphere(0, 0.5, 0, 1);
const down = { x: 0, y: -10, z: 0 };
const along = { x: 10, y: 0, z: 0 };
console.log("overlap moving across, article:", sweepArt(inside.center, down));
console.log("overlap moving along, article:", sweepArt(inside.center, along));
console.log("overlap, collide:", show(c3.sweepSphereLine(inside, along, xAxis)));
const slow = c3.sphere(0, 1.0005, 0, 1);
const creep = { x: 0, y: -0.001, z: 0 };
console.log("slow, article:", sweepArt(slow.center, creep));
console.log("slow, collide t:", c3.sweepSphereLine(slow, creep, xAxis)?.t.toFixed(6));
