import type { ShowMessage } from '../../components/use-timed-message.js';
import { useEffect, useState, type FormEvent } from 'react';
import { maxRotationToysNumber } from '../../../shared/domain/rotation.js';
import type { SettingsDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { OpError } from '../../db/ops/errors.js';
import { setRotationCount } from '../../db/ops/settings.js';
import type { LocalDb } from '../../hooks/use-local-data.js';

type RotationCountFormProps = {
  db: LocalDb | null;
  settings: SettingsDoc | null | undefined;
  toys: ToyDoc[];
  onMessage: ShowMessage;
};

/** Placeholder before sign-in (spec section 3). */
export const GUEST_ROTATION_NUMBER = 'Log in, please';

export function RotationCountForm({ db, settings, toys, onMessage }: RotationCountFormProps) {
  const current = settings?.rotationToysNumber;
  const [value, setValue] = useState(current === undefined ? '' : String(current));
  const max = maxRotationToysNumber(toys.length, toys.filter((toy) => toy.favorite).length);
  useEffect(() => {
    if (current !== undefined) setValue(String(current));
  }, [current]);

  if (!db) {
    return <TextField label="Toys per rotation" value={GUEST_ROTATION_NUMBER} readOnly disabled />;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const next = Number(value);
    // Spec section 5: sent only if different from the current value.
    if (next === current) return;
    if (!db) return;
    try {
      await setRotationCount(db, next);
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
        hint={`Between 0 and ${max}: your ${toys.length} toys minus the ${toys.length - max} kept in every rotation.`}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" size="small">
        Save
      </Button>
    </form>
  );
}
