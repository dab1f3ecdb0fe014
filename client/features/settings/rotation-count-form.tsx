import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveRotationCount, maxRotationToysNumber } from '../../../shared/domain/rotation.js';
import type { ChildView } from '../../../shared/domain/children.js';
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
import { setRotationCount } from '../../db/ops/settings.js';
import type { ToyDatabase } from '../../db/database.js';
import { useSyncStatus } from '../../session/session.js';
import { formatNumber } from '../../i18n/format.js';

type RotationCountFormProps = {
  db: ToyDatabase | null;
  /** The child whose count this is (the first child's is the spec's rotation count). */
  child: Pick<ChildView, 'id' | 'rotationToysNumber'> | null;
  /** The active toys for this child. */
  toys: ToyDoc[];
  onMessage: ShowMessage;
};

export function RotationCountForm({ db, child, toys, onMessage }: RotationCountFormProps) {
  const { t } = useTranslation('settings');
  const max = maxRotationToysNumber(toys.length, toys.filter((toy) => toy.favorite).length);
  const stored = child?.rotationToysNumber;
  // The field shows the stored number capped at what the inventory allows (a new account's 8
  // with 3 toys shows 3, a valid value); saving the shown number stores it, so it stays 3 when
  // more toys arrive.
  const shown = stored === undefined ? undefined : effectiveRotationCount(stored, max);
  // Until the person types, the field shows the live number (changes from other devices too);
  // a save writes only a number that differs from the stored one they started from (issue 9, fault 1).
  const [typed, setTyped] = useState<{ text: string; opened: number | undefined } | null>(null);
  // A new device's first sync: no toys here yet says nothing about the household's toys, so the
  // field waits for them instead of offering 0 and "add toys first".
  const sync = useSyncStatus();
  const arriving = toys.length === 0 && sync.lastSyncedAt === null && sync.state === 'syncing';
  const value = arriving ? '' : (typed?.text ?? (shown === undefined ? '' : String(shown)));

  if (!db) {
    // The placeholder before sign-in (spec section 3).
    return <TextField label={t('count.label')} value={t('count.guest')} readOnly disabled />;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const next = Number(value);
    // Spec section 5: sent only if different from the current value.
    if (!db || !child || !typed || next === stored) return setTyped(null);
    if (next === typed.opened) return setTyped(null);
    try {
      await setRotationCount(db, next, child.id);
      setTyped(null);
      onMessage(t('count.updated', { count: next }), 'success');
    } catch (error) {
      console.error('Saving the rotation number failed', error);
      onMessage(error instanceof OpError ? opErrorText(error) : t('actions.failed'), 'danger');
    }
  }

  return (
    <form className="tr-count-form" onSubmit={save}>
      <TextField
        label={t('count.label')}
        type="number"
        inputMode="numeric"
        name="rotationToysNumber"
        min={0}
        max={max}
        step={1}
        required
        value={value}
        disabled={max === 0}
        hint={
          arriving
            ? t('count.arriving')
            : max === 0
            ? toys.length === 0
              ? t('count.noToys')
              : t('count.allKept')
            : t('count.range', { max: formatNumber(max), total: formatNumber(toys.length), kept: formatNumber(toys.length - max) })
        }
        onChange={(event) => {
          const text = event.target.value;
          setTyped((previous) => ({ text, opened: previous ? previous.opened : stored }));
        }}
      />
      <Button type="submit" size="small" disabled={max === 0}>
        {t('actions.save')}
      </Button>
    </form>
  );
}
