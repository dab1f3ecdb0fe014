import { z } from 'zod';

// Web Push reminders (issue 24): what a device sends to turn notifications on or off, and what
// the server puts in a push message for the service worker (client/public/push-sw.js).

const ENDPOINT_MAX = 2000;
const base64url = /^[A-Za-z0-9_-]+$/;

/** A device's push endpoint: the push service's URL for it (https; the server checks which hosts). */
const pushEndpointSchema = z.string().trim().max(ENDPOINT_MAX).url('The push endpoint must be a URL.');

/** PushSubscription.toJSON() as browsers give it. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url (RFC 8291).
    p256dh: z.string().regex(base64url, 'keys.p256dh must be base64url.').length(87, 'keys.p256dh must be a P-256 public key.'),
    auth: z.string().regex(base64url, 'keys.auth must be base64url.').length(22, 'keys.auth must be 16 bytes.'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Turning notifications off: the endpoint alone is the key (only the device and the push service know it). */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

export const vapidKeyAnswerSchema = z.object({ publicKey: z.string() });

/** What a push message carries; the service worker shows it and opens `url` on a tap. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** One notification per child and due day: a later one for the same child replaces it. */
  tag: z.string(),
  /** A path of this app, e.g. /rotation?child=ID. */
  url: z.string().startsWith('/'),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The Rotation screen for one child (the screen reads `child` and remembers the choice). */
export const rotationPathFor = (childId: string) => `/rotation?child=${encodeURIComponent(childId)}`;
