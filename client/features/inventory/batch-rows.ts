import { titleFromFileName } from './batch-title.js';

/** One picked photo on the review list, becoming one toy. */
export type BatchRow = {
  key: string;
  fileName: string;
  /** The shrunk photo (the single add's shrinkImage), null while it is read or when it could not be. */
  photo: Blob | null;
  state: 'reading' | 'ready' | 'unreadable';
  title: string;
  categoryId: string;
  location: string;
  /** Shown after a Save that found this row's title empty. */
  titleMissing: boolean;
};

let nextKey = 0;

export function newRow(file: File, categoryId: string): BatchRow {
  nextKey += 1;
  return { key: `photo-${nextKey}`, fileName: file.name, photo: null, state: 'reading', title: titleFromFileName(file.name), categoryId, location: '', titleMissing: false };
}

/** Only image files count (a drop may carry other files). */
export function imageFiles(files: Iterable<File>): File[] {
  return [...files].filter((file) => file.type.startsWith('image/'));
}

/**
 * Which rows a Save adds: the photos that are ready, in the order shown, as many as the plan
 * still has room for (the rest stay on the list, marked, never dropped silently).
 */
export function fittingRows(rows: readonly BatchRow[], room: number): BatchRow[] {
  return rows.filter((row) => row.state === 'ready').slice(0, Math.max(0, room));
}

/** The rows of `fitting` whose title is blank (the toy schema's "Title is required"). */
export function rowsWithoutTitle(fitting: readonly BatchRow[]): Set<string> {
  return new Set(fitting.filter((row) => !row.title.trim()).map((row) => row.key));
}
