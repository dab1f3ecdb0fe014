import { Trans, useTranslation } from 'react-i18next';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../session/session.js';
import { afterSignInPath } from '../../session/pending-invite.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { registerRequest } from './auth-api.js';
import { AuthCard } from './auth-card.js';
import { EmailField, PasswordPairFields, usePasswordPair } from './auth-fields.js';
import { Banner } from './banner.js';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget.js';
import { useAuthForm } from './use-auth-form.js';

export function RegisterPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const captcha = useRef<CaptchaHandle>(null);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const passwords = usePasswordPair();
  const { busy, message, show, run } = useAuthForm();
  const { t } = useTranslation('auth');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwords.matches()) return show(t('register.mismatch'), 'danger');
    // The captcha is read and reset on each submit (spec section 5).
    const tokenReCap = captcha.current?.payload() ?? '';
    captcha.current?.reset();
    if (!tokenReCap) return show(t('captchaFirst'), 'danger');
    void run(async () => {
      const response = await registerRequest({ username: username.trim(), email: email.trim(), password: passwords.password, tokenReCap });
      login(response, 'register');
      void navigate(afterSignInPath(window.localStorage), { replace: true });
    });
  };

  return (
    <AuthCard title={t('register.title')} intro={t('register.intro')}>
      <Banner message={message} />
      <form onSubmit={submit}>
        <TextField label={t('register.username')} name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        <EmailField value={email} onChange={setEmail} />
        <PasswordPairFields pair={passwords} label={t('password')} confirmLabel={t('register.confirm')} userInputs={[email, username]} />
        <CaptchaWidget ref={captcha} />
        <p className="muted">
          <Trans
            t={t}
            i18nKey="register.agree"
            components={{
              // eslint-disable-next-line jsx-a11y/anchor-has-content -- <Trans> puts the translated words inside
              terms: <a href="/terms" target="_blank" rel="noopener" />,
              // eslint-disable-next-line jsx-a11y/anchor-has-content -- <Trans> puts the translated words inside
              privacy: <a href="/privacy" target="_blank" rel="noopener" />,
            }}
          />
        </p>
        <Button type="submit" block busy={busy}>
          {t('register.submit')}
        </Button>
      </form>
      <div className="auth-card__links">
        <span>
          <Trans t={t} i18nKey="register.haveAccount" components={{ go: <Link to="/login" /> }} />
        </span>
      </div>
    </AuthCard>
  );
}
