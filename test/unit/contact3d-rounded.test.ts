import { describe, expect, it } from "vitest";
import {
  aabb,
  box,
  capsule,
  contactCapsuleAabb,
  contactCapsuleBox,
  contactCapsuleCapsule,
  contactCapsuleHull,
  contactCapsuleMesh,
  contactCapsuleTriangle,
  contactPlaneCapsule,
  contactPlaneSphere,
  contactSphereAabb,
  contactSphereBox,
  contactSphereCapsule,
  contactSphereHull,
  contactSphereMesh,
  contactSphereSphere,
  contactSphereTriangle,
  hull,
  mesh,
  plane,
  sphere,
  triangle,
  type Vec,
} from "../../src/3d/index.ts";
import { type Contact, makeContact } from "../../src/3d/results.ts";
import { nextDown, nextUp } from "../reference/float-bits.ts";

const v = (x: number, y: number, z: number): Vec => ({ x, y, z });

function expectVec(got: Vec, want: Vec, tol = 1e-15): void {
  expect(Math.abs(got.x - want.x)).toBeLessThanOrEqual(tol);
  expect(Math.abs(got.y - want.y)).toBeLessThanOrEqual(tol);
  expect(Math.abs(got.z - want.z)).toBeLessThanOrEqual(tol);
}

function must(c: Contact | null): Contact {
  expect(c).not.toBeNull();
  return c as Contact;
}

const cube = [
  v(-1, -1, -1),
  v(1, -1, -1),
  v(-1, 1, -1),
  v(1, 1, -1),
  v(-1, -1, 1),
  v(1, -1, 1),
  v(-1, 1, 1),
  v(1, 1, 1),
];

describe("sphere vs sphere", () => {
  it("touching spheres give depth 0 at the touching point", () => {
    // |c2 - c1| = 2 = r1 + r2: depth 0, normal +x, both surfaces meet at (1, 0, 0).
    const c = must(contactSphereSphere(sphere(0, 0, 0, 1), sphere(2, 0, 0, 1)));
    expect(c.depth).toBe(0);
    expectVec(c.normal, v(1, 0, 0));
    expect(c.count).toBe(1);
    expectVec(c.points[0].point, v(1, 0, 0));
  });

  it("one ulp apart is null (exact)", () => {
    expect(contactSphereSphere(sphere(0, 0, 0, 1), sphere(nextUp(2), 0, 0, 1))).toBeNull();
  });

  it("overlap: depth r1 + r2 - d, point midway between the surfaces", () => {
    // d = 1.5, depth 0.5; A's surface at x = 1, B's at x = 0.5: midway 0.75.
    const c = must(contactSphereSphere(sphere(0, 0, 0, 1), sphere(1.5, 0, 0, 1)));
    expect(c.depth).toBe(0.5);
    expectVec(c.points[0].point, v(0.75, 0, 0));
    expect(c.points[0].depth).toBe(0.5);
    expect(c.aInB).toBe(false);
    expect(c.bInA).toBe(false);
  });

  it("concentric spheres: normal (1, 0, 0), depth r1 + r2, exact containment", () => {
    // 0 + 1 <= 2: A is inside B; B (radius 2) is not inside A (radius 1).
    const c = must(contactSphereSphere(sphere(5, 5, 5, 1), sphere(5, 5, 5, 2)));
    expectVec(c.normal, v(1, 0, 0));
    expect(c.depth).toBe(3);
    expect(c.aInB).toBe(true);
    expect(c.bInA).toBe(false);
  });

  it("containment is exact at the boundary: |c1 - c2| + r1 = r2 counts, one ulp more does not", () => {
    // |(3, 4, 0)| = 5; 5 + 1 = 6.
    expect(must(contactSphereSphere(sphere(3, 4, 0, 1), sphere(0, 0, 0, 6))).aInB).toBe(true);
    expect(must(contactSphereSphere(sphere(3, 4, 0, 1), sphere(0, 0, 0, nextDown(6)))).aInB).toBe(
      false,
    );
  });

  it("an offset of 1e9 keeps the depth", () => {
    const o = 1e9;
    const c = must(contactSphereSphere(sphere(o, o, o, 1), sphere(o + 1.5, o, o, 1)));
    expect(c.depth).toBe(0.5);
  });

  it("fills and returns `out`; a miss leaves it untouched", () => {
    const out = makeContact();
    expect(contactSphereSphere(sphere(0, 0, 0, 1), sphere(1, 0, 0, 1), out)).toBe(out);
    expect(out.depth).toBe(1);
    expect(contactSphereSphere(sphere(0, 0, 0, 1), sphere(5, 0, 0, 1), out)).toBeNull();
    expect(out.depth).toBe(1);
  });
});

describe("sphere vs capsule, aabb, box, triangle, hull", () => {
  it("a center on the capsule's segment gets a perpendicular normal and depth r1 + r2", () => {
    // u = (2, 0, 0): anyPerpendicular3 crosses with the axis of the smallest component (y, ties
    // to y before z), giving (0, 0, 1).
    const c = must(contactSphereCapsule(sphere(0, 0, 0, 1), capsule(v(-1, 0, 0), v(1, 0, 0), 0.5)));
    expectVec(c.normal, v(0, 0, 1));
    expect(c.depth).toBe(1.5);
  });

  it("sphere above a capsule: normal toward the segment", () => {
    // Center 1.5 above the segment; depth 1 + 1 - 1.5 = 0.5; surfaces at y = 0.5 and 1: 0.75.
    const c = must(contactSphereCapsule(sphere(0, 1.5, 0, 1), capsule(v(-1, 0, 0), v(1, 0, 0), 1)));
    expectVec(c.normal, v(0, -1, 0));
    expect(c.depth).toBe(0.5);
    expectVec(c.points[0].point, v(0, 0.75, 0));
  });

  it("a center inside an aabb leaves through the nearest face", () => {
    // Center (0, 0.5, 0) in [-1, 1]^3: the +y face is 0.5 away, so the box moves down by
    // 0.5 + 0.25; the ball is inside, as 0.5 + 0.25 <= 1 (and every other face is farther).
    const c = must(contactSphereAabb(sphere(0, 0.5, 0, 0.25), aabb(v(-1, -1, -1), v(1, 1, 1))));
    expectVec(c.normal, v(0, -1, 0));
    expect(c.depth).toBe(0.75);
    expect(c.aInB).toBe(true);
    expect(c.bInA).toBe(false);
  });

  it("an aabb inside a sphere exactly on its boundary counts (closed sets)", () => {
    // The flat box [0, 3] x [0, 4] x {0}: its far corner is at exactly 5 from the origin.
    const b = aabb(v(0, 0, 0), v(3, 4, 0));
    expect(must(contactSphereAabb(sphere(0, 0, 0, 5), b)).bInA).toBe(true);
    expect(must(contactSphereAabb(sphere(0, 0, 0, nextDown(5)), b)).bInA).toBe(false);
  });

  it("sphere on a box turned 45 degrees about z meets its top edge", () => {
    // The quaternion (0, 0, sin 22.5, cos 22.5) turns the unit box by 45 degrees: its edge is at
    // y = sqrt(2), 1.5 - sqrt(2) below the center, so depth = 1 - (1.5 - sqrt(2)).
    const q = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) };
    const turned = box(v(0, 0, 0), v(1, 1, 1), q);
    const c = must(contactSphereBox(sphere(0, 1.5, 0, 1), turned));
    expectVec(c.normal, v(0, -1, 0), 1e-12);
    expect(c.depth).toBeCloseTo(1 - (1.5 - Math.SQRT2), 12);
  });

  it("sphere resting on a box face: one point, depth r - gap", () => {
    const c = must(contactSphereBox(sphere(0, 1.5, 0, 1), box(v(0, 0, 0), v(1, 1, 1))));
    expectVec(c.normal, v(0, -1, 0));
    expect(c.depth).toBe(0.5);
    expectVec(c.points[0].point, v(0, 0.75, 0));
  });

  it("sphere touching a box corner exactly: depth 0", () => {
    // Corner (1, 1, 1); the center is (1, 1, 1) + (2, 2, 1) at distance 3 = r.
    const c = must(contactSphereBox(sphere(3, 3, 2, 3), box(v(0, 0, 0), v(1, 1, 1))));
    expect(c.depth).toBe(0);
    expectVec(c.normal, v(-2 / 3, -2 / 3, -1 / 3));
    expect(contactSphereBox(sphere(3, 3, 2, nextDown(3)), box(v(0, 0, 0), v(1, 1, 1)))).toBeNull();
  });

  it("a center on a triangle gets the normal +unit((b - a) x (c - a)) and depth r", () => {
    const t = triangle(v(0, 0, 0), v(1, 0, 0), v(0, 1, 0));
    const c = must(contactSphereTriangle(sphere(0.25, 0.25, 0, 1), t));
    expectVec(c.normal, v(0, 0, 1));
    expect(c.depth).toBe(1);
    // A's surface along n at z = 1, the triangle at z = 0: midway z = 0.5.
    expectVec(c.points[0].point, v(0.25, 0.25, 0.5));
    expect(c.aInB).toBe(false);
  });

  it("sphere on a cube hull face matches the aabb answer", () => {
    const h = must(contactSphereHull(sphere(0.25, 1.5, 0, 1), hull(cube)));
    expectVec(h.normal, v(0, -1, 0), 1e-12);
    expect(h.depth).toBeCloseTo(0.5, 12);
    const deep = must(contactSphereHull(sphere(0, 0.5, 0, 0.25), hull(cube)));
    expectVec(deep.normal, v(0, -1, 0), 1e-12);
    expect(deep.depth).toBeCloseTo(0.75, 12);
    // The ball reaches 0.75 < 1 from the center: inside every face by 0.25.
    expect(deep.aInB).toBe(true);
  });
});

describe("capsule pairs", () => {
  it("a capsule lying on a box face gives two points, at its ends", () => {
    // Segment at y = 1.25, r = 0.5, box top y = 1: depth 0.25; the capsule's surface y = 0.75,
    // the face y = 1: points midway at y = 0.875, x = -0.5 and 0.5.
    const c = must(
      contactCapsuleBox(
        capsule(v(-0.5, 1.25, 0), v(0.5, 1.25, 0), 0.5),
        box(v(0, 0, 0), v(1, 1, 1)),
      ),
    );
    expectVec(c.normal, v(0, -1, 0));
    expect(c.depth).toBe(0.25);
    expect(c.count).toBe(2);
    expectVec(c.points[0].point, v(-0.5, 0.875, 0));
    expectVec(c.points[1].point, v(0.5, 0.875, 0));
    expect(c.points[1].depth).toBe(0.25);
  });

  it("a capsule longer than the face is clipped to the face's sides", () => {
    // Segment from x = -3 to 3 over the face x in [-1, 1]: points at x = -1 and 1.
    const c = must(
      contactCapsuleAabb(
        capsule(v(-3, 1.25, 0), v(3, 1.25, 0), 0.5),
        aabb(v(-1, -1, -1), v(1, 1, 1)),
      ),
    );
    expect(c.count).toBe(2);
    expectVec(c.points[0].point, v(-1, 0.875, 0));
    expectVec(c.points[1].point, v(1, 0.875, 0));
  });

  it("a tilted capsule touching a face with one end gives one point", () => {
    const c = must(
      contactCapsuleAabb(
        capsule(v(-0.5, 1.25, 0), v(0.5, 2.25, 0), 0.5),
        aabb(v(-1, -1, -1), v(1, 1, 1)),
      ),
    );
    expect(c.count).toBe(1);
    expect(c.depth).toBe(0.25);
    expectVec(c.points[0].point, v(-0.5, 0.875, 0));
  });

  it("crossing capsules: normal u x v, depth r1 + r2, point at the crossing", () => {
    // x-axis and y-axis segments cross at the origin; u x v = +z, both midpoints at the origin.
    const c = must(
      contactCapsuleCapsule(
        capsule(v(-1, 0, 0), v(1, 0, 0), 0.5),
        capsule(v(0, -1, 0), v(0, 1, 0), 0.5),
      ),
    );
    expectVec(c.normal, v(0, 0, 1));
    expect(c.depth).toBe(1);
    expectVec(c.points[0].point, v(0, 0, 0));
  });

  it("capsules crossing at a distance: along the common perpendicular", () => {
    // Segments 0.75 apart along z; depth 1 - 0.75 = 0.25; midway between z = 0.5 and 0.25.
    const c = must(
      contactCapsuleCapsule(
        capsule(v(-1, 0, 0), v(1, 0, 0), 0.5),
        capsule(v(0, -1, 0.75), v(0, 1, 0.75), 0.5),
      ),
    );
    expectVec(c.normal, v(0, 0, 1));
    expect(c.depth).toBe(0.25);
    expectVec(c.points[0].point, v(0, 0, 0.375));
  });

  it("parallel capsules give two points over their overlap", () => {
    // Overlap x in [1, 2]; gap 0.8, depth 0.2; surfaces at y = 0.5 and 0.3: midway 0.4.
    const c = must(
      contactCapsuleCapsule(
        capsule(v(0, 0, 0), v(2, 0, 0), 0.5),
        capsule(v(1, 0.8, 0), v(3, 0.8, 0), 0.5),
      ),
    );
    expectVec(c.normal, v(0, 1, 0));
    expect(c.depth).toBeCloseTo(0.2, 15);
    expect(c.count).toBe(2);
    expectVec(c.points[0].point, v(1, 0.4, 0));
    expectVec(c.points[1].point, v(2, 0.4, 0));
  });

  it("a capsule inside another (exact)", () => {
    // Inner ends within 1 - 0.5 of the outer segment.
    const c = must(
      contactCapsuleCapsule(
        capsule(v(0, 0.5, 0), v(1, 0.5, 0), 0.5),
        capsule(v(-1, 0, 0), v(2, 0, 0), 1),
      ),
    );
    expect(c.aInB).toBe(true);
    expect(c.bInA).toBe(false);
  });

  it("capsule resting in a triangle: two points", () => {
    const t = triangle(v(0, 0, 0), v(4, 0, 0), v(0, 4, 0));
    const c = must(contactCapsuleTriangle(capsule(v(0.5, 0.5, 0.25), v(1.5, 0.5, 0.25), 0.5), t));
    // (b - a) x (c - a) = +z; the capsule is above it, so B moves down: normal (0, 0, -1).
    expectVec(c.normal, v(0, 0, -1));
    expect(c.depth).toBe(0.25);
    expect(c.count).toBe(2);
  });

  it("capsule on a hull face: one point (no faces to clip against)", () => {
    const c = must(contactCapsuleHull(capsule(v(-0.5, 1.25, 0), v(0.5, 1.25, 0), 0.5), hull(cube)));
    expectVec(c.normal, v(0, -1, 0), 1e-12);
    expect(c.depth).toBeCloseTo(0.25, 12);
    expect(c.count).toBe(1);
  });
});

describe("plane pairs", () => {
  it("sphere above the plane y = 1", () => {
    // Normal (0, 2, 0), offset 2: the plane y = 1; center 0.5 above; depth 0.5; the plane's
    // point y = 1, the sphere's deepest y = 0.5: midway 0.75.
    const c = must(contactPlaneSphere(plane(v(0, 2, 0), 2), sphere(0, 1.5, 0, 1)));
    expectVec(c.normal, v(0, 1, 0));
    expect(c.depth).toBe(0.5);
    expectVec(c.points[0].point, v(0, 0.75, 0));
    expect(c.aInB).toBe(false);
    expect(c.bInA).toBe(false);
  });

  it("a capsule across the plane moves the shorter way", () => {
    // Ends at z = -1 and 3, r = 0.5: up needs 0.5 + 1 = 1.5, down 0.5 + 3 = 3.5. Only the end
    // at z = -1 is within reach on the + side: one point midway between z = 0 and z = -1.5.
    const c = must(
      contactPlaneCapsule(plane(v(0, 0, 1), 0), capsule(v(0, 0, -1), v(0, 0, 3), 0.5)),
    );
    expectVec(c.normal, v(0, 0, 1));
    expect(c.depth).toBe(1.5);
    expect(c.count).toBe(1);
    expectVec(c.points[0].point, v(0, 0, -0.75));
  });

  it("a capsule lying on the plane gives two points; a zero-radius one in it is held", () => {
    const c = must(
      contactPlaneCapsule(plane(v(0, 1, 0), 0), capsule(v(-1, 0.25, 0), v(1, 0.25, 0), 0.5)),
    );
    expect(c.count).toBe(2);
    expect(c.depth).toBe(0.25);
    const flat = must(
      contactPlaneCapsule(plane(v(0, 1, 0), 0), capsule(v(-1, 0, 0), v(1, 0, 0), 0)),
    );
    expect(flat.bInA).toBe(true);
  });
});

describe("sphere and capsule vs mesh", () => {
  // The floor z = 0 over [-1, 1]^2 in two triangles sharing the diagonal (-1, -1)-(1, 1).
  const floor = mesh([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0], [0, 1, 2, 0, 2, 3]);

  it("a sphere resting on the seam gets the floor's normal, not an edge normal", () => {
    // Center above the shared edge at height 0.5, r = 1: both triangles touch with normal
    // (0, 0, -1) (from the sphere down to the floor), depth 0.5, the same point.
    const c = must(contactSphereMesh(sphere(0, 0, 0.5, 1), floor));
    expectVec(c.normal, v(0, 0, -1));
    expect(c.depth).toBe(0.5);
    expect(c.count).toBe(1);
    expectVec(c.points[0].point, v(0, 0, -0.25));
  });

  it("just off the seam, the face contact (deepest) sets the normal", () => {
    // Over triangle 0 at x = 0.1: its face gives depth 0.5; triangle 1 only its edge, shallower.
    const c = must(contactSphereMesh(sphere(0.1, 0, 0.5, 1), floor));
    expectVec(c.normal, v(0, 0, -1));
    expect(c.depth).toBe(0.5);
  });

  it("a capsule across the seam keeps the points of both triangles", () => {
    const c = must(contactCapsuleMesh(capsule(v(-0.5, 0.5, 0.25), v(0.5, -0.5, 0.25), 0.5), floor));
    expectVec(c.normal, v(0, 0, -1));
    expect(c.depth).toBe(0.25);
    expect(c.count).toBe(3);
  });

  it("a sphere clear of the surface is null, even inside a closed mesh", () => {
    expect(contactSphereMesh(sphere(0, 0, nextUp(1), 1), floor)).toBeNull();
    // A closed tetrahedron around a small ball at its centroid: the surface is not touched.
    const tet = mesh([0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4], [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
    expect(contactSphereMesh(sphere(1, 1, 1, 0.1), tet)).toBeNull();
  });

  it("a mesh inside the sphere is bInA (every triangle corner within r)", () => {
    // Corners at distance sqrt(2) from the origin; r = 1.5 holds them all.
    const c = must(contactSphereMesh(sphere(0, 0, 0, 1.5), floor));
    expect(c.bInA).toBe(true);
    expect(must(contactSphereMesh(sphere(0, 0, 0, 1.4), floor)).bInA).toBe(false);
  });
});
