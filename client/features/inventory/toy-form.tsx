import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { CAPTION_MAX, LOCATION_MAX, TITLE_MAX } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Select, TextArea, TextField } from '../../components/fields.js';
import { PhotoPicker } from './photo-picker.js';
import { shrinkImage } from '../../lib/shrink-image.js';
import { ToyPhoto } from '../../components/toy-photo.js';
import { useEditDraft } from '../../hooks/use-edit-draft.js';
import type { ToyDatabase } from '../../db/database.js';
import { CategoryPicker, useCategoriesWithNew } from './category-picker.js';

export type ToyFormValues = { photo: Blob | null; title: string; categoryId: string; caption: string; location: string };
type ToyFields = Omit<ToyFormValues, 'photo'>;
/** The text fields the person changed (an edit saves only these: issue 9, fault 1). */
export type ToyFormChanges = Partial<ToyFields>;

type ToyFormProps = {
  categories: ListDoc[];
  /** Storage places already used, offered as suggestions. */
  places: string[];
  initial?: { title: string; categoryId: string; caption: string; mediaId: string | null; location: string | null };
  submitLabel: string;
  disabled?: boolean;
  /** Shown when the picked file cannot be read ('something went wrong!'). */
  onPickError: (message: string) => void;
  onSubmit: (values: ToyFormValues, changes: ToyFormChanges) => Promise<void>;
  /** Given: the category select also offers "New category…" (the add dialog). */
  newCategoryDb?: ToyDatabase;
};

export function ToyForm({ categories: liveCategories, places, initial, submitLabel, disabled, onPickError, onSubmit, newCategoryDb }: ToyFormProps) {
  const { t } = useTranslation('inventory');
  const placesId = useId();
  const [categories, rememberCategory] = useCategoriesWithNew(liveCategories);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  // `initial` is the live toy: an edit shows other devices' changes in fields not typed into.
  const fields = useEditDraft<ToyFields>({
    title: initial?.title ?? '',
    caption: initial?.caption ?? '',
    categoryId: initial?.categoryId ?? categories[0]?.id ?? '',
    location: initial?.location ?? '',
  });
  const { title, caption, categoryId, location } = fields.values;
  const { set } = fields;
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // A new toy: categories arrive from the local database; default to the first once they are there.
  const adding = !initial;
  useEffect(() => {
    if (adding && !categories.some((category) => category.id === categoryId) && categories[0]) set('categoryId', categories[0].id);
  }, [adding, categories, categoryId, set]);

  async function pick(file: File | undefined) {
    if (!file) return;
    setReading(true);
    try {
      setPhoto(await shrinkImage(file));
    } catch {
      setPhoto(null);
      onPickError(t('pickFailed'));
    } finally {
      setReading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const changes = fields.changes();
      if (changes.title !== undefined) changes.title = changes.title.trim();
      if (changes.location !== undefined) changes.location = changes.location.trim();
      await onSubmit({ photo, title: title.trim(), categoryId, caption, location: location.trim() }, changes);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="tr-toy-form" onSubmit={submit} noValidate={false}>
      <PhotoPicker
        reading={reading}
        onPick={(file) => void pick(file)}
        preview={
          preview ? (
            // Inside the group labelled "Photo", so the name says what sets it apart from the
            // saved one ("Current photo"): picked, not stored yet. (A screen reader already says "image".)
            <img className="tr-photo" src={preview} alt={t('photo.newlyChosen')} />
          ) : initial ? (
            <ToyPhoto mediaId={initial.mediaId} alt={t('photo.current')} />
          ) : null
        }
      />
      <TextField
        label={t('form.title')}
        name="title"
        required
        maxLength={TITLE_MAX}
        value={title}
        onChange={(event) => set('title', event.target.value)}
      />
      {newCategoryDb ? (
        <CategoryPicker
          db={newCategoryDb}
          label={t('form.category')}
          categories={categories}
          value={categoryId}
          onChange={(id) => set('categoryId', id)}
          onCreated={rememberCategory}
        />
      ) : (
        <Select
          label={t('form.category')}
          name="category"
          value={categoryId}
          onChange={(event) => set('categoryId', event.target.value)}
          options={categories.map((category) => ({ value: category.id, label: category.name }))}
        />
      )}
      <TextField
        label={t('form.storagePlace')}
        name="location"
        maxLength={LOCATION_MAX}
        list={placesId}
        autoComplete="off"
        placeholder={t('form.storagePlaceExample')}
        hint={t('form.storagePlaceHint')}
        value={location}
        onChange={(event) => set('location', event.target.value)}
      />
      <datalist id={placesId}>
        {places.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
      <TextArea
        label={t('form.notes')}
        name="notes"
        maxLength={CAPTION_MAX}
        value={caption}
        onChange={(event) => set('caption', event.target.value)}
      />
      <div className="modal__footer">
        <Button type="submit" busy={saving} disabled={disabled || reading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
