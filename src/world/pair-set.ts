/*
 * A set of body-id pairs (a < b) in open-addressing typed arrays, with the inserted pairs also kept
 * in order for iteration. Clearing keeps the storage, so a world's step allocates nothing once the
 * set has grown to the scene's pair count.
 */

const EMPTY = -1;

/** A growable hash set of integer pairs. */
export class PairSet {
  /** Pairs in insertion order: a at 2i, b at 2i + 1. */
  list: Int32Array = new Int32Array(64);
  count = 0;
  private table: Int32Array = new Int32Array(128).fill(EMPTY); // slot -> index in list
  private mask = 127;

  /** Empties the set. */
  clear(): void {
    if (this.count > 0) this.table.fill(EMPTY);
    this.count = 0;
  }

  private slotOf(a: number, b: number): number {
    const table = this.table;
    const list = this.list;
    let s = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77)) >>> 0;
    for (;;) {
      s &= this.mask;
      const i = table[s]!;
      if (i === EMPTY || (list[2 * i] === a && list[2 * i + 1] === b)) return s;
      s++;
    }
  }

  /** Whether the pair is in the set. */
  has(a: number, b: number): boolean {
    return this.table[this.slotOf(a, b)] !== EMPTY;
  }

  /** The pair's index in `list` order, or -1 when it is not in the set. */
  indexOf(a: number, b: number): number {
    return this.table[this.slotOf(a, b)]!;
  }

  /** Adds the pair; returns false when it was already there. */
  add(a: number, b: number): boolean {
    if (2 * (this.count + 1) > this.mask + 1) this.rehash();
    const s = this.slotOf(a, b);
    if (this.table[s] !== EMPTY) return false;
    const n = this.count;
    if (2 * n + 2 > this.list.length) {
      const grown = new Int32Array(this.list.length * 2);
      grown.set(this.list);
      this.list = grown;
    }
    this.list[2 * n] = a;
    this.list[2 * n + 1] = b;
    this.table[s] = n;
    this.count = n + 1;
    return true;
  }

  private rehash(): void {
    const size = (this.mask + 1) * 2;
    this.table = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    const list = this.list;
    for (let i = 0; i < this.count; i++)
      this.table[this.slotOf(list[2 * i]!, list[2 * i + 1]!)] = i;
  }
}
