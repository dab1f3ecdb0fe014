import type { AppDeps } from '../context.js';
import { householdOwner } from '../services/household/household-owner.js';
import { unsubscribeLinkOwner } from '../services/practice/unsubscribe-links.js';
import { emailLanguage, emailText, requestLanguage } from './emails.js';

// The page a reminder email's unsubscribe link opens (decision 028) continues that email: it is
// in the language the email was written in, the household owner's (decision 050); for a link
// that no longer leads to anyone, the browser's; else English.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type UnsubscribePage = 'ask' | 'done' | 'ended';

/** The owner's language of the household this link unsubscribes, or null. */
async function ownerLanguage(deps: AppDeps, token: string): Promise<string | null> {
  const householdId = await unsubscribeLinkOwner(deps, token);
  if (householdId === null) return null;
  return (await householdOwner(deps.db, householdId))?.language ?? null;
}

/** The language of the pages of this link: ask it before acting (a used link may lead nowhere). */
export async function unsubscribePageLanguage(deps: AppDeps, token: string, acceptLanguage: string | undefined) {
  return emailLanguage(await ownerLanguage(deps, token), requestLanguage(acceptLanguage));
}

/** A minimal page of our own (no app shell): the link is opened from an email, often signed out. */
export function unsubscribePage(kind: UnsubscribePage, language: ReturnType<typeof emailLanguage>): string {
  const t = (key: string) => escapeHtml(emailText(language)(`unsubscribePage.${key}`));
  const body =
    kind === 'ask'
      ? `<h1>${t('title')}</h1><p>${t('ask')}</p><form method="post"><button type="submit">${t('button')}</button></form>`
      : kind === 'done'
        ? `<p>${t('done')}</p>`
        : `<h1>${t('endedTitle')}</h1><p>${t('ended')}</p>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Toy Rotation</title></head><body>${body}</body></html>`;
}
