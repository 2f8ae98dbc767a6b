/**
 * The overlap reference checked two ways: hand-derived touching / just-missing cases (derivations
 * in the comments; "just missing" moves one value by one ulp, which the exact answer must see),
 * and agreement with the library's exact pair tests that already exist, on generated hard cases.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { boxCorners } from "../../src/2d/box-corners.ts";
import { testLineRay } from "../../src/2d/pairs/line-ray.ts";
import {
  testPointAabb,
  testPointBox,
  testPointCapsule,
  testPointCircle,
  testPointLine,
  testPointPoint,
  testPointPolygon,
  testPointPolyline,
  testPointRay,
  testPointSegment,
  testPointTriangle,
} from "../../src/2d/pairs/point-shapes.ts";
import { testSegmentCircle } from "../../src/2d/pairs/segment-circle.ts";
import { testSegmentSegment } from "../../src/2d/pairs/segment-segment.ts";
import { testTriangleTriangle } from "../../src/2d/pairs/triangle-triangle.ts";
import {
  aabb,
  box,
  capsule,
  circle,
  line,
  polygon,
  polyline,
  pointShape as pt,
  ray,
  segment,
  triangle,
} from "../../src/2d/shapes.ts";
import { assertProperty } from "../properties/exact-setup.ts";
import { KINDS, type Kind, shapePairOf } from "../properties/shapes2d-gen.ts";
import { nextDown, nextUp, show } from "./float-bits.ts";
import { overlapExact } from "./overlap2d.ts";

const up = nextUp;
const down = nextDown;
const square = (x0: number, y0: number, x1: number, y1: number): Shape =>
  polygon([
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ]);

/** Both orders must give the expected answer. */
function expectOverlap(a: Shape, b: Shape, expected: boolean): void {
  expect(overlapExact(a, b), `${show(a)} vs ${show(b)}`).toBe(expected);
  expect(overlapExact(b, a), `${show(b)} vs ${show(a)}`).toBe(expected);
}

describe("overlapExact: hand-derived cases", () => {
  it("circles 3-4-5 apart touch when the radii sum to 5", () => {
    // |(3,4) - (0,0)| = 5 = 2 + 3.
    expectOverlap(circle(0, 0, 2), circle(3, 4, 3), true);
    expectOverlap(circle(0, 0, 2), circle(3, 4, down(3)), false);
    // The same at 2^900 and at 2^-1000 (subnormal coordinates): scaling by 2^k is exact.
    const s = 2 ** 900;
    expectOverlap(circle(0, 0, 2 * s), circle(3 * s, 4 * s, 3 * s), true);
    expectOverlap(circle(0, 0, 2 * s), circle(3 * s, 4 * s, down(3 * s)), false);
    const t = 2 ** -1000;
    expectOverlap(circle(0, 0, 2 * t), circle(3 * t, 4 * t, 3 * t), true);
    expectOverlap(circle(0, 0, 2 * t), circle(3 * t, 4 * t, down(3 * t)), false);
  });

  it("a circle tangent to a square's edge or corner", () => {
    // Edge x = 2 of [0,2]^2; center (3,1), radius 1 reaches x = 2.
    expectOverlap(aabb(0, 0, 2, 2), circle(3, 1, 1), true);
    expectOverlap(aabb(0, 0, 2, 2), circle(3, 1, down(1)), false);
    expectOverlap(square(0, 0, 2, 2), circle(3, 1, 1), true);
    // Corner (2,2) to center (5,6) is (3,4): distance 5.
    expectOverlap(aabb(0, 0, 2, 2), circle(5, 6, 5), true);
    expectOverlap(aabb(0, 0, 2, 2), circle(5, 6, down(5)), false);
    expectOverlap(box(1, 1, 1, 1), circle(5, 6, 5), true);
    expectOverlap(box(1, 1, 1, 1), circle(5, 6, down(5)), false);
  });

  it("a capsule touching a triangle's corner", () => {
    // The triangle lies in x <= 4, y >= 0; the capsule's segment x = 7, y in [-10, -4]. Any pair
    // of points differs by at least 3 in x and 4 in y, so the distance is >= 5, with equality only
    // for the corner (4,0) and the end (7,-4).
    const tri = triangle(0, 0, 4, 0, 0, 4);
    expectOverlap(tri, capsule(7, -4, 7, -10, 5), true);
    expectOverlap(tri, capsule(7, -4, 7, -10, down(5)), false);
    expectOverlap(tri, capsule(7, -10, 7, -4, 5), true);
    // Above the corner instead, (7, 4): the hypotenuse point (4 - s, s) is at squared distance
    // 25 - 2s + 2s^2 < 25 for small s > 0, so radius 5 - 1 ulp still reaches.
    expectOverlap(tri, capsule(7, 4, 7, 10, down(5)), true);
  });

  it("collinear segments touching at an end, overlapping, or apart", () => {
    expectOverlap(segment(0, 0, 1, 1), segment(1, 1, 3, 3), true);
    expectOverlap(segment(0, 0, 1, 1), segment(up(1), up(1), 3, 3), false);
    expectOverlap(segment(0, 0, 2, 0), segment(1, 0, 3, 0), true);
    expectOverlap(segment(0, 0, 1, 0), segment(2, 0, 3, 0), false);
    // Parallel, one ulp apart.
    expectOverlap(segment(0, 0, 4, 0), segment(1, up(0), 3, up(0)), false);
    // A zero-length segment on the other one's interior, then one ulp off it.
    expectOverlap(segment(0, 0, 4, 2), segment(2, 1, 2, 1), true);
    expectOverlap(segment(0, 0, 4, 2), segment(2, up(1), 2, up(1)), false);
  });

  it("a ray starting on a polygon's edge", () => {
    const sq = square(0, 0, 2, 2);
    expectOverlap(sq, ray(2, 1, 1, 0), true);
    expectOverlap(sq, ray(up(2), 1, 1, 0), false);
    expectOverlap(sq, ray(3, 1, -1, 0), true);
    expectOverlap(sq, ray(3, 1, 1, 0), false);
    // Pointing away from the origin side but along the edge line x = 2: stays on the edge.
    expectOverlap(sq, ray(2, 3, 0, -1), true);
    expectOverlap(sq, ray(2, 3, 0, 1), false);
    // A huge or tiny direction is the same ray.
    expectOverlap(sq, ray(3, 1, -(2 ** 300), 0), true);
    expectOverlap(sq, ray(3, 1, -(2 ** -300), 0), true);
  });

  it("a line grazing a box's corner", () => {
    // Box [-1,1]^2 (angle 0, corners exact): x + y <= 2 with equality only at (1,1).
    expectOverlap(box(0, 0, 1, 1), line(1, 1, 1, -1), true);
    expectOverlap(box(0, 0, 1, 1), line(1, up(1), 1, -1), false);
    expectOverlap(box(0, 0, 1, 1), line(3, -1, -1, 1), true);
    // A rotated box is the quadrilateral of its computed corners: the vertical line through the
    // corner with the largest x touches it; one ulp further right misses.
    const b = box(5, 7, 1, 2, 0.3);
    const xs = boxCorners(b, []).map((c) => c.x);
    const right = Math.max(...xs);
    expectOverlap(b, line(right, 0, 0, 1), true);
    expectOverlap(b, line(up(right), 0, 0, 1), false);
    expectOverlap(b, ray(up(right), 100, 0, -1), false);
    expectOverlap(b, segment(right, -1e9, right, 1e9), true);
  });

  it("nested shapes", () => {
    expectOverlap(circle(0, 0, 10), triangle(1, 1, 2, 1, 1, 2), true);
    expectOverlap(square(-5, -5, 5, 5), square(-1, -1, 1, 1), true);
    expectOverlap(aabb(-5, -5, 5, 5), pt(0.1, 0.2), true);
    expectOverlap(capsule(0, 0, 10, 0, 3), segment(1, 1, 9, -1), true);
    expectOverlap(box(0, 0, 10, 10, 1), circle(0.5, 0.5, 1), true);
    expectOverlap(
      square(-5, -5, 5, 5),
      polyline([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ]),
      true,
    );
  });

  it("a polyline crossing a polygon between its corners; a polyline is not solid", () => {
    const sq = square(0, 0, 4, 4);
    expectOverlap(
      sq,
      polyline([
        { x: -1, y: 2 },
        { x: 5, y: 2 },
      ]),
      true,
    );
    expectOverlap(
      sq,
      polyline([
        { x: -1, y: 5 },
        { x: 5, y: 5 },
      ]),
      false,
    );
    // A closed frame around the square, one unit away: misses the square inside it.
    const frame = polyline(
      [
        { x: -1, y: -1 },
        { x: 5, y: -1 },
        { x: 5, y: 5 },
        { x: -1, y: 5 },
      ],
      true,
    );
    expectOverlap(frame, sq, false);
    expectOverlap(frame, pt(2, 2), false);
    // A circle at the frame's middle reaches it at radius 3.
    expectOverlap(frame, circle(2, 2, 3), true);
    expectOverlap(frame, circle(2, 2, down(3)), false);
    // Open versus closed: the closing segment (4,4)-(0,0) holds (2,2).
    const open = polyline([
      { x: 0, y: 0 },
      { x: 4, y: 0 },
      { x: 4, y: 4 },
    ]);
    const closed = polyline(open.points, true);
    expectOverlap(open, pt(2, 2), false);
    expectOverlap(closed, pt(2, 2), true);
    // A one-point polyline is a point.
    expectOverlap(polyline([{ x: 1, y: 2 }]), pt(1, 2), true);
    expectOverlap(polyline([{ x: 1, y: 2 }]), pt(1, up(2)), false);
  });

  it("degenerate triangles, polygons, boxes and aabbs are what they cover", () => {
    // Collinear triangle = segment (0,0)-(4,4).
    const flat = triangle(0, 0, 2, 2, 4, 4);
    expectOverlap(flat, pt(1, 1), true);
    expectOverlap(flat, pt(1, up(1)), false);
    expectOverlap(flat, pt(5, 5), false);
    expectOverlap(flat, segment(0, 2, 2, 0), true);
    // Two-point and one-point polygons.
    expectOverlap(
      polygon([
        { x: 0, y: 0 },
        { x: 4, y: 0 },
      ]),
      pt(3, 0),
      true,
    );
    expectOverlap(
      polygon([
        { x: 0, y: 0 },
        { x: 4, y: 0 },
      ]),
      pt(3, up(0)),
      false,
    );
    expectOverlap(polygon([{ x: 1, y: 1 }]), circle(4, 5, 5), true);
    expectOverlap(polygon([{ x: 1, y: 1 }]), circle(4, 5, down(5)), false);
    // Zero extents: a box is its center, a flat box its middle segment (-2,0)-(2,0).
    expectOverlap(box(1, 1, 0, 0), pt(1, 1), true);
    expectOverlap(box(1, 1, 0, 0), pt(1, up(1)), false);
    expectOverlap(box(0, 0, 2, 0), segment(0, -1, 0, 1), true);
    expectOverlap(box(0, 0, 2, 0), circle(0, 1, 1), true);
    expectOverlap(box(0, 0, 2, 0), circle(0, 1, down(1)), false);
    expectOverlap(aabb(0, 0, 0, 3), line(-1, 4, 1, -1), true); // passes through (0,3)
    expectOverlap(aabb(0, 0, 0, 3), line(-1, up(4), 1, -1), false);
    // Zero radius: points.
    expectOverlap(circle(1, 1, 0), segment(0, 0, 2, 2), true);
    expectOverlap(capsule(1, 1, 1, 1, 0), pt(1, 1), true);
    expectOverlap(capsule(0, 0, 2, 0, 0), pt(1, up(0)), false);
  });

  it("lines and rays against each other", () => {
    expectOverlap(line(0, 0, 1, 0), line(0, 1, 2, 0), false); // parallel
    expectOverlap(line(0, 0, 1, 0), line(5, 0, -3, 0), true); // the same line
    expectOverlap(line(0, 0, 1, 0), line(0, 1, 1, up(0)), true); // not quite parallel: they cross
    expectOverlap(ray(0, 0, 1, 0), ray(5, 0, -1, 0), true); // facing each other
    expectOverlap(ray(0, 0, 1, 0), ray(-5, 0, -1, 0), false); // back to back
    expectOverlap(ray(0, 0, 1, 0), ray(0, 0, -1, 0), true); // sharing the origin
    expectOverlap(ray(0, 0, 1, 0), ray(-5, 0, 1, 0), true); // same way
    expectOverlap(ray(0, 0, 1, 1), ray(2, 0, -1, 1), true); // cross at (1,1)
    expectOverlap(ray(0, 0, 1, 1), ray(2, 0, 1, -1), false); // (1,1) is behind the second
    expectOverlap(line(0, 1, 1, 0), ray(0, 0, 0, 1), true);
    expectOverlap(line(0, 1, 1, 0), ray(0, 0, 0, -1), false);
    expectOverlap(line(0, 0, 1, 0), ray(3, 0, 0, 1), true); // origin on the line
    expectOverlap(line(0, 0, 1, 0), ray(3, up(0), 0, 1), false);
  });

  it("lines, rays against circles and mixed magnitudes", () => {
    // y = 5 is tangent to the circle of radius 5 at (3,0).
    expectOverlap(line(0, 5, 1, 0), circle(3, 0, 5), true);
    expectOverlap(line(0, up(5), 1, 0), circle(3, 0, 5), false);
    expectOverlap(ray(0, 0, 1, 0), circle(-3, 0, 2), false);
    expectOverlap(ray(0, 0, 1, 0), circle(-3, 0, 3), true);
    // A far ray reaching back: origin 1e300 away.
    expectOverlap(ray(1e300, 0, -1, 0), circle(0, 0, 1e-300), true);
    expectOverlap(ray(1e300, 1e-300, -1, 0), circle(0, 0, down(1e-300)), false);
    expectOverlap(pt(1e-300, 0), segment(0, 0, 1e300, 0), true);
    expectOverlap(pt(1e-300, 1e-300), segment(0, 0, 1e300, 0), false);
  });
});

// ---------------------------------------------------------------------------------------------
// Agreement with the library's exact pair tests

const RUNS = 3000;

function agree(
  name: string,
  ka: Kind,
  kb: Kind,
  lib: (a: Shape, b: Shape) => boolean,
  runs = RUNS,
): Promise<void> {
  return assertProperty(
    `overlapExact = ${name}`,
    shapePairOf(ka, kb),
    ([a, b]) => {
      const want = lib(a, b);
      const got = overlapExact(a, b);
      if (got !== want)
        throw new Error(`${name}: library ${want}, reference ${got}: ${show([a, b])}`);
    },
    runs,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: each entry is called with shapes of its own kinds.
const POINT_TESTS: Record<Kind, (p: any, s: any) => boolean> = {
  point: testPointPoint,
  line: testPointLine,
  ray: testPointRay,
  segment: testPointSegment,
  circle: testPointCircle,
  capsule: testPointCapsule,
  aabb: testPointAabb,
  box: testPointBox,
  triangle: testPointTriangle,
  polygon: testPointPolygon,
  polyline: testPointPolyline,
};

describe("overlapExact agrees with the exact pair tests", () => {
  for (const kind of KINDS) {
    it(`testPoint* (${kind})`, async () => {
      await agree(`testPoint ${kind}`, "point", kind, POINT_TESTS[kind], 1000);
      // The point second, placed on the shape's boundary.
      await agree(
        `testPoint ${kind} (reversed)`,
        kind,
        "point",
        (s, p) => POINT_TESTS[kind](p, s),
        1000,
      );
    });
  }
  it("testSegmentSegment", async () => {
    await agree("testSegmentSegment", "segment", "segment", (a, b) =>
      testSegmentSegment(a as Shape & { kind: "segment" }, b as Shape & { kind: "segment" }),
    );
  });
  it("testSegmentCircle", async () => {
    await agree("testSegmentCircle", "segment", "circle", (a, b) =>
      testSegmentCircle(a as Shape & { kind: "segment" }, b as Shape & { kind: "circle" }),
    );
    await agree("testSegmentCircle (circle first)", "circle", "segment", (a, b) =>
      testSegmentCircle(b as Shape & { kind: "segment" }, a as Shape & { kind: "circle" }),
    );
  });
  it("testTriangleTriangle", async () => {
    await agree("testTriangleTriangle", "triangle", "triangle", (a, b) =>
      testTriangleTriangle(a as Shape & { kind: "triangle" }, b as Shape & { kind: "triangle" }),
    );
  });
  it("testLineRay", async () => {
    await agree("testLineRay", "line", "ray", (a, b) =>
      testLineRay(a as Shape & { kind: "line" }, b as Shape & { kind: "ray" }),
    );
    await agree("testLineRay (ray first)", "ray", "line", (a, b) =>
      testLineRay(b as Shape & { kind: "line" }, a as Shape & { kind: "ray" }),
    );
  });
  it("the generators produce both answers often", () => {
    // A generator that only ever produced misses (or hits) would make the agreement vacuous.
    const sample = fc.sample(shapePairOf("polygon", "circle"), { numRuns: 400, seed: 1 });
    const hits = sample.filter(([a, b]) => overlapExact(a, b)).length;
    expect(hits).toBeGreaterThan(80);
    expect(hits).toBeLessThan(320);
  });
});
