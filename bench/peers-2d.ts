/**
 * 2D narrow phase against the peers (PEERS.md): the same seeded convex polygons (triangles and
 * 8-gons) and circles for everyone, each peer through its fastest public path with reused outputs.
 * What each answers: collide, exact closed sets; SAT.js, float separating axes with no tolerance;
 * planck.js, a Box2D manifold where polygons carry a 2 * linearSlop skin (so it reports pairs up
 * to 0.01 apart as touching).
 */
import * as planck from "planck";
import SAT from "sat";
import * as c2 from "../src/2d/index.ts";
import { prng } from "./prng.ts";

export interface PeerContender {
  name: string;
  /** One pass over all pairs; returns the number of hits. */
  pass: () => number;
  /** Whether pair i hits. */
  hit: (i: number) => boolean;
}

const N = 4096;
const rand = prng(20261123);

function ngon(n: number): c2.Vec[] {
  const cx = rand() * 4;
  const cy = rand() * 4;
  const r = 0.8 + rand() * 0.8;
  const a0 = rand() * 2 * Math.PI;
  const pts: c2.Vec[] = [];
  for (let i = 0; i < n; i++) {
    const a = a0 + (2 * Math.PI * i) / n;
    pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return pts;
}

function scene(sides: number) {
  const a = [...Array(N)].map(() => ngon(sides));
  const b = [...Array(N)].map(() => ngon(sides));
  const circles = [...Array(N)].map(() => ({ x: rand() * 4, y: rand() * 4, r: 0.5 + rand() }));
  return {
    a: a.map((p) => c2.polygon(p)),
    b: b.map((p) => c2.polygon(p)),
    circles: circles.map((c) => c2.circle(c.x, c.y, c.r)),
    satA: a.map(
      (p) =>
        new SAT.Polygon(
          new SAT.Vector(0, 0),
          p.map((q) => new SAT.Vector(q.x, q.y)),
        ),
    ),
    satB: b.map(
      (p) =>
        new SAT.Polygon(
          new SAT.Vector(0, 0),
          p.map((q) => new SAT.Vector(q.x, q.y)),
        ),
    ),
    satC: circles.map((c) => new SAT.Circle(new SAT.Vector(c.x, c.y), c.r)),
    plA: a.map((p) => new planck.Polygon(p.map((q) => planck.Vec2(q.x, q.y)))),
    plB: b.map((p) => new planck.Polygon(p.map((q) => planck.Vec2(q.x, q.y)))),
    plC: circles.map((c) => new planck.Circle(planck.Vec2(c.x, c.y), c.r)),
  };
}

const response = new SAT.Response();
const manifold = new planck.Manifold();
const identity = planck.Transform.identity();
const contactOut = c2.makeContact();

function group(sides: number): Record<string, PeerContender[]> {
  const s = scene(sides);
  const label = sides === 3 ? "triangles" : `${sides}-gons`;
  const satPP = (i: number) => {
    response.clear();
    return SAT.testPolygonPolygon(s.satA[i]!, s.satB[i]!, response);
  };
  const satCP = (i: number) => {
    response.clear();
    return SAT.testCirclePolygon(s.satC[i]!, s.satB[i]!, response);
  };
  const planckPP = (i: number) => {
    planck.CollidePolygons(manifold, s.plA[i]!, identity, s.plB[i]!, identity);
    return manifold.pointCount > 0;
  };
  const planckCP = (i: number) => {
    planck.CollidePolygonCircle(manifold, s.plB[i]!, identity, s.plC[i]!, identity);
    return manifold.pointCount > 0;
  };
  const loop = (f: (i: number) => boolean) => () => {
    let h = 0;
    for (let i = 0; i < N; i++) if (f(i)) h++;
    return h;
  };
  const testPP = (i: number) => c2.testPolygonPolygon(s.a[i]!, s.b[i]!);
  const contactPP = (i: number) => c2.contactPolygonPolygon(s.a[i]!, s.b[i]!, contactOut) !== null;
  const testCP = (i: number) => c2.testCirclePolygon(s.circles[i]!, s.b[i]!);
  const contactCP = (i: number) =>
    c2.contactCirclePolygon(s.circles[i]!, s.b[i]!, contactOut) !== null;
  return {
    [`polygon vs polygon (${label})`]: [
      { name: "collide testPolygonPolygon", pass: loop(testPP), hit: testPP },
      { name: "collide contactPolygonPolygon (out)", pass: loop(contactPP), hit: contactPP },
      { name: "SAT.js testPolygonPolygon (Response)", pass: loop(satPP), hit: satPP },
      { name: "planck CollidePolygons (manifold)", pass: loop(planckPP), hit: planckPP },
    ],
    [`circle vs polygon (${label})`]: [
      { name: "collide testCirclePolygon", pass: loop(testCP), hit: testCP },
      { name: "collide contactCirclePolygon (out)", pass: loop(contactCP), hit: contactCP },
      { name: "SAT.js testCirclePolygon (Response)", pass: loop(satCP), hit: satCP },
      { name: "planck CollidePolygonCircle (manifold)", pass: loop(planckCP), hit: planckCP },
    ],
  };
}

/** The peer groups, keyed by query; the first row is collide's test. */
export const peerGroups: Record<string, PeerContender[]> = { ...group(3), ...group(8) };
