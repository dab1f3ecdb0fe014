import { useState } from 'react';
import type { Household } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import type { HouseholdView } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;
type HouseholdMember = Household['members'][number];
type Pending = { kind: 'remove' | 'owner'; member: HouseholdMember } | null;

/** The members with their roles; the owner may remove a member or hand ownership over. */
export function FamilyMembers({ view, household, selfId, say }: { view: HouseholdView; household: Household; selfId: string | null; say: Say }) {
  const online = useOnline();
  const [confirm, setConfirm] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const isOwner = household.role === 'owner';

  async function act() {
    if (!confirm) return;
    const { kind, member } = confirm;
    setBusy(true);
    try {
      if (kind === 'remove') await view.run((token) => householdApi.remove(token, member.userId));
      else await view.run((token) => householdApi.makeOwner(token, member.userId));
      say(kind === 'remove' ? `${member.username} was removed from ${household.name}.` : `${member.username} is now the owner.`, 'success');
      setConfirm(null);
    } catch (error) {
      say(errorText(error) || 'That did not work. Please try again.', 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h3>Members</h3>
      <ul className="tr-lists__items" aria-label="Members">
        {household.members.map((member) => (
          <li key={member.userId} className="tr-lists__item" data-testid="member">
            <span>
              <span className="tr-lists__name">{member.username}</span>
              {member.userId === selfId && <span className="muted"> (you)</span>}{' '}
              <span className={`tr-badge ${member.role === 'owner' ? 'tr-badge--kept' : ''}`}>{member.role === 'owner' ? 'Owner' : 'Member'}</span>
            </span>
            {isOwner && member.userId !== selfId && (
              <span className="tr-lists__actions">
                <Button variant="ghost" size="small" disabled={!online} onClick={() => setConfirm({ kind: 'owner', member })}>
                  Make owner
                </Button>
                <Button variant="ghost" size="small" disabled={!online} onClick={() => setConfirm({ kind: 'remove', member })}>
                  Remove
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {confirm && (
        <div className={`alert ${confirm.kind === 'remove' ? 'alert--danger' : 'alert--warning'} tr-confirm`} role="group" aria-label="Confirm">
          <p>
            {confirm.kind === 'remove'
              ? `Remove ${confirm.member.username} from ${household.name}? They will no longer see or change the family's toys, and their devices remove them at once. Their own changes made before now stay with the family.`
              : `Make ${confirm.member.username} the owner of ${household.name}? The owner removes members, hands ownership on and can delete the household; you stay a member and can no longer remove anyone. Billing does not move: a Premium subscription stays with the account that pays for it, which keeps managing it under Plans and pricing.`}
          </p>
          <div className="row">
            <Button variant={confirm.kind === 'remove' ? 'danger' : 'primary'} size="small" busy={busy} onClick={() => void act()}>
              {confirm.kind === 'remove' ? `Yes, remove ${confirm.member.username}` : `Yes, make ${confirm.member.username} owner`}
            </Button>
            <Button variant="secondary" size="small" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
