import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CloudIcon, CloudOffIcon } from '../components/icons.js';
import { useOnline } from '../hooks/use-online.js';
import { DATE_STYLES, formatDate } from '../i18n/format.js';
import { useSyncStatus, type SyncStatus } from '../session/session.js';
import { useSession } from '../session/session.js';

function describe(t: TFunction<'app'>, status: SyncStatus, needsSignIn: boolean, online: boolean) {
  const waiting = status.pending > 0 ? t('sync.changesWaiting', { count: status.pending }) : '';
  if (needsSignIn || status.state === 'paused-auth') {
    return { key: 'auth', label: t('sync.signIn'), short: t('sync.signInShort'), detail: waiting };
  }
  if (!online || status.state === 'offline') {
    return { key: 'offline', label: t('sync.offline'), detail: waiting || t('sync.keptHere') };
  }
  if (status.state === 'syncing') return { key: 'syncing', label: t('sync.syncing'), detail: waiting };
  const last = status.lastSyncedAt ? t('sync.lastSynced', { time: formatDate(status.lastSyncedAt, DATE_STYLES.time) }) : '';
  return { key: 'online', label: waiting ? t('sync.online') : t('sync.synced'), detail: waiting || last };
}

/** Online / offline / syncing, how many changes wait, and when the last sync finished. */
export function SyncIndicator() {
  const { t } = useTranslation('app');
  const status = useSyncStatus();
  const { needsSignIn, signInAgain } = useSession();
  const online = useOnline();
  const view = describe(t, status, needsSignIn, online);
  const content = (
    <>
      {view.key === 'offline' ? <CloudOffIcon size={16} /> : <CloudIcon size={16} />}
      {'short' in view ? (
        // A phone shows the short word so the menu button and logo keep their room; the button's
        // accessible name stays the whole sentence.
        <>
          <span className="sync-status__long">{view.label}</span>
          <span className="sync-status__short" aria-hidden="true">
            {view.short}
          </span>
        </>
      ) : (
        <span>{view.label}</span>
      )}
      {view.detail && <span className="sync-status__detail">{t('sync.detail', { detail: view.detail })}</span>}
      {status.pending > 0 && <span className="sync-status__count">{t('sync.waitingShort', { count: status.pending })}</span>}
    </>
  );
  if (view.key === 'auth' && online) {
    return (
      <button
        type="button"
        className="sync-status btn--ghost"
        data-state="auth"
        onClick={signInAgain}
        data-testid="sync-status"
        aria-label={status.pending > 0 ? t('sync.signInWaiting', { count: status.pending }) : t('sync.signIn')}
      >
        {content}
      </button>
    );
  }
  return (
    <span className="sync-status" data-state={view.key} role="status" aria-live="polite" data-testid="sync-status">
      {content}
    </span>
  );
}
