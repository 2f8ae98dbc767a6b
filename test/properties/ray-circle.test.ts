/**
 * intersectRayCircle (float fast path and exact fallback) against an exact BigInt reference:
 * non-null exactly when the ray meets the closed disk (and exactly when the independent overlap
 * reference says so); `inside` exactly when the origin is in the disk; otherwise t within 1e-9
 * of the exact first root relative to t + (|o - c| + r) / |d|, the point at origin + t dir, and a unit normal pointing from
 * the center toward the point. Cases from shapes2d-gen.ts (touching, grazing and ulp-nudged
 * placements, 1e9 offsets, scales 1e-100 to 1e100). Count: NUM_RUNS / 10 (10 000 in CI, about 4 s).
 */
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { type Circle, intersectRayCircle, type Ray } from "../../src/2d/index.ts";
import { add, cmp, fromDouble, sub } from "../reference/bigrational.ts";
import { show } from "../reference/float-bits.ts";
import { overlapExact } from "../reference/overlap2d.ts";
import { rayCircle } from "../reference/ray-circle.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";
import { shapePairOf } from "./shapes2d-gen.ts";

function check([ra, cb]: [Shape, Shape]): void {
  const r = ra as Ray & { kind: "ray" };
  const c = cb as Circle & { kind: "circle" };
  const ref = rayCircle(r.origin, r.dir, c.center, c.radius);
  const hit = intersectRayCircle(r, c);
  const fail = (why: string): never => {
    throw new Error(`${why}: ${show([r, c])} -> ${JSON.stringify(hit)}`);
  };
  if (ref.hit !== overlapExact(r, c)) fail("the two references disagree");
  if ((hit !== null) !== ref.hit) fail(`non-null ${hit !== null}, exact ${ref.hit}`);
  if (hit === null) return;
  for (const v of [hit.t, hit.point.x, hit.point.y, hit.normal.x, hit.normal.y]) {
    if (!Number.isFinite(v)) fail("non-finite field");
  }
  if (Math.abs(Math.hypot(hit.normal.x, hit.normal.y) - 1) > 1e-15) fail("normal not unit");
  // t must be within 1e-9 of the exact first root relative to the problem's size in units of
  // d, (|o - c| + r) / |d|, plus t itself: a tangent ray's root is ill-conditioned (the exact
  // t = 9e-98 of a unit circle touched at distance 9e-98 reads 0).
  const t = hit.t;
  const size =
    (Math.hypot(r.origin.x - c.center.x, r.origin.y - c.center.y) + c.radius) /
    Math.hypot(r.dir.x, r.dir.y);
  if (ref.inside) {
    if (ref.strictlyInside && !hit.inside) fail("inside flag missing");
    if (hit.inside && (t !== 0 || hit.point.x !== r.origin.x || hit.point.y !== r.origin.y)) {
      fail("inside start not at t = 0");
    }
    // An origin exactly on the circle is an entry at t = 0 (or an inside start).
    if (!(t <= 1e-9 * size)) fail(`t ${t} for an origin on the circle`);
    return;
  }
  if (hit.inside) fail("inside flag on an outside origin");
  const root = ref.root!;
  // The exact root lies in [lo, hi].
  const tol = fromDouble(
    Math.min(Math.max(1e-9 * (root.t + size), Number.MIN_VALUE), Number.MAX_VALUE),
  );
  // A root beyond the double range reads as MAX_VALUE.
  const beyond = t === Number.MAX_VALUE && cmp(root.lo, fromDouble(t)) >= 0;
  if (
    !beyond &&
    (cmp(add(fromDouble(t), tol), root.lo) < 0 || cmp(sub(fromDouble(t), tol), root.hi) > 0)
  ) {
    fail(`t ${t} vs exact ${root.t}`);
  }
  const px = r.origin.x + t * r.dir.x;
  const py = r.origin.y + t * r.dir.y;
  if (Number.isFinite(px) && (hit.point.x !== px || hit.point.y !== py)) fail("point off o + t d");
  // The normal points from the center toward the point, when they differ by more than rounding.
  const dx = hit.point.x - c.center.x;
  const dy = hit.point.y - c.center.y;
  const mag =
    Math.abs(r.origin.x) + Math.abs(r.origin.y) + Math.abs(c.center.x) + Math.abs(c.center.y);
  if (Math.hypot(dx, dy) > 1e-6 * mag && dx * hit.normal.x + dy * hit.normal.y < 0) {
    fail("normal points inward");
  }
}

describe("intersectRayCircle against exact rationals", () => {
  it("non-null exactly on overlap; inside exact; t, point, normal accurate", async () => {
    await assertProperty(
      "ray-circle",
      shapePairOf("ray", "circle"),
      check,
      Math.floor(NUM_RUNS / 10),
    );
  });
});
