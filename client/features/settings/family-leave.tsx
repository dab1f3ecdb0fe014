import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Household } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { useHouseholdData } from '../../session/session.js';
import { useOnline } from '../../hooks/use-online.js';
import { HouseholdLeftError } from '../../lib/http.js';
import { errorText } from '../../i18n/server-messages.js';
import { householdApi } from '../../session/household-api.js';
import { useSession } from '../../session/session.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;

/**
 * Leaving the household. What waits on this device is sent first; if it cannot be, the person
 * is told and chooses (leave anyway: this device keeps those changes, decision 017).
 */
export function FamilyLeave({ household, say }: { household: Household; say: Say }) {
  const { t } = useTranslation('settings');
  const online = useOnline();
  const { settle, expectMove, switchTo, householdLeft } = useHouseholdData();
  const { replaceToken, getToken } = useSession();
  const [step, setStep] = useState<'start' | 'confirm' | 'waiting'>('start');
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);

  async function leave(anyway: boolean) {
    setBusy(true);
    try {
      const { pending } = await settle();
      if (pending > 0 && !anyway) {
        setUnsent(pending);
        setStep('waiting');
        return;
      }
      // Not through view.run: its refresh would ask with the old token, which leaving ends.
      const undo = expectMove();
      const answer = await householdApi.leave(getToken()).catch((error: unknown) => {
        undo();
        throw error;
      });
      // The old token stays bound to the household left; this one works on the person's own.
      replaceToken(answer.token);
      await switchTo(answer.id, 'left', household.name);
    } catch (error) {
      if (error instanceof HouseholdLeftError) return householdLeft(error.message);
      say(errorText(error) || t('leave.failed'), 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tr-family__leave">
      <h3>{t('leave.title', { name: household.name })}</h3>
      {step === 'start' && (
        <Button variant="danger" disabled={!online} onClick={() => setStep('confirm')}>
          {t('leave.button')}
        </Button>
      )}
      {step === 'confirm' && (
        <div className="alert alert--danger tr-confirm" role="group" aria-label={t('leave.confirmLabel')}>
          <p>{t('leave.confirm', { name: household.name })}</p>
          <div className="row">
            <Button variant="danger" size="small" busy={busy} onClick={() => void leave(false)}>
              {t('leave.yes')}
            </Button>
            <Button variant="secondary" size="small" onClick={() => setStep('start')}>
              {t('leave.stay')}
            </Button>
          </div>
        </div>
      )}
      {step === 'waiting' && (
        <div className="alert alert--warning tr-confirm" role="group" aria-label={t('leave.unsentLabel')}>
          <p>{t('leave.unsent', { count: unsent })}</p>
          <div className="row">
            <Button variant="secondary" size="small" onClick={() => setStep('start')}>
              {t('leave.wait')}
            </Button>
            <Button variant="danger" size="small" busy={busy} onClick={() => void leave(true)}>
              {t('leave.anyway')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
