// The colour theme a parent chose on this device: the system's (default), light or dark. Kept in
// local storage and put on <html> as data-theme, which the stylesheet reads (global.css).

export type ThemeChoice = 'system' | 'light' | 'dark';

const THEME_KEY = 'theme';

export function readTheme(storage: Storage): ThemeChoice {
  try {
    const stored = storage.getItem(THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(root: HTMLElement, choice: ThemeChoice): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function saveTheme(storage: Storage, root: HTMLElement, choice: ThemeChoice): void {
  try {
    if (choice === 'system') storage.removeItem(THEME_KEY);
    else storage.setItem(THEME_KEY, choice);
  } catch {
    // Private mode: the choice lasts until the page closes.
  }
  applyTheme(root, choice);
}
