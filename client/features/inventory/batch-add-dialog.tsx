import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS, type Plan } from '../../../shared/domain/plans.js';
import { Button, buttonClass } from '../../components/button.js';
import { Modal } from '../../components/modal.js';
import { OpError } from '../../db/ops/errors.js';
import { opErrorText } from '../../i18n/op-error-text.js';
import { addToys } from '../../db/ops/toys.js';
import { shrinkImage } from '../../lib/shrink-image.js';
import { savePhoto } from '../../sync/photos.js';
import type { AddToysContext } from './add-toy-dialog.js';
import { BatchPhotoInput, dragHasFiles, droppedImages } from './batch-photo-input.js';
import { batchTitleId, BatchRowView } from './batch-row.js';
import { fittingRows, newRow, rowsWithoutTitle, type BatchRow } from './batch-rows.js';
import { useCategoriesWithNew } from './category-picker.js';
import { storagePlace } from './shelf.js';

type BatchAddDialogProps = AddToysContext & {
  plan: Plan;
  /** The photos picked or dropped to open it. */
  files: File[];
  /** Toys were saved; their photos (`mediaIds`) are queued for upload. */
  onAdded: (mediaIds: string[]) => void;
};

/**
 * Many toys at once: one row per photo to check and name, and one Save that adds as many as the
 * plan has room for in one local write. Photos that do not fit stay on the list, marked.
 */
export function BatchAddDialog({ db, householdId, categories: liveCategories, places, toyCount, toysLimit, plan, files, onClose, onAdded }: BatchAddDialogProps) {
  const { t } = useTranslation(['batch', 'inventory']);
  const placesId = useId();
  const [categories, rememberCategory] = useCategoriesWithNew(liveCategories);
  const [rows, setRows] = useState<BatchRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const reading = useRef(Promise.resolve());
  // The question takes focus when it appears (Esc and Enter then answer it from the keyboard).
  const focusKeepEditing = useCallback((button: HTMLButtonElement | null) => button?.focus(), []);

  const room = toysLimit - toyCount;
  const fitting = fittingRows(rows, room);
  const fits = new Set(fitting.map((row) => row.key));
  const ready = rows.filter((row) => row.state === 'ready').length;
  const over = ready - fitting.length;
  const stillReading = rows.some((row) => row.state === 'reading');

  function patch(key: string, change: Partial<BatchRow>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  /** New rows at once; their photos are shrunk one after another (big phone photos, small devices). */
  function addFiles(picked: File[]) {
    const added = picked.map((file) => ({ file, row: newRow(file, categories[0]?.id ?? '') }));
    setRows((current) => [...current, ...added.map(({ row }) => row)]);
    setNote(null);
    for (const { file, row } of added) {
      reading.current = reading.current.then(async () => {
        try {
          patch(row.key, { photo: await shrinkImage(file), state: 'ready' });
        } catch {
          patch(row.key, { state: 'unreadable' });
        }
      });
    }
  }

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return; // once, also under StrictMode's second effect run
    opened.current = true;
    addFiles(files);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setNote(null);
    if (fitting.length === 0 || stillReading) return; // the button is off, and the list says why
    const missing = rowsWithoutTitle(fitting);
    if (missing.size > 0) {
      setRows((current) => current.map((row) => (missing.has(row.key) ? { ...row, titleMissing: true } : row)));
      setProblem(t('titlesMissing', { count: missing.size }));
      const first = fitting.find((row) => missing.has(row.key));
      if (first) document.getElementById(batchTitleId(first.key))?.focus();
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const mediaIds: string[] = [];
      for (const row of fitting) mediaIds.push(await savePhoto(householdId, row.photo!));
      await addToys(
        db,
        fitting.map((row, index) => ({ title: row.title, categoryId: row.categoryId, location: storagePlace(row.location), mediaId: mediaIds[index]! })),
      );
      onAdded(mediaIds);
      const left = rows.filter((row) => !fits.has(row.key)).length;
      if (left === 0) return onClose();
      // The rows as they are now: one edited while the toys were written keeps its edit.
      setRows((current) => current.filter((row) => !fits.has(row.key)));
      setNote(t('added.stillHere', { count: left }));
    } catch (error) {
      if (error instanceof OpError) setProblem(opErrorText(error));
      else {
        console.error('Adding many toys failed', error);
        setProblem(t('inventory:somethingWrong'));
      }
    } finally {
      setSaving(false);
    }
  }

  /** Photos picked and named are work: Esc, a click beside the window or Cancel asks first. */
  function requestClose() {
    if (rows.length === 0) return onClose();
    setConfirmingClose(true);
  }

  const summary = over > 0 ? t('summary', { photos: t('photos', { count: rows.length }), fit: t('fit', { count: Math.max(0, room), plan: PLANS[plan].name }) }) : t('photos', { count: rows.length });

  return (
    <Modal open title={t('title')} onClose={requestClose}>
      <form
        className="tr-batch"
        onSubmit={save}
        noValidate
        // Photos dropped anywhere on the list join it (and never reach the page behind).
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          if (!dragHasFiles(event)) return;
          event.preventDefault();
          event.stopPropagation();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.stopPropagation();
          setDragging(false);
          const dropped = droppedImages(event);
          if (dropped.length) addFiles(dropped);
        }}
      >
        <BatchPhotoInput label={rows.length ? t('pickMore') : t('pick')} dragging={dragging} onFiles={addFiles} />
        {rows.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <p className="tr-batch__summary" aria-live="polite">
            {summary}
            {stillReading && ` ${t('row.reading')}`}
          </p>
        )}
        {over > 0 && (
          <p className="alert alert--warning" role="status">
            {plan === 'paid' ? t('notFitting', { count: over }) : t('notFittingUpgrade', { count: over, plan: PLANS.paid.name })}
          </p>
        )}
        {note && (
          <p className="alert alert--info" role="status">
            {note}
          </p>
        )}
        <ol className="tr-batch__rows" aria-label={t('list')}>
          {rows.map((row, index) => (
            <BatchRowView
              key={row.key}
              db={db}
              row={row}
              number={index + 1}
              total={rows.length}
              categories={categories}
              placesId={placesId}
              fits={fits.has(row.key)}
              onChange={(change) => patch(row.key, change)}
              onCategoryCreated={rememberCategory}
              onRemove={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            />
          ))}
        </ol>
        <datalist id={placesId}>
          {places.map((place) => (
            <option key={place} value={place} />
          ))}
        </datalist>
        {problem && (
          <p className="alert alert--danger" role="alert">
            {problem}
          </p>
        )}
        {confirmingClose && (
          <div className="alert alert--warning tr-batch__confirm" role="group" aria-label={t('close.question', { count: rows.length })}>
            <span>{t('close.question', { count: rows.length })}</span>
            <span className="row">
              <Button variant="danger" size="small" onClick={onClose}>
                {t('close.confirm')}
              </Button>
              <button type="button" className={buttonClass('secondary', 'small')} ref={focusKeepEditing} onClick={() => setConfirmingClose(false)}>
                {t('close.keep')}
              </button>
            </span>
          </div>
        )}
        <div className="modal__footer">
          <Button variant="secondary" onClick={requestClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" busy={saving} disabled={fitting.length === 0 || stillReading}>
            {t('save', { count: fitting.length })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
