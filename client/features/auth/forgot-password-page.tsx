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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        const response = await forgotPasswordRequest({ email: email.trim() });
        if (response?.data) show(response.data, 'success');
      },
      () => setEmail(''), // spec section 8: a failure also clears the email field
    );
  };

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the email address you registered with. We will send a reset confirmation to that registered address, with a link to choose a new password."
    >
      <Banner message={message} />
      <form onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" block busy={busy}>
          Send Email
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/login">Back to Log In</Link>
        <Link to="/RecoverPassword">Using the iPhone app? See the steps</Link>
      </div>
    </AuthCard>
  );
}
