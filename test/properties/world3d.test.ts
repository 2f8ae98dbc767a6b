/**
 * The 3D world against brute force over the exact narrowphase: after every step the touching pairs
 * (tracked through begin/end events) and the contact pairs equal the exact `test` on all pairs;
 * raycastAll's bodies are exactly those the segment touches (exact `test`), with the named
 * intersect's t; raycast is the (t, id)-first of them; raycastAny is -1 exactly when none; a
 * world sweep is the (t, id)-first of the dispatch `sweep` over all bodies.
 * Seeded scenes (uniform, 8 clusters, all on one spot) on each broadphase, plus fast-check
 * sequences of add/move/remove/step on hard-case shapes: lattice coordinates (faces, edges and
 * corners touch exactly), zero radii, flat boxes, collinear triangles, one coordinate nudged a
 * few ulps, scaled by 1, 1e-100 or 1e100 and offset by 0 or 1e9.
 * CI (fixed seed): 2 frames of 400 bodies per scene and kind, 400 sequences of up to 30 operations,
 * 60 ray scenes; about 12 s of test time on the 2-core machine. COLLIDE_DEEP=1 runs more.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prng } from "../../bench/prng.ts";
import {
  aabb,
  type BroadphaseKind,
  box,
  capsule,
  createWorld,
  intersectSegmentAabb,
  intersectSegmentBox,
  intersectSegmentCapsule,
  intersectSegmentSphere,
  intersectSegmentTriangle,
  type PairEvent,
  pointShape,
  type Shape,
  segment,
  sphere,
  sweep,
  test,
  triangle,
  type Vec,
  vec,
  type World,
} from "../../src/3d/index.ts";
import { defaultSeed } from "./config.ts";
import { assertProperty } from "./exact-setup.ts";

const DEEP = !!process.env.COLLIDE_DEEP;
const KINDS: readonly BroadphaseKind[] = ["tree", "sap", "grid"];
/** Cases of a property: `ci` in CI, `deep` with COLLIDE_DEEP; `ci` is also its chunk size, so a
 * CI run is one fc.assert (seed and cases unchanged) and a deep run yields between chunks. */
const runs = (ci: number, deep: number): number => (DEEP ? deep : ci);

interface Body {
  shape: Shape;
  cat: number;
  mask: number;
  sensor: boolean;
}

const key = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

/**
 * A ball (center, radius) holding the shape, padded by 1e-6 relative: bodies whose balls are apart
 * cannot touch. Written here from the shapes' definitions, so the brute force stays independent
 * of the library's bounds and broadphase.
 */
function ballOf(s: Shape): [Vec, number] {
  const pts: Vec[] = [];
  let r = 0;
  switch (s.kind) {
    case "point":
      pts.push(s);
      break;
    case "sphere":
      pts.push(s.center);
      r = s.radius;
      break;
    case "capsule":
      pts.push(s.a, s.b);
      r = s.radius;
      break;
    case "aabb":
      pts.push(s.min, s.max);
      break;
    case "box": {
      const h = s.halfExtents;
      pts.push(s.center);
      r = Math.hypot(h.x, h.y, h.z);
      break;
    }
    case "triangle":
      pts.push(s.a, s.b, s.c);
      break;
    default:
      throw new Error(`no ball for ${s.kind}`);
  }
  const c = {
    x: pts.reduce((t, p) => t + p.x / pts.length, 0),
    y: pts.reduce((t, p) => t + p.y / pts.length, 0),
    z: pts.reduce((t, p) => t + p.z / pts.length, 0),
  };
  const far = Math.max(...pts.map((p) => Math.hypot(p.x - c.x, p.y - c.y, p.z - c.z)));
  return [c, (far + r) * (1 + 1e-6) + 1e-300];
}

function apart(a: Shape, b: Shape): boolean {
  const [ca, ra] = ballOf(a);
  const [cb, rb] = ballOf(b);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y, ca.z - cb.z) > (ra + rb) * (1 + 1e-9);
}

/** Brute force: every pair of live bodies passing the filter whose shapes share a point (exact). */
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
      if (prefilter && apart(a.shape, b.shape)) continue;
      const t = test(a.shape, b.shape);
      expect(t, `${a.shape.kind}-${b.shape.kind} has a test`).not.toBeNull();
      if (!t) continue;
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
    if (c.count > 0) {
      expect(Number.isFinite(c.depth) && c.depth >= 0).toBe(true);
      expect(Math.abs(Math.hypot(c.normal.x, c.normal.y, c.normal.z) - 1)).toBeLessThan(1e-9);
    }
    contacts.push(key(c.a, c.b));
  }
  expect(contacts.sort()).toEqual([...brute.contacts].sort());
}

// ---- seeded scenes ----

const SOLIDS = ["point", "sphere", "capsule", "aabb", "box", "triangle"] as const;

/** A shape of about `size` across around (x, y, z). */
function shapeAt(rnd: () => number, x: number, y: number, z: number, size: number): Shape {
  const s = size * (0.2 + rnd());
  switch (SOLIDS[Math.floor(rnd() * SOLIDS.length)]!) {
    case "point":
      return pointShape(x, y, z);
    case "sphere":
      return sphere(x, y, z, s / 2);
    case "capsule":
      return capsule(vec(x - s / 2, y, z), vec(x + s / 2, y, z), s / 4);
    case "aabb":
      return aabb(vec(x - s / 2, y - s / 3, z - s / 4), vec(x + s / 2, y + s / 3, z + s / 4));
    case "box":
      return box(vec(x, y, z), vec(s / 2, s / 4, s / 3), { x: rnd(), y: rnd(), z: rnd(), w: 1 });
    default:
      return triangle(vec(x - s / 2, y, z), vec(x + s / 2, y - s / 3, z), vec(x, y, z + s / 2));
  }
}

type Layout = "uniform" | "clusters" | "one spot";

function runScene(layout: Layout, n: number, frames: number, seed: number, kind: BroadphaseKind) {
  const rnd = prng(seed);
  const w = createWorld({ broadphase: kind });
  const bodies = new Map<number, Body>();
  const touching = new Set<string>();
  const side = Math.cbrt(n) * 2;
  const centers = Array.from({ length: 8 }, () => [rnd() * side, rnd() * side, rnd() * side]);
  const place = (): [number, number, number] => {
    if (layout === "one spot") return [1, 1, 1];
    if (layout === "clusters") {
      const c = centers[Math.floor(rnd() * centers.length)]!;
      return [c[0]! + (rnd() - 0.5) * 4, c[1]! + (rnd() - 0.5) * 4, c[2]! + (rnd() - 0.5) * 4];
    }
    return [rnd() * side, rnd() * side, rnd() * side];
  };
  const sizeOf = layout === "one spot" ? 1 : 1.5;
  for (let i = 0; i < n; i++) {
    const [x, y, z] = place();
    const shape = shapeAt(rnd, x, y, z, sizeOf);
    const sensor = rnd() < 0.05;
    const cat = rnd() < 0.1 ? 2 : 1;
    const mask = rnd() < 0.1 ? 1 : 0xffffffff;
    const id = w.add(shape, { sensor, category: cat, mask });
    bodies.set(id, { shape, cat, mask, sensor });
  }
  for (let f = 0; f < frames; f++) {
    for (const [id, b] of bodies) {
      if (layout === "one spot" || rnd() < 0.5) continue;
      const [c] = ballOf(b.shape);
      const s = shapeAt(
        rnd,
        c.x + (rnd() - 0.5) * 0.6,
        c.y + (rnd() - 0.5) * 0.6,
        c.z + (rnd() - 0.5) * 0.6,
        sizeOf,
      );
      b.shape = s;
      w.move(id, s);
    }
    stepAndCheck(w, bodies, touching, true);
  }
}

describe("3D world step against brute force (seeded scenes)", () => {
  const seed = defaultSeed();
  console.log(`[scene] 3D world scenes: seed ${seed}`);
  const n = DEEP ? 2000 : 400;
  const frames = DEEP ? 10 : 2;
  describe.each(KINDS)("on the %s broadphase", (kind) => {
    it(`${n} shapes of every kind, uniform, moving`, () =>
      runScene("uniform", n, frames, seed, kind));
    it(`${n} shapes in 8 clusters, moving`, () => runScene("clusters", n, frames, seed + 1, kind));
    it("50 shapes on one spot", () => runScene("one spot", DEEP ? 100 : 50, 1, seed + 2, kind));
  });
});

// ---- fast-check: add/move/remove sequences on hard-case shapes ----

const lat = fc.integer({ min: -2, max: 2 });
const half = fc.integer({ min: 0, max: 2 }).map((k) => k / 2);

/** A lattice shape in unit coordinates (scaled and offset later). */
const unitShapeArb: fc.Arbitrary<Shape> = fc.oneof(
  fc.tuple(lat, lat, lat).map(([x, y, z]) => pointShape(x, y, z)),
  fc.tuple(lat, lat, lat, half).map(([x, y, z, r]) => sphere(x, y, z, r)),
  fc
    .tuple(lat, lat, lat, lat, lat, lat, half)
    .map(([a, b, c, d, e, f, r]) => capsule(vec(a, b, c), vec(d, e, f), r)),
  fc
    .tuple(lat, lat, lat, half, half, half)
    .map(([x, y, z, a, b, c]) => aabb(vec(x, y, z), vec(x + a, y + b, z + c))),
  fc
    .tuple(lat, lat, lat, half, half, half, fc.boolean())
    .map(([x, y, z, a, b, c, turn]) =>
      box(
        vec(x, y, z),
        vec(a, b, c),
        turn ? { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 } : { x: 0, y: 0, z: 0, w: 1 },
      ),
    ),
  fc
    .tuple(lat, lat, lat, lat, lat, lat, lat, lat, lat)
    .map(([a, b, c, d, e, f, g, h, i]) => triangle(vec(a, b, c), vec(d, e, f), vec(g, h, i))),
);

function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const b = new Float64Array([x]);
  const i = new BigInt64Array(b.buffer);
  i[0] = i[0]! + (x > 0 ? 1n : -1n);
  return b[0]!;
}

/** `s` scaled by `k`, offset by `o` on every axis, its first coordinate moved up `ulps` ulps. */
function place(s: Shape, k: number, o: number, ulps: number): Shape {
  let first = true;
  const f = (x: number): number => {
    let y = x * k + o;
    if (first) for (let i = 0; i < ulps; i++) y = nextUp(y);
    first = false;
    return y;
  };
  const p = (q: Vec): Vec => vec(f(q.x), f(q.y), f(q.z));
  switch (s.kind) {
    case "point": {
      const q = p(s);
      return pointShape(q.x, q.y, q.z);
    }
    case "sphere": {
      const c = p(s.center);
      return sphere(c.x, c.y, c.z, s.radius * k);
    }
    case "capsule":
      return capsule(p(s.a), p(s.b), s.radius * k);
    case "aabb":
      // The nudge goes up on max.x, so min <= max still holds.
      return aabb(vec(s.min.x * k + o, s.min.y * k + o, s.min.z * k + o), p(s.max));
    case "box": {
      const h = s.halfExtents;
      return box(p(s.center), vec(h.x * k, h.y * k, h.z * k), s.rotation);
    }
    case "triangle":
      return triangle(p(s.a), p(s.b), p(s.c));
    default:
      return s;
  }
}

type Op =
  | { op: "add"; shape: number; sensor: boolean; cat: number; mask: number }
  | { op: "move"; slot: number; shape: number }
  | { op: "remove"; slot: number }
  | { op: "step" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("add" as const),
      shape: fc.nat(7),
      sensor: fc.boolean(),
      cat: fc.constantFrom(1, 2, 3),
      mask: fc.constantFrom(0xffffffff, 1, 2),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant("move" as const), slot: fc.nat(20), shape: fc.nat(7) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("remove" as const), slot: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.constant({ op: "step" as const }) },
);

describe("3D world under add/move/remove sequences (fast-check)", () => {
  it("touching pairs, events and contacts equal brute force after every step", async () => {
    await assertProperty(
      "3D world sequences",
      fc.tuple(
        fc.array(unitShapeArb, { minLength: 8, maxLength: 8 }),
        fc.constantFrom(1, 1e-100, 1e100),
        fc.constantFrom(0, 1e9),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
        fc.array(opArb, { maxLength: 30 }),
        fc.constantFrom(...KINDS),
      ),
      ([units, k, o, ulps, ops, kind]) => {
        const shapes = units.map((s, i) => place(s, k, o, ulps[i]!));
        const w = createWorld({ broadphase: kind });
        const bodies = new Map<number, Body>();
        const touching = new Set<string>();
        const live = (slot: number): number | undefined =>
          [...bodies.keys()][slot % Math.max(1, bodies.size)];
        for (const o of ops) {
          if (o.op === "add") {
            const shape = shapes[o.shape]!;
            const id = w.add(shape, { sensor: o.sensor, category: o.cat, mask: o.mask });
            expect(bodies.has(id)).toBe(false);
            bodies.set(id, { shape, cat: o.cat, mask: o.mask, sensor: o.sensor });
          } else if (o.op === "step") {
            stepAndCheck(w, bodies, touching);
          } else {
            const id = live(o.slot);
            if (id === undefined) continue;
            if (o.op === "remove") {
              w.remove(id);
              bodies.delete(id);
            } else {
              bodies.get(id)!.shape = shapes[o.shape]!;
              w.move(id, shapes[o.shape]!);
            }
          }
        }
        stepAndCheck(w, bodies, touching);
      },
      runs(400, 5000),
      400,
    );
  });
});

// ---- ray queries against brute force ----

/** t of the segment's first point on a shape from the named intersect, or null (points: none). */
function segmentT(seg: Shape & { kind: "segment" }, s: Shape): number | null {
  switch (s.kind) {
    case "sphere":
      return intersectSegmentSphere(seg, s)?.t ?? null;
    case "capsule":
      return intersectSegmentCapsule(seg, s)?.t ?? null;
    case "aabb":
      return intersectSegmentAabb(seg, s)?.t ?? null;
    case "box":
      return intersectSegmentBox(seg, s)?.t ?? null;
    case "triangle":
      return intersectSegmentTriangle(seg, s)?.t ?? null;
    default:
      return null;
  }
}

describe("3D world ray queries against brute force", () => {
  it("raycastAll is exactly the touched bodies; raycast the first; raycastAny -1 iff none", async () => {
    await assertProperty(
      "3D world rays",
      fc.tuple(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(...KINDS),
        fc.array(fc.tuple(lat, lat, lat, lat, lat, lat), { minLength: 5, maxLength: 5 }),
      ),
      ([sceneSeed, kind, rays]) => {
        const rnd = prng(sceneSeed);
        const w = createWorld({ broadphase: kind });
        const shapes = new Map<number, Shape>();
        for (let i = 0; i < 40; i++) {
          const s = shapeAt(rnd, Math.round(rnd() * 8 - 4), Math.round(rnd() * 8 - 4), 0, 2);
          shapes.set(w.add(s), s);
        }
        for (const [ax, ay, az, bx, by, bz] of rays) {
          const o = vec(ax * 2, ay * 2, az);
          const d = vec((bx - ax) * 2, (by - ay) * 2, bz - az);
          const seg = segment(o, vec(o.x + d.x, o.y + d.y, o.z + d.z));
          const want = [...shapes].filter(([, s]) => test(seg, s) === true).map(([id]) => id);
          const all = w.raycastAll(o, d);
          expect(all.map((h) => h.id).sort((p, q) => p - q)).toEqual(want.sort((p, q) => p - q));
          for (let i = 1; i < all.length; i++) {
            const p = all[i - 1]!;
            const q = all[i]!;
            expect(p.t < q.t || (p.t === q.t && p.id < q.id)).toBe(true);
          }
          for (const h of all) {
            const t = segmentT(seg, shapes.get(h.id)!);
            if (t !== null) expect(h.t).toBe(t);
            expect(h.t >= 0 && h.t <= 1).toBe(true);
          }
          const first = w.raycast(o, d);
          if (all.length === 0) expect(first).toBeNull();
          else expect([first!.id, first!.t]).toEqual([all[0]!.id, all[0]!.t]);
          expect(w.raycastAny(o, d) === -1).toBe(all.length === 0);
          // A ball swept along the same motion: the (t, id)-first of the exact sweeps.
          const ball = sphere(o.x, o.y, o.z, 0.25);
          let best: [number, number] | null = null;
          for (const [id, s] of shapes) {
            const h = sweep(ball, d, s);
            if (h !== null && (best === null || h.t < best[1] || (h.t === best[1] && id < best[0])))
              best = [id, h.t];
          }
          const got = w.sweep(ball, d);
          expect(got === null ? null : [got.id, got.t]).toEqual(best);
        }
      },
      runs(60, 1000),
      60,
    );
  });
});

// ---- moveAndSlide over a tiled floor ----

describe("moveAndSlide never catches on the seams of a tiled floor", () => {
  /*
   * A character controller's classic failure: a capsule sliding over a floor made of many tiles
   * meets the edge or corner shared by two tiles and is stopped or thrown off by a tilted normal.
   * A 32 x 32 floor (1024 tiles of aabbs, of boxes, or of two triangles each, one kind per
   * broadphase) has its top at y = 0. A capsule (radius 0.3, feet at its pose's y) walks with a
   * downward pull: along a seam line (z an integer), along the diagonal (through tile corners),
   * then on random headings. Each step must make the whole horizontal motion (up to the skin) and,
   * once landed, rest on the ground within two skins above y = 0.
   */
  it("a capsule walking over 1024 tiles (aabbs, boxes, triangle pairs) keeps its progress and footing", () => {
    const seed = defaultSeed();
    console.log(`[scene] world3d tiles: seed ${seed}`);
    const rnd = prng(seed);
    const N = 32;
    const skin = 1e-3;
    for (const [kind, bp] of [
      ["aabb", KINDS[0]!],
      ["box", KINDS[1]!],
      ["triangles", KINDS[2]!],
    ] as const) {
      const w = createWorld({ broadphase: bp });
      for (let i = 0; i < N; i++) {
        for (let k = 0; k < N; k++) {
          if (kind === "aabb") w.add(aabb(vec(i, -1, k), vec(i + 1, 0, k + 1)));
          else if (kind === "box") w.add(box(vec(i + 0.5, -0.5, k + 0.5), vec(0.5, 0.5, 0.5)));
          else {
            w.add(triangle(vec(i, 0, k), vec(i + 1, 0, k + 1), vec(i + 1, 0, k)));
            w.add(triangle(vec(i, 0, k), vec(i, 0, k + 1), vec(i + 1, 0, k + 1)));
          }
        }
      }
      // Three walks of 400 steps: along the seam z = 16, along the diagonal x = z, and turning.
      for (const walk of ["seam", "diagonal", "random"] as const) {
        let x = walk === "seam" ? 1 : walk === "diagonal" ? 1 : 16;
        let y = 0.5;
        let z = walk === "seam" ? 16 : walk === "diagonal" ? 1 : 16;
        let heading = rnd() * 2 * Math.PI;
        for (let step = 0; step < 400; step++) {
          const speed = 0.01 + rnd() * 0.06;
          let vx: number;
          let vz: number;
          if (walk === "seam") {
            vx = speed;
            vz = 0;
          } else if (walk === "diagonal") {
            vx = speed / Math.SQRT2;
            vz = vx;
          } else {
            heading += (rnd() - 0.5) * 0.8;
            // Turn back toward the middle near the floor's edge.
            if (Math.abs(x - N / 2) > N / 2 - 4 || Math.abs(z - N / 2) > N / 2 - 4)
              heading = Math.atan2(N / 2 - z, N / 2 - x);
            vx = speed * Math.cos(heading);
            vz = speed * Math.sin(heading);
          }
          const cap = capsule(vec(x, y + 0.3, z), vec(x, y + 1.2, z), 0.3);
          const r = w.moveAndSlide(cap, vec(vx, -0.4, vz), { skin });
          expect(
            Math.abs(r.moved.x - vx),
            `${kind} ${walk} progress x at step ${step}`,
          ).toBeLessThanOrEqual(skin);
          expect(
            Math.abs(r.moved.z - vz),
            `${kind} ${walk} progress z at step ${step}`,
          ).toBeLessThanOrEqual(skin);
          x += r.moved.x;
          y += r.moved.y;
          z += r.moved.z;
          if (step > 2) {
            expect(r.ground, `${kind} ${walk} ground at step ${step}`).toBe(true);
            expect(y, `${kind} ${walk} height at step ${step}`).toBeGreaterThan(0);
            expect(y).toBeLessThanOrEqual(2 * skin);
          }
        }
      }
    }
  });
});
