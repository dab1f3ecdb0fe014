import type { ListKind } from '../schemas/docs.js';

// One rule for "the same name" of categories and collections, used by the server (REST and
// sync merges) and by the device, so a name clash is the same clash everywhere
// (docs/decisions/008-sync-domain-invariants.md).

/**
 * The comparison key of a list name: trimmed, Unicode-normalised (NFC: "é" typed two ways is
 * one name) and lower-cased without the device's locale (a Turkish phone must not disagree
 * with the server about "I" and "i").
 */
export function listNameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

/**
 * A new list's id comes from its kind and name, so two devices that add "Blocks" offline
 * create the same document (it merges) instead of two categories with one name. A device that
 * already knows the id (e.g. "Blocks" renamed or deleted before) falls back to a random one.
 */
export function listIdFor(kind: ListKind, name: string): string {
  const text = `${kind}:${listNameKey(name)}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `${kind === 'category' ? 'cat' : 'col'}-${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
}

export function sameListName(a: string, b: string): boolean {
  return listNameKey(a) === listNameKey(b);
}
