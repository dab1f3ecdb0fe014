import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX, passkeyListSchema, passkeySchema, webAuthnOptionsSchema, type Passkey } from '../../../shared/schemas/passkeys.js';
import { msgSchema } from '../../../shared/schemas/rest.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { apiJson, AuthError } from '../../lib/http.js';
import { errorText } from '../../i18n/server-messages.js';
import { useSession } from '../../session/session.js';
import { useSessionEnded } from '../../hooks/use-session-ended.js';
import { SignInAgainNote } from './sign-in-again-note.js';
import './passkeys.css';
import { DATE_STYLES, formatDate } from '../../i18n/format.js';

// Settings > Passkeys (issue 24): sign in with the phone's or computer's lock (face, finger,
// PIN) instead of the password. Added here after signing in; listed and removed here.

const PATH = '/api/auth/passkeys';
const day = (iso: string) => formatDate(iso, DATE_STYLES.medium);

export function PasskeysSection({ onMessage }: { onMessage: ShowMessage }) {
  const { t } = useTranslation('settings');
  const { getToken, signInAgain } = useSession();
  const sessionEnded = useSessionEnded();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  // Why the list is not known: the network, or a session ended elsewhere (a password reset),
  // which only signing in again mends. null while the first answer is awaited.
  const [failure, setFailure] = useState<'offline' | 'signed-out' | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      apiJson(PATH, { token: getToken(), schema: passkeyListSchema, signal })
        .then((answer) => {
          setPasskeys(answer.passkeys);
          setFailure(null);
        })
        .catch((error: unknown) => {
          if (signal?.aborted) return;
          setPasskeys(null);
          setFailure(error instanceof AuthError ? 'signed-out' : 'offline');
        }),
    [getToken],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const optionsJSON = await apiJson(`${PATH}/add/options`, { method: 'POST', token: getToken(), schema: webAuthnOptionsSchema });
      const credential = await startRegistration({ optionsJSON: optionsJSON as never }).catch(() => null);
      if (!credential) return onMessage(t('passkeys.cancelled'), 'danger');
      const passkey = await apiJson(`${PATH}/add`, { method: 'POST', token: getToken(), body: { name: name.trim() || undefined, credential }, schema: passkeySchema });
      setPasskeys((list) => [...(list ?? []), passkey]);
      setName('');
      onMessage(t('passkeys.added'), 'success');
    } catch (error) {
      onMessage(errorText(error) || t('passkeys.cancelled'), 'danger');
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    setBusy(true);
    try {
      await apiJson(`${PATH}/${encodeURIComponent(passkey.id)}`, { method: 'DELETE', token: getToken(), schema: msgSchema });
      setPasskeys((list) => (list ?? []).filter((p) => p.id !== passkey.id));
      onMessage(t('passkeys.removed'), 'success');
    } catch (error) {
      onMessage(errorText(error), 'danger');
    } finally {
      setBusy(false);
    }
  }

  if (!browserSupportsWebAuthn()) return <p className="muted">{t('passkeys.unsupported')}</p>;
  if (passkeys === null) {
    return (
      <div className="tr-passkeys">
        {sessionEnded || failure === 'signed-out' ? (
          <SignInAgainNote what={t('passkeys.signInFor')} onSignIn={signInAgain} />
        ) : (
          <p className="muted">{failure === 'offline' ? t('passkeys.offline') : t('passkeys.intro')}</p>
        )}
      </div>
    );
  }
  return (
    <div className="tr-passkeys" data-testid="passkeys">
      <p className="muted">{t('passkeys.intro')}</p>
      {passkeys.length === 0 ? (
        <p>{t('passkeys.none')}</p>
      ) : (
        <ul className="tr-lists__items">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="tr-lists__item">
              <span>
                <span className="tr-passkeys__name">{passkey.name}</span>
                <span className="tr-passkeys__meta">
                  {t('passkeys.addedOn', { date: day(passkey.createdAt) })}, {passkey.lastUsedAt ? t('passkeys.usedOn', { date: day(passkey.lastUsedAt) }) : t('passkeys.notUsed')}
                  {passkey.backedUp && `, ${t('passkeys.synced')}`}
                </span>
              </span>
              <Button size="small" variant="ghost" disabled={busy} aria-label={t('passkeys.removeLabel', { name: passkey.name })} onClick={() => void remove(passkey)}>
                {t('actions.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="tr-passkeys__add" onSubmit={(event) => void add(event)}>
        <TextField label={t('passkeys.name')} hint={t('passkeys.nameHint')} maxLength={PASSKEY_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" size="small" busy={busy}>
          {t('passkeys.add')}
        </Button>
      </form>
    </div>
  );
}
