import fc from "fast-check";
import { describe, it } from "vitest";
import { sweepSphereLine, testLineSphere } from "../../src/3d/index.ts";
import { lineSphere, sweep } from "../reference/queries.ts";
import { coord, frame, nudge, ulps } from "./arbitraries.ts";
import { assertProperty } from "./exact-setup.ts";

interface V3 {
  x: number;
  y: number;
  z: number;
}
const p3 = fc.record({ x: coord, y: coord, z: coord });
const dir3 = p3.filter((d) => d.x !== 0 || d.y !== 0 || d.z !== 0);

/** Distance from p to the line (lp, ld) in floats. */
function lineDistance(p: V3, lp: V3, ld: V3): number {
  const wx = p.x - lp.x;
  const wy = p.y - lp.y;
  const wz = p.z - lp.z;
  const cx = ld.y * wz - ld.z * wy;
  const cy = ld.z * wx - ld.x * wz;
  const cz = ld.x * wy - ld.y * wx;
  return Math.hypot(cx, cy, cz) / Math.hypot(ld.x, ld.y, ld.z);
}

/** The float minimum distance from the moving center to the line over t in [0, 1]. */
function pathDistance(c: V3, m: V3, lp: V3, ld: V3): number {
  let best = Number.POSITIVE_INFINITY;
  // The closest approach of two lines, clamped to the path; a coarse scan refines it enough for
  // building near-grazing radii (the test itself is exact).
  for (let i = 0; i <= 64; i++) {
    const t = i / 64;
    best = Math.min(
      best,
      lineDistance({ x: c.x + t * m.x, y: c.y + t * m.y, z: c.z + t * m.z }, lp, ld),
    );
  }
  return best;
}

/** Spheres and lines: random, a radius tangent at the start, a grazing pass, no motion. */
const cases = fc
  .tuple(
    fc.integer({ min: 0, max: 3 }),
    p3,
    fc.double({ min: 0, max: 300, noNaN: true }),
    p3,
    p3,
    dir3,
    nudge,
    frame,
  )
  .map(([kind, c, r0, m0, lp, ld, k, fr]) => {
    let r = r0;
    let m = m0;
    if (kind === 1) r = ulps(lineDistance(c, lp, ld), k);
    if (kind === 2) {
      // Aim the motion to pass beside the line: distance at the closest point equals r.
      r = ulps(pathDistance(c, m, lp, ld), k);
    }
    if (kind === 3) m = { x: 0, y: 0, z: 0 };
    const f = fr.f;
    const s = (v: V3): V3 => ({ x: f(v.x), y: f(v.y), z: f(v.z) });
    const scale = (v: V3): V3 => ({ x: f(v.x) - f(0), y: f(v.y) - f(0), z: f(v.z) - f(0) });
    return {
      sphere: { center: s(c), radius: Math.abs(f(Math.max(0, r)) - f(0)) },
      motion: scale(m),
      line: { point: s(lp), dir: scale(ld) },
    };
  })
  .filter(({ line }) => line.dir.x !== 0 || line.dir.y !== 0 || line.dir.z !== 0);

const show = (v: unknown): string =>
  JSON.stringify(v, (_, x) => (typeof x === "number" ? x.toString() : x));

describe("sphere vs line against the exact reference", () => {
  it("testLineSphere exact; the sweep's boolean, overlap flag and first time exact; finite fields", async () => {
    await assertProperty("line-sphere", cases, ({ sphere, motion, line }) => {
      const still = lineSphere(line.point, line.dir, sphere.center, sphere.radius);
      if (testLineSphere(line, sphere) !== still)
        throw new Error(`test vs reference ${still}: ${show({ sphere, line })}`);
      const ref = sweep(sphere.center, sphere.radius, motion, line.point, line.dir);
      const res = sweepSphereLine(sphere, motion, line);
      if ((res !== null) !== ref.hit)
        throw new Error(
          `sweep ${res !== null} vs reference ${ref.hit}: ${show({ sphere, motion, line })}`,
        );
      if (!res) return;
      if (res.initiallyOverlapping !== ref.initially)
        throw new Error(`overlap flag: ${show({ sphere, motion, line })}`);
      const fields = [
        res.t,
        res.center.x,
        res.center.y,
        res.center.z,
        res.point.x,
        res.point.y,
        res.point.z,
        res.normal.x,
        res.normal.y,
        res.normal.z,
      ];
      if (!fields.every(Number.isFinite))
        throw new Error(`not finite: ${show({ sphere, motion, line, res })}`);
      if (res.t < 0 || res.t > 1 || Math.abs(res.t - ref.t) > 1e-9) {
        throw new Error(`t ${res.t} vs ${ref.t}: ${show({ sphere, motion, line })}`);
      }
      if (Math.abs(Math.hypot(res.normal.x, res.normal.y, res.normal.z) - 1) > 1e-12) {
        throw new Error(`normal not unit: ${show(res)}`);
      }
      // The normal is perpendicular to the line.
      // (Scaled first: a subnormal direction would make this check itself inexact.)
      const k = Math.max(Math.abs(line.dir.x), Math.abs(line.dir.y), Math.abs(line.dir.z));
      const u = { x: line.dir.x / k, y: line.dir.y / k, z: line.dir.z / k };
      const cosine =
        (res.normal.x * u.x + res.normal.y * u.y + res.normal.z * u.z) / Math.hypot(u.x, u.y, u.z);
      if (Math.abs(cosine) > 1e-9)
        throw new Error(`normal not perpendicular: ${show({ sphere, motion, line, res })}`);
    });
  });
});
