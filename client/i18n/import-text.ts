import type { ImportWords } from '../../shared/export/import-words.js';
import { formatNumber } from './format.js';
import { i18n } from './i18n.js';

// What an import tells a person, made by shared/export as words (decision 056), in the language
// shown: the messages are in the `dataImport` namespace, whose English is the shared table's.

/** The words in the language shown; numbers as that language writes them, names as they are. */
export function importText(text: ImportWords): string {
  const values = Object.fromEntries(
    Object.entries(text.values).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value) : typeof value === 'string' ? value : importText(value)]),
  );
  return i18n.t(`dataImport:${text.key}` as never, values);
}
