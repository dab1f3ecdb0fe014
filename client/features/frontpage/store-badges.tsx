// The store pages are searched by name: the badges are drawn by us, the store names are text.
const STORES = [
  { name: 'App Store', href: 'https://apps.apple.com/us/search?term=toy%20rotation', src: '/badges/app-store.svg', alt: 'Download on the App Store' },
  { name: 'Google Play', href: 'https://play.google.com/store/search?q=toy%20rotation&c=apps', src: '/badges/google-play.svg', alt: 'Get it on Google Play' },
] as const;

export function StoreBadges() {
  return (
    <ul className="store-badges" aria-label="Get the mobile app">
      {STORES.map((store) => (
        <li key={store.name}>
          <a href={store.href} target="_blank" rel="noopener noreferrer">
            <img src={store.src} alt={`${store.alt} (opens in a new tab)`} width={180} height={54} />
          </a>
        </li>
      ))}
    </ul>
  );
}
