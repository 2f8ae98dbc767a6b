/**
 * intersectRayPolygon (certified float Cyrus-Beck and exact fallback) against an exact BigInt
 * Cyrus-Beck reference: non-null exactly when the ray meets the closed polygon (and exactly when
 * the independent overlap reference says so); `inside` only for an origin in the polygon, and
 * always for one strictly inside; t within 1e-9 of the exact first t relative to t plus the
 * polygon's reach from the origin in units of d; the point at origin + t dir; a unit normal.
 * Cases from shapes2d-gen.ts (touching, grazing and ulp-nudged placements, 1e9 offsets, scales
 * 1e-100 to 1e100). Count: NUM_RUNS / 10 (10 000 in CI).
 */
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { intersectRayPolygon, type Polygon, type Ray } from "../../src/2d/index.ts";
import { add, cmp, fromDouble, sub } from "../reference/bigrational.ts";
import { show } from "../reference/float-bits.ts";
import { overlapExact } from "../reference/overlap2d.ts";
import { rayPolygon } from "../reference/ray-polygon.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";
import { shapePairOf } from "./shapes2d-gen.ts";

function check([ra, pb]: [Shape, Shape]): void {
  const r = ra as Ray & { kind: "ray" };
  const p = pb as Polygon & { kind: "polygon" };
  const hit = intersectRayPolygon(r, p);
  const want = overlapExact(r, p);
  const fail = (why: string): never => {
    throw new Error(`${why}: ${show([r, p])} -> ${JSON.stringify(hit)}`);
  };
  if ((hit !== null) !== want) fail(`non-null ${hit !== null}, exact ${want}`);
  // The Cyrus-Beck reference is for proper polygons (null when flat).
  const pts = p.points;
  const ref = rayPolygon(r.origin, r.dir, pts);
  if (ref && ref.hit !== want) fail("the two references disagree");
  if (hit === null) return;
  for (const v of [hit.t, hit.point.x, hit.point.y, hit.normal.x, hit.normal.y]) {
    if (!Number.isFinite(v)) fail("non-finite field");
  }
  if (Math.abs(Math.hypot(hit.normal.x, hit.normal.y) - 1) > 1e-15) fail("normal not unit");
  if (!ref) return;
  if (hit.inside && !ref.inside) fail("inside flag on an origin outside the polygon");
  if (ref.strictlyInside && !(hit.t === 0 && hit.inside)) fail("strictly inside, not reported");
  let reach = 0;
  for (const q of pts) reach = Math.max(reach, Math.hypot(q.x - r.origin.x, q.y - r.origin.y));
  const size = reach / Math.hypot(r.dir.x, r.dir.y);
  const t = hit.t;
  const tol = fromDouble(Math.min(Math.max(1e-9 * (t + size), Number.MIN_VALUE), Number.MAX_VALUE));
  const beyond = t === Number.MAX_VALUE && cmp(ref.enter, fromDouble(t)) >= 0;
  if (
    !beyond &&
    (cmp(add(fromDouble(t), tol), ref.enter) < 0 || cmp(sub(fromDouble(t), tol), ref.enter) > 0)
  ) {
    fail(`t ${t} vs exact ${Number(ref.enter.num) / Number(ref.enter.den)}`);
  }
  const px = r.origin.x + t * r.dir.x;
  const py = r.origin.y + t * r.dir.y;
  if (Number.isFinite(px) && Number.isFinite(py) && (hit.point.x !== px || hit.point.y !== py)) {
    fail("point off o + t d");
  }
}

describe("intersectRayPolygon against exact rationals", () => {
  it("non-null exactly on overlap; inside exact; t, point, normal accurate", async () => {
    await assertProperty(
      "ray-polygon",
      shapePairOf("ray", "polygon"),
      check,
      Math.floor(NUM_RUNS / 10),
    );
  });
});
