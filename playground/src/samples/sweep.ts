import { type Shape, sweep } from "../../../src/2d/index.ts";
import { num, poseLiteral, vecLiteral } from "../format.ts";
import { drawShape, place, shapeCode, TEMPLATES, turns } from "../shapes.ts";
import { COLORS } from "../view.ts";
import { angleOf, at, type Evaluation, type Sample } from "./types.ts";

const G = 1e9;
const MOVERS = ["circle", "capsule", "aabb", "box", "polygon"] as const;
const TARGETS = [
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
] as const;

/** A moving shape against a static one through the generic sweep. */
export const sweepSample: Sample = {
  id: "sweep",
  title: "Sweep: time of impact",
  category: "Generic 2D",
  blurb:
    "The mover starts at A and moves by motion = M - A over t in [0, 1] against the static target B. " +
    "The filled ghost is the mover at the first time of impact, with the contact point on the target " +
    "and its outward normal; the dashed outline is where the motion would end.",
  options: [
    { id: "a", label: "mover", choices: MOVERS, value: "circle" },
    { id: "b", label: "target", choices: TARGETS, value: "box" },
  ],
  handles: [
    { id: "pa", x: -5, y: 1.5, label: "A" },
    {
      id: "ka",
      x: 0,
      y: 0,
      knob: true,
      angle: 0,
      follows: "pa",
      hiddenWhen: (o) => !turns(o["a"] ?? ""),
    },
    { id: "m", x: 4, y: -1.5, label: "M" },
    { id: "pb", x: 1.5, y: 0, label: "B" },
    {
      id: "kb",
      x: 0,
      y: 0,
      knob: true,
      angle: Math.PI / 12,
      follows: "pb",
      hiddenWhen: (o) => !turns(o["b"] ?? ""),
    },
  ],
  presets: [
    {
      id: "hit",
      label: "hit",
      options: { a: "circle", b: "box" },
      handles: { pa: [-5, 1.5], m: [4, -1.5], pb: [1.5, 0] },
      angles: { ka: 0, kb: Math.PI / 12 },
    },
    {
      id: "miss",
      label: "miss",
      options: { a: "capsule", b: "triangle" },
      handles: { pa: [-5, 3.5], m: [4, 3], pb: [1.5, 0] },
      angles: { ka: Math.PI / 4, kb: 0 },
    },
    {
      id: "touching",
      label: "touching at t = 1",
      options: { a: "circle", b: "box" },
      handles: { pa: [-6, 0], m: [-2.25, 0], pb: [0, 0] },
      angles: { ka: 0, kb: 0 },
      note: "The circle just reaches the box at the end of the motion: t = 1 (up to rounding; the hit itself is exact).",
    },
    {
      id: "overlap",
      label: "initially overlapping",
      options: { a: "polygon", b: "capsule" },
      handles: { pa: [-1, 0.5], m: [4, 3], pb: [0, 0] },
      angles: { ka: 0, kb: 0 },
      note: "Already overlapping: t = 0 and initiallyOverlapping.",
    },
    {
      id: "collinear",
      label: "sliding along a face",
      options: { a: "aabb", b: "aabb" },
      handles: { pa: [-5, 1.5], m: [5, 1.5], pb: [0, 0] },
      angles: { ka: 0, kb: 0 },
      note: "The mover's bottom face slides on the target's top face: they first touch at t = 0.3 (up to rounding).",
    },
    {
      id: "zero-length",
      label: "zero motion",
      options: { a: "circle", b: "box" },
      handles: { pa: [-2.25, 0], m: [-2.25, 0], pb: [0, 0] },
      angles: { ka: 0, kb: 0 },
      note: "motion = 0 while touching: t = 0.",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      options: { a: "circle", b: "box" },
      handles: { pa: [G - 5, G + 1.5], m: [G + 4, G - 1.5], pb: [G + 1.5, G] },
      angles: { ka: 0, kb: Math.PI / 12 },
      camera: { x: G, y: G },
    },
  ],
  evaluate({ h, angles, options }): Evaluation {
    const ka = options["a"] as Shape["kind"];
    const kb = options["b"] as Shape["kind"];
    const a = TEMPLATES[ka]();
    const b = TEMPLATES[kb]();
    const pa = at(h, "pa");
    const m = at(h, "m");
    const pb = at(h, "pb");
    const poseA = { x: pa.x, y: pa.y, angle: turns(ka) ? angleOf(angles, "ka") : 0 };
    const poseB = { x: pb.x, y: pb.y, angle: turns(kb) ? angleOf(angles, "kb") : 0 };
    const motion = { x: m.x - pa.x, y: m.y - pa.y };
    const hit = sweep(a, motion, b, poseA, poseB);
    const names = [...new Set([ka, kb])].sort();
    const imports = `import { ${names.join(", ")}, sweep } from "collide/2d";`;
    const code = [
      `const mover = ${shapeCode(a)}, target = ${shapeCode(b)};`,
      `sweep(mover, ${vecLiteral(motion)}, target, ${poseLiteral(poseA)}, ${poseLiteral(poseB)});`,
    ].join("\n");
    return {
      hit: hit !== null,
      code,
      imports,
      calls: [{ module: "2d", name: "sweep", args: [a, motion, b, poseA, poseB], result: hit }],
      fields: [
        { id: "motion", label: "motion", value: motion },
        { id: "t", label: "t", value: hit?.t ?? null },
        { id: "position", label: "position", value: hit?.position ?? null },
        { id: "point", label: "point", value: hit?.point ?? null },
        { id: "normal", label: "normal", value: hit?.normal ?? null },
        {
          id: "initiallyOverlapping",
          label: "initiallyOverlapping",
          value: hit?.initiallyOverlapping ?? null,
        },
      ],
      draw(d) {
        const color = hit ? COLORS.hit : COLORS.miss;
        drawShape(d, place(b, poseB), COLORS.b, COLORS.bFill);
        drawShape(d, place(a, { ...poseA, x: m.x, y: m.y }), COLORS.faint, undefined, 1.5, [4, 4]);
        drawShape(d, place(a, poseA), color, hit ? undefined : COLORS.missFill);
        d.arrow(pa, m, COLORS.ink, 2);
        if (hit) {
          const ghost = place(a, { x: hit.position.x, y: hit.position.y, angle: poseA.angle });
          drawShape(d, ghost, COLORS.hit, COLORS.hitFill);
          d.arrowPx(hit.point, hit.normal, 40, COLORS.ink, 2);
          d.dot(hit.point, COLORS.hit, 5);
          d.label(hit.position, `t = ${num(hit.t)}`, COLORS.hit, 10, -14);
        }
      },
    };
  },
};
