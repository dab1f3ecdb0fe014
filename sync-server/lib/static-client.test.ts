import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staticClient } from './static-client.js';

// The built client's pages: a public page gets the HTML the build rendered for it
// (shared/prerendered-pages.ts), other routes the app shell, other addresses the "not found" page.

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-client-'));
  for (const file of ['index.html', 'frontpage.html', 'resetpassword.html', 'RecoverPassword.html', '404.html']) {
    fs.writeFileSync(path.join(dir, file), `<p>${file}</p>`);
  }
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const get = async (pathname: string) => {
  const res = await staticClient(dir).request(pathname, { headers: { accept: 'text/html' } });
  return { status: res.status, body: await res.text() };
};

describe('staticClient pages', () => {
  it('sends each prerendered page for its route, parameters and a trailing slash included', async () => {
    expect(await get('/frontpage')).toEqual({ status: 200, body: '<p>frontpage.html</p>' });
    expect(await get('/frontpage/')).toEqual({ status: 200, body: '<p>frontpage.html</p>' });
    expect(await get('/resetpassword/abc123')).toEqual({ status: 200, body: '<p>resetpassword.html</p>' });
    expect(await get('/RecoverPassword')).toEqual({ status: 200, body: '<p>RecoverPassword.html</p>' });
  });

  it('sends the app shell for / and the signed-in screens, and for a page an older build did not render', async () => {
    expect(await get('/')).toEqual({ status: 200, body: '<p>index.html</p>' });
    expect(await get('/inventory')).toEqual({ status: 200, body: '<p>index.html</p>' });
    expect(await get('/join/code')).toEqual({ status: 200, body: '<p>index.html</p>' });
    expect(await get('/login')).toEqual({ status: 200, body: '<p>index.html</p>' });
  });

  it('answers any other page address with the "not found" page and 404 (the shell when there is none)', async () => {
    expect(await get('/no/such/page')).toEqual({ status: 404, body: '<p>404.html</p>' });
    expect(await get('/recoverpassword')).toEqual({ status: 404, body: '<p>404.html</p>' });
    fs.rmSync(path.join(dir, '404.html'));
    expect(await get('/no/such/page')).toEqual({ status: 404, body: '<p>index.html</p>' });
  });
});
