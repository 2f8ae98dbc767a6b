/**
 * contactCirclePolygon (its Voronoi-region float path, with the general manifold behind it):
 * non-null exactly when the exact overlap reference says they touch, and the containment flags
 * exactly as exact rationals decide them: the circle is inside when its center lies at least r
 * inside every edge's line, the polygon when every corner is within r of the center. Depth and
 * normal are cross-checked against EPA in gjk-epa.test.ts. Count: NUM_RUNS / 10 (10 000 in CI).
 */
import { describe, it } from "vitest";
import type { Shape } from "../../src/2d/bounds.ts";
import { type Circle, contactCirclePolygon, type Polygon } from "../../src/2d/index.ts";
import { add, fromDouble, mul, type Rational, sign, sub } from "../reference/bigrational.ts";
import { show } from "../reference/float-bits.ts";
import { overlapExact } from "../reference/overlap2d.ts";
import { assertProperty, NUM_RUNS } from "./exact-setup.ts";
import { shapePairOf } from "./shapes2d-gen.ts";

const cmpR = (a: Rational, b: Rational): number => sign(sub(a, b));

/** Exact containment of the disk in a polygon with area; null for a flat polygon (not asserted). */
function circleInside(c: Circle, p: Polygon): boolean | null {
  const pts = p.points.map((v) => ({ x: fromDouble(v.x), y: fromDouble(v.y) }));
  const cx = fromDouble(c.center.x);
  const cy = fromDouble(c.center.y);
  const r2 = mul(fromDouble(c.radius), fromDouble(c.radius));
  // Twice the signed area gives the winding.
  let area = fromDouble(0);
  for (let i = 0; i < pts.length; i++) {
    const v = pts[i]!;
    const w = pts[(i + 1) % pts.length]!;
    area = add(area, sub(mul(v.x, w.y), mul(v.y, w.x)));
  }
  const wind = sign(area);
  if (wind === 0) return null;
  for (let i = 0; i < pts.length; i++) {
    const v = pts[i]!;
    const w = pts[(i + 1) % pts.length]!;
    const ex = sub(w.x, v.x);
    const ey = sub(w.y, v.y);
    const cross = sub(mul(ex, sub(cy, v.y)), mul(ey, sub(cx, v.x)));
    const inner = wind > 0 ? cross : sub(fromDouble(0), cross);
    if (sign(inner) < 0) return false;
    // inner / |e| >= r  <=>  inner² >= r² |e|² (inner >= 0).
    if (cmpR(mul(inner, inner), mul(r2, add(mul(ex, ex), mul(ey, ey)))) < 0) return false;
  }
  return true;
}

function polygonInside(c: Circle, p: Polygon): boolean {
  const cx = fromDouble(c.center.x);
  const cy = fromDouble(c.center.y);
  const r2 = mul(fromDouble(c.radius), fromDouble(c.radius));
  return p.points.every((v) => {
    const dx = sub(fromDouble(v.x), cx);
    const dy = sub(fromDouble(v.y), cy);
    return cmpR(add(mul(dx, dx), mul(dy, dy)), r2) <= 0;
  });
}

function check([ca, pb]: [Shape, Shape]): void {
  const c = ca as Circle & { kind: "circle" };
  const p = pb as Polygon & { kind: "polygon" };
  const got = contactCirclePolygon(c, p);
  const fail = (why: string): never => {
    throw new Error(`${why}: ${show([c, p])} -> ${JSON.stringify(got)}`);
  };
  if ((got !== null) !== overlapExact(c, p)) fail("non-null differs from the exact overlap");
  if (got === null) return;
  const inside = p.points.length >= 3 ? circleInside(c, p) : null;
  if (inside !== null && got.aInB !== inside) fail("aInB");
  if (got.bInA !== polygonInside(c, p)) fail("bInA");
}

describe("contactCirclePolygon against exact rationals", () => {
  it("non-null and containment flags exact", async () => {
    await assertProperty(
      "circle-polygon contact",
      shapePairOf("circle", "polygon"),
      check,
      Math.floor(NUM_RUNS / 10),
    );
  });
});
