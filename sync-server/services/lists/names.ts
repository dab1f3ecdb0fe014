import { listNameKey } from '../../../shared/domain/list-names.js';

/**
 * Cleans a list of names sent by a client (spec section 5: "ignored if blank or duplicate"):
 * trimmed, blanks dropped, later duplicates (ignoring case) dropped, order kept.
 */
export function cleanNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = listNameKey(name);
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

export { sameListName as sameName } from '../../../shared/domain/list-names.js';
