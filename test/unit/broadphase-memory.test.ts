/**
 * 1e6 create/destroy cycles over a live population of 100 proxies must not grow any structure:
 * the proxy slots (`capacity`) stay, the grid's cell entries stay, and the JS heap grows by no
 * more than a loose bound (a leak of one small object per cycle would pass 16 MB).
 */
import { describe, expect, it } from "vitest";
import {
  type Broadphase2,
  type Broadphase3,
  type BroadphaseKind,
  createBroadphase2,
  createBroadphase3,
} from "../../src/broadphase/broadphase.ts";

const CYCLES = 1_000_000;
const LIVE = 100;

/** The sizes of every typed array a structure holds (own fields and their nested arrays). */
function storage(bp: object): number[] {
  const out: number[] = [];
  const walk = (o: object, depth: number): void => {
    for (const v of Object.values(o)) {
      if (ArrayBuffer.isView(v)) out.push((v as Float64Array).length);
      else if (v !== null && typeof v === "object" && depth < 2) walk(v, depth + 1);
    }
  };
  walk(bp, 0);
  return out;
}

function cycle(bp: Broadphase2 | Broadphase3, dim: number): void {
  const box = (x: number, y: number) =>
    dim === 2
      ? { min: { x, y }, max: { x: x + 1, y: y + 1 } }
      : { min: { x, y, z: 0 }, max: { x: x + 1, y: y + 1, z: 1 } };
  const live: number[] = [];
  // A 10 x 10 lattice of unit boxes; every structure reaches its working size in a few frames.
  for (let i = 0; i < LIVE; i++) {
    live.push((bp as Broadphase2).createProxy(box(i % 10, Math.floor(i / 10)) as never));
  }
  const noop = (): void => {};
  for (let i = 0; i < 5000; i++) {
    const j = (i * 37) % LIVE;
    bp.destroyProxy(live[j]!);
    live[j] = (bp as Broadphase2).createProxy(box((i * 7) % 10, j / 10) as never);
    if (i % 1000 === 0) bp.queryTightPairs(noop);
  }
  bp.queryTightPairs(noop);
  const cap = (bp as unknown as { capacity: number }).capacity;
  const sizes = storage(bp);
  const heap = process.memoryUsage().heapUsed;
  for (let i = 0; i < CYCLES; i++) {
    const j = (i * 37) % LIVE;
    bp.destroyProxy(live[j]!);
    live[j] = (bp as Broadphase2).createProxy(box((i * 7) % 10, j / 10) as never);
    // A query now and then: the lazily rebuilt structures rebuild with the new population.
    if (i % 10_000 === 0) bp.queryTightPairs(noop);
  }
  bp.queryTightPairs(noop);
  expect((bp as unknown as { capacity: number }).capacity).toBe(cap);
  expect(storage(bp)).toEqual(sizes);
  expect(bp.proxyCount).toBe(LIVE);
  expect(process.memoryUsage().heapUsed - heap).toBeLessThan(16 * 2 ** 20);
  bp.validate();
}

describe("1e6 create/destroy cycles do not grow the storage", () => {
  for (const kind of ["tree", "sap", "grid"] as BroadphaseKind[]) {
    it(`${kind} 2D`, () => {
      cycle(createBroadphase2(kind, { margin: 0 }), 2);
    }, 60_000);
    it(`${kind} 3D`, () => {
      cycle(createBroadphase3(kind, { margin: 0 }), 3);
    }, 60_000);
  }
});
