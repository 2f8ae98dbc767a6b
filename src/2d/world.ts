/*
 * The 2D collision world: bodies, any broadphase behind one seam (world/broadphase.ts), the exact
 * narrowphase each step, queries and a character mover. The code lives in world/.
 */

export {
  type BodyOptions,
  createWorld,
  type MoveAndSlideOptions,
  makeSlideResult,
  makeWorldRayHit,
  makeWorldSweepHit,
  type PairEvent,
  type QueryFilter,
  type SlideResult,
  World,
  type WorldContact,
  type WorldOptions,
  type WorldRayHit,
  type WorldSweepHit,
} from "./world/world.ts";
