import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedInvite } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import type { HouseholdView } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText } from '../../i18n/server-messages.js';
import { householdApi } from '../../session/household-api.js';
import { InviteShare, inviteExpiry } from './invite-share.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { DATE_STYLES, formatDate } from '../../i18n/format.js';

type Say = ShowMessage;

/** Creating, sharing and revoking invites (issue 13). Needs the network; says so when it is off. */
export function FamilyInvites({ view, say }: { view: HouseholdView; say: Say }) {
  const { t } = useTranslation('settings');
  const online = useOnline();
  const { household, run } = view;
  const [invites, setInvites] = useState<Awaited<ReturnType<typeof householdApi.invites>> | null>(null);
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setInvites(await run(householdApi.invites));
    } catch (error) {
      console.warn('Could not load the invites', error);
    }
  }, [run]);

  useEffect(() => {
    // Loaded from the server on open and when the network is back (an external store).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the answer arrives asynchronously
    if (online) void load();
  }, [online, load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const to = email.trim();
    setBusy('create');
    try {
      const invite = await run((token) => householdApi.invite(token, to || undefined));
      setCreated(invite);
      setEmail('');
      if (to && invite.emailed === false) say(t('invites.notEmailed', { email: to }), 'danger');
      else say(to ? t('invites.sent', { email: to }) : t('invites.created'), 'success');
      await load();
    } catch (error) {
      say(errorText(error) || t('invites.createFailed'), 'danger');
    } finally {
      setBusy(null);
    }
  }

  async function revoke(id: string) {
    setBusy(id);
    try {
      await run((token) => householdApi.revoke(token, id));
      setCreated(null); // its link may be the one just revoked
      say(t('invites.revoked'), 'success');
      await load();
    } catch (error) {
      say(errorText(error) || t('invites.revokeFailed'), 'danger');
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="tr-family__invites">
      <h3>{t('invites.title')}</h3>
      <p className="muted">{t('invites.intro')}</p>
      {!online && <p className="alert alert--warning">{t('invites.offline')}</p>}
      <form className="tr-family__invite-form" onSubmit={(event) => void create(event)}>
        <TextField
          label={t('invites.email')}
          hint={t('invites.emailHint')}
          type="email"
          name="invite-email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={busy === 'create'} disabled={!online}>
          {email.trim() ? t('invites.send') : t('invites.invite')}
        </Button>
      </form>
      {created && household && <InviteShare invite={created} householdName={household.name} />}
      {invites && invites.length > 0 && (
        <>
          <h3>{t('invites.open')}</h3>
          <ul className="tr-lists__items" aria-label={t('invites.open')}>
            {invites.map((invite) => (
              <li key={invite.id} className="tr-lists__item">
                <span>
                  <span className="tr-lists__name">{invite.email || t('invites.link')}</span>{' '}
                  <span className="muted">{inviteExpiry(invite.expiresAt)}</span>
                </span>
                <Button
                  variant="ghost"
                  size="small"
                  busy={busy === invite.id}
                  disabled={!online}
                  aria-label={t('invites.revokeLabel', { what: invite.email || t('invites.madeAt', { date: formatDate(invite.createdAt, DATE_STYLES.dateTime) }) })}
                  onClick={() => void revoke(invite.id)}
                >
                  {t('invites.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
