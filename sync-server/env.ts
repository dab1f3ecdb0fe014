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
  // Where photos live: the disk (DATA_DIR/media) or an S3-compatible store shared by instances.
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  /** Unset: AWS S3 itself; set (MinIO, Garage...): path-style addressing at this URL. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySchema,
  // Tests and benchmarks tune these; they are not part of design.md's contract.
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
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
  // Instances on one database must check each other's captchas: a key made per DATA_DIR would differ.
  if (env.DATABASE_URL && !env.CAPTCHA_SECRET) {
    missing.push('  CAPTCHA_SECRET: required when DATABASE_URL is set (every server instance must use the same key)');
  }
  if (missing.length > 0) throw new EnvError(`Invalid environment:\n${missing.join('\n')}`);
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}

export function paymentsConfigured(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}
