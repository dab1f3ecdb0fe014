import { useTranslation } from 'react-i18next';

// The spec's app-store badges, shown only for a store where the app is listed: each link is set
// at build time (VITE_APP_STORE_URL, VITE_PLAY_STORE_URL; README "Configuration"). With none
// set there is no store app, so the page shows no badge rather than a link to a store search.
const STORES = [
  { name: 'App Store', href: import.meta.env.VITE_APP_STORE_URL as string | undefined, src: '/badges/app-store.svg', alt: 'front.badges.appStore' as const },
  { name: 'Google Play', href: import.meta.env.VITE_PLAY_STORE_URL as string | undefined, src: '/badges/google-play.svg', alt: 'front.badges.googlePlay' as const },
].filter((store): store is typeof store & { href: string } => typeof store.href === 'string' && /^https:\/\//.test(store.href));

export function StoreBadges() {
  const { t } = useTranslation('public');
  if (STORES.length === 0) return null;
  return (
    <ul className="store-badges" aria-label={t('front.badges.label')}>
      {STORES.map((store) => (
        <li key={store.name}>
          <a href={store.href} target="_blank" rel="noopener noreferrer">
            <img src={store.src} alt={t(store.alt)} width={180} height={54} />
          </a>
        </li>
      ))}
    </ul>
  );
}
