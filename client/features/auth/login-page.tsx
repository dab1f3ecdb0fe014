import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../app/api';
import { useSession } from '../../app/session';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { useTimedMessage } from '../../components/use-timed-message';
import { loginRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { Banner } from './banner';

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await loginRequest({ email: email.trim(), password });
      login(response, 'login');
      navigate('/', { replace: true });
    } catch (error) {
      const text = errorText(error);
      if (text) show(text, 'danger');
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Log In" intro="Welcome back! Your toys are waiting.">
      <Banner message={message} />
      <form onSubmit={submit}>
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
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
