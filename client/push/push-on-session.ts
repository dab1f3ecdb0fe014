import { PUSH_STATE_KEY, readPushState } from './push-state.js';

// The session's two moments for push reminders (issue 24). Light on purpose: the session runs
// on every page, so the push code (and zod) loads only when this device has push state at all.

/** At start and when the network is back: send what waited (a subscription, removals). */
export function resumePush(storage: Storage, token: string | null): void {
  const state = readPushState(storage);
  if (state.removals.length === 0 && !(state.wanted && !state.sent)) return;
  void import('./push-device.js').then((push) => push.sendPendingPush(token));
}

/** Log Out: this device stops getting the person's reminders (removed on the server now or once online). */
export function stopPushOnLogout(storage: Storage): void {
  if (storage.getItem(PUSH_STATE_KEY) === null) return;
  void import('./push-device.js').then((push) => push.turnOffPush());
}
