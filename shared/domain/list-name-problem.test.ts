import { describe, expect, it } from 'vitest';
import type { ListDoc } from '../schemas/docs.js';
import { listNameProblem } from './list-name-problem.js';

const renameProblem = (kind: ListDoc['kind'], lists: ListDoc[], id: string, typed: string) => listNameProblem(kind, lists, typed, id);

const list = (id: string, name: string, kind: ListDoc['kind'] = 'category'): ListDoc => ({ id, kind, name, position: 0, createdAt: 0 });
const categories = [list('uncategorized', 'Uncategorized'), list('c1', 'Blocks'), list('c2', 'Music')];

describe('listNameProblem when renaming (issue 16, polish 6: no silent no-op)', () => {
  it('names the clash with an existing name, whatever its case or spacing', () => {
    expect(renameProblem('category', categories, 'c1', ' music ')).toBe('There is already a category called “Music”; choose another name.');
    const collections = [list('a', 'Bath time', 'collection'), list('b', 'Travel', 'collection')];
    expect(renameProblem('collection', collections, 'b', 'BATH TIME')).toMatch(/already a collection called “Bath time”/);
  });
  it('keeps Uncategorized for toys without a category, even when that list is not loaded', () => {
    expect(renameProblem('category', [list('c1', 'Blocks')], 'c1', 'uncategorized')).toMatch(/“Uncategorized” is kept/);
  });
  it('asks for a name instead of ignoring a blank one', () => {
    expect(renameProblem('collection', [], 'x', '   ')).toBe('A collection needs a name.');
  });
  it('lets a new name, or a change of case of the same list, through', () => {
    expect(renameProblem('category', categories, 'c1', 'Building blocks')).toBeNull();
    expect(renameProblem('category', categories, 'c1', 'blocks')).toBeNull();
  });
});

describe('listNameProblem when adding', () => {
  it('names the existing list a new name clashes with, Uncategorized included', () => {
    expect(listNameProblem('category', categories, ' BLOCKS')).toBe('There is already a category called “Blocks”; choose another name.');
    expect(listNameProblem('category', categories, 'Uncategorized')).toMatch(/“Uncategorized” is kept/);
  });
  it('asks for a name instead of ignoring a blank one, and lets a new name through', () => {
    expect(listNameProblem('collection', [], '')).toBe('A collection needs a name.');
    expect(listNameProblem('collection', [list('a', 'Bath time', 'collection')], 'Rainy day')).toBeNull();
  });
});
