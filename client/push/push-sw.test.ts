import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

// client/public/push-sw.js, run in a stand-in for the service worker's global scope: what a
// push shows, and where a tap goes (the browser test covers the real worker in Chromium).

const source = fs.readFileSync(path.join(import.meta.dirname, '../public/push-sw.js'), 'utf8');
const ORIGIN = 'https://toys.example';

type Window = { url: string; navigate: (url: string) => Promise<Window | null>; focus: () => Promise<Window> };

function worker(windows: Window[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const scope = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: (title: string, options: Record<string, unknown>) => Promise.resolve(void shown.push({ title, options })) },
    clients: { matchAll: () => Promise.resolve(windows), openWindow: (url: string) => Promise.resolve(void opened.push(url)) },
    URL,
  };
  vm.runInNewContext(source, { self: scope, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { dispatch, shown, opened };
}

const pushEvent = (data: unknown) => ({ data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });

describe('the push part of the service worker', () => {
  it("shows the server's message, tagged per child", async () => {
    const sw = worker();
    await sw.dispatch('push', pushEvent({ title: 'Toy rotation due', body: 'For Ada', tag: 'rotation-due-first-child', url: '/rotation?child=first-child' }));
    expect(sw.shown).toEqual([{ title: 'Toy rotation due', options: expect.objectContaining({ body: 'For Ada', tag: 'rotation-due-first-child', data: { url: '/rotation?child=first-child' } }) }]);
  });

  it('shows a plain reminder for a message it cannot read, and never links outside the app', async () => {
    const sw = worker();
    await sw.dispatch('push', pushEvent('not json'));
    await sw.dispatch('push', pushEvent({ title: 'x', body: 'y', tag: 't', url: 'https://evil.example/' }));
    expect(sw.shown.map((n) => n.options.data)).toEqual([{ url: '/rotation' }, { url: '/rotation' }]);
  });

  it("a tap navigates an open window of the app there, or opens one", async () => {
    const navigated: string[] = [];
    const open: Window = { url: `${ORIGIN}/inventory`, navigate: (url) => {
        navigated.push(url);
        return Promise.resolve(open);
      },
      focus: () => Promise.resolve(open) };
    const closed = { close: () => {}, data: { url: '/rotation?child=max' } };
    const withWindow = worker([{ url: 'https://other.example/', navigate: () => Promise.reject(new Error('no')), focus: () => Promise.reject(new Error('no')) }, open]);
    await withWindow.dispatch('notificationclick', { notification: closed });
    expect(navigated).toEqual([`${ORIGIN}/rotation?child=max`]);
    expect(withWindow.opened).toEqual([]);

    const none = worker([]);
    await none.dispatch('notificationclick', { notification: closed });
    expect(none.opened).toEqual([`${ORIGIN}/rotation?child=max`]);
  });
});
