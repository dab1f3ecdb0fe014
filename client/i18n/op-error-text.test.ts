import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../test-support/sync-harness.js';
import { futureBirthYearProblem } from '../../shared/domain/children.js';
import { OBSERVE_LATEST_ONLY } from '../../shared/domain/observations.js';
import { FREE_COLLECTIONS_MESSAGE, PAID_COLLECTIONS_MESSAGE, TOYS_LIMIT_MESSAGE } from '../../shared/domain/plans.js';
import { rotationMessage } from '../../shared/domain/rotation.js';
import { COLLECTION_NOT_FOUND, EMPTY_COLLECTION_MESSAGE } from '../../shared/domain/rotation-source.js';
import { FIRST_CHILD_ID } from '../../shared/schemas/docs.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../db/database.js';
import { addToy, addToys, getSettings, OP_ENGLISH, OpError, removeChild, rotate, setRotationCount } from '../db/ops/index.js';
import english from './locales/en/ops.json';
import { showLanguage, withScreenMessages } from './i18n.js';
import { opErrorText } from './op-error-text.js';

// A local operation's refusal reads in the language the app shows (decision 056): by its key,
// or by the English of the shared rule it comes from; English stays word for word.

enableDevMode();

let db: ToyDatabase;
let n = 0;
const userId = 'user-op-words';
beforeEach(async () => {
  db = await openUserDatabase(userId, { storage: dexieStorage(), multiInstance: false, name: `op-words-${++n}` });
  await withScreenMessages(Promise.resolve());
});
afterEach(async () => {
  await showLanguage('en');
  await closeUserDatabase(db);
  await removeUserDatabase(userId, { storage: dexieStorage(), name: `op-words-${n}` });
});

async function refusal(run: Promise<unknown>): Promise<OpError> {
  const error = await run.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof OpError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe('local refusals', () => {
  it('have the same English in the app as in the operations, and know the shared rules by their English', () => {
    expect(english).toEqual(OP_ENGLISH);
    const known = Object.values(OP_ENGLISH) as string[];
    const rules = [TOYS_LIMIT_MESSAGE, FREE_COLLECTIONS_MESSAGE, PAID_COLLECTIONS_MESSAGE, futureBirthYearProblem(9999, 0), rotationMessage(0), OBSERVE_LATEST_ONLY, EMPTY_COLLECTION_MESSAGE, COLLECTION_NOT_FOUND];
    for (const text of rules) expect(known, String(text)).toContain(text);
  });

  it('read in English exactly as before', async () => {
    expect(opErrorText(await refusal(setRotationCount(db, 3)))).toBe('The rotation number must be a whole number from 0 to 0.');
    expect(opErrorText(await refusal(removeChild(db, FIRST_CHILD_ID)))).toBe('The first child cannot be removed; you can rename it.');
    expect(opErrorText(await refusal(rotate(db)))).toBe('No toys to rotate: add toys, or un-exclude some, and try again.');
  });

  it.each([
    { language: 'es' as const, count: 'El número de rotación debe ser un número entero de 0 a 0.', limit: 'Has alcanzado el límite de juguetes', rotate: 'No hay juguetes para rotar' },
    { language: 'de' as const, count: 'Die Rotationszahl muss eine ganze Zahl von 0 bis 0 sein.', limit: 'Die Höchstzahl an Spielsachen ist erreicht', rotate: 'Keine Spielsachen zum Rotieren' },
    { language: 'fr' as const, count: 'Le nombre de rotation doit être un nombre entier de 0 à 0.', limit: 'Le nombre maximal de jouets est atteint', rotate: 'Aucun jouet à faire tourner' },
  ])('read in $language: by key, and by the English of a shared rule', async ({ language, count, limit, rotate: rotateText }) => {
    await showLanguage(language);
    expect(opErrorText(await refusal(setRotationCount(db, 3)))).toBe(count);
    await db.settings.insert({ ...(await getSettings(db)), toysLimit: 0 });
    expect(opErrorText(await refusal(addToy(db, { title: 'One too many' })))).toBe(limit);
    expect(opErrorText(await refusal(rotate(db)))).toContain(rotateText);
    expect(opErrorText(new OpError('A text no rule knows.'))).toBe('A text no rule knows.');
  });

  it("read a shared schema's own rule (a blank title in a batch) in the language shown", async () => {
    await showLanguage('de');
    expect(opErrorText(await refusal(addToys(db, [{ title: 'Ball' }, { title: '  ' }])))).toBe('Der Titel ist erforderlich');
  });
});
