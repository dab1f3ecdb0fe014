import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.js';
import { EmptyState } from '../components/empty-state.js';
import { CloudOffIcon } from '../components/icons.js';
import { retryFailedScreens } from './lazy-page.js';

type Props = { children: ReactNode };
type State = { failed: boolean; retrying: boolean; retryFailed: boolean };

/**
 * Catches a screen that fails to load or render (issue 9, fault 6), so the top bar, the side
 * menu and the open local database stay: without it React unmounts the whole app, which also
 * closes the database. The layout keys it by path, so moving to another screen starts afresh.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, retrying: false, retryFailed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true, retrying: false };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen could not be shown', error, info.componentStack);
  }

  retry = async () => {
    this.setState({ retrying: true, retryFailed: false });
    try {
      await retryFailedScreens();
      this.setState({ failed: false, retrying: false });
    } catch (error) {
      console.warn('Retrying the screen failed', error);
      this.setState({ retrying: false, retryFailed: true });
    }
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ScreenError retrying={this.state.retrying} retryFailed={this.state.retryFailed} onRetry={() => void this.retry()} />;
  }
}

/** The failed screen's place: what happened, in the language shown, and Retry. */
function ScreenError({ retrying, retryFailed, onRetry }: { retrying: boolean; retryFailed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('app');
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div className="page" data-testid="screen-error">
      <EmptyState
        icon={offline ? <CloudOffIcon size={40} /> : undefined}
        title={t('screenError.title')}
        action={
          <Button busy={retrying} onClick={onRetry}>
            {t('screenError.retry')}
          </Button>
        }
      >
        <p>{offline ? t('screenError.offline') : t('screenError.failed')}</p>
        {retryFailed && (
          <p role="alert" className="screen-error__again">
            {offline ? t('screenError.stillOffline') : t('screenError.stillFailing')}
          </p>
        )}
      </EmptyState>
    </div>
  );
}
