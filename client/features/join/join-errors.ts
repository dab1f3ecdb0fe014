import { ApiError } from '../../lib/http.js';
import { knownText } from '../../i18n/known-texts.js';
import { errorText } from '../../i18n/server-messages.js';

// The server answers an invite or a join in English (the spec's wording). The refusals a person
// meets on the join page are in `join:server` under that same English text, so they show in
// the language chosen; other texts go through the app's common server messages.

/** The message the join page shows for a failed call ('' when there is nothing to say). */
export function joinErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const known = knownText('join:server', error.message);
  return known !== error.message ? known : errorText(error);
}
