import type { AppDeps } from '../../context.js';
import { runOncePer } from '../scale-out/run-once.js';
import { createPushSender, type PushSender } from './push-sender.js';
import { sendDuePushReminders } from './push-reminders.js';

/** Hourly like the reminder emails, so a due day is caught soon after it starts in the household's time zone. */
const MIN_GAP_MS = 55 * 60 * 1000;

/** The push reminders, run by one instance only. Returns how many were sent, or null when another ran. */
export async function runScheduledPushReminders(deps: AppDeps, send: PushSender = createPushSender(deps)): Promise<number | null> {
  const outcome = await runOncePer(deps, 'push-reminders', MIN_GAP_MS, () => sendDuePushReminders(deps, send));
  if (!outcome.ran) return null;
  if (outcome.result > 0) deps.log(`rotation reminders: ${outcome.result} push notifications sent`);
  return outcome.result;
}
