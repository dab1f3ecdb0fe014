import { useTranslation } from 'react-i18next';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { savePhoto } from '../../sync/photos.js';
import { Modal } from '../../components/modal.js';
import { FlashMessage } from '../../components/flash-message.js';
import { addToy } from '../../db/ops/toys.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
import { ToyForm, type ToyFormValues } from './toy-form.js';
import { storagePlace } from './shelf.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';
import type { ToyDatabase } from '../../db/database.js';

export const NO_IMAGE = 'Image was not picked';

/** Spec sections 4 and 5: the limit is checked first, then the image, then the title. */
export function addToyProblem(toyCount: number, toysLimit: number, values: Pick<ToyFormValues, 'photo' | 'title'>): string | null {
  if (toyCount >= toysLimit) return TOYS_LIMIT_MESSAGE;
  if (!values.photo) return NO_IMAGE;
  if (!values.title.trim()) return 'Title is required';
  return null;
}

/** What both ways of adding toys (one, or many photos at once) need from the inventory. */
export type AddToysContext = {
  db: ToyDatabase;
  householdId: string;
  categories: ListDoc[];
  places: string[];
  toyCount: number;
  toysLimit: number;
  onClose: () => void;
};

type AddToyDialogProps = AddToysContext & {
  /** The toy is saved; its photo (`mediaId`) is queued for upload. */
  onAdded: (mediaId: string) => void;
};

export function AddToyDialog({ db, householdId, categories, places, toyCount, toysLimit, onClose, onAdded }: AddToyDialogProps) {
  const { t } = useTranslation('inventory');
  const problemText = (problem: string) =>
    problem === TOYS_LIMIT_MESSAGE ? t('limitReached') : problem === NO_IMAGE ? t('noImage') : t('titleRequired');
  const { message: flash, show: showFlash } = useTimedMessage();
  const atLimit = toyCount >= toysLimit;

  async function add(values: ToyFormValues) {
    const problem = addToyProblem(toyCount, toysLimit, values);
    if (problem || !values.photo) return showFlash(problemText(problem ?? NO_IMAGE), 'danger');
    let mediaId: string;
    try {
      mediaId = await savePhoto(householdId, values.photo);
      await addToy(db, { title: values.title, categoryId: values.categoryId, caption: values.caption, location: storagePlace(values.location), mediaId });
    } catch (error) {
      console.error('Adding a toy failed', error);
      return showFlash(error instanceof OpError ? opErrorText(error) : t('somethingWrong'), 'danger');
    }
    onAdded(mediaId);
  }

  return (
    <Modal open title={t('add.title')} onClose={onClose}>
      {atLimit && <p className="alert alert--warning">{t('limitReached')}</p>}
      <FlashMessage message={flash} />
      <ToyForm
        categories={categories}
        places={places}
        submitLabel={t('add.save')}
        disabled={atLimit}
        onPickError={(message) => showFlash(message, 'danger')}
        onSubmit={add}
        newCategoryDb={db}
      />
    </Modal>
  );
}
