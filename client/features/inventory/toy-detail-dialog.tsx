import { useState } from 'react';
import type { ListDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Toggle } from '../../components/fields.js';
import { EditIcon, TrashIcon } from '../../components/icons.js';
import { savePhoto } from '../../sync/photos.js';
import { Modal } from '../../components/modal.js';
import { FlashMessage } from '../../components/flash-message.js';
import { deleteToy, setExcluded, setFavorite, updateToy } from '../../db/ops/toys.js';
import { ToyForm, type ToyFormValues } from './toy-form.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import { useTimedMessage } from '../../components/use-timed-message.js';
import type { LocalDb } from '../../hooks/use-local-data.js';

type ToyDetailDialogProps = {
  db: LocalDb;
  userId: string;
  toy: ToyDoc;
  categories: ListDoc[];
  names: Map<string, string>;
  onClose: () => void;
  onDeleted: (message: string) => void;
};

export function ToyDetailDialog({ db, userId, toy, categories, names, onClose, onDeleted }: ToyDetailDialogProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const { message: flash, show: showFlash } = useTimedMessage();
  const collections = toy.collectionIds.map((id) => names.get(id)).filter((name): name is string => Boolean(name));

  async function flag(which: 'excluded' | 'favorite', on: boolean) {
    try {
      await (which === 'excluded' ? setExcluded : setFavorite)(db, toy.id, on);
    } catch (error) {
      console.error('Updating a toy failed', error);
      showFlash('Something went wrong! Try again later!', 'danger');
    }
  }

  async function save(values: ToyFormValues) {
    if (!values.title) return showFlash('Title is required', 'danger');
    try {
      const mediaId = values.photo ? await savePhoto(userId, values.photo) : toy.mediaId;
      await updateToy(db, toy.id, { title: values.title, categoryId: values.categoryId, caption: values.caption, mediaId });
      setMode('view');
      showFlash('Toy updated', 'success');
    } catch (error) {
      console.error('Editing a toy failed', error);
      showFlash('Something went wrong! Try again later!', 'danger');
    }
  }

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
      <div className="tr-detail">
        <ToyPhoto mediaId={toy.mediaId} alt={`Photo of ${toy.title}`} className="tr-detail__photo" />
        <dl className="tr-detail__facts">
          <dt>Category</dt>
          <dd>{names.get(toy.categoryId) ?? 'Uncategorized'}</dd>
          <dt>Collections</dt>
          <dd>{collections.length ? collections.join(', ') : 'None'}</dd>
          <dt>Notes</dt>
          <dd className="tr-detail__notes">{toy.caption || 'No notes'}</dd>
        </dl>
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
      {mode === 'confirm-delete' ? (
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
          <Button variant="danger" icon={<TrashIcon size={18} />} onClick={() => setMode('confirm-delete')}>
            Delete
          </Button>
        </div>
      )}
    </Modal>
  );
}
