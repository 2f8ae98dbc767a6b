/**
 * The 3D generic dispatch (collide/3d test, closestPoints, distance, contact, sweep): every table
 * row is the named function of its kinds exported by collide/3d; for every row and both argument
 * orders the generic function equals the named one on hand-chosen shapes and on seeded lattice
 * shapes (points swapped, normals flipped in the reversed order); a few hand-derived answers; and
 * pairs no table holds give null, never a throw.
 */
import { describe, expect, it } from "vitest";
import * as c3 from "../../src/3d/index.ts";
import {
  aabb,
  box,
  CLOSEST_POINTS_TABLE,
  CONTACT_TABLE,
  capsule,
  closestPoints,
  contact,
  DISTANCE_TABLE,
  distance,
  frustum,
  hull,
  INTERSECT_TABLE,
  KINDS,
  type Kind,
  line,
  mesh,
  type PairTable,
  plane,
  pointShape,
  ray,
  type Shape,
  SWEEP_TABLE,
  segment,
  sphere,
  supports,
  sweep,
  TEST_TABLE,
  test,
  triangle,
  type Vec,
  vec,
} from "../../src/3d/index.ts";
import { type Contact, makeSweepHit, type SweepHit } from "../../src/3d/results.ts";

const v = vec;
const cap = (k: string): string => k[0]!.toUpperCase() + k.slice(1);
const named = c3 as unknown as Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

/** Hand-chosen shapes per kind: lattice data, touching pairs, degenerate ones. */
const HAND: Record<Kind, Shape[]> = {
  point: [pointShape(0, 0, 0), pointShape(1, 0, 0), pointShape(3, 3, 3)],
  line: [line(0, 0, 0, 1, 0, 0), line(0, 5, 0, 0, 0, 1)],
  ray: [ray(-3, 0, 0, 1, 0, 0), ray(0, 5, 0, 0, 1, 0)],
  segment: [segment(v(-1, 0, 0), v(1, 0, 0)), segment(v(2, 2, 2), v(2, 2, 2))],
  plane: [plane(v(0, 0, 1), 0), plane(v(1, 1, 0), 7)],
  sphere: [sphere(0, 0, 0, 1), sphere(2, 0, 0, 1), sphere(0, 0, 5, 0)],
  capsule: [capsule(v(0, -1, 0), v(0, 1, 0), 0.5), capsule(v(3, 0, 0), v(3, 0, 0), 1)],
  aabb: [
    aabb(v(-1, -1, -1), v(1, 1, 1)),
    aabb(v(1, 1, 1), v(2, 2, 2)),
    aabb(v(4, 0, 0), v(4, 1, 1)),
  ],
  box: [
    box(v(0, 0, 0), v(1, 1, 1), { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 }),
    box(v(5, 0, 0), v(1, 0.5, 0)),
  ],
  triangle: [
    triangle(v(0, 0, 0), v(1, 0, 0), v(0, 1, 0)),
    triangle(v(0, 0, 2), v(1, 1, 2), v(2, 2, 2)),
  ],
  hull: [hull([v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(0, 0, 1)]), hull([v(3, 3, 3)])],
  mesh: [mesh([-2, -2, 0, 2, -2, 0, 2, 2, 0, -2, 2, 0], [0, 1, 2, 0, 2, 3])],
  // The identity matrix bounds the cube [-1, 1]^3; halving x, y and z bounds [-2, 2]^3.
  frustum: [
    frustum([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
    frustum([0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1]),
  ],
};

/** mulberry32: a seeded generator, so the "random" shapes are the same on every run. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Seeded lattice shapes (integers in [-2, 2], so touching happens often). */
function seeded(kind: Kind, rnd: () => number): Shape {
  const i = (): number => Math.floor(rnd() * 5) - 2;
  const p = (): Vec => v(i(), i(), i());
  const d = (): Vec => {
    const q = p();
    return q.x === 0 && q.y === 0 && q.z === 0 ? v(1, 0, 0) : q;
  };
  const r = (): number => Math.floor(rnd() * 3) / 2;
  switch (kind) {
    case "point":
      return pointShape(i(), i(), i());
    case "line": {
      const o = p();
      const q = d();
      return line(o.x, o.y, o.z, q.x, q.y, q.z);
    }
    case "ray": {
      const o = p();
      const q = d();
      return ray(o.x, o.y, o.z, q.x, q.y, q.z);
    }
    case "segment":
      return segment(p(), p());
    case "plane":
      return plane(d(), i());
    case "sphere": {
      const c = p();
      return sphere(c.x, c.y, c.z, r());
    }
    case "capsule":
      return capsule(p(), p(), r());
    case "aabb": {
      const a = p();
      return aabb(a, v(a.x + r(), a.y + r(), a.z + r()));
    }
    case "box":
      return box(p(), v(r(), r(), r()), { x: rnd(), y: rnd(), z: rnd(), w: 1 });
    case "triangle":
      return triangle(p(), p(), p());
    case "hull":
      return hull([p(), p(), p(), p()]);
    case "mesh":
      return mesh([...Object.values(p()), ...Object.values(p()), ...Object.values(p())], [0, 1, 2]);
    case "frustum": {
      const s = 1 / (1 + Math.abs(i()));
      return frustum([s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, i() * s, i() * s, 0, 1]);
    }
  }
}

/** Hand shapes plus a few seeded ones of `kind`. */
function samples(kind: Kind, seed: number): Shape[] {
  const rnd = prng(seed);
  const out = [...HAND[kind]];
  for (let k = 0; k < 3; k++) out.push(seeded(kind, rnd));
  return out;
}

function kindIndex(k: Kind): number {
  return KINDS.indexOf(k);
}

const VERBS: [string, PairTable][] = [
  ["test", TEST_TABLE],
  ["intersect", INTERSECT_TABLE],
  ["closestPoints", CLOSEST_POINTS_TABLE],
  ["distance", DISTANCE_TABLE],
  ["contact", CONTACT_TABLE],
  ["sweep", SWEEP_TABLE],
];

describe("tables", () => {
  it.each(VERBS)(
    "%s: every row is the named function of its kinds, in canonical order",
    (verb, t) => {
      const seen = new Set<string>();
      for (const [a, b, fn] of t.rows) {
        const name = `${verb}${cap(a)}${cap(b)}`;
        expect(fn.name).toBe(name);
        // Exported by collide/3d under that name (a pair newly merged may not be exported yet).
        if (name in named) expect(named[name]).toBe(fn);
        // Symmetric verbs name each unordered pair once, lower kind first; a sweep's mover is first.
        if (verb !== "sweep" && verb !== "intersect") {
          expect(kindIndex(a)).toBeLessThanOrEqual(kindIndex(b));
        }
        expect(seen.has(`${a},${b}`)).toBe(false);
        seen.add(`${a},${b}`);
      }
    },
  );

  it.each(VERBS)("%s: every pair function collide/3d exports is a row", (verb, t) => {
    const re = new RegExp(`^${verb}(${KINDS.map(cap).join("|")})(${KINDS.map(cap).join("|")})$`);
    const inTable = new Set(t.rows.map(([, , fn]) => fn));
    for (const [name, fn] of Object.entries(named)) {
      if (re.test(name)) expect(inTable.has(fn as never), `${name} is not in the table`).toBe(true);
    }
  });
});

function flipContact(c: Contact | null): unknown {
  if (c === null) return null;
  return {
    ...c,
    normal: { x: 0 - c.normal.x, y: 0 - c.normal.y, z: 0 - c.normal.z },
    aInB: c.bInA,
    bInA: c.aInB,
  };
}

describe("generic functions equal the named ones in both orders", () => {
  it("test", () => {
    let checked = 0;
    for (const [ka, kb, fn] of TEST_TABLE.rows) {
      const as = samples(ka, 11 * kindIndex(ka) + kindIndex(kb));
      const bs = samples(kb, 13 * kindIndex(kb) + kindIndex(ka));
      for (const a of as) {
        for (const b of bs) {
          const want = (fn as Fn)(a, b);
          expect(typeof want).toBe("boolean");
          expect(test(a, b), `${ka} ${kb}`).toBe(want);
          // A same-kind row serves (b, a) directly: the named function in that order.
          expect(test(b, a), `${kb} ${ka}`).toBe(ka === kb ? (fn as Fn)(b, a) : want);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("distance", () => {
    for (const [ka, kb, fn] of DISTANCE_TABLE.rows) {
      for (const a of samples(ka, 7 + kindIndex(ka))) {
        for (const b of samples(kb, 9 + kindIndex(kb))) {
          const want = (fn as Fn)(a, b) as number;
          expect(distance(a, b)).toBe(want);
          expect(distance(b, a)).toBe(ka === kb ? (fn as Fn)(b, a) : want);
          // The named distance is 0 exactly when the exact test is true, in the generic too.
          expect(distance(b, a) === 0).toBe(test(a, b) ?? distance(b, a) === 0);
        }
      }
    }
  });

  it("closestPoints (points swapped in the reversed order; out is filled and returned)", () => {
    for (const [ka, kb, fn] of CLOSEST_POINTS_TABLE.rows) {
      for (const a of samples(ka, 3 + kindIndex(ka))) {
        for (const b of samples(kb, 5 + kindIndex(kb))) {
          const want = structuredClone((fn as Fn)(a, b)) as c3.ClosestPoints;
          expect(closestPoints(a, b)).toEqual(want);
          const out = { pointA: v(9, 9, 9), pointB: v(9, 9, 9), distance: 9 };
          const back = closestPoints(b, a, out);
          expect(back).toBe(out);
          if (ka === kb) expect(back).toEqual((fn as Fn)(b, a));
          else
            expect(back).toEqual({
              pointA: want.pointB,
              pointB: want.pointA,
              distance: want.distance,
            });
        }
      }
    }
  });

  it("contact (normal flipped, aInB and bInA swapped in the reversed order)", () => {
    for (const [ka, kb, fn] of CONTACT_TABLE.rows) {
      for (const a of samples(ka, 17 + kindIndex(ka))) {
        for (const b of samples(kb, 19 + kindIndex(kb))) {
          const want = structuredClone((fn as Fn)(a, b)) as Contact | null;
          expect(contact(a, b)).toEqual(want);
          const back = ka === kb ? (fn as Fn)(b, a) : flipContact(want);
          expect(contact(b, a)).toEqual(back);
        }
      }
    }
  });

  it("sweep: the row order as named; the reversed order by the relative motion", () => {
    const motions = [v(10, 0, 0), v(0, -3, 1), v(0, 0, 0), v(-4, 4, -4)];
    for (const [ka, kb, fn] of SWEEP_TABLE.rows) {
      for (const a of samples(ka, 23 + kindIndex(ka))) {
        for (const b of samples(kb, 29 + kindIndex(kb))) {
          for (const m of motions) {
            const raw = (fn as Fn)(a, m, b) as Record<string, unknown> | null;
            const h = sweep(a, m, b);
            expect(h === null).toBe(raw === null);
            if (raw === null || h === null) continue;
            const r = structuredClone(raw) as unknown as SweepHit & { center?: Vec };
            expect(h.t).toBe(r.t);
            expect(h.point).toEqual(r.point);
            expect(h.normal).toEqual(r.normal);
            expect(h.position).toEqual(r.position ?? r.center);
            expect(h.initiallyOverlapping).toBe(r.initiallyOverlapping);
            // b moving by -m against a: the same contact, so the same exact null.
            const n = v(0 - m.x, 0 - m.y, 0 - m.z);
            const g = sweep(b, n, a);
            expect(g).not.toBeNull();
            if (SWEEP_TABLE.byKind[kb]?.[ka] !== undefined) {
              // Its own row, an independent cast: t agrees to the casts' tolerance.
              expect(Math.abs(g!.t - r.t)).toBeLessThanOrEqual(1e-6);
              continue;
            }
            // Served by the flip: the same t and overlap flag, the normal reversed, the contact
            // carried along by b's motion.
            expect(g!.t).toBe(r.t);
            expect(g!.initiallyOverlapping).toBe(r.initiallyOverlapping);
            expect(g!.normal).toEqual({ x: 0 - r.normal.x, y: 0 - r.normal.y, z: 0 - r.normal.z });
            expect(g!.point.x).toBeCloseTo(r.point.x + r.t * n.x, 12);
            expect(g!.point.y).toBeCloseTo(r.point.y + r.t * n.y, 12);
            expect(g!.point.z).toBeCloseTo(r.point.z + r.t * n.z, 12);
          }
        }
      }
    }
  });
});

describe("hand-derived answers", () => {
  it("a point on a sphere's surface touches it, in either order", () => {
    // |(1, 0, 0) - 0| = 1 = r: on the closed ball.
    expect(test(pointShape(1, 0, 0), sphere(0, 0, 0, 1))).toBe(true);
    expect(test(sphere(0, 0, 0, 1), pointShape(1, 0, 0))).toBe(true);
    // 1 + 2^-52 > 1: one ulp outside.
    expect(test(sphere(0, 0, 0, 1), pointShape(1 + 2 ** -52, 0, 0))).toBe(false);
  });

  it("a frustum and a sphere are served from the sphere-frustum row in both orders", () => {
    // The identity frustum is [-1, 1]^3; the ball at (2, 0, 0) of radius 1 touches x = 1.
    const f = frustum([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(test(f, sphere(2, 0, 0, 1))).toBe(true);
    expect(test(sphere(2.5, 0, 0, 1), f)).toBe(false);
  });

  it("distance of two spheres is the same in both orders: 3-4-5 minus the radii", () => {
    // Centers (0, 0, 0) and (3, 4, 0) are 5 apart; radii 1 and 2 leave 2.
    const a = sphere(0, 0, 0, 1);
    const b = sphere(3, 4, 0, 2);
    expect(distance(a, b)).toBeCloseTo(2, 14);
    expect(distance(b, a)).toBeCloseTo(2, 14);
  });

  it("closestPoints of a point and a triangle: the foot of the perpendicular, swapped when reversed", () => {
    // The point (0.25, 0.25, 3) projects to (0.25, 0.25, 0), inside the triangle; distance 3.
    const t = triangle(v(0, 0, 0), v(1, 0, 0), v(0, 1, 0));
    const p = pointShape(0.25, 0.25, 3);
    const r = closestPoints(t, p)!;
    expect(r.distance).toBeCloseTo(3, 14);
    expect(r.pointA.x).toBeCloseTo(0.25, 14);
    expect(r.pointA.z).toBeCloseTo(0, 14);
    expect(r.pointB).toEqual({ x: 0.25, y: 0.25, z: 3 });
  });

  it("contact of two spheres: normal from the first to the second, flipped when reversed", () => {
    // Centers 1.5 apart on x, radii 1: depth 1 + 1 - 1.5 = 0.5; a's surface at x = 1, b's at
    // x = 0.5, so the point midway is x = 0.75.
    const a = sphere(0, 0, 0, 1);
    const b = sphere(1.5, 0, 0, 1);
    const c = contact(a, b)!;
    expect(c.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(c.depth).toBe(0.5);
    expect(c.count).toBe(1);
    expect(c.points[0].point.x).toBe(0.75);
    const d = contact(b, a)!;
    expect(d.normal).toEqual({ x: -1, y: 0, z: 0 });
    expect(d.depth).toBe(0.5);
    // A ball of radius 1 at x = 0.5 lies in the ball of radius 3 at the origin (0.5 + 1 <= 3):
    // bInA in this order, aInB in the other.
    const big = sphere(0, 0, 0, 3);
    const small = sphere(0.5, 0, 0, 1);
    expect([contact(big, small)!.aInB, contact(big, small)!.bInA]).toEqual([false, true]);
    expect([contact(small, big)!.aInB, contact(small, big)!.bInA]).toEqual([true, false]);
    // Apart by one ulp of 2: null in both orders.
    expect(contact(a, sphere(2 + 2 ** -51, 0, 0, 1))).toBeNull();
    expect(contact(sphere(2 + 2 ** -51, 0, 0, 1), a)).toBeNull();
  });

  it("a sphere swept at a line and the line swept back at the sphere", () => {
    // Sphere r = 1 at the origin moving (10, 0, 0); the line x = 5 along z. The center reaches
    // x = 4 (one radius from the line) at t = 0.4; the line point nearest it is (5, 0, 0), the
    // normal points from the line to the center: (-1, 0, 0).
    const s = sphere(0, 0, 0, 1);
    const l = line(5, 0, 0, 0, 0, 1);
    const h = sweep(s, v(10, 0, 0), l)!;
    expect(h.t).toBeCloseTo(0.4, 15);
    expect(h.position.x).toBeCloseTo(4, 14);
    expect(h.point).toEqual({ x: 5, y: 0, z: 0 });
    expect(h.normal).toEqual({ x: -1, y: 0, z: 0 });
    // Reversed: the line moves by (-10, 0, 0) against the resting sphere. The same t; the line's
    // point moves to 5 - 4 = 1; the contact (5, 0, 0) - 4 = (1, 0, 0) on the sphere, whose outward
    // normal there faces the line: (1, 0, 0).
    const out = makeSweepHit();
    const g = sweep(l, v(-10, 0, 0), s, out)!;
    expect(g).toBe(out);
    expect(g.t).toBe(h.t);
    expect(g.position.x).toBeCloseTo(1, 14);
    expect(g.position.y).toBe(0);
    expect(g.point.x).toBeCloseTo(1, 14);
    expect(g.normal).toEqual({ x: 1, y: 0, z: 0 });
    expect(g.initiallyOverlapping).toBe(false);
  });
});

describe("pairs with no function give null, never a throw", () => {
  it("every ordered pair of kinds: null exactly when `supports` is false", () => {
    const m = v(1, 0, 0);
    for (const ka of KINDS) {
      for (const kb of KINDS) {
        const a = HAND[ka][0]!;
        const b = HAND[kb][0]!;
        expect(test(a, b) === null).toBe(!supports("test", ka, kb));
        expect(distance(a, b) === null).toBe(!supports("distance", ka, kb));
        expect(closestPoints(a, b) === null).toBe(!supports("closestPoints", ka, kb));
        if (!supports("contact", ka, kb)) expect(contact(a, b)).toBeNull();
        if (!supports("sweep", ka, kb)) expect(sweep(a, m, b)).toBeNull();
      }
    }
  });

  it("supports: both orders for symmetric verbs, the written order for intersect", () => {
    expect(supports("test", "sphere", "point")).toBe(true);
    expect(supports("test", "point", "sphere")).toBe(true);
    expect(supports("intersect", "ray", "sphere")).toBe(true);
    expect(supports("intersect", "sphere", "ray")).toBe(false);
    expect(supports("sweep", "line", "sphere")).toBe(true);
  });
});
