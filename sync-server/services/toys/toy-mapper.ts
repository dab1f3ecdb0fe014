import type { RestToy } from '../../../shared/schemas/rest.js';
import type { ToyRow } from '../../db/schema.js';
import type { UserLists } from '../lists/list-store.js';
import { parseIds } from './replicated-write.js';

/** A stored toy as the spec's REST calls answer it: categories and collections by NAME. */
export function toRestToy(row: ToyRow, lists: UserLists): RestToy {
  return {
    _id: row.id,
    title: row.title,
    type: lists.categoryName(row.category_id),
    caption: row.caption,
    cloudinaryId: row.media_id ?? '',
    // Ids of collections deleted meanwhile (e.g. on another device) are simply not shown.
    basket: parseIds(row.collection_ids).flatMap((id) => lists.collectionName(id) ?? []),
    excludedToy: row.excluded === 1,
    favoriteToy: row.favorite === 1,
    createdAt: isoDate(Number(row.created_at)),
  };
}

const MAX_DATE_MS = 8.64e15; // the largest time a JS Date holds; a synced value past it must not crash a list

export function isoDate(ms: number): string {
  return new Date(Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_DATE_MS) : 0).toISOString();
}
