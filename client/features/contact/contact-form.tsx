import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { knownText } from '../../i18n/known-texts.js';
import { Button } from '../../components/button.js';
import { Popup } from '../../components/popup.js';
import { sendContactMessage } from './contact-api.js';
import { ContactEmailField, MessageField } from './contact-fields.js';
import type { BEE_HEALTHY_SUBJECT, CONTACT_SUBJECT } from '../../../shared/schemas/support-rules.js';

type ContactFormProps = { subject: typeof CONTACT_SUBJECT | typeof BEE_HEALTHY_SUBJECT };

export function ContactForm({ subject }: ContactFormProps) {
  const { t } = useTranslation('contact');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  // Spec section 4: the button is disabled for good once the form is sent.
  const [sent, setSent] = useState(false);
  const [reply, setReply] = useState('');
  const hideReply = useCallback(() => setReply(''), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sent) return;
    setSent(true);
    const text = await sendContactMessage({ email: email.trim(), subject, message });
    if (text) setReply(knownText('contact:server', text));
  };

  return (
    <>
      <form onSubmit={submit}>
        <ContactEmailField value={email} onChange={setEmail} />
        <MessageField value={message} onChange={setMessage} />
        <Button type="submit" disabled={sent}>
          {t('submit')}
        </Button>
      </form>
      {reply && (
        <Popup onHide={hideReply}>
          <span aria-hidden="true">🦆 </span>
          {reply}
          <span aria-hidden="true"> 🦆</span>
        </Popup>
      )}
    </>
  );
}
