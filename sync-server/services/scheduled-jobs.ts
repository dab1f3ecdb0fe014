import type { AppDeps } from '../context.js';
import { runDailyCleanup } from './account/cleanup.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 60 * 1000; // shortly after start, once the server is answering

export { runDailyCleanup };

/** Runs the daily cleanup soon after start and then every 24 h; returns a stop function. */
export function startScheduledJobs(deps: AppDeps, options: { firstRunDelayMs?: number } = {}): () => void {
  const run = async () => {
    try {
      const report = await runDailyCleanup(deps);
      deps.log(
        `daily cleanup: ${report.inactiveUsersDeleted} inactive accounts deleted, ${report.sessionsPurged} sessions, ` +
          `${report.passwordResetsPurged} password resets, ${report.captchaUsesPurged} captcha uses purged`,
      );
    } catch (error) {
      deps.log(`daily cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // unref: the timers alone never keep the process alive.
  const first = setTimeout(() => void run(), options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  first.unref();
  const daily = setInterval(() => void run(), DAY_MS);
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
