import { beforeAll, describe, expect, it } from 'vitest';
import { withScreenMessages } from '../../i18n/i18n.js';
import { playChart, scoreLabel, type ChartRotation } from './play-chart.js';

const rotations: ChartRotation[] = [
  { id: 'r3', createdAt: 3, toyIds: ['car', 'doll'] },
  { id: 'r2', createdAt: 2, toyIds: ['car', 'truck', 'ball'] },
  { id: 'r1', createdAt: 1, toyIds: ['ball'] },
];
const category = new Map([
  ['car', 'vehicles'],
  ['truck', 'vehicles'],
  ['doll', 'pretend'],
  ['ball', 'active'],
]);
const names: Record<string, string> = { vehicles: 'Vehicles', pretend: 'Pretend play', active: 'Active' };

// The signed-in screens' English loads with their screens (decision 051); these words are theirs.
beforeAll(() => withScreenMessages(Promise.resolve()));

describe('playChart', () => {
  it('averages each category per rotation, oldest column first, categories by name', () => {
    const chart = playChart(
      rotations,
      [
        { rotationId: 'r2', toyId: 'car', level: 'lot' },
        { rotationId: 'r2', toyId: 'truck', level: 'little' },
        { rotationId: 'r3', toyId: 'car', level: 'none' },
        { rotationId: 'r1', toyId: 'ball', level: 'lot' },
      ],
      category,
      (id) => names[id] ?? id,
    );
    expect(chart.columns.map((c) => c.id)).toEqual(['r1', 'r2', 'r3']);
    expect(chart.rows.map((r) => r.name)).toEqual(['Active', 'Pretend play', 'Vehicles']);
    const vehicles = chart.rows[2]!;
    expect(vehicles.cells.map((c) => c.score)).toEqual([null, 1.5, 0]);
    expect(vehicles.cells.map((c) => [c.noted, c.out])).toEqual([[0, 0], [2, 2], [1, 1]]);
    expect(chart.rows[1]!.cells.map((c) => c.score)).toEqual([null, null, null]);
  });

  it('shows only the last rotations asked for, and no category without toys out in them', () => {
    const chart = playChart(rotations, [], category, (id) => id, 1);
    expect(chart.columns.map((c) => c.id)).toEqual(['r3']);
    expect(chart.rows.map((r) => r.categoryId)).toEqual(['pretend', 'vehicles']);
  });

  it('names a score in words', () => {
    expect([null, 2, 1.5, 1, 0.5, 0.4, 0].map(scoreLabel)).toEqual([
      'No notes',
      'Played a lot',
      'Played a lot',
      'A little',
      'A little',
      'Not touched',
      'Not touched',
    ]);
  });
});
