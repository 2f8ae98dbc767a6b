import { describe, expect, it } from "vitest";
import {
  intersectLineMesh,
  intersectRayMesh,
  intersectSegmentMesh,
  line,
  type Mesh,
  makeMeshHit,
  mesh,
  ray,
  segment,
  testRayMesh,
  testSegmentMesh,
  type Vec,
} from "../../src/3d/index.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });

// The unit cube [0, 1]^3 as 12 triangles; triangle 2 = (4, 5, 6) and 3 = (4, 6, 7) make the top
// face z = 1, sharing the diagonal (0, 0, 1)-(1, 1, 1).
const cubePositions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
const cubeIndices = [
  0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4,
  3, 4, 7,
];
const cube = mesh(cubePositions, cubeIndices);

/** Checks the BVH's invariants: every triangle once; boxes contain their children and triangles. */
function validate(m: Mesh): void {
  const { boxes, nodes, nodeCount, triangles, order } = m.bvh;
  const seen = new Set<number>();
  const stack = [0];
  while (stack.length) {
    const node = stack.pop()!;
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    const inside = (x: number, axis: number): boolean =>
      boxes[6 * node + axis]! <= x && x <= boxes[6 * node + 3 + axis]!;
    if (count > 0) {
      for (let s = first; s < first + count; s++) {
        seen.add(order[s]!);
        for (let k = 0; k < 9; k++) expect(inside(triangles[9 * s + k]!, k % 3)).toBe(true);
      }
    } else {
      for (const child of [first, first + 1]) {
        expect(child).toBeLessThan(nodeCount);
        for (let axis = 0; axis < 3; axis++) {
          expect(inside(boxes[6 * child + axis]!, axis)).toBe(true);
          expect(inside(boxes[6 * child + 3 + axis]!, axis)).toBe(true);
        }
        stack.push(child);
      }
    }
  }
  expect(seen.size).toBe(m.triangleCount);
}

describe("mesh constructor", () => {
  it("copies, tags and bounds the mesh; accepts typed arrays", () => {
    expect(cube.kind).toBe("mesh");
    expect(cube.triangleCount).toBe(12);
    expect(cube.bounds).toEqual({ min: V(0, 0, 0), max: V(1, 1, 1) });
    const typed = mesh(new Float32Array(cubePositions), new Uint16Array(cubeIndices));
    expect(typed.triangleCount).toBe(12);
    validate(cube);
    validate(typed);
  });

  it("throws a RangeError naming the field", () => {
    expect(() => mesh([0, 0], [0, 0, 0])).toThrow(/mesh\.positions length/);
    expect(() => mesh([0, 0, Number.NaN], [0, 0, 0])).toThrow(/mesh\.positions\[2\]/);
    expect(() => mesh([0, 0, 0], [0, 0])).toThrow(/mesh\.indices length/);
    expect(() => mesh([0, 0, 0], [])).toThrow(/mesh\.indices length/);
    expect(() => mesh([0, 0, 0], [0, 0, 1])).toThrow(/mesh\.indices\[2\]/);
    expect(() => mesh([0, 0, 0], [0, 0.5, 0])).toThrow(/mesh\.indices\[1\]/);
    expect(() => mesh([0, 0, 0], [0, -1, 0])).toThrow(RangeError);
  });

  it("many triangles with one centroid still build bounded leaves", () => {
    const n = 100;
    const pos: number[] = [];
    const idx: number[] = [];
    for (let i = 0; i < n; i++) {
      pos.push(-1, 0, 0, 1, 0, 0, 0, 0, 0);
      idx.push(3 * i, 3 * i + 1, 3 * i + 2);
    }
    const m = mesh(pos, idx);
    validate(m);
    expect(intersectRayMesh(ray(0, 0, 5, 0, 0, -1), m)!.t).toBe(5);
  });
});

describe("ray and segment vs mesh: hand cases", () => {
  it("down through the top face center: t = 4 at (0.5, 0.5, 1), the shared diagonal: lowest index 2", () => {
    const h = intersectRayMesh(ray(0.5, 0.5, 5, 0, 0, -1), cube)!;
    expect(h.t).toBe(4);
    expect(h.point).toEqual(V(0.5, 0.5, 1));
    expect(h.normal).toEqual(V(0, 0, 1));
    expect(h.triangle).toBe(2);
    // (0.5, 0.5, 1) = a + u (b - a) + v (c - a) with a = (0,0,1), b = (1,0,1), c = (1,1,1): u = 0, v = 0.5.
    expect(h.u).toBe(0);
    expect(h.v).toBe(0.5);
  });

  it("from inside, through the corner (1, 1, 1): t = 1/2 of (1, 1, 1) from the center", () => {
    const h = intersectRayMesh(ray(0.5, 0.5, 0.5, 1, 1, 1), cube)!;
    expect(h.t).toBe(0.5);
    expect(h.point).toEqual(V(1, 1, 1));
  });

  it("along an edge of the cube from outside: enters at the corner (0, 0, 0) at t = 2", () => {
    const h = intersectRayMesh(ray(-2, 0, 0, 1, 0, 0), cube)!;
    expect(h.t).toBe(2);
    expect(h.point).toEqual(V(0, 0, 0));
  });

  it("a segment stopping one ulp short of the top face misses; ending on it hits at t = 1", () => {
    expect(testSegmentMesh(segment(V(0.3, 0.7, 2), V(0.3, 0.7, 1.0000000000000002)), cube)).toBe(
      false,
    );
    const h = intersectSegmentMesh(segment(V(0.3, 0.7, 2), V(0.3, 0.7, 1)), cube)!;
    expect(h.t).toBe(1);
    expect(h.triangle).toBe(3);
  });

  it("misses beside the cube by one ulp; a line finds the far side behind its point", () => {
    expect(testRayMesh(ray(1.0000000000000002, 0.5, 5, 0, 0, -1), cube)).toBe(false);
    // A line along +z through (0.5, 0.5, -5) meets z = 0 first, at t = 5; through (0.5, 0.5, 5)
    // its first point (smallest t) is z = 0 too, behind the point: t = -5.
    expect(intersectLineMesh(line(0.5, 0.5, -5, 0, 0, 1), cube)!.t).toBe(5);
    expect(intersectLineMesh(line(0.5, 0.5, 5, 0, 0, 1), cube)!.t).toBe(-5);
  });

  it("offset 1e9 and scale 1e-7: the same hits", () => {
    const off = mesh(
      cubePositions.map((v) => v + 1e9),
      cubeIndices,
    );
    expect(intersectRayMesh(ray(1e9 + 0.5, 1e9 + 0.5, 1e9 + 5, 0, 0, -1), off)!.t).toBe(4);
    expect(testRayMesh(ray(1e9 + 1, 1e9 + 1, 1e9 + 5, 0, 0, -1), off)).toBe(true);
    const small = mesh(
      cubePositions.map((v) => v * 1e-7),
      cubeIndices,
    );
    expect(intersectRayMesh(ray(0.5e-7, 0.5e-7, 5e-7, 0, 0, -1e-7), small)!.t).toBe(4);
  });

  it("fills and returns out; a miss leaves it untouched", () => {
    const out = makeMeshHit();
    expect(intersectRayMesh(ray(0.5, 0.5, 5, 0, 0, -1), cube, out)).toBe(out);
    expect(intersectRayMesh(ray(5, 5, 5, 0, 0, 1), cube, out)).toBeNull();
    expect(out.t).toBe(4);
  });
});
