import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { ListDoc } from '../../../shared/schemas/docs.js';
import { CAPTION_MAX, TITLE_MAX } from '../../../shared/schemas/docs.js';
import { Button } from '../../components/button.js';
import { Select, TextArea, TextField } from '../../components/fields.js';
import { shrinkImage } from './shrink-image.js';
import { ToyPhoto } from '../../components/toy-photo.js';

export type ToyFormValues = { photo: Blob | null; title: string; categoryId: string; caption: string };

type ToyFormProps = {
  categories: ListDoc[];
  initial?: { title: string; categoryId: string; caption: string; mediaId: string | null };
  submitLabel: string;
  disabled?: boolean;
  /** Shown when the picked file cannot be read ('something went wrong!'). */
  onPickError: (message: string) => void;
  onSubmit: (values: ToyFormValues) => Promise<void>;
};

// Phones open the camera straight away; desktops get the normal file picker.
const isPhone = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

export function ToyForm({ categories, initial, submitLabel, disabled, onPickError, onSubmit }: ToyFormProps) {
  const fileId = useId();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [caption, setCaption] = useState(initial?.caption ?? '');
  const [categoryId, setCategoryId] = useState(initial?.categoryId ?? categories[0]?.id ?? '');
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // Categories arrive from the local database; default to the first once they are there.
  useEffect(() => {
    if (!categories.some((category) => category.id === categoryId) && categories[0]) setCategoryId(categories[0].id);
  }, [categories, categoryId]);

  async function pick(file: File | undefined) {
    if (!file) return;
    setReading(true);
    try {
      setPhoto(await shrinkImage(file));
    } catch {
      setPhoto(null);
      onPickError('something went wrong!');
    } finally {
      setReading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await onSubmit({ photo, title: title.trim(), categoryId, caption });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="tr-toy-form" onSubmit={submit} noValidate={false}>
      <div className="tr-toy-form__photo">
        {preview ? (
          <img className="tr-photo" src={preview} alt="Chosen photo" />
        ) : (
          <ToyPhoto mediaId={initial?.mediaId ?? null} alt={initial ? 'Current photo' : 'No photo chosen yet'} />
        )}
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            Photo
          </label>
          <input
            id={fileId}
            className="input tr-file"
            type="file"
            accept="image/*"
            {...(isPhone() ? { capture: 'environment' as const } : {})}
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          {reading && <span className="field__hint">Preparing the photo…</span>}
        </div>
      </div>
      <TextField
        label="Title"
        name="title"
        required
        maxLength={TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Select
        label="Category"
        name="category"
        value={categoryId}
        onChange={(event) => setCategoryId(event.target.value)}
        options={categories.map((category) => ({ value: category.id, label: category.name }))}
      />
      <TextArea
        label="Notes"
        name="notes"
        maxLength={CAPTION_MAX}
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
      />
      <div className="modal__footer">
        <Button type="submit" busy={saving} disabled={disabled || reading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
