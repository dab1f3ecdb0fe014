import { planLimits } from '../../../shared/domain/plans.js';
import type { ListDoc, RotationDoc, SettingsDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import type { ListRow, RotationRow, SettingsRow, ToyRow } from '../../db/schema.js';
import { parseIds } from '../toys/replicated-write.js';

// Rows (snake_case, 0/1 booleans, JSON text lists) <-> replicated documents (shared/schemas/docs.ts).

export type WithDeleted<T> = T & { _deleted: boolean };
const nullableNumber = (v: number | null) => (v === null ? null : Number(v));

export function toyFromRow(row: ToyRow): WithDeleted<ToyDoc> {
  return {
    id: row.id,
    title: row.title,
    categoryId: row.category_id,
    caption: row.caption,
    mediaId: row.media_id,
    collectionIds: parseIds(row.collection_ids),
    excluded: Boolean(row.excluded),
    favorite: Boolean(row.favorite),
    createdAt: Number(row.created_at),
    lastRotatedAt: nullableNumber(row.last_rotated_at),
    location: row.location,
    retired: Boolean(row.retired),
    feedback: row.feedback,
    _deleted: Boolean(row.deleted),
  };
}

export function toyToRow(doc: WithDeleted<ToyDoc>) {
  return {
    title: doc.title,
    category_id: doc.categoryId,
    caption: doc.caption,
    media_id: doc.mediaId,
    collection_ids: JSON.stringify(doc.collectionIds),
    excluded: doc.excluded ? 1 : 0,
    favorite: doc.favorite ? 1 : 0,
    created_at: doc.createdAt,
    last_rotated_at: doc.lastRotatedAt,
    location: doc.location,
    retired: doc.retired ? 1 : 0,
    feedback: doc.feedback,
    deleted: doc._deleted ? 1 : 0,
  };
}

export function listFromRow(row: ListRow): WithDeleted<ListDoc> {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    position: Number(row.position),
    createdAt: Number(row.created_at),
    _deleted: Boolean(row.deleted),
  };
}

export function listToRow(doc: WithDeleted<ListDoc>) {
  return {
    kind: doc.kind,
    name: doc.name,
    position: doc.position,
    created_at: doc.createdAt,
    deleted: doc._deleted ? 1 : 0,
  };
}

/** Settings carry the plan and its limits from the users row: the server owns them. */
export function settingsFromRow(row: SettingsRow, plan: string): WithDeleted<SettingsDoc> {
  return {
    id: row.user_id,
    rotationToysNumber: Number(row.rotation_toys_number),
    lastRotationDate: nullableNumber(row.last_rotation_date),
    tipsDismissed: Boolean(row.tips_dismissed),
    plan: plan === 'paid' ? 'paid' : 'free',
    ...planLimits(plan),
    _deleted: false,
  };
}

export function settingsToRow(doc: WithDeleted<SettingsDoc>) {
  return {
    rotation_toys_number: doc.rotationToysNumber,
    last_rotation_date: doc.lastRotationDate,
    tips_dismissed: doc.tipsDismissed ? 1 : 0,
  };
}

export function rotationFromRow(row: RotationRow): WithDeleted<RotationDoc> {
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    toyIds: parseIds(row.toy_ids),
    _deleted: Boolean(row.deleted),
  };
}

export function rotationToRow(doc: WithDeleted<RotationDoc>) {
  return { created_at: doc.createdAt, toy_ids: JSON.stringify(doc.toyIds), deleted: doc._deleted ? 1 : 0 };
}
