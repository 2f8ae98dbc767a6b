import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  circle,
  closestPoints,
  createWorld as createWorldOf,
  type PairEvent,
  point as pointShape,
  polygon,
  polyline,
  segment,
  test as testShapes,
  type WorldOptions,
} from "../../src/2d/index.ts";

const KINDS = ["tree", "sap", "grid"] as const;

const closestPointsOf = () =>
  closestPoints(
    circle(0, 0.5, 0.5),
    polygon([
      { x: -5, y: -1 },
      { x: 5, y: -1 },
      { x: 5, y: 0 },
      { x: -5, y: 0 },
    ]),
  );

const events = (w: ReturnType<typeof createWorldOf>, kind: "begin" | "end"): string[] => {
  const out: string[] = [];
  const e: PairEvent = { a: 0, b: 0 };
  const n = kind === "begin" ? w.beginCount : w.endCount;
  for (let i = 0; i < n; i++) {
    if (kind === "begin") w.getBegin(i, e);
    else w.getEnd(i, e);
    out.push(`${e.a}-${e.b}`);
  }
  return out.sort();
};

// Every case runs on each broadphase: the results must not depend on the structure.
describe.each(KINDS)("on the %s broadphase", (kind) => {
  const createWorld = (o: WorldOptions = {}) => createWorldOf({ broadphase: kind, ...o });
  describe("World.step", () => {
    it("reports the exact contact of two overlapping circles, normal from a to b", () => {
      const w = createWorld();
      const a = w.add(circle(0, 0, 1));
      const b = w.add(circle(0, 0, 1), { pose: { x: 1.5, y: 0, angle: 0 } });
      w.step();
      expect(w.contactCount).toBe(1);
      const c = w.getContact(0);
      expect([c.a, c.b]).toEqual([a, b]);
      // Centers 1.5 apart, radii 1 + 1: depth 2 - 1.5 = 0.5, normal +x from a to b.
      expect(c.depth).toBeCloseTo(0.5, 14);
      expect(c.normal.x).toBeCloseTo(1, 14);
      expect(c.normal.y).toBeCloseTo(0, 14);
      expect(c.count).toBe(1);
      expect(c.points[0].point.x).toBeCloseTo(0.75, 14); // midway between surfaces at x=1 and x=0.5
    });

    it("counts touching as contact (depth 0) and reports nothing for a gap of one ulp", () => {
      const w = createWorld();
      w.add(circle(0, 0, 1));
      const b = w.add(circle(2, 0, 1)); // distance 2 = r + r exactly
      w.step();
      expect(w.contactCount).toBe(1);
      expect(w.getContact(0).depth).toBe(0);
      w.move(b, circle(2 + 2 ** -51, 0, 1)); // the next double above 2
      w.step();
      expect(w.contactCount).toBe(0);
      expect(events(w, "end")).toEqual(["0-1"]);
    });

    it("reports begin once, keeps the contact while touching, then reports end", () => {
      const w = createWorld();
      const a = w.add(aabb(0, 0, 1, 1));
      const b = w.add(aabb(0, 0, 1, 1), { pose: { x: 0.5, y: 0, angle: 0 } });
      w.step();
      expect(events(w, "begin")).toEqual([`${a}-${b}`]);
      expect(w.endCount).toBe(0);
      w.step();
      expect(w.beginCount).toBe(0);
      expect(w.endCount).toBe(0);
      expect(w.contactCount).toBe(1);
      w.move(b, { x: 3, y: 0, angle: 0 });
      w.step();
      expect(w.contactCount).toBe(0);
      expect(events(w, "end")).toEqual([`${a}-${b}`]);
    });

    it("reuses the same contact objects every step", () => {
      const w = createWorld();
      w.add(circle(0, 0, 1));
      w.add(circle(1, 0, 1));
      w.step();
      const first = w.getContact(0);
      w.step();
      expect(w.getContact(0)).toBe(first);
    });

    it("filters pairs Box2D-style: (catA & maskB) && (catB & maskA)", () => {
      const w = createWorld();
      const a = w.add(circle(0, 0, 1), { category: 0b01, mask: 0b10 });
      const b = w.add(circle(1, 0, 1), { category: 0b01, mask: 0b11 });
      w.step();
      expect(w.contactCount).toBe(0); // catB & maskA = 01 & 10 = 0
      w.setFilter(a, 0b01, 0b11);
      w.step();
      expect(w.contactCount).toBe(1);
      w.setFilter(b, 0b100, 0b11); // catB & maskA = 100 & 11 = 0
      w.step();
      expect(w.contactCount).toBe(0);
      expect(events(w, "end")).toEqual([`${a}-${b}`]);
    });

    it("sensors report begin and end events but no contact manifold", () => {
      const w = createWorld();
      const s = w.add(circle(0, 0, 2), { sensor: true });
      const b = w.add(circle(3, 0, 1));
      w.step();
      expect(w.contactCount).toBe(0);
      expect(events(w, "begin")).toEqual([`${s}-${b}`]);
      w.move(b, { x: 10, y: 0, angle: 0 });
      w.step();
      expect(events(w, "end")).toEqual([`${s}-${b}`]);
      expect(w.isSensor(s)).toBe(true);
      // Queries skip sensors unless asked.
      expect(w.queryPoint({ x: 0, y: 0 })).toEqual([]);
      expect(w.queryPoint({ x: 0, y: 0 }, { sensors: true })).toEqual([s]);
    });

    it("segments, points and polylines touch solids (as radius-0 capsules and circles)", () => {
      const w = createWorld();
      w.add(segment(-1, 1, 1, 1));
      w.add(pointShape(0, 0.5));
      w.add(circle(0, 0, 1)); // reaches y = 1: touches the segment, holds the point
      w.step();
      const pairs: string[] = [];
      for (let i = 0; i < w.contactCount; i++)
        pairs.push(`${w.getContact(i).a}-${w.getContact(i).b}`);
      expect(pairs.sort()).toEqual(["0-2", "1-2"]);
      // A polyline: its deepest edge. The V through (-2, 0.5), (0, -0.5), (2, 0.5) dips 0.5 into the
      // unit circle at (0, -0.5); its edges pass the center at distance 0.5 / sqrt(1.25) = 0.447, so
      // the deepest edge contact has depth 1 - 0.447 = 0.553.
      const v = createWorld();
      v.add(circle(0, 0, 1));
      v.add(
        polyline([
          { x: -2, y: 0.5 },
          { x: 0, y: -0.5 },
          { x: 2, y: 0.5 },
        ]),
      );
      v.step();
      expect(v.contactCount).toBe(1);
      expect(v.getContact(0).depth).toBeCloseTo(1 - 0.5 / Math.sqrt(1.25), 12);
    });
  });

  describe("World ids", () => {
    it("reuses a removed slot", () => {
      const w = createWorld();
      const a = w.add(circle(0, 0, 1));
      w.remove(a);
      expect(w.has(a)).toBe(false);
      expect(w.add(circle(5, 5, 1))).toBe(a);
      expect(w.capacity).toBe(1);
    });

    it("keeps a touching body's id until the next step names it in an end event", () => {
      const w = createWorld();
      const a = w.add(circle(0, 0, 1));
      const b = w.add(circle(1, 0, 1));
      w.step();
      w.remove(b);
      const c = w.add(circle(1, 0, 1));
      expect(c).not.toBe(b);
      w.step();
      expect(events(w, "end")).toEqual([`${a}-${b}`]);
      expect(events(w, "begin")).toEqual([`${a}-${c}`]);
      expect(w.add(circle(9, 9, 1))).toBe(b);
    });

    it("does not grow over 1e6 add/remove cycles", () => {
      const w = createWorld();
      w.add(aabb(0, 0, 1, 1));
      const shape = circle(0, 0, 1);
      for (let i = 0; i < 1e6; i++) {
        const id = w.add(shape, { pose: { x: i % 100, y: 0, angle: 0 } });
        w.remove(id);
        if (i % 1000 === 0) w.step();
      }
      expect(w.capacity).toBe(2);
      expect(w.bodyCount).toBe(1);
    });

    it("rejects lines, rays, non-finite poses and bad bits with a RangeError naming the field", () => {
      const w = createWorld();
      expect(() => w.add({ kind: "line", point: { x: 0, y: 0 }, dir: { x: 1, y: 0 } })).toThrow(
        /shape.kind/,
      );
      expect(() => w.add(circle(0, 0, 1), { pose: { x: Number.NaN, y: 0, angle: 0 } })).toThrow(
        /options.pose.x/,
      );
      expect(() => w.add(circle(0, 0, 1), { category: 0.5 })).toThrow(/options.category/);
      expect(() => w.getShape(3)).toThrow(RangeError);
      expect(() => createWorldOf({ broadphase: "bvh" as "tree" })).toThrow(/broadphase/);
    });
  });

  describe("World queries", () => {
    const scene = () => {
      const w = createWorld();
      const c = w.add(circle(0, 0, 1));
      const b = w.add(aabb(4, -1, 6, 1));
      const s = w.add(segment(8, -1, 8, 1), { category: 2 });
      return { w, c, b, s };
    };

    it("raycast finds the closest hit, raycastAll every hit sorted, raycastAny some hit", () => {
      const { w, c, b, s } = scene();
      // From (-10, 0) by (20, 0): circle surface at x = -1 -> t = 9/20; box face x = 4 -> 14/20;
      // segment x = 8 -> 18/20.
      const h = w.raycast(
        { x: -10, y: 0 },
        { x: 20, y: 0 },
        { mask: 0xffffffff, category: 0xffffffff },
      );
      expect(h?.id).toBe(c);
      expect(h?.t).toBeCloseTo(0.45, 15);
      expect(h?.point.x).toBeCloseTo(-1, 14);
      expect(h?.normal.x).toBeCloseTo(-1, 14);
      const all = w.raycastAll({ x: -10, y: 0 }, { x: 20, y: 0 }, { category: 0xffffffff });
      expect(all.map((x) => x.id)).toEqual([c, b, s]);
      expect(all.map((x) => x.t)).toEqual(
        [0.45, 0.7, 0.9].map((t, i) => expect.closeTo(t, 14 + i * 0)),
      );
      // Default query category 1: the segment (category 2, mask all) is still seen (1 & all, 2 & all).
      expect(w.raycastAll({ x: -10, y: 0 }, { x: 20, y: 0 }, { mask: 1 }).map((x) => x.id)).toEqual(
        [c, b],
      );
      expect(
        w.raycast({ x: -10, y: 0 }, { x: 20, y: 0 }, { predicate: (id) => id !== c })?.id,
      ).toBe(b);
      expect(w.raycastAny({ x: -10, y: 5 }, { x: 20, y: 0 })).toBe(-1);
      expect([c, b, s]).toContain(w.raycastAny({ x: -10, y: 0 }, { x: 20, y: 0 }));
      // A translation that stops one ulp short of the circle misses it (the boolean is exact).
      // 9 - 2^-49 is the double below 9; -10 + it = -1 - 2^-49 exactly.
      expect(w.raycast({ x: -10, y: 0 }, { x: 9 - 2 ** -49, y: 0 })).toBeNull();
      expect(w.raycast({ x: -10, y: 0 }, { x: 9, y: 0 })?.t).toBe(1);
    });

    it("queryPoint, queryAabb and queryShape are exact overlap tests", () => {
      const { w, c, b, s } = scene();
      expect(w.queryPoint({ x: 1, y: 0 })).toEqual([c]); // on the circle
      // The doubles 0.8 and 0.6 are 0.8000000000000000444 and 0.5999999999999999778: their squares
      // sum to 1 + 4.4e-17 exactly, so the point is just outside the unit circle.
      expect(w.queryPoint({ x: 0.8, y: 0.6 })).toEqual([]);
      expect(w.queryPoint({ x: 4, y: 1 })).toEqual([b]);
      expect(w.queryPoint({ x: 1, y: 1 })).toEqual([]); // box corner of the circle's bounds only
      expect(w.queryAabb(aabb(1, 1, 3, 3))).toEqual([]); // corner (1,1) is sqrt(2) from the center
      expect(w.queryAabb(aabb(6, 1, 8, 2)).sort()).toEqual([b, s].sort()); // touches corner and end
      expect(w.queryShape(circle(0, 0, 1), { x: 2, y: 0, angle: 0 })).toEqual([c]); // tangent
      expect(w.queryShape(box(5, 0, 3, 0.1), undefined).sort()).toEqual([b, s].sort());
    });

    it("sweep returns the first body the moving shape meets", () => {
      const { w, b } = scene();
      // A circle of radius 0.5 from (3, 5) down by (0, -10): meets the box top y = 1 when its center is
      // at y = 1.5, t = 3.5 / 10.
      const h = w.sweep(circle(0, 0, 0.5), { x: 0, y: -10 }, { x: 3, y: 5, angle: 0 });
      expect(h).toBeNull(); // x = 3 misses the box [4, 6] (gap 0.5 from the circle edge at 3.5)
      const h2 = w.sweep(circle(0, 0, 0.5), { x: 0, y: -10 }, { x: 3.5, y: 5, angle: 0 });
      expect(h2?.id).toBe(b); // x = 3.5: touches the box's corner (4, 1) at center (3.5, 1)
      // A tangent graze: the hit is exact, its time only good to about sqrt(64 ulps) (sweep's contract).
      expect(h2?.t).toBeCloseTo(0.4, 6);
      expect(h2?.t).toBeLessThanOrEqual(0.4);
      expect(h2?.position.y).toBeCloseTo(1, 5);
      const h3 = w.sweep(circle(0, 0, 0.5), { x: 0, y: -10 }, { x: 5, y: 5, angle: 0 });
      expect(h3?.t).toBeCloseTo(0.35, 12);
      expect(h3?.normal.y).toBeCloseTo(1, 12);
    });

    it("breaks ties by the lower id, whatever order the broadphase gives the candidates", () => {
      const w = createWorld();
      // Ten copies of the box [1, 2] x [-1, 1]: ids 0..9, all at the same place.
      for (let i = 0; i < 10; i++) expect(w.add(aabb(1, -1, 2, 1))).toBe(i);
      // The unit circle at the origin touches every copy at (1, 0) at t = 0: the sweep must not stop
      // at the first candidate it meets but report id 0.
      const h = w.sweep(circle(0, 0, 1), { x: 1, y: 0 }, { x: 0, y: 0, angle: 0 });
      expect(h?.id).toBe(0);
      expect(h?.t).toBe(0);
      // The ray from (0, 0) by (4, 0) enters every copy at x = 1, t = 1/4 (exact in binary).
      const r = w.raycast({ x: 0, y: 0 }, { x: 4, y: 0 });
      expect(r?.id).toBe(0);
      expect(r?.t).toBe(0.25);
      expect(w.raycastAll({ x: 0, y: 0 }, { x: 4, y: 0 }).map((x) => x.id)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
    });
  });
});

describe("narrowphase bugs found by the world", () => {
  it("closestPoints of a circle resting on a polygon is their one shared point", () => {
    // circle(0, 0.5, 0.5) touches the box [-5, 5] x [-1, 0] only at (0, 0); GJK used to report
    // (0, 0.25), the midpoint of the cores' witnesses, which is not in the box.
    const r = closestPointsOf();
    expect(r.distance).toBe(0);
    expect(r.pointA.y).toBeCloseTo(0, 15);
    expect(r.pointA.y).toBeLessThanOrEqual(Number.EPSILON);
  });
});

describe.each(KINDS)("on the %s broadphase", (kind) => {
  const createWorld = (o: WorldOptions = {}) => createWorldOf({ broadphase: kind, ...o });
  describe("World.moveAndSlide", () => {
    it("slides along a wall hit at an angle, keeping the tangential motion", () => {
      const w = createWorld();
      w.add(segment(0, -100, 0, 100));
      const r = w.moveAndSlide(
        circle(0, 0, 0.5),
        { x: 4, y: 3 },
        { pose: { x: -2, y: 0, angle: 0 } },
      );
      // Stops 0.5 + skin left of the wall; all of the y motion survives the projection on the wall.
      expect(r.position.x).toBeCloseTo(-0.5 - 1e-3, 9);
      expect(r.position.y).toBeCloseTo(3, 9);
      expect(r.count).toBe(1);
      expect(r.normals[0]).toEqual({ x: -1, y: 0 });
      expect(r.ground).toBe(false);
    });

    it("stops in a corner of two walls", () => {
      const w = createWorld();
      w.add(segment(0, -100, 0, 100));
      w.add(segment(-100, 1, 100, 1));
      const r = w.moveAndSlide(
        circle(0, 0, 0.5),
        { x: 10, y: 10 },
        { pose: { x: -3, y: -3, angle: 0 } },
      );
      expect(r.position.x).toBeCloseTo(-0.501, 6);
      expect(r.position.y).toBeCloseTo(0.499, 6);
      expect(testShapes(circle(r.position.x, r.position.y, 0.5), segment(0, -100, 0, 100))).toBe(
        false,
      );
    });

    it("flags ground under a falling capsule and keeps it off the floor by the skin", () => {
      const w = createWorld();
      w.add(aabb(-10, -1, 10, 0));
      const cap = capsule(0, 0.5, 0, 1.5, 0.5); // feet at y = 0 when posed at y = 0
      const r = w.moveAndSlide(cap, { x: 1, y: -3 }, { pose: { x: 0, y: 2, angle: 0 } });
      expect(r.ground).toBe(true);
      expect(r.position.y).toBeCloseTo(1e-3, 9);
      expect(r.position.x).toBeCloseTo(1, 9);
    });

    it("ignores the mover's own body and bodies its filter excludes", () => {
      const w = createWorld();
      const self = w.add(circle(0, 0, 0.5), { pose: { x: -2, y: 0, angle: 0 } });
      w.add(segment(0, -10, 0, 10), { category: 4 });
      const free = w.moveAndSlide(
        circle(0, 0, 0.5),
        { x: 4, y: 0 },
        {
          pose: { x: -2, y: 0, angle: 0 },
          ignore: self,
          mask: ~4,
        },
      );
      expect(free.count).toBe(0);
      expect(free.position).toEqual({ x: 2, y: 0 });
      const blocked = w.moveAndSlide(
        circle(0, 0, 0.5),
        { x: 4, y: 0 },
        {
          pose: { x: -2, y: 0, angle: 0 },
          ignore: self,
        },
      );
      expect(blocked.count).toBe(1);
      expect(blocked.position.x).toBeCloseTo(-0.501, 12); // wall at 0, radius 0.5, skin 1e-3
    });

    it("passes through nothing it moves away from while touching (leaving the ground)", () => {
      const w = createWorld();
      w.add(
        polygon([
          { x: -5, y: -1 },
          { x: 5, y: -1 },
          { x: 5, y: 0 },
          { x: -5, y: 0 },
        ]),
      );
      const r = w.moveAndSlide(circle(0, 0.5, 0.5), { x: 0, y: 2 });
      expect(r.count).toBe(0);
      expect(r.position).toEqual({ x: 0, y: 2 });
    });
  });
});
