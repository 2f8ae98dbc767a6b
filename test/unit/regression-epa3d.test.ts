/**
 * Regressions of the 3D EPA (convex/epa.ts).
 */
import { describe, expect, it } from "vitest";
import {
  epaPenetration,
  makePenetration,
  makeProxy,
  proxyOf,
  triangle,
  vec,
} from "../../src/3d/index.ts";
import type { Vec } from "../../src/3d/shapes.ts";

/** x moved up by k ulps. */
function up(x: number, k: number): number {
  const buf = new Float64Array([x]);
  const bits = new BigInt64Array(buf.buffer);
  for (let i = 0; i < k; i++) {
    if (buf[0] === 0) buf[0] = Number.MIN_VALUE;
    else bits[0]! += buf[0]! > 0 ? 1n : -1n;
  }
  return buf[0]!;
}

/** The largest of p . n over the points. */
const reach = (pts: Vec[], n: Vec): number =>
  Math.max(...pts.map((p) => p.x * n.x + p.y * n.y + p.z * n.z));

/**
 * Found by closest3d.test.ts (seed 617561800): two crossing triangles, B's x and y nudged up by 3
 * ulps. GJK's simplex and EPA's first expansions left a face whose corners are collinear but for
 * those ulps, through the origin; its float normal was mostly rounding, EPA took it as the nearest
 * face, and reported depth 4e-16 along a normal over which the triangles overlap by 0.71.
 *
 * The check is independent of EPA's internals: moving B by depth along the normal n must separate
 * the triangles exactly, so depth = max over A of p . n + max over B of -p . n (the overlap along
 * n), and no direction overlaps less, the coordinate axes included.
 */
describe("3D EPA: a sliver face through the origin", () => {
  const a = [vec(-4, -2, -3), vec(-1, -1, 0), vec(4, 0, 4)];
  const b = [vec(-2, -2, -1), vec(0, 2, 0), vec(1, -1, 2)].map((p) =>
    vec(up(p.x, 3), up(p.y, 3), p.z),
  );
  it("the depth is the overlap along its normal, and no axis overlaps less", () => {
    const P = makeProxy();
    const Q = makeProxy();
    proxyOf(triangle(a[0]!, a[1]!, a[2]!), P);
    proxyOf(triangle(b[0]!, b[1]!, b[2]!), Q);
    const pen = epaPenetration(P, Q, makePenetration());
    const n = pen.normal;
    const along = reach(a, n) + reach(b, vec(-n.x, -n.y, -n.z));
    expect(Math.abs(pen.depth - along)).toBeLessThan(1e-9);
    expect(pen.depth).toBeGreaterThan(0.1);
    for (const axis of [vec(1, 0, 0), vec(0, 1, 0), vec(0, 0, 1)]) {
      for (const s of [1, -1]) {
        const d = vec(s * axis.x, s * axis.y, s * axis.z);
        const overlap = reach(a, d) + reach(b, vec(-d.x, -d.y, -d.z));
        expect(pen.depth).toBeLessThanOrEqual(overlap + 1e-9);
      }
    }
  });
});
