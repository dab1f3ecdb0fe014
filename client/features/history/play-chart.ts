// How each category was played with over the last rotations: the numbers behind the History
// screen's chart. Pure, so it is tested without a browser.

import type { Observation } from '../../../shared/schemas/docs.js';
import { i18n } from '../../i18n/i18n.js';
export type PlayLevel = Observation;

/** A note's words in the language shown ("Played a lot"), the same as the Rotation screen's buttons. */
export function playLabel(level: PlayLevel): string {
  return i18n.t(`rotation:outNow.levels.${level}`);
}
const PLAY_SCORE: Record<PlayLevel, number> = { lot: 2, little: 1, none: 0 };
export const MAX_SCORE = 2;

export type ChartRotation = { id: string; createdAt: number; toyIds: readonly string[] };
export type ChartObservation = { rotationId: string; toyId: string; level: PlayLevel };
type ChartCell = { rotationId: string; score: number | null; noted: number; out: number };
type ChartRow = { categoryId: string; name: string; cells: ChartCell[] };
export type PlayChart = { columns: ChartRotation[]; rows: ChartRow[] };

/** The word for a cell's average: what a parent would say about the category that time. */
export function scoreLabel(score: number | null): string {
  if (score === null) return i18n.t('history:chart.noNotes');
  return playLabel(score >= 1.5 ? 'lot' : score >= 0.5 ? 'little' : 'none');
}

/**
 * Columns: the last `limit` rotations, oldest first. Rows: every category with a toy out in one
 * of them, by name. A cell is the average of the notes on that category's toys in that rotation
 * (played a lot 2, a little 1, not touched 0), or null when none was noted.
 */
export function playChart(
  newestFirst: readonly ChartRotation[],
  observations: readonly ChartObservation[],
  toyCategory: ReadonlyMap<string, string>,
  categoryName: (categoryId: string) => string,
  limit = 6,
): PlayChart {
  const columns = newestFirst.slice(0, limit).reverse();
  const notes = new Map(observations.map((o) => [`${o.rotationId}:${o.toyId}`, o.level]));
  const categories = new Set<string>();
  for (const rotation of columns) {
    for (const toyId of rotation.toyIds) {
      const category = toyCategory.get(toyId);
      if (category !== undefined) categories.add(category);
    }
  }
  const rows = [...categories]
    .map((categoryId) => ({
      categoryId,
      name: categoryName(categoryId),
      cells: columns.map((rotation) => {
        const toys = rotation.toyIds.filter((toyId) => toyCategory.get(toyId) === categoryId);
        const levels = toys.map((toyId) => notes.get(`${rotation.id}:${toyId}`)).filter((l): l is PlayLevel => l !== undefined);
        const score = levels.length ? levels.reduce((sum, level) => sum + PLAY_SCORE[level], 0) / levels.length : null;
        return { rotationId: rotation.id, score, noted: levels.length, out: toys.length };
      }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return { columns, rows };
}
