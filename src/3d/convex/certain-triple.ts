import { EPS } from "../../exact/filter.ts";

/**
 * The sign of det(u, v, w) = u . (v x w) for the points at offsets i, j and l of `xyz` when it is
 * certain for every exact triple within slack[0] of them per coordinate, else 0. The float
 * determinant errs by at most 8 eps of its absolute permanent (Higham §3.1: five roundings on
 * each path, with room); moving every coordinate by up to d changes the exact value by at most
 * the permanent of |rows| + d less that of |rows|. The bound adds the two, with 16 eps of the
 * larger permanent for their own roundings. The slack comes in an array and the result is a small
 * integer, so no double crosses the call if V8 leaves it out of line (it would be boxed).
 * @see Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", 1997 (the static filter); Higham, Accuracy and Stability of Numerical Algorithms.
 */
export function certainTripleSign(
  xyz: Float64Array,
  i: number,
  j: number,
  l: number,
  slack: Float64Array,
): number {
  const d = slack[0]!;
  const ux = xyz[i]!;
  const uy = xyz[i + 1]!;
  const uz = xyz[i + 2]!;
  const vx = xyz[j]!;
  const vy = xyz[j + 1]!;
  const vz = xyz[j + 2]!;
  const wx = xyz[l]!;
  const wy = xyz[l + 1]!;
  const wz = xyz[l + 2]!;
  const det = ux * (vy * wz - vz * wy) + uy * (vz * wx - vx * wz) + uz * (vx * wy - vy * wx);
  const ax = Math.abs(ux);
  const ay = Math.abs(uy);
  const az = Math.abs(uz);
  const bx = Math.abs(vx);
  const by = Math.abs(vy);
  const bz = Math.abs(vz);
  const cx = Math.abs(wx);
  const cy = Math.abs(wy);
  const cz = Math.abs(wz);
  const p0 = ax * (by * cz + bz * cy) + ay * (bz * cx + bx * cz) + az * (bx * cy + by * cx);
  const p1 =
    (ax + d) * ((by + d) * (cz + d) + (bz + d) * (cy + d)) +
    (ay + d) * ((bz + d) * (cx + d) + (bx + d) * (cz + d)) +
    (az + d) * ((bx + d) * (cy + d) + (by + d) * (cx + d));
  const bound = p1 - p0 + 16 * EPS * p1;
  if (!(Math.abs(det) > bound)) return 0;
  return det > 0 ? 1 : -1;
}
