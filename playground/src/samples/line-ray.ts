import { intersectLineRay, line, ray, testLineRay } from "../../../src/2d/index.ts";
import { call, num } from "../format.ts";
import { COLORS } from "../view.ts";
import { at, type Evaluation, message, type Sample } from "./types.ts";

const G = 1e9;

/** A ray swinging across a line (seed article 2). */
export const lineRay: Sample = {
  id: "line-ray",
  title: "Line vs ray",
  category: "Seed queries",
  blurb:
    "The line runs through P along Q - P; the ray starts at O along D - O. Drag them, or press " +
    "swing to sweep the ray across the line. t is in units of the ray's direction: point = O + t (D - O).",
  handles: [
    { id: "p", x: -5, y: -1, label: "P" },
    { id: "q", x: 5, y: 1, label: "Q" },
    { id: "o", x: -2, y: 4, label: "O" },
    { id: "d", x: 0, y: 2, label: "D", follows: "o" },
  ],
  swing: { handle: "d", pivot: "o" },
  presets: [
    { id: "hit", label: "hit", handles: { p: [-5, -1], q: [5, 1], o: [-2, 4], d: [0, 2] } },
    {
      id: "away",
      label: "pointing away",
      handles: { p: [-5, -1], q: [5, 1], o: [-2, 4], d: [-1, 6] },
    },
    {
      id: "parallel",
      label: "parallel",
      handles: { p: [-5, -1], q: [5, 1], o: [-5, 2], d: [5, 4] },
      note: "Parallel and apart: no t at all, so null.",
    },
    {
      id: "collinear",
      label: "collinear",
      handles: { p: [-5, -1], q: [5, 1], o: [0, 0], d: [5, 1] },
      note: "The ray lies on the line: t = 0, point = O, collinear.",
    },
    {
      id: "touching",
      label: "touching (O on the line)",
      handles: { p: [-5, -1], q: [5, 1], o: [0, 0], d: [1, 3] },
      note: "The origin is on the line: t = 0.",
    },
    {
      id: "zero-length",
      label: "zero length",
      handles: { p: [-1, 0], q: [-1, 0], o: [-2, 4], d: [0, 2] },
      note: "P = Q gives no direction: line() throws a RangeError naming line.dir.",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      handles: { p: [G - 5, G - 1], q: [G + 5, G + 1], o: [G - 2, G + 4], d: [G, G + 2] },
      camera: { x: G, y: G },
    },
  ],
  evaluate({ h }): Evaluation {
    const p = at(h, "p");
    const q = at(h, "q");
    const o = at(h, "o");
    const dh = at(h, "d");
    const ld = { x: q.x - p.x, y: q.y - p.y };
    const rd = { x: dh.x - o.x, y: dh.y - o.y };
    const imports = 'import { intersectLineRay, line, ray } from "collide/2d";';
    const code = call(
      "intersectLineRay",
      call("line", p.x, p.y, ld.x, ld.y),
      call("ray", o.x, o.y, rd.x, rd.y),
    );
    let l: ReturnType<typeof line>;
    let r: ReturnType<typeof ray>;
    try {
      l = line(p.x, p.y, ld.x, ld.y);
      r = ray(o.x, o.y, rd.x, rd.y);
    } catch (e) {
      return {
        hit: "error",
        error: message(e),
        fields: [],
        code,
        imports,
        calls: [],
        draw(d) {
          d.dot(p, COLORS.muted);
          d.dot(o, COLORS.muted);
        },
      };
    }
    const hit = intersectLineRay(l, r);
    const test = testLineRay(l, r);
    return {
      hit: test,
      code,
      imports,
      calls: [
        { module: "2d", name: "intersectLineRay", args: [l, r], result: hit },
        { module: "2d", name: "testLineRay", args: [l, r], result: test },
      ],
      fields: [
        { id: "test", label: "testLineRay", value: test },
        { id: "t", label: "t", value: hit?.t ?? null },
        { id: "point", label: "point", value: hit?.point ?? null },
        { id: "normal", label: "normal", value: hit?.normal ?? null },
        { id: "collinear", label: "collinear", value: hit?.collinear ?? null },
      ],
      draw(d) {
        const color = test ? COLORS.hit : COLORS.miss;
        d.line(p, ld, COLORS.a, 2);
        d.label(p, "line", COLORS.a, 10, 16);
        if (hit) {
          d.ray(o, rd, color, 3, [], 0, hit.t);
          d.ray(o, rd, COLORS.faint, 2, [6, 6], hit.t);
        } else {
          d.ray(o, rd, color, 3);
        }
        d.arrow(o, dh, COLORS.ink, 2);
        if (hit) {
          d.arrowPx(hit.point, hit.normal, 40, COLORS.ink, 1.5);
          d.dot(hit.point, color, 5);
          d.label(hit.point, `t = ${num(hit.t)}`, color, 10, -14);
        }
      },
    };
  },
};
