import {
  PRACTICE_DEFAULTS,
  SYNC_TABLES,
  UNCATEGORIZED_NAME,
  type ListDoc,
  type ListKind,
  type RotationDoc,
  type SettingsDoc,
  type SyncTable,
  type ToyDoc,
} from '../schemas/docs.js';
import { parseToysCsv } from './csv.js';
import { EXPORT_CSV_NAME, EXPORT_JSON_NAME, parseExportJson, photoPath, type ExportDoc } from './format.js';
import { ImportFileError, importProblem, words, type ImportProblem, type ImportWords } from './import-words.js';

// What an import reads, before it is planned against an account (import-plan.ts): an export
// zip, or a CSV with or without a zip of its photos.

/** The collections this version maps field by field; any other synced collection is imported by id. */
const MAPPED: readonly SyncTable[] = ['toys', 'lists', 'settings', 'rotations'];

type IncomingToy = {
  row: number;
  /** Where a problem with this toy is: its row, or its place in the export. */
  place: ImportWords;
  id: string | null;
  /** Every other field of the toy (including ones added after this code was written). */
  fields: Record<string, unknown>;
  category: string;
  collections: string[];
  /** The photo's file name in the zip, or null. */
  photo: string | null;
  /** The export names a photo the zip does not hold (an export made offline): a toy already here keeps its own. */
  photoMissing: boolean;
};

export type ImportSource = {
  kind: 'export' | 'csv';
  lists: { kind: ListKind; name: string; id: string | null; createdAt?: number }[];
  toys: IncomingToy[];
  rotations: RotationDoc[];
  /** The exported household's settings: rotation options, the first child and the other children (null for a CSV). */
  settings: SettingsDoc | null;
  others: Partial<Record<SyncTable, ExportDoc[]>>;
  /** The photos the toys name (file name -> bytes), still to be checked. */
  photos: Map<string, Uint8Array>;
  problems: ImportProblem[];
  /** What is imported differently than it was exported. */
  warnings: ImportWords[];
};

/** An export zip's files (readZip) as an import source. */
export function sourceFromExport(files: Map<string, Uint8Array>): ImportSource {
  const json = files.get(EXPORT_JSON_NAME);
  if (!json) {
    const hasCsv = files.has(EXPORT_CSV_NAME) || [...files.keys()].some((name) => name.endsWith('.csv'));
    throw new ImportFileError(words(hasCsv ? 'zipHasCsv' : 'zipNotExport', { file: EXPORT_JSON_NAME }));
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(json);
  } catch {
    throw new ImportFileError(words('jsonNotUtf8', { file: EXPORT_JSON_NAME }));
  }
  const { docs, problems } = parseExportJson(text);
  const listNames = new Map(docs.lists.map((list) => [list.id, list as unknown as ListDoc]));
  const source: ImportSource = {
    kind: 'export',
    // In the order the parent arranged them (the JSON lists documents by id).
    lists: [...(docs.lists as unknown as ListDoc[])]
      .sort((a, b) => a.position - b.position || a.createdAt - b.createdAt)
      .map((list) => ({ kind: list.kind, name: list.name, id: list.id, createdAt: list.createdAt })),
    toys: [],
    rotations: docs.rotations as unknown as RotationDoc[],
    settings: (docs.settings[0] as unknown as SettingsDoc | undefined) ?? null,
    others: {},
    photos: new Map(),
    problems,
    warnings: [],
  };
  (docs.toys as unknown as ToyDoc[]).forEach((toy, index) => {
    const { id, categoryId, collectionIds, mediaId, ...fields } = toy;
    const category = listNames.get(categoryId);
    const file = mediaId ? photoPath(mediaId) : null;
    const bytes = file ? files.get(file) : undefined;
    if (file && bytes) source.photos.set(file, bytes);
    source.toys.push({
      row: index + 1,
      place: words('placeToy', { number: index + 1, title: toy.title }),
      id,
      fields,
      category: category && category.kind === 'category' ? category.name : UNCATEGORIZED_NAME,
      collections: collectionIds.map((cid) => listNames.get(cid)).filter((list) => list?.kind === 'collection').map((list) => (list as ListDoc).name),
      photo: bytes ? file : null,
      photoMissing: Boolean(file && !bytes),
    });
  });
  for (const name of SYNC_TABLES) if (!MAPPED.includes(name)) source.others[name] = docs[name];
  return source;
}

/** A CSV (and optionally a zip of the photos it names) as an import source. */
export function sourceFromCsv(csv: Uint8Array, photoZip: Map<string, Uint8Array> | null, now: number, fileName = 'The CSV file'): ImportSource {
  const { toys, problems } = parseToysCsv(csv, fileName);
  const source: ImportSource = { kind: 'csv', lists: [], toys: [], rotations: [], settings: null, others: {}, photos: new Map(), problems, warnings: [] };
  const byBaseName = new Map<string, string>();
  for (const name of photoZip?.keys() ?? []) byBaseName.set(baseName(name).toLowerCase(), name);
  for (const toy of toys) {
    let photo: string | null = null;
    if (toy.photo) {
      const found = photoZip?.has(toy.photo) ? toy.photo : byBaseName.get(baseName(toy.photo).toLowerCase());
      if (!found) {
        source.problems.push(importProblem(toy.row, words('placeRow', { row: String(toy.row) }), words(photoZip ? 'photoNotInZip' : 'photoNeedsZip', { photo: toy.photo })));
        continue;
      }
      photo = found;
      source.photos.set(found, photoZip?.get(found) as Uint8Array);
    }
    source.toys.push({
      row: toy.row,
      place: words('placeRow', { row: String(toy.row) }),
      id: null,
      fields: {
        title: toy.title,
        caption: toy.caption,
        location: toy.location,
        retired: toy.retired,
        favorite: toy.favorite,
        excluded: toy.excluded,
        createdAt: toy.createdAt ?? now,
        lastRotatedAt: null,
        feedback: null,
        ...PRACTICE_DEFAULTS.toys,
        retiredAt: toy.retired ? now : null,
      },
      category: toy.category,
      collections: toy.collections,
      photo,
      photoMissing: false,
    });
  }
  return source;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
