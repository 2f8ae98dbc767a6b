import { overlapProxies } from "../convex/overlap.ts";
import {
  lineOverlapsProxy,
  linesMeet,
  rayOverlapsProxy,
  raysMeet,
} from "../convex/overlap-linear.ts";
import { type ConvexProxy, makeProxy } from "../convex/proxy.ts";
import { testLineRay } from "../pairs/line-ray.ts";
import type { Line, Polyline, Ray, Segment } from "../shapes.ts";
import { type AnyShape, type Kind, linearStart, proxyOfKind } from "./shape-kinds.ts";

/*
 * The exact test for shapes whose kinds are known only at run time (the sweep and contact engines
 * use it); the named test<A><B> functions in test.ts are the same algorithms with the kinds fixed.
 */

const PA: ConvexProxy[] = [];
const PB: ConvexProxy[] = [];
const SEGMENTS: Segment[] = [];

function scratch(list: ConvexProxy[], level: number): ConvexProxy {
  let p = list[level];
  if (p === undefined) {
    p = makeProxy();
    list[level] = p;
  }
  return p;
}

function polylineMeets(pl: Polyline, kb: Kind, b: AnyShape, level: number): boolean {
  const pts = pl.points;
  const n = pts.length;
  const m = n === 1 ? 1 : pl.closed ? n : n - 1;
  let seg = SEGMENTS[level];
  if (seg === undefined) {
    seg = { a: pts[0]!, b: pts[0]! };
    SEGMENTS[level] = seg;
  }
  for (let i = 0; i < m; i++) {
    seg.a = pts[i]!;
    seg.b = n === 1 ? pts[i]! : pts[i + 1 === n ? 0 : i + 1]!;
    if (testAt("segment", seg, kb, b, level + 1)) return true;
  }
  return false;
}

function linearMeetsProxy(kind: Kind, l: AnyShape, q: ConvexProxy): boolean {
  const o = linearStart(kind, l);
  const d = (l as Line).dir;
  return kind === "ray" ? rayOverlapsProxy(o, d, q) : lineOverlapsProxy(o, d, q);
}

function testAt(ka: Kind, a: AnyShape, kb: Kind, b: AnyShape, level: number): boolean {
  if (ka === "polyline") return polylineMeets(a as Polyline, kb, b, level);
  if (kb === "polyline") return polylineMeets(b as Polyline, ka, a, level);
  const pa = proxyOfKind(ka, a, scratch(PA, level));
  const pb = proxyOfKind(kb, b, scratch(PB, level));
  if (pa !== null && pb !== null) return overlapProxies(pa, pb);
  if (pa === null && pb !== null) return linearMeetsProxy(ka, a, pb);
  if (pb === null && pa !== null) return linearMeetsProxy(kb, b, pa);
  const o1 = linearStart(ka, a);
  const d1 = (a as Line).dir;
  const o2 = linearStart(kb, b);
  const d2 = (b as Line).dir;
  if (ka === "line" && kb === "line")
    return linesMeet(o1.x, o1.y, d1.x, d1.y, o2.x, o2.y, d2.x, d2.y);
  if (ka === "ray" && kb === "ray") return raysMeet(o1.x, o1.y, d1.x, d1.y, o2.x, o2.y, d2.x, d2.y);
  return ka === "line" ? testLineRay(a as Line, b as Ray) : testLineRay(b as Line, a as Ray);
}

/** Whether shapes of the given kinds share a point; exact. */
export function testKinds(ka: Kind, a: AnyShape, kb: Kind, b: AnyShape): boolean {
  return testAt(ka, a, kb, b, 0);
}
