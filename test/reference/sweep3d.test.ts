/**
 * The 3D sweep reference against hand-derived contact times, and its within-test against the
 * enumeration reference overlap3d.ts (a different method) on lattice scenes at dyadic times.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cmp, fromDouble, type Rational, rat, sub, toDouble } from "./bigrational.ts";
import { nextUp } from "./float-bits.ts";
import { overlapRef, type Solid3 } from "./overlap3d.ts";
import {
  contactAt,
  type Mover3,
  type P3,
  sweepBracket,
  sweptExact,
  type Target3,
} from "./sweep3d.ts";

const V = (x: number, y: number, z: number): P3 => ({ x, y, z });
const sphere = (x: number, y: number, z: number, radius: number): Mover3 => ({
  kind: "sphere",
  center: V(x, y, z),
  radius,
});
const unitBox = (x: number, y: number, z: number): Mover3 => ({
  kind: "box",
  center: V(x, y, z),
  halfExtents: V(1, 1, 1),
  rotation: { x: 0, y: 0, z: 0, w: 1 },
});

/** lo < t <= hi for the exact rational t. */
function brackets(b: { lo: Rational; hi: Rational }, t: Rational): boolean {
  return cmp(b.lo, t) < 0 && cmp(t, b.hi) <= 0;
}

describe("sweep3d reference: hand cases", () => {
  it("a unit sphere at y = 5 falling by 10 onto the plane y = 0 first touches at t = 4/10", () => {
    // The lowest point 5 - 1 - 10 t reaches 0 at t = 0.4.
    const b = sweepBracket(sphere(0, 5, 0, 1), V(0, -10, 0), {
      kind: "plane",
      normal: V(0, 1, 0),
      offset: 0,
    });
    expect(b.hit && !b.initially).toBe(true);
    expect(brackets(b, rat(2n, 5n))).toBe(true);
  });

  it("a unit box at y = 5 falling by 10 onto a unit box at the origin touches at t = 3/10", () => {
    // Faces y = 4 - 10 t and y = 1 meet at t = 0.3.
    const b = sweepBracket(unitBox(0, 5, 0), V(0, -10, 0), unitBox(0, 0, 0) as Target3);
    expect(brackets(b, rat(3n, 10n))).toBe(true);
    expect(toDouble(sub(b.hi, b.lo))).toBeLessThanOrEqual(2 ** -60);
  });

  it("a capsule falling onto a triangle's edge touches when its segment is r above it", () => {
    // Capsule along z at x = 0, y = 3 (r = 1/2), falling by 4: triangle edge from (-1, 0, -1)
    // to (1, 0, -1)... the triangle's edge x = 0 line: corners (0,0,-2), (0,0,2), (3,0,0) has
    // its edge on x = 0, z in [-2, 2]; the capsule's axis (0, 3 - 4t, z) meets it at distance
    // 3 - 4t = 1/2, t = 5/8.
    const b = sweepBracket(
      { kind: "capsule", a: V(0, 3, -1), b: V(0, 3, 1), radius: 0.5 },
      V(0, -4, 0),
      { kind: "triangle", a: V(0, 0, -2), b: V(0, 0, 2), c: V(3, 0, 0) },
    );
    expect(brackets(b, rat(5n, 8n))).toBe(true);
  });

  it("a tangent graze touches exactly once; one ulp higher never touches", () => {
    // Sphere r = 1 at (-5, 2, 0) moving by (10, 0, 0) past a unit sphere at the origin: the
    // centers are 2 apart at t = 1/2 (the touch); at y = nextUp(2) they stay apart.
    const target: Target3 = { kind: "sphere", center: V(0, 0, 0), radius: 1 };
    const b = sweepBracket(sphere(-5, 2, 0, 1), V(10, 0, 0), target);
    expect(b.hit).toBe(true);
    expect(brackets(b, rat(1n, 2n))).toBe(true);
    expect(contactAt(sphere(-5, 2, 0, 1), V(10, 0, 0), target, rat(1n, 2n))).toBe(true);
    const miss = sweptExact(sphere(-5, nextUp(2), 0, 1), V(10, 0, 0), target);
    expect(miss.hit).toBe(false);
  });

  it("touching at t = 0 is initially overlapping; moving away from a near miss is never", () => {
    const target: Target3 = { kind: "aabb", min: V(-1, -1, -1), max: V(1, 1, 1) };
    const b = sweepBracket(sphere(0, 2, 0, 1), V(0, 5, 0), target);
    expect(b.initially).toBe(true);
    expect(sweptExact(sphere(0, nextUp(2), 0, 1), V(0, 5, 0), target).hit).toBe(false);
  });

  it("a mesh takes its earliest triangle: two floors at y = 0 and y = 1, a sphere falls from 5", () => {
    // Unit sphere falling by 10: it reaches y = 1 (lowest point 4 - 10 t = 1) at t = 0.3.
    const mesh: Target3 = {
      kind: "mesh",
      positions: [-5, 0, -5, 5, 0, -5, 0, 0, 5, -5, 1, -5, 5, 1, -5, 0, 1, 5],
      indices: [0, 1, 2, 3, 4, 5],
    };
    const b = sweepBracket(sphere(0, 5, 0, 1), V(0, -10, 0), mesh, 40);
    expect(brackets(b, rat(3n, 10n))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The within-test against overlap3d.ts at dyadic times (lattice scenes: moved shapes exact)

const small = fc.integer({ min: -4, max: 4 });
const lat = fc.record({ x: small, y: small, z: small });

const latticeMover: fc.Arbitrary<Mover3> = fc.oneof(
  fc.tuple(lat, fc.integer({ min: 0, max: 2 })).map(([c, r]) => sphere(c.x, c.y, c.z, r)),
  fc
    .tuple(lat, lat, fc.integer({ min: 0, max: 2 }))
    .map(([a, b, r]): Mover3 => ({ kind: "capsule", a, b, radius: r })),
  fc.tuple(lat, lat).map(
    ([a, b]): Mover3 => ({
      kind: "aabb",
      min: V(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.min(a.z, b.z)),
      max: V(Math.max(a.x, b.x), Math.max(a.y, b.y), Math.max(a.z, b.z)),
    }),
  ),
  fc.tuple(lat, lat).map(
    ([c, h]): Mover3 => ({
      kind: "box",
      center: c,
      halfExtents: V(Math.abs(h.x), Math.abs(h.y), Math.abs(h.z)),
      rotation: { x: 0, y: 0, z: 0, w: 1 },
    }),
  ),
);

const latticeTarget: fc.Arbitrary<Target3> = fc.oneof(
  latticeMover as fc.Arbitrary<Target3>,
  fc.tuple(lat, lat, lat).map(([a, b, c]): Target3 => ({ kind: "triangle", a, b, c })),
);

/** The mover moved by an exactly representable d, as the overlap reference's solid. */
function solidAt(s: Mover3, d: P3): Solid3 {
  const p = (v: P3): P3 => V(v.x + d.x, v.y + d.y, v.z + d.z);
  switch (s.kind) {
    case "sphere":
      return { kind: "sphere", center: p(s.center), radius: s.radius };
    case "capsule":
      return { kind: "capsule", a: p(s.a), b: p(s.b), radius: s.radius };
    case "aabb":
      return { kind: "aabb", min: p(s.min), max: p(s.max) };
    case "box":
      return { kind: "box", center: p(s.center), halfExtents: s.halfExtents, rotation: s.rotation };
    default:
      throw new Error("not a lattice mover");
  }
}

describe("sweep3d reference: within-test against the enumeration reference", () => {
  it("agrees with overlap3d.ts at t = k/8 and the bracket is consistent with them", () => {
    fc.assert(
      fc.property(
        latticeMover,
        fc.record({
          x: fc.integer({ min: -8, max: 8 }),
          y: fc.integer({ min: -8, max: 8 }),
          z: fc.integer({ min: -8, max: 8 }),
        }),
        latticeTarget,
        (mover, m, target) => {
          const b = sweepBracket(mover, m, target, 24);
          for (let k = 0; k <= 8; k++) {
            const t = k / 8;
            const d = V(t * m.x, t * m.y, t * m.z);
            const exact = overlapRef(solidAt(mover, d), target as Solid3);
            expect(contactAt(mover, m, target, fromDouble(t))).toBe(exact);
            // A touch at t means t >= t*; never means no touch.
            if (exact) {
              expect(b.hit).toBe(true);
              expect(cmp(fromDouble(t), b.lo) >= 0).toBe(true);
              if (k === 0) expect(b.initially).toBe(true);
            }
          }
          if (b.hit && !b.initially) {
            expect(contactAt(mover, m, target, b.hi)).toBe(true);
            expect(contactAt(mover, m, target, b.lo)).toBe(false);
          }
        },
      ),
      { seed: 20261123, numRuns: 60 },
    );
  });
});
