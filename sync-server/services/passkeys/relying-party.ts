import type { Env } from '../../env.js';

/**
 * Who passkeys are for: the app's address (APP_URL). A passkey made for one host works only
 * there, and the browser says which page asked (the origin), which must be the app's own:
 * a look-alike site cannot use them.
 */
export function relyingParty(env: Pick<Env, 'APP_URL'>) {
  const url = new URL(env.APP_URL);
  return { rpName: 'Toy Rotation', rpID: url.hostname, origin: url.origin };
}
