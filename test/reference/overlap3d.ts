/**
 * Exact 3D overlap reference for convex solids (test only; imports nothing from src/).
 *
 * A solid is a convex core (its vertices as exact rationals) grown by a radius. Two solids meet
 * when the squared distance between the cores is <= (r1 + r2)^2, with r1 + r2 exact.
 *
 * The distance is found by enumeration, not by iteration: the minimum of |x - y|^2 over
 * x = sum(alpha_i a_i), y = sum(beta_j b_j) (convex weights) is attained with weights whose
 * supports S_A, S_B have linearly independent edge vectors {a_i - a_0} U {b_j - b_0} (a minimiser
 * of least support cannot have a dependence, else moving along it keeps x - y and zeroes a
 * weight). So for every such pair of subsets (at most 3 edge vectors) the stationary point of
 * the least-squares problem is solved exactly, and kept when all weights are >= 0.
 *
 * A frustum's vertices are every feasible meeting point of three of its six planes (the vertices
 * of the region itself, whatever its shape). A box's axes follow the documented formula of
 * `boxAxes` (the columns of the quaternion's rotation matrix times the half extents, in doubles)
 * applied to the rotation as stored; `refBox` stores it as the `box()` constructor does
 * (normalised once in doubles), so a box made by `box(c, h, q)` is `refBox(c, h, q)` here.
 */
import { fromDouble, type Rational, rat } from "./bigrational.ts";

export interface P3 {
  x: number;
  y: number;
  z: number;
}

/** Reference shapes: the same plain data as the library's, tagged by kind. */
export type Solid3 =
  | { kind: "sphere"; center: P3; radius: number }
  | { kind: "capsule"; a: P3; b: P3; radius: number }
  | { kind: "aabb"; min: P3; max: P3 }
  | {
      kind: "box";
      center: P3;
      halfExtents: P3;
      rotation: { x: number; y: number; z: number; w: number };
    }
  | { kind: "triangle"; a: P3; b: P3; c: P3 }
  | { kind: "hull"; points: readonly P3[] }
  | { kind: "frustum"; planes: readonly { normal: P3; offset: number }[] };

export interface RPlane {
  normal: P3;
  offset: number;
}

/** A vertex as exact rationals. */
type RV = [Rational, Rational, Rational];

const rv = (p: P3): RV => [fromDouble(p.x), fromDouble(p.y), fromDouble(p.z)];

type Quat = { x: number; y: number; z: number; w: number };

/**
 * The box the library's `box(center, halfExtents, rotation)` constructor makes: its documented
 * normalisation in doubles (scale by the largest |component| so the squared norm cannot overflow,
 * hypot, scale back, divide each component by that norm). Normalising twice can move a
 * component by an ulp (a quarter turn (0, 0, sqrt 1/2, sqrt 1/2) becomes 0.7071067811865475
 * twice), and that ulp moves the box's faces: start from the raw rotation, once.
 */
export function refBox(center: P3, halfExtents: P3, q: Quat): Extract<Solid3, { kind: "box" }> {
  const big = Math.max(Math.abs(q.w), Math.abs(q.x), Math.abs(q.y), Math.abs(q.z));
  const norm = big * Math.hypot(q.x / big, q.y / big, q.z / big, q.w / big);
  return {
    kind: "box",
    center,
    halfExtents,
    rotation: { x: q.x / norm, y: q.y / norm, z: q.z / norm, w: q.w / norm },
  };
}

/** The box's half axes by the documented formula, evaluated in doubles in the same order. */
export function refBoxAxes(b: Extract<Solid3, { kind: "box" }>): P3[] {
  const { x, y, z, w } = b.rotation;
  const hx = b.halfExtents.x;
  const hy = b.halfExtents.y;
  const hz = b.halfExtents.z;
  return [
    { x: (1 - 2 * (y * y + z * z)) * hx, y: 2 * (x * y + w * z) * hx, z: 2 * (x * z - w * y) * hx },
    { x: 2 * (x * y - w * z) * hy, y: (1 - 2 * (x * x + z * z)) * hy, z: 2 * (y * z + w * x) * hy },
    { x: 2 * (x * z + w * y) * hz, y: 2 * (y * z - w * x) * hz, z: (1 - 2 * (x * x + y * y)) * hz },
  ];
}

const radd = (a: Rational, b: Rational): Rational =>
  rat(a.num * b.den + b.num * a.den, a.den * b.den);
const rmul = (a: Rational, b: Rational): Rational => rat(a.num * b.num, a.den * b.den);
const rneg = (a: Rational): Rational => ({ num: -a.num, den: a.den });

/** The exact vertices of a solid's core and its radius. */
export function coreOf(s: Solid3): { verts: RV[]; radius: Rational } {
  const zero = rat(0n);
  switch (s.kind) {
    case "sphere":
      return { verts: [rv(s.center)], radius: fromDouble(s.radius) };
    case "capsule":
      return { verts: [rv(s.a), rv(s.b)], radius: fromDouble(s.radius) };
    case "triangle":
      return { verts: [rv(s.a), rv(s.b), rv(s.c)], radius: zero };
    case "aabb": {
      const verts: RV[] = [];
      for (const x of [s.min.x, s.max.x])
        for (const y of [s.min.y, s.max.y])
          for (const z of [s.min.z, s.max.z]) verts.push(rv({ x, y, z }));
      return { verts, radius: zero };
    }
    case "box": {
      const ax = refBoxAxes(s).map(rv);
      const c = rv(s.center);
      const verts: RV[] = [];
      for (const s0 of [1, -1])
        for (const s1 of [1, -1])
          for (const s2 of [1, -1]) {
            const v: RV = [c[0], c[1], c[2]];
            for (let k = 0; k < 3; k++) {
              v[k] = radd(v[k]!, s0 > 0 ? ax[0]![k]! : rneg(ax[0]![k]!));
              v[k] = radd(v[k]!, s1 > 0 ? ax[1]![k]! : rneg(ax[1]![k]!));
              v[k] = radd(v[k]!, s2 > 0 ? ax[2]![k]! : rneg(ax[2]![k]!));
            }
            verts.push(v);
          }
      return { verts, radius: zero };
    }
    case "frustum":
      return { verts: frustumVertices(s.planes), radius: zero };
    case "hull":
      return { verts: s.points.map(rv), radius: zero };
  }
}

/** Every point where three planes meet in one point and which satisfies all six (<= offset). */
export function frustumVertices(planes: readonly RPlane[]): RV[] {
  const n = planes.map((p) => [...rv(p.normal), fromDouble(p.offset)] as Rational[]);
  const out: RV[] = [];
  for (let i = 0; i < planes.length; i++)
    for (let j = i + 1; j < planes.length; j++)
      for (let k = j + 1; k < planes.length; k++) {
        const m = [n[i]!, n[j]!, n[k]!];
        const det3 = (c: number[]): Rational => {
          // Determinant of the 3x3 matrix whose columns are picked from each row's entries.
          const e = (r: number, col: number): Rational => m[r]![c[col]!]!;
          let d = rat(0n);
          for (const [p0, p1, p2, sg] of [
            [0, 1, 2, 1],
            [1, 2, 0, 1],
            [2, 0, 1, 1],
            [0, 2, 1, -1],
            [1, 0, 2, -1],
            [2, 1, 0, -1],
          ] as const) {
            const t = rmul(rmul(e(0, p0), e(1, p1)), e(2, p2));
            d = radd(d, sg > 0 ? t : rneg(t));
          }
          return d;
        };
        const det = det3([0, 1, 2]);
        if (det.num === 0n) continue;
        const div = (a: Rational): Rational => rat(a.num * det.den, a.den * det.num);
        const p: RV = [div(det3([3, 1, 2])), div(det3([0, 3, 2])), div(det3([0, 1, 3]))];
        const feasible = n.every((q) => {
          const v = radd(radd(rmul(q[0]!, p[0]), rmul(q[1]!, p[1])), rmul(q[2]!, p[2]));
          return v.num * q[3]!.den <= q[3]!.num * v.den;
        });
        if (feasible) out.push(p);
      }
  return out;
}

function lcm(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** Integer vectors over one common denominator L: value = int / L. */
function toIntegers(all: Rational[]): { ints: bigint[]; den: bigint } {
  let den = 1n;
  for (const r of all) den = den % r.den === 0n ? den : lcm(den, r.den);
  return { ints: all.map((r) => r.num * (den / r.den)), den };
}

type IV = [bigint, bigint, bigint];
const isub = (a: IV, b: IV): IV => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const idot = (a: IV, b: IV): bigint => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

function subsets(n: number, maxSize: number): number[][] {
  const out: number[][] = [];
  for (let m = 1; m < 1 << n; m++) {
    const s: number[] = [];
    for (let i = 0; i < n; i++) if (m & (1 << i)) s.push(i);
    if (s.length <= maxSize) out.push(s);
  }
  return out;
}

/** det of a k x k bigint matrix (k <= 3). */
function detK(m: bigint[][]): bigint {
  const k = m.length;
  if (k === 0) return 1n;
  if (k === 1) return m[0]![0]!;
  if (k === 2) return m[0]![0]! * m[1]![1]! - m[0]![1]! * m[1]![0]!;
  const [a, b, c] = m as [bigint[], bigint[], bigint[]];
  return (
    a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) -
    a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) +
    a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!)
  );
}

/**
 * Exact squared distance between conv(A) and conv(B) as num / den (den > 0), by the enumeration
 * described at the top of this file.
 */
export function coreDistance2(A: RV[], B: RV[]): { num: bigint; den: bigint } {
  const { ints, den: L } = toIntegers([...A.flat(), ...B.flat()]);
  const pts: IV[] = [];
  for (let i = 0; i < ints.length; i += 3) pts.push([ints[i]!, ints[i + 1]!, ints[i + 2]!]);
  const a = pts.slice(0, A.length);
  const b = pts.slice(A.length);
  let best: { num: bigint; den: bigint } | null = null;
  for (const sa of subsets(a.length, 4)) {
    for (const sb of subsets(b.length, 5 - sa.length)) {
      const a0 = a[sa[0]!]!;
      const b0 = b[sb[0]!]!;
      // d(z) = (a0 - b0) + sum z_k u_k with u = edges of A, then minus edges of B.
      const u: IV[] = [];
      for (const i of sa.slice(1)) u.push(isub(a[i]!, a0));
      for (const j of sb.slice(1)) u.push(isub(b0, b[j]!));
      if (u.length > 3) continue;
      const d0 = isub(a0, b0);
      const k = u.length;
      const g = u.map((ui) => u.map((uj) => idot(ui, uj)));
      const h = u.map((ui) => -idot(ui, d0));
      const D = detK(g);
      if (D === 0n) continue;
      // Cramer: z_k = det(g with column k replaced by h) / D.
      const z = u.map((_, col) =>
        detK(g.map((row, r) => row.map((v, c) => (c === col ? h[r]! : v)))),
      );
      const sgn = D > 0n ? 1n : -1n;
      const zs = z.map((v) => v * sgn);
      const Dp = D * sgn;
      const na = sa.length - 1;
      let ok = zs.every((v) => v >= 0n);
      const sumA = zs.slice(0, na).reduce((s, v) => s + v, 0n);
      const sumB = zs.slice(na).reduce((s, v) => s + v, 0n);
      ok = ok && sumA <= Dp && sumB <= Dp;
      if (!ok) continue;
      const vx = d0.map((c, i) => c * Dp + zs.reduce((s, zk, kk) => s + zk * u[kk]![i]!, 0n)) as IV;
      const num = idot(vx, vx);
      const dd = Dp * Dp * L * L;
      if (best === null || num * best.den < best.num * dd) best = { num, den: dd };
      void k;
    }
  }
  if (best === null) throw new Error("coreDistance2: no candidate (empty core?)");
  return best;
}

/** Exact: do the two solids meet (closed sets)? */
export function overlapRef(s: Solid3, t: Solid3): boolean {
  const A = coreOf(s);
  const B = coreOf(t);
  const d2 = coreDistance2(A.verts, B.verts);
  const r = radd(A.radius, B.radius);
  // num / den <= (r.num / r.den)^2.
  return d2.num * r.den * r.den <= r.num * r.num * d2.den;
}

/** Exact: does the plane (a surface) meet the solid? */
export function planeOverlapRef(p: RPlane, s: Solid3): boolean {
  const { verts, radius } = coreOf(s);
  const n = rv(p.normal);
  const o = fromDouble(p.offset);
  const vals = verts.map((v) =>
    radd(radd(radd(rmul(n[0], v[0]), rmul(n[1], v[1])), rmul(n[2], v[2])), rneg(o)),
  );
  if (vals.some((v) => v.num <= 0n) && vals.some((v) => v.num >= 0n)) return true;
  const absd = vals.map((v) => (v.num < 0n ? rneg(v) : v));
  const near = absd.reduce((m, v) => (v.num * m.den < m.num * v.den ? v : m));
  const nn = radd(radd(rmul(n[0], n[0]), rmul(n[1], n[1])), rmul(n[2], n[2]));
  const lhs = rmul(near, near);
  const rhs = rmul(rmul(radius, radius), nn);
  return lhs.num * rhs.den <= rhs.num * lhs.den;
}

/** Exact: do two planes meet (not parallel, or equal)? */
export function planePlaneRef(p: RPlane, q: RPlane): boolean {
  const a = rv(p.normal);
  const b = rv(q.normal);
  const cross = [
    radd(rmul(a[1], b[2]), rneg(rmul(a[2], b[1]))),
    radd(rmul(a[2], b[0]), rneg(rmul(a[0], b[2]))),
    radd(rmul(a[0], b[1]), rneg(rmul(a[1], b[0]))),
  ];
  if (cross.some((c) => c.num !== 0n)) return true;
  const op = fromDouble(p.offset);
  const oq = fromDouble(q.offset);
  // Parallel: equal when op * b = oq * a componentwise.
  return [0, 1, 2].every((i) => {
    const l = rmul(op, b[i]!);
    const r = rmul(oq, a[i]!);
    return l.num * r.den === r.num * l.den;
  });
}

/**
 * Exact: does the line o + t d (t >= 0 when `ray`) meet the solid? Every point x of the solid has
 * t(x) = (x - o) . d / (d . d) within [min, max] of t over its core's vertices widened by r / |d|
 * (bounded by r (|dx| + |dy| + |dz|) / (d . d)), so the line meets it exactly when the segment
 * between those parameters (clamped to t >= 0 for a ray) does. A zero d is the point o.
 */
export function linearOverlapRef(o: P3, d: P3, ray: boolean, s: Solid3): boolean {
  const { verts, radius } = coreOf(s);
  const ro = rv(o);
  const rd = rv(d);
  const dot = (a: RV, b: RV): Rational =>
    radd(radd(rmul(a[0], b[0]), rmul(a[1], b[1])), rmul(a[2], b[2]));
  const dd = dot(rd, rd);
  let seg: RV[];
  if (dd.num === 0n) seg = [ro];
  else {
    const ts = verts.map((v) => {
      const w: RV = [radd(v[0], rneg(ro[0])), radd(v[1], rneg(ro[1])), radd(v[2], rneg(ro[2]))];
      const t = dot(w, rd);
      return rat(t.num * dd.den, t.den * dd.num);
    });
    const l1 = [0, 1, 2].reduce(
      (acc, k) => radd(acc, rd[k]!.num < 0n ? rneg(rd[k]!) : rd[k]!),
      rat(0n),
    );
    const padT = rmul(radius, rat(l1.num * dd.den, l1.den * dd.num));
    const less = (a: Rational, b: Rational): boolean => a.num * b.den < b.num * a.den;
    let lo = ts.reduce((m, t) => (less(t, m) ? t : m));
    let hi = ts.reduce((m, t) => (less(m, t) ? t : m));
    lo = radd(lo, rneg(padT));
    hi = radd(hi, padT);
    if (ray) {
      if (hi.num < 0n) return false;
      if (lo.num < 0n) lo = rat(0n);
    }
    const at = (t: Rational): RV => [
      radd(ro[0], rmul(t, rd[0])),
      radd(ro[1], rmul(t, rd[1])),
      radd(ro[2], rmul(t, rd[2])),
    ];
    seg = [at(lo), at(hi)];
  }
  const d2 = coreDistance2(seg, verts);
  // num / den <= r^2.
  return d2.num * radius.den * radius.den <= radius.num * radius.num * d2.den;
}

/**
 * Exact: does solid s moved by t m for some t in [0, 1] meet solid u? The swept solid is the hull
 * of s's core vertices and the same vertices + m (exact rational sums), grown by s's radius.
 */
export function sweptOverlapRef(s: Solid3, m: P3, u: Solid3): boolean {
  const A = coreOf(s);
  const B = coreOf(u);
  const rm = rv(m);
  const ends = A.verts.map((v): RV => [radd(v[0], rm[0]), radd(v[1], rm[1]), radd(v[2], rm[2])]);
  const d2 = coreDistance2([...A.verts, ...ends], B.verts);
  const r = radd(A.radius, B.radius);
  return d2.num * r.den * r.den <= r.num * r.num * d2.den;
}

/**
 * A linear shape for linearLinearRef: the points o + t d with t in R ("line"), t >= 0 ("ray"),
 * or the segment from o to e ("segment", d unused).
 */
export type RefLinear =
  | { kind: "line"; o: P3; d: P3 }
  | { kind: "ray"; o: P3; d: P3 }
  | { kind: "segment"; o: P3; e: P3 };

/** Exact: do two linear shapes meet? */
export function linearLinearRef(a: RefLinear, b: RefLinear): boolean {
  const A = refLin(a);
  const B = refLin(b);
  const sub3 = (p: RV, q: RV): RV => [
    radd(p[0], rneg(q[0])),
    radd(p[1], rneg(q[1])),
    radd(p[2], rneg(q[2])),
  ];
  const dot = (p: RV, q: RV): Rational =>
    radd(radd(rmul(p[0], q[0]), rmul(p[1], q[1])), rmul(p[2], q[2]));
  const isZero = (p: RV): boolean => p.every((c) => c.num === 0n);
  const at = (L: typeof A, t: Rational): RV => [
    radd(L.o[0], rmul(t, L.d[0])),
    radd(L.o[1], rmul(t, L.d[1])),
    radd(L.o[2], rmul(t, L.d[2])),
  ];
  const ok = (L: typeof A, t: Rational): boolean =>
    L.kind === "line" || (t.num >= 0n && (L.kind === "ray" || t.num <= t.den));
  /** Is the point on L? Its projection parameter must land on it exactly and in range. */
  const onIt = (p: RV, L: typeof A): boolean => {
    const dd = dot(L.d, L.d);
    if (dd.num === 0n) return isZero(sub3(p, L.o));
    const w = dot(sub3(p, L.o), L.d);
    const t = rat(w.num * dd.den, w.den * dd.num);
    return ok(L, t) && isZero(sub3(at(L, t), p));
  };
  if (isZero(A.d)) return onIt(A.o, B);
  if (isZero(B.d)) return onIt(B.o, A);
  // Normal equations of min |A.o + t A.d - B.o - s B.d|^2, solved by Cramer's rule.
  const w = sub3(A.o, B.o);
  const aa = dot(A.d, A.d);
  const ab = dot(A.d, B.d);
  const bb = dot(B.d, B.d);
  const aw = dot(A.d, w);
  const bw = dot(B.d, w);
  // [aa, -ab; ab, -bb] [t; s] = [-aw; -bw].
  const det = radd(rmul(aa, rneg(bb)), rmul(ab, ab));
  if (det.num !== 0n) {
    const tN = radd(rmul(rneg(aw), rneg(bb)), rneg(rmul(rneg(ab), rneg(bw))));
    const sN = radd(rmul(aa, rneg(bw)), rneg(rmul(ab, rneg(aw))));
    const t = rat(tN.num * det.den, tN.den * det.num);
    const s = rat(sN.num * det.den, sN.den * det.num);
    return ok(A, t) && ok(B, s) && isZero(sub3(at(A, t), at(B, s)));
  }
  // Parallel: they meet only when collinear, and then when one holds an end point of the other,
  // or both are unbounded the same way (lines; rays pointing the same way).
  if (!onIt(B.o, { kind: "line", o: A.o, d: A.d })) return false;
  if (A.kind === "line" || B.kind === "line") return true;
  if (A.kind === "ray" && B.kind === "ray" && ab.num > 0n) return true;
  const ends = (L: typeof A): RV[] => (L.kind === "segment" ? [L.o, at(L, rat(1n))] : [L.o]);
  return ends(A).some((p) => onIt(p, B)) || ends(B).some((p) => onIt(p, A));
}

function refLin(l: RefLinear): { kind: RefLinear["kind"]; o: RV; d: RV } {
  const o = rv(l.o);
  if (l.kind !== "segment") return { kind: l.kind, o, d: rv(l.d) };
  const e = rv(l.e);
  return {
    kind: "segment",
    o,
    d: [radd(e[0], rneg(o[0])), radd(e[1], rneg(o[1])), radd(e[2], rneg(o[2]))],
  };
}
