import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { useState, type FormEvent } from 'react';
import { effectiveRotationCount, maxRotationToysNumber } from '../../../shared/domain/rotation.js';
import type { ChildView } from '../../../shared/domain/children.js';
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { OpError } from '../../db/ops/errors.js';
import { setRotationCount } from '../../db/ops/settings.js';
import type { ToyDatabase } from '../../db/database.js';

type RotationCountFormProps = {
  db: ToyDatabase | null;
  /** The child whose count this is (the first child's is the spec's rotation count). */
  child: Pick<ChildView, 'id' | 'rotationToysNumber'> | null;
  /** The active toys for this child. */
  toys: ToyDoc[];
  onMessage: ShowMessage;
};

/** Placeholder before sign-in (spec section 3). */
const GUEST_ROTATION_NUMBER = 'Log in, please';

export function RotationCountForm({ db, child, toys, onMessage }: RotationCountFormProps) {
  const max = maxRotationToysNumber(toys.length, toys.filter((toy) => toy.favorite).length);
  const stored = child?.rotationToysNumber;
  // The field shows the stored number capped at what the inventory allows (a new account's 8
  // with 3 toys shows 3, a valid value); saving the shown number stores it, so it stays 3 when
  // more toys arrive.
  const shown = stored === undefined ? undefined : effectiveRotationCount(stored, max);
  // Until the person types, the field shows the live number (changes from other devices too);
  // a save writes only a number that differs from the stored one they started from (issue 9, fault 1).
  const [typed, setTyped] = useState<{ text: string; opened: number | undefined } | null>(null);
  const value = typed?.text ?? (shown === undefined ? '' : String(shown));

  if (!db) {
    return <TextField label="Toys per rotation" value={GUEST_ROTATION_NUMBER} readOnly disabled />;
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
      onMessage(`Rotation number updated: ${next} ${next === 1 ? 'toy' : 'toys'} per rotation.`, 'success');
    } catch (error) {
      console.error('Saving the rotation number failed', error);
      onMessage(error instanceof OpError ? error.message : 'An error occurred', 'danger');
    }
  }

  return (
    <form className="tr-count-form" onSubmit={save}>
      <TextField
        label="Toys per rotation"
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
          max === 0
            ? toys.length === 0
              ? 'Add toys to your inventory first; then choose how many come out in each rotation.'
              : 'Every toy is kept in every rotation, so there are none left to choose from.'
            : `Between 0 and ${max}: your ${toys.length} toys minus the ${toys.length - max} kept in every rotation.`
        }
        onChange={(event) => {
          const text = event.target.value;
          setTyped((previous) => ({ text, opened: previous ? previous.opened : stored }));
        }}
      />
      <Button type="submit" size="small" disabled={max === 0}>
        Save
      </Button>
    </form>
  );
}
