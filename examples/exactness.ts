/**
 * Three inputs where the obvious float test answers wrong and collide answers right
 * (see docs/guide.md, "Closed sets and exact answers"). Run: npx tsx examples/exactness.ts
 */
import {
  circle,
  line,
  point,
  testPointCircle,
  testPointLine,
  testPointTriangle,
  triangle,
} from "../src/2d/index.ts";

// 1. Is (0.2, 1.8) on the line x + y = 2? The doubles nearest 0.2 and 1.8 sum to 2 + 2^-54
//    exactly, which rounds to 2, so the float test says yes. The line is given by the point
//    (0, 2) and the direction (1, -1).
const px = 0.2;
const py = 1.8;
console.log("on the line, float:", px + py === 2);
console.log("on the line, collide:", testPointLine(point(px, py), line(0, 2, 1, -1)));

// 2. Is (0.3, 0.4) in the disk of radius 0.5 around the origin? In doubles
//    0.3² + 0.4² rounds to exactly 0.25, but the exact squares add up to 0.25 + about 1.1e-17.
const qx = 0.3;
const qy = 0.4;
console.log("in the disk, float:", qx * qx + qy * qy <= 0.5 * 0.5);
console.log("in the disk, collide:", testPointCircle(point(qx, qy), circle(0, 0, 0.5)));

// 3. A sliver triangle squashed flat onto x + y = 2 (corners (0, 2), (2, 0), (1, 1)): it is the
//    segment between (0, 2) and (2, 0). The usual sign test (no edge sees the point strictly on
//    the other side from another edge) puts (0.2, 1.8) inside; exactly, it lies 2^-54 off the line.
function floatInTriangle(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): boolean {
  const d1 = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  const d2 = (cx - bx) * (y - by) - (cy - by) * (x - bx);
  const d3 = (ax - cx) * (y - cy) - (ay - cy) * (x - cx);
  const hasNeg = d1 < 0 || d2 < 0 || d3 < 0;
  const hasPos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(hasNeg && hasPos);
}
console.log("in the sliver, float:", floatInTriangle(px, py, 0, 2, 2, 0, 1, 1));
console.log(
  "in the sliver, collide:",
  testPointTriangle(point(px, py), triangle(0, 2, 2, 0, 1, 1)),
);
