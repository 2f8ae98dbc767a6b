/**
 * The world benchmarks' steady-state heap figure, one scene alone in its own process:
 * `node --expose-gc --import tsx bench/world-heap.ts <2d|3d|3d-mixed> <bodies> <tree|sap|grid>`
 * prints the heap kept per frame (bytes) as JSON; `steadyHeapInChild` (allocation.ts) runs it.
 *
 * Why a process per scene: measured inside the shared bench process, the figure moved by -150 to
 * +950 B per frame with the scenes measured before it (V8 reclaiming and recompiling other
 * scenes' code and feedback lands in the windows). Alone, the 1,000-body scenes measure within
 * about ±30 B per frame of zero, mostly below it: what is left is V8's own churn, not the world.
 */
import { pathToFileURL } from "node:url";
import type { BroadphaseKind } from "../src/2d/index.ts";
import { steadyHeapGrowth, type WorldScene } from "./allocation.ts";

async function main(scene: WorldScene, n: number, kind: BroadphaseKind): Promise<number> {
  // The same scenes and seeds as the benchmarks: 220 frames bouncing, then swinging, two cycles
  // to settle (V8 still tiers up the swing's code), and the median of five.
  let frame: () => unknown;
  let periodic: () => void;
  if (scene === "2d") {
    const { Scene } = await import("./world-2d.ts");
    const s = new Scene(n, 4321 + n, kind);
    frame = () => s.frame();
    periodic = () => s.periodic();
  } else {
    const { MixedScene, Scene } = await import("./world-3d.ts");
    const s = scene === "3d" ? new Scene(n, 4321 + n, kind) : new MixedScene(n, 8765 + n, kind);
    frame = () => s.frame();
    periodic = () => s.periodic();
  }
  for (let i = 0; i < 220; i++) frame();
  periodic();
  return steadyHeapGrowth(frame);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [scene, n, kind] = process.argv.slice(2);
  console.log(JSON.stringify(await main(scene as WorldScene, Number(n), kind as BroadphaseKind)));
}
