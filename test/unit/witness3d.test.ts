import { describe, expect, it } from "vitest";
import { KIND_BOX, KIND_TRIANGLE, onPlaneExact } from "../../src/3d/contact/poly-contain.ts";
import { FLOAT_RADIUS, segmentAabbFloat } from "../../src/3d/overlap/witness.ts";
import { testCapsuleAabb } from "../../src/3d/query/test.ts";
import { aabb, box, capsule, plane, triangle, vec } from "../../src/3d/shapes.ts";

describe("capsule vs aabb float pass: the exact minimiser along the segment settles shallow hits", () => {
  // From a random capsule world (depth 0.0107): six rounds of alternating projections left it to
  // BigInts. Hand check: where the segment crosses x = 2.93587 (t = 0.2455 / 0.7535 = 0.3258),
  // y = 1.8830 is 0.0548 below the box and z = 2.7527 is 0.1891 above it, so the distance is at
  // most sqrt(0.0548^2 + 0.1891^2) = 0.1969 < r = 0.2072: a hit by 0.01, far above rounding.
  const c = capsule(
    vec(3.1813267353331884, 1.8045998167417672, 2.7138298894440123),
    vec(2.427798294893817, 2.0452692380003903, 2.833300049400579),
    0.20723654408939185,
  );
  const b = aabb(
    vec(2.1358677902258933, 1.9378340494818984, 1.8636275278870014),
    vec(2.935867790225893, 2.5378340494818983, 2.5636275278870015),
  );
  it("decides it in floats (1, not -1) and the test says hit", () => {
    FLOAT_RADIUS[0] = c.radius;
    expect(segmentAabbFloat(c.a, c.b, b)).toBe(1);
    expect(testCapsuleAabb(c, b)).toBe(true);
  });
  it("with r = 0.05 the same segment is a miss, certified in floats", () => {
    // The segment's lowest z is 2.7138, 0.150 above the box's top (2.5636), so every point of it
    // is more than 0.05 away.
    const far = capsule(c.a, c.b, 0.05);
    FLOAT_RADIUS[0] = far.radius;
    expect(segmentAabbFloat(far.a, far.b, b)).toBe(0);
    expect(testCapsuleAabb(far, b)).toBe(false);
  });
});

describe("onPlaneExact: the float filter only says no when a vertex is certainly off", () => {
  it("a box cut by the plane is not in it (filter)", () => {
    const bx = box(vec(0, 0, 0), vec(1, 1, 1), { x: 0, y: 0, z: 0, w: 1 });
    expect(onPlaneExact(plane(vec(0, 1, 0), 0), KIND_BOX, bx)).toBe(false);
  });
  it("a flat box lying in the plane y = 2 is in it (exact: corners 2 ± 0)", () => {
    const bx = box(vec(5, 2, -3), vec(1, 0, 2), { x: 0, y: 0, z: 0, w: 1 });
    expect(onPlaneExact(plane(vec(0, 1, 0), 2), KIND_BOX, bx)).toBe(true);
  });
  it("decimal inputs that only look exact: (0.2, 1.8) is off x + y = 2 though 0.2 + 1.8 === 2", () => {
    // The doubles 0.2 and 1.8 are 0.2 + 1.1e-17 and 1.8 + 4.4e-17: their exact sum is 2 + 5.6e-17
    // (EXACTNESS.md), which the float sum rounds to 2.
    const t = triangle(vec(0.2, 1.8, 0), vec(1, 1, 0), vec(1, 1, 5));
    expect(0.2 + 1.8).toBe(2);
    expect(onPlaneExact(plane(vec(1, 1, 0), 2), KIND_TRIANGLE, t)).toBe(false);
    // Dyadic coordinates sum exactly: 0.5 + 1.5 = 1 + 1 = 2.
    const u = triangle(vec(0.5, 1.5, 0), vec(1, 1, 0), vec(1, 1, 5));
    expect(onPlaneExact(plane(vec(1, 1, 0), 2), KIND_TRIANGLE, u)).toBe(true);
  });
});

describe("capsule vs aabb float pass: the start parameter clamped before dividing", () => {
  // The unit cube [0, 1]^3. Segment parameters from the box's center: at or below 0 (start
  // end), at or above the squared length (far end), or strictly inside (divided).
  const cube = aabb(vec(0, 0, 0), vec(1, 1, 1));
  const below = (x: number): number => x - 2 ** -53 * (x <= 1 ? 1 : 2);
  it("a capsule standing on the top face: its start end is the witness (t < 0)", () => {
    // Foot (0.5, 0.5, 2) is 1 above the top face z = 1; the segment rises.
    const up = (r: number) => capsule(vec(0.5, 0.5, 2), vec(0.5, 0.5, 5), r);
    expect(testCapsuleAabb(up(1), cube)).toBe(true);
    expect(testCapsuleAabb(up(below(1)), cube)).toBe(false);
    FLOAT_RADIUS[0] = 1.5;
    expect(segmentAabbFloat(vec(0.5, 0.5, 2), vec(0.5, 0.5, 5), cube)).toBe(1);
    FLOAT_RADIUS[0] = 0.5;
    expect(segmentAabbFloat(vec(0.5, 0.5, 2), vec(0.5, 0.5, 5), cube)).toBe(0);
  });
  it("a start end beyond a corner: its ball decides a hit at once, the rest a miss", () => {
    // (2, 2, 2) is sqrt(3) = 1.7320... from the corner (1, 1, 1); the segment leads away.
    FLOAT_RADIUS[0] = 1.75;
    expect(segmentAabbFloat(vec(2, 2, 2), vec(3, 2, 2), cube)).toBe(1);
    FLOAT_RADIUS[0] = 1.73;
    expect(segmentAabbFloat(vec(2, 2, 2), vec(3, 2, 2), cube)).toBe(0);
    // The capsule with radius 1.75 and 1.73: the same answers through the exact path too.
    expect(testCapsuleAabb(capsule(vec(2, 2, 2), vec(3, 2, 2), 1.75), cube)).toBe(true);
    expect(testCapsuleAabb(capsule(vec(2, 2, 2), vec(3, 2, 2), 1.73), cube)).toBe(false);
  });
  it("the same capsule given end first: its far end is the witness (t >= the squared length)", () => {
    const down = (r: number) => capsule(vec(0.5, 0.5, 5), vec(0.5, 0.5, 2), r);
    expect(testCapsuleAabb(down(1), cube)).toBe(true);
    expect(testCapsuleAabb(down(below(1)), cube)).toBe(false);
    FLOAT_RADIUS[0] = 1.5;
    expect(segmentAabbFloat(vec(0.5, 0.5, 5), vec(0.5, 0.5, 2), cube)).toBe(1);
    FLOAT_RADIUS[0] = 0.5;
    expect(segmentAabbFloat(vec(0.5, 0.5, 5), vec(0.5, 0.5, 2), cube)).toBe(0);
  });
  it("a capsule lying across above the box: an inner parameter (divided)", () => {
    // The segment z = 1.5 from x = -2 to x = 3 passes 0.5 above the top face.
    const across = (r: number) => capsule(vec(-2, 0.5, 1.5), vec(3, 0.5, 1.5), r);
    expect(testCapsuleAabb(across(0.5), cube)).toBe(true);
    expect(testCapsuleAabb(across(below(0.5)), cube)).toBe(false);
    FLOAT_RADIUS[0] = 0.75;
    expect(segmentAabbFloat(vec(-2, 0.5, 1.5), vec(3, 0.5, 1.5), cube)).toBe(1);
    FLOAT_RADIUS[0] = 0.25;
    expect(segmentAabbFloat(vec(-2, 0.5, 1.5), vec(3, 0.5, 1.5), cube)).toBe(0);
  });
});
