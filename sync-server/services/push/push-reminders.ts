import { listChildren } from '../../../shared/domain/children.js';
import { addDays, dayOf, nextDueDay, type Day } from '../../../shared/domain/schedule.js';
import type { SettingsDoc } from '../../../shared/schemas/docs.js';
import { rotationPathFor, type PushMessage } from '../../../shared/schemas/push.js';
import type { AppDeps } from '../../context.js';
import { loadSettingsDoc } from '../practice/children.js';
import type { PushSender } from './push-sender.js';
import { emailLanguage, notificationText } from '../../i18n/emails.js';

// Rotation reminders on the phone (issue 24): on each due day, one notification per child to
// every device of every member who turned notifications on. The rule is the reminder email's
// (services/practice/schedule-reminders.ts): a child due today, or yesterday if the job could
// not run then, and each due day claimed before sending under the child's due day (not the day
// the job runs), so it is never sent twice; here the claim is per device and child.

const CLAIMS_KEPT_MS = 3 * 24 * 60 * 60 * 1000;

/** `name` is the child's own ('' when none: the notification names it in the person's language). */
type DueChild = { id: string; name: string; first: boolean; index: number; day: Day };

/** The children due today or yesterday in the household's time zone. */
function childrenDue(settings: SettingsDoc, now: number): DueChild[] {
  const today = dayOf(now, settings.timeZone);
  return listChildren(settings)
    .map((child, index) => ({ id: child.id, name: child.name.trim(), first: child.first, index, day: nextDueDay(child, settings.timeZone, now) }))
    .filter((child): child is DueChild => child.day !== null && child.day <= today && child.day >= addDays(today, -1));
}

/** The notification in the language of the person whose device gets it (their users.language, else English). */
function reminderMessage(child: DueChild, language: string | null): PushMessage {
  const t = notificationText(emailLanguage(language));
  const name = child.name || (child.first ? t('due.yourChild') : t('due.child', { number: child.index + 1 }));
  return {
    title: t('due.title'),
    body: t('due.body', { name }),
    tag: `rotation-due-${child.id}`,
    url: rotationPathFor(child.id),
  };
}

/** Sends the due notifications; returns how many were sent. */
export async function sendDuePushReminders(deps: AppDeps, send: PushSender): Promise<number> {
  const now = deps.now();
  // A claim matters only while its child can still be due (today or yesterday).
  await deps.db.deleteFrom('push_reminders').where('sent_at', '<', now - CLAIMS_KEPT_MS).execute();
  const subscriptions = await deps.db
    .selectFrom('push_subscriptions')
    .innerJoin('memberships', 'memberships.user_id', 'push_subscriptions.user_id')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select(['push_subscriptions.id', 'endpoint', 'p256dh', 'auth', 'memberships.household_id', 'users.language'])
    .orderBy('memberships.household_id')
    .execute();
  const dueByHousehold = new Map<string, DueChild[]>();
  let sent = 0;
  for (const subscription of subscriptions) {
    let due = dueByHousehold.get(subscription.household_id);
    if (!due) {
      const settings = await loadSettingsDoc(deps.db, subscription.household_id).catch(() => null);
      due = settings ? childrenDue(settings, now) : [];
      dueByHousehold.set(subscription.household_id, due);
    }
    for (const child of due) {
      if (!(await claim(deps, subscription.id, child, now))) continue;
      const outcome = await send(subscription, reminderMessage(child, subscription.language));
      if (outcome === 'sent') sent++;
      if (outcome === 'gone') {
        // The push service forgot this device (unsubscribed, uninstalled): so do we, claims too.
        await deps.db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
        break;
      }
      // A failure gives the claim back: the next hourly run tries again while the child is still due.
      if (outcome === 'failed') await unclaim(deps, subscription.id, child);
    }
  }
  return sent;
}

/** Claims one device's notification for a child's due day; false when it was already sent. */
async function claim(deps: AppDeps, subscriptionId: string, child: DueChild, now: number): Promise<boolean> {
  const result = await deps.db
    .insertInto('push_reminders')
    .values({ subscription_id: subscriptionId, child_id: child.id, due_date: child.day, sent_at: now })
    .onConflict((oc) => oc.columns(['subscription_id', 'child_id', 'due_date']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function unclaim(deps: AppDeps, subscriptionId: string, child: DueChild): Promise<void> {
  await deps.db
    .deleteFrom('push_reminders')
    .where('subscription_id', '=', subscriptionId)
    .where('child_id', '=', child.id)
    .where('due_date', '=', child.day)
    .execute();
}
