import { requireFinite } from "../../math/validate.ts";
import {
  type BodyFilterOptions,
  byT,
  padded,
  type QueryFilter,
  SENSOR,
  WorldCore,
  type WorldOptions,
} from "../../world/core.ts";
import { aabbOf, type Shape } from "../bounds.ts";
import { sweep as sweepShapes } from "../dispatch.ts";
import {
  type Contact,
  makeContact,
  makeMeshHit,
  makeMeshSweepHit,
  makeSweepHit,
  type ShapeHit,
  type SweepHit,
} from "../results.ts";
import type { Aabb, Vec } from "../shapes.ts";
import { WorldBroadphase3 } from "./broadphase.ts";
import { castSegment, contactBodies, touches } from "./narrow.ts";

/** How a body is added: its user data, filter bits and sensor flag. */
export interface BodyOptions extends BodyFilterOptions {}

/**
 * One contact of a step, bodies `a` < `b`, normal from a to b. `count` is 0 when the two kinds
 * have no contact function yet (see docs/capabilities-3d.md): they touch (exact where the pair has
 * a test), but normal, depth and points were not computed.
 */
export interface WorldContact extends Contact {
  a: number;
  b: number;
}

/** A ray-cast hit on body `id`: t in [0, 1] along the translation. */
export interface WorldRayHit extends ShapeHit {
  id: number;
}

/** A sweep hit on body `id`. */
export interface WorldSweepHit extends SweepHit {
  id: number;
}

/** Options of `moveAndSlide`; the filter fields select what blocks the mover. */
export interface MoveAndSlideOptions extends QueryFilter {
  /** Gap kept between the mover and what it touches, in world units (default 1e-3). */
  skin?: number;
  /** Most sweeps per call (default 8). */
  maxIterations?: number;
  /** The up direction for the ground flag (unit; default (0, 1, 0)). */
  up?: Vec;
  /** A touched normal counts as ground when its dot with `up` is at least this (default 0.7). */
  groundCos?: number;
  /** A body to ignore (the mover's own body, if it is in the world), or -1. */
  ignore?: number;
}

/** What `moveAndSlide` did. */
export interface SlideResult {
  /** How far the mover's shape moved in total (add it to the shape's reference point). */
  moved: Vec;
  /** How many sweeps hit something; `normals[i]` and `ids[i]` for i < count. */
  count: number;
  /** Unit normals of the surfaces touched, facing the mover. */
  normals: Vec[];
  /** Ids of the bodies touched. */
  ids: number[];
  /** Some touched normal was within `groundCos` of up. */
  ground: boolean;
  /** The last ground normal (meaningful when `ground`). */
  groundNormal: Vec;
}

/** Makes a `WorldRayHit` with every field present. */
export function makeWorldRayHit(): WorldRayHit {
  return {
    id: -1,
    t: 0,
    point: { x: 0, y: 0, z: 0 },
    normal: { x: 1, y: 0, z: 0 },
    inside: false,
  };
}

/** Makes a `WorldSweepHit` with every field present. */
export function makeWorldSweepHit(): WorldSweepHit {
  const h = makeSweepHit();
  return {
    id: -1,
    t: h.t,
    position: h.position,
    point: h.point,
    normal: h.normal,
    initiallyOverlapping: h.initiallyOverlapping,
  };
}

/** Makes a `SlideResult` with every field present. */
export function makeSlideResult(): SlideResult {
  return {
    moved: { x: 0, y: 0, z: 0 },
    count: 0,
    normals: [],
    ids: [],
    ground: false,
    groundNormal: { x: 0, y: 1, z: 0 },
  };
}

function makeWorldContact(): WorldContact {
  const c = makeContact();
  return {
    a: -1,
    b: -1,
    normal: c.normal,
    depth: c.depth,
    points: c.points,
    count: c.count,
    aInB: c.aInB,
    bInA: c.bInA,
  };
}

function copyVec(from: Vec, to: Vec): void {
  to.x = from.x;
  to.y = from.y;
  to.z = from.z;
}

function shift(p: Vec, q: Vec, dx: number, dy: number, dz: number): void {
  q.x = p.x + dx;
  q.y = p.y + dy;
  q.z = p.z + dz;
}

function copyShapeHit(from: ShapeHit, id: number, to: WorldRayHit): WorldRayHit {
  to.id = id;
  to.t = from.t;
  copyVec(from.point, to.point);
  copyVec(from.normal, to.normal);
  to.inside = from.inside;
  return to;
}

function copySweepHit(from: SweepHit, id: number, to: WorldSweepHit): WorldSweepHit {
  to.id = id;
  to.t = from.t;
  copyVec(from.position, to.position);
  copyVec(from.point, to.point);
  copyVec(from.normal, to.normal);
  to.initiallyOverlapping = from.initiallyOverlapping;
  return to;
}

const UNBOUNDED = new Set(["line", "ray", "plane", "frustum"]);

function requireBodyShape(shape: Shape, field: string): void {
  const k = shape?.kind;
  if (typeof k !== "string" || UNBOUNDED.has(k)) {
    throw new RangeError(
      `${field}.kind must be a bounded shape kind (not line, ray, plane or frustum), got ${String(k)}`,
    );
  }
}

/**
 * A 3D collision world: bodies (a world-space shape, filter bits) in typed arrays with reused
 * slots, a broadphase, a `step` that reports this frame's exact contacts and begin/end events
 * without allocating, and ray, shape, sweep and character queries. Ids are small integers; a
 * removed id is reused by a later `add` (after the next `step` when the body was touching
 * something, so its end events name it first).
 * @see Box2D v3's world and shape API (Erin Catto); Ericson, Real-Time Collision Detection, ch. 7.
 */
export class World extends WorldCore<Shape, WorldContact> {
  private readonly bp: WorldBroadphase3;

  // Scratch: the query boxes and shapes, result slots.
  private readonly box: Aabb = { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
  private readonly disp: Vec = { x: 0, y: 0, z: 0 };
  private readonly seg = {
    kind: "segment" as const,
    a: { x: 0, y: 0, z: 0 },
    b: { x: 0, y: 0, z: 0 },
  };
  private readonly qaabb = {
    kind: "aabb" as const,
    min: { x: 0, y: 0, z: 0 },
    max: { x: 0, y: 0, z: 0 },
  };
  private readonly qpoint = { kind: "point" as const, x: 0, y: 0, z: 0 };
  private readonly dir: Vec = { x: 0, y: 0, z: 0 };
  private readonly rayHit: ShapeHit = makeMeshHit();
  private readonly bestRay: WorldRayHit = makeWorldRayHit();
  // A mesh sweep writes its triangle too: one object shape for every body kind.
  private readonly sweepHit: SweepHit = makeMeshSweepHit();
  private readonly bestSweep: WorldSweepHit = makeWorldSweepHit();
  private readonly motion: Vec = { x: 0, y: 0, z: 0 };
  private readonly touch: Contact = makeContact();
  private planes = new Float64Array(24);

  // The running query: its filter, shape, motion and results.
  private qAway = false;
  private qShape: Shape | null = null;
  private bestT = Number.POSITIVE_INFINITY;
  private bestId = -1;
  private qOut: WorldRayHit[] | number[] = [];
  private qCount = 0;

  private readonly onPair: (p: number, q: number) => void;
  private readonly onRay: (id: number, maxT: number) => number;
  private readonly onRayAll: (id: number, maxT: number) => number;
  private readonly onRayAny: (id: number, maxT: number) => number;
  private readonly onQuery: (id: number) => boolean;
  private readonly onSweep: (id: number, maxT: number) => number;

  /** An empty world (see `createWorld`); throws a RangeError naming a bad option. */
  constructor(options: WorldOptions = {}) {
    const margin = options.margin ?? 0.1;
    requireFinite(margin, "options.margin");
    if (margin < 0) throw new RangeError(`options.margin must be >= 0, got ${margin}`);
    super(6, makeWorldContact);
    this.bp = new WorldBroadphase3(options.broadphase ?? "tree", margin);
    this.onPair = (p, q) => this.pair(p, q);
    this.onRay = (id) => this.rayClosest(id);
    this.onRayAll = (id) => this.rayAll(id);
    this.onRayAny = (id) => this.rayAny(id);
    this.onQuery = (id) => this.overlap(id);
    this.onSweep = (id) => this.sweepOne(id);
  }

  /**
   * Adds a body: a tagged world-space `shape` of a bounded kind (point, segment, sphere, capsule,
   * aabb, box, triangle, hull, mesh); returns its id. Throws a RangeError naming the field for an
   * unbounded kind or bad filter bits. The world keeps the shape object: change it through `move`.
   */
  add(shape: Shape, options: BodyOptions = {}): number {
    requireBodyShape(shape, "shape");
    const id = this.addBody(shape, options, 0);
    const b = this.storeBox(id, shape);
    this.proxies[id] = this.bp.create(b, id);
    return id;
  }

  /**
   * Gives body `id` its new world-space shape (moved, turned or replaced; any bounded kind). The
   * world reads the shape at `step` and at queries, so a shape changed in place must be passed
   * here too, for its box.
   */
  move(id: number, shape: Shape): void {
    this.require(id);
    requireBodyShape(shape, "shape");
    this.shapes[id] = shape;
    const o = 6 * id;
    const bx = this.rows[o]!;
    const by = this.rows[o + 1]!;
    const bz = this.rows[o + 2]!;
    const b = this.storeBox(id, shape);
    const d = this.disp;
    d.x = b.min.x - bx;
    d.y = b.min.y - by;
    d.z = b.min.z - bz;
    this.bp.move(this.proxies[id]!, b, d);
  }

  /** Removes body `id`; its id may be reused by a later `add`. */
  remove(id: number): void {
    this.require(id);
    this.bp.destroy(this.proxies[id]!);
    this.releaseBody(id);
  }

  /** The world-space box of body `id` (the broadphase's tight box), into `out` when given. */
  getAabb(id: number, out?: Aabb): Aabb {
    this.require(id);
    const r = out ?? { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
    const o = 6 * id;
    const b = this.rows;
    r.min.x = b[o]!;
    r.min.y = b[o + 1]!;
    r.min.z = b[o + 2]!;
    r.max.x = b[o + 3]!;
    r.max.y = b[o + 4]!;
    r.max.z = b[o + 5]!;
    return r;
  }

  /**
   * Finds this frame's touching pairs: broadphase candidates (tight boxes overlap), the filter,
   * then the exact narrowphase (`contact`, or the exact test for sensor pairs and for kinds with
   * no contact function yet). Fills the contacts and the begin/end events; allocates nothing once
   * its buffers have grown to the scene. Pairs of kinds with neither a test nor a distance (a mesh
   * against a mesh) are never reported.
   */
  step(): void {
    this.beginStep();
    this.bp.pairs(this.onPair);
    this.endStep();
  }

  /**
   * The first body hit by the segment from `origin` to `origin + translation` (that end rounded
   * once), with t in [0, 1]; hit-or-miss exact per body where its kind has an exact segment test.
   * Null when nothing passing the filter is hit.
   */
  raycast(
    origin: Vec,
    translation: Vec,
    filter?: QueryFilter,
    out?: WorldRayHit,
  ): WorldRayHit | null {
    if (!this.beginRay(origin, translation, filter)) return null;
    this.bestT = Number.POSITIVE_INFINITY;
    this.bestId = -1;
    this.bp.raycast(this.seg.a, this.dir, 1, this.onRay);
    this.qPred = undefined;
    if (this.bestId < 0) return null;
    return copyShapeHit(this.bestRay, this.bestId, out ?? makeWorldRayHit());
  }

  /** Every body hit by the segment (see `raycast`), sorted by t then id; reuses `out`'s objects. */
  raycastAll(
    origin: Vec,
    translation: Vec,
    filter?: QueryFilter,
    out: WorldRayHit[] = [],
  ): WorldRayHit[] {
    this.qCount = 0;
    this.qOut = out;
    if (this.beginRay(origin, translation, filter)) {
      this.bp.raycast(this.seg.a, this.dir, 1, this.onRayAll);
    }
    this.qPred = undefined;
    out.length = this.qCount;
    out.sort(byT);
    return out;
  }

  /** Some body the segment touches, or -1: the cheapest ray query, for line of sight. */
  raycastAny(origin: Vec, translation: Vec, filter?: QueryFilter): number {
    this.bestId = -1;
    if (this.beginRay(origin, translation, filter)) {
      this.bp.raycast(this.seg.a, this.dir, 1, this.onRayAny);
    }
    this.qPred = undefined;
    return this.bestId;
  }

  /** Ids of the bodies whose shapes touch the closed box (exact per supported pair), into `out`. */
  queryAabb(box: Aabb, filter?: QueryFilter, out: number[] = []): number[] {
    const q = this.qaabb;
    copyVec(box.min, q.min);
    copyVec(box.max, q.max);
    if (!(q.min.x <= q.max.x && q.min.y <= q.max.y && q.min.z <= q.max.z)) {
      out.length = 0;
      return out;
    }
    return this.overlapQuery(q, filter, out);
  }

  /** Ids of the bodies whose shapes hold the point (closed, exact per supported pair), into `out`. */
  queryPoint(point: Vec, filter?: QueryFilter, out: number[] = []): number[] {
    copyVec(point, this.qpoint);
    return this.overlapQuery(this.qpoint, filter, out);
  }

  /** Ids of the bodies whose shapes share a point with the tagged world-space `shape`, into `out`. */
  queryShape(shape: Shape, filter?: QueryFilter, out: number[] = []): number[] {
    return this.overlapQuery(shape, filter, out);
  }

  /**
   * The first body hit by tagged world-space `shape` moving by `motion` over t in [0, 1], by the
   * dispatch `sweep` on the broadphase's box-cast candidates; null when it reaches the end freely
   * (or no candidate's pair has a sweep function yet: see docs/capabilities-3d.md).
   */
  sweep(
    shape: Shape,
    motion: Vec,
    filter?: QueryFilter,
    out?: WorldSweepHit,
  ): WorldSweepHit | null {
    const hit = this.sweepFirst(shape, motion.x, motion.y, motion.z, filter, -1, false);
    if (hit === null) return null;
    return copySweepHit(hit, hit.id, out ?? makeWorldSweepHit());
  }

  /**
   * Collide and slide: moves `shape` by `motion`, sweeping; at each hit it stops `skin` short of
   * the surface (measured along the normal) and carries on with the rest of the motion clipped by
   * the touched planes (along the crease of two, stopped by three), for at most `maxIterations`
   * sweeps. `moved` is the total translation; the shape object is not changed.
   * @see Kasper Fauerby, "Improved Collision detection and Response", 2003; Quake's PM_SlideMove
   * plane clipping; Box2D v3's character mover (b2World_CastMover, b2SolvePlanes).
   */
  moveAndSlide(
    shape: Shape,
    motion: Vec,
    options: MoveAndSlideOptions = {},
    out?: SlideResult,
  ): SlideResult {
    const res = out ?? makeSlideResult();
    const skin = options.skin ?? 1e-3;
    const maxIter = options.maxIterations ?? 8;
    const upX = options.up?.x ?? 0;
    const upY = options.up?.y ?? 1;
    const upZ = options.up?.z ?? 0;
    const groundCos = options.groundCos ?? 0.7;
    const ignore = options.ignore ?? -1;
    let px = 0;
    let py = 0;
    let pz = 0;
    let rx = motion.x;
    let ry = motion.y;
    let rz = motion.z;
    let nPlanes = 0;
    res.count = 0;
    res.ground = false;
    if (this.planes.length < 3 * maxIter) this.planes = new Float64Array(3 * maxIter);
    const planes = this.planes;
    for (let iter = 0; iter < maxIter; iter++) {
      if (rx === 0 && ry === 0 && rz === 0) break;
      const moved = this.translated(shape, px, py, pz);
      const hit = this.sweepFirst(moved, rx, ry, rz, options, ignore, true);
      if (hit === null) {
        px += rx;
        py += ry;
        pz += rz;
        rx = ry = rz = 0;
        break;
      }
      const nx = hit.normal.x;
      const ny = hit.normal.y;
      const nz = hit.normal.z;
      const len = Math.sqrt(rx * rx + ry * ry + rz * rz);
      const dn = rx * nx + ry * ny + rz * nz;
      // Back off so the gap along the normal is `skin` (along the motion for a grazing hit).
      let safe = dn < 0 ? hit.t - skin / -dn : hit.t - skin / len;
      if (!(safe > 0)) safe = 0;
      px += rx * safe;
      py += ry * safe;
      pz += rz * safe;
      if (safe * len > skin) nPlanes = 0; // real progress: planes touched before are behind
      const k = res.count++;
      if (res.normals.length <= k) res.normals.push({ x: 0, y: 0, z: 0 });
      const rn = res.normals[k]!;
      rn.x = nx;
      rn.y = ny;
      rn.z = nz;
      res.ids[k] = hit.id;
      if (nx * upX + ny * upY + nz * upZ >= groundCos) {
        res.ground = true;
        res.groundNormal.x = nx;
        res.groundNormal.y = ny;
        res.groundNormal.z = nz;
      }
      planes[3 * nPlanes] = nx;
      planes[3 * nPlanes + 1] = ny;
      planes[3 * nPlanes + 2] = nz;
      nPlanes++;
      const lx = rx * (1 - safe);
      const ly = ry * (1 - safe);
      const lz = rz * (1 - safe);
      rx = ry = rz = 0;
      // Quake-style: clip the leftover by each touched plane and keep the first clip that goes
      // into none of them; else slide along the crease of two planes; else stop (a corner).
      for (let i = 0; i < nPlanes; i++) {
        const ax = planes[3 * i]!;
        const ay = planes[3 * i + 1]!;
        const az = planes[3 * i + 2]!;
        const d = lx * ax + ly * ay + lz * az;
        const cx = d < 0 ? lx - d * ax : lx;
        const cy = d < 0 ? ly - d * ay : ly;
        const cz = d < 0 ? lz - d * az : lz;
        if (this.clear(cx, cy, cz, nPlanes, i, -1)) {
          rx = cx;
          ry = cy;
          rz = cz;
          break;
        }
      }
      if (rx === 0 && ry === 0 && rz === 0 && nPlanes >= 2) {
        for (let i = 0; i < nPlanes && rx === 0 && ry === 0 && rz === 0; i++) {
          for (let j = i + 1; j < nPlanes; j++) {
            const ax = planes[3 * i]!;
            const ay = planes[3 * i + 1]!;
            const az = planes[3 * i + 2]!;
            const bx = planes[3 * j]!;
            const by = planes[3 * j + 1]!;
            const bz = planes[3 * j + 2]!;
            const ex = ay * bz - az * by;
            const ey = az * bx - ax * bz;
            const ez = ax * by - ay * bx;
            const ee = ex * ex + ey * ey + ez * ez;
            if (!(ee > 1e-24)) continue;
            const s = (lx * ex + ly * ey + lz * ez) / ee;
            if (this.clear(s * ex, s * ey, s * ez, nPlanes, i, j)) {
              rx = s * ex;
              ry = s * ey;
              rz = s * ez;
              break;
            }
          }
        }
      }
    }
    res.normals.length = Math.max(res.normals.length, res.count);
    res.ids.length = res.count;
    res.moved.x = px;
    res.moved.y = py;
    res.moved.z = pz;
    return res;
  }

  // ---- internals ----

  /** Whether (cx, cy, cz) goes into none of the first n planes other than i and j. */
  private clear(cx: number, cy: number, cz: number, n: number, i: number, j: number): boolean {
    const p = this.planes;
    const tol = -1e-12 * Math.sqrt(cx * cx + cy * cy + cz * cz);
    for (let k = 0; k < n; k++) {
      if (k !== i && k !== j && cx * p[3 * k]! + cy * p[3 * k + 1]! + cz * p[3 * k + 2]! < tol) {
        return false;
      }
    }
    return true;
  }

  /** Computes body `id`'s box into the scratch box and its row of `boxes`; returns the scratch. */
  private storeBox(id: number, shape: Shape): Aabb {
    const b = aabbOf(shape, this.box);
    const o = 6 * id;
    const s = this.rows;
    s[o] = b.min.x;
    s[o + 1] = b.min.y;
    s[o + 2] = b.min.z;
    s[o + 3] = b.max.x;
    s[o + 4] = b.max.y;
    s[o + 5] = b.max.z;
    return b;
  }

  private pair(p: number, q: number): void {
    const a = p < q ? p : q;
    const b = p < q ? q : p;
    if (!this.admits(a, b)) return;
    const wa = this.shapes[a]!;
    const wb = this.shapes[b]!;
    if (((this.flags[a]! | this.flags[b]!) & SENSOR) !== 0) {
      if (!touches(wa, wb)) return;
    } else {
      const c = this.nextContact();
      if (contactBodies(wa, wb, c) === null) return;
      this.keepContact(c, a, b);
    }
    this.touching(a, b);
  }

  private beginRay(origin: Vec, translation: Vec, filter: QueryFilter | undefined): boolean {
    this.setQueryFilter(filter, -1);
    const s = this.seg;
    copyVec(origin, s.a);
    s.b.x = origin.x + translation.x;
    s.b.y = origin.y + translation.y;
    s.b.z = origin.z + translation.z;
    copyVec(translation, this.dir);
    return (
      Number.isFinite(s.a.x) &&
      Number.isFinite(s.a.y) &&
      Number.isFinite(s.a.z) &&
      Number.isFinite(s.b.x) &&
      Number.isFinite(s.b.y) &&
      Number.isFinite(s.b.z)
    );
  }

  private rayClosest(id: number): number {
    if (!this.passes(id)) return -1;
    const h = castSegment(this.seg, this.shapes[id]!, this.rayHit);
    if (h === null) return -1;
    if (h.t < this.bestT || (h.t === this.bestT && id < this.bestId)) {
      this.bestT = h.t;
      this.bestId = id;
      copyShapeHit(h, id, this.bestRay);
    }
    return padded(this.bestT);
  }

  private rayAll(id: number): number {
    if (!this.passes(id)) return -1;
    const h = castSegment(this.seg, this.shapes[id]!, this.rayHit);
    if (h === null) return -1;
    const out = this.qOut as WorldRayHit[];
    const k = this.qCount++;
    if (out.length <= k) out.push(makeWorldRayHit());
    copyShapeHit(h, id, out[k]!);
    return -1;
  }

  private rayAny(id: number): number {
    if (!this.passes(id)) return -1;
    const shape = this.shapes[id]!;
    const hit = touches(this.seg, shape) || castSegment(this.seg, shape, this.rayHit) !== null;
    if (!hit) return -1;
    this.bestId = id;
    return 0;
  }

  private overlapQuery(shape: Shape, filter: QueryFilter | undefined, out: number[]): number[] {
    this.setQueryFilter(filter, -1);
    this.qShape = shape;
    this.qOut = out;
    this.qCount = 0;
    this.bp.query(aabbOf(shape, this.box), this.onQuery);
    this.qPred = undefined;
    this.qShape = null;
    out.length = this.qCount;
    return out;
  }

  private overlap(id: number): boolean {
    if (this.passes(id) && touches(this.qShape!, this.shapes[id]!)) {
      (this.qOut as number[])[this.qCount++] = id;
    }
    return true;
  }

  // One scratch copy per kind for `moveAndSlide`'s translated mover.
  private readonly moved: Record<string, Shape> = {};

  /** `shape` translated by (dx, dy, dz), into a per-kind scratch copy (the shape itself when 0). */
  private translated(s: Shape, dx: number, dy: number, dz: number): Shape {
    if (dx === 0 && dy === 0 && dz === 0) return s;
    let m = this.moved[s.kind];
    if (
      m === undefined ||
      (s.kind === "hull" && (m as typeof s).points.length !== s.points.length)
    ) {
      m = structuredClone(s);
      this.moved[s.kind] = m;
    }
    switch (s.kind) {
      case "point":
        shift(s, m as Vec, dx, dy, dz);
        break;
      case "sphere": {
        const t = m as typeof s;
        shift(s.center, t.center, dx, dy, dz);
        t.radius = s.radius;
        break;
      }
      case "box": {
        const t = m as typeof s;
        shift(s.center, t.center, dx, dy, dz);
        copyVec(s.halfExtents, t.halfExtents);
        t.rotation.x = s.rotation.x;
        t.rotation.y = s.rotation.y;
        t.rotation.z = s.rotation.z;
        t.rotation.w = s.rotation.w;
        break;
      }
      case "segment":
      case "capsule": {
        const t = m as typeof s;
        shift(s.a, t.a, dx, dy, dz);
        shift(s.b, t.b, dx, dy, dz);
        if (s.kind === "capsule") (t as typeof s).radius = s.radius;
        break;
      }
      case "triangle": {
        const t = m as typeof s;
        shift(s.a, t.a, dx, dy, dz);
        shift(s.b, t.b, dx, dy, dz);
        shift(s.c, t.c, dx, dy, dz);
        break;
      }
      case "aabb": {
        const t = m as typeof s;
        shift(s.min, t.min, dx, dy, dz);
        shift(s.max, t.max, dx, dy, dz);
        break;
      }
      case "hull": {
        const t = m as typeof s;
        for (let i = 0; i < s.points.length; i++) shift(s.points[i]!, t.points[i]!, dx, dy, dz);
        break;
      }
      default:
        return s;
    }
    return m;
  }

  private sweepFirst(
    shape: Shape,
    mx: number,
    my: number,
    mz: number,
    filter: QueryFilter | undefined,
    ignore: number,
    away: boolean,
  ): WorldSweepHit | null {
    this.setQueryFilter(filter, ignore);
    this.qShape = shape;
    const m = this.motion;
    m.x = mx;
    m.y = my;
    m.z = mz;
    this.qAway = away;
    this.bestT = Number.POSITIVE_INFINITY;
    this.bestId = -1;
    this.bp.boxCast(aabbOf(shape, this.box), m, 1, this.onSweep);
    this.qPred = undefined;
    this.qShape = null;
    return this.bestId < 0 ? null : this.bestSweep;
  }

  private sweepOne(id: number): number {
    if (!this.passes(id)) return -1;
    const m = this.motion;
    const body = this.shapes[id]!;
    const h = sweepShapes(this.qShape!, m, body, this.sweepHit);
    if (h === null) return -1;
    if (this.qAway && h.initiallyOverlapping) {
      // Touching at the start: the contact normal (mover to body) says whether the motion goes
      // in. A shape moving away or along is free to go (a character leaving the ground); one
      // moving in is blocked by the surface facing it.
      // Without a contact function for the pair (count 0) the sweep's own answer blocks.
      const c = contactBodies(this.qShape!, body, this.touch);
      if (c === null) return -1;
      if (c.count > 0) {
        if (m.x * c.normal.x + m.y * c.normal.y + m.z * c.normal.z <= 0) return -1;
        h.normal.x = 0 - c.normal.x;
        h.normal.y = 0 - c.normal.y;
        h.normal.z = 0 - c.normal.z;
      }
    }
    if (h.t < this.bestT || (h.t === this.bestT && id < this.bestId)) {
      this.bestT = h.t;
      this.bestId = id;
      copySweepHit(h, id, this.bestSweep);
    }
    // Never stop at t = 0: candidates come in no fixed order, and a lower id may also hit at 0.
    return padded(this.bestT);
  }
}

/** Makes an empty 3D collision world (see `World`). */
export function createWorld(options?: WorldOptions): World {
  return new World(options);
}
