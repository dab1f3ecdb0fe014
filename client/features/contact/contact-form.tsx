import { useCallback, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { TextArea, TextField } from '../../components/fields';
import { Popup } from '../../components/popup';
import { EMAIL_MAX, MESSAGE_MAX, sendContactMessage } from './contact-api';

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
          label="Message"
          name="message"
          required
          maxLength={MESSAGE_MAX}
          rows={6}
          hint={`${message.length} / ${MESSAGE_MAX}`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
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
