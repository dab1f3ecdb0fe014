import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../i18n/server-messages.js';
import { useSession } from '../../session/session.js';
import { afterSignInPath } from '../../session/pending-invite.js';
import { forgetSignedOutNotice, readSignedOutNotice } from '../../session/signed-out-notice.js';
import { Alert } from '../../components/alert.js';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth-rules.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { loginRequest } from './auth-api.js';
import { AuthCard } from './auth-card.js';
import { EmailField } from './auth-fields.js';
import { Banner } from './banner.js';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { PlaceSignInNotice } from './place-sign-in-notice.js';
import { useAuthForm } from './use-auth-form.js';

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, message, show, run } = useAuthForm();
  // After many failed logins for an account the server asks for a captcha (never a lock-out).
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  const [signedOutNotice] = useState(() => readSignedOutNotice(window.sessionStorage));
  useEffect(() => forgetSignedOutNotice(window.sessionStorage), []);
  const { t } = useTranslation('auth');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tokenReCap = needsCaptcha ? (captcha.current?.payload() ?? '') : undefined;
    captcha.current?.reset();
    if (needsCaptcha && !tokenReCap) return show(t('captchaFirst'), 'danger');
    void run(async () => {
      try {
        const response = await loginRequest({ email: email.trim(), password, ...(tokenReCap ? { tokenReCap } : {}) });
        login(response, 'login');
        void navigate(afterSignInPath(window.localStorage), { replace: true });
      } catch (error) {
        if (errorText(error) === AUTH_MESSAGES.loginCaptchaRequired) setNeedsCaptcha(true);
        throw error;
      }
    });
  };

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      {signedOutNotice && <Alert variant="success">{signedOutNotice}</Alert>}
      <PlaceSignInNotice />
      <Banner message={message} />
      <form onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} />
        <TextField
          label={t('password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {needsCaptcha && <CaptchaWidget ref={captcha} />}
        <Button type="submit" block busy={busy}>
          {t('login.submit')}
        </Button>
      </form>
      <PasskeySignIn busy={busy} run={run} show={show} />
      <div className="auth-card__links">
        <Link to="/forgotpassword">{t('login.forgot')}</Link>
        <span>
          <Trans t={t} i18nKey="login.newHere" components={{ go: <Link to="/register" /> }} />
        </span>
      </div>
    </AuthCard>
  );
}
