import { describe, expect, it } from "vitest";
import * as c from "../../src/3d/index.ts";
import { toDouble } from "../reference/bigrational.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";
import { refBox, refLine, refRay, specBoxAxes } from "../reference/linear3d.ts";

/*
 * One hand case per certificate of the box's float pass (pairs/linear-box.ts, boxFast): a hit
 * by a witness point, a miss by a face axis, a miss by the cross axis of two slabs that do not
 * overlap, a start certainly inside, a slab parallel to the cast (left to the full test), and
 * grazes 1 ulp either side of an edge (left to the full test).
 */

const v = (x: number, y: number, z: number): c.Vec => ({ x, y, z });
const cube = c.box(v(0, 0, 0), v(1, 1, 1));
const q45 = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) };
const turned = c.box(v(0, 0, 0), v(1, 1, 1), q45);

describe("lines, rays and segments against boxes: each certificate of the float pass", () => {
  it("a hit with every slab crossed: t from the entry slab, its face's normal", () => {
    // (-5 + t, t / 8, t / 16): the x slab [-1, 1] holds t in [4, 6], y in [-8, 8], z in
    // [-16, 16]; the entry is t = 4 on the face x = -1, at (-1, 0.5, 0.25).
    const h = c.intersectRayBox(c.ray(-5, 0, 0, 1, 0.125, 0.0625), cube)!;
    expect(h).toEqual({ t: 4, point: v(-1, 0.5, 0.25), normal: v(-1, 0, 0), inside: false });
  });

  it("a ray pointing away misses by the face axis x", () => {
    // x = -5 - t never reaches [-1, 1] for t >= 0 (the slab holds t in [-6, -4]).
    expect(c.testRayBox(c.ray(-5, 0, 0, -1, 0.1, 0.1), cube)).toBe(false);
    expect(c.intersectRayBox(c.ray(-5, 0, 0, -1, 0.1, 0.1), cube)).toBeNull();
    // The line through it does meet the box: it enters x = 1 at t = -6.
    const l = c.intersectLineBox(c.line(-5, 0, 0, -1, 0, 0), cube)!;
    expect(l.t).toBe(-6);
    expect(l.normal).toEqual(v(1, 0, 0));
  });

  it("slabs x and y that do not overlap: the cross axis d x z separates", () => {
    // (-5 + t, 1.5 t, 0): x in [-1, 1] for t in [4, 6], y in [-1, 1] for t in [-2/3, 2/3].
    expect(c.testRayBox(c.ray(-5, 0, 0, 1, 1.5, 0), cube)).toBe(false);
    expect(c.testLineBox(c.line(-5, 0, 0, 1, 1.5, 0), cube)).toBe(false);
  });

  it("a segment that ends before its slab starts misses by that face axis", () => {
    // a + t (b - a) = (-5 + 3t, 0, 0.5 t): x reaches -1 at t = 4/3 > 1.
    const s = c.segment(v(-5, 0, 0), v(-2, 0, 0.5));
    expect(c.testSegmentBox(s, cube)).toBe(false);
    expect(c.intersectSegmentBox(s, cube)).toBeNull();
  });

  it("a start certainly inside gives t = 0 and inside", () => {
    const h = c.intersectRayBox(c.ray(0.5, 0, 0, 1, 0, 0), cube)!;
    expect(h).toEqual({ t: 0, point: v(0.5, 0, 0), normal: v(-1, 0, 0), inside: true });
  });

  it("a slab parallel to the cast and outside it: a miss (the full test decides)", () => {
    // d.y = 0 and y = 3 is outside [-1, 1] for every t.
    expect(c.testRayBox(c.ray(-5, 3, 0, 1, 0, 0), cube)).toBe(false);
    expect(c.testRayBox(c.ray(-5, 1, 0, 1, 0, 0), cube)).toBe(true);
  });

  it("grazing an edge: on it is a hit, 1 ulp beyond is a miss", () => {
    // The edge y = 1, z = 1 of the cube, along x.
    expect(c.testRayBox(c.ray(-5, 1, 1, 1, 0, 0), cube)).toBe(true);
    expect(c.testRayBox(c.ray(-5, 1, 1.0000000000000002, 1, 0, 0), cube)).toBe(false);
    // (3 - t, 3 - t, -1 + t) touches the corner (1, 1, 1) at t = 2 only (x <= 1 needs t >= 2,
    // z <= 1 needs t <= 2); starting z 1 ulp higher (-1 + 2^-53) empties that range.
    expect(c.testRayBox(c.ray(3, 3, -1, -1, -1, 1), cube)).toBe(true);
    expect(c.testRayBox(c.ray(3, 3, -0.9999999999999999, -1, -1, 1), cube)).toBe(false);
  });

  it("turned 45 degrees about z: a ray along y at x = 1.4 enters the face u1 = -1", () => {
    // Axes A0 = (c, s, 0), A1 = (-s, c, 0), c = s = sqrt(1/2); the corner A0 - A1 is at
    // x = sqrt 2 ~ 1.41421. The face u1 = -1 is -x s + y c = -1, so at x = 1.4 it is crossed
    // at y = 1.4 - sqrt 2 (t = 5 + 1.4 - sqrt 2), outward normal -A1 = (s, -c, 0).
    const h = c.intersectRayBox(c.ray(1.4, -5, 0, 0, 1, 0), turned)!;
    expect(h.t).toBeCloseTo(6.4 - Math.SQRT2, 13);
    expect(h.normal.x).toBeCloseTo(Math.SQRT1_2, 14);
    expect(h.normal.y).toBeCloseTo(-Math.SQRT1_2, 14);
    expect(h.inside).toBe(false);
    // x = 1.42 is past the corner: the slabs u0 and u1 do not overlap.
    expect(c.testRayBox(c.ray(1.42, -5, 0, 0, 1, 0), turned)).toBe(false);
    expect(c.intersectRayBox(c.ray(1.42, -5, 0, 0, 1, 0), turned)).toBeNull();
  });

  it("turned 120 degrees about (1, 1, 1): each of the six faces entered has its own normal", () => {
    // q = (1, 1, 1, 1) / 2 maps x to y, y to z, z to x, so the half extents (1, 2, 3) span
    // [-3, 3] x [-1, 1] x [-2, 2] in the world. Each ray enters one face at the t where its
    // coordinate reaches the face (the other two stay inside there); every slab is oblique to it.
    const spun = c.box(v(0, 0, 0), v(1, 2, 3), { x: 0.5, y: 0.5, z: 0.5, w: 0.5 });
    const cases: [c.Ray, number, c.Vec][] = [
      [c.ray(-10, 0, 0, 1, 0.125, 0.0625), 7, v(-1, 0, 0)],
      [c.ray(10, 0, 0, -1, 0.125, 0.0625), 7, v(1, 0, 0)],
      [c.ray(0, -10, 0, 0.125, 1, 0.0625), 9, v(0, -1, 0)],
      [c.ray(0, 10, 0, 0.125, -1, 0.0625), 9, v(0, 1, 0)],
      [c.ray(0, 0, -10, 0.125, 0.0625, 1), 8, v(0, 0, -1)],
      [c.ray(0, 0, 10, 0.125, 0.0625, -1), 8, v(0, 0, 1)],
    ];
    for (const [r, t, n] of cases) {
      const h = c.intersectRayBox(r, spun)!;
      expect(h.t).toBeCloseTo(t, 13);
      expect(h.normal).toEqual(n);
      expect(h.inside).toBe(false);
    }
  });

  it("far from the origin (offset 1e9) the certificates hold", () => {
    const far = c.box(v(1e9, 1e9, 1e9), v(1, 1, 1));
    expect(c.intersectRayBox(c.ray(1e9 - 5, 1e9, 1e9, 1, 0.125, 0.0625), far)!.t).toBe(4);
    expect(c.testRayBox(c.ray(1e9 - 5, 1e9, 1e9, 1, 1.5, 0), far)).toBe(false);
  });
});

/*
 * The ray's pass in the box's frame (rayBoxFast) decides a miss as soon as the slabs seen so far
 * do not overlap on t >= 0: after slab 0, after slab 1, or after all three. The box turned 120
 * degrees about (1, 1, 1) has exact axes C_0 = y, C_1 = z, C_2 = x, so with half extents (1, 2, 3)
 * it is [-3, 3] x [-1, 1] x [-2, 2] and its slabs 0, 1, 2 are world y, z, x.
 */
describe("rays against a turned box: each exit of the box-frame pass", () => {
  const third = { x: 0.5, y: 0.5, z: 0.5, w: 0.5 };
  const b = c.box(v(0, 0, 0), v(1, 2, 3), third);

  it("slab 0 left behind the start: a miss", () => {
    // y = 5 + t >= 5 > 1 for t >= 0.
    expect(c.testRayBox(c.ray(0, 5, 0, 0.1, 1, 0.2), b)).toBe(false);
    expect(c.intersectRayBox(c.ray(0, 5, 0, 0.1, 1, 0.2), b)).toBeNull();
  });

  it("slabs 0 and 1 disjoint: a miss", () => {
    // (t / 4, -5 + t, 5 + t): y in [-1, 1] for t in [4, 6], z in [-2, 2] for t in [-7, -3].
    expect(c.testRayBox(c.ray(0, -5, 5, 0.25, 1, 1), b)).toBe(false);
    expect(c.intersectRayBox(c.ray(0, -5, 5, 0.25, 1, 1), b)).toBeNull();
  });

  it("slabs 0 and 1 overlap, slab 2 lies past them: a miss", () => {
    // (10 - t, -5 + t, t / 10): y in [-1, 1] for t in [4, 6], x in [-3, 3] for t in [7, 13].
    expect(c.testRayBox(c.ray(10, -5, 0, -1, 1, 0.1), b)).toBe(false);
    expect(c.intersectRayBox(c.ray(10, -5, 0, -1, 1, 0.1), b)).toBeNull();
  });

  it("slab 2 entered last: t = 14/3 on the face x = 3", () => {
    // (10 - 1.5 t, -5 + t, t / 8): x in [-3, 3] for t in [14/3, 26/3], y for t in [4, 6], z for
    // t in [-16, 16]; the entry t = 14/3 is at (3, -1/3, 7/12), face +C_2 = +x.
    expect(c.testRayBox(c.ray(10, -5, 0, -1.5, 1, 0.125), b)).toBe(true);
    const h = c.intersectRayBox(c.ray(10, -5, 0, -1.5, 1, 0.125), b)!;
    expect(Math.abs(h.t - 14 / 3)).toBeLessThanOrEqual(4e-15);
    expect(Math.abs(h.point.x - 3)).toBeLessThanOrEqual(4e-15);
    expect(Math.abs(h.point.y + 1 / 3)).toBeLessThanOrEqual(4e-15);
    expect(Math.abs(h.point.z - 7 / 12)).toBeLessThanOrEqual(4e-15);
    expect(h.normal).toEqual(v(1, 0, 0));
    expect(h.inside).toBe(false);
  });
});

/** A seeded uniform draw in [lo, hi) (xorshift32): the same scene every run. */
function seeded(seed: number): (lo: number, hi: number) => number {
  let st = seed;
  return (lo, hi) => {
    st ^= st << 13;
    st ^= st >>> 17;
    st ^= st << 5;
    return lo + ((hi - lo) * (st >>> 0)) / 4294967296;
  };
}

/** A box centred within `reach` of the origin, half extents in [0.5, size), a random turn. */
function turnedBox(
  between: (lo: number, hi: number) => number,
  reach: number,
  size: number,
): c.Box {
  const ctr = v(between(-reach, reach), between(-reach, reach), between(-reach, reach));
  const he = v(between(0.5, size), between(0.5, size), between(0.5, size));
  const q = { x: between(-1, 1), y: between(-1, 1), z: between(-1, 1), w: between(-1, 1) };
  return c.box(ctr, he, q);
}

describe("rays against turned boxes on game-like data agree with the exact reference", () => {
  it("400 seeded rays aimed near turned boxes: the boolean, t, point and unit normal", () => {
    const between = seeded(20261124);
    let hits = 0;
    for (let i = 0; i < 400; i++) {
      const bx = turnedBox(between, 500, 10);
      const ctr = bx.center;
      const he = bx.halfExtents;
      // From 20 to 80 units away, aimed within 1.2 times the half diagonal of the center.
      const o = v(ctr.x + between(-80, 80), ctr.y + between(-80, 80), ctr.z + between(-80, 80));
      const s = 1.2 * Math.hypot(he.x, he.y, he.z);
      const aim = v(ctr.x + between(-s, s), ctr.y + between(-s, s), ctr.z + between(-s, s));
      const r = c.ray(o.x, o.y, o.z, aim.x - o.x, aim.y - o.y, aim.z - o.z);
      const ref = refBox(
        refRay(r.origin, r.dir),
        bx.center,
        specBoxAxes(bx.halfExtents, bx.rotation),
      );
      const ctx = JSON.stringify({ r, bx });
      expect(c.testRayBox(r, bx), ctx).toBe(ref.hit);
      const h = c.intersectRayBox(r, bx);
      expect(h !== null, ctx).toBe(ref.hit);
      if (!h) continue;
      hits++;
      const tRef = toDouble(ref.t);
      expect(Math.abs(h.t - tRef), ctx).toBeLessThanOrEqual(1e-12 * (1 + tRef));
      expect(h.inside, ctx).toBe(ref.inside);
      const dl = Math.hypot(r.dir.x, r.dir.y, r.dir.z);
      const px = r.origin.x + tRef * r.dir.x;
      const py = r.origin.y + tRef * r.dir.y;
      const pz = r.origin.z + tRef * r.dir.z;
      expect(Math.hypot(h.point.x - px, h.point.y - py, h.point.z - pz), ctx).toBeLessThanOrEqual(
        1e-12 * (1 + tRef) * dl + 1e-12 * Math.hypot(px, py, pz),
      );
      expect(Math.abs(Math.hypot(h.normal.x, h.normal.y, h.normal.z) - 1), ctx).toBeLessThan(1e-15);
      if (h.inside) continue;
      // A face's outward normal: along one of the box's axes, against the ray.
      const n = h.normal;
      const along = specBoxAxes(v(1, 1, 1), bx.rotation).some(
        (a) => Math.abs(Math.abs(n.x * a.x + n.y * a.y + n.z * a.z) - 1) < 1e-12,
      );
      expect(along, ctx).toBe(true);
      expect(n.x * r.dir.x + n.y * r.dir.y + n.z * r.dir.z, ctx).toBeLessThan(0);
    }
    // The scene is half hits: both branches are exercised.
    expect(hits).toBeGreaterThan(100);
    expect(hits).toBeLessThan(300);
  });

  it("rays aimed at edges of turned boxes, 1 ulp either side: the boolean is exact", () => {
    // Edge points c + a A_0 + b A_1 + s A_2 (a, b = +-1) rounded to doubles, then the aim stepped
    // by ulps: the slabs' ends meet within rounding, where only the error bounds keep the float
    // pass from a wrong miss (the exact reference decides).
    const between = seeded(7771);
    let hits = 0;
    let misses = 0;
    for (let i = 0; i < 120; i++) {
      const bx = turnedBox(between, 50, 5);
      const ctr = bx.center;
      const ax = specBoxAxes(bx.halfExtents, bx.rotation);
      const [a0, a1, a2] = [ax[i % 3]!, ax[(i + 1) % 3]!, ax[(i + 2) % 3]!];
      const sa = between(-1, 1) < 0 ? -1 : 1;
      const sb = between(-1, 1) < 0 ? -1 : 1;
      const sc = between(-0.5, 0.5);
      const p = v(
        ctr.x + sa * a0.x + sb * a1.x + sc * a2.x,
        ctr.y + sa * a0.y + sb * a1.y + sc * a2.y,
        ctr.z + sa * a0.z + sb * a1.z + sc * a2.z,
      );
      const o = v(ctr.x + between(-40, 40), ctr.y + between(-40, 40), ctr.z + between(-40, 40));
      for (const k of [-1, 0, 1]) {
        const px = k === 0 ? p.x : k < 0 ? nextDown(p.x) : nextUp(p.x);
        const r = c.ray(o.x, o.y, o.z, px - o.x, p.y - o.y, p.z - o.z);
        const ref = refBox(refRay(r.origin, r.dir), bx.center, ax);
        const ctx = JSON.stringify({ r, bx });
        expect(c.testRayBox(r, bx), ctx).toBe(ref.hit);
        expect(c.intersectRayBox(r, bx) !== null, ctx).toBe(ref.hit);
        if (ref.hit) hits++;
        else misses++;
      }
    }
    expect(hits).toBeGreaterThan(30);
    expect(misses).toBeGreaterThan(30);
  });
});

describe("lines against rank-deficient boxes (flat, segment, point, rescaled): the exact entry", () => {
  /** Whether n is a unit vector within 1e-12 of the direction of e. */
  const along = (n: c.Vec, e: c.Vec): boolean => {
    const m = Math.hypot(e.x, e.y, e.z);
    return Math.hypot(n.x - e.x / m, n.y - e.y / m, n.z - e.z / m) <= 1e-12;
  };
  // A generic unit quaternion: its frame is a rotation only up to rounding, so a direction in a
  // face's plane has a frame component of rounding size, which sends the cast to the exact path.
  const qn = Math.hypot(1, 2, 3, 4);
  const qg = { x: 1 / qn, y: 2 / qn, z: 3 / qn, w: 4 / qn };

  it("a rescaled quaternion, flat box, line in its plane through two corners: t = -1 at the corner", () => {
    // q = (0, 0, 1, 1) is (0, 0, sqrt 1/2, sqrt 1/2) rescaled by sqrt 2; boxAxes' unit formula
    // gives a0 = (1 - 2, 2, 0) = (-1, 2, 0), a1 = (-2, 1 - 2, 0) = (-2, -1, 0), a2 = 0 (hz = 0).
    // The line t (3, -1, 0) = -t (a0 + a1) has u0 = u1 = -t: it enters at t = -1, the corner
    // a0 + a1 = (-3, 1, 0), through the edge u0 = 1 or u1 = 1 (outward normals a0, a1 / sqrt 5).
    const b = c.box(v(0, 0, 0), v(1, 1, 0), { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 });
    b.rotation = { x: 0, y: 0, z: 1, w: 1 };
    const h = c.intersectLineBox(c.line(0, 0, 0, 3, -1, 0), b)!;
    expect(h.t).toBe(-1);
    expect(h.point).toEqual(v(-3, 1, 0));
    expect(along(h.normal, v(-1, 2, 0)) || along(h.normal, v(-2, -1, 0))).toBe(true);
    expect(h.inside).toBe(false);
  });

  it("the reported case (quaternion rescaled by 1.5): t is the exact reference's, rounded once", () => {
    const b = c.box(v(0, 0, 0), v(1, 1, 0), { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 });
    const r = b.rotation;
    b.rotation = { x: r.x * 1.5, y: r.y * 1.5, z: r.z * 1.5, w: r.w * 1.5 };
    const ax = specBoxAxes(b.halfExtents, b.rotation);
    for (const off of [0, 7.25, -1e6]) {
      const l = c.line(off, off, off, 3.5, -1, 0);
      const ctr = v(off, off, off);
      b.center = ctr;
      const ref = refBox(refLine(l.point, l.dir), ctr, ax);
      expect(ref.hit).toBe(true);
      const h = c.intersectLineBox(l, b)!;
      expect(h.t).toBe(toDouble(ref.t));
      expect(Math.hypot(h.normal.x, h.normal.y, h.normal.z)).toBeCloseTo(1, 14);
      // In the plane z = off: the normal is an in-plane edge normal, against the line.
      expect(h.normal.z).toBe(0);
      expect(h.normal.x * 3.5 - h.normal.y).toBeLessThan(0);
    }
  });

  it("a unit quaternion, flat box, line in its plane along a0: enters the edge u0 = -1 at t = 3", () => {
    // a0 = u (hx = 1), a1 = u1 / 2 (hy = 1/2), a2 = 0. The line -4 a0 + t a0 (exact doubles: a
    // power of two) has u0 = t - 4, u1 = 0: it enters at u0 = -1, t = 3, at -a0, through the
    // edge of outward normal -u (the frame is orthonormal to rounding).
    const b = c.box(v(0, 0, 0), v(1, 0.5, 0), qg);
    const [a0] = specBoxAxes(b.halfExtents, b.rotation);
    const l = c.line(-4 * a0!.x, -4 * a0!.y, -4 * a0!.z, a0!.x, a0!.y, a0!.z);
    const h = c.intersectLineBox(l, b)!;
    expect(h.t).toBe(3);
    expect(Math.hypot(h.point.x + a0!.x, h.point.y + a0!.y, h.point.z + a0!.z)).toBeLessThan(1e-15);
    expect(along(h.normal, v(-a0!.x, -a0!.y, -a0!.z))).toBe(true);
    // The same line as a segment from -4 a0 to 0 and as a ray: t = 3/4 and 3.
    const s = c.intersectSegmentBox(c.segment(l.point, v(0, 0, 0)), b)!;
    expect(s.t).toBe(0.75);
    expect(
      c.intersectRayBox(c.ray(l.point.x, l.point.y, l.point.z, a0!.x, a0!.y, a0!.z), b)!.t,
    ).toBe(3);
  });

  it("a segment box (hy = hz = 0): along it, the end at t = -1; across it, its middle", () => {
    // The box is c + u0 a0, |u0| <= 1, a0 = 2 u. The line c + t a0 enters at t = -1, the end
    // c - a0, normal -u. The line o + t d with o = c - 3 d crosses it at c, t = 3, normal the
    // part of -d across a0 (n = (a0.d) a0 - (a0.a0) d).
    const ctr = v(1, 1, 1);
    const b = c.box(ctr, v(2, 0, 0), qg);
    const [a0] = specBoxAxes(b.halfExtents, b.rotation);
    const g = a0!;
    const h = c.intersectLineBox(c.line(1, 1, 1, g.x, g.y, g.z), b)!;
    expect(h.t).toBe(-1);
    expect(
      Math.hypot(h.point.x - (1 - g.x), h.point.y - (1 - g.y), h.point.z - (1 - g.z)),
    ).toBeLessThan(1e-15);
    expect(along(h.normal, v(-g.x, -g.y, -g.z))).toBe(true);
    const d = v(0.25, -0.5, 0.125);
    const x = c.intersectLineBox(c.line(0.25, 2.5, 0.625, d.x, d.y, d.z), b)!;
    expect(x.t).toBe(3);
    expect(x.point).toEqual(ctr);
    const gd = g.x * d.x + g.y * d.y + g.z * d.z;
    const gg = g.x * g.x + g.y * g.y + g.z * g.z;
    const n = v(gd * g.x - gg * d.x, gd * g.y - gg * d.y, gd * g.z - gg * d.z);
    expect(along(x.normal, n)).toBe(true);
  });

  it("a singular rescaled quaternion (1/2, 1/2, 0, 0): the box is the segment between -+(1, 1, 0)", () => {
    // boxAxes' unit formula: a0 = (1 - 1/2, 1/2, 0) = a1 = (1/2, 1/2, 0), a2 = (0, 0, 1 - 1) = 0,
    // so the set is s (1, 1, 0), |s| <= 1. The x axis crosses it at the origin: t = 5, normal
    // the part of -d across (1, 1, 0), (-1, 1, 0) / sqrt 2. The line (-3, -3, 0) + t (1, 1, 0)
    // enters at the end (-1, -1, 0), t = 2, normal -(1, 1, 0) / sqrt 2.
    const b = c.box(v(0, 0, 0), v(1, 1, 1));
    b.rotation = { x: 0.5, y: 0.5, z: 0, w: 0 };
    const h = c.intersectLineBox(c.line(-5, 0, 0, 1, 0, 0), b)!;
    expect(h.t).toBe(5);
    expect(h.point).toEqual(v(0, 0, 0));
    expect(along(h.normal, v(-1, 1, 0))).toBe(true);
    const e = c.intersectLineBox(c.line(-3, -3, 0, 1, 1, 0), b)!;
    expect(e.t).toBe(2);
    expect(e.point).toEqual(v(-1, -1, 0));
    expect(along(e.normal, v(-1, -1, 0))).toBe(true);
    // 1 ulp above the plane z = 0 of the segment: a miss.
    expect(c.intersectLineBox(c.line(-5, 0, nextUp(0), 1, 0, 0), b)).toBeNull();
  });

  it("a point box (all extents 0): the line through it meets it at t = 3, normal against the line", () => {
    // o = c - 3 d: the point c at t = 3; a point has no face, so the cast reversed is the normal.
    const b = c.box(v(1, 1, 1), v(0, 0, 0), qg);
    const d = v(0.25, -0.5, 0.125);
    const h = c.intersectLineBox(c.line(0.25, 2.5, 0.625, d.x, d.y, d.z), b)!;
    expect(h.t).toBe(3);
    expect(h.point).toEqual(v(1, 1, 1));
    expect(along(h.normal, v(-d.x, -d.y, -d.z))).toBe(true);
    // 1 ulp off the point: a miss.
    expect(c.intersectLineBox(c.line(0.25, nextUp(2.5), 0.625, d.x, d.y, d.z), b)).toBeNull();
  });
});
