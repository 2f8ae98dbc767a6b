import { describe, expect, it } from "vitest";
import * as c2 from "../../src/2d/index.ts";
import * as c3 from "../../src/3d/index.ts";

describe("constructors validate and name the field", () => {
  it("2D: non-finite coordinates throw a RangeError naming the field", () => {
    expect(() => c2.vec(Number.NaN, 0)).toThrow(
      new RangeError("vec.x must be a finite number, got NaN"),
    );
    expect(() => c2.segment(0, 0, 1, Number.POSITIVE_INFINITY)).toThrow(/segment\.b\.y/);
    expect(() => c2.line(0, Number.NaN, 1, 0)).toThrow(/line\.point\.y/);
    expect(() => c2.ray(0, 0, Number.NEGATIVE_INFINITY, 0)).toThrow(/ray\.dir\.x/);
    expect(() => c2.circle(Number.NaN, 0, 1)).toThrow(/circle\.center\.x/);
    expect(() => c2.triangle(0, 0, 1, 0, 0, Number.NaN)).toThrow(/triangle\.c\.y/);
  });

  it("2D: zero directions and negative radii throw", () => {
    expect(() => c2.line(0, 0, 0, 0)).toThrow(new RangeError("line.dir must be a non-zero vector"));
    expect(() => c2.ray(1, 1, 0, -0)).toThrow(/ray\.dir/);
    expect(() => c2.circle(0, 0, -1)).toThrow(new RangeError("circle.radius must be >= 0, got -1"));
    expect(() => c2.circle(0, 0, Number.POSITIVE_INFINITY)).toThrow(/circle\.radius/);
  });

  it("2D: degenerate shapes are valid and tagged", () => {
    expect(c2.segment(1, 1, 1, 1)).toEqual({
      kind: "segment",
      a: { x: 1, y: 1 },
      b: { x: 1, y: 1 },
    });
    expect(c2.circle(0, 0, 0).radius).toBe(0);
    expect(c2.triangle(0, 0, 1, 1, 2, 2).kind).toBe("triangle");
    expect(c2.line(0, 0, 1e-300, 0).kind).toBe("line");
  });

  it("3D: validation names the field", () => {
    expect(() => c3.vec(0, 0, Number.NaN)).toThrow(/vec\.z/);
    expect(() => c3.sphere(0, 0, 0, -0.5)).toThrow(/sphere\.radius/);
    expect(() => c3.sphere(0, Number.NaN, 0, 1)).toThrow(/sphere\.center\.y/);
    expect(() => c3.line(0, 0, 0, 0, 0, 0)).toThrow(/line\.dir/);
    expect(() => c3.line(0, 0, Number.POSITIVE_INFINITY, 1, 0, 0)).toThrow(/line\.point\.z/);
    expect(c3.sphere(1, 2, 3, 0)).toEqual({
      kind: "sphere",
      center: { x: 1, y: 2, z: 3 },
      radius: 0,
    });
  });
});
