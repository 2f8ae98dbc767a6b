/*
 * The 2D collision world: bodies, any broadphase behind one seam (world/broadphase.ts), the exact
 * narrowphase each step, queries and a character mover. The code lives in world/.
 */

export type { PairEvent, QueryFilter, WorldOptions } from "../world/core.ts";
export {
  type BodyOptions,
  createWorld,
  type MoveAndSlideOptions,
  makeSlideResult,
  makeWorldRayHit,
  makeWorldSweepHit,
  type SlideResult,
  World,
  type WorldContact,
  type WorldRayHit,
  type WorldSweepHit,
} from "./world/world.ts";
