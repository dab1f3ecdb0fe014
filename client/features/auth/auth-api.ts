import { apiJson } from '../../app/api';
import type { AuthResponse } from '../../app/session-store';

// The auth calls of spec section 7; responses carry the fields the spec says are read.

export function loginRequest(body: { email: string; password: string }) {
  return apiJson<AuthResponse>('/api/auth/login', { method: 'POST', body });
}

export function registerRequest(body: { username: string; email: string; password: string; tokenReCap: string }) {
  return apiJson<AuthResponse>('/api/auth/register', { method: 'POST', body });
}

export function forgotPasswordRequest(body: { email: string }) {
  return apiJson<{ data?: string }>('/api/auth/forgotpassword', { method: 'POST', body });
}

export function resetPasswordRequest(resetToken: string, body: { password: string }) {
  return apiJson<{ data?: string }>(`/api/auth/resetpassword/${encodeURIComponent(resetToken)}`, { method: 'PUT', body });
}
