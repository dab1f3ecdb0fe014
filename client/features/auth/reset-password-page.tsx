import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../app/api';
import { Alert } from '../../components/alert';
import { PASSWORD_MIN } from '../../../shared/schemas/auth';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { useTimedMessage } from '../../components/use-timed-message';
import { resetPasswordRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { Banner } from './banner';

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** Served on both /resetpassword/:resetToken and /passwordreset/:resetToken. */
export function ResetPasswordPage() {
  const { resetToken = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { message, show } = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setPassword('');
      setConfirm('');
      show(PASSWORDS_DONT_MATCH, 'danger');
      return;
    }
    setBusy(true);
    try {
      const response = await resetPasswordRequest(resetToken, { password });
      setDone(response?.data || 'Your password has been changed.');
    } catch (error) {
      const text = errorText(error);
      if (text) show(text, 'danger');
    } finally {
      setBusy(false);
    }
  };

  if (done !== null) {
    // The success stays on screen: it carries the way forward (the login link).
    return (
      <AuthCard title="Reset password">
        <Alert variant="success">
          {done} <Link to="/login">Log In</Link>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <Banner message={message} />
      <form onSubmit={submit}>
        <TextField
          label="New password"
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
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" block busy={busy}>
          Reset password
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/login">Back to Log In</Link>
      </div>
    </AuthCard>
  );
}
