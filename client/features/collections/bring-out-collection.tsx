import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { childPool, existingChildIds } from '../../../shared/domain/children.js';
import { Button } from '../../components/button.js';
import { Select } from '../../components/fields.js';
import { Modal } from '../../components/modal.js';
import type { ToyDatabase } from '../../db/database.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
import { rotate } from '../../db/ops/rotation.js';
import { useChildChoice } from '../../hooks/use-children.js';
import { useSettings } from '../../hooks/use-local-data.js';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { useCollectionRefusal } from '../../hooks/use-collection-refusal.js';
import './bring-out-collection.css';

type BringOutCollectionProps = { db: ToyDatabase; collection: ListDoc; toys: readonly ToyDoc[]; onMessage: ShowMessage };

/**
 * "Bring out this collection" (decision 047): every toy of the collection (not excluded ones)
 * plus the kept toys become the child's current rotation, on this device (offline too) with the
 * same rule as the server; it syncs as any rotation does. A confirmation first says what it
 * replaces.
 */
export function BringOutCollection({ db, collection, toys, onMessage }: BringOutCollectionProps) {
  const { t } = useTranslation('collectionRotation');
  const settings = useSettings(db);
  const { children, child, choose } = useChildChoice(settings);
  const refusal = useCollectionRefusal();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // What the confirmation counts: the chosen child's toys (as the shared rule picks them).
  const pool = settings && child ? childPool(toys, child.id, existingChildIds(settings)) : [];
  const inside = pool.filter((toy) => toy.collectionIds.includes(collection.id));
  const comingOut = inside.filter((toy) => !toy.excluded && !toy.favorite).length;
  const excluded = inside.filter((toy) => toy.excluded).length;
  const kept = pool.filter((toy) => toy.favorite && !toy.excluded).length;
  const canBringOut = inside.some((toy) => !toy.excluded);

  async function bringOut() {
    if (!child) return;
    setBusy(true);
    try {
      const { rotation } = await rotate(db, { childId: child.id, source: { kind: 'whole-collection', collectionId: collection.id } });
      setAsking(false);
      onMessage(t('bringOut.done', { name: collection.name, count: rotation.toyIds.length }), 'success');
    } catch (error) {
      setAsking(false);
      if (error instanceof OpError) return onMessage(refusal(error.message) ?? opErrorText(error), 'info');
      console.error('Bringing out a collection failed', error);
      onMessage(t('bringOut.error'), 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size="small" disabled={!settings} onClick={() => setAsking(true)}>
        {t('bringOut.button')}
      </Button>
      <Modal
        open={asking}
        title={t('bringOut.title', { name: collection.name })}
        onClose={() => setAsking(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('bringOut.cancel')}
            </Button>
            <Button busy={busy} disabled={!canBringOut} onClick={() => void bringOut()}>
              {t('bringOut.confirm')}
            </Button>
          </>
        }
      >
        <div className="tr-bring-out" data-testid="bring-out-confirm">
          {children.length > 1 && child && (
            <Select
              label={t('bringOut.forChild')}
              name="bring-out-child"
              value={child.id}
              onChange={(event) => choose(event.target.value)}
              options={children.map((option) => ({ value: option.id, label: option.label }))}
            />
          )}
          {canBringOut ? (
            <>
              <p>{t('bringOut.body', { count: comingOut })}</p>
              {kept > 0 && <p>{t('bringOut.kept', { count: kept })}</p>}
              {excluded > 0 && <p className="muted">{t('bringOut.excluded', { count: excluded })}</p>}
              <p className="alert alert--warning">{t('bringOut.replaces')}</p>
            </>
          ) : (
            <p>{t('bringOut.nothing')}</p>
          )}
        </div>
      </Modal>
    </>
  );
}
