import { afterEach, describe, expect, it, vi } from "vitest";

/*
 * Every program in examples/ (the code of docs/guide.md and docs/from-the-articles.md) is run and
 * its printed lines compared with values worked out by hand; the derivations are in the example's
 * comments and summarised here. Importing runs the program once, in this process.
 */

async function run(load: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
  try {
    await load();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("examples print what the guide derives", () => {
  it("shapes.ts: constructors, degenerate shapes, RangeErrors naming the field, 3D", async () => {
    expect(await run(() => import("../../examples/shapes.ts"))).toEqual([
      'segment: {"kind":"segment","a":{"x":0,"y":0},"b":{"x":4,"y":0}}',
      // y = 5 - 2t = 0 at t = 2.5.
      "ray t: 2.5",
      // (1, 0) is at distance 1 from the center: on the circle, closed, so a hit.
      "dot on circle edge: true",
      "zero-radius circle: true",
      // The flat triangle is the segment from (0, 0) to (4, 0), which holds (3, 0).
      "flat triangle covers (3, 0): true",
      "RangeError: circle.radius must be >= 0, got -1",
      "RangeError: ray.dir must be a non-zero vector",
      "RangeError: segment.a.y must be a finite number, got NaN",
      "RangeError: polygon.points must be the corners of a convex polygon, in order",
      // |(0, 0, 1, 1)| = √2, so w = 1/√2 = 0.707107 to six places.
      "box rotation w: 0.707107 kinds: sphere box",
      // A quarter turn about z: x -> y, y -> -x, z -> z, scaled by the half extents 1, 2, 3.
      "box half-axes: (0.000000, 1.000000, 0.000000) (-2.000000, 0.000000, 0.000000) (0.000000, 0.000000, 3.000000)",
      'plane: {"kind":"plane","normal":{"x":0,"y":0,"z":2},"offset":4}',
      "RangeError: hull.points must hold at least 1 point",
    ]);
  });

  it("queries.ts: one scene per verb", async () => {
    expect(await run(() => import("../../examples/queries.ts"))).toEqual([
      // Centers 2 apart, radii 1 + 1: touching, which counts.
      "test true",
      // x = -5 + t = -1 at t = 4; the circle's outward normal there is (-1, 0).
      'intersect {"t":4,"point":{"x":-1,"y":0},"normal":{"x":-1,"y":0},"inside":false}',
      // Overlap 1 + 1 - 1.5 = 0.5 along +x; surfaces at x = 1 and x = 0.5, midway 0.75.
      'contact {"x":1,"y":0} 0.5 points: 1 {"point":{"x":0.75,"y":0},"depth":0.5}',
      // Surfaces at x = 1 and x = 3.
      'closest {"pointA":{"x":1,"y":0},"pointB":{"x":3,"y":0},"distance":2}',
      "distance 2",
      // The center reaches x = 2 - 1 = 1 at t = 6 / 10.
      "sweep t 0.600000000 never late: true",
      'sweep normal {"x":-1,"y":0} overlapping at start: false',
      "sweep away null",
    ]);
  });

  it("exactness.ts: the float tests say yes, the exact answer is no", async () => {
    expect(await run(() => import("../../examples/exactness.ts"))).toEqual([
      // 0.2 and 1.8 are stored as 0.2 + 2^-56·0.8 and 1.8 + 2^-54·0.8 (17 digits: 0.20000000000000001
      // and 1.8000000000000000444); their exact sum is 2 + 2^-54, which rounds to 2.
      "on the line, float: true",
      "on the line, collide: false",
      // 0.3 ≈ 0.3 - 1.1e-17 and 0.4 ≈ 0.4 + 2.2e-17: squares 0.09 - 6.7e-18 and 0.16 + 1.8e-17,
      // sum 0.25 + 1.1e-17 > 0.25; in doubles the sum rounds to 0.25.
      "in the disk, float: true",
      "in the disk, collide: false",
      // Exact edge signs for p = (0.2, 1.8): d1 = 2(x + y - 2) > 0, d2 = d3 = -(x + y - 2) < 0,
      // mixed, so outside; in floats d2 and d3 round to 0.
      "in the sliver, float: true",
      "in the sliver, collide: false",
    ]);
  });

  it("out-params.ts: out is filled and returned; a miss leaves it alone", async () => {
    expect(await run(() => import("../../examples/out-params.ts"))).toEqual([
      // x = -5 + 10t = -1 at t = 0.4.
      "same object: true t: 0.4 point: -1 0",
      "miss: null out kept t: 0.4",
      // Centers 2 apart when -5 + 10t = -2: t = 0.3.
      "sweep same object: true t: 0.300000000",
      "shape hit fields: t,point,normal,inside",
    ]);
  });

  it("poses.ts: posed shapes, both orders, flipped normals", async () => {
    expect(await run(() => import("../../examples/poses.ts"))).toEqual([
      "test: true",
      "either order: true",
      // 2.2 - √2 - 0.5 = 0.2857864376...
      "turned distance: 0.285786",
      // Face x = 11, ball from 10.75 to 11.75: depth 11 - 10.75 = 0.25, normal from first to second.
      'crate->ball normal: {"x":1,"y":0} depth: 0.25',
      'ball->crate normal: {"x":-1,"y":0} depth: 0.25',
      "aabb turned vs box: true",
    ]);
  });

  it("interop.ts: three.js and planck vectors used as they are", async () => {
    expect(await run(() => import("../../examples/interop.ts"))).toEqual([
      // y = 1 is tangent to the unit circle: touching counts.
      "three Vector2 segment touches: true",
      // y = 1.5 is 0.5 above it.
      "planck Vec2 segment touches: false",
      // Height 5 - 10t = 1 at t = 0.4; the normal (0, 1, 0) added to the center (0, 1, 0) gives y = 2.
      "t: 0.4 center is a Vector3: true y: 1",
      "three methods work on it: 2",
    ]);
  });

  it("broadphase.ts: candidate pairs from the tree, exact tests on them", async () => {
    expect(await run(() => import("../../examples/broadphase.ts"))).toEqual([
      // Boxes [-1,1]², [0.5,2.5]x[-1,1], [-2.8,-0.8]x[0.8,2.8], [9,11]x[-1,1], [10.9,12.9]x[-1,1]:
      // 0-1, 0-2 and 3-4 overlap; 1-2 do not (x: 0.5 > -0.8).
      "candidates: 0-1 0-2 3-4",
      // Center distances 1.5, 1.8·√2 ≈ 2.55 and 1.9 against 2.
      "touching: 0-1 3-4",
      // Fat box [10.8, 13] is left by the new box [13, 15].
      "tree changed: true",
      "query: 3",
      // x = -5 + t = -1 at t = 4; ball 2 lies above y = 0.8.
      "nearest on the ray: 0 t: 4",
    ]);
  });

  it("articles.ts: the articles' float versions against collide on their weak cases", async () => {
    expect(await run(() => import("../../examples/articles.ts"))).toEqual([
      // Parallel directions: the article stops there. Shared part [2, 6]; nearest s1.a is (2, 0),
      // t1 = 2/8, t2 = 0.
      "collinear, article: false",
      'collinear, collide: {"t1":0.25,"t2":0,"point":{"x":2,"y":0},"normal":{"x":-1,"y":0},"collinear":true}',
      // t1 = (1e6 + 5) / 1e6 = 1.000005 <= 1 + 1e-5 passes the article's tolerance.
      "gap, article: true",
      "gap, collide: null",
      "on the line, article: false",
      'on the line, collide: {"t":0,"point":{"x":2,"y":0},"normal":{"x":1,"y":0},"collinear":true}',
      // |cross| = 1e-9 is below the port's threshold 1e-5; y = 1 - 1e-9 t = 0 at t = 1e9.
      "shallow, article: false",
      "shallow, collide t: 1000000000.00",
      // Every axis the article tries is the y axis, on which both project to 0.
      "flat apart, article: true",
      "flat apart, collide: false",
      // The zero edge normalises to NaN and every overlap comparison fails. The segment from
      // (1, 1) to (2, 1) lies inside x, y >= 0, x + y <= 4.
      "repeated corner, article: false",
      "repeated corner, collide: true",
      // Distance 1 = radius fails the strict < ; collide: tangent at (0, 1), t = 5/10.
      "tangent, article: false",
      'tangent, collide: {"t":0.5,"point":{"x":0,"y":1},"normal":{"x":0,"y":1}}',
      // Zero length: the direction normalises to NaN. collide: a point inside, t = 0, normal (1, 0).
      "zero length, article: false",
      'zero length, collide: {"t":0,"point":{"x":0.5,"y":0},"normal":{"x":1,"y":0}}',
      // Entering root: height 0.5 - 10t = 1 at t = -0.05.
      "overlap moving across, article: true t=-0.05",
      // Moving along the line: alpha = 0, t = FLT_MAX.
      "overlap moving along, article: true t=3.4028234663852886e+38",
      'overlap, collide: {"t":0,"center":{"x":0,"y":0.5,"z":0},"point":{"x":0,"y":0,"z":0},"normal":{"x":0,"y":1,"z":0},"initiallyOverlapping":true}',
      // alpha = 0.001² = 1e-6 <= 1e-5 counts as stopped; height 1.0005 - 0.001t = 1 at t = 0.5.
      "slow, article: false t=3.4028234663852886e+38",
      "slow, collide t: 0.500000",
    ]);
  });

  it("seeds.ts: the five seed queries of the READMEs", async () => {
    expect(await run(() => import("../../examples/seeds.ts"))).toEqual([
      // Diagonals of [0, 2]² cross at (1, 1), halfway on both; s2's normal there facing s1.a = (0, 0)
      // is -(1, 1)/√2 = -0.707107 to six digits.
      '{"t1":0.5,"t2":0.5,"point":{"x":1,"y":1},"normal":{"x":-0.707107,"y":-0.707107},"collinear":false}',
      // y = 5 - t = 0 at t = 5; the line's normal facing the origin (0, 5) is (0, 1).
      '{"t":5,"point":{"x":5,"y":0},"normal":{"x":0,"y":1},"collinear":false}',
      "true",
      // Along (1, 1)/√2 the first triangle reaches 4/√2 and the second starts at 2/√2: depth √2.
      '{"x":0.707107,"y":0.707107} 1.41421',
      '{"t":0.4,"point":{"x":-1,"y":0},"normal":{"x":-1,"y":0}}',
      '{"t":0.4,"center":{"x":0,"y":1,"z":0},"point":{"x":0,"y":0,"z":0},"normal":{"x":0,"y":1,"z":0},"initiallyOverlapping":false}',
    ]);
  });

  it("three-d.ts: 3D contact, sweeps, generic functions, a world step", async () => {
    expect(await run(() => import("../../examples/three-d.ts"))).toEqual([
      // Capsule core at y = 1.25, radius 0.5: its bottom at 0.75 is 0.25 below the face y = 1.
      // Normal from the capsule (A) down into the box (B); points midway: (0.75 + 1) / 2 = 0.875,
      // one under each end of the segment, which lies wholly over the face.
      "contact: (0.000000, -1.000000, 0.000000) 0.250000 2",
      "  point: (-0.500000, 0.875000, 0.000000)",
      "  point: (0.500000, 0.875000, 0.000000)",
      // Center y = 5 - 10t reaches 1 + 1 = 2 at t = 0.3; it touches the face at (0, 1, 0).
      "sweep: 0.300000 (0.000000, 2.000000, 0.000000) (0.000000, 1.000000, 0.000000) (0.000000, 1.000000, 0.000000)",
      // Center y = 3 - 100t reaches 0.5 at t = 0.025, above (0.2, 0, 0.1); in (x, z) that point has
      // x >= z, so it lies in triangle 0 = (-1, -1), (1, -1), (1, 1).
      "mesh sweep: 0.025000 (0.200000, 0.000000, 0.100000) 0",
      // Ball bottom at 4 - 1 = 3, box top at 1: distance 2. The falling ball at y = 5 misses.
      "distance: 2 false",
      // Ball bottom at 1.5 - 1 = 0.5 below the box top 1: depth 0.5, normal from box (A) up to ball.
      "world contact: true (0.000000, 1.000000, 0.000000) 0.500000",
    ]);
  });
});
