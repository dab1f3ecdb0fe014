import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Household } from '../../../shared/schemas/household.js';
import { Button } from '../../components/button.js';
import { Checkbox } from '../../components/fields.js';
import { useHouseholdData } from '../../session/session.js';
import { useOnline } from '../../hooks/use-online.js';
import { HouseholdLeftError } from '../../lib/http.js';
import { errorText } from '../../i18n/server-messages.js';
import { householdApi } from '../../session/household-api.js';
import { useSession } from '../../session/session.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';

/**
 * The owner deletes the household for everyone (decision 016). As after leaving, the answer is
 * the owner's new household and a token bound to it; the device switches to it, and changes
 * still waiting here are kept on the device (decision 017), never dropped silently.
 */
export function FamilyDelete({ household, say }: { household: Household; say: ShowMessage }) {
  const { t } = useTranslation('settings');
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
      say(errorText(error) || t('familyDelete.failed'), 'danger');
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
      <h3>{t('familyDelete.title', { name: household.name })}</h3>
      {!confirming ? (
        <Button variant="danger" disabled={!online} onClick={() => setConfirming(true)}>
          {t('familyDelete.button')}
        </Button>
      ) : (
        <div className="alert alert--danger tr-confirm tr-family__confirm" role="group" aria-label={t('familyDelete.confirmLabel')}>
          <p>{t('familyDelete.warning', { name: household.name })}</p>
          <p>
            {others.length === 0 ? t('familyDelete.alone') : t('familyDelete.others', { others: others.join(', ') })} {t('familyDelete.premium')}
          </p>
          <Checkbox label={t('familyDelete.check', { name: household.name })} checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
          <div className="row">
            <Button variant="danger" size="small" disabled={!ticked || !online} busy={busy} onClick={() => void remove()}>
              {t('familyDelete.button')}
            </Button>
            <Button variant="secondary" size="small" onClick={cancel}>
              {t('actions.cancel')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
