import { CloudIcon, CloudOffIcon } from '../components/icons.js';
import { useOnline } from '../hooks/use-online.js';
import { useSyncStatus, type SyncStatus } from '../db/provider.js';
import { useSession } from '../session/session.js';

function timeLabel(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

function describe(status: SyncStatus, needsSignIn: boolean, online: boolean) {
  const waiting = status.pending > 0 ? `${status.pending} ${status.pending === 1 ? 'change' : 'changes'} waiting` : '';
  if (needsSignIn || status.state === 'paused-auth') {
    return { key: 'auth', label: 'Sign in to sync', detail: waiting };
  }
  if (!online || status.state === 'offline') {
    return { key: 'offline', label: 'Offline', detail: waiting || 'changes are kept on this device' };
  }
  if (status.state === 'syncing') return { key: 'syncing', label: 'Syncing…', detail: waiting };
  const last = status.lastSyncedAt ? `last synced ${timeLabel(status.lastSyncedAt)}` : '';
  return { key: 'online', label: waiting ? 'Online' : 'Synced', detail: waiting || last };
}

/** Online / offline / syncing, how many changes wait, and when the last sync finished. */
export function SyncIndicator() {
  const status = useSyncStatus();
  const { needsSignIn, signInAgain } = useSession();
  const online = useOnline();
  const view = describe(status, needsSignIn, online);
  const content = (
    <>
      {view.key === 'offline' ? <CloudOffIcon size={16} /> : <CloudIcon size={16} />}
      <span>{view.label}</span>
      {view.detail && <span className="sync-status__detail">· {view.detail}</span>}
      {status.pending > 0 && (
        <span className="sync-status__count">
          · {status.pending} waiting
        </span>
      )}
    </>
  );
  if (view.key === 'auth' && online) {
    return (
      <button type="button" className="sync-status btn--ghost" data-state="auth" onClick={signInAgain} data-testid="sync-status">
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
