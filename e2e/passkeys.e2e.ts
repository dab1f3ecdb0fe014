import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../sync-server/test-support/users.js';
import { launchBrowser } from './support/browser.js';
import { startInProcessServer, type InProcessServer } from './support/in-process-server.js';
import { TopBar } from './pages/top-bar.js';

// Passkeys in Chromium with a virtual authenticator (DevTools WebAuthn domain): add one in
// Settings, sign out, sign in with it from /login (the email/password form unchanged), and the
// refusals: a replayed sign-in answer, and an answer made for another origin (a look-alike
// page relaying our options) are both refused by the server.

let browser: Browser;
let server: InProcessServer;
let context: BrowserContext;
let page: Page;
let authenticatorId: string;

// A phone's built-in authenticator: discoverable credentials, the person verified (PIN, face).
const PLATFORM_AUTHENTICATOR = { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } as const;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startInProcessServer('passkeys')]);
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: PLATFORM_AUTHENTICATOR }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedInAs(token: string, userId: string) {
  await page.goto('/frontpage');
  await page.evaluate(([t, u]) => {
    localStorage.setItem('authToken', t!);
    localStorage.setItem('setupTime', String(Date.now()));
    localStorage.setItem('userId', u!);
    localStorage.setItem('username', 'Parent');
  }, [token, userId]);
}

/** Asks the server for sign-in options and has the authenticator answer them on `origin`'s page. */
async function answerOn(other: Page): Promise<unknown> {
  const options = (await (await fetch(`${server.baseUrl}/api/auth/passkeys/sign-in/options`, { method: 'POST' })).json()) as unknown;
  return other.evaluate(async (json) => {
    const o = json as { challenge: string; rpId: string; userVerification: UserVerificationRequirement };
    const bytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const text = (b: ArrayBuffer | null) => (b ? btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : undefined);
    const credential = (await navigator.credentials.get({ publicKey: { challenge: bytes(o.challenge), rpId: o.rpId, userVerification: o.userVerification } })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAssertionResponse;
    return {
      id: credential.id,
      rawId: text(credential.rawId),
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: text(response.clientDataJSON), authenticatorData: text(response.authenticatorData), signature: text(response.signature), userHandle: text(response.userHandle) },
    };
  }, options);
}

const signInCall = (credential: unknown) =>
  fetch(`${server.baseUrl}/api/auth/passkeys/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ credential }) });

describe('passkeys in the browser', () => {
  it('adds a passkey in Settings, then signs in with it instead of the password; replays and other origins are refused', async () => {
    const user = await seedUser(server.deps, { username: 'Parent' });
    await signedInAs(user.token, user.userId);
    await page.goto('/settings');
    const section = page.getByTestId('passkeys');
    await section.getByText('No passkeys yet.').waitFor();
    await section.getByLabel('Passkey name (optional)').fill('My phone');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added. You can now sign in with it.').waitFor();
    await section.getByText('My phone', { exact: true }).waitFor();
    await section.getByText(/Added .*, not used yet/).waitFor();
    await page.screenshot({ path: 'e2e/screenshots/passkeys-settings-390.png', fullPage: false });

    await new TopBar(page).logOut.click();
    await page.waitForURL('**/login');
    // The spec's form, unchanged, with the passkey button beside it.
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
    await page.screenshot({ path: 'e2e/screenshots/passkeys-login-390.png' });

    const answered = page.waitForRequest((request) => request.url().endsWith('/api/auth/passkeys/sign-in') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const signInRequest = await answered;
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => [localStorage.getItem('userId'), Boolean(localStorage.getItem('authToken'))])).toEqual([user.userId, true]);

    // The same answer sent again (a replay): its challenge was spent.
    const replay = await signInCall((signInRequest.postDataJSON() as { credential: unknown }).credential);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: string }).error).toBe('This passkey request has expired or was already used. Please try again.');

    // A look-alike page on another origin (same host name, so the authenticator answers it)
    // relays our options: the answer names its own origin, and the server refuses it.
    const lookalike = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Toy Rotation</title>'));
    await new Promise<void>((resolve) => lookalike.listen(0, '127.0.0.1', resolve));
    try {
      const other = await context.newPage();
      await other.goto(`http://localhost:${(lookalike.address() as AddressInfo).port}/`);
      // The same passkey (a virtual authenticator belongs to one tab, so it is copied over).
      const { credentials } = await (await context.newCDPSession(page)).send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      const otherCdp = await context.newCDPSession(other);
      await otherCdp.send('WebAuthn.enable');
      const copy = await otherCdp.send('WebAuthn.addVirtualAuthenticator', { options: PLATFORM_AUTHENTICATOR });
      await otherCdp.send('WebAuthn.addCredential', { authenticatorId: copy.authenticatorId, credential: credentials[0]! });
      const relayed = await signInCall(await answerOn(other));
      expect(relayed.status).toBe(401);
      expect(((await relayed.json()) as { error: string }).error).toBe('This passkey could not sign you in. Try again, or log in with your email and password.');
    } finally {
      lookalike.closeAllConnections();
      await new Promise<void>((resolve) => lookalike.close(() => resolve()));
    }

    // Removed in Settings, the passkey no longer signs in.
    await page.goto('/settings');
    await section.getByText(/last used/).waitFor();
    await section.getByRole('button', { name: 'Remove My phone' }).click();
    await page.getByText('The passkey was removed.').waitFor();
    await section.getByText('No passkeys yet.').waitFor();
    await new TopBar(page).logOut.click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('This passkey is not known here: it may have been removed. Log in with your email and password.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});
