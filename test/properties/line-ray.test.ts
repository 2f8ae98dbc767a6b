import fc from "fast-check";
import { describe, it } from "vitest";
import { intersectLineRay, testLineRay } from "../../src/2d/index.ts";
import { lineRay } from "../reference/queries.ts";
import { toNumber } from "../reference/rational.ts";
import { frame, mapPoint, nudge, param, point, ulps, type V2 } from "./arbitraries.ts";
import { assertProperty } from "./exact-setup.ts";

const nonZero = point.filter((p) => p.x !== 0 || p.y !== 0);

/** Line and ray: random, origin snapped onto the line, exactly parallel, nearly parallel. */
const cases = fc
  .tuple(
    fc.integer({ min: 0, max: 3 }),
    point,
    nonZero,
    point,
    nonZero,
    param,
    nudge,
    nudge,
    fc.integer({ min: -3, max: 3 }),
    frame,
  )
  .map(([kind, lp, ld, ro, rd, t, kx, ky, e, fr]) => {
    let o: V2 = ro;
    let d: V2 = rd;
    if (kind === 1)
      o = { x: ulps(lp.x + (4 * t - 2) * ld.x, kx), y: ulps(lp.y + (4 * t - 2) * ld.y, ky) };
    if (kind === 2) d = { x: ld.x * 2 ** e, y: ld.y * 2 ** e };
    if (kind === 3) d = { x: -ld.x * 2 ** e, y: ulps(-ld.y * 2 ** e, kx || 1) };
    const line = { point: mapPoint(lp, fr.f), dir: mapPoint(ld, fr.f) };
    const ray = { origin: mapPoint(o, fr.f), dir: mapPoint(d, fr.f) };
    return { line, ray };
  })
  .filter(
    ({ line, ray }) =>
      (line.dir.x !== 0 || line.dir.y !== 0) && (ray.dir.x !== 0 || ray.dir.y !== 0),
  );

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? x.toString() : x));

describe("line vs ray against the exact reference", () => {
  it("boolean exact, intersect agrees, t within 1e-9 relative (clamped beyond range), finite", async () => {
    await assertProperty("line-ray", cases, ({ line, ray }) => {
      const ref = lineRay(line.point, line.dir, ray.origin, ray.dir);
      const hit = testLineRay(line, ray);
      if (hit !== (ref !== null))
        throw new Error(`boolean ${hit} vs reference: ${show({ line, ray })}`);
      const res = intersectLineRay(line, ray);
      if ((res !== null) !== hit)
        throw new Error(`intersect disagrees with test: ${show({ line, ray })}`);
      if (!res || !ref) return;
      if (![res.t, res.point.x, res.point.y].every(Number.isFinite))
        throw new Error(`not finite: ${show({ line, ray, res })}`);
      if (res.collinear !== ref.collinear)
        throw new Error(`collinear flag: ${show({ line, ray, res })}`);
      const exact = toNumber(ref.t);
      const expected = Number.isFinite(exact) ? exact : Number.MAX_VALUE;
      if (res.t < 0 || Math.abs(res.t - expected) > 1e-9 * Math.max(1, expected)) {
        throw new Error(`t ${res.t} vs ${expected}: ${show({ line, ray })}`);
      }
    });
  });
});
