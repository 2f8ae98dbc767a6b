import { orient3dOf } from "../../exact/orient3d.ts";
import { makeVec3 } from "../results.ts";
import type { Vec } from "../shapes.ts";
import { certainTripleSign } from "./certain-triple.ts";
import {
  type GjkResult,
  gjkDistance,
  lastCoreDistance,
  lastSimplex,
  makeGjkResult,
} from "./gjk.ts";
import type { ConvexProxy } from "./proxy.ts";
import { support } from "./proxy.ts";

/** Penetration of two overlapping convex 3D proxies. */
export interface Penetration {
  /**
   * How far B must move along `normal` to only touch A (radii included); negative when the
   * shapes are apart (minus their distance).
   */
  depth: number;
  /** Unit vector from A toward B: the direction to push B out. */
  normal: Vec;
  /** Expansion iterations used (0 when the cores do not overlap). */
  iterations: number;
}

/**
 * A class, not a literal: a literal's hidden class is shared with every literal of the same keys
 * in the process, and one foreign non-number stored in `depth` would box each double written here.
 */
class PenetrationRecord implements Penetration {
  depth = 0;
  normal: Vec = makeVec3();
  iterations = 0;
}

/** Makes a `Penetration` with every field present. */
export function makePenetration(): Penetration {
  const p = new PenetrationRecord();
  p.normal.x = 1;
  return p;
}

const MAX_ITERATIONS = 64;
/** Relative tolerance: a support point this close to the simplex's span adds no volume. */
const FLAT = 1e-12;
const MAX_VERTS = MAX_ITERATIONS + 8;
const MAX_FACES = 4 * MAX_VERTS;
const MAX_EDGES = 3 * MAX_FACES;

// The polytope: vertices of B - A (scaled), triangles wound counter-clockwise seen from outside,
// each with its unit outward normal and its distance from the origin.
const PV = new Float64Array(3 * MAX_VERTS);
let nv = 0;
const FI = new Int32Array(3 * MAX_FACES);
const FN = new Float64Array(4 * MAX_FACES);
const alive = new Uint8Array(MAX_FACES);
/**
 * Faces whose corners are nearly collinear (|cross| <= 2^-20 |e1| |e2|): their float normal is
 * mostly rounding, so they are never the nearest face. Skipping one cannot raise the depth: the
 * polytope is convex, so a sliver's plane lies between its neighbours' across its long edges, and
 * the distance of a plane turning about a line, positive over the turn, is least at an end.
 */
const sliver = new Uint8Array(MAX_FACES);
const SLIVER = 2 ** -40;
let nf = 0;
const EDGE = new Int32Array(2 * MAX_EDGES);
let ne = 0;
const G: GjkResult = makeGjkResult();
const SIMPLEX = new Float64Array(12);
// Scratch for doubles that cross calls V8 may not inline (each would be boxed): N holds a face
// normal (0..2), its length (3) and its edges' squared lengths multiplied (4), DIR a search direction.
const N = new Float64Array(5);
const DIR = new Float64Array(3);
// Scale applied to every vertex (a power of two: exact).
const K = new Float64Array(1);
/** Whether the last `epaPenetration` left a closed polytope (no face or horizon edge dropped). */
let closed = false;

/** Support point of B - A along s DIR (s = 1 or -1), scaled, appended as a vertex. */
function supportVertex(a: ConvexProxy, b: ConvexProxy, s: number): number {
  // Only s crosses these calls (a small integer), inlined or not.
  const ia = support(a, DIR, -s);
  const ib = support(b, DIR, s);
  const k = K[0]!;
  PV[3 * nv] = (b.xyz[3 * ib]! - a.xyz[3 * ia]!) * k;
  PV[3 * nv + 1] = (b.xyz[3 * ib + 1]! - a.xyz[3 * ia + 1]!) * k;
  PV[3 * nv + 2] = (b.xyz[3 * ib + 2]! - a.xyz[3 * ia + 2]!) * k;
  return nv++;
}

/** Support vertex along (x, y, z), each -1, 0 or 1 (small integers, not boxed). */
function supportAxis(a: ConvexProxy, b: ConvexProxy, x: number, y: number, z: number): number {
  DIR[0] = x;
  DIR[1] = y;
  DIR[2] = z;
  return supportVertex(a, b, 1);
}

/**
 * Unnormalised normal (vj - vi) x (vk - vi) into N[0..2], its length into N[3], and the product
 * of the two edges' squared lengths into N[4].
 */
function cross(i: number, j: number, k: number): void {
  const ax = PV[3 * i]!;
  const ay = PV[3 * i + 1]!;
  const az = PV[3 * i + 2]!;
  const ux = PV[3 * j]! - ax;
  const uy = PV[3 * j + 1]! - ay;
  const uz = PV[3 * j + 2]! - az;
  const vx = PV[3 * k]! - ax;
  const vy = PV[3 * k + 1]! - ay;
  const vz = PV[3 * k + 2]! - az;
  N[0] = uy * vz - uz * vy;
  N[1] = uz * vx - ux * vz;
  N[2] = ux * vy - uy * vx;
  N[3] = Math.sqrt(N[0]! * N[0]! + N[1]! * N[1]! + N[2]! * N[2]!);
  N[4] = (ux * ux + uy * uy + uz * uz) * (vx * vx + vy * vy + vz * vz);
}

function addFace(i: number, j: number, k: number): boolean {
  if (nf >= MAX_FACES) return false;
  cross(i, j, k);
  const len = N[3]!;
  if (!(len > 0)) return false;
  const f = nf++;
  FI[3 * f] = i;
  FI[3 * f + 1] = j;
  FI[3 * f + 2] = k;
  const nx = N[0]! / len;
  const ny = N[1]! / len;
  const nz = N[2]! / len;
  FN[4 * f] = nx;
  FN[4 * f + 1] = ny;
  FN[4 * f + 2] = nz;
  FN[4 * f + 3] = nx * PV[3 * i]! + ny * PV[3 * i + 1]! + nz * PV[3 * i + 2]!;
  alive[f] = 1;
  sliver[f] = len * len <= SLIVER * N[4]! ? 1 : 0;
  return true;
}

/** Whether vertex l lies within FLAT |n| of the plane of face ijk (n its unnormalised normal, in N). */
function nearPlane(i: number, j: number, k: number, l: number): boolean {
  cross(i, j, k);
  const v =
    N[0]! * (PV[3 * i]! - PV[3 * l]!) +
    N[1]! * (PV[3 * i + 1]! - PV[3 * l + 1]!) +
    N[2]! * (PV[3 * i + 2]! - PV[3 * l + 2]!);
  return Math.abs(v) <= FLAT * N[3]!;
}

/** Exact sign of orient3d on polytope vertices i, j, k, l: positive when l is above face ijk. */
function orientVertices(i: number, j: number, k: number, l: number): number {
  return orient3dOf(PV, i, j, k, l);
}

/** |PV_i - PV_j|^2 into N[3] (a double returned from a call V8 leaves out of line is boxed). */
function dist2(i: number, j: number): void {
  const x = PV[3 * i]! - PV[3 * j]!;
  const y = PV[3 * i + 1]! - PV[3 * j + 1]!;
  const z = PV[3 * i + 2]! - PV[3 * j + 2]!;
  N[3] = x * x + y * y + z * z;
}

function addEdge(i: number, j: number): void {
  // An edge shared by two visible faces appears once each way: drop both.
  for (let e = 0; e < ne; e++) {
    if (EDGE[2 * e] === j && EDGE[2 * e + 1] === i) {
      ne--;
      EDGE[2 * e] = EDGE[2 * ne]!;
      EDGE[2 * e + 1] = EDGE[2 * ne + 1]!;
      return;
    }
  }
  if (ne < MAX_EDGES) {
    EDGE[2 * ne] = i;
    EDGE[2 * ne + 1] = j;
    ne++;
  } else closed = false;
}

/**
 * Grows GJK's final simplex (which holds the origin, maybe on its boundary) into a tetrahedron
 * that holds it, by support points off the simplex's line or plane (van den Bergen's blow-up).
 * Returns false when the Minkowski difference is flat there: the depth is then 0, normal in N.
 */
function blowUp(a: ConvexProxy, b: ConvexProxy): boolean {
  // One small function per stage: in one body, V8 ran out of inlining budget for the support
  // scans, and their double arguments were boxed.
  if (nv === 1 && !fromPoint(a, b)) return false;
  if (nv === 2 && !fromSegment(a, b)) return false;
  return nv !== 3 || fromTriangle(a, b);
}

/** A point simplex: any support point away from it makes a segment holding the origin. */
function fromPoint(a: ConvexProxy, b: ConvexProxy): boolean {
  for (let d = 0; d < 6 && nv === 1; d++) {
    const s = d & 1 ? -1 : 1;
    const v = supportAxis(a, b, d >> 1 === 0 ? s : 0, d >> 1 === 1 ? s : 0, d >> 1 === 2 ? s : 0);
    dist2(0, v);
    if (N[3]! <= FLAT * FLAT) nv--;
  }
  if (nv === 1) {
    N[0] = 1;
    N[1] = 0;
    N[2] = 0;
    return false;
  }
  return true;
}

/** A segment simplex: a support point off its line makes a triangle holding the origin. */
function fromSegment(a: ConvexProxy, b: ConvexProxy): boolean {
  // Directions perpendicular to the segment: the axis least along it, crossed with it.
  const ex = PV[3]! - PV[0]!;
  const ey = PV[4]! - PV[1]!;
  const ez = PV[5]! - PV[2]!;
  const ax = Math.abs(ex);
  const ay = Math.abs(ey);
  const az = Math.abs(ez);
  let px: number;
  let py: number;
  let pz: number;
  if (ax <= ay && ax <= az) {
    px = 0;
    py = -ez;
    pz = ey;
  } else if (ay <= az) {
    px = ez;
    py = 0;
    pz = -ex;
  } else {
    px = -ey;
    py = ex;
    pz = 0;
  }
  const qx = ey * pz - ez * py;
  const qy = ez * px - ex * pz;
  const qz = ex * py - ey * px;
  dist2(0, 1);
  const span = Math.sqrt(N[3]!);
  for (let d = 0; d < 4 && nv === 2; d++) {
    const s = d & 1 ? -1 : 1;
    DIR[0] = s * (d < 2 ? px : qx);
    DIR[1] = s * (d < 2 ? py : qy);
    DIR[2] = s * (d < 2 ? pz : qz);
    const v = supportVertex(a, b, 1);
    cross(0, 1, v);
    if (N[3]! <= FLAT * span) nv--;
  }
  if (nv === 2) {
    const len = Math.sqrt(px * px + py * py + pz * pz);
    N[0] = px / len;
    N[1] = py / len;
    N[2] = pz / len;
    return false;
  }
  return true;
}

/** A triangle simplex: a support point off its plane makes a tetrahedron holding the origin. */
function fromTriangle(a: ConvexProxy, b: ConvexProxy): boolean {
  cross(0, 1, 2);
  const len = N[3]!;
  const nx = N[0]! / len;
  const ny = N[1]! / len;
  const nz = N[2]! / len;
  for (let d = 0; d < 2 && nv === 3; d++) {
    DIR[0] = nx;
    DIR[1] = ny;
    DIR[2] = nz;
    const v = supportVertex(a, b, d === 0 ? 1 : -1);
    if (nearPlane(0, 1, 2, v)) nv--;
  }
  if (nv === 3) {
    N[0] = nx;
    N[1] = ny;
    N[2] = nz;
    return false;
  }
  return true;
}

/**
 * Penetration depth and normal of two convex proxies by the Expanding Polytope Algorithm: GJK's
 * simplex around the origin grows toward the boundary of the Minkowski difference B - A until the
 * face nearest the origin is on it. Radii are added to the cores' depth; shapes whose cores are
 * apart get ra + rb - (core distance). Capped at 64 expansions; degenerate (flat, segment or
 * point) differences give depth 0 across them. Which faces a new support point sees is the exact
 * orient3d sign on the (scaled, rounded) vertices, so the polytope stays exactly convex when many
 * faces are coplanar (box differences); float signs there left faces wound inward. No allocation
 * when `out` is given.
 * @see van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game Objects",
 * GDC 2001; Collision Detection in Interactive 3D Environments, 2003, §4.3.
 */
export function epaPenetration(a: ConvexProxy, b: ConvexProxy, out?: Penetration): Penetration {
  const result = out ?? makePenetration();
  closed = false;
  const g = gjkDistance(a, b, G);
  const rs = a.radius + b.radius;
  result.iterations = 0;
  const n = result.normal;
  const core = lastCoreDistance();
  nv = lastSimplex(SIMPLEX);
  let m = 0;
  for (let c = 0; c < 3 * nv; c++) m = Math.max(m, Math.abs(SIMPLEX[c]!));
  // A core gap at rounding level of the simplex (GJK stopped just short of the origin) is overlap.
  if (core > 1e-13 * m) {
    // Cores apart: the depth is in the radii alone.
    n.x = g.normal.x;
    n.y = g.normal.y;
    n.z = g.normal.z;
    result.depth = rs - core;
    return result;
  }
  K[0] = 1;
  for (let d = 0; d < 6; d++) {
    const s = d & 1 ? -1 : 1;
    const v = supportAxis(a, b, d >> 1 === 0 ? s : 0, d >> 1 === 1 ? s : 0, d >> 1 === 2 ? s : 0);
    m = Math.max(m, Math.abs(PV[3 * v]!), Math.abs(PV[3 * v + 1]!), Math.abs(PV[3 * v + 2]!));
  }
  K[0] = m === 0 ? 1 : 2 ** Math.max(-1000, Math.min(1000, -Math.floor(Math.log2(m))));
  const ns = lastSimplex(SIMPLEX);
  for (let c = 0; c < 3 * ns; c++) PV[c] = SIMPLEX[c]! * K[0]!;
  nv = ns;
  if (!blowUp(a, b)) {
    n.x = N[0]!;
    n.y = N[1]!;
    n.z = N[2]!;
    result.depth = rs;
    return result;
  }
  // Tetrahedron 0..3 with every face wound outward.
  nf = 0;
  const flip = orientVertices(0, 1, 2, 3) > 0;
  // Every face is added (no short circuit); the polytope is closed only if all four were.
  let all = true;
  if (flip) {
    all = addFace(0, 2, 1) && all;
    all = addFace(0, 1, 3) && all;
    all = addFace(1, 2, 3) && all;
    all = addFace(2, 0, 3) && all;
  } else {
    all = addFace(0, 1, 2) && all;
    all = addFace(0, 3, 1) && all;
    all = addFace(1, 3, 2) && all;
    all = addFace(2, 3, 0) && all;
  }
  closed = all;
  let best = 0;
  let iterations = 0;
  for (;;) {
    best = -1;
    let bestDist = Number.POSITIVE_INFINITY;
    for (let f = 0; f < nf; f++) {
      if (alive[f] && !sliver[f] && FN[4 * f + 3]! < bestDist) {
        bestDist = FN[4 * f + 3]!;
        best = f;
      }
    }
    if (best < 0 || iterations >= MAX_ITERATIONS || nv >= MAX_VERTS) break;
    iterations++;
    const nx = FN[4 * best]!;
    const ny = FN[4 * best + 1]!;
    const nz = FN[4 * best + 2]!;
    DIR[0] = nx;
    DIR[1] = ny;
    DIR[2] = nz;
    const p = supportVertex(a, b, 1);
    const sd = nx * PV[3 * p]! + ny * PV[3 * p + 1]! + nz * PV[3 * p + 2]!;
    if (sd - bestDist <= FLAT * Math.max(1, Math.abs(bestDist))) {
      nv--;
      break;
    }
    // Remove every face the new point sees; re-close the hole from its horizon.
    ne = 0;
    let seen = 0;
    for (let f = 0; f < nf; f++) {
      if (!alive[f]) continue;
      if (orientVertices(FI[3 * f]!, FI[3 * f + 1]!, FI[3 * f + 2]!, p) > 0) {
        seen++;
        alive[f] = 0;
        addEdge(FI[3 * f]!, FI[3 * f + 1]!);
        addEdge(FI[3 * f + 1]!, FI[3 * f + 2]!);
        addEdge(FI[3 * f + 2]!, FI[3 * f]!);
      }
    }
    // No face sees p (it is on the polytope, up to rounding of the support): nothing to grow.
    if (ne === 0) {
      if (seen > 0) closed = false;
      break;
    }
    if (nf + ne > MAX_FACES) {
      closed = false;
      break;
    }
    for (let e = 0; e < ne; e++) if (!addFace(EDGE[2 * e]!, EDGE[2 * e + 1]!, p)) closed = false;
    // Compact dead faces so the arrays do not fill with them.
    let w = 0;
    for (let f = 0; f < nf; f++) {
      if (!alive[f]) continue;
      if (w !== f) {
        FI[3 * w] = FI[3 * f]!;
        FI[3 * w + 1] = FI[3 * f + 1]!;
        FI[3 * w + 2] = FI[3 * f + 2]!;
        for (let c = 0; c < 4; c++) FN[4 * w + c] = FN[4 * f + c]!;
        alive[w] = 1;
        sliver[w] = sliver[f]!;
      }
      w++;
    }
    nf = w;
  }
  result.iterations = iterations;
  if (best < 0) {
    n.x = 1;
    n.y = 0;
    n.z = 0;
    result.depth = rs;
    return result;
  }
  // B - A moves with B: B leaves A along minus the nearest face's outward normal.
  n.x = 0 - FN[4 * best]!;
  n.y = 0 - FN[4 * best + 1]!;
  n.z = 0 - FN[4 * best + 2]!;
  result.depth = Math.max(0, FN[4 * best + 3]!) / K[0]! + rs;
  return result;
}

/**
 * Whether the origin is certainly inside the exact Minkowski difference, by the polytope the last
 * `epaPenetration` grew when it is closed: each vertex is within slack[0] per coordinate of an
 * exact point of the difference (before EPA's power-of-two scaling), and every face (wound
 * outward) certainly has the origin on its inner side (a positive triple product of its
 * corners). A closed, consistently wound surface whose every face subtends a positive solid angle
 * winds around the origin, so the origin lies in the hull of its corners, inside the difference.
 * GJK's last tetrahedron fails this often for boxes and hulls, whose differences have many
 * coplanar points: its simplex ends with the origin on a face or an edge.
 */
export function originInsidePolytope(slack: Float64Array): boolean {
  if (!closed) return false;
  SCALED_SLACK[0] = slack[0]! * K[0]!;
  for (let f = 0; f < nf; f++) {
    if (!alive[f]) continue;
    const i = 3 * FI[3 * f]!;
    const j = 3 * FI[3 * f + 1]!;
    const k = 3 * FI[3 * f + 2]!;
    if (certainTripleSign(PV, i, j, k, SCALED_SLACK) !== 1) return false;
  }
  return true;
}
const SCALED_SLACK = new Float64Array(1);
