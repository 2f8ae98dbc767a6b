import {
  circle,
  intersectSegmentCircle,
  segment,
  testSegmentCircle,
} from "../../../src/2d/index.ts";
import { call, num } from "../format.ts";
import { COLORS } from "../view.ts";
import { at, type Evaluation, message, type Sample } from "./types.ts";

const G = 1e9;

/** A laser against a round target (seed article 4). */
export const segmentCircle: Sample = {
  id: "segment-circle",
  title: "Segment vs circle (laser)",
  category: "Seed queries",
  blurb:
    "The laser runs from A to B; the target is centered at C, its radius set by the rim handle R " +
    "(radius = |R - C|). The beam stops where it first enters the closed disk: point = A + t (B - A).",
  handles: [
    { id: "a", x: -6, y: -1, label: "A" },
    { id: "b", x: 6, y: 1.5, label: "B" },
    { id: "c", x: 1, y: 1, label: "C" },
    { id: "r", x: 3, y: 1, label: "R", follows: "c" },
  ],
  presets: [
    { id: "hit", label: "hit", handles: { a: [-6, -1], b: [6, 1.5], c: [1, 1], r: [3, 1] } },
    { id: "miss", label: "miss", handles: { a: [-6, -1], b: [6, 1.5], c: [1, 4], r: [3, 4] } },
    {
      id: "touching",
      label: "touching (tangent)",
      handles: { a: [-5, 1], b: [5, 1], c: [0, 0], r: [1, 0] },
      note: "The beam grazes the rim: a hit at t = 0.5.",
    },
    {
      id: "inside",
      label: "A inside",
      handles: { a: [0.5, 0.25], b: [5, 1], c: [0, 0], r: [2, 0] },
      note: "The laser starts inside: t = 0.",
    },
    {
      id: "collinear",
      label: "collinear (through C)",
      handles: { a: [-5, 0], b: [5, 0], c: [0, 0], r: [2, 0] },
    },
    {
      id: "zero-length",
      label: "zero length",
      handles: { a: [0.5, 0.5], b: [0.5, 0.5], c: [0, 0], r: [1, 0] },
      note: "A point-sized laser inside the disk: a hit at t = 0.",
    },
    {
      id: "zero-radius",
      label: "zero radius",
      handles: { a: [-2, 0], b: [2, 0], c: [0, 0], r: [0, 0] },
      note: "A circle of radius 0 on the beam is a hit at t = 0.5.",
    },
    {
      id: "rounding",
      label: "(0.3, 0.4) vs r 0.5",
      handles: { a: [0.3, 0.4], b: [0.3, 0.4], c: [0, 0], r: [0.5, 0] },
      camera: { x: 0.3, y: 0.3, scale: 400 },
      note: "0.3*0.3 + 0.4*0.4 <= 0.5*0.5 in floats, yet the point (0.3, 0.4) as doubles is outside: a miss.",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      handles: { a: [G - 6, G - 1], b: [G + 6, G + 1.5], c: [G + 1, G + 1], r: [G + 3, G + 1] },
      camera: { x: G, y: G },
    },
  ],
  evaluate({ h }): Evaluation {
    const a = at(h, "a");
    const b = at(h, "b");
    const c = at(h, "c");
    const rim = at(h, "r");
    const radius = Math.hypot(rim.x - c.x, rim.y - c.y);
    const imports = 'import { circle, intersectSegmentCircle, segment } from "collide/2d";';
    const code = call(
      "intersectSegmentCircle",
      call("segment", a.x, a.y, b.x, b.y),
      call("circle", c.x, c.y, radius),
    );
    let s: ReturnType<typeof segment>;
    let ci: ReturnType<typeof circle>;
    try {
      s = segment(a.x, a.y, b.x, b.y);
      ci = circle(c.x, c.y, radius);
    } catch (e) {
      return { hit: "error", error: message(e), fields: [], code, imports, calls: [], draw() {} };
    }
    const hit = intersectSegmentCircle(s, ci);
    const test = testSegmentCircle(s, ci);
    return {
      hit: test,
      code,
      imports,
      calls: [
        { module: "2d", name: "intersectSegmentCircle", args: [s, ci], result: hit },
        { module: "2d", name: "testSegmentCircle", args: [s, ci], result: test },
      ],
      fields: [
        { id: "test", label: "testSegmentCircle", value: test },
        { id: "radius", label: "radius", value: radius },
        { id: "t", label: "t", value: hit?.t ?? null },
        { id: "point", label: "point", value: hit?.point ?? null },
        { id: "normal", label: "normal", value: hit?.normal ?? null },
      ],
      draw(d) {
        const color = test ? COLORS.hit : COLORS.miss;
        d.circle(c, radius, color, test ? COLORS.hitFill : COLORS.missFill, 2);
        d.circle(c, radius * 0.55, COLORS.faint, undefined, 1);
        d.dot(c, COLORS.muted, 2);
        if (hit) {
          d.segment(a, hit.point, COLORS.hit, 4);
          d.segment(hit.point, b, COLORS.faint, 2, [6, 6]);
          d.arrowPx(hit.point, hit.normal, 40, COLORS.ink, 1.5);
          d.dot(hit.point, COLORS.hit, 5);
          d.label(hit.point, `t = ${num(hit.t)}`, COLORS.hit, 10, -14);
        } else {
          d.segment(a, b, COLORS.miss, 4);
        }
        d.dot(a, COLORS.ink, 3);
      },
    };
  },
};
