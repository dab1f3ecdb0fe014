import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOUSEHOLD_NAME_MAX } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { Spinner } from '../../components/spinner.js';
import { useHouseholdData } from '../../session/session.js';
import { useHousehold } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText } from '../../i18n/server-messages.js';
import { householdApi } from '../../session/household-api.js';
import { useSession } from '../../session/session.js';
import { useSessionEnded } from '../../hooks/use-session-ended.js';
import { FamilyDelete } from './family-delete.js';
import { SignInAgainNote } from './sign-in-again-note.js';
import { FamilyInvites } from './family-invites.js';
import { FamilyLeave } from './family-leave.js';
import { FamilyMembers } from './family-members.js';
import { KeptDataList } from './kept-data-list.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;

/** Settings -> Family (issue 13): the household's name, members, invites, leaving it, and (the owner) deleting it. */
export function FamilySection({ say }: { say: Say }) {
  const { t } = useTranslation('settings');
  const view = useHousehold();
  const { household } = view;
  const { userId, signInAgain } = useSession();
  const needsSignIn = useSessionEnded();
  const { kept } = useHouseholdData();
  const online = useOnline();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const next = (name ?? '').trim();
    if (!household || next === household.name) return setName(null);
    if (!next) return say(t('family.nameRequired'), 'danger');
    setBusy(true);
    try {
      await view.run((token) => householdApi.rename(token, next));
      setName(null);
      say(t('family.renamed', { name: next }), 'success');
    } catch (error) {
      say(errorText(error) || t('family.renameFailed'), 'danger');
    } finally {
      setBusy(false);
    }
  }

  if (!household) {
    return (
      <>
        {needsSignIn ? (
          <SignInAgainNote what={t('family.signInFor')} onSignIn={signInAgain} />
        ) : online ? (
          <Spinner label={t('family.loading')} />
        ) : (
          <p className="muted">{t('family.notYet')}</p>
        )}
        {kept.length > 0 && <KeptDataList say={say} />}
      </>
    );
  }

  return (
    <div className="tr-family">
      {name === null ? (
        <div className="tr-family__name">
          <p>
            <span className="muted">{t('family.name')}</span>
            <br />
            <strong data-testid="household-name">{household.name}</strong>
          </p>
          <Button variant="secondary" size="small" disabled={!online} onClick={() => setName(household.name)}>
            {t('family.rename')}
          </Button>
        </div>
      ) : (
        <form className="tr-lists__rename" onSubmit={(event) => void rename(event)}>
          <TextField label={t('family.name')} value={name} maxLength={HOUSEHOLD_NAME_MAX} onChange={(event) => setName(event.target.value)} />
          <Button type="submit" size="small" busy={busy}>
            {t('actions.save')}
          </Button>
          <Button variant="ghost" size="small" onClick={() => setName(null)}>
            {t('actions.cancel')}
          </Button>
        </form>
      )}
      {!online && <p className="alert alert--warning">{t('family.offline')}</p>}
      {online && needsSignIn && <SignInAgainNote what={t('family.signInForChanges')} onSignIn={signInAgain} />}
      <FamilyMembers view={view} household={household} selfId={userId} say={say} />
      <FamilyInvites view={view} say={say} />
      {kept.length > 0 && <KeptDataList say={say} />}
      {household.members.length > 1 && <FamilyLeave household={household} say={say} />}
      {household.role === 'owner' && <FamilyDelete household={household} say={say} />}
    </div>
  );
}
