import Papa from 'papaparse';
import { UNCATEGORIZED_NAME, type ListDoc, type ToyDoc } from '../schemas/docs.js';
import { IMPORT_LIMITS, photoPath } from './format.js';
import { ImportFileError, importProblem, words, type ImportProblem, type ImportWordKey } from './import-words.js';

// toys.csv: one row a toy, for spreadsheets. Written with papaparse (every field quoted), as
// UTF-8 with a byte-order mark so Excel reads accents right, and formula-injection safe: a
// cell that starts with = + - @ tab or CR gets a leading apostrophe, so a spreadsheet shows
// it as text instead of running it. Reading strips that apostrophe again; so that a value
// which itself starts with apostrophes before such a character ("'=x") comes back whole, it
// gets one more apostrophe too.

export const CSV_COLUMNS = [
  'Title',
  'Category',
  'Notes',
  'Collections',
  'Storage place',
  'Status',
  'Kept',
  'Excluded',
  'Created',
  'Photo',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Collections are listed in one cell, separated by this. */
const COLLECTION_SEPARATOR = '; ';
const BOM = '\uFEFF';
/** A formula's first character, after any apostrophes (a guard, or the value's own). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function unsafeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** The CSV text of the toys (with its BOM), in the order given. */
export function toysCsv(toys: ToyDoc[], lists: ListDoc[]): string {
  const names = new Map(lists.map((list) => [list.id, list.name]));
  const rows = toys.map((toy) =>
    [
      toy.title,
      names.get(toy.categoryId) ?? UNCATEGORIZED_NAME,
      toy.caption,
      toy.collectionIds.map((id) => names.get(id)).filter((name): name is string => Boolean(name)).join(COLLECTION_SEPARATOR),
      toy.location ?? '',
      toy.retired ? 'retired' : 'active',
      toy.favorite ? 'yes' : 'no',
      toy.excluded ? 'yes' : 'no',
      new Date(toy.createdAt).toISOString(),
      toy.mediaId ? photoPath(toy.mediaId) : '',
    ].map(safeCell),
  );
  return BOM + Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { quotes: true, newline: '\r\n' });
}

/**
 * Bytes to text, refusing what is not UTF-8 with a readable message (a spreadsheet saved as
 * "Unicode text" is UTF-16; older Excel saves Windows-1252).
 */
function decodeUtf8(bytes: Uint8Array, fileName: string): string {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const nulInStart = bytes.subarray(0, 200).includes(0);
  if (utf16 || nulInStart) {
    throw new ImportFileError(words('csvUtf16', { file: fileName }));
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.startsWith(BOM) ? text.slice(1) : text;
  } catch {
    throw new ImportFileError(words('csvNotUtf8', { file: fileName }));
  }
}

/** One toy as a CSV row gives it: names instead of ids, a photo file name instead of a media id. */
type CsvToy = {
  row: number;
  title: string;
  category: string;
  caption: string;
  collections: string[];
  location: string | null;
  retired: boolean;
  favorite: boolean;
  excluded: boolean;
  createdAt: number | null;
  photo: string | null;
};

export type ParsedCsv = { toys: CsvToy[]; problems: (ImportProblem & { row: number })[] };

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/**
 * Reads a toys CSV (ours, or a spreadsheet with at least a Title column; headers are matched
 * without regard to case). Row numbers are the spreadsheet's: the header is row 1.
 */
export function parseToysCsv(bytes: Uint8Array, fileName = 'The CSV file'): ParsedCsv {
  if (bytes.length > IMPORT_LIMITS.textBytes) {
    throw new ImportFileError(words('csvTooLarge', { file: fileName, mb: IMPORT_LIMITS.textBytes / 1024 / 1024 }));
  }
  const text = decodeUtf8(bytes, fileName);
  // Reads one row past the limit, never the whole of a huge file.
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: IMPORT_LIMITS.csvRows + 2 });
  const [header, ...rows] = result.data;
  if (rows.length > IMPORT_LIMITS.csvRows) {
    throw new ImportFileError(words('csvTooManyRows', { file: fileName, rows: IMPORT_LIMITS.csvRows }));
  }
  const columns = new Map<CsvColumn, number>();
  (header ?? []).forEach((name, index) => {
    const column = CSV_COLUMNS.find((c) => c.toLowerCase() === name.trim().toLowerCase());
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has('Title')) {
    throw new ImportFileError(words('csvNoTitle', { file: fileName, columns: CSV_COLUMNS.join(', ') }));
  }
  const toys: CsvToy[] = [];
  const problems: ParsedCsv['problems'] = [];
  rows.forEach((cells, index) => {
    const row = index + 2;
    const cell = (column: CsvColumn) => {
      const at = columns.get(column);
      return at === undefined ? '' : unsafeCell((cells[at] ?? '').trim());
    };
    const problem = (key: ImportWordKey, values: Record<string, string> = {}) =>
      problems.push({ ...importProblem(row, words('placeRow', { row: String(row) }), words(key, values)), row });
    const flag = (column: CsvColumn): boolean | null => {
      const value = cell(column).toLowerCase();
      return YES.has(value) ? true : NO.has(value) ? false : null;
    };
    const title = cell('Title');
    if (!title) return problem('titleEmpty');
    if (title.length > 200) return problem('titleTooLong');
    const favorite = flag('Kept');
    const excluded = flag('Excluded');
    if (favorite === null) return problem('keptYesNo', { value: cell('Kept') });
    if (excluded === null) return problem('excludedYesNo', { value: cell('Excluded') });
    if (favorite && excluded) return problem('keptAndExcluded');
    const status = cell('Status').toLowerCase();
    if (status !== '' && status !== 'active' && status !== 'retired') return problem('statusValue', { value: cell('Status') });
    const created = cell('Created');
    const createdAt = created ? Date.parse(created) : null;
    if (createdAt !== null && (Number.isNaN(createdAt) || createdAt < 0)) return problem('notADate', { value: created });
    const caption = cell('Notes');
    if (caption.length > 2000) return problem('notesTooLong');
    const location = cell('Storage place');
    if (location.length > 200) return problem('placeTooLong');
    const category = cell('Category') || UNCATEGORIZED_NAME;
    const collections = cell('Collections').split(';').map((name) => name.trim()).filter(Boolean);
    const tooLong = [category, ...collections].find((name) => name.length > 60);
    if (tooLong) return problem('nameTooLong', { name: tooLong.slice(0, 30) });
    toys.push({
      row,
      title,
      category,
      caption,
      collections,
      location: location || null,
      retired: status === 'retired',
      favorite,
      excluded,
      createdAt,
      photo: cell('Photo') || null,
    });
  });
  return { toys, problems };
}
