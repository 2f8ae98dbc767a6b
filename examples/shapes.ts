/**
 * Making shapes: validating constructors, degenerate shapes, and 3D so far (see docs/guide.md,
 * "Shapes"). Run: npx tsx examples/shapes.ts
 */
import * as c2 from "../src/2d/index.ts";
import * as c3 from "../src/3d/index.ts";

// 2D constructors take numbers and return plain tagged data.
const seg = c2.segment(0, 0, 4, 0);
console.log("segment:", JSON.stringify(seg));

// Directions need not be unit length; parameters are in units of the direction you gave.
// The ray (0, 5) + t·(0, -2) reaches the line y = 0 at t = 2.5.
console.log("ray t:", c2.intersectLineRay(c2.line(0, 0, 1, 0), c2.ray(0, 5, 0, -2))?.t);

// Degenerate shapes are valid: a zero-length segment is a point, a zero radius a point, a
// collinear triangle the segment it covers.
console.log(
  "dot on circle edge:",
  c2.testSegmentCircle(c2.segment(1, 0, 1, 0), c2.circle(0, 0, 1)),
);
console.log("zero-radius circle:", c2.testPointCircle(c2.point(2, 3), c2.circle(2, 3, 0)));
const flat = c2.triangle(0, 0, 2, 0, 4, 0);
console.log("flat triangle covers (3, 0):", c2.testPointTriangle(c2.point(3, 0), flat));

// Bad input throws a RangeError that names the field.
for (const make of [
  () => c2.circle(0, 0, -1),
  () => c2.ray(0, 0, 0, 0),
  () => c2.segment(0, Number.NaN, 1, 1),
  () =>
    c2.polygon([
      { x: 0, y: 0 },
      { x: 2, y: 2 },
      { x: 2, y: 0 },
      { x: 0, y: 2 },
    ]),
]) {
  try {
    make();
  } catch (e) {
    console.log(`${(e as Error).name}: ${(e as Error).message}`);
  }
}

// 3D shapes: constructors validate the same way; vectors are {x, y, z}.
const ball = c3.sphere(0, 5, 0, 1);
const crate = c3.box({ x: 0, y: 0, z: 0 }, { x: 1, y: 2, z: 3 }, { x: 0, y: 0, z: 1, w: 1 });
// The rotation is normalised once: (0, 0, 1, 1) becomes (0, 0, 1/√2, 1/√2), a quarter turn about z.
console.log("box rotation w:", crate.rotation.w.toFixed(6), "kinds:", ball.kind, crate.kind);
// boxAxes gives the half-axes the exact queries use: the quarter turn sends x to y.
const axes = c3.boxAxes(crate, []);
console.log(
  "box half-axes:",
  axes.map((a) => `(${a.x.toFixed(6)}, ${a.y.toFixed(6)}, ${a.z.toFixed(6)})`).join(" "),
);
const wall = c3.plane({ x: 0, y: 0, z: 2 }, 4); // 2z = 4: the plane z = 2
console.log("plane:", JSON.stringify(wall));
try {
  c3.hull([]);
} catch (e) {
  console.log(`${(e as Error).name}: ${(e as Error).message}`);
}
