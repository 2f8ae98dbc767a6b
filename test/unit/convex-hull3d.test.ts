/**
 * convexHull: faces of hand-checked inputs (cube with face, edge and interior points, flat,
 * collinear, single point), and on lattice clouds every input point on or inside every face
 * plane by exact orient3d, and Euler's V - E + F = 2 for solid hulls.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convexHull, vec } from "../../src/3d/index.ts";
import { orient3d } from "../../src/exact/orient3d.ts";
import { settings } from "../properties/config.ts";

const v = vec;

describe("convexHull", () => {
  it("a cube with points on a face, an edge and inside has the cube's 6 square faces", () => {
    const pts = [];
    for (const x of [0, 1]) for (const y of [0, 1]) for (const z of [0, 1]) pts.push(v(x, y, z));
    pts.push(v(0.5, 0.5, 1), v(0.5, 0.5, 0.5), v(0, 0.5, 0), v(1, 1, 1));
    const h = convexHull(pts);
    expect(h.dimension).toBe(3);
    expect(h.faces.length).toBe(6);
    for (const f of h.faces) expect(f.length).toBe(4);
    // Every face's plane: unit axis normal, offset 0 or 1, pointing away from the center.
    for (const p of h.planes) {
      const n = p.normal;
      expect(Math.abs(n.x) + Math.abs(n.y) + Math.abs(n.z)).toBe(1);
      const outward = n.x * 0.5 + n.y * 0.5 + n.z * 0.5 < p.offset;
      expect(outward).toBe(true);
    }
  });
  it("coplanar points: a flat hull, the square each way round", () => {
    const h = convexHull([v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(1, 1, 0), v(0.5, 0.5, 0)]);
    expect(h.dimension).toBe(2);
    expect(h.faces).toEqual([
      [0, 1, 3, 2],
      [2, 3, 1, 0],
    ]);
    expect(h.planes.map((p) => p.normal.z)).toEqual([1, -1]);
  });
  it("collinear, repeated and single points have no faces", () => {
    expect(convexHull([v(0, 0, 0), v(1, 1, 1), v(2, 2, 2)]).dimension).toBe(1);
    expect(convexHull([v(1, 2, 3), v(1, 2, 3)]).dimension).toBe(0);
    expect(convexHull([v(1, 2, 3)]).faces).toEqual([]);
  });
  it("points 1 ulp off a face plane decide the face exactly", () => {
    // (0.5, 0.5, 1 + 2^-52) is above the top face: the top becomes a pyramid of 4 triangles.
    const pts = [];
    for (const x of [0, 1]) for (const y of [0, 1]) for (const z of [0, 1]) pts.push(v(x, y, z));
    pts.push(v(0.5, 0.5, 1 + 2 ** -52));
    expect(convexHull(pts).faces.length).toBe(9);
  });
});

/*
 * Lattice clouds in [-2, 2]^3 (many coplanar, collinear and repeated points), scaled by 1, 1e-100
 * or 1e100 and offset by 0 or 1e9: every point is on or below every face (exact orient3d on the
 * face's first three corners), every face loop has at least 3 corners, and V - E + F = 2 when
 * solid. 300 runs in CI (about 1 s).
 */
describe("convexHull properties", () => {
  it("points inside every face, Euler characteristic 2", () => {
    const { seed } = settings("convexHull lattice");
    const coord = fc.integer({ min: -2, max: 2 });
    const arb = fc.record({
      pts: fc.array(fc.tuple(coord, coord, coord), { minLength: 1, maxLength: 30 }),
      s: fc.constantFrom(1, 1e-100, 1e100),
      o: fc.constantFrom(0, 1e9),
    });
    fc.assert(
      fc.property(arb, ({ pts: raw, s, o }) => {
        const pts = raw.map(([x, y, z]) => v(x * s + o, y * s + o, z * s));
        const h = convexHull(pts);
        for (const f of h.faces) {
          expect(f.length).toBeGreaterThanOrEqual(3);
          const [a, b, c] = [pts[f[0]!]!, pts[f[1]!]!, pts[f[2]!]!];
          for (const p of pts) {
            expect(
              orient3d(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, p.x, p.y, p.z),
            ).toBeLessThanOrEqual(0);
          }
        }
        if (h.dimension === 3) {
          const V = new Set(h.faces.flat()).size;
          const E = h.faces.reduce((n, f) => n + f.length, 0) / 2;
          expect(V - E + h.faces.length).toBe(2);
        } else {
          expect(h.faces.length).toBe(h.dimension === 2 ? 2 : 0);
        }
      }),
      { seed, numRuns: 300 },
    );
  });
});
