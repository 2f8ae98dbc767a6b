/**
 * The 3D world (collide/3d createWorld): hand-derived steps, events, sensors, filters, queries and
 * id reuse, each on every broadphase kind (the structure changes speed, never results).
 */
import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  createWorld as createWorldOf,
  hull,
  line,
  mesh,
  type PairEvent,
  plane,
  pointShape,
  segment,
  sphere,
  supports,
  triangle,
  vec,
  type World,
  type WorldOptions,
  type WorldRayHit,
} from "../../src/3d/index.ts";

const v = vec;
const KINDS = ["tree", "sap", "grid"] as const;

function events(w: World, kind: "begin" | "end"): string[] {
  const out: string[] = [];
  const e: PairEvent = { a: 0, b: 0 };
  const n = kind === "begin" ? w.beginCount : w.endCount;
  for (let i = 0; i < n; i++) {
    if (kind === "begin") w.getBegin(i, e);
    else w.getEnd(i, e);
    out.push(`${e.a}-${e.b}`);
  }
  return out.sort();
}

describe.each(KINDS)("on the %s broadphase", (kind) => {
  const createWorld = (o: WorldOptions = {}): World => createWorldOf({ broadphase: kind, ...o });

  describe("step", () => {
    it("reports the contact of two overlapping spheres, normal from a to b", () => {
      const w = createWorld();
      const a = w.add(sphere(0, 0, 0, 1));
      const b = w.add(sphere(1.5, 0, 0, 1));
      w.step();
      expect(w.contactCount).toBe(1);
      const c = w.getContact(0);
      expect([c.a, c.b]).toEqual([a, b]);
      expect(events(w, "begin")).toEqual([`${a}-${b}`]);
      expect(supports("contact", "sphere", "sphere")).toBe(true);
      // Centers 1.5 apart, radii 1 + 1: depth 0.5, normal +x, the point midway between the
      // surfaces at x = 1 and x = 0.5.
      expect(c.depth).toBe(0.5);
      expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
      expect(c.count).toBe(1);
      expect(c.points[0].point.x).toBe(0.75);
    });

    it("counts touching as contact (depth 0) and ends it at a gap of one ulp", () => {
      const w = createWorld();
      w.add(sphere(0, 0, 0, 1));
      const b = w.add(sphere(2, 0, 0, 1)); // distance 2 = r + r exactly
      w.step();
      expect(w.contactCount).toBe(1);
      expect(w.getContact(0).depth).toBe(0);
      w.move(b, sphere(2 + 2 ** -51, 0, 0, 1)); // the next double above 2
      w.step();
      expect(w.contactCount).toBe(0);
      expect(events(w, "end")).toEqual(["0-1"]);
      expect(w.beginCount).toBe(0);
    });

    it("a pair with no contact function yet reports count 0 from the exact test", () => {
      // Two boxes sharing the face x = 1: touching (closed sets). aabb-aabb has an exact test and,
      // in this tree, no contact function unless the polytope contacts are merged.
      const w = createWorld();
      w.add(aabb(v(0, 0, 0), v(1, 1, 1)));
      w.add(aabb(v(1, 0, 0), v(2, 1, 1)));
      w.step();
      expect(w.contactCount).toBe(1);
      const c = w.getContact(0);
      if (supports("contact", "aabb", "aabb")) {
        expect(c.depth).toBe(0);
        expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
      } else {
        expect(c.count).toBe(0);
      }
    });

    it("begins once, keeps touching without new events, ends when moved apart", () => {
      const w = createWorld();
      const a = w.add(capsule(v(0, 0, 0), v(0, 2, 0), 0.5));
      const b = w.add(sphere(1, 1, 0, 0.5)); // 1 from the axis = 0.5 + 0.5: touching
      w.step();
      expect(events(w, "begin")).toEqual([`${a}-${b}`]);
      w.step();
      expect(w.beginCount).toBe(0);
      expect(w.endCount).toBe(0);
      expect(w.contactCount).toBe(1);
      w.move(b, sphere(3, 1, 0, 0.5));
      w.step();
      expect(events(w, "end")).toEqual([`${a}-${b}`]);
      expect(w.contactCount).toBe(0);
    });

    it("a body removed while touching ends under its id, which is reused only after that step", () => {
      const w = createWorld();
      const a = w.add(sphere(0, 0, 0, 1));
      const b = w.add(sphere(1, 0, 0, 1));
      w.step();
      w.remove(b);
      expect(w.has(b)).toBe(false);
      const c = w.add(sphere(50, 0, 0, 1));
      expect(c).not.toBe(b);
      w.step();
      expect(events(w, "end")).toEqual([`${a}-${b}`]);
      expect(w.add(sphere(60, 0, 0, 1))).toBe(b);
    });

    it("points and segments take part as radius-0 spheres and capsules", () => {
      const w = createWorld();
      w.add(sphere(0, 0, 0, 1));
      w.add(pointShape(1, 0, 0)); // on the surface
      w.add(segment(v(0, 5, 0), v(0, 1, 0))); // its end on the surface
      w.add(pointShape(1 + 2 ** -52, 0, 0)); // one ulp outside
      w.step();
      expect(events(w, "begin")).toEqual(["0-1", "0-2"]);
    });

    it("sensors report begin and end but no contact", () => {
      const w = createWorld();
      w.add(sphere(0, 0, 0, 1));
      const s = w.add(aabb(v(0.5, -1, -1), v(3, 1, 1)), { sensor: true });
      w.step();
      expect(w.contactCount).toBe(0);
      expect(events(w, "begin")).toEqual([`0-${s}`]);
      expect(w.isSensor(s)).toBe(true);
      w.move(s, aabb(v(1.5, -1, -1), v(3, 1, 1)));
      w.step();
      expect(events(w, "end")).toEqual([`0-${s}`]);
    });

    it("category and mask bits filter pairs (Box2D's rule), and setFilter ends a pair", () => {
      const w = createWorld();
      const a = w.add(sphere(0, 0, 0, 1), { category: 1, mask: 2 });
      const b = w.add(sphere(1, 0, 0, 1), { category: 2, mask: 1 });
      const c = w.add(sphere(-1, 0, 0, 1), { category: 4, mask: 0xffffffff });
      w.step();
      // a sees b (1 & 1, 2 & 2); c's category 4 is not in a's mask 2 or b's mask 1.
      expect(events(w, "begin")).toEqual([`${a}-${b}`]);
      w.setFilter(b, 2, 0);
      w.step();
      expect(events(w, "end")).toEqual([`${a}-${b}`]);
      expect(w.getCategory(c)).toBe(4);
      expect(w.getMask(b)).toBe(0);
    });

    it("a sphere resting on a mesh floor and a hull touching a box", () => {
      const w = createWorld();
      w.add(mesh([-2, -2, 0, 2, -2, 0, 2, 2, 0, -2, 2, 0], [0, 1, 2, 0, 2, 3]));
      w.add(sphere(0.5, 0.5, 1, 1)); // lowest point z = 0: on the floor
      w.add(hull([v(10, 0, 0), v(11, 0, 0), v(10, 1, 0), v(10, 0, 1)]));
      w.add(box(v(12, 0, 0), v(1, 1, 1))); // face x = 11 holds the hull's corner (11, 0, 0)
      w.step();
      const begun = events(w, "begin");
      expect(begun).toContain("2-3");
      // The mesh pair is reported once sphere-mesh has a test (or distance); never wrongly.
      if (supports("test", "sphere", "mesh") || supports("distance", "sphere", "mesh")) {
        expect(begun).toContain("0-1");
      } else {
        expect(begun).not.toContain("0-1");
      }
    });
  });

  describe("queries", () => {
    const scene = (): World => {
      const w = createWorld();
      w.add(sphere(5, 0, 0, 1)); // 0
      w.add(aabb(v(8, -1, -1), v(9, 1, 1))); // 1
      w.add(sphere(5, 0, 0, 0.5), { sensor: true }); // 2
      w.add(triangle(v(2, -1, -1), v(2, 1, -1), v(2, 0, 1)), { category: 2 }); // 3
      w.add(mesh([20, -5, -5, 20, 5, -5, 20, 0, 5], [0, 1, 2])); // 4
      return w;
    };

    it("raycast: the first hit, with t, point and normal", () => {
      const w = scene();
      // From the origin along +x by 10: the triangle in the plane x = 2 first (t = 0.2), then the
      // sphere's near side x = 4 (t = 0.4); the box at x = 8 (t = 0.8).
      const h = w.raycast(v(0, 0, 0), v(10, 0, 0))!;
      expect(h.id).toBe(3);
      expect(h.t).toBeCloseTo(0.2, 15);
      expect(h.normal).toEqual({ x: -1, y: 0, z: 0 });
      // Without category 2 in the mask: the sphere.
      const g = w.raycast(v(0, 0, 0), v(10, 0, 0), { mask: 1 })!;
      expect(g.id).toBe(0);
      expect(g.t).toBeCloseTo(0.4, 15);
      expect(g.point.x).toBeCloseTo(4, 14);
      expect(g.normal.x).toBeCloseTo(-1, 14);
      // Nothing on the line y = 3.
      expect(w.raycast(v(0, 3, 0), v(10, 0, 0))).toBeNull();
    });

    it("raycastAll: every hit sorted by t, sensors only when asked", () => {
      const w = scene();
      const out: WorldRayHit[] = [];
      w.raycastAll(v(0, 0, 0), v(30, 0, 0), undefined, out);
      // x = 2 (t = 2/30), 4 (4/30), 8 (8/30), 20 (20/30).
      expect(out.map((h) => h.id)).toEqual([3, 0, 1, 4]);
      expect(out[3]!.t).toBeCloseTo(20 / 30, 15);
      const all = w.raycastAll(v(0, 0, 0), v(30, 0, 0), { sensors: true });
      // The sensor's near side x = 4.5 comes after the sphere's x = 4.
      expect(all.map((h) => h.id)).toEqual([3, 0, 2, 1, 4]);
    });

    it("raycastAny: some body touched, or -1", () => {
      const w = scene();
      expect(w.raycastAny(v(0, 0, 0), v(10, 0, 0))).not.toBe(-1);
      expect(w.raycastAny(v(0, 3, 0), v(10, 0, 0))).toBe(-1);
      // Ending exactly on the sphere's surface (x = 4) counts.
      expect(w.raycastAny(v(3, 0, 0), v(1, 0, 0), { mask: 1 })).toBe(0);
      // 3 + (1 - 2^-51) = 4 - 2^-51 exactly (the ulp of [2, 4) is 2^-51): one ulp short.
      expect(w.raycastAny(v(3, 0, 0), v(1 - 2 ** -51, 0, 0), { mask: 1 })).toBe(-1);
    });

    it("queryAabb, queryPoint and queryShape are exact and closed", () => {
      const w = scene();
      // The box [3, 4]^... touches the sphere at (4, 0, 0) only.
      expect(w.queryAabb(aabb(v(3, -1, -1), v(4, 1, 1))).sort()).toEqual([0]);
      expect(w.queryAabb(aabb(v(3, -1, -1), v(4 - 2 ** -50, 1, 1)))).toEqual([]);
      expect(w.queryPoint(v(9, 1, 1))).toEqual([1]); // the box's corner
      expect(w.queryPoint(v(5, 0, 0)).sort()).toEqual([0]);
      expect(w.queryPoint(v(5, 0, 0), { sensors: true }).sort()).toEqual([0, 2]);
      // A plane x = 8 touches the box's face; a line along x through y = z = 0 meets 0, 1, 3, 4.
      expect(w.queryShape(plane(v(1, 0, 0), 8))).toEqual([1]);
      expect(w.queryShape(line(0, 0, 0, 1, 0, 0)).sort()).toEqual([0, 1, 3, 4]);
    });
  });

  describe("sweep and moveAndSlide", () => {
    it("sweep: the first body in the way, with t, position and the surface normal", () => {
      const w = createWorld();
      const near = w.add(aabb(v(4, -1, -1), v(5, 1, 1)), { category: 2 });
      const far = w.add(aabb(v(8, -1, -1), v(9, 1, 1)));
      // A ball of radius 0.5 from the origin moving +10 x meets x = 4 when its center is at 3.5:
      // t = 0.35, the box's face normal (-1, 0, 0). Without category 2 the far box: x = 7.5, t = 0.75.
      const h = w.sweep(sphere(0, 0, 0, 0.5), v(10, 0, 0))!;
      expect(h.id).toBe(near);
      expect(h.t).toBeCloseTo(0.35, 9);
      expect(h.t).toBeLessThanOrEqual(0.35 + 1e-12);
      expect(h.position.x).toBeCloseTo(3.5, 8);
      expect(h.normal.x).toBeCloseTo(-1, 9);
      expect(h.initiallyOverlapping).toBe(false);
      const g = w.sweep(sphere(0, 0, 0, 0.5), v(10, 0, 0), { mask: 1 })!;
      expect(g.id).toBe(far);
      expect(g.t).toBeCloseTo(0.75, 9);
      // Passing above both (the ball's bottom at y = 1.5 > 1): nothing.
      expect(w.sweep(sphere(0, 2, 0, 0.5), v(10, 0, 0))).toBeNull();
    });

    it("moveAndSlide slides along a floor, keeping the skin, and flags ground", () => {
      const w = createWorld();
      const floor = w.add(aabb(v(-10, -1, -10), v(10, 0, 10)));
      // Center 0.6 above the floor's top, radius 0.5: a 0.1 gap. Moving (5, -1, 0) it lands at
      // t = 0.1, backs off the 1e-3 skin (0.099 of the motion: x 0.495, y -0.099), and the rest
      // (4.505, -0.901, 0) clipped by the floor's plane goes on along x: moved (5, -0.099, 0).
      const r = w.moveAndSlide(sphere(0, 0.6, 0, 0.5), v(5, -1, 0));
      expect(r.moved.x).toBeCloseTo(5, 6);
      expect(r.moved.y).toBeCloseTo(-0.099, 6);
      expect(r.moved.z).toBe(0);
      expect(r.count).toBe(1);
      expect(r.ids).toEqual([floor]);
      expect(r.ground).toBe(true);
      expect(r.groundNormal.y).toBeCloseTo(1, 9);
    });

    it("moveAndSlide along a floor into a wall keeps going along the wall", () => {
      const w = createWorld();
      w.add(aabb(v(-10, -1, -10), v(10, 0, 10)));
      w.add(aabb(v(2, -1, -10), v(3, 5, 10)));
      // Floor first at t = 0.1 (as above: moved (0.495, -0.099, 0.099)); then along (4.505, 0,
      // 0.901) the wall x = 2 stops the center at 1.5 less the skin; the rest, clipped by the
      // wall, runs along z. z ends at 0.099 + 0.901 = 1 in total; x at 1.5 - 0.001 (from 0).
      const r = w.moveAndSlide(sphere(0, 0.6, 0, 0.5), v(5, -1, 1));
      expect(r.moved.x).toBeCloseTo(1.499, 6);
      expect(r.moved.y).toBeCloseTo(-0.099, 6);
      expect(r.moved.z).toBeCloseTo(1, 6);
      expect(r.count).toBe(2);
    });

    it("a shape touching the floor moves up freely; a fast one never passes a thin triangle", () => {
      const w = createWorld();
      w.add(aabb(v(-10, -1, -10), v(10, 0, 10)));
      const up = w.moveAndSlide(sphere(0, 0.5, 0, 0.5), v(0, 2, 0));
      expect(up.moved).toEqual({ x: 0, y: 2, z: 0 });
      expect(up.count).toBe(0);
      const t = w.add(triangle(v(100, -50, -50), v(100, 50, -50), v(100, 0, 50)));
      // 1e4 times its radius in one step: stopped at x = 100 - 0.5 - skin.
      const r = w.moveAndSlide(sphere(0, 5, 0, 0.5), v(5000, 0, 0));
      expect(r.ids[0]).toBe(t);
      expect(r.moved.x).toBeLessThan(99.5);
      expect(r.moved.x).toBeCloseTo(99.499, 6);
    });
  });

  describe("bodies", () => {
    it("rejects unbounded shapes and bad filter bits with a RangeError naming the field", () => {
      const w = createWorld();
      expect(() => w.add(line(0, 0, 0, 1, 0, 0))).toThrow(/shape\.kind/);
      expect(() => w.add(plane(v(0, 0, 1), 0))).toThrow(/shape\.kind/);
      expect(() => w.add(sphere(0, 0, 0, 1), { category: 1.5 })).toThrow(/options\.category/);
      expect(() => w.getShape(7)).toThrow(RangeError);
    });

    it("getAabb is the tight box; userData comes back", () => {
      const w = createWorld();
      const id = w.add(aabb(v(1, 2, 3), v(4, 5, 6)), { userData: "crate" });
      expect(w.getAabb(id)).toEqual({ min: { x: 1, y: 2, z: 3 }, max: { x: 4, y: 5, z: 6 } });
      expect(w.getUserData(id)).toBe("crate");
      expect(w.bodyCount).toBe(1);
    });

    it("steady state reuses its contact objects and buffers (no per-step allocation of them)", () => {
      const w = createWorld();
      const a = sphere(0, 0, 0, 1);
      w.add(a);
      w.add(sphere(1.5, 0, 0, 1));
      w.add(aabb(v(0.5, -0.5, -0.5), v(1, 0.5, 0.5)));
      w.step();
      const first = [0, 1, 2].map((i) => w.getContact(i));
      for (let k = 0; k < 1000; k++) {
        a.center.x = (k % 2) * 1e-3; // moved in place, then told
        w.move(0, a);
        w.step();
      }
      expect(w.contactCount).toBe(3);
      const last = [0, 1, 2].map((i) => w.getContact(i));
      expect(new Set(last)).toEqual(new Set(first));
    });

    it("1e5 add/remove cycles reuse one slot: capacity and storage stay put", () => {
      const w = createWorld();
      w.add(sphere(0, 0, 0, 1));
      const cap = w.capacity;
      const len = w.storageLength;
      const s = sphere(3, 0, 0, 1);
      for (let i = 0; i < 100_000; i++) w.remove(w.add(s));
      expect(w.capacity).toBe(cap + 1);
      expect(w.storageLength).toBe(len);
    });
  });
});

describe("options", () => {
  it("rejects an unknown broadphase and a negative margin", () => {
    expect(() => createWorldOf({ broadphase: "octree" as never })).toThrow(/options\.broadphase/);
    expect(() => createWorldOf({ margin: -1 })).toThrow(/options\.margin/);
  });
});
