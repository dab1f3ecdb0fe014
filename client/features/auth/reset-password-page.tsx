import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert.js';
import { Button } from '../../components/button.js';
import { resetPasswordRequest } from './auth-api.js';
import { AuthCard } from './auth-card.js';
import { PasswordPairFields, usePasswordPair } from './auth-fields.js';
import { Banner } from './banner.js';
import { useAuthForm } from './use-auth-form.js';

const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** Served on both /resetpassword/:resetToken and /passwordreset/:resetToken. */
export function ResetPasswordPage() {
  const { resetToken = '' } = useParams();
  const passwords = usePasswordPair();
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, show, run } = useAuthForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwords.matches()) return show(PASSWORDS_DONT_MATCH, 'danger');
    void run(async () => {
      const response = await resetPasswordRequest(resetToken, { password: passwords.password });
      setDone(response?.data || 'Your password has been changed.');
    });
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
        <PasswordPairFields pair={passwords} label="New password" confirmLabel="Confirm new password" />
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
