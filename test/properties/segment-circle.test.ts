import fc from "fast-check";
import { describe, it } from "vitest";
import { intersectSegmentCircle, testSegmentCircle } from "../../src/2d/index.ts";
import { segCircle } from "../reference/queries.ts";
import { frame, mapPoint, nudge, param, point, snapped, ulps } from "./arbitraries.ts";
import { assertProperty } from "./exact-setup.ts";

/** Distance from c to segment a-b in floats, to build tangent radii. */
function floatDistance(
  a: { x: number; y: number },
  b: { x: number; y: number },
  c: { x: number; y: number },
): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const dd = dx * dx + dy * dy;
  let t = dd === 0 ? 0 : ((c.x - a.x) * dx + (c.y - a.y) * dy) / dd;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(c.x - (a.x + t * dx), c.y - (a.y + t * dy));
}

/** Lasers and targets: random, tangent radii, an endpoint on the circle, zero length, lattice. */
const cases = fc
  .tuple(
    fc.integer({ min: 0, max: 4 }),
    point,
    point,
    point,
    fc.oneof(fc.double({ min: 0, max: 500, noNaN: true }), fc.integer({ min: 0, max: 5 })),
    param,
    nudge,
    frame,
  )
  .map(([kind, a, b0, c, r0, t, k, fr]) => {
    let b = b0;
    let r = r0;
    if (kind === 1) r = ulps(floatDistance(a, b, c), k);
    if (kind === 2) r = ulps(Math.hypot(a.x - c.x, a.y - c.y), k);
    if (kind === 3) b = a;
    if (kind === 4) {
      const p = snapped(a, b, t, 0, 0);
      r = ulps(Math.hypot(p.x - c.x, p.y - c.y), k);
    }
    const f = fr.f;
    return {
      seg: { a: mapPoint(a, f), b: mapPoint(b, f) },
      circle: { center: mapPoint(c, f), radius: Math.abs(f(Math.max(0, r)) - f(0)) },
    };
  });

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? x.toString() : x));

describe("segment vs circle against the exact reference", () => {
  it("boolean exact, intersect agrees, t within 1e-9, the point on the segment, a unit outward normal", async () => {
    await assertProperty("segment-circle", cases, ({ seg, circle }) => {
      const ref = segCircle(seg.a, seg.b, circle.center, circle.radius);
      const hit = testSegmentCircle(seg, circle);
      if (hit !== ref.hit)
        throw new Error(`boolean ${hit} vs reference ${ref.hit}: ${show({ seg, circle })}`);
      const res = intersectSegmentCircle(seg, circle);
      if ((res !== null) !== hit)
        throw new Error(`intersect disagrees with test: ${show({ seg, circle })}`);
      if (!res) return;
      const fields = [res.t, res.point.x, res.point.y, res.normal.x, res.normal.y];
      if (!fields.every(Number.isFinite))
        throw new Error(`not finite: ${show({ seg, circle, res })}`);
      if (res.t < 0 || res.t > 1 || Math.abs(res.t - ref.t) > 1e-9) {
        throw new Error(`t ${res.t} vs ${ref.t}: ${show({ seg, circle })}`);
      }
      if (Math.abs(Math.hypot(res.normal.x, res.normal.y) - 1) > 1e-12)
        throw new Error(`normal not unit: ${show(res)}`);
      // The normal points from the center toward the point (when they differ by more than rounding).
      const dx = res.point.x - circle.center.x;
      const dy = res.point.y - circle.center.y;
      const mag =
        Math.abs(seg.a.x) +
        Math.abs(seg.a.y) +
        Math.abs(seg.b.x) +
        Math.abs(seg.b.y) +
        Math.abs(circle.center.x) +
        Math.abs(circle.center.y);
      if (Math.hypot(dx, dy) > 1e-6 * mag && dx * res.normal.x + dy * res.normal.y < 0) {
        throw new Error(`normal points inward: ${show({ seg, circle, res })}`);
      }
    });
  });
});
