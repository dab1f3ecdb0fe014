import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../lib/http.js';
import { useSession } from '../../session/session.js';
import { afterSignInPath } from '../../session/pending-invite.js';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { loginRequest } from './auth-api.js';
import { AuthCard } from './auth-card.js';
import { EmailField } from './auth-fields.js';
import { Banner } from './banner.js';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget.js';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tokenReCap = needsCaptcha ? (captcha.current?.payload() ?? '') : undefined;
    captcha.current?.reset();
    if (needsCaptcha && !tokenReCap) return show('Please complete the captcha check first.', 'danger');
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
    <AuthCard title="Log In" intro="Welcome back! Your toys are waiting.">
      <Banner message={message} />
      <form onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {needsCaptcha && <CaptchaWidget ref={captcha} />}
        <Button type="submit" block busy={busy}>
          Log In
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/forgotpassword">Forgot your password?</Link>
        <span>
          New here? <Link to="/register">Register</Link>
        </span>
      </div>
    </AuthCard>
  );
}
