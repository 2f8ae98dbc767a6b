/**
 * Named fixtures: the decimal traps, where the double arithmetic a naive test would do rounds
 * onto the boundary. Each expected answer is derived by hand in its comment; the library and the
 * exact reference must both give it, and constructions must match the reference.
 *
 * The facts used: 0.2 = 0.200000000000000011102..., 1.8 = 1.800000000000000044408..., so the
 * exact 0.2 + 1.8 exceeds 2 (by 5.55e-17) although 0.2 + 1.8 === 2 in doubles; the point
 * (0.2, 1.8) lies just beyond the line x + y = 2. And 0.1 * 3 rounds to 0.30000000000000004,
 * which is above 0.3 = 0.299999999999999988898...
 */
import { describe, expect, it } from "vitest";
import {
  boundingCircle,
  intersectLineRay,
  intersectSegmentCircle,
  intersectSegmentSegment,
  testLineRay,
  testSegmentCircle,
  testSegmentSegment,
  testTriangleTriangle,
  type Vec,
} from "../../src/2d/index.ts";
import { sweepSphereLine, testLineSphere } from "../../src/3d/index.ts";
import { cmp, fromDouble, ONE, toDouble, ZERO } from "../reference/bigrational.ts";
import {
  inDisk,
  lineRay,
  minEnclosingRadius2,
  segmentCircle,
  segmentSegment,
  triangleTriangle,
} from "../reference/exact2d.ts";
import { lineSphere, sweepSphereLine as sweepExact } from "../reference/exact3d.ts";

const P = (x: number, y: number): Vec => ({ x, y });
const seg = (a: Vec, b: Vec) => ({ a, b });
const tri = (a: Vec, b: Vec, c: Vec) => ({ a, b, c });
const THREE_TENTHS = 0.1 * 3; // 0.30000000000000004

describe("named fixtures: x + y = 2 and (0.2, 1.8)", () => {
  const hyp = seg(P(0, 2), P(2, 0));

  it("the point (0.2, 1.8) is not on the segment (0, 2)-(2, 0)", () => {
    expect(0.2 + 1.8).toBe(2); // the trap
    const pt = seg(P(0.2, 1.8), P(0.2, 1.8));
    expect(segmentSegment(pt.a, pt.b, hyp.a, hyp.b)).toBeNull();
    expect(testSegmentSegment(pt, hyp)).toBe(false);
    expect(testSegmentSegment(hyp, pt)).toBe(false);
    expect(intersectSegmentSegment(pt, hyp)).toBeNull();
    // (0.5, 1.5) is exactly on it, a quarter of the way.
    const on = intersectSegmentSegment(hyp, seg(P(0.5, 1.5), P(0.5, 1.5)));
    expect(on?.t1).toBe(0.25);
    expect(on?.collinear).toBe(true);
  });

  it("from (0.2, 3) down to (0.2, 1.8) stays beyond the line; from (0.2, 0) up it crosses", () => {
    const above = seg(P(0.2, 3), P(0.2, 1.8));
    expect(segmentSegment(above.a, above.b, hyp.a, hyp.b)).toBeNull();
    expect(testSegmentSegment(above, hyp)).toBe(false);
    const up = seg(P(0.2, 0), P(0.2, 1.8));
    const ref = segmentSegment(up.a, up.b, hyp.a, hyp.b);
    expect(ref !== null && cmp(ref.t1, ONE) < 0).toBe(true);
    const hit = intersectSegmentSegment(up, hyp);
    expect(hit).not.toBeNull();
    expect(Math.abs((hit?.t1 ?? -1) - toDouble(ref?.t1 ?? ZERO))).toBeLessThanOrEqual(1e-9);
    expect(Math.abs((hit?.t2 ?? -1) - toDouble(ref?.t2 ?? ZERO))).toBeLessThanOrEqual(1e-9);
  });

  it("rays from (0.2, 1.8): away from the line misses, toward it hits at t ~ 2.8e-17, along it misses", () => {
    const line = { point: P(0, 2), dir: P(1, -1) };
    const away = { origin: P(0.2, 1.8), dir: P(1, 1) };
    const toward = { origin: P(0.2, 1.8), dir: P(-1, -1) };
    const along = { origin: P(0.2, 1.8), dir: P(1, -1) };
    expect(lineRay(line.point, line.dir, away.origin, away.dir)).toBeNull();
    expect(testLineRay(line, away)).toBe(false);
    const ref = lineRay(line.point, line.dir, toward.origin, toward.dir);
    expect(ref !== null && cmp(ref.t, ZERO) > 0).toBe(true);
    const hit = intersectLineRay(line, toward);
    // t = (0.2 + 1.8 - 2) / 2 exactly: positive, about 2.8e-17.
    expect(hit?.collinear).toBe(false);
    expect(Math.abs((hit?.t ?? -1) - toDouble(ref?.t ?? ZERO))).toBeLessThanOrEqual(1e-9);
    expect(testLineRay(line, along)).toBe(false);
    const onLine = intersectLineRay(line, { origin: P(0.5, 1.5), dir: P(-2, 2) });
    expect(onLine).toMatchObject({ t: 0, point: P(0.5, 1.5), collinear: true });
    // Collinear: the normal faces back along the ray, (2, -2) / sqrt 8.
    expect(onLine?.normal.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(onLine?.normal.y).toBeCloseTo(-Math.SQRT1_2, 15);
  });

  it("the triangle (0.2, 1.8), (1, 3), (3, 1) lies beyond x + y = 2, apart from (0, 0), (2, 0), (0, 2)", () => {
    const t1 = tri(P(0, 0), P(2, 0), P(0, 2));
    const t2 = tri(P(0.2, 1.8), P(1, 3), P(3, 1));
    expect(triangleTriangle(t1, t2)).toBe(false);
    expect(testTriangleTriangle(t1, t2)).toBe(false);
    expect(testTriangleTriangle(t2, t1)).toBe(false);
    const dot = tri(P(0.2, 1.8), P(0.2, 1.8), P(0.2, 1.8));
    expect(testTriangleTriangle(t1, dot)).toBe(false);
    const onEdge = tri(P(0.5, 1.5), P(1, 3), P(3, 1));
    expect(testTriangleTriangle(t1, onEdge)).toBe(true);
  });
});

describe("named fixtures: 0.1 * 3 vs 0.3", () => {
  it("the point (0.1 * 3, 0) is past the end of (0, 0)-(0.3, 0); (0.3, 0) is on (0, 0)-(0.1 * 3, 0)", () => {
    expect(THREE_TENTHS).toBe(0.30000000000000004);
    const s = seg(P(0, 0), P(0.3, 0));
    const past = seg(P(THREE_TENTHS, 0), P(THREE_TENTHS, 0));
    expect(segmentSegment(s.a, s.b, past.a, past.b)).toBeNull();
    expect(testSegmentSegment(s, past)).toBe(false);
    const longer = seg(P(0, 0), P(THREE_TENTHS, 0));
    const end = seg(P(0.3, 0), P(0.3, 0));
    const ref = segmentSegment(longer.a, longer.b, end.a, end.b);
    expect(ref !== null && cmp(ref.t1, ONE) < 0).toBe(true);
    const hit = intersectSegmentSegment(longer, end);
    expect(Math.abs((hit?.t1 ?? -1) - toDouble(ref?.t1 ?? ZERO))).toBeLessThanOrEqual(1e-9);
    expect(hit?.t2).toBe(0);
  });

  it("circles of radius 0.3 and 0.1 * 3 around 0 against points at 0.1 * 3 and 0.3", () => {
    const c = (r: number) => ({ center: P(0, 0), radius: r });
    const at = (x: number) => seg(P(x, 0), P(x, 0));
    expect(segmentCircle(P(THREE_TENTHS, 0), P(THREE_TENTHS, 0), P(0, 0), 0.3).hit).toBe(false);
    expect(testSegmentCircle(at(THREE_TENTHS), c(0.3))).toBe(false);
    expect(testSegmentCircle(at(0.3), c(THREE_TENTHS))).toBe(true);
    // Coming from x = 1 toward the center, the 0.3-circle is entered just before x = 0.3.
    const enter = intersectSegmentCircle(seg(P(1, 0), P(0, 0)), c(0.3));
    const ref = segmentCircle(P(1, 0), P(0, 0), P(0, 0), 0.3);
    expect(ref.root).not.toBeNull();
    expect(Math.abs((enter?.t ?? -1) - (ref.root?.t ?? 0))).toBeLessThanOrEqual(1e-9);
    expect(enter?.normal).toEqual(P(1, 0));
  });

  it("(0.3, 0.4) is outside the circle of radius 0.5 (0.09 + 0.16 > 0.25 exactly)", () => {
    const c = { center: P(0, 0), radius: 0.5 };
    expect(inDisk(P(0.3, 0.4), P(0, 0), 0.5)).toBe(false);
    expect(testSegmentCircle(seg(P(0.3, 0.4), P(0.3, 0.4)), c)).toBe(false);
    expect(testSegmentCircle(seg(P(0.3, 0.4), P(0.6, 0.8)), c)).toBe(false); // moving away
    expect(testSegmentCircle(seg(P(0.6, 0.8), P(0, 0)), c)).toBe(true);
    // 3D: the line through (0.3, 0.4, 0) along z misses the sphere of radius 0.5 at 0.
    const line = { point: { x: 0.3, y: 0.4, z: 0 }, dir: { x: 0, y: 0, z: 1 } };
    const ball = { center: { x: 0, y: 0, z: 0 }, radius: 0.5 };
    expect(lineSphere(line.point, line.dir, ball.center, ball.radius)).toBe(false);
    expect(testLineSphere(line, ball)).toBe(false);
  });

  it("a ray from 0 along 0.1 reaches x = 0.3 at t = 0.3 / 0.1 (not 3)", () => {
    const line = { point: P(0.3, 0), dir: P(0, 1) };
    const r = { origin: P(0, 0), dir: P(0.1, 0) };
    const ref = lineRay(line.point, line.dir, r.origin, r.dir);
    const hit = intersectLineRay(line, r);
    expect(ref).not.toBeNull();
    // 0.3 / 0.1 exactly is 2.99999999999999994449 (0.3 is below 3/10 and 0.1 above 1/10).
    expect(cmp(ref?.t ?? ZERO, fromDouble(3))).toBe(-1);
    expect(Math.abs((hit?.t ?? -1) - toDouble(ref?.t ?? ZERO))).toBeLessThanOrEqual(1e-9);
  });

  it("a sphere at y = 0.8 of radius 0.5 moved by -0.1 * 3 just touches the x axis at t = 1", () => {
    // 0.8 and 0.30000000000000004 share their error (both ...0444089...), so 0.8 - (0.1 * 3) is
    // exactly 0.5: the end position touches.
    const sphere = { center: { x: 0, y: 0.8, z: 0 }, radius: 0.5 };
    const motion = { x: 0, y: -THREE_TENTHS, z: 0 };
    const line = { point: { x: 0, y: 0, z: 0 }, dir: { x: 1, y: 0, z: 0 } };
    const ref = sweepExact(sphere.center, 0.5, motion, line.point, line.dir);
    expect(ref.hit && !ref.initially).toBe(true);
    expect(ref.root?.t).toBe(1);
    const hit = sweepSphereLine(sphere, motion, line);
    expect(hit?.initiallyOverlapping).toBe(false);
    expect(Math.abs((hit?.t ?? -1) - 1)).toBeLessThanOrEqual(1e-9);
    // A hair less motion misses.
    expect(sweepSphereLine(sphere, { x: 0, y: -0.3, z: 0 }, line)).toBeNull();
  });

  it("the bounding circle of (0, 0), (0.3, 0), (0, 0.4) holds every corner exactly", () => {
    const t = tri(P(0, 0), P(0.3, 0), P(0, 0.4));
    const circle = boundingCircle(t);
    for (const p of [t.a, t.b, t.c]) expect(inDisk(p, circle.center, circle.radius)).toBe(true);
    // R^2 = (0.3^2 + 0.4^2) / 4 > 0.0625 exactly, so R > 0.25 and the radius must exceed 0.25.
    expect(cmp(minEnclosingRadius2(t), fromDouble(0.0625))).toBe(1);
    expect(circle.radius).toBeGreaterThan(0.25);
  });
});
