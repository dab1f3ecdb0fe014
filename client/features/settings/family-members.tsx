import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Household } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import type { HouseholdView } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText } from '../../i18n/server-messages.js';
import { householdApi } from '../../session/household-api.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;
type HouseholdMember = Household['members'][number];
type Pending = { kind: 'remove' | 'owner'; member: HouseholdMember } | null;

/** The members with their roles; the owner may remove a member or hand ownership over. */
export function FamilyMembers({ view, household, selfId, say }: { view: HouseholdView; household: Household; selfId: string | null; say: Say }) {
  const { t } = useTranslation('settings');
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
      say(kind === 'remove' ? t('members.removed', { name: member.username, household: household.name }) : t('members.nowOwner', { name: member.username }), 'success');
      setConfirm(null);
    } catch (error) {
      say(errorText(error) || t('members.failed'), 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h3>{t('members.title')}</h3>
      <ul className="tr-lists__items" aria-label={t('members.title')}>
        {household.members.map((member) => (
          <li key={member.userId} className="tr-lists__item" data-testid="member">
            <span>
              <span className="tr-lists__name">{member.username}</span>
              {member.userId === selfId && <span className="muted"> {t('members.you')}</span>}{' '}
              <span className={`tr-badge ${member.role === 'owner' ? 'tr-badge--kept' : ''}`}>{member.role === 'owner' ? t('members.owner') : t('members.member')}</span>
            </span>
            {isOwner && member.userId !== selfId && (
              <span className="tr-lists__actions">
                <Button variant="ghost" size="small" disabled={!online} onClick={() => setConfirm({ kind: 'owner', member })}>
                  {t('members.makeOwner')}
                </Button>
                <Button variant="ghost" size="small" disabled={!online} onClick={() => setConfirm({ kind: 'remove', member })}>
                  {t('actions.remove')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {confirm && (
        <div className={`alert ${confirm.kind === 'remove' ? 'alert--danger' : 'alert--warning'} tr-confirm`} role="group" aria-label={t('members.confirmLabel')}>
          <p>
            {t(confirm.kind === 'remove' ? 'members.confirmRemove' : 'members.confirmOwner', { name: confirm.member.username, household: household.name })}
          </p>
          <div className="row">
            <Button variant={confirm.kind === 'remove' ? 'danger' : 'primary'} size="small" busy={busy} onClick={() => void act()}>
              {t(confirm.kind === 'remove' ? 'members.yesRemove' : 'members.yesOwner', { name: confirm.member.username })}
            </Button>
            <Button variant="secondary" size="small" onClick={() => setConfirm(null)}>
              {t('actions.cancel')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
