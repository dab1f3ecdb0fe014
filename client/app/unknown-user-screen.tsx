import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.js';
import { CloudOffIcon } from '../components/icons.js';
import { EmptyState } from '../components/empty-state.js';
import { Spinner } from '../components/spinner.js';
import type { Identity } from '../session/use-identify.js';

/** Instead of empty screens: a token with no known user (issue 9, fault 13). */
type UnknownUserScreenProps = { identity: Exclude<Identity, 'known'>; onRetry: () => void; onLogout: () => void };

export function UnknownUserScreen({ identity, onRetry, onLogout }: UnknownUserScreenProps) {
  const { t } = useTranslation('app');
  if (identity === 'checking') {
    return (
      <div className="empty-state" aria-busy="true">
        <Spinner large />
        <p>{t('unknownUser.opening')}</p>
      </div>
    );
  }
  return (
    <div className="page" data-testid="unknown-user">
      <EmptyState
        icon={identity === 'offline' ? <CloudOffIcon size={40} /> : undefined}
        title={identity === 'offline' ? t('unknownUser.offlineTitle') : t('unknownUser.failedTitle')}
        action={
          <div className="row">
            <Button onClick={onRetry}>{t('unknownUser.retry')}</Button>
            <Button variant="ghost" onClick={onLogout}>
              {t('logOut')}
            </Button>
          </div>
        }
      >
        <p>{identity === 'offline' ? t('unknownUser.offline') : t('unknownUser.failed')}</p>
      </EmptyState>
    </div>
  );
}
