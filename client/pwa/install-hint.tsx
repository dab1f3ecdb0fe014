import { useState } from 'react';
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

/**
 * One-time hint on iOS Safari: an app added to the Home Screen keeps its data, while Safari
 * may clear a website's storage after weeks without a visit.
 */
export function InstallHint() {
  const [visible, setVisible] = useState(() => {
    try {
      return isIosSafariBrowser() && localStorage.getItem(INSTALL_HINT_KEY) === null;
    } catch {
      return false;
    }
  });
  if (!visible) return null;
  const dismiss = () => {
    localStorage.setItem(INSTALL_HINT_KEY, '1');
    setVisible(false);
  };
  return (
    <div className="pwa-banner pwa-banner--hint" role="region" aria-label="Install Toy Rotation">
      <p>
        <strong>Keep Toy Rotation on your Home Screen.</strong> Tap the Share button, then <em>Add to Home Screen</em>. Your
        toys stay safely on this device, even without a connection.
      </p>
      <Button size="small" variant="secondary" onClick={dismiss}>
        Got it
      </Button>
    </div>
  );
}
