// A small Server-Sent-Events client over fetch. Unlike the browser's EventSource it can send
// the bearer token in a header and sees the response status, so a 401 pauses sync instead of
// reconnecting forever. Works in browsers and in Node (tests, benchmark).

import { browserOffline, retryDelay } from './offline-wait.js';

export type StreamEvent = { event: string; data: string };

export type EventStreamOptions = {
  url: string;
  fetch: typeof fetch;
  headers: () => Record<string, string> | null;
  onOpen: () => void;
  onEvent: (event: StreamEvent) => void;
  /**
   * 'auth': the server said 401 (the stream stops); 'left': 403 with `household: "left"`, the
   * person is no longer a member (the stream stops); 'network': it retries by itself.
   */
  onError: (kind: 'auth' | 'left' | 'network', message: string) => void;
  retryMs?: number;
};

export type EventStreamHandle = { close(): void };

export function openEventStream(options: EventStreamOptions): EventStreamHandle {
  let closed = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const retryMs = options.retryMs ?? 3000;
  let failures = 0;

  // Backs off while the server does not answer; while the browser is offline it does not retry
  // at all: the owner reopens the stream on the `online` event (live-stream.ts, start-sync.ts).
  const scheduleRetry = () => {
    if (closed || browserOffline()) return;
    failures += 1;
    retryTimer = setTimeout(() => void connect(), retryDelay(failures, retryMs));
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const headers = options.headers();
    if (!headers) return options.onError('auth', 'No session');
    controller = new AbortController();
    try {
      const response = await options.fetch(options.url, {
        headers: { ...headers, accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        await response.body?.cancel();
        return options.onError('auth', 'Sign in to sync');
      }
      if (response.status === 403) {
        const body: unknown = await response.json().catch(() => null);
        if (body && typeof body === 'object' && 'household' in body && body.household === 'left') {
          const message = 'error' in body && typeof body.error === 'string' ? body.error : '';
          return options.onError('left', message);
        }
        throw new Error(`stream answered ${response.status}`);
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new Error(`stream answered ${response.status}`);
      }
      failures = 0;
      options.onOpen();
      await readEvents(response.body, options.onEvent);
      if (!closed) throw new Error('stream ended');
    } catch (error) {
      if (closed) return;
      options.onError('network', error instanceof Error ? error.message : String(error));
      scheduleRetry();
    }
  }

  void connect();
  return {
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      controller?.abort();
    },
  };
}

/** Parses the text/event-stream format: `event:` and `data:` lines, a blank line ends one. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r?\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
      if (line === '') {
        if (data.length > 0) onEvent({ event, data: data.join('\n') });
        event = 'message';
        data = [];
      } else if (line.startsWith(':')) {
        // a comment: the server's heartbeat
      } else {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
  }
}
