import type { CreatedInvite, InviteAbout } from '../../../shared/schemas/household.js';
import { HOUSEHOLD_MESSAGES } from '../../../shared/schemas/household.js';
import type { AppDeps } from '../../context.js';
import type { DB } from '../../db/database.js';
import type { Transaction } from 'kysely';
import type { Database, HouseholdId } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Language } from '../../../shared/languages.js';
import { emailLanguage, emailText } from '../../i18n/emails.js';
import { accountLanguage } from '../../i18n/recipient-language.js';
import type { Mail } from '../mailer.js';

/** An invite works for a week, once. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Open invites one household may hold at once (each is a way in: keep them few). */
const MAX_OPEN_INVITES = 20;
/** Length of the listed invite id (the start of the code's SHA-256, hex). */
const INVITE_ID_LENGTH = 16;

function inviteUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}/join/${code}`;
}

function inviteMail(appUrl: string, to: string, inviterName: string, householdName: string, code: string, language: Language): Mail {
  const t = emailText(language);
  // Names are typed by people: no line breaks in a mail header.
  const names = { inviter: inviterName.replace(/\s+/g, ' '), household: householdName.replace(/\s+/g, ' ') };
  return {
    to,
    subject: t('invite.subject', names),
    text: [t('invite.invites', names), '', t('invite.open'), inviteUrl(appUrl, code), '', t('invite.ignore')].join('\n'),
    language,
  };
}

/**
 * A new invite to the household: a code of 256 random bits, shown once (only its hash is
 * stored), valid for 7 days and one use. With an email, the link is also mailed there.
 */
export async function createInvite(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now' | 'log'>,
  householdId: HouseholdId,
  creator: { id: string; username: string },
  email: string | undefined,
  /** The language of the request that made the invite (null: none the app ships). */
  askedIn: Language | null = null,
): Promise<CreatedInvite> {
  const now = deps.now();
  const code = newToken();
  const expiresAt = now + INVITE_TTL_MS;
  await deps.db.transaction().execute(async (trx) => {
    // Over the cap, the oldest open invites are revoked: a household never holds many live codes.
    const open = await trx
      .selectFrom('invites')
      .select('code_hash')
      .where('household_id', '=', householdId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    const surplus = open.slice(MAX_OPEN_INVITES - 1).map((row) => row.code_hash);
    if (surplus.length > 0) await trx.updateTable('invites').set({ revoked_at: now }).where('code_hash', 'in', surplus).execute();
    await trx
      .insertInto('invites')
      .values({
        code_hash: hashToken(code),
        household_id: householdId,
        created_by: creator.id,
        email: email ?? null,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
        used_by: null,
        revoked_at: null,
      })
      .execute();
  });
  const answer: CreatedInvite = { code, url: inviteUrl(deps.env.APP_URL, code), expiresAt };
  if (email) {
    const household = await deps.db.selectFrom('households').select('name').where('id', '=', householdId).executeTakeFirstOrThrow();
    // The invited person's language if they have an account; otherwise the inviting request's
    // (the app sends the language it shows), then the inviter's account's.
    const inviter = await deps.db.selectFrom('users').select('language').where('id', '=', creator.id).executeTakeFirst();
    const language = emailLanguage(await accountLanguage(deps.db, email), askedIn, inviter?.language);
    try {
      await deps.mailer.send(inviteMail(deps.env.APP_URL, email, creator.username, household.name, code, language));
      answer.emailed = true;
    } catch (error) {
      deps.log(`invite mail to ${email} failed: ${error instanceof Error ? error.message : String(error)}`);
      answer.emailed = false;
    }
  }
  return answer;
}

export async function listInvites(deps: Pick<AppDeps, 'db' | 'now'>, householdId: HouseholdId) {
  const rows = await deps.db
    .selectFrom('invites')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', deps.now())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.code_hash.slice(0, INVITE_ID_LENGTH),
    email: row.email,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  }));
}

/** DELETE /api/household/invites/{code}: by the code, or by the id the list shows; only this household's. */
export async function revokeInvite(deps: Pick<AppDeps, 'db' | 'now'>, householdId: HouseholdId, codeOrId: string): Promise<void> {
  const isListedId = new RegExp(`^[a-f0-9]{${INVITE_ID_LENGTH}}$`).test(codeOrId);
  let query = deps.db
    .updateTable('invites')
    .set({ revoked_at: deps.now() })
    .where('household_id', '=', householdId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  query = isListedId ? query.where('code_hash', 'like', `${codeOrId}%`) : query.where('code_hash', '=', hashToken(codeOrId));
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(HOUSEHOLD_MESSAGES.inviteNotFound);
}

/**
 * Every open invite of a household that is left without members (its last member joined
 * another household): nobody could welcome a person joining through one, and the household
 * is either kept for that person or emptied into the one they joined.
 */
export async function revokeOpenInvites(trx: Transaction<Database>, householdId: HouseholdId, now: number): Promise<void> {
  await trx
    .updateTable('invites')
    .set({ revoked_at: now })
    .where('household_id', '=', householdId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * A live invite by its code, or a 404 (unknown, used, revoked and expired alike). An invite of
 * a household kept for someone who left it behind (`kept_for`) or emptied by a join with the
 * toys (`moved_to`) is dead too: that household has no members to join (decision 016).
 */
export async function findLiveInvite(db: DB | Transaction<Database>, code: string, now: number) {
  const row = await db
    .selectFrom('invites')
    .innerJoin('households', 'households.id', 'invites.household_id')
    .selectAll('invites')
    .where('invites.code_hash', '=', hashToken(code))
    .where('invites.used_at', 'is', null)
    .where('invites.revoked_at', 'is', null)
    .where('invites.expires_at', '>', now)
    .where('households.kept_for', 'is', null)
    .where('households.moved_to', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(HOUSEHOLD_MESSAGES.inviteInvalid);
  return row;
}

/**
 * What a live invite leads to, for the join page: the family's name and who invited. Anyone
 * holding the code may ask (it is the secret, 256 random bits; the holder could join anyway),
 * signed in or not; an invite that does not work is the same 404 as joining with it.
 */
export async function aboutInvite(db: DB, code: string, now: number): Promise<InviteAbout> {
  const invite = await findLiveInvite(db, code, now);
  const [household, inviter] = await Promise.all([
    db.selectFrom('households').select('name').where('id', '=', invite.household_id).executeTakeFirstOrThrow(),
    db.selectFrom('users').select('username').where('id', '=', invite.created_by).executeTakeFirst(),
  ]);
  return { householdName: household.name, invitedBy: inviter?.username ?? null, expiresAt: Number(invite.expires_at) };
}
