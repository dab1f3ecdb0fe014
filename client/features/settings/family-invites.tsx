import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { CreatedInvite } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import type { HouseholdView } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import { InviteShare, inviteExpiry } from './invite-share.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;

/** Creating, sharing and revoking invites (issue 13). Needs the network; says so when it is off. */
export function FamilyInvites({ view, say }: { view: HouseholdView; say: Say }) {
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
      if (to && invite.emailed === false) say(`The email to ${to} could not be sent. Share the link below instead.`, 'danger');
      else say(to ? `Invite sent to ${to}. You can also share the link below.` : 'Invite created. Share the link below.', 'success');
      await load();
    } catch (error) {
      say(errorText(error) || 'The invite could not be created. Please try again.', 'danger');
    } finally {
      setBusy(null);
    }
  }

  async function revoke(id: string) {
    setBusy(id);
    try {
      await run((token) => householdApi.revoke(token, id));
      setCreated(null); // its link may be the one just revoked
      say('Invite revoked. Its link no longer works.', 'success');
      await load();
    } catch (error) {
      say(errorText(error) || 'The invite could not be revoked. Please try again.', 'danger');
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="tr-family__invites">
      <h3>Invite someone</h3>
      <p className="muted">
        A partner, a grandparent, a nanny: everyone in the family sees and edits the same toys. An invite works once and
        for 7 days.
      </p>
      {!online && <p className="alert alert--warning">You are offline. Inviting needs an internet connection.</p>}
      <form className="tr-family__invite-form" onSubmit={(event) => void create(event)}>
        <TextField
          label="Their email (optional)"
          hint="Leave it empty to get a link, or enter an address and we email the invite."
          type="email"
          name="invite-email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={busy === 'create'} disabled={!online}>
          {email.trim() ? 'Send invite' : 'Invite'}
        </Button>
      </form>
      {created && household && <InviteShare invite={created} householdName={household.name} />}
      {invites && invites.length > 0 && (
        <>
          <h3>Open invites</h3>
          <ul className="tr-lists__items" aria-label="Open invites">
            {invites.map((invite) => (
              <li key={invite.id} className="tr-lists__item">
                <span>
                  <span className="tr-lists__name">{invite.email || 'Invite link'}</span>{' '}
                  <span className="muted">{inviteExpiry(invite.expiresAt)}</span>
                </span>
                <Button
                  variant="ghost"
                  size="small"
                  busy={busy === invite.id}
                  disabled={!online}
                  aria-label={`Revoke invite ${invite.email || `made ${new Date(invite.createdAt).toLocaleString('en-US')}`}`}
                  onClick={() => void revoke(invite.id)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
