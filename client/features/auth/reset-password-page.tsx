import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../i18n/server-messages.js';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert.js';
import { Button } from '../../components/button.js';
import { resetPasswordRequest } from './auth-api.js';
import { AuthCard } from './auth-card.js';
import { PasswordPairFields, usePasswordPair } from './auth-fields.js';
import { Banner } from './banner.js';
import { useAuthForm } from './use-auth-form.js';

/** Served on both /resetpassword/:resetToken and /passwordreset/:resetToken. */
export function ResetPasswordPage() {
  const { resetToken = '' } = useParams();
  const passwords = usePasswordPair();
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, show, run } = useAuthForm();
  const { t } = useTranslation('auth');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwords.matches()) return show(t('reset.mismatch'), 'danger');
    void run(async () => {
      const response = await resetPasswordRequest(resetToken, { password: passwords.password });
      setDone(response?.data ? localizeMessage(response.data) : t('reset.done'));
    });
  };

  if (done !== null) {
    // The success stays on screen: it carries the way forward (the login link).
    return (
      <AuthCard title={t('reset.title')}>
        <Alert variant="success">
          {done} <Link to="/login">{t('reset.logIn')}</Link>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      <Banner message={message} />
      <form onSubmit={submit}>
        <PasswordPairFields pair={passwords} label={t('reset.newPassword')} confirmLabel={t('reset.confirm')} />
        <Button type="submit" block busy={busy}>
          {t('reset.submit')}
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/login">{t('reset.back')}</Link>
      </div>
    </AuthCard>
  );
}
