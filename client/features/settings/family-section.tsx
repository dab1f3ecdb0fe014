import { useState, type FormEvent } from 'react';
import { HOUSEHOLD_NAME_MAX } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/fields.js';
import { Spinner } from '../../components/spinner.js';
import { useHouseholdData } from '../../db/provider.js';
import { useHousehold } from '../../hooks/use-household.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import { useSession } from '../../session/session.js';
import { FamilyDelete } from './family-delete.js';
import { FamilyInvites } from './family-invites.js';
import { FamilyLeave } from './family-leave.js';
import { FamilyMembers } from './family-members.js';
import { KeptDataList } from './kept-data-list.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;

/** Settings -> Family (issue 13): the household's name, members, invites, leaving it, and (the owner) deleting it. */
export function FamilySection({ say }: { say: Say }) {
  const view = useHousehold();
  const { household } = view;
  const { userId } = useSession();
  const { kept } = useHouseholdData();
  const online = useOnline();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const next = (name ?? '').trim();
    if (!household || next === household.name) return setName(null);
    if (!next) return say('Please enter a name for the family.', 'danger');
    setBusy(true);
    try {
      await view.run((token) => householdApi.rename(token, next));
      setName(null);
      say(`The family is now called ${next}.`, 'success');
    } catch (error) {
      say(errorText(error) || 'The name could not be changed. Please try again.', 'danger');
    } finally {
      setBusy(false);
    }
  }

  if (!household) {
    return (
      <>
        {online ? <Spinner label="Loading your family" /> : <p className="muted">Your family shows here once this device has been online.</p>}
        {kept.length > 0 && <KeptDataList say={say} />}
      </>
    );
  }

  return (
    <div className="tr-family">
      {name === null ? (
        <div className="tr-family__name">
          <p>
            <span className="muted">Family name</span>
            <br />
            <strong data-testid="household-name">{household.name}</strong>
          </p>
          <Button variant="secondary" size="small" disabled={!online} onClick={() => setName(household.name)}>
            Rename
          </Button>
        </div>
      ) : (
        <form className="tr-lists__rename" onSubmit={(event) => void rename(event)}>
          <TextField label="Family name" value={name} maxLength={HOUSEHOLD_NAME_MAX} onChange={(event) => setName(event.target.value)} />
          <Button type="submit" size="small" busy={busy}>
            Save
          </Button>
          <Button variant="ghost" size="small" onClick={() => setName(null)}>
            Cancel
          </Button>
        </form>
      )}
      {!online && <p className="alert alert--warning">You are offline. Changes to the family need an internet connection.</p>}
      <FamilyMembers view={view} household={household} selfId={userId} say={say} />
      <FamilyInvites view={view} say={say} />
      {kept.length > 0 && <KeptDataList say={say} />}
      {household.members.length > 1 && <FamilyLeave household={household} say={say} />}
      {household.role === 'owner' && <FamilyDelete household={household} say={say} />}
    </div>
  );
}
