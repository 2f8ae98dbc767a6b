/**
 * testBoxBox's float separating-axis pass (src/3d/overlap/sat.ts) past the bounding-box reject:
 * a face axis of the first box, or of the second, separates; hand-derived with wide margins, so
 * the float pass must decide them (0 or 1, not -1) and the test must agree.
 */
import { describe, expect, it } from "vitest";
import { box, testBoxBox } from "../../src/3d/index.ts";
import { boxBoxFloat } from "../../src/3d/overlap/sat.ts";

const V = (x: number, y: number, z: number) => ({ x, y, z });
// A: the cube of half extent 1 at the origin turned 45 degrees about z, so its first face normal
// is (1, 1, 0) / sqrt 2 with the face at distance 1, and its bounding box reaches sqrt 2 in x, y.
const turn = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) };
const A = box(V(0, 0, 0), V(1, 1, 1), turn);
// B: an axis-aligned cube of half extent 0.1 centered at distance t along (1, 1, 0) / sqrt 2.
// Its extent along that diagonal is 0.1 sqrt 2 = 0.1414, so it reaches back to t - 0.1414.
const B = (t: number) => box(V(t / Math.SQRT2, t / Math.SQRT2, 0), V(0.1, 0.1, 0.1));

describe("testBoxBox's float pass: face axes past the bounding-box reject", () => {
  it("t = 1.25: 1.1086 > 1, apart along the first box's face normal (bounding boxes overlap)", () => {
    // The bounding boxes meet: |dx| = 0.884 < 1.414 + 0.1.
    expect(boxBoxFloat(A, B(1.25))).toBe(0);
    expect(testBoxBox(A, B(1.25))).toBe(false);
  });
  it("the same pair in the other order: the second box's face normal separates", () => {
    expect(boxBoxFloat(B(1.25), A)).toBe(0);
    expect(testBoxBox(B(1.25), A)).toBe(false);
  });
  it("t = 1.05: the near corner reaches 0.9086 < 1 along the normal, inside A: a hit", () => {
    // That corner, (0.642, 0.642, 0.1), has 0 along A's second axis and 0.1 along z.
    expect(boxBoxFloat(A, B(1.05))).toBe(1);
    expect(testBoxBox(A, B(1.05))).toBe(true);
    expect(testBoxBox(B(1.05), A)).toBe(true);
  });
});
