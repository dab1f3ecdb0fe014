import { useState } from 'react';
import { Button } from '../../components/button.js';
import { IconButton } from '../../components/icon-button.js';
import { CloseIcon } from '../../components/icons.js';

// The spec keeps the dismissal in local storage (key name not shown); it is also stored in
// settings.tipsDismissed so the tips stay hidden on the parent's other devices.
export const TIPS_DISMISSED_KEY = 'tipsDismissed';

const STEPS = [
  {
    title: 'Add your toys',
    text: 'Tap the + button, take a photo of a toy, give it a name and a category. Add as many as you like; the photo is kept on this device, even offline.',
  },
  {
    title: 'Set up your rotation',
    text: 'In Settings choose how many toys come out each time, and tidy your categories and collections. Open a toy to keep it in every rotation or leave it out.',
  },
  {
    title: 'Rotate',
    text: 'On the Rotation page press Rotate: you get a fresh random selection in seconds. Put the rest away and enjoy calmer, more focused play.',
  },
] as const;

export function tipsDismissedLocally(): boolean {
  try {
    return localStorage.getItem(TIPS_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function TipsPanel({ onDismiss }: { onDismiss: () => void }) {
  const [step, setStep] = useState(0);
  const current = STEPS[step] ?? STEPS[0];
  const percent = Math.round(((step + 1) / STEPS.length) * 100);
  const last = step === STEPS.length - 1;

  return (
    <section className="panel tr-tips" aria-labelledby="tips-title">
      <div className="tr-tips__head">
        <h2 id="tips-title" className="panel__title tr-tips__title">
          Tips: {current.title}
        </h2>
        <IconButton label="Hide tips" onClick={onDismiss}>
          <CloseIcon />
        </IconButton>
      </div>
      <p className="tr-tips__step">
        Step {step + 1} of {STEPS.length} ({percent}%)
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Tips progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="tr-tips__text">{current.text}</p>
      <div className="row">
        <Button variant="secondary" size="small" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Back
        </Button>
        {last ? (
          <Button size="small" onClick={onDismiss}>
            Got it
          </Button>
        ) : (
          <Button size="small" onClick={() => setStep(step + 1)}>
            Next
          </Button>
        )}
      </div>
    </section>
  );
}
