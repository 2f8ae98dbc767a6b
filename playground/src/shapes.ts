import {
  aabb,
  box,
  boxCorners,
  capsule,
  circle,
  line,
  point,
  polygon,
  polyline,
  ray,
  type Shape,
  segment,
  triangle,
} from "../../src/2d/index.ts";
import { call, num, pointsLiteral, type XY } from "./format.ts";
import type { Draw } from "./view.ts";

/*
 * The shapes of the generic samples: one local template per kind (centered on the origin, with
 * dyadic sizes so that touching cases are exact), placed in the world by a pose {x, y, angle}.
 */

/** A pose as the generic functions take it. */
export interface Pose {
  x: number;
  y: number;
  angle: number;
}

/** The local template of each kind. */
export const TEMPLATES: Record<Shape["kind"], () => Shape> = {
  point: () => point(0, 0),
  line: () => line(0, 0, 1, 0.25),
  ray: () => ray(0, 0, 1, 0.25),
  segment: () => segment(-1.25, -0.5, 1.25, 0.5),
  circle: () => circle(0, 0, 1),
  capsule: () => capsule(-1, 0, 1, 0, 0.5),
  aabb: () => aabb(-1, -0.75, 1, 0.75),
  box: () => box(0, 0, 1.25, 0.75),
  triangle: () => triangle(-1.25, -1, 1.5, -0.5, -0.25, 1.25),
  polygon: () =>
    polygon([
      { x: 1.25, y: 0 },
      { x: 0.25, y: 1 },
      { x: -1, y: 0.5 },
      { x: -1, y: -0.5 },
      { x: 0.25, y: -1 },
    ]),
  polyline: () =>
    polyline([
      { x: -1.5, y: -0.5 },
      { x: -0.5, y: 0.75 },
      { x: 0.5, y: -0.5 },
      { x: 1.5, y: 0.75 },
    ]),
};

/** Kinds whose rotation knob is shown (a circle, point or aabb does not turn). */
export function turns(kind: string): boolean {
  return kind !== "circle" && kind !== "point" && kind !== "aabb";
}

/** The constructor call that makes `s`, numbers in full. */
export function shapeCode(s: Shape): string {
  switch (s.kind) {
    case "point":
      return call("point", s.x, s.y);
    case "line":
      return call("line", s.point.x, s.point.y, s.dir.x, s.dir.y);
    case "ray":
      return call("ray", s.origin.x, s.origin.y, s.dir.x, s.dir.y);
    case "segment":
      return call("segment", s.a.x, s.a.y, s.b.x, s.b.y);
    case "circle":
      return call("circle", s.center.x, s.center.y, s.radius);
    case "capsule":
      return call("capsule", s.a.x, s.a.y, s.b.x, s.b.y, s.radius);
    case "aabb":
      return call("aabb", s.min.x, s.min.y, s.max.x, s.max.y);
    case "box":
      return s.angle === 0
        ? call("box", s.center.x, s.center.y, s.halfExtents.x, s.halfExtents.y)
        : call("box", s.center.x, s.center.y, s.halfExtents.x, s.halfExtents.y, s.angle);
    case "triangle":
      return call("triangle", s.a.x, s.a.y, s.b.x, s.b.y, s.c.x, s.c.y);
    case "polygon":
      return `polygon(${pointsLiteral(s.points)})`;
    case "polyline":
      return s.closed
        ? `polyline(${pointsLiteral(s.points)}, true)`
        : `polyline(${pointsLiteral(s.points)})`;
  }
}

/**
 * The world-space shape: the template moved by the pose, with the same arithmetic as collide's
 * posed queries (c x - s y + px, with cos and sin of the angle; angle 0 moves points exactly).
 * A turned aabb becomes a box, as in collide.
 */
export function place(s: Shape, pose: Pose): Shape {
  const c = Math.cos(pose.angle);
  const sn = Math.sin(pose.angle);
  const p = (v: XY): XY => ({ x: c * v.x - sn * v.y + pose.x, y: sn * v.x + c * v.y + pose.y });
  const r = (v: XY): XY => ({ x: c * v.x - sn * v.y, y: sn * v.x + c * v.y });
  switch (s.kind) {
    case "point":
      return { kind: "point", ...p(s) };
    case "line":
      return { kind: "line", point: p(s.point), dir: r(s.dir) };
    case "ray":
      return { kind: "ray", origin: p(s.origin), dir: r(s.dir) };
    case "segment":
      return { kind: "segment", a: p(s.a), b: p(s.b) };
    case "circle":
      return { kind: "circle", center: p(s.center), radius: s.radius };
    case "capsule":
      return { kind: "capsule", a: p(s.a), b: p(s.b), radius: s.radius };
    case "aabb": {
      if (pose.angle === 0) return { kind: "aabb", min: p(s.min), max: p(s.max) };
      const center = p({ x: s.min.x / 2 + s.max.x / 2, y: s.min.y / 2 + s.max.y / 2 });
      const halfExtents = { x: s.max.x / 2 - s.min.x / 2, y: s.max.y / 2 - s.min.y / 2 };
      return { kind: "box", center, halfExtents, angle: pose.angle };
    }
    case "box":
      return {
        kind: "box",
        center: p(s.center),
        halfExtents: { ...s.halfExtents },
        angle: s.angle + pose.angle,
      };
    case "triangle":
      return { kind: "triangle", a: p(s.a), b: p(s.b), c: p(s.c) };
    case "polygon":
      return { kind: "polygon", points: s.points.map(p) };
    case "polyline":
      return { kind: "polyline", points: s.points.map(p), closed: s.closed };
  }
}

/** Draws a world-space shape. */
export function drawShape(
  d: Draw,
  s: Shape,
  stroke: string,
  fill?: string,
  width = 2,
  dash: number[] = [],
): void {
  switch (s.kind) {
    case "point":
      d.dot(s, stroke, 5);
      return;
    case "line":
      d.line(s.point, s.dir, stroke, width, dash);
      return;
    case "ray":
      d.ray(s.origin, s.dir, stroke, width, dash);
      d.dot(s.origin, stroke, 3);
      return;
    case "segment":
      d.segment(s.a, s.b, stroke, width + 1, dash);
      return;
    case "circle":
      d.circle(s.center, s.radius, stroke, fill, width, dash);
      return;
    case "capsule":
      d.capsule(s.a, s.b, s.radius, stroke, fill, width, dash);
      return;
    case "aabb":
      d.poly(
        [s.min, { x: s.max.x, y: s.min.y }, s.max, { x: s.min.x, y: s.max.y }],
        true,
        stroke,
        fill,
        width,
        dash,
      );
      return;
    case "box":
      d.poly(boxCorners(s, []), true, stroke, fill, width, dash);
      return;
    case "triangle":
      d.poly([s.a, s.b, s.c], true, stroke, fill, width, dash);
      return;
    case "polygon":
      d.poly(s.points, true, stroke, fill, width, dash);
      return;
    case "polyline":
      d.poly(s.points, s.closed, stroke, undefined, width + 1, dash);
      return;
  }
}

/** A readable number for canvas labels (the table shows every digit). */
export function short(v: number): string {
  return Math.abs(v) >= 1e6 ? num(v) : String(Number(v.toPrecision(6)));
}
