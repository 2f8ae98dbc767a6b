import { line, sphere, sweepSphereLine } from "../../../src/3d/index.ts";
import { call, num, vec3Literal } from "../format.ts";
import { COLORS } from "../view.ts";
import { at, type Evaluation, message, type Sample } from "./types.ts";

const G = 1e9;

/** A sphere moving past a line, drawn in the plane z = 0 (seed article 5). */
export const sphereLine: Sample = {
  id: "sphere-line",
  title: "Moving sphere vs line (3D)",
  category: "Seed queries",
  blurb:
    "collide/3d in the plane z = 0. The sphere (center S, rim R) moves to M over t in [0, 1] against " +
    "the infinite line through P and Q. The filled ghost is the sphere at the time of impact, the dot " +
    "the line's point nearest its center.",
  handles: [
    { id: "s", x: -4, y: 4, label: "S" },
    { id: "r", x: -3, y: 4, label: "R", follows: "s" },
    { id: "m", x: 2, y: -3, label: "M" },
    { id: "p", x: -6, y: -1, label: "P" },
    { id: "q", x: 6, y: 0.5, label: "Q" },
  ],
  presets: [
    {
      id: "hit",
      label: "hit",
      handles: { s: [-4, 4], r: [-3, 4], m: [2, -3], p: [-6, -1], q: [6, 0.5] },
    },
    {
      id: "miss",
      label: "miss (stops short)",
      handles: { s: [-4, 5], r: [-3, 5], m: [0, 2.5], p: [-6, -1], q: [6, 0.5] },
    },
    {
      id: "touching",
      label: "touching at t = 1",
      handles: { s: [0, 5], r: [1, 5], m: [0, 1], p: [-6, 0], q: [6, 0] },
      note: "The sphere just reaches the line at the end of its motion: t = 1.",
    },
    {
      id: "overlap",
      label: "initially overlapping",
      handles: { s: [0, 0.5], r: [1, 0.5], m: [3, 4], p: [-6, 0], q: [6, 0] },
      note: "Already touching at t = 0: t = 0 and initiallyOverlapping, not FLT_MAX.",
    },
    {
      id: "collinear",
      label: "parallel motion",
      handles: { s: [-4, 2], r: [-3, 2], m: [4, 2], p: [-6, 0], q: [6, 0] },
      note: "Moving parallel to the line, 2 away with radius 1: never touches.",
    },
    {
      id: "zero-length",
      label: "zero motion",
      handles: { s: [0, 1], r: [1, 1], m: [0, 1], p: [-6, 0], q: [6, 0] },
      note: "motion = 0 is valid: touching from the start gives t = 0.",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      handles: {
        s: [G - 4, G + 4],
        r: [G - 3, G + 4],
        m: [G + 2, G - 3],
        p: [G - 6, G - 1],
        q: [G + 6, G + 0.5],
      },
      camera: { x: G, y: G },
    },
  ],
  evaluate({ h }): Evaluation {
    const s = at(h, "s");
    const rim = at(h, "r");
    const m = at(h, "m");
    const p = at(h, "p");
    const q = at(h, "q");
    const radius = Math.hypot(rim.x - s.x, rim.y - s.y);
    const motion = { x: m.x - s.x, y: m.y - s.y, z: 0 };
    const dir = { x: q.x - p.x, y: q.y - p.y };
    const imports = 'import { line, sphere, sweepSphereLine } from "collide/3d";';
    const code = call(
      "sweepSphereLine",
      call("sphere", s.x, s.y, 0, radius),
      vec3Literal(motion),
      call("line", p.x, p.y, 0, dir.x, dir.y, 0),
    );
    let sp: ReturnType<typeof sphere>;
    let ln: ReturnType<typeof line>;
    try {
      sp = sphere(s.x, s.y, 0, radius);
      ln = line(p.x, p.y, 0, dir.x, dir.y, 0);
    } catch (e) {
      return { hit: "error", error: message(e), fields: [], code, imports, calls: [], draw() {} };
    }
    const hit = sweepSphereLine(sp, motion, ln);
    const v3 = (v: { x: number; y: number; z: number } | undefined) =>
      v ? `(${num(v.x)}, ${num(v.y)}, ${num(v.z)})` : undefined;
    return {
      hit: hit !== null,
      code,
      imports,
      calls: [{ module: "3d", name: "sweepSphereLine", args: [sp, motion, ln], result: hit }],
      fields: [
        { id: "radius", label: "radius", value: radius },
        { id: "t", label: "t", value: hit?.t ?? null },
        { id: "center", label: "center", value: hit?.center ?? null, ...text(v3(hit?.center)) },
        { id: "point", label: "point", value: hit?.point ?? null, ...text(v3(hit?.point)) },
        { id: "normal", label: "normal", value: hit?.normal ?? null, ...text(v3(hit?.normal)) },
        {
          id: "initiallyOverlapping",
          label: "initiallyOverlapping",
          value: hit?.initiallyOverlapping ?? null,
        },
      ],
      draw(d) {
        const color = hit ? COLORS.hit : COLORS.miss;
        d.line(p, dir, COLORS.a, 2);
        d.label(p, "line", COLORS.a, 10, 16);
        d.circle(m, radius, COLORS.faint, undefined, 1.5, [4, 4]);
        d.arrow(s, m, COLORS.ink, 2);
        d.circle(s, radius, color, hit ? undefined : COLORS.missFill, 2);
        if (hit) {
          d.circle(hit.center, radius, COLORS.hit, COLORS.hitFill, 2);
          d.dot(hit.center, COLORS.hit, 3);
          d.arrowPx(hit.point, hit.normal, 40, COLORS.ink, 1.5);
          d.dot(hit.point, COLORS.hit, 5);
          d.label(hit.center, `t = ${num(hit.t)}`, COLORS.hit, 10, -14);
        }
      },
    };
  },
};

/** `{ text }` when given, else nothing (exactOptionalPropertyTypes). */
function text(t: string | undefined): { text?: string } {
  return t === undefined ? {} : { text: t };
}
