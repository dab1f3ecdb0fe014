// What an import tells a person (problems, refusals, warnings, the preview's settings lines) is
// made here as words: a key and its values, not a sentence (decision 056). The server answers
// its API in English (`inEnglish`); the app says the same key in the language it shows
// (client/i18n/import-text.ts, messages in client/i18n/locales/<language>/dataImport.json, whose
// English must equal this table: a test compares them).

export const IMPORT_ENGLISH = {
  // A file that cannot be imported at all.
  pickWhat: 'Pick a zip made by export, or a CSV file (and, if you like, a zip of the photos it names).',
  fileTooLarge: '{{file}} is larger than {{mb}} MB, the most an import reads.',
  zipFileTooLarge: 'The zip file {{file}} is larger than {{mb}} MB, the most an import reads.',
  csvUtf16: '{{file}} is saved as UTF-16 text. Please save it as "CSV UTF-8" and try again.',
  csvNotUtf8: '{{file}} is not UTF-8 text (it may be Windows-1252 or Latin-1). Please save it as "CSV UTF-8" and try again.',
  csvTooLarge: '{{file}} is larger than {{mb}} MB.',
  csvTooManyRows: '{{file}} has more than {{rows}} rows. Import at most {{rows}} toys at a time.',
  csvNoTitle: '{{file}} has no "Title" column. The first row must name the columns: {{columns}}.',
  jsonInvalid: '{{file}} is not valid JSON; the file may be damaged.',
  jsonNotUtf8: '{{file}} is not UTF-8 text; the file may be damaged.',
  jsonNotExport: '{{file}} is not a Toy Rotation export.',
  jsonUnknownVersion: '{{file}} has an unknown format version ({{version}}).',
  jsonNewerVersion: 'This export was made by a newer version of Toy Rotation (format {{version}}); this app reads format {{supported}}. Please update the app and try again.',
  jsonNoCollections: '{{file}} has no collections.',
  jsonNotList: '{{file}}: "{{name}}" is not a list.',
  zipHasCsv: 'This zip has no {{file}}. To import a spreadsheet, pick the CSV file itself (and this zip for its photos).',
  zipNotExport: 'This zip is not a Toy Rotation export (it has no {{file}}).',
  zipTooLarge: 'The zip file is larger than {{mb}} MB.',
  notZip: 'This file is not a zip file.',
  zipUnpacksTooLarge: 'The zip file unpacks to more than {{mb}} MB; it was not read (it may be a zip bomb).',
  entryUnpacksTooLarge: '"{{name}}" unpacks to more than {{mb}} MB; it was not read (it may be a zip bomb).',
  zipPathOutside: 'The zip file contains a path outside its folder ("{{name}}"); it was not read.',
  zipTooManyFiles: 'The zip file has more than {{files}} files; it was not read.',
  zipDuplicate: 'The zip file contains "{{name}}" twice; it was not read.',
  zipEntryDamaged: 'The zip file is damaged ("{{name}}" cannot be unpacked).',
  zipDamaged: 'The zip file is damaged and could not be read.',
  zipCompression: '"{{name}}" in the zip file uses a compression this app cannot read.',
  photoEntryTooLarge: '"{{name}}" is larger than {{mb}} MB, more than any photo this app makes; nothing was read further.',
  // A row, a document or a photo that blocks the import.
  titleEmpty: 'The title is empty.',
  titleTooLong: 'The title is longer than 200 characters.',
  keptYesNo: 'Kept must be yes or no, not "{{value}}".',
  excludedYesNo: 'Excluded must be yes or no, not "{{value}}".',
  keptAndExcluded: 'A toy cannot be both kept and excluded.',
  statusValue: 'Status must be active or retired, not "{{value}}".',
  notADate: '"{{value}}" is not a date (use 2026-01-31).',
  notesTooLong: 'The notes are longer than 2000 characters.',
  placeTooLong: 'The storage place is longer than 200 characters.',
  nameTooLong: 'The name "{{name}}…" is longer than 60 characters.',
  photoNotInZip: 'The photo "{{photo}}" is not in the zip.',
  photoNeedsZip: 'It names the photo "{{photo}}": pick the zip with the photos too.',
  notAnImage: 'It is not a JPEG or PNG image.',
  imageUnreadable: 'The image could not be read.',
  /** A value the document schema refuses; the detail is the schema's own English. */
  fieldInvalid: '{{field}}: {{detail}}',
  invalid: '{{detail}}',
  toysOverLimit:
    'This import adds {{adding}} toys; with the {{have}} you have (retired toys do not count), that is more than the {{limit}} toys the {{plan}} plan allows. Remove some rows or upgrade, then import again.',
  collectionsOverLimit:
    'This import adds {{adding}} collections; with the {{have}} you have, that is more than the {{limit}} collections the {{plan}} plan allows. Remove some or upgrade, then import again.',
  categoriesOverCap: 'This import would make {{total}} categories; {{limit}} is the most an account can have.',
  childrenOverMax:
    'This import would make {{total}} children; at most {{max}} can be kept (you have {{have}}). Remove children you no longer need in Settings, then import again.',
  // Where a problem is.
  placeRow: 'row {{row}}',
  placeToy: 'toys #{{number}} ("{{title}}")',
  placeDocument: '{{table}} #{{number}}',
  placePlanLimit: 'Plan limit',
  placeLimit: 'Limit',
  placeChildren: 'Children',
  placeFile: '{{file}}',
  // What is imported differently than it was exported.
  photoMissingKept: '"{{title}}": its photo is not in the zip (the export was made offline); the toy keeps the photo it has here.',
  photoMissingDropped: '"{{title}}": its photo is not in the zip (the export was made offline); the toy is imported without a photo.',
  // The preview's lines for the settings and children ("was → will be").
  childUpdated: 'Child updated: {{name}}',
  childAdded: 'Child added: {{name}}',
  firstChildName: "First child's name: {{before}} → {{after}}",
  birthMonth: "{{child}}'s birth month: {{before}} → {{after}}",
  toysOut: 'Toys out at a time for {{child}}: {{before}} → {{after}}',
  schedule: 'Rotation schedule for {{child}}: {{before}} → {{after}}',
  picking: 'Picking: {{before}} → {{after}}',
  reminderEmail: 'Reminder email: {{before}} → {{after}}',
  timeZone: 'Time zone: {{before}} → {{after}}',
  notSet: 'not set',
  noSchedule: 'no schedule',
  everyDay: 'every day',
  everyNDays: 'every {{days}} days',
  monthYear: '{{month}}/{{year}}',
  on: 'on',
  off: 'off',
  yourChild: 'Your child',
  modeRandom: 'random',
  modeBalanced: 'balanced',
} as const;

export type ImportWordKey = keyof typeof IMPORT_ENGLISH;

/** A value in words: text as it is (a name, a file), a number (each language writes it), or more words. */
export type ImportValue = string | number | ImportWords;

export type ImportWords = { key: ImportWordKey; values: Record<string, ImportValue> };

export function words(key: ImportWordKey, values: Record<string, ImportValue> = {}): ImportWords {
  return { key, values };
}

/** The words as the server answers them (and as tests read them): English, numbers as en-US writes them. */
export function inEnglish(text: ImportWords): string {
  return IMPORT_ENGLISH[text.key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = text.values[name];
    if (value === undefined) return '';
    if (typeof value === 'number') return value.toLocaleString('en-US');
    return typeof value === 'string' ? value : inEnglish(value);
  });
}

/** A file that cannot be imported at all (wrong kind, too large, unsafe, future format); its message is the English. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  constructor(readonly words: ImportWords) {
    super(inEnglish(words));
  }
}

/** A problem that blocks an import: where (a row number or a document) and why, in English and in words. */
export type ImportProblem = { row: number | null; where: string; reason: string; place: ImportWords; because: ImportWords };

export function importProblem(row: number | null, place: ImportWords, because: ImportWords): ImportProblem {
  return { row, where: inEnglish(place), reason: inEnglish(because), place, because };
}
