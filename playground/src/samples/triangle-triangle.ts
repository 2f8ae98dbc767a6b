import {
  boundingCircle,
  contactTriangleTriangle,
  testTriangleTriangle,
  triangle,
} from "../../../src/2d/index.ts";
import { call, num, type XY } from "../format.ts";
import { COLORS } from "../view.ts";
import { at, type Evaluation, message, type Sample } from "./types.ts";

const G = 1e9;

/**
 * A separating axis for drawing: the edge normal (or edge direction, for flat triangles) with the
 * widest gap between the projections. Plain floats, relative to `o`: the figure only, never the
 * verdict, which comes from the exact test.
 */
export function separatingAxis(
  p: readonly XY[],
  q: readonly XY[],
): { n: XY; mid: number; o: XY } | null {
  const o = p[0]!;
  const rel = (v: XY): XY => ({ x: v.x - o.x, y: v.y - o.y });
  const P = p.map(rel);
  const Q = q.map(rel);
  let best: { n: XY; mid: number; o: XY } | null = null;
  let bestGap = 0;
  for (const tri of [P, Q]) {
    for (let i = 0; i < 3; i++) {
      const a = tri[i]!;
      const b = tri[(i + 1) % 3]!;
      const ex = b.x - a.x;
      const ey = b.y - a.y;
      const len = Math.hypot(ex, ey);
      if (len === 0) continue;
      for (const n of [
        { x: ey / len, y: -ex / len },
        { x: ex / len, y: ey / len },
      ]) {
        const pp = P.map((v) => v.x * n.x + v.y * n.y);
        const qq = Q.map((v) => v.x * n.x + v.y * n.y);
        const gap1 = Math.min(...qq) - Math.max(...pp);
        const gap2 = Math.min(...pp) - Math.max(...qq);
        if (gap1 > bestGap) {
          bestGap = gap1;
          best = { n, mid: Math.max(...pp) + gap1 / 2, o };
        }
        if (gap2 > bestGap) {
          bestGap = gap2;
          best = { n: { x: -n.x, y: -n.y }, mid: -(Math.max(...qq) + gap2 / 2), o };
        }
      }
    }
  }
  return best;
}

/** Two triangles: separating axis when apart, MTV when overlapping (seed article 3). */
export const triangleTriangle: Sample = {
  id: "triangle-triangle",
  title: "Triangle vs triangle",
  category: "Seed queries",
  blurb:
    "Drag the corners. Apart: a separating line (dashed) with its axis, found among the edge normals " +
    "as in the article. Overlapping: contactTriangleTriangle's normal and depth; the dashed ghost is " +
    "t2 moved by normal × depth, touching t1 only. Faint circles: the bounding circles of the article's pre-check.",
  handles: [
    { id: "a1", x: -5, y: -2, label: "a" },
    { id: "b1", x: 1, y: -2, label: "b" },
    { id: "c1", x: -2, y: 3, label: "c" },
    { id: "a2", x: -1, y: 0, label: "a" },
    { id: "b2", x: 4, y: -1, label: "b" },
    { id: "c2", x: 2, y: 3.5, label: "c" },
  ],
  presets: [
    {
      id: "overlap",
      label: "overlapping",
      handles: { a1: [-5, -2], b1: [1, -2], c1: [-2, 3], a2: [-1, 0], b2: [4, -1], c2: [2, 3.5] },
    },
    {
      id: "apart",
      label: "apart",
      handles: { a1: [-5, -2], b1: [1, -2], c1: [-2, 3], a2: [1, 1], b2: [5, -1], c2: [4, 3.5] },
    },
    {
      id: "touching",
      label: "touching (shared edge)",
      handles: { a1: [-4, -2], b1: [2, -2], c1: [-4, 4], a2: [2, -2], b2: [-4, 4], c2: [3, 3] },
      note: "A shared edge is a hit with depth 0.",
    },
    {
      id: "corner",
      label: "touching (corner)",
      handles: { a1: [-4, -2], b1: [2, -2], c1: [-4, 4], a2: [2, -2], b2: [5, -3], c2: [5, 1] },
    },
    {
      id: "inside",
      label: "inside",
      handles: { a1: [-5, -3], b1: [5, -3], c1: [0, 5], a2: [-1, -1], b2: [1, -1], c2: [0, 1] },
    },
    {
      id: "collinear",
      label: "collinear",
      handles: { a1: [-4, -2], b1: [2, -2], c1: [-4, 4], a2: [-5, 1], b2: [-1, 1], c2: [3, 1] },
      note: "t2's corners are on one line: it is the segment it covers.",
    },
    {
      id: "zero-length",
      label: "zero length",
      handles: { a1: [-4, -2], b1: [2, -2], c1: [-4, 4], a2: [-1, 1], b2: [-1, 1], c2: [-1, 1] },
      note: "All three corners of t2 coincide: a point inside t1.",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      handles: {
        a1: [G - 5, G - 2],
        b1: [G + 1, G - 2],
        c1: [G - 2, G + 3],
        a2: [G - 1, G],
        b2: [G + 4, G - 1],
        c2: [G + 2, G + 3.5],
      },
      camera: { x: G, y: G },
    },
  ],
  evaluate({ h }): Evaluation {
    const p = ["a1", "b1", "c1"].map((k) => at(h, k));
    const q = ["a2", "b2", "c2"].map((k) => at(h, k));
    const [a1, b1, c1] = p as [XY, XY, XY];
    const [a2, b2, c2] = q as [XY, XY, XY];
    const imports = 'import { contactTriangleTriangle, triangle } from "collide/2d";';
    const code = call(
      "contactTriangleTriangle",
      call("triangle", a1.x, a1.y, b1.x, b1.y, c1.x, c1.y),
      call("triangle", a2.x, a2.y, b2.x, b2.y, c2.x, c2.y),
    );
    let t1: ReturnType<typeof triangle>;
    let t2: ReturnType<typeof triangle>;
    try {
      t1 = triangle(a1.x, a1.y, b1.x, b1.y, c1.x, c1.y);
      t2 = triangle(a2.x, a2.y, b2.x, b2.y, c2.x, c2.y);
    } catch (e) {
      return { hit: "error", error: message(e), fields: [], code, imports, calls: [], draw() {} };
    }
    const test = testTriangleTriangle(t1, t2);
    const c = contactTriangleTriangle(t1, t2);
    const axis = test ? null : separatingAxis(p, q);
    const bc1 = boundingCircle(t1);
    const bc2 = boundingCircle(t2);
    const points = c ? c.points.slice(0, c.count) : [];
    return {
      hit: test,
      code,
      imports,
      calls: [
        { module: "2d", name: "testTriangleTriangle", args: [t1, t2], result: test },
        { module: "2d", name: "contactTriangleTriangle", args: [t1, t2], result: c },
      ],
      fields: [
        { id: "test", label: "testTriangleTriangle", value: test },
        { id: "normal", label: "normal", value: c?.normal ?? null },
        { id: "depth", label: "depth", value: c?.depth ?? null },
        { id: "count", label: "count", value: c?.count ?? null },
        { id: "point0", label: "points[0]", value: points[0]?.point ?? null },
        { id: "point1", label: "points[1]", value: points[1]?.point ?? null },
        { id: "aInB", label: "aInB", value: c?.aInB ?? null },
        { id: "bInA", label: "bInA", value: c?.bInA ?? null },
        {
          id: "axis",
          label: "separating axis (figure)",
          value: axis ? axis.n : null,
          text: axis ? `(${axis.n.x.toFixed(4)}, ${axis.n.y.toFixed(4)})` : "—",
        },
      ],
      draw(d) {
        d.circle(bc1.center, bc1.radius, COLORS.faint, undefined, 1, [2, 4]);
        d.circle(bc2.center, bc2.radius, COLORS.faint, undefined, 1, [2, 4]);
        const fill1 = test ? COLORS.hitFill : COLORS.aFill;
        const fill2 = test ? COLORS.hitFill : COLORS.bFill;
        d.poly(p, true, test ? COLORS.hit : COLORS.a, fill1, 2);
        d.poly(q, true, test ? COLORS.hit : COLORS.b, fill2, 2);
        const cen = (t: readonly XY[]): XY => ({
          x: (t[0]!.x + t[1]!.x + t[2]!.x) / 3,
          y: (t[0]!.y + t[1]!.y + t[2]!.y) / 3,
        });
        d.label(cen(p), "t1", COLORS.a, -8, 0);
        d.label(cen(q), "t2", COLORS.b, -8, 0);
        if (axis) {
          // Separating line: {x : (x - o).n = mid}; the axis is along n through the centroids' middle.
          const { n, mid, o } = axis;
          const on = { x: o.x + n.x * mid, y: o.y + n.y * mid };
          const m = { x: (cen(p).x + cen(q).x) / 2, y: (cen(p).y + cen(q).y) / 2 };
          const s = (m.x - on.x) * -n.y + (m.y - on.y) * n.x;
          const foot = { x: on.x - n.y * s, y: on.y + n.x * s };
          d.line(foot, { x: -n.y, y: n.x }, COLORS.miss, 2, [8, 6]);
          d.line(foot, n, COLORS.faint, 1);
          const proj = (t: readonly XY[]): [number, number] => {
            const v = t.map((v) => (v.x - foot.x) * n.x + (v.y - foot.y) * n.y);
            return [Math.min(...v), Math.max(...v)];
          };
          for (const [t, col] of [
            [p, COLORS.a],
            [q, COLORS.b],
          ] as const) {
            const [lo, hi] = proj(t);
            d.segment(
              { x: foot.x + n.x * lo, y: foot.y + n.y * lo },
              { x: foot.x + n.x * hi, y: foot.y + n.y * hi },
              col,
              5,
            );
          }
          d.arrowPx(foot, n, 40, COLORS.miss, 2);
          d.label(foot, "separating axis", COLORS.miss, 10, 16);
        }
        if (c) {
          const shift = { x: c.normal.x * c.depth, y: c.normal.y * c.depth };
          d.poly(
            q.map((v) => ({ x: v.x + shift.x, y: v.y + shift.y })),
            true,
            COLORS.ghost,
            undefined,
            1.5,
            [6, 4],
          );
          for (const cp of points) {
            d.dot(cp.point, COLORS.hit, 5);
            d.mtv(cp.point, c.normal, c.depth, COLORS.ink);
          }
          if (points[0]) d.label(points[0].point, `depth = ${num(c.depth)}`, COLORS.hit, 10, 16);
        }
      },
    };
  },
};
