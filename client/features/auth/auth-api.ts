import { apiJsonParsedLater } from '../../lib/http.js';

// The auth calls of spec section 7, each answer parsed with its shared schema. The schemas (and
// zod) load only once a call is made: the sign-in pages are precached for a first visit, which
// must stay light (decision 043), and a call needs the network anyway.

const schemas = () => import('../../../shared/schemas/auth.js');

export function loginRequest(body: { email: string; password: string; tokenReCap?: string }) {
  return apiJsonParsedLater('/api/auth/login', { method: 'POST', body }, async () => (await schemas()).authResponseSchema);
}

export function registerRequest(body: { username: string; email: string; password: string; tokenReCap: string }) {
  return apiJsonParsedLater('/api/auth/register', { method: 'POST', body }, async () => (await schemas()).authResponseSchema);
}

export function forgotPasswordRequest(body: { email: string }) {
  return apiJsonParsedLater('/api/auth/forgotpassword', { method: 'POST', body }, async () => (await schemas()).authNoticeSchema);
}

export function resetPasswordRequest(resetToken: string, body: { password: string }) {
  return apiJsonParsedLater(`/api/auth/resetpassword/${encodeURIComponent(resetToken)}`, { method: 'PUT', body }, async () => (await schemas()).authNoticeSchema);
}

/** Passkey sign-in (issue 24): the options to hand to the browser, then the login answer. */
export function passkeySignInOptions() {
  return apiJsonParsedLater('/api/auth/passkeys/sign-in/options', { method: 'POST' }, async () => (await import('../../../shared/schemas/passkeys.js')).webAuthnOptionsSchema);
}

export function passkeySignIn(credential: unknown) {
  return apiJsonParsedLater('/api/auth/passkeys/sign-in', { method: 'POST', body: { credential } }, async () => (await schemas()).authResponseSchema);
}
