import { strToU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { parseToysCsv } from '../../shared/export/csv.js';
import { planImport } from '../../shared/export/import-plan.js';
import { sourceFromCsv, sourceFromExport } from '../../shared/export/import-source.js';
import { IMPORT_ENGLISH, ImportFileError, inEnglish } from '../../shared/export/import-words.js';
import { exportZip, newId, settings, target, toy } from '../../shared/export/test-fixtures.js';
import english from './locales/en/dataImport.json';
import { showLanguage, withScreenMessages } from './i18n.js';
import { importText } from './import-text.js';

// What an import tells a parent (decision 056) reads in the language the app shows, from the
// words shared/export makes; English stays the shared code's English, word for word.

afterEach(() => showLanguage('en'));

function refusal(run: () => unknown): ImportFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('not refused');
}

const noTitle = () => refusal(() => parseToysCsv(strToU8('Name,Category\nBall,Outdoor\n'), 'toys.csv'));
const rowProblem = () => sourceFromCsv(strToU8('Title,Kept\nBall,maybe\n'), null, 0, 'toys.csv').problems[0]!;
const tooManyRows = () => refusal(() => parseToysCsv(strToU8('Title\n' + 'Toy\n'.repeat(5_001)), 'big.csv'));
const schedulePlan = () => {
  const exported = { ...settings, rotationIntervalDays: 3, rotationMode: 'balanced' as const };
  return planImport(sourceFromExport(exportZip({ settings: [exported] })), new Map(), target(), newId);
};
const offlinePhoto = () =>
  planImport(sourceFromExport(exportZip({ toys: [toy({ id: 't1', title: 'Drum', mediaId: 'a'.repeat(64) })] })), new Map(), target(), newId).warnings[0]!;

describe('import texts', () => {
  it('have the same English in the app as in the shared code', () => {
    expect(english).toEqual(IMPORT_ENGLISH);
  });

  it('read in English exactly as the shared code words them', async () => {
    await withScreenMessages(Promise.resolve());
    const error = noTitle();
    expect(importText(error.words)).toBe(error.message);
    expect(error.message).toBe('toys.csv has no "Title" column. The first row must name the columns: Title, Category, Notes, Collections, Storage place, Status, Kept, Excluded, Created, Photo.');
    expect(importText(rowProblem().because)).toBe('Kept must be yes or no, not "maybe".');
    expect(importText(tooManyRows().words)).toBe('big.csv has more than 5,000 rows. Import at most 5,000 toys at a time.');
    expect(schedulePlan().settingsChanges.map(importText)).toEqual(schedulePlan().settingsChanges.map(inEnglish));
    expect(importText(offlinePhoto())).toBe('"Drum": its photo is not in the zip (the export was made offline); the toy is imported without a photo.');
  });

  it.each([
    {
      language: 'es' as const,
      noTitle: 'toys.csv no tiene la columna "Title".',
      row: 'Kept debe ser yes o no, no "maybe".',
      rows: 'big.csv tiene más de 5000 filas.',
      schedule: 'Calendario de rotación para Tu hijo: sin calendario → cada 3 días',
      picking: 'Elección: al azar → equilibrada',
      photo: '"Drum": su foto no está en el zip',
    },
    {
      language: 'de' as const,
      noTitle: 'toys.csv hat keine Spalte „Title“.',
      row: 'Kept muss yes oder no sein, nicht „maybe“.',
      rows: 'big.csv hat mehr als 5.000 Zeilen.',
      schedule: 'Rotationsplan für Dein Kind: kein Plan → alle 3 Tage',
      picking: 'Auswahl: zufällig → ausgewogen',
      photo: '„Drum“: Das Foto ist nicht in der ZIP-Datei',
    },
    {
      language: 'fr' as const,
      noTitle: 'toys.csv n’a pas de colonne « Title ».',
      row: 'Kept doit valoir yes ou no, pas « maybe ».',
      rows: 'big.csv a plus de 5\u202f000 lignes.',
      schedule: 'Calendrier de rotation pour Votre enfant : pas de calendrier → tous les 3 jours',
      picking: 'Choix : au hasard → équilibré',
      photo: '« Drum » : sa photo n’est pas dans le zip',
    },
  ])('read in $language: refusals, row problems, numbers, preview lines and warnings', async (expected) => {
    await withScreenMessages(Promise.resolve());
    await showLanguage(expected.language);
    expect(importText(noTitle().words)).toContain(expected.noTitle);
    expect(importText(rowProblem().because)).toBe(expected.row);
    expect(importText(tooManyRows().words)).toContain(expected.rows);
    const lines = schedulePlan().settingsChanges.map(importText);
    expect(lines).toContain(expected.schedule);
    expect(lines).toContain(expected.picking);
    expect(importText(offlinePhoto())).toContain(expected.photo);
  });
});
