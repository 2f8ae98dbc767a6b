/**
 * Exact containment reference for 3D solids (test only; imports nothing from src/): does the
 * solid `inner` lie entirely inside `outer`? Both are a convex core (exact rational vertices)
 * grown by a radius.
 *
 * - Outer sphere or capsule (core a point or segment, radius ro): the distance to a convex core is
 *   convex, so inner (its core grown by ri) is inside exactly when ro >= ri and every inner core
 *   vertex is within ro - ri of the outer core (exact squared distance by enumeration,
 *   `coreDistance2`).
 * - Outer polytope with volume (aabb, box, hull): its supporting planes are found by brute force
 *   (every triple of vertices whose plane has all the vertices on one side); inner is inside when
 *   every inner vertex is on the inner side of each by at least ri, compared squared.
 * - Outer without volume (triangle, flat box or hull): only ri = 0 cores on it (distance 0).
 */
import { add, cmp, fromDouble, mul, type Rational, rat, sign, sub } from "./bigrational.ts";
import { coreDistance2, coreOf, type P3, type Solid3 } from "./overlap3d.ts";

/** A solid for the containment reference: the overlap reference's solids plus hulls. */
export type ContainSolid = Exclude<Solid3, { kind: "frustum" }> | { kind: "hull"; points: P3[] };

type RV = [Rational, Rational, Rational];

function core(s: ContainSolid): { verts: RV[]; radius: Rational } {
  if (s.kind === "hull") {
    return {
      verts: s.points.map((p) => [fromDouble(p.x), fromDouble(p.y), fromDouble(p.z)] as RV),
      radius: rat(0n),
    };
  }
  return coreOf(s);
}

const vsub = (a: RV, b: RV): RV => [sub(a[0], b[0]), sub(a[1], b[1]), sub(a[2], b[2])];
const dot = (a: RV, b: RV): Rational => add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]));
const cross = (a: RV, b: RV): RV => [
  sub(mul(a[1], b[2]), mul(a[2], b[1])),
  sub(mul(a[2], b[0]), mul(a[0], b[2])),
  sub(mul(a[0], b[1]), mul(a[1], b[0])),
];

/** Exact: is `inner` entirely inside `outer` (closed sets)? */
export function containsRef(outer: ContainSolid, inner: ContainSolid): boolean {
  const O = core(outer);
  const I = core(inner);
  const ri = I.radius;
  if (outer.kind === "sphere" || outer.kind === "capsule") {
    const R = sub(O.radius, ri);
    if (sign(R) < 0) return false;
    const RR = mul(R, R);
    return I.verts.every((v) => {
      const d = coreDistance2([v], O.verts);
      return cmp(rat(d.num, d.den), RR) <= 0;
    });
  }
  const V = O.verts;
  let solid = false;
  const planes: { a: RV; n: RV }[] = [];
  for (let i = 0; i < V.length; i++) {
    for (let j = i + 1; j < V.length; j++) {
      for (let k = j + 1; k < V.length; k++) {
        const a = V[i]!;
        let n = cross(vsub(V[j]!, a), vsub(V[k]!, a));
        let side = 0;
        let ok = true;
        for (const p of V) {
          const s = sign(dot(n, vsub(p, a)));
          if (s === 0) continue;
          if (side === 0) side = s;
          else if (s !== side) ok = false;
        }
        if (side === 0) continue;
        solid = true;
        if (!ok) continue;
        // Orient n outward: the vertices are on its negative side.
        if (side > 0) n = [sub(rat(0n), n[0]), sub(rat(0n), n[1]), sub(rat(0n), n[2])];
        planes.push({ a, n });
      }
    }
  }
  if (!solid) {
    if (sign(ri) > 0) return false;
    return I.verts.every((v) => coreDistance2([v], V).num === 0n);
  }
  return I.verts.every((v) =>
    planes.every(({ a, n }) => {
      const s = dot(n, vsub(a, v)); // >= ri |n| inside
      if (sign(s) < 0) return false;
      return cmp(mul(s, s), mul(mul(ri, ri), dot(n, n))) >= 0;
    }),
  );
}
