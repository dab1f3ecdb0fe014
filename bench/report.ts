// The table `npm run bench` prints: each measure beside its baseline from the same run.

export type Row = { measure: string; value: string; baseline: string; target: string; met: boolean };

export function row(measure: string, value: string, baseline: string, target: string, met: boolean): Row {
  return { measure, value, baseline, target, met };
}

/**
 * One part of the benchmark (bench/run.ts lists them): a name for BENCH_ONLY, a title, and
 * its rows. A part that prints a report of its own returns no rows.
 */
export type BenchPart = { name: string; title: string; run: () => Promise<Row[]> };

export function printTable(title: string, rows: Row[]): void {
  const header: Row = { measure: 'measure', value: 'this run', baseline: 'baseline (same run)', target: 'target', met: true };
  const all = [header, ...rows];
  const width = (key: 'measure' | 'value' | 'baseline' | 'target') => Math.max(...all.map((r) => r[key].length));
  const line = (r: Row, status: string) =>
    `${r.measure.padEnd(width('measure'))} | ${r.value.padEnd(width('value'))} | ${r.baseline.padEnd(width('baseline'))} | ${r.target.padEnd(width('target'))} | ${status}`;
  console.log(`\n${title}`);
  console.log(line(header, 'met'));
  for (const r of rows) console.log(line(r, r.met ? 'yes' : 'NO'));
}
