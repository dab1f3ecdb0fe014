import { useTranslation } from 'react-i18next';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

// The self-hosted ALTCHA captcha (design.md "Deliberate departures"): a proof-of-work the
// browser solves in a worker, no third party involved. The web component is imported only
// here, so only the register page downloads it.

export type CaptchaHandle = {
  /** The solved payload for `tokenReCap`, or '' while unsolved. */
  payload: () => string;
  reset: () => void;
};

type AltchaElement = HTMLElement & { reset?: () => void };

export const CaptchaWidget = forwardRef<CaptchaHandle>(function CaptchaWidget(_props, ref) {
  const element = useRef<AltchaElement>(null);
  const payload = useRef('');
  const { t } = useTranslation('auth');
  const [loadError, setLoadError] = useState(false);

  useEffect(() => {
    import('altcha').catch(() => setLoadError(true));
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = detail.state === 'verified' && detail.payload ? detail.payload : '';
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  useImperativeHandle(ref, () => ({
    payload: () => payload.current,
    reset: () => {
      payload.current = '';
      element.current?.reset?.();
    },
  }));

  return (
    <div className="field captcha">
      <altcha-widget ref={element} strings={JSON.stringify(t('captcha.widget', { returnObjects: true }))} challengeurl="/api/auth/captcha" auto="onfocus" hidelogo style={{ '--altcha-max-width': '100%' }} />
      {loadError && (
        <span className="field__error" role="alert">
          {t('captcha.loadError')}
        </span>
      )}
    </div>
  );
});
