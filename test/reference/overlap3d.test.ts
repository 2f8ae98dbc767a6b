/**
 * The overlap reference against hand-derived values (it must be right before it judges src/).
 */
import { describe, expect, it } from "vitest";
import { fromDouble } from "./bigrational.ts";
import {
  coreDistance2,
  frustumVertices,
  overlapRef,
  planeOverlapRef,
  planePlaneRef,
  refBox,
  refBoxAxes,
} from "./overlap3d.ts";

const R = (x: number, y: number, z: number) =>
  [fromDouble(x), fromDouble(y), fromDouble(z)] as [
    ReturnType<typeof fromDouble>,
    ReturnType<typeof fromDouble>,
    ReturnType<typeof fromDouble>,
  ];
const V = (x: number, y: number, z: number) => ({ x, y, z });
const d2 = (a: ReturnType<typeof R>[], b: ReturnType<typeof R>[]): number => {
  const r = coreDistance2(a, b);
  return Number(r.num) / Number(r.den);
};

describe("coreDistance2", () => {
  it("point to point: |(2, 3, 6)|^2 = 49", () => {
    expect(d2([R(0, 0, 0)], [R(2, 3, 6)])).toBe(49);
  });
  it("skew segments: x axis and the y direction at z = 3 are 3 apart", () => {
    expect(d2([R(-1, 0, 0), R(1, 0, 0)], [R(0, -1, 3), R(0, 1, 3)])).toBe(9);
  });
  it("point over a triangle's inside: foot (0, 0, 7)", () => {
    expect(d2([R(0, 0, 0)], [R(-1, -1, 7), R(1, -1, 7), R(0, 1, 7)])).toBe(49);
  });
  it("a segment piercing a triangle is at distance 0", () => {
    expect(d2([R(1, 1, -1), R(1, 1, 1)], [R(0, 0, 0), R(4, 0, 0), R(0, 4, 0)])).toBe(0);
  });
  it("a point inside a cube is at distance 0 (needs a tetrahedron of the cube's corners)", () => {
    const cube = [];
    for (const x of [0, 2]) for (const y of [0, 2]) for (const z of [0, 2]) cube.push(R(x, y, z));
    expect(d2([R(1, 1, 1)], cube)).toBe(0);
    expect(d2([R(3, 1, 1)], cube)).toBe(1);
    expect(d2([R(4, 4, 1)], cube)).toBe(8);
  });
});

describe("frustumVertices", () => {
  it("z in [-3, -1], |x|, |y| <= -z has corners (±1, ±1, -1) and (±3, ±3, -3)", () => {
    const planes = [
      { normal: V(-1, 0, 1), offset: 0 },
      { normal: V(1, 0, 1), offset: 0 },
      { normal: V(0, -1, 1), offset: 0 },
      { normal: V(0, 1, 1), offset: 0 },
      { normal: V(0, 0, 3), offset: -3 },
      { normal: V(0, 0, -1), offset: 3 },
    ];
    const got = frustumVertices(planes)
      .map((v) => v.map((c) => Number(c.num) / Number(c.den)).join(","))
      .sort();
    const want: string[] = [];
    for (const s of [1, 3])
      for (const x of [-s, s]) for (const y of [-s, s]) want.push(`${x},${y},${-s}`);
    expect(got).toEqual(want.sort());
  });
});

describe("overlapRef, planes", () => {
  it("tangent spheres count; radius sums are exact (0.1 + 0.2 vs the double 0.30000000000000004)", () => {
    const s = (x: number, r: number) => ({
      kind: "sphere" as const,
      center: V(x, 0, 0),
      radius: r,
    });
    expect(overlapRef(s(0, 3), { kind: "sphere", center: V(2, 3, 6), radius: 4 })).toBe(true);
    expect(overlapRef(s(0, 0.1), s(0.1 + 0.2, 0.2))).toBe(false);
    expect(overlapRef(s(0, 0.1), s(0.3, 0.2))).toBe(true);
  });
  it("planes: 7 from the origin along (2, 3, 6); parallel planes equal only when proportional", () => {
    const p = { normal: V(2, 3, 6), offset: 49 };
    expect(planeOverlapRef(p, { kind: "sphere", center: V(0, 0, 0), radius: 7 })).toBe(true);
    expect(
      planeOverlapRef(p, { kind: "sphere", center: V(0, 0, 0), radius: 6.999999999999999 }),
    ).toBe(false);
    expect(
      planePlaneRef({ normal: V(1, 2, 3), offset: 4 }, { normal: V(2, 4, 6), offset: 8 }),
    ).toBe(true);
    expect(
      planePlaneRef({ normal: V(1, 2, 3), offset: 4 }, { normal: V(2, 4, 6), offset: 9 }),
    ).toBe(false);
  });
});

describe("refBox: the box as the library's constructor stores it", () => {
  // The quarter turn about z given as (0, 0, s, s), s = Math.SQRT1_2 = 0.7071067811865476:
  // hypot(0, 0, 1, 1) = 1.4142135623730951, times s rounds to 1.0000000000000002, and
  // s / 1.0000000000000002 rounds to 0.7071067811865475 = z'. Then z'^2 rounds to 1/2 - 2^-53,
  // so the axes are u = (2^-52, 1 - 2^-52, 0), v = (-(1 - 2^-52), 2^-52, 0), w = (0, 0, 1);
  // the raw s would give u = (-2^-52, 1 + 2^-52, 0), a box 2 ulps larger.
  const q = { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 };
  const b = refBox(V(0, 0, 0), V(1, 1, 1), q);
  it("normalises the rotation once: (0, 0, 0.7071067811865475, 0.7071067811865475)", () => {
    expect(b.rotation).toEqual({ x: 0, y: 0, z: 0.7071067811865475, w: 0.7071067811865475 });
    expect(refBoxAxes(b)).toEqual([
      V(2 ** -52, 1 - 2 ** -52, 0),
      V(-(1 - 2 ** -52), 2 ** -52, 0),
      V(0, 0, 1),
    ]);
  });
  it("the corner u - v is at y = 1 - 2^-51: an aabb from y = 1 beside it misses", () => {
    // For x >= 0.5 the face u + s v (s in [-1, 1]) has y = 1 - 2^-52 + s 2^-52 < 1 (its x is
    // 2^-52 - s (1 - 2^-52) >= 0.5 needs s < 0); with the raw rotation it reached 1 + 2^-51.
    const a = { kind: "aabb" as const, min: V(0.5, 1, -0.5), max: V(2, 2, 0.5) };
    expect(overlapRef(a, b)).toBe(false);
    expect(overlapRef(a, { ...b, rotation: q })).toBe(true);
  });
  it("the edge u + v + t w lies at y = 1 exactly: an aabb from y = 1 over it touches", () => {
    // u + v = (-1 + 2^-51, 1, 0): the sum 1 - 2^-52 + 2^-52 is exact.
    const a = { kind: "aabb" as const, min: V(-2, 1, -0.5), max: V(0, 2, 0.5) };
    expect(overlapRef(a, b)).toBe(true);
  });
});
