import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';

/**
 * Said where a section needs the server but this device's session has ended (a password reset or
 * a sign-out on another device): the reason, and the way out, instead of a spinner or "offline".
 */
export function SignInAgainNote({ what, onSignIn }: { what: string; onSignIn: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <div className="tr-sign-in-again" data-testid="sign-in-again">
      <p className="muted">{t('signInAgain.note', { what })}</p>
      <Button size="small" variant="secondary" onClick={onSignIn}>
        {t('signInAgain.button')}
      </Button>
    </div>
  );
}
