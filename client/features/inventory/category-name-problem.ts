import type { TFunction } from 'i18next';
import { listNameIssue } from '../../../shared/domain/list-name-problem.js';
import { UNCATEGORIZED_NAME } from '../../../shared/schemas/docs.js';

/**
 * Settings' rule for a new category's name (shared/domain/list-name-problem.ts: blank, the
 * fixed "Uncategorized", or a name already used), in the language shown; null when it goes through.
 */
export function categoryNameProblem(t: TFunction<'batch'>, categories: readonly { id: string; name: string }[], typed: string): string | null {
  const issue = listNameIssue('category', categories, typed);
  if (!issue) return null;
  if (issue.reason === 'blank') return t('newCategory.blank');
  if (issue.reason === 'reserved') return t('newCategory.reserved', { name: UNCATEGORIZED_NAME });
  return t('newCategory.taken', { name: issue.clash });
}
