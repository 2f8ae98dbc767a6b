/**
 * Closed triangle meshes for the mesh tests and the mesh benchmark: a tessellated box and a
 * "cube sphere" (each face of a cube split into a grid, every vertex pushed out to the sphere,
 * with optional radial noise and rounding to integers). Vertices are shared between faces, so
 * the surfaces are closed: a ray from outside aimed at any point of them must hit.
 */
import { defaultSeed } from "./config.ts";

export { prng } from "../../bench/prng.ts";

export interface MeshData {
  positions: number[];
  indices: number[];
}

/**
 * An n x n grid on each face of the cube [-1, 1]^3, mapped by `place` (unit-cube point to
 * position); vertices on shared edges are made once.
 */
export function cubeGrid(
  n: number,
  place: (x: number, y: number, z: number) => number[],
): MeshData {
  const positions: number[] = [];
  const indices: number[] = [];
  const ids = new Map<string, number>();
  const vertex = (x: number, y: number, z: number): number => {
    const key = `${x},${y},${z}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = positions.length / 3;
      ids.set(key, id);
      positions.push(...place(x / n, y / n, z / n));
    }
    return id;
  };
  // Faces as (axis, sign); grid coordinates are integers in [-n, n] (step 2).
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [-1, 1]) {
      const u = (axis + 1) % 3;
      const v = (axis + 2) % 3;
      const at = (i: number, j: number): number => {
        const p = [0, 0, 0];
        p[axis] = side * n;
        p[u] = -n + 2 * i;
        p[v] = -n + 2 * j;
        return vertex(p[0]!, p[1]!, p[2]!);
      };
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const a = at(i, j);
          const b = at(i + 1, j);
          const c = at(i + 1, j + 1);
          const d = at(i, j + 1);
          // Outward winding on the + side; alternate the diagonal for variety.
          const flip = side < 0;
          if ((i + j) % 2 === 0) {
            indices.push(...(flip ? [a, c, b, a, d, c] : [a, b, c, a, c, d]));
          } else {
            indices.push(...(flip ? [a, d, b, b, d, c] : [a, b, d, b, c, d]));
          }
        }
      }
    }
  }
  return { positions, indices };
}

/**
 * A cube sphere of radius r around (cx, cy, cz): each vertex pushed to r (1 + noise * rand)
 * and rounded to an integer when `round` (so edge midpoints are exact doubles).
 */
export function cubeSphere(
  n: number,
  r: number,
  center: [number, number, number],
  noise: number,
  rand: () => number,
  round: boolean,
): MeshData {
  return cubeGrid(n, (x, y, z) => {
    const len = Math.hypot(x, y, z);
    const k = (r * (1 + noise * (2 * rand() - 1))) / len;
    const p = [center[0] + x * k, center[1] + y * k, center[2] + z * k];
    return round ? p.map(Math.round) : p;
  });
}

/** An axis-aligned box [lo, hi] tessellated n x n per face (exact when lo, hi and n are dyadic). */
export function tessellatedBox(
  n: number,
  lo: [number, number, number],
  hi: [number, number, number],
): MeshData {
  return cubeGrid(n, (x, y, z) =>
    [x, y, z].map((t, i) => lo[i]! + ((t + 1) / 2) * (hi[i]! - lo[i]!)),
  );
}

/** The seed (COLLIDE_SEED, or config.ts's), printed with the run count so a failure replays. */
export function seedFor(name: string, runs: number): number {
  const seed = process.env.COLLIDE_SEED ? Number(process.env.COLLIDE_SEED) : defaultSeed();
  console.log(`[property] ${name}: seed ${seed}, ${runs} runs (replay: COLLIDE_SEED=${seed})`);
  return seed;
}
