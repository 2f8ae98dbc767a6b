import { describe, expect, it } from "vitest";
import { det3Sign, orient3d } from "../../src/exact/orient3d.ts";

describe("orient3d", () => {
  it("is positive for a right-handed tetrahedron and negative when mirrored", () => {
    // det(e1, e2, e3) = 1.
    expect(orient3d(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1)).toBe(1);
    expect(orient3d(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, -1)).toBe(-1);
  });

  it("is zero for coplanar points, at any offset and scale", () => {
    for (const [o, k] of [
      [0, 1],
      [1e9, 1],
      [0, 1e-200],
      [1e150, 1e140],
    ] as const) {
      expect(orient3d(o, o, o, o + k, o, o, o, o + k, o, o + k, o + k, o)).toBe(0);
    }
  });

  it("sees a point off a plane by less than floats can carry", () => {
    // Through the unit points the normal (b - a) x (c - a) is (1, 1, 1), so the sign is that of
    // x + y + z - 1 at d.
    const tiny = 2 ** -54;
    expect(orient3d(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0.5, tiny)).toBe(1);
    expect(orient3d(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0.5 - 2 ** -53, tiny)).toBe(-1);
    // The doubles nearest 0.1, 0.2 and 0.7 are 0.1000000000000000055511..., 0.2000000000000000111022...
    // and 0.6999999999999999555910...: their exact sum is 0.99999999999999997224... < 1.
    expect(orient3d(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.2, 0.7)).toBe(-1);
  });

  it("is exact where products underflow or overflow", () => {
    expect(orient3d(0, 0, 0, 1e-200, 0, 0, 0, 1e-200, 0, 0, 0, 1e-200)).toBe(1);
    expect(orient3d(0, 0, 0, 1e200, 0, 0, 0, 1e200, 0, 0, 0, 1e200)).toBe(1);
    // A huge entry times an underflowing cross term.
    expect(det3Sign(1e250, 0, 0, 0, 0, 0, 0, 0, 1e-170, 0, 0, 0, 0, 0, 0, 0, 1e-170, 0)).toBe(1);
  });
});
