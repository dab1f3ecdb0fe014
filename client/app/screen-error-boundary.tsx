import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/button.js';
import { EmptyState } from '../components/empty-state.js';
import { CloudOffIcon } from '../components/icons.js';
import { retryFailedScreens } from './lazy-page.js';

const SCREEN_OFFLINE_MESSAGE =
  'This screen has not been saved on this device yet, and the device is offline. Connect to the internet and press Retry. Your toys and changes are safe.';
const SCREEN_FAILED_MESSAGE = 'Something went wrong while opening this screen. Press Retry to try again. Your toys and changes are safe.';

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
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <div className="page" data-testid="screen-error">
        <EmptyState
          icon={offline ? <CloudOffIcon size={40} /> : undefined}
          title="This screen could not be opened"
          action={
            <Button busy={this.state.retrying} onClick={() => void this.retry()}>
              Retry
            </Button>
          }
        >
          <p>{offline ? SCREEN_OFFLINE_MESSAGE : SCREEN_FAILED_MESSAGE}</p>
          {this.state.retryFailed && (
            <p role="alert" className="screen-error__again">
              Still not available. {offline ? 'The device is still offline.' : 'Please try again in a moment.'}
            </p>
          )}
        </EmptyState>
      </div>
    );
  }
}
