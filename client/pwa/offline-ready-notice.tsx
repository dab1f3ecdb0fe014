import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.js';
import { MESSAGE_MS } from '../components/alert.js';
import { prepareAppForOffline, useOfflineReady } from './register-sw.js';

const OFFLINE_READY_KEY = 'offlineReadyNoticeShown';

/**
 * Saves the app for offline use once someone is signed in, and tells a signed-in parent, once
 * per device, when it is saved (issue 9, fault 6): before that moment, screens not opened yet
 * cannot load offline.
 */
export function OfflineReadyNotice({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('app');
  const ready = useOfflineReady();
  const [alreadyShown] = useState(() => {
    try {
      return localStorage.getItem(OFFLINE_READY_KEY) !== null;
    } catch {
      return true;
    }
  });
  const [hidden, setHidden] = useState(false);
  const visible = ready && signedIn && !alreadyShown && !hidden;

  // The signed-in app is cached for offline use only once someone signs in (first visits of
  // the public pages download only what they show).
  useEffect(() => {
    if (signedIn) prepareAppForOffline();
  }, [signedIn]);

  useEffect(() => {
    if (!visible) return;
    try {
      localStorage.setItem(OFFLINE_READY_KEY, String(Date.now()));
    } catch {
      // Private mode: the notice may show again next time, which is harmless.
    }
    const timer = setTimeout(() => setHidden(true), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    // In the page's flow at its top, never over it: a fixed banner hid confirmations and QR codes.
    <div className="alert alert--info tr-offline-ready" role="status" data-testid="offline-ready">
      <p>{t('offlineReady.text')}</p>
      <Button size="small" variant="secondary" onClick={() => setHidden(true)}>
        {t('offlineReady.ok')}
      </Button>
    </div>
  );
}
