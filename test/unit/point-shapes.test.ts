import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  circle,
  line,
  polygon,
  polyline,
  ray,
  segment,
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
  triangle,
} from "../../src/2d/index.ts";

const P = (x: number, y: number) => ({ x, y });

describe("point containment (closed sets)", () => {
  it("point, line, ray", () => {
    expect(testPointPoint(P(1, 2), P(1, 2))).toBe(true);
    expect(testPointPoint(P(1, 2), P(1, 2.0000000000000004))).toBe(false);
    expect(testPointLine(P(3, 3), line(0, 0, 1, 1))).toBe(true);
    expect(testPointLine(P(0.2, 1.8), line(0, 2, 1, -1))).toBe(false); // 0.2 + 1.8 = 2 + 2^-54
    expect(testPointRay(P(0, 0), ray(0, 0, 1, 1))).toBe(true);
    expect(testPointRay(P(2, 2), ray(0, 0, 1, 1))).toBe(true);
    expect(testPointRay(P(-1, -1), ray(0, 0, 1, 1))).toBe(false);
    expect(testPointRay(P(0, -5), ray(0, 0, 0, -1))).toBe(true);
  });

  it("segment: interior, endpoints, beyond, off by an ulp", () => {
    const s = segment(0, 0, 4, 2);
    expect(testPointSegment(P(2, 1), s)).toBe(true);
    expect(testPointSegment(P(4, 2), s)).toBe(true);
    expect(testPointSegment(P(6, 3), s)).toBe(false);
    expect(testPointSegment(P(2, 1.0000000000000002), s)).toBe(false);
    expect(testPointSegment(P(1, 1), segment(1, 1, 1, 1))).toBe(true);
  });

  it("circle and capsule: on the boundary counts", () => {
    expect(testPointCircle(P(3, 4), circle(0, 0, 5))).toBe(true);
    expect(testPointCircle(P(0.6, 0.8), circle(0, 0, 1))).toBe(false); // 0.36 + 0.64 > 1 exactly
    expect(testPointCapsule(P(5, 1), capsule(0, 0, 10, 0, 1))).toBe(true);
    expect(testPointCapsule(P(13, 4), capsule(0, 0, 10, 0, 5))).toBe(true); // 3-4-5 at the cap
    expect(testPointCapsule(P(13, 4.000000000000001), capsule(0, 0, 10, 0, 5))).toBe(false);
  });

  it("aabb and box", () => {
    expect(testPointAabb(P(2, 0), aabb(0, 0, 2, 1))).toBe(true);
    expect(testPointAabb(P(2.0000000000000004, 0), aabb(0, 0, 2, 1))).toBe(false);
    expect(testPointBox(P(1.9, 0.9), box(0, 0, 2, 1))).toBe(true);
    expect(testPointBox(P(2, 1), box(0, 0, 2, 1))).toBe(true);
    expect(testPointBox(P(0.9, 1.9), box(0, 0, 2, 1))).toBe(false);
    // A quarter turn swaps the extents (up to cos(pi/2) = 6e-17, which the box keeps exactly).
    expect(testPointBox(P(0.9, 1.9), box(0, 0, 2, 1, Math.PI / 2))).toBe(true);
  });

  it("triangle and polygon in either winding, edges and corners included", () => {
    const t = triangle(0, 0, 4, 0, 0, 4);
    const rev = triangle(0, 0, 0, 4, 4, 0);
    for (const tri of [t, rev]) {
      expect(testPointTriangle(P(1, 1), tri)).toBe(true);
      expect(testPointTriangle(P(2, 2), tri)).toBe(true);
      expect(testPointTriangle(P(4, 0), tri)).toBe(true);
      expect(testPointTriangle(P(2.0000000000000004, 2), tri)).toBe(false);
      expect(testPointTriangle(P(-1, 2), tri)).toBe(false);
    }
    const sq = polygon([P(0, 0), P(2, 0), P(2, 2), P(0, 2)]);
    expect(testPointPolygon(P(1, 2), sq)).toBe(true);
    expect(testPointPolygon(P(3, 1), sq)).toBe(false);
  });

  it("degenerate triangle and polygons are what they cover", () => {
    const flat = triangle(0, 0, 4, 0, 2, 0);
    expect(testPointTriangle(P(3, 0), flat)).toBe(true);
    expect(testPointTriangle(P(5, 0), flat)).toBe(false);
    expect(testPointTriangle(P(3, 1e-300), flat)).toBe(false);
    expect(testPointPolygon(P(1, 1), polygon([P(1, 1)]))).toBe(true);
    expect(testPointPolygon(P(1, 2), polygon([P(1, 1)]))).toBe(false);
    expect(testPointPolygon(P(1, 1), polygon([P(0, 0), P(2, 2)]))).toBe(true);
    expect(testPointPolygon(P(3, 3), polygon([P(0, 0), P(2, 2)]))).toBe(false);
  });

  it("polyline: on a segment, open versus closed", () => {
    const pts = [P(0, 0), P(4, 0), P(4, 4)];
    expect(testPointPolyline(P(4, 2), polyline(pts))).toBe(true);
    expect(testPointPolyline(P(2, 2), polyline(pts))).toBe(false);
    expect(testPointPolyline(P(2, 2), polyline(pts, true))).toBe(true);
    expect(testPointPolyline(P(1, 1), polyline([P(1, 1)]))).toBe(true);
  });
});
