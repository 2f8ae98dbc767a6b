/**
 * Seeded 2D scenes for the peer benchmarks (bench/peers-2d.ts), in metres as planck.js expects
 * (bodies 0.5 to 3 across), each tuned so about half the pairs hit. Every shape is stored once
 * as plain numbers; each contender builds its own objects from these at setup.
 */
import { prng } from "./prng.ts";

export const N2 = 4096;

export interface V {
  x: number;
  y: number;
}

/** A convex polygon given locally (around the origin) and placed by a pose, plus its world corners. */
export interface PosedPolygon {
  local: V[];
  x: number;
  y: number;
  angle: number;
  world: V[];
}

const rand = prng(20261124);

function place(local: V[], x: number, y: number, angle: number): V[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return local.map((p) => ({ x: c * p.x - s * p.y + x, y: s * p.x + c * p.y + y }));
}

/** n corners on a circle of radius 0.8-1.6 at jittered, increasing angles: convex, counter-clockwise. */
function posedNgon(n: number, spread: number): PosedPolygon {
  const r = 0.8 + rand() * 0.8;
  const local: V[] = [];
  for (let i = 0; i < n; i++) {
    const a = ((i + (rand() - 0.5) * 0.5) * 2 * Math.PI) / n;
    local.push({ x: r * Math.cos(a), y: r * Math.sin(a) });
  }
  const x = rand() * spread;
  const y = rand() * spread;
  const angle = (rand() - 0.5) * 2 * Math.PI;
  return { local, x, y, angle, world: place(local, x, y, angle) };
}

export interface DiscData {
  x: number;
  y: number;
  r: number;
}

export interface ConvexScene {
  a: PosedPolygon[];
  b: PosedPolygon[];
  circles: DiscData[];
}

/** Pairs of n-gons (and circles against the b polygons) in a 4 x 4 area (3.3 for triangles): about half touch. */
export function convexScene(n: number): ConvexScene {
  // Triangles cover less of their circle than 8-gons: a smaller area keeps about half touching.
  const spread = n === 3 ? 3.3 : 4;
  return {
    a: Array.from({ length: N2 }, () => posedNgon(n, spread)),
    b: Array.from({ length: N2 }, () => posedNgon(n, spread)),
    circles: Array.from({ length: N2 }, () => ({
      x: rand() * 4,
      y: rand() * 4,
      r: 0.5 + rand(),
    })),
  };
}

/** A ray: origin, unit direction, and a length beyond every target (for peers that cast segments). */
export interface RayData {
  ox: number;
  oy: number;
  dx: number;
  dy: number;
  length: number;
}

/**
 * A ray from 2.5 to 6.5 units from (cx, cy), aimed at it within ±spread rad: rays start outside
 * targets of radius under 2.5 (so "inside" conventions never matter) and about half hit.
 */
function rayToward(cx: number, cy: number, spread: number): RayData {
  const phi = rand() * 2 * Math.PI;
  const d = 2.5 + rand() * 4;
  const ox = cx + d * Math.cos(phi);
  const oy = cy + d * Math.sin(phi);
  const aim = phi + Math.PI + (rand() - 0.5) * 2 * spread;
  return { ox, oy, dx: Math.cos(aim), dy: Math.sin(aim), length: 20 };
}

export interface RayScene {
  rays: RayData[];
  circles: DiscData[];
  polygons: PosedPolygon[];
  segments: { ax: number; ay: number; bx: number; by: number }[];
}

/** Rays against circles (radius 0.5-1.5), 8-gons (radius 0.8-1.6) and segments (0.5-2.5 long). */
export function rayScene(): RayScene {
  const circles = Array.from({ length: N2 }, () => ({
    x: rand() * 4,
    y: rand() * 4,
    r: 0.5 + rand(),
  }));
  const polygons = Array.from({ length: N2 }, () => posedNgon(8, 4));
  const segments = Array.from({ length: N2 }, () => {
    const mx = rand() * 4;
    const my = rand() * 4;
    const a = rand() * 2 * Math.PI;
    const h = 0.25 + rand();
    return {
      ax: mx - h * Math.cos(a),
      ay: my - h * Math.sin(a),
      bx: mx + h * Math.cos(a),
      by: my + h * Math.sin(a),
    };
  });
  // One ray set per target kind, so each is aimed at its own target.
  return {
    rays: [
      ...circles.map((c) => rayToward(c.x, c.y, 0.45)),
      ...polygons.map((p) => rayToward(p.x, p.y, 0.5)),
      ...segments.map((s) => rayToward((s.ax + s.bx) / 2, (s.ay + s.by) / 2, 0.22)),
    ],
    circles,
    polygons,
    segments,
  };
}

export interface SegmentPair {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  cx: number;
  cy: number;
  dx: number;
  dy: number;
}

/** Two segments 0.5-2.5 long with midpoints within 0.65 of each other (bench/scenes.ts / 100). */
export function segmentScene(): SegmentPair[] {
  return Array.from({ length: N2 }, () => {
    const make = (mx: number, my: number): [number, number, number, number] => {
      const a = rand() * 2 * Math.PI;
      const h = 0.25 + rand();
      return [
        mx - h * Math.cos(a),
        my - h * Math.sin(a),
        mx + h * Math.cos(a),
        my + h * Math.sin(a),
      ];
    };
    const mx = rand() * 20 - 10;
    const my = rand() * 20 - 10;
    const [ax, ay, bx, by] = make(mx, my);
    const [cx, cy, dx, dy] = make(mx + (rand() - 0.5) * 1.3, my + (rand() - 0.5) * 1.3);
    return { ax, ay, bx, by, cx, cy, dx, dy };
  });
}

export interface SweepData {
  /** Circle start and radius. */
  x: number;
  y: number;
  r: number;
  /** Motion over t in [0, 1]. */
  mx: number;
  my: number;
  /** The polyline's points (open chain, terrain-like, y within [0, 1]). */
  chain: V[];
}

/**
 * A circle of radius 0.2-0.6 starting clear above a 9-point terrain chain (x from 0 to 8, y in
 * [0, 1]) and moving 0.5-3.5 units, mostly downward: about half reach the chain.
 */
export function sweepScene(): SweepData[] {
  return Array.from({ length: N2 }, () => {
    const chain: V[] = [];
    for (let i = 0; i < 9; i++) chain.push({ x: i, y: rand() });
    const r = 0.2 + rand() * 0.4;
    const x = 1 + rand() * 6;
    const y = 1 + r + 0.05 + rand() * 2;
    const a = -Math.PI / 2 + (rand() - 0.5) * 2.4;
    const len = 0.5 + rand() * 3;
    return { x, y, r, mx: len * Math.cos(a), my: len * Math.sin(a), chain };
  });
}
