import { describe, expect, it } from "vitest";
import { rat } from "./bigrational.ts";
import { firstHit, lineTriangleInterval } from "./triangle3d.ts";

const V = (x: number, y: number, z: number) => ({ x, y, z });
const a = V(0, 0, 0);
const b = V(1, 0, 0);
const c = V(0, 1, 0);

describe("the triangle reference on hand cases", () => {
  it("a crossing: down from (0.25, 0.25, 5) with dir (0, 0, -2) is t = 5/2", () => {
    expect(firstHit(1, V(0.25, 0.25, 5), V(0, 0, -2), a, b, c)).toEqual(rat(5n, 2n));
  });

  it("closed: the hypotenuse point (0.5, 0.5) hits; (0.2, 0.8) is just outside (0.2 + 0.8 > 1 exactly)", () => {
    expect(firstHit(1, V(0.5, 0.5, 1), V(0, 0, -1), a, b, c)).toEqual(rat(1n));
    expect(firstHit(1, V(0.2, 0.8, 1), V(0, 0, -1), a, b, c)).toBeNull();
  });

  it("in the plane: the line y = 1/4 along x covers x in [0, 3/4]: from x = -1 the interval is [1, 7/4]", () => {
    const iv = lineTriangleInterval(V(-1, 0.25, 0), V(1, 0, 0), a, b, c)!;
    expect(iv.lo).toEqual(rat(1n));
    expect(iv.hi).toEqual(rat(7n, 4n));
    // A ray starting inside it: t = 0; pointing away beyond it: miss; a line: first point.
    expect(firstHit(1, V(0.5, 0.25, 0), V(1, 0, 0), a, b, c)).toEqual(rat(0n));
    expect(firstHit(1, V(2, 0.25, 0), V(1, 0, 0), a, b, c)).toBeNull();
    expect(firstHit(0, V(2, 0.25, 0), V(1, 0, 0), a, b, c)).toEqual(rat(-2n));
  });

  it("segments: ending on the triangle is t = 1; short of it misses; a point segment is t = 0 when inside", () => {
    expect(firstHit(2, V(0.2, 0.2, 1), V(0.2, 0.2, 0), a, b, c)).toEqual(rat(1n));
    expect(firstHit(2, V(0.2, 0.2, 1), V(0.2, 0.2, 0.5), a, b, c)).toBeNull();
    expect(firstHit(2, V(0.2, 0.2, 0), V(0.2, 0.2, 0), a, b, c)).toEqual(rat(0n));
    expect(firstHit(2, V(0.2, 0.2, 1e-300), V(0.2, 0.2, 1e-300), a, b, c)).toBeNull();
  });

  it("degenerate triangles: a segment crossed at (1.5, 0, 0) from height 3 (t = 3); a skew line misses", () => {
    const p = V(2, 0, 0);
    const q = V(1, 0, 0);
    expect(firstHit(1, V(1.5, 0, 3), V(0, 0, -1), a, p, q)).toEqual(rat(3n));
    expect(firstHit(0, V(1.5, 1, 3), V(0, 0, -1), a, p, q)).toBeNull();
    expect(firstHit(1, V(1, 1, 1), V(0, 0, -1), a, a, a)).toBeNull();
    expect(firstHit(1, V(0, 0, 1), V(0, 0, -1), a, a, a)).toEqual(rat(1n));
  });
});
