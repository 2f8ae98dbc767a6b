import type { Vec } from "../shapes.ts";
import { gjkDistance, lastCoreDistance, lastSimplex, makeGjkResult } from "./gjk.ts";
import { type ConvexProxy, makeProxy, support } from "./proxy.ts";

/** The first contact found by `castProxies`. */
export interface ProxyCast {
  /** Time in [0, 1] at which A, moved by t * motion, comes within the radii (plus pad) of B. */
  t: number;
  /** A point on B's surface (core grown by its radius) nearest A at time t. */
  point: Vec;
  /** Unit normal at `point`, from B toward A (B's outward normal facing the mover). */
  normal: Vec;
  /** Advancement steps used. */
  iterations: number;
}

/** Makes a `ProxyCast` with every field present. */
export function makeProxyCast(): ProxyCast {
  return { t: 0, point: { x: 0, y: 0, z: 0 }, normal: { x: 1, y: 0, z: 0 }, iterations: 0 };
}

const MAX_STEPS = 64;
const MOVED: ConvexProxy = makeProxy(8);
const G = makeGjkResult();
// The normal of the last advancement (from B toward A), and the current time; doubles in a
// Float64Array, since V8 boxes a double written to a module-level `let`.
const S = new Float64Array(4);
// GJK's last simplex, and the separating normal refined from it (A toward B), x y z.
const SIMPLEX = new Float64Array(12);
const N = new Float64Array(3);
// The size of the last simplex (set by separatingNormal).
const LAST_COUNT = new Int32Array(1);

/**
 * Writes into N the unit normal from A toward B of the last `gjkDistance` (apart cores). GJK's
 * own normal is its nearest point, a weighted sum of simplex vertices that cancels from the size
 * of the coordinates down to the distance: at 1e100 with a distance of 1e91 its direction keeps
 * only a few digits, enough to make a shape passing at a shallow angle look as if it moved away.
 * On a face of B - A the cross product of two edges (differences, exact to rounding) is exact
 * to rounding; on an edge, GJK's normal with its component along the edge removed loses only
 * the second order.
 */
function separatingNormal(): void {
  let nx = G.normal.x;
  let ny = G.normal.y;
  let nz = G.normal.z;
  const count = lastSimplex(SIMPLEX);
  LAST_COUNT[0] = count;
  const w = SIMPLEX;
  if (count === 3) {
    // Each edge scaled to unit size first, so the products neither overflow nor underflow.
    let ux = w[3]! - w[0]!;
    let uy = w[4]! - w[1]!;
    let uz = w[5]! - w[2]!;
    let vx = w[6]! - w[0]!;
    let vy = w[7]! - w[1]!;
    let vz = w[8]! - w[2]!;
    const mu = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz));
    const mv = Math.max(Math.abs(vx), Math.abs(vy), Math.abs(vz));
    if (mu > 0 && mv > 0 && mu < Number.POSITIVE_INFINITY && mv < Number.POSITIVE_INFINITY) {
      ux /= mu;
      uy /= mu;
      uz /= mu;
      vx /= mv;
      vy /= mv;
      vz /= mv;
      const cx = uy * vz - uz * vy;
      const cy = uz * vx - ux * vz;
      const cz = ux * vy - uy * vx;
      const len = Math.sqrt(cx * cx + cy * cy + cz * cz);
      // A sliver whose cross product is all rounding keeps GJK's normal.
      if (len > 1e-8) {
        const s = cx * nx + cy * ny + cz * nz < 0 ? -1 / len : 1 / len;
        nx = cx * s;
        ny = cy * s;
        nz = cz * s;
      }
    }
  } else if (count === 2) {
    let ex = w[3]! - w[0]!;
    let ey = w[4]! - w[1]!;
    let ez = w[5]! - w[2]!;
    const me = Math.max(Math.abs(ex), Math.abs(ey), Math.abs(ez));
    if (me > 0 && me < Number.POSITIVE_INFINITY) {
      ex /= me;
      ey /= me;
      ez /= me;
      const k = (nx * ex + ny * ey + nz * ez) / (ex * ex + ey * ey + ez * ez);
      const px = nx - k * ex;
      const py = ny - k * ey;
      const pz = nz - k * ez;
      const len = Math.sqrt(px * px + py * py + pz * pz);
      if (len > 0.5) {
        nx = px / len;
        ny = py / len;
        nz = pz / len;
      }
    }
  }
  N[0] = nx;
  N[1] = ny;
  N[2] = nz;
}

/**
 * The support gap of two proxies' cores along (nx, ny, nz), A toward B: B's lowest value minus
 * A's highest (a lower bound on their distance times |n|, radii not included).
 */
export function supportGap(
  a: ConvexProxy,
  b: ConvexProxy,
  nx: number,
  ny: number,
  nz: number,
): number {
  const ib = support(b, -nx, -ny, -nz);
  const ia = support(a, nx, ny, nz);
  const p = a.xyz;
  const q = b.xyz;
  return (
    nx * (q[3 * ib]! - p[3 * ia]!) +
    ny * (q[3 * ib + 1]! - p[3 * ia + 1]!) +
    nz * (q[3 * ib + 2]! - p[3 * ia + 2]!)
  );
}

/**
 * The first time t in [0, 1] at which proxy A translated by t * (mx, my, mz) comes within
 * ra + rb + pad of proxy B, by conservative advancement on separating planes: at each step GJK
 * gives the closest points of A(t) and B and their normal n; no point of B is nearer A(t) along
 * n than the support gap g, and A closes along n at speed n . m, so t may advance by
 * (g - r) / (n . m) without passing the first contact; so may it by (d - r) / |m| for the distance
 * d (the larger step wins: near an edge the plane's gap is only second-order). The cast stops when the distance is
 * within 2^-44 of the scene's scale of ra + rb + pad, reports no contact when A stops closing
 * (n . m <= 0) or t passes 1, and after 64 steps keeps the (early) time reached. With pad a few
 * ulps of the scale above the rounding, t is never after the exact first contact. Fills `out`
 * and returns true on contact; false leaves `out` partly written.
 * @see B. Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems", PhD thesis 1996
 * (conservative advancement); G. van den Bergen, "Ray Casting against General Convex Objects
 * with Application to Continuous Collision Detection", 2004 (the separating-plane step).
 */
export function castProxies(
  a: ConvexProxy,
  mx: number,
  my: number,
  mz: number,
  b: ConvexProxy,
  pad: number,
  scale: number,
  out: ProxyCast,
): boolean {
  const n = a.count;
  if (MOVED.xyz.length < 3 * n) MOVED.xyz = new Float64Array(3 * n);
  MOVED.count = n;
  MOVED.radius = a.radius;
  const ra = a.radius;
  const rb = b.radius;
  const r = ra + rb + pad;
  const stop = 2 ** -44 * scale;
  // |m| without overflow or underflow of the squares.
  const big = Math.max(Math.abs(mx), Math.abs(my), Math.abs(mz));
  const speed =
    big === 0 ? 0 : big * Math.sqrt((mx / big) ** 2 + (my / big) ** 2 + (mz / big) ** 2);
  const src = a.xyz;
  const dst = MOVED.xyz;
  S[0] = 0;
  let advanced = false;
  let steps = 0;
  let t = 0;
  let core = 0;
  for (;;) {
    for (let i = 0; i < n; i++) {
      dst[3 * i] = src[3 * i]! + t * mx;
      dst[3 * i + 1] = src[3 * i + 1]! + t * my;
      dst[3 * i + 2] = src[3 * i + 2]! + t * mz;
    }
    gjkDistance(MOVED, b, G);
    core = lastCoreDistance();
    if (core - r <= stop || steps >= MAX_STEPS) break;
    // n from A toward B; the support gap: B's lowest value along n minus A's highest.
    separatingNormal();
    const nx = N[0]!;
    const ny = N[1]!;
    const nz = N[2]!;
    const gap = supportGap(MOVED, b, nx, ny, nz);
    const closing = nx * mx + ny * my + nz * mz;
    // A separating plane (clear of the stopping distance) that A does not close on: no contact.
    if (gap - r > stop && !(closing > 0)) return false;
    // A face simplex whose plane B - A crosses by more than GJK's distance: GJK stopped on a
    // sliver short of the nearest point (rounding, at the ulp level of the coordinates), so its
    // distance is no bound to step by; the shapes are within that distance: stop here.
    if (LAST_COUNT[0] === 3 && gap < -core) break;
    steps++;
    // Two safe steps, the larger wins: the separating plane's, and the distance over the speed
    // (no point moves faster than |m|), which still advances near an edge or corner where the
    // tilted plane's support gap falls to the second order, and where rounding leaves n no
    // separating plane.
    const step = Math.max(closing > 0 ? (gap - r) / closing : 0, (core - r) / speed);
    if (!(step > 0)) break;
    t += step;
    if (!(t <= 1)) return false;
    S[1] = -nx;
    S[2] = -ny;
    S[3] = -nz;
    advanced = true;
  }
  out.t = t;
  out.iterations = steps;
  // The GJK normal is reliable while the cores are clearly apart; at a touch of flat cores it is
  // the direction between two nearly equal points, and the last separating plane's is better.
  const nrm = out.normal;
  if (core > 2 ** -20 * scale || (!advanced && core > 0)) {
    nrm.x = -G.normal.x;
    nrm.y = -G.normal.y;
    nrm.z = -G.normal.z;
  } else if (advanced) {
    nrm.x = S[1]!;
    nrm.y = S[2]!;
    nrm.z = S[3]!;
  } else {
    nrm.x = -mx;
    nrm.y = -my;
    nrm.z = -mz;
  }
  const p = out.point;
  if (core > ra + rb) {
    // pointB = B's core point - rb * (A-to-B normal); moved onto B's surface along `normal`.
    const cx = G.pointB.x + rb * G.normal.x;
    const cy = G.pointB.y + rb * G.normal.y;
    const cz = G.pointB.z + rb * G.normal.z;
    p.x = cx + rb * nrm.x;
    p.y = cy + rb * nrm.y;
    p.z = cz + rb * nrm.z;
  } else {
    p.x = G.pointB.x;
    p.y = G.pointB.y;
    p.z = G.pointB.z;
  }
  return true;
}
