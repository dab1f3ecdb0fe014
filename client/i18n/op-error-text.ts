import type { OpError } from '../db/ops/errors.js';
import { formatNumber } from './format.js';
import { i18n } from './i18n.js';
import { localizeMessage } from './server-messages.js';

// A local operation's refusal in the language shown (decision 056): by its key when it has one,
// else by its English (the shared rules' refusals) in `ops`; a refusal the app does not know
// (a shared schema's rule) is looked up like a server text (server-messages.ts), else shown as it is.

/** The refusal in the language shown. */
export function opErrorText(error: OpError): string {
  if (error.words) {
    const values = Object.fromEntries(Object.entries(error.words.values).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value) : value]));
    return i18n.t(`ops:${error.words.key}` as never, values);
  }
  const english = i18n.getResourceBundle('en', 'ops') as Record<string, string> | undefined;
  const key = english && Object.keys(english).find((k) => english[k] === error.message);
  // Else a shared schema's own rule ("Title is required"), or shown as it is.
  return key ? i18n.t(`ops:${key}` as never) : localizeMessage(error.message);
}
