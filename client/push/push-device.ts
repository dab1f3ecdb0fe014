import { pushSubscriptionSchema, vapidKeyAnswerSchema } from '../../shared/schemas/push.js';
import { msgSchema } from '../../shared/schemas/rest.js';
import { ApiError, apiJson } from '../lib/http.js';
import { markRemoved, markSent, readPushState, wantOff, wantOn, writePushState, type PushState } from './push-state.js';

// Rotation reminders on this device (issue 24): the browser's push subscription, the server's
// copy of it, and the wishes waiting for the network. Every step runs one at a time (a queue),
// since the Settings switch, sign-out and the "online" event may all act at once.

const KEY_CACHE = 'pushServerKey';

export class PushProblem extends Error {}

/** What this device says when notifications cannot be used; Settings says it in the language shown (settings:notifications.problems). */
export const PUSH_PROBLEMS = {
  notInstalled: 'Notifications need the app to be installed in this browser. Reload the page and try again.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
  browserFailed: 'This browser could not turn notifications on. Please try again later.',
  notOn: 'Notifications are not on for this device.',
} as const;

export type PushStatus = PushState & { supported: boolean; permission: NotificationPermission | 'unsupported' };

const listeners = new Set<() => void>();
let queue: Promise<unknown> = Promise.resolve();

function serial<T>(step: () => Promise<T>): Promise<T> {
  const next = queue.then(step, step);
  queue = next.catch(() => {});
  return next.finally(() => listeners.forEach((listener) => listener()));
}

const storage = () => window.localStorage;
const update = (change: (state: PushState) => PushState) => writePushState(storage(), change(readPushState(storage())));

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushStatus(): PushStatus {
  const supported = pushSupported();
  return { ...readPushState(storage()), supported, permission: supported ? Notification.permission : 'unsupported' };
}

export function onPushChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The server's VAPID key, kept for a later subscription made offline. */
async function serverKey(): Promise<string> {
  try {
    const { publicKey } = await apiJson('/api/push/key', { schema: vapidKeyAnswerSchema });
    storage().setItem(KEY_CACHE, publicKey);
    return publicKey;
  } catch (error) {
    const cached = storage().getItem(KEY_CACHE);
    if (cached) return cached;
    throw error;
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new PushProblem(PUSH_PROBLEMS.notInstalled);
  return found;
}

const base64url = (buffer: ArrayBuffer | null) => (buffer ? btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : '');

/** This browser's subscription for the server's current key (a subscription to an older key is replaced). */
async function browserSubscription(): Promise<PushSubscription> {
  const manager = (await registration()).pushManager;
  const key = await serverKey();
  const existing = await manager.getSubscription();
  if (existing && base64url(existing.options.applicationServerKey) === key) return existing;
  if (existing) await existing.unsubscribe().catch(() => false);
  return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Subscribes if needed and sends the subscription; a network failure leaves it waiting. */
async function subscribeAndSend(token: string): Promise<void> {
  const subscription = pushSubscriptionSchema.parse((await browserSubscription()).toJSON());
  update((state) => wantOn(state, subscription));
  await apiJson('/api/push/subscriptions', { method: 'POST', token, body: subscription, schema: msgSchema });
  update((state) => markSent(state, subscription.endpoint));
}

async function sendRemovals(): Promise<void> {
  for (const endpoint of readPushState(storage()).removals) {
    try {
      await apiJson('/api/push/unsubscribe', { method: 'POST', body: { endpoint }, schema: msgSchema });
      update((state) => markRemoved(state, endpoint));
    } catch (error) {
      if (error instanceof ApiError && error.network) return; // later, when online
      update((state) => markRemoved(state, endpoint)); // refused as it is: trying again would not help
    }
  }
}

/**
 * The Settings switch, on. Asks for permission; offline, the wish is kept and carried out by
 * sendPendingPush once online. Answers whether the server has the subscription now.
 */
export function turnOnPush(token: string): Promise<boolean> {
  return serial(async () => {
    if ((await Notification.requestPermission()) !== 'granted') {
      throw new PushProblem(PUSH_PROBLEMS.blocked);
    }
    update((state) => wantOn(state, null));
    try {
      await subscribeAndSend(token);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.network) return false;
      // The browser's push service could not be reached (offline): tried again when online.
      if (!(error instanceof ApiError) && !(error instanceof PushProblem) && !navigator.onLine) return false;
      // Refused for good (by the server or the browser): the switch goes back to off.
      const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
      update((state) => wantOff(state, subscription ? [subscription.endpoint] : []));
      await subscription?.unsubscribe().catch(() => false);
      if (error instanceof ApiError || error instanceof PushProblem) throw error;
      throw new PushProblem(PUSH_PROBLEMS.browserFailed);
    }
  });
}

/** The Settings switch off, and signing out: the browser forgets the subscription, and so does the server (now or once online). */
export function turnOffPush(): Promise<void> {
  return serial(async () => {
    const found = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined;
    const subscription = await found?.pushManager.getSubscription();
    update((state) => wantOff(state, subscription ? [subscription.endpoint] : []));
    await subscription?.unsubscribe().catch(() => false);
    await sendRemovals();
  });
}

/** Carries out what waited for the network: removals (no sign-in needed), then a subscription to send. */
export function sendPendingPush(token: string | null): Promise<void> {
  if (!pushSupported() || !navigator.onLine) return Promise.resolve();
  return serial(async () => {
    await sendRemovals();
    const state = readPushState(storage());
    if (state.wanted && !state.sent && token && Notification.permission === 'granted') await subscribeAndSend(token).catch(() => {});
  });
}

/** Asks the server to send this device a notification now. */
export async function sendTestPush(token: string): Promise<string> {
  const endpoint = readPushState(storage()).subscription?.endpoint;
  if (!endpoint) throw new PushProblem(PUSH_PROBLEMS.notOn);
  return (await apiJson('/api/push/test', { method: 'POST', token, body: { endpoint }, schema: msgSchema })).msg;
}
