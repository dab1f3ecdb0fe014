import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { planLimits } from '../../../shared/domain/plans.js';
import { settleKeptAndExcluded } from '../../../shared/domain/toy-flags.js';
import {
  listDocSchema,
  PRACTICE_DEFAULTS,
  rotationDocSchema,
  settingsDocSchema,
  toyDocSchema,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
  type ListDoc,
  type RotationDoc,
  type SettingsDoc,
  type SyncTable,
  type ToyDoc,
} from '../../../shared/schemas/docs.js';
import type { Database, HouseholdId, ListRow, RotationRow, SettingsRow, ToyRow } from '../../db/schema.js';
import { badRequest } from '../../lib/http-error.js';
import { parseWith } from '../../lib/parse.js';
import type { PlanScope } from '../household/owner.js';
import { resolveListId, type ListFate } from '../lists/list-fate.js';
import type { Doc, MergeRules } from '../sync/merge.js';
import { keepCurrentRotationDates } from '../sync/rotation-dates.js';
import {
  listFromRow,
  listToRow,
  rotationFromRow,
  rotationToRow,
  settingsFromRow,
  settingsToRow,
  toyFromRow,
  toyToRow,
  type WithDeleted,
} from '../sync/row-mapping.js';
import { asTombstone } from '../sync/tombstones.js';

// The registry of replicated tables (decision 036): everything the one write path
// (replicated/apply.ts) needs to know about a table, in one place: how a document is checked,
// how it merges, what no write may break (normalise), how it is stored and read back, and which
// writes have consequences elsewhere (cascades). Sync pushes, REST services, imports and
// household moves all write through applyChange with these entries, so a rule is written once.

type Trx = Transaction<Database>;

/** What a write may look at besides the document: the household's lists (toys point at them) and the push's sides. */
type NormaliseView = { lists: ReadonlyMap<string, ListFate>; assumed: Doc | undefined; incoming: Doc };

/** A consequence of a stored change on other rows (applyChange runs it after the write). */
type Cascade = 'list-deleted' | 'rotation-stored';

export type TableEntry = {
  /** The document's schema (shared with the devices). */
  schema: z.ZodType;
  /** The three-way merge's rules for the table (sync/merge.ts). */
  rules: MergeRules;
  /** Whether normalise needs the household's lists. */
  readsLists: boolean;
  /** Whether a person who left the household may hand in changes of this table (decision 016). */
  handIn: boolean;
  /** One row per household, whose id is the household's (a document with another id is refused). */
  keyedByHousehold?: boolean;
  /** A document sent by a device, defaults of older app versions filled in, checked (400 when wrong). */
  parse(value: Record<string, unknown>, where: string): Doc;
  /** A document of a new row, before its first store (server-owned fields). */
  initial(doc: Doc, household: PlanScope): Doc;
  /** The invariants no client can break, even when its pushes arrive out of order. */
  normalise(doc: Doc, view: NormaliseView): Doc;
  /** Invariants that need other stored rows (after normalise). */
  settle?(trx: Trx, householdId: HouseholdId, merged: Doc, master: Doc | undefined): Promise<Doc>;
  /** Which consequence a change of this table has on other rows, if any. */
  cascade?: Cascade;
  /** The stored row read back as a document; settings carry the household's plan. */
  fromRow(row: unknown, household: PlanScope): Doc;
  /** Row storage. `key` is the document's id (settings: the household's id, one row each). */
  insert(trx: Trx, householdId: HouseholdId, key: string, doc: Doc, seq: number): Promise<unknown>;
  update(trx: Trx, householdId: HouseholdId, key: string, doc: Doc, seq: number): Promise<unknown>;
};

/** An app version from before issue 14 does not send its fields: they take the defaults. */
function withPracticeDefaults(table: 'toys' | 'settings' | 'rotations', value: Record<string, unknown>): Record<string, unknown> {
  const defaults: Record<string, unknown> = PRACTICE_DEFAULTS[table];
  const missing = Object.keys(defaults).filter((key) => value[key] === undefined);
  return missing.length === 0 ? value : { ...Object.fromEntries(missing.map((key) => [key, defaults[key]])), ...value };
}

function parseDoc(schema: z.ZodType, input: Record<string, unknown>, original: Record<string, unknown>, where: string): Doc {
  const doc = parseWith(schema, input, where) as Record<string, unknown>;
  if (original._deleted !== undefined && typeof original._deleted !== 'boolean') throw badRequest(`${where}: _deleted must be a boolean`);
  return { ...doc, _deleted: original._deleted === true };
}

const same = (doc: Doc) => doc;

/**
 * A toy never points at a deleted category or collection (one merged into a same-named list
 * leads to the survivor); kept and excluded are never both on. Unknown list ids are kept,
 * because the lists push of the same client may simply not have arrived yet.
 */
function normaliseToy(doc: Doc, { lists, assumed, incoming }: NormaliseView): Doc {
  const categoryId = resolveListId(doc.categoryId as string, lists) ?? UNCATEGORIZED_ID;
  const collectionIds = [
    ...new Set((doc.collectionIds as string[]).map((id) => resolveListId(id, lists)).filter((id): id is string => id !== null)),
  ];
  const turnedOn = (flag: 'excluded' | 'favorite') => incoming[flag] === true && assumed?.[flag] !== true;
  const flags = settleKeptAndExcluded(
    { excluded: doc.excluded === true, favorite: doc.favorite === true },
    { excluded: turnedOn('excluded'), favorite: turnedOn('favorite') },
  );
  return { ...doc, categoryId, collectionIds, ...flags };
}

export const REPLICATED: Record<SyncTable, TableEntry> = {
  toys: {
    schema: toyDocSchema,
    rules: { setFields: ['collectionIds', 'childIds'], immutableFields: ['id', 'createdAt'], serverFields: ['createdBy', 'updatedBy'] },
    readsLists: true,
    handIn: true,
    parse: (value, where) => parseDoc(toyDocSchema, withPracticeDefaults('toys', value), value, where),
    initial: same,
    normalise: (doc, view) => asTombstone('toys', normaliseToy(doc, view)),
    fromRow: (row) => toyFromRow(row as ToyRow),
    insert: (trx, householdId, id, doc, seq) =>
      trx.insertInto('toys').values({ household_id: householdId, id, ...toyToRow(doc as WithDeleted<ToyDoc>), seq }).execute(),
    update: (trx, householdId, id, doc, seq) =>
      trx.updateTable('toys').set({ ...toyToRow(doc as WithDeleted<ToyDoc>), seq }).where('household_id', '=', householdId).where('id', '=', id).execute(),
  },
  lists: {
    schema: listDocSchema,
    // createdAt tells a list made again under a deleted name-derived id from a replayed create (decision 008).
    rules: { immutableFields: ['id', 'kind', 'createdAt'], lifeField: 'createdAt' },
    readsLists: true,
    handIn: true,
    parse: (value, where) => parseDoc(listDocSchema, value, value, where),
    initial: same,
    // Uncategorized is fixed: its kind and name, and it is never deleted.
    normalise: (doc) => (doc.id === UNCATEGORIZED_ID ? { ...doc, kind: 'category', name: UNCATEGORIZED_NAME, _deleted: false } : doc),
    // A deleted category's toys go to Uncategorized; a deleted collection leaves its toys.
    cascade: 'list-deleted',
    fromRow: (row) => listFromRow(row as ListRow),
    insert: (trx, householdId, id, doc, seq) =>
      trx.insertInto('lists').values({ household_id: householdId, id, ...listToRow(doc as WithDeleted<ListDoc>), seq }).execute(),
    update: (trx, householdId, id, doc, seq) =>
      trx.updateTable('lists').set({ ...listToRow(doc as WithDeleted<ListDoc>), seq }).where('household_id', '=', householdId).where('id', '=', id).execute(),
  },
  settings: {
    schema: settingsDocSchema,
    // children: key by key, each child field by field (decision 018).
    rules: { serverFields: ['id', 'plan', 'toysLimit', 'collectionsLimit'], recordFields: ['children'] },
    readsLists: false,
    // Settings are the household's: a person who left changes none of them.
    handIn: false,
    keyedByHousehold: true,
    parse: (value, where) => parseDoc(settingsDocSchema, withPracticeDefaults('settings', value), value, where),
    // The plan and its limits are the household's, never a device's.
    initial: (doc, household) => ({ ...doc, plan: household.plan === 'paid' ? 'paid' : 'free', ...planLimits(household.plan) }),
    normalise: (doc) => ({ ...doc, _deleted: false }), // one per household, never deleted
    // Every child's last rotation date names its current rotation (sync/rotation-dates.ts).
    settle: keepCurrentRotationDates,
    fromRow: (row, household) => settingsFromRow(row as SettingsRow, household.plan),
    insert: (trx, householdId, _key, doc, seq) =>
      trx.insertInto('settings').values({ household_id: householdId, ...settingsToRow(doc as WithDeleted<SettingsDoc>), seq }).execute(),
    update: (trx, householdId, _key, doc, seq) =>
      trx.updateTable('settings').set({ ...settingsToRow(doc as WithDeleted<SettingsDoc>), seq }).where('household_id', '=', householdId).execute(),
  },
  rotations: {
    schema: rotationDocSchema,
    // observations: toy by toy, so devices observing different toys never conflict (decision 018).
    rules: { immutableFields: ['id', 'childId'], serverFields: ['serverOrder', 'createdBy'], recordFields: ['observations'] },
    readsLists: false,
    handIn: true,
    parse: (value, where) => {
      // A client from before serverOrder existed sends rotations without it; the server owns it anyway.
      const legacy = value.serverOrder === undefined ? { ...value, serverOrder: null } : value;
      return parseDoc(rotationDocSchema, withPracticeDefaults('rotations', legacy), value, where);
    },
    initial: same,
    normalise: (doc) => asTombstone('rotations', doc),
    // A newly stored rotation is its child's latest: the child's last rotation date follows.
    cascade: 'rotation-stored',
    fromRow: (row) => rotationFromRow(row as RotationRow),
    // The first store fixes the rotation's place in the server's order (decision 008).
    insert: (trx, householdId, id, doc, seq) =>
      trx
        .insertInto('rotations')
        .values({ household_id: householdId, id, ...rotationToRow(doc as WithDeleted<RotationDoc>), seq, accepted_seq: seq })
        .execute(),
    update: (trx, householdId, id, doc, seq) =>
      trx
        .updateTable('rotations')
        .set({ ...rotationToRow(doc as WithDeleted<RotationDoc>), seq })
        .where('household_id', '=', householdId)
        .where('id', '=', id)
        .execute(),
  },
};
