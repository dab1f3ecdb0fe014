// `npm run bench`: every part below in turn, on loopback, bounded in time, each row beside its
// baseline from the same run (these machines are shared and noisy: read the ratios). Waits
// stretch with the machine's load and each step reports progress on stderr (load.ts).
// BENCH_ONLY=server,start runs the parts named (see each part's `name`). A part is a module
// that exports a BenchPart (report.ts): add yours to PARTS.
import { browserPart } from './browser-bench.js';
import { ensureBenchBuild } from './client-build.js';
import { lighthousePart } from './lighthouse.js';
import { progress } from './load.js';
import { printTable, type BenchPart } from './report.js';
import { scaleOutPart } from './scale-out.js';
import { serverPart } from './server-bench.js';
import { startPart } from './start-bench.js';
import { syncPart } from './sync-bench.js';
import { writePart } from './write-bench.js';

const PARTS: BenchPart[] = [serverPart, startPart, browserPart, writePart, lighthousePart, syncPart, scaleOutPart];
/** Parts that serve the bench build of the client. */
const NEEDS_BUILD = new Set(['server', 'browser', 'writes', 'lighthouse']);

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const chosen = only ? PARTS.filter((part) => only.includes(part.name)) : PARTS;
if (only && chosen.length !== only.length) {
  console.error(`BENCH_ONLY names parts: ${PARTS.map((part) => part.name).join(', ')}`);
  process.exit(2);
}

if (chosen.some((part) => NEEDS_BUILD.has(part.name))) ensureBenchBuild();
let failed = false;
for (const part of chosen) {
  progress(`part "${part.name}": ${part.title}`);
  try {
    const rows = await part.run();
    if (rows.length > 0) printTable(part.title, rows);
  } catch (error) {
    failed = true;
    console.error(`\n${part.title}: could not be measured: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exit(failed ? 1 : 0);
