/**
 * The five verbs on small scenes whose answers can be worked out by hand (see docs/guide.md).
 * Run: npx tsx examples/queries.ts
 */
import {
  aabb,
  circle,
  closestPointsCircleCircle,
  contactCircleCircle,
  distanceCircleCircle,
  intersectRayCircle,
  ray,
  sweepCircleAabb,
  testCircleCircle,
} from "../src/2d/index.ts";

const show = (v: unknown): string => JSON.stringify(v);

// test: two unit circles whose centers are 2 apart touch at (1, 0); touching is a hit.
console.log("test", testCircleCircle(circle(0, 0, 1), circle(2, 0, 1)));

// intersect: a ray from (-5, 0) along +x enters the unit circle at x = -1, 4 units along.
console.log("intersect", show(intersectRayCircle(ray(-5, 0, 1, 0), circle(0, 0, 1))));

// contact: centers 1.5 apart, radii 1 + 1: they overlap by 0.5 along +x (from A to B).
// The manifold point lies midway between the two surfaces: (1 + 0.5) / 2 = 0.75.
const c = contactCircleCircle(circle(0, 0, 1), circle(1.5, 0, 1));
console.log("contact", show(c?.normal), c?.depth, "points:", c?.count, show(c?.points[0]));

// closestPoints and distance: centers 4 apart, so the surfaces are 4 - 1 - 1 = 2 apart.
console.log("closest", show(closestPointsCircleCircle(circle(0, 0, 1), circle(4, 0, 1))));
console.log("distance", distanceCircleCircle(circle(0, 0, 1), circle(4, 0, 1)));

// sweep: a unit circle moving from x = -5 to x = 5 meets the box's face x = 2 when its
// center reaches x = 1: t = (1 - (-5)) / 10 = 0.6.
const wall = aabb(2, -1, 3, 1);
const hit = sweepCircleAabb(circle(-5, 0, 1), { x: 10, y: 0 }, wall);
// The reported time is never after the exact first touch and at most a hair (about 1e-13 of the
// scene's size) before it, so it prints as 0.6 to nine places.
console.log("sweep t", hit?.t.toFixed(9), "never late:", hit !== null && hit.t <= 0.6);
console.log("sweep normal", show(hit?.normal), "overlapping at start:", hit?.initiallyOverlapping);
// Moving the other way it never reaches the box.
console.log("sweep away", sweepCircleAabb(circle(-5, 0, 1), { x: -10, y: 0 }, wall));
