import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../i18n/server-messages.js';
import { useState } from 'react';
import { PASSWORD_MIN } from '../../../shared/schemas/auth-rules.js';
import { TextField } from '../../components/fields.js';
import { useWeakPasswordHint } from './password-strength.js';

// Fields more than one auth form asks for.

/** A new password typed twice (register, reset password). */
export function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    /** Spec section 5: on a mismatch both fields are cleared and no request is sent. */
    matches(): boolean {
      if (password === confirm) return true;
      setPassword('');
      setConfirm('');
      return false;
    },
  };
}

type PasswordPairFieldsProps = {
  pair: ReturnType<typeof usePasswordPair>;
  label: string;
  confirmLabel: string;
  /** The account's email and name: a password made of them is easy to guess too. */
  userInputs?: string[];
};

export function PasswordPairFields({ pair, label, confirmLabel, userInputs }: PasswordPairFieldsProps) {
  const { t } = useTranslation('auth');
  const weak = useWeakPasswordHint(pair.password, userInputs);
  return (
    <>
      <TextField
        label={label}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={t('passwordHint', { min: PASSWORD_MIN })}
        error={weak && localizeMessage(weak)}
        value={pair.password}
        onChange={(e) => pair.setPassword(e.target.value)}
      />
      <TextField
        label={confirmLabel}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={pair.confirm}
        onChange={(e) => pair.setConfirm(e.target.value)}
      />
    </>
  );
}

type EmailFieldProps = { value: string; onChange: (value: string) => void };

export function EmailField({ value, onChange }: EmailFieldProps) {
  const { t } = useTranslation('auth');
  return <TextField label={t('email')} type="email" name="email" autoComplete="email" required value={value} onChange={(e) => onChange(e.target.value)} />;
}
