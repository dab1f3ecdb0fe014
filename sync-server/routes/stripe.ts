import { Hono } from 'hono';
import type { AppDeps } from '../context.js';

// PLACEHOLDER: replaced by the owner of this sub-app.
export function stripeRoutes(_deps: AppDeps) {
  return new Hono();
}
