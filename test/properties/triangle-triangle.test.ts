import fc from "fast-check";
import { describe, it } from "vitest";
import {
  boundingCircle,
  contactTriangleTriangle,
  testTriangleTriangle,
} from "../../src/2d/index.ts";
import { triTri } from "../reference/queries.ts";
import { add, cmp, div, mul, q, sqrtApprox, sub, toNumber } from "../reference/rational.ts";
import { frame, mapPoint, nudge, param, point, snapped, type V2 } from "./arbitraries.ts";
import { assertProperty } from "./exact-setup.ts";

interface Tri {
  a: V2;
  b: V2;
  c: V2;
}
const tri = fc.record({ a: point, b: point, c: point });

/** Triangle pairs: random, lattice (often degenerate), a corner snapped onto an edge, shared corners. */
const pairs = fc
  .tuple(fc.integer({ min: 0, max: 3 }), tri, tri, param, nudge, nudge, frame)
  .map(([kind, t1, t2, t, kx, ky, fr]) => {
    let u = t2;
    if (kind === 1) u = { ...t2, a: snapped(t1.b, t1.c, t, kx, ky) };
    if (kind === 2) u = { ...t2, b: t1.a };
    if (kind === 3)
      u = { a: snapped(t1.a, t1.b, t, 0, 0), b: snapped(t1.a, t1.b, 1 - t, kx, 0), c: t2.c };
    const m = (x: Tri): Tri => ({
      a: mapPoint(x.a, fr.f),
      b: mapPoint(x.b, fr.f),
      c: mapPoint(x.c, fr.f),
    });
    return { t1: m(t1), t2: m(u), plain: fr.name === "plain" };
  });

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? x.toString() : x));
const shift = (t: Tri, dx: number, dy: number): Tri => ({
  a: { x: t.a.x + dx, y: t.a.y + dy },
  b: { x: t.b.x + dx, y: t.b.y + dy },
  c: { x: t.c.x + dx, y: t.c.y + dy },
});

describe("triangle vs triangle against the exact reference", () => {
  it("boolean exact and symmetric; contact agrees, finite, unit normal, and separates", async () => {
    await assertProperty("triangle-triangle", pairs, ({ t1, t2, plain }) => {
      const ref = triTri(t1, t2);
      const hit = testTriangleTriangle(t1, t2);
      if (hit !== ref) throw new Error(`boolean ${hit} vs reference ${ref}: ${show({ t1, t2 })}`);
      if (testTriangleTriangle(t2, t1) !== hit) throw new Error(`asymmetric: ${show({ t1, t2 })}`);
      const c = contactTriangleTriangle(t1, t2);
      if ((c !== null) !== hit) throw new Error(`contact disagrees with test: ${show({ t1, t2 })}`);
      if (!c) return;
      if (![c.depth, c.normal.x, c.normal.y].every(Number.isFinite) || c.depth < 0) {
        throw new Error(`bad contact: ${show({ t1, t2, c })}`);
      }
      if (Math.abs(Math.hypot(c.normal.x, c.normal.y) - 1) > 1e-12)
        throw new Error(`normal not unit: ${show(c)}`);
      if (plain) {
        // Moving t2 by normal * depth, plus a hair, leaves them apart.
        const size = Math.max(
          ...[t1.a, t1.b, t1.c, t2.a, t2.b, t2.c].flatMap((p) => [Math.abs(p.x), Math.abs(p.y)]),
        );
        const push = c.depth + 1e-9 * (1 + size);
        if (triTri(t1, shift(t2, c.normal.x * push, c.normal.y * push))) {
          throw new Error(`minimum translation does not separate: ${show({ t1, t2, c })}`);
        }
      }
    });
  });

  it("boundingCircle holds every corner exactly and is minimal to 1e-12 (plus the center's rounding)", async () => {
    await assertProperty(
      "bounding-circle",
      fc.tuple(tri, frame).map(([t, fr]) => ({
        a: mapPoint(t.a, fr.f),
        b: mapPoint(t.b, fr.f),
        c: mapPoint(t.c, fr.f),
      })),
      (t) => {
        const circle = boundingCircle(t);
        const { center, radius } = circle;
        if (![center.x, center.y, radius].every(Number.isFinite))
          throw new Error(`not finite: ${show({ t, circle })}`);
        const r2 = mul(q(radius), q(radius));
        for (const p of [t.a, t.b, t.c]) {
          const dx = sub(q(p.x), q(center.x));
          const dy = sub(q(p.y), q(center.y));
          if (cmp(add(mul(dx, dx), mul(dy, dy)), r2) > 0)
            throw new Error(`corner outside: ${show({ t, circle })}`);
        }
        // The exact minimal radius squared: half the longest side when its facing angle is not acute.
        const A = { x: q(t.a.x), y: q(t.a.y) };
        const B = { x: q(t.b.x), y: q(t.b.y) };
        const C = { x: q(t.c.x), y: q(t.c.y) };
        const len2 = (p: typeof A, r: typeof A) =>
          add(mul(sub(p.x, r.x), sub(p.x, r.x)), mul(sub(p.y, r.y), sub(p.y, r.y)));
        const s = [len2(B, C), len2(C, A), len2(A, B)].sort(cmp);
        const [x, y, z] = s as [typeof r2, typeof r2, typeof r2];
        const cr = sub(mul(sub(B.x, A.x), sub(C.y, A.y)), mul(sub(B.y, A.y), sub(C.x, A.x)));
        const min2 =
          cmp(z, add(x, y)) >= 0 ? div(z, q(4)) : div(mul(mul(x, y), z), mul(q(4), mul(cr, cr)));
        // Slack for the center's own rounding, which the radius must absorb.
        const slack = 2 ** -49 * (Math.abs(center.x) + Math.abs(center.y));
        // (Plus a few subnormal steps: below 2^-1022 doubles hold fewer digits than 1e-12 needs.)
        const bound = q(toNumber(sqrtApprox(min2)) * (1 + 1e-12) + slack + 4 * Number.MIN_VALUE);
        if (cmp(r2, mul(bound, bound)) > 0)
          throw new Error(`radius not minimal: ${show({ t, circle })}`);
      },
    );
  });
});
