import webpush, { WebPushError } from 'web-push';
import type { PushMessage } from '../../../shared/schemas/push.js';
import type { AppDeps } from '../../context.js';
import { loadVapidKeys, vapidSubject } from './vapid.js';

// Sends one message to one subscription with web-push (RFC 8030 delivery, RFC 8291 aes128gcm
// encryption, RFC 8292 VAPID signature) and says what became of it.

type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** `gone`: the push service no longer knows the subscription (404/410): forget it. */
type PushOutcome = 'sent' | 'gone' | 'failed';

export type PushSender = (target: PushTarget, message: PushMessage) => Promise<PushOutcome>;

/** A due-day reminder is worth delivering for half a day; a phone offline longer gets it no more. */
const TTL_SECONDS = 12 * 60 * 60;
const TIMEOUT_MS = 10_000;

export function createPushSender(deps: Pick<AppDeps, 'env' | 'log'>): PushSender {
  const keys = loadVapidKeys(deps.env);
  const vapidDetails = { subject: vapidSubject(deps.env), publicKey: keys.publicKey, privateKey: keys.privateKey };
  return async (target, message) => {
    const subscription = { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } };
    try {
      await webpush.sendNotification(subscription, JSON.stringify(message), { vapidDetails, TTL: TTL_SECONDS, urgency: 'normal', timeout: TIMEOUT_MS });
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
      // The host only: an endpoint's path identifies the device.
      const host = URL.canParse(target.endpoint) ? new URL(target.endpoint).host : '?';
      deps.log(`push to ${host} failed: ${error instanceof WebPushError ? `${error.statusCode}` : error instanceof Error ? error.message : String(error)}`);
      return 'failed';
    }
  };
}
