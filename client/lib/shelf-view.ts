// The inventory's shown list kept up to date one toy at a time: a change to one toy costs one
// filter test and a binary search (O(log n) comparisons) to take out its old entry and put the
// new one in place, whatever the inventory's size (issue 22: a whole-list filter and sort on
// every change grew with the inventory). A new filter or sort builds it again, once.

/** One toy's change: what it was (undefined when new) and what it is (undefined when deleted). */
export type ToyChange<T> = { before: T | undefined; after: T | undefined };

export class ShelfView<T> {
  private readonly shown: T[];

  /**
   * `matches` decides what is shown; `order` must be a total order (two different toys never
   * compare equal), so an entry is found again by searching for it.
   */
  constructor(
    toys: Iterable<T>,
    private readonly matches: (toy: T) => boolean,
    private readonly order: (a: T, b: T) => number,
  ) {
    this.shown = [];
    for (const toy of toys) if (matches(toy)) this.shown.push(toy);
    this.shown.sort(order);
  }

  get count(): number {
    return this.shown.length;
  }

  /** The shown toys from `start` up to `end` (the cards on screen). */
  slice(start: number, end: number): T[] {
    return this.shown.slice(start, end);
  }

  /** Applies changes; true when what is shown changed (an entry in or out, or replaced). */
  apply(changes: Iterable<ToyChange<T>>): boolean {
    let changed = false;
    for (const { before, after } of changes) {
      if (before !== undefined && this.matches(before)) {
        const at = this.search(before);
        if (at.found) {
          this.shown.splice(at.index, 1);
          changed = true;
        }
      }
      if (after !== undefined && this.matches(after)) {
        const at = this.search(after);
        if (at.found) this.shown[at.index] = after;
        else this.shown.splice(at.index, 0, after);
        changed = true;
      }
    }
    return changed;
  }

  /** Where `toy` is, or where it goes (binary search by `order`). */
  private search(toy: T): { index: number; found: boolean } {
    let low = 0;
    let high = this.shown.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const side = this.order(this.shown[middle]!, toy);
      if (side === 0) return { index: middle, found: true };
      if (side < 0) low = middle + 1;
      else high = middle;
    }
    return { index: low, found: false };
  }
}
