import { length2 } from "../../math/vec2.ts";
import type { Vec } from "../shapes.ts";
import { type GjkResult, gjkDistance, lastSimplex } from "./gjk.ts";
import { type ConvexProxy, makeProxy, support } from "./proxy.ts";

/** The first contact of a translating convex proxy with a static one. */
export interface CastResult {
  /** Time of first contact in [0, 1]. */
  t: number;
  /** A contact point on B's surface at time t. */
  point: Vec;
  /** Unit outward normal of B at `point`, facing A. */
  normal: Vec;
  /** They touch at t = 0 (in floats; the callers' exact test decides what they report). */
  initiallyOverlapping: boolean;
}

const MAX_STEPS = 64;
const G: GjkResult = {
  distance: 0,
  pointA: { x: 0, y: 0 },
  pointB: { x: 0, y: 0 },
  normal: { x: 1, y: 0 },
  iterations: 0,
};
const MOVED: ConvexProxy = makeProxy();
// GJK's last simplex (vertices of B - A and their support indices), for the separating normal.
const SIMPLEX = new Float64Array(6);
const SIMPLEX_A = new Int32Array(3);
const SIMPLEX_B = new Int32Array(3);
// N[0..1]: the separating normal (A toward B) at the current time; N[2..3]: the one of the last
// advancement. Doubles in a Float64Array, since V8 boxes a double written to a module-level `let`.
const N = new Float64Array(4);

function place(a: ConvexProxy, t: number, mx: number, my: number): ConvexProxy {
  const n = a.count;
  if (MOVED.xy.length < 2 * n) MOVED.xy = new Float64Array(2 * n);
  MOVED.count = n;
  MOVED.radius = a.radius;
  const dx = t * mx;
  const dy = t * my;
  for (let k = 0; k < n; k++) {
    MOVED.xy[2 * k] = a.xy[2 * k]! + dx;
    MOVED.xy[2 * k + 1] = a.xy[2 * k + 1]! + dy;
  }
  return MOVED;
}

/**
 * Fills `out` from the last GJK result, taken at time t: the normal is the separating one while
 * the cores are apart, else the last advancement's, else GJK's.
 */
function contactAt(t: number, advanced: boolean, out: CastResult): CastResult {
  out.t = t;
  out.point.x = G.pointB.x;
  out.point.y = G.pointB.y;
  const k = G.distance > 0 ? 0 : advanced ? 2 : -1;
  out.normal.x = 0 - (k < 0 ? G.normal.x : N[k]!);
  out.normal.y = 0 - (k < 0 ? G.normal.y : N[k + 1]!);
  out.initiallyOverlapping = t === 0;
  return out;
}

/** A length that bounds the coordinates involved, for a relative tolerance. */
function scaleOf(a: ConvexProxy, b: ConvexProxy, mx: number, my: number): number {
  let s = Math.abs(mx) + Math.abs(my) + a.radius + b.radius;
  for (let k = 0; k < 2 * a.count; k++) s = Math.max(s, Math.abs(a.xy[k]!));
  for (let k = 0; k < 2 * b.count; k++) s = Math.max(s, Math.abs(b.xy[k]!));
  return s;
}

/**
 * Writes into N[0..1] the unit normal from A toward B of the last `gjkDistance` (apart cores).
 * GJK's own normal is its gap vector, a weighted sum of simplex vertices that cancels down from
 * the size of the coordinates to the distance: far from the origin (1e100 apart by 1e91) its
 * direction keeps only a few digits. On an edge of B - A the perpendicular of the edge is exact
 * to rounding; at a vertex the vertex itself (one subtraction) is.
 */
function separatingNormal(): void {
  let nx = G.normal.x;
  let ny = G.normal.y;
  if (lastSimplex(SIMPLEX, SIMPLEX_A, SIMPLEX_B) === 2) {
    const ex = SIMPLEX[2]! - SIMPLEX[0]!;
    const ey = SIMPLEX[3]! - SIMPLEX[1]!;
    const len = length2(ex, ey);
    if (len > 0 && len < Number.POSITIVE_INFINITY) {
      nx = -ey / len;
      ny = ex / len;
      // Toward the edge from the origin: n . w is the distance, far above its rounding here.
      if (nx * SIMPLEX[0]! + ny * SIMPLEX[1]! + nx * SIMPLEX[2]! + ny * SIMPLEX[3]! < 0) {
        nx = 0 - nx;
        ny = 0 - ny;
      }
    }
  }
  N[0] = nx;
  N[1] = ny;
}

/**
 * The first t in [0, 1] at which A moved by t (mx, my) touches B, or null. Conservative
 * advancement on separating lines: with n a unit normal from A(t) toward B, no point of B is
 * nearer A along n than the support gap g, and A closes along n at speed m . n, so t may advance
 * by g / (m . n) without passing the first contact, at any speed (no tunnelling); so may it by
 * the distance over |m|, which is the step taken when rounding leaves n no separating line.
 * It stops within a relative 1e-12 of the scale of the problem, before the contact; A never
 * closing along a separating n means no contact.
 * @see Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems" (PhD thesis, 1996);
 * van den Bergen, "Ray Casting against General Convex Objects with Application to Continuous
 * Collision Detection" (2004), the separating-plane step; Catto, "Continuous Collision", GDC 2013.
 */
export function castProxies(
  a: ConvexProxy,
  mx: number,
  my: number,
  b: ConvexProxy,
  out: CastResult,
): CastResult | null {
  const tolerance = 1e-12 * scaleOf(a, b, mx, my);
  const radii = a.radius + b.radius;
  const speed = length2(mx, my);
  let advanced = false;
  let t = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const moved = place(a, t, mx, my);
    gjkDistance(moved, b, G);
    const d = G.distance;
    if (d > 0) separatingNormal();
    if (d <= tolerance) {
      return contactAt(t, advanced, out);
    }
    const nx = N[0]!;
    const ny = N[1]!;
    // The support gap along n: B's lowest point minus A's highest, radii included.
    const ib = support(b, N, -1);
    const ia = support(moved, N, 1);
    const gap =
      nx * (b.xy[2 * ib]! - moved.xy[2 * ia]!) +
      ny * (b.xy[2 * ib + 1]! - moved.xy[2 * ia + 1]!) -
      radii;
    const v = mx * nx + my * ny;
    // A separating line (above its rounding) that A does not close on: they never meet.
    if (gap > tolerance / 2 && !(v > 0)) return null;
    // Stop a little short of the estimated contact so the approach stays from outside.
    const along = gap > tolerance / 2 && v > 0 ? (gap - tolerance / 2) / v : 0;
    const next = t + Math.max(along, (d - tolerance / 2) / speed);
    if (!(next <= 1)) {
      // Check the end once: a contact exactly at t = 1 counts.
      if (t < 1) {
        gjkDistance(place(a, 1, mx, my), b, G);
        if (G.distance <= tolerance) {
          t = 1;
          continue;
        }
      }
      return null;
    }
    if (next <= t) {
      // No more progress in floats: this is the contact.
      return contactAt(t, advanced, out);
    }
    N[2] = nx;
    N[3] = ny;
    advanced = true;
    t = next;
  }
  // Grazing approaches converge slowly; report the (conservative) time reached.
  gjkDistance(place(a, t, mx, my), b, G);
  if (G.distance > 1e-6 * scaleOf(a, b, mx, my)) return null;
  if (G.distance > 0) separatingNormal();
  return contactAt(t, advanced, out);
}
