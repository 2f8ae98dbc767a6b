/**
 * circle vs polygon's float path picks the winding from three corners a third of the way apart
 * (pairs/circle-polygon.ts): hand cases in both windings, and with those three corners collinear
 * (the general exact path then decides). Expected values derived in the comments.
 */
import { describe, expect, it } from "vitest";
import {
  circle,
  contactCirclePolygon,
  makeContact,
  type Polygon,
  polygon,
  testCirclePolygon,
} from "../../src/2d/index.ts";

const square = polygon([
  { x: 0, y: 0 },
  { x: 2, y: 0 },
  { x: 2, y: 2 },
  { x: 0, y: 2 },
]);
const reversed = (p: Polygon): Polygon => polygon([...p.points].reverse());
// Corners 0, 1 and 2 (n / 3 = 1, 2n / 3 = 2) lie on y = 0: the sampled triangle is flat.
const flatSample = polygon([
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 2, y: 0 },
  { x: 1, y: 1 },
]);

describe("circle vs polygon in either winding", () => {
  for (const [name, p] of [
    ["counter-clockwise square", square],
    ["clockwise square", reversed(square)],
  ] as const) {
    it(`${name}: face, corner, touching and apart`, () => {
      const out = makeContact();
      // Center (3, 1), radius 1.5: 1 from the face x = 2, depth 1.5 - 1 = 0.5, normal (-1, 0)
      // from the circle to the square; the point is r - depth / 2 = 1.25 from the center.
      expect(contactCirclePolygon(circle(3, 1, 1.5), p, out)).toBe(out);
      expect(out.normal.x).toBe(-1);
      expect(out.normal.y).toBe(0);
      expect(out.depth).toBe(0.5);
      expect(out.points[0].point.x).toBe(1.75);
      expect(out.points[0].point.y).toBe(1);
      expect(out.aInB).toBe(false);
      expect(out.bInA).toBe(false);
      // Center (3, 3), radius 2: the corner (2, 2) is sqrt(2) away, depth 2 - sqrt(2), normal
      // (-1, -1) / sqrt(2).
      expect(contactCirclePolygon(circle(3, 3, 2), p, out)).toBe(out);
      expect(out.depth).toBeCloseTo(2 - Math.SQRT2, 15);
      expect(out.normal.x).toBeCloseTo(-Math.SQRT1_2, 15);
      expect(out.normal.y).toBeCloseTo(-Math.SQRT1_2, 15);
      // Center (3, 1), radius 1 touches the face at (2, 1): closed sets, a hit of depth 0.
      expect(testCirclePolygon(circle(3, 1, 1), p)).toBe(true);
      expect(contactCirclePolygon(circle(3, 1, 1), p, out)?.depth).toBe(0);
      // Center (3, 3), radius 1.4 < sqrt(2): apart from the corner (2, 2).
      expect(testCirclePolygon(circle(3, 3, 1.4), p)).toBe(false);
      expect(contactCirclePolygon(circle(3, 3, 1.4), p, out)).toBeNull();
      // Center (1, 1.5), radius 0.25: inside, 0.5 below the top face y = 2, so the circle is in
      // the square; they part when the square moves by 0.25 + 0.5 = 0.75 along (0, -1) (the
      // normal points from the circle to the square: its top face goes below the circle).
      expect(contactCirclePolygon(circle(1, 1.5, 0.25), p, out)).toBe(out);
      expect(out.normal.x).toBe(0);
      expect(out.normal.y).toBe(-1);
      expect(out.depth).toBe(0.75);
      expect(out.aInB).toBe(true);
      expect(out.bInA).toBe(false);
    });
  }

  for (const [name, p] of [
    ["counter-clockwise", flatSample],
    ["clockwise", reversed(flatSample)],
  ] as const) {
    it(`${name}, the sampled corners collinear: the exact path answers`, () => {
      const out = makeContact();
      // Center (1, -0.5), radius 1: 0.5 below the edge y = 0, depth 0.5, normal (0, 1).
      expect(contactCirclePolygon(circle(1, -0.5, 1), p, out)).toBe(out);
      expect(out.normal.x).toBeCloseTo(0, 15);
      expect(out.normal.y).toBeCloseTo(1, 15);
      expect(out.depth).toBeCloseTo(0.5, 15);
      // Center (1, -1), radius 1 touches (1, 0); radius 0.999 does not reach it.
      expect(testCirclePolygon(circle(1, -1, 1), p)).toBe(true);
      expect(testCirclePolygon(circle(1, -1, 0.999), p)).toBe(false);
    });
  }
});
