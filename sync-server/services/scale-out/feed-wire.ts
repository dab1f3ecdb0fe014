import { z } from 'zod';
import { REPLICATED_TABLES } from '../../db/schema.js';
import type { FeedEvent } from '../change-feed.js';

// What one change-feed notification between instances holds (issue 12): the sending
// instance's id and a user id with collection names, or "resync". Each field is written out
// by hand rather than the event passed on as it is, so nothing else (a session token's hash,
// user data) can ride along; a new event kind needs its line here, and a reviewer's look.

const userId = z.string().min(1).max(64);

const notificationSchema = z.union([
  z.strictObject({ o: z.string(), e: z.strictObject({ kind: z.literal('change'), userId, collections: z.array(z.enum(REPLICATED_TABLES)) }) }),
  z.strictObject({ o: z.string(), e: z.strictObject({ kind: z.literal('sessions-ended'), userId }) }),
  // Some events of the sender could not be relayed: every instance resyncs its streams.
  z.strictObject({ o: z.string(), resync: z.literal(true) }),
]);

export type Notification = z.infer<typeof notificationSchema>;

export function eventNotification(origin: string, event: FeedEvent): string {
  switch (event.kind) {
    case 'change':
      return JSON.stringify({ o: origin, e: { kind: event.kind, userId: event.userId, collections: event.collections } } satisfies Notification);
    case 'sessions-ended':
      return JSON.stringify({ o: origin, e: { kind: event.kind, userId: event.userId } } satisfies Notification);
  }
}

export function resyncNotification(origin: string): string {
  return JSON.stringify({ o: origin, resync: true } satisfies Notification);
}

/** The notification in a payload, or null for one that is not ours to trust. */
export function readNotification(payload: string): Notification | null {
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
