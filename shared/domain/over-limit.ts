import { PLANS, type Plan } from './plans.js';

// Over the plan limit (issue 9, fault 4; decision 008). Sync never discards what a device
// made: two devices offline at 99 of 100 toys may each add one, and both are kept. The
// account is then over its limit: new adds are refused (REST and on the device) and the app
// shows which toys or collections are beyond the limit and what the parent can do.

type Counted = { id: string; createdAt: number };

/**
 * The ids beyond the limit: everything after the first `limit` in the order they were made
 * (createdAt, then id, so every device marks the same ones). Only a marker: nothing is hidden,
 * refused or deleted because of it.
 */
export function overLimitIds(items: readonly Counted[], limit: number): Set<string> {
  if (items.length <= limit) return new Set();
  const ordered = [...items].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return new Set(ordered.slice(Math.max(0, limit)).map((item) => item.id));
}

const OVER_LIMIT_BADGE = 'Over the limit';

function upgradeHint(plan: Plan): string {
  return plan === 'paid' ? '' : ` or upgrade to ${PLANS.paid.name}`;
}

/** What the parent reads above the inventory (or the collections) when over the limit. */
function overLimitMessage(noun: { one: string; many: string }, count: number, limit: number, plan: Plan): string {
  const over = count - limit;
  const toRemove = over + 1;
  return (
    `You have ${count} ${noun.many} and your plan keeps ${limit}. ` +
    `${over === 1 ? `The ${noun.one} marked` : `The ${over} ${noun.many} marked`} "${OVER_LIMIT_BADGE}" ${over === 1 ? 'was' : 'were'} added on another device while it was offline; nothing was deleted. ` +
    `To add new ${noun.many}, remove ${toRemove} ${toRemove === 1 ? noun.one : noun.many}${upgradeHint(plan)}.`
  );
}

export const toysOverLimitMessage = (count: number, limit: number, plan: Plan): string => overLimitMessage({ one: 'toy', many: 'toys' }, count, limit, plan);

export const collectionsOverLimitMessage = (count: number, limit: number, plan: Plan): string =>
  overLimitMessage({ one: 'collection', many: 'collections' }, count, limit, plan);
