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
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}
