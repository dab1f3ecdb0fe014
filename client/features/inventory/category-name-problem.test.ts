import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, showLanguage, withScreenMessages } from '../../i18n/i18n.js';
import { categoryNameProblem } from './category-name-problem.js';

const lists = [
  { id: 'uncategorized', name: 'Uncategorized' },
  { id: 'cat-1', name: 'Blocks' },
];

afterEach(async () => {
  await showLanguage('en');
});

// The signed-in screens' English loads with their screens (decision 051); these words are theirs.
beforeAll(() => withScreenMessages(Promise.resolve()));

describe('a new category made where a toy is added', () => {
  it("follows Settings' rules, in the parent's words", () => {
    const t = i18n.getFixedT('en', 'batch');
    expect(categoryNameProblem(t, lists, '   ')).toBe('A category needs a name.');
    expect(categoryNameProblem(t, lists, ' uncategorized ')).toBe('“Uncategorized” is kept for toys without a category; choose another name.');
    expect(categoryNameProblem(t, lists, 'BLOCKS')).toBe('There is already a category called “Blocks”; choose another name.');
    expect(categoryNameProblem(t, lists, 'Puzzles')).toBeNull();
  });

  it('says it in the language shown', async () => {
    await showLanguage('de');
    expect(categoryNameProblem(i18n.getFixedT('de', 'batch'), lists, 'blocks')).toBe('Es gibt schon eine Kategorie namens „Blocks“; wähle einen anderen Namen.');
  });
});
