import { requireFinite } from "../math/validate.ts";
import { buildBvh, type MeshBvh } from "./mesh-build.ts";
import {
  cast,
  castTriangle,
  facingTriangleNormal,
  LINE,
  loadRange,
  pointAlong,
  RAY,
  SEGMENT,
} from "./pairs/linear-triangle.ts";
import { type MeshHit, makeMeshHit } from "./results.ts";
import type { Aabb, Line, Ray, Segment } from "./shapes.ts";

export type { MeshBvh } from "./mesh-build.ts";

/**
 * An indexed triangle mesh (a surface, not a solid): triangle i has corners indices[3i],
 * indices[3i + 1], indices[3i + 2], each an index of an xyz triple in `positions`.
 */
export interface Mesh {
  readonly kind: "mesh";
  /** xyz per vertex (a validated copy). */
  readonly positions: Float64Array;
  /** Three vertex indices per triangle (a validated copy). */
  readonly indices: Uint32Array;
  readonly triangleCount: number;
  /** The exact bounds of every triangle's corners. */
  readonly bounds: Aabb;
  readonly bvh: MeshBvh;
}

/** How `mesh` builds its BVH. */
export interface MeshOptions {
  /**
   * "sah" (the default): binned surface-area splits for nodes of more than 128 triangles, middle
   * splits below. "middle": every node split at the middle of its box's widest axis, a faster
   * build (about 0.8x the time on 100k triangles) for meshes rebuilt often; rays through scenes
   * of uneven density (a ground plane and small props) can run several times slower.
   * "morton": the linear BVH, triangles sorted by the Morton code of their bounds' centers and
   * every node split at the middle of its Morton cell; the fastest build (about 0.3x the default's
   * time on 100k triangles), for meshes rebuilt every frame. Rays through its trees ran 1.1x the
   * default tree's time on a tessellated sphere and up to 1.6x on a ground plane with props.
   */
  readonly split?: "sah" | "middle" | "morton";
}

/**
 * Makes a mesh from vertex positions (xyz triples) and triangle corner indices, validating both
 * (finite coordinates; lengths multiples of 3; at least one triangle; integer indices in range;
 * `options.split` one of the names; a RangeError names the field), and builds its BVH by binned
 * SAH (or middle splits, or a linear BVH, see `MeshOptions`).
 * @see I. Wald, "On fast Construction of SAH-based Bounding Volume Hierarchies", IEEE Symposium
 * on Interactive Ray Tracing 2007 (the binned surface-area build); C. Lauterbach et al., "Fast
 * BVH Construction on GPUs", Eurographics 2009 (the linear BVH).
 */
export function mesh(
  positions: Float64Array | Float32Array | readonly number[],
  indices: Uint32Array | Uint16Array | readonly number[],
  options?: MeshOptions,
): Mesh & { kind: "mesh" } {
  const split = options?.split ?? "sah";
  if (split !== "sah" && split !== "middle" && split !== "morton") {
    throw new RangeError(`mesh.split must be "sah", "middle" or "morton", got ${String(split)}`);
  }
  if (positions.length % 3 !== 0) {
    throw new RangeError(`mesh.positions length must be a multiple of 3, got ${positions.length}`);
  }
  if (indices.length % 3 !== 0 || indices.length === 0) {
    throw new RangeError(
      `mesh.indices length must be a positive multiple of 3, got ${indices.length}`,
    );
  }
  // Copy first (one monomorphic loop over a typed array each), then validate the copy; a number[]
  // of indices is checked for integers before the conversion to Uint32 could wrap or truncate.
  // Each loop is its own function, so code V8 optimises mid-loop meets no unvisited code after it.
  const pos = new Float64Array(positions.length);
  pos.set(positions);
  checkPositions(pos, positions);
  const vertexCount = positions.length / 3;
  if (Array.isArray(indices)) checkIndexArray(indices, vertexCount);
  const idx = new Uint32Array(indices.length);
  idx.set(indices);
  checkIndices(idx, vertexCount);
  const bvh = buildBvh(pos, idx, split);
  const b = bvh.boxes;
  return {
    kind: "mesh",
    positions: pos,
    indices: idx,
    triangleCount: idx.length / 3,
    bounds: { min: { x: b[0]!, y: b[1]!, z: b[2]! }, max: { x: b[3]!, y: b[4]!, z: b[5]! } },
    bvh,
  };
}

/** Throws a RangeError naming the first non-finite coordinate of `pos` (a copy of `given`). */
function checkPositions(
  pos: Float64Array,
  given: Float64Array | Float32Array | readonly number[],
): void {
  for (let i = 0; i < pos.length; i++) {
    const v = pos[i]!;
    if (v - v !== 0) requireFinite(given[i]!, `mesh.positions[${i}]`);
  }
}

/** Throws a RangeError naming the first entry of `indices` that is not an integer vertex index. */
function checkIndexArray(indices: readonly number[], vertexCount: number): void {
  for (let i = 0; i < indices.length; i++) {
    const k = indices[i];
    if (typeof k !== "number" || !Number.isInteger(k) || k < 0 || k >= vertexCount) {
      throw new RangeError(
        `mesh.indices[${i}] must be an integer in [0, ${vertexCount}), got ${String(k)}`,
      );
    }
  }
}

/** Throws a RangeError naming the first index of `idx` out of range. */
function checkIndices(idx: Uint32Array, vertexCount: number): void {
  for (let i = 0; i < idx.length; i++) {
    if (idx[i]! >= vertexCount) {
      throw new RangeError(
        `mesh.indices[${i}] must be an integer in [0, ${vertexCount}), got ${idx[i]}`,
      );
    }
  }
}

/*
 * Traversal never culls a node the exact range meets. Each slab parameter (bound - o) / d is
 * computed as (bound - o) * (1 / d), within 3 roundings of the exact value, so the combined
 * entry and exit are within a relative 2^-50 of their own magnitudes (Ize, "Robust BVH Ray
 * Traversal", JCGT 2013, bounds the same errors); a node is culled only when entry exceeds exit
 * by more than that plus TAU (underflow). Axes where d is 0 test o against the slab exactly;
 * axes where 1 / d would not be a normal double are not used for culling. The exact triangle
 * test decides everything else.
 */
const DELTA = 2 ** -48;
const TAU = 2 ** -1000;
/** A triangle's float t is within 2^-35 of its exact value (filter.ts ACCURATE), so a node whose
 * entry is beyond best + 2^-30 |best| cannot hold a hit at or before the best found. */
const T_MARGIN = 2 ** -30;

/**
 * The best hit of the last mesh cast. A class, not a literal: V8 gives every literal with the same
 * keys one hidden class, so a foreign `{ t, slot, ... }` with a non-double `t` would have made
 * every hit box the doubles stored here (16 B per hit).
 */
class MeshBest {
  t = 0;
  slot = -1;
  triangle = -1;
  u = 0;
  v = 0;
  side = 0;
}
const found = new MeshBest();

const rb = new Float64Array(9);

/** The cast of the range in rb (start o, direction p - q) through the mesh; `want` = the first hit, else any. */
function castMesh(range: number, want: boolean, m: Mesh): boolean {
  const ox = rb[0]!;
  const oy = rb[1]!;
  const oz = rb[2]!;
  const px = rb[3]!;
  const py = rb[4]!;
  const pz = rb[5]!;
  const qx = rb[6]!;
  const qy = rb[7]!;
  const qz = rb[8]!;
  const { boxes, nodes, triangles, order, stack } = m.bvh;
  const dx = px - qx;
  const dy = py - qy;
  const dz = pz - qz;
  // Per axis: 0 = slab, 1 = containment (d = 0), 2 = unused.
  let ix = 1 / dx;
  let iy = 1 / dy;
  let iz = 1 / dz;
  const mx = dx === 0 ? 1 : Math.abs(ix) >= TAU && Math.abs(ix) < Number.POSITIVE_INFINITY ? 0 : 2;
  const my = dy === 0 ? 1 : Math.abs(iy) >= TAU && Math.abs(iy) < Number.POSITIVE_INFINITY ? 0 : 2;
  const mz = dz === 0 ? 1 : Math.abs(iz) >= TAU && Math.abs(iz) < Number.POSITIVE_INFINITY ? 0 : 2;
  if (mx !== 0) ix = 0;
  if (my !== 0) iy = 0;
  if (mz !== 0) iz = 0;
  const tmin = range === LINE ? Number.NEGATIVE_INFINITY : 0;
  let limit = range === SEGMENT ? 1 : Number.POSITIVE_INFINITY;
  found.slot = -1;
  found.triangle = -1;
  found.t = Number.POSITIVE_INFINITY;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const node = stack[--sp]!;
    const b = 6 * node;
    let near = tmin;
    let far = limit;
    if (mx === 0) {
      const t0 = (boxes[b]! - ox) * ix;
      const t1 = (boxes[b + 3]! - ox) * ix;
      near = Math.max(near, Math.min(t0, t1));
      far = Math.min(far, Math.max(t0, t1));
    } else if (mx === 1 && (ox < boxes[b]! || ox > boxes[b + 3]!)) continue;
    if (my === 0) {
      const t0 = (boxes[b + 1]! - oy) * iy;
      const t1 = (boxes[b + 4]! - oy) * iy;
      near = Math.max(near, Math.min(t0, t1));
      far = Math.min(far, Math.max(t0, t1));
    } else if (my === 1 && (oy < boxes[b + 1]! || oy > boxes[b + 4]!)) continue;
    if (mz === 0) {
      const t0 = (boxes[b + 2]! - oz) * iz;
      const t1 = (boxes[b + 5]! - oz) * iz;
      near = Math.max(near, Math.min(t0, t1));
      far = Math.min(far, Math.max(t0, t1));
    } else if (mz === 1 && (oz < boxes[b + 2]! || oz > boxes[b + 5]!)) continue;
    if (near - far > (Math.abs(near) + Math.abs(far)) * DELTA + TAU) continue;
    const first = nodes[2 * node]!;
    const count = nodes[2 * node + 1]!;
    if (count < 0) {
      // Near child last, so it is popped first.
      const axis = -1 - count;
      const toward = axis === 0 ? dx : axis === 1 ? dy : dz;
      if (toward < 0) {
        stack[sp++] = first;
        stack[sp++] = first + 1;
      } else {
        stack[sp++] = first + 1;
        stack[sp++] = first;
      }
      continue;
    }
    for (let s = first; s < first + count; s++) {
      if (!castTriangle(range, want, rb, triangles, 9 * s)) continue;
      if (!want) return true;
      const t = cast.t;
      const tri = order[s]!;
      if (t < found.t || (t === found.t && tri < found.triangle)) {
        found.t = t;
        found.slot = s;
        found.triangle = tri;
        found.u = cast.u;
        found.v = cast.v;
        found.side = cast.side;
        limit = t + Math.abs(t) * T_MARGIN + TAU;
      }
    }
  }
  return found.slot >= 0;
}

/** Fills `out` from `found` for the range in rb. */
function fillMeshHit(range: number, m: Mesh, out: MeshHit): MeshHit {
  const t = found.t;
  out.t = t;
  pointAlong(range, rb, t, out.point);
  facingTriangleNormal(found.side, rb, m.bvh.triangles, 9 * found.slot, out.normal);
  out.inside = false;
  out.triangle = found.triangle;
  out.u = found.u;
  out.v = found.v;
  return out;
}

/**
 * Whether the line meets any triangle of the mesh; exact, watertight across shared edges and
 * corners (the BVH never culls a node the line touches; the exact triangle test decides).
 */
export function testLineMesh(line: Line, m: Mesh): boolean {
  const o = line.point;
  const d = line.dir;
  loadRange(rb, o, d, null);
  return castMesh(LINE, false, m);
}

/** Whether the ray meets any triangle of the mesh; exact and watertight. */
export function testRayMesh(ray: Ray, m: Mesh): boolean {
  const o = ray.origin;
  const d = ray.dir;
  loadRange(rb, o, d, null);
  return castMesh(RAY, false, m);
}

/** Whether the segment meets any triangle of the mesh; exact and watertight. */
export function testSegmentMesh(seg: Segment, m: Mesh): boolean {
  const a = seg.a;
  const b = seg.b;
  loadRange(rb, a, b, a);
  return castMesh(SEGMENT, false, m);
}

/**
 * The line's first hit on the mesh (smallest t, any sign, in units of `line.dir`): triangle
 * index, barycentric u, v and the unit normal facing against the line; null when it misses
 * (exact). A tie between triangles (a shared edge or corner) names the lowest triangle index.
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function intersectLineMesh(
  line: Line,
  m: Mesh,
  out: MeshHit = makeMeshHit(),
): MeshHit | null {
  const o = line.point;
  const d = line.dir;
  loadRange(rb, o, d, null);
  return castMesh(LINE, true, m) ? fillMeshHit(LINE, m, out) : null;
}

/**
 * The ray's first hit on the mesh (smallest t >= 0 in units of `ray.dir`), as
 * `intersectLineMesh`; null when it misses (exact).
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function intersectRayMesh(ray: Ray, m: Mesh, out: MeshHit = makeMeshHit()): MeshHit | null {
  const o = ray.origin;
  const d = ray.dir;
  loadRange(rb, o, d, null);
  return castMesh(RAY, true, m) ? fillMeshHit(RAY, m, out) : null;
}

/**
 * The segment's first hit on the mesh (smallest t in [0, 1] from `a` to `b`), as
 * `intersectLineMesh`; null when it misses (exact).
 * @see Woop, Benthin, Wald, "Watertight Ray/Triangle Intersection", JCGT 2013.
 */
export function intersectSegmentMesh(
  seg: Segment,
  m: Mesh,
  out: MeshHit = makeMeshHit(),
): MeshHit | null {
  const a = seg.a;
  const b = seg.b;
  loadRange(rb, a, b, a);
  return castMesh(SEGMENT, true, m) ? fillMeshHit(SEGMENT, m, out) : null;
}
