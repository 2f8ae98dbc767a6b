/**
 * Regressions of the 3D polytope contact (contact/poly-manifold.ts).
 */
import { describe, expect, it } from "vitest";
import { aabb, contactAabbHull, hull, makeContact, vec } from "../../src/3d/index.ts";

/**
 * Found by contact3d-poly.test.ts (COLLIDE_DEEP=1, seed 1239145929): a segment-like aabb (zero
 * width in x and y) against a tetrahedron whose top edge passes e above it. The reference face
 * was the aabb's -y face, a rectangle of zero width; clipping the incident face to it left a
 * sliver that rounding cut away, and the fallback (the incident polytope's deepest vertex) put
 * the contact point at (0, e/2, 0), 1 away from the aabb.
 *
 * Derivation. A is the segment x = -1, y = 0, z in [-2, 1]. B has the vertices P1 = (e, e, 0),
 * P2 = (-2, e, -1) (both nudged by a few ulps in the found case), P3 = (1, -1, 0) and
 * P4 = (e, -1, 1). Its edge P1 P2 runs at height y = e and, at x = -1, passes z = -0.5. The two
 * faces on that edge are, to first order in e, -x + 2y + 2z <= 0 (P1 P2 P4, P3 below) and
 * x + y - 2z <= 0 (P1 P2 P3, P4 behind): at x = -1, y = 0 they hold together only near
 * z = -0.5, so A enters B just under the edge, by e along -y. The contact is A's point
 * (-1, 0, -0.5) against that edge: normal (0, -1, 0) from A to B, depth e, and the point (the
 * middle of the two) at (-1, e/2, -0.5), within e of A.
 */
describe("3D polytope contact: a zero-width reference face", () => {
  const A = aabb(vec(-1, 0, -2), vec(-1, 0, 1));
  const tetra = (e: number) =>
    hull([
      vec(e, e, 0),
      vec(-1.9999999999999993, e, -1),
      vec(1.0000000000000007, -0.9999999999999997, 0),
      vec(e, -0.9999999999999997, 1),
    ]);

  it.each([1.5e-323, 1e-300, 1e-20, 1e-10])("e = %s: the point lies on A, under B's edge", (e) => {
    const c = contactAabbHull(A, tetra(e), makeContact());
    expect(c).not.toBeNull();
    if (c === null) return;
    expect(c.normal).toEqual({ x: 0, y: -1, z: 0 });
    expect(c.depth).toBe(e);
    expect(c.count).toBe(1);
    const p = c.points[0]!.point;
    // On A: x = -1 and y within the depth of 0; at the edge's crossing z = -0.5 (to 1e-9:
    // the nudged P2 tilts the edge by about 1e-16 per unit).
    expect(p.x).toBe(-1);
    expect(Math.abs(p.y)).toBeLessThanOrEqual(e);
    expect(Math.abs(p.z + 0.5)).toBeLessThan(1e-9);
  });
});
