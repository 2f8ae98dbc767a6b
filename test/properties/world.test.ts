/**
 * The world against brute force over the exact narrowphase: after every step the touching pairs
 * (tracked through begin/end events) and the contact pairs equal `test` on all pairs; ray casts and
 * sweeps equal the first hit over all bodies; moveAndSlide never tunnels through thin walls and
 * never catches on tile seams. Seeded scenes (thousands of shapes) plus fast-check sequences of
 * add/move/remove on hard-case shapes (touching, ulp-nudged, degenerate, scaled 1e-100..1e100).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import {
  aabb,
  type BroadphaseKind,
  box,
  capsule,
  circle,
  createWorld,
  intersectPointSegment,
  intersectSegmentAabb,
  intersectSegmentBox,
  intersectSegmentCapsule,
  intersectSegmentCircle,
  intersectSegmentPolygon,
  intersectSegmentPolyline,
  intersectSegmentSegment,
  intersectSegmentTriangle,
  type PairEvent,
  type Pose,
  polygon,
  type Shape,
  segment,
  sweep,
  test,
  triangle,
  type World,
} from "../../src/2d/index.ts";
import { defaultSeed } from "./config.ts";
import { assertProperty } from "./exact-setup.ts";
import { type Kind, shapePairOf } from "./shapes2d-gen.ts";

const DEEP = !!process.env.COLLIDE_DEEP;
/** Every check runs on each broadphase: results must not depend on the structure. */
const KINDS: readonly BroadphaseKind[] = ["tree", "sap", "grid"];
/** Cases of a property: `ci` in CI, `deep` with COLLIDE_DEEP; `ci` is also its chunk size, so a
 * CI run is one fc.assert (seed and cases unchanged) and a deep run yields between chunks. */
const runs = (ci: number, deep: number): number => (DEEP ? deep : ci);

interface Body {
  shape: Shape;
  pose: Pose | undefined;
  cat: number;
  mask: number;
  sensor: boolean;
}

const key = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** Brute force: every pair of live bodies passing the filter whose shapes share a point. */
function brutePairs(
  bodies: Map<number, Body>,
  prefilter: boolean,
): { touching: Set<string>; contacts: Set<string> } {
  const ids = [...bodies.keys()];
  const touching = new Set<string>();
  const contacts = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const a = bodies.get(ids[i]!)!;
      const b = bodies.get(ids[j]!)!;
      if ((a.cat & b.mask) === 0 || (b.cat & a.mask) === 0) continue;
      if (prefilter && apart(a, b)) continue;
      if (!test(a.shape, b.shape, a.pose, b.pose)) continue;
      touching.add(key(ids[i]!, ids[j]!));
      if (!a.sensor && !b.sensor) contacts.add(key(ids[i]!, ids[j]!));
    }
  }
  return { touching, contacts };
}

/** Steps the world and checks its events, touching set and contacts against brute force. */
function stepAndCheck(
  w: World,
  bodies: Map<number, Body>,
  touching: Set<string>,
  prefilter = false,
): void {
  w.step();
  const e: PairEvent = { a: 0, b: 0 };
  for (let i = 0; i < w.endCount; i++) {
    w.getEnd(i, e);
    expect(touching.delete(key(e.a, e.b)), `end ${key(e.a, e.b)} was touching`).toBe(true);
  }
  for (let i = 0; i < w.beginCount; i++) {
    w.getBegin(i, e);
    expect(e.a).toBeLessThan(e.b);
    expect(touching.has(key(e.a, e.b)), `begin ${key(e.a, e.b)} is new`).toBe(false);
    touching.add(key(e.a, e.b));
  }
  const brute = brutePairs(bodies, prefilter);
  expect([...touching].sort()).toEqual([...brute.touching].sort());
  const contacts: string[] = [];
  for (let i = 0; i < w.contactCount; i++) {
    const c = w.getContact(i);
    expect(c.a).toBeLessThan(c.b);
    expect(Number.isFinite(c.depth) && c.depth >= 0).toBe(true);
    expect(Math.abs(Math.hypot(c.normal.x, c.normal.y) - 1)).toBeLessThan(1e-9);
    contacts.push(key(c.a, c.b));
  }
  expect(contacts.sort()).toEqual([...brute.contacts].sort());
}

/**
 * A radius about the pose's origin holding the local shape, padded by 1e-6 relative (far more than
 * the rounding of any placement): bodies whose origins are farther apart than the sum cannot touch.
 * Written here, independent of the library's bounds, so the brute force stays brute.
 */
function reach(s: Shape): number {
  const n = (p: { x: number; y: number }) => Math.hypot(p.x, p.y);
  let r: number;
  switch (s.kind) {
    case "circle":
      r = n(s.center) + s.radius;
      break;
    case "capsule":
      r = Math.max(n(s.a), n(s.b)) + s.radius;
      break;
    case "aabb":
      r = Math.max(n(s.min), n(s.max), Math.hypot(s.min.x, s.max.y), Math.hypot(s.max.x, s.min.y));
      break;
    case "box":
      r = n(s.center) + n(s.halfExtents);
      break;
    case "triangle":
      r = Math.max(n(s.a), n(s.b), n(s.c));
      break;
    case "polygon":
      r = Math.max(...s.points.map(n));
      break;
    default:
      throw new Error(`no reach for ${s.kind}`);
  }
  return r * (1 + 1e-6) + 1e-300;
}

const reaches = new WeakMap<Shape, number>();
function reachOf(s: Shape): number {
  let r = reaches.get(s);
  if (r === undefined) {
    r = reach(s);
    reaches.set(s, r);
  }
  return r;
}

function apart(a: Body, b: Body): boolean {
  const pa = a.pose ?? { x: 0, y: 0 };
  const pb = b.pose ?? { x: 0, y: 0 };
  const dx = pa.x - pb.x;
  const dy = pa.y - pb.y;
  const r = reachOf(a.shape) + reachOf(b.shape);
  return dx * dx + dy * dy > r * r * (1 + 1e-9);
}

// ---- seeded scenes: thousands of moving shapes ----

const SOLIDS = ["circle", "capsule", "aabb", "box", "triangle", "polygon"] as const;

function randomShape(rnd: () => number, size: number): Shape {
  const s = size * (0.2 + rnd());
  switch (SOLIDS[Math.floor(rnd() * SOLIDS.length)]!) {
    case "circle":
      return circle(0, 0, s / 2);
    case "capsule":
      return capsule(-s / 2, 0, s / 2, 0, s / 4);
    case "aabb":
      return aabb(-s / 2, -s / 3, s / 2, s / 3);
    case "box":
      return box(0, 0, s / 2, s / 4, rnd() * 6);
    case "triangle":
      return triangle(-s / 2, -s / 3, s / 2, -s / 3, 0, s / 2);
    default:
      return polygon([
        { x: -s / 2, y: 0 },
        { x: -s / 4, y: -s / 2 },
        { x: s / 4, y: -s / 2 },
        { x: s / 2, y: 0 },
        { x: s / 4, y: s / 2 },
        { x: -s / 4, y: s / 2 },
      ]);
  }
}

type Layout = "uniform" | "clusters" | "one spot";

function runScene(
  layout: Layout,
  n: number,
  frames: number,
  seed: number,
  kind: BroadphaseKind,
): void {
  const rnd = prng(seed);
  const w = createWorld({ broadphase: kind });
  const bodies = new Map<number, Body>();
  const touching = new Set<string>();
  const side = Math.sqrt(n) * 2;
  const centers = Array.from({ length: 8 }, () => ({ x: rnd() * side, y: rnd() * side }));
  const place = (): Pose => {
    if (layout === "one spot") return { x: 1, y: 1, angle: 0 };
    if (layout === "clusters") {
      const c = centers[Math.floor(rnd() * centers.length)]!;
      return { x: c.x + (rnd() - 0.5) * 24, y: c.y + (rnd() - 0.5) * 24, angle: rnd() * 6 };
    }
    return { x: rnd() * side, y: rnd() * side, angle: rnd() * 6 };
  };
  for (let i = 0; i < n; i++) {
    const shape = randomShape(rnd, layout === "one spot" ? 1 : 2);
    const pose = place();
    const sensor = rnd() < 0.05;
    const cat = rnd() < 0.1 ? 2 : 1;
    const mask = rnd() < 0.1 ? 1 : 0xffffffff;
    const id = w.add(shape, { pose, sensor, category: cat, mask });
    bodies.set(id, { shape, pose, cat, mask, sensor });
  }
  for (let f = 0; f < frames; f++) {
    for (const [id, b] of bodies) {
      if (layout === "one spot" || rnd() < 0.5) continue;
      const p = b.pose!;
      const q = {
        x: p.x + (rnd() - 0.5) * 0.6,
        y: p.y + (rnd() - 0.5) * 0.6,
        angle: p.angle + rnd() * 0.1,
      };
      b.pose = q;
      w.move(id, q);
    }
    stepAndCheck(w, bodies, touching, true);
  }
}

describe("world step against brute force (seeded scenes)", () => {
  const seed = defaultSeed();
  console.log(`[scene] world scenes: seed ${seed}`);
  // Three kinds at the CI time of one: 1000 shapes over 2 frames each (2000 over 20 when deep).
  const n = DEEP ? 2000 : 1000;
  const frames = DEEP ? 20 : 2;
  describe.each(KINDS)("on the %s broadphase", (kind) => {
    it(`${n} shapes of every solid kind, uniform, moving`, () =>
      runScene("uniform", n, frames, seed, kind));
    it(`${n} shapes in 8 clusters, moving`, () => runScene("clusters", n, frames, seed + 1, kind));
    it("60 shapes on one spot", () => runScene("one spot", DEEP ? 100 : 60, 1, seed + 2, kind));
  });
});

// ---- fast-check: add/move/remove sequences on hard-case shapes ----

const BODY_KINDS: readonly Kind[] = [
  "point",
  "segment",
  "circle",
  "capsule",
  "aabb",
  "box",
  "triangle",
  "polygon",
  "polyline",
];

const pairArb = fc
  .tuple(fc.constantFrom(...BODY_KINDS), fc.constantFrom(...BODY_KINDS))
  .chain(([a, b]) => shapePairOf(a, b));

const poseArb: fc.Arbitrary<Pose | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.record({
      x: fc.integer({ min: -2, max: 2 }),
      y: fc.integer({ min: -2, max: 2 }),
      angle: fc.constant(0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      x: fc.double({ min: -3, max: 3, noNaN: true }),
      y: fc.double({ min: -3, max: 3, noNaN: true }),
      angle: fc.double({ min: -4, max: 4, noNaN: true }),
    }),
  },
);

type Op =
  | {
      op: "add";
      pair: number;
      which: number;
      pose: Pose | undefined;
      sensor: boolean;
      cat: number;
      mask: number;
    }
  | { op: "move"; slot: number; pose: Pose | undefined }
  | { op: "reshape"; slot: number; pair: number; which: number }
  | { op: "remove"; slot: number }
  | { op: "step" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("add" as const),
      pair: fc.nat(5),
      which: fc.nat(1),
      pose: poseArb,
      sensor: fc.boolean().map((b) => b && Math.random() < 2), // plain boolean
      cat: fc.constantFrom(1, 2, 3),
      mask: fc.constantFrom(0xffffffff, 1, 2),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant("move" as const), slot: fc.nat(20), pose: poseArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("reshape" as const),
      slot: fc.nat(20),
      pair: fc.nat(5),
      which: fc.nat(1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("remove" as const), slot: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.constant({ op: "step" as const }) },
);

describe("world under add/move/remove sequences (fast-check)", () => {
  it("touching pairs, events and contacts equal brute force after every step", async () => {
    await assertProperty(
      "world sequences",
      fc.tuple(
        fc.array(pairArb, { minLength: 6, maxLength: 6 }),
        fc.array(opArb, { maxLength: 40 }),
        fc.constantFrom(...KINDS),
      ),
      ([pairs, ops, kind]) => {
        const w = createWorld({ broadphase: kind });
        const bodies = new Map<number, Body>();
        const touching = new Set<string>();
        const live = (slot: number): number | undefined =>
          [...bodies.keys()][slot % Math.max(1, bodies.size)];
        for (const o of ops) {
          if (o.op === "add") {
            const shape = pairs[o.pair]![o.which]!;
            const id = w.add(shape, {
              ...(o.pose === undefined ? {} : { pose: o.pose }),
              sensor: o.sensor,
              category: o.cat,
              mask: o.mask,
            });
            expect(bodies.has(id)).toBe(false);
            bodies.set(id, { shape, pose: o.pose, cat: o.cat, mask: o.mask, sensor: o.sensor });
          } else if (o.op === "step") {
            stepAndCheck(w, bodies, touching);
          } else {
            const id = live(o.slot);
            if (id === undefined) continue;
            const b = bodies.get(id)!;
            if (o.op === "remove") {
              w.remove(id);
              bodies.delete(id);
            } else if (o.op === "move") {
              const p = o.pose ?? { x: 0, y: 0, angle: 0 };
              w.move(id, p);
              b.pose = o.pose;
            } else {
              b.shape = pairs[o.pair]![o.which]!;
              w.move(id, b.shape);
            }
          }
        }
        stepAndCheck(w, bodies, touching);
      },
      runs(300, 5000),
      300,
    );
  });
});

// ---- queries against brute force ----

/** t of the segment's first point on a world-space shape, straight from the narrowphase. */
function segmentT(seg: Shape & { kind: "segment" }, s: Shape): number | null {
  switch (s.kind) {
    case "point":
      return intersectPointSegment(s, seg)?.t ?? null;
    case "segment":
      return intersectSegmentSegment(seg, s)?.t1 ?? null;
    case "circle":
      return intersectSegmentCircle(seg, s)?.t ?? null;
    case "capsule":
      return intersectSegmentCapsule(seg, s)?.t ?? null;
    case "aabb":
      return intersectSegmentAabb(seg, s)?.t ?? null;
    case "box":
      return intersectSegmentBox(seg, s)?.t ?? null;
    case "triangle":
      return intersectSegmentTriangle(seg, s)?.t ?? null;
    case "polygon":
      return intersectSegmentPolygon(seg, s)?.t ?? null;
    case "polyline":
      return intersectSegmentPolyline(seg, s)?.t ?? null;
    default:
      return null;
  }
}

function sceneWorld(
  seed: number,
  n: number,
): { ws: World[]; bodies: Map<number, Body>; side: number } {
  const rnd = prng(seed);
  const ws = KINDS.map((kind) => createWorld({ broadphase: kind }));
  const bodies = new Map<number, Body>();
  const side = Math.sqrt(n) * 2;
  for (let i = 0; i < n; i++) {
    const shape = randomShape(rnd, 2);
    // Lattice positions half the time, so rays along grid lines graze edges and corners exactly.
    const lattice = rnd() < 0.5;
    const pose = {
      x: lattice ? Math.round(rnd() * side) : rnd() * side,
      y: lattice ? Math.round(rnd() * side) : rnd() * side,
      angle: lattice ? 0 : rnd() * 6,
    };
    let id = -1;
    for (const w of ws) id = w.add(shape, { pose });
    bodies.set(id, { shape, pose, cat: 1, mask: 0xffffffff, sensor: false });
  }
  return { ws, bodies, side };
}

describe("world queries against brute force", () => {
  it("raycast is the first hit, raycastAll sorted and complete, raycastAny exact", () => {
    const seed = defaultSeed();
    console.log(`[scene] world raycast: seed ${seed}`);
    const { ws, bodies, side } = sceneWorld(seed, 1000);
    const rnd = prng(seed + 7);
    const seg = segment(0, 0, 1, 1);
    for (let k = 0; k < (DEEP ? 2000 : 100); k++) {
      const lattice = rnd() < 0.5;
      const ox = lattice ? Math.round(rnd() * side) : rnd() * side;
      const oy = lattice ? Math.round(rnd() * side) : rnd() * side;
      const dx = lattice ? Math.round((rnd() - 0.5) * side) : (rnd() - 0.5) * side;
      const dy = lattice && rnd() < 0.5 ? 0 : (rnd() - 0.5) * side;
      seg.a.x = ox;
      seg.a.y = oy;
      seg.b.x = ox + dx;
      seg.b.y = oy + dy;
      let bestT = Number.POSITIVE_INFINITY;
      const hits: { id: number; t: number }[] = [];
      for (const [id, b] of bodies) {
        // Brute force on the posed shape: the narrowphase's own test, then its t.
        const hit = test(seg, b.shape, undefined, b.pose);
        if (!hit) continue;
        const placed = placedCopy(b);
        const t = segmentT(seg, placed)!;
        hits.push({ id, t });
        if (t < bestT) bestT = t;
      }
      // Ties go to the lower id on every broadphase (the world keeps the best by (t, id)).
      const first = hits.filter((x) => x.t === bestT).reduce((m, x) => Math.min(m, x.id), 1e9);
      for (const w of ws) {
        const h = w.raycast({ x: ox, y: oy }, { x: dx, y: dy });
        if (hits.length === 0) {
          expect(h).toBeNull();
          expect(w.raycastAny({ x: ox, y: oy }, { x: dx, y: dy })).toBe(-1);
        } else {
          expect(h!.t).toBe(bestT);
          expect(h!.id).toBe(first);
          const any = w.raycastAny({ x: ox, y: oy }, { x: dx, y: dy });
          expect(hits.some((x) => x.id === any)).toBe(true);
        }
        const all = w.raycastAll({ x: ox, y: oy }, { x: dx, y: dy });
        expect(all.map((x) => x.id).sort((a, b) => a - b)).toEqual(
          hits.map((x) => x.id).sort((a, b) => a - b),
        );
        for (let i = 1; i < all.length; i++)
          expect(all[i]!.t).toBeGreaterThanOrEqual(all[i - 1]!.t);
      }
    }
  });

  it("sweep is the first hit of the exact sweep over all bodies", () => {
    const seed = defaultSeed();
    console.log(`[scene] world sweep: seed ${seed}`);
    const { ws, bodies, side } = sceneWorld(seed + 3, 600);
    const rnd = prng(seed + 11);
    for (let k = 0; k < (DEEP ? 1000 : 100); k++) {
      const mover = moverShape(randomShape(rnd, 1));
      const pose = { x: rnd() * side, y: rnd() * side, angle: rnd() * 6 };
      const motion = { x: (rnd() - 0.5) * side * 0.5, y: (rnd() - 0.5) * side * 0.5 };
      let bestT = Number.POSITIVE_INFINITY;
      let bestId = -1;
      for (const [id, b] of bodies) {
        const h = sweep(mover, motion, b.shape, pose, b.pose);
        if (h === null) continue;
        // Bodies are visited in id order, so a tie keeps the lower id.
        if (h.t < bestT) {
          bestT = h.t;
          bestId = id;
        }
      }
      for (const w of ws) {
        const h = w.sweep(mover, motion, pose);
        if (bestId < 0) expect(h).toBeNull();
        else {
          expect(h?.t).toBe(bestT);
          expect(h?.id).toBe(bestId);
        }
      }
    }
  });
});

/** `sweep` moves circles, capsules, aabbs, boxes and polygons: a triangle goes as its polygon. */
function moverShape(s: Shape): Shape {
  return s.kind === "triangle" ? polygon([s.a, s.b, s.c]) : s;
}

/** A posed body's shape in world space, as a fresh object (the world's own placement is not used). */
function placedCopy(b: Body): Shape {
  const p = b.pose ?? { x: 0, y: 0, angle: 0 };
  const c = Math.cos(p.angle);
  const s = Math.sin(p.angle);
  const tp = (v: { x: number; y: number }) => ({
    x: c * v.x - s * v.y + p.x,
    y: s * v.x + c * v.y + p.y,
  });
  const sh = b.shape;
  switch (sh.kind) {
    case "circle":
      return { kind: "circle", center: tp(sh.center), radius: sh.radius };
    case "capsule":
      return { kind: "capsule", a: tp(sh.a), b: tp(sh.b), radius: sh.radius };
    case "aabb": {
      if (p.angle === 0) return { kind: "aabb", min: tp(sh.min), max: tp(sh.max) };
      const cx = sh.min.x / 2 + sh.max.x / 2;
      const cy = sh.min.y / 2 + sh.max.y / 2;
      return {
        kind: "box",
        center: tp({ x: cx, y: cy }),
        halfExtents: { x: sh.max.x / 2 - sh.min.x / 2, y: sh.max.y / 2 - sh.min.y / 2 },
        angle: p.angle,
      };
    }
    case "box":
      return {
        kind: "box",
        center: tp(sh.center),
        halfExtents: { ...sh.halfExtents },
        angle: sh.angle + p.angle,
      };
    case "triangle":
      return { kind: "triangle", a: tp(sh.a), b: tp(sh.b), c: tp(sh.c) };
    case "polygon":
      return { kind: "polygon", points: sh.points.map(tp) };
    default:
      throw new Error(`no placement for ${sh.kind}`);
  }
}

// ---- moveAndSlide ----

describe("moveAndSlide never tunnels and never catches", () => {
  it("a fast circle (up to 1e4 units per step) never passes a thin wall (segment, 0-width aabb or box)", async () => {
    await assertProperty(
      "world thin wall",
      fc.tuple(
        fc.constantFrom("segment", "aabb", "box"),
        fc.double({ min: -3, max: 4, noNaN: true }).map((e) => 10 ** e),
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.constantFrom(...KINDS),
      ),
      ([kind, speed, angle, radius, gap, bp]) => {
        const w = createWorld({ broadphase: bp });
        const wall: Shape =
          kind === "segment"
            ? segment(0, -1e6, 0, 1e6)
            : kind === "aabb"
              ? aabb(0, -1e6, 0, 1e6)
              : box(0, 0, 1e6, 0, Math.PI / 2);
        w.add(wall);
        const mover = circle(0, 0, radius);
        let x = -radius - gap - 1e-3;
        let y = 0;
        for (let step = 0; step < 4; step++) {
          const m = { x: speed * Math.cos(angle), y: speed * Math.sin(angle) };
          const r = w.moveAndSlide(mover, m, { pose: { x, y, angle: 0 } });
          x = r.position.x;
          y = r.position.y;
          // Never through: the center stays left, and the circle reaches past the wall's line by
          // no more than the rounding of the final free move (it then starts touching, and the
          // next sweep blocks it at t = 0).
          expect(x, `center through the wall at step ${step}`).toBeLessThan(0);
          expect(x + radius, `overlap at step ${step}`).toBeLessThanOrEqual(
            2 ** -50 * (speed + radius + 1),
          );
        }
      },
      runs(200, 5000),
      200,
    );
  });

  it("a capsule walking over 1000 tile boxes never catches on a seam", () => {
    const seed = defaultSeed();
    console.log(`[scene] world tiles: seed ${seed}`);
    const rnd = prng(seed);
    // Each tile kind on a different broadphase, so all three see the walk at the CI time of one.
    for (const [kind, bp] of [
      ["aabb", KINDS[0]!],
      ["box", KINDS[1]!],
      ["polygon", KINDS[2]!],
    ] as const) {
      const w = createWorld({ broadphase: bp });
      for (let i = 0; i < 1000; i++) {
        const tile: Shape =
          kind === "aabb"
            ? aabb(i, -1, i + 1, 0)
            : kind === "box"
              ? box(i + 0.5, -0.5, 0.5, 0.5)
              : polygon([
                  { x: i, y: -1 },
                  { x: i + 1, y: -1 },
                  { x: i + 1, y: 0 },
                  { x: i, y: 0 },
                ]);
        w.add(tile);
      }
      const cap = capsule(0, 0.3, 0, 1.2, 0.3); // feet at the pose's y
      const skin = 1e-3;
      let x = 0.5;
      let y = 0.5;
      let steps = 0;
      while (x < 990 && steps < 20000) {
        const vx = 0.01 + rnd() * 0.6;
        const r = w.moveAndSlide(cap, { x: vx, y: -0.4 }, { pose: { x, y, angle: 0 }, skin });
        // Horizontal progress is the requested motion; once landed the feet rest a skin above.
        expect(Math.abs(r.position.x - x - vx), `progress at x = ${x}`).toBeLessThanOrEqual(skin);
        if (steps > 2) {
          expect(r.ground).toBe(true);
          expect(r.position.y).toBeGreaterThan(0);
          expect(r.position.y).toBeLessThanOrEqual(2 * skin);
        }
        x = r.position.x;
        y = r.position.y;
        steps++;
      }
      expect(x).toBeGreaterThanOrEqual(990);
    }
  });
});
