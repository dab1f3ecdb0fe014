import { useTranslation } from 'react-i18next';
import { TextArea, TextField } from '../../components/fields.js';
import { EMAIL_MAX, MESSAGE_MAX } from './contact-api.js';

// The fields both support forms (contact, deletion request) ask for, with the server's limits.

type FieldProps = { value: string; onChange: (value: string) => void };

export function ContactEmailField({ value, onChange }: FieldProps) {
  const { t } = useTranslation('contact');
  return (
    <TextField
      label={t('email')}
      type="email"
      name="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

type MessageFieldProps = FieldProps & { optional?: boolean };

/** The message: required with a length count on the contact form, optional on the deletion request. */
export function MessageField({ value, onChange, optional = false }: MessageFieldProps) {
  const { t } = useTranslation('contact');
  return (
    <TextArea
      label={optional ? t('messageOptional') : t('message')}
      name="message"
      required={!optional}
      maxLength={MESSAGE_MAX}
      rows={optional ? 4 : 6}
      hint={optional ? undefined : t('length', { length: value.length, max: MESSAGE_MAX })}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
