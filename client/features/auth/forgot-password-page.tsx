import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../i18n/server-messages.js';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button.js';
import { forgotPasswordRequest } from './auth-api.js';
import { AuthCard } from './auth-card.js';
import { EmailField } from './auth-fields.js';
import { Banner } from './banner.js';
import { useAuthForm } from './use-auth-form.js';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const { busy, message, show, run } = useAuthForm();
  const { t } = useTranslation('auth');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        const response = await forgotPasswordRequest({ email: email.trim() });
        if (response?.data) show(localizeMessage(response.data), 'success');
      },
      () => setEmail(''), // spec section 8: a failure also clears the email field
    );
  };

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
    >
      <Banner message={message} />
      <form onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" block busy={busy}>
          {t('forgot.submit')}
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/login">{t('forgot.back')}</Link>
        <Link to="/RecoverPassword">{t('forgot.iphone')}</Link>
      </div>
    </AuthCard>
  );
}
