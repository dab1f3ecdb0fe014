import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RETIRE_NOTE_MAX, RETIRE_REASONS, type RetireReason } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Select, TextArea } from '../../components/fields.js';

type RetireFormProps = { onRetire: (reason: RetireReason, note: string) => Promise<void>; onCancel: () => void };

/** Retiring a toy: why (one of five reasons) and an optional note. */
export function RetireForm({ onRetire, onCancel }: RetireFormProps) {
  const { t } = useTranslation('inventory');
  const [reason, setReason] = useState<RetireReason>('outgrown');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await onRetire(reason, note);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="panel tr-retire" aria-label={t('retire.label')} onSubmit={submit}>
      <p>{t('retire.intro')}</p>
      <Select
        label={t('retire.why')}
        name="retiredReason"
        value={reason}
        onChange={(event) => setReason(RETIRE_REASONS.find((value) => value === event.target.value) ?? reason)}
        options={RETIRE_REASONS.map((value) => ({ value, label: t(`retire.reasons.${value}`) }))}
      />
      <TextArea label={t('retire.note')} name="retiredNote" maxLength={RETIRE_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="row">
        <Button type="submit" size="small" busy={saving}>
          {t('retire.submit')}
        </Button>
        <Button variant="secondary" size="small" onClick={onCancel}>
          {t('retire.cancel')}
        </Button>
      </div>
    </form>
  );
}
