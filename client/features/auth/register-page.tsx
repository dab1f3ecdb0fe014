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

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export function RegisterPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const captcha = useRef<CaptchaHandle>(null);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const passwords = usePasswordPair();
  const { busy, message, show, run } = useAuthForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwords.matches()) return show(PASSWORDS_DO_NOT_MATCH, 'danger');
    // The captcha is read and reset on each submit (spec section 5).
    const tokenReCap = captcha.current?.payload() ?? '';
    captcha.current?.reset();
    if (!tokenReCap) return show('Please complete the captcha check first.', 'danger');
    void run(async () => {
      const response = await registerRequest({ username: username.trim(), email: email.trim(), password: passwords.password, tokenReCap });
      login(response, 'register');
      void navigate(afterSignInPath(window.localStorage), { replace: true });
    });
  };

  return (
    <AuthCard title="Register" intro="Create your free account and bring calm back to playtime.">
      <Banner message={message} />
      <form onSubmit={submit}>
        <TextField label="Username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        <EmailField value={email} onChange={setEmail} />
        <PasswordPairFields pair={passwords} label="Password" confirmLabel="Confirm password" userInputs={[email, username]} />
        <CaptchaWidget ref={captcha} />
        <p className="muted">
          By registering you agree to our{' '}
          <a href="/terms" target="_blank" rel="noopener">
            Terms of Use
          </a>{' '}
          and{' '}
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </a>{' '}
          (they open in a new tab).
        </p>
        <Button type="submit" block busy={busy}>
          Register
        </Button>
      </form>
      <div className="auth-card__links">
        <span>
          Already have an account? <Link to="/login">Log In</Link>
        </span>
      </div>
    </AuthCard>
  );
}
