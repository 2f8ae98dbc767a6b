/*
 * The ray-vs-mesh sample's mesh and its degenerate cases, without DOM types so the browser test
 * can build the same mesh in Node.
 */

import type { XY } from "../format.ts";

/** Longitude and latitude divisions: 48 · 2 + 48 · 30 · 2 = 2976 triangles. */
const LON = 48;
const LAT = 32;

/** Rounds to a multiple of 2^-16, so edge midpoints and height differences below are exact. */
function q(v: number): number {
  return Math.round(v * 65536) / 65536;
}

/**
 * The sample's mesh: a UV sphere of radius about 4 with a smooth bump noise, vertex 0 the north
 * pole at (0, 0, zTop), then LAT - 1 rings of LON vertices from north to south, then the south
 * pole. Triangles: the north fan (0 .. LON - 1, the pole first in each), the quads of each band
 * as two triangles, the south fan. Every coordinate is a multiple of 2^-16.
 */
export function noisySphere(): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  const radius = (th: number, ph: number): number =>
    4 * (1 + 0.07 * Math.sin(3 * th) * Math.cos(4 * ph) + 0.03 * Math.sin(7 * ph + 2 * th));
  positions.push(0, 0, q(radius(0, 0)));
  for (let i = 1; i < LAT; i++) {
    const th = (Math.PI * i) / LAT;
    for (let j = 0; j < LON; j++) {
      const ph = (2 * Math.PI * j) / LON;
      const r = radius(th, ph);
      positions.push(
        q(r * Math.sin(th) * Math.cos(ph)),
        q(r * Math.sin(th) * Math.sin(ph)),
        q(r * Math.cos(th)),
      );
    }
  }
  positions.push(0, 0, q(-radius(Math.PI, 0)));
  const south = 1 + (LAT - 1) * LON;
  const v = (i: number, j: number): number => 1 + (i - 1) * LON + (j % LON);
  const indices: number[] = [];
  for (let j = 0; j < LON; j++) indices.push(0, v(1, j), v(1, j + 1));
  for (let i = 1; i < LAT - 1; i++) {
    for (let j = 0; j < LON; j++) {
      indices.push(v(i, j), v(i + 1, j), v(i + 1, j + 1));
      indices.push(v(i, j), v(i + 1, j + 1), v(i, j + 1));
    }
  }
  for (let j = 0; j < LON; j++) indices.push(south, v(LAT - 1, j + 1), v(LAT - 1, j));
  return { positions, indices };
}

const DATA = noisySphere();
/** The positions and indices of the sample's mesh. */
export const P: number[] = DATA.positions;
/** Three vertex indices per triangle. */
export const I: number[] = DATA.indices;
/** The x, y, z of vertex k. */
export const vx: (k: number) => number = (k: number): number => P[3 * k]!;
export const vy: (k: number) => number = (k: number): number => P[3 * k + 1]!;
export const vz: (k: number) => number = (k: number): number => P[3 * k + 2]!;

// The degenerate cases. Vertex v(i, j) of ring i, column j is 1 + (i - 1) * LON + j.
/** v(5, 5) and v(5, 6): the ends of a ring edge two triangles share. */
export const EDGE_A: number = 1 + 4 * LON + 5;
export const EDGE_B: number = 1 + 4 * LON + 6;
/** v(7, 9): a vertex six triangles share. */
export const VERTEX: number = 1 + 6 * LON + 9;
/** The vertex with the largest x: the projection of the mesh touches x = its x only there. */
export const RIM: number = (() => {
  let best = 0;
  for (let k = 1; k < P.length / 3; k++) if (vx(k) > vx(best)) best = k;
  return best;
})();
/** Height of the origin in the vertical cases. */
export const H = 8;
/** The edge's midpoint in x and y: exact, as coordinates are multiples of 2^-16. */
export const EDGE_MID: XY = { x: (vx(EDGE_A) + vx(EDGE_B)) / 2, y: (vy(EDGE_A) + vy(EDGE_B)) / 2 };

/** Facts the browser test derives its expected answers from. */
export const RAY_MESH_CASES: {
  height: number;
  edge: { a: number; b: number; mid: XY };
  vertex: number;
  rim: number;
} = { height: H, edge: { a: EDGE_A, b: EDGE_B, mid: EDGE_MID }, vertex: VERTEX, rim: RIM };
