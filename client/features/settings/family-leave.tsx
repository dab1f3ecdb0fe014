import { useState } from 'react';
import type { Household } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { useHouseholdData } from '../../db/provider.js';
import { useOnline } from '../../hooks/use-online.js';
import { errorText, HouseholdLeftError } from '../../lib/http.js';
import { householdApi } from '../../session/household-api.js';
import { useSession } from '../../session/session.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

type Say = ShowMessage;

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * Leaving the household. What waits on this device is sent first; if it cannot be, the person
 * is told and chooses (leave anyway: this device keeps those changes, decision 017).
 */
export function FamilyLeave({ household, say }: { household: Household; say: Say }) {
  const online = useOnline();
  const { settle, expectMove, switchTo, householdLeft } = useHouseholdData();
  const { replaceToken, getToken } = useSession();
  const [step, setStep] = useState<'start' | 'confirm' | 'waiting'>('start');
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);

  async function leave(anyway: boolean) {
    setBusy(true);
    try {
      const { pending } = await settle();
      if (pending > 0 && !anyway) {
        setUnsent(pending);
        setStep('waiting');
        return;
      }
      // Not through view.run: its refresh would ask with the old token, which leaving ends.
      const undo = expectMove();
      const answer = await householdApi.leave(getToken()).catch((error: unknown) => {
        undo();
        throw error;
      });
      // The old token stays bound to the household left; this one works on the person's own.
      replaceToken(answer.token);
      await switchTo(answer.id, 'left', household.name);
    } catch (error) {
      if (error instanceof HouseholdLeftError) return householdLeft(error.message);
      say(errorText(error) || 'Leaving did not work. Please try again.', 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tr-family__leave">
      <h3>Leave {household.name}</h3>
      {step === 'start' && (
        <Button variant="danger" disabled={!online} onClick={() => setStep('confirm')}>
          Leave family
        </Button>
      )}
      {step === 'confirm' && (
        <div className="alert alert--danger tr-confirm" role="group" aria-label="Confirm leaving">
          <p>
            Leave {household.name}? You will no longer see or change the family&apos;s toys, and this device removes its copy of
            them. Everything you added stays with the family. You go back to a household of your own.
          </p>
          <div className="row">
            <Button variant="danger" size="small" busy={busy} onClick={() => void leave(false)}>
              Yes, leave
            </Button>
            <Button variant="secondary" size="small" onClick={() => setStep('start')}>
              Stay
            </Button>
          </div>
        </div>
      )}
      {step === 'waiting' && (
        <div className="alert alert--warning tr-confirm" role="group" aria-label="Changes not sent">
          <p>
            {changes(unsent)} on this device {unsent === 1 ? 'has' : 'have'} not reached the family yet. Wait until the status
            says Synced, then leave. If you leave now, they do not reach the family; this device keeps them for you.
          </p>
          <div className="row">
            <Button variant="secondary" size="small" onClick={() => setStep('start')}>
              Wait
            </Button>
            <Button variant="danger" size="small" busy={busy} onClick={() => void leave(true)}>
              Leave anyway
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
