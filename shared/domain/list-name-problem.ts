import { sameListName } from './list-names.js';
import { UNCATEGORIZED_NAME, type ListKind } from '../schemas/docs.js';

/**
 * Why adding a category or collection with this name, or renaming the list `renamingId` to it,
 * would change nothing, in words for the parent; null when it goes through. The same checks as
 * addList and renameList (client/db/ops/lists.ts), which ignore such names silently (spec
 * section 5), so a screen says why instead (issue 16, polish 6).
 */
export function listNameProblem(
  kind: ListKind,
  lists: readonly { id: string; name: string }[],
  typed: string,
  renamingId?: string,
): string | null {
  const name = typed.trim();
  const noun = kind === 'category' ? 'category' : 'collection';
  if (!name) return `A ${noun} needs a name.`;
  if (kind === 'category' && sameListName(name, UNCATEGORIZED_NAME)) {
    return `“${UNCATEGORIZED_NAME}” is kept for toys without a category; choose another name.`;
  }
  const clash = lists.find((list) => list.id !== renamingId && sameListName(list.name, name));
  return clash ? `There is already a ${noun} called “${clash.name}”; choose another name.` : null;
}
