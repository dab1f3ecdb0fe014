import type { AppDeps } from '../context.js';

// PLACEHOLDER: daily jobs (inactive account deletion, expired captcha/session cleanup).
export function startScheduledJobs(_deps: AppDeps): () => void {
  return () => {};
}
