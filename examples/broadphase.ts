/**
 * A broadphase with the dynamic AABB tree, then exact narrowphase tests on its candidate pairs
 * (see docs/guide.md, "Many shapes: the broadphase"). Run: npx tsx examples/broadphase.ts
 */
import {
  AabbTree,
  aabbOf,
  circle,
  intersectRayCircle,
  ray,
  testCircleCircle,
} from "../src/2d/index.ts";

// Five unit circles. Two touch when their centers are at most 2 apart: 0-1 (1.5 apart) and 3-4
// (1.9 apart) do. The boxes of 0 and 2 overlap ([-1, 1]² and [-2.8, -0.8] x [0.8, 2.8]), but
// their centers are 1.8·√2 ≈ 2.55 apart: a candidate pair that does not touch.
const balls = [
  circle(0, 0, 1),
  circle(1.5, 0, 1),
  circle(-1.8, 1.8, 1),
  circle(10, 0, 1),
  circle(11.9, 0, 1),
];
const tree = new AabbTree({ margin: 0.1 });
// The tree stores boxes and a number per proxy: here the index into `balls`.
const ids = balls.map((b, i) => tree.createProxy(aabbOf(b), i));

// Candidate pairs: the boxes (not fattened) overlap. Boxes are coarser than circles, so every
// candidate still goes through the exact test.
const candidates: string[] = [];
const touching: string[] = [];
tree.queryTightPairs((p, q) => {
  const i = tree.getUserData(p);
  const j = tree.getUserData(q);
  const [lo, hi] = i < j ? [i, j] : [j, i];
  candidates.push(`${lo}-${hi}`);
  if (testCircleCircle(balls[lo]!, balls[hi]!)) touching.push(`${lo}-${hi}`);
});
console.log("candidates:", candidates.sort().join(" "));
console.log("touching:", touching.sort().join(" "));

// Move ball 4 from 11.9 to 14 (by 2.1): it leaves its fat box, so the tree changes.
const moved = circle(14, 0, 1);
balls[4] = moved;
console.log("tree changed:", tree.move(ids[4]!, aabbOf(moved), { x: 2.1, y: 0 }));

// Which fat boxes does the box [9, 9.5] x [-1, 1] touch? Only ball 3's (x in [8.9, 11.1]).
const found: number[] = [];
tree.query(9, -1, 9.5, 1, (id) => {
  found.push(tree.getUserData(id));
  return true;
});
console.log("query:", found.join(" "));

// The nearest circle on a ray: the tree reports proxies whose fat boxes the ray reaches; the
// callback runs the exact query and returns its t, which clips the rest of the search to [0, t].
const beam = ray(-5, 0, 1, 0);
let nearest = -1;
let nearestT = Number.POSITIVE_INFINITY;
tree.raycast(beam.origin.x, beam.origin.y, beam.dir.x, beam.dir.y, 100, (id) => {
  const i = tree.getUserData(id);
  const hit = intersectRayCircle(beam, balls[i]!);
  if (hit === null) return -1; // ignore this proxy, go on
  if (hit.t < nearestT) {
    nearestT = hit.t;
    nearest = i;
  }
  return hit.t; // nothing beyond t can be nearer
});
// Ball 0 spans x in [-1, 1] on the axis: the ray enters it at x = -1, t = 4.
console.log("nearest on the ray:", nearest, "t:", nearestT);
