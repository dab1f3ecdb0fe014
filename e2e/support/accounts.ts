import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

// Accounts for tests that are not about registering: the captcha is solved in Node with
// altcha-lib (the same proof of work the widget does) and the register call made directly.

export type Account = { username: string; email: string; password: string; token: string; userId: string };

export function newCredentials(prefix = 'parent') {
  const id = randomUUID().slice(0, 8);
  return { username: `${prefix}-${id}`, email: `${prefix}-${id}@example.com`, password: `Blocks-${id}-Teddy` };
}

export async function solveCaptcha(): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl()}/api/auth/captcha`)).json()) as {
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

export async function createAccount(prefix = 'parent'): Promise<Account> {
  const credentials = newCredentials(prefix);
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, tokenReCap: await solveCaptcha() }),
  });
  const body = (await response.json()) as { token?: string; userId?: string; error?: string };
  if (!response.ok || !body.token || !body.userId) throw new Error(`register failed: ${response.status} ${body.error ?? ''}`);
  return { ...credentials, token: body.token, userId: body.userId };
}

/** Signs a page in the way the app does after login (same local storage keys), then opens `path`. */
export async function signIn(page: Page, account: Account, path = '/'): Promise<void> {
  await page.goto('/frontpage');
  await page.evaluate((a) => {
    localStorage.setItem('authToken', a.token);
    localStorage.setItem('setupTime', String(Date.now()));
    localStorage.setItem('userId', a.userId);
    localStorage.setItem('username', a.username);
  }, account);
  await page.goto(path);
}
