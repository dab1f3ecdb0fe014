import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { postgresPool, reachabilityGuard, type DB } from '../db/database.js';

// Limits on the calls an attacker would repeat: login, register, forgot-password and the two
// public forms, per client IP and per account (email). Counters live in this process's
// memory (RateLimiterMemory), or, when server instances share PostgreSQL, in its rate_limits
// table (RateLimiterPostgres), so attempts spread over instances count as on one. Every app
// makes its own limiters, so tests never share counters. The numbers are far above what a
// parent does by hand, even a household behind one address.

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export type Rule = { points: number; seconds: number };

export const RATE_LIMITS = {
  loginAttemptsPerIpAndEmail: { points: 10, seconds: 15 * MINUTE },
  loginAttemptsPerIp: { points: 50, seconds: 15 * MINUTE },
  // One account guessed at from many addresses: past this, each login for it needs a solved
  // captcha (proof of work) instead of being refused, so the owner is never locked out
  // (OWASP Authentication Cheat Sheet: prefer throttling and a captcha step to lock-out).
  loginFailuresPerEmailBeforeCaptcha: { points: 20, seconds: HOUR },
  registerPerIp: { points: 30, seconds: HOUR },
  registerPerEmail: { points: 5, seconds: HOUR },
  forgotPerIp: { points: 20, seconds: 15 * MINUTE },
  forgotPerEmail: { points: 5, seconds: HOUR },
  formsPerIp: { points: 5, seconds: 10 * MINUTE },
  formsPerEmail: { points: 5, seconds: 10 * MINUTE },
  // Invite codes (issue 13): 256 random bits cannot be guessed, and these keep anyone from trying.
  inviteLookupsPerIp: { points: 30, seconds: 15 * MINUTE },
  inviteLookupsPerAccount: { points: 10, seconds: 15 * MINUTE },
} as const satisfies Record<string, Rule>;

/** Makes the limiter of one rule (its name keeps its counters apart): the one place that picks the store. */
export type LimiterFactory = (rule: Rule, name: string) => Limiter;

/** What a counter asks of its store. */
type Limiter = Pick<RateLimiterAbstract, 'consume' | 'reward' | 'delete'>;

const memoryLimiters: LimiterFactory = (rule, name) =>
  new RateLimiterMemory({ points: rule.points, duration: rule.seconds, keyPrefix: name });

/** Shared counters for instances on one PostgreSQL database, in the rate_limits table (migration 0500). */
function postgresLimiters(pool: NonNullable<ReturnType<typeof postgresPool>>, guard: ReturnType<typeof reachabilityGuard>): LimiterFactory {
  return (rule, name) => {
    const limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: name,
      points: rule.points,
      duration: rule.seconds,
    });
    // Its queries use the pool directly: with the database gone quiet, the attempt ends as 503
    // within a second like every other request (decision 049), not after the connect timeout.
    return {
      consume: (key, points) => guard(limiter.consume(key, points)),
      reward: (key, points) => guard(limiter.reward(key, points)),
      delete: (key) => guard(limiter.delete(key)),
    };
  };
}

/** In memory for one instance (SQLite), shared through the database on PostgreSQL. */
export function limiterFactory(db?: DB): LimiterFactory {
  const pool = db && postgresPool(db);
  return pool && db ? postgresLimiters(pool, reachabilityGuard(db)) : memoryLimiters;
}

/** Seconds to wait before trying again, or null when the attempt may go ahead. */
type Wait = number | null;

class Counter {
  readonly #limiter: Limiter;

  constructor(
    readonly rule: Rule,
    name: string,
    limiters: LimiterFactory,
  ) {
    this.#limiter = limiters(rule, name);
  }

  /** Counts one attempt (atomically, so a parallel burst counts like a serial one); a wait once the budget is spent. */
  async hit(key: string): Promise<Wait> {
    try {
      await this.#limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return toSeconds(rejection.msBeforeNext);
      throw rejection;
    }
  }

  /** Gives one counted attempt back. */
  async giveBack(key: string): Promise<void> {
    await this.#limiter.reward(key, 1);
  }

  async clear(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}

function toSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The longest of several waits (null when none applies). */
function longest(waits: Wait[]): Wait {
  const real = waits.filter((w): w is number => w !== null);
  return real.length > 0 ? Math.max(...real) : null;
}

/** Every attempt counts, per IP and per email. */
export class AttemptLimit {
  readonly #perIp: Counter;
  readonly #perEmail: Counter;

  constructor(perIp: Rule, perEmail: Rule, name: string, limiters: LimiterFactory) {
    this.#perIp = new Counter(perIp, `${name}-ip`, limiters);
    this.#perEmail = new Counter(perEmail, `${name}-email`, limiters);
  }

  async attempt(ip: string, email: string): Promise<Wait> {
    return longest([await this.#perIp.hit(ip), await this.#perEmail.hit(email)]);
  }
}

/** What the login route does with one attempt once it has been counted. */
type LoginAttempt = {
  /** Refused: wait this long (this address spent its budget). */
  wait: Wait;
  /** This account has had many failures lately: the attempt needs a solved captcha. */
  needsCaptcha: boolean;
  /** The password was right: give the attempt back and forget this address's typos. */
  succeeded(): Promise<void>;
  /** No password was checked (captcha missing, server busy): give the attempt back. */
  cancel(): Promise<void>;
};

/**
 * Login attempts are counted before the password is hashed, and given back when it was right,
 * so a burst sent in parallel is limited exactly like the same attempts sent one by one.
 */
class LoginLimit {
  readonly #ipAndEmail: Counter;
  readonly #ip: Counter;
  readonly #email: Counter;

  constructor(limiters: LimiterFactory) {
    this.#ipAndEmail = new Counter(RATE_LIMITS.loginAttemptsPerIpAndEmail, 'login-ip-email', limiters);
    this.#ip = new Counter(RATE_LIMITS.loginAttemptsPerIp, 'login-ip', limiters);
    this.#email = new Counter(RATE_LIMITS.loginFailuresPerEmailBeforeCaptcha, 'login-email', limiters);
  }

  async begin(ip: string, email: string): Promise<LoginAttempt> {
    const pair = `${ip}|${email}`;
    const [pairWait, ipWait, emailWait] = await Promise.all([this.#ipAndEmail.hit(pair), this.#ip.hit(ip), this.#email.hit(email)]);
    const cancel = async () => {
      await Promise.all([this.#ipAndEmail.giveBack(pair), this.#ip.giveBack(ip), this.#email.giveBack(email)]);
    };
    const wait = longest([pairWait, ipWait]);
    if (wait) await cancel(); // refused before any work: only attempts that were checked stay counted
    return {
      wait,
      needsCaptcha: emailWait !== null,
      cancel,
      succeeded: async () => {
        await Promise.all([this.#ipAndEmail.clear(pair), this.#ip.giveBack(ip), this.#email.giveBack(email)]);
      },
    };
  }
}

export function createAuthLimits(limiters: LimiterFactory = memoryLimiters) {
  return {
    login: new LoginLimit(limiters),
    register: new AttemptLimit(RATE_LIMITS.registerPerIp, RATE_LIMITS.registerPerEmail, 'register', limiters),
    forgotPassword: new AttemptLimit(RATE_LIMITS.forgotPerIp, RATE_LIMITS.forgotPerEmail, 'forgot', limiters),
  };
}

/** Joins by invite code, per client address and per account (the key is the user id). */
export function createInviteLimits(limiters: LimiterFactory = memoryLimiters) {
  return new AttemptLimit(RATE_LIMITS.inviteLookupsPerIp, RATE_LIMITS.inviteLookupsPerAccount, 'invite', limiters);
}

/** One budget shared by the contact and deletion forms. */
export function createFormLimits(limiters: LimiterFactory = memoryLimiters) {
  return new AttemptLimit(RATE_LIMITS.formsPerIp, RATE_LIMITS.formsPerEmail, 'forms', limiters);
}

/**
 * The key for a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 network,
 * since one home gets a whole /64 and could otherwise step through addresses.
 */
export function ipKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
