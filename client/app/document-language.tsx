import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The built manifest (English, precached by the service worker); the server answers others by `lang`. */
const MANIFEST = '/manifest.webmanifest';

/**
 * What the browser shows of the page outside it, in the language shown (issue 24): the window's
 * title (also the header of a printed checklist or bin labels) and the manifest an install
 * reads (sync-server/lib/localized-manifest.ts). English keeps the built ones as they are.
 */
export function DocumentLanguage() {
  const { t, i18n } = useTranslation('app');
  const language = i18n.language;
  useEffect(() => {
    document.title = t('documentTitle');
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.setAttribute('href', language === 'en' ? MANIFEST : `${MANIFEST}?lang=${language}`);
  }, [t, language]);
  return null;
}
