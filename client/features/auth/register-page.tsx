import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../app/api';
import { useSession } from '../../app/session';
import { PASSWORD_MIN } from '../../../shared/schemas/auth';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { useTimedMessage } from '../../components/use-timed-message';
import { registerRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { Banner } from './banner';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export function RegisterPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const captcha = useRef<CaptchaHandle>(null);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      // Spec section 5: both fields cleared, no request.
      setPassword('');
      setConfirm('');
      show(PASSWORDS_DO_NOT_MATCH, 'danger');
      return;
    }
    // The captcha is read and reset on each submit (spec section 5).
    const tokenReCap = captcha.current?.payload() ?? '';
    captcha.current?.reset();
    if (!tokenReCap) {
      show('Please complete the captcha check first.', 'danger');
      return;
    }
    setBusy(true);
    try {
      const response = await registerRequest({ username: username.trim(), email: email.trim(), password, tokenReCap });
      login(response, 'register');
      navigate('/', { replace: true });
    } catch (error) {
      const text = errorText(error);
      if (text) show(text, 'danger');
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Register" intro="Create your free account and bring calm back to playtime.">
      <Banner message={message} />
      <form onSubmit={submit}>
        <TextField label="Username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
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
