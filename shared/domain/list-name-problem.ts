import { sameListName } from './list-names.js';
import { UNCATEGORIZED_NAME, type ListKind } from '../schemas/docs.js';

/** Why a list name would change nothing, for a screen that words it in the parent's language. */
export type ListNameIssue = { reason: 'blank' } | { reason: 'reserved' } | { reason: 'taken'; clash: string };

/**
 * The checks of addList and renameList (client/db/ops/lists.ts), which ignore such names
 * silently (spec section 5): blank, the fixed "Uncategorized" (categories), or the name of
 * another list of that kind. Null when the name goes through.
 */
export function listNameIssue(
  kind: ListKind,
  lists: readonly { id: string; name: string }[],
  typed: string,
  renamingId?: string,
): ListNameIssue | null {
  const name = typed.trim();
  if (!name) return { reason: 'blank' };
  if (kind === 'category' && sameListName(name, UNCATEGORIZED_NAME)) return { reason: 'reserved' };
  const clash = lists.find((list) => list.id !== renamingId && sameListName(list.name, name));
  return clash ? { reason: 'taken', clash: clash.name } : null;
}

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
  const issue = listNameIssue(kind, lists, typed, renamingId);
  const noun = kind === 'category' ? 'category' : 'collection';
  if (!issue) return null;
  if (issue.reason === 'blank') return `A ${noun} needs a name.`;
  if (issue.reason === 'reserved') return `“${UNCATEGORIZED_NAME}” is kept for toys without a category; choose another name.`;
  return `There is already a ${noun} called “${issue.clash}”; choose another name.`;
}
