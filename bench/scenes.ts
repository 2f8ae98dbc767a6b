/**
 * Seeded scenes of typical game data: coordinates within ±1000, shapes tens to hundreds of units
 * across, and about half the pairs hitting. 4096 pairs per query, cycled through in the loops so
 * branch predictors cannot learn one answer.
 */
import { prng } from "./prng.ts";

export const N = 4096;

export interface P2 {
  x: number;
  y: number;
}
export interface P3 {
  x: number;
  y: number;
  z: number;
}

const rand = prng(20261122);
const coord = (): number => rand() * 2000 - 1000;
const around = (c: number, spread: number): number => c + (rand() - 0.5) * 2 * spread;

function unitDir(): P2 {
  const a = rand() * 2 * Math.PI;
  return { x: Math.cos(a), y: Math.sin(a) };
}

export interface SegPair {
  a1: P2;
  b1: P2;
  a2: P2;
  b2: P2;
}

/** Two segments of length 50-250 whose midpoints lie within 65 units of each other. */
export const segmentPairs: SegPair[] = Array.from({ length: N }, () => {
  const mx = coord();
  const my = coord();
  const make = (cx: number, cy: number): [P2, P2] => {
    const d = unitDir();
    const h = 25 + rand() * 100;
    return [
      { x: cx - d.x * h, y: cy - d.y * h },
      { x: cx + d.x * h, y: cy + d.y * h },
    ];
  };
  const [a1, b1] = make(mx, my);
  const [a2, b2] = make(around(mx, 65), around(my, 65));
  return { a1, b1, a2, b2 };
});

export interface LineRayPair {
  lp: P2;
  ld: P2;
  ro: P2;
  rd: P2;
}

/** A line and a ray from a point within 500 units of it, in a random direction (half point at it). */
export const lineRayPairs: LineRayPair[] = Array.from({ length: N }, () => {
  const lp = { x: coord(), y: coord() };
  const ld = unitDir();
  const k = 1 + rand() * 9;
  return {
    lp,
    ld: { x: ld.x * k, y: ld.y * k },
    ro: { x: around(lp.x, 500), y: around(lp.y, 500) },
    rd: unitDir(),
  };
});

export interface Tri {
  a: P2;
  b: P2;
  c: P2;
}

function triangleAround(cx: number, cy: number): Tri {
  const s = 20 + rand() * 60;
  return {
    a: { x: around(cx, s), y: around(cy, s) },
    b: { x: around(cx, s), y: around(cy, s) },
    c: { x: around(cx, s), y: around(cy, s) },
  };
}

/** Two triangles 40-160 across with centers within 34 units. */
export const trianglePairs: { t1: Tri; t2: Tri }[] = Array.from({ length: N }, () => {
  const cx = coord();
  const cy = coord();
  return { t1: triangleAround(cx, cy), t2: triangleAround(around(cx, 34), around(cy, 34)) };
});

export interface SegCircle {
  a: P2;
  b: P2;
  c: P2;
  r: number;
}

/** A laser 100-500 long and a target of radius 10-60 within 72 units of its middle. */
export const segmentCircles: SegCircle[] = Array.from({ length: N }, () => {
  const mx = coord();
  const my = coord();
  const d = unitDir();
  const h = 50 + rand() * 200;
  return {
    a: { x: mx - d.x * h, y: my - d.y * h },
    b: { x: mx + d.x * h, y: my + d.y * h },
    c: { x: around(mx, 72), y: around(my, 72) },
    r: 10 + rand() * 50,
  };
});

export interface SphereLine {
  c: P3;
  m: P3;
  end: P3;
  r: number;
  lp: P3;
  ld: P3;
}

function unitDir3(): P3 {
  const z = rand() * 2 - 1;
  const a = rand() * 2 * Math.PI;
  const s = Math.sqrt(1 - z * z);
  return { x: s * Math.cos(a), y: s * Math.sin(a), z };
}

/**
 * A sphere of radius 5-35 starting within 150 units of an infinite line and moving toward a point
 * within 25 units of it, covering 40-140% of the way.
 */
export const sphereLines: SphereLine[] = Array.from({ length: N }, () => {
  const lp = { x: coord(), y: coord(), z: coord() };
  const ld = unitDir3();
  const k = 0.5 + rand() * 4;
  const c = { x: around(lp.x, 150), y: around(lp.y, 150), z: around(lp.z, 150) };
  const along = (rand() - 0.5) * 100;
  const target = {
    x: around(lp.x + ld.x * along, 25),
    y: around(lp.y + ld.y * along, 25),
    z: around(lp.z + ld.z * along, 25),
  };
  const f = 0.4 + rand();
  const m = { x: (target.x - c.x) * f, y: (target.y - c.y) * f, z: (target.z - c.z) * f };
  return {
    c,
    m,
    end: { x: c.x + m.x, y: c.y + m.y, z: c.z + m.z },
    r: 5 + rand() * 30,
    lp,
    ld: { x: ld.x * k, y: ld.y * k, z: ld.z * k },
  };
});
