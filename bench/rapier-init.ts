/**
 * One initialisation per rapier WASM module for every bench file. Sibling modules with top-level
 * `await RAPIER.init()` run concurrently, each call instantiates the module again, and objects
 * made before the last instantiation finishes point into a dead instance (rapier then panics with
 * "RuntimeError: unreachable"). Await these shared promises instead.
 */
import RAPIER2 from "@dimforge/rapier2d-compat";
import RAPIER3 from "@dimforge/rapier3d-compat";

/** Resolves once rapier2d's WASM is ready. */
export const rapier2dReady: Promise<void> = RAPIER2.init();
/** Resolves once rapier3d's WASM is ready. */
export const rapier3dReady: Promise<void> = RAPIER3.init();
