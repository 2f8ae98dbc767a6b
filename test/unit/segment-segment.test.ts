import { describe, expect, it } from "vitest";
import {
  intersectSegmentSegment,
  type SegmentSegmentHit,
  segment,
  testSegmentSegment,
} from "../../src/2d/index.ts";

const S = segment;

/** Both orders, and the boolean agrees with the construction. */
function hits(a: ReturnType<typeof S>, b: ReturnType<typeof S>): boolean {
  const ab = testSegmentSegment(a, b);
  expect(testSegmentSegment(b, a)).toBe(ab);
  expect(intersectSegmentSegment(a, b) !== null).toBe(ab);
  expect(intersectSegmentSegment(b, a) !== null).toBe(ab);
  return ab;
}

describe("segment vs segment: crossing and touching", () => {
  it("an X crosses at the middle, t1 = t2 = 1/2", () => {
    expect(hits(S(0, 0, 2, 2), S(0, 2, 2, 0))).toBe(true);
    expect(intersectSegmentSegment(S(0, 0, 2, 2), S(0, 2, 2, 0))).toMatchObject({
      t1: 0.5,
      t2: 0.5,
      point: { x: 1, y: 1 },
      collinear: false,
    });
  });

  it("crossing at t1 = 1/4, t2 = 3/4 (derived: x = 1 on s1 = (0,0)-(4,0), s2 = (1,-3)-(1,1))", () => {
    const hit = intersectSegmentSegment(S(0, 0, 4, 0), S(1, -3, 1, 1));
    expect(hit).toMatchObject({ t1: 0.25, t2: 0.75, point: { x: 1, y: 0 }, collinear: false });
    // s2 runs up along x = 1 and s1.a = (0, 0) is on its left: normal (-1, 0).
    expect(hit!.normal).toEqual({ x: -1, y: 0 });
  });

  it("touching endpoints count as a hit (closed sets; sat-js #40 says what we do)", () => {
    expect(hits(S(0, 0, 1, 1), S(1, 1, 2, 0))).toBe(true);
    const hit = intersectSegmentSegment(S(0, 0, 1, 1), S(1, 1, 2, 0));
    expect(hit).toMatchObject({ t1: 1, t2: 0, point: { x: 1, y: 1 }, collinear: false });
  });

  it("a T-junction: s2 ends exactly on the interior of s1", () => {
    expect(hits(S(0, 0, 4, 0), S(2, 3, 2, 0))).toBe(true);
    const hit = intersectSegmentSegment(S(0, 0, 4, 0), S(2, 3, 2, 0));
    expect(hit).toMatchObject({ t1: 0.5, t2: 1, point: { x: 2, y: 0 }, collinear: false });
  });

  it("a T that stops one ulp short is a miss", () => {
    expect(hits(S(0, 0, 4, 0), S(2, 3, 2, Number.MIN_VALUE))).toBe(false);
    expect(hits(S(0, 0, 4, 0), S(2, 3, 2, 2 ** -1074 * -1))).toBe(true);
  });

  it("disjoint non-parallel segments miss (raylib #2080: the lines cross outside both)", () => {
    expect(hits(S(0, 0, 1, 0), S(2, -1, 2, 1))).toBe(false);
    expect(hits(S(0, 0, 1, 1), S(3, 0, 2, 1))).toBe(false);
  });
});

describe("segment vs segment: parallel and collinear", () => {
  it("parallel and apart: null", () => {
    expect(hits(S(0, 0, 4, 0), S(0, 1, 4, 1))).toBe(false);
  });

  it("collinear containment: s2 inside s1 starts at s2's end nearest s1.a", () => {
    const hit = intersectSegmentSegment(S(0, 0, 8, 0), S(6, 0, 2, 0));
    expect(hit).toMatchObject({ t1: 0.25, t2: 1, point: { x: 2, y: 0 }, collinear: true });
    // Collinear: the normal faces back along s1, which runs along +x.
    expect(hit!.normal).toEqual({ x: -1, y: 0 });
  });

  it("collinear containment: s1 inside s2 starts at s1.a", () => {
    const hit = intersectSegmentSegment(S(2, 2, 3, 3), S(0, 0, 4, 4));
    expect(hit).toMatchObject({ t1: 0, t2: 0.5, point: { x: 2, y: 2 }, collinear: true });
  });

  it("collinear partial overlap", () => {
    const hit = intersectSegmentSegment(S(0, 0, 4, 0), S(2, 0, 6, 0));
    expect(hit).toMatchObject({ t1: 0.5, t2: 0, point: { x: 2, y: 0 }, collinear: true });
    const back = intersectSegmentSegment(S(4, 0, 0, 0), S(2, 0, 6, 0));
    expect(back).toMatchObject({ t1: 0, t2: 0.5, point: { x: 4, y: 0 }, collinear: true });
  });

  it("collinear end-to-end touching", () => {
    const hit = intersectSegmentSegment(S(0, 0, 2, 1), S(2, 1, 4, 2));
    expect(hit).toMatchObject({ t1: 1, t2: 0, point: { x: 2, y: 1 }, collinear: true });
  });

  it("collinear and disjoint: null", () => {
    expect(hits(S(0, 0, 2, 0), S(3, 0, 5, 0))).toBe(false);
    expect(hits(S(0, 0, 0, 2), S(0, 3, 0, 5))).toBe(false);
  });

  it("a vertical collinear overlap is ordered by y", () => {
    const hit = intersectSegmentSegment(S(0, 4, 0, 0), S(0, 1, 0, 3));
    expect(hit).toMatchObject({ t1: 0.25, t2: 1, point: { x: 0, y: 3 }, collinear: true });
  });
});

describe("segment vs segment: zero length", () => {
  it("a point on a segment hits with t = 0 on the point", () => {
    const hit = intersectSegmentSegment(S(1, 1, 1, 1), S(0, 0, 4, 4));
    expect(hit).toMatchObject({ t1: 0, t2: 0.25, point: { x: 1, y: 1 }, collinear: true });
    const rev = intersectSegmentSegment(S(0, 0, 4, 4), S(1, 1, 1, 1));
    expect(rev).toMatchObject({ t1: 0.25, t2: 0, point: { x: 1, y: 1 }, collinear: true });
  });

  it("a point off the segment misses (parry #31 analogue)", () => {
    expect(hits(S(1, 2, 1, 2), S(0, 0, 4, 4))).toBe(false);
    expect(hits(S(5, 5, 5, 5), S(0, 0, 4, 4))).toBe(false);
  });

  it("two equal points hit; two different points miss", () => {
    expect(intersectSegmentSegment(S(3, 4, 3, 4), S(3, 4, 3, 4))).toMatchObject({
      t1: 0,
      t2: 0,
      point: { x: 3, y: 4 },
      collinear: true,
    });
    expect(hits(S(3, 4, 3, 4), S(3, 4.000000000000001, 3, 4.000000000000001))).toBe(false);
  });
});

describe("segment vs segment: scale, offsets and decimals", () => {
  it("the article's 1e-5 epsilon would call a 5-unit gap on a 1e6-long segment a hit; we do not", () => {
    expect(hits(S(0, 0, 1e6, 0), S(1e6 + 5, -1, 1e6 + 5, 1))).toBe(false);
  });

  it("an X offset by 1e9 gives the same answer", () => {
    const o = 1e9;
    const hit = intersectSegmentSegment(S(o, o, o + 2, o + 2), S(o, o + 2, o + 2, o));
    expect(hit).toMatchObject({
      t1: 0.5,
      t2: 0.5,
      point: { x: o + 1, y: o + 1 },
      collinear: false,
    });
    expect(hits(S(o, o, o + 4, o), S(o + 2, o + 3, o + 2, o))).toBe(true);
  });

  it("an X at scale 1e-7 gives the same t", () => {
    const k = 1e-7;
    const hit = intersectSegmentSegment(S(0, 0, 2 * k, 2 * k), S(0, 2 * k, 2 * k, 0));
    expect(hit?.t1).toBe(0.5);
    expect(hit?.t2).toBe(0.5);
  });

  it("tiny (1e-300) and huge (1e300) coordinates decide exactly", () => {
    for (const k of [1e-300, 1e300, 2 ** -1070]) {
      expect(hits(S(0, 0, 2 * k, 2 * k), S(0, 2 * k, 2 * k, 0))).toBe(true);
      expect(hits(S(0, 0, 4 * k, 0), S(2 * k, 3 * k, 2 * k, 0))).toBe(true);
      expect(hits(S(0, 0, 4 * k, 0), S(0, k, 4 * k, k))).toBe(false);
      const hit = intersectSegmentSegment(S(0, 0, 2 * k, 2 * k), S(0, 2 * k, 2 * k, 0));
      expect(hit?.t1).toBe(0.5);
    }
  });

  it("(0.2, 1.8) is not on x + y = 2, although 0.2 + 1.8 === 2 in JavaScript", () => {
    // Exactly, 0.2 + 1.8 = 2 + 2^-54: the point lies above the line.
    expect(hits(S(0, 2, 2, 0), S(0.2, 1.8, 0.2, 1.8))).toBe(false);
    expect(hits(S(0, 2, 2, 0), S(0.2, 1.8, 1, 3))).toBe(false);
    expect(hits(S(0, 2, 2, 0), S(0.2, 1.8, 0.2, 1.7))).toBe(true);
  });

  it("0.1 * 3 is not 0.3: a segment ending at x = 0.1 * 3 reaches past x = 0.3", () => {
    expect(0.1 * 3 > 0.3).toBe(true);
    expect(hits(S(0, 0, 0.1 * 3, 0), S(0.30000000000000004, -1, 0.30000000000000004, 1))).toBe(
      true,
    );
    expect(hits(S(0, 0, 0.3, 0), S(0.1 * 3, -1, 0.1 * 3, 1))).toBe(false);
  });

  it("nearly parallel long segments: t within 1e-12 of the exact value", () => {
    // s1 along y = 0, s2 from (0, -1) to (2^40, 1): crosses y = 0 at x = 2^39, t1 = 2^39 / 2^41.
    const hit = intersectSegmentSegment(S(0, 0, 2 ** 41, 0), S(0, -1, 2 ** 40, 1));
    expect(hit?.t1).toBe(0.25);
    expect(hit?.t2).toBe(0.5);
  });
});

describe("segment vs segment: the out parameter", () => {
  it("fills and returns out; a miss leaves it untouched", () => {
    const out: SegmentSegmentHit = {
      t1: 9,
      t2: 9,
      point: { x: 9, y: 9 },
      normal: { x: 9, y: 9 },
      collinear: true,
    };
    expect(intersectSegmentSegment(S(0, 0, 2, 2), S(0, 2, 2, 0), out)).toBe(out);
    expect(out).toMatchObject({ t1: 0.5, t2: 0.5, point: { x: 1, y: 1 }, collinear: false });
    // s2 runs along (2, -2); s1.a = (0, 0) is on its right, so the normal is (-1, -1) / sqrt 2.
    expect(out.normal.x).toBeCloseTo(-Math.SQRT1_2, 15);
    expect(out.normal.y).toBeCloseTo(-Math.SQRT1_2, 15);
    expect(intersectSegmentSegment(S(0, 0, 1, 0), S(0, 1, 1, 1), out)).toBeNull();
    expect(out).toMatchObject({ t1: 0.5, t2: 0.5, point: { x: 1, y: 1 }, collinear: false });
  });

  it("accepts plain objects", () => {
    const a = { a: { x: 0, y: 0 }, b: { x: 2, y: 2 } };
    const b = { a: { x: 0, y: 2 }, b: { x: 2, y: 0 } };
    expect(testSegmentSegment(a, b)).toBe(true);
  });
});

describe("segment vs segment: the article's scenario", () => {
  it("crossing segments given as start + vector report t1, t2 and the point", () => {
    // Seg1 s = (0, 0), v = (10, 5); Seg2 s = (0, 5), v = (10, -5): they cross at (5, 2.5).
    const hit = intersectSegmentSegment(S(0, 0, 10, 5), S(0, 5, 10, 0));
    expect(hit).toMatchObject({ t1: 0.5, t2: 0.5, point: { x: 5, y: 2.5 }, collinear: false });
  });
});

describe("segment vs segment: regressions found by the property tests", () => {
  it("a T-junction whose orientations sum past MAX_VALUE still gets t1 = 1/3", () => {
    // s2 starts on s1 at y = 9e8 (a third of the way down) and runs far out to x = 6e299.
    const hit = intersectSegmentSegment(S(0, 1e9, 0, 7e8), S(0, 9e8, 6e299, 0));
    expect(hit?.t1).toBeCloseTo(1 / 3, 15);
    expect(hit?.t2).toBe(0);
  });
});

describe("testSegmentSegment: the pair-at-a-time float filter", () => {
  it("s1 wholly on one side of s2's line stops at the first pair (miss)", () => {
    // s2 on the x axis, s1 at y = 1..2: o1 = orient(a2, b2, a1) = 2 * 1, o2 = 2 * 2, same sign.
    expect(testSegmentSegment(segment(0, 1, 1, 2), segment(0, 0, 2, 0))).toBe(false);
  });

  it("s1 straddling s2's line but s2 wholly on one side of s1's: the second pair (miss)", () => {
    // s1 from (0, -1) to (0, 1) straddles y = 0; s2 from (1, 0) to (2, 0) is right of x = 0.
    expect(testSegmentSegment(segment(0, -1, 0, 1), segment(1, 0, 2, 0))).toBe(false);
  });

  it("both pairs strictly opposite: a crossing", () => {
    expect(testSegmentSegment(segment(-1, -1, 1, 1), segment(-1, 1, 1, -1))).toBe(true);
  });

  it("an endpoint exactly on the other segment (o = 0) is decided exactly: touching", () => {
    // (0.5, 0) lies on s2; o1 = 0 fails the filter, the exact path says touching.
    expect(testSegmentSegment(segment(0.5, 0, 0.5, 3), segment(0, 0, 1, 0))).toBe(true);
    // One ulp above the line: o1 > 0 and o2 > 0, a miss.
    const up = 2 ** -1074;
    expect(testSegmentSegment(segment(0.5, up, 0.5, 3), segment(0, 0, 1, 0))).toBe(false);
  });

  it("coordinates near 1e-160 (squares below the 2^-1000 tail) go to the exact path", () => {
    const k = 1e-160;
    expect(testSegmentSegment(segment(-k, -k, k, k), segment(-k, k, k, -k))).toBe(true);
    expect(testSegmentSegment(segment(-k, k, k, 2 * k), segment(-k, 0, k, 0))).toBe(false);
  });

  it("coordinates near 1e200 (squares overflow) go to the exact path", () => {
    const k = 1e200;
    expect(testSegmentSegment(segment(-k, -k, k, k), segment(-k, k, k, -k))).toBe(true);
    expect(testSegmentSegment(segment(-k, k, k, 2 * k), segment(-k, 0, k, 0))).toBe(false);
  });
});
