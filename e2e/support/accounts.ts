import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import type { Page } from 'playwright-core';
import { baseUrl, waitForTakeOver } from './browser.js';

// Accounts for tests that are not about registering: the captcha is solved in Node with
// altcha-lib (the same proof of work the widget does) and the register call made directly.

export type Account = { username: string; email: string; password: string; token: string; userId: string };

export function newCredentials(prefix = 'parent') {
  const id = randomUUID().slice(0, 8);
  return { username: `${prefix}-${id}`, email: `${prefix}-${id}@example.com`, password: `Blocks-${id}-Teddy` };
}

async function solveCaptcha(base = baseUrl()): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/auth/captcha`)).json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber?: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('could not solve the captcha');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature, took: solution.took };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A new account on the shared e2e server (or on `base`, a server of the test's own). */
export async function createAccount(prefix = 'parent', base = baseUrl()): Promise<Account> {
  const credentials = newCredentials(prefix);
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    // A documentation address of its own (the e2e server trusts one proxy hop): see global-setup.ts.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` },
    body: JSON.stringify({ ...credentials, tokenReCap: await solveCaptcha(base) }),
  });
  const body = (await response.json()) as { token?: string; userId?: string; error?: string };
  if (!response.ok || !body.token || !body.userId) throw new Error(`register failed: ${response.status} ${body.error ?? ''}`);
  return { ...credentials, token: body.token, userId: body.userId };
}

/** Signs a page in the way the app does after login (same local storage keys), then opens `path`. */
export async function signIn(page: Page, account: Account, path = '/'): Promise<void> {
  await page.goto('/frontpage');
  // Not while React takes the prerendered page over: a session appearing mid-way would render
  // a signed-in page against the visitor's HTML (a hydration mismatch no person can cause).
  await waitForTakeOver(page);
  await page.evaluate((a) => {
    localStorage.setItem('authToken', a.token);
    localStorage.setItem('setupTime', String(Date.now()));
    localStorage.setItem('userId', a.userId);
    localStorage.setItem('username', a.username);
  }, account);
  await page.goto(path);
}
