import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../app/api';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { useTimedMessage } from '../../components/use-timed-message';
import { forgotPasswordRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { Banner } from './banner';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await forgotPasswordRequest({ email: email.trim() });
      if (response?.data) show(response.data, 'success');
    } catch (error) {
      setEmail(''); // spec section 8: a failure also clears the email field
      const text = errorText(error);
      if (text) show(text, 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the email address you registered with. We will send a reset confirmation to that registered address, with a link to choose a new password."
    >
      <Banner message={message} />
      <form onSubmit={submit}>
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
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
