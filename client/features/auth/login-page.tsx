import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../app/session';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { loginRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { EmailField } from './auth-fields';
import { Banner } from './banner';
import { useAuthForm } from './use-auth-form';

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, message, run } = useAuthForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const response = await loginRequest({ email: email.trim(), password });
      login(response, 'login');
      navigate('/', { replace: true });
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
