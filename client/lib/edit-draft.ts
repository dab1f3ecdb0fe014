// What an edit form saves (issue 9, fault 1). A form that re-sends every field it opened with
// overwrites what another device changed meanwhile. So a form keeps the values it opened with
// and the fields the person typed into; it shows the live value of every untouched field and
// saves only the fields whose value differs from the one it opened with.

export type Draft<T extends object> = {
  /** The values when the form opened (or, for an always-open form, when the person started). */
  opened: T;
  /** The fields the person typed into, with their current text. */
  touched: Partial<T>;
};

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  return Object.is(a, b);
}

/** What the form shows: the person's value for touched fields, the live value for the rest. */
export function shownValues<T extends object>(draft: Draft<T>, live: T): T {
  return { ...live, ...draft.touched };
}

/** The fields the person changed: touched, and different from the value the form opened with. */
export function changedFields<T extends object>(draft: Draft<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(draft.touched) as (keyof T)[]) {
    const value = draft.touched[key] as T[keyof T];
    if (!sameValue(value, draft.opened[key])) changes[key] = value;
  }
  return changes;
}
