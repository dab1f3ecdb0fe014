import os from 'node:os';

// The benchmark runs on shared 2-core machines where other work comes and goes. Its waits are
// not timing targets (those are the rows, against baselines from the same run): they only end
// a part that is stuck. So each limit is a budget for a quiet machine, stretched by how loaded
// the machine is when the wait starts, and every step says what it is doing.

const started = performance.now();

/** How many times over its cores the machine is busy (1 when it has room to spare). */
function loadFactor(): number {
  return Math.max(1, os.loadavg()[0]! / os.availableParallelism());
}

/** A time limit of `quietMs` on a quiet machine, scaled to the load right now. */
export function patience(quietMs: number): number {
  return Math.round(quietMs * loadFactor());
}

/** One line of progress on stderr (the table stays on stdout), with the time since the start. */
export function progress(message: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[bench ${seconds} s, load ${os.loadavg()[0]!.toFixed(1)}] ${message}\n`);
}
