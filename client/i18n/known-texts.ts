import { i18n } from './i18n.js';
import { localizeMessage } from './server-messages.js';

// Texts a server (or shared code) sends in English, the spec's wording, that one screen knows:
// its namespace keeps them in a group (`join:server`, `contact:server`...) under the same English
// text, so the screen shows them in the language chosen. The texts any call can answer (too many
// attempts, the database down...) are the app's general ones (`common:server`); an unknown text
// shows as it came.

/** `text` in the language shown when `group` ("namespace:path") or `common:server` has it in English, else `text`. */
export function knownText(group: string, text: string): string {
  const [namespace = '', path = ''] = group.split(':');
  const english = i18n.getResource('en', namespace, path) as Record<string, string> | undefined;
  const key = english && Object.keys(english).find((k) => english[k] === text);
  return key ? String(i18n.t(`${namespace}:${path}.${key}` as never)) : localizeMessage(text);
}
