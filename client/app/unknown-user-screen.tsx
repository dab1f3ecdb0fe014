import { Button } from '../components/button.js';
import { CloudOffIcon } from '../components/icons.js';
import { EmptyState } from '../components/empty-state.js';
import { Spinner } from '../components/spinner.js';
import type { Identity } from '../session/use-identify.js';

const UNKNOWN_USER_OFFLINE =
  'This device does not know yet which account this sign-in belongs to, and it is offline. Connect to the internet and your toys will open here.';
const UNKNOWN_USER_FAILED = 'We could not reach your account just now. Please try again in a moment.';

/** Instead of empty screens: a token with no known user (issue 9, fault 13). */
type UnknownUserScreenProps = { identity: Exclude<Identity, 'known'>; onRetry: () => void; onLogout: () => void };

export function UnknownUserScreen({ identity, onRetry, onLogout }: UnknownUserScreenProps) {
  if (identity === 'checking') {
    return (
      <div className="empty-state" aria-busy="true">
        <Spinner large />
        <p>Opening your account…</p>
      </div>
    );
  }
  return (
    <div className="page" data-testid="unknown-user">
      <EmptyState
        icon={identity === 'offline' ? <CloudOffIcon size={40} /> : undefined}
        title={identity === 'offline' ? 'Your toys are not on this device yet' : 'Your account could not be opened'}
        action={
          <div className="row">
            <Button onClick={onRetry}>Try again</Button>
            <Button variant="ghost" onClick={onLogout}>
              Log Out
            </Button>
          </div>
        }
      >
        <p>{identity === 'offline' ? UNKNOWN_USER_OFFLINE : UNKNOWN_USER_FAILED}</p>
      </EmptyState>
    </div>
  );
}
