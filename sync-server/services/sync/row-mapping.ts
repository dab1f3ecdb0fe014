import { planLimits, type Plan } from '../../../shared/domain/plans.js';
import {
  childSchema,
  observationSchema,
  rotationModeSchema,
  retireReasonSchema,
  type Child,
  type ListDoc,
  type Observation,
  type RotationDoc,
  type SettingsDoc,
  type ToyDoc,
} from '../../../shared/schemas/docs.js';
import type { ListRow, RotationRow, SettingsRow, ToyRow } from '../../db/schema.js';

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
    childIds: parseIds(row.child_ids),
    retiredReason: retireReasonSchema.safeParse(row.retired_reason).data ?? null,
    retiredNote: row.retired_note,
    retiredAt: nullableNumber(row.retired_at),
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    _deleted: Boolean(row.deleted),
  };
}

/** The stored columns of a toy document; createdBy and updatedBy are stamped by the one write path (replicated/apply.ts). */
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
    child_ids: JSON.stringify(doc.childIds),
    retired_reason: doc.retiredReason,
    retired_note: doc.retiredNote,
    retired_at: doc.retiredAt,
    created_by: doc.createdBy ?? null,
    updated_by: doc.updatedBy ?? null,
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
    // A live list is merged into nothing: one made again after a name merge (decision 008)
    // must not send toys to the old survivor when it is deleted later.
    ...(doc._deleted ? {} : { merged_into: null }),
  };
}

/** Settings carry the household's plan and its limits: the server owns them. */
export function settingsFromRow(row: SettingsRow, plan: Plan): WithDeleted<SettingsDoc> {
  return {
    id: row.household_id,
    rotationToysNumber: Number(row.rotation_toys_number),
    lastRotationDate: nullableNumber(row.last_rotation_date),
    tipsDismissed: Boolean(row.tips_dismissed),
    plan,
    ...planLimits(plan),
    rotationMode: rotationModeSchema.safeParse(row.rotation_mode).data ?? 'random',
    rotationIntervalDays: row.rotation_interval_days === null ? null : Number(row.rotation_interval_days),
    firstChildName: row.first_child_name,
    firstChildBirthMonth: row.first_child_birth_month === null ? null : Number(row.first_child_birth_month),
    firstChildBirthYear: row.first_child_birth_year === null ? null : Number(row.first_child_birth_year),
    children: parseChildren(row.children),
    reminderEmail: Boolean(row.reminder_email),
    timeZone: row.time_zone,
    starterCategoriesDone: Boolean(row.starter_categories_done),
    _deleted: false,
  };
}

export function settingsToRow(doc: WithDeleted<SettingsDoc>) {
  return {
    rotation_toys_number: doc.rotationToysNumber,
    last_rotation_date: doc.lastRotationDate,
    tips_dismissed: doc.tipsDismissed ? 1 : 0,
    rotation_mode: doc.rotationMode,
    rotation_interval_days: doc.rotationIntervalDays,
    first_child_name: doc.firstChildName,
    first_child_birth_month: doc.firstChildBirthMonth,
    first_child_birth_year: doc.firstChildBirthYear,
    children: JSON.stringify(doc.children),
    reminder_email: doc.reminderEmail ? 1 : 0,
    time_zone: doc.timeZone,
    starter_categories_done: doc.starterCategoriesDone ? 1 : 0,
  };
}

export function rotationFromRow(row: RotationRow): WithDeleted<RotationDoc> {
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    toyIds: parseIds(row.toy_ids),
    serverOrder: row.accepted_seq === null ? Number(row.seq) : Number(row.accepted_seq),
    childId: row.child_id,
    observations: parseObservations(row.observations),
    createdBy: row.created_by,
    _deleted: Boolean(row.deleted),
  };
}

export function rotationToRow(doc: WithDeleted<RotationDoc>) {
  return {
    created_at: doc.createdAt,
    toy_ids: JSON.stringify(doc.toyIds),
    child_id: doc.childId,
    observations: JSON.stringify(doc.observations),
    created_by: doc.createdBy ?? null,
    deleted: doc._deleted ? 1 : 0,
  };
}

function parseObject(json: string | null | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The stored children (JSON text); an entry that does not parse is left out. */
export function parseChildren(json: string | null | undefined): Record<string, Child> {
  const out: Record<string, Child> = {};
  for (const [id, value] of Object.entries(parseObject(json))) {
    const child = childSchema.safeParse(value);
    if (child.success) out[id] = child.data;
  }
  return out;
}

function parseObservations(json: string | null | undefined): Record<string, Observation> {
  const out: Record<string, Observation> = {};
  for (const [toyId, value] of Object.entries(parseObject(json))) {
    const level = observationSchema.safeParse(value);
    if (level.success) out[toyId] = level.data;
  }
  return out;
}

/** Parses a JSON array of ids stored in a text column; anything malformed reads as empty. */
export function parseIds(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
