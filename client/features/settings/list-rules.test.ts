import { describe, expect, it } from 'vitest';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { collectionLimitProblem, nameProblem, nextPosition } from './list-rules.js';

const list = (id: string, name: string, position = 0): ListDoc => ({ id, kind: 'category', name, position, createdAt: 0 });
const lists = [list('uncategorized', 'Uncategorized', 0), list('a', 'Cars', 1), list('b', 'Books', 2)];

describe('nameProblem', () => {
  it('ignores blank names', () => {
    expect(nameProblem('   ', lists)).toBe('blank');
    expect(nameProblem('', lists)).toBe('blank');
  });
  it('ignores duplicates, whatever the case and surrounding blanks', () => {
    expect(nameProblem(' cars ', lists)).toBe('duplicate');
    expect(nameProblem('UNCATEGORIZED', lists)).toBe('duplicate');
  });
  it('accepts a new name', () => {
    expect(nameProblem('Puzzles', lists)).toBeNull();
  });
  it('lets a list keep its own name in another case when renamed', () => {
    expect(nameProblem('CARS', lists, 'a')).toBeNull();
    expect(nameProblem('Books', lists, 'a')).toBe('duplicate');
  });
  it('never renames Uncategorized', () => {
    expect(nameProblem('Other', lists, 'uncategorized')).toBe('fixed');
  });
});

describe('collectionLimitProblem', () => {
  it('blocks the free plan at 3 collections with the spec message', () => {
    expect(collectionLimitProblem(2, 3, 'free')).toBeNull();
    expect(collectionLimitProblem(3, 3, 'free')).toBe('Free account can have up to 3 collections.');
  });
  it('blocks the paid plan at 50', () => {
    expect(collectionLimitProblem(49, 50, 'paid')).toBeNull();
    expect(collectionLimitProblem(50, 50, 'paid')).toMatch(/50 collections/);
  });
});

describe('nextPosition', () => {
  it('places a new list after the last one', () => {
    expect(nextPosition(lists)).toBe(3);
    expect(nextPosition([])).toBe(1);
  });
});
