import { dkimSettings, paymentsConfigured, type Env } from '../env.js';

// The one line the server writes when it starts serving: where it answers and what it uses,
// so an operator reading the log knows which database, photo store, mail and payments this
// process runs with. Secrets never appear: a URL is shown by its host only.

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return '(unreadable address)';
  }
}

export type StartUpSummary = {
  database: string;
  photoStore: string;
  mail: string;
  payments: 'on' | 'off';
  metrics: string;
};

export function startUpSummary(env: Env): StartUpSummary {
  return {
    database: env.DATABASE_URL ? `PostgreSQL at ${hostOf(env.DATABASE_URL)}` : `SQLite in ${env.DATA_DIR}`,
    photoStore:
      env.MEDIA_STORE === 's3'
        ? `S3 bucket ${env.S3_BUCKET} at ${env.S3_ENDPOINT ? hostOf(env.S3_ENDPOINT) : `AWS ${env.S3_REGION}`}`
        : `disk in ${env.DATA_DIR}/media`,
    mail: `${env.SMTP_URL ? `SMTP via ${hostOf(env.SMTP_URL)}` : `files in ${env.DATA_DIR}/outbox (no SMTP_URL)`}${dkimSettings(env) ? `, DKIM-signed for ${env.DKIM_DOMAIN}` : ''}`,
    payments: paymentsConfigured(env) ? 'on' : 'off',
    metrics: env.METRICS_PATH === 'off' ? 'off' : env.METRICS_PATH,
  };
}

/** "serving <APP_URL> on <listen address> (...)": the start-up line (tests wait for ` on <url> `). */
export function startUpLine(env: Env, listening: string): string {
  const s = startUpSummary(env);
  return `serving ${env.APP_URL} on ${listening} (database: ${s.database}; photos: ${s.photoStore}; mail: ${s.mail}; payments: ${s.payments}; metrics: ${s.metrics})`;
}
