// A removed child's rotations stay in the history (decision 018) but belong to no child the
// picker offers: History lists them under "Former children" so they stay reachable.

import { i18n } from '../../i18n/i18n.js';

type ChildRotation = { childId: string };

/** The rotations of children that no longer exist, in the order given (newest first). */
export function formerChildRotations<T extends ChildRotation>(rotations: readonly T[], existingChildIds: ReadonlySet<string>): T[] {
  return rotations.filter((rotation) => !existingChildIds.has(rotation.childId));
}

/**
 * "a former child", or with several "former child 1", "former child 2" ... in the order their
 * newest rotation appears (a child's name left with the child).
 */
export function formerChildLabels(rotations: readonly ChildRotation[]): Map<string, string> {
  const ids = [...new Set(rotations.map((rotation) => rotation.childId))];
  return new Map(ids.map((id, index) => [id, ids.length === 1 ? i18n.t('history:formerChild') : i18n.t('history:formerChildNumber', { number: index + 1 })]));
}
