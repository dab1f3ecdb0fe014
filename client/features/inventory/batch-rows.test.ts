import { describe, expect, it } from 'vitest';
import { fittingRows, imageFiles, newRow, rowsWithoutTitle, type BatchRow } from './batch-rows.js';

const file = (name: string, type = 'image/jpeg') => new File([new Uint8Array([1])], name, { type });
const ready = (name: string, title = name): BatchRow => ({ ...newRow(file(`${name}.jpg`), 'uncategorized'), state: 'ready', title });

describe('the review list of many photos', () => {
  it('starts each row from its file: the cleaned name as the title, the given category, being read', () => {
    const row = newRow(file('red_kite.jpg'), 'cat-1');
    expect(row).toMatchObject({ title: 'Red kite', categoryId: 'cat-1', state: 'reading', photo: null, location: '' });
    expect(newRow(file('IMG_0001.jpg'), 'cat-1').key).not.toBe(row.key);
  });

  it('takes only the image files of a drop', () => {
    expect(imageFiles([file('a.png', 'image/png'), file('notes.txt', 'text/plain'), file('b.heic', 'image/heic')]).map((f) => f.name)).toEqual(['a.png', 'b.heic']);
  });

  it('saves as many ready photos as the plan has room for, in the order shown', () => {
    const rows = [ready('a'), { ...ready('b'), state: 'unreadable' as const }, ready('c'), ready('d')];
    expect(fittingRows(rows, 2).map((r) => r.title)).toEqual(['a', 'c']);
    expect(fittingRows(rows, 10).map((r) => r.title)).toEqual(['a', 'c', 'd']);
    expect(fittingRows(rows, 0)).toEqual([]);
    expect(fittingRows(rows, -3)).toEqual([]);
  });

  it('finds the rows a Save would add without a title', () => {
    const rows = [ready('a'), ready('b', '   '), ready('c', '')];
    expect([...rowsWithoutTitle(rows)]).toEqual([rows[1]!.key, rows[2]!.key]);
  });
});
