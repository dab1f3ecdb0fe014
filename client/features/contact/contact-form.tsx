import { useCallback, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Popup } from '../../components/popup';
import { sendContactMessage } from './contact-api';
import { ContactEmailField, MessageField } from './contact-fields';

type ContactFormProps = { subject: 'Contact Form' | 'Bee Healthy Contact Form' };

export function ContactForm({ subject }: ContactFormProps) {
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
    if (text) setReply(text);
  };

  return (
    <>
      <form onSubmit={submit}>
        <ContactEmailField value={email} onChange={setEmail} />
        <MessageField value={message} onChange={setMessage} />
        <Button type="submit" disabled={sent}>
          Submit
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
