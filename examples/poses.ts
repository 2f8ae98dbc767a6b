/**
 * Tagged shapes, poses and the generic dispatcher (see docs/guide.md, "Poses and the generic
 * functions"). Run: npx tsx examples/poses.ts
 */
import { aabb, box, circle, contact, distance, type Pose, polygon, test } from "../src/2d/index.ts";

// A crate in its own frame: the square [-1, 1] x [-1, 1].
const crate = polygon([
  { x: -1, y: -1 },
  { x: 1, y: -1 },
  { x: 1, y: 1 },
  { x: -1, y: 1 },
]);
const ball = circle(0, 0, 0.5);

// Where the bodies are this frame. The crate's points are never rewritten.
const cratePose: Pose = { x: 10, y: 0, angle: 0 };
const ballPose: Pose = { x: 11.25, y: 0, angle: 0 };

// The ball's center is 1.25 from the crate's center: 0.25 beyond the face x = 11, so the ball
// (radius 0.5) reaches 0.25 into the crate.
console.log("test:", test(crate, ball, cratePose, ballPose));
console.log("either order:", test(ball, crate, ballPose, cratePose));

// Turned by 45 degrees the crate's corner reaches sqrt(2) ≈ 1.414 from its center, so a ball
// whose center is 2.2 away is 2.2 - 1.414 - 0.5 ≈ 0.286 from it.
const turned: Pose = { x: 10, y: 0, angle: Math.PI / 4 };
console.log(
  "turned distance:",
  distance(crate, ball, turned, { x: 12.2, y: 0, angle: 0 }).toFixed(6),
);

// contact gives the normal from the first argument to the second: swapping them flips it.
const c1 = contact(crate, ball, cratePose, ballPose);
const c2 = contact(ball, crate, ballPose, cratePose);
console.log("crate->ball normal:", JSON.stringify(c1?.normal), "depth:", c1?.depth);
console.log("ball->crate normal:", JSON.stringify(c2?.normal), "depth:", c2?.depth);

// An aabb under a turning pose becomes an oriented box; both describe the same square here.
const sq = aabb(-1, -1, 1, 1);
const rot = box(0, 0, 1, 1, Math.PI / 4);
console.log(
  "aabb turned vs box:",
  distance(sq, ball, turned, ballPose) === distance(rot, ball, { x: 10, y: 0, angle: 0 }, ballPose),
);
