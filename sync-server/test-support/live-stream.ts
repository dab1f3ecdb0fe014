import { expect } from 'vitest';
import { jsonRequest, type TestApp } from './test-app.js';

// A live sync stream (GET /api/sync/stream) opened in process, as a device holds one.

export type OpenStream = { reader: ReadableStreamDefaultReader<Uint8Array>; controller: AbortController };

export async function openStream(t: TestApp, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await t.app.request('/api/sync/stream', { ...jsonRequest('GET', undefined, token), signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
  return { reader, controller };
}

/** True when the stream ends within the time (reading past any events still queued). */
export async function endsWithin(open: OpenStream, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const next = await Promise.race([open.reader.read(), new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), left))]);
    if (next === 'timeout') return false;
    if (next.done) return true;
  }
}

/** The device goes away: the server's side of the stream ends and gives its slot back. */
export function closeStream(open: OpenStream): void {
  void open.reader.cancel().catch(() => {});
  open.controller.abort();
}
