/** Throws a RangeError naming `field` unless `value` is a finite number. */
export function requireFinite(value: number, field: string): void {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RangeError(`${field} must be a finite number, got ${String(value)}`);
  }
}

/** Throws a RangeError naming `field` unless `value` is finite and >= 0. */
export function requireRadius(value: number, field: string): void {
  requireFinite(value, field);
  if (value < 0) throw new RangeError(`${field} must be >= 0, got ${value}`);
}

/** Throws a RangeError naming `field` when every component is zero. */
export function requireNonZero(zero: boolean, field: string): void {
  if (zero) throw new RangeError(`${field} must be a non-zero vector`);
}
