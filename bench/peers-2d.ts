/**
 * 2D narrow phase against the peers (PEERS.md): the same seeded shapes (bench/scenes-2d.ts) for
 * everyone, each peer through its fastest public path with reused outputs, one literal loop per
 * contender so every call site stays monomorphic. `peerReport` counts, per peer, the pairs whose
 * boolean differs from collide's, how far apart collide says those shapes are, and how far the
 * peer's number (time, depth) is from collide's where both hit.
 */
import * as dc from "detect-collisions";
import * as planck from "planck";
import SAT from "sat";
import * as c2 from "../src/2d/index.ts";
import {
  type ConvexScene,
  convexScene,
  N2,
  type PosedPolygon,
  rayScene,
  segmentScene,
  sweepScene,
} from "./scenes-2d.ts";

export interface PeerContender {
  name: string;
  /** One pass over all pairs; returns the number of hits. */
  pass: () => number;
  /** Whether pair i hits. */
  hit: (i: number) => boolean;
  /** The number this contender computes for pair i when it hits (distance, depth, time), if any. */
  value?: (i: number) => number;
}

interface GroupInfo {
  /** What each contender answers, for BENCHMARKS.md. */
  note: string;
  /** collide's distance between the shapes of pair i (explains disagreements), when meaningful. */
  gap?: (i: number) => number;
  /** What `value` is. */
  valueLabel?: string;
}

const identity = planck.Transform.identity();
const manifold = new planck.Manifold();
const response = new SAT.Response();
const dcSystem = new dc.System();
const contactOut = c2.makeContact();
const shapeHit = c2.makeShapeHit();
const linearHit = c2.makeLinearHit();
const sweepOut = c2.makeSweepHit();
const rayOut: planck.RayCastOutput = { normal: planck.Vec2(0, 0), fraction: 0 };
const worldManifold = new planck.WorldManifold();

/**
 * The penetration depth in planck's last manifold (after a call that filled it): its deepest
 * point's separation, less the two skins that planck counts in it (Box2D's `b2WorldManifold`).
 * Giving planck a depth marks it as a contender that builds a contact, so the "(out)" rows are
 * compared with it too (it builds a manifold: normal, points, separations).
 */
function planckDepth(xfA: planck.Transform, rA: number, xfB: planck.Transform, rB: number): number {
  manifold.getWorldManifold(worldManifold, xfA, rA, xfB, rB);
  let deepest = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < manifold.pointCount; k++) {
    deepest = Math.max(deepest, -worldManifold.separations[k]!);
  }
  return deepest - rA - rB;
}

const NOTE_SAT =
  "SAT.js: float separating axes on its own pre-rotated points (`setAngle` at setup), no tolerance; Response gives overlap depth and vector.";
const NOTE_DC =
  "detect-collisions: `System.checkCollision` (aabb pre-check, then SAT.js) on bodies inserted in a System, so the pose is applied at setup.";
const NOTE_PLANCK =
  "planck.js: a Box2D contact manifold (up to 2 points); polygons carry a 0.01 skin (`polygonRadius`), so shapes up to 0.01 apart (0.02 for two polygons) count as touching.";

function satPolygon(p: PosedPolygon): SAT.Polygon {
  return new SAT.Polygon(
    new SAT.Vector(p.x, p.y),
    p.local.map((q) => new SAT.Vector(q.x, q.y)),
  ).setAngle(p.angle);
}

function dcPolygon(p: PosedPolygon): dc.Polygon {
  const body = new dc.Polygon({ x: p.x, y: p.y }, p.local, { angle: p.angle });
  dcSystem.insert(body);
  return body;
}

function planckPolygon(points: readonly { x: number; y: number }[]): planck.PolygonShape {
  return new planck.Polygon(points.map((q) => planck.Vec2(q.x, q.y)));
}

/** Runs `run(i)`, then reads the number it left in a reused output. */
const after =
  (run: (i: number) => unknown, read: () => number) =>
  (i: number): number => {
    run(i);
    return read();
  };

const poseOf = (p: PosedPolygon): c2.Pose => ({ x: p.x, y: p.y, angle: p.angle });

const groups: Record<string, PeerContender[]> = {};
const infos: Record<string, GroupInfo> = {};

function convexGroups(sides: number): void {
  const s: ConvexScene = convexScene(sides);
  const label = sides === 3 ? "triangles" : `${sides}-gons`;
  const A = s.a.map((p) => c2.polygon(p.world));
  const B = s.b.map((p) => c2.polygon(p.world));
  const LA = s.a.map((p) => c2.polygon(p.local));
  const LB = s.b.map((p) => c2.polygon(p.local));
  const PA = s.a.map(poseOf);
  const PB = s.b.map(poseOf);
  const C = s.circles.map((c) => c2.circle(c.x, c.y, c.r));
  const satA = s.a.map(satPolygon);
  const satB = s.b.map(satPolygon);
  const satC = s.circles.map((c) => new SAT.Circle(new SAT.Vector(c.x, c.y), c.r));
  const dcA = s.a.map(dcPolygon);
  const dcB = s.b.map(dcPolygon);
  const dcC = s.circles.map((c) => {
    const body = new dc.Circle({ x: c.x, y: c.y }, c.r);
    dcSystem.insert(body);
    return body;
  });
  const plWA = s.a.map((p) => planckPolygon(p.world));
  const plWB = s.b.map((p) => planckPolygon(p.world));
  const plLA = s.a.map((p) => planckPolygon(p.local));
  const plLB = s.b.map((p) => planckPolygon(p.local));
  const xfA = s.a.map((p) => new planck.Transform(planck.Vec2(p.x, p.y), p.angle));
  const xfB = s.b.map((p) => new planck.Transform(planck.Vec2(p.x, p.y), p.angle));
  const plC = s.circles.map((c) => new planck.Circle(planck.Vec2(c.x, c.y), c.r));

  const testPP = (i: number): boolean => c2.testPolygonPolygon(A[i]!, B[i]!);
  const contactPP = (i: number): boolean =>
    c2.contactPolygonPolygon(A[i]!, B[i]!, contactOut) !== null;
  const testPosed = (i: number): boolean => c2.test(LA[i]!, LB[i]!, PA[i]!, PB[i]!);
  const contactPosed = (i: number): boolean =>
    c2.contact(LA[i]!, LB[i]!, PA[i]!, PB[i]!, contactOut) !== null;
  const satPP = (i: number): boolean => {
    response.clear();
    return SAT.testPolygonPolygon(satA[i]!, satB[i]!, response);
  };
  const dcPP = (i: number): boolean => dcSystem.checkCollision(dcA[i]!, dcB[i]!);
  const planckWorldPP = (i: number): boolean => {
    planck.CollidePolygons(manifold, plWA[i]!, identity, plWB[i]!, identity);
    return manifold.pointCount > 0;
  };
  const planckPosedPP = (i: number): boolean => {
    planck.CollidePolygons(manifold, plLA[i]!, xfA[i]!, plLB[i]!, xfB[i]!);
    return manifold.pointCount > 0;
  };
  const depth = (i: number): number => c2.contactPolygonPolygon(A[i]!, B[i]!, contactOut)!.depth;
  groups[`polygon vs polygon (${label})`] = [
    {
      name: "collide testPolygonPolygon",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (testPP(i)) h++;
        return h;
      },
      hit: testPP,
    },
    {
      name: "collide contactPolygonPolygon (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (contactPP(i)) h++;
        return h;
      },
      hit: contactPP,
      value: depth,
    },
    {
      name: "collide test(a, b, poseA, poseB) (local + pose)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (testPosed(i)) h++;
        return h;
      },
      hit: testPosed,
    },
    {
      name: "collide contact(a, b, poseA, poseB, out) (local + pose)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (contactPosed(i)) h++;
        return h;
      },
      hit: contactPosed,
      value: (i) => c2.contact(LA[i]!, LB[i]!, PA[i]!, PB[i]!, contactOut)!.depth,
    },
    {
      name: "SAT.js testPolygonPolygon (Response)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (satPP(i)) h++;
        return h;
      },
      hit: satPP,
      value: after(satPP, () => response.overlap),
    },
    {
      name: "detect-collisions checkCollision",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (dcPP(i)) h++;
        return h;
      },
      hit: dcPP,
      value: after(dcPP, () => dcSystem.response.overlap),
    },
    {
      name: "planck CollidePolygons (world points, identity)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (planckWorldPP(i)) h++;
        return h;
      },
      hit: planckWorldPP,
      value: (i) => {
        planckWorldPP(i);
        return planckDepth(identity, plWA[i]!.getRadius(), identity, plWB[i]!.getRadius());
      },
    },
    {
      name: "planck CollidePolygons (local + Transform)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (planckPosedPP(i)) h++;
        return h;
      },
      hit: planckPosedPP,
      value: (i) => {
        planckPosedPP(i);
        return planckDepth(xfA[i]!, plLA[i]!.getRadius(), xfB[i]!, plLB[i]!.getRadius());
      },
    },
  ];
  infos[`polygon vs polygon (${label})`] = {
    note: `collide: exact boolean, contact = normal, depth, up to 2 points; posed rows take the local polygon and a {x, y, angle} pose per query and pay cos/sin per call (planck's Transform, like SAT.js's setAngle, holds its cos/sin from setup). ${NOTE_SAT} ${NOTE_DC} ${NOTE_PLANCK}`,
    gap: (i) => c2.distancePolygonPolygon(A[i]!, B[i]!),
    valueLabel: "penetration depth",
  };

  const testCP = (i: number): boolean => c2.testCirclePolygon(C[i]!, B[i]!);
  const contactCP = (i: number): boolean =>
    c2.contactCirclePolygon(C[i]!, B[i]!, contactOut) !== null;
  const satCP = (i: number): boolean => {
    response.clear();
    return SAT.testCirclePolygon(satC[i]!, satB[i]!, response);
  };
  const dcCP = (i: number): boolean => dcSystem.checkCollision(dcC[i]!, dcB[i]!);
  const planckCP = (i: number): boolean => {
    planck.CollidePolygonCircle(manifold, plLB[i]!, xfB[i]!, plC[i]!, identity);
    return manifold.pointCount > 0;
  };
  groups[`circle vs polygon (${label})`] = [
    {
      name: "collide testCirclePolygon",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (testCP(i)) h++;
        return h;
      },
      hit: testCP,
    },
    {
      name: "collide contactCirclePolygon (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (contactCP(i)) h++;
        return h;
      },
      hit: contactCP,
      value: (i) => c2.contactCirclePolygon(C[i]!, B[i]!, contactOut)!.depth,
    },
    {
      name: "SAT.js testCirclePolygon (Response)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (satCP(i)) h++;
        return h;
      },
      hit: satCP,
      value: after(satCP, () => response.overlap),
    },
    {
      name: "detect-collisions checkCollision",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (dcCP(i)) h++;
        return h;
      },
      hit: dcCP,
      value: after(dcCP, () => dcSystem.response.overlap),
    },
    {
      name: "planck CollidePolygonCircle (local + Transform)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (planckCP(i)) h++;
        return h;
      },
      hit: planckCP,
      value: (i) => {
        planckCP(i);
        // planckDepth takes off both radii, but only the polygon's is a skin: add the circle's back.
        const r = plC[i]!.getRadius();
        return planckDepth(xfB[i]!, plLB[i]!.getRadius(), identity, r) + r;
      },
    },
  ];
  infos[`circle vs polygon (${label})`] = {
    note: `collide: exact boolean, contact = normal, depth, point. ${NOTE_SAT} ${NOTE_DC} ${NOTE_PLANCK}`,
    gap: (i) => c2.distanceCirclePolygon(C[i]!, B[i]!),
    valueLabel: "penetration depth",
  };
}

function rayGroups(): void {
  const s = rayScene();
  const R = s.rays.map((r) => c2.ray(r.ox, r.oy, r.dx, r.dy));
  // planck and detect-collisions cast segments: the ray up to `length`, beyond every target.
  const plIn: planck.RayCastInput[] = s.rays.map((r) => ({
    p1: planck.Vec2(r.ox, r.oy),
    p2: planck.Vec2(r.ox + r.dx * r.length, r.oy + r.dy * r.length),
    maxFraction: 1,
  }));
  const dcLine = s.rays.map((r) => ({
    start: { x: r.ox, y: r.oy },
    end: { x: r.ox + r.dx * r.length, y: r.oy + r.dy * r.length },
  }));
  const len = s.rays[0]!.length;
  /** The nearest of detect-collisions' crossing points to the start, or -1 for none. */
  const nearest = (pts: readonly { x: number; y: number }[], o: { x: number; y: number }) => {
    let best = -1;
    for (let k = 0; k < pts.length; k++) {
      const d = (pts[k]!.x - o.x) ** 2 + (pts[k]!.y - o.y) ** 2;
      if (best < 0 || d < best) best = d;
    }
    return best;
  };

  // Circles: rays 0 .. N2-1.
  const C = s.circles.map((c) => c2.circle(c.x, c.y, c.r));
  const plC = s.circles.map((c) => new planck.Circle(planck.Vec2(c.x, c.y), c.r));
  const dcC = s.circles.map((c) => new dc.Circle({ x: c.x, y: c.y }, c.r));
  const ourC = (i: number): boolean => c2.intersectRayCircle(R[i]!, C[i]!, shapeHit) !== null;
  const plRC = (i: number): boolean => plC[i]!.rayCast(rayOut, plIn[i]!, identity, 0);
  const dcRC = (i: number): boolean =>
    nearest(dc.intersectLineCircle(dcLine[i]!, dcC[i]!), dcLine[i]!.start) >= 0;
  groups["ray vs circle"] = [
    {
      name: "collide intersectRayCircle (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (ourC(i)) h++;
        return h;
      },
      hit: ourC,
      value: after(ourC, () => shapeHit.t),
    },
    {
      name: "planck CircleShape.rayCast",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (plRC(i)) h++;
        return h;
      },
      hit: plRC,
      value: after(plRC, () => rayOut.fraction * len),
    },
    {
      name: "detect-collisions intersectLineCircle + nearest",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (dcRC(i)) h++;
        return h;
      },
      hit: dcRC,
      value: (i) =>
        Math.sqrt(nearest(dc.intersectLineCircle(dcLine[i]!, dcC[i]!), dcLine[i]!.start)),
    },
  ];
  infos["ray vs circle"] = {
    note: "collide: exact boolean, then t, point, normal (infinite ray). planck.js: Box2D ray cast of the segment origin..origin + 20 dir (fraction, normal), misses from inside. detect-collisions: every crossing of the segment with the circle's boundary, allocating an array (we keep the nearest). SAT.js has no ray cast. Every ray starts outside its target.",
    gap: (i) => c2.distanceRayCircle(R[i]!, C[i]!),
    valueLabel: "distance to the hit",
  };

  // Polygons: rays N2 .. 2 N2 - 1.
  const o = N2;
  const P = s.polygons.map((p) => c2.polygon(p.world));
  const plP = s.polygons.map((p) => planckPolygon(p.local));
  const plX = s.polygons.map((p) => new planck.Transform(planck.Vec2(p.x, p.y), p.angle));
  const dcP = s.polygons.map(
    (p) => new dc.Polygon({ x: p.x, y: p.y }, p.local, { angle: p.angle }),
  );
  const ourP = (i: number): boolean => c2.intersectRayPolygon(R[o + i]!, P[i]!, shapeHit) !== null;
  const plRP = (i: number): boolean => plP[i]!.rayCast(rayOut, plIn[o + i]!, plX[i]!, 0);
  const dcRP = (i: number): boolean =>
    nearest(dc.intersectLinePolygon(dcLine[o + i]!, dcP[i]!), dcLine[o + i]!.start) >= 0;
  groups["ray vs polygon (8-gons)"] = [
    {
      name: "collide intersectRayPolygon (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (ourP(i)) h++;
        return h;
      },
      hit: ourP,
      value: after(ourP, () => shapeHit.t),
    },
    {
      name: "planck PolygonShape.rayCast (local + Transform)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (plRP(i)) h++;
        return h;
      },
      hit: plRP,
      value: after(plRP, () => rayOut.fraction * len),
    },
    {
      name: "detect-collisions intersectLinePolygon + nearest",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (dcRP(i)) h++;
        return h;
      },
      hit: dcRP,
      value: (i) =>
        Math.sqrt(nearest(dc.intersectLinePolygon(dcLine[o + i]!, dcP[i]!), dcLine[o + i]!.start)),
    },
  ];
  infos["ray vs polygon (8-gons)"] = {
    note: "collide: exact boolean, then t, point, normal (world polygon, infinite ray). planck.js: Box2D clipping of the segment origin..origin + 20 dir against the edge planes of its local polygon and Transform, misses from inside. detect-collisions: intersectLineLine against every edge, allocating (we keep the nearest). SAT.js has no ray cast. Every ray starts outside its target.",
    gap: (i) => c2.distanceRayPolygon(R[o + i]!, P[i]!),
    valueLabel: "distance to the hit",
  };

  // Segments: rays 2 N2 .. 3 N2 - 1.
  const q = 2 * N2;
  const S = s.segments.map((g) => c2.segment(g.ax, g.ay, g.bx, g.by));
  const plS = s.segments.map(
    (g) => new planck.Edge(planck.Vec2(g.ax, g.ay), planck.Vec2(g.bx, g.by)),
  );
  const dcS = s.segments.map((g) => ({ start: { x: g.ax, y: g.ay }, end: { x: g.bx, y: g.by } }));
  const ourS = (i: number): boolean => c2.intersectRaySegment(R[q + i]!, S[i]!, linearHit) !== null;
  const plRS = (i: number): boolean => plS[i]!.rayCast(rayOut, plIn[q + i]!, identity, 0);
  const dcRS = (i: number): boolean => dc.intersectLineLine(dcLine[q + i]!, dcS[i]!) !== undefined;
  groups["ray vs segment"] = [
    {
      name: "collide intersectRaySegment (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (ourS(i)) h++;
        return h;
      },
      hit: ourS,
      value: after(ourS, () => linearHit.t1),
    },
    {
      name: "planck EdgeShape.rayCast",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (plRS(i)) h++;
        return h;
      },
      hit: plRS,
      value: after(plRS, () => rayOut.fraction * len),
    },
    {
      name: "detect-collisions intersectLineLine",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (dcRS(i)) h++;
        return h;
      },
      hit: dcRS,
      value: (i) => {
        const p = dc.intersectLineLine(dcLine[q + i]!, dcS[i]!)!;
        const st = dcLine[q + i]!.start;
        return Math.hypot(p.x - st.x, p.y - st.y);
      },
    },
  ];
  infos["ray vs segment"] = {
    note: "collide: exact boolean (touching and collinear overlap count), then t on both, point, normal. planck.js: Box2D edge ray cast (float, misses parallel rays). detect-collisions: float segment-segment point, misses when |cross| < 2^-52. SAT.js has no ray cast.",
    gap: (i) => c2.distanceRaySegment(R[q + i]!, S[i]!),
    valueLabel: "distance to the hit",
  };
}

function segmentGroup(): void {
  const s = segmentScene();
  const S1 = s.map((p) => c2.segment(p.ax, p.ay, p.bx, p.by));
  const S2 = s.map((p) => c2.segment(p.cx, p.cy, p.dx, p.dy));
  const dc1 = s.map((p) => ({ start: { x: p.ax, y: p.ay }, end: { x: p.bx, y: p.by } }));
  const dc2 = s.map((p) => ({ start: { x: p.cx, y: p.cy }, end: { x: p.dx, y: p.dy } }));
  const sat1 = s.map(
    (p) =>
      new SAT.Polygon(new SAT.Vector(0, 0), [
        new SAT.Vector(p.ax, p.ay),
        new SAT.Vector(p.bx, p.by),
      ]),
  );
  const sat2 = s.map(
    (p) =>
      new SAT.Polygon(new SAT.Vector(0, 0), [
        new SAT.Vector(p.cx, p.cy),
        new SAT.Vector(p.dx, p.dy),
      ]),
  );
  const pl1 = s.map((p) => new planck.Edge(planck.Vec2(p.ax, p.ay), planck.Vec2(p.bx, p.by)));
  const pl2 = s.map((p) => new planck.Edge(planck.Vec2(p.cx, p.cy), planck.Vec2(p.dx, p.dy)));
  const ourTest = (i: number): boolean => c2.testSegmentSegment(S1[i]!, S2[i]!);
  const ourHit = (i: number): boolean =>
    c2.intersectSegmentSegment(S1[i]!, S2[i]!, linearHit) !== null;
  const dcFast = (i: number): boolean => dc.intersectLineLineFast(dc1[i]!, dc2[i]!);
  const dcPoint = (i: number): boolean => dc.intersectLineLine(dc1[i]!, dc2[i]!) !== undefined;
  const sat = (i: number): boolean => {
    response.clear();
    return SAT.testPolygonPolygon(sat1[i]!, sat2[i]!, response);
  };
  const gjk = (i: number): boolean =>
    planck.testOverlap(pl1[i]!, 0, pl2[i]!, 0, identity, identity);
  groups["segment vs segment"] = [
    {
      name: "collide testSegmentSegment",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (ourTest(i)) h++;
        return h;
      },
      hit: ourTest,
    },
    {
      name: "collide intersectSegmentSegment (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (ourHit(i)) h++;
        return h;
      },
      hit: ourHit,
      value: after(ourHit, () => linearHit.t1),
    },
    {
      name: "detect-collisions intersectLineLineFast",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (dcFast(i)) h++;
        return h;
      },
      hit: dcFast,
    },
    {
      name: "detect-collisions intersectLineLine (point)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (dcPoint(i)) h++;
        return h;
      },
      hit: dcPoint,
      value: (i) => {
        const p = dc.intersectLineLine(dc1[i]!, dc2[i]!)!;
        const a = dc1[i]!;
        return (
          Math.hypot(p.x - a.start.x, p.y - a.start.y) /
          Math.hypot(a.end.x - a.start.x, a.end.y - a.start.y)
        );
      },
    },
    {
      name: "SAT.js testPolygonPolygon (2-point polygons)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (sat(i)) h++;
        return h;
      },
      hit: sat,
    },
    {
      name: "planck testOverlap (GJK on two edges)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (gjk(i)) h++;
        return h;
      },
      hit: gjk,
    },
  ];
  infos["segment vs segment"] = {
    note: "collide: exact boolean (touching, collinear overlap count), then t on both, point, normal. detect-collisions: intersectLineLineFast compares orientations with a 2^-52 absolute tolerance (touching pairs can go either way); intersectLineLine returns the point, or nothing when |cross| < 2^-52 (parallel overlaps miss). SAT.js: float separating axes on 2-point polygons (boolean and overlap). planck.js: no segment-segment query; testOverlap runs GJK distance with each edge's 0.01 skin, so pairs up to 0.02 apart count, and it allocates.",
    gap: (i) => c2.distanceSegmentSegment(S1[i]!, S2[i]!),
    valueLabel: "t on the first segment",
  };
}

function sweepGroup(): void {
  const s = sweepScene();
  const C = s.map((d) => c2.circle(d.x, d.y, d.r));
  const M = s.map((d) => ({ x: d.mx, y: d.my }));
  const L = s.map((d) => c2.polyline(d.chain));
  const paths = s.map((d) => c2.segment(d.x, d.y, d.x + d.mx, d.y + d.my));
  const chains = s.map(
    (d) =>
      new planck.Chain(
        d.chain.map((p) => planck.Vec2(p.x, p.y)),
        false,
      ),
  );
  const discs = s.map((d) => new planck.Circle(planck.Vec2(0, 0), d.r));
  const starts = s.map((d) => new planck.Transform(planck.Vec2(d.x, d.y), 0));
  const input = new planck.ShapeCastInput();
  const output = new planck.ShapeCastOutput();
  input.transformA.setIdentity();
  // A user of planck loops over the chain's edges; the swept circle's box culls most of them.
  const planckSweep = (i: number): number => {
    const d = s[i]!;
    const chain = chains[i]!;
    const pad = d.r + 0.02;
    const minX = Math.min(d.x, d.x + d.mx) - pad;
    const maxX = Math.max(d.x, d.x + d.mx) + pad;
    const minY = Math.min(d.y, d.y + d.my) - pad;
    const maxY = Math.max(d.y, d.y + d.my) + pad;
    input.proxyB.set(discs[i]!, 0);
    input.transformB.setTransform(starts[i]!);
    input.translationB.setNum(d.mx, d.my);
    let best = 2;
    const pts = d.chain;
    for (let k = 0; k + 1 < pts.length; k++) {
      const p = pts[k]!;
      const q = pts[k + 1]!;
      if (Math.max(p.x, q.x) < minX || Math.min(p.x, q.x) > maxX) continue;
      if (Math.max(p.y, q.y) < minY || Math.min(p.y, q.y) > maxY) continue;
      input.proxyA.set(chain, k);
      if (planck.ShapeCast(output, input) && output.lambda < best) best = output.lambda;
    }
    return best;
  };
  const ours = (i: number): boolean =>
    c2.sweepCirclePolyline(C[i]!, M[i]!, L[i]!, sweepOut) !== null;
  const theirs = (i: number): boolean => planckSweep(i) <= 1;
  groups["circle sweep vs polyline"] = [
    {
      name: "collide sweepCirclePolyline (out)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (ours(i)) h++;
        return h;
      },
      hit: ours,
      value: after(ours, () => sweepOut.t),
    },
    {
      name: "planck ShapeCast per chain edge (box-culled)",
      pass: () => {
        let h = 0;
        for (let i = 0; i < N2; i++) if (theirs(i)) h++;
        return h;
      },
      hit: theirs,
      value: planckSweep,
    },
  ];
  infos["circle sweep vs polyline"] = {
    note: "collide: exact hit-or-miss, then t, position, point, normal. planck.js: Box2D ShapeCast (GJK ray cast, 20 iterations max, target separation within 0.0025, allocating vectors) of the circle against each chain edge whose box meets the swept circle's box, keeping the least fraction; it reports no hit when the shapes start touching (no pair here does). SAT.js and detect-collisions have no swept query. Circles start clear of their chain; the 9-point chain is terrain-like.",
    // How close the circle's path comes to the chain: its center's segment, less the radius.
    gap: (i) => c2.distanceSegmentPolyline(paths[i]!, L[i]!) - s[i]!.r,
    valueLabel: "time of impact",
  };
}

convexGroups(3);
convexGroups(8);
rayGroups();
segmentGroup();
sweepGroup();

/** The peer groups, keyed by query; the first row is collide's. */
export const peerGroups: Record<string, PeerContender[]> = groups;

/**
 * Lines for BENCHMARKS.md under a peer group's table: what each contender answers, and per peer
 * how many booleans differ from collide's first row (with collide's distance for those pairs) and
 * how far its number is from collide's where both hit. Also prints the first differing pairs.
 */
export function peerReport(query: string, list: readonly PeerContender[]): string[] {
  const info = infos[query];
  if (!info) return [];
  const ref = list[0]!;
  const refValue = list.find((c) => c.value)?.value;
  const md: string[] = [info.note, ""];
  for (const c of list.slice(1)) {
    let differ = 0;
    let maxGap = 0;
    const examples: string[] = [];
    let maxDiff = 0;
    let both = 0;
    for (let i = 0; i < N2; i++) {
      const ours = ref.hit(i);
      const theirs = c.hit(i);
      if (ours !== theirs) {
        differ++;
        const gap = info.gap ? info.gap(i) : Number.NaN;
        if (gap > maxGap) maxGap = gap;
        if (examples.length < 3)
          examples.push(
            `pair ${i}: collide ${ours ? "hit" : "miss"}, peer ${theirs ? "hit" : "miss"}${info.gap ? `, collide distance ${gap.toExponential(3)}` : ""}`,
          );
      } else if (ours && c.value && refValue) {
        const d = Math.abs(c.value(i) - refValue(i));
        if (d > maxDiff) maxDiff = d;
        both++;
      }
    }
    const parts = [`- ${c.name}: ${differ} of ${N2} booleans differ from collide's`];
    if (differ > 0 && info.gap) {
      parts.push(
        ` (collide's distance between those shapes is at most ${maxGap.toExponential(2)})`,
      );
    }
    if (both > 0) {
      parts.push(
        `; largest ${info.valueLabel} difference where both hit: ${maxDiff.toExponential(2)}`,
      );
    }
    md.push(parts.join(""));
    if (differ > 0) console.log(`${query}, ${c.name}: ${differ} differ; ${examples.join("; ")}`);
  }
  md.push("");
  return md;
}
