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
import { sweep as sweepShapes, test } from "../dispatch.ts";
import type { Pose } from "../pose.ts";
import { makePoseScratch, type PoseScratch, placeShape } from "../posed.ts";
import {
  type Contact,
  makeContact,
  makeSweepHit,
  type ShapeHit,
  type SweepHit,
} from "../results.ts";
import type { Aabb, Vec } from "../shapes.ts";
import { makeBroadphase, type WorldBroadphase } from "./broadphase.ts";
import { asMover, castSegment, contactBodies } from "./narrow.ts";

/** How a body is added: its pose, user data, filter bits and sensor flag. */
export interface BodyOptions extends BodyFilterOptions {
  /** Where the local shape is placed (default: the identity, the shape as given). */
  pose?: Pose;
}

/** One contact of a step: the exact narrowphase's manifold of bodies `a` < `b`, normal from a to b. */
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
  /** Start pose of the mover (default: the identity); its angle is kept. */
  pose?: Pose;
  /** Gap kept between the mover and what it touches, in world units (default 1e-3). */
  skin?: number;
  /** Most sweeps per call (default 8). */
  maxIterations?: number;
  /** The up direction for the ground flag (unit; default (0, 1)). */
  up?: Vec;
  /** A touched normal counts as ground when its dot with `up` is at least this (default 0.7). */
  groundCos?: number;
  /** A body to ignore (the mover's own body, if it is in the world), or -1. */
  ignore?: number;
}

/** What `moveAndSlide` did. */
export interface SlideResult {
  /** The mover's final position (pose x, y). */
  position: Vec;
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

const POSED = 4;

/** The scratch slots a body never writes (its own kind's are its own). */
const SHARED_SCRATCH: PoseScratch = makePoseScratch();

/**
 * A scratch for one body: its own slot for shapes of `kind` (an aabb also owns the box it becomes
 * when turned), the shared ones otherwise; every body's has the same layout.
 */
function bodyScratch(kind: Shape["kind"]): PoseScratch {
  const own = makePoseScratch();
  const s: PoseScratch = { ...SHARED_SCRATCH, rot: own.rot };
  (s as unknown as Record<string, unknown>)[kind] = own[kind];
  if (kind === "aabb") s.box = own.box;
  return s;
}

/** Makes a `WorldRayHit`. */
export function makeWorldRayHit(): WorldRayHit {
  return { id: -1, t: 0, point: { x: 0, y: 0 }, normal: { x: 1, y: 0 }, inside: false };
}

/** Makes a `WorldSweepHit`. */
export function makeWorldSweepHit(): WorldSweepHit {
  return { id: -1, ...makeSweepHit() };
}

/** Makes a `SlideResult`. */
export function makeSlideResult(): SlideResult {
  return {
    position: { x: 0, y: 0 },
    count: 0,
    normals: [],
    ids: [],
    ground: false,
    groundNormal: { x: 0, y: 1 },
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

function copyShapeHit(from: ShapeHit, id: number, to: WorldRayHit): WorldRayHit {
  to.id = id;
  to.t = from.t;
  to.point.x = from.point.x;
  to.point.y = from.point.y;
  to.normal.x = from.normal.x;
  to.normal.y = from.normal.y;
  to.inside = from.inside;
  return to;
}

function copySweepHit(from: SweepHit, id: number, to: WorldSweepHit): WorldSweepHit {
  to.id = id;
  to.t = from.t;
  to.position.x = from.position.x;
  to.position.y = from.position.y;
  to.point.x = from.point.x;
  to.point.y = from.point.y;
  to.normal.x = from.normal.x;
  to.normal.y = from.normal.y;
  to.initiallyOverlapping = from.initiallyOverlapping;
  return to;
}

function requirePose(p: Pose, field: string): void {
  // The common case first: building the field names (and passing doubles to a call that is not
  // inlined) would allocate on every move. v - v is 0 exactly when v is finite.
  const x = p.x;
  const y = p.y;
  const a = p.angle;
  if (x - x + (y - y) + (a - a) === 0) return;
  requireFinite(p.x, `${field}.x`);
  requireFinite(p.y, `${field}.y`);
  requireFinite(p.angle, `${field}.angle`);
}

function requireBodyShape(shape: Shape, field: string): void {
  const k = shape?.kind;
  if (k === "line" || k === "ray" || typeof k !== "string") {
    throw new RangeError(
      `${field}.kind must be a bounded shape kind (not line or ray), got ${String(k)}`,
    );
  }
}

/**
 * A 2D collision world: bodies (a shape, a pose, filter bits) in typed arrays with reused slots,
 * a broadphase, a `step` that reports this frame's exact contacts and begin/end events without
 * allocating, and ray, shape, sweep and character queries. Ids are small integers; a removed id is
 * reused by a later `add` (after the next `step` when the body was touching something, so its end
 * events name it first).
 * @see Box2D v3's world and shape API (Erin Catto); Ericson, Real-Time Collision Detection, ch. 7.
 */
export class World extends WorldCore<Shape, WorldContact> {
  private readonly bp: WorldBroadphase;

  // Scratch: placed shapes (A, B), the pose objects they read, the query shape, result slots.
  private readonly sq: PoseScratch = makePoseScratch();
  private readonly pa: Pose = { x: 0, y: 0, angle: 0 };
  private readonly box: Aabb = { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  private readonly disp: Vec = { x: 0, y: 0 };
  private readonly sweepDir: Vec = { x: 0, y: 0 };
  // Each body's world-space shape, placed once per move (the pairs and queries of a step read it
  // as often as the body has candidates), in the body's own scratch of its kind.
  private placed: (Shape | null)[] = [];
  private scratch: (PoseScratch | null)[] = [];
  private scratchKind: (Shape["kind"] | null)[] = [];
  private readonly seg = { kind: "segment" as const, a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };
  private readonly qaabb = { kind: "aabb" as const, min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  private readonly qpoint = { kind: "point" as const, x: 0, y: 0 };
  private readonly rayHit: WorldRayHit = makeWorldRayHit();
  private readonly bestRay: WorldRayHit = makeWorldRayHit();
  private readonly sweepHit: SweepHit = makeSweepHit();
  private readonly bestSweep: WorldSweepHit = makeWorldSweepHit();
  private readonly slidePose: Pose = { x: 0, y: 0, angle: 0 };
  private planes = new Float64Array(32);

  // The running query: its filter, shape, motion and results.
  private qAway = false;
  private qShape: Shape | null = null;
  private qMx = 0;
  private qMy = 0;
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

  constructor(options: WorldOptions = {}) {
    const margin = options.margin ?? 0.1;
    requireFinite(margin, "options.margin");
    if (margin < 0) throw new RangeError(`options.margin must be >= 0, got ${margin}`);
    super(3, makeWorldContact);
    this.bp = makeBroadphase(options.broadphase ?? "tree", margin);
    this.onPair = (p, q) => this.pair(p, q);
    this.onRay = (id) => this.rayClosest(id);
    this.onRayAll = (id) => this.rayAll(id);
    this.onRayAny = (id) => this.rayAny(id);
    this.onQuery = (id) => this.overlap(id);
    this.onSweep = (id) => this.sweepOne(id);
  }

  /**
   * Adds a body: `shape` (any kind but line and ray) in its local frame, placed by `options.pose`;
   * returns its id. Throws a RangeError naming the field for a non-finite pose or bad filter bits.
   */
  add(shape: Shape, options: BodyOptions = {}): number {
    requireBodyShape(shape, "shape");
    const pose = options.pose;
    if (pose !== undefined) requirePose(pose, "options.pose");
    const posed = pose !== undefined && (pose.x !== 0 || pose.y !== 0 || pose.angle !== 0);
    const id = this.addBody(shape, options, posed ? POSED : 0);
    const o = 3 * id;
    this.rows[o] = pose?.x ?? 0;
    this.rows[o + 1] = pose?.y ?? 0;
    this.rows[o + 2] = pose?.angle ?? 0;
    const b = aabbOf(this.replace(id), this.box);
    this.proxies[id] = this.bp.create(b, id);
    return id;
  }

  /** Moves body `id` to a new pose, or gives it a new local shape (keeping its pose). */
  move(id: number, to: Pose | Shape): void {
    this.require(id);
    const o = 3 * id;
    const disp = this.disp;
    disp.x = 0;
    disp.y = 0;
    if ("kind" in to) {
      requireBodyShape(to, "shape");
      this.shapes[id] = to;
    } else {
      requirePose(to, "pose");
      disp.x = to.x - this.rows[o]!;
      disp.y = to.y - this.rows[o + 1]!;
      this.rows[o] = to.x;
      this.rows[o + 1] = to.y;
      this.rows[o + 2] = to.angle;
      const posed = to.x !== 0 || to.y !== 0 || to.angle !== 0;
      this.flags[id] = posed ? this.flags[id]! | POSED : this.flags[id]! & ~POSED;
    }
    const b = aabbOf(this.replace(id), this.box);
    this.bp.move(this.proxies[id]!, b, disp);
  }

  /** Removes body `id`; its id may be reused by a later `add`. */
  remove(id: number): void {
    this.require(id);
    this.bp.destroy(this.proxies[id]!);
    this.placed[id] = null;
    this.releaseBody(id);
  }

  /** The pose of body `id`, written into `out` when given. */
  getPose(id: number, out?: Pose): Pose {
    this.require(id);
    const p = out ?? { x: 0, y: 0, angle: 0 };
    p.x = this.rows[3 * id]!;
    p.y = this.rows[3 * id + 1]!;
    p.angle = this.rows[3 * id + 2]!;
    return p;
  }

  /** The world-space box of body `id` (the broadphase's tight box), into `out` when given. */
  getAabb(id: number, out?: Aabb): Aabb {
    this.require(id);
    return aabbOf(this.placed[id]!, out);
  }

  /**
   * Finds this frame's touching pairs: broadphase candidates (tight boxes overlap), the filter,
   * then the exact narrowphase (`contact`, or `test` for sensor pairs). Fills the contacts and the
   * begin/end events; allocates nothing once its buffers have grown to the scene.
   */
  step(): void {
    this.beginStep();
    this.bp.pairs(this.onPair);
    this.endStep();
  }

  /**
   * The first body hit by the segment from `origin` to `origin + translation` (that end rounded
   * once), with t in [0, 1]; hit-or-miss exact per body. Null when nothing passing the filter is hit.
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
    this.bp.raycast(origin, translation, 1, this.onRay);
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
      this.bp.raycast(origin, translation, 1, this.onRayAll);
    }
    this.qPred = undefined;
    out.length = this.qCount;
    out.sort(byT);
    return out;
  }

  /** Some body the segment touches (exact), or -1: the cheapest ray query, for line of sight. */
  raycastAny(origin: Vec, translation: Vec, filter?: QueryFilter): number {
    this.bestId = -1;
    if (this.beginRay(origin, translation, filter)) {
      this.bp.raycast(origin, translation, 1, this.onRayAny);
    }
    this.qPred = undefined;
    return this.bestId;
  }

  /** Ids of the bodies whose shapes touch the closed box (exact), into `out` when given. */
  queryAabb(box: Aabb, filter?: QueryFilter, out: number[] = []): number[] {
    const q = this.qaabb;
    q.min.x = box.min.x;
    q.min.y = box.min.y;
    q.max.x = box.max.x;
    q.max.y = box.max.y;
    if (!(q.min.x <= q.max.x && q.min.y <= q.max.y)) {
      out.length = 0;
      return out;
    }
    return this.overlapQuery(q, filter, out);
  }

  /** Ids of the bodies whose shapes hold the point (closed, exact), into `out` when given. */
  queryPoint(point: Vec, filter?: QueryFilter, out: number[] = []): number[] {
    this.qpoint.x = point.x;
    this.qpoint.y = point.y;
    return this.overlapQuery(this.qpoint, filter, out);
  }

  /** Ids of the bodies whose shapes share a point with `shape` placed by `pose` (exact). */
  queryShape(shape: Shape, pose?: Pose, filter?: QueryFilter, out: number[] = []): number[] {
    return this.overlapQuery(placeShape(shape, pose, this.sq), filter, out);
  }

  /**
   * The first body hit by `shape` (any kind but line, ray and polyline; placed by `pose`) moving
   * by `motion` over t in [0, 1], by the exact `sweep` on the broadphase's box-cast candidates; null
   * when it reaches the end freely. `position` is the pose's position at t (or the shape's
   * reference point without a pose).
   */
  sweep(
    shape: Shape,
    motion: Vec,
    pose?: Pose,
    filter?: QueryFilter,
    out?: WorldSweepHit,
  ): WorldSweepHit | null {
    const hit = this.sweepFirst(shape, motion.x, motion.y, pose, filter, -1, false);
    if (hit === null) return null;
    return copySweepHit(hit, hit.id, out ?? makeWorldSweepHit());
  }

  /**
   * Collide and slide: moves `shape` (from `options.pose`) by `motion`, sweeping; at each hit it
   * stops `skin` short of the surface (measured along the normal) and carries on with the rest of
   * the motion projected on the touched planes (a corner of two planes stops it), for at most
   * `maxIterations` sweeps. The exact sweep never misses a surface, so nothing is tunnelled at any
   * speed, and the skin keeps a sliding shape off the seams between tiles.
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
    const start = options.pose;
    const skin = options.skin ?? 1e-3;
    const maxIter = options.maxIterations ?? 8;
    const upX = options.up?.x ?? 0;
    const upY = options.up?.y ?? 1;
    const groundCos = options.groundCos ?? 0.7;
    const ignore = options.ignore ?? -1;
    const pose = this.slidePose;
    let px = start?.x ?? 0;
    let py = start?.y ?? 0;
    pose.angle = start?.angle ?? 0;
    let rx = motion.x;
    let ry = motion.y;
    let nPlanes = 0;
    res.count = 0;
    res.ground = false;
    if (this.planes.length < 2 * maxIter) this.planes = new Float64Array(2 * maxIter);
    const planes = this.planes;
    for (let iter = 0; iter < maxIter; iter++) {
      if (rx === 0 && ry === 0) break;
      pose.x = px;
      pose.y = py;
      const hit = this.sweepFirst(shape, rx, ry, pose, options, ignore, true);
      if (hit === null) {
        px += rx;
        py += ry;
        rx = 0;
        ry = 0;
        break;
      }
      const nx = hit.normal.x;
      const ny = hit.normal.y;
      const len = Math.hypot(rx, ry);
      const dn = rx * nx + ry * ny;
      // Back off so the gap along the normal is `skin` (along the motion for a grazing hit).
      let safe = dn < 0 ? hit.t - skin / -dn : hit.t - skin / len;
      if (!(safe > 0)) safe = 0;
      px += rx * safe;
      py += ry * safe;
      if (safe * len > skin) nPlanes = 0; // real progress: planes touched before are behind
      const k = res.count++;
      if (res.normals.length <= k) res.normals.push({ x: 0, y: 0 });
      res.normals[k]!.x = nx;
      res.normals[k]!.y = ny;
      res.ids[k] = hit.id;
      if (nx * upX + ny * upY >= groundCos) {
        res.ground = true;
        res.groundNormal.x = nx;
        res.groundNormal.y = ny;
      }
      planes[2 * nPlanes] = nx;
      planes[2 * nPlanes + 1] = ny;
      nPlanes++;
      const lx = rx * (1 - safe);
      const ly = ry * (1 - safe);
      // Quake-style: clip the leftover by each touched plane and keep the first clip that goes into
      // none of them; in 2D two planes that disagree form a corner, where the mover stops.
      rx = 0;
      ry = 0;
      for (let i = 0; i < nPlanes; i++) {
        const ax = planes[2 * i]!;
        const ay = planes[2 * i + 1]!;
        const d = lx * ax + ly * ay;
        const cx = d < 0 ? lx - d * ax : lx;
        const cy = d < 0 ? ly - d * ay : ly;
        const tol = -1e-12 * Math.hypot(cx, cy);
        let ok = true;
        for (let j = 0; j < nPlanes && ok; j++) {
          if (j !== i && cx * planes[2 * j]! + cy * planes[2 * j + 1]! < tol) ok = false;
        }
        if (ok) {
          rx = cx;
          ry = cy;
          break;
        }
      }
    }
    res.normals.length = Math.max(res.normals.length, res.count);
    res.ids.length = res.count;
    res.position.x = px;
    res.position.y = py;
    return res;
  }

  // ---- internals ----

  /** Places body `id`'s shape by its pose into its own scratch and keeps it as `placed[id]`. */
  private replace(id: number): Shape {
    const shape = this.shapes[id]!;
    let w: Shape = shape;
    if ((this.flags[id]! & POSED) !== 0) {
      let s = this.scratch[id];
      if (s === null || s === undefined || this.scratchKind[id] !== shape.kind) {
        s = bodyScratch(shape.kind);
        this.scratch[id] = s;
        this.scratchKind[id] = shape.kind;
      }
      const o = 3 * id;
      const p = this.pa;
      p.x = this.rows[o]!;
      p.y = this.rows[o + 1]!;
      p.angle = this.rows[o + 2]!;
      w = placeShape(shape, p, s);
    }
    this.placed[id] = w;
    return w;
  }

  private pair(p: number, q: number): void {
    const a = p < q ? p : q;
    const b = p < q ? q : p;
    if (!this.admits(a, b)) return;
    const wa = this.placed[a]!;
    const wb = this.placed[b]!;
    if (((this.flags[a]! | this.flags[b]!) & SENSOR) !== 0) {
      if (!test(wa, wb)) return;
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
    s.a.x = origin.x;
    s.a.y = origin.y;
    s.b.x = origin.x + translation.x;
    s.b.y = origin.y + translation.y;
    return (
      Number.isFinite(s.a.x) &&
      Number.isFinite(s.a.y) &&
      Number.isFinite(s.b.x) &&
      Number.isFinite(s.b.y)
    );
  }

  private rayClosest(id: number): number {
    if (!this.passes(id)) return -1;
    const h = castSegment(this.seg, this.placed[id]!, this.rayHit);
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
    const h = castSegment(this.seg, this.placed[id]!, this.rayHit);
    if (h === null) return -1;
    const out = this.qOut as WorldRayHit[];
    const k = this.qCount++;
    if (out.length <= k) out.push(makeWorldRayHit());
    copyShapeHit(h, id, out[k]!);
    return -1;
  }

  private rayAny(id: number): number {
    if (!this.passes(id)) return -1;
    if (!test(this.seg, this.placed[id]!)) return -1;
    this.bestId = id;
    return 0;
  }

  private overlapQuery(shape: Shape, filter: QueryFilter | undefined, out: number[]): number[] {
    this.setQueryFilter(filter, -1);
    this.qShape = shape;
    this.qOut = out;
    this.qCount = 0;
    const b = aabbOf(shape, this.box);
    this.bp.query(b, this.onQuery);
    this.qPred = undefined;
    this.qShape = null;
    out.length = this.qCount;
    return out;
  }

  private overlap(id: number): boolean {
    if (this.passes(id) && test(this.qShape!, this.placed[id]!)) {
      (this.qOut as number[])[this.qCount++] = id;
    }
    return true;
  }

  private sweepFirst(
    shape: Shape,
    mx: number,
    my: number,
    pose: Pose | undefined,
    filter: QueryFilter | undefined,
    ignore: number,
    away: boolean,
  ): WorldSweepHit | null {
    this.setQueryFilter(filter, ignore);
    const mover = asMover(placeShape(shape, pose, this.sq));
    this.qShape = mover;
    this.qMx = mx;
    this.qMy = my;
    this.qAway = away;
    this.bestT = Number.POSITIVE_INFINITY;
    this.bestId = -1;
    const b = aabbOf(mover, this.box);
    const m = this.sweepDir;
    m.x = mx;
    m.y = my;
    this.bp.boxCast(b, m, 1, this.onSweep);
    this.qPred = undefined;
    this.qShape = null;
    if (this.bestId < 0) return null;
    const h = this.bestSweep;
    if (pose !== undefined) {
      h.position.x = h.t === 0 ? pose.x : pose.x + h.t * mx;
      h.position.y = h.t === 0 ? pose.y : pose.y + h.t * my;
    }
    return h;
  }

  private sweepOne(id: number): number {
    if (!this.passes(id)) return -1;
    const m = this.motion;
    m.x = this.qMx;
    m.y = this.qMy;
    const h = sweepShapes(this.qShape!, m, this.placed[id]!, undefined, undefined, this.sweepHit);
    if (h === null) return -1;
    if (this.qAway && h.initiallyOverlapping) {
      // Touching at the start: the contact normal (mover to body) says whether the motion goes
      // in. A shape moving away or along is free to go (a character leaving the ground); one
      // moving in is blocked by the surface facing it.
      const c = contactBodies(this.qShape!, this.placed[id]!, this.touch);
      if (c === null || m.x * c.normal.x + m.y * c.normal.y <= 0) return -1;
      h.normal.x = -c.normal.x;
      h.normal.y = -c.normal.y;
    }
    if (h.t < this.bestT || (h.t === this.bestT && id < this.bestId)) {
      this.bestT = h.t;
      this.bestId = id;
      copySweepHit(h, id, this.bestSweep);
    }
    // Never stop at t = 0: candidates come in no fixed order, and a lower id may also hit at 0.
    return padded(this.bestT);
  }

  private readonly motion: Vec = { x: 0, y: 0 };
  private readonly touch: Contact = makeContact();
}

/** Makes an empty 2D collision world (see `World`). */
export function createWorld(options?: WorldOptions): World {
  return new World(options);
}
