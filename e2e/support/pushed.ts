import { expect } from 'vitest';
import type { Account } from './accounts.js';
import { baseUrl } from './browser.js';

// Documents put straight into an account through the sync API, as another device would: a
// fast way to a full inventory (100 toys) without adding each through the form.

export type PushedToy = { id: string; title: string; createdAt: number; favorite?: boolean; excluded?: boolean; mediaId?: string | null };

export function toyDoc(toy: PushedToy) {
  return {
    id: toy.id,
    title: toy.title,
    categoryId: 'uncategorized',
    caption: '',
    mediaId: toy.mediaId ?? null,
    collectionIds: [],
    excluded: toy.excluded ?? false,
    favorite: toy.favorite ?? false,
    createdAt: toy.createdAt,
    lastRotatedAt: null,
    location: null,
    retired: false,
    feedback: null,
    _deleted: false,
  };
}

export async function pushed(account: Account, collection: string, docs: unknown[]): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/sync/${collection}/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify(docs.map((doc) => ({ newDocumentState: doc }))),
  });
  expect(res.status).toBe(200);
}
