import { isIP } from 'node:net';
import { z } from 'zod';

// The one reader of process.env (see design.md, "Contracts"). A bad value stops the
// start with a message that names the variable, rather than failing later at first use.

const optionalUrl = z.string().url().optional();

/**
 * Who may tell us the client's address (X-Forwarded-For): unset, nobody (the socket address
 * is the client); a hop count (1 = one proxy in front of us); or the proxies' addresses.
 */
export type TrustProxy = { hops: number } | { addresses: string[] } | null;

const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return { hops };
    } else {
      const addresses = value.split(',').map((a) => a.trim());
      if (addresses.every((a) => isIP(a) !== 0)) return { addresses };
    }
    ctx.addIssue({ code: 'custom', message: 'must be a hop count (1-10) or comma-separated proxy IP addresses' });
    return z.NEVER;
  })
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: optionalUrl,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must look like smtp://host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Toy Rotation <no-reply@localhost>'),
  SUPPORT_EMAIL: z.string().email().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
  STRIPE_API_URL: optionalUrl,
  CAPTCHA_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Web Push (VAPID, RFC 8292): the server's key pair, base64url. Unset: generated into DATA_DIR.
  VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url P-256 public key (87 characters, as web-push generate-vapid-keys prints)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional(),
  // Where photos live: the disk (DATA_DIR/media) or an S3-compatible store shared by instances.
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  /** Unset: AWS S3 itself; set (MinIO, Garage...): path-style addressing at this URL. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySchema,
  /** Where Prometheus scrapes the metrics (lib/metrics.ts); `off` serves none. */
  METRICS_PATH: z
    .string()
    .regex(/^(off|\/[A-Za-z0-9._~/-]*)$/, 'must be a path such as /metrics, or off')
    .refine((value) => value === 'off' || !/^\/api(\/|$)/.test(value), 'must not be under /api (that is the API)')
    .default('/metrics'),
  // DKIM signing of every email (nodemailer's dkim option): all three, or none.
  DKIM_DOMAIN: z.string().regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, 'must be a domain name such as example.com').optional(),
  DKIM_SELECTOR: z.string().regex(/^[A-Za-z0-9._-]+$/, 'must be a DNS label such as mail2026').optional(),
  /** The PEM private key; `\n` may stand for line breaks (one-line env files). */
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n'))
    .refine((value) => /-----BEGIN (RSA |EC )?PRIVATE KEY-----[\s\S]+-----END (RSA |EC )?PRIVATE KEY-----/.test(value), 'must be a PEM private key (-----BEGIN PRIVATE KEY----- ...)')
    .optional(),
  // Tests and benchmarks tune these; they are not part of design.md's contract.
  /** The JSON logs' level: silent, error, warn, info (each request) or debug (also pages and files). */
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
  /** The built client to serve (default ./dist); browser tests serve their own build. */
  CLIENT_DIR: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

export class EnvError extends Error {}

/** Parses an environment (process.env by default). Empty strings count as unset. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const missing: string[] = [];
  if (env.MEDIA_STORE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) missing.push(`  ${name}: required when MEDIA_STORE=s3`);
    }
  }
  const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    for (const name of ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const) {
      if (!env[name]) missing.push(`  ${name}: required when any DKIM_ variable is set (all three sign mail together)`);
    }
  }
  // Instances on one database must check each other's captchas: a key made per DATA_DIR would differ.
  if (env.DATABASE_URL && !env.CAPTCHA_SECRET) {
    missing.push('  CAPTCHA_SECRET: required when DATABASE_URL is set (every server instance must use the same key)');
  }
  // Instances on one database send to the same push subscriptions, made with one public key.
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    missing.push('  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  } else if (env.DATABASE_URL && !env.VAPID_PUBLIC_KEY) {
    missing.push('  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required when DATABASE_URL is set (every server instance must use the same keys)');
  }
  if (missing.length > 0) throw new EnvError(`Invalid environment:\n${missing.join('\n')}`);
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}

/** The DKIM settings, when mail is signed. */
export function dkimSettings(env: Env): { domainName: string; keySelector: string; privateKey: string } | null {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return null;
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY };
}

export function paymentsConfigured(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}
