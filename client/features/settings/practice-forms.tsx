import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.js';
import { suggestedRotationCount } from '../../../shared/domain/children.js';
import { ROTATION_INTERVAL_MAX, ROTATION_INTERVAL_MIN, ROTATION_MODES, type RotationMode } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Select, Toggle } from '../../components/fields.js';
import type { ToyDatabase } from '../../db/database.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
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
    onMessage(error instanceof OpError ? opErrorText(error) : i18n.t('settings:actions.failed'), 'danger');
  }
}

type ChildProps = { db: ToyDatabase; child: NamedChild; now: number; onMessage: ShowMessage };

/** Every 1-30 days, or no schedule (the default). */
export function IntervalField({ db, child, onMessage }: ChildProps) {
  const { t } = useTranslation('settings');
  const value = child.rotationIntervalDays === null ? NO_SCHEDULE : String(child.rotationIntervalDays);
  function change(text: string) {
    const days = text === NO_SCHEDULE ? null : Number(text);
    void run(
      async () => {
        await setRotationInterval(db, days, child.id);
        if (days !== null) await setTimeZone(db, deviceTimeZone());
      },
      days === null ? t('interval.noneSaved') : t('interval.saved', { count: days }),
      onMessage,
    );
  }
  return (
    <Select
      label={t('interval.label')}
      name="rotationIntervalDays"
      value={value}
      hint={t('interval.hint')}
      onChange={(event) => change(event.target.value)}
      options={[{ value: NO_SCHEDULE, label: t('interval.none') }, ...INTERVALS.map((days) => ({ value: String(days), label: t('interval.every', { count: days }) }))]}
    />
  );
}

/** A rotation count for the child's age, with where the numbers come from. */
export function AgeSuggestion({ db, child, now, onMessage }: ChildProps) {
  const { t } = useTranslation('settings');
  const suggested = suggestedRotationCount(child.birthYear, child.birthMonth, now);
  if (suggested === null) return null;
  return (
    <div className="tr-suggestion" data-testid="age-suggestion">
      <p>
        <Trans
          t={t}
          i18nKey="suggestion.text"
          count={suggested}
          values={{ name: child.first && child.name === '' ? t('suggestion.yourChild') : child.label }}
          components={{ strong: <strong /> }}
        />
        {child.rotationToysNumber !== suggested && (
          <>
            {' '}
            <Button variant="secondary" size="small" onClick={() => void run(() => setRotationCount(db, suggested, child.id), t('count.updated', { count: suggested }), onMessage)}>
              {t('suggestion.use', { count: suggested })}
            </Button>
          </>
        )}
      </p>
      <p className="field__hint">{t('suggestion.research')}</p>
    </div>
  );
}

type ModeFieldProps = { db: ToyDatabase; mode: RotationMode; onMessage: ShowMessage };

export function RotationModeField({ db, mode, onMessage }: ModeFieldProps) {
  const { t } = useTranslation('settings');
  return (
    <fieldset className="tr-fieldset tr-mode">
      <legend>{t('modes.legend')}</legend>
      {ROTATION_MODES.map((value) => (
        <label key={value} className="checkbox tr-choice tr-mode__choice">
          <input
            type="radio"
            name="rotationMode"
            value={value}
            checked={mode === value}
            onChange={() => void run(() => setRotationMode(db, value), t(`modes.${value}.saved`), onMessage)}
          />
          <span>
            <strong>{t(`modes.${value}.label`)}</strong>: {t(`modes.${value}.text`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

type ReminderFieldProps = { db: ToyDatabase; on: boolean; scheduled: boolean; onMessage: ShowMessage };

/** An email on each due day (the server sends it, at most one per due day, with an unsubscribe link). */
export function ReminderEmailField({ db, on, scheduled, onMessage }: ReminderFieldProps) {
  const { t } = useTranslation('settings');
  return (
    <div className="field">
      <Toggle
        label={t('reminder.label')}
        checked={on}
        onChange={(event) => {
          const next = event.target.checked;
          void run(
            async () => {
              await setReminderEmail(db, next);
              if (next) await setTimeZone(db, deviceTimeZone());
            },
            next ? t('reminder.on') : t('reminder.off'),
            onMessage,
          );
        }}
      />
      <span className="field__hint">{scheduled ? t('reminder.scheduled') : t('reminder.noSchedule')}</span>
    </div>
  );
}
