import fc from "fast-check";
import { describe, it } from "vitest";
import { intersectSegmentSegment, testSegmentSegment } from "../../src/2d/index.ts";
import { segSeg } from "../reference/queries.ts";
import { toNumber } from "../reference/rational.ts";
import { frame, mapPoint, nudge, param, point, snapped, type V2 } from "./arbitraries.ts";
import { assertProperty } from "./exact-setup.ts";

/** Segment pairs: random, an endpoint snapped onto the other segment, collinear, shared, points. */
const pairs = fc
  .tuple(
    fc.integer({ min: 0, max: 5 }),
    point,
    point,
    point,
    point,
    param,
    param,
    nudge,
    nudge,
    frame,
  )
  .map(([kind, a1, b1, p, r, t, u, kx, ky, fr]) => {
    let a2: V2 = p;
    let b2: V2 = r;
    if (kind === 1) a2 = snapped(a1, b1, t, kx, ky);
    if (kind === 2) {
      a2 = snapped(a1, b1, 2 * t - 0.5, 0, 0);
      b2 = snapped(a1, b1, 2 * u - 0.5, kx === 3 ? 1 : 0, 0);
    }
    if (kind === 3) a2 = kx > 0 ? a1 : b1;
    if (kind === 4) b2 = a2;
    const s1 = { a: mapPoint(a1, fr.f), b: mapPoint(kind === 5 ? a1 : b1, fr.f) };
    const s2 = { a: mapPoint(a2, fr.f), b: mapPoint(b2, fr.f) };
    return { s1, s2, frame: fr.name };
  });

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? x.toString() : x));

describe("segment vs segment against the exact reference", () => {
  it("boolean exact, both orders, intersect agrees, t within 1e-9, every field finite", async () => {
    await assertProperty("segment-segment", pairs, ({ s1, s2 }) => {
      const ref = segSeg(s1.a, s1.b, s2.a, s2.b);
      const hit = testSegmentSegment(s1, s2);
      if (hit !== (ref !== null))
        throw new Error(`boolean ${hit} vs reference ${ref !== null}: ${show({ s1, s2 })}`);
      if (testSegmentSegment(s2, s1) !== hit) throw new Error(`asymmetric: ${show({ s1, s2 })}`);
      const res = intersectSegmentSegment(s1, s2);
      if ((res !== null) !== hit)
        throw new Error(`intersect disagrees with test: ${show({ s1, s2 })}`);
      if (!res || !ref) return;
      const { t1, t2, point, collinear } = res;
      for (const v of [t1, t2, point.x, point.y])
        if (!Number.isFinite(v)) throw new Error(`not finite: ${show({ s1, s2, res })}`);
      if (t1 < 0 || t1 > 1 || t2 < 0 || t2 > 1)
        throw new Error(`t out of range: ${show({ s1, s2, res })}`);
      if (collinear !== ref.collinear) throw new Error(`collinear flag: ${show({ s1, s2, res })}`);
      const e1 = Math.abs(t1 - toNumber(ref.t1));
      const e2 = Math.abs(t2 - toNumber(ref.t2));
      if (e1 > 1e-9 || e2 > 1e-9)
        throw new Error(`t off by ${e1}, ${e2}: ${show({ s1, s2, res })}`);
      // The point agrees with t1 on s1 (up to the rounding of t1 times the segment's length).
      const size = Math.abs(s1.b.x - s1.a.x) + Math.abs(s1.b.y - s1.a.y);
      const mag = Math.abs(s1.a.x) + Math.abs(s1.a.y) + Math.abs(s1.b.x) + Math.abs(s1.b.y);
      const px = s1.a.x + t1 * (s1.b.x - s1.a.x);
      const py = s1.a.y + t1 * (s1.b.y - s1.a.y);
      const tol = 1e-9 * size + 1e-15 * mag + Number.MIN_VALUE * 8;
      if (Math.abs(point.x - px) > tol || Math.abs(point.y - py) > tol) {
        throw new Error(`point does not match t1: ${show({ s1, s2, res })}`);
      }
    });
  });
});
