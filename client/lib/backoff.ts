/**
 * The wait before retry number `failures` (1, 2, ...) of something the server did not answer:
 * doubling from `baseMs`, at most twelve times the base and a minute (5 s, 10 s, 20 s, 40 s,
 * then 60 s), then stretched by up to half again at random. The spread is the point: after a
 * server restart every device of a family failed at the same moment, and without it they
 * would all come back at the same moment too, again and again.
 */
export function retryDelay(failures: number, baseMs: number, random: () => number = Math.random): number {
  const cap = Math.min(60_000, baseMs * 12);
  const doubled = Math.min(cap, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(doubled * (1 + Math.min(1, Math.max(0, random())) / 2));
}
