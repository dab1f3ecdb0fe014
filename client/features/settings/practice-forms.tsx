import { suggestedRotationCount } from '../../../shared/domain/children.js';
import { ROTATION_INTERVAL_MAX, ROTATION_INTERVAL_MIN, ROTATION_MODES, type RotationMode } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Select, Toggle } from '../../components/fields.js';
import type { ToyDatabase } from '../../db/database.js';
import { OpError } from '../../db/ops/errors.js';
import { setReminderEmail, setRotationCount, setRotationInterval, setRotationMode, setTimeZone } from '../../db/ops/settings.js';
import type { NamedChild } from '../../hooks/use-children.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

const NO_SCHEDULE = 'none';
const INTERVALS = Array.from({ length: ROTATION_INTERVAL_MAX - ROTATION_INTERVAL_MIN + 1 }, (_, i) => i + ROTATION_INTERVAL_MIN);

/** The device's time zone, so due days fall on the household's calendar days. */
function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

async function run(action: () => Promise<void>, success: string, onMessage: ShowMessage) {
  try {
    await action();
    onMessage(success, 'success');
  } catch (error) {
    console.error('Saving a setting failed', error);
    onMessage(error instanceof OpError ? error.message : 'An error occurred', 'danger');
  }
}

type ChildProps = { db: ToyDatabase; child: NamedChild; now: number; onMessage: ShowMessage };

/** Every 1-30 days, or no schedule (the default). */
export function IntervalField({ db, child, onMessage }: ChildProps) {
  const value = child.rotationIntervalDays === null ? NO_SCHEDULE : String(child.rotationIntervalDays);
  function change(text: string) {
    const days = text === NO_SCHEDULE ? null : Number(text);
    void run(
      async () => {
        await setRotationInterval(db, days, child.id);
        if (days !== null) await setTimeZone(db, deviceTimeZone());
      },
      days === null ? 'No rotation schedule.' : `Rotation every ${days === 1 ? 'day' : `${days} days`}.`,
      onMessage,
    );
  }
  return (
    <Select
      label="Rotate every"
      name="rotationIntervalDays"
      value={value}
      hint="Home and Rotation show when the next rotation is due."
      onChange={(event) => change(event.target.value)}
      options={[{ value: NO_SCHEDULE, label: 'No schedule' }, ...INTERVALS.map((days) => ({ value: String(days), label: days === 1 ? 'Every day' : `Every ${days} days` }))]}
    />
  );
}

/** A rotation count for the child's age, with where the numbers come from. */
export function AgeSuggestion({ db, child, now, onMessage }: ChildProps) {
  const suggested = suggestedRotationCount(child.birthYear, child.birthMonth, now);
  if (suggested === null) return null;
  return (
    <div className="tr-suggestion" data-testid="age-suggestion">
      <p>
        Suggested for {child.first && child.name === '' ? 'your child' : child.label}&apos;s age: <strong>{suggested} toys</strong>.
        {child.rotationToysNumber !== suggested && (
          <>
            {' '}
            <Button variant="secondary" size="small" onClick={() => void run(() => setRotationCount(db, suggested, child.id), `Rotation number updated: ${suggested} toys per rotation.`, onMessage)}>
              Use {suggested}
            </Button>
          </>
        )}
      </p>
      <p className="field__hint">
        Fewer toys, deeper play: toddlers played longer and in more varied ways with 4 toys than with 16 (Dauch et al. 2018,
        Infant Behavior and Development). Montessori guides suggest 6 to 12 items for older children.
      </p>
    </div>
  );
}

const MODE_TEXT: Record<RotationMode, { label: string; text: string }> = {
  random: { label: 'Random', text: 'A fresh random pick each time, besides the toys kept in rotation.' },
  balanced: { label: 'Balanced', text: 'Toys out last time rest, categories are mixed evenly, and the longest-resting toys come first.' },
};

type ModeFieldProps = { db: ToyDatabase; mode: RotationMode; onMessage: ShowMessage };

export function RotationModeField({ db, mode, onMessage }: ModeFieldProps) {
  return (
    <fieldset className="tr-fieldset tr-mode">
      <legend>How toys are picked</legend>
      {ROTATION_MODES.map((value) => (
        <label key={value} className="checkbox tr-choice tr-mode__choice">
          <input
            type="radio"
            name="rotationMode"
            value={value}
            checked={mode === value}
            onChange={() => void run(() => setRotationMode(db, value), `${MODE_TEXT[value].label} picking.`, onMessage)}
          />
          <span>
            <strong>{MODE_TEXT[value].label}</strong>: {MODE_TEXT[value].text}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

type ReminderFieldProps = { db: ToyDatabase; on: boolean; scheduled: boolean; onMessage: ShowMessage };

/** An email on each due day (the server sends it, at most one per due day, with an unsubscribe link). */
export function ReminderEmailField({ db, on, scheduled, onMessage }: ReminderFieldProps) {
  return (
    <div className="field">
      <Toggle
        label="Email me on the day a rotation is due"
        checked={on}
        onChange={(event) => {
          const next = event.target.checked;
          void run(
            async () => {
              await setReminderEmail(db, next);
              if (next) await setTimeZone(db, deviceTimeZone());
            },
            next ? 'Email reminders on.' : 'Email reminders off.',
            onMessage,
          );
        }}
      />
      <span className="field__hint">{scheduled ? 'Sent to your account email; every email has an unsubscribe link.' : 'Set “Rotate every” above for a due day to remind you of.'}</span>
    </div>
  );
}
