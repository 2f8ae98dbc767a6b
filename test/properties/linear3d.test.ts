/**
 * Lines, rays and segments against spheres, capsules, aabbs, boxes and planes (collide/3d),
 * against the exact reference test/reference/linear3d.ts. Cases aim at the hard spots: rays and
 * segments aimed at corners, edge points and face points of boxes, at surface points of balls
 * and capsules, tangent to them, along faces, and nudged a few ulps off; degenerate shapes (zero
 * radius, zero-length cores and segments, flat boxes); frames plain, offset 1e9, and scaled by
 * 1e-7, 1e-100, 1e100.
 *
 * Checked per case: test === reference hit; intersect !== null === test; `inside` exact; t in
 * range, finite, and within 1e-9 relative (plus 1e-12 of the range's scale for segments) of the
 * reference entry; point = start + t d to rounding; normal of unit length.
 *
 * Runs per kind (each over line, ray and segment): spheres 200, capsules 100, aabbs, boxes and
 * planes 400 (x50 with COLLIDE_DEEP); fixed seed under CI (config.ts); about 15 s in all.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Line, Ray, Segment, ShapeHit, Vec } from "../../src/3d/index.ts";
import * as c3 from "../../src/3d/index.ts";
import { toDouble } from "../reference/bigrational.ts";
import { stepUlps } from "../reference/float-bits.ts";
import {
  type RefHit,
  type RefLinear,
  refAabb,
  refBox,
  refCapsule,
  refLine,
  refPlane,
  refRay,
  refSegment,
  refSphere,
  specBoxAxes,
} from "../reference/linear3d.ts";
import { defaultSeed } from "./config.ts";

/** Runs per shape kind, sized so the file stays near 15 s in CI (the reference is BigInt). */
function runsFor(base: number): number {
  if (process.env.COLLIDE_RUNS) return Number(process.env.COLLIDE_RUNS);
  return process.env.COLLIDE_DEEP ? 50 * base : base;
}

type Kind = "line" | "ray" | "segment";
interface Frame {
  name: string;
  f: (v: number) => number;
  v: (v: number) => number;
}
const FRAMES: Frame[] = [
  { name: "plain", f: (x) => x, v: (x) => x },
  { name: "offset 1e9", f: (x) => x + 1e9, v: (x) => x },
  { name: "scale 1e-7", f: (x) => x * 1e-7, v: (x) => x * 1e-7 },
  { name: "scale 1e-100", f: (x) => x * 1e-100, v: (x) => x * 1e-100 },
  { name: "scale 1e100", f: (x) => x * 1e100, v: (x) => x * 1e100 },
];
const frameArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant(FRAMES[0]!) },
  { weight: 2, arbitrary: fc.constantFrom(...FRAMES.slice(1)) },
);
const coord = fc.oneof(
  fc.integer({ min: -4, max: 4 }),
  fc.integer({ min: -30, max: 30 }).map((k) => k / 10),
  fc.double({ min: -20, max: 20, noNaN: true }),
);
const p3 = fc.record({ x: coord, y: coord, z: coord });
const nudge = fc.oneof(fc.constant(0), fc.integer({ min: -3, max: 3 }));
const nudges = fc.tuple(nudge, nudge, nudge);
const kindArb = fc.constantFrom<Kind>("line", "ray", "segment");
/** How far past the target a segment reaches: short of it, exactly to it, or beyond. */
const reach = fc.constantFrom(0.5, 1, 1, 2, 3);

const mapP = (fr: Frame, p: Vec): Vec => ({ x: fr.f(p.x), y: fr.f(p.y), z: fr.f(p.z) });
const nudged = (p: Vec, n: [number, number, number]): Vec => ({
  x: stepUlps(p.x, n[0]),
  y: stepUlps(p.y, n[1]),
  z: stepUlps(p.z, n[2]),
});

interface Cast {
  kind: Kind;
  o: Vec;
  d: Vec;
  lin: Line | Ray | Segment;
  ref: RefLinear;
}

/** A linear shape from o toward the target (both already placed), direction nudged. */
function castTo(
  kind: Kind,
  o: Vec,
  target: Vec,
  n: [number, number, number],
  k: number,
): Cast | null {
  const d = nudged({ x: target.x - o.x, y: target.y - o.y, z: target.z - o.z }, n);
  if (![d.x, d.y, d.z].every(Number.isFinite)) return null;
  if (kind === "segment") {
    const b = { x: o.x + k * d.x, y: o.y + k * d.y, z: o.z + k * d.z };
    if (![b.x, b.y, b.z].every(Number.isFinite)) return null;
    const s = c3.segment(o, b);
    return {
      kind,
      o,
      d: { x: b.x - o.x, y: b.y - o.y, z: b.z - o.z },
      lin: s,
      ref: refSegment(o, b),
    };
  }
  if (d.x === 0 && d.y === 0 && d.z === 0) return null;
  if (kind === "ray") {
    return { kind, o, d, lin: c3.ray(o.x, o.y, o.z, d.x, d.y, d.z), ref: refRay(o, d) };
  }
  return { kind, o, d, lin: c3.line(o.x, o.y, o.z, d.x, d.y, d.z), ref: refLine(o, d) };
}

/** The largest offset of the start from the shape's points, plus its size. */
const spreadOf = (o: Vec, pts: Vec[], size: number): number =>
  size +
  Math.max(...pts.map((p) => Math.abs(o.x - p.x) + Math.abs(o.y - p.y) + Math.abs(o.z - p.z)));

/** The common checks of one case. */
function verify(
  label: string,
  cast: Cast,
  test: boolean,
  hit: ShapeHit | null,
  ref: RefHit,
  tTol = 1e-9,
  spread = 0,
): void {
  const ctx = () => `${label} ${cast.kind} ${JSON.stringify({ o: cast.o, d: cast.d, hit })}`;
  expect(test, `test vs reference: ${ctx()}`).toBe(ref.hit);
  expect(hit !== null, `intersect !== null vs test: ${ctx()}`).toBe(test);
  if (!hit) return;
  expect(hit.inside, `inside: ${ctx()}`).toBe(ref.inside);
  const values = [
    hit.t,
    hit.point.x,
    hit.point.y,
    hit.point.z,
    hit.normal.x,
    hit.normal.y,
    hit.normal.z,
  ];
  expect(values.every(Number.isFinite), `finite: ${ctx()}`).toBe(true);
  expect(
    Math.abs(Math.hypot(hit.normal.x, hit.normal.y, hit.normal.z) - 1) < 1e-12,
    `unit normal: ${ctx()}`,
  ).toBe(true);
  if (cast.kind !== "line") expect(hit.t >= 0, `t >= 0: ${ctx()}`).toBe(true);
  if (cast.kind === "segment") expect(hit.t <= 1, `t <= 1: ${ctx()}`).toBe(true);
  const tRef = toDouble(ref.t);
  // Casts computed in the shape's frame (boxes, capsule sides) carry an absolute error of a few
  // ulps of the start's offset from the shape, in units of d: `spread` is that offset.
  const dLen = Math.hypot(cast.d.x, cast.d.y, cast.d.z);
  const scale = (cast.kind === "segment" ? 1e-12 : 0) + (spread > 0 ? (1e-14 * spread) / dLen : 0);
  const err = Math.abs(hit.t - tRef);
  // A bisected reference is an upper end: the exact entry may lie up to its span below it
  // (2^-200 of the bracket; it matters only when the entry is 0 or near it).
  const span = ref.span ? toDouble(ref.span) : 0;
  expect(
    err <= tTol * Math.abs(tRef) + scale + span + Number.MIN_VALUE,
    `t = ${hit.t}, reference ${tRef}: ${ctx()}`,
  ).toBe(true);
}

function run<T>(name: string, base: number, arb: fc.Arbitrary<T>, body: (v: T) => void): void {
  const seed = process.env.COLLIDE_SEED ? Number(process.env.COLLIDE_SEED) : defaultSeed();
  const numRuns = runsFor(base);
  console.log(`[property] ${name}: seed ${seed}, ${numRuns} runs (replay: COLLIDE_SEED=${seed})`);
  fc.assert(fc.property(arb, body), { seed, numRuns });
}

const fns = {
  sphere: {
    line: [c3.testLineSphere, c3.intersectLineSphere],
    ray: [c3.testRaySphere, c3.intersectRaySphere],
    segment: [c3.testSegmentSphere, c3.intersectSegmentSphere],
  },
  capsule: {
    line: [c3.testLineCapsule, c3.intersectLineCapsule],
    ray: [c3.testRayCapsule, c3.intersectRayCapsule],
    segment: [c3.testSegmentCapsule, c3.intersectSegmentCapsule],
  },
  aabb: {
    line: [c3.testLineAabb, c3.intersectLineAabb],
    ray: [c3.testRayAabb, c3.intersectRayAabb],
    segment: [c3.testSegmentAabb, c3.intersectSegmentAabb],
  },
  box: {
    line: [c3.testLineBox, c3.intersectLineBox],
    ray: [c3.testRayBox, c3.intersectRayBox],
    segment: [c3.testSegmentBox, c3.intersectSegmentBox],
  },
  plane: {
    line: [c3.testLinePlane, c3.intersectLinePlane],
    ray: [c3.testRayPlane, c3.intersectRayPlane],
    segment: [c3.testSegmentPlane, c3.intersectSegmentPlane],
  },
} as const;

// biome-ignore lint/suspicious/noExplicitAny: the table mixes three argument types.
type AnyFn = (a: any, b: any, out?: ShapeHit) => any;
const call = (shape: keyof typeof fns, kind: Kind): [AnyFn, AnyFn] =>
  fns[shape][kind] as unknown as [AnyFn, AnyFn];

/** A target on a ball's surface or beside it: center + r u for an axis or diagonal u. */
const dirs = fc.constantFrom<Vec>(
  { x: 1, y: 0, z: 0 },
  { x: 0, y: -1, z: 0 },
  { x: 0, y: 0, z: 1 },
  { x: 0.6, y: 0.8, z: 0 },
  { x: 0, y: 0.6, z: -0.8 },
);

describe("3D linear queries against the exact reference", () => {
  it("spheres: aimed at surface points, tangent, zero radius", () => {
    run(
      "linear3d sphere",
      200,
      fc.record({
        fr: frameArb,
        kind: kindArb,
        c: p3,
        r: fc.constantFrom(0, 0.5, 1, 2.5, 0.1),
        u: dirs,
        o: p3,
        tangent: fc.boolean(),
        n: nudges,
        k: reach,
      }),
      ({ fr, kind, c, r, u, o, tangent, n, k }) => {
        const cc = mapP(fr, c);
        const rr = fr.v(r);
        // Tangent: start beside the touching point c + r u and aim along a perpendicular.
        const tp = { x: c.x + r * u.x, y: c.y + r * u.y, z: c.z + r * u.z };
        const perp = { x: -u.y, y: u.x + u.z, z: -u.y };
        const start = tangent
          ? { x: tp.x - 3 * perp.x, y: tp.y - 3 * perp.y, z: tp.z - 3 * perp.z }
          : o;
        const cast = castTo(kind, mapP(fr, start), mapP(fr, tp), n, tangent ? 2 * k : k);
        if (!cast) return;
        const s = c3.sphere(cc.x, cc.y, cc.z, rr);
        const [t, i] = call("sphere", kind);
        verify("sphere", cast, t(cast.lin, s), i(cast.lin, s), refSphere(cast.ref, cc, rr));
      },
    );
  });

  it("capsules: aimed at surface points of the side and caps, zero-length cores", () => {
    run(
      "linear3d capsule",
      100,
      fc.record({
        fr: frameArb,
        kind: kindArb,
        a: p3,
        b: p3,
        flat: fc.boolean(),
        r: fc.constantFrom(0, 0.5, 1, 0.1),
        u: dirs,
        h: fc.constantFrom(0, 0.5, 1, 0.3),
        o: p3,
        n: nudges,
        k: reach,
      }),
      ({ fr, kind, a, b, flat, r, u, h, o, n, k }) => {
        const bb = flat ? a : b;
        const core = {
          x: a.x + h * (bb.x - a.x),
          y: a.y + h * (bb.y - a.y),
          z: a.z + h * (bb.z - a.z),
        };
        const target = { x: core.x + r * u.x, y: core.y + r * u.y, z: core.z + r * u.z };
        const cast = castTo(kind, mapP(fr, o), mapP(fr, target), n, k);
        if (!cast) return;
        const A = mapP(fr, a);
        const B = mapP(fr, bb);
        const cap = c3.capsule(A, B, fr.v(r));
        const [t, i] = call("capsule", kind);
        verify(
          "capsule",
          cast,
          t(cast.lin, cap),
          i(cast.lin, cap),
          refCapsule(cast.ref, A, B, fr.v(r)),
          1e-9,
          spreadOf(cast.o, [A, B], fr.v(r)),
        );
      },
    );
  });

  const boxTarget = fc.record({
    // Each coordinate of the target in box units: a face (+-1), inside, or beyond.
    u: fc.constantFrom(-1, 1, 0, 0.5, -1, 1),
    v: fc.constantFrom(-1, 1, 0, -0.5, -1, 1),
    w: fc.constantFrom(-1, 1, 0.25, -1, 1, 1.5),
  });

  it("aabbs: aimed at corners, edges and faces, flat boxes, along faces", () => {
    run(
      "linear3d aabb",
      400,
      fc.record({
        fr: frameArb,
        kind: kindArb,
        lo: p3,
        size: fc.record({
          x: fc.constantFrom(0, 1, 2, 0.5),
          y: fc.constantFrom(0, 1, 3),
          z: fc.constantFrom(0, 1, 2, 0.1),
        }),
        tg: boxTarget,
        o: p3,
        along: fc.boolean(),
        n: nudges,
        k: reach,
      }),
      ({ fr, kind, lo, size, tg, o, along, n, k }) => {
        const hi = { x: lo.x + size.x, y: lo.y + size.y, z: lo.z + size.z };
        const target = {
          x: lo.x + ((tg.u + 1) / 2) * size.x,
          y: lo.y + ((tg.v + 1) / 2) * size.y,
          z: lo.z + ((tg.w + 1) / 2) * size.z,
        };
        // Along a face: the start shares the target's x.
        const start = along ? { ...o, x: target.x } : o;
        const L = mapP(fr, lo);
        const H = mapP(fr, hi);
        if (L.x > H.x || L.y > H.y || L.z > H.z) return;
        const cast = castTo(kind, mapP(fr, start), mapP(fr, target), n, k);
        if (!cast) return;
        const box = c3.aabb(L, H);
        const [t, i] = call("aabb", kind);
        verify("aabb", cast, t(cast.lin, box), i(cast.lin, box), refAabb(cast.ref, L, H));
      },
    );
  });

  it("boxes: rotated, aimed at corners, edges and faces, flat", () => {
    const quat = fc.oneof(
      fc.constant({ x: 0, y: 0, z: 0, w: 1 }),
      fc.constant({ x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 }),
      fc
        .record({ x: coord, y: coord, z: coord, w: coord })
        .filter((q) => q.x !== 0 || q.y !== 0 || q.z !== 0 || q.w !== 0),
    );
    run(
      "linear3d box",
      400,
      fc.record({
        fr: frameArb,
        kind: kindArb,
        c: p3,
        h: fc.record({
          x: fc.constantFrom(0, 1, 2),
          y: fc.constantFrom(0, 1, 0.5),
          z: fc.constantFrom(1, 3, 0),
        }),
        q: quat,
        // A user may rescale a box's quaternion after construction: near 1 (the rays' float
        // path with its widened bound), far from 1 (the exact path), or not at all.
        m: fc.constantFrom(1, 1, 1 + 2 ** -12, 1 - 2 ** -30, 1.5),
        tg: boxTarget,
        o: p3,
        n: nudges,
        k: reach,
      }),
      ({ fr, kind, c, h, q, m, tg, o, n, k }) => {
        const C = mapP(fr, c);
        const half = { x: fr.v(h.x), y: fr.v(h.y), z: fr.v(h.z) };
        const box = c3.box(C, half, q);
        const r = box.rotation;
        box.rotation = { x: r.x * m, y: r.y * m, z: r.z * m, w: r.w * m };
        const ax = specBoxAxes(box.halfExtents, box.rotation);
        const target = {
          x: C.x + tg.u * ax[0]!.x + tg.v * ax[1]!.x + tg.w * ax[2]!.x,
          y: C.y + tg.u * ax[0]!.y + tg.v * ax[1]!.y + tg.w * ax[2]!.y,
          z: C.z + tg.u * ax[0]!.z + tg.v * ax[1]!.z + tg.w * ax[2]!.z,
        };
        const cast = castTo(kind, mapP(fr, o), target, n, k);
        if (!cast) return;
        const [t, i] = call("box", kind);
        verify(
          "box",
          cast,
          t(cast.lin, box),
          i(cast.lin, box),
          refBox(cast.ref, C, ax),
          1e-9,
          spreadOf(cast.o, [C], Math.abs(half.x) + Math.abs(half.y) + Math.abs(half.z)),
        );
      },
    );
  });

  it("planes: crossing, parallel, starts on the plane, decimal normals", () => {
    run(
      "linear3d plane",
      400,
      fc.record({
        fr: frameArb,
        kind: kindArb,
        nrm: p3,
        p: p3,
        o: p3,
        par: fc.boolean(),
        n: nudges,
        k: reach,
      }),
      ({ fr, kind, nrm, p, o, par, n, k }) => {
        if (nrm.x === 0 && nrm.y === 0 && nrm.z === 0) return;
        const P = mapP(fr, p);
        // The plane through P (offset rounded: the plane is whatever the doubles say).
        const offset = nrm.x * P.x + nrm.y * P.y + nrm.z * P.z;
        if (!Number.isFinite(offset)) return;
        const pl = c3.plane(nrm, offset);
        // Parallel: aim at a point P + (normal x something), i.e. along the plane.
        const along = { x: p.x + nrm.y, y: p.y - nrm.x, z: p.z };
        const start = par ? p : o;
        const target = par ? along : p;
        const cast = castTo(kind, mapP(fr, start), mapP(fr, target), n, k);
        if (!cast) return;
        const [t, i] = call("plane", kind);
        verify("plane", cast, t(cast.lin, pl), i(cast.lin, pl), refPlane(cast.ref, nrm, offset));
      },
    );
  });
});
