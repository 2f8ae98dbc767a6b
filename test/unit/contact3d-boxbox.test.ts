/**
 * The dedicated box-box manifold behind contactBoxBox: hand-derived normals, depths and points for
 * faces resting on faces (4 points, each with its depth), a turned box resting on a face, crossed
 * edges, touching at a face, an edge and a corner (depth 0), nesting, identical and flat boxes,
 * and the same contact moved by 1e9 or scaled by 1e-100 and 1e100.
 */
import { describe, expect, it } from "vitest";
import {
  type Box,
  box,
  type Contact,
  contactBoxBox,
  makeContact,
  vec,
} from "../../src/3d/index.ts";

const v = vec;
/** The valid points as [x, y, z, depth], sorted by x then z then y. */
const pts = (c: Contact) =>
  c.points
    .slice(0, c.count)
    .map((p) => [p.point.x, p.point.y, p.point.z, p.depth])
    .sort((p, q) => p[0]! - q[0]! || p[2]! - q[2]! || p[1]! - q[1]!);
const aboutY = (deg: number) => ({
  x: 0,
  y: Math.sin((deg * Math.PI) / 360),
  z: 0,
  w: Math.cos((deg * Math.PI) / 360),
});
const near = (x: number, y: number, tol: number) =>
  expect(Math.abs(x - y)).toBeLessThanOrEqual(tol);

/** A = [-2, 2] x [-1, 1] x [-2, 2]; B = [-0.5, 1.5] x [0.75, 2.75] x [-1.5, 0.5]. */
function stacked(s: number, o: number): [Box, Box] {
  return [
    box(v(o, o, o), v(2 * s, s, 2 * s)),
    box(v(0.5 * s + o, 1.75 * s + o, -0.5 * s + o), v(s, s, s)),
  ];
}

describe("contactBoxBox (dedicated manifold)", () => {
  it("a box resting 0.25 deep on a larger one: +y, 4 points, each 0.25 deep midway at y = 0.875", () => {
    // Overlaps: x 2 + 1 - 0.5 = 2.5, y 1 + 1 - 1.75 = 0.25, z 2 + 1 - 0.5 = 2.5 (B's axes give the
    // same). B's bottom face (y = 0.75) lies inside A's top face (y = 1): its corners x in
    // {-0.5, 1.5}, z in {-1.5, 0.5}, midway at y = (0.75 + 1) / 2.
    const [a, b] = stacked(1, 0);
    const c = contactBoxBox(a, b)!;
    expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(c.depth).toBe(0.25);
    expect(pts(c)).toEqual([
      [-0.5, 0.875, -1.5, 0.25],
      [-0.5, 0.875, 0.5, 0.25],
      [1.5, 0.875, -1.5, 0.25],
      [1.5, 0.875, 0.5, 0.25],
    ]);
    expect([c.aInB, c.bInA]).toEqual([false, false]);
  });

  it("an offset box: the overlap rectangle of the two x faces, 4 points at their depth", () => {
    // A = [-1, 1]^3, B = [0.5, 2.5] x [0, 2] x [-1, 1]: overlaps x 0.5, y 1, z 2: normal +x, depth
    // 0.5; B's -x face (x = 0.5) clipped to A's +x face: y in [0, 1], z in [-1, 1], all 0.5 deep,
    // midway at x = 0.75.
    const c = contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(1.5, 1, 0), v(1, 1, 1)))!;
    expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(c.depth).toBe(0.5);
    expect(pts(c)).toEqual([
      [0.75, 0, -1, 0.5],
      [0.75, 1, -1, 0.5],
      [0.75, 0, 1, 0.5],
      [0.75, 1, 1, 0.5],
    ]);
  });

  it("a box turned 45 degrees about the vertical rests on a face: 4 points on its diamond", () => {
    // B's bottom face is the square with corners (±sqrt 2, 0) and (0, ±sqrt 2) in (x, z), at
    // y = 0.75, inside A's top face [-4, 4]^2 at y = 1: depth 0.25, points midway at y = 0.875.
    const c = contactBoxBox(
      box(v(0, 0, 0), v(4, 1, 4)),
      box(v(0, 1.75, 0), v(1, 1, 1), aboutY(45)),
    )!;
    near(c.normal.y, 1, 1e-15);
    near(c.depth, 0.25, 1e-15);
    expect(c.count).toBe(4);
    const r = Math.SQRT2;
    const want = [
      [-r, 0],
      [0, -r],
      [0, r],
      [r, 0],
    ];
    const p = pts(c);
    for (let i = 0; i < 4; i++) {
      near(p[i]![0]!, want[i]![0]!, 1e-15);
      near(p[i]![1]!, 0.875, 1e-15);
      near(p[i]![2]!, want[i]![1]!, 1e-15);
      near(p[i]![3]!, 0.25, 1e-15);
    }
  });

  it("the same turned box on a unit cube: the octagon cut to 4 points inside both faces", () => {
    // The diamond |x| + |z| <= sqrt 2 clipped to |x|, |z| <= 1 is an octagon (8 corners); 4 are
    // kept, each 0.25 deep at y = 0.875, inside both.
    const c = contactBoxBox(
      box(v(0, 0, 0), v(1, 1, 1)),
      box(v(0, 1.75, 0), v(1, 1, 1), aboutY(45)),
    )!;
    expect(c.count).toBe(4);
    near(c.depth, 0.25, 1e-15);
    for (const [x, y, z, d] of pts(c)) {
      near(y!, 0.875, 1e-15);
      near(d!, 0.25, 1e-15);
      expect(Math.abs(x!)).toBeLessThanOrEqual(1 + 1e-15);
      expect(Math.abs(z!)).toBeLessThanOrEqual(1 + 1e-15);
      expect(Math.abs(x!) + Math.abs(z!)).toBeLessThanOrEqual(Math.SQRT2 + 1e-15);
    }
    // The kept points span the octagon: both signs of x and of z appear.
    const p = pts(c);
    expect(Math.min(...p.map((q) => q[0]!))).toBeLessThan(0);
    expect(Math.max(...p.map((q) => q[0]!))).toBeGreaterThan(0);
  });

  it("crossed edges: one point where they cross, the normal flips with the order", () => {
    // A turned 45 degrees about x has an edge along x on top at y = sqrt 2; B turned 45 degrees
    // about z has an edge along z at its bottom, y = cy - sqrt 2 = sqrt 2 - 0.25. Every face axis
    // overlaps by at least 1 + sqrt 2 - ..., more than 0.25: the edge axis x cross z = -y, turned
    // from A to B: +y, depth 0.25, the point at x = z = 0 midway, y = sqrt 2 - 0.125.
    const s8 = Math.sin(Math.PI / 8);
    const c8 = Math.cos(Math.PI / 8);
    const a = box(v(0, 0, 0), v(1, 1, 1), { x: s8, y: 0, z: 0, w: c8 });
    const b = box(v(0, 2 * Math.SQRT2 - 0.25, 0), v(1, 1, 1), { x: 0, y: 0, z: s8, w: c8 });
    const c = contactBoxBox(a, b)!;
    expect(c.count).toBe(1);
    near(c.normal.x, 0, 1e-15);
    near(c.normal.y, 1, 1e-15);
    near(c.normal.z, 0, 1e-15);
    near(c.depth, 0.25, 1e-14);
    near(c.points[0]!.point.x, 0, 1e-14);
    near(c.points[0]!.point.y, Math.SQRT2 - 0.125, 1e-14);
    near(c.points[0]!.point.z, 0, 1e-14);
    near(c.points[0]!.depth, 0.25, 1e-14);
    const r = contactBoxBox(b, a)!;
    near(r.normal.y, -1, 1e-15);
    near(r.depth, 0.25, 1e-14);
    near(r.points[0]!.point.y, Math.SQRT2 - 0.125, 1e-14);
  });

  it("touching at a face: depth 0, the shared rectangle; apart by 1 ulp: null, out untouched", () => {
    // A = [-1, 1]^3, B = [1, 3] x [-0.5, 1.5] x [-1, 1]: the faces x = 1 share y in [-0.5, 1].
    const out = makeContact();
    const c = contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(2, 0.5, 0), v(1, 1, 1)), out);
    expect(c).toBe(out);
    expect(c!.depth).toBe(0);
    expect(c!.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(pts(c!)).toEqual([
      [1, -0.5, -1, 0],
      [1, 1, -1, 0],
      [1, -0.5, 1, 0],
      [1, 1, 1, 0],
    ]);
    const before = JSON.stringify(out);
    const apart = box(v(2.0000000000000004, 0, 0), v(1, 1, 1));
    expect(contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), apart, out)).toBeNull();
    expect(JSON.stringify(out)).toBe(before);
  });

  it("touching along an edge: depth 0, points on the shared edge covering it", () => {
    // B = [1, 3]^2 x [-1, 1] meets A = [-1, 1]^3 on the edge x = y = 1, z in [-1, 1].
    const c = contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(2, 2, 0), v(1, 1, 1)))!;
    expect(c.depth).toBe(0);
    expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
    const p = pts(c);
    for (const [x, y, z, d] of p) {
      expect([x, y, d]).toEqual([1, 1, 0]);
      expect(Math.abs(z!)).toBeLessThanOrEqual(1);
    }
    expect(p[0]![2]).toBe(-1);
    expect(p[p.length - 1]![2]).toBe(1);
  });

  it("touching at a corner: depth 0, every point the corner", () => {
    const c = contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(2, 2, 2), v(1, 1, 1)))!;
    expect(c.depth).toBe(0);
    for (const p of pts(c)) expect(p).toEqual([1, 1, 1, 0]);
  });

  it("a box inside another: bInA, depth to push it out through the nearest face", () => {
    // A = [-3, 3]^3, B = [-0.5, 1.5] x [-1, 1]^2: overlap along x 3 + 1 - 0.5 = 3.5 (y, z: 4).
    // B's -x face (x = -0.5) is 3.5 below A's +x face: points midway at x = 1.25.
    const c = contactBoxBox(box(v(0, 0, 0), v(3, 3, 3)), box(v(0.5, 0, 0), v(1, 1, 1)))!;
    expect([c.aInB, c.bInA]).toEqual([false, true]);
    expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(c.depth).toBe(3.5);
    expect(pts(c)).toEqual([
      [1.25, -1, -1, 3.5],
      [1.25, 1, -1, 3.5],
      [1.25, -1, 1, 3.5],
      [1.25, 1, 1, 3.5],
    ]);
  });

  it("identical boxes: each inside the other (exact), depth the thinnest width", () => {
    // Centers equal: the overlaps are the widths 2, 4, 6; +x by convention, points midway (x = 1).
    const q = { x: 0.1, y: 0.2, z: 0.3, w: 0.9 };
    const a = box(v(1, 2, 3), v(1, 2, 3));
    const c = contactBoxBox(a, box(v(1, 2, 3), v(1, 2, 3)))!;
    expect([c.aInB, c.bInA]).toEqual([true, true]);
    expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(c.depth).toBe(2);
    expect(pts(c)).toEqual([
      [1, 0, 0, 2],
      [1, 4, 0, 2],
      [1, 0, 6, 2],
      [1, 4, 6, 2],
    ]);
    // Turned the same way: still nested both ways, depth 2 along the turned first axis.
    const t = box(v(1, 2, 3), v(1, 2, 3), q);
    const d = contactBoxBox(t, box(v(1, 2, 3), v(1, 2, 3), q))!;
    expect([d.aInB, d.bInA]).toEqual([true, true]);
    near(d.depth, 2, 1e-14);
  });

  it("flat boxes: a plate resting on a plate and a plate through a cube", () => {
    // A is the square y = 0, |x|, |z| <= 1; B = [-0.5, 1.5] x [0, 1] x [-1, 1] stands on it:
    // depth 0 along +y, B's bottom clipped to x in [-0.5, 1].
    const c = contactBoxBox(box(v(0, 0, 0), v(1, 0, 1)), box(v(0.5, 0.5, 0), v(1, 0.5, 1)))!;
    expect(c.depth).toBe(0);
    expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(pts(c)).toEqual([
      [-0.5, 0, -1, 0],
      [-0.5, 0, 1, 0],
      [1, 0, -1, 0],
      [1, 0, 1, 0],
    ]);
    // The plate y = 0.5, |x| <= 2, |z| <= 0.5 through A = [-1, 1]^3: overlaps x 3, y 0.5, z 1.5:
    // +y, depth 0.5, the plate clipped to A's top face, 0.5 below it, midway at y = 0.75.
    const d = contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(0, 0.5, 0), v(2, 0, 0.5)))!;
    expect(d.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(d.depth).toBe(0.5);
    expect(pts(d)).toEqual([
      [-1, 0.75, -0.5, 0.5],
      [-1, 0.75, 0.5, 0.5],
      [1, 0.75, -0.5, 0.5],
      [1, 0.75, 0.5, 0.5],
    ]);
    expect([d.aInB, d.bInA]).toEqual([false, false]);
  });

  it("a segment touching a coplanar rectangle a subnormal off: points on the segment", () => {
    // Both turned 45 degrees about x (axes x, A_y = (0, c, s), A_z = (0, -s, c), s = c = sqrt 1/2).
    // A is the segment |z'| <= 0.5 along A_z; B the rectangle y' = 0 (x in [-0.15, 0.85], |z'| <=
    // 1.5) with its center moved to y = -5e-324, which the exact test still finds touching. The
    // overlap along A_y is 0; the points are the segment's ends (0, -/+ 0.3536, +/- 0.3536), depth
    // 0 (a deep property run found this: a keep tolerance scaled by the heights alone was 0 and
    // dropped them).
    const q = { x: Math.sin(Math.PI / 8), y: 0, z: 0, w: Math.cos(Math.PI / 8) };
    const c = contactBoxBox(
      box(v(0, 0, 0), v(0, 0, 0.5), q),
      box(v(0.35000000000000003, -Number.MIN_VALUE, 0), v(0.5, 0, 1.5), q),
    )!;
    expect(c.depth).toBe(0);
    const p = pts(c);
    expect(p.length).toBe(2);
    const h = Math.SQRT1_2 / 2;
    for (const [i, z] of [-h, h].entries()) {
      near(p[i]![0]!, 0, 1e-15);
      near(p[i]![1]!, -z, 1e-15);
      near(p[i]![2]!, z, 1e-15);
      expect(p[i]![3]).toBe(0);
    }
  });

  for (const [s, o] of [
    [1, 1e9],
    [1e-100, 0],
    [1e100, 0],
    [1e-100, 1e-90],
  ] as const) {
    it(`the resting contact scaled by ${s} and moved by ${o}: the same manifold`, () => {
      // The first case's figures times s plus o (tolerance: a few ulps of s, and the rounding of
      // the centers moved by o, about 1 ulp of o).
      const [a, b] = stacked(s, o);
      const c = contactBoxBox(a, b)!;
      const tol = 1e-15 * s + 5e-16 * o;
      expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
      near(c.depth, 0.25 * s, tol);
      const want = [
        [-0.5, -1.5],
        [-0.5, 0.5],
        [1.5, -1.5],
        [1.5, 0.5],
      ];
      const p = pts(c);
      expect(p.length).toBe(4);
      for (let i = 0; i < 4; i++) {
        near(p[i]![0]!, want[i]![0]! * s + o, tol);
        near(p[i]![1]!, 0.875 * s + o, tol);
        near(p[i]![2]!, want[i]![1]! * s + o, tol);
        near(p[i]![3]!, 0.25 * s, tol);
      }
    });
  }
});
