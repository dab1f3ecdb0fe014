// A bin label's QR code scanned while signed out (decision 048): the place waits here while the
// person signs in, then the app opens it (/inventory?place=...), as an invite link does.

const PENDING_PLACE_KEY = 'pendingPlace';
/** A scan is acted on now: an hour later, signing in goes home as usual. */
const PENDING_PLACE_MS = 60 * 60 * 1000;

export function rememberPlace(storage: Storage, place: string, now: number): void {
  try {
    storage.setItem(PENDING_PLACE_KEY, JSON.stringify({ place, at: now }));
  } catch {
    // Private mode without storage: signing in goes home; the label can be scanned again.
  }
}

export function pendingPlace(storage: Storage, now: number): string | null {
  try {
    const parsed = JSON.parse(storage.getItem(PENDING_PLACE_KEY) ?? 'null') as { place?: unknown; at?: unknown } | null;
    if (!parsed || typeof parsed.place !== 'string' || typeof parsed.at !== 'number' || !parsed.place.trim()) return null;
    return now - parsed.at <= PENDING_PLACE_MS ? parsed.place : null;
  } catch {
    return null;
  }
}

export function forgetPlace(storage: Storage): void {
  try {
    storage.removeItem(PENDING_PLACE_KEY);
  } catch {
    // nothing stored
  }
}

/** The place page a bin label opens. */
export function placePath(place: string): string {
  return `/inventory?place=${encodeURIComponent(place)}`;
}
