import { useState } from 'react';
import type { Household } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { Checkbox } from '../../components/fields.js';
import { useHouseholdData } from '../../db/provider.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText, HouseholdLeftError } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import { useSession } from '../../session/session.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

/**
 * The owner deletes the household for everyone (decision 016). As after leaving, the answer is
 * the owner's new household and a token bound to it; the device switches to it, and changes
 * still waiting here are kept on the device (decision 017), never dropped silently.
 */
export function FamilyDelete({ household, say }: { household: Household; say: ShowMessage }) {
  const online = useOnline();
  const { expectMove, switchTo, householdLeft } = useHouseholdData();
  const { replaceToken, getToken } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const others = household.members.filter((member) => member.role !== 'owner').map((member) => member.username);

  async function remove() {
    setBusy(true);
    try {
      // Not through view.run: its refresh would ask with the old token, which this ends.
      const undo = expectMove();
      const answer = await householdApi.deleteHousehold(getToken()).catch((error: unknown) => {
        undo();
        throw error;
      });
      replaceToken(answer.token);
      await switchTo(answer.id, 'deleted', household.name);
    } catch (error) {
      if (error instanceof HouseholdLeftError) return householdLeft(error.message);
      say(errorText(error) || 'The household could not be deleted. Please try again.', 'danger');
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    setConfirming(false);
    setTicked(false);
  }

  return (
    <div className="tr-family__delete">
      <h3>Delete {household.name}</h3>
      {!confirming ? (
        <Button variant="danger" disabled={!online} onClick={() => setConfirming(true)}>
          Delete household
        </Button>
      ) : (
        <div className="alert alert--danger tr-confirm tr-family__confirm" role="group" aria-label="Confirm deleting the household">
          <p>
            Delete {household.name} for everyone? All of the family&apos;s shared toys, photos, categories, collections, children,
            settings and rotation history are deleted for good, from the server and from every member&apos;s devices. This cannot
            be undone.
          </p>
          <p>
            {others.length === 0
              ? 'You keep your account and move to an empty household of your own.'
              : `Every member keeps their account (${others.join(', ')} and you) and moves to a household of their own.`}{' '}
            A Premium subscription is not canceled: it stays with the account that pays for it.
          </p>
          <Checkbox label={`Yes, delete ${household.name} and everything in it`} checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
          <div className="row">
            <Button variant="danger" size="small" disabled={!ticked || !online} busy={busy} onClick={() => void remove()}>
              Delete household
            </Button>
            <Button variant="secondary" size="small" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
