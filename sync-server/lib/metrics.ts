import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// Prometheus metrics (prom-client), one registry per app: what an operator watches to know the
// server is well (README, "Metrics"). Names follow Prometheus' conventions: a `toy_rotation_`
// prefix, `_total` counters, `_seconds` and `_bytes` units.

const PREFIX = 'toy_rotation_';

/** Read at each scrape: things the server only knows by asking (the database). */
export type MetricSources = {
  /** Live sync streams this instance holds open. */
  openStreams(): Promise<number>;
  /** The PostgreSQL pool (SQLite has one connection and no pool). */
  databasePool?(): { total: number; idle: number; waiting: number };
};

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    requests: new Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    requestSeconds: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request (to its headers, for a stream), by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    syncPushes: new Counter({ name: `${PREFIX}sync_pushes_total`, help: 'Sync pushes, by collection and status', labelNames: ['collection', 'status'] as const, registers }),
    syncPulls: new Counter({ name: `${PREFIX}sync_pulls_total`, help: 'Sync pulls, by collection and status', labelNames: ['collection', 'status'] as const, registers }),
    imports: new Counter({
      name: `${PREFIX}imports_total`,
      help: 'Imports of an export zip, by outcome: imported, refused (bad file or over a limit), busy (429/503), failed',
      labelNames: ['outcome'] as const,
      registers,
    }),
    importMemoryBytes: new Gauge({ name: `${PREFIX}import_memory_bytes`, help: 'Memory the running imports hold reserved from their budget', registers }),
    importMemoryBudgetBytes: new Gauge({ name: `${PREFIX}import_memory_budget_bytes`, help: 'The server-wide memory budget of imports', registers }),
    /** Outages answered 503, by the dependency that was down (database, photo_store). */
    unavailable: new Counter({ name: `${PREFIX}dependency_unavailable_total`, help: 'Requests answered 503 because a dependency was unreachable', labelNames: ['dependency'] as const, registers }),
  };
  new Gauge({
    name: `${PREFIX}sync_open_streams`,
    help: 'Live sync event streams open on this instance',
    registers,
    async collect() {
      this.set(await sources.openStreams().catch(() => 0));
    },
  });
  const pool = sources.databasePool;
  if (pool) {
    new Gauge({
      name: `${PREFIX}database_pool_connections`,
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const now = pool();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }
  return metrics;
}

/** The process's own metrics (memory, CPU, event loop lag, handles): the production server only, not every test app. */
export function collectProcessMetrics(metrics: Metrics): void {
  collectDefaultMetrics({ register: metrics.registry, prefix: PREFIX });
}
