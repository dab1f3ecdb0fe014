import { AsyncLocalStorage } from 'node:async_hooks';

// Who did what (issue 13): the signed-in user behind the current request, set by requireMember
// for the whole request, so every write path (REST services, sync pushes, cascades such as a
// category's toys moving to Uncategorized) stamps toys' updatedBy and new rows' createdBy
// without threading a parameter through each one. Never taken from what a client sends.

const actors = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it awaits) on behalf of `userId`. */
export function actingAs<T>(userId: string, fn: () => T): T {
  return actors.run(userId, fn);
}

/** The user the current request acts for; null outside a request (scheduled jobs, migrations). */
export function currentActor(): string | null {
  return actors.getStore() ?? null;
}
