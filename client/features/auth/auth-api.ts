import { apiJson } from '../../lib/http.js';
import { authNoticeSchema, authResponseSchema } from '../../../shared/schemas/auth.js';

// The auth calls of spec section 7, each answer parsed with its shared schema.

export function loginRequest(body: { email: string; password: string; tokenReCap?: string }) {
  return apiJson('/api/auth/login', { method: 'POST', body, schema: authResponseSchema });
}

export function registerRequest(body: { username: string; email: string; password: string; tokenReCap: string }) {
  return apiJson('/api/auth/register', { method: 'POST', body, schema: authResponseSchema });
}

export function forgotPasswordRequest(body: { email: string }) {
  return apiJson('/api/auth/forgotpassword', { method: 'POST', body, schema: authNoticeSchema });
}

export function resetPasswordRequest(resetToken: string, body: { password: string }) {
  return apiJson(`/api/auth/resetpassword/${encodeURIComponent(resetToken)}`, { method: 'PUT', body, schema: authNoticeSchema });
}
