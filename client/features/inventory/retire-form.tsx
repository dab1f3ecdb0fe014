import { useState, type FormEvent } from 'react';
import { RETIRE_NOTE_MAX, RETIRE_REASONS, type RetireReason } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Select, TextArea } from '../../components/fields.js';

export const RETIRE_REASON_LABELS: Record<RetireReason, string> = {
  outgrown: 'Outgrown',
  'passed-down': 'Passed down',
  donated: 'Donated',
  broken: 'Broken',
  keepsake: 'Kept as a keepsake',
};

type RetireFormProps = { onRetire: (reason: RetireReason, note: string) => Promise<void>; onCancel: () => void };

/** Retiring a toy: why (one of five reasons) and an optional note. */
export function RetireForm({ onRetire, onCancel }: RetireFormProps) {
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
    <form className="panel tr-retire" aria-label="Retire this toy" onSubmit={submit}>
      <p>A retired toy leaves rotation and the inventory (it stays under the Retired filter and can come back).</p>
      <Select
        label="Why"
        name="retiredReason"
        value={reason}
        onChange={(event) => setReason(RETIRE_REASONS.find((value) => value === event.target.value) ?? reason)}
        options={RETIRE_REASONS.map((value) => ({ value, label: RETIRE_REASON_LABELS[value] }))}
      />
      <TextArea label="Note (optional)" name="retiredNote" maxLength={RETIRE_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="row">
        <Button type="submit" size="small" busy={saving}>
          Retire
        </Button>
        <Button variant="secondary" size="small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
