import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarFeedSchema, calendarFeedStateSchema, msgSchema } from '../../../shared/schemas/rest.js';
import { Button } from '../../components/button.js';
import { apiJson, AuthError } from '../../lib/http.js';
import { errorText } from '../../i18n/server-messages.js';
import { useSession } from '../../session/session.js';
import { useSessionEnded } from '../../hooks/use-session-ended.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { SignInAgainNote } from './sign-in-again-note.js';

const PATH = '/api/private/calendarFeed';

type Feed = { active: boolean; url: string | null };

/**
 * The private calendar feed of due days (a link to subscribe to in a phone's calendar). The link
 * is shown once, when made: the server keeps only its hash, so a lost link is made again.
 */
export function CalendarFeed({ onMessage }: { onMessage: ShowMessage }) {
  const { t } = useTranslation('settings');
  const failure = (error: unknown) => errorText(error) || t('actions.failed');
  const { getToken, signInAgain } = useSession();
  const needsSignIn = useSessionEnded();
  // null: not known (offline, or the session ended); why is told from the session.
  const [feed, setFeed] = useState<Feed | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiJson(PATH, { token: getToken(), schema: calendarFeedStateSchema, signal: controller.signal })
      .then((state) => setFeed({ active: state.active, url: null }))
      .catch((error: unknown) => {
        // A session ended elsewhere (a password reset) is a reason of its own, not "the network".
        setSignedOut(error instanceof AuthError);
        setFeed(null);
      });
    return () => controller.abort();
  }, [getToken]);

  async function create() {
    setBusy(true);
    try {
      const made = await apiJson(PATH, { method: 'POST', token: getToken(), schema: calendarFeedSchema });
      setFeed({ active: true, url: made.url });
      onMessage(t('calendar.made'), 'success');
    } catch (error) {
      onMessage(failure(error), 'danger');
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    setBusy(true);
    try {
      await apiJson(PATH, { method: 'DELETE', token: getToken(), schema: msgSchema });
      setFeed({ active: false, url: null });
      onMessage(t('calendar.revoked'), 'success');
    } catch (error) {
      onMessage(failure(error), 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tr-calendar" data-testid="calendar-feed">
      <h3>{t('calendar.title')}</h3>
      {feed === null && (needsSignIn || signedOut) ? (
        <SignInAgainNote what={t('calendar.signInFor')} onSignIn={signInAgain} />
      ) : feed === null ? (
        <p className="muted">{t('calendar.offline')}</p>
      ) : (
        <>
          <p className="muted">{t('calendar.intro')}</p>
          {feed.url && (
            <p>
              <input className="input" readOnly aria-label={t('calendar.link')} value={feed.url} onFocus={(event) => event.target.select()} />
            </p>
          )}
          {feed.active && !feed.url && <p>{t('calendar.active')}</p>}
          <div className="row">
            <Button size="small" variant="secondary" busy={busy} onClick={() => void create()}>
              {feed.active ? t('calendar.makeNew') : t('calendar.make')}
            </Button>
            {feed.active && (
              <Button size="small" variant="ghost" disabled={busy} onClick={() => void revoke()}>
                {t('calendar.revoke')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
