import { PLANS, type Plan } from '../domain/plans.js';
import type { ListDoc, ListKind, ToyDoc } from '../schemas/docs.js';
import { importProblem, words, type ImportProblem } from './import-words.js';

/** What the limits are checked against: the account as it is (import-plan.ts's ImportTarget). */
type LimitTarget = {
  plan: Plan;
  toysLimit: number;
  collectionsLimit: number;
  categoriesLimit: number;
  toys: Pick<ToyDoc, 'id' | 'retired'>[];
  lists: Pick<ListDoc, 'kind'>[];
};

/** What an import writes, as far as the limits go (import-plan.ts's ImportPlan). */
type LimitPlan = { toys: { doc: Pick<ToyDoc, 'id' | 'retired'> }[]; counts: { collectionsAdded: number; categoriesAdded: number } };

/**
 * Plan limits and the category cap, for the whole import (all or nothing). Only toys in use
 * count against the plan, as in the app: retired toys do not, on either side.
 */
export function limitProblems(target: LimitTarget, plan: LimitPlan): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const planName = PLANS[target.plan].name;
  const retired = new Map(target.toys.map((toy) => [toy.id, toy.retired]));
  const activeBefore = [...retired.values()].filter((isRetired) => !isRetired).length;
  for (const { doc } of plan.toys) retired.set(doc.id, doc.retired);
  const activeAfter = [...retired.values()].filter((isRetired) => !isRetired).length;
  if (activeAfter > activeBefore && activeAfter > target.toysLimit) {
    const values = { adding: activeAfter - activeBefore, have: activeBefore, limit: target.toysLimit, plan: planName };
    problems.push(importProblem(null, words('placePlanLimit'), words('toysOverLimit', values)));
  }
  const countKind = (kind: ListKind) => target.lists.filter((list) => list.kind === kind).length;
  const collectionsBefore = countKind('collection');
  const collectionsAfter = collectionsBefore + plan.counts.collectionsAdded;
  if (plan.counts.collectionsAdded > 0 && collectionsAfter > target.collectionsLimit) {
    const values = { adding: plan.counts.collectionsAdded, have: collectionsBefore, limit: target.collectionsLimit, plan: planName };
    problems.push(importProblem(null, words('placePlanLimit'), words('collectionsOverLimit', values)));
  }
  const categoriesAfter = countKind('category') + plan.counts.categoriesAdded;
  if (plan.counts.categoriesAdded > 0 && categoriesAfter > target.categoriesLimit) {
    problems.push(importProblem(null, words('placeLimit'), words('categoriesOverCap', { total: categoriesAfter, limit: target.categoriesLimit })));
  }
  return problems;
}
