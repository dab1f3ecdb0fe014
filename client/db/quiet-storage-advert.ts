// RxDB 17's free Dexie storage prints a multi-line advert for its paid storages on the first
// write of each page load. Its only off switch is the paid premium flag (setPremiumFlag from
// rxdb-premium); disableWarnings() covers the dev-mode plugin's notice only, which the app does
// not load. So this drops exactly that one message, once, and leaves console.warn as it was:
// any other warning (RxDB's included) still shows. docs/decisions/022-polish-dark-theme.md.

const ADVERT_START = '-------------- RxDB Open Core RxStorage';

/** Installs the one-shot filter; returns a function that removes it (tests). */
export function quietStorageAdvert(target: Pick<Console, 'warn'> = console): () => void {
  const original = target.warn;
  const restore = () => {
    if (target.warn === filtered) target.warn = original;
  };
  function filtered(this: unknown, ...args: unknown[]): void {
    if (typeof args[0] === 'string' && args[0].startsWith(ADVERT_START)) return restore();
    original.apply(this, args);
  }
  target.warn = filtered;
  return restore;
}
