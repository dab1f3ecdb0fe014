import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { CardPage } from '../../components/card-page.js';
import { Checkbox } from '../../components/fields.js';
import { deletionRequestIsSendable, sendDeletionRequest } from './contact-api.js';
import { ContactEmailField, MessageField } from './contact-fields.js';
import { DELETION_SUBJECT } from '../../../shared/schemas/support-rules.js';

export function DeletionPage() {
  const { t } = useTranslation('contact');
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
      <h1>{t('deletion.title')}</h1>
      <p>{t('deletion.intro')}</p>
      <p className="muted">{t('deletion.signedIn')}</p>
      <form onSubmit={submit}>
        <ContactEmailField value={email} onChange={setEmail} />
        <MessageField optional value={message} onChange={setMessage} />
        <Checkbox
          label={t('deletion.confirm')}
          name="deleteAccount"
          required
          checked={deleteAccount}
          onChange={(e) => setDeleteAccount(e.target.checked)}
        />
        <Button type="submit" busy={busy}>
          {t('submit')}
        </Button>
      </form>
    </CardPage>
  );
}
