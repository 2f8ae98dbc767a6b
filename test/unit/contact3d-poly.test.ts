/**
 * Contacts of 3D polytopes (aabb, box, triangle, hull), plane and mesh: hand-derived normals,
 * depths and manifold points, touching (depth 0), null when apart, containment flags, `out` reuse.
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  type Contact,
  contactAabbAabb,
  contactAabbHull,
  contactAabbMesh,
  contactAabbTriangle,
  contactBoxBox,
  contactBoxMesh,
  contactBoxTriangle,
  contactHullHull,
  contactPlaneBox,
  contactTriangleTriangle,
  convexHull,
  hull,
  makeContact,
  mesh,
  plane,
  triangle,
  vec,
} from "../../src/3d/index.ts";

const v = vec;
const pts = (c: Contact) =>
  c.points
    .slice(0, c.count)
    .map((p) => [p.point.x, p.point.y, p.point.z, p.depth])
    .sort((p, q) => p[0]! - q[0]! || p[2]! - q[2]!);
const cube = (s: number, ox = 0, oy = 0, oz = 0) => {
  const out = [];
  for (const x of [-s, s])
    for (const y of [-s, s]) for (const z of [-s, s]) out.push(v(x + ox, y + oy, z + oz));
  return out;
};

describe("contactBoxBox", () => {
  it("a box resting 0.1 deep on a box: normal +y, depth 0.1, the 4 corners of the overlap", () => {
    // A = [-1, 1]^3; B = [-0.5, 1.5] x [0.9, 2.9] x [-1, 1]. Least overlap on y: 1 - 0.9 = 0.1
    // (x: 1.5, z: 2). B's bottom face clipped to A's top face: x in [-0.5, 1], z in [-1, 1], each
    // corner 0.1 deep, midway at y = 0.95.
    const c = contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(0.5, 1.9, 0), v(1, 1, 1)))!;
    expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(c.depth).toBeCloseTo(0.1, 14);
    expect(c.count).toBe(4);
    const p = pts(c);
    for (const [i, [x, z]] of [
      [-0.5, -1],
      [-0.5, 1],
      [1, -1],
      [1, 1],
    ].entries()) {
      expect(p[i]![0]).toBeCloseTo(x!, 14);
      expect(p[i]![1]).toBeCloseTo(0.95, 14);
      expect(p[i]![2]).toBeCloseTo(z!, 14);
      expect(p[i]![3]).toBeCloseTo(0.1, 14);
    }
    expect([c.aInB, c.bInA]).toEqual([false, false]);
  });
  it("a box turned 45 degrees about z rests its lower edge 0.1 deep on a face: 2 points", () => {
    // B's half-diagonal in the xy plane is sqrt(2), so its lowest edge (x = 0, z in [-1, 1]) is
    // at y = 1 + sqrt(2) - 0.1 - sqrt(2) = 0.9: 0.1 below A's top y = 1 (A = [-2, 2] x [-1, 1] x
    // [-2, 2]); the clipped edge gives its two ends, midway at y = 0.95.
    const q = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) };
    const c = contactBoxBox(
      box(v(0, 0, 0), v(2, 1, 2)),
      box(v(0, 1 + Math.SQRT2 - 0.1, 0), v(1, 1, 1), q),
    )!;
    expect(c.normal.y).toBeCloseTo(1, 14);
    expect(c.depth).toBeCloseTo(0.1, 12);
    expect(c.count).toBe(2);
    const p = pts(c);
    expect(p[0]![0]).toBeCloseTo(0, 12);
    expect(p[0]![1]).toBeCloseTo(0.95, 12);
    expect([p[0]![2], p[1]![2]]).toEqual([-1, 1].map((z) => expect.closeTo(z, 12)));
  });
  it("touching faces give depth 0 and apart gives null, leaving out untouched", () => {
    const out = makeContact();
    const c = contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(2, 0.5, 0), v(1, 1, 1)), out);
    expect(c).toBe(out);
    expect(c!.depth).toBe(0);
    expect(c!.normal).toEqual({ x: 1, y: 0, z: 0 });
    const before = JSON.stringify(out);
    expect(
      contactBoxBox(box(v(0, 0, 0), v(1, 1, 1)), box(v(2.0000000000000004, 0, 0), v(1, 1, 1)), out),
    ).toBeNull();
    expect(JSON.stringify(out)).toBe(before);
  });
  it("crossed edges: 1 point at the edges' midpoint", () => {
    // A = [-1, 1]^3. B is a unit box turned 45 degrees about x then placed so its lowest edge
    // (along z... turned about x it runs along x) crosses A's top edge region: B turned 45 about
    // z and about x shows an edge; instead use A turned about x and B about z, one edge on the
    // other: A's top edge runs along x at y = sqrt(2), B's bottom edge along z at y = c - sqrt(2).
    const qa = { x: Math.sin(Math.PI / 8), y: 0, z: 0, w: Math.cos(Math.PI / 8) };
    const qb = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) };
    const c = contactBoxBox(
      box(v(0, 0, 0), v(1, 1, 1), qa),
      box(v(0, 2 * Math.SQRT2 - 0.1, 0), v(1, 1, 1), qb),
    )!;
    // The edges cross at x = z = 0; the overlap along y is 0.1, points midway at y = sqrt(2) - 0.05.
    expect(c.count).toBe(1);
    expect(c.normal.y).toBeCloseTo(1, 12);
    expect(c.depth).toBeCloseTo(0.1, 12);
    expect(c.points[0]!.point.x).toBeCloseTo(0, 12);
    expect(c.points[0]!.point.y).toBeCloseTo(Math.SQRT2 - 0.05, 12);
    expect(c.points[0]!.point.z).toBeCloseTo(0, 12);
  });
});

describe("contactAabbAabb", () => {
  it("least overlap axis, 4 points of the overlapping rectangle", () => {
    // A = [0, 2]^3, B = [1, 3] x [1.5, 3] x [0.5, 1.5]: overlaps x 1, y 0.5, z 1.5 (either way
    // 1.5): normal +y, depth 0.5, points x in {1, 2}, z in {0.5, 1.5} at y = 1.75.
    const c = contactAabbAabb(aabb(v(0, 0, 0), v(2, 2, 2)), aabb(v(1, 1.5, 0.5), v(3, 3, 1.5)))!;
    expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(c.depth).toBe(0.5);
    expect(pts(c)).toEqual([
      [1, 1.75, 0.5, 0.5],
      [1, 1.75, 1.5, 0.5],
      [2, 1.75, 0.5, 0.5],
      [2, 1.75, 1.5, 0.5],
    ]);
  });
  it("nested boxes: bInA exact, even when faces coincide", () => {
    const c = contactAabbAabb(aabb(v(0, 0, 0), v(2, 2, 2)), aabb(v(0, 0, 0), v(1, 2, 1)))!;
    expect([c.aInB, c.bInA]).toEqual([false, true]);
    // One ulp past A's face: not inside.
    const d = contactAabbAabb(
      aabb(v(0, 0, 0), v(2, 2, 2)),
      aabb(v(0, 0, 0), v(1, 2.0000000000000004, 1)),
    )!;
    expect([d.aInB, d.bInA]).toEqual([false, false]);
  });
});

describe("triangles", () => {
  it("a big triangle 0.1 inside a box's top: normal +y, the box's top face corners", () => {
    // A = [-1, 1]^3, triangle in the plane y = 0.9 covering x, z in [-1, 1]: B must move up 0.1;
    // the reference is A's top face (a tie with the triangle's face keeps A's), the incident the
    // triangle, clipped to the square: its 4 corners, midway at 0.95.
    const c = contactAabbTriangle(
      aabb(v(-1, -1, -1), v(1, 1, 1)),
      triangle(v(-3, 0.9, -3), v(3, 0.9, -3), v(0, 0.9, 3)),
    )!;
    expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(c.depth).toBeCloseTo(0.1, 14);
    expect(c.count).toBe(4);
    for (const p of pts(c)) expect(p[1]).toBeCloseTo(0.95, 14);
  });
  it("a triangle on a box's top face (touching): depth 0, 3 corners, triangle inside? no: flat", () => {
    // Triangle corners on y = 1 inside the face: touching, depth 0; the triangle lies in the
    // closed box, so aInB (A = triangle... here B) bInA is true.
    const c = contactBoxTriangle(
      box(v(0, 0, 0), v(1, 1, 1)),
      triangle(v(0, 1, 0), v(0.5, 1, 0), v(0, 1, 0.5)),
    )!;
    expect(c.depth).toBe(0);
    expect(c.count).toBe(3);
    expect(c.bInA).toBe(true);
    expect(c.aInB).toBe(false);
  });
  it("triangle through triangle: 1 point, exact null when apart", () => {
    const t = triangle(v(0, 0, 0), v(2, 0, 0), v(0, 2, 0));
    expect(
      contactTriangleTriangle(t, triangle(v(0.5, 0.5, -1), v(0.5, 0.5, 1), v(3, 3, 0))),
    ).not.toBeNull();
    // Lifted by the smallest double above the plane z = 0: apart.
    const z = Number.MIN_VALUE;
    expect(contactTriangleTriangle(t, triangle(v(0, 0, z), v(1, 0, z), v(0, 1, z)))).toBeNull();
    const c = contactTriangleTriangle(t, triangle(v(0, 0, 0), v(1, 0, 0), v(0, 1, 0)))!;
    // Coplanar: depth 0 across the shared plane, and the smaller lies in the bigger.
    expect(c.depth).toBe(0);
    expect(c.bInA).toBe(true);
  });
});

describe("hulls", () => {
  it("hull of a cube's corners (faces per call) against a convexHull: same as boxes", () => {
    // Cubes [-1, 1]^3 and [0.5, 2.5] x [-1, 1]^2: overlap 0.5 along +x, the 4 corners of the
    // shared square at x = 0.75.
    const c = contactHullHull(hull(cube(1)), convexHull(cube(1, 1.5)))!;
    expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(c.depth).toBe(0.5);
    expect(c.count).toBe(4);
    for (const p of pts(c)) expect(p[0]).toBe(0.75);
  });
  it("coplanar and repeated hull points change nothing; a hull inside a box is bInA", () => {
    const inner = [...cube(0.5), v(0, 0, 0.5), v(0.5, 0.5, 0.5), v(0, 0, 0)];
    const c = contactAabbHull(aabb(v(-1, -1, -1), v(1, 1, 1)), hull(inner))!;
    // B = [-0.5, 0.5]^3 inside A: it leaves along an axis by 1.5.
    expect(c.depth).toBe(1.5);
    expect([c.aInB, c.bInA]).toEqual([false, true]);
    expect(
      contactAabbHull(aabb(v(-1, -1, -1), v(1, 1, 1)), hull(cube(0.5, 1.5 + 2 ** -52))),
    ).toBeNull();
  });
});

describe("plane", () => {
  it("a box crossing y = 0 by 0.1: normal up, depth 0.1, its 4 bottom corners", () => {
    // Box y in [-0.1, 1.9]: less lies below, so B leaves upward by 0.1; points at y = -0.05.
    const c = contactPlaneBox(plane(v(0, 2, 0), 0), box(v(0, 0.9, 0), v(1, 1, 1)))!;
    expect(c.normal).toEqual({ x: 0, y: 1, z: 0 });
    expect(c.depth).toBeCloseTo(0.1, 14);
    expect(c.count).toBe(4);
    for (const p of pts(c)) expect(p[1]).toBeCloseTo(-0.05, 14);
    expect(contactPlaneBox(plane(v(0, 1, 0), -0.2), box(v(0, 0.9, 0), v(1, 1, 1)))).toBeNull();
  });
});

describe("mesh", () => {
  // A 4 x 4 floor of unit squares on y = 0, x and z in [-2, 2], each split along a diagonal.
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) positions.push(i - 2, 0, j - 2);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const a = i * 5 + j;
      indices.push(a, a + 1, a + 6, a, a + 6, a + 5);
    }
  }
  const floor = mesh(positions, indices);
  it("a box resting across the seams: one vertical normal and its 4 bottom corners", () => {
    // Box x in [-0.2, 0.8], y in [-0.1, 0.9], z in [-0.3, 0.7]: it covers parts of 8 triangles.
    // The floor must go down 0.1 (normal from the box to the mesh: -y); the corners midway at
    // y = -0.05. A small triangle piece alone would push sideways; the mesh keeps one normal.
    const c = contactBoxMesh(box(v(0.3, 0.4, 0.2), v(0.5, 0.5, 0.5)), floor)!;
    expect(c.normal).toEqual({ x: 0, y: -1, z: 0 });
    expect(c.depth).toBeCloseTo(0.1, 14);
    expect(c.count).toBe(4);
    const p = pts(c);
    expect(p.map((q) => [q[0], q[2]])).toEqual(
      [
        [-0.2, -0.3],
        [-0.2, 0.7],
        [0.8, -0.3],
        [0.8, 0.7],
      ].map(([x, z]) => [expect.closeTo(x!, 14), expect.closeTo(z!, 14)]),
    );
    for (const q of p) expect(q[1]).toBeCloseTo(-0.05, 14);
  });
  it("above the floor by one ulp: null; a box wholly above: null", () => {
    expect(contactAabbMesh(aabb(v(-1, Number.MIN_VALUE, -1), v(1, 1, 1)), floor)).toBeNull();
    expect(contactAabbMesh(aabb(v(-1, 0, -1), v(1, 1, 1)), floor)!.depth).toBe(0);
  });
});
