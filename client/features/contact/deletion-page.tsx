import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox, TextArea, TextField } from '../../components/fields';
import { SiteFooter } from '../../components/site-footer';
import { deletionRequestIsSendable, EMAIL_MAX, MESSAGE_MAX, sendDeletionRequest } from './contact-api';

export function DeletionPage() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deleteAccount, setDeleteAccount] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: silently nothing when the email is blank or lacks @, or the box is unticked.
    if (!deletionRequestIsSendable(email, deleteAccount)) return;
    setBusy(true);
    await sendDeletionRequest({ email: email.trim(), subject: 'Deletion Form', message, deleteAccount });
    setBusy(false);
  };

  return (
    <>
      <div className="page">
        <Card className="auth-card">
          <h1>Deletion Request</h1>
          <p>
            Ask us to delete your Toy Rotation account and everything stored with it. Our support team will contact you at this
            email address to clarify the deletion before anything is removed.
          </p>
          <p className="muted">Signed in? You can also delete your account yourself in Settings.</p>
          <form onSubmit={submit}>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextArea
              label="Message (optional)"
              name="message"
              maxLength={MESSAGE_MAX}
              rows={4}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <Checkbox
              label="Delete account and associated data"
              name="deleteAccount"
              required
              checked={deleteAccount}
              onChange={(e) => setDeleteAccount(e.target.checked)}
            />
            <Button type="submit" busy={busy}>
              Submit
            </Button>
          </form>
        </Card>
      </div>
      <SiteFooter />
    </>
  );
}
