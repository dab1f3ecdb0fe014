import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListDoc, RetireReason, RotationDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
import { retireToy, setToyChildren, unretireToy } from '../../db/ops/toys.js';
import type { NamedChild } from '../../hooks/use-children.js';
import { RetireForm } from './retire-form.js';
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
import { DATE_STYLES, formatDate, formatList } from '../../i18n/format.js';

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
  const { t } = useTranslation('inventory');
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
      showFlash(t('somethingWrong'), 'danger');
    }
  }

  // Only what the person changed is written, so another device's edit of other fields survives.
  async function save(values: ToyFormValues, changes: ToyFormChanges) {
    if (!values.title) return showFlash(t('titleRequired'), 'danger');
    try {
      const { location, ...rest } = changes;
      const patch: ToyPatch = { ...rest };
      if (location !== undefined) patch.location = storagePlace(location);
      if (values.photo) patch.mediaId = await savePhoto(householdId, values.photo);
      if (Object.keys(patch).length > 0) await updateToy(db, toy.id, patch);
      setMode('view');
      showFlash(t('detail.updated'), 'success');
    } catch (error) {
      console.error('Editing a toy failed', error);
      showFlash(t('somethingWrong'), 'danger');
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
      showFlash(error instanceof OpError ? opErrorText(error) : t('somethingWrong'), 'danger');
    }
  }

  const retire = (reason: RetireReason, note: string) =>
    act(() => retireToy(db, toy.id, reason, note), t('detail.retiredAs', { title: toy.title, reason: t(`retire.reasonsLower.${reason}`) }));
  const bringBack = () => act(() => unretireToy(db, toy.id), t('detail.back', { title: toy.title }));

  async function remove() {
    try {
      await deleteToy(db, toy.id);
      onDeleted(t('detail.deleted', { title: toy.title }));
    } catch (error) {
      console.error('Deleting a toy failed', error);
      showFlash(t('somethingWrong'), 'danger');
    }
  }

  if (mode === 'edit') {
    return (
      <Modal open title={t('detail.edit', { title: toy.title })} onClose={onClose}>
        <FlashMessage message={flash} />
        <ToyForm
          categories={categories}
          places={places}
          initial={toy}
          submitLabel={t('form.submit')}
          onPickError={(message) => showFlash(message, 'danger')}
          onSubmit={save}
        />
        <Button variant="ghost" onClick={() => setMode('view')}>
          {t('detail.cancel')}
        </Button>
      </Modal>
    );
  }

  return (
    <Modal open title={toy.title} onClose={onClose}>
      <FlashMessage message={flash} />
      {overLimit && (
        <p className="alert alert--warning" role="status">
          {t('overLimit.toyDetail')}
        </p>
      )}
      {toy.retired && (
        <div className="alert alert--info tr-retired" role="status">
          <p>
            <strong>{t('detail.retired')}</strong>
            {toy.retiredReason ? t('detail.retiredReason', { reason: t(`retire.reasons.${toy.retiredReason}`) }) : ''}
            {toy.retiredAt ? t('detail.retiredOn', { date: formatDate(toy.retiredAt, DATE_STYLES.day) }) : ''}.
            {toy.retiredNote ? ` ${toy.retiredNote}` : ''}
          </p>
          <Button size="small" variant="secondary" onClick={() => void bringBack()}>
            {t('detail.bringBack')}
          </Button>
        </div>
      )}
      <div className="tr-detail">
        <ToyPhoto mediaId={toy.mediaId} alt={t('photo.of', { title: toy.title })} className="tr-detail__photo" />
        <dl className="tr-detail__facts">
          <dt>{t('detail.category')}</dt>
          <dd>{names.get(toy.categoryId) ?? t('uncategorized')}</dd>
          <dt>{t('detail.collections')}</dt>
          <dd>{collections.length ? formatList(collections, { type: 'unit' }) : t('detail.none')}</dd>
          <dt>{t('detail.storagePlace')}</dt>
          <dd>{storagePlace(toy.location) ?? t('detail.notSet')}</dd>
          <dt>{t('detail.notes')}</dt>
          <dd className="tr-detail__notes">{toy.caption || t('detail.noNotes')}</dd>
          {addedBy && (
            <>
              <dt>{t('detail.addedBy')}</dt>
              <dd data-testid="toy-added-by">{addedBy}</dd>
            </>
          )}
          {changedBy && (
            <>
              <dt>{t('detail.changedBy')}</dt>
              <dd data-testid="toy-changed-by">{changedBy}</dd>
            </>
          )}
        </dl>
        <ToyChildren toy={toy} children={children} onChange={(ids) => void act(() => setToyChildren(db, toy.id, ids), t('detail.saved'))} />
        <div className="tr-detail__toggles">
          <Toggle
            label={t('detail.excluded')}
            checked={toy.excluded}
            onChange={(event) => void flag('excluded', event.target.checked)}
          />
          <Toggle
            label={t('detail.kept')}
            checked={toy.favorite}
            onChange={(event) => void flag('favorite', event.target.checked)}
          />
        </div>
      </div>
      <ToyStoryView toyId={toy.id} rotations={rotations} childName={childName} />
      {mode === 'retire' ? (
        <RetireForm onRetire={retire} onCancel={() => setMode('view')} />
      ) : mode === 'confirm-delete' ? (
        <div className="alert alert--danger tr-confirm" role="group" aria-label={t('detail.confirmDelete')}>
          <p>{t('detail.deleteQuestion', { title: toy.title })}</p>
          <div className="row">
            <Button variant="danger" size="small" onClick={() => void remove()}>
              {t('detail.yesDelete')}
            </Button>
            <Button variant="secondary" size="small" onClick={() => setMode('view')}>
              {t('detail.keepIt')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="modal__footer">
          <Button variant="secondary" icon={<EditIcon size={18} />} onClick={() => setMode('edit')}>
            {t('detail.editButton')}
          </Button>
          {!toy.retired && (
            <Button variant="secondary" onClick={() => setMode('retire')}>
              {t('detail.retireButton')}
            </Button>
          )}
          <Button variant="danger" icon={<TrashIcon size={18} />} onClick={() => setMode('confirm-delete')}>
            {t('detail.delete')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
