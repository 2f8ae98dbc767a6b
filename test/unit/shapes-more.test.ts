import { describe, expect, it } from "vitest";
import {
  aabb,
  aabbOf,
  box,
  capsule,
  circle,
  convexHull,
  isConvex,
  line,
  point,
  polygon,
  polyline,
  ray,
  segment,
  triangle,
} from "../../src/2d/index.ts";

describe("more 2D shapes: constructors", () => {
  it("tag and validate capsule, aabb, box, point", () => {
    expect(capsule(0, 0, 1, 0, 0.5)).toEqual({
      kind: "capsule",
      a: { x: 0, y: 0 },
      b: { x: 1, y: 0 },
      radius: 0.5,
    });
    expect(() => capsule(0, 0, 1, 0, -1)).toThrow(/capsule\.radius/);
    expect(aabb(0, 0, 1, 2).kind).toBe("aabb");
    expect(() => aabb(2, 0, 1, 2)).toThrow(
      new RangeError("aabb.min.x must be <= aabb.max.x, got 2 > 1"),
    );
    expect(() => aabb(0, 3, 1, 2)).toThrow(/aabb\.min\.y/);
    expect(box(1, 2, 3, 4)).toEqual({
      kind: "box",
      center: { x: 1, y: 2 },
      halfExtents: { x: 3, y: 4 },
      angle: 0,
    });
    expect(() => box(0, 0, -1, 1)).toThrow(/box\.halfExtents\.x/);
    expect(() => box(0, 0, 1, 1, Number.NaN)).toThrow(/box\.angle/);
    expect(point(1, 2)).toEqual({ kind: "point", x: 1, y: 2 });
    expect(() => point(Number.NaN, 0)).toThrow(/point\.x/);
  });

  it("polygon checks convexity exactly and copies its points", () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
    ];
    const p = polygon(pts);
    pts[0]!.x = 99;
    expect(p.points[0]).toEqual({ x: 0, y: 0 });
    expect(polygon([{ x: 0, y: 0 }]).points).toHaveLength(1);
    expect(() => polygon([])).toThrow(/polygon\.points must hold at least 1 point/);
    // A dent: (1, 1) turns the wrong way.
    expect(() =>
      polygon([
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 0, y: 2 },
      ]),
    ).toThrow(/convex/);
    expect(() => polygon([{ x: 0, y: Number.POSITIVE_INFINITY }])).toThrow(
      /polygon\.points\[0\]\.y/,
    );
  });

  it("isConvex rejects a pentagram, which turns one way throughout", () => {
    const star = [0, 2, 4, 1, 3].map((k) => ({
      x: Math.round(100 * Math.cos((2 * Math.PI * k) / 5)),
      y: Math.round(100 * Math.sin((2 * Math.PI * k) / 5)),
    }));
    expect(isConvex(star)).toBe(false);
    const pentagon = [0, 1, 2, 3, 4].map((k) => ({
      x: Math.round(100 * Math.cos((2 * Math.PI * k) / 5)),
      y: Math.round(100 * Math.sin((2 * Math.PI * k) / 5)),
    }));
    expect(isConvex(pentagon)).toBe(true);
    expect(isConvex([...pentagon].reverse())).toBe(true);
  });

  it("isConvex takes turns between distinct corners, so a repeated corner hides no turn", () => {
    // A clock seed of sweep2d.test.ts (667252252). Heading down x = -100 from (-100, 0) to
    // (-100, -h), the boundary turns left toward (-99, -1); at the other corners it turns right
    // (clockwise). Repeating (-100, -h) made both turns around it zero, and the list passed.
    const h = -2.310648801106982e-274;
    const spike = [
      [-100, 0],
      [-100, h],
      [-100, h],
      [-99, -1],
      [-99, -2],
      [-100, -1],
    ].map(([x, y]) => ({ x: x!, y: y! }));
    expect(isConvex(spike)).toBe(false);
    expect(() => polygon(spike)).toThrow(/convex/);
    // Repeated corners of a square (one of them across the wrap) are still a convex polygon.
    const square = [
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ].map(([x, y]) => ({ x: x!, y: y! }));
    expect(isConvex(square)).toBe(true);
    expect(isConvex([...square].reverse())).toBe(true);
    expect(isConvex([square[0]!, square[0]!, square[0]!, square[0]!])).toBe(true);
  });

  it("polyline keeps order and the closed flag", () => {
    expect(
      polyline(
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        true,
      ),
    ).toEqual({
      kind: "polyline",
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
      closed: true,
    });
  });
});

describe("convexHull", () => {
  it("gives the counter-clockwise hull without interior or collinear points", () => {
    const hull = convexHull([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
      { x: 1, y: 2 },
      { x: 0, y: 2 },
      { x: 1, y: 0 },
    ]);
    expect(hull.points).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
    ]);
    expect(hull.kind).toBe("polygon");
  });

  it("collinear points give their two extremes; one repeated point gives one point", () => {
    expect(
      convexHull([
        { x: 1, y: 1 },
        { x: 3, y: 3 },
        { x: 2, y: 2 },
        { x: 0, y: 0 },
      ]).points,
    ).toEqual([
      { x: 0, y: 0 },
      { x: 3, y: 3 },
    ]);
    expect(
      convexHull([
        { x: 5, y: 5 },
        { x: 5, y: 5 },
      ]).points,
    ).toEqual([{ x: 5, y: 5 }]);
    expect(convexHull([]).points).toEqual([]);
  });

  it("keeps a corner that is one ulp off the line, drops one exactly on it", () => {
    const onLine = convexHull([
      { x: 0, y: 0 },
      { x: 0.5, y: 0.5 },
      { x: 1, y: 1 },
      { x: 1, y: 0 },
    ]);
    expect(onLine.points).toHaveLength(3);
    const off = convexHull([
      { x: 0, y: 0 },
      { x: 0.5, y: 0.5000000000000001 },
      { x: 1, y: 1 },
      { x: 1, y: 0 },
    ]);
    expect(off.points).toHaveLength(4);
  });
});

describe("aabbOf", () => {
  it("exact boxes for point, segment, triangle, polygon, polyline and aabb", () => {
    expect(aabbOf(point(1, 2))).toEqual({ min: { x: 1, y: 2 }, max: { x: 1, y: 2 } });
    expect(aabbOf(segment(3, -1, 0, 4))).toEqual({ min: { x: 0, y: -1 }, max: { x: 3, y: 4 } });
    expect(aabbOf(triangle(0, 0, 4, 1, -2, 3))).toEqual({
      min: { x: -2, y: 0 },
      max: { x: 4, y: 3 },
    });
    expect(
      aabbOf(
        polyline([
          { x: 1, y: 1 },
          { x: -1, y: 5 },
        ]),
      ),
    ).toEqual({ min: { x: -1, y: 1 }, max: { x: 1, y: 5 } });
    expect(aabbOf(aabb(0, 1, 2, 3))).toEqual({ min: { x: 0, y: 1 }, max: { x: 2, y: 3 } });
  });

  it("rounded shapes get a box that contains them, at most a few ulps larger", () => {
    const c = aabbOf(circle(1, 2, 3));
    expect(c.min.x).toBeLessThanOrEqual(-2);
    expect(c.min.x).toBeGreaterThan(-2 - 1e-14);
    expect(c.max.y).toBeGreaterThanOrEqual(5);
    const k = aabbOf(capsule(0, 0, 10, 0, 1));
    expect(k.max.x).toBeGreaterThanOrEqual(11);
    expect(k.max.x).toBeLessThan(11 + 1e-13);
    const b = aabbOf(box(0, 0, 2, 1, Math.PI / 2));
    // Rotated a quarter turn: 1 wide, 2 tall.
    expect(b.max.x).toBeGreaterThanOrEqual(1);
    expect(b.max.x).toBeLessThan(1 + 1e-12);
    expect(b.max.y).toBeGreaterThanOrEqual(2);
  });

  it("lines and rays reach ±MAX_VALUE along their direction, never Infinity", () => {
    expect(aabbOf(ray(1, 2, 1, 0))).toEqual({
      min: { x: 1, y: 2 },
      max: { x: Number.MAX_VALUE, y: 2 },
    });
    expect(aabbOf(line(1, 2, 0, 3))).toEqual({
      min: { x: 1, y: -Number.MAX_VALUE },
      max: { x: 1, y: Number.MAX_VALUE },
    });
  });

  it("fills out", () => {
    const out = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
    expect(aabbOf(point(3, 4), out)).toBe(out);
  });
});
