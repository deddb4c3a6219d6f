/**
 * An open-addressing hash table keyed by pairs of non-negative int32 (a bigram's two stem ids), with two int32
 * payloads per entry, interleaved in one Int32Array (a probe touches one cache line): no per-entry objects and
 * no boxed number keys, so millions of bigrams cost 16 bytes a slot. Slots move when the table grows: use the
 * slot `insert` returns right away.
 */
export class PairTable {
  size = 0;
  private cells: Int32Array;
  private mask: number;

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.cells = PairTable.emptyCells(capacity);
  }

  private static emptyCells(capacity: number): Int32Array {
    const cells = new Int32Array(capacity * 4);
    for (let i = 0; i < cells.length; i += 4) cells[i] = -1;
    return cells;
  }

  get capacity(): number {
    return this.mask + 1;
  }

  private slotOf(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ b;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    const cells = this.cells;
    for (let slot = (h ^ (h >>> 16)) & this.mask; ; slot = (slot + 1) & this.mask) {
      const k = cells[slot * 4] as number;
      if (k === -1 || (k === a && cells[slot * 4 + 1] === b)) return slot;
    }
  }

  /** The slot of (a, b), or −1. */
  find(a: number, b: number): number {
    const slot = this.slotOf(a, b);
    return this.cells[slot * 4] === -1 ? -1 : slot;
  }

  /** The slot of (a, b), added with payloads (0, −1) when absent. */
  insert(a: number, b: number): number {
    let slot = this.slotOf(a, b);
    if (this.cells[slot * 4] !== -1) return slot;
    if ((this.size + 1) * 2 > this.capacity) {
      this.grow();
      slot = this.slotOf(a, b);
    }
    const at = slot * 4;
    this.cells[at] = a;
    this.cells[at + 1] = b;
    this.cells[at + 2] = 0;
    this.cells[at + 3] = -1;
    this.size++;
    return slot;
  }

  /** First key of a slot, −1 when the slot is empty. */
  keyA(slot: number): number {
    return this.cells[slot * 4] as number;
  }
  keyB(slot: number): number {
    return this.cells[slot * 4 + 1] as number;
  }
  /** First payload (a count, or a term id). */
  getFirst(slot: number): number {
    return this.cells[slot * 4 + 2] as number;
  }
  setFirst(slot: number, value: number): void {
    this.cells[slot * 4 + 2] = value;
  }
  /** Second payload (the last document that counted this pair). */
  getSecond(slot: number): number {
    return this.cells[slot * 4 + 3] as number;
  }
  setSecond(slot: number, value: number): void {
    this.cells[slot * 4 + 3] = value;
  }

  private grow(): void {
    const old = this.cells;
    const capacity = this.capacity * 2;
    this.mask = capacity - 1;
    this.cells = PairTable.emptyCells(capacity);
    for (let at = 0; at < old.length; at += 4) {
      const a = old[at] as number;
      if (a === -1) continue;
      const to = this.slotOf(a, old[at + 1] as number) * 4;
      this.cells.set(old.subarray(at, at + 4), to);
    }
  }
}
