import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../context.js';
import type { NewToyRow } from '../db/schema.js';
import type { TestApp } from './test-app.js';
import { jsonRequest } from './test-app.js';
import { nextSeq } from '../services/change-feed.js';
import { asHouseholdId } from '../db/schema.js';

// Test helpers for the REST calls: toys straight into the database, and a small API client.

/** Inserts `count` live toys for a user in one transaction; returns their ids, oldest first. */
export async function insertToys(
  deps: AppDeps,
  userId: string,
  count: number,
  fields: Partial<NewToyRow> | ((index: number) => Partial<NewToyRow>) = {},
): Promise<string[]> {
  const ids: string[] = [];
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      ids.push(id);
      const extra = typeof fields === 'function' ? fields(i) : fields;
      await trx
        .insertInto('toys')
        .values({
          household_id: asHouseholdId(userId),
          id,
          title: `Toy ${i + 1}`,
          category_id: 'uncategorized',
          created_at: now - (count - i) * 1000,
          last_rotated_at: null,
          location: null,
          feedback: null,
          media_id: null,
          ...extra,
          seq: await nextSeq(trx),
        })
        .execute();
    }
  });
  return ids;
}

export type ApiAnswer = { status: number; body: any; headers: Headers };

/** Calls /api/private/* (or any path starting with /api) as the given user. */
export function apiClient(t: TestApp, token?: string) {
  const call = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const url = path.startsWith('/api') ? path : `/api/private/${path}`;
    const res = await t.app.request(url, jsonRequest(method, body, token));
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    del: (path: string) => call('DELETE', path),
  };
}

/** Every row (live and soft-deleted) of a user's replicated table, for checking seq and deleted. */
export async function rawRows(deps: AppDeps, table: 'toys' | 'lists' | 'rotations', userId: string) {
  return deps.db.selectFrom(table).selectAll().where('household_id', '=', asHouseholdId(userId)).execute();
}
