/**
 * Exact containment reference for 3D polytopes (test only; imports nothing from src/): A lies in
 * the convex B exactly when every exact vertex of A is at squared distance 0 from B's core, by
 * overlap3d.ts's enumeration over vertex subsets.
 */
import type { Rational } from "./bigrational.ts";
import { coreDistance2 } from "./overlap3d.ts";

type RV = [Rational, Rational, Rational];

/** Exact: is every vertex of A (exact rationals) in the hull of B's vertices? */
export function containedRef(a: readonly RV[], b: RV[]): boolean {
  for (const v of a) if (coreDistance2([v], b).num !== 0n) return false;
  return true;
}
