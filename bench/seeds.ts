/**
 * The seed groups: each seed query beside the article's float version (or the textbook float
 * formula where the article gives none) on the same seeded scenes (bench/scenes.ts), and the seed
 * constructions the allocation table calls. Imported only by the bench process that measures them.
 */
import * as c2 from "../src/2d/index.ts";
import * as c3 from "../src/3d/index.ts";
import * as art from "./articles.ts";
import {
  lineRayPairs,
  N,
  segmentCircles,
  segmentPairs,
  sphereLines,
  trianglePairs,
} from "./scenes.ts";

// The scenes in collide's shape layouts (plain objects; no constructor cost in the loops).
const segs1 = segmentPairs.map((p) => ({ a: p.a1, b: p.b1 }));
const segs2 = segmentPairs.map((p) => ({ a: p.a2, b: p.b2 }));
const lines = lineRayPairs.map((p) => ({ point: p.lp, dir: p.ld }));
const rays = lineRayPairs.map((p) => ({ origin: p.ro, dir: p.rd }));
const tris1 = trianglePairs.map((p) => p.t1);
const tris2 = trianglePairs.map((p) => p.t2);
const circ1 = tris1.map((t) => {
  const c = { x: 0, y: 0, r: 0 };
  art.circumcircle(t, c);
  return c;
});
const circ2 = tris2.map((t) => {
  const c = { x: 0, y: 0, r: 0 };
  art.circumcircle(t, c);
  return c;
});
const lasers = segmentCircles.map((p) => ({ a: p.a, b: p.b }));
const targets = segmentCircles.map((p) => ({ center: p.c, radius: p.r }));
const spheres = sphereLines.map((p) => ({ center: p.c, radius: p.r }));
const lines3 = sphereLines.map((p) => ({ point: p.lp, dir: p.ld }));

// Reused result objects: with `out`, collide allocates nothing.
const segOut = c2.intersectSegmentSegment(c2.segment(0, 0, 2, 2), c2.segment(0, 2, 2, 0))!;
const rayOut = c2.intersectLineRay(c2.line(0, 0, 1, 0), c2.ray(0, 1, 0, -1))!;
const triOut = c2.contactTriangleTriangle(
  c2.triangle(0, 0, 2, 0, 0, 2),
  c2.triangle(0, 0, 2, 0, 0, 2),
)!;
const circleOut = c2.intersectSegmentCircle(c2.segment(-2, 0, 2, 0), c2.circle(0, 0, 1))!;
const sweepOut = c3.sweepSphereLine(
  c3.sphere(0, 2, 0, 1),
  { x: 0, y: -2, z: 0 },
  c3.line(0, 0, 0, 1, 0, 0),
)!;

export interface Contender {
  name: string;
  /** One pass over all N pairs; returns the number of hits. */
  pass: () => number;
  /** Whether pair i hits (for the hit rate and the agreement count). */
  hit: (i: number) => boolean;
  /** The float row that does the same work, when it is not the group's first: its name and a label. */
  vs?: { name: string; label: string };
}

// One loop per contender, so every call site stays monomorphic.
/** The seed groups, keyed by query; the first row is the article's (or the textbook) float version. */
export const seedGroups: Record<string, Contender[]> = {
  "segment vs segment": [
    {
      name: "article ColSegments (float, eps 1e-5)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentPairs[i]!;
          if (art.colSegments(p.a1, p.b1, p.a2, p.b2)) h++;
        }
        return h;
      },
      hit: (i) => art.colSegments(segs1[i]!.a, segs1[i]!.b, segs2[i]!.a, segs2[i]!.b),
    },
    {
      name: "collide testSegmentSegment",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testSegmentSegment(segs1[i]!, segs2[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testSegmentSegment(segs1[i]!, segs2[i]!),
    },
    {
      name: "textbook float crossing (t1, t2, point, normal)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentPairs[i]!;
          if (art.intersectSegmentsTextbook(p.a1, p.b1, p.a2, p.b2)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = segmentPairs[i]!;
        return art.intersectSegmentsTextbook(p.a1, p.b1, p.a2, p.b2);
      },
    },
    {
      name: "collide intersectSegmentSegment (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c2.intersectSegmentSegment(segs1[i]!, segs2[i]!, segOut)) h++;
        return h;
      },
      hit: (i) => c2.intersectSegmentSegment(segs1[i]!, segs2[i]!) !== null,
    },
  ],
  "line vs ray": [
    {
      name: "article intercect (float, EPSILON 1e-5)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = lineRayPairs[i]!;
          if (art.intersectLineRayArticle(p.lp, p.ld, p.ro, p.rd)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = lineRayPairs[i]!;
        return art.intersectLineRayArticle(p.lp, p.ld, p.ro, p.rd);
      },
    },
    {
      name: "collide testLineRay",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testLineRay(lines[i]!, rays[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testLineRay(lines[i]!, rays[i]!),
    },
    {
      name: "collide intersectLineRay (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.intersectLineRay(lines[i]!, rays[i]!, rayOut)) h++;
        return h;
      },
      hit: (i) => c2.intersectLineRay(lines[i]!, rays[i]!) !== null,
    },
  ],
  "triangle vs triangle": [
    {
      name: "article colTriangleTriangle2D (float SAT)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (art.colTriangleTriangle(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => art.colTriangleTriangle(tris1[i]!, tris2[i]!),
    },
    {
      name: "article + circumcircle pre-check, circles per call",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (art.colTriangleTriangleCircles(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => art.colTriangleTriangleCircles(tris1[i]!, tris2[i]!),
    },
    {
      name: "article + circumcircle pre-check, circles cached",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (art.colTriangleTrianglePrecomputed(tris1[i]!, circ1[i]!, tris2[i]!, circ2[i]!)) h++;
        }
        return h;
      },
      hit: (i) => art.colTriangleTrianglePrecomputed(tris1[i]!, circ1[i]!, tris2[i]!, circ2[i]!),
    },
    {
      name: "collide testTriangleTriangle",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testTriangleTriangle(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testTriangleTriangle(tris1[i]!, tris2[i]!),
    },
    {
      name: "collide boundingCircle per call + testTriangleTriangle",
      // Like for like: the article's pre-check also computes both circles per call, then tests.
      vs: {
        name: "article + circumcircle pre-check, circles per call",
        label: "vs circles per call",
      },
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (circlesThenTest(i)) h++;
        return h;
      },
      // Outside the timed pass: the bounding-circle reject must never reject a hit.
      hit: (i) => {
        const hit = c2.testTriangleTriangle(tris1[i]!, tris2[i]!);
        if (hit && !circlesThenTest(i))
          throw new Error("the bounding-circle reject rejected a hit");
        return hit;
      },
    },
    {
      name: "textbook float MTV (SAT, normalised axes)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (art.mtvTriangleTriangle(tris1[i]!, tris2[i]!)) h++;
        return h;
      },
      hit: (i) => art.mtvTriangleTriangle(tris1[i]!, tris2[i]!),
    },
    {
      name: "collide contactTriangleTriangle (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c2.contactTriangleTriangle(tris1[i]!, tris2[i]!, triOut)) h++;
        return h;
      },
      hit: (i) => c2.contactTriangleTriangle(tris1[i]!, tris2[i]!) !== null,
    },
  ],
  "segment vs circle": [
    {
      name: "article (normalise, cross, dots, endpoint lengths)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentCircles[i]!;
          if (art.segmentCircleArticle(p.a, p.b, p.c, p.r)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = segmentCircles[i]!;
        return art.segmentCircleArticle(p.a, p.b, p.c, p.r);
      },
    },
    {
      name: "collide testSegmentCircle",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c2.testSegmentCircle(lasers[i]!, targets[i]!)) h++;
        return h;
      },
      hit: (i) => c2.testSegmentCircle(lasers[i]!, targets[i]!),
    },
    {
      name: "textbook float quadratic (t, point, normal)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = segmentCircles[i]!;
          if (art.intersectSegmentCircleTextbook(p.a, p.b, p.c, p.r)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = segmentCircles[i]!;
        return art.intersectSegmentCircleTextbook(p.a, p.b, p.c, p.r);
      },
    },
    {
      name: "collide intersectSegmentCircle (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++)
          if (c2.intersectSegmentCircle(lasers[i]!, targets[i]!, circleOut)) h++;
        return h;
      },
      hit: (i) => c2.intersectSegmentCircle(lasers[i]!, targets[i]!) !== null,
    },
  ],
  "sphere sweep vs line (3D)": [
    {
      name: "article CalcSphereLineCollision (float)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          const p = sphereLines[i]!;
          if (art.calcSphereLineCollision(p.r, p.c, p.end, p.lp, p.ld)) h++;
        }
        return h;
      },
      hit: (i) => {
        const p = sphereLines[i]!;
        return art.calcSphereLineCollision(p.r, p.c, p.end, p.lp, p.ld);
      },
    },
    {
      name: "collide sweepSphereLine (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) {
          if (c3.sweepSphereLine(spheres[i]!, sphereLines[i]!.m, lines3[i]!, sweepOut)) h++;
        }
        return h;
      },
      hit: (i) => c3.sweepSphereLine(spheres[i]!, sphereLines[i]!.m, lines3[i]!) !== null,
    },
    {
      name: "collide testLineSphere (static, at t = 0)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N; i++) if (c3.testLineSphere(lines3[i]!, spheres[i]!)) h++;
        return h;
      },
      hit: (i) => c3.testLineSphere(lines3[i]!, spheres[i]!),
    },
  ],
};

/**
 * The article's pre-check with collide's bounding circles (their distance against the sum of
 * radii, padded by 2^-50 twice so float rounding never rejects a pair whose circles touch), then
 * the exact test. The reject is its own function: the same
 * lines with the test inside one function measured 1.4x slower in a scratch A/B when
 * boundingCircle was still small enough to inline (its body took half the caller's inlining
 * budget, and the test's helpers were then called out of line).
 */
function circlesThenTest(i: number): boolean {
  return circlesMeet(i) && c2.testTriangleTriangle(tris1[i]!, tris2[i]!);
}

function circlesMeet(i: number): boolean {
  const a = c2.boundingCircle(tris1[i]!, bc1);
  const b = c2.boundingCircle(tris2[i]!, bc2);
  const dx = a.center.x - b.center.x;
  const dy = a.center.y - b.center.y;
  const r = (a.radius + b.radius) * PAD;
  return dx * dx + dy * dy <= r * r * PAD;
}

const PAD = 1 + 2 ** -50;

const bc1 = { center: { x: 0, y: 0 }, radius: 0 };
const bc2 = { center: { x: 0, y: 0 }, radius: 0 };

/** The seed constructions with `out`, for the allocation table; the first does nothing (the floor). */
export const heapCalls: [string, (i: number) => unknown][] = [
  ["(nothing: the floor)", (i) => i],
  ["intersectSegmentSegment", (i) => c2.intersectSegmentSegment(segs1[i]!, segs2[i]!, segOut)],
  ["intersectLineRay", (i) => c2.intersectLineRay(lines[i]!, rays[i]!, rayOut)],
  ["contactTriangleTriangle", (i) => c2.contactTriangleTriangle(tris1[i]!, tris2[i]!, triOut)],
  ["boundingCircle", (i) => c2.boundingCircle(tris1[i]!, bc1)],
  ["intersectSegmentCircle", (i) => c2.intersectSegmentCircle(lasers[i]!, targets[i]!, circleOut)],
  [
    "sweepSphereLine",
    (i) => c3.sweepSphereLine(spheres[i]!, sphereLines[i]!.m, lines3[i]!, sweepOut),
  ],
];
