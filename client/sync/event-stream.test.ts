import { describe, expect, it } from 'vitest';
import { openEventStream, type StreamEvent } from './event-stream.js';

function streamingFetch(chunks: string[], status = 200): typeof fetch {
  return async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        // left open, like a live stream
      },
    });
    return new Response(status === 200 ? body : null, { status });
  };
}

describe('openEventStream', () => {
  it('parses events split across chunks, CRLF lines, multi-line data, and skips heartbeats', async () => {
    const events: StreamEvent[] = [];
    let opened = 0;
    const handle = openEventStream({
      url: 'http://test/stream',
      fetch: streamingFetch([': connected\n\n', 'event: change\nda', 'ta: {"collections":["toys"]}\n\n', ': heartbeat\r\n\r\n', 'data: a\r\ndata: b\r\n\r\n']),
      headers: () => ({ authorization: 'Bearer t' }),
      onOpen: () => opened++,
      onEvent: (event) => events.push(event),
      onError: () => {},
    });
    await new Promise((r) => setTimeout(r, 20));
    handle.close();
    expect(opened).toBe(1);
    expect(events).toEqual([
      { event: 'change', data: '{"collections":["toys"]}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('reports a 401 as an auth error and does not retry; no token means no request', async () => {
    const errors: string[] = [];
    let calls = 0;
    const fetch401: typeof fetch = async (...args) => {
      calls++;
      return streamingFetch([], 401)(...args);
    };
    const handle = openEventStream({
      url: 'http://test/stream',
      fetch: fetch401,
      headers: () => ({}),
      onOpen: () => {},
      onEvent: () => {},
      onError: (kind) => errors.push(kind),
      retryMs: 5,
    });
    await new Promise((r) => setTimeout(r, 40));
    handle.close();
    expect(errors).toEqual(['auth']);
    expect(calls).toBe(1);

    const noToken: string[] = [];
    openEventStream({ url: 'x', fetch: fetch401, headers: () => null, onOpen: () => {}, onEvent: () => {}, onError: (k) => noToken.push(k) });
    expect(noToken).toEqual(['auth']);
    expect(calls).toBe(1);
  });

  it('retries after a network failure', async () => {
    let calls = 0;
    const flaky: typeof fetch = async (...args) => {
      calls++;
      if (calls === 1) throw new TypeError('fetch failed');
      return streamingFetch([': connected\n\n'])(...args);
    };
    let opened = 0;
    const handle = openEventStream({ url: 'x', fetch: flaky, headers: () => ({}), onOpen: () => opened++, onEvent: () => {}, onError: () => {}, retryMs: 5 });
    await new Promise((r) => setTimeout(r, 40));
    handle.close();
    expect(calls).toBe(2);
    expect(opened).toBe(1);
  });
});
