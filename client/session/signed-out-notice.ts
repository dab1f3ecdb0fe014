// A sentence for the login page after the app signed someone out on purpose (an account deleted):
// kept in session storage across the navigation, shown once.

const KEY = 'signedOutNotice';

export function rememberSignedOutNotice(storage: Storage, text: string): void {
  try {
    storage.setItem(KEY, text);
  } catch {
    // Private mode without storage: the login page simply has no sentence.
  }
}

export function readSignedOutNotice(storage: Storage): string | null {
  try {
    return storage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetSignedOutNotice(storage: Storage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing was stored then.
  }
}
