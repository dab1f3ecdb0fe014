import { useEffect, useState } from 'react';
import { apiJson, errorText } from '../../lib/http.js';
import { msgSchema } from '../../../shared/schemas/rest.js';
import { useSession } from '../../session/session.js';
import { Button } from '../../components/button.js';
import { Checkbox } from '../../components/fields.js';
import { MESSAGE_MS } from '../../components/alert.js';
import { useOnline } from '../../hooks/use-online.js';

// Long enough to read the server's answer before the app signs out and leaves the page.
const LOGOUT_DELAY_MS = 3000;

/** Spec section 4: a Delete button, then a confirm checkbox, then OK enabled only once ticked. */
export function DeleteAccount() {
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
      const response = await apiJson('/api/private/deleteUser', { method: 'POST', token: getToken(), schema: msgSchema.partial() });
      setStep('done');
      setMessage({ text: response.msg || 'An error occurred', tone: 'success' });
      setTimeout(() => void logout(), LOGOUT_DELAY_MS);
    } catch (error) {
      setMessage({ text: errorText(error) || 'An error occurred', tone: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tr-delete">
      <p>
        Deleting your account removes your toys, photos, collections and settings from our server and from this device. It
        cannot be undone.
      </p>
      {!online && step !== 'done' && (
        <p className="alert alert--warning">You are offline. Deleting your account needs an internet connection.</p>
      )}
      {message && (
        <p className={`alert alert--${message.tone}`} role={message.tone === 'danger' ? 'alert' : 'status'}>
          {message.text}
          {step === 'done' && ' Signing you out…'}
        </p>
      )}
      {step === 'start' && (
        <Button variant="danger" onClick={() => setStep('confirm')}>
          Delete account
        </Button>
      )}
      {step === 'confirm' && (
        <div className="tr-delete__confirm">
          <Checkbox
            label="Yes, delete my account and all of its data"
            checked={ticked}
            onChange={(event) => setTicked(event.target.checked)}
          />
          <div className="row">
            <Button variant="danger" disabled={!ticked || !online} busy={busy} onClick={() => void confirm()}>
              OK
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setStep('start');
                setTicked(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
