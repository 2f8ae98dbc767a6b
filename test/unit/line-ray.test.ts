import { describe, expect, it } from "vitest";
import { intersectLineRay, type LineRayHit, line, ray, testLineRay } from "../../src/2d/index.ts";

function hits(l: ReturnType<typeof line>, r: ReturnType<typeof ray>): boolean {
  const b = testLineRay(l, r);
  expect(intersectLineRay(l, r) !== null).toBe(b);
  return b;
}

describe("line vs ray", () => {
  it("a ray heading down onto the x axis hits at t = 5", () => {
    expect(intersectLineRay(line(0, 0, 1, 0), ray(0, 5, 1, -1))).toMatchObject({
      t: 5,
      point: { x: 5, y: 0 },
      collinear: false,
    });
  });

  it("t is in units of the ray's direction, which need not be unit length", () => {
    expect(intersectLineRay(line(0, 0, 3, 0), ray(0, 5, 0, -2))?.t).toBe(2.5);
  });

  it("a ray pointing away misses; the same ray reversed hits", () => {
    expect(hits(line(0, 0, 1, 0), ray(0, 5, 1, 1))).toBe(false);
    expect(hits(line(0, 0, 1, 0), ray(0, 5, -1, -1))).toBe(true);
  });

  it("a ray starting on the line hits at t = 0, not collinear", () => {
    expect(intersectLineRay(line(0, 0, 1, 1), ray(2, 2, 0, 1))).toMatchObject({
      t: 0,
      point: { x: 2, y: 2 },
      collinear: false,
    });
  });

  it("a ray lying on the line: t = 0, point = origin, collinear", () => {
    expect(intersectLineRay(line(0, 0, 2, 1), ray(4, 2, -2, -1))).toMatchObject({
      t: 0,
      point: { x: 4, y: 2 },
      collinear: true,
    });
  });

  it("parallel and apart: null", () => {
    expect(hits(line(0, 0, 2, 1), ray(0, 1, 4, 2))).toBe(false);
  });

  it("the line's direction sign does not matter", () => {
    expect(intersectLineRay(line(0, 0, -1, 0), ray(0, 5, 1, -1))?.t).toBe(5);
  });

  it("a ray swinging across a line (the article's figure): hits while it points at the line", () => {
    const l = line(0, 0, 1, 0);
    const expected = [false, false, false, true, true, true, false];
    const angles = [
      0,
      Math.PI / 4,
      Math.PI / 2,
      (3 * Math.PI) / 4 + Math.PI / 2,
      -Math.PI / 2,
      -Math.PI / 4,
      Math.PI,
    ];
    angles.forEach((a, i) => {
      const dx = Math.cos(a);
      const dy = Math.sin(a);
      // Rounding cos(pi) leaves dy = 1.2e-16 > 0: the ray rises, exactly, and misses.
      expect(hits(l, ray(0, 3, dx, dy))).toBe(expected[i]);
    });
  });

  it("(0.2, 1.8) is above x + y = 2: a ray from it along +x+y misses, along -x-y hits at 2^-55", () => {
    const l = line(0, 2, 1, -1);
    expect(hits(l, ray(0.2, 1.8, 1, 1))).toBe(false);
    const hit = intersectLineRay(l, ray(0.2, 1.8, -1, -1));
    // Exactly, 0.2 + 1.8 - 2 = 2^-54, and each unit of t lowers x + y by 2.
    expect(hit?.t).toBe(2 ** -55);
    expect(hit?.collinear).toBe(false);
  });

  it("offset by 1e9 and scaled by 1e-7", () => {
    expect(intersectLineRay(line(1e9, 1e9, 1, 0), ray(1e9, 1e9 + 5, 1, -1))?.t).toBe(5);
    expect(intersectLineRay(line(0, 0, 1e-7, 0), ray(0, 5e-7, 1e-7, -1e-7))?.t).toBe(5);
  });

  it("a nearly parallel ray far away: t is exact to 1e-12, and beyond the range it is clamped", () => {
    // Line y = 0; ray from (0, 1) falling 2^-60 per unit: hits at t = 2^60.
    expect(intersectLineRay(line(0, 0, 1, 0), ray(0, 1, 1, -(2 ** -60)))?.t).toBe(2 ** 60);
    const far = intersectLineRay(line(0, 0, 1, 0), ray(0, 1e300, 1, -1e-300));
    expect(far?.t).toBe(Number.MAX_VALUE);
    expect(far?.point.x).toBe(Number.MAX_VALUE);
    expect(Number.isFinite(far?.point.y)).toBe(true);
  });

  it("a hit beyond the double range clamps t, but its point (in range) is still right", () => {
    // From (0, 1) falling 1e-320 per unit of t: t = 1 / 1e-320 overflows; x = t * 1e-300 ~ 1e20.
    const hit = intersectLineRay(line(0, 0, 1, 0), ray(0, 1, 1e-300, -1e-320));
    expect(hit?.t).toBe(Number.MAX_VALUE);
    expect(hit?.point.y).toBe(0);
    expect(Math.abs(hit!.point.x / (1e-300 / 1e-320) - 1)).toBeLessThan(1e-15);
  });

  it("huge and tiny coordinates decide exactly", () => {
    for (const k of [1e-300, 1e300]) {
      expect(hits(line(0, 0, k, 0), ray(0, k, k, -k))).toBe(true);
      expect(hits(line(0, 0, k, 0), ray(0, k, k, k))).toBe(false);
      expect(intersectLineRay(line(0, 0, k, 0), ray(0, k, k, -k))?.t).toBe(1);
    }
  });

  it("fills out, and a miss leaves it untouched", () => {
    const out: LineRayHit = {
      t: -1,
      point: { x: 0, y: 0 },
      normal: { x: 0, y: 0 },
      collinear: true,
    };
    expect(intersectLineRay(line(0, 0, 1, 0), ray(0, 5, 1, -1), out)).toBe(out);
    expect(out.t).toBe(5);
    // The line y = 0 seen from the origin (0, 5): its upward normal.
    expect(out.normal).toEqual({ x: 0, y: 1 });
    expect(intersectLineRay(line(0, 0, 1, 0), ray(0, 5, 1, 1), out)).toBeNull();
    expect(out.t).toBe(5);
    // The line y = 0 seen from the origin (0, 5): its upward normal.
    expect(out.normal).toEqual({ x: 0, y: 1 });
  });
});
