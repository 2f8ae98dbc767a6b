/**
 * fast-check generators of tagged 2D shapes (every kind of the `Shape` union) that aim at the
 * hard cases of an exact overlap test rather than at uniform randomness:
 * - small-integer lattice coordinates (exact touches, collinear edges, shared vertices);
 * - Pythagorean radii and offsets (3-4-5, 5-12-13, 8-15-17) for exact tangency;
 * - points snapped onto another shape's edge or circle and moved a few ulps;
 * - lines, rays and segments laid along another shape's edge (grazing);
 * - degenerate shapes: zero radius, zero-length segments and capsules, collinear triangles,
 *   zero-extent boxes and aabbs, 1- and 2-point polygons and polylines;
 * - boxes at any angle, convex polygons from `convexHull` in either winding;
 * - one scale per case from 1e-100 to 1e100, or an offset of 1e9, applied before the shapes are
 *   built (so polygons are convex at their final coordinates).
 * `shapePair(kindA, kindB)` mostly places the second shape at a point of the first one's boundary
 * (or its middle), which is where an exact test and a float one disagree.
 */
import fc from "fast-check";
import type { Shape } from "../../src/2d/bounds.ts";
import { boxCorners } from "../../src/2d/box-corners.ts";
import { convexHull } from "../../src/2d/convex/hull.ts";
import {
  aabb,
  box,
  capsule,
  circle,
  line,
  pointShape,
  polygon,
  polyline,
  ray,
  segment,
  triangle,
  type Vec,
} from "../../src/2d/shapes.ts";
import { stepUlps } from "../reference/float-bits.ts";

export type Kind = Shape["kind"];

export const KINDS: readonly Kind[] = [
  "point",
  "line",
  "ray",
  "segment",
  "circle",
  "capsule",
  "aabb",
  "box",
  "triangle",
  "polygon",
  "polyline",
];

// ---------------------------------------------------------------------------------------------
// Frames and raw numbers

/** Positions map to v * scale + offset, lengths (radii, extents, offsets) to v * scale. */
export interface Frame {
  name: string;
  scale: number;
  offset: number;
}

const frameOf = (name: string, scale: number, offset = 0): Frame => ({ name, scale, offset });

export const frameArb: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 10, arbitrary: fc.constant(frameOf("plain", 1)) },
  { weight: 3, arbitrary: fc.constant(frameOf("offset 1e9", 1, 1e9)) },
  {
    weight: 7,
    arbitrary: fc.constantFrom(
      frameOf("scale 1e-100", 1e-100),
      frameOf("scale 1e-30", 1e-30),
      frameOf("scale 1e-7", 1e-7),
      frameOf("scale 2^-40", 2 ** -40),
      frameOf("scale 1e7", 1e7),
      frameOf("scale 2^60", 2 ** 60),
      frameOf("scale 1e100", 1e100),
    ),
  },
);

const pos = (f: Frame, v: number): number => v * f.scale + f.offset;
const len = (f: Frame, v: number): number => v * f.scale;
const posV = (f: Frame, p: Vec): Vec => ({ x: pos(f, p.x), y: pos(f, p.y) });

/** Base coordinates: lattice integers most often, then game-like doubles, tenths, tiny values. */
export const coordArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -4, max: 4 }) },
  { weight: 3, arbitrary: fc.double({ min: -100, max: 100, noNaN: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -30, max: 30 }).map((k) => k / 10) },
  { weight: 1, arbitrary: fc.double({ min: -1e-3, max: 1e-3, noNaN: true }) },
);

const vecArb: fc.Arbitrary<Vec> = fc.record({ x: coordArb, y: coordArb });

/** Non-negative lengths: zero, lattice, Pythagorean hypotenuses, doubles. */
const lengthArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }) },
  { weight: 2, arbitrary: fc.constantFrom(5, 13, 17, 0.5, 2.5) },
  { weight: 2, arbitrary: fc.double({ min: 0, max: 50, noNaN: true }) },
);

/** Pythagorean triples (a, b, c) with a^2 + b^2 = c^2. */
const TRIPLES = [
  [3, 4, 5],
  [5, 12, 13],
  [8, 15, 17],
  [1, 0, 1],
  [0, 1, 1],
] as const;

/** A unit direction as a rational triple with signs: (sx a / c, sy b / c). */
const tripleDirArb = fc.record({
  t: fc.constantFrom(...TRIPLES),
  sx: fc.constantFrom(1, -1),
  sy: fc.constantFrom(1, -1),
});

/** Non-zero directions: lattice, Pythagorean, doubles; sometimes at a power-of-two magnitude. */
const dirArb: fc.Arbitrary<Vec> = fc
  .tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          x: fc.integer({ min: -4, max: 4 }),
          y: fc.integer({ min: -4, max: 4 }),
        }),
      },
      { weight: 2, arbitrary: vecArb },
      {
        weight: 1,
        arbitrary: tripleDirArb.map(({ t, sx, sy }) => ({ x: sx * t[0], y: sy * t[1] })),
      },
    ),
    fc.constantFrom(1, 1, 1, 1, 2 ** -300, 2 ** 300, 1e-100),
  )
  .map(([d, k]) => ({ x: d.x * k, y: d.y * k }))
  .filter((d) => d.x !== 0 || d.y !== 0);

/** Box angles: axis-aligned, quarter and sixth turns (rounded), any angle, large angles. */
const angleArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, Math.PI / 2, Math.PI, -Math.PI / 2, Math.PI / 4, Math.PI / 6, -Math.PI / 3),
  fc.double({ min: -7, max: 7, noNaN: true }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);

export const nudgeArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 3 }) },
);

/** A parameter on an edge: ends, simple fractions, anything in [0, 1], slightly outside. */
const paramArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, 1, 0.5, 0.25, 1 / 3, 0.1),
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.double({ min: -0.2, max: 1.2, noNaN: true }),
);

const lerp = (a: Vec, b: Vec, t: number): Vec => ({
  x: a.x + t * (b.x - a.x),
  y: a.y + t * (b.y - a.y),
});

// ---------------------------------------------------------------------------------------------
// One shape per kind, in a frame

function polygonFrom(points: Vec[], reverse: boolean, extra: number): Shape {
  const hull = convexHull(points).points.map((p) => ({ x: p.x, y: p.y }));
  if (reverse) hull.reverse();
  // Sometimes a repeated corner or a rounded edge midpoint; keep it only if still convex.
  if (extra > 0 && hull.length >= 2) {
    const i = extra % hull.length;
    const p = hull[i]!;
    const q = hull[(i + 1) % hull.length]!;
    const add = extra % 2 === 0 ? { x: p.x, y: p.y } : lerp(p, q, 0.5);
    try {
      return polygon([...hull.slice(0, i + 1), add, ...hull.slice(i + 1)]);
    } catch {
      // rounding made it non-convex: the plain hull is still a valid case
    }
  }
  return polygon(hull);
}

/** A shape of the kind in frame f, from base material. */
export function shapeIn(kind: Kind, f: Frame): fc.Arbitrary<Shape> {
  switch (kind) {
    case "point":
      return vecArb.map((p) => pointShape(pos(f, p.x), pos(f, p.y)));
    case "line":
      return fc.tuple(vecArb, dirArb).map(([p, d]) => line(pos(f, p.x), pos(f, p.y), d.x, d.y));
    case "ray":
      return fc.tuple(vecArb, dirArb).map(([p, d]) => ray(pos(f, p.x), pos(f, p.y), d.x, d.y));
    case "segment":
      return fc
        .tuple(vecArb, vecArb, fc.nat(3))
        .map(([a, b, z]) =>
          z === 0
            ? segment(pos(f, a.x), pos(f, a.y), pos(f, a.x), pos(f, a.y))
            : segment(pos(f, a.x), pos(f, a.y), pos(f, b.x), pos(f, b.y)),
        );
    case "circle":
      return fc
        .tuple(vecArb, lengthArb)
        .map(([c, r]) => circle(pos(f, c.x), pos(f, c.y), len(f, r)));
    case "capsule":
      return fc.tuple(vecArb, vecArb, lengthArb, fc.nat(3)).map(([a, b, r, z]) => {
        const e = z === 0 ? a : b;
        return capsule(pos(f, a.x), pos(f, a.y), pos(f, e.x), pos(f, e.y), len(f, r));
      });
    case "aabb":
      return fc.tuple(vecArb, vecArb, fc.nat(5)).map(([p, q, z]) => {
        // z: 0 zero width, 1 zero height, else the two corners as drawn.
        const x0 = pos(f, Math.min(p.x, q.x));
        const x1 = z === 0 ? x0 : pos(f, Math.max(p.x, q.x));
        const y0 = pos(f, Math.min(p.y, q.y));
        const y1 = z === 1 ? y0 : pos(f, Math.max(p.y, q.y));
        return aabb(x0, y0, Math.max(x0, x1), Math.max(y0, y1));
      });
    case "box":
      return fc
        .tuple(vecArb, lengthArb, lengthArb, angleArb)
        .map(([c, hx, hy, angle]) => box(pos(f, c.x), pos(f, c.y), len(f, hx), len(f, hy), angle));
    case "triangle":
      return fc.tuple(vecArb, vecArb, vecArb, paramArb, fc.nat(5)).map(([a, b, c, t, z]) => {
        // z: 0 collinear (c on line ab), 1 two corners equal, else as drawn.
        const cc = z === 0 ? lerp(a, b, t) : z === 1 ? a : c;
        const [pa, pb, pc] = [posV(f, a), posV(f, b), posV(f, cc)];
        return triangle(pa.x, pa.y, pb.x, pb.y, pc.x, pc.y);
      });
    case "polygon":
      return fc
        .tuple(fc.array(vecArb, { minLength: 1, maxLength: 7 }), fc.boolean(), fc.nat(7))
        .map(([pts, rev, extra]) =>
          polygonFrom(
            pts.map((p) => posV(f, p)),
            rev,
            extra,
          ),
        );
    case "polyline":
      return fc
        .tuple(fc.array(vecArb, { minLength: 1, maxLength: 6 }), fc.boolean())
        .map(([pts, closed]) =>
          polyline(
            pts.map((p) => posV(f, p)),
            closed,
          ),
        );
  }
}

/** A shape of the kind at any frame. */
export const shapeOf = (kind: Kind): fc.Arbitrary<Shape> => frameArb.chain((f) => shapeIn(kind, f));

export const pointArb: fc.Arbitrary<Shape> = shapeOf("point");
export const lineArb: fc.Arbitrary<Shape> = shapeOf("line");
export const rayArb: fc.Arbitrary<Shape> = shapeOf("ray");
export const segmentArb: fc.Arbitrary<Shape> = shapeOf("segment");
export const circleArb: fc.Arbitrary<Shape> = shapeOf("circle");
export const capsuleArb: fc.Arbitrary<Shape> = shapeOf("capsule");
export const aabbArb: fc.Arbitrary<Shape> = shapeOf("aabb");
export const boxArb: fc.Arbitrary<Shape> = shapeOf("box");
export const triangleArb: fc.Arbitrary<Shape> = shapeOf("triangle");
export const polygonArb: fc.Arbitrary<Shape> = shapeOf("polygon");
export const polylineArb: fc.Arbitrary<Shape> = shapeOf("polyline");

export const anyShape: fc.Arbitrary<Shape> = fc.constantFrom(...KINDS).chain(shapeOf);

// ---------------------------------------------------------------------------------------------
// Anchors: points on (or in) a shape where a second shape is placed

/** A point of a shape with, where there is one, the direction of the boundary there. */
export interface Anchor {
  p: Vec;
  tangent: Vec | null;
}

/** Corners of a shape's outline, in order (closed outline for solids). */
function outline(s: Shape): { pts: Vec[]; closed: boolean } {
  switch (s.kind) {
    case "point":
      return { pts: [s], closed: false };
    case "line":
      return { pts: [s.point, { x: s.point.x + s.dir.x, y: s.point.y + s.dir.y }], closed: false };
    case "ray":
      return {
        pts: [s.origin, { x: s.origin.x + s.dir.x, y: s.origin.y + s.dir.y }],
        closed: false,
      };
    case "segment":
    case "capsule":
      return { pts: [s.a, s.b], closed: false };
    case "circle":
      return { pts: [s.center], closed: false };
    case "aabb":
      return {
        pts: [s.min, { x: s.max.x, y: s.min.y }, s.max, { x: s.min.x, y: s.max.y }],
        closed: true,
      };
    case "box":
      return { pts: boxCorners(s, []), closed: true };
    case "triangle":
      return { pts: [s.a, s.b, s.c], closed: true };
    case "polygon":
      return { pts: [...s.points], closed: s.points.length > 2 };
    case "polyline":
      return { pts: [...s.points], closed: s.closed };
  }
}

const radiusOf = (s: Shape): number => (s.kind === "circle" || s.kind === "capsule" ? s.radius : 0);

/** Picks an anchor of s from random material. */
function anchorOf(
  s: Shape,
  m: {
    pick: number;
    t: number;
    kx: number;
    ky: number;
    dir: (typeof TRIPLES)[number];
    sx: number;
    sy: number;
  },
): Anchor {
  const { pts, closed } = outline(s);
  const n = pts.length;
  const edgeCount = n === 1 ? 0 : closed ? n : n - 1;
  const r = radiusOf(s);
  const choice = m.pick % 4;
  let p: Vec;
  let tangent: Vec | null = null;
  if (choice === 0 || edgeCount === 0) {
    // A corner (for rounded shapes: a point of the circle around it, a Pythagorean direction).
    const c = pts[m.pick % n]!;
    if (r > 0) {
      const [a, b, h] = m.dir;
      p = { x: c.x + (m.sx * r * a) / h, y: c.y + (m.sy * r * b) / h };
      tangent = { x: -m.sy * b, y: m.sx * a };
    } else p = { x: c.x, y: c.y };
  } else if (choice === 3) {
    // The middle (nesting): mean of the outline's corners.
    let x = 0;
    let y = 0;
    for (const q of pts) {
      x += q.x / n;
      y += q.y / n;
    }
    p = { x, y };
  } else {
    // A point snapped onto an edge (for rounded shapes: shifted by the radius along a normal).
    const i = m.pick % edgeCount;
    const a = pts[i]!;
    const b = pts[(i + 1) % n]!;
    const t = s.kind === "line" ? m.t * 4 - 2 : s.kind === "ray" ? m.t * 3 : m.t;
    p = lerp(a, b, t);
    tangent = { x: b.x - a.x, y: b.y - a.y };
    if (r > 0) {
      const l = Math.hypot(tangent.x, tangent.y);
      if (l > 0 && Number.isFinite(l)) {
        p = { x: p.x - (m.sx * r * tangent.y) / l, y: p.y + (m.sx * r * tangent.x) / l };
      }
    }
  }
  const q = { x: stepUlps(p.x, m.kx), y: stepUlps(p.y, m.ky) };
  if (!Number.isFinite(q.x) || !Number.isFinite(q.y))
    return { p: { x: pts[0]!.x, y: pts[0]!.y }, tangent };
  return { p: q, tangent: tangent && (tangent.x !== 0 || tangent.y !== 0) ? tangent : null };
}

const anchorMaterial = fc.record({
  pick: fc.nat(1 << 16),
  t: paramArb,
  kx: nudgeArb,
  ky: nudgeArb,
  dir: fc.constantFrom(...TRIPLES),
  sx: fc.constantFrom(1, -1),
  sy: fc.constantFrom(1, -1),
});

export const anchorArb = (s: Shape): fc.Arbitrary<Anchor> =>
  anchorMaterial.map((m) => anchorOf(s, m));

// ---------------------------------------------------------------------------------------------
// A shape of a kind placed at an anchor

/** Relative size of the second shape: mostly alike, sometimes far smaller or larger. */
const sizeArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** -30, 1e-8, 1e6) },
);

const offsetArb: fc.Arbitrary<Vec> = fc
  .record({ x: coordArb, y: coordArb })
  .filter((v) => v.x !== 0 || v.y !== 0);

const finite = (...v: number[]): boolean => v.every(Number.isFinite);

/** A shape of the kind with a corner, edge point or tangent point at the anchor. */
export function shapeAt(kind: Kind, anchor: Anchor, f: Frame): fc.Arbitrary<Shape> {
  const { p, tangent } = anchor;
  const at = (size: number, v: Vec): Vec => ({
    x: p.x + len(f, v.x) * size,
    y: p.y + len(f, v.y) * size,
  });
  const mat = fc.record({
    size: sizeArb,
    u: offsetArb,
    w: offsetArb,
    v: fc.array(offsetArb, { minLength: 1, maxLength: 5 }),
    mode: fc.nat(5),
    along: fc.boolean(),
    dir: dirArb,
    trip: tripleDirArb,
    k: fc.integer({ min: 1, max: 3 }),
    r: lengthArb,
    hx: lengthArb,
    hy: lengthArb,
    angle: angleArb,
    closed: fc.boolean(),
    rev: fc.boolean(),
  });
  return mat.map((m): Shape => {
    // Along the boundary either way (m.rev), or any direction.
    const ts = m.rev ? -1 : 1;
    const dir = m.along && tangent ? { x: ts * tangent.x, y: ts * tangent.y } : m.dir;
    const through = m.mode % 2 === 1; // pass through the anchor rather than end at it
    const pu = at(m.size, m.u);
    const mu = at(m.size, { x: -m.u.x, y: -m.u.y });
    switch (kind) {
      case "point":
        return pointShape(p.x, p.y);
      case "line":
        return line(p.x, p.y, dir.x, dir.y);
      case "ray": {
        if (!through) return ray(p.x, p.y, dir.x, dir.y);
        const o = { x: p.x - dir.x * m.k, y: p.y - dir.y * m.k };
        return finite(o.x, o.y) ? ray(o.x, o.y, dir.x, dir.y) : ray(p.x, p.y, dir.x, dir.y);
      }
      case "segment": {
        if (m.along && tangent) {
          const q = { x: p.x + dir.x * m.k, y: p.y + dir.y * m.k };
          if (finite(q.x, q.y)) return segment(p.x, p.y, q.x, q.y);
        }
        if (m.mode === 5) return segment(p.x, p.y, p.x, p.y);
        return through ? segment(mu.x, mu.y, pu.x, pu.y) : segment(p.x, p.y, pu.x, pu.y);
      }
      case "circle":
      case "capsule": {
        // Tangent at p: center p + r (a, b) / c along a Pythagorean direction, radius r.
        const a = m.trip.t[0];
        const b = m.trip.t[1];
        const c = m.trip.t[2];
        const r = len(f, c * m.k) * m.size;
        const center = {
          x: p.x + len(f, m.trip.sx * a * m.k) * m.size,
          y: p.y + len(f, m.trip.sy * b * m.k) * m.size,
        };
        // mode 5: radius 0 at p; mode 2: center at a random offset u, radius |u| rounded (a few
        // ulps either side of tangent); mode 3: a random radius there; else the exact tangent.
        const cu = at(m.size, m.u);
        const hyp = Math.hypot(cu.x - p.x, cu.y - p.y);
        const rr = m.mode === 5 ? 0 : m.mode === 2 ? hyp : m.mode === 3 ? len(f, m.r) * m.size : r;
        const cc = m.mode === 5 ? p : m.mode === 2 || m.mode === 3 ? cu : center;
        if (kind === "circle") return circle(cc.x, cc.y, rr);
        const e =
          m.mode === 4
            ? cc
            : { x: cc.x + len(f, m.w.x) * m.size, y: cc.y + len(f, m.w.y) * m.size };
        return capsule(cc.x, cc.y, e.x, e.y, rr);
      }
      case "aabb": {
        // A corner at p, or an edge through p.
        const w = Math.abs(len(f, m.u.x) * m.size);
        const h = Math.abs(len(f, m.u.y) * m.size);
        const sx = m.w.x >= 0;
        const sy = m.w.y >= 0;
        let x0 = sx ? p.x : p.x - w;
        let x1 = sx ? p.x + w : p.x;
        let y0 = sy ? p.y : p.y - h;
        let y1 = sy ? p.y + h : p.y;
        if (through) {
          if (m.mode === 1) [x0, x1] = [p.x - w, p.x + w];
          else [y0, y1] = [p.y - h, p.y + h];
        }
        return aabb(x0, y0, Math.max(x0, x1), Math.max(y0, y1));
      }
      case "box": {
        // A corner near p: center = p + R(angle) (hx, hy) with signs; rounded, so near-touching.
        const hx = len(f, m.hx) * m.size;
        const hy = len(f, m.hy) * m.size;
        const angle = m.mode === 0 ? 0 : m.angle;
        const c = Math.cos(angle);
        const s = Math.sin(angle);
        const ex = m.w.x >= 0 ? hx : -hx;
        const ey = m.w.y >= 0 ? hy : -hy;
        const cx = through ? p.x + len(f, m.u.x) * m.size * 1e-3 : p.x + c * ex - s * ey;
        const cy = through ? p.y : p.y + s * ex + c * ey;
        return box(cx, cy, hx, hy, angle);
      }
      case "triangle": {
        const b = through ? mu : p;
        const c = at(m.size, m.w);
        const [x, y, z] = m.rev ? [c, b, pu] : [pu, b, c];
        return triangle(x.x, x.y, y.x, y.y, z.x, z.y);
      }
      case "polygon": {
        const pts = [through ? mu : p, pu, ...m.v.map((v) => at(m.size, v))];
        const hull = convexHull(pts).points.map((q) => ({ x: q.x, y: q.y }));
        return polygon(m.rev ? hull.reverse() : hull);
      }
      case "polyline": {
        const pts = through
          ? [mu, pu, ...m.v.map((v) => at(m.size, v))]
          : [...m.v.map((v) => at(m.size, v)), p];
        return polyline(m.rev ? pts.reverse() : pts, m.closed);
      }
      default:
        return pointShape(p.x, p.y);
    }
  });
}

/** Two shapes of the given kinds; the second mostly touches or nearly touches the first. */
export function shapePairOf(kindA: Kind, kindB: Kind): fc.Arbitrary<[Shape, Shape]> {
  return frameArb.chain((f) =>
    shapeIn(kindA, f).chain((a) =>
      fc
        .oneof(
          { weight: 1, arbitrary: shapeIn(kindB, f) },
          { weight: 4, arbitrary: anchorArb(a).chain((anchor) => shapeAt(kindB, anchor, f)) },
        )
        .map((b): [Shape, Shape] => [a, b]),
    ),
  );
}

/** Two shapes of any kinds, the second mostly touching or nearly touching the first. */
export const shapePair: fc.Arbitrary<[Shape, Shape]> = fc
  .tuple(fc.constantFrom(...KINDS), fc.constantFrom(...KINDS))
  .chain(([ka, kb]) => shapePairOf(ka, kb));
