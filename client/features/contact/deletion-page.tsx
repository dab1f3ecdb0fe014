import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button.js';
import { CardPage } from '../../components/card-page.js';
import { Checkbox } from '../../components/fields.js';
import { deletionRequestIsSendable, sendDeletionRequest } from './contact-api.js';
import { ContactEmailField, MessageField } from './contact-fields.js';
import { DELETION_SUBJECT } from '../../../shared/schemas/support.js';

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
    await sendDeletionRequest({ email: email.trim(), subject: DELETION_SUBJECT, message, deleteAccount });
    setBusy(false);
  };

  return (
    <CardPage>
      <h1>Deletion Request</h1>
      <p>
        Ask us to delete your Toy Rotation account and everything stored with it. Our support team will contact you at this email
        address to clarify the deletion before anything is removed.
      </p>
      <p className="muted">Signed in? You can also delete your account yourself in Settings.</p>
      <form onSubmit={submit}>
        <ContactEmailField value={email} onChange={setEmail} />
        <MessageField optional value={message} onChange={setMessage} />
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
    </CardPage>
  );
}
