import type { Shape } from "./bounds.ts";
import { testLineRay } from "./pairs/line-ray.ts";
import {
  testPointAabb,
  testPointBox,
  testPointCapsule,
  testPointCircle,
  testPointLine,
  testPointPoint,
  testPointPolygon,
  testPointPolyline,
  testPointRay,
  testPointSegment,
  testPointTriangle,
} from "./pairs/point-shapes.ts";
import { testSegmentCircle } from "./pairs/segment-circle.ts";
import { testSegmentSegment } from "./pairs/segment-segment.ts";
import { testTriangleTriangle } from "./pairs/triangle-triangle.ts";
import type { Pose } from "./pose.ts";
import { makePoseScratch, placeShape } from "./posed.ts";
import {
  testAabbAabb,
  testAabbBox,
  testAabbPolygon,
  testAabbPolyline,
  testAabbTriangle,
  testBoxBox,
  testBoxPolygon,
  testBoxPolyline,
  testBoxTriangle,
  testCapsuleAabb,
  testCapsuleBox,
  testCapsuleCapsule,
  testCapsulePolygon,
  testCapsulePolyline,
  testCapsuleTriangle,
  testCircleAabb,
  testCircleBox,
  testCircleCapsule,
  testCircleCircle,
  testCirclePolygon,
  testCirclePolyline,
  testCircleTriangle,
  testLineAabb,
  testLineBox,
  testLineCapsule,
  testLineCircle,
  testLineLine,
  testLinePolygon,
  testLinePolyline,
  testLineSegment,
  testLineTriangle,
  testPolygonPolygon,
  testPolygonPolyline,
  testPolylinePolyline,
  testRayAabb,
  testRayBox,
  testRayCapsule,
  testRayCircle,
  testRayPolygon,
  testRayPolyline,
  testRayRay,
  testRaySegment,
  testRayTriangle,
  testSegmentAabb,
  testSegmentBox,
  testSegmentCapsule,
  testSegmentPolygon,
  testSegmentPolyline,
  testSegmentTriangle,
  testTrianglePolygon,
  testTrianglePolyline,
} from "./query/test.ts";

/*
 * Generic queries on tagged shapes. Each verb has an explicit table from a canonical kind pair
 * (DESIGN.md's order) to its pair function; the other argument order is served by swapping the
 * arguments and flipping what depends on the order. Nothing registers itself on import.
 */

/** A shape kind: "point", "line", ... "polyline". */
export type Kind = Shape["kind"];

/** Every kind, in the canonical order used by pair names. */
export const KINDS: readonly Kind[] = [
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
];

// Pair functions are stored with their argument types erased; the table pairs each with its kinds.
type AnyPair<R> = (a: never, b: never) => R;
type Pair<R> = (a: Shape, b: Shape) => R;
/** Rows of a verb's table, and a lookup by kind then kind (no strings built per call). */
interface Table<R> {
  rows: readonly (readonly [Kind, Kind, AnyPair<R>])[];
  byKind: Record<string, Record<string, AnyPair<R> | undefined> | undefined>;
}

function table<R>(rows: readonly (readonly [Kind, Kind, AnyPair<R>])[]): Table<R> {
  const byKind: Table<R>["byKind"] = Object.create(null);
  for (const [a, b, fn] of rows) {
    const row = byKind[a] ?? Object.create(null);
    row[b] = fn;
    byKind[a] = row;
  }
  return { rows, byKind };
}

/** The canonical pair function for `test`, one row per unordered pair of kinds. */
export const TEST_TABLE: Table<boolean> = table<boolean>([
  ["point", "point", testPointPoint],
  ["point", "line", testPointLine],
  ["point", "ray", testPointRay],
  ["point", "segment", testPointSegment],
  ["point", "circle", testPointCircle],
  ["point", "capsule", testPointCapsule],
  ["point", "aabb", testPointAabb],
  ["point", "box", testPointBox],
  ["point", "triangle", testPointTriangle],
  ["point", "polygon", testPointPolygon],
  ["point", "polyline", testPointPolyline],
  ["line", "line", testLineLine],
  ["line", "ray", testLineRay],
  ["line", "segment", testLineSegment],
  ["line", "circle", testLineCircle],
  ["line", "capsule", testLineCapsule],
  ["line", "aabb", testLineAabb],
  ["line", "box", testLineBox],
  ["line", "triangle", testLineTriangle],
  ["line", "polygon", testLinePolygon],
  ["line", "polyline", testLinePolyline],
  ["ray", "ray", testRayRay],
  ["ray", "segment", testRaySegment],
  ["ray", "circle", testRayCircle],
  ["ray", "capsule", testRayCapsule],
  ["ray", "aabb", testRayAabb],
  ["ray", "box", testRayBox],
  ["ray", "triangle", testRayTriangle],
  ["ray", "polygon", testRayPolygon],
  ["ray", "polyline", testRayPolyline],
  ["segment", "segment", testSegmentSegment],
  ["segment", "circle", testSegmentCircle],
  ["segment", "capsule", testSegmentCapsule],
  ["segment", "aabb", testSegmentAabb],
  ["segment", "box", testSegmentBox],
  ["segment", "triangle", testSegmentTriangle],
  ["segment", "polygon", testSegmentPolygon],
  ["segment", "polyline", testSegmentPolyline],
  ["circle", "circle", testCircleCircle],
  ["circle", "capsule", testCircleCapsule],
  ["circle", "aabb", testCircleAabb],
  ["circle", "box", testCircleBox],
  ["circle", "triangle", testCircleTriangle],
  ["circle", "polygon", testCirclePolygon],
  ["circle", "polyline", testCirclePolyline],
  ["capsule", "capsule", testCapsuleCapsule],
  ["capsule", "aabb", testCapsuleAabb],
  ["capsule", "box", testCapsuleBox],
  ["capsule", "triangle", testCapsuleTriangle],
  ["capsule", "polygon", testCapsulePolygon],
  ["capsule", "polyline", testCapsulePolyline],
  ["aabb", "aabb", testAabbAabb],
  ["aabb", "box", testAabbBox],
  ["aabb", "triangle", testAabbTriangle],
  ["aabb", "polygon", testAabbPolygon],
  ["aabb", "polyline", testAabbPolyline],
  ["box", "box", testBoxBox],
  ["box", "triangle", testBoxTriangle],
  ["box", "polygon", testBoxPolygon],
  ["box", "polyline", testBoxPolyline],
  ["triangle", "triangle", testTriangleTriangle],
  ["triangle", "polygon", testTrianglePolygon],
  ["triangle", "polyline", testTrianglePolyline],
  ["polygon", "polygon", testPolygonPolygon],
  ["polygon", "polyline", testPolygonPolyline],
  ["polyline", "polyline", testPolylinePolyline],
]);

/** The pairs each generic verb supports in canonical order, for docs/capabilities-2d.md. */
export function supportedPairs(verb: "test"): [Kind, Kind][] {
  const t = verb === "test" ? TEST_TABLE : TEST_TABLE;
  return t.rows.map(([a, b]) => [a, b]);
}

const SA = makePoseScratch();
const SB = makePoseScratch();

function unsupported(verb: string, a: Kind, b: Kind): never {
  throw new TypeError(`collide/2d: ${verb} does not support the pair (${a}, ${b})`);
}

/**
 * Whether two tagged shapes share a point, in either argument order, each optionally moved by a
 * pose; exact (for posed shapes, exact for their transformed coordinates).
 */
export function test(a: Shape, b: Shape, poseA?: Pose, poseB?: Pose): boolean {
  const wa = placeShape(a, poseA, SA);
  const wb = placeShape(b, poseB, SB);
  const fn = TEST_TABLE.byKind[wa.kind]?.[wb.kind] as Pair<boolean> | undefined;
  if (fn !== undefined) return fn(wa, wb);
  const flipped = TEST_TABLE.byKind[wb.kind]?.[wa.kind] as Pair<boolean> | undefined;
  if (flipped !== undefined) return flipped(wb, wa);
  return unsupported("test", wa.kind, wb.kind);
}
