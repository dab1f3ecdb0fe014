// The expected state of a browser convergence trial (e2e/convergence-trials.e2e.ts), and its
// seeded random numbers. Device A alone edits titles and device B alone edits notes, so every
// field edit has one known final value whatever order sync delivers them in: "0 lost field
// edits" is then exact. Both devices add, toggle, delete and rotate.

/** mulberry32: small, fast and good enough to pick test operations reproducibly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ModelToy = { key: number; title: string; notes: string; deleted: boolean };

export class TrialModel {
  readonly toys: ModelToy[] = [];
  /** Every title a toy ever had (titles are unique in a trial), to recognise stale views. */
  private readonly byTitle = new Map<string, ModelToy>();

  add(title: string, notes = ''): ModelToy {
    const toy = { key: this.toys.length, title, notes, deleted: false };
    this.toys.push(toy);
    this.byTitle.set(title, toy);
    return toy;
  }

  rename(toy: ModelToy, title: string): void {
    toy.title = title;
    this.byTitle.set(title, toy);
  }

  /** The live toy a card title on some device stands for (that device may not have every rename yet). */
  fromTitle(title: string): ModelToy | undefined {
    const toy = this.byTitle.get(title);
    return toy && !toy.deleted ? toy : undefined;
  }

  live(): ModelToy[] {
    return this.toys.filter((toy) => !toy.deleted);
  }

  expectedTitles(): string[] {
    return this.live()
      .map((toy) => toy.title)
      .sort();
  }
}
