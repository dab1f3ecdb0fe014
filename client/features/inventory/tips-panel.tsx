import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { IconButton } from '../../components/icon-button.js';
import { CloseIcon } from '../../components/icons.js';

// The spec keeps the dismissal in local storage (key name not shown); it is also stored in
// settings.tipsDismissed so the tips stay hidden on the parent's other devices.
export const TIPS_DISMISSED_KEY = 'tipsDismissed';

/** The steps' messages (inventory:tips.steps.<step>.title and .text), in order. */
const STEPS = ['add', 'setUp', 'rotate'] as const;

export function tipsDismissedLocally(): boolean {
  try {
    return localStorage.getItem(TIPS_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function TipsPanel({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation('inventory');
  const [step, setStep] = useState(0);
  const current = STEPS[step] ?? STEPS[0];
  const percent = Math.round(((step + 1) / STEPS.length) * 100);
  const last = step === STEPS.length - 1;

  return (
    <section className="panel tr-tips" aria-labelledby="tips-title">
      <div className="tr-tips__head">
        <h2 id="tips-title" className="panel__title tr-tips__title">
          {t('tips.title', { title: t(`tips.steps.${current}.title`) })}
        </h2>
        <IconButton label={t('tips.hide')} onClick={onDismiss}>
          <CloseIcon />
        </IconButton>
      </div>
      <p className="tr-tips__step">
        {t('tips.step', { step: step + 1, total: STEPS.length, percent })}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('tips.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="tr-tips__text">{t(`tips.steps.${current}.text`)}</p>
      <div className="row">
        <Button variant="secondary" size="small" disabled={step === 0} onClick={() => setStep(step - 1)}>
          {t('tips.back')}
        </Button>
        {last ? (
          <Button size="small" onClick={onDismiss}>
            {t('tips.gotIt')}
          </Button>
        ) : (
          <Button size="small" onClick={() => setStep(step + 1)}>
            {t('tips.next')}
          </Button>
        )}
      </div>
    </section>
  );
}
