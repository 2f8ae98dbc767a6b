import {
  intersectRayAabb,
  intersectRayBox,
  intersectRayCapsule,
  intersectRayCircle,
  intersectRayPolygon,
  intersectRayPolyline,
  intersectRaySegment,
  intersectRayTriangle,
  type LinearHit,
  type Ray,
  ray,
  type Shape,
  type ShapeHit,
  testRayAabb,
  testRayBox,
  testRayCapsule,
  testRayCircle,
  testRayPolygon,
  testRayPolyline,
  testRaySegment,
  testRayTriangle,
} from "../../../src/2d/index.ts";
import { call, num } from "../format.ts";
import { drawShape, place, shapeCode, TEMPLATES, turns } from "../shapes.ts";
import { COLORS } from "../view.ts";
import { angleOf, at, type Evaluation, message, type Sample } from "./types.ts";

const G = 1e9;
const TARGETS = [
  "circle",
  "capsule",
  "aabb",
  "box",
  "triangle",
  "polygon",
  "polyline",
  "segment",
] as const;
type Target = (typeof TARGETS)[number];

// biome-ignore lint/suspicious/noExplicitAny: one table over differently typed pair functions
type AnyFn = (...args: any[]) => any;
const FNS: Record<Target, [string, AnyFn, AnyFn]> = {
  circle: ["Circle", intersectRayCircle, testRayCircle],
  capsule: ["Capsule", intersectRayCapsule, testRayCapsule],
  aabb: ["Aabb", intersectRayAabb, testRayAabb],
  box: ["Box", intersectRayBox, testRayBox],
  triangle: ["Triangle", intersectRayTriangle, testRayTriangle],
  polygon: ["Polygon", intersectRayPolygon, testRayPolygon],
  polyline: ["Polyline", intersectRayPolyline, testRayPolyline],
  segment: ["Segment", intersectRaySegment, testRaySegment],
};

/** A ray cast against one shape with intersectRay<Shape>. */
export const raycast: Sample = {
  id: "raycast",
  title: "Ray cast",
  category: "Generic 2D",
  blurb:
    "The ray starts at O along D - O; pick the target and drag it (the knob turns it). " +
    "intersectRay<Shape> gives the first point, t in units of the direction, and the outward normal " +
    "facing back along the ray; the faint ray is the reflection.",
  options: [{ id: "b", label: "target", choices: TARGETS, value: "box" }],
  handles: [
    { id: "o", x: -5, y: 1, label: "O" },
    { id: "d", x: -3, y: 0.5, label: "D", follows: "o" },
    { id: "pb", x: 1.5, y: 0, label: "B" },
    {
      id: "kb",
      x: 0,
      y: 0,
      knob: true,
      angle: Math.PI / 6,
      follows: "pb",
      hiddenWhen: (o) => !turns(o["b"] ?? ""),
    },
  ],
  presets: [
    {
      id: "hit",
      label: "hit",
      options: { b: "box" },
      handles: { o: [-5, 1], d: [-3, 0.5], pb: [1.5, 0] },
      angles: { kb: Math.PI / 6 },
    },
    {
      id: "miss",
      label: "miss",
      options: { b: "polygon" },
      handles: { o: [-5, 1], d: [-3, 2], pb: [1.5, 0] },
      angles: { kb: 0 },
    },
    {
      id: "touching",
      label: "touching (tangent)",
      options: { b: "circle" },
      handles: { o: [-5, 1], d: [-4, 1], pb: [0, 0] },
      note: "The ray grazes the circle at (0, 1): a hit at t = 5.",
    },
    {
      id: "inside",
      label: "origin inside",
      options: { b: "circle" },
      handles: { o: [0.25, 0.25], d: [1.25, 0.5], pb: [0, 0] },
      note: "Starting inside a solid: t = 0 and inside.",
    },
    {
      id: "collinear",
      label: "collinear",
      options: { b: "segment" },
      handles: { o: [-5, -2], d: [-2.5, -1], pb: [0, 0] },
      angles: { kb: 0 },
      note: "The ray runs along the segment: collinear, the first shared point.",
    },
    {
      id: "along-edge",
      label: "along an edge",
      options: { b: "aabb" },
      handles: { o: [-5, 0.75], d: [-4, 0.75], pb: [0, 0] },
      note: "Sliding along the aabb's top edge is a hit (closed sets).",
    },
    {
      id: "zero-length",
      label: "zero length",
      options: { b: "box" },
      handles: { o: [-5, 1], d: [-5, 1], pb: [1.5, 0] },
      angles: { kb: Math.PI / 6 },
      note: "D = O gives no direction: ray() throws a RangeError naming ray.dir.",
    },
    {
      id: "huge",
      label: "huge offsets 1e9",
      options: { b: "box" },
      handles: { o: [G - 5, G + 1], d: [G - 3, G + 0.5], pb: [G + 1.5, G] },
      angles: { kb: Math.PI / 6 },
      camera: { x: G, y: G },
    },
  ],
  evaluate({ h, angles, options }): Evaluation {
    const kind = (options["b"] ?? "box") as Target;
    const [name, intersect, testFn] = FNS[kind];
    const o = at(h, "o");
    const dh = at(h, "d");
    const pb = at(h, "pb");
    const pose = { x: pb.x, y: pb.y, angle: turns(kind) ? angleOf(angles, "kb") : 0 };
    const target: Shape = place(TEMPLATES[kind](), pose);
    const dir = { x: dh.x - o.x, y: dh.y - o.y };
    const imports = `import { intersectRay${name}, ${target.kind}, ray } from "collide/2d";`;
    const code = call(
      `intersectRay${name}`,
      call("ray", o.x, o.y, dir.x, dir.y),
      shapeCode(target),
    );
    let r: Ray & { kind: "ray" };
    try {
      r = ray(o.x, o.y, dir.x, dir.y);
    } catch (e) {
      return {
        hit: "error",
        error: message(e),
        fields: [],
        code,
        imports,
        calls: [],
        draw(d) {
          drawShape(d, target, COLORS.b, COLORS.bFill);
          d.dot(o, COLORS.muted, 5);
        },
      };
    }
    const test: boolean = testFn(r, target);
    const linear = kind === "segment";
    const hit = intersect(r, target) as ShapeHit | LinearHit | null;
    const t = hit ? ("t1" in hit ? hit.t1 : hit.t) : null;
    return {
      hit: test,
      code,
      imports,
      calls: [
        { module: "2d", name: `intersectRay${name}`, args: [r, target], result: hit },
        { module: "2d", name: `testRay${name}`, args: [r, target], result: test },
      ],
      fields: [
        { id: "test", label: `testRay${name}`, value: test },
        { id: "t", label: linear ? "t1 (ray)" : "t", value: t },
        ...(linear
          ? [{ id: "t2", label: "t2 (segment)", value: (hit as LinearHit | null)?.t2 ?? null }]
          : []),
        { id: "point", label: "point", value: hit?.point ?? null },
        { id: "normal", label: "normal", value: hit?.normal ?? null },
        linear
          ? {
              id: "collinear",
              label: "collinear",
              value: (hit as LinearHit | null)?.collinear ?? null,
            }
          : { id: "inside", label: "inside", value: (hit as ShapeHit | null)?.inside ?? null },
      ],
      draw(d) {
        const color = test ? COLORS.hit : COLORS.miss;
        drawShape(d, target, test ? COLORS.hit : COLORS.b, test ? COLORS.hitFill : COLORS.bFill);
        if (hit && t !== null) {
          d.ray(o, dir, COLORS.hit, 3, [], 0, t);
          d.ray(o, dir, COLORS.faint, 1.5, [6, 6], t);
          const n = hit.normal;
          const len = Math.hypot(dir.x, dir.y);
          const k = (dir.x * n.x + dir.y * n.y) / len;
          const refl = { x: dir.x / len - 2 * k * n.x, y: dir.y / len - 2 * k * n.y };
          if (k < 0) d.ray(hit.point, refl, COLORS.faint, 1.5, [2, 4]);
          d.arrowPx(hit.point, n, 40, COLORS.ink, 2);
          d.dot(hit.point, COLORS.hit, 5);
          d.label(hit.point, `t = ${num(t)}`, COLORS.hit, 10, -14);
        } else {
          d.ray(o, dir, color, 3);
        }
        d.arrow(o, dh, COLORS.ink, 2);
      },
    };
  },
};
