import { strToU8, zipSync } from 'fflate';
import { PRACTICE_DEFAULTS, UNCATEGORIZED_ID, type ListDoc, type SettingsDoc, type ToyDoc } from '../schemas/docs.js';
import { exportJson, type ExportDocs } from './format.js';
import type { ImportTarget } from './import-plan.js';
import { readZip } from './zip.js';

// Documents, accounts and export zips for the tests of shared/export (tests only).

export const toy = (over: Partial<ToyDoc> = {}): ToyDoc => ({
  id: 'toy-1',
  title: 'Ball',
  categoryId: UNCATEGORIZED_ID,
  caption: '',
  mediaId: null,
  collectionIds: [],
  excluded: false,
  favorite: false,
  createdAt: 1_700_000_000_000,
  lastRotatedAt: null,
  location: null,
  retired: false,
  feedback: null,
  ...PRACTICE_DEFAULTS.toys,
  ...over,
});
export const list = (over: Partial<ListDoc> & Pick<ListDoc, 'id' | 'kind' | 'name'>): ListDoc => ({ position: 1, createdAt: 1, ...over });
export const settings: SettingsDoc = { id: 'u1', rotationToysNumber: 5, lastRotationDate: null, tipsDismissed: false, plan: 'free', toysLimit: 100, collectionsLimit: 3, ...PRACTICE_DEFAULTS.settings };

export function target(over: Partial<ImportTarget> = {}): ImportTarget {
  return {
    lists: [list({ id: UNCATEGORIZED_ID, kind: 'category', name: 'Uncategorized', position: 0 })],
    toys: [],
    rotations: [],
    settings,
    takenIds: { toys: new Set(), lists: new Set([UNCATEGORIZED_ID]), settings: new Set(), rotations: new Set() },
    plan: 'free',
    toysLimit: 100,
    collectionsLimit: 3,
    categoriesLimit: 200,
    ...over,
  };
}

let counter = 0;
export const newId = () => `new-${++counter}`;

export function exportZip(docs: Partial<ExportDocs>, photos: Record<string, Uint8Array> = {}): Map<string, Uint8Array> {
  const full = { toys: [], lists: [], settings: [], rotations: [], ...docs } as ExportDocs;
  const json = JSON.stringify(exportJson(full, 0));
  return readZip(zipSync({ 'toy-rotation.json': strToU8(json), ...photos }));
}
