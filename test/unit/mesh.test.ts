import { describe, expect, it } from "vitest";
import {
  intersectLineMesh,
  intersectRayMesh,
  intersectSegmentMesh,
  line,
  type Mesh,
  type MeshOptions,
  makeMeshHit,
  mesh,
  ray,
  segment,
  testRayMesh,
  testSegmentMesh,
  type Vec,
} from "../../src/3d/index.ts";
import { cubeSphere, prng } from "../properties/mesh-gen.ts";

const V = (x: number, y: number, z: number): Vec => ({ x, y, z });

// The unit cube [0, 1]^3 as 12 triangles; triangle 2 = (4, 5, 6) and 3 = (4, 6, 7) make the top
// face z = 1, sharing the diagonal (0, 0, 1)-(1, 1, 1).
const cubePositions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
const cubeIndices = [
  0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4,
  3, 4, 7,
];
const cube = mesh(cubePositions, cubeIndices);

/**
 * The BVH's broken invariants (empty when it is valid): every node reachable once from the root;
 * every slot in exactly one leaf, so `order` is a permutation and every triangle is in exactly
 * one leaf; each slot's corners are its triangle's positions; every box is the exact min and max
 * of its triangles' corners (so it contains its children's boxes); `depth` is the longest
 * root-to-leaf path.
 */
function problems(m: Mesh): string[] {
  const { boxes, nodes, nodeCount, triangles, order, depth, stack } = m.bvh;
  const n = m.triangleCount;
  const bad: string[] = [];
  if (order.length !== n || triangles.length !== 9 * n) bad.push("array lengths");
  const slotSeen = new Uint8Array(n);
  const nodeSeen = new Uint8Array(nodeCount);
  let deepest = 0;
  /** Visits node at level; returns the exact bounds of its triangles' corners. */
  const visit = (node: number, level: number): number[] => {
    const bounds = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    if (node >= nodeCount || nodeSeen[node]) {
      bad.push(`node ${node} out of range or reached twice`);
      return bounds;
    }
    nodeSeen[node] = 1;
    deepest = Math.max(deepest, level);
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count > 0) {
      for (let s = first; s < first + count; s++) {
        if (slotSeen[s]) bad.push(`slot ${s} in two leaves`);
        slotSeen[s] = 1;
        const t = order[s]!;
        for (let k = 0; k < 9; k++) {
          const v = m.indices[3 * t + Math.floor(k / 3)]!;
          const x = triangles[9 * s + k]!;
          if (x !== m.positions[3 * v + (k % 3)]) bad.push(`slot ${s} corner ${k}`);
          bounds[k % 3] = Math.min(bounds[k % 3]!, x);
          bounds[3 + (k % 3)] = Math.max(bounds[3 + (k % 3)]!, x);
        }
      }
    } else {
      if (count < -3 || count === 0) bad.push(`node ${node} count ${count}`);
      for (const child of [first, first + 1]) {
        const b = visit(child, level + 1);
        for (let a = 0; a < 3; a++) {
          bounds[a] = Math.min(bounds[a]!, b[a]!);
          bounds[3 + a] = Math.max(bounds[3 + a]!, b[3 + a]!);
        }
      }
    }
    for (let a = 0; a < 6; a++) {
      if (!Object.is(boxes[6 * node + a], bounds[a])) bad.push(`node ${node} box[${a}]`);
    }
    return bounds;
  };
  visit(0, 0);
  if (!slotSeen.every((x) => x === 1)) bad.push("a slot in no leaf");
  if (!nodeSeen.every((x) => x === 1)) bad.push("an unreachable node");
  if (new Set(order).size !== n) bad.push("order is not a permutation");
  if (depth !== deepest) bad.push(`depth ${depth}, longest path ${deepest}`);
  if (stack.length < depth + 2) bad.push("stack too short");
  return bad;
}

function validate(m: Mesh): void {
  expect(problems(m)).toEqual([]);
}

/**
 * 200 rays (seeded) aimed near the center (3, -2, 7) of the cube spheres below, each with the
 * same first hit (triangle and t) through both trees; more than 50 of them hit.
 */
function expectSameHits(a: Mesh, b: Mesh, seed: number): void {
  const rand = prng(seed);
  let hits = 0;
  for (let i = 0; i < 200; i++) {
    const o = {
      x: 3 + 200 * (rand() - 0.5),
      y: -2 + 200 * (rand() - 0.5),
      z: 7 + 200 * (rand() - 0.5),
    };
    const r = ray(o.x, o.y, o.z, 3 + 60 * (rand() - 0.5) - o.x, -2 - o.y, 7 - o.z);
    const p = intersectRayMesh(r, a);
    const q = intersectRayMesh(r, b);
    expect(q?.triangle).toBe(p?.triangle);
    expect(q?.t).toBe(p?.t);
    if (p) hits++;
  }
  expect(hits).toBeGreaterThan(50);
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
    const bad = { split: "median" } as unknown as MeshOptions;
    expect(() => mesh([0, 0, 0], [0, 0, 0], bad)).toThrow(
      /mesh\.split must be "sah", "middle" or "morton", got median/,
    );
  });

  it('split "middle" builds a valid tree on 19,200 triangles and on 1000 coincident ones, with the same hits as SAH', () => {
    const data = cubeSphere(40, 50, [3, -2, 7], 0.1, prng(11), false);
    const sah = mesh(data.positions, data.indices);
    const mid = mesh(data.positions, data.indices, { split: "middle" });
    // Six faces of 40 x 40 quads, two triangles each.
    expect(mid.triangleCount).toBe(6 * 40 * 40 * 2);
    validate(mid);
    // The trees differ (SAH cuts the 19,200 triangles elsewhere), the answers do not.
    expect(mid.bvh.nodes).not.toEqual(sah.bvh.nodes);
    expectSameHits(sah, mid, 5);
    // 1000 copies of one triangle: no middle separates them, so the run is halved.
    const idx: number[] = [];
    for (let i = 0; i < 1000; i++) idx.push(0, 1, 2);
    const same = mesh([0, 0, 0, 1, 0, 0, 0, 1, 0], idx, { split: "middle" });
    validate(same);
    expect(intersectRayMesh(ray(0.25, 0.25, 2, 0, 0, -1), same)!.triangle).toBe(0);
  });

  it('split "morton" sorts the triangles by Morton code and splits each node at its first differing bit', () => {
    // 16 small triangles along x (triangle i spans x in [i, i + 0.5], centroid i + 0.25), given
    // in a shuffled order. The vertices' box is centred at x = 7.75, the middle of the Morton
    // cells, so the root splits x there: centroids 0.25 .. 7.25 left, 8.25 .. 15.25 right, eight
    // triangles each, and both sides are leaves (at most 8 triangles).
    const shuffled = [5, 12, 0, 9, 15, 3, 7, 10, 1, 14, 6, 11, 2, 8, 13, 4];
    const row = (axis: number): Mesh => {
      const pos: number[] = [];
      for (const i of shuffled) {
        for (const [u, v] of [
          [i, 0],
          [i + 0.5, 0],
          [i, 0.5],
        ] as const) {
          const p = [0, 0, 0];
          p[axis] = u;
          p[(axis + 1) % 3] = v;
          pos.push(...p);
        }
      }
      return mesh(pos, [...Array(48).keys()], { split: "morton" });
    };
    for (const axis of [0, 1, 2]) {
      const m = row(axis);
      validate(m);
      // Root: children 1 and 2, split along `axis`; both leaves of 8 slots.
      expect([...m.bvh.nodes.slice(0, 6)]).toEqual([1, -1 - axis, 0, 8, 8, 8]);
      expect(m.bvh.depth).toBe(1);
      // Slot s holds the triangle at position s along the row.
      expect([...m.bvh.order].map((t) => shuffled[t])).toEqual([...Array(16).keys()]);
    }
  });

  it('split "morton" builds a valid tree on 19,200 triangles and on 1000 coincident ones, with the same hits as SAH', () => {
    const data = cubeSphere(40, 50, [3, -2, 7], 0.1, prng(11), false);
    const sah = mesh(data.positions, data.indices);
    const lin = mesh(data.positions, data.indices, { split: "morton" });
    validate(lin);
    expect(lin.bvh.nodes).not.toEqual(sah.bvh.nodes);
    // Leaves hold at most 8 triangles.
    const { nodes, nodeCount } = lin.bvh;
    for (let node = 0; node < nodeCount; node++)
      expect(nodes[2 * node + 1]!).toBeLessThanOrEqual(8);
    expectSameHits(sah, lin, 6);
    // 1000 copies of one triangle share one code: the run is halved down to leaves of 8 or less.
    const idx: number[] = [];
    for (let i = 0; i < 1000; i++) idx.push(0, 1, 2);
    const same = mesh([0, 0, 0, 1, 0, 0, 0, 1, 0], idx, { split: "morton" });
    validate(same);
    expect(same.bvh.depth).toBe(7);
    expect(intersectRayMesh(ray(0.25, 0.25, 2, 0, 0, -1), same)!.triangle).toBe(0);
    // Coordinates near the largest and smallest doubles: the codes neither overflow nor collapse.
    for (const s of [2 ** 1000, 2 ** -1060]) {
      const big = mesh(
        data.positions.map((v) => v * s),
        data.indices,
        { split: "morton" },
      );
      validate(big);
      expect(big.bvh.depth).toBe(lin.bvh.depth);
    }
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

  it("1000 triangles with one centroid (past the middle split's 128) and 500 beside a grid build bounded leaves", () => {
    const idx: number[] = [];
    for (let i = 0; i < 1000; i++) idx.push(0, 1, 2);
    const m = mesh([0, 0, 0, 1, 0, 0, 0, 1, 0], idx);
    validate(m);
    expect(intersectRayMesh(ray(0.25, 0.25, 2, 0, 0, -1), m)!.triangle).toBe(0);
    // The 500 copies at z = 0 under a 20 x 20 grid at z = 3: a ray down through both hits the grid.
    const pos = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    const both = idx.slice(0, 1500);
    for (let y = 0; y < 21; y++) for (let x = 0; x < 21; x++) pos.push(x - 10, y - 10, 3);
    for (let y = 0; y < 20; y++) {
      for (let x = 0; x < 20; x++) {
        const v = 3 + y * 21 + x;
        both.push(v, v + 1, v + 21, v + 1, v + 22, v + 21);
      }
    }
    const g = mesh(pos, both);
    validate(g);
    expect(intersectRayMesh(ray(0.25, 0.25, 5, 0, 0, -1), g)!.t).toBe(2);
    expect(intersectRayMesh(ray(0.25, 0.25, 2, 0, 0, -1), g)!.triangle).toBe(0);
  });

  it("more triangles than coordinates: 50 copies of one triangle over 3 vertices", () => {
    const idx: number[] = [];
    for (let i = 0; i < 50; i++) idx.push(0, 1, 2);
    const m = mesh([0, 0, 0, 1, 0, 0, 0, 1, 0], idx);
    validate(m);
    // Every copy is hit at t = 2; the tie goes to the lowest index.
    const hit = intersectRayMesh(ray(0.25, 0.25, 2, 0, 0, -1), m)!;
    expect(hit.t).toBe(2);
    expect(hit.triangle).toBe(0);
  });

  it("chains of triangles at x = 2^-i and -2^-i build a tree deeper than the build's first stack", () => {
    // Each binned split (8 bins) can only cut off the few triangles farthest from x = 0, so the
    // tree is deep: the build's pending-node arrays (16 entries at first) must grow. The chains
    // are symmetric so the build's float32 copy (centered on the bounds) keeps every 2^-i apart.
    const n = 140;
    const pos: number[] = [];
    const idx: number[] = [];
    for (let i = 0; i < n; i++) {
      for (const x of [2 ** -i, -(2 ** -i)]) {
        const v = pos.length / 3;
        pos.push(x, 0, 0, x, 1, 0, x, 0, 1);
        idx.push(v, v + 1, v + 2);
      }
    }
    const m = mesh(pos, idx);
    validate(m);
    expect(m.bvh.depth).toBeGreaterThan(16);
    // From x = 2 toward -x, the first triangle met is triangle 0 at x = 1 (t = 1);
    // and from x = -2 toward +x triangle 1 at x = -1 (t = 1).
    const hit = intersectRayMesh(ray(2, 0.25, 0.25, -1, 0, 0), m)!;
    expect(hit.triangle).toBe(0);
    expect(hit.t).toBe(1);
    const back = intersectRayMesh(ray(-2, 0.25, 0.25, 1, 0, 0), m)!;
    expect(back.triangle).toBe(1);
    expect(back.t).toBe(1);
  });

  it("BVH invariants on a 20 x 20 cube sphere, offset and scaled far from 1", () => {
    for (const [scale, offset] of [
      [1, 0],
      [1e-300, 1e-290],
      [1e290, -1e300],
      [1, 1e9],
    ] as const) {
      const data = cubeSphere(20, 1, [0, 0, 0], 0.05, prng(7), false);
      const m = mesh(
        data.positions.map((v) => v * scale + offset),
        data.indices,
      );
      expect(m.triangleCount).toBe(4800);
      validate(m);
    }
  });

  it("the validator catches a loosened box, a triangle in two leaves and a wrong corner", () => {
    const data = cubeSphere(4, 1, [0, 0, 0], 0, prng(1), false);
    const m = mesh(data.positions, data.indices);
    validate(m);
    const { boxes, nodes, order, triangles } = m.bvh;
    const box = boxes[6 * 1 + 3]!;
    boxes[6 * 1 + 3] = box + 1;
    expect(problems(m)).toContain("node 1 box[3]");
    boxes[6 * 1 + 3] = box;
    let leaf = 0;
    while (nodes[2 * leaf + 1]! < 0) leaf = nodes[2 * leaf]!;
    const first = nodes[2 * leaf]!;
    const saved = order[first + 1]!;
    order[first + 1] = order[first]!;
    expect(problems(m)).toContain("order is not a permutation");
    order[first + 1] = saved;
    const corner = triangles[9 * first]!;
    triangles[9 * first] = corner + 1;
    expect(problems(m)).toContain(`slot ${first} corner 0`);
    triangles[9 * first] = corner;
    validate(m);
  });

  it("BVH invariants when the coordinates span nearly the whole double range", () => {
    // Half extents near MAX_VALUE: the float32 build copy must be rescaled, not overflow.
    const big = Number.MAX_VALUE;
    const pos: number[] = [];
    const idx: number[] = [];
    const rand = prng(11);
    for (let i = 0; i < 300; i++) {
      for (let k = 0; k < 9; k++) pos.push((2 * rand() - 1) * big);
      idx.push(3 * i, 3 * i + 1, 3 * i + 2);
    }
    // Plus a few subnormal triangles at the origin.
    for (let i = 300; i < 310; i++) {
      pos.push(0, 0, 0, 5e-324 * i, 0, 0, 0, 5e-324, 0);
      idx.push(3 * i, 3 * i + 1, 3 * i + 2);
    }
    const m = mesh(pos, idx);
    validate(m);
    expect(m.bounds.min.x).toBe(Math.min(...pos.filter((_, i) => i % 3 === 0)));
  });

  it("BVH invariants on collinear triangles and on triangles in a row along each axis", () => {
    const rand = prng(3);
    for (let axis = 0; axis < 4; axis++) {
      const pos: number[] = [];
      const idx: number[] = [];
      for (let i = 0; i < 200; i++) {
        // axis 3: every triangle a segment on the x axis (zero area boxes in y and z).
        const at = axis === 3 ? [rand(), 0, 0] : [0, 0, 0].map((_, a) => (a === axis ? i : 0));
        for (let c = 0; c < 3; c++) {
          pos.push(at[0]! + (axis === 3 ? rand() : rand() * 0.5), at[1]!, at[2]!);
        }
        idx.push(3 * i, 3 * i + 1, 3 * i + 2);
      }
      validate(mesh(pos, idx));
    }
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
