import { lastLiftExponent, lift } from "../../exact/bigint.ts";
import { ERR5, ERR9, TAIL2 } from "../../exact/filter.ts";
import { type HullFaces, hullOf, makeHullFaces } from "../convex/quickhull.ts";
import type { Aabb, Box, Hull, Plane, Triangle, Vec } from "../shapes.ts";
import { boxAxes } from "../shapes.ts";
import type { Poly } from "./poly-shape.ts";

/*
 * Exact containment of one polytope in another: A lies in the convex B exactly when every vertex
 * of A does. A float pass over the frame's polytopes settles the clear cases (a vertex of A
 * beyond a face plane of B, or every vertex inside every face, by 2^-30 of the frame's unit,
 * far above the planes' rounding); the rest is decided on BigInts: all values of both shapes are
 * lifted with one power of two, box corners are the exact sums center ± u ± v ± w, and B becomes
 * half-spaces and equalities from its exact vertices (every supporting plane through three of
 * them, or a hull's quickhull faces; its plane and in-plane edges when flat; its line when
 * collinear).
 */

/** Shape kinds this module knows. */
export const KIND_AABB = 0;
/** An oriented box. */
export const KIND_BOX = 1;
/** A triangle. */
export const KIND_TRIANGLE = 2;
/** A hull. */
export const KIND_HULL = 3;

type PolyShape = Aabb | Box | Triangle | Hull;

/**
 * Float pass: 1 contained, 0 not, -1 undecided. `a` and `b` are the frame polytopes of the pair.
 */
export function containedFloat(a: Poly, b: Poly): number {
  if (b.faces === 0) return -1;
  const tol = 2 ** -30;
  let allInside = true;
  for (let f = 0; f < b.faces; f++) {
    const nx = b.planes[4 * f]!;
    const ny = b.planes[4 * f + 1]!;
    const nz = b.planes[4 * f + 2]!;
    const d = b.planes[4 * f + 3]!;
    if (nx === 0 && ny === 0 && nz === 0) return -1;
    for (let i = 0; i < a.nv; i++) {
      const h = nx * a.v[3 * i]! + ny * a.v[3 * i + 1]! + nz * a.v[3 * i + 2]! - d;
      if (h > tol) return 0;
      if (!(h < -tol)) allInside = false;
    }
  }
  return allInside ? 1 : -1;
}

const VALUES: number[] = [];
const INTS: bigint[] = [];
const AXES: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];
const FACES: HullFaces = makeHullFaces();

type V3 = [bigint, bigint, bigint];

function pushVec(p: Vec): void {
  VALUES.push(p.x, p.y, p.z);
}

function pushShape(kind: number, s: PolyShape): void {
  if (kind === KIND_AABB) {
    pushVec((s as Aabb).min);
    pushVec((s as Aabb).max);
  } else if (kind === KIND_BOX) {
    boxAxes(s as Box, AXES);
    pushVec((s as Box).center);
    pushVec(AXES[0]!);
    pushVec(AXES[1]!);
    pushVec(AXES[2]!);
  } else if (kind === KIND_TRIANGLE) {
    pushVec((s as Triangle).a);
    pushVec((s as Triangle).b);
    pushVec((s as Triangle).c);
  } else {
    for (const p of (s as Hull).points) pushVec(p);
  }
}

/** The exact vertices of a shape whose lifted values start at INTS[at]. */
function verticesOf(kind: number, s: PolyShape, at: number): V3[] {
  const n = INTS;
  const out: V3[] = [];
  const get = (i: number): V3 => [n[at + 3 * i]!, n[at + 3 * i + 1]!, n[at + 3 * i + 2]!];
  if (kind === KIND_AABB) {
    const lo = get(0);
    const hi = get(1);
    for (let c = 0; c < 8; c++) {
      out.push([c & 1 ? hi[0] : lo[0], c & 2 ? hi[1] : lo[1], c & 4 ? hi[2] : lo[2]]);
    }
  } else if (kind === KIND_BOX) {
    const c0 = get(0);
    const u = get(1);
    const v = get(2);
    const w = get(3);
    for (let c = 0; c < 8; c++) {
      const su = c & 1 ? 1n : -1n;
      const sv = c & 2 ? 1n : -1n;
      const sw = c & 4 ? 1n : -1n;
      out.push([
        c0[0] + su * u[0] + sv * v[0] + sw * w[0],
        c0[1] + su * u[1] + sv * v[1] + sw * w[1],
        c0[2] + su * u[2] + sv * v[2] + sw * w[2],
      ]);
    }
  } else {
    const count = kind === KIND_TRIANGLE ? 3 : (s as Hull).points.length;
    for (let i = 0; i < count; i++) out.push(get(i));
  }
  return out;
}

const sub = (p: V3, q: V3): V3 => [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
const dot = (p: V3, q: V3): bigint => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
const cross = (p: V3, q: V3): V3 => [
  p[1] * q[2] - p[2] * q[1],
  p[2] * q[0] - p[0] * q[2],
  p[0] * q[1] - p[1] * q[0],
];
const isZero = (p: V3): boolean => p[0] === 0n && p[1] === 0n && p[2] === 0n;

/** Constraints lo <= n . x <= hi (null bound: none). */
interface Slab {
  n: V3;
  lo: bigint | null;
  hi: bigint | null;
}

/** Half-spaces and equalities whose intersection is the hull of Q (exact). */
function constraintsOf(q: V3[], kind: number, s: PolyShape): Slab[] {
  const out: Slab[] = [];
  const p0 = q[0]!;
  let i1 = -1;
  for (let i = 1; i < q.length; i++) if (!isZero(sub(q[i]!, p0))) i1 = i;
  if (i1 < 0) {
    // A point: x = p0.
    out.push({ n: [1n, 0n, 0n], lo: p0[0], hi: p0[0] });
    out.push({ n: [0n, 1n, 0n], lo: p0[1], hi: p0[1] });
    out.push({ n: [0n, 0n, 1n], lo: p0[2], hi: p0[2] });
    return out;
  }
  const d = sub(q[i1]!, p0);
  let normal: V3 | null = null;
  for (let i = 0; i < q.length && normal === null; i++) {
    const c = cross(d, sub(q[i]!, p0));
    if (!isZero(c)) normal = c;
  }
  if (normal === null) {
    // Collinear: on the line (d x (x - p0) = 0) and between the extremes along d.
    const e: V3[] = [
      [0n, -d[2], d[1]],
      [d[2], 0n, -d[0]],
      [-d[1], d[0], 0n],
    ];
    for (const n of e) out.push({ n, lo: dot(n, p0), hi: dot(n, p0) });
    let lo = dot(d, p0);
    let hi = lo;
    for (const p of q) {
      const t = dot(d, p);
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
    out.push({ n: d, lo, hi });
    return out;
  }
  let solid = false;
  for (const p of q) if (dot(normal, sub(p, p0)) !== 0n) solid = true;
  if (!solid) {
    // Flat: in the plane, and inside every in-plane line through two points that has all of Q
    // on one side.
    const h = dot(normal, p0);
    out.push({ n: normal, lo: h, hi: h });
    for (let i = 0; i < q.length; i++) {
      for (let j = i + 1; j < q.length; j++) {
        const e = sub(q[j]!, q[i]!);
        if (isZero(e)) continue;
        const m = cross(normal, e);
        pushSupporting(out, m, q, q[i]!);
      }
    }
    return out;
  }
  if (kind === KIND_HULL) {
    // Solid hull: its quickhull faces (exact orientation) are every facet.
    hullOf((s as Hull).points, FACES);
    for (let f = 0; f < FACES.faceCount; f++) {
      const s0 = FACES.start[f]!;
      const a = q[FACES.loop[s0]!]!;
      const b = q[FACES.loop[s0 + 1]!]!;
      const c = q[FACES.loop[s0 + 2]!]!;
      const n = cross(sub(b, a), sub(c, a));
      out.push({ n, lo: null, hi: dot(n, a) });
    }
    return out;
  }
  for (let i = 0; i < q.length; i++) {
    for (let j = i + 1; j < q.length; j++) {
      for (let k = j + 1; k < q.length; k++) {
        const n = cross(sub(q[j]!, q[i]!), sub(q[k]!, q[i]!));
        if (isZero(n)) continue;
        pushSupporting(out, n, q, q[i]!);
      }
    }
  }
  return out;
}

/** Adds n . x <= n . p (or >=) when every point of Q is on that side of the plane through p. */
function pushSupporting(out: Slab[], n: V3, q: V3[], p: V3): void {
  const h = dot(n, p);
  let above = false;
  let below = false;
  for (const r of q) {
    const t = dot(n, r);
    if (t > h) above = true;
    else if (t < h) below = true;
  }
  if (above && below) return;
  if (above) out.push({ n, lo: h, hi: null });
  else out.push({ n, lo: null, hi: h });
}

/** Exact: does shape A (kind, data) lie in shape B? */
export function containedExact(kindA: number, a: PolyShape, kindB: number, b: PolyShape): boolean {
  VALUES.length = 0;
  pushShape(kindA, a);
  const atB = VALUES.length;
  pushShape(kindB, b);
  lift(VALUES, INTS);
  const va = verticesOf(kindA, a, 0);
  const vb = verticesOf(kindB, b, atB);
  const slabs = constraintsOf(vb, kindB, b);
  for (const p of va) {
    for (const s of slabs) {
      const t = dot(s.n, p);
      if (s.lo !== null && t < s.lo) return false;
      if (s.hi !== null && t > s.hi) return false;
    }
  }
  return true;
}

/** `onPlaneExact`'s box axes (as `boxAxes` makes them, which the exact path reads too). */
const PAXES: Vec[] = [
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
  { x: 0, y: 0, z: 0 },
];

/**
 * Exact: does every point of the shape lie on the plane dot(normal, x) = offset? A float filter
 * first: one vertex certainly off the plane says no, which settles every shape that is not flat
 * in the plane (to rounding); only those reach the BigInt test.
 */
export function onPlaneExact(p: Plane, kind: number, s: PolyShape): boolean {
  return onPlaneFloat(p, kind, s) ? false : onPlaneSlow(p, kind, s);
}

/**
 * Float filter of `onPlaneExact`: true when some vertex v is certainly off the plane,
 * |n . v - offset| above its rounding bound. A box's corner is c ± u ± v ± w (its `boxAxes`, as
 * the exact path reads it), evaluated as (n . c - offset) ± n . u ± n . v ± n . w: at most 7
 * roundings deep, so ERR9 times the same sum of absolute terms bounds the error (filter.ts);
 * products are of degree 2, so TAIL2 covers their underflow; overflow or NaN fails the test.
 */
function onPlaneFloat(p: Plane, kind: number, s: PolyShape): boolean {
  const n = p.normal;
  const nx = n.x;
  const ny = n.y;
  const nz = n.z;
  const off = p.offset;
  if (kind === KIND_BOX) {
    const b = s as Box;
    boxAxes(b, PAXES);
    const u = PAXES[0]!;
    const v = PAXES[1]!;
    const w = PAXES[2]!;
    const c = b.center;
    const h0 = nx * c.x + ny * c.y + nz * c.z - off;
    const m0 = Math.abs(nx * c.x) + Math.abs(ny * c.y) + Math.abs(nz * c.z) + Math.abs(off);
    const hu = nx * u.x + ny * u.y + nz * u.z;
    const mu = Math.abs(nx * u.x) + Math.abs(ny * u.y) + Math.abs(nz * u.z);
    const hv = nx * v.x + ny * v.y + nz * v.z;
    const mv = Math.abs(nx * v.x) + Math.abs(ny * v.y) + Math.abs(nz * v.z);
    const hw = nx * w.x + ny * w.y + nz * w.z;
    const mw = Math.abs(nx * w.x) + Math.abs(ny * w.y) + Math.abs(nz * w.z);
    // Every corner has the same absolute sum.
    const bound = ERR9 * (m0 + mu + mv + mw) + TAIL2;
    for (let c8 = 0; c8 < 8; c8++) {
      const h = h0 + (c8 & 1 ? hu : -hu) + (c8 & 2 ? hv : -hv) + (c8 & 4 ? hw : -hw);
      if (Math.abs(h) > bound) return true;
    }
    return false;
  }
  return pointOffPlane(p, kind, s);
}

/** `onPlaneFloat` for shapes whose vertices are given as doubles: n . v - offset, 4 roundings deep (ERR5). */
function pointOffPlane(p: Plane, kind: number, s: PolyShape): boolean {
  const n = p.normal;
  const nx = n.x;
  const ny = n.y;
  const nz = n.z;
  const off = p.offset;
  const count = kind === KIND_AABB ? 8 : kind === KIND_TRIANGLE ? 3 : (s as Hull).points.length;
  for (let i = 0; i < count; i++) {
    let x: number;
    let y: number;
    let z: number;
    if (kind === KIND_AABB) {
      const a = s as Aabb;
      x = i & 1 ? a.max.x : a.min.x;
      y = i & 2 ? a.max.y : a.min.y;
      z = i & 4 ? a.max.z : a.min.z;
    } else {
      const q =
        kind === KIND_TRIANGLE
          ? i === 0
            ? (s as Triangle).a
            : i === 1
              ? (s as Triangle).b
              : (s as Triangle).c
          : (s as Hull).points[i]!;
      x = q.x;
      y = q.y;
      z = q.z;
    }
    const h = nx * x + ny * y + nz * z - off;
    const m = Math.abs(nx * x) + Math.abs(ny * y) + Math.abs(nz * z) + Math.abs(off);
    if (Math.abs(h) > ERR5 * m + TAIL2) return true;
  }
  return false;
}

/** The exact test of `onPlaneExact`, on BigInts. */
function onPlaneSlow(p: Plane, kind: number, s: PolyShape): boolean {
  VALUES.length = 0;
  pushVec(p.normal);
  VALUES.push(p.offset);
  pushShape(kind, s);
  lift(VALUES, INTS);
  const e = lastLiftExponent();
  const n: V3 = [INTS[0]!, INTS[1]!, INTS[2]!];
  // n . x = (N . X) 2^(2e) and offset = O 2^e: equal when (N . X) 2^e = O.
  let off = INTS[3]!;
  const shift = BigInt(Math.abs(e));
  const up = e >= 0;
  if (!up) off <<= shift;
  const save = INTS.slice(4);
  INTS.length = 0;
  for (const v of save) INTS.push(v);
  for (const v of verticesOf(kind, s, 0)) {
    const d = dot(n, v);
    if ((up ? d << shift : d) !== off) return false;
  }
  return true;
}
