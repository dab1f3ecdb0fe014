import type { SyncTable } from '../../shared/schemas/docs.js';
import { openEventStream, type EventStreamHandle } from './event-stream.js';

// The live change stream of the tab that replicates: opened once this tab leads, reopened
// when the browser comes back online, closed on a 401 or on stop.

export type LiveStream = {
  open(): void;
  close(): void;
};

export function liveStream(options: {
  url: string;
  fetch: typeof fetch;
  retryMs: number;
  getToken: () => string | null;
  /** Opened or reopened: anything may have been missed meanwhile. */
  onOpen: () => void;
  onChange: (collections: SyncTable[]) => void;
  onError: (kind: 'auth' | 'left' | 'network', message: string) => void;
}): LiveStream {
  let stream: EventStreamHandle | null = null;
  return {
    open() {
      stream?.close();
      stream = openEventStream({
        url: options.url,
        fetch: options.fetch,
        retryMs: options.retryMs,
        headers: () => {
          const token = options.getToken();
          return token ? { authorization: `Bearer ${token}` } : null;
        },
        onOpen: options.onOpen,
        onEvent: (event) => {
          if (event.event !== 'change') return;
          options.onChange((JSON.parse(event.data) as { collections: SyncTable[] }).collections);
        },
        onError: (kind, message) => options.onError(kind, message),
      });
    },
    close() {
      stream?.close();
      stream = null;
    },
  };
}
