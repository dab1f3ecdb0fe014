import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button.js';
import { passkeySignIn, passkeySignInOptions } from './auth-api.js';
import { afterSignInPath } from '../../session/pending-invite.js';
import { useSession } from '../../session/session.js';
import './passkey-sign-in.css';

// "Sign in with a passkey" on /login (issue 24), beside the spec's form, which stays as it is.
// The browser offers this site's passkeys; the answer is the password login's, so the session
// starts the same way.
const noChanges = () => () => {};

type Props = { busy: boolean; run: (request: () => Promise<void>) => Promise<void>; show: (text: string, variant: 'danger') => void };

export function PasskeySignIn({ busy, run, show }: Props) {
  const { login } = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  // The prerendered /login has the button (every current browser has WebAuthn), so taking the page
  // over moves nothing; a browser without WebAuthn drops it right after hydration.
  const supported = useSyncExternalStore(noChanges, browserSupportsWebAuthn, () => true);
  if (!supported) return null;

  const signIn = () =>
    run(async () => {
      const optionsJSON = await passkeySignInOptions();
      let credential;
      try {
        credential = await startAuthentication({ optionsJSON: optionsJSON as never });
      } catch {
        show(t('passkey.cancelled'), 'danger');
        return;
      }
      const response = await passkeySignIn(credential);
      login(response, 'login');
      void navigate(afterSignInPath(window.localStorage), { replace: true });
    });

  return (
    <div className="auth-card__passkey">
      <Button variant="secondary" block disabled={busy} onClick={() => void signIn()}>
        {t('passkey.button')}
      </Button>
    </div>
  );
}
