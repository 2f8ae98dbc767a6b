import { closestPoints, contact, distance, type Shape, test } from "../../../src/2d/index.ts";
import { poseLiteral } from "../format.ts";
import { drawShape, place, shapeCode, TEMPLATES, turns } from "../shapes.ts";
import { COLORS } from "../view.ts";
import { angleOf, at, type Evaluation, type Field, type Sample } from "./types.ts";

const G = 1e9;
const KINDS = [
  "circle",
  "capsule",
  "aabb",
  "box",
  "triangle",
  "polygon",
  "segment",
  "polyline",
  "point",
] as const;
const SOLIDS = new Set(["circle", "capsule", "aabb", "box", "triangle", "polygon"]);

/** Any two shapes through the generic test, contact, closestPoints and distance. */
export const shapes: Sample = {
  id: "shapes",
  title: "Shapes: test, contact, closest points",
  category: "Generic 2D",
  blurb:
    "Pick two kinds and drag them (the square knob turns a shape). The generic functions take each " +
    "shape with a pose {x, y, angle}. Overlapping solids show contact's normal (from A to B), depth " +
    "and manifold points, with B moved by normal × depth dashed; apart, the closest points and the distance.",
  options: [
    { id: "a", label: "A", choices: KINDS, value: "box" },
    { id: "b", label: "B", choices: KINDS, value: "polygon" },
  ],
  handles: [
    { id: "pa", x: -1.5, y: 0, label: "A" },
    {
      id: "ka",
      x: 0,
      y: 0,
      knob: true,
      angle: Math.PI / 6,
      follows: "pa",
      hiddenWhen: (o) => !turns(o["a"] ?? ""),
    },
    { id: "pb", x: 1.5, y: 0.5, label: "B" },
    {
      id: "kb",
      x: 0,
      y: 0,
      knob: true,
      angle: 0,
      follows: "pb",
      hiddenWhen: (o) => !turns(o["b"] ?? ""),
    },
  ],
  presets: [
    {
      id: "overlap",
      label: "overlapping",
      options: { a: "box", b: "polygon" },
      handles: { pa: [-1.5, 0], pb: [0.5, 0.5] },
      angles: { ka: Math.PI / 6, kb: 0 },
    },
    {
      id: "apart",
      label: "apart",
      options: { a: "capsule", b: "triangle" },
      handles: { pa: [-3, -0.5], pb: [2, 1] },
      angles: { ka: Math.PI / 4, kb: 0 },
    },
    {
      id: "touching",
      label: "touching",
      options: { a: "box", b: "circle" },
      handles: { pa: [0, 0], pb: [2.25, 0] },
      angles: { ka: 0, kb: 0 },
      note: "Box half width 1.25 plus radius 1 = 2.25 exactly: a hit with depth 0.",
    },
    {
      id: "collinear",
      label: "collinear",
      options: { a: "segment", b: "segment" },
      handles: { pa: [0, 0], pb: [1.25, 0.5] },
      angles: { ka: 0, kb: 0 },
      note: "Two segments on one line, overlapping: distance 0.",
    },
    {
      id: "zero-length",
      label: "zero length",
      options: { a: "point", b: "polygon" },
      handles: { pa: [-1, 0.25], pb: [0, 0] },
      angles: { ka: 0, kb: 0 },
      note: "A point on the polygon's edge is inside (closed sets).",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      options: { a: "box", b: "polygon" },
      handles: { pa: [G - 1.5, G], pb: [G + 0.5, G + 0.5] },
      angles: { ka: Math.PI / 6, kb: 0 },
      camera: { x: G, y: G },
    },
  ],
  evaluate({ h, angles, options }): Evaluation {
    const ka = options["a"] as Shape["kind"];
    const kb = options["b"] as Shape["kind"];
    const a = TEMPLATES[ka]();
    const b = TEMPLATES[kb]();
    const pa = at(h, "pa");
    const pb = at(h, "pb");
    const poseA = { x: pa.x, y: pa.y, angle: turns(ka) ? angleOf(angles, "ka") : 0 };
    const poseB = { x: pb.x, y: pb.y, angle: turns(kb) ? angleOf(angles, "kb") : 0 };
    const solids = SOLIDS.has(ka) && SOLIDS.has(kb);
    const hit = test(a, b, poseA, poseB);
    const dist = distance(a, b, poseA, poseB);
    const cp = closestPoints(a, b, poseA, poseB);
    const c = solids ? contact(a, b, poseA, poseB) : null;
    const names = [...new Set([ka, kb])].sort();
    const imports = `import { closestPoints, contact, distance, ${names.join(", ")}, test } from "collide/2d";`;
    const args = `a, b, ${poseLiteral(poseA)}, ${poseLiteral(poseB)}`;
    const code = [
      `const a = ${shapeCode(a)}, b = ${shapeCode(b)};`,
      `test(${args});`,
      solids ? `contact(${args});` : `// contact: ${notSolid(ka, kb)}`,
      `closestPoints(${args});`,
      `distance(${args});`,
    ].join("\n");
    const na = solids ? null : { text: `n/a: ${notSolid(ka, kb)}` };
    const cf = (id: string, label: string, value: unknown): Field =>
      na ? { id, label, value: null, ...na } : { id, label, value };
    const pts = c ? c.points.slice(0, c.count) : [];
    const wa = place(a, poseA);
    const wb = place(b, poseB);
    return {
      hit,
      code,
      imports,
      calls: [
        { module: "2d", name: "test", args: [a, b, poseA, poseB], result: hit },
        { module: "2d", name: "distance", args: [a, b, poseA, poseB], result: dist },
        { module: "2d", name: "closestPoints", args: [a, b, poseA, poseB], result: cp },
        ...(solids
          ? [{ module: "2d" as const, name: "contact", args: [a, b, poseA, poseB], result: c }]
          : []),
      ],
      fields: [
        { id: "test", label: "test", value: hit },
        { id: "distance", label: "distance", value: dist },
        { id: "pointA", label: "closest pointA", value: cp.pointA },
        { id: "pointB", label: "closest pointB", value: cp.pointB },
        cf("normal", "contact normal", c?.normal ?? null),
        cf("depth", "depth", c?.depth ?? null),
        cf("count", "count", c?.count ?? null),
        cf("point0", "points[0].point", pts[0]?.point ?? null),
        cf("depth0", "points[0].depth", pts[0]?.depth ?? null),
        cf("point1", "points[1].point", pts[1]?.point ?? null),
        cf("depth1", "points[1].depth", pts[1]?.depth ?? null),
        cf("aInB", "aInB", c?.aInB ?? null),
        cf("bInA", "bInA", c?.bInA ?? null),
      ],
      draw(d) {
        drawShape(d, wa, hit ? COLORS.hit : COLORS.a, hit ? COLORS.hitFill : COLORS.aFill);
        drawShape(d, wb, hit ? COLORS.hit : COLORS.b, hit ? COLORS.hitFill : COLORS.bFill);
        if (!hit) {
          d.segment(cp.pointA, cp.pointB, COLORS.miss, 1.5, [5, 4]);
          d.dot(cp.pointA, COLORS.miss, 4);
          d.dot(cp.pointB, COLORS.miss, 4);
          d.label(
            { x: (cp.pointA.x + cp.pointB.x) / 2, y: (cp.pointA.y + cp.pointB.y) / 2 },
            `distance ${dist.toPrecision(6)}`,
            COLORS.miss,
          );
        }
        if (c) {
          const moved = place(b, {
            x: poseB.x + c.normal.x * c.depth,
            y: poseB.y + c.normal.y * c.depth,
            angle: poseB.angle,
          });
          drawShape(d, moved, COLORS.ghost, undefined, 1.5, [6, 4]);
          for (const p of pts) {
            d.dot(p.point, COLORS.hit, 5);
            d.mtv(p.point, c.normal, c.depth, COLORS.ink);
          }
          if (pts[0]) d.label(pts[0].point, `depth ${c.depth.toPrecision(6)}`, COLORS.hit, 10, 16);
        }
      },
    };
  },
};

function notSolid(a: string, b: string): string {
  const k = SOLIDS.has(a) ? b : a;
  return `${k} is not a solid`;
}
