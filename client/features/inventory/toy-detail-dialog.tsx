import { useState } from 'react';
import { TOY_OVER_LIMIT_DETAIL } from '../../../shared/domain/over-limit.js';
import type { ListDoc, RetireReason, RotationDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { OpError } from '../../db/ops/errors.js';
import { retireToy, setToyChildren, unretireToy } from '../../db/ops/toys.js';
import type { NamedChild } from '../../hooks/use-children.js';
import { RetireForm, RETIRE_REASON_LABELS } from './retire-form.js';
import { ToyChildren } from './toy-children.js';
import { ToyStoryView } from './toy-story-view.js';
import { Button } from '../../components/button.js';
import { Toggle } from '../../components/fields.js';
import { EditIcon, TrashIcon } from '../../components/icons.js';
import { savePhoto } from '../../sync/photos.js';
import { Modal } from '../../components/modal.js';
import { FlashMessage } from '../../components/flash-message.js';
import { deleteToy, setExcluded, setFavorite, updateToy, type ToyPatch } from '../../db/ops/toys.js';
import { ToyForm, type ToyFormChanges, type ToyFormValues } from './toy-form.js';
import { storagePlace } from './shelf.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';
import { useMemberName } from '../../hooks/use-household.js';
import type { ToyDatabase } from '../../db/database.js';

type ToyDetailDialogProps = {
  db: ToyDatabase;
  householdId: string;
  toy: ToyDoc;
  categories: ListDoc[];
  places: string[];
  names: Map<string, string>;
  rotations: RotationDoc[];
  children: NamedChild[];
  /** Beyond the plan's toy limit: kept, and the parent is told what to do. */
  overLimit?: boolean;
  onClose: () => void;
  onDeleted: (message: string) => void;
};

export function ToyDetailDialog({ db, householdId, toy, categories, places, names, rotations, children, overLimit = false, onClose, onDeleted }: ToyDetailDialogProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete' | 'retire'>('view');
  const { message: flash, show: showFlash } = useTimedMessage();
  const collections = toy.collectionIds.map((id) => names.get(id)).filter((name): name is string => Boolean(name));
  const nameOf = useMemberName();
  const addedBy = nameOf(toy.createdBy);
  const changedBy = nameOf(toy.updatedBy);

  async function flag(which: 'excluded' | 'favorite', on: boolean) {
    try {
      await (which === 'excluded' ? setExcluded : setFavorite)(db, toy.id, on);
    } catch (error) {
      console.error('Updating a toy failed', error);
      showFlash('Something went wrong! Try again later!', 'danger');
    }
  }

  // Only what the person changed is written, so another device's edit of other fields survives.
  async function save(values: ToyFormValues, changes: ToyFormChanges) {
    if (!values.title) return showFlash('Title is required', 'danger');
    try {
      const { location, ...rest } = changes;
      const patch: ToyPatch = { ...rest };
      if (location !== undefined) patch.location = storagePlace(location);
      if (values.photo) patch.mediaId = await savePhoto(householdId, values.photo);
      if (Object.keys(patch).length > 0) await updateToy(db, toy.id, patch);
      setMode('view');
      showFlash('Toy updated', 'success');
    } catch (error) {
      console.error('Editing a toy failed', error);
      showFlash('Something went wrong! Try again later!', 'danger');
    }
  }

  const childName = (childId: string) => (children.length > 1 ? (children.find((child) => child.id === childId)?.label ?? null) : null);

  async function act(action: () => Promise<void>, success: string) {
    try {
      await action();
      setMode('view');
      showFlash(success, 'success');
    } catch (error) {
      console.error('Updating a toy failed', error);
      showFlash(error instanceof OpError ? error.message : 'Something went wrong! Try again later!', 'danger');
    }
  }

  const retire = (reason: RetireReason, note: string) =>
    act(() => retireToy(db, toy.id, reason, note), `${toy.title} is retired (${RETIRE_REASON_LABELS[reason].toLowerCase()}).`);
  const bringBack = () => act(() => unretireToy(db, toy.id), `${toy.title} is back in the inventory.`);

  async function remove() {
    try {
      await deleteToy(db, toy.id);
      onDeleted(`${toy.title} was deleted`);
    } catch (error) {
      console.error('Deleting a toy failed', error);
      showFlash('Something went wrong! Try again later!', 'danger');
    }
  }

  if (mode === 'edit') {
    return (
      <Modal open title={`Edit ${toy.title}`} onClose={onClose}>
        <FlashMessage message={flash} />
        <ToyForm
          categories={categories}
          places={places}
          initial={toy}
          submitLabel="Submit"
          onPickError={(message) => showFlash(message, 'danger')}
          onSubmit={save}
        />
        <Button variant="ghost" onClick={() => setMode('view')}>
          Cancel
        </Button>
      </Modal>
    );
  }

  return (
    <Modal open title={toy.title} onClose={onClose}>
      <FlashMessage message={flash} />
      {overLimit && (
        <p className="alert alert--warning" role="status">
          {TOY_OVER_LIMIT_DETAIL}
        </p>
      )}
      {toy.retired && (
        <div className="alert alert--info tr-retired" role="status">
          <p>
            <strong>Retired</strong>
            {toy.retiredReason ? `: ${RETIRE_REASON_LABELS[toy.retiredReason]}` : ''}
            {toy.retiredAt ? `, ${new Date(toy.retiredAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}` : ''}.
            {toy.retiredNote ? ` ${toy.retiredNote}` : ''}
          </p>
          <Button size="small" variant="secondary" onClick={() => void bringBack()}>
            Bring back
          </Button>
        </div>
      )}
      <div className="tr-detail">
        <ToyPhoto mediaId={toy.mediaId} alt={`Photo of ${toy.title}`} className="tr-detail__photo" />
        <dl className="tr-detail__facts">
          <dt>Category</dt>
          <dd>{names.get(toy.categoryId) ?? 'Uncategorized'}</dd>
          <dt>Collections</dt>
          <dd>{collections.length ? collections.join(', ') : 'None'}</dd>
          <dt>Storage place</dt>
          <dd>{storagePlace(toy.location) ?? 'Not set'}</dd>
          <dt>Notes</dt>
          <dd className="tr-detail__notes">{toy.caption || 'No notes'}</dd>
          {addedBy && (
            <>
              <dt>Added by</dt>
              <dd data-testid="toy-added-by">{addedBy}</dd>
            </>
          )}
          {changedBy && (
            <>
              <dt>Changed by</dt>
              <dd data-testid="toy-changed-by">{changedBy}</dd>
            </>
          )}
        </dl>
        <ToyChildren toy={toy} children={children} onChange={(ids) => void act(() => setToyChildren(db, toy.id, ids), 'Saved')} />
        <div className="tr-detail__toggles">
          <Toggle
            label="Excluded from rotation"
            checked={toy.excluded}
            onChange={(event) => void flag('excluded', event.target.checked)}
          />
          <Toggle
            label="Kept in rotation"
            checked={toy.favorite}
            onChange={(event) => void flag('favorite', event.target.checked)}
          />
        </div>
      </div>
      <ToyStoryView toyId={toy.id} rotations={rotations} childName={childName} />
      {mode === 'retire' ? (
        <RetireForm onRetire={retire} onCancel={() => setMode('view')} />
      ) : mode === 'confirm-delete' ? (
        <div className="alert alert--danger tr-confirm" role="group" aria-label="Confirm delete">
          <p>Delete {toy.title}? This cannot be undone.</p>
          <div className="row">
            <Button variant="danger" size="small" onClick={() => void remove()}>
              Yes, delete
            </Button>
            <Button variant="secondary" size="small" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="modal__footer">
          <Button variant="secondary" icon={<EditIcon size={18} />} onClick={() => setMode('edit')}>
            Edit
          </Button>
          {!toy.retired && (
            <Button variant="secondary" onClick={() => setMode('retire')}>
              Retire
            </Button>
          )}
          <Button variant="danger" icon={<TrashIcon size={18} />} onClick={() => setMode('confirm-delete')}>
            Delete
          </Button>
        </div>
      )}
    </Modal>
  );
}
