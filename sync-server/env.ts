import { z } from 'zod';

// The one reader of process.env (see design.md, "Contracts"). A bad value stops the
// start with a message that names the variable, rather than failing later at first use.

const optionalUrl = z.string().url().optional();

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
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}

export function paymentsConfigured(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}
