import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

// Limits on the calls an attacker would repeat: login, register, forgot-password and the two
// public forms, per client IP and per account (email). Counters live in this process's
// memory (RateLimiterMemory): several server instances would each count on their own and
// need a shared store instead (e.g. RateLimiterPostgres or Redis). Every app instance makes
// its own limiters, so tests never share counters. The numbers are far above what a parent
// does by hand, even a household behind one address.

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

type Rule = { points: number; seconds: number };

export const RATE_LIMITS = {
  loginFailuresPerIpAndEmail: { points: 10, seconds: 15 * MINUTE },
  loginFailuresPerIp: { points: 50, seconds: 15 * MINUTE },
  // Caps guessing one account from many addresses; high, so nobody can lock a parent out cheaply.
  loginFailuresPerEmail: { points: 100, seconds: HOUR },
  registerPerIp: { points: 30, seconds: HOUR },
  registerPerEmail: { points: 5, seconds: HOUR },
  forgotPerIp: { points: 20, seconds: 15 * MINUTE },
  forgotPerEmail: { points: 5, seconds: HOUR },
  formsPerIp: { points: 5, seconds: 10 * MINUTE },
  formsPerEmail: { points: 5, seconds: 10 * MINUTE },
} as const satisfies Record<string, Rule>;

/** Seconds to wait before trying again, or null when the attempt may go ahead. */
export type Wait = number | null;

class Counter {
  readonly #limiter: RateLimiterMemory;

  constructor(readonly rule: Rule) {
    this.#limiter = new RateLimiterMemory({ points: rule.points, duration: rule.seconds });
  }

  /** Counts one attempt; a wait once the budget is spent. */
  async hit(key: string): Promise<Wait> {
    try {
      await this.#limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return toSeconds(rejection.msBeforeNext);
      throw rejection;
    }
  }

  /** A wait if the budget is already spent, without counting. */
  async check(key: string): Promise<Wait> {
    const state = await this.#limiter.get(key);
    return state && state.consumedPoints >= this.rule.points ? toSeconds(state.msBeforeNext) : null;
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
class AttemptLimit {
  readonly #perIp: Counter;
  readonly #perEmail: Counter;

  constructor(perIp: Rule, perEmail: Rule) {
    this.#perIp = new Counter(perIp);
    this.#perEmail = new Counter(perEmail);
  }

  async attempt(ip: string, email: string): Promise<Wait> {
    return longest([await this.#perIp.hit(ip), await this.#perEmail.hit(email)]);
  }
}

/** Only failures count (a parent who logs in fine is never slowed down). */
class LoginLimit {
  readonly #ipAndEmail = new Counter(RATE_LIMITS.loginFailuresPerIpAndEmail);
  readonly #ip = new Counter(RATE_LIMITS.loginFailuresPerIp);
  readonly #email = new Counter(RATE_LIMITS.loginFailuresPerEmail);

  /** A wait if recent failures already used up a budget. */
  async blocked(ip: string, email: string): Promise<Wait> {
    return longest([await this.#ipAndEmail.check(`${ip}|${email}`), await this.#ip.check(ip), await this.#email.check(email)]);
  }

  async failed(ip: string, email: string): Promise<void> {
    await Promise.all([this.#ipAndEmail.hit(`${ip}|${email}`), this.#ip.hit(ip), this.#email.hit(email)]);
  }

  /** A good login forgets that address's typos for that account. */
  async succeeded(ip: string, email: string): Promise<void> {
    await this.#ipAndEmail.clear(`${ip}|${email}`);
  }
}

export function createAuthLimits() {
  return {
    login: new LoginLimit(),
    register: new AttemptLimit(RATE_LIMITS.registerPerIp, RATE_LIMITS.registerPerEmail),
    forgotPassword: new AttemptLimit(RATE_LIMITS.forgotPerIp, RATE_LIMITS.forgotPerEmail),
  };
}

/** One budget shared by the contact and deletion forms. */
export function createFormLimits() {
  return new AttemptLimit(RATE_LIMITS.formsPerIp, RATE_LIMITS.formsPerEmail);
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
