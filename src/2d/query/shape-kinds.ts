import type { Shape } from "../bounds.ts";
import {
  aabbProxy,
  boxProxy,
  type ConvexProxy,
  capsuleProxy,
  circleProxy,
  polygonProxy,
  segmentProxy,
  triangleProxy,
  vecProxy,
} from "../convex/proxy.ts";
import type {
  Aabb,
  Box,
  Capsule,
  Circle,
  Line,
  Polygon,
  Polyline,
  Ray,
  Segment,
  Triangle,
  Vec,
} from "../shapes.ts";

/*
 * Shapes by kind for the generic engines: pair functions know their kinds statically and pass
 * them in, so untagged plain data works as well as tagged shapes.
 */

/** A shape kind: "point", "line", ... "polyline". */
export type Kind = Shape["kind"];

/** The data of each kind, without its tag. */
export interface ShapeOfKind {
  point: Vec;
  line: Line;
  ray: Ray;
  segment: Segment;
  circle: Circle;
  capsule: Capsule;
  aabb: Aabb;
  box: Box;
  triangle: Triangle;
  polygon: Polygon;
  polyline: Polyline;
}

/** Any shape's data, with its kind given separately. */
export type AnyShape = ShapeOfKind[Kind];

/** Whether the kind is a bounded convex set (it has a proxy). */
export function isConvexKind(kind: Kind): boolean {
  return kind !== "line" && kind !== "ray" && kind !== "polyline";
}

/** The kinds that are solid (have an inside): contact is defined between them. */
export function isSolidKind(kind: Kind): boolean {
  return (
    kind === "circle" ||
    kind === "capsule" ||
    kind === "aabb" ||
    kind === "box" ||
    kind === "triangle" ||
    kind === "polygon"
  );
}

/** Fills `out` with the proxy of a bounded convex shape of the given kind, else returns null. */
export function proxyOfKind(kind: Kind, shape: AnyShape, out: ConvexProxy): ConvexProxy | null {
  switch (kind) {
    case "point": {
      return vecProxy(shape as Vec, out);
    }
    case "circle": {
      // circleProxy and capsuleProxy take the shape: passing its doubles would box them.
      return circleProxy(shape as Circle, out);
    }
    case "segment": {
      const s = shape as Segment;
      return segmentProxy(s.a, s.b, 0, out);
    }
    case "capsule": {
      return capsuleProxy(shape as Capsule, out);
    }
    case "aabb":
      return aabbProxy(shape as Aabb, out);
    case "box":
      return boxProxy(shape as Box, out);
    case "triangle":
      return triangleProxy(shape as Triangle, out);
    case "polygon":
      return polygonProxy(shape as Polygon, out);
    default:
      return null;
  }
}

/** The start and direction of a line or ray. */
export function linearStart(kind: Kind, shape: AnyShape): Vec {
  return kind === "line" ? (shape as Line).point : (shape as Ray).origin;
}
