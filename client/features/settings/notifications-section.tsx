import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { Toggle } from '../../components/fields.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { knownText } from '../../i18n/known-texts.js';
import { errorText, localizeMessage } from '../../i18n/server-messages.js';
import { onPushChange, pushStatus, sendTestPush, turnOffPush, turnOnPush, type PushStatus } from '../../push/push-device.js';
import { useSession } from '../../session/session.js';

// Settings > Notifications on this device (issue 24): rotation reminders as notifications,
// turned on per device.

// The snapshot is a string: useSyncExternalStore needs an unchanged value between changes.
const snapshot = () => JSON.stringify(pushStatus());

export function NotificationsSection({ scheduled, onMessage }: { scheduled: boolean; onMessage: ShowMessage }) {
  const { t } = useTranslation('settings');
  const { getToken } = useSession();
  const status = JSON.parse(useSyncExternalStore(onPushChange, snapshot)) as PushStatus;
  const [busy, setBusy] = useState(false);

  async function act(step: () => Promise<string>) {
    setBusy(true);
    try {
      // The test's answer is the server's (English) notice: said in the language shown.
      onMessage(localizeMessage(await step()), 'success');
    } catch (error) {
      // The device's own refusals (client/push) are English too; settings:notifications.problems knows them.
      const problem = error instanceof Error && knownText('settings:notifications.problems', error.message);
      onMessage(errorText(error) || problem || t('notifications.failed'), 'danger');
    } finally {
      setBusy(false);
    }
  }

  const turn = (on: boolean) =>
    act(async () => {
      if (!on) {
        await turnOffPush();
        return t('notifications.turnedOff');
      }
      return (await turnOnPush(getToken() ?? '')) ? t('notifications.turnedOn') : t('notifications.turnedOnLater');
    });

  if (!status.supported) return <p className="muted">{t('notifications.unsupported')}</p>;
  return (
    <div className="tr-notifications" data-testid="push-settings">
      <p className="muted">{t('notifications.intro')}</p>
      <div className="field">
        <Toggle label={t('notifications.toggle')} checked={status.wanted} disabled={busy} onChange={(event) => void turn(event.target.checked)} />
        {status.wanted && <span className="field__hint" data-testid="push-state">{status.sent ? t('notifications.on') : t('notifications.waiting')}</span>}
        {!status.wanted && status.permission === 'denied' && <span className="field__hint">{t('notifications.blocked')}</span>}
        {!scheduled && <span className="field__hint">{t('reminder.noSchedule')}</span>}
      </div>
      {status.wanted && status.sent && (
        <Button size="small" variant="secondary" busy={busy} onClick={() => void act(() => sendTestPush(getToken() ?? ''))}>
          {t('notifications.test')}
        </Button>
      )}
    </div>
  );
}
