import { useState, useSyncExternalStore } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../components/button.js';

const INSTALL_HINT_KEY = 'iosInstallHintDismissed';

/** iPhone and iPad Safari (iPadOS reports itself as a Mac with touch), not yet installed. */
function isIosSafariBrowser(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const otherBrowser = /CriOS|FxiOS|EdgiOS/.test(ua);
  return ios && !standalone && !otherBrowser;
}

function shouldHint(): boolean {
  try {
    return isIosSafariBrowser() && localStorage.getItem(INSTALL_HINT_KEY) === null;
  } catch {
    return false;
  }
}

const neverChanges = () => () => {};

/**
 * One-time hint on iOS Safari: an app added to the Home Screen keeps its data, while Safari
 * may clear a website's storage after weeks without a visit.
 */
export function InstallHint() {
  // Read as an external value whose server value is "no hint": a prerendered page has none,
  // so hydration matches it, and the hint appears right after on the devices it is for.
  const { t } = useTranslation('app');
  const eligible = useSyncExternalStore(neverChanges, shouldHint, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (!eligible || dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(INSTALL_HINT_KEY, '1');
    setDismissed(true);
  };
  return (
    <div className="pwa-banner pwa-banner--hint" role="region" aria-label={t('install.label')}>
      <p>
        <Trans t={t} i18nKey="install.hint" components={{ b: <strong />, i: <em /> }} />
      </p>
      <Button size="small" variant="secondary" onClick={dismiss}>
        {t('install.dismiss')}
      </Button>
    </div>
  );
}
