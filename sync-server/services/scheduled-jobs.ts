import type { AppDeps } from '../context.js';
import { runDailyCleanup } from './account/cleanup.js';
import { sendDueReminders } from './practice/schedule-reminders.js';
import { runScheduledPushReminders } from './push/scheduled-push.js';
import { compactStorage } from './storage/compaction.js';
import { runOncePer } from './scale-out/run-once.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 60 * 1000; // shortly after start, once the server is answering
/** Timers of several instances drift; a run less than this after the last one is skipped. */
const CLEANUP_MIN_GAP_MS = DAY_MS - 60 * 60 * 1000;

/**
 * The daily cleanup, run by one instance only: with several instances sharing the database,
 * the others find it done (or running) and skip. Returns whether it ran here.
 */
export async function runScheduledCleanup(deps: AppDeps): Promise<boolean> {
  const outcome = await runOncePer(deps, 'daily-cleanup', CLEANUP_MIN_GAP_MS, () => runDailyCleanup(deps));
  if (!outcome.ran) return false;
  await runStorageCompaction(deps);
  const report = outcome.result;
  deps.log(
    `daily cleanup: ${report.inactiveUsersDeleted} inactive accounts deleted, ${report.sessionsPurged} sessions, ` +
      `${report.passwordResetsPurged} password resets, ${report.captchaUsesPurged} captcha uses purged, ` +
      `${report.orphanPhotosRemoved} unused photos and ${report.strayPhotoFilesRemoved} stray photo files removed`,
  );
  return true;
}

/** After the daily cleanup (which deletes rows): their space back to the disk (services/storage/compaction.ts). */
async function runStorageCompaction(deps: AppDeps): Promise<void> {
  try {
    const report = await compactStorage(deps);
    const freed = report.bytesBefore !== undefined && report.bytesAfter !== undefined ? `, ${Math.round((report.bytesBefore - report.bytesAfter) / 1024)} KB freed` : '';
    deps.log(`storage compaction (${report.database})${freed}`);
  } catch (error) {
    deps.log(`error: storage compaction failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const HOUR_MS = 60 * 60 * 1000;
/** Reminders are checked hourly, so each household's due day is caught soon after it starts in its time zone. */
const REMINDERS_MIN_GAP_MS = HOUR_MS - 5 * 60 * 1000;

/** The rotation reminder emails (issue 14), run by one instance only. Returns how many were sent, or null when another ran. */
export async function runScheduledReminders(deps: AppDeps): Promise<number | null> {
  const outcome = await runOncePer(deps, 'rotation-reminders', REMINDERS_MIN_GAP_MS, () => sendDueReminders(deps));
  if (!outcome.ran) return null;
  if (outcome.result > 0) deps.log(`rotation reminders: ${outcome.result} emails sent`);
  return outcome.result;
}

/** Runs the daily cleanup soon after start and then every 24 h, and the reminders hourly; returns a stop function. */
export function startScheduledJobs(deps: AppDeps, options: { firstRunDelayMs?: number } = {}): () => void {
  const run = async () => {
    try {
      await runScheduledCleanup(deps);
    } catch (error) {
      deps.log(`daily cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // unref: the timers alone never keep the process alive.
  const first = setTimeout(() => void run(), options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  first.unref();
  const daily = setInterval(() => void run(), DAY_MS);
  daily.unref();
  const remind = async () => {
    try {
      await runScheduledReminders(deps);
    } catch (error) {
      deps.log(`rotation reminders failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      await runScheduledPushReminders(deps);
    } catch (error) {
      deps.log(`push reminders failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const firstReminders = setTimeout(() => void remind(), options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  firstReminders.unref();
  const hourly = setInterval(() => void remind(), HOUR_MS);
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
    clearTimeout(firstReminders);
    clearInterval(hourly);
  };
}
