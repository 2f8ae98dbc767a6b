import { intersectSegmentSegment, segment, testSegmentSegment } from "../../../src/2d/index.ts";
import { call, num } from "../format.ts";
import { COLORS } from "../view.ts";
import { at, type Evaluation, message, type Sample } from "./types.ts";

const G = 1e9;

/** Segment vs segment: t1, t2 and the shared point (seed article 1). */
export const segmentSegment: Sample = {
  id: "segment-segment",
  title: "Segment vs segment",
  category: "Seed queries",
  blurb:
    "Drag the four endpoints. Where the closed segments share a point, t1 and t2 place it on each " +
    "(point = s1.a + t1 (s1.b - s1.a)); parallel segments that overlap report collinear and the " +
    "shared point nearest s1.a. The dashed lines are the segments extended, as in the article.",
  handles: [
    { id: "a1", x: -4, y: -2, label: "s1.a" },
    { id: "b1", x: 4, y: 2, label: "s1.b" },
    { id: "a2", x: -3, y: 3, label: "s2.a" },
    { id: "b2", x: 2, y: -3, label: "s2.b" },
  ],
  presets: [
    {
      id: "crossing",
      label: "crossing",
      handles: { a1: [-4, -2], b1: [4, 2], a2: [-3, 3], b2: [2, -3] },
    },
    {
      id: "touching",
      label: "touching",
      handles: { a1: [-4, -1], b1: [1, 1.5], a2: [1, 1.5], b2: [4, -2] },
      note: "Endpoints that meet are a hit: t1 = 1, t2 = 0.",
    },
    {
      id: "collinear",
      label: "collinear",
      handles: { a1: [-4, 0], b1: [2, 0], a2: [0, 0], b2: [5, 0] },
      note: "Overlapping on one line: collinear, the shared point nearest s1.a.",
    },
    {
      id: "parallel",
      label: "parallel apart",
      handles: { a1: [-4, -1], b1: [4, 1], a2: [-4, 0], b2: [4, 2] },
    },
    {
      id: "zero-length",
      label: "zero length",
      handles: { a1: [-4, -1], b1: [4, 3], a2: [1, 1.5], b2: [1, 1.5] },
      note: "s2 is a point on s1: a hit with t2 = 0.",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      handles: {
        a1: [G - 2, G - 2],
        b1: [G + 2, G + 2],
        a2: [G - 2, G + 2],
        b2: [G + 2, G - 2],
      },
      camera: { x: G, y: G },
      note: "The same crossing 1e9 away from the origin: still t = 0.5 and the point exactly (1e9, 1e9).",
    },
    {
      id: "long",
      label: "1e6 long, 5 apart",
      handles: { a1: [0, 0], b1: [1e6, 0], a2: [1e6 + 5, -3], b2: [1e6 + 5, 3] },
      camera: { x: 1e6, y: 0 },
      note: "The article's 1e-5 tolerance on t calls this a hit; the segments are 5 units apart.",
    },
  ],
  evaluate({ h }): Evaluation {
    const a1 = at(h, "a1");
    const b1 = at(h, "b1");
    const a2 = at(h, "a2");
    const b2 = at(h, "b2");
    const imports = 'import { intersectSegmentSegment, segment } from "collide/2d";';
    const code = call(
      "intersectSegmentSegment",
      call("segment", a1.x, a1.y, b1.x, b1.y),
      call("segment", a2.x, a2.y, b2.x, b2.y),
    );
    let s1: ReturnType<typeof segment>;
    let s2: ReturnType<typeof segment>;
    try {
      s1 = segment(a1.x, a1.y, b1.x, b1.y);
      s2 = segment(a2.x, a2.y, b2.x, b2.y);
    } catch (e) {
      return { hit: "error", error: message(e), fields: [], code, imports, calls: [], draw() {} };
    }
    const hit = intersectSegmentSegment(s1, s2);
    const test = testSegmentSegment(s1, s2);
    return {
      hit: test,
      code,
      imports,
      calls: [
        { module: "2d", name: "intersectSegmentSegment", args: [s1, s2], result: hit },
        { module: "2d", name: "testSegmentSegment", args: [s1, s2], result: test },
      ],
      fields: [
        { id: "test", label: "testSegmentSegment", value: test },
        { id: "t1", label: "t1", value: hit?.t1 ?? null },
        { id: "t2", label: "t2", value: hit?.t2 ?? null },
        { id: "point", label: "point", value: hit?.point ?? null },
        { id: "normal", label: "normal", value: hit?.normal ?? null },
        { id: "collinear", label: "collinear", value: hit?.collinear ?? null },
      ],
      draw(d) {
        const color = test ? COLORS.hit : COLORS.miss;
        d.line(a1, { x: b1.x - a1.x, y: b1.y - a1.y }, COLORS.faint, 1, [5, 5]);
        d.line(a2, { x: b2.x - a2.x, y: b2.y - a2.y }, COLORS.faint, 1, [5, 5]);
        d.segment(a1, b1, test ? COLORS.hit : COLORS.a, 3);
        d.segment(a2, b2, test ? COLORS.hit : COLORS.b, 3);
        d.label({ x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 }, "s1", COLORS.a, 8, 14);
        d.label({ x: (a2.x + b2.x) / 2, y: (a2.y + b2.y) / 2 }, "s2", COLORS.b, 8, 14);
        if (hit) {
          // v1 t1 and v2 t2, the article's construction of the point.
          d.arrow(a1, hit.point, COLORS.a, 2);
          d.arrow(a2, hit.point, COLORS.b, 2);
          d.arrowPx(hit.point, hit.normal, 36, COLORS.ink, 1.5);
          d.dot(hit.point, color, 5);
          d.label(hit.point, `t1 = ${num(hit.t1)}, t2 = ${num(hit.t2)}`, color, 10, -14);
        }
      },
    };
  },
};
