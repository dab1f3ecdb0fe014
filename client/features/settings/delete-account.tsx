import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiJson } from '../../lib/http.js';
import { errorText } from '../../i18n/server-messages.js';
import { msgSchema } from '../../../shared/schemas/rest.js';
import { useSession } from '../../session/session.js';
import { Button } from '../../components/button.js';
import { Checkbox } from '../../components/fields.js';
import { MESSAGE_MS } from '../../components/alert.js';
import { useOnline } from '../../hooks/use-online.js';
import { rememberSignedOutNotice } from '../../session/signed-out-notice.js';

// Long enough to read the server's answer before the app signs out and leaves the page.
const LOGOUT_DELAY_MS = 3000;

/** Spec section 4: a Delete button, then a confirm checkbox, then the ok button (it says what it does) enabled only once ticked. */
export function DeleteAccount() {
  const { t } = useTranslation('settings');
  const { getToken, logout } = useSession();
  const online = useOnline();
  const [step, setStep] = useState<'start' | 'confirm' | 'done'>('start');
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'danger' } | null>(null);

  useEffect(() => {
    if (!message || step === 'done') return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message, step]);

  async function confirm() {
    setBusy(true);
    try {
      await apiJson('/api/private/deleteUser', { method: 'POST', token: getToken(), schema: msgSchema.partial() });
      setStep('done');
      setMessage({ text: t('deleteAccount.deleted'), tone: 'success' });
      setTimeout(() => {
        // The login page says what happened, so the parent does not land there without a word.
        rememberSignedOutNotice(window.sessionStorage, t('deleteAccount.signedOutNotice'));
        void logout();
      }, LOGOUT_DELAY_MS);
    } catch (error) {
      setMessage({ text: errorText(error) || t('actions.failed'), tone: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tr-delete">
      <p>{t('deleteAccount.warning')}</p>
      {!online && step !== 'done' && (
        <p className="alert alert--warning">{t('deleteAccount.offline')}</p>
      )}
      {message && (
        <p className={`alert alert--${message.tone}`} role={message.tone === 'danger' ? 'alert' : 'status'}>
          {message.text}
          {step === 'done' && ` ${t('deleteAccount.signingOut')}`}
        </p>
      )}
      {step === 'start' && (
        <Button variant="danger" onClick={() => setStep('confirm')}>
          {t('deleteAccount.button')}
        </Button>
      )}
      {step === 'confirm' && (
        <div className="tr-delete__confirm">
          <Checkbox
            label={t('deleteAccount.confirm')}
            checked={ticked}
            onChange={(event) => setTicked(event.target.checked)}
          />
          <div className="row">
            <Button variant="danger" disabled={!ticked || !online} busy={busy} onClick={() => void confirm()}>
              {/* The spec's "ok" button, saying what it does. */}
              {t('deleteAccount.ok')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setStep('start');
                setTicked(false);
              }}
            >
              {t('actions.cancel')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
