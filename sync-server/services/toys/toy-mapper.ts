import type { RestToy } from '../../../shared/schemas/rest.js';
import type { ToyRow } from '../../db/schema.js';
import type { UserLists } from '../lists/list-store.js';
import { parseIds } from '../sync/row-mapping.js';

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
    location: row.location ?? '',
    childIds: parseIds(row.child_ids),
    retired: row.retired === 1,
    retiredReason: row.retired_reason,
    retiredNote: row.retired_note,
  };
}

const MAX_DATE_MS = 8.64e15; // the largest time a JS Date holds; a synced value past it must not crash a list

/**
 * Dates already written, by epoch ms: a list answer converts one date per toy, and the same
 * toys are listed again and again (issue 16). Bounded: emptied when it reaches its size.
 */
const written = new Map<number, string>();
const WRITTEN_MAX = 20_000;

export function isoDate(ms: number): string {
  let iso = written.get(ms);
  if (iso === undefined) {
    iso = new Date(Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_DATE_MS) : 0).toISOString();
    if (written.size >= WRITTEN_MAX) written.clear();
    written.set(ms, iso);
  }
  return iso;
}
